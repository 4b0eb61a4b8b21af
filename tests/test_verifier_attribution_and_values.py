"""Who a claim speaks for when a note names organizations after the fact ("same as ORG", "under
ORG", "that's how ORG frames it"), parts of a decade of life, a double negative on the evidence,
and a card's one number changed. Each rule is tested with wording apart from the development sets,
and with a counterpart that must keep its label."""

import pytest

from .chunks import (
    ACOG_75,
    ACOG_FAQ,
    ACOG_INTERVAL,
    ACR_RESPONSE,
    ACR_RISK,
    ACR_START,
    ACS_40_44,
    USPSTF_75,
    USPSTF_REC,
)
from .conftest import judge


def test_same_as_another_organization_speaks_for_both(verifier):
    text = "ACR: yearly screening beginning at 40 - same as ACOG's."
    assert judge(verifier, text, ACR_START) == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, ACOG_INTERVAL) == ("contradicts", "wrong_organization")
    # without the comparison the card states it all
    assert judge(verifier, "ACR: yearly screening beginning at 40.", ACR_START)[0] == "supports"


def test_a_trailing_like_or_thats_how_org_puts_it_attributes_the_sentence(verifier):
    assert judge(verifier, "Screening every year starting at 40, just like the ACR.", ACR_START)[0] == "supports"
    assert judge(verifier, "Start at 40 and go every year or two, decided with your clinician; that's how ACOG "
                           "puts it.", ACOG_FAQ)[0] == "supports"
    # attributed to another organization, the card is not the one that says it
    assert judge(verifier, "Screening every year starting at 40, just like the USPSTF.", ACR_START)[0] != "supports"


def test_each_part_under_its_organization(verifier):
    text = "Ages 40-44: annual screening an option under ACS, biennial screening recommended under USPSTF."
    assert judge(verifier, text, ACS_40_44) == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, USPSTF_REC) == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("text, label", [
    ("ACS leaves annual screening up to women in their early forties.", "supports"),
    ("ACS leaves annual screening up to women in their late forties.", "does_not_support"),
])
def test_a_part_of_a_decade_is_its_part(verifier, text, label):
    assert judge(verifier, text, ACS_40_44)[0] == label


def test_a_part_of_a_decade_lies_inside_a_wider_range(verifier):
    assert judge(verifier, "The task force advises a mammogram every other year for women in their mid-forties.",
                 USPSTF_REC)[0] == "supports"


def test_not_lacking_evidence_is_having_it(verifier):
    assert judge(verifier, "The task force does not lack evidence on screening women past 75.",
                 USPSTF_75)[0] == "contradicts"
    assert judge(verifier, "The task force lacks the evidence to weigh screening women past 75.",
                 USPSTF_75)[0] == "supports"


@pytest.mark.parametrize("age, label", [("thirty", "contradicts"), ("25", "supports")])
def test_the_cards_sentence_with_its_one_number_changed_contradicts(verifier, age, label):
    assert judge(verifier, f"The ACR wants a breast cancer risk assessment for every woman by age {age}.",
                 ACR_RISK)[0] == label


@pytest.mark.parametrize("text, label", [
    ("With its 2024 update ACOG retired the bulletin's guidance for patients past 75.", "contradicts"),
    ("The bulletin's advice on patients past 75 is obsolete since ACOG's 2024 update.", "contradicts"),
    ("ACOG's 2024 update left the bulletin's guidance for patients past 75 as it was.", "supports"),
])
def test_a_section_said_to_be_replaced_that_the_update_left_in_place(verifier, text, label):
    assert judge(verifier, text, ACOG_75)[0] == label


def test_full_approval_against_a_change_called_not_far_enough(verifier):
    assert judge(verifier, "The radiologists praised the 2024 task force change as going far enough.",
                 ACR_RESPONSE)[0] == "contradicts"
    assert judge(verifier, "The radiologists said the 2024 task force change did not go far enough.",
                 ACR_RESPONSE)[0] == "supports"


def test_a_topic_of_another_card_is_not_contradicted_by_a_shared_age(verifier):
    """A claim about clinical breast exams cited to the start-age card: the card does not speak of
    it (does_not_support), though both name 40; the same card still contradicts a wrong start age."""
    text = "ACOG offers clinical breast exams every 1 to 3 years from 25 to 39 and yearly from 40, as an option."
    assert judge(verifier, text, "acog-2024#starting-age")[0] == "does_not_support"
    assert judge(verifier, "ACOG says screening mammography should begin at 45.",
                 "acog-2024#starting-age")[0] == "contradicts"


@pytest.mark.parametrize("text, label", [
    ("The task force notes that Black women are three times as likely to die of breast cancer.", "contradicts"),
    ("The task force notes that Black women are about 40% more likely to die of breast cancer.", "supports"),
])
def test_a_multiple_is_a_relative_risk_compared_with_the_cards(verifier, text, label):
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[0] == label


def test_for_one_group_only_against_a_card_that_names_more(verifier):
    assert judge(verifier, "The task force advice is for cisgender women only.",
                 "uspstf-2024#population")[0] == "contradicts"
