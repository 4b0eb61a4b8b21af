"""A reading the claim gives of what it has just said is its assertion: "the evidence is
insufficient, which means it still endorses screening" and "an I statement means the ORG quietly
endorses X" claim a recommendation; "biennial screening, that is, two mammograms a year" glosses the
card's interval as another. A grade is one value per recommendation: "a 47-year-old is in the grade C
range" contradicts a card giving grade B for ages that hold 47, though 47 is no value of the card's.
Advice said to be taken out ("ACOG dropped clinical breast exams with its 2024 update", "PB 179 is
entirely out of date") contradicts a section still in force; screening that "ends at 75" or "should be
discontinued" is a stop; "should have extra tests" is a recommendation; "neither organization
recommends" denies it for the others. Which mammogram is for whom: a claim that gives the diagnostic
test to people with no symptoms swaps them. "At 76" sits inside a card's "75 and older". A group told by
birth date or by when its people turned an age ("women born in 1984 or earlier", "only people who
turned 40 after April 2024") reads a date as an age. A denied advice to stop ("does not advise stopping
before 75") denies only a case against; a stop "only if" a condition holds is continuing unless it does;
one kind of test as "the only recommended" one is against a card that takes both. Each with a
counterpart that keeps its verdict."""

import pytest

from .chunks import (
    ACOG_75,
    ACOG_2017_CBE,
    ACOG_DENSE,
    ACOG_START,
    ACR_75,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_CHANGES,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    # a gloss: the strength after "which means" / "effectively" is the claim's, not the I statement before it
    ("In the Task Force's own terms the evidence is insufficient, which means it still endorses screening at 75 "
     "and up.", USPSTF_75, ("contradicts", "misstated_strength")),
    ("The USPSTF's statement that the evidence for women 75 and older is insufficient effectively endorses "
     "continued screening for healthy 76-year-olds.", USPSTF_75, ("contradicts", "misstated_strength")),
    ("An I statement means the USPSTF quietly endorses screening at 75 and older.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    # counterparts: a gloss that reads the I statement rightly
    ("The USPSTF finds the evidence insufficient for women 75 and older, which means it neither recommends for "
     "nor against screening.", USPSTF_75, ("supports", None)),
    ("An I statement means the evidence is insufficient to weigh benefits and harms at 75 and older.", USPSTF_75,
     ("supports", None)),
    # an interval glossed as another
    ("Under the USPSTF recommendation, members aged 40 to 74 qualify for biennial screening, that is, two "
     "screening mammograms a year.", USPSTF_REC, ("contradicts", "missing_fact")),
    ("Biennial screening, as the USPSTF uses the word, means a mammogram twice a year.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    ("The USPSTF advises biennial screening, meaning one mammogram every 2 years, from 40 to 74.", USPSTF_REC,
     ("supports", None)),
    # a grade for an age inside the card's range, the age no value of the card's
    ("Per USPSTF: pt at 47 falls in the individual-decision (Grade C) range; screening optional.", USPSTF_REC,
     ("contradicts", "misstated_strength")),
    ("A 45-year-old is in the USPSTF's grade B group.", USPSTF_REC, ("supports", None)),
    ("A 45-year-old was in the USPSTF's grade C group in 2016.", USPSTF_2016_40_49, ("supports", None)),
])
def test_glosses_and_grades(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


ACOG_FAQ_SELF_AWARENESS = "acog-faq#breast-self-awareness"
ACOG_FAQ_DENSE = "acog-faq#dense-breasts"


@pytest.mark.parametrize("text, chunk, expected", [
    # advice said to be taken out, against a section still in force
    ("ACOG dropped clinical breast examination from its advice in its October 2024 update.", ACOG_2017_CBE,
     ("contradicts", "missing_fact")),
    ("Since its 2024 update, ACOG no longer includes clinical breast exams in its guidance.", ACOG_2017_CBE,
     ("contradicts", "missing_fact")),
    ("ACOG dropped breast self-awareness from its guidance with the 2024 update.", ACOG_FAQ_SELF_AWARENESS,
     ("contradicts", "missing_fact")),
    ("Handout: ACOG's 2017 Practice Bulletin 179 is entirely out of date now.", ACOG_75,
     ("contradicts", "missing_fact")),
    ("Since its 2024 update, ACOG no longer suggests clinical breast exams for average-risk women.", ACOG_2017_CBE,
     ("contradicts", "misstated_strength")),
    # counterparts: what the update did take out, told as a change
    ("The USPSTF dropped the individual decision for women in their 40s.", USPSTF_CHANGES, ("supports", None)),
    ("The USPSTF dropped the individual decision for women in their 40s.", USPSTF_REC, ("supports", None)),
    # a trend that dropped, against one that rose; a transitive "dropped" is no trend
    ("Incidence in women in their forties dropped about 2% a year.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    # a stop at an age: "ends the screening", "should be discontinued"
    ("The ACS ends the screening with the 75. life year.", ACS_STOP, ("contradicts", "missing_fact")),
    ("Patient is 76. Screening mammography should be discontinued at 75 or older per USPSTF.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("The ACS says to continue screening as long as a woman is in good health with a life expectancy of 10 years "
     "or more.", ACS_STOP, ("supports", None)),
    # a decision about stopping is no direction to stop
    ("Per ACR, screening is not stopped at any fixed age.", ACR_75, ("supports", None)),
    # "should have extra tests" recommends them; "is no recommendation against" is not one
    ("According to ACOG, patients with dense breasts should have extra screening tests.", ACOG_FAQ_DENSE,
     ("contradicts", "misstated_strength")),
    ("The I-statement of the USPSTF for women from 75 is no recommendation against the screening.", USPSTF_75,
     ("supports", None)),
    # "neither organization recommends", after "apart from ORG-A" (and after a row's label)
    ("Dense breasts: apart from the ACR, neither organization recommends supplemental screening as a routine "
     "matter.", ACOG_DENSE, ("partially_supports", "wrong_organization")),
    ("ACOG says all average-risk individuals should begin screening at 40.", ACOG_START, ("supports", None)),
])
def test_removals_stops_and_denials(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


FAQ_KINDS = "acog-faq#screening-and-diagnostic-mammograms"


@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACOG FAQ says a diagnostic mammogram is the right test for people with no symptoms.", FAQ_KINDS,
     ("contradicts", "missing_fact")),
    ("A diagnostic mammogram is simply a repeat screening mammogram and is not used when there is a breast "
     "problem.", FAQ_KINDS, ("contradicts", "missing_fact")),
    ("Per the ACOG FAQ, a screening mammogram is for people with no signs or symptoms, and a diagnostic mammogram "
     "takes a closer look at a breast problem.", FAQ_KINDS, ("supports", None)),
    ("Unlike a diagnostic mammogram, a screening mammogram is for people with no symptoms.", FAQ_KINDS,
     ("supports", None)),
    ("The ACOG FAQ notes that a diagnostic mammogram, unlike a screening one, is used to take a closer look when "
     "there is a breast problem or a finding to check [4].", FAQ_KINDS, ("supports", None)),
    ("ACOG's FAQ says a screening mammogram is what you get when you have a lump.", FAQ_KINDS,
     ("contradicts", "missing_fact")),
    # an age inside the card's open range is its group; another age after the card's word is not
    ("At seventy-six, the USPSTF says the evidence is insufficient, which isn't the same as telling you to stop.",
     USPSTF_75, ("supports", None)),
    ("Per ACR, a risk assessment should be done by 35.", "acr-current#risk-assessment",
     ("contradicts", "missing_fact")),
])
def test_which_mammogram_for_whom_and_an_age_inside_an_open_range(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # a group told by birth date or by when its people turned an age
    ("Heads-up: the new USPSTF recommendation only covers members who turned 40 after it was issued in April "
     "2024.", "uspstf-2024#population", ("contradicts", "missing_fact")),
    ("2024 USPSTF B rec: the change targets women born in the 1940s.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    ("The task force says there's not enough evidence for women born before 1975.", USPSTF_75,
     ("contradicts", "missing_fact")),
    # the counterparts: a birth year that is no age of the card's can be right at a date; one woman's birth year
    ("She said ACOG changed this in October 2024, so women born in 1984 or earlier should already be going.",
     ACOG_START, ("partially_supports", "missing_fact")),
    ("She was born in 1984, so at 42 she is covered by the USPSTF recommendation.", "uspstf-2024#population",
     ("partially_supports", "missing_fact")),
    # advice said to apply no longer, against the section that leaves it in place
    ("Because ACOG's 2017 bulletin was replaced in 2024, its advice on women over 75 no longer applies.", ACOG_75,
     ("contradicts", "missing_fact")),
    # ... not when denied, nor when what it names is another section's topic
    ("Having a mother with breast cancer doesn't mean the USPSTF recommendation no longer applies to you.",
     "uspstf-2024#population", ("supports", None)),
    ("ACOG's clinical breast exam advice from Practice Bulletin 179 was replaced by its 2024 update and no longer "
     "applies.", ACOG_START, ("does_not_support", "missing_fact")),
    # a stop after the card's range: another age group, not the card's to contradict
    ("The USPSTF tells women to stop screening after age 74.", USPSTF_REC, ("does_not_support", "missing_fact")),
    ("The USPSTF tells women to stop screening after age 74.", USPSTF_75, ("contradicts", "misstated_strength")),
    # "aren't a reason" is "not a reason"; denying that ACOG says it contradicts the card that does
    ("ACOG doesn't say that dense breasts alone aren't a reason for routine extra tests.", ACOG_DENSE,
     ("contradicts", "misstated_strength")),
    ("Dense breasts alone aren't a reason for routine extra tests, ACOG says.", ACOG_DENSE, ("supports", None)),
])
def test_birth_cohorts_no_longer_applies_and_other_ages(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


USPSTF_MODALITY = "uspstf-2024#screening-modality"


@pytest.mark.parametrize("text, chunk, expected", [
    ("The USPSTF does not advise stopping at 75.", USPSTF_75, ("supports", None)),
    ("The USPSTF advises stopping at 75.", USPSTF_75, ("contradicts", "misstated_strength")),
    ("The USPSTF's I statement for women 75 and older is not a recommendation against screening, and ACOG does not "
     "advise stopping before age 75 either.", "acog-2017#age-75-and-older",
     ("partially_supports", "wrong_organization")),
    ("RECOMMENDATION: Per ACR, screening is not stopped at any fixed age; it is discontinued after 74 only if serious "
     "comorbidities limit life expectancy.", ACR_75, ("supports", None)),
    ("The ACS says to stop screening at 75.", ACS_STOP, ("contradicts", "missing_fact")),
    ("According to the USPSTF, 3D mammography is now the only recommended screening test.", USPSTF_MODALITY,
     ("contradicts", "missing_fact")),
    ("The USPSTF treats both digital mammography and 3D mammography as effective screening tests.", USPSTF_MODALITY,
     ("supports", None)),
    # "should have" a test recommends it
    ("ACS guidance says you should also have a clinical breast exam each year along with your mammogram.",
     "acs-2015#clinical-breast-examination", ("contradicts", "misstated_strength")),
    ("You should have a mammogram every 2 years from 40 to 74, per the USPSTF.", USPSTF_REC, ("supports", None)),
    # ... not "should have the option" (the card's choice stays a choice, the claim's recommendation overstates it)
    ("ACS recommends annual mammograms for average-risk women aged 40 to 44.", "acs-2015#ages-40-to-44",
     ("contradicts", "misstated_strength")),
    ("Per ACOG you should have a choice between yearly and every-other-year mammograms.",
     "acog-2024#screening-interval", ("supports", None)),
])
def test_denied_stops_conditions_and_the_only_test(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected
