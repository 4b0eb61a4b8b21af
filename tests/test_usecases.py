"""The application layer under concurrency and with hostile text."""

import threading

import pytest

from review_app.claims.generation import review_draft
from review_app.claims.verifier import Verifier
from review_app.engine.pipeline import QuestionError
from review_app.review import usecases

from .openai_standin import StandIn, claims_reply
from .test_export import NEW_CASE
from .test_generation import COMPARISON, OFF_TOPIC, generator_for


def test_drafts_saved_at_once_through_the_use_case_never_share_an_id(service):
    barrier, saved, errors = threading.Barrier(8), [], []

    def save(n):
        barrier.wait()
        try:
            saved.append(usecases.save_draft(service, None, {**NEW_CASE, "question": f"Question {n} about MRI?"},
                                             f"dr-{n}", approve=False))
        except Exception as exc:  # collected, asserted below
            errors.append(exc)

    threads = [threading.Thread(target=save, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    drafts = service.store.drafts()
    assert len(drafts) == 8 and len({d.draft_id for d in saved}) == 8
    assert all(d.version == 1 for d in drafts)  # nobody's draft became another's second version
    assert {d.case["question"] for d in drafts} == {f"Question {n} about MRI?" for n in range(8)}


def test_a_question_with_a_lone_surrogate_is_a_clear_error(engine, settings):
    with pytest.raises(QuestionError, match="lone surrogate"):
        usecases.ask(engine, "When should screening start \ud800?", settings)


def test_generate_gates_the_model_answer_and_drafts_its_claims_for_review(engine, settings):
    reply = claims_reply(("USPSTF recommends biennial screening mammography for women aged 40 to 74.",
                          ["uspstf-2024#recommendation"]))
    with StandIn(lambda body: reply) as standin:
        generator = generator_for(engine, Verifier(engine), standin)
        generated = usecases.generate(engine, generator, COMPARISON, settings)
        abstained = usecases.generate(engine, generator, OFF_TOPIC, settings)
    assert generated.answer.state == "answered" and [v.claim_id for v in generated.answer.findings] == ["g1"]
    assert generated.draft == review_draft(engine.ask(COMPARISON, settings), generated.answer)
    assert abstained.answer.state == "abstained" and abstained.draft is None  # no claims: nothing to send
    assert len(standin.requests) == 1  # the model is never asked when the decision abstains


def test_preview_is_the_decision_a_draft_question_gets_now(engine, settings):
    decision = usecases.preview(engine, COMPARISON, settings)
    assert decision.question == COMPARISON and not decision.abstain and decision.results
    assert usecases.preview(engine, OFF_TOPIC, settings).abstain
