import pytest

from review_app.engine.facts import FactReader, load_claim_rules
from review_app.engine.text import load_vocabulary

from .conftest import CORPUS_DIR

READER = FactReader(load_vocabulary(CORPUS_DIR), load_claim_rules(CORPUS_DIR), ["USPSTF", "ACS", "ACOG", "ACR"])
CLAIM = ("against", "insufficient", "option", "for")


def read(text):
    return READER.read(text, CLAIM)


@pytest.mark.parametrize("text", ["every 2 years", "biennial screening", "every other year", "q2y", "every-other-year",
                                  "every two years", "biennially"])
def test_biennial_wordings(text):
    assert read(f"screen {text}").intervals == {"biennial"}


@pytest.mark.parametrize("text", ["yearly", "annual", "once a year", "every year", "q1y", "annually",
                                  "every 12 months"])
def test_annual_wordings(text):
    assert read(f"screen {text}").intervals == {"annual"}


def test_a_choice_of_intervals_is_one_value():
    choice = {"annual", "biennial", "annual or biennial"}
    assert read("every 1 or 2 years").intervals == choice
    assert read("switch to every 2 years or keep having a mammogram every year").intervals == choice
    assert read("urges annual, not biennial, screening").intervals == {"annual"}
    assert read("incidence rose about 2% yearly").intervals == frozenset()


def test_numbers():
    assert read("ages 40 to 74").numbers == read("ages 40\u201374").numbers == {"40", "74"}
    assert read("women in their 40s").numbers == {"40", "49"}
    # a rate is one value: its percentage is not also a bare share ("2% per year" is not "2% in all")
    assert read("about 2% per year from 2015 to 2019").numbers == {"per year 2%", "2015", "2019"}
    assert read("about 2% every two years").numbers == {"per 2 years 2%"}  # a rate keeps its period
    assert read("about 40% more likely to die").numbers == {"relative 40%"}  # a relative difference
    assert read("about 40% of them die").numbers == {"40%"}
    assert read("a life expectancy of ten years").numbers == {"10"}
    assert read("ACOG Practice Bulletin 179 says").numbers == frozenset()
    assert read("grade B").grades == {"grade b"}


@pytest.mark.parametrize("text, strength", [
    ("USPSTF recommends against screening", "against"),
    ("USPSTF does not recommend screening", "against"),
    ("the evidence is insufficient", "insufficient"),
    ("an I statement", "insufficient"),
    ("it is neither a recommendation for nor a recommendation against screening", "insufficient"),
    ("women have the option to begin", "option"),
    ("chosen by shared decision-making", "option"),
    ("ACR recommends annual screening", "for"),
    ("the 2024 recommendation covers women", None),
])
def test_strength(text, strength):
    assert READER.strength(READER.normalize(text), CLAIM) == strength


def test_organizations_lists_and_subjects():
    facts = read("The USPSTF, ACOG and the ACR each set the start at 40.")
    assert facts.organization_groups == (("USPSTF", "ACOG", "ACR"),)
    response = read("In its response to USPSTF, ACR urges annual screening.")
    assert response.organization_groups == () and response.subjects == ("ACR",)
    assert read("The American Cancer Society and the task force disagree.").organization_groups == (("ACS", "USPSTF"),)


def test_universal_and_concepts():
    assert read("All major organizations recommend annual screening.").universal
    assert not read("ACR recommends annual screening.").universal
    assert read("supplemental MRI for dense breasts").concepts == {"dense breasts", "supplemental imaging", "MRI"}


def test_not_waiting_until_an_age_is_no_start_at_it():
    assert read("the task force no longer waits until 50").starts == frozenset()
    assert read("you don't need to start until 50").starts == {"50"}
    assert read("screening should begin at 40").starts == {"40"}
