"""Which side of an age a claim speaks of, and which words only frame it: a part "after 75" is
weighed against the card's clause about after 75, not the one about screening through 75; "under
that advice, screening continues through 75" is the advised course; a strength misstated on the
card's own topic contradicts even beside a part the card states; "favours yearly over every other
year" sets the other interval aside; "twice as often as ORG's biennial schedule" gives ORG's
interval; "treated X as Y", "echoing the 2016 advice" and "begin" for "start" add no content. Each
rule is tested with wording apart from the development sets, and with a counterpart that must keep
its label."""

import pytest

from .chunks import (
    ACOG_75,
    ACOG_DENSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_40_44,
    ACS_AVERAGE,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_REC,
)
from .conftest import judge

ACOG_2017_75 = "acog-2017#age-75-and-older"


@pytest.mark.parametrize("text, chunk, expected", [
    # the card: screening continues through at least 75 (the advised course), after 75 a shared decision
    ("ACOG tells women to keep having mammograms through at least age 75.", ACOG_75, "supports"),
    ("ACOG's advice is mammograms until at least 75, and after that she and her doctor decide.", ACOG_75,
     "supports"),
    ("ACOG leaves mammograms after 75 to the woman and her clinician to decide.", ACOG_75, "supports"),
    # the counterparts: the strength of the other side of 75
    ("ACOG recommends mammograms for women after age 75.", ACOG_75, "contradicts"),
    ("ACOG treats screening up to age 75 as optional.", ACOG_75, "contradicts"),
    ("ACOG recommends mammograms for women after age 75.", ACOG_2017_75, "contradicts"),
    ("ACOG treats screening up to age 75 as optional.", ACOG_2017_75, "contradicts"),
])
def test_a_part_is_weighed_against_the_clause_on_its_side_of_an_age(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # a strength misstated on the card's own topic contradicts, whatever else the claim gets right
    ("The Task Force recommends a supplemental MRI for this woman because her breast tissue is dense.", USPSTF_DENSE,
     ("contradicts", "misstated_strength")),
    ("ACOG requires a supplemental ultrasound for you because of your dense tissue.", ACOG_DENSE,
     ("contradicts", "misstated_strength")),
    # the counterpart: the same shape with the card's strength
    ("The task force takes no side on an extra MRI for her, since the evidence is insufficient for dense breasts.",
     USPSTF_DENSE, ("supports", None)),
])
def test_a_strength_misstated_on_the_cards_topic_contradicts(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, expected", [
    ("The ACR prefers a mammogram every year over one every other year, from age 40.", "supports"),
    ("From 40 the ACR wants women screened yearly, twice as often as the USPSTF's biennial schedule.", "supports"),
    # the counterparts: the preference or the comparison reversed
    ("The ACR prefers a mammogram every other year over a yearly one, from age 40.", "contradicts"),
    ("From 40 the ACR wants women screened every 2 years, half as often as the USPSTF's annual schedule.",
     "contradicts"),
])
def test_an_interval_preferred_over_another_or_compared_with_its_holders(verifier, text, expected):
    assert judge(verifier, text, ACR_RESPONSE_ANNUAL)[0] == expected


@pytest.mark.parametrize("text, expected", [
    ("In 2017 the Task Force regarded beginning mammograms before 50 as an individual decision (grade C).",
     "supports"),
    ("The nurse was echoing the USPSTF's 2016 advice: before 50, the decision to start was an individual one.",
     "supports"),
    # the counterpart: the framed content itself changed
    ("In 2017 the Task Force regarded beginning mammograms before 50 as a grade A recommendation.",
     "contradicts"),
])
def test_framing_verbs_and_begin_for_start_add_no_content(verifier, text, expected):
    assert judge(verifier, text, USPSTF_2016_40_49)[0] == expected


@pytest.mark.parametrize("text, expected", [
    # the card's own schedule carried past the closed end of its range: another end, not another group
    ("The task force says to go on with mammograms every other year once you are past 75.", "contradicts"),
    ("Per the USPSTF, women aged 75 and over should keep a biennial mammogram.", "contradicts"),
    # the counterpart: a claim about the older group's own position is about another age group
    ("For women 75 and older the USPSTF finds the evidence insufficient.", "does_not_support"),
])
def test_a_schedule_carried_past_the_end_of_the_cards_range(verifier, text, expected):
    assert judge(verifier, text, USPSTF_REC)[0] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # a numbered item's label is where it sits, not a value
    ("Slide 7 (summary): USPSTF 2024 - biennial screening mammography, ages 40-74, grade B.", USPSTF_REC, "supports"),
    ("Q12. USPSTF: biennial screening from age 50 to 74.", USPSTF_REC, "contradicts"),
    # a move made the other way reverses the card's move
    ("With the 2024 update the task force shifted the 40s from grade B down to grade C.", USPSTF_CHANGES,
     "contradicts"),
    # the section's heading ("Changes from 2016") dates nothing: the move is 2024's
    ("What changed in 2024: the task force moved the 40s from grade C to grade B.", USPSTF_CHANGES, "supports"),
])
def test_item_labels_moves_and_headings(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected


@pytest.mark.parametrize("text, expected", [
    # a year that opens the sentence, when the cited section was in force then, is the time spoken of
    ("In 2020 the task force left the decision to start before 50 to each woman.", "supports"),
    # the counterpart: the strength still counts ("was recommending" is a recommendation)
    ("In 2020 the task force was recommending biennial mammograms for women from 40.", "contradicts"),
])
def test_an_opening_year_in_force_is_the_time_spoken_of(verifier, text, expected):
    assert judge(verifier, text, USPSTF_2016_40_49)[0] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Not one of the four groups advises against screening at 40.", ACS_40_44,
     ("partially_supports", "wrong_organization")),
    ("At 80, the task force can't say either way: the evidence is too thin to weigh the pros and cons of screening.",
     USPSTF_75, ("supports", None)),
    ("At 80, the task force can't say either way whether she should be screened.", USPSTF_75, ("supports", None)),
    ("At 40, the task force says, you might think about whether screening makes sense for you.", USPSTF_REC,
     ("contradicts", "misstated_strength")),
    # a length of time before screening is not the card's age
    ("Under the ACS definition, average risk means no chest radiation in the 30 years before screening.",
     ACS_AVERAGE, ("contradicts", "missing_fact")),
    ("Under the ACS definition, average risk means no chest radiation before age 30.", ACS_AVERAGE,
     ("supports", None)),
])
def test_none_of_the_groups_either_way_whether_and_lengths_of_time(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # a bed's or room's label is where the patient is, not a value
    ("Bed 9, 77F, avg risk: USPSTF >=75 = I stmt (insuff evid), not a rec against MMG.", USPSTF_75, ("supports", None)),
    # most doctors, everyone, "guidelines" unnamed: more organizations than one card speaks for
    ("Most physicians now say women in their 40s should get a mammogram every 2 years.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    ("Everyone agrees that women at average risk should be screened every year from 40.", ACR_START,
     ("partially_supports", "wrong_organization")),
    ("Guidelines generally recommend yearly screening from 40.", ACR_START,
     ("partially_supports", "wrong_organization")),
    # the counterpart: the organization named
    ("The ACR recommends yearly screening from 40.", ACR_START, ("supports", None)),
])
def test_room_labels_and_unnamed_majorities(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, expected", [
    # the strength the card says its advice moved away from, given as today's: misstated
    ("For a woman of 44, the task force treats screening as her own call.", ("contradicts", "misstated_strength")),
    ("In your 40s the USPSTF leaves the decision to start up to you.", ("contradicts", "misstated_strength")),
    # the counterparts: the same strength told as the past, and the strength moved to
    ("Until 2024 the task force left screening in the 40s up to each woman.", ("supports", None)),
    ("The USPSTF now recommends screening every two years for women in their forties.", ("supports", None)),
])
def test_a_strength_the_card_moved_away_from_is_not_todays(verifier, text, expected):
    assert judge(verifier, text, USPSTF_CHANGES) == expected
