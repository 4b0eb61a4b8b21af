"""A message's greeting, a quiz item's "Q2, answer:", a summary's "TL;DR:", a connective ("Indeed,")
where the writer found a claim ("As cited in this 2025 report,") and what a letter answers ("your
article implied X, yet ...") frame it and assert nothing.
Quantities: "twice-yearly" is every six months; "four times as likely" is a relative risk, not the
card's 40%; a word-for-word translation's "each two years ... from the 40 until the 74 years" is an
interval and an age range; "younger than 45" holds a card's 40 to 44. Polarity and speakers: "says
not to do X" is against (and denying it denies only that); "everyone except ORG-A" speaks for the
others; "neither ORG-B nor ORG-C" speaks for both; a relative's cancer told of the people covered
is their family history; a topic named in other words ("extra imaging") is the card's topic, its
words stated. Each with a counterpart."""

import pytest

from .chunks import (
    ACOG_75,
    ACOG_DENSE,
    ACOG_START,
    ACR_RESPONSE_ANNUAL,
    ACS_40_44,
    ACS_45_54,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("Hi Maria, it's Dana, the nurse practitioner, returning your call: good news, the Task Force's screening "
     "advice does cover women whose mother had breast cancer.", USPSTF_POPULATION, ("supports", None)),
    # (and "not every group agrees on X:" introduces the positions, which the card reports both of)
    ("Q2, answer: False. Not every group agrees on yearly mammograms: the Task Force says every 2 years, while the "
     "American College of Radiology urges every year from 40.", ACR_RESPONSE_ANNUAL, ("supports", None)),
    ("As cited in this fiscal-year 2025 report, the USPSTF recommends a screening mammogram every 24 months for "
     "average-risk women aged 40 to 74.", USPSTF_REC, ("supports", None)),
    ("To the Editor: your article implied the Task Force and the radiologists now agree, yet the ACR's own "
     "response urges annual, not biennial, screening from age forty.", ACR_RESPONSE_ANNUAL, ("supports", None)),
    # the counterpart: a report said to be the organization's own, and its year, are checked
    ("In its fiscal-year 2025 report, the USPSTF recommends a screening mammogram every 24 months for "
     "average-risk women aged 40 to 74.", USPSTF_REC, ("partially_supports", "missing_fact")),
])
def test_a_messages_frame_asserts_nothing(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACS recommends twice-yearly mammograms from 45 to 54.", ACS_45_54, ("contradicts", "missing_fact")),
    ("The ACS recommends yearly mammograms from 45 to 54.", ACS_45_54, ("supports", None)),
    ("The USPSTF says Black women are four times as likely to die of breast cancer.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
    ("The Task Force of Preventive Services of the United States recommends the mammography each two years for "
     "the women from the 40 until the 74 years.", USPSTF_REC, ("supports", None)),  # "recommends" is "advises"
    ("The Task Force recommends the mammography each year for the women from the 40 until the 74 years.",
     USPSTF_REC, ("contradicts", "missing_fact")),
    ("The American Cancer Society advises against mammography for average-risk women younger than 45.",
     ACS_40_44, ("contradicts", "misstated_strength")),
    ("The ACS says women younger than 45 may choose to start yearly mammograms.", ACS_40_44, ("supports", None)),
])
def test_quantities_in_other_words(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The Task Force says not to do the mammography after the 75 years.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("It is not the case that the task force says not to screen women over 75.", USPSTF_75, ("supports", None)),
    ("TL;DR: everyone except ACS says start at 40.", ACOG_START, ("partially_supports", "wrong_organization")),
    ("The ACR continues screening past 74, and neither the ACS nor ACOG sets a hard stop at 75 either.", ACOG_75,
     ("partially_supports", "wrong_organization")),
])
def test_directions_and_speakers(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, expected", [
    # a topic named in the claim's own words counts as the card's ("extra imaging", its "supplemental screening")
    ("None of the major organizations recommends extra imaging for dense breasts.",
     ("partially_supports", "wrong_organization")),
    ("ACOG recommends extra imaging for dense breasts.", ("contradicts", "misstated_strength")),
])
def test_a_topic_in_other_words_is_the_cards(verifier, text, expected):
    assert judge(verifier, text, ACOG_DENSE)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # an I statement told as the past and a recommendation added: the older card states only the first
    ("The USPSTF upgraded its 2016 I statement on dense breasts and now recommends supplemental MRI for them.",
     "uspstf-2016#dense-breasts", ("partially_supports", "missing_fact")),
    ("In 2016 the USPSTF gave an I statement on supplemental screening for dense breasts.",
     "uspstf-2016#dense-breasts", ("supports", None)),
    ("The USPSTF judges the evidence insufficient to recommend for or against supplemental ultrasound or MRI in "
     "women with dense breasts whose mammogram is otherwise negative.", "uspstf-2024#dense-breasts",
     ("supports", None)),
    # "most of the big groups" speaks for several organizations
    ("Most of the big groups now say to start at 40.", USPSTF_REC, ("partially_supports", "wrong_organization")),
])
def test_a_recommendation_added_to_an_i_statement_and_most_groups(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected
