"""Layout and speech around a claim assert nothing: a dotted section number ("Section 3.1.2:"), a
markdown bullet and bold, a quiz's verdict ("False."), a spoken opener ("Okay, so"). "Fails to
cover X" does not cover X; a group of people left out of a recommendation is excluded from it.
"Should be getting one" and "is a good idea" put a course forward. A yearly rise is a rate, never a
screening interval; a year after "before" is a time, not an age. Each rule with a counterpart
that must keep its label."""

import pytest

from .chunks import ACR_START, ACS_40_44, USPSTF_75, USPSTF_2016_40_49, USPSTF_CHANGES, USPSTF_POPULATION, USPSTF_REC
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("Section 2.3.1: The USPSTF advises a mammogram every 2 years for women aged 40 to 74.", USPSTF_REC,
     ("supports", None)),
    ("- **Radiologists (ACR):** yearly mammograms beginning at 40 [2]", ACR_START, ("supports", None)),
    ("Answer (Q7): False. The ACS does not require women 40 to 44 to start yearly mammograms; it is their choice.",
     ACS_40_44, ("supports", None)),
    ("Okay, so basically the task force says there isn't enough evidence either way for women over 75.", USPSTF_75,
     ("supports", None)),
    # the counterparts: the same layouts around a wrong number
    ("Section 2.3.2: The USPSTF advises a mammogram every 2 years for women aged 40 to 79.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    ("- **Radiologists (ACR):** mammograms every 2 years beginning at 40 [2]", ACR_START,
     ("contradicts", "missing_fact")),
])
def test_layout_and_speech_around_a_claim_assert_nothing(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, expected", [
    ("The 2024 recommendation fails to include women who have dense breasts.", "contradicts"),
    ("The task force leaves women with a family history out of its recommendation.", "contradicts"),
    # the counterparts: undone, or told plainly
    ("It is not true that the 2024 recommendation fails to include women who have dense breasts.", "supports"),
    ("The task force's recommendation includes women with a family history.", "supports"),
])
def test_failing_to_cover_a_group_or_leaving_it_out_excludes_it(verifier, text, expected):
    assert judge(verifier, text, USPSTF_POPULATION)[0] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("My aunt read that the ACS says at 43 she should be getting one every year.", ACS_40_44,
     ("contradicts", "misstated_strength")),
    ("The task force thinks yearly screening at 80 is a good idea.", USPSTF_75, ("contradicts", "misstated_strength")),
    # the counterparts: an option told as one, a course the card does put forward
    ("The ACS says at 43 she may choose to start getting one every year.", ACS_40_44, ("supports", None)),
    ("The ACR thinks a yearly mammogram from age 40 is a good idea.", ACR_START, ("supports", None)),
])
def test_a_course_put_forward_is_recommended(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The 2% is the annual increase in invasive breast cancer among women in their 40s.", USPSTF_CHANGES,
     ("supports", None)),
    ("The yearly increase in invasive breast cancer in women in their 40s was roughly 2%.", USPSTF_CHANGES,
     ("supports", None)),
    ("Before 2024, the task force treated screening in the forties as an individual decision.", USPSTF_2016_40_49,
     ("supports", None)),
    # the counterpart: another rate ("a year whose digits are the card's age" is in test_verifier_atoms)
    ("The yearly increase in invasive breast cancer in women in their 40s was roughly 5%.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
])
def test_a_yearly_rise_is_a_rate_and_a_year_is_a_time(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, expected", [
    ("The ACS average-risk definition leaves out any woman with a family history.",
     ("does_not_support", "wrong_organization")),
    # the counterpart: the same list given as the card's own organization's
    ("The USPSTF recommendation leaves out any woman with a family history.", ("contradicts", "missing_fact")),
])
def test_a_list_of_who_is_left_out_given_as_another_organizations_is_wrong_about_whose(verifier, text, expected):
    assert judge(verifier, text, USPSTF_POPULATION) == expected
