"""The append-only event log rebuilds the database exactly, and mirrors it without the network."""

import threading

from review_app.review.mirror import EventMirror, from_environment, read_events, restore
from review_app.review.store import TABLES, AddedClaim, Adjudication, ReviewStore

from .test_store import judgment


def busy_store(path):
    store = ReviewStore(path)
    store.record_judgment(judgment())
    store.record_judgment(judgment(reviewer="dr-b", label="contradicts", reason="missing_fact", rationale="74"))
    store.undo_last("dr-b")
    store.adjudicate(Adjudication("canonical-001", "c1", "uspstf-2024#recommendation", "dr-c", "supports", None,
                                  "the card says so", "abc", "v1"))
    store.add_claim(AddedClaim("holdout-001", "r1", "A claim.", ("uspstf-2024#recommendation",), "dr-a"))
    store.save_draft("draft-001", {"question": "q?"}, "dr-a")
    chunk = {"content_hash": "abc", "chunk_id": "uspstf-2024#recommendation", "heading": "Recommendation",
             "text": "Biennial, 40 to 74."}
    store.record_version("v1", [{"id": "uspstf-2024"}], [chunk])
    store.confirm_rereview("judgment canonical-001 c1 · uspstf-2024#recommendation by dr-a", "v1", "dr-a", "yes")
    return store


def dump(store):
    return {table: [e["row"] for e in store.events() if e["table"] == table] for table in TABLES}


def test_replaying_the_event_log_reproduces_the_database(tmp_path):
    original = busy_store(tmp_path / "original.sqlite")
    fresh = ReviewStore(tmp_path / "fresh.sqlite")
    assert fresh.replay(original.events()) == sum(len(rows) for rows in dump(original).values())
    assert dump(fresh) == dump(original)
    assert fresh.judgments() == original.judgments() and fresh.adjudications() == original.adjudications()
    assert fresh.chunk_text("abc")["text"] == "Biennial, 40 to 74." and fresh.versions() == original.versions()


def test_mirror_writes_new_files_only_under_the_uploaders_lock(tmp_path):
    store = busy_store(tmp_path / "db.sqlite")
    lock = threading.Lock()
    mirror = EventMirror(store, tmp_path / "mirror", lock=lock)
    first = mirror.flush()
    assert first.name == "events-000001.jsonl" and mirror.flush() is None
    store.record_judgment(judgment(claim_id="c9"))
    second = mirror.flush()
    assert second.name == "events-000002.jsonl" and len(second.read_text().splitlines()) == 1
    assert len(read_events(tmp_path / "mirror")) == len(store.events())
    assert not lock.locked()


def test_an_empty_database_is_restored_from_the_mirror(tmp_path, monkeypatch):
    store = busy_store(tmp_path / "db.sqlite")
    EventMirror(store, tmp_path / "mirror").flush()
    restarted = ReviewStore(tmp_path / "restarted.sqlite")
    assert restore(restarted, tmp_path / "mirror") > 0 and dump(restarted) == dump(store)
    assert restore(restarted, tmp_path / "mirror") == 0  # not empty any more: nothing replayed twice

    downloads, schedulers = [], []

    class StandIn:  # the upload side: huggingface_hub's CommitScheduler, reduced to its lock
        def __init__(self, repo, folder, token):
            schedulers.append((repo, folder))
            self.lock = threading.Lock()

    monkeypatch.setenv("REVIEW_APP_MIRROR_REPO", "someone/review-events")
    empty = ReviewStore(tmp_path / "space.sqlite")
    mirror = from_environment(empty, tmp_path / "mirror", download=lambda repo, folder, token: downloads.append(repo),
                              scheduler_factory=StandIn)
    assert downloads == ["someone/review-events"] and schedulers[0][0] == "someone/review-events"
    assert dump(empty) == dump(store) and mirror is not None
