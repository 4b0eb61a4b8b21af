"""A short question heading a line ("Why the change? Per ORG, ...") asks nothing the claim asserts, unless it
names a group or an age, the claim's condition ("Over 75? ..."); a heading naming whom the advice is not for
("Who this isn't for, per ORG: ...") lists those left out; a step's label with a word after its number ("Step 3
alternative:", "Step 1, eligibility:") is no value; a step that "exits" people excludes them. An organization
that "continues to urge" a schedule is not stopping anything. "Something you may want to think about" and
"yours to opt into" offer a choice; "does not want X to get one" is a case against it. "Does not put you on
the exclusion list" says the group is not on it, and a list's members told after it (", which names X and
Y") are what it excludes, not what is absent from it. "ORG-A, like ORG-B, says a family history takes you out
of average risk" is judged on ORG-A's part against a card that covers family history. A list's or a policy's
item number ("(3)", "1.6") is no value; a chart's column names whose the values are ("In the ACR column, the
table reads: ..."); "Fix the sentence claiming X: Y" claims Y; "the advice relates not to X" does not apply to
X; "once in two years" is biennial; "remains the current federal recommendation", "which may still apply" and
"that part is still ACOG's advice today" speak of the present; "not to treat them as an automatic next step"
denies that it is automatic. Each with a counterpart that keeps its verdict."""

import pytest

from .chunks import (
    ACOG_DENSE,
    ACOG_FAQ_DENSE,
    ACR_RISK,
    ACR_START,
    ACS_40_44,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_2016_REC,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    ("Card 4: What changed? According to the USPSTF, breast cancer in women in their 40s rose by about 2% per "
     "year between 2015 and 2019.", USPSTF_CHANGES, ("supports", None)),
    # a heading that names an age is the claim's condition
    ("Past 75? The USPSTF says carry on: it recommends screening for as long as you stay healthy.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("Who this is NOT for, per the Task Force: anyone with a BRCA1 or BRCA2 mutation, high-dose chest radiation "
     "at a young age, an earlier breast cancer, or a high-risk lesion on a past biopsy.", USPSTF_EXCLUSIONS,
     ("supports", None)),
    ("Who the recommendation does not apply to: people with dense breasts.", USPSTF_EXCLUSIONS,
     ("does_not_support", "missing_fact")),
    ("Step 2 alternative: ACOG does not recommend routine supplemental screening when dense tissue is the only "
     "extra factor.", ACOG_DENSE, ("supports", None)),
    ("Step 4b also exits patients whose mother had breast cancer (USPSTF 2024).", USPSTF_POPULATION,
     ("contradicts", "missing_fact")),
    ("Step 4b also exits patients with a previous breast cancer (USPSTF 2024).", USPSTF_EXCLUSIONS,
     ("supports", None)),
])
def test_question_headings_step_labels_and_exits(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACR continues to urge yearly, not every-other-year, screening mammography from 40 for women at average "
     "risk.", ACR_START, ("supports", None)),
    ("For women in their forties, the USPSTF says a mammogram is simply something you may want to think about "
     "with your clinician.", USPSTF_REC, ("contradicts", "misstated_strength")),
    ("The ACS is more relaxed about the early forties: between forty and forty-four, yearly screening is yours to "
     "opt into.", ACS_40_44, ("supports", None)),
    ("The ACS is stricter on the early forties: from forty to forty-four, it recommends a yearly mammogram.",
     ACS_40_44, ("contradicts", "misstated_strength")),
])
def test_continuing_to_urge_and_choices_offered(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Her sister's breast cancer does not put her on the Task Force's exclusion list.", USPSTF_EXCLUSIONS,
     ("supports", None)),
    ("A sister's breast cancer does not put her on the USPSTF exclusion list, which names a BRCA1 or BRCA2 "
     "mutation, high-dose chest radiation at a young age, an earlier breast cancer, or a high-risk lesion on a "
     "past biopsy.", USPSTF_EXCLUSIONS, ("supports", None)),
    ("The USPSTF recommendation leaves out people with a BRCA1 or BRCA2 mutation, high-dose chest radiation at a "
     "young age, an earlier breast cancer or a high-risk lesion on a past biopsy, and dense breasts are not on "
     "that list.", USPSTF_EXCLUSIONS, ("supports", None)),
    # a group the card does leave out is on the list
    ("Earlier chest radiation at a young age does not put her on the Task Force's exclusion list.",
     USPSTF_EXCLUSIONS, ("contradicts", "missing_fact")),
])
def test_not_on_the_list_and_the_list_told_after_it(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The USPSTF, like the ACS, says a strong family history means you are not at average risk.",
     USPSTF_POPULATION, ("contradicts", "wrong_organization")),
    ("The USPSTF and the ACS both say a strong family history means you are not at average risk.",
     USPSTF_POPULATION, ("contradicts", "wrong_organization")),
    ("The USPSTF, like the ACS, says its advice covers women aged 40 or older at average risk.",
     USPSTF_POPULATION, ("partially_supports", "wrong_organization")),
])
def test_one_organizations_part_of_a_joint_list_of_those_left_out(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACR does not want women who are not Black or of Ashkenazi Jewish descent to get a risk assessment.",
     ACR_RISK, ("contradicts", "misstated_strength")),
    ("The USPSTF does not want women 75 and older to have screening mammograms.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    # the counterparts: the wish for it, and the wish against it denied
    ("The ACR wants every woman to get a risk assessment by age 25.", ACR_RISK, ("supports", None)),
    ("It's not that the USPSTF doesn't want women over 75 to get mammograms; the evidence is insufficient.",
     USPSTF_75, ("supports", None)),
])
def test_not_wanting_someone_to_get_a_test_is_a_case_against_it(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


ACOG_2017_75 = "acog-2017#age-75-and-older"


@pytest.mark.parametrize("text, chunk, expected", [
    ("(2) ACOG doesn't recommend routine extra screening when dense tissue is the only added factor.", ACOG_DENSE,
     ("supports", None)),
    ("(2) ACOG recommends routine extra screening when dense tissue is the only added factor.", ACOG_DENSE,
     ("contradicts", "misstated_strength")),
    ("2.3 The USPSTF recommendation does not exclude members whose mother had breast cancer, nor members with "
     "dense breasts.", USPSTF_POPULATION, ("supports", None)),
    ("In the ACR column, the table reads: start at 40, every year.", ACR_START, ("supports", None)),
    ("Correct the statement claiming the 2016 USPSTF advised against screening in the forties: it called starting "
     "before 50 an individual decision.", USPSTF_2016_40_49, ("supports", None)),
    ("The advice relates not to carriers of mutations of the BRCA1 or BRCA2 genes, not to those who had high-dose "
     "irradiation of the chest at a young age, and not to those who earlier had breast cancer.", USPSTF_EXCLUSIONS,
     ("supports", None)),
    ("The USPSTF advises for women from 40 until 74 a mammogram one time in two years.", USPSTF_REC,
     ("supports", None)),
])
def test_list_numbers_a_charts_column_a_fix_and_advice_relating_not_to_a_group(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Per the 2016 USPSTF statement, biennial screening from 50 to 74 remains the current federal recommendation.",
     USPSTF_2016_REC, ("does_not_support", "wrong_version")),
    ("Under the 2016 USPSTF statement, which may still apply, a woman of 45 makes an individual decision.",
     USPSTF_2016_40_49, ("does_not_support", "wrong_version")),
    ("Under the 2016 USPSTF statement, a woman of 45 made an individual decision.", USPSTF_2016_40_49,
     ("supports", None)),
    ("ACOG's 2017 bulletin said to screen until at least 75 and then decide together, and that part is still "
     "ACOG's advice today.", ACOG_2017_75, ("supports", None)),
    ("ACOG's patient FAQ says to talk extra tests over, not to treat them as an automatic next step.",
     ACOG_FAQ_DENSE, ("supports", None)),
    ("ACOG's patient FAQ says extra tests are an automatic next step for dense breasts.", ACOG_FAQ_DENSE,
     ("contradicts", "missing_fact")),
])
def test_advice_said_to_still_hold_and_a_test_not_to_treat_as_automatic(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
