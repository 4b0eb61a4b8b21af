"""A text recorded on a day ("a voice note recorded in March 2019", "a podcast episode recorded in September 2023")
speaks from that day; the choice made "with your doctor" is shared decision-making; "changed course" tells a change;
"stop short of recommending X" does not recommend X (no stopping of screening); "does not recommend X, but it also
does not say not to do it" is neither for nor against; an item of a list the claim's verb leaves out ("excludes A, B,
and women with dense breasts") is left out too (not one said to be absent from it); an organization named as what
another responded to ("responded to the April 2024 ORG-B recommendation by urging annual rather than biennial") is not
the one the interval is given to, and a version named by its month and year with a word between is no date; "you
should stop ... because you are over 75" against an I statement misstates it.
In questions: "a young mother in our congregation" is a mother described, the person asked about; a medicine taken
long-term asked about as lowering or raising the risk ("does long-term metformin lower breast cancer risk?"), and an
exposure at work told in a bilingual worker's words ("the pesticidas ... give the breast cancer"), are topics no card
covers; "when should he be getting screened?" asks when to start; "in 2016 ... Is that still its position?" checks the
past beside the present. Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from review_app.engine.dates import question_time

from .chunks import (
    ACOG_DENSE,
    ACOG_INTERVAL,
    ACR_RESPONSE_ANNUAL,
    USPSTF_75,
    USPSTF_2016_DBT,
    USPSTF_2016_DENSE,
    USPSTF_CHANGES,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
)
from .conftest import answered_chunks, judge

BEFORE_2024 = dt.date(2020, 1, 1)


def test_a_text_recorded_on_a_day_speaks_from_it(engine):
    def standpoint(question):
        organizations = {o.lower(): o for o in engine.corpus.organizations}
        return question_time(engine.vocabulary.normalize(question), engine.corpus.sources, organizations)
    told = standpoint("Transcribed voice note to my sister, recorded in March 2019: 'I just turned 42. Here is what "
                      "my OB said about mammograms as of now.'")
    assert told is not None and told.date == dt.date(2019, 3, 31) and told.standpoint
    told = standpoint("Show notes for a CME podcast episode recorded in September 2023: as of then, how did USPSTF, "
                      "ACS, ACOG and ACR differ on when to start screening mammography?")
    assert told is not None and told.date == dt.date(2023, 9, 30)
    # ... a later time asked of after it keeps the present
    assert standpoint("A podcast recorded in 2019: what does ACOG say now, in 2026?") is None


@pytest.mark.parametrize("claim, chunk, date, label", [
    # the choice made with the doctor
    ("The OB college says once a year or every two years, and you pick with your doctor.", ACOG_INTERVAL, None,
     ("supports", None)),
    ("ACOG says once a year or every two years, and you pick on your own.", ACOG_INTERVAL, None,
     ("partially_supports", "missing_fact")),
    # a change told in other words
    ("The Task Force changed course partly because breast cancer cases in women in their 40s were rising about 2% a "
     "year from 2015 to 2019.", USPSTF_CHANGES, None, ("supports", None)),
    # stopping short of recommending is not recommending
    ("ACOG stops short of recommending routine supplemental imaging for dense breasts.", ACOG_DENSE, None,
     ("supports", None)),
    ("ACOG recommends routine supplemental imaging for dense breasts.", ACOG_DENSE, None,
     ("contradicts", "misstated_strength")),
    # neither for nor against, told as not saying not to
    ("For dense breast after negative mammography, the Task Force does not recommend additional ultrasound or MRI, "
     "but it also does not say not to do it: evidence is insufficient.", USPSTF_2016_DENSE, BEFORE_2024,
     ("supports", None)),
    ("The Task Force does not recommend additional ultrasound or MRI for dense breasts.", USPSTF_2016_DENSE,
     BEFORE_2024, ("contradicts", "misstated_strength")),
    # an item of the list the claim's verb leaves out; a relative given as the reason
    ("The Task Force recommendation excludes people with BRCA mutations, people who had high-dose chest radiation "
     "when young, and women with dense breasts.", USPSTF_POPULATION, None, ("contradicts", "missing_fact")),
    ("The USPSTF excludes BRCA carriers but covers women with dense breasts.", USPSTF_POPULATION, None,
     ("partially_supports", "missing_fact")),
    ("The USPSTF's list of who is left out covers high-risk genetic markers such as BRCA1 or BRCA2 and a previous "
     "breast cancer; dense breasts are not on it.", USPSTF_POPULATION, None, ("partially_supports", "missing_fact")),
    # the organization responded to is no speaker; its version named by month and year is no date
    ("ACR responded to the April 2024 USPSTF recommendation by urging annual rather than biennial screening from 40.",
     ACR_RESPONSE_ANNUAL, None, ("supports", None)),
    ("The ACR praised the USPSTF for adopting annual screening.", ACR_RESPONSE_ANNUAL, None,
     ("contradicts", "missing_fact")),
    ("In March 2024 the ACR urged annual screening from 40.", ACR_RESPONSE_ANNUAL, None,
     ("contradicts", "missing_fact")),
    # a recommendation against, told as what the patient should do, on an I statement's topic
    ("Per USPSTF, you should stop having screening mammograms because you are over 75.", USPSTF_75, None,
     ("contradicts", "misstated_strength")),
])
def test_claims_read_by_who_decides_what_is_listed_and_who_speaks(verifier, claim, chunk, date, label):
    assert judge(verifier, claim, chunk, date or dt.date(2026, 6, 24)) == label


def test_a_mother_described_is_the_person_asked_about(engine, settings):
    decision = engine.ask("Parish nurse again. A young mother in our congregation, 41, is still nursing her "
                          "7-month-old and asked whether she should go ahead and schedule her first screening "
                          "mammogram now or wait. What is the guidance for her?", settings)
    assert decision.abstain and "pregnancy_or_lactation" in decision.scope_flags
    # ... the asker's own mother is someone else
    decision = engine.ask("My mother is still nursing my baby brother... I'm 41, when should I start mammograms?",
                          settings)
    assert not decision.abstain


@pytest.mark.parametrize("question", [
    "Endo here, side question during a T2DM visit: does long-term metformin lower breast cancer risk enough that "
    "screening mammography could start later in my diabetic women?",
    "One señora say me the pesticidas in the fields give the breast cancer. Is true? Is there a recomendacion to "
    "begin the mamografia more early for the workers with pesticide exposure?",
])
def test_a_medicine_or_an_exposure_asked_about_is_no_topic_of_the_cards(engine, settings, question):
    decision = engine.ask(question, settings)
    assert decision.abstain and not decision.scope_flags


@pytest.mark.parametrize("question", [
    "She has had daily migraines for years. When should she start mammograms?",
    "She works on a farm. When should she start mammograms?",
])
def test_an_illness_or_a_job_told_in_passing_counts_against_nothing(engine, settings, question):
    assert not engine.ask(question, settings).abstain


def test_when_he_should_be_screened_asks_when_to_start(engine, settings):
    decision = engine.ask("My grandson is 41 and is a trans man (assigned female at birth), no surgery, no symptoms, "
                          "never had a mammogram. Does the USPSTF breast screening recommendation cover him, and when "
                          "should he be getting screened?", settings)
    assert {"start_age", "gender_identity"} <= set(decision.aspects)
    decision = engine.ask("41 y/o trans male, AFAB, avg risk. Does USPSTF mammo rec apply? If so, freq?", settings)
    assert "interval" in decision.aspects
    assert "interval" not in engine.ask("41 y/o trans male, AFAB, avg risk. Does USPSTF mammo rec apply?",
                                        settings).aspects


def test_a_past_position_checked_against_today(engine, settings):
    def chunks(question):
        return answered_chunks(engine, settings, question)
    both = chunks("I remember reading that in 2016 the USPSTF said there wasn't enough evidence on DBT. Is that still "
                  "the task force's position, or is 3D considered a fine screening test now?")
    assert {USPSTF_2016_DBT, USPSTF_MODALITY} <= both
    then = chunks("I remember reading that in 2016 the USPSTF said there wasn't enough evidence on DBT. Was that what "
                  "they said then?")
    assert USPSTF_MODALITY not in then
