"""A fact sheet's question and its answer's "No;" frame the claim the answer states; "needs
correcting:" introduces the correction. "It is not true that none of the guidelines ..." says some
guideline does (it speaks for no one organization); a negated negative adjective is the positive
("does not consider CBE unnecessary"). "Start now, at 44" is the reader's age, not a start age;
what a body dropped ("dropping its earlier 'no later than 50'") is its past. "ORG-A and ORG-B
differ on X:" introduces their positions; a two-year interval is biennial. Each with a
counterpart."""

import pytest

from .chunks import ACOG_INTERVAL, ACOG_START, ACR_START, ACS_45_54, ACS_CBE, ACS_STOP, USPSTF_EXCLUSIONS, USPSTF_REC
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("Q: Is my sister covered by the average-risk advice? A: No; the USPSTF 2024 recommendation does not apply "
     "to people with a BRCA2 mutation.", USPSTF_EXCLUSIONS, ("supports", None)),
    ("Your post needs correcting: the USPSTF recommends a mammogram every 2 years from 40 to 74.", USPSTF_REC,
     ("supports", None)),
    # the counterpart: the answer's own content wrong
    ("Q: Is my sister covered? A: No; the USPSTF 2024 recommendation does not apply to people with dense breasts.",
     USPSTF_EXCLUSIONS, ("does_not_support", "missing_fact")),
])
def test_a_question_and_a_correction_frame_the_claim(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


def test_not_true_that_no_guideline_speaks_for_no_one_organization(verifier):
    text = "It is not true that none of the organizations supports screening after 75."
    assert judge(verifier, text, ACS_STOP) == ("supports", None)
    # the counterpart: every organization named
    assert judge(verifier, "All of the organizations support screening after 75.", ACS_STOP)[1] \
        == "wrong_organization"


@pytest.mark.parametrize("text, expected", [
    ("The ACS does not consider clinical breast exams unnecessary for women at average risk.", "contradicts"),
    # the counterpart: the plain statement
    ("The ACS does not recommend clinical breast exams for women at average risk.", "supports"),
])
def test_a_negated_negative_adjective_is_the_positive(verifier, text, expected):
    assert judge(verifier, text, ACS_CBE)[0] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Per the USPSTF, you should begin mammograms now, at 46, and have one every other year.", USPSTF_REC,
     ("supports", None)),
    ("In its 2024 update ACOG says average-risk individuals should begin screening at 40, replacing its earlier "
     "'by 50' wording.", ACOG_START, ("supports", None)),
    ("ACOG and the ACR differ on how often: ACOG settles on a two-year screening interval.", ACOG_INTERVAL,
     ("contradicts", "missing_fact")),
    # the counterparts: a start age told as one, and the card's own interval
    ("Per the USPSTF, you should begin mammograms at 46.", USPSTF_REC, ("contradicts", "missing_fact")),
    ("ACOG leaves a one- or two-year interval to shared decision-making.", ACOG_INTERVAL, ("supports", None)),
])
def test_the_readers_age_a_dropped_wording_and_interval_words(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected



@pytest.mark.parametrize("text, chunk, expected", [
    ("The USPSTF does not recommend yearly mammograms for women 40 to 74.", USPSTF_REC, ("supports", None)),
    ("The ACR does not recommend screening every other year from 40.", ACR_START, ("supports", None)),
    # the counterparts: the interval the card does recommend, denied
    ("The USPSTF does not recommend mammograms every 2 years.", USPSTF_REC, ("contradicts", "misstated_strength")),
    ("The ACS does not recommend yearly mammograms for women 45 to 54.", ACS_45_54,
     ("contradicts", "misstated_strength")),
])
def test_denying_an_interval_the_card_does_not_give_agrees_with_it(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected
