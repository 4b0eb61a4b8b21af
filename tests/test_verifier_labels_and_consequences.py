"""A line's label ("Rationale:", "Correct answer: B.", "Host:") is no part of the claim, unless it
says what the line asserts ("Not for:"); "neither a yes nor a no" is an insufficient-evidence
statement; a position a card states with no age speaks to a claim's people of screening age; a
consequence the writer draws ("so you may want to ...") asserts nothing a card could state;
"encourages" recommends; screening at 75 and older is the question of whether to keep going; a
routine self-exam is not self-awareness; "none of the organizations" and "no group" speak for all;
a side taken on going on or stopping is a direction an I statement does not give.
Each rule is tested with wording apart from the development sets, and with a counterpart that
must keep its label."""

import pytest

from .chunks import ACOG_INTERVAL, ACOG_START, ACR_DENSE, ACS_40_44, USPSTF_75, USPSTF_EXCLUSIONS
from .conftest import judge


@pytest.mark.parametrize("label", ["Rationale: ", "Explanation: ", "Correct answer: B. ", "Speaker two: "])
def test_a_lines_label_is_not_part_of_the_claim(verifier, label):
    text = label + "the ACOG, like the ACR, wants supplemental MRI for every woman with dense breasts."
    # the ACR part is the ACR card's; the ACOG part speaks for another organization
    assert judge(verifier, text, ACR_DENSE) == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("label", ["Not for: ", "Excluded: ", "Left out: "])
def test_a_label_that_says_what_the_line_asserts_is_kept(verifier, label):
    kept = label + "people with a BRCA1 or BRCA2 variant, high-dose chest radiation at a young age, or a previous " \
                   "breast cancer."
    assert judge(verifier, kept, USPSTF_EXCLUSIONS)[0] == "supports"


@pytest.mark.parametrize("text, label", [
    ("For women of 75 and up, the task force's answer is neither a yes nor a no.", "supports"),
    ("For women of 75 and up, the task force recommends against screening, a clear no.", "contradicts"),
])
def test_neither_a_yes_nor_a_no_is_insufficient_evidence(verifier, text, label):
    assert judge(verifier, text, USPSTF_75)[0] == label


@pytest.mark.parametrize("text, label", [
    ("ACOG says a 61-year-old can pick a mammogram every year or every second year with her doctor.", "supports"),
    ("ACOG says women in their sixties may choose yearly or every-other-year screening through shared "
     "decision-making with their clinician.", "supports"),
    # ages where no organization screens at average risk are not the card's people
    ("ACOG says women in their thirties may choose yearly or every-other-year screening through shared "
     "decision-making with their clinician.", "partially_supports"),
    # a start is a fact of its own, not the people spoken of
    ("ACOG: every 1 or 2 years, beginning at 35, chosen with the clinician.", "partially_supports"),
])
def test_a_position_stated_with_no_age_speaks_to_people_of_screening_age(verifier, text, label):
    assert judge(verifier, text, ACOG_INTERVAL)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("At 40 to 44 the ACS lets women begin yearly mammograms, so it may be worth asking about it this year.",
     ACS_40_44, "supports"),
    ("ACOG now says average-risk individuals should begin at 40, and that is why the clinic moved its letters.",
     ACOG_START, "supports"),
    # a consequence that states a value, a side or a strength of its own is judged
    ("ACOG now says average-risk individuals should begin at 40, so there is no point screening after 50.",
     ACOG_START, "partially_supports"),
    ("At 40 to 44 the ACS lets women begin yearly mammograms, so every woman must have one at 41.",
     ACS_40_44, "not supports"),
])
def test_a_consequence_the_writer_draws_asserts_nothing_of_the_card(verifier, text, chunk, label):
    got = judge(verifier, text, chunk)[0]
    assert got != "supports" if label == "not supports" else got == label


@pytest.mark.parametrize("text, label", [
    ("The USPSTF encourages women of 80 in good health to keep having mammograms.",
     ("contradicts", "misstated_strength")),
    ("The USPSTF says the evidence on mammograms for women of 80 and older is insufficient.", ("supports", None)),
])
def test_encouraging_screening_past_75_is_a_recommendation_the_i_statement_does_not_make(verifier, text, label):
    assert judge(verifier, text, USPSTF_75) == label


@pytest.mark.parametrize("text, label", [
    ("ACOG wants patients to do a breast self-exam every month.", "does_not_support"),
    ("ACOG encourages breast self-awareness: knowing how your breasts normally look and feel.", "supports"),
])
def test_a_routine_self_exam_is_not_the_self_awareness_a_card_encourages(verifier, text, label):
    assert judge(verifier, text, "acog-faq#breast-self-awareness")[0] == label


@pytest.mark.parametrize("text", [
    "None of the organizations says that women past 75 have to stop screening.",
    "No group tells women past 75 that they have to stop screening.",
])
def test_none_of_the_organizations_speaks_for_all(verifier, text):
    assert judge(verifier, text, "acr-current#age-75-and-older") == ("partially_supports", "wrong_organization")


def test_no_organization_recommending_denies_the_recommendation(verifier):
    text = "No organization recommends routine extra screening for dense breasts alone."
    assert judge(verifier, text, "acog-2024#dense-breasts") == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("text, label", [
    ("The USPSTF says women in good health may want to go on screening after 75.", "contradicts"),
    ("The USPSTF says women past 75 may want to stop screening.", "contradicts"),
    # the counterparts: asked as "whether", or the I statement itself
    ("The USPSTF does not say whether women past 75 should go on screening.", "supports"),
    ("The USPSTF finds the evidence insufficient on whether to keep screening past 75.", "supports"),
])
def test_a_side_taken_with_no_strength_is_a_direction_the_i_statement_does_not_give(verifier, text, label):
    assert judge(verifier, text, USPSTF_75)[0] == label


@pytest.mark.parametrize("chunk", [USPSTF_75, "acs-2015#when-to-stop", "acr-current#age-75-and-older"])
def test_a_part_for_all_beside_a_part_for_one_is_judged_per_part(verifier, chunk):
    text = "None of the organizations tells women aged 75 and older that they must stop screening; the task " \
           "force just finds the evidence insufficient."
    assert judge(verifier, text, chunk) == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("text, label", [
    ("ACOG's 2017 practice bulletin said screening should begin no later than 55.", ("contradicts", "missing_fact")),
    ("ACOG's 2017 practice bulletin advised offering screening from 40 and beginning no later than 50.",
     ("supports", None)),
    # the counterpart: the same advice told as current cites a replaced section
    ("ACOG advises offering screening from 40 and beginning no later than 50.", ("does_not_support", "wrong_version")),
])
def test_a_version_named_by_its_year_in_the_past_tense_is_about_the_past(verifier, text, label):
    assert judge(verifier, text, "acog-2017#starting-age") == label


@pytest.mark.parametrize("text, label", [
    ("In 2024 the task force moved biennial screening down from age 50 to age 40.", "supports"),
    # the counterparts: a trend that falls where the card's rises; a start the card does not give
    ("Invasive breast cancer in women in their 40s has been going down about 2% per year.", "contradicts"),
    ("In 2024 the task force moved routine biennial screening from 50 to 45.", "contradicts"),
])
def test_an_age_moved_down_to_a_bands_edge_is_neither_a_trend_nor_another_age(verifier, text, label):
    assert judge(verifier, text, "uspstf-2024#changes-from-2016")[0] == label


@pytest.mark.parametrize("chunk, label", [
    # the card for 55 and older names neither life expectancy nor its 10 years: a shared topic is no part
    ("acs-2015#age-55-and-older", "does_not_support"),
    ("acs-2015#when-to-stop", "supports"),
])
def test_a_shared_topic_is_no_part_when_none_of_the_claims_values_is_the_cards(verifier, chunk, label):
    text = "The cancer society says screening should continue while a woman is in good health with a life " \
           "expectancy of 10 years or more."
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, label", [
    ("Reviewed options; per the task force, women aged 40 to 74 should have a mammogram every 2 years.", "supports"),
    # the counterpart: what follows the note is judged as ever
    ("Reviewed options; per the task force, women aged 40 to 74 should have a mammogram every year.", "contradicts"),
])
def test_a_note_of_what_was_done_in_the_visit_is_set_aside(verifier, text, label):
    assert judge(verifier, text, "uspstf-2024#recommendation")[0] == label


@pytest.mark.parametrize("chunk", ["acog-2024#starting-age", ACS_40_44])
def test_and_per_another_organization_starts_its_own_part(verifier, chunk):
    text = "Per ACOG, everyone at average risk should begin at 40, and per ACS a woman of 42 may choose to start " \
           "yearly mammograms."
    assert judge(verifier, text, chunk) == ("partially_supports", "wrong_organization")


@pytest.mark.parametrize("text, label", [
    ("The ACR's statement on the final task force recommendation urges annual screening from 40.", "supports"),
    # the counterpart: the organization praised is the one the interval is said of
    ("The ACR praised the task force for adopting annual screening from 40.", "contradicts"),
])
def test_the_organization_a_statement_is_on_is_not_whose_interval_it_urges(verifier, text, label):
    assert judge(verifier, text, "acr-uspstf-2024-response#annual-screening-from-40")[0] == label
