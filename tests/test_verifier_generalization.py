"""The claim verifier on behaviour classes found in an independently written claim set that was
never tuned on (claims_d: a health journalist's explainer, a telephone-triage script, a bullet
summary). One test per class, worded apart from the set's own sentences."""

import pytest

from .conftest import judge

# --- a denial frame ("it isn't that ...", "it's not as though ...", "X doesn't mean ...") -----

@pytest.mark.parametrize("text, chunk, expected", [
    ("It's not as if the USPSTF recommends against mammograms after 75; it calls the evidence insufficient.",
     "uspstf-2024#age-75-and-older", ("supports", None)),
    # ("fails to recommend" is "does not recommend": test_verifier_layouts_and_rates)
    ("It isn't as though the ACS overlooked clinical breast exams; it does not recommend them for "
     "women at average risk.", "acs-2015#clinical-breast-examination", ("supports", None)),
    ("It is not that the American Cancer Society does not recommend clinical breast examination; it "
     "recommends it for women at average risk.", "acs-2015#clinical-breast-examination",
     ("contradicts", "misstated_strength")),
    ("Dense breasts don't mean the USPSTF 2024 recommendation no longer applies to a woman.",
     "uspstf-2024#population", ("supports", None)),
])
def test_a_denial_frame_turns_the_clause_it_opens(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- compound claims: "every other group", ", a view ORG shares", ", although ...", "like ORG," -

@pytest.mark.parametrize("text, chunk, expected", [
    ("Except for the ACR, every other group advises screening every two years.",
     "acs-2015#ages-45-to-54", ("contradicts", "wrong_organization")),
    ("The ACR recommends yearly mammograms from 40, a view the USPSTF shares.",
     "acr-current#starting-age-and-interval", ("partially_supports", "wrong_organization")),
    ("The ACS recommends annual mammograms from age 45, although women may choose to start at 40.",
     "acs-2015#ages-40-to-44", ("partially_supports", "missing_fact")),
    ("The ACS recommends annual mammograms from age 45, although women may choose to start at 40.",
     "acs-2015#ages-45-to-54", ("partially_supports", "missing_fact")),
    ("Like ACOG, the ACS advises yearly mammograms from 45 through 54.",
     "acs-2015#ages-45-to-54", ("partially_supports", "wrong_organization")),
])
def test_each_part_of_a_compound_claim_is_judged_on_its_own(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- a strength the card does not state is not supported, even when the topic's words escape the rules

@pytest.mark.parametrize("text, chunk, expected", [
    ("According to the ACS, a breast exam done by a doctor may be offered to women at average risk.",
     "acs-2015#clinical-breast-examination", ("contradicts", "misstated_strength")),
    ("The ACS does not recommend a breast exam done by a doctor for women at average risk.",
     "acs-2015#clinical-breast-examination", ("supports", None)),
])
def test_a_strength_the_card_does_not_state_is_not_supported(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- a part's interval for an age group the card is not about is another section's ------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("ACS: yearly mammograms from 45 to 54, and after that every other year from age 55.",
     "acs-2015#ages-45-to-54", ("partially_supports", "missing_fact")),
    ("ACS: yearly mammograms from 45 to 54; every other year at 45 to 54 too.",
     "acs-2015#ages-45-to-54", ("contradicts", "missing_fact")),
])
def test_an_interval_for_another_age_group_is_not_contradicted(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- an interval choice written with a dash ("every 1–2 years") --------------------------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("Per ACOG's 2024 update, average-risk patients can be screened every 1–2 years.",
     "acog-2024#screening-interval", ("supports", None)),
    ("Per ACOG's 2024 update, average-risk patients can be screened every 1-2 years.",
     "acog-2024#screening-interval", ("supports", None)),
])
def test_an_interval_choice_with_a_dash_is_a_choice(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- a list of who is left out that names a group the card covers ----------------------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("The USPSTF 2024 advice leaves out women with a BRCA mutation, prior chest radiation or dense breasts.",
     "uspstf-2024#population", ("contradicts", "missing_fact")),
    ("Having a first-degree relative with breast cancer places a woman outside the USPSTF 2024 recommendation.",
     "uspstf-2024#population", ("contradicts", "missing_fact")),
])
def test_a_group_the_card_covers_is_not_left_out(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- the sides a claim and a card take: a condition, who a position reaches, what stays in place -

@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACR wants yearly mammograms past 74 even when serious comorbidities limit life expectancy.",
     "acr-current#age-75-and-older", ("contradicts", "missing_fact")),
    ("The ACR wants yearly mammograms past 74 unless serious comorbidities limit life expectancy.",
     "acr-current#age-75-and-older", ("supports", None)),
    ("ACR's risk-assessment recommendation is restricted to women of Ashkenazi Jewish descent.",
     "acr-current#risk-assessment", ("contradicts", "missing_fact")),
    ("ACOG's 2024 update leaves older women's screening alone: the Practice Bulletin 179 advice remains in effect.",
     "acog-2024#age-75-and-older", ("supports", None)),
])
def test_a_claim_and_a_card_on_opposite_sides(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
