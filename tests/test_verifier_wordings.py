"""The claim verifier on wordings an independently written claim set used (claims_c: patient
leaflets, journal-club slides, quality-improvement memos), one behaviour class per test. Each
pairs a claim the verifier must pass with one of the same kind it must not."""

import pytest

from .conftest import judge

# --- intervals in other units: months, "twice a year" -----------------------------------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("The USPSTF 2024 statement backs a 24-month mammography interval from age 40 through 74.",
     "uspstf-2024#recommendation", ("supports", None)),
    ("ACOG lets patients pick a 12- or 24-month screening interval after shared decision-making.",
     "acog-2024#screening-interval", ("supports", None)),
    ("The USPSTF backs a 12-month mammography interval from age 40 through 74.",
     "uspstf-2024#recommendation", ("contradicts", "missing_fact")),
    # biannual / semiannual is twice a year, not every 2 years
    ("The task force wants women 40 to 74 screened semiannually.",
     "uspstf-2024#recommendation", ("contradicts", "missing_fact")),
    ("The task force recommends a mammogram twice a year for women aged 40 to 74.",
     "uspstf-2024#recommendation", ("contradicts", "missing_fact")),
])
def test_an_interval_in_months_or_twice_a_year_is_an_interval(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- dates written day-first or abbreviated; document numbers; "pre-update" -------------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("ACOG's interim update of 10 October 2024 says average-risk patients should begin screening mammography at 40.",
     "acog-2024#starting-age", ("supports", None)),
    ("ACOG's interim update (Oct. 10, 2024) says average-risk patients should begin screening mammography at 40.",
     "acog-2024#starting-age", ("supports", None)),
    # the wrong month for the source's own publication contradicts it (independent labels: claims_c)
    ("ACOG's interim update of 10 March 2024 says average-risk patients should begin screening mammography at 40.",
     "acog-2024#starting-age", ("contradicts", "missing_fact")),
])
def test_a_day_first_or_abbreviated_date_is_a_date(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


def test_a_document_number_is_a_name_and_pre_update_is_the_past(verifier):
    # "PB 179" names the bulletin; its number is not a value the card must state
    assert judge(verifier, "Under PB 179, a clinical breast exam may be offered every 1-3 years at ages 25-39 "
                 "and annually from 40.", "acog-2017#clinical-breast-examination") == ("supports", None)
    # a claim about what ACOG said before its update may cite the superseded section
    assert judge(verifier, "Pre-update ACOG guidance offered screening from 40 and said to begin no later than 50.",
                 "acog-2017#starting-age") == ("supports", None)
    assert judge(verifier, "ACOG guidance offers screening from 40 and says to begin no later than 50.",
                 "acog-2017#starting-age")[0] == "does_not_support"


# --- "apart from ORG-A, all organizations ..." and positions listed one after another ---------

def test_all_organizations_after_a_set_aside_one_speaks_for_the_others(verifier):
    text = "Except for the task force, all the major groups tell women to stop mammograms at 75."
    # the others' cards set no stopping age: contradicted, for the organization each speaks for
    assert judge(verifier, text, "acr-current#age-75-and-older") == ("contradicts", "wrong_organization")
    assert judge(verifier, "Except for the task force, all the major groups advise screening from 40.",
                 "acr-current#starting-age-and-interval") == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("text, chunk, expected", [
    ("ACOG sets 1 or 2 years by shared decision-making, the USPSTF every 2 years from 40, and ACR a yearly mammogram.",
     "uspstf-2024#recommendation", ("partially_supports", "wrong_organization")),
    ("For dense breasts, ACR recommends supplemental MRI for women who want it, and the USPSTF finds the evidence "
     "insufficient.", "acr-current#dense-breasts", ("partially_supports", "wrong_organization")),
    # each organization's own part is still checked against its own card
    ("ACOG sets 1 or 2 years by shared decision-making, the USPSTF a yearly mammogram from 40, and ACR every year.",
     "uspstf-2024#recommendation", ("contradicts", "wrong_organization")),
])
def test_positions_listed_after_commas_are_one_assertion_per_organization(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- paraphrases of a side: "ruled against", "take the place of", "no upper age limit" ---------

@pytest.mark.parametrize("text, chunk, expected", [
    ("The USPSTF came out against supplemental MRI for women with dense breasts.",
     "uspstf-2024#dense-breasts", ("contradicts", "misstated_strength")),
    ("ACOG's patient FAQ says breast self-awareness can take the place of screening mammography.",
     "acog-faq#breast-self-awareness", ("contradicts", "missing_fact")),
    ("ACOG's patient FAQ does not describe breast self-awareness as making screening mammography unnecessary.",
     "acog-faq#breast-self-awareness", ("supports", None)),
    ("It is false that the ACR has no upper age limit for screening mammography.",
     "acr-current#age-75-and-older", ("contradicts", "missing_fact")),
    ("The ACR has no upper age limit for screening mammography.",
     "acr-current#age-75-and-older", ("supports", None)),
])
def test_paraphrases_of_a_strength_or_a_side(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- a card about another age group -----------------------------------------------------------

def test_a_card_about_another_age_group_does_not_state_nor_contradict_the_claim(verifier):
    assert judge(verifier, "The USPSTF recommends that women aged 76 to 85 keep getting a mammogram every 2 years.",
                 "uspstf-2024#recommendation") == ("does_not_support", "missing_fact")
    # an overlapping range with another end is a different value
    assert judge(verifier, "The USPSTF recommends a mammogram every 2 years for women aged 40 to 76.",
                 "uspstf-2024#recommendation") == ("contradicts", "missing_fact")


def test_a_range_from_the_cards_start_with_another_end_contradicts(verifier):
    assert judge(verifier, "The ACS wants a yearly mammogram for women from 45 through 55.",
                 "acs-2015#ages-45-to-54") == ("contradicts", "missing_fact")
    assert judge(verifier, "The ACS wants a yearly mammogram for women from 45 through 54.",
                 "acs-2015#ages-45-to-54") == ("supports", None)


# --- citation markers and slide numbers are no values of the claim -------------------------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("The task force advises a mammogram every other year from 40 through 74 [1].",
     "uspstf-2024#recommendation", ("supports", None)),
    ("Slide 4: USPSTF 2024, biennial screening 40-74, grade B [2, 3].",
     "uspstf-2024#recommendation", ("supports", None)),
    ("The task force advises a mammogram every year from 40 through 74 [1].",
     "uspstf-2024#recommendation", ("contradicts", "missing_fact")),
])
def test_a_citation_marker_is_not_a_number_of_the_claim(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
