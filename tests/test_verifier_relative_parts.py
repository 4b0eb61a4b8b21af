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


def test_the_four_counted_without_a_noun_speak_for_every_organization(verifier):
    # a claim for all four cited to one organization's card states that one's part only
    assert judge(verifier, "All four recommend a mammogram every year at 50.",
                 "acr-current#starting-age-and-interval")[:2] == ("partially_supports", "wrong_organization")
    # the counterpart: the same claim for that one organization is stated in full
    assert judge(verifier, "The ACR advises a mammogram every year from age 40.",
                 "acr-current#starting-age-and-interval")[0] == "supports"


def test_most_experts_with_their_names_speak_for_those_named(verifier):
    text = "Most experts (ACS, ACR) favor yearly screening at 48; the USPSTF every other year."
    assert judge(verifier, text, "uspstf-2024#recommendation")[:2] == ("partially_supports", "wrong_organization")
    # the counterpart: "most experts" naming none needs more than half of the organizations cited
    assert judge(verifier, "Most experts favor yearly screening at 48.",
                 "acr-current#starting-age-and-interval")[0] != "supports"


def test_a_grade_given_by_the_verb_is_read(verifier):
    # "grades ... as C" in the present, against a card whose C is the grade before the change
    assert judge(verifier, "The task force now grades screening in the 40s as C.",
                 "uspstf-2024#changes-from-2016")[:2] == ("contradicts", "misstated_strength")
    assert judge(verifier, "The task force now grades screening in the 40s as a B.",
                 "uspstf-2024#changes-from-2016")[0] == "supports"
