"""A direction read into an I statement, an age bound written after the age, and past advice said to
hold today (classes claims_f showed): each worded apart from the set's own sentences, each with a
counterpart that must keep its label."""

import pytest

from .conftest import judge

# --- a direction drawn from an I statement -------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Screening beyond 74 is something the task force favors for healthy women.", "contradicts"),
    ("The task force says no one older than 74 should keep having mammograms; it advises against them.",
     "contradicts"),
    ("Mammograms past 74 do not help, according to the task force.", "contradicts"),
    ("For women 75 and older the task force finds the evidence insufficient.", "supports"),
])
def test_a_direction_is_never_an_i_statement(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#age-75-and-older")[0] == expected


def test_a_direction_drawn_as_a_consequence_of_insufficient_evidence_contradicts(verifier):
    text = "Evidence on screening women aged 75 and older is insufficient for the task force, so they should stop."
    label, reason = judge(verifier, text, "uspstf-2024#age-75-and-older")[:2]
    assert (label, reason) == ("contradicts", "misstated_strength")


def test_a_recommendation_for_other_ages_beside_the_i_statement_is_not_drawn_from_it(verifier):
    text = ("The task force recommends biennial screening from 40 to 74, and for women 75 and older it finds "
            "the evidence insufficient.")
    assert judge(verifier, text, "uspstf-2024#age-75-and-older")[0] == "partially_supports"


def test_a_suggestion_of_what_one_may_do_is_a_strength(verifier):
    text = "The task force suggests women with dense breasts could add an ultrasound after a negative mammogram."
    assert judge(verifier, text, "uspstf-2024#dense-breasts")[:2] == ("contradicts", "misstated_strength")


def test_a_double_negative_of_failing_to_recommend_recommends(verifier):
    text = "The task force does not fail to recommend screening for women 75 and older."
    assert judge(verifier, text, "uspstf-2024#age-75-and-older")[0] == "contradicts"


def test_not_needing_to_start_until_an_age_is_a_start_age_not_a_direction(verifier):
    label, reason = judge(verifier, "The task force says women don't need to begin screening until age 50.",
                          "uspstf-2024#recommendation")[:2]
    assert (label, reason) == ("contradicts", "missing_fact")


# --- an age bound written as the age before a range ("past 74" is "75 or older") -------------------

@pytest.mark.parametrize("text", ["women older than 74", "women past age 74", "anyone beyond 74"])
def test_an_open_range_after_an_age_meets_the_same_range(verifier, text):
    claim = f"For {text}, the task force finds the evidence insufficient to weigh benefits and harms."
    assert judge(verifier, claim, "uspstf-2024#age-75-and-older")[0] == "supports"


def test_an_open_range_from_a_younger_age_is_not_the_cards(verifier):
    claim = "For women past 70, the task force finds the evidence insufficient to weigh benefits and harms."
    assert judge(verifier, claim, "uspstf-2024#age-75-and-older")[0] != "supports"


# --- advice the card says held before its update, claimed as today's --------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Today the task force still leaves screening in the forties to each woman's individual decision.",
     "contradicts"),
    ("Before 2024 the task force left screening in the forties to each woman's individual decision.",
     "supports"),
])
def test_what_held_before_an_update_is_not_current(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[0] == expected


def test_the_old_start_advice_of_an_updated_card_is_not_current(verifier):
    text = "ACOG's advice is to offer mammograms from 40 and to start them by 50 at the latest."
    assert judge(verifier, text, "acog-2024#starting-age")[0] == "contradicts"
