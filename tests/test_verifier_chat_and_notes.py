"""Classes the chat-answer and clinician-summary sets (claims_g, claims_h) showed: a relative
difference is not a share, denials of what was said, wordings of leaving out and replacing, an
option to keep or switch, note shorthand (numeric dates, "mo", "no routine"), a schedule given to
an I statement's population, and a list of I statements cited to each. Worded apart from the sets'
own sentences, each with a counterpart that must keep its label."""

import pytest

from .chunks import USPSTF_CHANGES
from .conftest import judge

# --- a relative difference is not a share of a group ------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The task force noted that Black women are roughly 40% more likely to die of breast cancer.", "supports"),
    ("The task force noted roughly 40% higher breast cancer mortality among Black women.", "supports"),
    ("The task force noted that 40% of Black women with breast cancer die of it.", "contradicts"),
])
def test_a_relative_difference_is_not_a_share(verifier, text, expected):
    assert judge(verifier, text, USPSTF_CHANGES)[0] == expected


def test_a_rate_is_not_a_bare_percentage(verifier):
    text = "The task force says biennial mammograms lower breast cancer incidence by 2%."
    assert judge(verifier, text, USPSTF_CHANGES)[0] != "supports"


def test_a_hyphenated_percent_a_year_is_a_rate_not_an_interval(verifier):
    text = "The task force cites a two-percent yearly rise in invasive breast cancer among women in their 40s."
    assert judge(verifier, text, USPSTF_CHANGES)[0] == "supports"


# --- denials of what an organization said -------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The ACR never said the task force's move to 40 was not an improvement.", "supports"),
    ("The ACR did not say the task force's move to 40 was an improvement.", "contradicts"),
])
def test_denying_what_was_said(verifier, text, expected):
    assert judge(verifier, text, "acr-uspstf-2024-response#response-to-uspstf-2024")[0] == expected


def test_a_statement_not_made_is_not_a_recommendation_against(verifier):
    text = ("For people over 75 the task force hasn't said that screening is not worthwhile; it can't weigh "
            "benefits against harms.")
    assert judge(verifier, text, "uspstf-2024#age-75-and-older")[0] == "supports"


# --- wordings of leaving out, and of advice that lapsed -----------------------------------------

@pytest.mark.parametrize("text", [
    "Women whose mother had breast cancer are carved out of the task force's 2024 recommendation.",
    "A first-degree relative with breast cancer takes a woman out of the task force's recommendation.",
])
def test_wordings_of_leaving_out_contradict_a_card_that_covers(verifier, text):
    assert judge(verifier, text, "uspstf-2024#population")[0] == "contradicts"


def test_an_exclusion_list_in_a_notes_contraction_is_stated(verifier):
    text = "ACS avg-risk guideline doesn't cover women with a known BRCA mutation or chest radiation before 30."
    assert judge(verifier, text, "acs-2015#average-risk")[0] == "supports"


# --- an option to keep or switch is an option -----------------------------------------------------

@pytest.mark.parametrize("text", [
    "The ACS lets women 55 and older move to a mammogram every 24 months.",
    "The ACS does not rule out keeping yearly mammograms after 55.",
])
def test_leave_to_keep_or_switch_is_the_cards_choice(verifier, text):
    assert judge(verifier, text, "acs-2015#age-55-and-older")[0] == "supports"


def test_an_obligation_denied_is_no_obligation(verifier):
    text = "The ACS gives women 40 to 44 the choice of yearly mammograms rather than telling them they must."
    assert judge(verifier, text, "acs-2015#ages-40-to-44")[0] == "supports"


# --- note shorthand ---------------------------------------------------------------------------------

def test_a_numeric_date_is_no_age(verifier):
    text = "ACOG (10/10/2024): average-risk individuals should begin screening mammography at 40."
    assert judge(verifier, text, "acog-2024#starting-age")[0] == "supports"


def test_an_interval_in_months_abbreviated(verifier):
    text = "ACOG: mammography q12-24 mo, by shared decision-making."
    assert judge(verifier, text, "acog-2024#screening-interval")[0] == "supports"


def test_a_clinical_breast_exam_interval_in_months_is_years(verifier):
    text = "Under PB 179, a clinical breast exam may be offered every 12 to 36 months to women aged 25 to 39."
    assert judge(verifier, text, "acog-2017#clinical-breast-examination")[0] == "supports"


@pytest.mark.parametrize("text, expected", [
    ("ACOG: no routine supplemental screening when density is the only added factor.", "supports"),
    ("ACOG: routine supplemental screening when density is the only added factor.", "contradicts"),
])
def test_no_routine_is_not_routinely(verifier, text, expected):
    assert judge(verifier, text, "acog-2024#dense-breasts")[0] == expected


def test_an_organization_like_another_speaks_for_both(verifier):
    text = "ACOG, like ACR, calls for a mammogram every 12 months from 40."
    label, reason = judge(verifier, text, "acr-current#starting-age-and-interval")
    assert (label, reason) == ("partially_supports", "wrong_organization")


# --- an I statement --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Task force: biennial from 40 to 74, then annual screening from 75.",
    "The task force backs supplemental ultrasound after a negative mammogram for dense breasts.",
    "Per the task force, women 75 and older benefit from continued screening.",
])
def test_a_schedule_or_backing_is_not_an_i_statement(verifier, text):
    chunk = "uspstf-2024#dense-breasts" if "dense" in text else "uspstf-2024#age-75-and-older"
    assert judge(verifier, text, chunk)[0] == "contradicts"


def test_a_list_of_i_statements_is_partly_stated_by_each(verifier):
    text = ("In 2016 the task force issued I statements on screening at 75 and older, on tomosynthesis, and on "
            "supplemental screening for dense breasts.")
    assert judge(verifier, text, "uspstf-2016#age-75-and-older")[0] == "partially_supports"
    assert judge(verifier, text, "uspstf-2016#dense-breasts")[0] == "partially_supports"


# --- study sheets and e-consults (classes claims_i showed) -----------------------------------------

@pytest.mark.parametrize("text, chunk", [
    ("USPSTF '24: screening mammo q2y, age 40-74, grade B.", "uspstf-2024#recommendation"),
    ("ACR/SBI statement (4/30/24): the USPSTF move to start @40 is an improvement but doesn't go far enough.",
     "acr-uspstf-2024-response#response-to-uspstf-2024"),
    ("USPSTF ≥75: I (insuff. evid.).", "uspstf-2024#age-75-and-older"),
    ("ACOG: yearly vs every other yr by SDM.", "acog-2024#screening-interval"),
])
def test_note_shorthand_states_the_cards_facts(verifier, text, chunk):
    assert judge(verifier, text, chunk)[0] == "supports"


@pytest.mark.parametrize("text, chunk", [
    ("Not for: BRCA1/2 carriers, high-dose chest RT when young, prior breast ca, a high-risk lesion on an "
     "earlier bx.", "uspstf-2024#exclusions"),
    ("ACS avg-risk defn: no personal hx of breast ca, no strong FHx, no known mutation, no chest RT before 30.",
     "acs-2015#average-risk"),
])
def test_a_notes_exclusion_list_names_who_is_left_out(verifier, text, chunk):
    assert judge(verifier, text, chunk)[0] == "supports"


def test_a_year_the_source_was_in_force_dates_the_claim(verifier):
    text = "As of mid-2020, the task force left screening in the forties to an individual decision (grade C)."
    assert judge(verifier, text, "uspstf-2016#ages-40-to-49")[0] == "supports"


@pytest.mark.parametrize("text, expected", [
    ("The ACS doesn't pick a cutoff age; it says to continue while in good health with 10 or more years of "
     "life expectancy.", "supports"),
    ("It isn't that the task force opposes screening at 75 and older; the evidence isn't enough to decide "
     "either way.", "supports"),
])
def test_other_wordings_of_no_cutoff_and_of_insufficient_evidence(verifier, text, expected):
    chunk = "acs-2015#when-to-stop" if "ACS" in text else "uspstf-2024#age-75-and-older"
    assert judge(verifier, text, chunk)[0] == expected


def test_not_starting_until_an_age_starts_at_it(verifier):
    assert judge(verifier, "Per the task force, you don't need to start until 50.",
                 "uspstf-2024#recommendation")[0] == "contradicts"


@pytest.mark.parametrize("text, chunk, expected", [
    ("USPSTF position on 75+: continue past 74 unless comorbidities limit life expectancy.",
     "uspstf-2024#age-75-and-older", "contradicts"),  # a direction against an I statement
    ("ACOG FAQ for patients: start from 40, repeat every 1-2 years, timing decided with your clinician.",
     "acog-faq#when-to-start-and-how-often", "supports"),  # an imperative is no recommendation over an option
])
def test_a_notes_imperative_is_a_direction_not_a_recommendation(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected


def test_either_kind_can_serve_makes_each_acceptable(verifier):
    text = "Digital mammography or DBT: both acceptable for the biennial screen."
    assert judge(verifier, text, "uspstf-2024#screening-modality")[0] == "supports"
