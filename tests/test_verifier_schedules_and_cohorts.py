"""A schedule given to a test the card advises against ("ACS says CBE every year", "a yearly breast
exam by your clinician is part of your screening") recommends it; "doesn't recommend for or against" is
no case against; "persons who are 40 years or more" are 40 and older, not 40 years of something; a
recommendation "is applied to" or "is not applied to" a group applies or not; what is discussed "rather
than treated as an automatic next step" is not automatic; "with no fixed cutoff age" takes no one out.
A start told by the calendar ("from January of the year one becomes 40") or a group told by when its
people turned an age ("if you turned 40 before the April 2024 update") reads a date as an age; "is
still an individual decision" speaks of the present, so a superseded card is the wrong version. In a
compound claim of the present, an I statement on the card's own topic that the card does not make
contradicts the card though another part holds. Each with a
counterpart that keeps its verdict. A woman with a strong family history who "still counts as average
risk" is put inside a definition that leaves her out; "neither ORG-A nor ORG-B fails to recommend" is
both recommending; "does not consider 74 an age beyond which women shouldn't be screened" sets no stop.
"""

import pytest

from .chunks import (
    ACOG_2017_CBE,
    ACOG_FAQ_DENSE,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_75,
    ACS_AVERAGE,
    ACS_CBE,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    # a schedule or a place in screening given to what the card advises against
    ("ACS says CBE every year for women over 40.", ACS_CBE, ("contradicts", "misstated_strength")),
    ("Reminder from ACS: a yearly breast exam by your clinician is part of your screening.", ACS_CBE,
     ("contradicts", "misstated_strength")),
    # ... not when the claim denies it, nor against a card that offers the exam on that schedule
    ("ACS does not say CBE every year.", ACS_CBE, ("does_not_support", "missing_fact")),
    ("ACOG says CBE every year from 40.", ACOG_2017_CBE, ("supports", None)),
    # no side taken is no case against
    ("The USPSTF doesn't recommend for or against mammograms once you hit 75; it says the evidence isn't "
     "enough to decide.", USPSTF_75, ("supports", None)),
    ("The USPSTF recommends against mammograms once you hit 75.", USPSTF_75, ("contradicts", "misstated_strength")),
    # an age as years lived, and a recommendation applied to a group
    ("This recommendation is applied also to transgender men and nonbinary persons who were assigned female "
     "at birth and are 40 years or more.", USPSTF_POPULATION, ("supports", None)),
    ("The recommendation is not applied to: a person with BRCA1 or BRCA2 gene mutation, a person who received "
     "high-dose chest radiation at young age, a person who had breast cancer before, and a person with "
     "high-risk lesion found in an earlier biopsy.", USPSTF_EXCLUSIONS, ("supports", None)),
    ("The recommendation is applied to a person with a BRCA1 gene mutation.", USPSTF_EXCLUSIONS,
     ("contradicts", "out_of_scope")),
    # "rather than treating them as automatic": the rejected reading is not the claim's
    ("ACOG's patient FAQ says you and your clinician may talk about whether extra tests make sense for you, "
     "rather than treating them as an automatic next step.", ACOG_FAQ_DENSE, ("supports", None)),
    ("ACOG's patient FAQ says extra tests are an automatic next step for dense breasts.", ACOG_FAQ_DENSE,
     ("contradicts", "missing_fact")),
    # "with no fixed cutoff age" excludes no one
    ("ACS says to keep up screening as long as you're healthy and expected to live 10 or more years, with no "
     "fixed cutoff age.", ACS_STOP, ("supports", None)),
    # a group said to count as the card's population; two organizations neither of which fails to recommend
    ("Under the ACS guideline, a woman with a strong family history of breast cancer still counts as average risk.",
     ACS_AVERAGE, ("contradicts", "missing_fact")),
    ("Under the ACS guideline, a woman with no strong family history of breast cancer counts as average risk.",
     ACS_AVERAGE, ("supports", None)),
    ("Per ACS 2015, a woman with a known BRCA mutation or a personal history of breast cancer does not count as "
     "average risk.", ACS_AVERAGE, ("supports", None)),
    ("Neither the ACR nor the Task Force fails to recommend screening for average-risk women in their forties.",
     USPSTF_REC, ("partially_supports", "wrong_organization")),
    # not considering an age a stopping age sets no stop there
    ("ACR does not consider 74 an age beyond which women shouldn't be screened.", ACR_75, ("supports", None)),
    ("ACR considers 74 an age beyond which women shouldn't be screened.", ACR_75, ("contradicts", "missing_fact")),
    # a learner's wording of a schedule
    ("The mammography is done one time in each 1 year or 2 years, and ACOG says it is decided with the doctor "
     "by informed shared decision.", ACOG_INTERVAL, ("supports", None)),
])
def test_schedules_sides_and_groups(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # a start told by the calendar, a group told by when its people turned an age
    ("According to the Task Force, the screening starts from January of the year one becomes 40.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    ("If you're turning 40 this year, ACOG says to start screening in January of that calendar year.", ACOG_START,
     ("contradicts", "missing_fact")),
    ("If you turned 40 before the USPSTF's April 2024 update, screening in your forties is still an individual "
     "decision for you.", USPSTF_REC, ("contradicts", "missing_fact")),
    ("According to the Task Force, biennial screening starts at age 40.", USPSTF_REC, ("supports", None)),
    # "is still", "remains governed by": the present, so the superseded card is the wrong version
    ("If you turned 40 before the USPSTF's April 2024 update, screening in your forties is still an individual "
     "decision for you.", USPSTF_2016_40_49, ("does_not_support", "wrong_version")),
    ("A woman who was already 45 when the 2024 recommendation issued remains governed by the 2016 "
     "individual-decision standard.", USPSTF_2016_40_49, ("does_not_support", "wrong_version")),
    ("Before the 2024 update, screening in the forties was an individual decision.", USPSTF_2016_40_49,
     ("supports", None)),
])
def test_calendar_starts_cohorts_and_the_present(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # one part right, another an I statement on the card's own topic it does not make
    ("The USPSTF recommends biennial screening from 40 to 74 and finds insufficient evidence on DBT as a "
     "primary screening method.", USPSTF_MODALITY, ("contradicts", "misstated_strength")),
    ("The USPSTF recommends biennial screening from 40 to 74 and accepts DBT as a primary screening method.",
     USPSTF_MODALITY, ("supports", None)),
    # ... not of the past beside the present
    ("Unlike the 2016 statement, which issued an I statement on digital breast tomosynthesis as a primary screening "
     "method, the 2024 update treats DBT, like digital mammography, as an effective way to screen.", USPSTF_MODALITY,
     ("partially_supports", "missing_fact")),
])
def test_a_wrong_part_on_the_cards_own_topic(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected
