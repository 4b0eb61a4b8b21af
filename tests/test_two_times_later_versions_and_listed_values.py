"""A claim that speaks of two times: a part dated to an older version beside what it says of today ("In 2016 ..., a
position it still holds today", "as it did in 2016", "the same as in 2016"); what a later version did to a statement
("carried over into its 2024 recommendation", "withdrawn by the 2024 update"), which an earlier card cannot state; a
value the card says its advice moved to, given to a time before the move ("Before 2024, ... grade B"); a claim
speaking only of the card's own year, which reads the card's present ("finalized in April 2024, lowered ..."); a date
with its month ("In July 2017, ACOG said ...") or its part of the year ("In early 2019, ..."); values listed item by
item that the card binds otherwise ("every 1 to 3 years from 40 and yearly from 25 to 39"); an appositive that is a
clause ("Unlike the ACR, the USPSTF does not ..., but ..."); neither for nor against told in two halves, the
recommendation denied first; a prompt to ask about a thing the claim then describes ("You may want to ask about X,
which ORG considers ..."); an age band told as a place ("who falls in the 45 to 54 band"); the card's years given as
ages ("women aged 2015 to 2019"); and illnesses that "shorten her life" (comorbidities that limit life expectancy).
In questions: a test's qualifier in quotes ("does 3D count as 'real' screening?") asks about the test, not about whom
the advice covers; what an organization "wants instead" is its replacement of the other's advice, "what else" every
call it makes; and an organization framing "which one is correct?" judges alone; a test's name mis-heard and split in
a voicemail ("my first mamma gram") is the test's name; the person a question asks of by name ("should mom go
yearly?") is the patient, her history included. Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from review_app.engine.query import (
    age_ranges,
    card_age_ranges,
    patient_age_patterns,
    question_age_patterns,
    read_patient,
)

from .chunks import (
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_RATIONALE,
    ACOG_START,
    ACR_75,
    ACR_RESPONSE_ANNUAL,
    ACR_RESPONSE_RISK,
    ACS_45_54,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_2016_75,
    USPSTF_CHANGES,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge


@pytest.mark.parametrize("claim, chunk, label", [
    # a part dated to the old version, and the present told beside it: the old card states the dated part only
    ("In 2016 the USPSTF left screening in the 40s to individual choice, a position it still holds today.",
     USPSTF_2016_40_49, ("partially_supports", "wrong_version")),
    ("The USPSTF leaves screening in the 40s to individual choice, as it did in 2016.", USPSTF_2016_40_49,
     ("partially_supports", "wrong_version")),
    ("The USPSTF's I statement for 75 and older is the same as in 2016.", USPSTF_2016_75,
     ("partially_supports", "wrong_version")),
    # ... a dated part the old card does not state is still not supported; the present alone is the new card's
    ("In 2016 the USPSTF recommended yearly screening from 40, which it still does.", USPSTF_2016_40_49,
     ("does_not_support", "wrong_version")),
    ("The USPSTF leaves screening in the 40s to individual choice.", USPSTF_2016_40_49,
     ("does_not_support", "wrong_version")),
    ("In 2016 the USPSTF left screening in the 40s to individual choice.", USPSTF_2016_40_49, ("supports", None)),
    # what a later version did: kept is partly the old card's (the statement), undone is not its to state
    ("The USPSTF's I statement for women 75 and older in 2016 carried over into its 2024 recommendation.",
     USPSTF_2016_75, ("partially_supports", "missing_fact")),
    ("ACOG's clinical breast exam advice in Practice Bulletin 179 was withdrawn by the 2024 update.", ACOG_2017_CBE,
     ("does_not_support", "missing_fact")),
    # ... a later year that only places the time spoken of is no act of the later version
    ("In 2016, before its 2024 update, the USPSTF gave an I statement for women 75 and older.", USPSTF_2016_75,
     ("supports", None)),
    # a value the advice moved to, given to the time before the move
    ("Before 2024, the USPSTF rated screening in the 40s grade B.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    ("Before 2024, the USPSTF rated screening in the 40s grade C.", USPSTF_CHANGES, ("supports", None)),
    ("Since 2024 the USPSTF gives women in their 40s grade B.", USPSTF_CHANGES, ("supports", None)),
    # a claim that speaks only of the year of the card's own version reads the card's present, not the past it
    # tells of (the option it moved away from is no strength the claim misstates)
    ("That guidance, finalized in April 2024, lowered the starting age for routine every-two-year screening from "
     "50 to 40.", USPSTF_CHANGES, ("partially_supports", "missing_fact")),
    ("In 2016 the USPSTF said women in their 40s should decide individually.", USPSTF_CHANGES, ("supports", None)),
    # a date with its month dates the claim as a year alone does
    ("In July 2017, ACOG said women should begin screening by age 50 at the latest.", ACOG_2017_START,
     ("supports", None)),
    ("ACOG says women should begin screening by age 50 at the latest.", ACOG_2017_START,
     ("does_not_support", "wrong_version")),
    ("In May 2024 the USPSTF recommended screening every two years from 40.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    # ... and "early", "mid" or "late" before an opening year places the claim at that time as the year alone does
    ("In early 2019, ACOG advised offering screening mammography from age 40 and beginning no later than 50.",
     ACOG_2017_START, ("supports", None)),
])
def test_claims_read_by_the_times_they_speak_of(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk) == label


@pytest.mark.parametrize("claim, chunk, label", [
    # values listed item by item: each item must hold its values as the card binds them
    ("ACOG Practice Bulletin 179 offers clinical breast exams every 1 to 3 years from 40 and yearly from 25 to 39.",
     ACOG_2017_CBE, "contradicts"),
    ("ACOG Practice Bulletin 179 offers clinical breast exams every 1 to 3 years from 25 to 39 and yearly from 40.",
     ACOG_2017_CBE, "supports"),
    ("ACOG PB 179: CBE annually from 40, every 1-3 years at ages 25-39.", ACOG_2017_CBE, "supports"),
    # an appositive that names an organization and says what it does is a clause of its own
    ("Unlike the ACR, the USPSTF does not recommend screening beyond 74, but it does not recommend against it "
     "either.", USPSTF_75, "supports"),
    ("ACOG, the professional group for ob-gyns, says screening should start at 40.", ACOG_START, "supports"),
    # neither for nor against, the recommendation denied first
    ("The USPSTF does not recommend screening at 75 or older, but it does not recommend against it either.",
     USPSTF_75, "supports"),
    ("The USPSTF does not recommend screening at 75 or older.", USPSTF_75, "contradicts"),
    # a prompt to ask about a thing: the description that follows is the claim
    ("You may want to ask about 3D mammography, which the USPSTF considers an effective screening method.",
     USPSTF_MODALITY, "supports"),
    ("You may want to ask about 3D mammography, which the USPSTF considers the only effective screening method.",
     USPSTF_MODALITY, "contradicts"),
    # an age band told as a place
    ("ACS: yearly for a 50-year-old, who falls in the 45 to 54 band.", ACS_45_54, "supports"),
    ("ACS: every 2 years for a 50-year-old, who falls in the 45 to 54 band.", ACS_45_54, "contradicts"),
    # the card's years given as ages
    ("ACOG: incidence among women aged 2015 to 2019 rose about 2% per year.", ACOG_RATIONALE, "contradicts"),
    ("ACOG: incidence among women in their 40s rose about 2% per year from 2015 to 2019.", ACOG_RATIONALE, "supports"),
    # illnesses that shorten her life, in lay words, are comorbidities that limit life expectancy
    ("The radiologists say there's no cut-off age; she should keep going unless serious health problems shorten "
     "her life.", ACR_75, "supports"),
    ("The radiologists say there's no cut-off age; she should keep going even if serious health problems shorten "
     "her life.", ACR_75, "contradicts"),
])
def test_claims_read_by_what_they_list_and_assert(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk)[0] == label


def test_a_tests_quoted_qualifier_asks_about_the_test(engine, settings):
    question = ("Rad tech here. Patients on our tomo unit keep asking if 3D counts as 'real' screening or if they "
                "need a regular 2D mammogram too. Does the current USPSTF guidance treat DBT as an effective "
                "screening method?")
    decision = engine.ask(question, settings)
    assert "modality" in decision.aspects and "applies_to" not in decision.aspects
    # ... whom the advice covers, asked of her, still is
    decision = engine.ask("Does the current USPSTF guidance count someone like her, a trans man, as covered?",
                          settings)
    assert "applies_to" in decision.aspects


def test_what_it_wants_instead_is_its_replacement_and_what_else_every_call(engine, settings):
    def chunks(question):
        return answered_chunks(engine, settings, question)
    instead = chunks("When USPSTF finalized its 2024 breast screening recommendation, did the ACR endorse it? What "
                     "did they push for instead?")
    assert ACR_RESPONSE_ANNUAL in instead and ACR_RESPONSE_RISK not in instead
    more = chunks("Aside from wanting annual screening, what else did the ACR call for in its response to the 2024 "
                  "USPSTF recommendation?")
    assert ACR_RESPONSE_RISK in more


def test_an_organization_framing_which_one_is_right_judges_alone(engine, settings):
    def organizations(question):
        decision = engine.ask(question, settings)
        return {c.split("-")[0] for ids in decision.answer_chunks.values() for c in ids}
    assert organizations("My sister is 52. She goes every year; her doctor says every two years is also ok. For the "
                         "American Cancer Society, which one is correct for her age?") == {"acs"}
    # ... with no organization framing it, who is right is every organization's to answer
    assert len(organizations("My doctor says every year, the clinic paper says every two years. Which one is "
                             "correct?")) == 4


def test_a_tests_name_misheard_in_a_voicemail_is_the_tests_name(engine, settings):
    question = ("hi yes um this is Danielle calling, I uh turned forty back in March and my friend said I'm supposed "
                "to get my first mamma gram now but my other friend said you wait till forty five? so um which is it")
    assert engine.scope.on_topic(engine.vocabulary.correct(question))
    assert not engine.ask(question, settings).abstain
    # ... "mamma" alone is a mother, not a test
    assert "mammogram" not in engine.vocabulary.correct("My mamma says I should start at 40. Is that right?")


def test_the_person_a_question_asks_of_by_name_is_the_patient(engine, settings):
    decision = engine.ask("dtr asks about mom 68: had lumpectomy for breast cancer in 2020, finished radiation, doing "
                          "well. should mom go yearly or every 2 yrs now?", settings)
    assert decision.abstain and "personal_history_breast_cancer" in decision.scope_flags
    # ... a relative's thing asked of ("does her mother's cancer put her in the group ...?") is no relative asked of
    decision = engine.ask("Maria is 52. Maria's mother had breast cancer at 61. Does the USPSTF recommendation still "
                          "cover Maria, or does her mother's cancer put her in the group it doesn't apply to?",
                          settings)
    assert not decision.abstain
    # ... the asker's own question about herself keeps the relative's history a family history
    decision = engine.ask("My mom had a lumpectomy for breast cancer in 2020. I'm 45, should I go yearly or every "
                          "2 years?", settings)
    assert not decision.abstain


def test_ages_are_read_only_with_the_patterns_given(engine):
    # no default: a caller names the pack's patterns (with its role words) or a card's
    with pytest.raises(TypeError):
        read_patient("Caller is 44.", None)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        age_ranges("aged 40 to 74")  # type: ignore[call-arg]
    # the role words come from the patterns given: the pack's read "Caller is 44.", none reads it without them
    assert read_patient("Caller is 44.", None, reading=patient_age_patterns(engine.vocabulary)).ages == ((44, 44),)
    assert read_patient("Caller is 44.", None, reading=question_age_patterns()).ages == ()
    # ... and a card's ranges are read by the card patterns, which a question's do not replace
    assert card_age_ranges("aged 40 to 74") == ((40, 74),)
    assert age_ranges("aged 40 to 74", ()) == ()


def test_a_year_with_its_month_is_a_time_the_question_speaks_of(engine):
    from review_app.engine.query import parse_question
    features = parse_question("What did ACOG say in July 2017 about the start age?", engine.vocabulary,
                              engine.params.background, dt.date(2026, 6, 24), ())
    assert features.historical
    features = parse_question("What does ACOG say about the start age?", engine.vocabulary,
                              engine.params.background, dt.date(2026, 6, 24), ())
    assert not features.historical
