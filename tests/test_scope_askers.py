"""Who asks is not what is asked: the asker's own history when the question is asked for someone else, a
billing word naming the one who asks ("the insurance rep wants to know if ..."), a concept named as the rule
asked about ("the 'chest radiation' thing that excludes you"), and a test result told in a clause of its own
after a comma ("did the BRCA test last year, report came negative"). Each with a counterpart that still fires."""

import pytest

from review_app.engine.scope import load_scope

from .conftest import CORPUS_DIR

GUARD = load_scope(CORPUS_DIR)


@pytest.mark.parametrize("question, flags", [
    ("She did BRCA gene test last year, report came negative, no breast complain at all. Every year?", set()),
    ("She had BRCA testing last year, results positive. Should she get a mammogram every year?",
     {"known_high_risk_genetics"}),
    ("I take radiographs on dogs every day. Does that count as the 'chest radiation' thing that excludes you from "
     "the USPSTF recommendation?", set()),
    ("She had chest radiation for lymphoma at 19. When should she start?", {"prior_chest_radiation"}),
])
def test_a_result_after_a_comma_and_a_named_rule(question, flags):
    assert set(GUARD.check(question)) == flags


def test_the_askers_own_history_is_a_relatives_when_asking_for_someone_else(engine, settings):
    question = ("I was diagnosed with breast cancer at 49 (finished treatment in 2021, doing well). My question is "
                "about my daughter, who is 36 and has no symptoms. At what age should she start mammograms?")
    decision = engine.ask(question, settings)
    assert not decision.abstain
    assert {"flag": "personal_history_breast_cancer", "concept": "diagnosed with breast cancer",
            "context": "the asker, not the patient"} in [dict(f) for f in decision.scope_findings]


def test_the_askers_own_history_still_counts_when_she_asks_for_herself(engine, settings):
    decision = engine.ask("I was diagnosed with breast cancer at 49. At what age should I have mammograms now?",
                          settings)
    assert decision.abstain


@pytest.mark.parametrize("question, topic", [
    ("Insurance rep wants to know if USPSTF counts 3D as an acceptable screening mammogram. Does it?", None),
    ("The billing office asked whether ACS still says yearly at 50?", None),
    # the counterparts: what a plan covers, asked; a price asked for the one who asks
    ("Does my insurance cover 3D mammograms every year?", "insurance and billing"),
    ("The insurance company wants to know how much a mammogram costs. Does USPSTF say?", "insurance and billing"),
])
def test_a_billing_word_naming_who_asks(question, topic):
    assert GUARD.other_topic(question) == topic
