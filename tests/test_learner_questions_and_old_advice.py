"""Questions: a man asked about in the order of a statement ("He need to make mammography screening?") is a man
asked about; "giving breast to the baby" now is breastfeeding; a learner's "It is true?" checks what the sentence
before it told; "what was the old advice and what is it now?" asks the replaced version's own words beside the
change; "keeping an eye on your own breasts" is self-awareness and "a plain-English page" asks for the patient
page; "Groomer, 52." and "about woman of 52 years" state her age; "how many times she should do it" asks how often;
"was that right then, and where does it stand now?" compares the versions; "is that really in ORG's statement, and
what did they want done about it?" asks about the quote it checks; a lump on a dog is the dog's; "it used to say
X. what changed, and why?" asks the old version's own words; "a small ball inside my breast" is a finding. Each with
a counterpart that keeps its reading."""

import pytest

from .chunks import (
    ACOG_2017_START,
    ACOG_FAQ_SELF_AWARENESS,
    ACOG_START,
    ACR_CONFLICTING,
    ACR_RISK,
    USPSTF_2016_40_49,
    USPSTF_2016_DBT,
    USPSTF_CHANGES,
    USPSTF_MODALITY,
)
from .conftest import answered_chunks


@pytest.mark.parametrize(("flag", "asked", "kept"), [
    # a man asked about in the order of a statement (not a man whose own care is told)
    ("male_screening",
     "My brother have 48 years and our mother had breast cancer. He should do mammogram screening now?",
     "My brother had breast cancer. He has to have surgery next month. Should I get screened now?"),
    # giving breast to the baby now (not years ago)
    ("pregnancy_or_lactation",
     "My sister is still giving breast to her son, he is 8 months. She is 43. Can she have the mammogram?",
     "I gave breast to my son until he was two, that was 10 years ago. I am 44. When do I start?"),
])
def test_a_state_told_in_a_learners_words_sets_the_question_aside(engine, settings, flag, asked, kept):
    decision = engine.ask(asked, settings)
    assert flag in decision.scope_flags and decision.abstain
    assert flag not in engine.ask(kept, settings).scope_flags


def test_a_learners_it_is_true_checks_what_was_told(engine, settings):
    question = "My friend say the ACR want every woman to have a risk check by 25. It is true? Why they want it so " \
               "young?"
    asked = engine.ask(question, settings)
    assert "risk_assessment" in asked.aspects
    assert ACR_RISK in answered_chunks(engine, settings, question)
    # (a question with no check asks only what it asks)
    assert "risk_assessment" not in engine.ask("My niece is 33. Why does the ACR want yearly mammograms from 40?",
                                               settings).aspects


def test_the_old_advice_asked_beside_the_change(engine, settings):
    question = "My sister heard ACOG changed the age to begin mammograms. What was the old advice, and what is it now?"
    assert {ACOG_2017_START, ACOG_START} <= answered_chunks(engine, settings, question)
    assert "what_changed" in engine.ask(question, settings).aspects
    # (the new rule told as the present asks no change)
    told = engine.ask("my doctor says every year but my friend says the new rule is every 2 yrs. who is right?",
                      settings)
    assert "what_changed" not in told.aspects


def test_watching_her_own_breasts_is_self_awareness_on_the_patient_page(engine, settings):
    question = "Does ACOG have a plain-English page about keeping an eye on your own breasts?"
    assert engine.ask(question, settings).aspects == ("self_awareness",)
    assert answered_chunks(engine, settings, question) == {ACOG_FAQ_SELF_AWARENESS}
    assert "self_awareness" not in engine.ask("Does ACOG keep an eye on new evidence about when to start?",
                                              settings).aspects


def test_an_age_after_her_trade_or_after_woman_of(engine, settings):
    trade = engine.ask("Pastry chef, 52. My aunt had breast cancer at 70. How often does ACS want me screened?",
                       settings)
    assert trade.patient["ages"] == [[52, 52]]
    learner = engine.ask("What the ACS was telling about woman of 52 years, how often the mammogram?", settings)
    assert learner.patient["ages"] == [[52, 52]]
    # (every woman of an age is no one's age)
    assert engine.ask("Should every woman of 45 have yearly mammograms under the ACS?", settings).patient["ages"] == []


def test_how_many_times_asks_how_often(engine, settings):
    asked = engine.ask("My mother is 50. How many times she should do mammogram under the ACS?", settings)
    assert asked.aspects == ("interval",)
    counted = engine.ask("I'm 50. How many times have I needed a mammogram under the ACS so far? When do I start?",
                         settings)
    assert "interval" not in counted.aspects


def test_right_then_and_where_it_stands_now_compares_the_versions(engine, settings):
    question = "In 2019 my nurse said the task force had no verdict on 3D mammograms. Was that right then, and " \
               "what does the USPSTF say about tomosynthesis now?"
    assert "what_changed" in engine.ask(question, settings).aspects
    assert {USPSTF_2016_DBT, USPSTF_MODALITY} <= answered_chunks(engine, settings, question)
    assert "what_changed" not in engine.ask("What does the USPSTF say about tomosynthesis now?", settings).aspects


def test_a_quote_checked_in_a_clause_of_its_own_is_asked(engine, settings):
    question = "A friend quoted the ACR saying 'differing recommendations confuse patients.' Is that really in the " \
               "ACR statement, and what did they want done about it?"
    assert "conflicting_advice" in engine.ask(question, settings).aspects
    assert ACR_CONFLICTING in answered_chunks(engine, settings, question)


def test_a_lump_on_an_animal_is_the_animals(engine, settings):
    dog = engine.ask("I groom dogs and on a dog I can feel every little lump. I'm 46. How often does ACOG say I "
                     "should have a mammogram?", settings)
    assert "diagnostic_symptoms" not in dog.scope_flags and not dog.abstain
    mine = engine.ask("I groom dogs and I can feel a little lump in my left breast. I'm 46. How often does ACOG say "
                      "I should have a mammogram?", settings)
    assert "diagnostic_symptoms" in mine.scope_flags


def test_what_changed_and_why_after_the_old_advice_told_asks_its_versions(engine, settings):
    question = "The task force used to say mammograms in your 40s were your own call. What changed, and why?"
    asked = engine.ask(question, settings)
    assert {"start_age", "what_changed", "reasons"} <= set(asked.aspects)
    assert USPSTF_2016_40_49 in answered_chunks(engine, settings, question)
    # (asked with no old advice told, the change statement answers alone)
    plain = "What changed in the USPSTF mammogram advice between 2016 and 2024, and why?"
    assert answered_chunks(engine, settings, plain) == {USPSTF_CHANGES}


def test_a_lump_felt_inside_the_breast_is_a_finding(engine, settings):
    felt = engine.ask("Since a week I feel a small ball inside my right breast. I am 47. Screening mammogram is ok?",
                      settings)
    assert "diagnostic_symptoms" in felt.scope_flags and felt.abstain
    denied = engine.ask("I don't feel any ball inside my breast, everything normal. I am 44. When do I start "
                        "mammograms?", settings)
    assert "diagnostic_symptoms" not in denied.scope_flags and not denied.abstain
