"""A time stated in a question sets its reference date (engine/dates.py)."""

import datetime as dt

import pytest

from review_app.engine.corpus import load_corpus
from review_app.engine.dates import question_time

from .conftest import CORPUS_DIR

CORPUS = load_corpus(CORPUS_DIR)
NAMES = {k.lower(): k for k in CORPUS.organizations} | {v.lower(): k for k, v in CORPUS.organizations.items()}


def stated(question: str) -> dt.date | None:
    found = question_time(question, CORPUS.sources, NAMES)
    return found.date if found else None


@pytest.mark.parametrize("question, date", [
    ("back in mid-2020, when did guidelines say to start?", "2020-06-30"),
    ("As of early 2019, how often should she be screened?", "2019-03-31"),
    ("What was advised in 2013?", "2013-12-31"),
    ("what did they say in December 2015", "2015-12-31"),
    ("Late 2024: what did the task force say?", "2024-12-31"),
    ("in the summer of 2024 when should she start?", "2024-08-31"),
    ("Before ACOG's 2024 update, was 50 the latest start?", "2024-10-09"),
    ("before ACOG's 2024 interim update, what did the bulletin say?", "2024-10-09"),  # a word naming the update
    ("before the American College of Obstetricians and Gynecologists 2024 update?", "2024-10-09"),  # a long name
    ("prior to the American  College of Obstetricians and Gynecologists' 2024 revision", "2024-10-09"),
    ("before the American Cancer Society's update", None),  # that organization has no update in the corpus
    ("Prior to 2016, what was the advice?", "2015-12-31"),
    ("before ACOG's October update, when did they say to start?", "2024-10-09"),  # the month names the source
    ("before acog's oct. update?", "2024-10-09"),
    # a month after "the" is the update's month, not an organization's name
    ("was that consistent at that point (before the Oct 2024 interim update)?", "2024-10-09"),
    # two stated times: the earliest, and the "update" of the other is no word of the present
    ("In the summer of 2024, before ACOG's October update, what starting age did each recommend?", "2024-08-31"),
    ("before the October update what was advised?", None),  # no organization: two sources came out in an October
    ("In Q3 2023, what was the USPSTF grade for women 40-49?", "2023-09-30"),          # a quarter
    ("in the third quarter of 2023 what was advised?", "2023-09-30"),
    ("Before ACOG put out its October update, when did it say to start?", "2024-10-09"),  # a verb before the update
    ("In 2012, what did ACS and USPSTF recommend on annual versus biennial mammography?", "2012-12-31"),  # options
    ("in January 2024, a few months before the task force put out its final update, did ACR and USPSTF agree?",
     "2024-01-31"),
    # a bare year the question points back to ("at that time") is its time, and "now" is no comparison
    ("Chart review of 2018 well-woman visits. What was the USPSTF rec for women 40-49 at that time?", "2018-12-31"),
    ("When I turned 40 in March 2015 my doctor said wait until 50. Now I'm wondering: was that what the "
     "guidelines said at that point?", "2015-03-31"),
    # a preamble saying why it is asked ("for a lesson on how advice changes:") compares no times
    ("For a lesson on how health advice changes: what did the USPSTF recommend for women in their 40s back in 2012?",
     "2012-12-31"),
    # the year of an event is the time a question points back to ("at the time")
    ("My chart says I had my first mammogram in 2012 when I was 42. Was that what the guidelines recommended "
     "at the time?", "2012-12-31"),
    # a "when ..." clause right after the time dates it; its "changed" asks about no later time
    ("Back in 2009, when the task force changed its advice for women in their 40s, what did it say?", "2009-12-31"),
    # a day written out is that day, and "as of that date" points back to it
    ("Phone note logged 2023-11-02 09:10. 45F asks whether the task force says to start now. What was the advice "
     "as of that date?", "2023-11-02"),
    ("On 04/29/2024 what did the USPSTF recommend for a woman of 44?", "2024-04-29"),
    ("Call of 3-Feb-2024: what did ACOG say about the starting age?", "2024-02-03"),
    ("As of February 3rd, 2024, what was ACOG's starting age?", "2024-02-03"),
    # a version named by its year as the time asked about
    ("What exactly did the USPSTF recommend for women in their 40s in its 2009 update?", "2009-12-31"),
    ("What did the USPSTF recommend in its 2016 statement?", "2016-12-31"),
])
def test_times_a_question_states(question, date):
    assert stated(question) == (dt.date.fromisoformat(date) if date else None)


@pytest.mark.parametrize("question", [
    "My mother was diagnosed in 2018; when should I start?",       # an event of someone's history
    "She had a mammogram in 2019, is she due now?",
    "Incidence rose about 2% a year from 2015 to 2019. Why did they change?",
    "When should screening start?",
    "What did USPSTF say in 2016, and how is the 2024 statement different?",  # then and now
    "In 2016 the advice was C; what is it now?",
    "My last mammogram was in 2018. What is advised now?",   # a bare year with no pointing back
    "My sister is BRCA1 positive; I was tested for it in 2023 and I'm negative. When should I start?",  # a test's year
    "In 2016 the task force changed its advice. What has changed since?",  # a change since the time
    "My sister was diagnosed on 2019-05-02. When should I start?",  # the day of an event of her history
    # a time, then a question of its own about what changed since
    "What did the USPSTF recommend in 2016, and what changed in its 2024 update?",
])
def test_no_question_time(question):
    assert stated(question) is None


def test_a_time_followed_by_asking_whether_it_changed_afterward_is_a_comparison():
    # "as of X, and whether that changed afterward": a later time is asked about too
    assert stated("What did the USPSTF advise as of June 2019, and has that been revised since?") is None
    assert stated("Tell me ACS's starting age as of 2021 and whether that position changed later.") is None
    # the counterpart: a change the stated time dates is no later time
    assert stated("Back in 2009 the task force changed its advice; what did it say?") == dt.date(2009, 12, 31)


def test_the_earliest_stated_time_wins_and_two_years_are_a_comparison():
    assert stated("as of early 2019, or mid-2019 at the latest, what was advised?") == dt.date(2019, 3, 31)
    assert stated("back in 2019, or in mid-2018, what was advised?") is None  # two different years: then and then


# The stated time in a decision: an organization absent at that date, a date before every source

def test_an_organization_with_no_source_yet_at_the_stated_time_is_the_whole_question(engine, settings):
    decision = engine.ask("What did ACOG recommend about mammography back in mid-2016?", settings)
    assert decision.reference_date_source == "question" and decision.reference_date_phrase == "back in mid-2016"
    assert decision.organizations_absent == ("ACOG",)  # its first source came out in 2017
    assert decision.abstain and "ACOG" in decision.abstain_reason and "2016-06-30" in decision.abstain_reason


def test_an_organization_with_no_source_yet_beside_others_is_noted(engine, settings):
    decision = engine.ask("Back in mid-2016, what did ACOG and the American Cancer Society say about when to "
                          "start mammograms?", settings)
    assert not decision.abstain and decision.organizations_absent == ("ACOG",)
    assert any("No source from ACOG" in note and "2016-06-30" in note for note in decision.notes)
    assert {r.document_id for r in decision.results} <= {"acs-2015", "uspstf-2016"}  # only what existed then


def test_a_stated_time_before_every_source_abstains_and_names_the_earliest(engine, settings):
    decision = engine.ask("What did the task force say about screening mammograms back in 2005?", settings)
    assert decision.abstain and decision.reference_date_phrase == "back in 2005"
    assert "2005-12-31" in decision.abstain_reason and "2015-10-20" in decision.abstain_reason


def test_a_year_ending_a_state_of_her_history_is_not_the_questions_time(engine, settings):
    decision = engine.ask("I'm 41. I breastfed my youngest until 2021 but that's long done. The letter says I have "
                          "dense breasts. Should I get an MRI or ultrasound too?", settings)
    assert decision.reference_date_source == "pinned" and not decision.abstain


def test_organizations_compared_at_a_stated_time_keep_that_time(engine, settings):
    decision = engine.ask("As of 2019, how did the USPSTF and ACOG differ on mammograms for women in their 40s?",
                          settings)
    assert decision.settings.reference_date.isoformat() == "2019-12-31"
    # one organization compared with itself still compares then and now
    assert engine.ask("In 2016, what did USPSTF say and how does it differ?", settings).reference_date_phrase is None


def test_a_change_the_stated_time_dates_is_no_comparison_with_now():
    # "back in 2012 the task force changed ...": the change happened then; the question asks about then
    assert stated("A neighbor says back in 2012 the task force changed everyone to every other year. "
                  "What did it advise then?") == dt.date(2012, 12, 31)


def test_a_date_in_brackets_labels_a_version_and_dates_no_question():
    question = ("Both the task force (April 2024) and ACOG (October 2024) moved the start to 40. What reasons did "
                "each give?")
    assert stated(question) is None
    # the counterpart: a date in brackets that is the question's own time ("as of (...)") still dates it
    assert stated("What did the guidelines say as of (June 2019)?") == dt.date(2019, 6, 30)


def test_the_present_asked_in_a_clause_of_its_own_is_a_comparison_across_time():
    # ... and asked as the case put to it now ("and what would ORG say for the same patient now?")
    assert stated("Chart review: seen in 2019, offered a mammogram at 41. Was that what ACOG advised at that time? "
                  "And what would ACOG say for the same patient now?") is None
    # "at that time" points back to the year told; "what is it now" still asks the present
    assert stated("Back in 2019 our clinic followed the task force. What was its position for women in their "
                  "40s at that time, what is it now?") is None
    # the counterpart: pointed back to, with no present asked, the year told is the question's time
    assert stated("Back in 2019 our clinic followed the task force. What was its position for women in their "
                  "40s at that time?") == dt.date(2019, 12, 31)


def test_a_time_in_a_bilingual_question_and_a_later_update_that_bounds_it(engine):
    # the lead of a Spanish sentence ("en 2013") states a time as "in 2013" does (the vocabulary writes it so)
    assert engine.stated_time("Una paciente pregunta qué decían las guías en 2013?").date == dt.date(2013, 12, 31)
    assert engine.stated_time("En 2018, que disait l'USPSTF sur la tomosynthèse? Y ahora?") is None
    # ... and a note's "in '16" is 2016
    assert engine.stated_time("What did the task force say in '16?").date == dt.date(2016, 12, 31)
    # "back in 2020 ... before the October 2024 update": the update bounds the time asked, it asks no later one
    assert stated("Her old OB told her back in 2020 to start by 50. Was that ACOG's stance before the Oct 2024 "
                  "update?") == dt.date(2020, 12, 31)
    # the counterpart: a later time asked in words of its own ("what is it now?") keeps the present
    assert stated("Her old OB told her back in 2020 to start by 50. What is it now?") is None


def test_a_stated_time_says_whether_it_is_the_answers_standpoint():
    def standpoint(question: str) -> bool:
        found = question_time(question, CORPUS.sources, NAMES)
        return found is not None and found.standpoint

    # where the answer stands: "as of" a time, a note's own day
    assert standpoint("As of June 2020, what did the guidance say?")
    assert standpoint("Discharge summary generated 2020-06-01: what applied?")
    assert standpoint("Letter of March 3, 2021: what was advised?")
    # a past time asked about from now
    assert not standpoint("What did the USPSTF recommend in 2016?")
    assert not standpoint("Back in mid-2020, what did they say?")


def test_the_present_of_a_message_dated_on_a_day_is_that_day():
    # "an email dated 2024-06-15: what do they currently say?": the writer's now is the day written
    question = ("Email from our primary-care QI lead, dated 2024-06-15: now that the new USPSTF recommendation is "
                "out, what do the USPSTF and ACOG currently say about when to start?")
    assert stated(question) == dt.date(2024, 6, 15)
    assert stated("Note written 2024-06-15: what does ACOG currently say?") == dt.date(2024, 6, 15)
    # the counterparts: a later year named, or a present asked beside a day that is no message's own
    assert stated("Memo dated 2019-03-01: what did ACOG say then and what does it say in 2025?") is None
    assert stated("As of 2019-03-01 what was the advice, and what is it now?") is None
    # a document kept "current as of" a day: that day is its present, a change it asks about came before it
    assert stated("Briefing current as of June 1, 2024: at what age do ORG-A and ACOG say screening should start, "
                  "and how did the ACR react to the USPSTF change?") == dt.date(2024, 6, 1)
    assert stated("Handout up to date as of March 2021: when to start, and what changed?") == dt.date(2021, 3, 31)
    assert stated("Handout current as of March 2021; has it changed since 2023?") is None


def test_a_revision_of_the_askers_document_and_a_generation_that_came_out_later_are_no_later_time():
    # "our protocol was last revised in March 2020": the revision is dated, it asks of no later time
    assert stated("Our jail screening protocol was last revised in March 2020 and it says mammograms start at 50. "
                  "As of March 2020, what did USPSTF and ACOG actually say about starting age?") == dt.date(2020, 3, 31)
    # "in 2012, before the current generation of guidelines came out": a bound, not the present
    assert stated("What did screening recommendations for women in their 40s say in 2012, before the current "
                  "generation of guidelines came out?") == dt.date(2012, 12, 31)
    # the counterpart: the present asked in words of its own
    assert stated("Our protocol was revised in 2019. What do the guidelines say now?") is None
