"""Classes the review of claims_f..i showed after their blind measurement: a set-aside organization
named mid-sentence ("every group except ORG-A"), counted others ("the other three groups"), a
majority with its exception ("most groups X, although ORG-A Y"); wordings of an upper age limit
("caps it at", "a firm stopping age", "lacks a cut-off"); lengths of time that are not ages
("LE >=10 y", "another decade"); a note's bare denial ("Not accurate that ..."). Worded apart
from the sets' own sentences, each with a counterpart that must keep its label."""

import pytest

from .chunks import ACOG_START, ACR_75, ACR_RESPONSE_ANNUAL, ACS_45_54, ACS_55, ACS_STOP, USPSTF_REC
from .conftest import PINNED, judge

# --- who a claim about "the groups" speaks for --------------------------------------------------

@pytest.mark.parametrize("text", [
    "Every organization except the ACS now tells average-risk women to start mammograms at 40.",
    "All the groups but the ACS now tell average-risk women to start mammograms at 40.",
    "Apart from the ACS, the remaining three groups now tell average-risk women to start at 40.",
    "Apart from the ACS, none of these groups waits past 40 to start average-risk women on mammograms.",
])
def test_the_others_speak_for_every_organization_but_the_one_set_aside(verifier, text):
    # the cited organization is one of the others: its part is stated, the claim speaks for more
    assert judge(verifier, text, USPSTF_REC)[:2] == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, ACOG_START)[:2] == ("partially_supports", "wrong_organization")
    # the organization set aside is not what the claim speaks for
    assert judge(verifier, text, ACS_45_54)[0] == "does_not_support"


def test_without_a_set_aside_organization_every_group_includes_it(verifier):
    text = "Every organization now tells average-risk women to start mammograms at 40."
    assert judge(verifier, text, ACS_45_54)[0] == "contradicts"


def test_a_majority_with_its_exception_is_two_assertions(verifier):
    text = "Most of the groups favour a start around 40, though the ACS puts routine yearly screening at 45."
    assert judge(verifier, text, ACS_45_54) == ("partially_supports", "wrong_organization")  # ACS's part is stated
    assert judge(verifier, text, USPSTF_REC)[:2] == ("partially_supports", "wrong_organization")


def test_a_majority_whose_though_clause_names_no_organization_sets_none_aside(verifier):
    """No organization is set aside as the exception, so none has a part of its own the card could
    state: the claim speaks for most organizations, and the card does not state its start."""
    text = "Most of the groups favour a start around 40, though screening is a personal choice."
    assert judge(verifier, text, ACS_45_54) == ("does_not_support", "wrong_organization")


# --- an upper age limit, in other words -----------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The ACR caps screening at 74.", "contradicts"),
    ("Under the ACR advice there is a hard upper age limit.", "contradicts"),
    ("The ACR lacks any upper age cut-off.", "supports"),
    ("It is not the case that the ACR lacks an upper age cut-off.", "contradicts"),
])
def test_an_upper_age_limit_against_a_card_that_sets_none(verifier, text, expected):
    assert judge(verifier, text, ACR_75)[0] == expected


@pytest.mark.parametrize("text, expected", [
    ("The ACS sets a firm stopping age of 75.", "contradicts"),
    ("The ACS names no cut-off age for stopping.", "supports"),
])
def test_a_firm_stopping_age_against_no_fixed_one(verifier, text, expected):
    assert judge(verifier, text, ACS_STOP)[0] == expected


def test_a_bare_denial_in_a_note_turns_the_clause(verifier):
    assert judge(verifier, "Not accurate that ACS has no upper age limit.", ACS_STOP)[0] == "contradicts"
    assert judge(verifier, "Accurate that ACS has no upper age limit.", ACS_STOP)[0] == "supports"


# --- a length of time is not an age ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "ACS: go on screening while healthy with LE ≥10 y.",
    "ACS: keep going while in good health and a life expectancy of 10+ yrs.",
    "The ACS wants healthy women who can expect another decade of life to keep screening.",
])
def test_a_life_expectancy_is_a_duration_not_an_age(verifier, text):
    # the card on ages 55 and older does not state it; it does not contradict it with "55, not 10"
    verdict = verifier.judge(text, ACS_55, PINNED)
    assert verdict.label != "contradicts", verdict.explanation
    assert judge(verifier, text, ACS_STOP)[0] == "supports"


def test_an_age_in_the_same_place_is_still_compared(verifier):
    assert judge(verifier, "ACS: switch to every other year from age 60.", ACS_55)[0] == "contradicts"


# --- "only ORG-A does X": ORG-A does, the others do not -------------------------------------------

@pytest.mark.parametrize("text", [
    "Only the ACR tells average-risk women to begin at 40.",
    "The ACR is the only organization that tells average-risk women to begin at 40.",
    "Among the four groups, only the ACR tells average-risk women to begin at 40.",
])
def test_only_one_organization_denies_the_others(verifier, text):
    assert judge(verifier, text, USPSTF_REC) == ("contradicts", "wrong_organization")  # USPSTF begins at 40 too
    acr = "acr-current#starting-age-and-interval"
    assert judge(verifier, text, acr) == ("partially_supports", "wrong_organization")


def test_only_one_organization_against_another_that_agrees_with_the_denial(verifier):
    text = "Of the four, only the ACR recommends supplemental MRI for dense breasts."
    assert judge(verifier, text, "acog-2024#dense-breasts")[0] == "partially_supports"
    assert judge(verifier, text, "acr-current#dense-breasts")[0] == "partially_supports"


# --- the advice applied to a group the card names among those it leaves out -----------------------

@pytest.mark.parametrize("text", [
    "The ACS schedule for women 45 to 54 holds for survivors of breast cancer as well.",
    "ACS's average-risk yearly screening also fits a woman who had chest radiation at 16.",
])
def test_advice_applied_to_a_group_the_card_leaves_out_contradicts_it(verifier, text):
    assert judge(verifier, text, "acs-2015#average-risk") == ("contradicts", "out_of_scope")


def test_a_list_of_who_the_card_leaves_out_is_not_applying_the_advice_to_them(verifier):
    text = "The ACS average-risk advice leaves out women who had breast cancer or chest radiation when young."
    assert judge(verifier, text, "acs-2015#average-risk")[0] == "supports"


# --- lists of organizations in notes and in prose -------------------------------------------------

def test_a_co_signer_and_an_ampersand_keep_a_list_of_organizations(verifier):
    text = "ACR/SBI & ACOG: both from 40."
    assert judge(verifier, text, ACOG_START) == ("partially_supports", "wrong_organization")


def test_a_year_after_each_name_keeps_the_list(verifier):
    text = "Both USPSTF 2024 and ACOG 2024 point to incidence in the forties rising about 2% a year."
    assert judge(verifier, text, "acog-2024#rationale") == ("partially_supports", "wrong_organization")


def test_much_as_org_opens_that_organizations_own_assertion(verifier):
    text = "ACS sees no role for clinical breast exams, much as ACOG offers them only as an option."
    acog_cbe = "acog-2017#clinical-breast-examination"
    assert judge(verifier, text, acog_cbe) == ("partially_supports", "wrong_organization")


def test_none_of_a_listed_set_denies_it_for_each(verifier):
    text = "None of USPSTF, ACS or ACR advises against screening a healthy 80-year-old."
    assert judge(verifier, text, ACS_STOP) == ("partially_supports", "wrong_organization")
    text = "None of USPSTF, ACS or ACR advises screening a healthy 80-year-old."
    assert judge(verifier, text, ACS_STOP)[0] == "contradicts"


# --- a list of who is left out, right in part -------------------------------------------------------

def test_a_list_of_exclusions_with_one_the_card_does_not_name_is_partly_right(verifier):
    text = "The USPSTF exclusions: BRCA carriers, prior breast cancer, and current pregnancy."
    assert judge(verifier, text, "uspstf-2024#exclusions") == ("partially_supports", "missing_fact")


# --- a card that reports another organization's position --------------------------------------------


@pytest.mark.parametrize("text", [
    "USPSTF = yearly mammogram from 40",
    "The ACR and the USPSTF now both want a mammogram every year from forty.",
])
def test_another_organizations_position_the_card_reports_otherwise_contradicts(verifier, text):
    assert judge(verifier, text, ACR_RESPONSE_ANNUAL) == ("contradicts", "wrong_organization")


def test_another_organizations_position_the_card_reports_the_same_is_only_misattributed(verifier):
    assert judge(verifier, "The USPSTF advises a mammogram every 2 years from 40.", ACR_RESPONSE_ANNUAL) == (
        "does_not_support", "wrong_organization")


def test_a_notes_slashes_between_organizations_part_their_positions(verifier):
    text = "Start age: USPSTF 40 / ACOG 40 / ACS 45"
    assert judge(verifier, text, ACOG_START) == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, USPSTF_REC) == ("partially_supports", "wrong_organization")
