"""Questions: "does the task force say he needs mammograms?" asks the recommendation as a whole beside who he is;
a learner's "it is for my sister also, or she is other group?" asks whom the advice covers; "once she hits 75" asks
about 75 and older; "is that the current ORG advice?" checks the point the sentence before it told; "how to know my
breast normal look and feel" is self-awareness; "ORG-A vs ORG-B on how often" asks both, and the reaction asked
beside it comes from the statement while the point comes from the guideline too; "I'm nonbinary and 50" states
her age; a sentence that checks a quote ("is that accurate today?") asks the quote's point, whatever ages a later
question names; "and how often, if so?" asks the frequency of what was just asked; "annual policy review" names no
schedule; "callers who are 75 or older -- does ORG say ...?" asks ORG alone; a time stated before a draft was put
out ("as of early 2023, before the task force put out its new draft") is the question's time; "is it true the task
force moved ...?" asks of its own clause, not of what was told before.

Claims: "women with dense breasts need an MRI" recommends it; "ORG-A recommends the same as ORG-B: X" says X for
both; "can choose only every two years, never every year" leaves no choice; "do not matter to patients" denies
the confusion a card names; "before its October 2024 update" is a time, no wording a card must share; a position
dated from a year before the cited version ("has said since 2017 that ...", "first issued in 2016") is decided by
the organization's own version of that year; "a starting age of 40 for everyone" recommends that start; "ORG sits
in between, with X" gives ORG's X; "rather than ORG-B's every-other-year schedule" is ORG-B's part, stated by its
card; "ORG-A's FAQ and ORG-B both ..." speaks for both; a percentage given of getting the disease is not the card's
percentage of dying of it; "the update of October 2024" is the October 2024 update; a schedule cited to a card on
whom the advice covers, which gives no schedule, is not stated there; "..., then she can change to every two
years" after a part on the card's ages is about the ages after them. Each with a counterpart that keeps its
reading."""

import datetime as dt

import pytest

from review_app.engine.facts import load_claim_rules
from review_app.errors import CorpusError

from .chunks import (
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_FAQ,
    ACOG_FAQ_SELF_AWARENESS,
    ACOG_INTERVAL,
    ACOG_RATIONALE,
    ACOG_START,
    ACR_CONFLICTING,
    ACR_DENSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_45_54,
    ACS_CBE,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import CORPUS_DIR, answered_chunks, judge

# --- questions ---------------------------------------------------------------------------------------------


def test_whether_he_needs_mammograms_asks_the_recommendation_beside_who_he_is(engine, settings):
    question = "My son is trans, 45, no top surgery. Does the task force say he needs mammograms?"
    decision = engine.ask(question, settings)
    assert {"start_age", "interval", "gender_identity"} <= set(decision.aspects)
    assert {USPSTF_REC, USPSTF_POPULATION} <= answered_chunks(engine, settings, question)
    # (a schedule asked after it asks that point, not the whole)
    scheduled = engine.ask("Does the task force say she needs mammograms every year?", settings)
    assert scheduled.aspects == ("interval",)


def test_a_learners_is_it_for_her_also_asks_whom_it_covers(engine, settings):
    question = "My sister is 49 year. The USPSTF guideline, it is for my sister also, or she is other group? " \
               "How often she need mammogram?"
    assert set(engine.ask(question, settings).aspects) == {"interval", "applies_to"}
    assert USPSTF_POPULATION in answered_chunks(engine, settings, question)
    assert engine.ask("My sister is 49 year. How often she need mammogram by USPSTF?", settings).aspects \
        == ("interval",)


def test_once_she_hits_75_asks_about_75_and_older(engine, settings):
    question = "Mama just turned 74. Does the USPSTF still want her screened every two years, and what's their " \
               "word once she hits 75?"
    assert set(engine.ask(question, settings).aspects) == {"interval", "age_75_and_older"}
    assert USPSTF_75 in answered_chunks(engine, settings, question)
    assert "age_75_and_older" not in engine.ask(
        "Mama just turned 74. Does the USPSTF still want her screened every two years?", settings).aspects


def test_is_that_the_current_advice_checks_what_was_told(engine, settings):
    question = "Her OB says ACOG now wants everyone at average risk to start mammograms at 40. Is that the " \
               "current ACOG advice, and how often should she go?"
    assert set(engine.ask(question, settings).aspects) == {"start_age", "interval"}
    assert ACOG_START in answered_chunks(engine, settings, question)
    read = engine.ask("I read that radiologists want women like me to have a breast cancer risk assessment before "
                      "mammograms even start. Is that an actual recommendation, and by what age?", settings)
    assert "risk_assessment" in read.aspects
    # (told with no check after it, the start is context)
    assert engine.ask("Her OB says ACOG now wants everyone at average risk to start mammograms at 40. How often "
                      "should she go?", settings).aspects == ("interval",)


def test_knowing_how_her_breasts_look_and_feel_is_self_awareness(engine, settings):
    question = "I want to read something easy from ACOG for patient, about how to know my breast normal look " \
               "and feel. They have it?"
    assert engine.ask(question, settings).aspects == ("self_awareness",)
    assert answered_chunks(engine, settings, question) == {ACOG_FAQ_SELF_AWARENESS}
    assert "self_awareness" not in engine.ask("How often does ACOG want mammograms? I want to feel sure.",
                                              settings).aspects


def test_two_set_side_by_side_on_a_point_are_both_asked_beside_a_reaction(engine, settings):
    question = "USPSTF vs ACR on how often to screen after 40 - what's the gap between them, and what did the ACR " \
               "say back when USPSTF put out its 2024 rec?"
    answered = answered_chunks(engine, settings, question)
    assert {USPSTF_REC, ACR_START, ACR_RESPONSE_ANNUAL} <= answered
    # (the interval the reaction itself pushed for, asked of "they", is the reaction's: no guideline beside it)
    reaction = "What did the radiologists' college say when the task force finalized its 2024 recommendation, " \
               "and what interval did they push for?"
    assert ACR_START not in answered_chunks(engine, settings, reaction)


@pytest.mark.parametrize(("question", "ages"), [
    ("I'm nonbinary and 50. Does the USPSTF advice apply to me?", [[50, 50]]),
    ("She's healthy and 62. Does she still need yearly mammograms?", [[62, 62]]),
    # (a distance is no age)
    ("I'm nonbinary and 50 miles from a clinic. Does the USPSTF advice apply to me?", []),
])
def test_who_she_is_and_her_age(engine, settings, question, ages):
    assert engine.ask(question, settings).patient["ages"] == ages


def test_a_checked_quote_is_asked_beside_a_later_group(engine, settings):
    question = 'Our hotline script reads: "The U.S. Preventive Services Task Force recommends a mammogram every 2 ' \
               'years for women ages 40 to 74." Is that accurate today? And what should operators tell callers who ' \
               'are 75 or older -- does the Task Force say they should stop?'
    decision = engine.ask(question, settings)
    assert set(decision.aspects) == {"interval", "age_75_and_older"}
    # (the callers are a group asked about: no organization but the one named, and the quote's ages stand)
    assert answered_chunks(engine, settings, question) == {USPSTF_REC, USPSTF_75}
    told = engine.ask('Our hotline script reads: "The Task Force recommends a mammogram every 2 years." What should '
                      'operators tell callers who are 75 or older?', settings)
    assert told.aspects == ("age_75_and_older",)


def test_how_often_if_so_asks_the_frequency_of_what_was_asked(engine, settings):
    question = "Annual policy review question: do any of the big groups still recommend clinical breast exams by " \
               "our NPs for average-risk residents? And how often, if so?"
    assert engine.ask(question, settings).aspects == ("clinical_breast_examination",)
    assert answered_chunks(engine, settings, question) == {ACS_CBE, ACOG_2017_CBE}
    assert set(engine.ask("Do the big groups still recommend clinical breast exams? And how often should women get "
                          "mammograms?", settings).aspects) == {"interval", "clinical_breast_examination"}
    # (a condition opening the next question leaves the one before it asked: "X? If so, Y?")
    flagged = engine.ask("Patient is 39. Does the USPSTF screening recommendation apply to this patient? If so, start "
                         "age/interval?", settings)
    assert {"applies_to", "start_age", "interval"} <= set(flagged.aspects)


def test_a_time_stated_before_a_draft_is_the_questions_time(engine, settings):
    question = "Timeline check: as of early 2023, before the task force put out its new draft, what was the " \
               "USPSTF's official position on screening women aged 40 to 49?"
    decision = engine.ask(question, settings)
    assert decision.reference_date_source == "question" and decision.settings.reference_date.year == 2023
    assert answered_chunks(engine, settings, question) == {USPSTF_2016_40_49}
    # (the present asked beside it keeps today's date)
    assert engine.ask("As of early 2023, what was the USPSTF's position, and what is it now?",
                      settings).reference_date_source == "pinned"


def test_is_it_true_asks_of_its_own_clause(engine, settings):
    question = "Many of our sisters are Black women in their 40s. Is it true the task force moved screening to 40 " \
               "partly because Black women die more often from breast cancer?"
    assert engine.ask(question, settings).aspects == ("reasons",)
    # (at the end of its sentence it checks the one before)
    told = engine.ask("My friend says the ACR wants a risk check by 25. Is it true?", settings)
    assert "risk_assessment" in told.aspects


# --- claims ------------------------------------------------------------------------------------------------


def test_a_test_she_needs_is_recommended(verifier):
    claim = "The USPSTF says women with dense breasts need an MRI."
    assert judge(verifier, claim, USPSTF_DENSE) == ("contradicts", "misstated_strength")
    assert judge(verifier, "The ACR says women with dense breasts need an MRI.", ACR_DENSE) == ("supports", None)


def test_the_same_as_another_says_it_for_both(verifier):
    claim = "ACS recommend the same as USPSTF: every 2 years starting from 50."
    assert judge(verifier, claim, ACS_45_54)[0] == "contradicts"
    assert judge(verifier, "The ACR says the same thing as ACOG: yearly from 40.", ACR_START)[0] \
        == "partially_supports"


@pytest.mark.parametrize("claim", [
    "ACOG say your aunt can choose only every two years, never every year.",
    "ACOG says she can choose every two years, but never every year.",
])
def test_only_one_schedule_leaves_no_choice(verifier, claim):
    assert judge(verifier, claim, ACOG_INTERVAL)[0] == "contradicts"


def test_a_choice_of_both_schedules_stays_a_choice(verifier):
    assert judge(verifier, "ACOG says she can choose every year or every two years.", ACOG_INTERVAL) \
        == ("supports", None)


def test_not_mattering_to_patients_denies_the_confusion(verifier):
    claim = "The ACR says the differences between organizations' recommendations do not matter to patients."
    assert judge(verifier, claim, ACR_CONFLICTING) == ("contradicts", "missing_fact")
    assert judge(verifier, "The ACR says differing recommendations make no difference to patients.",
                 ACR_CONFLICTING)[0] == "contradicts"
    assert judge(verifier, "The ACR says differing recommendations confuse patients.", ACR_CONFLICTING) \
        == ("supports", None)


def test_before_a_dated_update_is_a_time_not_wording(verifier):
    claim = "Before its October 2024 update, ACOG advised offering screening from 40 and starting no later than 50."
    assert judge(verifier, claim, ACOG_2017_START) == ("supports", None)
    assert judge(verifier, "Before its October 2024 update, ACOG advised starting no later than 45.",
                 ACOG_2017_START)[0] != "supports"


@pytest.mark.parametrize(("claim", "chunk"), [
    ("ACOG has said since 2017 that everyone should start at 40.", ACOG_START),
    ("ACOG has told all average-risk women to begin at 40 since its 2017 bulletin.", ACOG_START),
    ("ACOG moved its starting age to 40 for everyone back in 2017.", ACOG_START),
    ("The USPSTF's recommendation of screening for women aged 40 to 74 was first issued in 2016.", USPSTF_REC),
])
def test_a_position_dated_before_its_version_is_misdated(verifier, claim, chunk):
    assert judge(verifier, claim, chunk) == ("contradicts", "missing_fact")


@pytest.mark.parametrize(("claim", "chunk"), [
    # (what that year's version did say, dated from it)
    ("ACOG has offered screening from 40 ever since its 2017 bulletin.", ACOG_START),
    ("Since 2016 the Task Force has found the evidence insufficient for women 75 and older.", USPSTF_75),
])
def test_a_position_that_held_since_then_is_not_misdated(verifier, claim, chunk):
    assert judge(verifier, claim, chunk)[0] != "contradicts"


def test_a_start_for_everyone_is_recommended(verifier):
    at_2018 = dt.date(2018, 6, 30)
    assert judge(verifier, "ACOG has a starting age of 40 for everyone.", ACOG_2017_START, at_2018) \
        == ("contradicts", "misstated_strength")
    assert judge(verifier, "ACOG has a starting age of 40 for everyone.", ACOG_START) == ("supports", None)


def test_a_place_between_the_others_gives_its_own_advice(verifier):
    assert judge(verifier, "ACOG sits in between, with every one or two years by shared decision-making.",
                 ACOG_INTERVAL) == ("supports", None)
    assert judge(verifier, "ACOG sits in between, with every three years.", ACOG_INTERVAL)[0] == "contradicts"


def test_another_organizations_schedule_named_beside_is_its_part(verifier):
    claim = "The ACR wants a mammogram every year from 40 rather than the USPSTF's every-other-year schedule."
    assert judge(verifier, claim, USPSTF_REC) == ("partially_supports", "wrong_organization")
    assert judge(verifier, "The ACS recommends starting at 45, five years later than the USPSTF's starting age of 40.",
                 USPSTF_REC) == ("partially_supports", "wrong_organization")
    assert judge(verifier, "The ACR wants a mammogram every year from 40.", USPSTF_REC) \
        == ("does_not_support", "wrong_organization")


def test_an_organizations_text_and_another_both_speak(verifier):
    claim = "ACOG's FAQ and the USPSTF both put the start of screening at age forty."
    assert judge(verifier, claim, USPSTF_REC)[0] == "partially_supports"
    assert judge(verifier, claim, ACOG_FAQ)[0] == "partially_supports"


def test_a_rate_of_getting_the_disease_is_not_a_rate_of_dying(verifier):
    assert judge(verifier, "The USPSTF found that Black women are about 40% more likely to get breast cancer.",
                 USPSTF_CHANGES) == ("does_not_support", "missing_fact")
    assert judge(verifier, "The USPSTF notes that Black women are about 40% more likely to die of breast cancer.",
                 USPSTF_CHANGES) == ("supports", None)


def test_an_update_of_a_month_is_that_months_update(verifier):
    assert judge(verifier, "ACOG update of October 2024 also cited the 2% per year rise in the forties.",
                 ACOG_RATIONALE) == ("supports", None)
    assert judge(verifier, "ACOG update of March 2024 also cited the 2% per year rise in the forties.",
                 ACOG_RATIONALE)[0] == "contradicts"


def test_a_schedule_cited_to_whom_it_covers_is_not_stated_there(verifier):
    assert judge(verifier, "USPSTF 2024 recommends biennial screening from 40 to 74.", USPSTF_POPULATION) \
        == ("does_not_support", "missing_fact")
    # (said of whom it covers, it shares the card's point)
    claim = "If you're 47 and your sister had breast cancer, the task force's biennial-from-40 recommendation still " \
            "applies to you."
    assert judge(verifier, claim, USPSTF_POPULATION)[0] == "partially_supports"


def test_a_part_after_the_ages_before_is_about_later_ages(verifier):
    claim = "The Cancer Society is saying to make mammogram each year from age 45 until 54, then she can change to " \
            "every two years."
    assert judge(verifier, claim, ACS_45_54) == ("partially_supports", "missing_fact")
    assert judge(verifier, "The ACS says a mammogram every two years from 45 to 54.", ACS_45_54)[0] == "contradicts"


def test_a_named_part_pattern_must_name_the_organization_and_its_part(tmp_path):
    lines = (CORPUS_DIR / "claim_rules.yaml").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("named_part:"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith(" "))  # (its continued lines)
    lines[start:end] = ["named_part: ['\\bits own schedule\\b']"]
    (tmp_path / "claim_rules.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "terms.yaml").write_text((CORPUS_DIR / "terms.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(CorpusError) as failure:
        load_claim_rules(tmp_path)
    assert "named_part" in str(failure.value)
    assert all("ORG" in t for t in load_claim_rules(CORPUS_DIR).named_part)
