"""A refusal told as a verb ("declines to set an upper age"), a position "shared by" another organization, an age
told in years after a bound ("until at least 75 years"), an exclusion list that leaves a group off, "nobody under
45 should", a closing request to the reader ("ask us if you haven't"), "your decision" as a choice, differing
recommendations with a word between, a reaction called "fully sufficient" against "does not go far enough", and
two organizations named as owners side by side ("ORG-A's schedule and ORG-B's"). Each with a counterpart that
keeps its verdict."""

import pytest

from .chunks import (
    ACOG_75,
    ACR_75,
    ACR_CONFLICTING,
    ACR_RESPONSE,
    ACR_RISK,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_STOP,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    # declining to do something is not doing it
    ("The ACR declines to set a fixed upper age for screening.", ACR_75, ("supports", None)),
    ("The ACS declines to name a fixed stopping age.", ACS_STOP, ("supports", None)),
    ("USPSTF declined to recommend for or against screening women 75 and older.", USPSTF_75, ("supports", None)),
    # ... and a fall to a number is a trend, not a refusal (the counterpart keeps the fact compared)
    ("The ACR sets no fixed upper age for screening.", ACR_75, ("supports", None)),
    # ", a position shared by X": X speaks too
    ("The ACR urges that every woman undergo breast cancer risk assessment by age 25, a position shared by the "
     "USPSTF.", ACR_RISK, ("partially_supports", "wrong_organization")),
    ("The ACR urges that every woman undergo breast cancer risk assessment by age 25.", ACR_RISK, ("supports", None)),
    # an age told in years after a bound, as a translation words it
    ("The doctors of women (ACOG) say continue the breast x-ray until at least 75 years.", ACOG_75, ("supports", None)),
    ("ACS says women should keep screening if they can expect to live at least 10 more years.", ACS_STOP,
     ("supports", None)),
    # an exclusion list that leaves a group off leaves it in; one that names it leaves it out
    ("The USPSTF exclusion list doesn't include dense breasts.", USPSTF_POPULATION, ("supports", None)),
    ("The USPSTF exclusion list includes dense breasts.", USPSTF_POPULATION, ("contradicts", "missing_fact")),
    # "nobody under 45 should be screened" is advice against, not a denial of what follows
    ("So the Cancer Society says nobody under forty-five should be screened.", ACS_40_44,
     ("contradicts", "misstated_strength")),
    ("USPSTF says no one over 74 should be screened.", USPSTF_75, ("contradicts", "misstated_strength")),
    # a closing request to the reader states nothing a card could state or deny
    ("You should have had a breast cancer risk assessment by age 25, per the ACR; ask us if you haven't.", ACR_RISK,
     ("supports", None)),
    # "your decision" is a choice: against a card that says the choice was replaced
    ("Your 40s = your decision, says the USPSTF, so no pressure babe.", USPSTF_CHANGES,
     ("contradicts", "misstated_strength")),
    ("Under ACS, annual or biennial at 55 is your decision.", "acs-2015#age-55-and-older", ("supports", None)),
    # differing recommendations, with the kind of recommendation named between
    ("The ACR has argued that divergent screening recommendations across organizations confuse patients and that "
     "experts ought to reconcile them.", ACR_CONFLICTING, ("supports", None)),
    # a reaction called sufficient against "an improvement that does not go far enough"
    ("The ACR welcomed the 2024 USPSTF recommendation as fully sufficient.", ACR_RESPONSE,
     ("contradicts", "missing_fact")),
    ("The ACR called the USPSTF change an improvement but not enough.", ACR_RESPONSE, ("supports", None)),
    # two organizations named as owners side by side: each speaks, so each card states its part only
    ("Taken together, the USPSTF's every-24-months schedule and the ACR's every-12-months schedule arguably mark "
     "the two ends of the range.", ACR_START, ("partially_supports", "wrong_organization")),
    ("Taken together, the USPSTF's every-24-months schedule and the ACR's every-12-months schedule arguably mark "
     "the two ends of the range.", USPSTF_REC, ("partially_supports", "wrong_organization")),
    # the counterpart: a verb of the first organization between is no list of owners
    ("The ACS recommends yearly screening from 45 to 54, and the ACR's advice differs.", ACS_45_54,
     ("partially_supports", "wrong_organization")),
])
def test_refusals_owners_and_requests(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
