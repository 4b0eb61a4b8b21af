"""How a claim marks what it cites, whom it speaks for and which way it points: an inline citation
by chunk id ("[source-2016#section]") names what is cited, never the time spoken of; "still" with
a present verb speaks of now; a document named as a line's header ("ORG statement: the X and the
Y both ...") is no speaker when the sentence names its own subjects; "keeps her out of" leaves a
group out; a bare "can begin at N" is granted by a recommendation to begin there; "no more
mammograms after N" is a direction to stop; "rather than the biennial schedule ORG advises" sets
that interval aside; "did not leave X unchanged" denies it was left in place; "a bad idea" is a
judgement against. Each rule is tested with wording apart from the development sets, and with a
counterpart that must keep its label."""

import pytest

from .chunks import (
    ACOG_75,
    ACOG_START,
    ACR_RESPONSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_45_54,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_DBT,
    USPSTF_2016_DENSE,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    # the years inside the markers are the cited sources', not a time the claim speaks of
    ("The Task Force recommends against extra ultrasound for dense tissue [uspstf-2024#dense-breasts]"
     "[uspstf-2016#dense-breasts].", USPSTF_2016_DENSE, ("does_not_support", "wrong_version")),
    ("Tomosynthesis has only an I statement from the Task Force [uspstf-2016#tomosynthesis; "
     "uspstf-2024#screening-modality].", USPSTF_2016_DBT, ("does_not_support", "wrong_version")),
    # the counterpart: a year in the claim's own words still places it in the past
    ("In 2016 the Task Force gave tomosynthesis only an I statement [uspstf-2016#tomosynthesis].",
     USPSTF_2016_DBT, ("supports", None)),
])
def test_an_inline_citation_by_chunk_id_sets_no_time(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, label", [
    # (a year in the sentence would otherwise place it in the past)
    # (its part dated to 2016 is the old card's: partly supported, as four sets' annotators label such claims)
    ("The panel still gives the forties the grade C it gave in 2016.", "uspstf-2016#ages-40-to-49",
     "partially_supports"),
    ("Since 2016 the Task Force still rates tomosynthesis as unproven.", USPSTF_2016_DBT, "does_not_support"),
    # the counterpart: "still" in a past sentence speaks of then
    ("In 2016 the panel still rated the forties a grade C individual decision.", "uspstf-2016#ages-40-to-49",
     "supports"),
])
def test_still_with_a_present_verb_speaks_of_now(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("ACR press release: the USPSTF and the ACR both want yearly mammograms from 40.", ACR_RESPONSE_ANNUAL,
     "contradicts"),
    # the counterparts: a bare organization before the colon is the speaker; a header whose sentence
    # names no organization of its own leaves the header's organization the speaker
    ("ACS: the task force is wrong, yearly from 45 is right.", ACS_45_54, "supports"),
    ("ACR statement: yearly mammograms from 40.", ACR_RESPONSE_ANNUAL, "supports"),
])
def test_a_document_named_as_a_header_is_no_speaker_of_a_sentence_with_its_own_subjects(verifier, text, chunk,
                                                                                        label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("A sister's breast cancer keeps a woman out of the Task Force recommendation.", USPSTF_POPULATION,
     "contradicts"),
    ("It is not the case that dense breasts keep anyone out of the Task Force advice.", USPSTF_POPULATION,
     "supports"),
    # the counterpart: "keeps screening" is no exclusion
    ("The Task Force covers people with a family history of breast cancer.", USPSTF_POPULATION, "supports"),
])
def test_keeping_a_group_out_leaves_it_out(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("The radiologists say average-risk screening can start at forty.", ACR_START, "supports"),
    ("Per the Task Force, average-risk women can begin screening at 40.", USPSTF_REC, "supports"),
    # the counterparts: a choice named ("if she wishes", "after counseling") is an option, not granted
    ("Per the Task Force, average-risk women can begin at 40 if they wish.", USPSTF_REC, "contradicts"),
    ("ACOG says screening can start at 40 after counseling.", ACOG_START, "contradicts"),
])
def test_a_bare_can_begin_is_granted_by_a_recommendation_to_begin(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, expected", [
    ("Per the panel, no more mammograms after 74.", USPSTF_75, ("contradicts", "misstated_strength")),
    ("Task Force view: no more screening past age 74.", USPSTF_75, ("contradicts", "misstated_strength")),
    # the counterpart: "no more" tied to health, not an age, is the stopping advice itself
    ("The ACS says no more mammograms once life expectancy is under 10 years.", ACS_STOP,
     ("supports", None)),
])
def test_no_more_mammograms_after_an_age_is_a_direction_to_stop(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, label", [
    ("The ACR wants a mammogram every year from 40 rather than the biennial schedule the USPSTF recommends.",
     ACR_RESPONSE_ANNUAL, "supports"),
    ("The ACR wants yearly screening from 40 instead of the every-other-year interval.", ACR_START, "supports"),
    # the counterpart: the interval set aside is not the claim's, but the one it gives still is
    ("The ACR wants a mammogram every other year from 40 rather than the annual schedule.", ACR_START,
     "contradicts"),
])
def test_an_interval_set_aside_with_its_holder_is_not_the_claims(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    ("ACOG's interim update did not leave the older-women advice of PB 179 unchanged.", ACOG_75, "contradicts"),
    ("ACOG's interim update left the bulletin's advice for women over 75 untouched.", ACOG_75, "supports"),
    ("The radiologists thought moving the start to 40 was a bad idea.", ACR_RESPONSE, "contradicts"),
    ("It isn't that the radiologists found the move to 40 a bad idea; they want more.", ACR_RESPONSE, "supports"),
])
def test_left_unchanged_and_a_bad_idea_take_a_side(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, expected", [
    # the card reports the other organization's interval as theirs ("rather than every 2 years as ORG-B advises")
    ("The radiologists want yearly mammograms from 40, while the USPSTF says every other year.", ACR_RESPONSE_ANNUAL,
     ("supports", None)),
    # a card that does not report it states the first organization's part only
    ("The radiologists want yearly mammograms from 40, while the USPSTF says every other year.", ACR_START,
     ("partially_supports", "wrong_organization")),
    # the counterpart: another interval given to the organization the card reports contradicts
    ("The radiologists want yearly mammograms from 40, while the USPSTF says every year too.", ACR_RESPONSE_ANNUAL,
     ("contradicts", "wrong_organization")),
])
def test_another_organizations_part_the_card_reports_as_theirs_is_stated(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, label", [
    # a date written as numbers dates the line; its day and month are no ages
    ("2024-10-10 | ACOG | Average-risk individuals should begin screening mammography at 40.", ACOG_START,
     "supports"),
    ("Posted 10/10/2024: ACOG says average-risk individuals should begin mammograms at 40.", ACOG_START, "supports"),
    # a thread's post number is no value
    ("4/ Per ACOG, average-risk individuals should begin screening mammography at 40.", ACOG_START, "supports"),
    # the counterpart: an age given in words of its own is still compared
    ("4/ Per ACOG, average-risk individuals should begin screening mammography at 45.", ACOG_START, "contradicts"),
])
def test_a_numeric_date_and_a_post_number_are_no_values(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, chunk, label", [
    # the new age of a move is the claim's; the old one is what it moved from, not a range
    ("ACOG's update raised the starting age from 40 to 50.", ACOG_START, "contradicts"),
    ("ACOG's update lowered the starting age for average-risk patients from 50 to 40.", ACOG_START, "supports"),
    ("The task force moved its start age from 50 to 40 in 2024.", "uspstf-2024#changes-from-2016", "supports"),
])
def test_a_start_age_moved_from_one_age_to_another(verifier, text, chunk, label):
    assert judge(verifier, text, chunk)[0] == label


@pytest.mark.parametrize("text, label", [
    # an age below the card's bound ("chest radiation before 30") is within it
    ("The ACS average-risk advice does not cover a woman given chest radiation at 19.", "supports"),
    # the counterpart: an age past the bound is not
    ("The ACS average-risk advice does not cover a woman given chest radiation at 41.", "contradicts"),
])
def test_an_age_below_a_cards_bound_is_within_it(verifier, text, label):
    assert judge(verifier, text, "acs-2015#average-risk")[0] == label
