import dataclasses

import pytest

from review_app.review.service import ReviewService
from review_app.review.store import Judgment, StoreError


def test_case_view_pairs_gold_with_live_retrieval(service):
    view = service.view("canonical", "canonical-001", "dr-a")
    assert view.result.recall_at_k == 1.0 and view.missing_gold == []
    assert len(view.rows) == sum(len(c.evidence) for c in view.case.claims)
    row = view.rows[3]  # the false-consensus trap, ACR citation
    assert row.gold_label == "partially_supports" and row.suggestion_label == "partially_supports"
    assert "acr-current#starting-age-and-interval" in row.key and row.chunk_text.startswith("The ACR")
    assert row.my_label is None


def test_saving_needs_a_reviewer(service):
    with pytest.raises(StoreError, match="read-only demo"):
        service.save("canonical", "canonical-001", "c1", "uspstf-2024#recommendation", "", "supports", None, "")


def test_a_saved_judgment_reads_back_and_counts_in_progress(service):
    assert service.progress("canonical", "dr-a")[0] == 0
    saved = service.save("canonical", "canonical-001", "c1", "uspstf-2024#recommendation", "dr-a", "supports", None, "")
    row = service.view("canonical", "canonical-001", "dr-a").rows[0]
    assert (row.my_label, row.saved_at) == ("supports", saved.created_at)
    mine, total, anyone = service.progress("canonical", "dr-a")
    assert (mine, anyone) == (1, 1) and total >= 45
    assert service.progress("canonical", "dr-b")[0] == 0


def test_overriding_gold_needs_a_rationale(service):
    args = ("canonical", "canonical-001", "c1", "uspstf-2024#recommendation", "dr-a", "partially_supports",
            "missing_fact")
    with pytest.raises(StoreError, match="rationale"):
        service.save(*args, "")
    assert service.save(*args, "the card omits the grade").label == "partially_supports"


def test_accepting_a_suggestion_records_its_source(service):
    saved = service.accept_suggestion("canonical", "canonical-002", "c1", "uspstf-2024#age-75-and-older", "dr-a")
    assert (saved.label, saved.reason, saved.source) == ("contradicts", "misstated_strength", "auto")
    assert saved.rationale  # the verifier's explanation


def test_judgments_on_an_older_text_are_stale(service):
    chunk = "uspstf-2024#recommendation"
    service.store.record_judgment(Judgment("canonical-001", "c1", chunk, "dr-a", "supports", None, "", "human",
                                           "an-older-hash", "v0", "old text"))
    assert service.view("canonical", "canonical-001", "dr-a").rows[0].stale
    assert "canonical-001" in service.filtered("canonical", "not yet reviewed by me", "dr-a")


def test_filters(service, engine, settings):
    assert service.filtered("canonical", "verifier disagrees with gold", "dr-a") == []
    assert service.filtered("canonical", "retrieval missed a gold source", None) == []
    narrow = ReviewService(engine, service.store, service.labels_dir, dataclasses.replace(settings, top_k=1))
    assert "canonical-001" in narrow.filtered("canonical", "retrieval missed a gold source", None)
    assert len(service.filtered("canonical", "all cases", None)) == len(service.cases("canonical"))


def test_reviewers_can_add_claims(service):
    added = service.add_claim("holdout", "holdout-003", "In 2016 USPSTF called screening in the 40s an individual "
                              "decision.", ["uspstf-2016#ages-40-to-49"], "dr-a")
    rows = service.view("holdout", "holdout-003", "dr-a").rows
    assert [(r.claim_id, r.added_by, r.gold_label) for r in rows] == [(added.claim_id, "dr-a", None)]
    assert rows[0].suggestion_label == "supports"
    with pytest.raises(StoreError, match="not chunks of the corpus"):
        service.add_claim("holdout", "holdout-003", "x", ["nowhere#at-all"], "dr-a")


def test_whole_slice_views_read_one_snapshot_on_one_connection(service, monkeypatch):
    """Progress and the queues visit every case of a slice: on one connection, not one per query
    (a save used to open over a hundred)."""
    view = service.view("canonical", "canonical-001", "nurse-t")
    service.save("canonical", "canonical-001", view.rows[0].claim_id, view.rows[0].chunk_id, "nurse-t",
                 view.rows[0].gold_label, view.rows[0].gold_reason, "")
    opened = []
    connect = service.store._connect

    def counting():
        opened.append(1)
        return connect()

    monkeypatch.setattr(service.store, "_connect", counting)
    mine, total, anyone = service.progress("canonical", "nurse-t")
    assert (mine, anyone) == (1, 1) and total > 20 and len(opened) <= 2
    opened.clear()
    queues = service.queues("canonical", "nurse-t")
    assert queues["submitted by me"] and len(opened) <= 6  # the re-review queue reads a few tables first


def test_progress_and_queues_after_every_kind_of_write_match_a_fresh_service(engine, settings, tmp_path):
    """Progress and the per-reviewer queues reuse a case's rows until what they are read from changes:
    after each write, by this service or by another process's on the same file, they equal what a
    service with nothing remembered computes."""
    from review_app.review.store import ReviewStore

    from .conftest import LABELS_DIR

    db = tmp_path / "review.sqlite"
    long_lived = ReviewService(engine, ReviewStore(db), LABELS_DIR, settings)
    elsewhere = ReviewService(engine, ReviewStore(db), LABELS_DIR, settings)  # e.g. the command line
    reviewers = ("dr-a", "dr-b", "nurse-t")
    row = ("canonical", "canonical-001", "c1", "uspstf-2024#recommendation")
    other = ("canonical", "canonical-002", *next((c.id, c.evidence[0].chunk_id) for c in
                                                  long_lived.case("canonical", "canonical-002").claims))

    def same() -> None:
        fresh = ReviewService(engine, ReviewStore(db), LABELS_DIR, settings)
        for name in reviewers:
            assert long_lived.progress("canonical", name) == fresh.progress("canonical", name)
            assert long_lived.queues("canonical", name) == fresh.queues("canonical", name)

    same()
    writes = [
        lambda: long_lived.save(*row, "dr-a", "supports", None, "", submit=False),
        lambda: long_lived.save(*row, "dr-a", "supports", None, ""),
        lambda: elsewhere.save(*row, "dr-b", "contradicts", "other", "the card says otherwise"),
        lambda: elsewhere.save(*other, "nurse-t", "supports", None, "read it again", submit=False),
        lambda: long_lived.undo("dr-a"),
        lambda: elsewhere.undo("nurse-t"),
        lambda: long_lived.add_claim("canonical", "canonical-001", "A claim added in review.", [row[3]], "dr-b"),
        lambda: long_lived.save("canonical", "canonical-001", "r1", row[3], "dr-a", "supports", None, ""),
        lambda: elsewhere.adjudicate(*row, "dr-c", "supports", None, "the recommendation says so"),
    ]
    before = long_lived.progress("canonical", "dr-a")
    for write in writes:
        write()
        same()
    assert long_lived.progress("canonical", "dr-a") != before  # the writes did show


def test_the_rereview_queue_reads_only_judgments_made_on_another_version(source_update):
    """Judgments made on the current corpus version are never queued, so the queue leaves them
    unread; it equals the queue computed from every current judgment."""
    from review_app.evaluation.labels import SLICES
    from review_app.review.versions import review_queue

    _, v2 = source_update
    v2.save("canonical", "canonical-013", "c1", "acs-2015#age-55-and-older", "dr-b", "supports", None, "")
    v2.save("canonical", "canonical-001", "c1", "uspstf-2024#recommendation", "dr-a", "supports", None, "")
    cases = {name: v2.cases(name) for name in SLICES}
    slice_of = {case.id: name for name, found in cases.items() for case in found}
    everything = review_queue(v2.store, v2.engine.corpus, cases,
                              [(slice_of[j.case_id], j) for j in v2.store.judgments()])
    queue = v2.rereview_queue()
    assert queue == everything and any(i.kind == "judgment" for i in queue.items)
    assert not any(i.kind == "judgment" and i.reviewer == "dr-b" for i in queue.items)  # made on the new text
