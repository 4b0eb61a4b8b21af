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
