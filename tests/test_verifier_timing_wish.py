"""Sides of a claim the card takes the other way (classes claims_e showed): a lag ('weeks after')
against a card that dates a response to the day of the event it answers ('when ORG issued'), and
advice 'whether or not she wants it' against a card's 'for women who want it'. Worded apart from
the set's own sentences."""

from .conftest import judge


def test_a_lag_contradicts_a_response_dated_to_the_event(verifier):
    text = "The ACR and the breast imaging society only answered the task force weeks after it issued its final advice."
    assert judge(verifier, text, "acr-uspstf-2024-response#response-to-uspstf-2024")[0] == "contradicts"


def test_whether_or_not_she_wants_it_contradicts_for_women_who_want_it(verifier):
    text = "The ACR advises supplemental breast MRI for women with dense breasts whether or not they ask for it."
    assert judge(verifier, text, "acr-current#dense-breasts")[0] == "contradicts"
