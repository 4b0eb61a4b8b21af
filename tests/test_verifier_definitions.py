"""A claim that defines the card's population by naming groups as absent ("average risk: no known
mutation such as BRCA, ...") or as falling outside it is about the definition, not about those
groups (a class claims_c, claims_d and claims_e showed). Worded apart from the sets' sentences."""

import pytest

from .conftest import judge


@pytest.mark.parametrize("text, expected", [
    ("In ACS terms an average-risk woman has no personal history of breast cancer, no strong family history of it, "
     "no known genetic mutation such as BRCA and no radiation therapy to the chest before age 30.", "supports"),
    ("Someone who carries a known genetic mutation such as BRCA is not at average risk in the ACS 2015 guideline.",
     "supports"),
    ("The ACS mammography advice applies to women with a known genetic mutation such as BRCA.", "contradicts"),
])
def test_a_definition_by_absent_groups_is_not_about_them(verifier, text, expected):
    assert judge(verifier, text, "acs-2015#average-risk")[0] == expected
