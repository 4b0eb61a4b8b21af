import sqlite3
import threading

import pytest

from review_app.review.store import Judgment, ReviewStore, StoreError, validate_judgment


@pytest.fixture
def store(tmp_path):
    return ReviewStore(tmp_path / "review.sqlite")


def judgment(**changes):
    values = dict(case_id="canonical-001", claim_id="c1", chunk_id="uspstf-2024#recommendation", reviewer="dr-a",
                  label="supports", reason=None, rationale="", source="human", chunk_hash="abc", corpus_version="v1",
                  claim_text="USPSTF recommends biennial screening.")
    values.update(changes)
    return Judgment(**values)


def test_judgments_are_appended_and_the_latest_is_current(store):
    first = store.record_judgment(judgment())
    second = store.record_judgment(judgment(label="partially_supports", reason="missing_fact"))
    assert second.id > first.id and second.created_at >= first.created_at
    current = store.judgments()
    assert [j.label for j in current] == ["partially_supports"]
    assert [j.label for j in store.judgments(current_only=False)] == ["supports", "partially_supports"]


def test_each_reviewer_has_their_own_current_judgment(store):
    store.record_judgment(judgment())
    store.record_judgment(judgment(reviewer="dr-b", label="contradicts", reason="missing_fact", rationale="74 vs 75"))
    assert {(j.reviewer, j.label) for j in store.judgments()} == {("dr-a", "supports"), ("dr-b", "contradicts")}
    assert [j.label for j in store.judgments(reviewer="dr-b")] == ["contradicts"]


def test_everything_saved_survives_reopening(store, tmp_path):
    saved = store.record_judgment(judgment())
    store.save_draft("draft-001", {"question": "q?"}, "dr-a")
    reopened = ReviewStore(tmp_path / "review.sqlite")
    assert reopened.judgments() == [saved]
    assert reopened.draft("draft-001").case == {"question": "q?"}
    assert reopened.integrity_ok()


def test_write_ahead_logging_and_busy_timeout(store):
    connection = sqlite3.connect(store.path)
    assert connection.execute("pragma journal_mode").fetchone()[0] == "wal"
    connection.close()


@pytest.mark.parametrize("changes, words", [
    ({"reviewer": " "}, "reviewer name"),
    ({"label": "maybe"}, "choose a label"),
    ({"label": "contradicts", "reason": "missing_fact"}, "rationale"),
    ({"label": "does_not_support"}, "needs a reason"),
    ({"label": "supports", "reason": "other"}, "takes no reason"),
    ({"source": "robot"}, "source"),
])
def test_invalid_judgments_are_refused_and_nothing_is_written(store, changes, words):
    with pytest.raises(StoreError, match=words):
        store.record_judgment(judgment(**changes))
    assert store.judgment_count() == 0


def test_overriding_the_gold_label_needs_a_rationale():
    assert validate_judgment("partially_supports", "missing_fact", "", "supports")
    assert validate_judgment("partially_supports", "missing_fact", "age range missing", "supports") == []
    assert validate_judgment("supports", None, "", "supports") == []


def test_drafts_keep_versions_until_approved(store):
    store.save_draft("draft-001", {"question": "first"}, "dr-a")
    store.save_draft("draft-001", {"question": "second"}, "dr-a", status="approved")
    draft = store.draft("draft-001")
    assert draft.version == 2 and draft.status == "approved" and draft.case["question"] == "second"
    with pytest.raises(StoreError, match="approved"):
        store.save_draft("draft-001", {"question": "third"}, "dr-a")
    assert store.next_draft_id() == "draft-002"


def test_concurrent_writers_lose_nothing(store):
    errors = []

    def write(reviewer):
        try:
            for i in range(40):
                store.record_judgment(judgment(reviewer=reviewer, claim_id=f"c{i}"))
        except Exception as exc:  # collected, asserted below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(f"dr-{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.judgment_count() == 160 and len(store.judgments()) == 160


def test_unusable_path_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot open the review database"):
        ReviewStore(blocker / "review.sqlite")


def test_backup_and_restore_round_trip(store, tmp_path):
    kept = store.record_judgment(judgment())
    copy = store.backup(tmp_path / "backups" / "review.sqlite")
    store.record_judgment(judgment(claim_id="c2"))
    store.restore(copy)
    assert store.judgments() == [kept] and store.integrity_ok()
    not_a_db = tmp_path / "junk.sqlite"
    not_a_db.write_bytes(b"this is not sqlite")
    with pytest.raises(StoreError, match=r"junk\.sqlite"):
        store.restore(not_a_db)
    assert store.judgments() == [kept]


def test_synchronous_full_so_acknowledged_writes_survive_a_power_loss(store, tmp_path):
    with store._db() as db:  # the pragma is per connection: read it on the store's own
        assert db.execute("pragma synchronous").fetchone()[0] == 2  # FULL
    with ReviewStore(tmp_path / "normal.sqlite", synchronous="NORMAL")._db() as db:  # what the suite compares
        assert db.execute("pragma synchronous").fetchone()[0] == 1
    with pytest.raises(StoreError, match="synchronous"):
        ReviewStore(tmp_path / "x.sqlite", synchronous="SOMETIMES")


def test_a_lone_surrogate_is_refused_with_words_not_an_encoding_error(store):
    with pytest.raises(StoreError, match="rationale: holds a lone surrogate"):
        store.record_judgment(judgment(label="contradicts", reason="other", rationale="half \ud800 a pair"))
    with pytest.raises(StoreError, match="lone surrogate"):
        store.judgments(reviewer="dr-\udc80")
    with pytest.raises(StoreError, match=r"case\.notes: holds a lone surrogate"):
        store.save_draft(None, {"question": "q?", "notes": "\ud83d"}, "dr-a")
    assert store.judgment_count() == 0 and store.drafts() == []


def run_at_once(count, work):
    """`work(n)` in `count` threads released together; returns results and errors."""
    barrier, results, errors = threading.Barrier(count), [], []

    def run(n):
        barrier.wait()
        try:
            results.append(work(n))
        except Exception as exc:  # collected, asserted by the caller
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, errors


def test_new_drafts_saved_at_once_get_distinct_ids(store):
    store.save_draft("draft-007", {"question": "an id of its own"}, "dr-a")  # ids follow the highest, not a count
    assert store.next_draft_id() == "draft-008"
    results, errors = run_at_once(8, lambda n: store.save_draft(None, {"question": f"q{n}?"}, f"dr-{n}"))
    assert errors == []
    assert sorted(d.draft_id for d in results) == [f"draft-{n:03d}" for n in range(8, 16)]
    assert {d.draft_id: d.case["question"] for d in store.drafts() if d.draft_id != "draft-007"} == {
        d.draft_id: d.case["question"] for d in results}
    assert all(d.version == 1 for d in store.drafts())


def test_versions_of_one_draft_saved_at_once_are_all_kept(store):
    store.save_draft("draft-001", {"question": "v1"}, "dr-a")
    results, errors = run_at_once(8, lambda n: store.save_draft("draft-001", {"question": f"edit {n}"}, "dr-a"))
    assert errors == [] and sorted(d.version for d in results) == list(range(2, 10))
    assert store.draft("draft-001").version == 9


def _save_new_draft(path, n):
    return ReviewStore(path).save_draft(None, {"question": f"process {n}"}, f"dr-{n}").draft_id


def test_new_drafts_from_processes_at_once_get_distinct_ids(store):
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=4) as pool:
        ids = list(pool.map(_save_new_draft, [store.path] * 12, range(12)))
    assert sorted(ids) == [f"draft-{n:03d}" for n in range(1, 13)] and len(store.drafts()) == 12
