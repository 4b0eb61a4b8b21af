"""Mirror of the append-only event log, for Spaces whose disk is lost on restart.

Every table of the review store is append-only, so its rows are events. `EventMirror.flush`
writes the rows added since the last flush to a new JSONL file in a folder (new files only,
written under the uploader's lock); huggingface_hub's CommitScheduler uploads that folder to
a dataset repository. At start-up, when the local database is empty, `restore` replays the
files into it: the same rows with the same ids, so exactly the same state.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..evaluation.report import write_atomic
from .store import TABLES, ReviewStore

STATE_FILE = "mirror-state.json"


class EventMirror:
    def __init__(self, store: ReviewStore, folder: Path, lock: Any = None):
        self.store, self.folder = store, Path(folder)
        self.lock = lock if lock is not None else contextlib.nullcontext()
        self.folder.mkdir(parents=True, exist_ok=True)

    def _state(self) -> dict[str, int]:
        path = self.folder / STATE_FILE
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {t: 0 for t in TABLES}

    def flush(self) -> Path | None:
        """Write the events added since the last flush to a new file; None when there are none."""
        state = self._state()
        events = self.store.events(after=state)
        if not events:
            return None
        for event in events:
            state[event["table"]] = max(state.get(event["table"], 0), event["row"]["id"])
        number = len(list(self.folder.glob("events-*.jsonl"))) + 1
        path = self.folder / f"events-{number:06d}.jsonl"
        with self.lock:
            write_atomic(path, "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in events))
            write_atomic(self.folder / STATE_FILE, json.dumps(state, sort_keys=True))
        return path


def read_events(folder: Path) -> list[dict[str, Any]]:
    events = []
    for path in sorted(Path(folder).glob("events-*.jsonl")):
        events += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return events


def restore(store: ReviewStore, folder: Path) -> int:
    """Replay a mirror folder into an empty store; returns the events replayed (0 if not empty)."""
    if not store.is_empty():
        return 0
    events = read_events(folder)
    return store.replay(events) if events else 0


def from_environment(store: ReviewStore, folder: Path,
                     download: Callable[[str, Path, str | None], None] | None = None,
                     scheduler_factory: Callable[[str, Path, str | None], Any] | None = None) -> EventMirror | None:
    """The mirror configured by REVIEW_APP_MIRROR_REPO (a dataset repository) and HF_TOKEN, or None.
    The download and upload functions are the only parts that reach the network."""
    repo = os.environ.get("REVIEW_APP_MIRROR_REPO")
    if not repo:
        return None
    token = os.environ.get("HF_TOKEN")
    (download or _hub_download)(repo, Path(folder), token)
    restore(store, folder)
    scheduler = (scheduler_factory or _hub_scheduler)(repo, Path(folder), token)
    return EventMirror(store, folder, lock=getattr(scheduler, "lock", None))


def _hub_download(repo: str, folder: Path, token: str | None) -> None:  # pragma: no cover - network
    from huggingface_hub import snapshot_download

    snapshot_download(repo_id=repo, repo_type="dataset", local_dir=folder, allow_patterns=["events-*.jsonl"],
                      token=token)


def _hub_scheduler(repo: str, folder: Path, token: str | None) -> Any:  # pragma: no cover - network
    from huggingface_hub import CommitScheduler

    return CommitScheduler(repo_id=repo, repo_type="dataset", folder_path=folder, every=2, token=token,
                           allow_patterns=["events-*.jsonl"])
