"""A grade given where the card makes an I statement misstates its strength; "insufficient evidence to
recommend" is an I statement; "should generally skip screening" advises against; "fine with every two
years" accepts; "does not make yearly mammograms a must" denies the obligation, not the interval; "does
not call for them until 45" calls for them from 45; "to begin at 40 rather than as late as 50" sets 50
aside; "the interval, one or two years" and "a year or two" are a choice; "from a C to an A" moves
grades; "a year before" is no interval; "Back in July 2017, ..." speaks of then; "Msg 1/4:", "Item 1
explanation:" and "that is the radiologists' position;" frame the claim; a note's "indiv decision, gr C"
and "1° screen" are read; "Do not use this order for patients with X" leaves X out. Each with a
counterpart that keeps its verdict."""

import pytest

from .chunks import (
    ACOG_2017_START,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_DENSE,
    ACR_RISK,
    ACS_40_44,
    ACS_45_54,
    ACS_55,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("Because the evidence is insufficient at 75 and older, the USPSTF grades screening in that age group a C.",
     USPSTF_75, ("contradicts", "misstated_strength")),
    # a grade for other ages, beside the I statement, is another part
    ("The USPSTF gives biennial screening at 40 to 74 a grade B, and at 75 and older an I statement.", USPSTF_75,
     ("partially_supports", "missing_fact")),
    ("The USPSTF says there is insufficient evidence to recommend screening women in their 40s.", USPSTF_REC,
     ("contradicts", "misstated_strength")),
    ("The Task Force says members 75 and older should generally skip screening.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("The USPSTF says the evidence is insufficient to weigh screening for members 75 and older.", USPSTF_75,
     ("supports", None)),
])
def test_grades_and_insufficient_evidence(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("So all four organizations are fine with every two years at 58.", ACS_55,
     ("partially_supports", "wrong_organization")),
    ("The ACS does not make yearly mammograms a must between 40 and 44; at those ages they are an option.",
     ACS_40_44, ("supports", None)),
    ("The ACS makes yearly mammograms a must between 40 and 44.", ACS_40_44, ("contradicts", "misstated_strength")),
    ("Of the four, only the ACR flatly recommends yearly screening for every average-risk woman from 40.",
     ACOG_INTERVAL, ("partially_supports", "wrong_organization")),
    ("At 42, the American Cancer Society says you have the option to begin yearly mammograms, though it does not "
     "call for them until 45.", ACS_45_54, ("partially_supports", "missing_fact")),
    ("My doctor said ACOG now wants everyone at average risk to begin at 40 rather than as late as 50.", ACOG_START,
     ("supports", None)),
    ("My doctor said ACOG now wants everyone at average risk to begin at 50.", ACOG_START,
     ("contradicts", "missing_fact")),
    ("Under ACOG's guidance the interval, one or two years, is settled by shared decision-making between you and "
     "your clinician.", ACOG_INTERVAL, ("supports", None)),
    # "a year or two" is the same choice; "a year before" no interval at all
    ("ACOG now says screening should begin at forty for everyone at average risk, with the interval of a year or "
     "two set by shared decision-making.", ACOG_START, ("partially_supports", "missing_fact")),
])
def test_acceptance_denied_obligations_and_ages_set_aside(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Between 2016 and 2024, the USPSTF's grade for screening in the forties went from a C to an A.", USPSTF_CHANGES,
     ("contradicts", "misstated_strength")),
    ("Between 2016 and 2024, the USPSTF's grade for screening in the forties went from a C to a B.", USPSTF_CHANGES,
     ("supports", None)),
    ("Back in July 2017, ACOG's Practice Bulletin 179 said to offer mammography from 40 and to begin no later "
     "than 50.", ACOG_2017_START, ("supports", None)),
])
def test_letter_grades_and_times_long_past(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("2016: 40–49 → indiv decision, gr C.", USPSTF_2016_40_49, ("supports", None)),
    ("2016: 40–49 → indiv decision, gr B.", USPSTF_2016_40_49, ("contradicts", "misstated_strength")),
    ("2016: DBT as 1° screen = I stmt; 2024: DBT + digital mammo both effective.", USPSTF_MODALITY,
     ("partially_supports", "missing_fact")),
    ("The rate of invasive breast cancer in women in their 40s has doubled since 2015, the panel said.",
     USPSTF_CHANGES, ("contradicts", "missing_fact")),
])
def test_a_notes_shorthand_and_a_doubling_told_of_a_rate(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Msg 1/4: the ACR says every woman should get a breast cancer risk assessment by age 25.", ACR_RISK,
     ("supports", None)),
    ("Msg 2/4: the ACR says this matters especially for Black women and women of Ashkenazi Jewish descent.",
     ACR_RISK, ("supports", None)),
    ("Msg 1/4: the ACR says every woman should get a breast cancer risk assessment by age 30.", ACR_RISK,
     ("contradicts", "missing_fact")),
    ("Item 1 explanation: the USPSTF issued an I statement for women 75 and older, meaning the evidence is "
     "insufficient to weigh the benefits and harms of screening.", USPSTF_75, ("supports", None)),
    ("Host: that is the radiologists' position; the ACR recommends supplemental MRI for women with dense breasts "
     "who want it, especially those with extremely dense tissue.", ACR_DENSE, ("supports", None)),
    ("Do not use this order for patients with a BRCA1 or BRCA2 mutation or other high-risk genetic syndrome, prior "
     "high-dose chest radiation at a young age, a previous breast cancer, or a high-risk lesion on an earlier "
     "biopsy.", USPSTF_EXCLUSIONS, ("supports", None)),
    ("Use this order for patients with a BRCA1 mutation.", USPSTF_EXCLUSIONS, ("contradicts", "out_of_scope")),
])
def test_message_and_item_labels_whose_view_and_orders_not_used(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
