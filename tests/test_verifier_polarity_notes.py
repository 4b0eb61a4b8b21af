"""Polarity read the right way round and terse clinical notes (classes claims_e showed): a claim
that calls a negative statement wrong, a negation across an aside, a side said to hold only at
times against a card's exception, and notes written with abbreviations, arrows and shortened year
ranges. One test per class, worded apart from the set's own sentences."""

import pytest

from .conftest import judge

# --- a denial frame: 'it would be wrong to say ...' ---------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("It would be incorrect to claim that the task force's 2024 recommendation doesn't apply to people with "
     "dense breasts.", "supports"),
    ("The task force's 2024 recommendation doesn't apply to people with dense breasts.", "contradicts"),
])
def test_calling_a_negative_statement_wrong_affirms_it(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#population")[0] == expected


# --- a negation across an aside set off by commas ---------------------------------------------

def test_a_negation_reaches_across_an_aside(verifier):
    text = ("A sister's breast cancer does not, by itself, place a woman outside the task force's 2024 "
            "recommendation: it also applies to people with a family history of breast cancer.")
    assert judge(verifier, text, "uspstf-2024#population")[0] == "supports"


# --- a side said to hold at times is the card's exception, not its opposite --------------------

@pytest.mark.parametrize("text, expected", [
    ("The ACR keeps no fixed upper age, yet having none does not mean mammograms never stop: serious "
     "comorbidities that limit life expectancy end them.", "supports"),
    ("The ACR says screening past 74 should stop.", "contradicts"),
])
def test_a_side_that_holds_at_times_meets_the_cards_exception(verifier, text, expected):
    assert judge(verifier, text, "acr-current#age-75-and-older")[0] == expected


# --- terse notes: abbreviations, arrows, shortened year ranges ---------------------------------

@pytest.mark.parametrize("text, chunk", [
    ("ACOG PB 179 → CBE q1-3 yrs for 25-39 y, yrly from age 40.", "acog-2017#clinical-breast-examination"),
    ("USPSTF rationale: BC incidence in 40s ↑ ~2%/yr, 2015-19.", "uspstf-2024#changes-from-2016"),
])
def test_a_terse_note_is_read_as_its_full_wording(verifier, text, chunk):
    assert judge(verifier, text, chunk)[0] == "supports"
