"""Which clause of a card an age belongs to, rates over a period, and sides a card takes: an option
at 48 is weighed against the card's clause for 45 to 54, not its clause about the option from 55;
"no one recommends" is a denial for all organizations (and "not true that no one" undoes it);
"rejected" is the other side of "an improvement"; a number a section ties to its own topic does not
support a mammography claim; "2% every other year" is a wrong rate, "2% per year of age" another
quantity; "acceptable" and "accepts" state an option in their own words; "stopping depends on X" is
the card's "keep going unless X"; a side taken on a group the card does not name is no opposite.
Each rule is tested with wording apart from the development sets, and with a counterpart that must
keep its label."""

import pytest

from .chunks import (
    ACOG_INTERVAL,
    ACR_75,
    ACR_DENSE,
    ACR_RESPONSE,
    ACR_RISK,
    ACR_START,
    ACS_45_54,
    ACS_55,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_POPULATION,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    # the card: yearly from 45 to 54 (recommended), and the option to space it out only from 55
    ("Per the ACS, yearly screening at 48 is merely optional.", ACS_45_54, ("contradicts", "misstated_strength")),
    ("Per the ACS, a 50-year-old may choose whether to have a mammogram each year.", ACS_45_54,
     ("contradicts", "misstated_strength")),
    # the counterparts: the recommendation at 48, and the option where the card gives it
    ("Per the ACS, a woman of 48 should have a mammogram every year.", ACS_45_54, ("supports", None)),
    ("Per the ACS, yearly screening at 58 is optional.", ACS_55, ("supports", None)),
])
def test_an_age_is_weighed_against_the_clause_whose_range_holds_it(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # "no one"/"nobody" speaks for every organization, and denies what it names
    ("No one advises an extra MRI for women with dense breasts.", ACR_DENSE, "contradicts"),
    ("Nobody recommends supplemental MRI just for dense breasts.", USPSTF_DENSE, "partially_supports"),
    # "it is not true that no one ..." undoes the denial: someone does
    ("It is not true that nobody backs extra MRI for dense breasts: the ACR does.", ACR_DENSE, "supports"),
])
def test_no_one_denies_for_every_organization(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected


@pytest.mark.parametrize("text, expected", [
    ("The radiologists' college dismissed the task force's 2024 change out of hand.", "contradicts"),
    ("The ACR rejected the USPSTF's 2024 change to screening from 40.", "contradicts"),
    ("The ACR praised the move to start at 40 but said it did not go far enough.", "supports"),
    ("The ACR did not reject the 2024 USPSTF change.", "supports"),
])
def test_rejecting_is_the_other_side_of_calling_it_an_improvement(verifier, text, expected):
    assert judge(verifier, text, ACR_RESPONSE)[0] == expected


def test_a_number_a_section_ties_to_its_own_topic_does_not_support_a_mammography_claim(verifier):
    # the risk-assessment section's 25 is the assessment's age, not a mammogram's
    assert judge(verifier, "Women should get their first mammogram at age 25.", ACR_RISK) == \
        ("does_not_support", "missing_fact")
    # the counterparts: the assessment itself, and a mammography section
    assert judge(verifier, "The ACR wants every woman's breast cancer risk assessed by 25.", ACR_RISK)[0] == "supports"
    assert judge(verifier, "Women should have their first mammogram at 25.", ACR_START)[0] == "contradicts"


@pytest.mark.parametrize("text, expected", [
    # the same rise over another period: a wrong rate
    ("The task force said incidence climbed roughly 2% every two years.", ("contradicts", "missing_fact")),
    ("The task force said incidence climbed roughly 2% a month.", ("contradicts", "missing_fact")),
    ("The USPSTF put the increase at around 2% every other year.", ("contradicts", "missing_fact")),
    # another quantity with the same number: not stated
    ("Per the task force, risk goes up 2% with every year of age.", ("does_not_support", "missing_fact")),
    ("The task force said incidence climbed roughly 2% each year.", ("supports", None)),
])
def test_a_rate_over_another_period_is_wrong_and_another_quantity_is_unstated(verifier, text, expected):
    assert judge(verifier, text, USPSTF_CHANGES) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("ACOG considers mammograms every other year acceptable, after shared decision-making.", ACOG_INTERVAL,
     "supports"),
    ("Both ACOG and the ACS accept screening every other year at 60.", ACS_55, "partially_supports"),
    ("The ACS accepts every-other-year screening at 60.", ACS_55, "supports"),
    # the counterparts: accepting where the card recommends yearly; an obligation where it leaves a choice
    ("The ACS accepts every-other-year screening at 50.", ACS_45_54, "contradicts"),
    ("ACOG says mammograms every other year are required.", ACOG_INTERVAL, "contradicts"),
])
def test_acceptable_and_accepts_state_an_option(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected


@pytest.mark.parametrize("text, expected", [
    ("For the ACR, stopping depends on serious comorbidities that limit life expectancy.", "supports"),
    ("Under the ACR advice, stopping is tied to serious comorbidities limiting life expectancy.", "supports"),
    # the counterpart: stopping at an age
    ("The ACR says screening stops at 75.", "contradicts"),
])
def test_stopping_that_depends_on_the_cards_condition_is_no_opposite(verifier, text, expected):
    assert judge(verifier, text, ACR_75)[0] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # the exclusions name high-risk groups only: covering a family history is not their opposite
    ("The USPSTF advice still covers her even though her mum had breast cancer.", USPSTF_EXCLUSIONS,
     "does_not_support"),
    ("The 2024 USPSTF guidance includes women whose sister was diagnosed.", USPSTF_EXCLUSIONS, "does_not_support"),
    ("The 2024 USPSTF guidance includes women whose sister was diagnosed.", USPSTF_POPULATION, "supports"),
    # the counterparts: the group the card names, on either side
    ("The 2024 USPSTF guidance covers women with a BRCA2 mutation.", USPSTF_EXCLUSIONS, "contradicts"),
    ("The 2024 USPSTF guidance leaves out women whose mother had breast cancer.", USPSTF_POPULATION, "contradicts"),
])
def test_a_side_taken_on_a_group_the_card_does_not_name_is_no_opposite(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected
