"""What a denial reaches: a denied "tells them that ...", a denied exclusion, a condition inside a
denied clause, "can't"; a net harm as a case against; an extra test "suggested"; a change called
"not enough"; a card sentence that goes on about the one before; each decade of a list; "neither
A nor B nor C" and "neither A nor B advice is meant for ..." per organization; a group left out in
other words than the card's. Each rule is tested with wording apart from the development sets, and
with a counterpart that must keep its label."""

import pytest

from .chunks import ACOG_INTERVAL, ACR_RESPONSE, ACS_STOP, USPSTF_75, USPSTF_2016_DENSE, USPSTF_POPULATION
from .conftest import judge


@pytest.mark.parametrize("text, label", [
    ("The task force does not tell women past 75 that they should not be screened.", "supports"),
    ("The task force tells women past 75 that they should not be screened.", "contradicts"),
])
def test_what_an_organization_is_denied_to_tell_is_denied(verifier, text, label):
    assert judge(verifier, text, USPSTF_75)[0] == label


@pytest.mark.parametrize("text", [
    "Screening past 75 does more harm than good, says the task force.",
    "According to the USPSTF, for women over 75 the harms of screening outweigh the benefits.",
])
def test_a_net_harm_is_a_case_against_not_an_insufficient_evidence_statement(verifier, text):
    assert judge(verifier, text, USPSTF_75)[:2] == ("contradicts", "misstated_strength")


@pytest.mark.parametrize("text, label", [
    # the condition belongs to the denied clause: the denial turns "cannot keep up", not "provided"
    ("The ACS never says women cannot keep up mammograms past 75 provided they are healthy.", "supports"),
    ("The ACS doesn't say you can't keep having mammograms after 75, as long as you're healthy.", "supports"),
    # denied outright, the permission to go on is what the card grants: the card sentence on going on
    # gets the ages from the sentence after it ("This applies to ... those aged 75 and above")
    ("It is not true that the ACS lets women keep up mammograms past 75 provided they are healthy.", "contradicts"),
    ("The ACS says women should stop mammograms at 75.", "contradicts"),
])
def test_a_condition_inside_a_denied_clause_is_not_turned(verifier, text, label):
    assert judge(verifier, text, ACS_STOP)[0] == label


@pytest.mark.parametrize("text, label", [
    ("A sister's breast cancer does not mean the task force advice is not meant for her.", "supports"),
    ("A sister's breast cancer means the task force advice is not meant for her.", "contradicts"),
])
def test_a_denied_exclusion_is_not_an_exclusion(verifier, text, label):
    assert judge(verifier, text, USPSTF_POPULATION)[0] == label


def test_an_extra_test_suggested_is_a_recommendation_a_suggested_routine_one_an_option(verifier):
    assert judge(verifier, "Back in 2016 the task force suggested additional MRI for women with dense breasts.",
                 USPSTF_2016_DENSE)[:2] == ("contradicts", "misstated_strength")
    assert judge(verifier, "ACOG suggests a mammogram every one or two years.", ACOG_INTERVAL)[0] == "supports"


@pytest.mark.parametrize("text, label", [
    ("The ACR never said the task force's change was not enough.", "contradicts"),
    ("The ACR said the task force's change was not enough.", "supports"),
])
def test_a_change_called_not_enough_falls_short(verifier, text, label):
    assert judge(verifier, text, ACR_RESPONSE)[0] == label


@pytest.mark.parametrize("text, label", [
    ("Under the task force, biennial screening covers women in their forties, fifties and sixties.", "supports"),
    ("Under the task force, biennial screening covers women in their forties, fifties, sixties and eighties.",
     "contradicts"),
])
def test_each_decade_of_a_list_is_an_age_range(verifier, text, label):
    assert judge(verifier, text, "uspstf-2024#recommendation")[0] == label


@pytest.mark.parametrize("chunk", [USPSTF_75, ACS_STOP, "acr-current#age-75-and-older"])
def test_neither_of_three_denies_each_its_own_part(verifier, chunk):
    text = "Neither the task force nor the ACS nor the ACR tells you that you must never have a mammogram after 75."
    assert judge(verifier, text, chunk) == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("chunk, label", [
    ("uspstf-2024#exclusions", ("partially_supports", "wrong_organization")),
    ("acs-2015#average-risk", ("partially_supports", "wrong_organization")),
])
def test_neither_organizations_advice_is_meant_for_a_group_each_leaves_it_out(verifier, chunk, label):
    text = "Neither the USPSTF nor the ACS guidance is meant for people who carry a BRCA gene change."
    assert judge(verifier, text, chunk) == label


@pytest.mark.parametrize("text, label", [
    # what the claim calls the position ("advice") and how it says a group is left out are no content
    ("The task force advice is not meant for people who carry a harmful gene change.", "supports"),
    ("The task force advice is meant for people who had radiation to the chest when young.", "contradicts"),
])
def test_a_group_left_out_in_other_words_than_the_cards(verifier, text, label):
    assert judge(verifier, text, "uspstf-2024#exclusions")[0] == label


@pytest.mark.parametrize("text, label", [
    # not held to be a reason for routine extra screening is no case for it; held to be one is
    ("ACOG does not consider dense tissue by itself a reason for routine supplemental screening.", "supports"),
    ("ACOG considers dense tissue by itself a reason for routine supplemental screening.", "contradicts"),
])
def test_not_a_reason_for_a_test_is_a_case_against_it(verifier, text, label):
    assert judge(verifier, text, "acog-2024#dense-breasts")[0] == label


def test_little_to_gain_is_a_case_against(verifier):
    assert judge(verifier, "The task force sees little to gain from screening women past 75.", USPSTF_75) == (
        "contradicts", "misstated_strength")


def test_should_no_longer_be_screened_is_a_case_against(verifier):
    assert judge(verifier, "Per the task force, women past 75 should no longer be screened.", USPSTF_75) == (
        "contradicts", "misstated_strength")
