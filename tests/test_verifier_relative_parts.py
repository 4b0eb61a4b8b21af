"""Classes the review of claims_q showed after its blind measurement: the relative clause of a
contrasted organization ("unlike ORG-A, which says X, the others ...") is ORG-A's own part, and a
claim that gives the card's start beside another start ("from 45, with an option at 40 to 44")
states one fact more, not a different start. Worded apart from the set's own sentences, each with
a counterpart that must keep its label."""

from .conftest import judge

USPSTF_75 = "uspstf-2024#age-75-and-older"
ACR_75 = "acr-current#age-75-and-older"
ACS_40 = "acs-2015#ages-40-to-44"


def test_the_relative_clause_of_a_contrasted_organization_is_its_own_part(verifier):
    text = ("Unlike the task force, which finds the evidence insufficient for women 75 and older, the ACS and "
            "the ACR favor going on for women in good health.")
    # the task force's part is its own clause: stated, while the claim speaks for two more organizations
    assert judge(verifier, text, USPSTF_75)[:2] == ("partially_supports", "wrong_organization")
    # the counterpart: the relative clause gives the task force a strength its card does not state
    wrong = ("Unlike the task force, which recommends against screening women 75 and older, the ACS and the ACR "
             "favor going on for women in good health.")
    assert judge(verifier, wrong, USPSTF_75)[0] == "contradicts"


def test_a_second_start_beside_the_cards_own_is_one_more_fact(verifier):
    text = "The ACS advises yearly mammograms from 45 with an option to begin at 40 to 44."
    assert judge(verifier, text, ACS_40)[:2] == ("partially_supports", "missing_fact")
    # the counterpart: a start the card does not give, with none of its own, still contradicts
    assert judge(verifier, "The ACS says women should begin yearly mammograms at 45 at the earliest.",
                 ACS_40)[0] == "contradicts"
