"""Past notes, interval nouns and grades for an age bound (classes claims_c and claims_e showed):
'pre-Mon-YYYY' marks a note about the past; 'a two-year interval' is biennial; a grade claimed for
the ages 'before 50' is compared with the grade the card gives those ages. One test per class,
worded apart from the sets' own sentences."""

import pytest

from .conftest import judge


@pytest.mark.parametrize("chunk", ["acog-2017#starting-age", "acog-2024#starting-age"])
def test_a_pre_month_year_note_is_about_the_past(verifier, chunk):
    text = "ACOG pre-Oct-2024: screening offered starting at 40 and begun by 50 at the latest."
    assert judge(verifier, text, chunk)[0] == "supports"


def test_a_two_year_interval_is_biennial(verifier):
    text = "ACOG settled on a two-year schedule for average-risk screening."
    assert judge(verifier, text, "acog-2024#screening-interval") == ("contradicts", "missing_fact")


def test_a_grade_for_the_ages_before_a_bound_is_compared(verifier):
    text = "Task force, today: mammography before age 50 is a grade C individual decision."
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[0] == "contradicts"


# --- the month a source was published ----------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("ACOG's interim update came out in April 2024 and moved the start age to 40.", "contradicts"),
    ("ACOG's interim update came out in October 2024 and moved the start age to 40.", "supports"),
])
def test_a_month_given_for_the_sources_own_publication_must_be_its_month(verifier, text, expected):
    assert judge(verifier, text, "acog-2024#starting-age")[0] == expected


def test_a_month_of_another_organizations_update_is_not_the_cited_sources(verifier):
    text = "The task force's April 2024 start at 40 came before ACOG matched it in its October 2024 update."
    assert judge(verifier, text, "uspstf-2024#recommendation")[0] != "contradicts"


@pytest.mark.parametrize("text, chunk, expected", [
    # a year bound to the organization's issuing or starting its advice must be its document's year
    ("In 2025 the USPSTF began recommending a screening mammogram every 24 months for women aged 40 to 74.",
     "uspstf-2024#recommendation", ("contradicts", "missing_fact")),
    ("In 2024 the USPSTF began recommending a screening mammogram every 24 months for women aged 40 to 74.",
     "uspstf-2024#recommendation", ("supports", None)),
    ("ACOG lowered its start age to 40 in 2022.", "acog-2024#starting-age", ("contradicts", "missing_fact")),
    ("ACOG lowered its start age to 40 in 2024.", "acog-2024#starting-age", ("supports", None)),
])
def test_the_year_advice_was_issued_is_its_documents(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected
