"""A back-translation's words ("obligates", "the actualization of 2024", "by the 50 years"), "the other big
groups" after a set-aside organization, "Not for you if: ..." as an exclusion list, one kind of test said to
have replaced another against a card that calls both effective, "if you've had breast cancer" as a previous
breast cancer, "cannot be screened until 50" as a wait, "and the ORG-B the same", a numbered item's label
("Criterion 4:"), a bracketed speaker ("[narrator]"), a denial frame ("is not saying that X"), "only X is
effective" against "both effective", and a row's bare interval ("ACOG 1 or 2 years"). Each with a counterpart
that keeps its verdict."""

import pytest

from .chunks import (
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_INTERVAL,
    ACOG_START,
    ACS_40_44,
    ACS_45_54,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    # an obligation in a translation's word is an obligation; an offer stays an offer
    ("The ACOG obligates that the clinical exam of the breast be made each one to three years between 25 and 39 "
     "years.", ACOG_2017_CBE, ("contradicts", "misstated_strength")),
    ("ACOG says the clinical exam of the breast may be offered every one to three years between 25 and 39 years.",
     ACOG_2017_CBE, ("supports", None)),
    # "before the actualization of 2024" tells the past; "now" tells it as current
    ("Before the actualization of 2024, the ACOG advised to offer the mammogram from the 40 years and to begin it "
     "by the 50 years at the latest.", ACOG_2017_START, ("supports", None)),
    ("The ACOG now advises to offer the mammogram from the 40 years and to begin it by the 50 years at the latest.",
     ACOG_2017_START, ("does_not_support", "wrong_version")),
    # "the other big groups" are the rest after the set-aside organization, not its own part
    ("Apart from the ACS, the other big groups all say screening should begin at 40.", ACS_45_54,
     ("does_not_support", "wrong_organization")),
    ("Apart from the ACS, the other big groups all say screening should begin at 40.", ACOG_START,
     ("partially_supports", "wrong_organization")),
    # "Not for you if: ..." lists who is left out; "meant for you even with ..." applies it to them
    ("Not for you if: BRCA1/2 mutation, high-dose chest radiation when young, previous breast cancer, or a high-risk "
     "lesion on a past biopsy (USPSTF).", USPSTF_EXCLUSIONS, ("supports", None)),
    ("Meant for you even with a BRCA1/2 mutation or a previous breast cancer (USPSTF).", USPSTF_EXCLUSIONS,
     ("contradicts", "out_of_scope")),
    # one kind said to have replaced the other, against a card that calls both effective
    ("USPSTF: 3D mammography (DBT) has replaced standard digital mammography for screening.", USPSTF_MODALITY,
     ("contradicts", "missing_fact")),
    ("USPSTF: 3D mammography (DBT) and standard digital mammography both work for screening.", USPSTF_MODALITY,
     ("supports", None)),
    # "if you've had breast cancer (before)" is a previous breast cancer, of the one the advice is for
    ("Bot: The USPSTF advice doesn't apply to you if you've had breast cancer before.", USPSTF_EXCLUSIONS,
     ("supports", None)),
    ("The USPSTF advice doesn't apply to you if you've had breast cancer.", USPSTF_EXCLUSIONS, ("supports", None)),
    # "cannot be screened until 50" is a wait before a start, not an end age
    ("Not one of the big guideline groups tells a 42-year-old that she cannot be screened until 50.", ACS_40_44,
     ("partially_supports", "missing_fact")),
    ("ACS says screening at 40 to 44 continues until 50.", ACS_40_44, ("contradicts", "missing_fact")),
    # "and the ORG-B the same": ORG-B says what ORG-A says
    ("Interval row: ACR every year, and the USPSTF the same.", USPSTF_REC, ("contradicts", "wrong_organization")),
    ("Interval row: ACR every year, and the USPSTF every 2 years.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    # a numbered item's label numbers the line ("Criterion 4:"); a bracketed speaker names who speaks
    ("Criterion 4: The USPSTF I statement on supplemental screening for dense breasts neither recommends for nor "
     "against it.", USPSTF_DENSE, ("supports", None)),
    ("Criterion 4: The USPSTF recommends supplemental screening for dense breasts.", USPSTF_DENSE,
     ("contradicts", "misstated_strength")),
    ("[narrator] the new guidance applies to anyone aged thirty and older", USPSTF_POPULATION,
     ("contradicts", "missing_fact")),
    ("[narrator] the new guidance applies to people aged forty to seventy-four", USPSTF_POPULATION,
     ("supports", None)),
    # a denial frame: "is not saying that X", "its position is not that X" deny X as its position
    ("The task force is not saying that women in their forties should not be screened; it is advising the X-ray every "
     "two years for them.", USPSTF_REC, ("supports", None)),
    ("The task force is saying that women in their forties should not be screened.", USPSTF_REC,
     ("contradicts", "misstated_strength")),
    ("The USPSTF's position is not that supplemental screening is not worthwhile; it is that the evidence is not "
     "enough to judge.", USPSTF_DENSE, ("supports", None)),
    ("The USPSTF's position is that supplemental screening is not worthwhile.", USPSTF_DENSE,
     ("contradicts", "misstated_strength")),
    # one kind called the only effective one, against a card that calls both effective
    ("Only 3D mammograms are effective, according to the USPSTF.", USPSTF_MODALITY, ("contradicts", "missing_fact")),
    ("Both 3D and standard mammograms are effective, according to the USPSTF.", USPSTF_MODALITY, ("supports", None)),
    # a row's bare interval after an organization is an interval
    ("Interval row: ACOG 1 or 2 years.", ACOG_INTERVAL, ("supports", None)),
    ("Interval: USPSTF every 2 years; ACR every year; ACOG 1 or 2 years.", ACOG_INTERVAL,
     ("partially_supports", "wrong_organization")),
])
def test_translations_set_asides_and_lists(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
