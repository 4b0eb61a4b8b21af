"""Questions: "still" under an "as of" standpoint is continuity up to it, not the present (unless asked of in a present
clause, "is it still the same?"); a stop in any tense dated to a past year or to a time ago, in the clause after a
state, ends it; a comparison the asker draws from another trade ("like the QC pass every piece gets") is told, not
asked; "which is it?" after two values told asks about their point, and so does "which one I follow"; "I read in
2016 the task force say X. What they say now?" asks both versions, and so does "In 2016 ...? And today what they
say?"; "before ACOG make update in 2024" and "before the 2024 ACOG update" bound the time asked; "what does ORG say
about woman like me" after a relative's cancer asks whom it covers; "I need mammogram?" asks for the recommendation
as a whole; "ought to be having the mammogram now" asks when to start; two organizations' start ages set against
each other ("why ACS say 45 but USPSTF say 40?") ask the start beside the reason; "what did ORG make of ORG-B's
advice?" asks its reaction; "the one they send you for when something's been found" is the diagnostic mammogram;
"after breast cancer" is a personal history (not "after breast cancer in my mother"); an organization's starts,
asked as one of the default points, speak to the patient in their bands (a 47-year-old is told ACS's recommendation
from 45, not its option at 40 to 44; a 44-year-old both), one younger than every band is told them all, and one past
them all is told none and is not missing there; asked in words ("is she late to start?"), every start answers.

Claims: a member set apart ("important for one group, but not for Black women") is put to the card too, and a card
that says the same of it contradicts the claim (an age band set apart is left to the value checks); a state said to
have held since a year ("ever since 2016 ORG has given the 40s a grade B") is put to a later card as of that year
and as of today; "leaves off people with X" excludes them; the clause a reason is told in ("one reason was that
incidence rose from 2015 to 2019") dates the rise, not the change; "not only from 50" gives no start; "evidence for
X is not enough" is an insufficient-evidence statement; a comparison drawn from another trade ("like a two-year roof
inspection") gives no value; differing recommendations called "healthy" contradict a card that says they confuse
patients; an earlier version's position told beside the present one ("whereas in 2016 it found the evidence
insufficient, in 2024 it treats X as effective") is not stated by a current card that tells nothing of before; a
condition told of the person the answer is about, by the asker's word for them ("if your daughter carries a BRCA2
mutation, ... applies to her"), is hers, unless the asker is the one advised; a deadline joined to an option ("may
begin after counseling, and no later than 50") is what she should do by then; a section not yet published at the
date is said to be so, not superseded. Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_2017_START,
    ACOG_FAQ_DIAGNOSTIC,
    ACOG_START,
    ACR_CONFLICTING,
    ACR_RESPONSE,
    ACR_RISK,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_55,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_2016_DBT,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge

# --- questions ---------------------------------------------------------------------------------------------


def test_still_under_an_as_of_standpoint_is_continuity_up_to_it(engine):
    told = engine.stated_time("As of March 2019, with the furnace still running on the old batch, what did ACOG "
                              "tell women about when to begin mammograms and how often?")
    assert told is not None and told.standpoint and told.date == dt.date(2019, 3, 31)
    assert engine.stated_time("As of March 2019, what did ACOG say, and is it still the same?") is None


@pytest.mark.parametrize(("ended", "current"), [
    ("I was breastfeeding my kids but the last one I stop in 2015, long time ago. now 47 y.o. how often mammogram "
     "by USPSTF, every year??",
     "I am breastfeeding my baby but I want to stop in 2027. now 35, how often mammogram?"),
    ("I was breastfeeding, and I stop 3 years ago. how often mammogram at 45?",
     "I am breastfeeding, and I stop when he turns one. how often mammogram at 45?"),
])
def test_a_stop_dated_to_the_past_in_the_next_clause_ends_the_state(engine, ended, current):
    assert engine.scope.check(ended) == ()
    assert engine.scope.check(current) == ("pregnancy_or_lactation",)


def test_a_comparison_drawn_from_another_trade_is_told_not_asked(engine, settings):
    question = "quick one: screening mammogram vs diagnostic mammogram, what's the diff? like the QC pass every " \
               "piece gets vs pulling one off the lehr for a closer look?"
    assert engine.scope.other_topic(question) is None
    assert answered_chunks(engine, settings, question) == {ACOG_FAQ_DIAGNOSTIC}
    assert engine.scope.other_topic("how often does the mammography van get QC checks?") == \
        "equipment quality control"
    # ... an example of what is asked is asked
    assert engine.scope.other_topic("how sensitive is a mammogram in women with extremely dense breasts compared "
                                    "with fatty breasts? Like what % of cancers get missed?") is not None


@pytest.mark.parametrize(("question", "chunks"), [
    ("Wife's 46. Fella at the shop says ACS has her on the yearly wheel but the task force only turns it every "
     "other year. Which is it?", {ACS_45_54, USPSTF_REC}),
    ("Why American Cancer Society say 45 but USPSTF say 40? Which one I follow, I am 42 now?",
     {ACS_40_44, ACS_45_54, USPSTF_REC}),
])
def test_values_told_then_asked_which_holds_ask_their_point(engine, settings, question, chunks):
    assert chunks <= answered_chunks(engine, settings, question)


def test_a_reason_asked_alone_asks_no_point(engine, settings):
    decision = engine.ask("Why did the USPSTF change its advice in 2024?", settings)
    assert decision.aspects == ("reasons",)


@pytest.mark.parametrize("question", [
    "Clinic offer me 3D mammogram (tomosynthesis). I read in 2016 the task force say not enough evidence for it. "
    "What they say now, it is ok same like normal mammogram?",
    "In 2016 USPSTF was accept 3D mammogram (tomosynthesis) for screening or not? And today what they say about it?",
])
def test_a_past_version_told_then_today_asked_answers_both(engine, settings, question):
    assert answered_chunks(engine, settings, question) == {USPSTF_2016_DBT, USPSTF_MODALITY}


def test_a_past_version_asked_alone_answers_its_own(engine, settings):
    question = "In 2016 USPSTF was accept 3D mammogram (tomosynthesis) for screening or not?"
    assert answered_chunks(engine, settings, question) == {USPSTF_2016_DBT}


@pytest.mark.parametrize("question", [
    "Before ACOG make update in 2024, when ACOG was tell women to begin mammogram?",
    "Before the 2024 ACOG update, when did ACOG tell women to begin?",
])
def test_the_update_named_in_a_learners_words_bounds_the_time(engine, settings, question):
    told = engine.stated_time(question)
    assert told is not None and told.bound and told.date == dt.date(2024, 10, 9)
    assert answered_chunks(engine, settings, question) == {ACOG_2017_START}


def test_an_update_named_by_neither_year_nor_organization_bounds_nothing(engine):
    assert engine.stated_time("before the final update, what did uspstf say?") is None


def test_asked_about_a_woman_like_her_after_a_relatives_cancer_asks_whom_it_covers(engine, settings):
    question = "My mother she have breast cancer when she was 52. I am 41 now, nothing wrong in my breast, no " \
               "lump. I must go to mammogram now or wait until 50? What USPSTF is say about woman like me?"
    assert answered_chunks(engine, settings, question) == {USPSTF_REC, USPSTF_POPULATION}
    alone = "My mother she have breast cancer when she was 52. I am 41 now. I must go to mammogram now or wait " \
            "until 50 per USPSTF?"
    assert USPSTF_POPULATION not in answered_chunks(engine, settings, alone)


def test_whether_she_needs_one_at_all_asks_the_recommendation_as_a_whole(engine, settings):
    question = "I am trans man, 43 years, born female, I have breasts still, no top surgery. I need mammogram? " \
               "USPSTF rule is include people like me or only for women?"
    assert {"start_age", "interval"} <= set(engine.ask(question, settings).aspects)
    narrower = "I am trans man, 43 years, born female, I have breasts still. USPSTF rule is include people like " \
               "me or only for women?"
    assert "interval" not in engine.ask(narrower, settings).aspects


def test_whether_she_ought_to_be_having_the_mammogram_now_asks_when_to_start(engine, settings):
    question = "I'm 44, out in the copse cutting hazel and weaving hurdles most days. Bad chest from asthma but " \
               "nothing wrong with my breasts. Do ACOG say I ought to be having the mammogram now, and how often?"
    assert {"start_age", "interval"} <= set(engine.ask(question, settings).aspects)
    assert ACOG_START in answered_chunks(engine, settings, question)


def test_what_it_made_of_anothers_advice_asks_its_reaction(engine, settings):
    question = "What did the radiologists (ACR) make of the task force's 2024 advice? Were they happy with it, or " \
               "what do they want instead?"
    assert "response" in engine.ask(question, settings).aspects
    assert ACR_RESPONSE in answered_chunks(engine, settings, question)
    assert "response" not in engine.ask("What did the ACR make the start age?", settings).aspects


def test_the_one_they_send_you_for_when_something_is_found_is_the_diagnostic_mammogram(engine, settings):
    question = "Is a screening mammogram the same thing as the one they send you for when something's been " \
               "found? One of the bell-ringers has got them muddled."
    assert answered_chunks(engine, settings, question) == {ACOG_FAQ_DIAGNOSTIC}


@pytest.mark.parametrize(("question", "chunks"), [
    # a patient in one band of an organization's starts is told that band's
    ("I'm 47, no problems. What does the American Cancer Society say I should be doing for mammograms?",
     {ACS_45_54}),
    ("I am 44. What does the ACS say about mammograms for me?", {ACS_40_44, ACS_45_54}),
    # ... one younger than them all is told each start ahead of her
    ("I'm 35 with no family history. When should I start mammograms per ACS?", {ACS_40_44, ACS_45_54}),
    # ... and when to start asked in words, every start, whatever her age
    ("Interpreter here. She says she is 46 years old and her older sister had breast cancer two years ago. She "
     "never had a mammogram and she wants to know per ACS if she is late to start.", {ACS_40_44, ACS_45_54}),
    # ... and a question naming no age, every one
    ("When should women start mammograms per ACS?", {ACS_40_44, ACS_45_54}),
])
def test_a_start_speaks_to_the_patient_in_its_band(engine, settings, question, chunks):
    assert answered_chunks(engine, settings, question) == chunks


def test_a_start_behind_her_is_not_missing(engine, settings):
    question = "One of the women in my class is 58, really fit, no breast problems. She hasn't had a mammogram in " \
               "four years. What does ACS say?"
    decision = engine.ask(question, settings)
    assert {c for ids in decision.answer_chunks.values() for c in ids} == {ACS_55}
    assert "ACS" not in decision.aspects_missing.get("start_age", ())
    # ... while an organization with no start at all is
    other = engine.ask("When should I start a clinical breast exam per the ACR?", settings)
    assert other.aspects_missing


@pytest.mark.parametrize(("question", "flags"), [
    ("I am 50; after my breast cancer treatment in 2019, how often?", ("personal_history_breast_cancer",)),
    ("After breast cancer in my mother, when should I start?", ()),
    ("My sister is doing well after breast cancer; when should I start at 42?", ()),
])
def test_screening_after_breast_cancer_is_a_personal_history(engine, question, flags):
    assert engine.scope.check(question) == flags


# --- claims ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("claim", "chunk", "label"), [
    # a member set apart that the card names with the others
    ("The ACR says the risk assessment is especially important for women of Ashkenazi Jewish descent, but not for "
     "Black women.", ACR_RISK, "contradicts"),
    ("The ACR says the risk assessment is especially important for women of Ashkenazi Jewish descent and Black "
     "women.", ACR_RISK, "supports"),
    ("The USPSTF 2024 exclusions cover people with a high-risk lesion on an earlier biopsy, but not those with a "
     "previous breast cancer.", USPSTF_EXCLUSIONS, "contradicts"),
    ("The USPSTF 2024 exclusions cover people with a high-risk lesion on an earlier biopsy and those with a "
     "previous breast cancer.", USPSTF_EXCLUSIONS, "supports"),
    # ... one the card does not name is not stated; an age band set apart is the value checks' to compare
    ("The USPSTF 2024 exclusions cover people with a high-risk lesion on an earlier biopsy, but not those with "
     "dense breasts.", USPSTF_EXCLUSIONS, "partially_supports"),
    ("ACS recommends yearly screening for women 45 to 54, but not for women 55 and older.", ACS_45_54, "supports"),
])
def test_a_member_set_apart_is_put_to_the_card(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk)[0] == label


@pytest.mark.parametrize(("claim", "chunk", "label"), [
    ("Ever since 2016 the USPSTF has given screening of women in their 40s a grade B.", USPSTF_CHANGES, "contradicts"),
    ("Since 2016 the USPSTF has kept women aged 40 to 49 at grade C.", USPSTF_CHANGES, "contradicts"),
    # held since the change itself: both readings stand
    ("Since 2024 the USPSTF has given screening of women in their 40s a grade B.", USPSTF_CHANGES, "supports"),
    # ... and a card of the year said is no later card
    ("Since 2016 the USPSTF has kept women aged 40 to 49 at grade C.", USPSTF_2016_40_49, "supports"),
])
def test_a_state_held_since_a_year_is_put_to_a_later_card_then_and_now(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk)[0] == label


@pytest.mark.parametrize(("claim", "chunk", "label", "counterpart", "counterpart_label"), [
    # those a recommendation leaves off are left out of it
    ("It leaves off people with a BRCA1 or BRCA2 mutation or other high-risk genetic syndrome, high-dose chest "
     "radiation at a young age, a previous breast cancer, or a high-risk lesion on an earlier biopsy.",
     USPSTF_EXCLUSIONS, "supports",
     "It covers people with a BRCA1 or BRCA2 mutation or other high-risk genetic syndrome.", "contradicts"),
    # the clause a reason is told in dates the rise, not the change
    ("One reason given for the change was that invasive breast cancer in women in their 40s rose about 2% per year "
     "from 2015 to 2019.", USPSTF_CHANGES, "supports",
     "One reason given for the change in 2016 was that invasive breast cancer in women in their 40s rose.",
     "contradicts"),
    # a start denied as the only one gives no start
    ("USPSTF now gives grade B to biennial screening for women in their forties too, not only from fifty.",
     USPSTF_REC, "supports",
     "USPSTF now gives grade B to biennial screening only from fifty.", "contradicts"),
    # evidence said to be short, with what it is evidence for between
    ("USPSTF says evidence for 3D mammography as main screening is not enough.", USPSTF_MODALITY, "contradicts",
     "USPSTF says evidence for 3D mammography as main screening is good enough to call it effective.", "supports"),
    # a comparison from another trade gives no value
    ("USPSTF: every other year for her, like a two-year roof inspection, anywhere from 40 through 74.", USPSTF_REC,
     "supports", "USPSTF: every year for her, like a one-year roof inspection, anywhere from 40 through 74.",
     "contradicts"),
    # differing recommendations called healthy, against a card that says they confuse patients
    ("The ACR says differing recommendations are healthy because they give patients choice.", ACR_CONFLICTING,
     "contradicts", "The ACR says differing recommendations confuse patients, and that doctors should give patients "
     "a choice of test.", "partially_supports"),
    # ... what it is evidence for still compared as words ("for women 75 and up")
    ("For the USPSTF, the evidence for women 75 and up is simply not enough to say yes or no.", USPSTF_75,
     "supports", "For the USPSTF, the evidence for women 75 and up is enough to recommend against screening.",
     "contradicts"),
])
def test_words_of_exclusion_reason_denial_and_comparison(verifier, claim, chunk, label, counterpart,
                                                         counterpart_label):
    assert judge(verifier, claim, chunk)[0] == label
    assert judge(verifier, counterpart, chunk)[0] == counterpart_label


@pytest.mark.parametrize(("claim", "chunk", "label"), [
    # an earlier version's position told beside the present one, against a current card that tells nothing of before
    ("Whereas in 2016 the USPSTF found insufficient evidence on DBT as a primary screening method, in 2024 it "
     "treats DBT as an effective way to screen.", USPSTF_MODALITY, "partially_supports"),
    ("So the Task Force used to call the forties an individual decision, and since 2024 it's every other year "
     "starting at forty.", USPSTF_REC, "partially_supports"),
    # ... the present part still compared: one the card denies is denied
    ("Whereas in 2016 the USPSTF found insufficient evidence on DBT, in 2024 it calls DBT the only effective test.",
     USPSTF_MODALITY, "contradicts"),
    # a year that dates no version of the organization's (a birth year) tells no earlier position
    ("Mom was born in 1978, so she's 47 or 48 now, inside the USPSTF's 40-to-74 range.", USPSTF_REC, "supports"),
    # a card that tells what came before states the earlier part too
    ("Per the update, all average-risk individuals should begin mammography at age 40, where previously it was "
     "offered at 40 with a start by 50.", ACOG_START, "supports"),
])
def test_an_earlier_versions_position_beside_the_present_one(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk)[0] == label


@pytest.mark.parametrize(("claim", "chunk", "label"), [
    # the person the answer is about, named by the asker's word for them under a condition
    ("If your friend finds a lump, the USPSTF every-two-years schedule is what applies.", USPSTF_REC,
     "does_not_support"),
    ("If your daughter carries a BRCA2 mutation, the ACR's average-risk advice of annual mammography from 40 applies "
     "to her.", ACR_START, "does_not_support"),
    # ... not a relative whose history is told while the asker is advised
    ("If your mother had breast cancer, you should still follow the USPSTF advice of every two years from 40.",
     USPSTF_REC, "partially_supports"),
    ("If your friend is 45, the ACS says yearly mammograms.", ACS_45_54, "supports"),
])
def test_a_condition_told_of_the_person_asked_about_is_hers(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk)[0] == label


def test_a_deadline_joined_to_an_option_is_what_she_should_do_by_then(verifier):
    then = dt.date(2018, 3, 1)
    claim = "ACOG says screening should be offered from 40; she may begin after counseling, and no later than 50."
    assert judge(verifier, claim, ACOG_2017_START, then)[0] == "supports"
    assert judge(verifier, "ACOG says she must begin at 40.", ACOG_2017_START, then)[0] == "contradicts"


def test_a_section_not_yet_published_is_said_to_be_so(verifier):
    verdict = verifier.judge("ACOG says she may begin after counseling.", ACOG_2017_START, dt.date(2017, 3, 1))
    assert verdict.label == "does_not_support" and verdict.reason == "wrong_version"
    assert "not yet published" in verdict.explanation and "superseded" not in verdict.explanation
