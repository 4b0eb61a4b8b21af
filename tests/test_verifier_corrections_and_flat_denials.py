"""A correction's denied figure ("rising about 2% per year, not 20%") is no value of the claim; "none of
the big four groups tells her not to have one" lets her; "you shouldn't add an ultrasound or MRI" and
"after seventy-five, no more mammograms" advise against; an I statement "for women 75 and older" said
to amount to an endorsement recommends; "in contrast to ORG-A's biennial schedule" names ORG-A's part;
"beginning at 40" starts at 40. Each with a counterpart that keeps its verdict."""

import pytest

from .chunks import (
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_STOP,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("An earlier version misstated the trend behind the change: the task force cited invasive breast cancer "
     "incidence among women in their 40s rising about 2% per year from 2015 to 2019, not 20%.", USPSTF_CHANGES,
     ("supports", None)),
    # the figure asserted still counts
    ("The task force cited invasive breast cancer incidence among women in their 40s rising about 20% per year "
     "from 2015 to 2019.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    ("Good news: none of the big four groups tells a 43-year-old at average risk not to have a mammogram.",
     USPSTF_REC, ("partially_supports", "wrong_organization")),
])
def test_corrections_and_double_negatives(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Just so you know, the USPSTF says you shouldn't add an ultrasound or MRI on top of your mammogram.",
     USPSTF_DENSE, ("contradicts", "misstated_strength")),
    ("The USPSTF says the evidence is insufficient to judge adding an ultrasound or MRI for dense breasts.",
     USPSTF_DENSE, ("supports", None)),
    ("So all the big groups agree: after seventy-five, no more mammograms.", USPSTF_75,
     ("contradicts", "wrong_organization")),
    ("So all the big groups agree: after seventy-five, no more mammograms.", ACS_STOP,
     ("contradicts", "wrong_organization")),
    ("The USPSTF's I statement for women 75 and older amounts to an endorsement of continued screening when the "
     "family requests it.", USPSTF_75, ("contradicts", "misstated_strength")),
    ("The USPSTF's I statement means that the evidence is insufficient to assess screening at 75 and older.",
     USPSTF_75, ("supports", None)),
])
def test_flat_denials_and_glossed_i_statements(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("In contrast to the USPSTF's biennial schedule, the ACR urges annual mammograms beginning at age 40.",
     ACR_RESPONSE_ANNUAL, ("supports", None)),
    ("Unlike the USPSTF's biennial schedule, the ACR urges annual mammograms beginning at age 40.",
     ACR_RESPONSE_ANNUAL, ("supports", None)),
    # ... which a card of ACR's own that does not report it leaves unstated
    ("In contrast to the USPSTF's biennial schedule, the ACR urges annual mammograms beginning at age 40.",
     ACR_START, ("partially_supports", "wrong_organization")),
])
def test_the_part_a_contrast_names(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
