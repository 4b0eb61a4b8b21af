"""An ask that points back to what the question told ("... pushed back when the task force changed its advice.
What did they actually say about it?"), the two sides of an update asked as "before ... versus after it", and
"am I not 'average risk' under ORG's guideline?" as who the advice applies to. Each with a counterpart."""

import pytest


@pytest.mark.parametrize("question, asked, not_asked", [
    ("She read that the radiologists' group pushed back when the task force changed its advice in 2024. What did "
     "they actually say about it, and do they admit all the different advice is confusing?",
     {"response", "conflicting_advice"}, set()),
    ("She read that the radiologists' group pushed back when the task force changed its advice in 2024. Do they "
     "admit all the different advice is confusing?", {"conflicting_advice"}, {"response"}),
    ("How did ACOG's position on when to begin screening differ before its October 2024 interim update versus "
     "after it?", {"start_age", "what_changed"}, set()),
    ("my aunt had breast cancer in her 60s. does that mean im not 'average risk' under the american cancer "
     "society guideline?", {"applies_to"}, {"start_age", "interval"}),
])
def test_asks_that_point_back_and_compare(engine, settings, question, asked, not_asked):
    aspects = set(engine.ask(question, settings).aspects)
    assert asked <= aspects
    assert not (not_asked & aspects)


def test_before_and_after_an_update_brings_the_replaced_version(engine, settings):
    decision = engine.ask("How did ACOG's position on when to begin screening mammography differ before its "
                          "October 2024 interim update versus after it?", settings)
    chunks = {c for ids in decision.answer_chunks.values() for c in ids}
    assert {"acog-2017#starting-age", "acog-2024#starting-age"} <= chunks
