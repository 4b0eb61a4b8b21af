"""The append-only event log rebuilds the database exactly, and mirrors it without the network."""

import json
import threading
import time

import pytest

from review_app.errors import SettingsError
from review_app.review.mirror import STATE_FILE, EventMirror, MirrorError, from_environment, read_events, restore
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


def test_saves_flushing_at_once_mirror_every_event_once(tmp_path):
    store = ReviewStore(tmp_path / "db.sqlite")
    mirror = EventMirror(store, tmp_path / "mirror", lock=threading.Lock())
    barrier, errors = threading.Barrier(8), []

    def reviewer(n):
        barrier.wait()
        try:
            for i in range(15):
                store.record_judgment(judgment(reviewer=f"dr-{n}", claim_id=f"c{i}"))
                mirror.flush()  # as the app does after every write, eight saves at once
        except Exception as exc:  # collected, asserted below
            errors.append(exc)

    threads = [threading.Thread(target=reviewer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    files = sorted((tmp_path / "mirror").glob("events-*.jsonl"))
    assert [f.name for f in files] == [f"events-{n:06d}.jsonl" for n in range(1, len(files) + 1)]
    ids = [e["row"]["id"] for f in files for e in map(json.loads, f.read_text().splitlines())]
    assert sorted(ids) == list(range(1, 121))  # every event in exactly one file
    replayed = ReviewStore(tmp_path / "replayed.sqlite")
    assert restore(replayed, tmp_path / "mirror") == 120 and dump(replayed) == dump(store)


def test_a_restart_without_the_state_file_mirrors_nothing_twice(tmp_path):
    store = busy_store(tmp_path / "db.sqlite")
    EventMirror(store, tmp_path / "mirror").flush()
    (tmp_path / "mirror" / STATE_FILE).unlink()  # a download brings the events, not the state file
    restarted = ReviewStore(tmp_path / "restarted.sqlite")
    restore(restarted, tmp_path / "mirror")
    restarted.record_judgment(judgment(claim_id="c9"))
    new = EventMirror(restarted, tmp_path / "mirror").flush()
    assert new.name == "events-000002.jsonl" and len(new.read_text().splitlines()) == 1
    again = ReviewStore(tmp_path / "again.sqlite")
    assert restore(again, tmp_path / "mirror") == len(restarted.events()) and dump(again) == dump(restarted)


def test_events_with_line_separators_are_escaped_and_read_back(tmp_path):
    store = ReviewStore(tmp_path / "db.sqlite")
    text = "one\u2028two\u2029three\u0085four"
    store.record_judgment(judgment(label="contradicts", reason="other", rationale=text))
    store.save_draft(None, {"question": "q?", "notes": text}, "dr-a")
    path = EventMirror(store, tmp_path / "mirror").flush()
    written = path.read_text(encoding="utf-8")
    assert not set("\u2028\u2029\u0085") & set(written) and len(written.splitlines()) == 2
    (tmp_path / "mirror" / "events-000002.jsonl").write_text(  # a raw one, as an older version wrote it
        json.dumps({"table": "rereviews", "row": {"id": 1, "item": text, "corpus_version": "v", "reviewer": "dr-a",
                                                  "note": text, "created_at": "t"}}, ensure_ascii=False) + "\n",
        encoding="utf-8")
    events = read_events(tmp_path / "mirror")
    assert len(events) == 3 and events[0]["row"]["rationale"] == text and events[2]["row"]["note"] == text


def test_the_same_event_twice_counts_once_and_a_conflict_is_named(tmp_path):
    store = busy_store(tmp_path / "db.sqlite")
    first = EventMirror(store, tmp_path / "mirror").flush()
    copy = tmp_path / "mirror" / "events-000002.jsonl"
    copy.write_bytes(first.read_bytes())  # uploaded twice
    assert len(read_events(tmp_path / "mirror")) == len(store.events())
    copy.write_text(first.read_text().replace('"dr-a"', '"dr-z"', 1))
    with pytest.raises(MirrorError, match=r"events-000002\.jsonl:1: .* differs"):
        read_events(tmp_path / "mirror")


def test_a_folder_mirror_restores_at_start_and_keeps_backup_snapshots(tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_MIRROR_DIR", str(tmp_path / "bucket"))
    monkeypatch.setenv("REVIEW_APP_BACKUP_MINUTES", "0.0001")
    store = busy_store(tmp_path / "local" / "db.sqlite")
    mirror = from_environment(store, tmp_path / "unused")
    assert mirror.folder == tmp_path / "bucket" and mirror.flush().parent == tmp_path / "bucket"
    for i in range(9):
        time.sleep(0.01)
        store.record_judgment(judgment(claim_id=f"k{i}"))
        mirror.flush()
    snapshots = sorted((tmp_path / "bucket" / "backups").glob("review-*.sqlite"))
    assert len(snapshots) == 7 and not list((tmp_path / "bucket" / "backups").glob(".*"))
    fresh = ReviewStore(tmp_path / "fresh.sqlite")
    fresh.restore(snapshots[-1])
    assert dump(fresh) == dump(store)
    restarted = ReviewStore(tmp_path / "restarted" / "db.sqlite")  # the local disk was lost
    from_environment(restarted, tmp_path / "unused")
    assert dump(restarted) == dump(store)
    monkeypatch.setenv("REVIEW_APP_MIRROR_REPO", "someone/review-events")
    with pytest.raises(SettingsError, match="one mirror"):
        from_environment(restarted, tmp_path / "unused")
    monkeypatch.delenv("REVIEW_APP_MIRROR_REPO")
    monkeypatch.setenv("REVIEW_APP_BACKUP_MINUTES", "often")
    with pytest.raises(SettingsError, match="REVIEW_APP_BACKUP_MINUTES"):
        from_environment(restarted, tmp_path / "unused")
