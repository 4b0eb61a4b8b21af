"""Who a claim speaks for when a note names organizations after the fact ("same as ORG", "under
ORG", "that's how ORG frames it"), parts of a decade of life, a double negative on the evidence,
and a card's one number changed. Each rule is tested with wording apart from the development sets,
and with a counterpart that must keep its label."""

import pytest

from .conftest import judge

ACR = "acr-current#starting-age-and-interval"
ACR_RISK = "acr-current#risk-assessment"
ACOG_FAQ = "acog-faq#when-to-start-and-how-often"
ACOG_INTERVAL = "acog-2024#screening-interval"
ACS_EARLY = "acs-2015#ages-40-to-44"
USPSTF_2024 = "uspstf-2024#recommendation"
USPSTF_75 = "uspstf-2024#age-75-and-older"


def test_same_as_another_organization_speaks_for_both(verifier):
    text = "ACR: yearly screening beginning at 40 - same as ACOG's."
    assert judge(verifier, text, ACR) == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, ACOG_INTERVAL) == ("contradicts", "wrong_organization")
    # without the comparison the card states it all
    assert judge(verifier, "ACR: yearly screening beginning at 40.", ACR)[0] == "supports"


def test_a_trailing_like_or_thats_how_org_puts_it_attributes_the_sentence(verifier):
    assert judge(verifier, "Screening every year starting at 40, just like the ACR.", ACR)[0] == "supports"
    assert judge(verifier, "Start at 40 and go every year or two, decided with your clinician; that's how ACOG "
                           "puts it.", ACOG_FAQ)[0] == "supports"
    # attributed to another organization, the card is not the one that says it
    assert judge(verifier, "Screening every year starting at 40, just like the USPSTF.", ACR)[0] != "supports"


def test_each_part_under_its_organization(verifier):
    text = "Ages 40-44: annual screening an option under ACS, biennial screening recommended under USPSTF."
    assert judge(verifier, text, ACS_EARLY) == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, USPSTF_2024) == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("text, label", [
    ("ACS leaves annual screening up to women in their early forties.", "supports"),
    ("ACS leaves annual screening up to women in their late forties.", "does_not_support"),
])
def test_a_part_of_a_decade_is_its_part(verifier, text, label):
    assert judge(verifier, text, ACS_EARLY)[0] == label


def test_a_part_of_a_decade_lies_inside_a_wider_range(verifier):
    assert judge(verifier, "The task force advises a mammogram every other year for women in their mid-forties.",
                 USPSTF_2024)[0] == "supports"


def test_not_lacking_evidence_is_having_it(verifier):
    assert judge(verifier, "The task force does not lack evidence on screening women past 75.",
                 USPSTF_75)[0] == "contradicts"
    assert judge(verifier, "The task force lacks the evidence to weigh screening women past 75.",
                 USPSTF_75)[0] == "supports"


@pytest.mark.parametrize("age, label", [("thirty", "contradicts"), ("25", "supports")])
def test_the_cards_sentence_with_its_one_number_changed_contradicts(verifier, age, label):
    assert judge(verifier, f"The ACR wants a breast cancer risk assessment for every woman by age {age}.",
                 ACR_RISK)[0] == label
