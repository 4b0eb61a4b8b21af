"""An interval a claim denies is none it gives ("the USPSTF does not say yearly"), and denying one the card
states contradicts; a consequence applying a stated point to a case ("..., so a yearly study at 42 is
consistent with ORG guidance") adds nothing; a leading topic label ("Clinical breast exam, ORG: ...")
names what the rest is about; "you should definitely book" directs; "were to begin" sets a course; "not a
firm recommendation" is an option; "apart from ORG-A" after a comma and "and" sets ORG-A aside there; a
sentence, a colon and another organization's part are two parts; a kind of what a card denies is denied
with it; "grade B, up from a grade C" tells the move; the source's own year told of its organization is
no year of another part; a list item's label, a speaker's label and a labelled summary frame the claim;
a corrected interval, a share "in the hundred", "a 2% rise per year" and "a doubling of incidence" are
read as meant; "an extra ultrasound is automatically scheduled" directs; "It's worth knowing that ..."
frames the claim. Each with a counterpart that keeps its verdict."""

import pytest

from .chunks import (
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_DENSE,
    ACOG_FAQ_DENSE,
    ACR_DENSE,
    ACR_RESPONSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("The USPSTF does not say yearly from 40.", USPSTF_REC, ("partially_supports", "missing_fact")),
    ("MODERATOR: Of the four bodies, only the ACR says yearly from 40; all the others say every two years.",
     USPSTF_REC, ("partially_supports", "wrong_organization")),
    ("The ACS does not say yearly at 45 to 54.", ACS_45_54, ("contradicts", "missing_fact")),
    # a negation elsewhere in the clause denies no interval
    ("The radiologists don't disagree with the panel's every-two-years interval.", ACR_RESPONSE_ANNUAL,
     ("contradicts", "missing_fact")),
    ("At 43, you are not too young for the USPSTF's biennial screening, which now starts at forty.", USPSTF_REC,
     ("supports", None)),
])
def test_denied_intervals(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The American College of Radiology recommends annual screening mammography beginning at age 40 for women "
     "at average risk, so a yearly study at 42 is consistent with ACR guidance.", ACR_START, ("supports", None)),
    ("The American College of Radiology recommends annual screening mammography beginning at age 40 for women "
     "at average risk, so a yearly study at 38 is consistent with ACR guidance.", ACR_START,
     ("partially_supports", "missing_fact")),
    ("The American College of Radiology recommends annual screening mammography beginning at age 40 for women "
     "at average risk, so a biennial study at 42 is consistent with ACR guidance.", ACR_START,
     ("contradicts", "missing_fact")),
])
def test_consequence_applying_a_point(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Clinical breast exam, ACOG: required every year for all women from age 40.", ACOG_2017_CBE,
     ("contradicts", "misstated_strength")),
    ("Breast self-awareness, ACOG: encouraged, and it goes along with screening mammography rather than "
     "replacing it.", ACOG_2017_CBE, ("supports", None)),
    # a short part further on is no label of the rest
    ("ACOG doesn't advise adding extra tests routinely just because of dense breasts, but its FAQ says you and "
     "your clinician may talk about whether they make sense for you.", ACOG_FAQ_DENSE,
     ("partially_supports", "missing_fact")),
])
def test_leading_topic_label(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("You should definitely book a mammogram every single year starting now, because that's what the American "
     "Cancer Society recommends at your age!", ACS_40_44, ("contradicts", "misstated_strength")),
    ("You may book a mammogram every year starting now if you wish, because the American Cancer Society gives "
     "you that option at your age.", ACS_40_44, ("supports", None)),
    ("Under PB 179 in 2017, all average-risk women were to begin screening at 40, with no counseling needed.",
     ACOG_2017_START, ("contradicts", "misstated_strength")),
    ("Key: the ACS gives women aged 40 to 44 the option of annual mammography; it is not a firm "
     "recommendation.", ACS_40_44, ("supports", None)),
    ("The ACS advice at 45 is not a firm recommendation.", ACS_45_54, ("contradicts", "misstated_strength")),
    ("Key: no current guideline still leaves starting in the early forties up to the woman's own choice.",
     ACS_40_44, ("contradicts", "wrong_organization")),
])
def test_strength_wording(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("ACR screens every year from 40, and apart from ACR the other three organizations all settle on every "
     "other year.", ACS_45_54, ("contradicts", "wrong_organization")),
    ("Apart from ACR, the other three organizations all settle on every other year.", ACS_45_54,
     ("contradicts", "wrong_organization")),
    ("Candidate states that the USPSTF biennial schedule did not go unchallenged: the ACR urged annual rather "
     "than every-other-year screening from 40.", ACR_RESPONSE_ANNUAL, ("supports", None)),
    # a label before the colon is no sentence of its own
    ("ACR/SBI statement, 30 April 2024: the USPSTF move to start at 40 is an improvement that does not go far "
     "enough.", ACR_RESPONSE, ("supports", None)),
])
def test_parts_after_a_set_aside_and_a_colon(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Everyone agrees dense breasts alone warrant a supplemental MRI.", ACOG_DENSE,
     ("contradicts", "wrong_organization")),
    ("Finding 3: the 2024 recommendation gives women 40 to 49 a grade B for screening every other year, up from "
     "a grade C individual decision.", USPSTF_CHANGES, ("supports", None)),
    ("The 2024 recommendation gives women 40 to 49 a grade C, up from a grade B.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
    ("By 2024, the Task Force had upgraded this to a grade B for biennial screening, pointing to a roughly 2% "
     "yearly rise in incidence among women in their forties.", USPSTF_CHANGES, ("supports", None)),
    # a data year is still the data's
    ("In 2024 incidence in women in their 40s rose about 2% per year.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
])
def test_kinds_moves_and_years(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Take-home point 1: the USPSTF gives a grade B to one screening mammogram every 24 months for women aged "
     "forty to seventy-four.", USPSTF_REC, ("supports", None)),
    ("Finding 5: both standard digital mammography and 3D tomosynthesis count as effective for the biennial "
     "screen.", USPSTF_MODALITY, ("supports", None)),
    ("Mods' summary: the USPSTF has no recommendation either for or against screening at 75 and older, because "
     "the evidence isn't sufficient.", USPSTF_75, ("supports", None)),
    ("PROPOSER: The ACR wants a mammogram every twelve months from forty, not every twenty-four.", ACR_START,
     ("supports", None)),
    ("The ACR wants a mammogram every twenty-four months from forty.", ACR_START, ("contradicts", "missing_fact")),
    ("The Task Force says the sickness rose by about two in the hundred each year among women in their "
     "forties, from 2015 to 2019.", USPSTF_CHANGES, ("supports", None)),
    ("The Task Force says the sickness rose by about twenty in the hundred each year among women in their "
     "forties, from 2015 to 2019.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
])
def test_labels_corrections_and_rates(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Finding 4: the Task Force cited a doubling of breast cancer incidence among women in their forties, and "
     "Black women being about 40% more likely to die of the disease.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
    ("The Task Force cited breast cancer incidence among women in their forties rising about 2% per year, and "
     "Black women being about 40% more likely to die of the disease.", USPSTF_CHANGES, ("supports", None)),
    ("If the van's mammogram shows dense breasts, ACOG says an extra ultrasound or MRI is automatically "
     "scheduled as the next step.", ACOG_DENSE, ("contradicts", "misstated_strength")),
    ("If the mammogram shows dense breasts, ACR says an extra MRI is automatically scheduled for women at "
     "higher risk.", ACR_DENSE, ("partially_supports", "missing_fact")),
    ("It's worth knowing that the USPSTF doesn't actually recommend against screening at 77; it says the "
     "evidence is insufficient to weigh the benefits and harms.", USPSTF_75, ("supports", None)),
])
def test_doublings_automatic_tests_and_notes_worth_knowing(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
