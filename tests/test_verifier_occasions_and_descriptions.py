"""An organization told by a description before its name ("the prevention committee (USPSTF)"), a translated
leaflet's words for the exclusions ("a BRCA1 or BRCA2 change", "strong radiation on the chest when young"), a
relative difference told after its outcome ("die ... about 40 percent more"), a part after a spaced dash, a part
opened by "before,", a reason clause (", citing ..."), a span of years a figure was measured over, "is fine" as
a permission, "everyone except maybe X", "it's a myth that ...", a claim that sends a group the card sets aside
where the card sends it, the person's age told as the occasion ("you turned 40, so ..."), a clinician's "decide
with the patient", and a claim about another exam than the card's. Each with a counterpart that keeps its
verdict. Groups counted ("every one of these organizations", "national guidelines all recommend"), a start at
the low end of a card's range, a leaflet's "one time in each two years", "doesn't think ... shouldn't" and an old
version said to "remain operative" are read as what they say."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_2017_75,
    ACOG_2017_INTERVAL,
    ACOG_2017_START,
    ACOG_FAQ_DIAGNOSTIC,
    ACOG_INTERVAL,
    ACOG_RATIONALE,
    ACOG_START,
    ACR_75,
    ACR_DENSE,
    ACR_START,
    ACS_55,
    ACS_CBE,
    ACS_STOP,
    USPSTF_2016_40_49,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_REC,
)
from .conftest import PINNED, judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("Black women die from the breast cancer about 40 percent more, and this is one reason the prevention "
     "committee (USPSTF) says begin at 40.", USPSTF_CHANGES, ("supports", None)),
    ("Black women have a death rate about 40% higher.", USPSTF_CHANGES, ("supports", None)),
    # the counterpart: another relative difference is a wrong number
    ("Black women have a death rate about 20% higher.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    ("Black women are about 40% more likely to die of breast cancer - one reason the USPSTF now advises "
     "starting at 40.", USPSTF_CHANGES, ("supports", None)),
    ("But the radiology people (ACR) say every year, not every other year.", ACR_START, ("supports", None)),
    ("The advice of the committee (USPSTF) is not for the woman with a BRCA1 or BRCA2 change, the woman who had "
     "strong radiation on the chest when young, the woman who had breast cancer before, or the woman with a "
     "high-risk lesion on an old biopsy.", USPSTF_EXCLUSIONS, ("supports", None)),
])
def test_descriptions_translated_terms_and_relative_differences(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("ACOG says start at 40; before, they said to start by 50 at the latest.", ACOG_START, ("supports", None)),
    # the counterpart: a past the card does not tell is still wrong
    ("ACOG says start at 40; before, they said to start at 45.", ACOG_START, ("contradicts", "missing_fact")),
    ("ACOG's October 2024 interim update set age 40 as the start for all average-risk individuals, citing "
     "rising incidence, greater net benefit and the opportunity to reduce inequities.", ACOG_START,
     ("partially_supports", "missing_fact")),
    ("ACOG's October 2024 interim update set age 40 as the start for all average-risk individuals, citing "
     "rising incidence, greater net benefit and the opportunity to reduce inequities.", ACOG_RATIONALE,
     ("partially_supports", "missing_fact")),
    # a span of years a figure was measured over dates no part of the advice
    ("In April 2024 the USPSTF lowered the starting age for biennial screening to 40, citing a rise of about 2% "
     "per year in incidence among women in their 40s from 2015 to 2019.", USPSTF_REC,
     ("partially_supports", "missing_fact")),
])
def test_parts_before_and_reasons_cited(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("At 58 every other year is fine per USPSTF.", USPSTF_REC, ("supports", None)),
    ("So honestly at 58 every other year seems fine by everyone except maybe the ACR.", ACS_55,
     ("partially_supports", "wrong_organization")),
    ("So honestly at 58 every other year seems fine by everyone except maybe the ACR.", ACOG_INTERVAL,
     ("partially_supports", "wrong_organization")),
    # the counterpart: "fine" with another interval than the card's is still wrong
    ("The radiologists say every other year is fine.", ACR_START, ("contradicts", "missing_fact")),
    ("It's a myth that the American Cancer Society doesn't recommend clinical breast exams - it recommends them "
     "for average-risk women at every age.", ACS_CBE, ("contradicts", "misstated_strength")),
    ("It's a myth that the American Cancer Society recommends clinical breast exams.", ACS_CBE, ("supports", None)),
    ("The ACS recommends clinical breast exams.", ACS_CBE, ("contradicts", "misstated_strength")),
])
def test_permissions_everyone_but_one_and_myths(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, date, expected", [
    ("If you feel a lump, that's not a screening mammogram, it's a diagnostic one to take a closer look.",
     ACOG_FAQ_DIAGNOSTIC, None, ("supports", None)),
    # the counterpart: screening told for a lump is what the card sets aside
    ("If you feel a lump, a screening mammogram every year is what ACOG advises.", ACOG_FAQ_DIAGNOSTIC, None,
     ("contradicts", "missing_fact")),
    ("Hi Dana, you turned 40, so you should start mammograms now - ACOG says everyone at average risk should "
     "begin at 40.", ACOG_START, None, ("supports", None)),
    ("Per ACOG Practice Bulletin 179, still current for older patients, continue orders through at least age 75, "
     "then decide with the patient.", ACOG_2017_75, None, ("supports", None)),
    ("Per ACOG, offer screening mammography from age 40 and begin no later than 50; discuss with patient.",
     ACOG_2017_START, dt.date(2019, 3, 1), ("supports", None)),
    ("Patient may also be offered a clinical breast exam annually from age 40 (ACOG PB 179).", ACOG_2017_INTERVAL,
     dt.date(2019, 3, 1), ("does_not_support", "missing_fact")),
    # the counterparts: the card's own values told apart from the other exam are still partly stated
    ("The radiology ppl (ACR) want yearly from 40 + a risk check by 25.", ACR_START, None,
     ("partially_supports", "missing_fact")),
    ("The ACS says average-risk women should keep screening as long as their life expectancy is at least 10 years, "
     "and it also recommends clinical breast exams.", ACS_STOP, None, ("partially_supports", "missing_fact")),
])
def test_routed_groups_occasions_and_other_exams(verifier, text, chunk, date, expected):
    assert judge(verifier, text, chunk, date or PINNED) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Apart from the ACS, every one of these organizations recommends starting at 40.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    ("National guidelines all recommend MRI for women with dense breasts.", ACR_DENSE,
     ("partially_supports", "wrong_organization")),
    # a start at the low end of the card's range is stated by it, and "advises" is "recommends"
    ("The USPSTF recommends starting at 40.", USPSTF_REC, ("supports", None)),
    ("The USPSTF recommends starting at 45.", USPSTF_REC, ("contradicts", "missing_fact")),
    ("American preventive task force is recommending the mammography for woman of age forty until seventy-four, "
     "one time in each two years.", USPSTF_REC, ("supports", None)),
    ("Doctor and you choose together how often, one year or two year, for the mammography.", ACOG_INTERVAL,
     ("supports", None)),
    ("FACT: the ACR doesn't think healthy women over 74 shouldn't be screened.", ACR_75, ("supports", None)),
    ("The ACR doesn't think women over 74 should be screened.", ACR_75, ("contradicts", "misstated_strength")),
    # an old version said to remain in force speaks of the present
    ("The Task Force's 2016 position, treating screening in the forties as an individual choice, remains "
     "operative.", USPSTF_2016_40_49, ("does_not_support", "wrong_version")),
])
def test_groups_counted_paraphrased_intervals_and_denied_beliefs(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
