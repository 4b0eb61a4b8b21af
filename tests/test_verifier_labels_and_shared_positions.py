"""An example's, a sample's or a round's number and a model output's label ("Example 3, model output:",
"Sample 7, output 4:", "R4 Q5.") say where a line sits, and a quiz answer given before its
explanation ("Answer: 2 percent.") repeats it: none is a value of the claim (an explanation that points
back to the answer, "Answer: 20 percent. That's how much ...", takes it as its value). "The grade for screening
at your age is an A" gives grade A; "aren't recommended by any of the major groups" and a line headed
"All guidelines:" speak for every organization. "ORG-A, like ORG-B in 2024, recommends X" and "ORG-A
joins ORG-B in recommending X" say that ORG-B holds X too. "You'd likely count as average risk under
the definition" puts no group inside it; "ACS counts a woman with a strong family history as average
risk" does. Each with a counterpart that keeps its verdict."""

import pytest

from .chunks import (
    ACOG_2017_CBE,
    ACR_DENSE,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_AVERAGE,
    ACS_CBE,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("Q2. Answer: 2 percent. Invasive breast cancer in women in their forties rose about 2% per year between 2015 "
     "and 2019.", USPSTF_CHANGES, ("supports", None)),
    ("Sample 7, output 4: It is incorrect to say that the ACS does not recommend yearly mammograms for women aged "
     "45 to 54.", ACS_45_54, ("supports", None)),
    ("Example 3, model output: For women with dense breasts and an otherwise negative mammogram, the USPSTF found "
     "insufficient evidence to assess supplemental ultrasound or MRI (an I statement).", USPSTF_DENSE,
     ("supports", None)),
    # ... unless the explanation points back to the answer: the answer is its value
    ("Q3. Answer: 20 percent. That's how much more likely Black women are to die of breast cancer, according to "
     "the USPSTF.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    ("Q2. Answer: 2 percent a year. That is how fast invasive breast cancer in women in their forties rose between "
     "2015 and 2019.", USPSTF_CHANGES, ("supports", None)),
    # a verdict as the answer is read as before: the sentence after it is the claim
    ("Answer: False. The ACS does not recommend yearly mammograms for women aged 45 to 54.", ACS_45_54,
     ("contradicts", "misstated_strength")),
    ("Sample 7, output 4: The ACS does not recommend yearly mammograms for women aged 45 to 54.", ACS_45_54,
     ("contradicts", "misstated_strength")),
])
def test_item_labels_and_a_quiz_answer_are_no_values(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Fun fact: the USPSTF grade for screening at your age is an A.", USPSTF_REC,
     ("contradicts", "misstated_strength")),
    ("Fun fact: the USPSTF grade for screening at your age is a B.", USPSTF_REC, ("supports", None)),
    ("Breast exams by your doctor aren't recommended by any of the major groups.", ACS_CBE,
     ("partially_supports", "wrong_organization")),
    ("Breast exams by your doctor aren't recommended by the ACS.", ACS_CBE, ("supports", None)),
    ("All guidelines: start MMG at 40.", ACR_START, ("partially_supports", "wrong_organization")),
    ("ACR: start MMG at 40.", ACR_START, ("supports", None)),
])
def test_a_grade_as_the_subject_and_lines_for_every_organization(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACS, like the USPSTF in 2024, recommends screening every 2 years starting at 40.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    ("The ACS, like the USPSTF in 2024, recommends screening every 2 years starting at 40.", ACS_40_44,
     ("contradicts", "wrong_organization")),
    ("The USPSTF joins the ACR in recommending MRI for women with dense breasts.", ACR_DENSE,
     ("partially_supports", "wrong_organization")),
    ("The USPSTF joins the ACR in recommending MRI for women with dense breasts.", USPSTF_DENSE,
     ("contradicts", "wrong_organization")),
    # a group counted as the card's population ("ACS counts a woman with X as average risk")
    ("ACS counts a woman with a strong family history of breast cancer as average risk.", ACS_AVERAGE,
     ("contradicts", "missing_fact")),
    ("ACS does not count a woman with a BRCA mutation as average risk.", ACS_AVERAGE, ("supports", None)),
    # whoever counts as average risk by meeting the definition is no group put inside it
    ("You'd likely count as average risk under the ACS definition, which assumes no personal history of breast "
     "cancer, no strong family history, no known genetic mutation such as BRCA, and no chest radiation before 30.",
     ACS_AVERAGE, ("supports", None)),
    ("ACOG offers a clinical breast exam every year from 40.", ACOG_2017_CBE, ("supports", None)),
])
def test_a_position_shared_with_another_organization(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected
