"""The application layer under concurrency and with hostile text."""

import threading

import pytest

from review_app.engine.pipeline import QuestionError
from review_app.review import usecases

from .test_export import NEW_CASE


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
