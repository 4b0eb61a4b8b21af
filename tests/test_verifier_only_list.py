"""A list of who is left out said to be the only ones ('only X and Y are excluded') contradicts a
card that leaves out more groups (a class claims_e showed). Worded apart from the set."""

import pytest

from .conftest import judge


@pytest.mark.parametrize("text, expected", [
    ("The task force's 2024 advice leaves out only people with a BRCA2 mutation and women with prior breast cancer.",
     "contradicts"),
    ("The task force's 2024 advice leaves out people with a BRCA2 mutation and women with prior breast cancer.",
     "supports"),
])
def test_an_only_list_of_exclusions_contradicts_a_card_that_leaves_out_more(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#exclusions")[0] == expected
