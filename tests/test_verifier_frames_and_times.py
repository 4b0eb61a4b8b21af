"""Words around a claim that state nothing of their own, and times a claim speaks at: a timestamp or
a clock time is no value; a quiz's verdict on an option frames the reason after it; an adverb of
emphasis adds nothing the card must state; "fails to recommend" does not recommend; a negated
negative adjective affirms; "no age at which screening is not continued" sets no upper age; "ORG-A
does X, and ORG-B agrees" says ORG-B does X; "falls in the 40-to-49 group" is no falling trend; and
"as of <time>" places a position in time: supported by a section in force then, the wrong version
when the section was not. Each rule is tested with wording apart from the development sets, and
with a counterpart that must keep its label."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_2017_START,
    ACOG_DENSE,
    ACR_75,
    ACS_45_54,
    USPSTF_2016_REC,
    USPSTF_CHANGES,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, label", [
    ("(1:02:33) The ACS recommends a mammogram every year for women 45 through 54.", ACS_45_54, "supports"),
    ("[22:41] The task force moved women in their forties from grade C to grade B.", USPSTF_CHANGES, "supports"),
    # the frame the timestamp hid is read again: "apart from ORG" speaks for the others
    ("[09:10] Apart from the ACS, the other groups advise starting at 40.", "acog-2024#starting-age",
     "partially_supports"),
    # the counterpart: a wrong age after a timestamp is still wrong
    ("(1:02:33) The ACS recommends a mammogram every year for women 50 through 64.", ACS_45_54, "contradicts"),
])
def test_a_timestamp_is_no_value_of_the_claim(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("Option C is incorrect because the recommendation also covers people whose sister had breast cancer.",
     USPSTF_POPULATION, "supports"),
    ("People with dense breasts are explicitly covered by the recommendation.", USPSTF_POPULATION, "supports"),
    # the counterpart: the verdict's frame does not hide a claim the card contradicts
    ("Option C is incorrect because the recommendation leaves out people whose sister had breast cancer.",
     USPSTF_POPULATION, "contradicts"),
])
def test_a_quiz_verdict_and_an_emphasis_add_nothing(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, label", [
    ("ACOG fails to recommend routine extra screening when dense tissue is the only added factor.", "supports"),
    # a failure denied is a recommendation, which ACOG does not make
    ("It isn't true that ACOG fails to recommend routine extra screening for dense breasts alone.", "contradicts"),
])
def test_failing_to_recommend_does_not_recommend(verifier, text, label):
    assert judge(verifier, text, ACOG_DENSE)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("Biennial screening at 58 is not unreasonable under the USPSTF advice.", USPSTF_REC, "supports"),
    ("Under the ACR advice there is no age at which screening is not continued, unless illness limits "
     "life expectancy.", ACR_75, "supports"),
    # the counterpart: a fixed age at which it stops
    ("Under the ACR advice screening is not continued past age 74.", ACR_75, "contradicts"),
])
def test_a_double_negative_affirms(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, label", [
    ("The ACR recommends supplemental MRI for women with dense breasts, and ACOG agrees.", "contradicts"),
    # the counterpart: ACOG said to agree with what it does say (the card states ACOG's part only)
    ("The USPSTF does not recommend routine supplemental screening for dense breasts, and ACOG agrees.",
     "partially_supports"),
])
def test_an_organization_said_to_agree_states_the_same(verifier, text, label):
    assert judge(verifier, text, ACOG_DENSE)[0] == label


@pytest.mark.parametrize("text, label", [
    ("A 44-year-old falls in the 40-to-49 group the USPSTF 2024 update moved from grade C to grade B.", "supports"),
    # the counterpart: a falling trend is still the opposite of the card's rising one
    ("Invasive breast cancer among women in their 40s has been falling in recent years.", "contradicts"),
])
def test_falling_into_a_group_is_no_trend(verifier, text, label):
    assert judge(verifier, text, USPSTF_CHANGES)[0] == label


@pytest.mark.parametrize("text, chunk, expected", [
    # in force at the time spoken of: the year places the position, it is no fact to state
    ("As of late 2018, the USPSTF recommended screening every two years from 50 to 74.", USPSTF_2016_REC,
     ("supports", None)),
    ("As of early 2024, ACOG advised offering mammography from 40 and starting by 50 at the latest.",
     ACOG_2017_START, ("supports", None)),
    # not in force then: the wrong version for that time
    ("As of 2025, ACOG advised offering mammography from 40 and starting by 50 at the latest.",
     ACOG_2017_START, ("does_not_support", "wrong_version")),
    ("As of 2021, the USPSTF recommended screening every two years from 40 to 74.", USPSTF_REC,
     ("does_not_support", "wrong_version")),
])
def test_a_time_a_claim_speaks_at_places_the_position(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk, dt.date(2026, 6, 24)) == expected


@pytest.mark.parametrize("text, chunk, label", [
    # a booking told as what should happen is a recommendation, which an I statement is not
    ("Per the task force, women whose mammogram shows dense tissue should be scheduled for an extra MRI.",
     "uspstf-2024#dense-breasts", "contradicts"),
    # evidence that "supports our side" is an argument, not the organization's strength
    ("This trend supports our case: the task force reports invasive breast cancer in women in their 40s rising "
     "about 2% a year from 2015 to 2019.", USPSTF_CHANGES, "supports"),
    # the counterpart: an organization that supports a schedule recommends it
    ("The ACR supports annual screening from 40.", "acr-current#starting-age-and-interval", "supports"),
])
def test_a_booking_recommends_and_an_argument_is_no_strength(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label
