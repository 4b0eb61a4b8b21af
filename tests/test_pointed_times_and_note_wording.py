"""Questions: a son "born as a girl" or "transgender" is a trans man in scope; a genetic test "and all those genes
came negative" is negated, "BRCA1 and all the other genes came negative" is not; a country's name used of its own
programme ("the Luxembourg national Programme Mammographie") is a source the corpus does not hold; a risk factor told as
absent ("no prior chest RT") asks nothing of who is excluded; "in
mid-2019, what was X, and what is it now?" asks both versions; a note's bare "45 y" is an age; "a letter saying she
is due" tells, it asks no interval; "before October 2024" (or a note's "pre-Oct 2024") bounds the question's time
before that month; breastfeeding told as "I feed my baby with my milk", a recall "from routine screening" and a
reported "new focal asymmetry" exclude.

Claims: "At that time, ORG advised ..." speaks of the time the case's question states, where a cited section stood
otherwise then; "would take someone out of the recommendation", "a reason to leave average-risk guidance" and "puts
a patient outside" say a group is left out, and "applies only if none of her relatives has had breast cancer" leaves
out a family history; "in its response to the 2024 USPSTF recommendation, the ACR ..." speaks for the ACR; "is too
young (to be screened)" advises against; a move of strength told the other way round ("from biennial screening to an
individual decision") or to other grades ("from a B up to an A") contradicts the card's move; "don't have enough
evidence" is an I statement and "gain nothing from screening" a case against; "USPSTF + ACS" lists both; "yearly
for women 75 and older" (or "past 75") against "yearly past age 74" is the same span; "till at least 75 and then talk
it through with her doctor" is the card's shared decision; "has dropped out of ACOG's guidance" and "replaced its
older advice on women over 75" remove advice still in force; a note's "chest RT", "q40 months" and "n/a" are read;
"perhaps unsurprisingly" is the writer's comment. Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_75,
    ACOG_2017_75,
    ACOG_2017_CBE,
    ACOG_2017_INTERVAL,
    ACOG_2017_START,
    ACOG_FAQ,
    ACOG_START,
    ACR_75,
    ACR_CONFLICTING,
    ACR_RESPONSE_ANNUAL,
    ACS_40_44,
    ACS_45_54,
    USPSTF_75,
    USPSTF_2016_DBT,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
)
from .conftest import PINNED, answered_chunks, judge

# --- questions ---------------------------------------------------------------------------------------------


def test_a_son_born_a_girl_is_a_trans_man_in_scope(engine, settings):
    question = "My son is transgender, he is 41 and was born as a girl. Does the USPSTF guideline for " \
               "mammograms apply for him, and how often then?"
    assert "male_screening" not in engine.ask(question, settings).scope_flags
    assert "male_screening" in engine.ask("My son is 41. Does the USPSTF guideline for mammograms apply for him?",
                                          settings).scope_flags


def test_a_test_and_all_those_genes_came_negative_is_negated(engine, settings):
    question = "My blood test for BRCA and all those genes came negative last year. I am 47. Is the USPSTF " \
               "recommendation for me?"
    assert "known_high_risk_genetics" not in engine.ask(question, settings).scope_flags
    # (the other genes negative beside one named is no negative result for that one)
    positive = "I have BRCA1 and all the other genes came negative. Is the USPSTF recommendation for me?"
    assert "known_high_risk_genetics" in engine.ask(positive, settings).scope_flags


def test_a_country_named_for_its_own_programme_is_not_held(engine, settings):
    question = "Patient recently moved from Luxembourg, 51, average risk. She wants to know the schedule of the " \
               "Luxembourg national Programme Mammographie for women her age."
    assert engine.ask(question, settings).abstain
    # (the country she comes from, with a question about screening here, is answered)
    assert not engine.ask("I just moved from Sweden, I am 52. How often should I get a mammogram here per USPSTF?",
                          settings).abstain


def test_a_risk_factor_told_as_absent_asks_nothing_of_high_risk(engine, settings):
    question = "Discharging 44F. No breast sx, no FHx, no known genetic hx, no prior chest RT. When to start and " \
               "how often, per the major US recs?"
    assert "high_risk" not in engine.ask(question, settings).aspects
    told = "I had chest RT for lymphoma at 20. Am I excluded from the USPSTF recommendation?"
    assert "high_risk" in engine.ask(told, settings).aspects


def test_a_part_of_a_year_and_now_asks_both_versions(engine, settings):
    question = "In mid-2019, what was the USPSTF position on 3D mammography (tomosynthesis) as the primary " \
               "screening test, and what is it now?"
    assert {USPSTF_2016_DBT, USPSTF_MODALITY} <= answered_chunks(engine, settings, question)
    assert USPSTF_2016_DBT not in answered_chunks(
        engine, settings, "What is the USPSTF position on 3D mammography (tomosynthesis) now?")


def test_a_notes_bare_y_is_an_age(engine, settings):
    question = "Handover: Mrs K., 45 y, average risk, last screening mammogram 14 months ago. Is she overdue by " \
               "ACS standards?"
    assert engine.ask(question, settings).patient["ages"] == [[45, 45]]
    assert engine.ask("She has had a mammogram every 2 y since her forties. What does the ACS say about the "
                      "interval?", settings).patient["ages"] == []


def test_a_letter_saying_she_is_due_asks_no_interval(engine, settings):
    question = "My mum is 70 and got a letter saying she is due for a screening mammogram. Her friend once had a " \
               "diagnostic one. What is the difference?"
    assert "interval" not in engine.ask(question, settings).aspects
    assert "interval" in engine.ask("My mum is 70. Is she due for a screening mammogram?", settings).aspects


@pytest.mark.parametrize("question", ["Before October 2024, what did ACOG say about when to start?",
                                      "Pre-Oct 2024, what did ACOG say about when to start?"])
def test_before_a_month_bounds_the_questions_time(engine, settings, question):
    decision = engine.ask(question, settings)
    assert decision.settings.reference_date == dt.date(2024, 9, 30)
    assert ACOG_2017_START in answered_chunks(engine, settings, question)
    assert engine.ask("In October 2024, what did ACOG say about when to start?",
                      settings).settings.reference_date == dt.date(2024, 10, 31)


def test_breastfeeding_in_a_learners_words_excludes(engine, settings):
    question = "I am 38 and still I feed my baby with my milk, she is 8 months. It is a good moment to do a " \
               "screening mammography or I must wait?"
    assert "pregnancy_or_lactation" in engine.ask(question, settings).scope_flags
    ended = "I fed my baby with my milk but stopped years ago. I am 45, when should I start mammograms?"
    assert "pregnancy_or_lactation" not in engine.ask(ended, settings).scope_flags


@pytest.mark.parametrize("question", [
    "Recall from routine screening: 56F, new focal asymmetry L breast on today's screen. What work-up is recommended?",
    "I was recalled after my mammogram last week. What happens next?",
])
def test_a_recall_or_a_reported_finding_is_diagnostic(engine, settings, question):
    assert "diagnostic_symptoms" in engine.ask(question, settings).scope_flags


def test_recalling_what_was_said_is_no_recall(engine, settings):
    assert "diagnostic_symptoms" not in engine.ask("Can I recall what the USPSTF said about screening at 45?",
                                                   settings).scope_flags


# --- claims ------------------------------------------------------------------------------------------------

_ASKED_THEN = "In January 2023 my aunt, she was 42 that time, asked about the yearly mammogram. At that time, what " \
              "were ACOG and the ACR saying about starting and how often?"


def _labels(verifier, text: str, chunks: list[str], question: str | None, date: dt.date = PINNED) -> list[str]:
    verdict = verifier.verify_claim(("c", text, chunks), date, question)
    return [v.label for v in verdict.verdicts]


def test_at_that_time_speaks_of_the_time_the_question_states(verifier):
    claim = "At that time ACOG advised a mammogram every 1 or 2 years, settled by shared decision-making."
    assert _labels(verifier, claim, [ACOG_2017_INTERVAL], _ASKED_THEN) == ["supports"]
    assert _labels(verifier, claim, [ACOG_2017_INTERVAL], None) == ["does_not_support"]
    started = "At that time ACOG said all individuals at average risk should begin screening at 40."
    assert _labels(verifier, started, [ACOG_START, ACOG_2017_START], _ASKED_THEN) == ["does_not_support",
                                                                                     "contradicts"]
    faq = "ACOG's patient FAQ at the time said screening can start from age 40 with a mammogram every 1 or 2 years."
    assert _labels(verifier, faq, [ACOG_FAQ], _ASKED_THEN) == ["does_not_support"]
    # (a question asked from that time already judges its claims then: nothing to move)
    from_then = "As of mid-2022, what did ACOG advise about screening mammography for women in their 40s?"
    offered = "ACOG at that time advised offering mammography from forty, with screening to begin no later than fifty."
    assert _labels(verifier, offered, [ACOG_2017_START], from_then, dt.date(2022, 6, 1)) == ["supports"]


@pytest.mark.parametrize("claim", [
    "High-dose radiation to the chest at a young age would also take someone out of the USPSTF recommendation.",
    "Hx of high-dose chest RT at a young age puts a pt outside the USPSTF rec.",
    "Prior breast ca -> USPSTF rec n/a; high-risk lesion on earlier biopsy -> also n/a.",
])
def test_a_group_said_left_out_matches_the_exclusions(verifier, claim):
    assert judge(verifier, claim, USPSTF_EXCLUSIONS) == ("supports", None)


@pytest.mark.parametrize("claim", [
    "Most guideline groups treat a mother's breast cancer as a reason to leave average-risk guidance.",
    "The USPSTF biennial recommendation applies to your mam only if none of her relatives has had breast cancer.",
    "A family history puts a woman outside the USPSTF recommendation.",
])
def test_a_family_history_said_left_out_contradicts_the_population(verifier, claim):
    assert judge(verifier, claim, USPSTF_POPULATION)[0] == "contradicts"


def test_a_family_history_said_covered_stays_supported(verifier):
    claim = "The USPSTF recommendation covers women whose relatives have had breast cancer."
    assert judge(verifier, claim, USPSTF_POPULATION) == ("supports", None)


def test_the_organization_responded_to_is_no_speaker(verifier):
    claim = "In its response to the 2024 USPSTF recommendation, the ACR urged annual rather than biennial " \
            "mammograms from 40."
    assert judge(verifier, claim, ACR_RESPONSE_ANNUAL) == ("supports", None)
    assert judge(verifier, "The USPSTF urged annual rather than biennial mammograms from 40.",
                 ACR_RESPONSE_ANNUAL)[1] == "wrong_organization"


@pytest.mark.parametrize("claim", ["The ACS says a woman of 43 is too young and should not be screened.",
                                   "The ACS says a woman of 43 is too young to be screened."])
def test_too_young_advises_against(verifier, claim):
    assert judge(verifier, claim, ACS_40_44) == ("contradicts", "misstated_strength")


def test_not_too_young_stays_an_option(verifier):
    assert judge(verifier, "The ACS says a woman of 43 is not too young to be screened if she wants it.",
                 ACS_40_44) == ("supports", None)


@pytest.mark.parametrize("claim", [
    "The USPSTF 2024 update moved women in their 40s from biennial screening to an individual decision.",
    "The forties went from a B up to an A with the task force.",
])
def test_a_move_told_otherwise_contradicts_the_cards_move(verifier, claim):
    assert judge(verifier, claim, USPSTF_CHANGES)[0] == "contradicts"


@pytest.mark.parametrize("claim", [
    "The USPSTF 2024 update moved women in their 40s from an individual decision to biennial screening.",
    "The task force moved the forties from a C to a B.",
])
def test_the_cards_own_move_stays_supported(verifier, claim):
    assert judge(verifier, claim, USPSTF_CHANGES) == ("supports", None)


def test_not_enough_evidence_had_is_an_i_statement(verifier):
    claim = "The task force says 3D mammograms don't have enough evidence behind them."
    assert judge(verifier, claim, USPSTF_MODALITY)[0] == "contradicts"
    assert judge(verifier, "The task force says 3D mammograms are an effective way to screen.",
                 USPSTF_MODALITY) == ("supports", None)


def test_gaining_nothing_from_screening_is_a_case_against(verifier):
    claim = "The USPSTF, in contrast, probably thinks women over 75 gain nothing from screening."
    assert judge(verifier, claim, USPSTF_75) == ("contradicts", "misstated_strength")


def test_organizations_joined_by_a_sign_are_a_list(verifier):
    # (each organization's part is its own: the card states the ACS's only)
    assert judge(verifier, "USPSTF + ACS agree: yearly mammo for 45-54.", ACS_45_54)[0] == "partially_supports"
    assert judge(verifier, "ACS: yearly mammo for 45-54.", ACS_45_54) == ("supports", None)


@pytest.mark.parametrize("claim", ["The ACR recommends yearly screening for women 75 and older.",
                                   "The ACR recommends that women keep having a mammogram every year past 75."])
def test_the_same_open_span_told_by_another_end_is_one_binding(verifier, claim):
    assert judge(verifier, claim, ACR_75) == ("supports", None)


def test_another_closed_span_still_contradicts(verifier):
    assert judge(verifier, "The ACS recommends yearly screening for women 50 to 60.", ACS_45_54)[0] == "contradicts"


def test_talking_it_through_with_her_doctor_is_the_shared_decision(verifier):
    claim = "The women's doctors' group (ACOG) says keep going till at least seventy-five and then talk it " \
            "through with her doctor."
    assert judge(verifier, claim, ACOG_75) == ("supports", None)
    assert judge(verifier, "ACOG says keep going till at least seventy-five and then stop screening.",
                 ACOG_75)[0] == "contradicts"


@pytest.mark.parametrize("claim, chunk", [
    ("Clinical breast examination has, I gather, dropped out of ACOG's guidance since the 2024 update.",
     ACOG_2017_CBE),
    ("ACOG's 2024 update replaced its older advice on women over 75 with a hard stop at 75.", ACOG_2017_75),
])
def test_advice_said_taken_out_contradicts_a_section_in_force(verifier, claim, chunk):
    assert judge(verifier, claim, chunk)[0] == "contradicts"


def test_advice_on_another_topic_said_taken_out_does_not_contradict(verifier):
    claim = "Clinical breast examination has dropped out of ACOG's guidance since the 2024 update."
    assert judge(verifier, claim, ACOG_75)[0] != "contradicts"


def test_a_notes_interval_in_months_is_read(verifier):
    claim = "USPSTF: Black women ~40% more likely to die of breast ca; screening q40 months."
    assert judge(verifier, claim, USPSTF_CHANGES)[0] == "contradicts"


def test_the_writers_comment_is_no_content(verifier):
    claim = "The ACR, perhaps unsurprisingly, has publicly said that the differing recommendations confuse patients."
    assert judge(verifier, claim, ACR_CONFLICTING) == ("supports", None)
