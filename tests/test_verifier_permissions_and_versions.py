"""A prohibition denied is a permission ("not barred from continuing" lets them continue); "it is not
correct that ..." denies what follows; "most expert groups" speaks for most organizations; a version
said to "remain the current word" is judged as current guidance, whatever year names it; an update
that names the version it replaces by its title gives that version's year; an age told with "now"
is the person's age, not a start; a breast exam "by a doctor" is a clinical breast examination;
"should be done" recommends; and "leaving ORG aside" sets ORG aside. Each rule is tested with wording
apart from the development sets, and with a counterpart that must keep its label."""

import pytest

from .chunks import (
    ACOG_75,
    ACOG_2017_CBE,
    ACOG_2017_INTERVAL,
    ACR_START,
    ACS_40_44,
    ACS_55,
    ACS_CBE,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, label", [
    ("Under ACS advice, women past 55 aren't prohibited from continuing annual mammograms.", ACS_55, "supports"),
    ("The ACS says women in their early forties are not forbidden from starting yearly screening.", ACS_40_44,
     "supports"),
    # the counterpart: a prohibition stated is no permission
    ("Under ACS advice, women past 55 are barred from continuing annual mammograms.", ACS_55, "contradicts"),
])
def test_a_prohibition_denied_is_a_permission(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


def test_it_is_not_correct_that_denies_what_follows(verifier):
    denied = "It isn't accurate that ACOG's interim update keeps the bulletin's advice for older women."
    assert judge(verifier, "It is not accurate that ACOG's interim update keeps the bulletin's advice for "
                           "older women.", ACOG_75)[0] == "contradicts"
    assert judge(verifier, denied.replace("It isn't accurate that ", ""), ACOG_75)[0] == "supports"


def test_most_expert_groups_speak_for_most_organizations(verifier):
    assert judge(verifier, "Most major groups recommend a yearly mammogram for a woman of 50.", ACR_START) == \
        ("partially_supports", "wrong_organization")
    assert judge(verifier, "The ACR recommends a yearly mammogram for a woman of 50.", ACR_START)[0] == "supports"


def test_a_version_said_to_remain_current_is_judged_as_current(verifier):
    assert judge(verifier, "Practice Bulletin 179, from 2017, remains the college's current advice on frequency: "
                           "every one or two years.", ACOG_2017_INTERVAL) == ("does_not_support", "wrong_version")
    # a part PB 179 still holds current
    assert judge(verifier, "ACOG's 2017 bulletin is still in force on the clinical breast exam, offered as an "
                           "option.", ACOG_2017_CBE)[0] == "supports"


def test_an_update_naming_the_version_it_replaces_gives_its_year(verifier):
    assert judge(verifier, "For women over 75, ACOG keeps following its 2017 bulletin.", ACOG_75)[0] == "supports"
    # a year of no version the card names stays unstated
    assert judge(verifier, "For women over 75, ACOG keeps following its 2012 bulletin.", ACOG_75)[0] != "supports"
    # a year that dates a position ("ever since") is not the version's name
    assert judge(verifier, "Ever since its 2017 bulletin, ACOG has told every woman at average risk to start at 40.",
                 "acog-2024#starting-age")[0] != "supports"


@pytest.mark.parametrize("text, label", [
    ("Per the USPSTF you should get a mammogram every two years, beginning now at 44.", "supports"),
    ("Per the USPSTF you should get a mammogram every two years, beginning at 44.", "contradicts"),
])
def test_an_age_told_with_now_is_the_persons_not_a_start(verifier, text, label):
    assert judge(verifier, text, USPSTF_REC)[0] == label


@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACS recommends a physician's breast exam yearly from age 40.", ACS_CBE,
     ("contradicts", "misstated_strength")),
    ("According to ACS, a breast exam by a clinician should be done at every checkup.", ACS_CBE,
     ("contradicts", "misstated_strength")),
    ("ACOG lets a breast exam by a clinician be offered as an option.", ACOG_2017_CBE, ("supports", None)),
])
def test_a_breast_exam_by_a_doctor_is_a_clinical_breast_examination(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


def test_leaving_an_organization_aside_sets_it_aside(verifier):
    text = "Setting the ACS aside, the USPSTF, ACOG and ACR all want screening to begin at 40."
    label, reason = judge(verifier, text, ACR_START)
    assert (label, reason) == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("text, chunk, label", [
    ("The ACR wants annual rather than every-24-month mammograms from 40.",
     "acr-uspstf-2024-response#annual-screening-from-40", "supports"),
    ("ACS: carry on while healthy if you expect to live another ten years or more.", "acs-2015#when-to-stop",
     "supports"),
    ("ACS: no stopping age; go on while healthy with a 10-year+ life expectancy.", "acs-2015#when-to-stop", "supports"),
    # a recommendation said to have been dropped, against a card that keeps it
    ("With its interim update, ACOG no longer advises screening through at least 75.", ACOG_75, "contradicts"),
    # a denial denied affirms what follows
    ("ACOG doesn't dispute that routine supplemental screening is needed for dense breasts.",
     "acog-2024#dense-breasts", "contradicts"),
    ("ACOG doesn't say that routine supplemental screening is needed for dense breasts.",
     "acog-2024#dense-breasts", "supports"),
])
def test_wordings_of_intervals_life_expectancy_and_denials(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


def test_the_organizations_named_all_speak_for_the_rest(verifier):
    text = "Except for the American Cancer Society, the groups we looked at all advise starting at 40."
    assert judge(verifier, text, "acog-2024#starting-age") == ("partially_supports", "wrong_organization")


def test_an_organization_that_does_not_recommend_starts_its_own_part(verifier):
    text = "Only the ACR recommends supplemental MRI for dense breasts; the USPSTF finds the evidence insufficient " \
           "and ACOG does not recommend it routinely."
    assert judge(verifier, text, "uspstf-2024#dense-breasts") == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("text, label", [
    ("The ACR last revised its average-risk advice in 2021 and its higher-risk advice in 2023.", "supports"),
    # the two years swapped: each part is judged against the card's date for that part
    ("The ACR last revised its average-risk advice in 2023 and its higher-risk advice in 2021.", "contradicts"),
    ("ACR's higher-risk guidance dates from 2021.", "contradicts"),
])
def test_each_part_is_dated_by_the_cards_clause_about_it(verifier, text, label):
    assert judge(verifier, text, ACR_START)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    # a choice left to the woman is an individual decision, not a recommendation
    ("The task force now tells women in their forties to decide for themselves.", USPSTF_REC, "contradicts"),
    ("In 2016 the task force told women in their forties to decide for themselves.", "uspstf-2016#ages-40-to-49",
     "supports"),
    # saying no is recommending against, which an I statement does not do
    ("The task force said no to extra MRIs for dense breasts.", "uspstf-2024#dense-breasts", "contradicts"),
])
def test_a_choice_left_to_her_and_a_no_are_strengths(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


def test_a_notes_brca_after_a_history_is_breast_cancer_not_the_gene(verifier):
    text = "Not covered: BRCA1/2 or another high-risk genetic marker; prior BrCa; high-risk lesion on an " \
           "earlier biopsy."
    assert judge(verifier, text, "uspstf-2024#exclusions")[0] == "supports"


@pytest.mark.parametrize("text, label", [
    ("The ACR holds that differing guidelines don't actually confuse patients.", "contradicts"),
    ("The ACR holds that differing guidelines confuse patients.", "supports"),
])
def test_conflicting_advice_named_as_the_subject_takes_no_side(verifier, text, label):
    assert judge(verifier, text, "acr-uspstf-2024-response#conflicting-recommendations")[0] == label

