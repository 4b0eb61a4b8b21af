"""Claims: a change dated on both sides ("went from X in 2016 to Y in 2024") is checked side by side, each version
against its own side; a card's "can switch to X or keep having Y" is a move from Y to X, which a claim moving the
other way reverses; "choose between yearly and every-other-year" offers a choice that a card giving one schedule
alone contradicts; advice "with no exceptions" contradicts a card that leaves groups out; a topic glossed as another
("self-awareness means a clinician examining your breasts") contradicts a card that names the first and not the
second; a schedule "less often than every two years" denied by organizations named together recommends every two
years or more often; "every-year advice" is annual; "two times more likely" is a ratio of two; "moved the start to
age 45" gives a start; covered "only if there is no X" leaves X out; "doesn't bother patients" and "good for
patients" deny the confusion a card names; "the same thing" denies a difference a card draws; "the ACS, the ACR and
the ACOG, all three, ..." names the three; "not a reason to be excluded" keeps the group in; "ORG in 2019 advised
..." speaks at 2019; "my aunt of 46 years" is her age; "keep going if healthy" continues while in good health. Each
with a counterpart that keeps its reading."""

import datetime as dt

from .chunks import (
    ACOG_2017_INTERVAL,
    ACOG_FAQ_DIAGNOSTIC,
    ACOG_FAQ_SELF_AWARENESS,
    ACOG_START,
    ACR_75,
    ACR_CONFLICTING,
    ACR_START,
    ACS_55,
    ACS_STOP,
    USPSTF_2016_DBT,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


def test_a_change_dated_on_both_sides_is_checked_side_by_side(verifier):
    claim = "Digital breast tomosynthesis went from an I statement in 2016 to being judged effective in 2024."
    assert judge(verifier, claim, USPSTF_2016_DBT) == ("partially_supports", "missing_fact")
    assert judge(verifier, claim, USPSTF_MODALITY) == ("partially_supports", "missing_fact")
    forties = "For women in their forties the task force went from an individual decision in 2016 to biennial " \
              "screening in 2024."
    assert judge(verifier, forties, USPSTF_REC) == ("partially_supports", "missing_fact")
    # (each side is still checked: the new version's side told wrong contradicts it)
    wrong = "For women in their forties the task force went from an individual decision in 2016 to annual " \
            "screening in 2024."
    assert judge(verifier, wrong, USPSTF_REC)[0] == "contradicts"
    # (a card that tells the change itself states both sides)
    assert judge(verifier, forties, USPSTF_CHANGES) == ("supports", None)


def test_a_switch_the_card_offers_is_a_move_a_claim_can_reverse(verifier):
    reversed_ = "Under the ACS guideline, women go from every-two-years screening to yearly screening at 55."
    assert judge(verifier, reversed_, ACS_55) == ("contradicts", "missing_fact")
    assert judge(verifier, "At 55 the ACS lets women switch to every two years or keep going yearly.",
                 ACS_55) == ("supports", None)


def test_a_choice_between_two_schedules_against_one_alone(verifier):
    claim = "The ACR lets a woman of 48 choose between yearly and every-other-year mammograms."
    assert judge(verifier, claim, ACR_START) == ("contradicts", "missing_fact")
    assert judge(verifier, "The ACR advises a woman of 48 to have yearly mammograms.", ACR_START) == ("supports", None)


def test_advice_with_no_exceptions_against_a_card_that_leaves_groups_out(verifier):
    claim = "Per the USPSTF, everyone from 40 to 74 gets a mammogram every two years, without exception."
    assert judge(verifier, claim, USPSTF_EXCLUSIONS) == ("contradicts", "missing_fact")
    assert judge(verifier, "Per the USPSTF, everyone from 40 to 74 gets a mammogram every two years.",
                 USPSTF_EXCLUSIONS)[0] == "does_not_support"


def test_a_topic_glossed_as_another_contradicts_the_card(verifier):
    claim = "ACOG's patient page says breast self-awareness means having your doctor examine your breasts each year."
    assert judge(verifier, claim, ACOG_FAQ_SELF_AWARENESS) == ("contradicts", "missing_fact")
    # (the other topic set apart is no gloss)
    apart = "ACOG's patient page says breast self-awareness means knowing how your breasts normally look and feel, " \
            "not having your doctor examine your breasts."
    assert judge(verifier, apart, ACOG_FAQ_SELF_AWARENESS)[0] != "contradicts"


def test_a_less_frequent_schedule_denied_by_several_is_at_least_that_one(verifier):
    claim = "None of the USPSTF, ACOG or ACR recommends mammograms less often than every two years."
    assert judge(verifier, claim, USPSTF_REC) == ("partially_supports", "wrong_organization")
    assert judge(verifier, claim, ACR_START) == ("partially_supports", "wrong_organization")
    assert judge(verifier, "The USPSTF, ACOG and ACR each recommend mammograms every three years.",
                 USPSTF_REC)[0] == "contradicts"


def test_a_hyphenated_every_year_is_annual(verifier):
    assert judge(verifier, "The USPSTF gives every-year advice from 40.", USPSTF_REC) == ("contradicts", "missing_fact")
    assert judge(verifier, "The ACR gives every-year advice from 40.", ACR_START) == ("supports", None)


def test_two_times_more_likely_is_a_ratio_of_two(verifier):
    claim = "The USPSTF notes that Black women are three times more likely to die of breast cancer."
    assert judge(verifier, claim, USPSTF_CHANGES) == ("contradicts", "missing_fact")
    assert judge(verifier, "The USPSTF notes that Black women are about 40% more likely to die of breast cancer.",
                 USPSTF_CHANGES) == ("supports", None)


def test_the_start_moved_to_an_age_is_a_start(verifier):
    assert judge(verifier, "ACOG's 2024 update pushed the start to age 45.", ACOG_START) \
        == ("contradicts", "missing_fact")
    assert judge(verifier, "ACOG's 2024 update moved the start to age 40.", ACOG_START) == ("supports", None)


def test_covered_only_without_a_group_leaves_it_out(verifier):
    claim = "The USPSTF advice covers a woman of 45 only if there is no family history of breast cancer."
    assert judge(verifier, claim, USPSTF_POPULATION) == ("contradicts", "missing_fact")
    assert judge(verifier, "The USPSTF advice covers a woman of 45 with a family history of breast cancer.",
                 USPSTF_POPULATION) == ("supports", None)


def test_a_denied_confusion_contradicts_the_card(verifier):
    assert judge(verifier, "The ACR statement says conflicting advice doesn't bother patients.",
                 ACR_CONFLICTING) == ("contradicts", "missing_fact")
    assert judge(verifier, "The ACR statement says differing recommendations are good for patients.",
                 ACR_CONFLICTING) == ("contradicts", "missing_fact")
    assert judge(verifier, "The ACR statement says differing recommendations confuse patients.",
                 ACR_CONFLICTING) == ("supports", None)


def test_the_same_thing_denies_a_difference_the_card_draws(verifier):
    claim = "ACOG's patient page says a screening mammogram and a diagnostic mammogram are basically the same."
    assert judge(verifier, claim, ACOG_FAQ_DIAGNOSTIC) == ("contradicts", "missing_fact")
    assert judge(verifier, "ACOG's patient page explains two kinds of mammogram, screening and diagnostic.",
                 ACOG_FAQ_DIAGNOSTIC) == ("supports", None)


def test_organizations_counted_after_they_are_named_are_each_named(verifier):
    claim = "The ACS, the ACR and the ACOG, all three, set a fixed upper age of 75."
    assert judge(verifier, claim, ACR_75) == ("contradicts", "wrong_organization")


def test_not_a_reason_to_be_excluded_keeps_the_group_in(verifier):
    claim = "A mother's breast cancer is not a reason to be excluded from the USPSTF advice."
    assert judge(verifier, claim, USPSTF_POPULATION) == ("supports", None)
    assert judge(verifier, "A mother's breast cancer is a reason to be excluded from the USPSTF advice.",
                 USPSTF_POPULATION)[0] == "contradicts"


def test_a_year_between_the_subject_and_its_advice_is_when_it_spoke(verifier):
    at_2020 = dt.date(2020, 6, 30)
    claim = "ACOG in 2019 advised mammograms every 1 or 2 years, chosen with the clinician."
    assert judge(verifier, claim, ACOG_2017_INTERVAL, at_2020) == ("supports", None)
    # (a year before the version was published is another time's)
    assert judge(verifier, "ACOG in 2012 advised mammograms every 1 or 2 years, chosen with the clinician.",
                 ACOG_2017_INTERVAL, at_2020)[0] != "supports"


def test_a_learners_relative_of_an_age_in_years_is_her_age(verifier):
    assert judge(verifier, "The USPSTF says my aunt of 46 years should have a mammogram every two years.",
                 USPSTF_REC) == ("supports", None)
    assert judge(verifier, "The USPSTF says my aunt of 36 years should have a mammogram every two years.",
                 USPSTF_REC)[0] != "supports"


def test_keep_going_if_healthy_is_continuing_while_in_good_health(verifier):
    assert judge(verifier, "Past 75 the ACS says keep going if healthy.", ACS_STOP) == ("supports", None)
    assert judge(verifier, "Past 75 the ACS says stop, even if healthy.", ACS_STOP)[0] == "contradicts"
