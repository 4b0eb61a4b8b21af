"""Relatives named in the plural ("two of my aunts had breast cancer", "one of our chapter sisters"), the year of
something that happened ("my mom had breast cancer in 2016"), a dated letter quoted and then asked about "still", a
quoted statement's point asked by "does ACOG still say that?", going on "at her age", a stated past time then "what
does it say now?", a first screening written "1st", an organization's full name as the topic, guidance said to
confuse, "is she regular risk now?", tests defined (not a group), an interval that changes at an age (no revision),
a role told with where she is ("customer here is 46"); and in claims: a fact-checker's rating before the line, an old
version named as the current advice, "must"-like words ("no excuses", "no other option"), "only X count", "all
experts agree", a lay plural for the tests ("yearly scans"), a life "expected" ten more years, the person a claim is
told for ("my aunt"), a relative's "hx", "outside" the guidance, a deadline told as a year ("by the year 2025"), a
doctor's "hand examination", "the evidence cannot settle the question", an upper age given as a number, a test
"reserved" for some women; and where a card gives no strength or does not list a group, an obligation or a group
left out judged by what it does give. Each with a counterpart that keeps its reading."""

import pytest

from .chunks import (
    ACOG_INTERVAL,
    ACR_RISK,
    ACR_START,
    ACS_40_44,
    ACS_CBE,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_2016_REC,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge
from .test_dates import stated


@pytest.mark.parametrize("question, abstain", [
    # relatives in the plural are relatives
    ("I just turned 40. Two of my aunts had breast cancer but I don't have any gene. When should I start mammograms "
     "and how often?", False),
    ("I just turned 40. I had breast cancer but I don't have any gene. When should I start mammograms and how "
     "often?", True),
    # the person asked about, named in the plural of the group she is one of, has her own history
    ("One of our chapter sisters is 21 and just found out she has a PALB2 pathogenic variant, same as her mom. When "
     "should she start MRIs and mammograms?", True),
    # an organization's full name is the corpus topic
    ("Tengo 24 años, my father's family is Ashkenazi. A friend told me the radiology doctors (American College of "
     "Radiology?) say every woman needs a risk evaluación before 25. Es verdad?", False),
])
def test_who_is_named_and_the_organizations_full_name_decide_abstention(engine, settings, question, abstain):
    assert engine.ask(question, settings).abstain is abstain


def test_the_year_of_a_relatives_diagnosis_names_no_version(engine, settings):
    decision = engine.ask("My mom had breast cancer in 2016. Does that change how often I screen?", settings)
    assert "uspstf-2024#recommendation" in decision.answer_chunks["interval"]
    assert not any(c.startswith("uspstf-2016") for c in decision.answer_chunks["interval"])
    # a year asked about still names its version
    decision = engine.ask("How often did USPSTF recommend screening in 2016?", settings)
    assert any(c.startswith("uspstf-2016") for c in decision.answer_chunks["interval"])


@pytest.mark.parametrize("question, date", [
    # a dated letter quoted, then asked about "still": the asker's own day
    ("Found this in a letter from my gynecologist dated November 2015: 'The American Cancer Society now recommends "
     "yearly mammograms from 45 to 54.' I'm 50. Is that still the ACS advice?", None),
    # the text dated is the one that asks: its day
    ("Pharmacist's blog post dated March 2019: what are the current mammography recommendations for women in their "
     "40s?", "2019-03-31"),
    ("Letter dated November 2015: 'The American Cancer Society now recommends yearly mammograms from 45 to 54.' "
     "What does it say about women in their 40s?", "2015-11-30"),
])
def test_a_dated_letter_quoted_then_asked_still(question, date):
    found = stated(question)
    assert (found.isoformat() if found else None) == date


@pytest.mark.parametrize("question, present, absent", [
    # the quoted statement's point is asked when the question points back to it
    ("This is from a letter my OB-GYN's office sent in August 2018: 'ACOG recommends a clinical breast exam every "
     "year once you turn 40.' Does ACOG still say that, or did their 2024 update change it? I'm 52.",
     {"clinical_breast_examination", "what_changed"}, set()),
    # a clinical breast exam "every year" is the exam's own interval
    ("Does ACOG recommend a clinical breast exam every year once you turn 40?", {"clinical_breast_examination"},
     {"interval"}),
    # going on "at her age" asks about stopping; at a stated age in the 40s it does not
    ("Ruth's older sister had breast cancer many years ago, Ruth never has. She is in good health. Does the American "
     "Cancer Society say she should keep getting mammograms at her age?", {"age_75_and_older"}, set()),
    ("She is 44. Does the American Cancer Society say she should keep getting mammograms every year?", set(),
     {"age_75_and_older"}),
    # a stated past time, then the same asked of today; a quoted dated letter then "does that still hold?"
    ("back in 2017 did the USPSTF think 3D mammography (tomo) was good enough to use as the main screening test? and "
     "what does it say now?", {"modality", "what_changed"}, set()),
    ("back in 2017 did the USPSTF think 3D mammography (tomo) was good enough to use as the main screening test?",
     {"modality"}, {"what_changed"}),
    ("In 2020, what did ACOG's Practice Bulletin say about when to begin screening mammography, and how is ACOG's "
     "position different now?", {"start_age", "what_changed"}, set()),
    ("Pasting this from a letter my clinic sent me in June 2016: 'The USPSTF recommends a screening mammogram every 2 "
     "years starting at age 50.' I'm 43 now. Does that still hold?", {"start_age", "what_changed"}, set()),
    # a first screening written "1st"
    ("pt 44F, no breast sx. asking if she can book her 1st screening mammo now + how often after", {"start_age",
                                                                                                  "interval"}, set()),
    # "is she regular risk now?" asks whom the advice covers; the tests defined do not
    ("my daughter is 44, her BRCA test came back negative, so is she regular risk now? my doctor mentioned the task "
     "force", {"applies_to"}, set()),
    ("Flashcard: screening mammogram vs diagnostic mammogram - define each.", {"screening_vs_diagnostic"},
     {"applies_to"}),
    ("What is the ACS definition of average risk?", {"applies_to"}, set()),
    # an interval that changes at an age is no revision
    ("I'm 40. At what interval does ACS want screening, and does that interval change at some age (e.g. 55)?",
     {"interval"}, {"what_changed"}),
    ("Did ACS change its screening interval in its latest update?", {"what_changed"}, set()),
    # guidance said to confuse people, pointed back to
    ("the radiologists' college put out a statement saying all the different mammogram guidelines confuse patients. "
     "what did they say should happen about that?", {"conflicting_advice"}, set()),
])
def test_aspects_of_quoted_and_dated_questions(engine, settings, question, present, absent):
    aspects = set(engine.ask(question, settings).aspects)
    assert present <= aspects
    assert not absent & aspects


@pytest.mark.parametrize("question, ages", [
    # where the person is told between her role and her age
    ("Customer here is 46, no family history, asking me if she's supposed to go every year or every other year. What "
     "does ACS say for her age?", [[46, 46]]),
    ("Customer is 46, no family history. What does ACS say for her age?", [[46, 46]]),
])
def test_a_role_told_with_where_she_is(engine, settings, question, ages):
    assert engine.ask(question, settings).patient["ages"] == ages


@pytest.mark.parametrize("text, chunk, expected", [
    # a fact-checker's rating before the line: what follows is claimed
    ("Verdict, misleading: the USPSTF does not recommend against mammograms at 75 and older; it says the evidence is "
     "insufficient to weigh benefits and harms.", USPSTF_75, ("supports", None)),
    ("Verdict, false as stated: the USPSTF recommends that women stop screening mammography at age 75.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    # an old version named as today's advice
    ("The USPSTF's current advice for women 75 and older is the I statement in its 2016 recommendation.",
     "uspstf-2016#age-75-and-older", ("does_not_support", "wrong_version")),
    ("USPSTF (January 2016): biennial mammography for ages 50 to 74 remains current.", USPSTF_2016_REC,
     ("does_not_support", "wrong_version")),
    ("USPSTF (January 2016): biennial mammography for ages 50 to 74.", USPSTF_2016_REC, ("supports", None)),
    # words of obligation
    ("At 42, ACS says you NEED a yearly mammogram. No excuses!", ACS_40_44, ("contradicts", "misstated_strength")),
    ("Your mammo is due every 24 months per ACOG - no other option.", ACOG_INTERVAL,
     ("contradicts", "misstated_strength")),
    ("At 42, ACS says a yearly mammogram is your choice.", ACS_40_44, ("supports", None)),
    # one kind as the only one that counts
    ("Pro tip: USPSTF says only 3D mammograms count now!", USPSTF_MODALITY, ("contradicts", "missing_fact")),
    ("The 2024 USPSTF recommendation reserves tomosynthesis for women with dense breasts.", USPSTF_MODALITY,
     ("contradicts", "missing_fact")),
    # all experts, or all the groups with one named after them, speak for all organizations
    ("All experts agree: mammogram EVERY year from 40!", ACR_START, ("partially_supports", "wrong_organization")),
    ("All the big groups say start at forty, the Cancer Society also.", ACR_START,
     ("partially_supports", "wrong_organization")),
    ("ACR: mammogram EVERY year from 40!", ACR_START, ("supports", None)),
    # a lay plural for the tests, a life "expected" ten more years, the person a claim is told for
    ("ACR: yearly scans from 40", ACR_START, ("supports", None)),
    ("Keep the checks while healthy and life is expected ten more years or more.", ACS_STOP, ("supports", None)),
    ("The Task Force says my aunt should get one every other year.", USPSTF_REC, ("supports", None)),
    ("The Task Force says my aunt should get one every year.", USPSTF_REC, ("contradicts", "missing_fact")),
    # a relative's history, "outside" the guidance
    ("Pt with mother's hx is high risk and outside USPSTF guidance.", USPSTF_POPULATION,
     ("contradicts", "missing_fact")),
    ("Women with a BRCA mutation are outside the USPSTF recommendation.", "uspstf-2024#exclusions",
     ("supports", None)),
    # a deadline told as a year where the card gives an age
    ("My oncologist says the ACR wants a risk assessment for every woman by the year 2025.", ACR_RISK,
     ("contradicts", "missing_fact")),
    ("The ACR wants a risk assessment for every woman by age 25.", ACR_RISK, ("supports", None)),
    # a doctor's hand examination is the clinical breast examination
    ("The Cancer Society recommend the hand examination by doctor every year from forty.", ACS_CBE,
     ("contradicts", "misstated_strength")),
    # the evidence cannot settle the question: insufficient
    ("The task force does not say that screening after 75 is not worthwhile; it says the evidence cannot settle the "
     "question.", USPSTF_75, ("supports", None)),
    # an obligation against a card that gives no strength for it: its values decide
    ("Because of your sister's diagnosis, the USPSTF says you must have a mammogram every year.", USPSTF_POPULATION,
     ("does_not_support", "missing_fact")),
    ("The USPSTF says that, because of rising incidence, women in their 40s must now be screened every year.",
     "uspstf-2024#changes-from-2016", ("contradicts", "missing_fact")),
    # a group said to be left out that the card's list does not name, with none it does; and with one it does
    ("Because of her mother's diagnosis, the USPSTF would class her as high risk and outside its recommendation.",
     "uspstf-2024#exclusions", ("does_not_support", "missing_fact")),
    ("The USPSTF 2024 recommendation excludes people with a BRCA mutation, a previous breast cancer, or a family "
     "history of breast cancer.", "uspstf-2024#exclusions", ("partially_supports", "missing_fact")),
    ("Having a sister with breast cancer does not by itself take you outside the USPSTF recommendation, which "
     "explicitly covers people with a first-degree relative with breast cancer.", USPSTF_POPULATION,
     ("supports", None)),
    # an upper age given as a number is the range's end, not a stop
    ("The upper age of the USPSTF's biennial screening recommendation is seventy-four.", USPSTF_REC,
     ("supports", None)),
    ("The upper age of the USPSTF's biennial screening recommendation is seventy-five.", USPSTF_REC,
     ("contradicts", "missing_fact")),
])
def test_fact_checks_obligations_and_lay_words_in_claims(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


def test_a_grade_for_the_past_stays_supported(verifier):
    assert judge(verifier, "Verdict, true: before 2024 the USPSTF left the decision to screen before 50 to the "
                           "individual (grade C).", USPSTF_2016_40_49) == ("supports", None)
