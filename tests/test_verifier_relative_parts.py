"""Classes the reviews of claims_q to claims_s showed after their blind measurement (the later ones
are listed with their tests below): the relative clause of a
contrasted organization ("unlike ORG-A, which says X, the others ...") is ORG-A's own part, and a
claim that gives the card's start beside another start ("from 45, with an option at 40 to 44")
states one fact more, not a different start. Worded apart from the set's own sentences, each with
a counterpart that must keep its label."""

from .conftest import PINNED, judge

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


# --- claims_s: plain-language claims for patients ---------------------------------------------------

def test_telling_someone_not_to_is_a_recommendation_against(verifier):
    assert judge(verifier, "Back in 2016 the task force told women not to get 3D mammograms.",
                 "uspstf-2016#tomosynthesis")[:2] == ("contradicts", "misstated_strength")
    # the counterpart: the I statement said in plain words still passes
    assert judge(verifier, "Back in 2016 the task force said there was not enough evidence on 3D mammograms.",
                 "uspstf-2016#tomosynthesis")[0] in ("supports", "partially_supports")


def test_advice_that_is_not_for_you_is_an_exclusion(verifier):
    assert judge(verifier, "The task force advice is not for you if your sister had breast cancer.",
                 "uspstf-2024#population")[0] == "contradicts"
    assert judge(verifier, "The task force advice still covers you if your sister had breast cancer.",
                 "uspstf-2024#population")[0] in ("supports", "partially_supports")


def test_a_benefit_a_card_says_screening_offers_is_no_option(verifier):
    # "starting earlier offers greater net benefit" is a reason, not screening offered as a choice
    verdict = verifier.judge("ACOG recommends starting at 40, in part because incidence in the 40s rose about 2% "
                             "a year.", "acog-2024#rationale", PINNED)
    assert "an option" not in verdict.explanation


def test_the_cancer_society_and_the_big_groups(verifier):
    text = "Except for the cancer society, the big groups all say to begin at 40."
    assert judge(verifier, text, "acog-2024#starting-age")[:2] == ("partially_supports", "wrong_organization")


def test_one_organization_says_one_thing_and_another_says_another(verifier):
    text = "The task force says every other year and the radiologists say every year."
    assert judge(verifier, text, "acr-current#starting-age-and-interval")[:2] == \
        ("partially_supports", "wrong_organization")
    # the counterpart: two organizations as one subject share the one assertion
    assert judge(verifier, "The task force and the radiologists say every year.",
                 "uspstf-2024#recommendation")[0] == "contradicts"


def test_a_whole_decade_is_no_start_unless_screening_starts_in_it(verifier):
    assert judge(verifier, "ACOG says you should begin by 50 at the latest, after thinking it over in your forties.",
                 "acog-2024#starting-age")[0] == "contradicts"
    assert judge(verifier, "In 2016 the task force called beginning in your forties an individual decision (grade C).",
                 "uspstf-2016#ages-40-to-49")[0] == "supports"
