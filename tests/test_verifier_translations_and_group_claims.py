"""A translated leaflet's words ("counsels the x-ray of the breast one time each two years from the fortieth year",
"forbids", "two times in the year") are read as the advice, the test, the interval and the ages they name. A line's
frame ("A footnote says that ...", "As far as I can tell, ...", "5. ...") is no part of the claim. Groups set aside
or named as examples ("apart from the ACS, all of these organizations ...", "most organizations, including ACOG,
...", "none of the ACS, ACOG or ACR guidance ...") leave the claim speaking for the groups it names. "Ties stopping
to health", "a fixed age at which screening must end" and "no fixed age to stop" speak of a stopping age, not a
direction to stop; "at any age" denies the age range a card gives; "no longer needed" is a case against; "does
not advise against X, and does not advise for it either" is neither. Each with a counterpart that keeps its
verdict. An option to start at 40 to 44 lets her start at 42; a number ends with its sentence; advice "no longer part
of" the guidance is contradicted by a section still in force. A chart row's field names are no words of the claim, and a
part giving another start contradicts the card; another year given as when this source came out is a wrong date; a
choice of interval is no option to start; "dropped the start age to forty" lowers it; "should do extra ultrasound"
and "found DBT effective" take a side an I statement does not."""

import pytest

from .chunks import (
    ACOG_2017_CBE,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_CBE,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_DBT,
    USPSTF_2016_REC,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("The Preventive Services Task Force counsels the x-ray of the breast one time each two years for the woman "
     "from the fortieth year until the seventy-fourth year.", USPSTF_REC, ("supports", None)),
    ("The Task Force counsels the breast x-ray two times in the year from the age of forty.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    ("The Task Force forbids the breast x-ray to the woman after the age of seventy-five years.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("The Cancer Society counsels the yearly x-ray to every woman from the age of forty.", ACS_40_44,
     ("contradicts", "misstated_strength")),
])
def test_a_translated_leaflets_words(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("5. ACR: annual from 40 (average-risk guidance updated 2021).", ACR_START, ("supports", None)),
    ("A footnote says that, apart from the ACS, every group in the chart starts screening at 40.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    ("As far as I can tell, the ACS is the only one of the four organizations that does not recommend that all "
     "average-risk women begin screening at 40.", USPSTF_REC, ("partially_supports", "wrong_organization")),
    # the counterpart: a report naming its organization is that organization's claim
    ("The caption notes that the USPSTF recommends biennial screening from 40 to 74.", USPSTF_REC,
     ("supports", None)),
])
def test_a_lines_frame_is_no_part_of_the_claim(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Apart from the ACS, all of these organizations recommend annual mammography from age 40.", ACR_START,
     ("partially_supports", "wrong_organization")),
    ("Apart from the ACS, all of these organizations recommend annual mammography from age 40.", USPSTF_REC,
     ("contradicts", "wrong_organization")),
    ("Most organizations, including ACOG, probably recommend annual screening from 40.", ACR_START,
     ("partially_supports", "wrong_organization")),
    ("Most organizations, including ACOG, probably recommend annual screening from 40.", ACOG_INTERVAL,
     ("contradicts", "wrong_organization")),
    ("None of the ACS, ACOG or ACR guidance sets a fixed age at which screening mammography must end.", ACS_STOP,
     ("partially_supports", "wrong_organization")),
])
def test_groups_set_aside_or_named_as_examples(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACS ties stopping to health and life expectancy, not a fixed age.", ACS_STOP, ("supports", None)),
    ("The ACS sets no fixed age to stop; it depends on health and life expectancy.", ACS_STOP, ("supports", None)),
    ("The ACS does not set a fixed age at which screening mammography must end.", ACS_STOP, ("supports", None)),
    # the counterpart: a direction to stop at an age is one
    ("The ACS says women should stop mammograms once they turn 75.", ACS_STOP, ("contradicts", "missing_fact")),
    ("The USPSTF recommends screening women of any age.", USPSTF_REC, ("contradicts", "missing_fact")),
    ("The USPSTF recommends screening regardless of age.", USPSTF_REC, ("contradicts", "missing_fact")),
    # the counterpart: a card that itself holds at any age
    ("The ACS does not recommend clinical breast exams at any age.", ACS_CBE, ("supports", None)),
    ("ACS: CBE not recommended at any age (avg risk).", ACS_CBE, ("supports", None)),
    ("Over 75? The USPSTF says mammograms are no longer needed.", USPSTF_75, ("contradicts", "misstated_strength")),
    ("The task force does not advise against screening women aged 75 and older, and it does not advise for it "
     "either.", USPSTF_75, ("supports", None)),
])
def test_stopping_ages_any_age_and_split_neither(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # an option to start at 40 to 44 lets her start at 41, 42 or 43
    ("The ACS lets women start yearly mammograms at 42.", ACS_40_44, ("supports", None)),
    ("It isn't true that the American Cancer Society wouldn't let you start yearly mammograms at 41.", ACS_40_44,
     ("supports", None)),
    # the counterparts: a start outside the band, and an obligation inside it
    ("The ACS lets women start yearly mammograms at 47.", ACS_40_44, ("contradicts", "missing_fact")),
    ("The ACS says women must start yearly mammograms at 42.", ACS_40_44, ("contradicts", "misstated_strength")),
    # ... and a start inside the range of a card that recommends (an option to space out later is no option to start)
    ("ACS recommends starting at 50.", ACS_45_54, ("contradicts", "missing_fact")),
    # a number ends with its sentence ("... seventy-four? One mammogram ...": no value 1)
    ("Forty to seventy-four? One mammogram every other year, says the USPSTF.", USPSTF_REC, ("supports", None)),
    # advice "no longer part of" the guidance, cited to a section still in force, is contradicted by it
    ("Since ACOG's 2024 update, clinical breast exams are no longer part of ACOG guidance.", ACOG_2017_CBE,
     ("contradicts", "missing_fact")),
    # the counterpart: a replaced section is not in force
    ("The USPSTF's biennial advice for ages 50 to 74 is no longer part of its guidance.", USPSTF_2016_REC,
     ("supports", None)),
    ("The 2016 USPSTF treatment of the 40s as an individual decision is no longer in force, since the 2024 version "
     "moved that decade to biennial screening with a grade B.", USPSTF_CHANGES, ("supports", None)),
])
def test_option_bands_sentence_ends_and_advice_no_longer_part_of_guidance(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # a chart row's field names ("start age 40; interval every 2 years; upper age 74") and an answer key's label
    ("USPSTF row: start age 40; interval every 2 years; upper age 74.", USPSTF_REC, ("supports", None)),
    ("Answer key point 1: the USPSTF (2024) recommends biennial screening mammography for average-risk women aged 40 "
     "to 74, a grade B recommendation.", USPSTF_REC, ("supports", None)),
    # a part giving another start contradicts the card, whatever the other parts state
    ("USPSTF row: start age 50; interval every 2 years; upper age 74.", USPSTF_REC, ("contradicts", "missing_fact")),
    # another year, told as when this source came out, where the organization published nothing then
    ("ACOG row: updated October 10, 2017; start age 40 for all average-risk individuals.", ACOG_START,
     ("contradicts", "missing_fact")),
    ("ACOG row: updated October 10, 2024; start age 40 for all average-risk individuals.", ACOG_START,
     ("supports", None)),
    # the choice is of the interval, not of the start beside it
    ("Reminder: at 41 you're due. ACOG says start at 40 and repeat every 1-2 yrs (your choice w/ your clinician).",
     ACOG_START, ("partially_supports", "missing_fact")),
    ("ACOG, in an October 2024 interim update, likewise set 40 as the age to begin, leaving the interval of one or two "
     "years to shared decision-making.", ACOG_START, ("partially_supports", "missing_fact")),
    ("ACOG leaves the interval, every one or two years, to shared decision-making.", ACOG_INTERVAL, ("supports", None)),
    # "dropped the starting age to forty" lowers it; it removes nothing
    ("In 2024 they dropped the starting age to forty, still every two years, now grade B across forty to "
     "seventy-four.", USPSTF_REC, ("supports", None)),
    # "should do extra ultrasound" and "found DBT effective" take a side an I statement does not
    ("Task Force say woman with dense breast should do extra ultrasound after normal breast x-ray.", USPSTF_DENSE,
     ("contradicts", "misstated_strength")),
    ("The USPSTF 2016 statement found DBT effective as a primary screening method.", USPSTF_2016_DBT,
     ("contradicts", "misstated_strength")),
    ("The USPSTF 2024 statement found both standard digital mammography and DBT effective for screening.",
     USPSTF_MODALITY, ("supports", None)),
])
def test_chart_rows_dates_of_issue_interval_choices_and_findings(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected

