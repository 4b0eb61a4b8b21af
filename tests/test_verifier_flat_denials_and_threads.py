"""Flat denials and social-media wording: "no mammograms after 75" recommends against; "it doesn't
say no, and it doesn't say yes" is neither for nor against; "leaves X out of its advice" does not
recommend X (and "it is not the case that it leaves X out" does); a thread's post number behind an
emoji ("🧵3/") is where the post sits, not a value. Each rule is tested with wording apart from the
development sets, and with a counterpart that must keep its label."""

import pytest

from .chunks import ACR_DENSE, ACS_CBE, ACS_STOP, USPSTF_75, USPSTF_DENSE, USPSTF_POPULATION
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("According to the USPSTF, no mammograms past 75.", USPSTF_75, ("contradicts", "misstated_strength")),
    ("USPSTF bottom line: no screening mammography for anyone over 75.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    # the counterparts: the I statement in words, and a limit of life expectancy the card gives
    ("The USPSTF neither recommends for nor against screening after 75.", USPSTF_75, ("supports", None)),
    ("The ACS says to keep screening while life expectancy is 10 years or more.", ACS_STOP, ("supports", None)),
])
def test_a_flat_no_to_screening_recommends_against(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("On extra ultrasound for dense breasts the USPSTF doesn't say yes, and it doesn't say no either.",
     USPSTF_DENSE, "supports"),
    ("The ACR does not say no to MRI for dense breasts, but it does not say yes.", ACR_DENSE, "contradicts"),
    # the counterpart: a plain yes
    ("The ACR says yes to MRI for women with dense breasts who want it.", ACR_DENSE, "supports"),
])
def test_neither_yes_nor_no_is_neither_for_nor_against(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected


@pytest.mark.parametrize("text, expected", [
    ("The ACS leaves the clinician's breast exam out of its advice for average-risk women.", "supports"),
    ("It is not true that the ACS leaves clinical breast exams out of its guidance.", "contradicts"),
])
def test_leaving_an_exam_out_of_the_advice_does_not_recommend_it(verifier, text, expected):
    assert judge(verifier, text, ACS_CBE)[0] == expected


def test_a_threads_post_number_behind_an_emoji_is_no_value(verifier):
    text = "🧵3/ The 2024 USPSTF recommendation covers transgender men and nonbinary people assigned female at birth."
    assert judge(verifier, text, USPSTF_POPULATION) == ("supports", None)
    # the counterpart: a number in the post's text is still its value
    assert judge(verifier, "🧵3/ The 2024 USPSTF recommendation covers people from age 30.", USPSTF_POPULATION)[0] \
        == "contradicts"
