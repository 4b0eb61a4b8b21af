"""A percentage with 'each year' is a rate's period, not a screening interval (a class claims_e
showed): 'X% of a group ... each year' is a yearly risk, and 'X% with each year of age' a change
with age; neither is the card's rise over time, nor an annual schedule against its biennial one.
Worded apart from the set's own sentences."""

import pytest

from .chunks import USPSTF_CHANGES
from .conftest import PINNED


@pytest.mark.parametrize("text", [
    "The task force reports that roughly 2% of women aged 40 to 49 get an invasive breast cancer diagnosis every "
    "year.",
    "Per the task force, breast cancer incidence climbs about 2% for every additional year of age in the 40s.",
])
def test_a_percentage_each_year_is_neither_a_screening_interval_nor_the_cards_rise(verifier, text):
    verdict = verifier.judge(text, USPSTF_CHANGES, PINNED)
    assert verdict.label != "supports"
    assert "biennial" not in verdict.explanation  # not read as annual screening against the card's biennial


def test_a_yearly_share_of_a_group_is_another_quantity_than_a_yearly_rise(verifier):
    text = ("The task force reports that roughly 2% of women aged 40 to 49 get an invasive breast cancer diagnosis "
            "every year.")
    verdict = verifier.judge(text, USPSTF_CHANGES, PINNED)
    assert (verdict.label, verdict.reason) == ("does_not_support", "missing_fact")
