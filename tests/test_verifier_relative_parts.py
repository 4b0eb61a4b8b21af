"""Classes the reviews of claims_q to claims_s showed after their blind measurement (the later ones
are listed with their tests below): the relative clause of a
contrasted organization ("unlike ORG-A, which says X, the others ...") is ORG-A's own part, and a
claim that gives the card's start beside another start ("from 45, with an option at 40 to 44")
states one fact more, not a different start. Worded apart from the set's own sentences, each with
a counterpart that must keep its label."""

from .chunks import ACS_40_44, USPSTF_75
from .conftest import PINNED, judge


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
    assert judge(verifier, text, ACS_40_44)[:2] == ("partially_supports", "missing_fact")
    # the counterpart: a start the card does not give, with none of its own, still contradicts
    assert judge(verifier, "The ACS says women should begin yearly mammograms at 45 at the earliest.",
                 ACS_40_44)[0] == "contradicts"


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


# --- claims_t: a review's and an explainer's long sentences ------------------------------------------

def test_a_claim_about_the_present_that_names_the_past_beside_it_is_judged_now(verifier):
    text = "The task force currently holds, as it did in 2016, that screening in the 40s is an individual decision."
    # (not supported as of 2016 alone: the part dated to 2016 is the old card's, what holds today is not; four
    # later sets' annotators label such two-time claims partly supported)
    assert judge(verifier, text, "uspstf-2016#ages-40-to-49")[:2] == ("partially_supports", "wrong_version")
    # the counterpart: the same words about 2016 alone are the 2016 statement's
    assert judge(verifier, "In 2016 the task force held that screening in the 40s was an individual decision.",
                 "uspstf-2016#ages-40-to-49")[0] == "supports"


def test_the_agent_of_a_passive_speaks_and_a_when_clause_names_no_speaker(verifier):
    text = ("Supplemental MRI is recommended by the ACR for women with dense breasts who want it, whereas the "
            "task force finds the evidence insufficient.")
    assert judge(verifier, text, "uspstf-2024#dense-breasts")[:2] == ("partially_supports", "wrong_organization")
    text = ("When the final task force recommendation appeared in April 2024, the ACR called the move to 40 an "
            "improvement that does not go far enough.")
    assert judge(verifier, text, "acr-uspstf-2024-response#response-to-uspstf-2024")[0] == "supports"


def test_contrasts_and_neither_nor(verifier):
    text = ("In contrast to the task force, which recommends screening every 24 months from 40 to 74, the ACR "
            "recommends a mammogram every year from 40.")
    assert judge(verifier, text, "uspstf-2024#recommendation")[:2] == ("partially_supports", "wrong_organization")
    text = ("Unlike the 2016 statement, which found the evidence on tomosynthesis insufficient, the 2024 "
            "recommendation treats it as an effective way to screen.")
    assert judge(verifier, text, "uspstf-2024#screening-modality")[0] == "partially_supports"
    text = "Neither the ACS nor the ACR sets a fixed upper age for screening."
    assert judge(verifier, text, "acr-current#age-75-and-older")[:2] == ("partially_supports", "wrong_organization")


# --- claims_u: a generated answer's sentences ---------------------------------------------------------

def test_denying_that_it_says_a_negative_is_no_recommendation_against(verifier):
    text = "The task force doesn't say women over 75 shouldn't be screened; it calls the evidence insufficient."
    assert judge(verifier, text, "uspstf-2024#age-75-and-older")[0] == "supports"
    text = ("The task force doesn't say extra US/MRI is unnecessary for dense breasts; it calls the evidence "
            "insufficient.")
    assert judge(verifier, text, "uspstf-2024#dense-breasts")[0] == "supports"
    # the counterpart: saying it outright is a recommendation against an I statement
    assert judge(verifier, "The task force says women over 75 shouldn't be screened.",
                 "uspstf-2024#age-75-and-older")[:2] == ("contradicts", "misstated_strength")


def test_more_plain_forms(verifier):
    # "you should add an MRI" recommends it; "it wouldn't apply if ..." lists exclusions
    assert judge(verifier, "With dense breasts and a negative mammogram, the task force says you should add an MRI.",
                 "uspstf-2024#dense-breasts")[:2] == ("contradicts", "misstated_strength")
    assert judge(verifier, "It wouldn't apply if you carried a BRCA1 mutation or had a previous breast cancer.",
                 "uspstf-2024#exclusions")[0] == "supports"
    # a second clause with its own passive verb is its own assertion
    text = ("Under ACS, women 40 to 44 may choose to begin yearly screening, and yearly mammograms are advised "
            "from 45 to 54.")
    assert judge(verifier, text, "acs-2015#ages-40-to-44")[0] == "partially_supports"
    assert judge(verifier, "ACOG advises a mammogram every 1 or 2 years, with you and your doctor deciding which.",
                 "acog-2024#screening-interval")[0] == "supports"


def test_a_framing_turn_of_phrase_says_nothing_of_its_own(verifier):
    # "as you may have heard" carries no option ("may") and no content of the claim
    assert judge(verifier, "As you may have heard, the ACS recommends that you start yearly mammograms at 40.",
                 ACS_40_44)[:2] == ("contradicts", "misstated_strength")
    assert judge(verifier, "Believe it or not, the task force recommends a mammogram every other year "
                           "from 40 through 74.", "uspstf-2024#recommendation")[0] == "supports"


def test_a_condition_goes_on_past_but(verifier):
    # "... if her mammogram was normal but she has dense breasts": one condition, not a second assertion
    text = "The USPSTF recommends an MRI if her mammogram was normal but she has dense breasts."
    assert judge(verifier, text, "uspstf-2024#dense-breasts")[:2] == ("contradicts", "misstated_strength")


def test_a_list_of_exclusions_partly_named_by_the_card_is_partly_supported(verifier):
    text = ("The USPSTF advice is not for you if you carry a BRCA2 mutation, were treated for breast cancer "
            "before, or are a trans man.")
    assert judge(verifier, text, "uspstf-2024#exclusions")[:2] == ("partially_supports", "missing_fact")
    # the counterpart: a group the card does not name at all, with no excluded group of its own
    assert judge(verifier, "The USPSTF advice is not for trans men.",
                 "uspstf-2024#exclusions")[0] == "does_not_support"
    # "trans men" are the transgender men the population card covers
    assert judge(verifier, "The USPSTF recommendation covers trans men.", "uspstf-2024#population")[0] == "supports"


def test_a_change_with_age_is_not_a_change_over_time(verifier):
    # the card's percentage is a yearly change in incidence; the claim's is a change per year of age
    text = "Breast cancer incidence climbs about 2% for each additional year of age in the forties."
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[:2] == ("does_not_support", "missing_fact")
    # the counterpart: the same quantity over another period still contradicts
    assert judge(verifier, "Incidence in the forties rose about 2% every two years.",
                 "uspstf-2024#changes-from-2016")[0] == "contradicts"


def test_another_organizations_interval_set_aside_by_its_possessive(verifier):
    # "rather than the task force's every-other-year" is the interval not offered
    text = "The ACR wants women screened every year starting at 40 instead of the task force's every-other-year plan."
    assert judge(verifier, text, "acr-uspstf-2024-response#annual-screening-from-40")[0] == "supports"


def test_intervals_and_ranges_in_more_words(verifier):
    assert judge(verifier, "For ACOG the screening interval is one or two years, chosen with the clinician.",
                 "acog-2024#screening-interval")[0] == "supports"
    assert judge(verifier, "A woman of sixty fits the task force's forty-to-seventy-four span for biennial screening.",
                 "uspstf-2024#recommendation")[0] == "supports"
    # the counterpart: one or two years ago is no interval
    assert judge(verifier, "ACOG changed its advice one or two years ago.",
                 "acog-2024#screening-interval")[0] != "supports"


def test_a_denied_judgement_of_the_evidence_and_a_denial_over_an_age_with_a_plus(verifier):
    dense = "uspstf-2024#dense-breasts"
    assert judge(verifier, "The task force doesn't deem the evidence on adding an MRI for dense breasts insufficient.",
                 dense)[:2] == ("contradicts", "misstated_strength")
    assert judge(verifier, "The task force deems the evidence on adding an MRI for dense breasts insufficient.",
                 dense)[0] == "supports"
    # "doesn't say women 75+ shouldn't be screened" denies a recommendation against, as "75 and older" does
    assert judge(verifier, "The USPSTF doesn't say women 75+ shouldn't be screened.",
                 "uspstf-2024#age-75-and-older")[0] == "supports"
