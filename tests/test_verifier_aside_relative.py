"""'Apart from ORG-A, which says X, the others say Y': the relative clause is ORG-A's own assertion
and the rest speaks for the others (a class claims_e showed). Worded apart from the set."""

import pytest

from .conftest import judge

TEXT = ("Except for the ACR, which wants yearly mammograms from 40, ACOG and the ACS leave room for a choice "
        "of interval.")


@pytest.mark.parametrize("chunk, expected", [
    ("acr-current#starting-age-and-interval", ("partially_supports", "wrong_organization")),
    ("acog-2024#screening-interval", ("partially_supports", "wrong_organization")),
])
def test_the_set_aside_organizations_relative_clause_is_its_own(verifier, chunk, expected):
    assert judge(verifier, TEXT, chunk) == expected
