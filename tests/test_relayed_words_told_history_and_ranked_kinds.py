"""Questions: a quote in the first person is someone's own words relayed ("Relaying what she says: \"... I am 40
years ...\""), so the patient reader reads it (quoted guidance still speaks of no patient); a relative's history of
the topic told, then when to start or how often asked of a named organization "for someone like her" (or "for
someone whose sister has breast cancer"), asks whether that organization's advice covers her too; a man who asks
for a woman ("picking up for his wife -- she's 77") is no man asked about; a test a patient pushes for ("push for an
ultrasound or MRI on top") is no organization's call for more; an organization named twice in apposition ("the
OB-GYN college, ACOG, decide") is one subject; points that hold at any age (self-awareness, clinical breast
examination, modality, screening versus diagnostic) asked alone gain no age band's point from the patient's age;
"taught in the 90s" is an era, not an age; "anything before mammograms would start at 40" sets a time, it does not ask
the start; a bare "and how often?" after a point that takes its interval in (the clinical breast exam) asks that
point's; "thermal imaging" is thermography, a test no card covers.
Claims: a start age moved "from 50 down to 45" is a move to 45; "double the risk" is a relative increase of 100%;
"a 40% higher risk of dying" is a relative risk, not a higher-risk group; one kind ranked below the other ("less
effective", "inferior") against a card that treats both as effective; "the only group it leaves out" against a card
that leaves out several; an imperative drawn from an I statement ("so do not schedule screening") is a case
against; a change statement tells what the version it replaced said and names its year ("in 2016 it treated the
40s as an individual decision, which its 2024 update changed"); "Apart from ORG, everyone says ..." speaks for the
others; "you count as high risk" defines her out of the population; "tells patients to book" a test is a direction;
a choice of intervals ("q12-24 months") where the card gives one of them alone; a gloss told value first ("twice a
year, which is what 'biennial' means").
Each with a counterpart that keeps its reading."""

import pytest

from .chunks import (
    ACOG_FAQ_DENSE,
    ACOG_START,
    ACS_55,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge


@pytest.mark.parametrize("claim, chunk, label", [
    # a start age moved "from A down to B"
    ("ACOG's update moved the starting age from 50 down to 45 [1].", ACOG_START, ("contradicts", "missing_fact")),
    ("ACOG's update moved the starting age from 50 down to 40.", ACOG_START, ("supports", None)),
    # "double the risk" is a relative increase of 100%
    ("According to the USPSTF rationale, Black women face roughly double the risk of dying from breast cancer.",
     USPSTF_CHANGES, ("contradicts", "missing_fact")),
    ("According to the USPSTF rationale, Black women are about 40% more likely to die of breast cancer.",
     USPSTF_CHANGES, ("supports", None)),
    # a relative risk of an outcome is no higher-risk group
    ("According to the USPSTF rationale, Black women face roughly 40% higher risk of dying from breast cancer.",
     USPSTF_CHANGES, ("supports", None)),
    # one kind ranked below the other
    ("You may want to ask for 3D mammography, since the USPSTF considers standard digital mammography less "
     "effective [5].", USPSTF_MODALITY, ("contradicts", "missing_fact")),
    ("USPSTF considers digital mammography inferior to tomosynthesis.", USPSTF_MODALITY,
     ("contradicts", "missing_fact")),
    ("USPSTF treats digital mammography and DBT as equally effective.", USPSTF_MODALITY, ("supports", None)),
    # the only group left out
    ("People with BRCA mutations are the only group the Task Force leaves out of its recommendation.",
     USPSTF_EXCLUSIONS, ("contradicts", "missing_fact")),
    ("People with BRCA mutations are among the groups the Task Force leaves out of its recommendation.",
     USPSTF_EXCLUSIONS, ("supports", None)),
    # an imperative against, drawn from an I statement
    ("USPSTF: I statement for 75+, so do not schedule screening for patients 75 and older.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("USPSTF: I statement for 75+, so the evidence is insufficient to weigh benefits and harms.", USPSTF_75,
     ("supports", None)),
    # a change statement tells what the replaced version said
    ("In 2016 the USPSTF treated screening in the 40s as an individual decision (grade C), which its 2024 update "
     "changed to biennial screening (grade B).", USPSTF_CHANGES, ("supports", None)),
    ("In 2016 the USPSTF recommended biennial screening for women in their 40s (grade B).", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
    # "apart from ORG, everyone ..." speaks for the others
    ("Apart from the ACR, everyone says every 24 months.", USPSTF_REC, ("partially_supports", "wrong_organization")),
    ("The USPSTF says every 24 months.", USPSTF_REC, ("supports", None)),
    # "you count as high risk" defines her out of a population that covers her history
    ("Because your mother had breast cancer, you count as high risk under the USPSTF [1].", USPSTF_POPULATION,
     ("contradicts", "missing_fact")),
    ("Because your mother had breast cancer, you still count as average risk under the USPSTF [1].",
     USPSTF_POPULATION, ("supports", None)),
    # a booking told as what patients are told to do is more than an option
    ("The ACOG patient FAQ tells patients with dense breasts to book an MRI in addition to their mammogram.",
     ACOG_FAQ_DENSE, ("contradicts", "misstated_strength")),
    ("The ACOG patient FAQ says patients with dense breasts may talk with their clinician about extra screening "
     "tests.", ACOG_FAQ_DENSE, ("supports", None)),
    # a choice of intervals where the card gives one of them alone
    ("Per USPSTF: MMG q12-24 months at clinician discretion.", USPSTF_REC, ("contradicts", "missing_fact")),
    ("USPSTF recommends screening every 1 to 2 years.", USPSTF_REC, ("contradicts", "missing_fact")),
    ("ACS says women 55 and older can go every 1 to 2 years.", ACS_55, ("supports", None)),
    # a gloss told value first
    ("Q4 answer: (a) twice a year, which is what 'biennial' means in the USPSTF recommendation.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    ("Q4 answer: (b) every two years, which is what 'biennial' means in the USPSTF recommendation.", USPSTF_REC,
     ("supports", None)),
])
def test_claims_read_moves_risks_rankings_and_sole_exclusions(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk) == label


def test_a_relayed_quote_in_the_first_person_is_read(engine, settings):
    decision = engine.ask('Relaying exactly what she says: "My sister had cancer of the breast. Me, I am 40 years, I '
                          'have no problem in my breast. I must start the mammogram now? What the American task force '
                          'say for a woman like me?"', settings)
    assert decision.patient["ages"] == [[40, 40]]
    assert [r["who"] for r in decision.patient["relatives"]] == ["sister"]
    # quoted guidance still speaks of no patient
    quoted = engine.ask('The flyer says "women 50 to 74 should be screened every two years". When should I start?',
                        settings)
    assert quoted.patient["ages"] == []


def test_a_relatives_history_then_advice_for_someone_like_her(engine, settings):
    like_her = engine.ask("Next caller is 52. Her younger sister got breast cancer at 49. Does the task force still "
                          "say every two years for somebody like her?", settings)
    assert "applies_to" in like_her.aspects
    whose = engine.ask("Caller is 42, no symptoms. What does the USPSTF say for someone whose sister has breast "
                       "cancer - should she be screened and how often?", settings)
    assert "applies_to" in whose.aspects
    # the history told as context alone is not what is asked; nor with no organization named
    assert "applies_to" not in engine.ask("My mom had breast cancer at 60. I'm 42. When does the USPSTF say I should "
                                          "start mammograms?", settings).aspects
    assert "applies_to" not in engine.ask("My sister had breast cancer. I'm 52. How often should somebody like me "
                                          "get a mammogram?", settings).aspects


def test_a_man_who_asks_for_a_woman(engine, settings):
    decision = engine.ask("Older gentleman in the drive thru picking up for his wife -- she's 77, did fine on her last "
                          "mammogram, and he wants to know does the government task force say she should stop "
                          "getting them at her age?", settings)
    assert not decision.abstain and decision.scope_flags == ()
    assert decision.patient["ages"] == [[77, 77]]
    assert "male_screening" in engine.ask("A man in the drive thru picking up for his wife asked whether he should get "
                                          "a mammogram too, he is 60.", settings).scope_flags


def test_a_test_a_patient_pushes_for_is_no_call_for_more(engine, settings):
    chunks = answered_chunks(engine, settings, "52 y/o F, letter says heterogeneously dense breast tissue, mammogram "
                                               "negative. Pt asking if she should push for an ultrasound or MRI on "
                                               "top.")
    assert {"uspstf-2024#dense-breasts", "acr-current#dense-breasts"} <= chunks
    assert not any(c.startswith("acr-uspstf-2024-response") for c in chunks)
    assert "calls_for_more" in engine.ask("Besides annual screening, what else did the ACR push for in its "
                                          "response?", settings).aspects


def test_an_organization_named_twice_in_apposition_is_one_subject(engine, settings):
    decision = engine.ask("why did the OB-GYN college, ACOG, decide everyone should start mammograms at 40? She wants "
                          "the reasons they gave.", settings)
    assert decision.aspects == ("reasons",)
    # a start asked in a clause of its own is still asked
    assert "start_age" in engine.ask("why did ACOG change its advice, and when should she start?", settings).aspects


def test_points_that_hold_at_any_age_gain_no_age_band(engine, settings):
    decision = engine.ask("My grandma is 80. What does ACOG tell women, they still want the self exam or only 'know "
                          "your body'?", settings)
    assert decision.aspects == ("self_awareness",)
    exam = engine.ask("Does ACOG still want a clinical breast exam for her? She's 77.", settings)
    assert "age_75_and_older" not in exam.aspects
    assert "age_75_and_older" in engine.ask("My grandma is 80. Should she keep getting mammograms?", settings).aspects


def test_an_era_is_no_age(engine, settings):
    era = engine.ask("Is breast self-awareness the same as the monthly self-exam I was taught in the 90s?", settings)
    assert era.patient["ages"] == []
    assert engine.ask("My aunt in her 50s asks how often to go.", settings).patient["ages"] == [[50, 59]]


def test_a_time_before_screening_starts_does_not_ask_the_start(engine, settings):
    decision = engine.ask("27F crew member, no symptoms, asks if she needs anything breast-related before mammograms "
                          "would start at 40. Is a breast cancer risk assessment recommended at her age?", settings)
    assert decision.aspects == ("risk_assessment",)
    assert "start_age" in engine.ask("27F. Is a risk assessment recommended at her age, and when would mammograms "
                                     "start?", settings).aspects


def test_a_bare_how_often_asks_it_of_the_point_just_asked(engine, settings):
    exam = engine.ask("For my women's health module: does ACOG still say clinical breast exams can be offered to "
                      "average-risk women, and how often?", settings)
    assert exam.aspects == ("clinical_breast_examination",)
    # after a point that does not take it in, it asks the interval
    assert "interval" in engine.ask("hello i need the american cancer society rule for mammograms. what age and how "
                                    "often. also when to stop.", settings).aspects


def test_a_test_the_corpus_does_not_cover_named_in_lay_words(engine, settings):
    decision = engine.ask("SM wants thermography instead of mammo to avoid radiation. is thermal imaging accepted as a "
                          "screening option?", settings)
    assert decision.abstain and decision.off_topic == "tests the corpus does not cover"
    assert not engine.ask("Is digital breast tomosynthesis accepted as a screening option?", settings).abstain
