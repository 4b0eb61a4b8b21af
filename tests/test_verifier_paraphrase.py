"""The paraphrase layer of the claim rules: one canonical wording per meaning, applied to claims
and cards alike, so a reworded claim's content words meet the card's. Each family is tested with a
wording the card does not use, and with a counterpart that changes the meaning and must not pass."""

import pytest

from .chunks import (
    ACOG_FAQ,
    ACR_CONFLICTING,
    USPSTF_2016_40_49,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text", [
    "The ACR says clashing recommendations perplex patients and that experts ought to harmonize them.",
    "Per the ACR, mixed guidance confuses patients, and experts should iron the differences out.",
    "ACR: inconsistent recs mislead pts; experts need to settle them.",
])
def test_wordings_of_resolving_conflicting_advice(verifier, text):
    assert judge(verifier, text, ACR_CONFLICTING)[0] == "supports"


@pytest.mark.parametrize("text", [
    "ACOG's FAQ: begin at 40, every 1 or 2 years, the timing decided together with your doctor.",
    "ACOG's patient page: start from 40 and repeat every year or two, in consultation with your clinician.",
    "ACOG FAQ: from 40, annual or biennial, by joint decision with the clinician.",
])
def test_wordings_of_deciding_with_a_clinician(verifier, text):
    assert judge(verifier, text, ACOG_FAQ)[0] == "supports"


def test_a_fixed_schedule_is_not_a_shared_decision(verifier):
    text = "ACOG's FAQ: everyone must have a mammogram every year from 40, whatever the clinician thinks."
    assert judge(verifier, text, ACOG_FAQ)[0] != "supports"


@pytest.mark.parametrize("text", [
    "Historically (2016), the USPSTF made starting before 50 a personal choice, graded C.",
    "In 2016 the USPSTF called screening before 50 an individualized decision (grade C).",
])
def test_wordings_of_an_individual_decision(verifier, text):
    assert judge(verifier, text, USPSTF_2016_40_49)[0] == "supports"


@pytest.mark.parametrize("text, expected", [
    ("The USPSTF 2024 statement calls 3D mammography a useful way to screen, like digital mammography.", "supports"),
    ("USPSTF 2024 judges tomosynthesis not effective for screening.", "contradicts"),
    ("It is false that USPSTF 2024 judges tomosynthesis ineffective.", "supports"),
    # a denial of exclusivity denies the 'only', not the effectiveness
    ("It is not the case that USPSTF 2024 considers only digital mammography effective.", "supports"),
])
def test_effective_and_ineffective_are_sides_of_one_pair(verifier, text, expected):
    assert judge(verifier, text, USPSTF_MODALITY)[0] == expected


# --- a note's bookkeeping is not an assertion about guidance ----------------------------------------

@pytest.mark.parametrize("text", [
    "EHR prompt: ACS 2015 advises a mammogram every year at ages 45-54; patient overdue (last screen 20 mo ago).",
    "Plan: ACOG interval 12-24 mo by shared decision-making; chart the decision.",
])
def test_bookkeeping_about_the_patient_or_the_visit_is_not_compared(verifier, text):
    chunk = "acs-2015#ages-45-to-54" if "ACS" in text else "acog-2024#screening-interval"
    assert judge(verifier, text, chunk)[0] == "supports"


def test_the_guidance_part_of_a_note_with_bookkeeping_is_still_checked(verifier):
    text = ("EHR prompt: ACS 2015 advises a mammogram every 2 years at ages 45-54; "
            "patient overdue (last screen 20 mo ago).")
    assert judge(verifier, text, "acs-2015#ages-45-to-54")[0] == "contradicts"


# --- other wordings of advising against ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "ACOG says a clinician's breast exam has no role in screening average-risk women.",
    "Per ACOG, clinical breast exams are not needed for women at average risk.",
])
def test_no_role_and_not_needed_advise_against_an_option(verifier, text):
    assert judge(verifier, text, "acog-2017#clinical-breast-examination")[0] == "contradicts"


def test_no_role_against_a_card_that_does_not_recommend_it(verifier):
    text = "The ACS says a clinician's breast exam has no role in screening average-risk women."
    assert judge(verifier, text, "acs-2015#clinical-breast-examination")[0] == "supports"


# --- note shorthand and a negated existential -----------------------------------------------------------

def test_a_percentage_after_at_least_is_not_a_length_of_time(verifier):
    assert judge(verifier, "ACS: keep screening while life expectancy ≥10%.", "acs-2015#when-to-stop")[0] != "supports"
    assert judge(verifier, "ACS: keep screening while life expectancy ≥10 y.", "acs-2015#when-to-stop")[0] == "supports"


def test_recd_is_recommended(verifier):
    assert judge(verifier, "USPSTF: suppl US rec'd for dense breasts.", "uspstf-2024#dense-breasts")[0] == "contradicts"
    text = "ACR: suppl MRI rec'd for dense breasts if wanted."
    assert judge(verifier, text, "acr-current#dense-breasts")[0] == "supports"


@pytest.mark.parametrize("text, expected", [
    ("There is no age at which the ACS does not advise a clinician's breast exam.", "contradicts"),
    ("There is no age at which the ACS advises a clinician's breast exam.", "supports"),
])
def test_no_age_at_which(verifier, text, expected):
    assert judge(verifier, text, "acs-2015#clinical-breast-examination")[0] == expected


# --- a permission to go on, a choice offered -----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Per the ACS, women in good health with a life expectancy of at least 10 years can go on having mammograms.",
    "The ACS lets women keep screening while healthy with a life expectancy of 10 years or more.",
])
def test_a_permission_to_go_on_is_granted_by_a_recommendation_to_go_on(verifier, text):
    assert judge(verifier, text, "acs-2015#when-to-stop")[0] == "supports"


def test_a_choice_offered_is_not_a_recommendation(verifier):
    text = "The task force now says that starting at 40 is up to each woman."
    assert judge(verifier, text, USPSTF_REC) == ("contradicts", "misstated_strength")


# --- a note's year and verbs -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("In '16 the USPSTF found the tomo evidence insufficient.", "supports"),   # a past claim may cite 2016
    ("USPSTF's '16 stmt endorsed tomo for screening.", "contradicts"),
])
def test_a_two_digit_year_dates_a_note(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2016#tomosynthesis")[0] == expected


def test_recs_before_its_object_is_a_verb(verifier):
    assert judge(verifier, "USPSTF recs suppl US for dense breasts.", "uspstf-2024#dense-breasts") == (
        "contradicts", "misstated_strength")


# --- an appositive, a note's "ORG = X", "excl:" --------------------------------------------------------

def test_an_appositive_describing_the_organization_is_not_content(verifier):
    text = "ACOG, the obstetricians' professional college, encourages breast self-awareness."
    assert judge(verifier, text, "acog-2017#clinical-breast-examination")[0] == "supports"


def test_a_set_aside_organization_is_not_an_appositive(verifier):
    text = "Apart from the USPSTF, the other groups all recommend yearly mammograms through the forties."
    assert judge(verifier, text, "acs-2015#ages-40-to-44")[0] == "contradicts"


def test_a_notes_equals_sign_says_what_the_organization_says(verifier):
    text = "Split views: USPSTF = I stmt for 75+; ACR = keep going yearly past 74 unless comorbidities limit LE."
    assert judge(verifier, text, "acr-current#age-75-and-older") == ("partially_supports", "wrong_organization")


def test_excl_lists_who_is_left_out(verifier):
    text = "USPSTF excl: BRCA carriers, prior breast cancer, chest radiation when young."
    assert judge(verifier, text, "uspstf-2024#exclusions")[0] == "supports"


# --- classes claims_k showed -------------------------------------------------------------------------

def test_a_notes_brca_for_breast_cancer_is_not_a_gene(verifier):
    text = "Task force rationale: Black women ~40% higher BrCa mortality."
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[1] != "out_of_scope"


def test_neither_recommends_nor_discourages_is_an_i_statement(verifier):
    text = "For extra MRI in dense breasts the task force neither endorses it nor advises against it."
    assert judge(verifier, text, "uspstf-2024#dense-breasts")[0] == "supports"


def test_should_with_an_adverb_is_a_recommendation(verifier):
    text = "At 42, the ACS says you should already be getting a yearly mammogram."
    assert judge(verifier, text, "acs-2015#ages-40-to-44") == ("contradicts", "misstated_strength")


def test_no_hard_age_line_is_no_fixed_upper_age(verifier):
    text = ("The ACR draws no hard age line: women should keep having yearly mammograms past 74 unless "
            "serious comorbidities limit life expectancy.")
    assert judge(verifier, text, "acr-current#age-75-and-older")[0] == "supports"
    text = "The ACR draws a hard upper age line at 74."
    assert judge(verifier, text, "acr-current#age-75-and-older")[0] == "contradicts"


def test_rather_than_a_mandatory_test_denies_the_obligation(verifier):
    text = "The ACR recommends MRI for women with dense breasts who want it, as an extra rather than a mandatory test."
    assert judge(verifier, text, "acr-current#dense-breasts")[0] == "supports"


def test_an_example_in_parentheses_belongs_to_its_negated_item(verifier):
    text = "ACS average risk: no prior breast cancer, no known mutation (e.g. BRCA), no chest radiation before 30."
    assert judge(verifier, text, "acs-2015#average-risk")[0] == "supports"


def test_a_hyphenated_percent_a_year_is_a_rate(verifier):
    text = "The task force cited a 2%-a-year climb in invasive breast cancer among women in their 40s."
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[0] == "supports"
