"""Claims that passed as supported while a card stated something else: a percentage the card
gives for another quantity, a year it gives for another part of its text, a preference it does not
state, a choice to weigh read as no strength at all, a comparison of how often answered the other
way, and values the card binds otherwise (classes claims_c, claims_d and claims_e showed). One test
per class, worded apart from the sets' own sentences."""

import pytest

from .conftest import judge

# --- a percentage the card gives for another quantity ----------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("According to the task force, Black women face a roughly 2% higher chance of dying from breast cancer.",
     "contradicts"),
    ("The task force says Black women are about 40% more likely to die of breast cancer.", "supports"),
])
def test_a_percentage_of_another_quantity_is_not_supported(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[0] == expected


# --- a year the card gives for another part of its text ---------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The radiologists' 2023 revision is what put yearly mammograms from age 40 in place for average-risk women.",
     "contradicts"),
    ("The radiologists' 2021 revision is what put yearly mammograms from age 40 in place for average-risk women.",
     "supports"),
])
def test_a_year_of_another_part_of_the_card_contradicts(verifier, text, expected):
    assert judge(verifier, text, "acr-current#starting-age-and-interval")[0] == expected


# --- a preference the card does not state ------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The task force favours breast tomosynthesis over ordinary digital mammograms.", "contradicts"),
    ("The task force treats tomosynthesis and ordinary digital mammograms as both effective.", "supports"),
])
def test_recommending_one_kind_over_another_contradicts_both_effective(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#screening-modality")[0] == expected


# --- 'may want to consider ... after talking it over' is an option ---------------------------

def test_may_want_to_consider_is_an_option_not_a_recommendation(verifier):
    text = ("ACOG's interim update says people at average risk may wish to consider a first mammogram at 40 once "
            "they talk it over with their doctor.")
    assert judge(verifier, text, "acog-2024#starting-age") == ("contradicts", "misstated_strength")


# --- a comparison of how often ----------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("In its reply, the ACR asks for mammograms less frequently than the USPSTF does, from age 40.", "contradicts"),
    ("In its reply the ACR urges annual screening mammography from 40 for women at average risk, more frequently "
     "than the USPSTF advises.", "supports"),
])
def test_a_comparison_of_how_often_must_go_the_cards_way(verifier, text, expected):
    assert judge(verifier, text, "acr-uspstf-2024-response#annual-screening-from-40")[0] == expected


# --- values the card binds otherwise, in one sentence -------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Per ACOG's practice bulletin, a clinical breast exam may be offered every 1 to 3 years for women 40 and up.",
     "contradicts"),
    ("Per ACOG's practice bulletin, a clinical breast exam may be offered every 1 to 3 years between 25 and 39.",
     "supports"),
])
def test_an_interval_bound_to_another_age_band_in_one_card_sentence(verifier, text, expected):
    assert judge(verifier, text, "acog-2017#clinical-breast-examination")[0] == expected


# --- years the card gives as the period of another quantity -------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The 2024 task force advice was written for women who were between 40 and 49 from 2015 to 2019.",
     "does_not_support"),
    ("The task force cites breast cancer incidence among women in their 40s rising about 2% per year from 2015 to "
     "2019.", "supports"),
])
def test_years_of_another_quantity_are_not_the_claims_fact(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[0] == expected


# --- an interval the card sets aside as another organization's ----------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Responding in 2024, the ACR welcomed the task force's move to yearly mammograms starting at 40.", "contradicts"),
    ("Responding in 2024, the ACR urged yearly mammograms from 40 instead of the task force's schedule.",
     "supports"),
])
def test_an_interval_the_card_sets_aside_as_another_organizations(verifier, text, expected):
    assert judge(verifier, text, "acr-uspstf-2024-response#annual-screening-from-40")[0] == expected
