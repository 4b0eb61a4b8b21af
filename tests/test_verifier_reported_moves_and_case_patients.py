"""A card that tells what another organization did reports it ("the ACR called the USPSTF change to start
at 40 an improvement" for "the USPSTF moved the start to 40"); advice for ages the card gives none for is
not its to contradict ("not recommended after 74" against advice for 40 to 74); "tells women not to be
screened" and "is against extra scans" advise against; ", not that screening was discouraged", "it's not
quite right to say" and "don't let anyone tell you" deny what follows; a citation marker naming a source
("[source-2024, PB 179]") is no value; "does not concern" and "do not belong to" leave people out; "at 1-
to 2-year intervals" is a choice of intervals; ", not a 2-year screening interval" says what a number is
not; a myth told before the fact it corrects is not claimed. A claim that gives the person its case asks
about a schedule ("you should ... every two years") carries the scope exclusion the case's question states
about her. Each with a counterpart that keeps its verdict."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_2017_INTERVAL,
    ACOG_2017_START,
    ACR_RESPONSE,
    ACS_CBE,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import PINNED, judge

ACOG_2017_75 = "acog-2017#age-75-and-older"
ACR_RESPONSE_RISK = "acr-uspstf-2024-response#risk-assessment"
ACR_RISK = "acr-current#risk-assessment"


@pytest.mark.parametrize("text, chunk, expected", [
    ("On April 30, 2024 the USPSTF finally moved the start of screening mammography to 40.", ACR_RESPONSE,
     ("supports", None)),
    # a value the card does not report for it is still not this card's to give, nor one the card gives in its
    # response to the organization named
    ("The USPSTF moved the start of screening to 45.", ACR_RESPONSE, ("does_not_support", "wrong_organization")),
    ("The USPSTF recommends a risk assessment for every woman by 25.", ACR_RESPONSE_RISK,
     ("does_not_support", "wrong_organization")),
    ("USPSTF: screening mammography is not recommended after age 74.", USPSTF_REC,
     ("does_not_support", "missing_fact")),
    ("USPSTF recommends against screening women in their 40s.", USPSTF_REC, ("contradicts", "misstated_strength")),
])
def test_reported_moves_and_advice_for_other_ages(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Meanwhile the USPSTF still tells women 75 and over not to be screened.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("My daughter read that the Task Force is against extra scans for dense breasts.", USPSTF_DENSE,
     ("contradicts", "misstated_strength")),
    ("USPSTF issued an I statement for women 75 and older, meaning that the evidence was insufficient, not that "
     "screening was discouraged.", USPSTF_75, ("supports", None)),
    ("USPSTF issued an I statement for women 75 and older, meaning that screening was discouraged.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("It's not quite right to say the Task Force is against screening at 75 and older; it says the evidence isn't "
     "enough to decide either way.", USPSTF_75, ("supports", None)),
    ("Don't let anyone tell you the ACS doesn't recommend a clinical breast exam: it does, every year.", ACS_CBE,
     ("contradicts", "misstated_strength")),
    ("Don't let anyone tell you the ACS recommends a clinical breast exam.", ACS_CBE, ("supports", None)),
])
def test_advice_against_in_other_words_and_its_denial(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("ACOG: screening continues through at least age 75; after that, she and her clinician decide together based "
     "on her health and longevity [acog-2024, PB 179].", ACOG_2017_75, ("supports", None)),
    ("The recommendation does not concern persons with a mutation in the gene BRCA1 or BRCA2, persons after "
     "high-dose radiation of the chest at young age, persons after an earlier breast cancer, and persons with a "
     "high-risk lesion found in an earlier biopsy.", USPSTF_EXCLUSIONS, ("supports", None)),
    ("It is not true that persons with family history do not belong to the recommendation.", USPSTF_POPULATION,
     ("supports", None)),
    ("Persons with family history do not belong to the recommendation.", USPSTF_POPULATION,
     ("contradicts", "missing_fact")),
    ("Don't mix up the numbers: the ~2% in the USPSTF rationale is a yearly rise in incidence in women in their "
     "40s (2015-2019), not a 2-year screening interval.", USPSTF_CHANGES, ("supports", None)),
    ("MYTH: Screening starts at 50. FACT: Since April 2024, USPSTF advises biennial screening from 40.", USPSTF_REC,
     ("supports", None)),
    ("MYTH: The Task Force says stop mammograms at 75. FACT: It says the evidence for 75+ is insufficient, which is "
     "not a recommendation against. #MythBusters", USPSTF_75, ("supports", None)),
    ("The Task Force says stop mammograms at 75.", USPSTF_75, ("contradicts", "misstated_strength")),
])
def test_markers_exclusions_and_what_a_number_or_a_myth_is_not(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("ACOG recommends screening at 1- to 2-year intervals.", ACOG_2017_INTERVAL, ("supports", None)),
    ("ACOG recommends screening at 1-to-2-year intervals.", ACOG_2017_INTERVAL, ("supports", None)),
    ("ACOG recommends that screening be offered from age 40 and begin no later than age 50, at 1- to 2-year "
     "intervals.", ACOG_2017_START, ("partially_supports", "missing_fact")),
])
def test_a_choice_of_intervals_told_as_a_hyphenated_range(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk, dt.date(2021, 3, 1)) == expected


CARRIER = "I carry a BRCA1 mutation. At what age should I start mammograms?"
AVERAGE = "I'm 41 with no family history. At what age should I start mammograms?"


@pytest.mark.parametrize("question, text, chunk, expected", [
    (CARRIER, "You should follow the USPSTF schedule: a mammogram every two years starting at 40.", USPSTF_REC,
     ("does_not_support", "out_of_scope")),
    (CARRIER, "Per the USPSTF, I should get a mammogram every 2 years starting at 40 like everyone else.",
     USPSTF_EXCLUSIONS, ("contradicts", "out_of_scope")),
    # the same advice for someone the question does not exclude, or told of no one in particular
    (AVERAGE, "You should follow the USPSTF schedule: a mammogram every two years starting at 40.", USPSTF_REC,
     ("supports", None)),
    (CARRIER, "The USPSTF advises a mammogram every two years from 40 to 74.", USPSTF_REC, ("supports", None)),
    (None, "You should follow the USPSTF schedule: a mammogram every two years starting at 40.", USPSTF_REC,
     ("supports", None)),
    # advice for every woman, given to her, is hers whatever excludes her from the screening schedule
    (CARRIER, "You should have had a breast cancer risk assessment by age 25, as the ACR urges for every woman.",
     ACR_RISK, ("supports", None)),
])
def test_a_claim_about_the_person_asked_about_carries_her_exclusion(verifier, question, text, chunk, expected):
    verdict = verifier.verify_claim(("c1", text, [chunk]), PINNED, question).verdicts[0]
    assert (verdict.label, verdict.reason) == expected
