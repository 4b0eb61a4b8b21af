"""Frames a claim is written in, and citations to a section on another topic: a discourse label
before a colon ("Reply:", "Edit summary:") asserts nothing; a source named in words in brackets is
no content; "apart from ORG, the organizations ..." and "every professional body, ORG included"
speak for the others and for all; "..., which is also ORG-B's position" and "..., in line with
ORG-B" say ORG-B holds it too; a value a correction denies ("not 45-55") and the organization
compared with ("further than ORG-B: it urges ...") are not the claim's; a section whose heading
names a topic the claim never speaks of neither states nor denies it; "does not count as average
risk" leaves a group out; "no reason for routine extra screening" is a case against; "X is wrong to
say" denies what follows; a position said to rest on an I statement is not itself one; "is not on
the list" denies a group is listed. Each rule is tested with wording apart from the development
sets, and with a counterpart that must keep its label."""

import pytest

from .chunks import (
    ACOG_DENSE,
    ACOG_START,
    ACR_RESPONSE_ANNUAL,
    ACR_RISK,
    ACR_START,
    ACS_45_54,
    ACS_AVERAGE,
    ACS_CBE,
    ACS_STOP,
    USPSTF_75,
    USPSTF_EXCLUSIONS,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, label", [
    # the label is dropped and "apart from ORG, the organizations" is read as the others
    ("Correction: apart from the USPSTF, the organizations let healthy women keep screening past 75.",
     ACS_STOP, "partially_supports"),
    ("Interval row: the ACS wants a yearly mammogram from 45 through 54.", ACS_45_54, "supports"),
    # the counterpart: a label that names an organization is the claim's speaker, and kept
    ("USPSTF: screening every year from 40.", USPSTF_REC, "contradicts"),
])
def test_a_discourse_label_before_a_colon_asserts_nothing(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label, reason", [
    ("Every medical society we surveyed, the ACOG included, begins screening at 40.", ACOG_START,
     "partially_supports", "wrong_organization"),
    ("Every professional group, including the ACS, advises screening every year from 40.", USPSTF_REC,
     "contradicts", "wrong_organization"),
    ("The four groups agree that average-risk screening begins at 40.", ACOG_START,
     "partially_supports", "wrong_organization"),
    # the counterpart: one organization named alone speaks for itself
    ("The ACOG begins screening at 40.", ACOG_START, "supports", None),
])
def test_one_organization_named_inside_a_claim_for_all_still_speaks_for_all(verifier, text, chunk, label,
                                                                              reason):
    assert judge(verifier, text, chunk)[:2] == (label, reason)


@pytest.mark.parametrize("text, chunk, label", [
    ("Screening goes on past 75 for a healthy woman with ten or more years ahead of her, per the ACS, "
     "which is also the ACR's position.", ACS_STOP, "partially_supports"),
    ("The ACOG starts screening at 40, in line with the ACR.", ACOG_START, "partially_supports"),
    # the counterpart: the same claim without a second holder is the card's alone
    ("The ACOG starts screening at 40.", ACOG_START, "supports"),
])
def test_a_second_holder_named_after_the_claim_shares_it(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("Per the ACS, yearly screening applies at 45 to 54, not 45 to 56 as our old leaflet said.", ACS_45_54,
     "supports"),
    ("The ACR goes further than the USPSTF: it wants a mammogram every year, not every other year, from 40.",
     ACR_RESPONSE_ANNUAL, "supports"),
    # the counterpart: a wrong range the claim affirms is still wrong
    ("Per the ACS, yearly screening applies at 45 to 56.", ACS_45_54, "contradicts"),
])
def test_a_denied_value_and_the_organization_compared_with_are_not_the_claims(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label, reason", [
    ("The ACS advises a yearly mammogram from 45 (source: the ACS clinical breast exam section).", ACS_CBE,
     "does_not_support", "missing_fact"),
    ("The ACR wants mammograms every year beginning at 40.", ACR_RISK, "does_not_support", "missing_fact"),
    # the counterpart: a claim about the section's own topic is still denied by it
    ("The ACS advises a clinical breast exam every year.", ACS_CBE, "contradicts", "misstated_strength"),
])
def test_a_section_on_another_topic_neither_states_nor_denies_the_claim(verifier, text, chunk, label, reason):
    assert judge(verifier, text, chunk)[:2] == (label, reason)


@pytest.mark.parametrize("text, chunk, label", [
    ("In the ACS guideline, a woman carrying a BRCA mutation doesn't count as average risk.", ACS_AVERAGE,
     "supports"),
    ("For the ACOG, dense tissue by itself is no reason for routine supplemental screening.", ACOG_DENSE,
     "supports"),
    ("ACOG does not claim that dense tissue by itself is no reason for routine supplemental screening.",
     ACOG_DENSE, "contradicts"),
    # the counterpart: the same group placed inside the average-risk population is out of scope
    ("In the ACS guideline, a woman carrying a BRCA mutation counts as average risk.", ACS_AVERAGE,
     "contradicts"),
])
def test_a_group_defined_out_and_no_reason_for_extra_screening(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("The leaflet is wrong to say the USPSTF recommends against screening at 80; it found the evidence "
     "insufficient.", USPSTF_75, "supports"),
    ("Based on its I statement, the USPSTF tells healthy women past 75 to keep up biennial mammograms.",
     USPSTF_75, "contradicts"),
    ("Hypertension is not on the USPSTF list, but prior chest radiation is not on it either.", USPSTF_EXCLUSIONS,
     "contradicts"),
    # the counterparts: the leaflet said right is affirmed; a group the card lists, said to be listed
    ("The leaflet is right to say the USPSTF recommends against screening at 80.", USPSTF_75, "contradicts"),
    ("The USPSTF leaves out people who had chest radiation at a young age.", USPSTF_EXCLUSIONS, "supports"),
])
def test_a_claim_said_wrong_a_framing_ground_and_a_group_not_listed(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, label", [
    ("The USPSTF does not regard tomosynthesis as ineffective.", "supports"),
    ("The task force does not rate 3D mammograms as unproven for screening.", "supports"),
    # the counterpart: the negative judgment affirmed is the opposite of the card
    ("The USPSTF views digital breast tomosynthesis as ineffective for screening.", "contradicts"),
])
def test_a_negative_judgment_denied_affirms(verifier, text, label):
    assert judge(verifier, text, "uspstf-2024#screening-modality")[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    # a second verb in the past, with the subject shared, is a second assertion
    ("In 2016 the task force recommended screening every two years from 50 to 74 and left the choice before 50 "
     "to each woman (grade C).", "uspstf-2016#ages-40-to-49", "partially_supports"),
    ("In 2016 the task force recommended screening every two years from 50 to 74 and graded screening in the "
     "forties C.", "uspstf-2016#ages-40-to-49", "partially_supports"),
    # the counterpart: one assertion about the forties alone is the section's
    ("In 2016 the task force left the choice before 50 to each woman (grade C).", "uspstf-2016#ages-40-to-49",
     "supports"),
])
def test_a_second_past_verb_with_a_shared_subject_is_a_second_assertion(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    # organizations listed between dashes name the group before them
    ("Leaving the ACS aside, the groups in our table - the USPSTF, ACOG and the ACR - start screening at 40.",
     ACR_START, "partially_supports"),
    # "rather than to a fixed age" sets the fixed age aside, as "rather than a fixed age" does
    ("The ACS links screening past 75 to health and life expectancy rather than to a fixed age limit.",
     ACS_STOP, "supports"),
    # the counterpart: the fixed age affirmed is the opposite of the card
    ("The ACS links screening past 75 to a fixed age limit rather than to health.", ACS_STOP, "contradicts"),
])
def test_a_list_between_dashes_and_rather_than_to(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    # a speaker's label in a transcript, and organizations listed between commas after the group they name
    ("CORRESPONDENT: Apart from the USPSTF, each group in the comparison, ACS, ACOG and the ACR, backs a "
     "mammogram every single year.", ACR_START, "partially_supports"),
    # "found ... to be harmful" is a case against, which an I statement is not
    ("The task force found extra ultrasound to be harmful for women with dense tissue.", "uspstf-2024#dense-breasts",
     "contradicts"),
    # "has not concluded that" denies what follows
    ("The task force has not concluded that extra ultrasound is not worthwhile for dense tissue; it calls the "
     "evidence insufficient.", "uspstf-2024#dense-breasts", "supports"),
    # the counterpart: concluded, the denial of worth is affirmed and wrong
    ("The task force concluded that extra ultrasound is not worthwhile for women with dense tissue.",
     "uspstf-2024#dense-breasts", "contradicts"),
])
def test_a_transcript_label_a_list_between_commas_harm_and_a_conclusion_denied(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label
