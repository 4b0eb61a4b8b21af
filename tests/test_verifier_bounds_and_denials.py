"""Where screening ends ("up to about 70"), lengths of time against ages, contractions of
"should not", denying a statement's truth against denying that it was said, "no hard stop",
"neither ORG-A nor ORG-B" and reported speech. Each rule is tested with wording apart from the
development sets, and with a counterpart that must keep its label."""

import datetime as dt

import pytest

from .chunks import ACOG_START, ACR_75, ACS_45_54, ACS_AVERAGE, ACS_CBE, ACS_STOP, USPSTF_75, USPSTF_DENSE, USPSTF_REC
from .conftest import PINNED, judge


@pytest.mark.parametrize("text, label", [
    ("Her friend heard the task force wants a mammogram every second year up to roughly age 68.", "contradicts"),
    ("The task force: a mammogram every second year from 40 until 71.", "contradicts"),
    ("The task force: a mammogram every second year from 40 through age 74.", "supports"),
    ("The task force: a mammogram every second year for a woman of 62.", "supports"),  # an age inside the range
])
def test_an_end_age_must_be_where_the_range_ends(verifier, text, label):
    assert judge(verifier, text, USPSTF_REC)[0] == label


def test_an_end_age_of_another_band_is_checked_against_that_band(verifier):
    assert judge(verifier, "ACS: a yearly mammogram from 45 up to 58.", ACS_45_54)[0] == "contradicts"
    assert judge(verifier, "ACS: a yearly mammogram from 45 up to 54.", ACS_45_54)[0] == "supports"


def test_not_waiting_until_an_age_is_no_end_age(verifier):
    assert judge(verifier, "It is right that the task force no longer holds off until 50.", USPSTF_REC)[0] != \
        "contradicts"


@pytest.mark.parametrize("text, label", [
    ("Under ACS, anyone given chest radiotherapy during the past 30 years is outside average risk.", "contradicts"),
    ("ACS avg risk excludes chest RT within the last 30 yrs.", "contradicts"),
    ("Under ACS, chest radiotherapy before age 30 puts a woman outside average risk.", "supports"),
])
def test_a_length_of_time_is_not_the_age_the_card_gives(verifier, text, label):
    assert judge(verifier, text, ACS_AVERAGE)[0] == label


@pytest.mark.parametrize("text, label", [
    ("ACS: keep going if she can count on three more healthy years.", "contradicts"),
    ("ACS: continue screening while in good health if she can expect ten more years of life.", "supports"),
])
def test_number_words_before_more_good_years_are_durations(verifier, text, label):
    assert judge(verifier, text, ACS_STOP)[0] == label


def test_shouldnt_is_should_not(verifier):
    assert judge(verifier, "A neighbor says the task force thinks women past 75 shouldn't have mammograms.",
                 USPSTF_75) == ("contradicts", "misstated_strength")


def test_lacking_evidence_is_insufficient_evidence(verifier):
    assert judge(verifier, "For women 75 and older the task force lacks sufficient evidence.", USPSTF_75)[0] == \
        "supports"


@pytest.mark.parametrize("text, label", [
    # denying a statement's truth asserts its opposite
    ("It is not true that the task force doesn't recommend extra MRI for dense breasts.", "contradicts"),
    ("It's not the case that the task force lacks evidence on women 75 and older.", "contradicts"),
    # denying that it was said asserts nothing
    ("The task force does not say that dense breasts should not get extra MRI; the evidence is insufficient.",
     "supports"),
])
def test_a_truth_denial_turns_a_denied_recommendation_around(verifier, text, label):
    chunk = USPSTF_75 if "75" in text else USPSTF_DENSE
    assert judge(verifier, text, chunk)[0] == label


def test_a_part_that_only_denies_another_strength_agrees(verifier):
    text = ("Clinic note: the task force hasn't said you shouldn't be screened past 75; it only finds too little "
            "evidence.")
    assert judge(verifier, text, USPSTF_75)[0] == "supports"


@pytest.mark.parametrize("chunk", [ACS_STOP, ACR_75])
def test_no_hard_stop_is_not_a_recommendation_against(verifier, chunk):
    text = "Besides the task force, the other groups do not set a hard stop at 75."
    label, reason = judge(verifier, text, chunk)
    assert label != "contradicts" or reason != "misstated_strength"
    assert "recommended against" not in verifier.judge(text, chunk, PINNED).explanation


def test_neither_nor_names_both_organizations(verifier):
    text = "Neither ACS nor ACOG puts a clinician's breast exam into average-risk screening."
    assert judge(verifier, text, ACS_CBE) == ("partially_supports", "wrong_organization")
    assert judge(verifier, "ACS does not put a clinician's breast exam into average-risk screening.",
                 ACS_CBE)[0] == "supports"


def test_waiting_until_youre_an_age_is_a_start_age(verifier):
    assert judge(verifier, "My aunt says ACOG still lets you wait until you're 50 to start.", ACOG_START)[0] == \
        "contradicts"


def test_no_consensus_is_not_all_organizations(verifier):
    text = "There is no consensus: the task force finds the evidence insufficient, while ACS says to continue " \
           "while healthy with a life expectancy of 10 years or more."
    assert judge(verifier, text, ACS_STOP) == ("partially_supports", "wrong_organization")


def test_fully_endorsing_is_the_other_side_of_not_far_enough(verifier):
    assert judge(verifier, "The radiologists' college wholeheartedly and fully endorsed the task force's 2024 "
                           "recommendation.", "acr-uspstf-2024-response#response-to-uspstf-2024")[0] == "contradicts"


def test_insufficient_to_judge_is_the_strength_not_a_denied_judgement(verifier):
    assert judge(verifier, "In 2016 the task force found the evidence insufficient to judge DBT as a primary "
                           "screening method.", "uspstf-2016#tomosynthesis", PINNED)[0] == "supports"


def test_the_cards_age_after_the_same_word_is_not_a_new_fact(verifier):
    assert judge(verifier, "ACR wants the risk check done by 40.", "acr-current#risk-assessment")[0] == "contradicts"
    assert judge(verifier, "ACR wants a risk assessment done for every woman by age 25.",
                 "acr-current#risk-assessment")[0] == "supports"


def test_continuing_through_an_age_is_the_ranges_end_not_a_stopping_topic(verifier):
    assert judge(verifier, "The task force advises a mammogram every other year from forty, continuing through "
                           "seventy-four.", USPSTF_REC)[0] == "supports"


@pytest.mark.parametrize("text, label", [
    ("In 2024 the task force brought its start down from 50 to 40.", "supports"),
    ("In 2024 the task force brought its start down from 50 to 45.", "contradicts"),
])
def test_a_change_from_one_age_to_another_starts_at_the_new_one(verifier, text, label):
    assert judge(verifier, text, USPSTF_REC)[0] == label


@pytest.mark.parametrize("text", [
    "ACOG recommends an MRI for women with dense breasts.",
    "Her gynecologist's group advises an ultrasound on top of the mammogram for dense breasts.",
])
def test_a_kind_of_supplemental_imaging_meets_a_card_on_supplemental_imaging(verifier, text):
    # the card speaks of extra screening in general: enough to contradict a recommendation of one kind
    assert judge(verifier, text, "acog-2024#dense-breasts") == ("contradicts", "misstated_strength")
    # never enough to support it: the ACR card names MRI, the ACOG one no kind at all
    assert judge(verifier, "ACR recommends MRI for women with dense breasts.", "acr-current#dense-breasts")[0] == \
        "supports"


def test_automatic_against_not_an_automatic_next_step(verifier):
    chunk = "acog-faq#dense-breasts"
    assert judge(verifier, "ACOG's page says dense breasts mean an automatic extra scan.", chunk)[0] == "contradicts"
    assert judge(verifier, "ACOG's patient page says extra tests for dense breasts are not automatic; talk it over "
                           "with your clinician.", chunk)[0] == "supports"


def test_all_major_health_organizations_speak_for_every_one(verifier):
    assert judge(verifier, "All the big health organizations recommend starting mammograms at 40.",
                 "acr-current#starting-age-and-interval") == ("partially_supports", "wrong_organization")


def test_not_before_an_age_is_a_start_at_that_age(verifier):
    assert judge(verifier, "ACOG does not advise that women at average risk begin mammograms before age 50.",
                 "acog-2024#starting-age")[0] == "contradicts"


@pytest.mark.parametrize("text, label", [
    ("Under ACS, chest radiotherapy at any age rules out average risk.", "contradicts"),
    ("Under ACS, chest radiotherapy regardless of age rules out average risk.", "contradicts"),
])
def test_no_age_limit_against_a_cards_age_limit(verifier, text, label):
    assert judge(verifier, text, ACS_AVERAGE)[0] == label


def test_not_an_interval_like_another_organization_is_that_organizations_interval(verifier):
    assert judge(verifier, "ACR wants a mammogram every year from 40, not every other year like the USPSTF.",
                 "acr-uspstf-2024-response#annual-screening-from-40")[0] == "supports"


@pytest.mark.parametrize("text, chunk, label", [
    ("ACS says you have to start a yearly mammogram at 40.", "acs-2015#ages-40-to-44", "contradicts"),
    ("ACOG offers mammograms from 40, but you have to start by 50.", "acog-2017#starting-age", "supports"),
])
def test_have_to_is_a_recommendation_not_an_option(verifier, text, chunk, label):
    assert judge(verifier, text, chunk, dt.date(2020, 6, 1))[0] == label  # before ACOG's 2024 update


@pytest.mark.parametrize("kind", ["scans of any kind", "[supplemental imaging]"])
def test_a_kind_of_an_unknown_concept_is_a_named_problem(corpus_copy, kind):
    from review_app.engine.facts import load_claim_rules
    from review_app.errors import CorpusError

    path = corpus_copy / "claim_rules.yaml"
    path.write_text(path.read_text().replace("  MRI: supplemental imaging\n", f"  MRI: {kind}\n", 1))
    with pytest.raises(CorpusError) as info:
        load_claim_rules(corpus_copy)
    problem = info.value.problems[0]
    assert problem.file.endswith("claim_rules.yaml") and problem.field == "kinds_of"


def test_a_citation_by_chunk_id_is_no_part_of_the_claim(verifier):
    # the bracket's ids name years and sections: read as words they would support or refute anything
    text = "Back then the task force advised biennial screening from 40 to 74 [uspstf-2024#recommendation; " \
           "uspstf-2016#recommendation]."
    assert judge(verifier, text, "uspstf-2016#recommendation", dt.date(2020, 6, 1))[0] == "contradicts"


def test_skipping_screening_after_an_age_is_a_recommendation_against(verifier):
    assert judge(verifier, "Her reading: the I statement means she should skip screening after 75.", USPSTF_75) == \
        ("contradicts", "misstated_strength")


def test_continuing_until_an_age_is_a_fixed_stop(verifier):
    assert judge(verifier, "ACS says to keep screening mammograms going until age 76.", ACS_STOP)[0] == "contradicts"


def test_chest_rt_is_chest_radiation(verifier):
    assert judge(verifier, "ACS avg-risk definition excludes chest RT before 35.", ACS_AVERAGE)[0] == "contradicts"
    assert judge(verifier, "ACS avg-risk definition excludes chest RT before age 30.", ACS_AVERAGE)[0] == "supports"
