"""Mirror of the append-only event log, so judgments survive the loss of the local disk.

Every table of the review store is append-only, so its rows are events. `EventMirror.flush`
writes the rows added since the last flush to a new JSONL file in a folder (new files only).
Two places can keep that folder:

- a dataset repository (REVIEW_APP_MIRROR_REPO and HF_TOKEN): huggingface_hub's
  CommitScheduler uploads the folder, and a flush runs under the uploader's lock;
- a folder of plain files (REVIEW_APP_MIRROR_DIR), such as a Space's mounted storage bucket:
  files are only ever added, never changed in place, which such a mount handles well.

At start-up, when the local database is empty, `restore` replays the files into it: the same
rows with the same ids, so exactly the same state. With REVIEW_APP_BACKUP_MINUTES, a flush also
leaves a `backup` snapshot of the database beside the events at most that often.

A flush reads the mirror's state, reads the new events, numbers the file and writes it as one
step under a lock, so saves flushing at once never write an event twice or reuse a number.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import ReviewAppError, SettingsError
from ..evaluation.report import write_atomic
from ..jsonl import dumps_lines, split_lines
from .store import TABLES, ReviewStore

STATE_FILE = "mirror-state.json"
EVENTS = re.compile(r"events-(\d+)\.jsonl")
BACKUPS = "backups"
KEEP_BACKUPS = 7


class MirrorError(ReviewAppError):
    """The mirror folder holds a file that cannot be replayed (named with its line)."""


class EventMirror:
    def __init__(self, store: ReviewStore, folder: Path, lock: Any = None, backup_every_s: float | None = None,
                 keep_backups: int = KEEP_BACKUPS):
        self.store, self.folder = store, Path(folder)
        self.lock = lock if lock is not None else contextlib.nullcontext()  # the uploader's
        self._flushing = threading.Lock()  # one flush at a time in this process, uploader or not
        self.backup_every_s, self.keep_backups = backup_every_s, keep_backups
        self._last_backup: float | None = None
        self.folder.mkdir(parents=True, exist_ok=True)

    def _state(self) -> dict[str, int]:
        """The last id mirrored per table. Without a state file (a folder downloaded after a
        restart holds only the events) it is read from the events themselves, so nothing already
        mirrored is written again."""
        path = self.folder / STATE_FILE
        if path.exists():
            with contextlib.suppress(ValueError, OSError):
                state = json.loads(path.read_text(encoding="utf-8"))
                if isinstance(state, dict) and all(isinstance(v, int) for v in state.values()):
                    return state
        state = {t: 0 for t in TABLES}
        for event in read_events(self.folder):
            state[event["table"]] = max(state.get(event["table"], 0), event["row"]["id"])
        return state

    def flush(self) -> Path | None:
        """Write the events added since the last flush to a new file; None when there are none."""
        with self._flushing, self.lock:
            state = self._state()
            events = self.store.events(after=state)
            if not events:
                return None
            for event in events:
                state[event["table"]] = max(state.get(event["table"], 0), event["row"]["id"])
            path = self.folder / f"events-{next_number(self.folder):06d}.jsonl"
            write_atomic(path, dumps_lines(events, sort_keys=True))
            write_atomic(self.folder / STATE_FILE, json.dumps(state, sort_keys=True))
            self._backup_if_due()
        return path

    def _backup_if_due(self) -> Path | None:
        """A `backup` snapshot beside the events when the last is older than backup_every_s; the
        newest keep_backups are kept. The snapshot is made on local disk and copied over whole, so
        SQLite never writes to the mirror folder (a mounted bucket may not honour its locks)."""
        if not self.backup_every_s:
            return None
        if self._last_backup is not None and time.monotonic() - self._last_backup < self.backup_every_s:
            return None
        folder = self.folder / BACKUPS
        folder.mkdir(parents=True, exist_ok=True)
        stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
        target = folder / f"review-{stamp}.sqlite"
        with tempfile.TemporaryDirectory(dir=self.store.path.parent) as scratch:
            local = self.store.backup(Path(scratch) / "snapshot.sqlite")
            partial = folder / f".{target.name}.partial"
            shutil.copyfile(local, partial)
            os.replace(partial, target)
        self._last_backup = time.monotonic()
        for old in sorted(folder.glob("review-*.sqlite"))[:-self.keep_backups]:
            old.unlink(missing_ok=True)
        return target


def next_number(folder: Path) -> int:
    """One more than the highest events file number in the folder (1 for an empty folder)."""
    numbers = [int(m.group(1)) for p in Path(folder).glob("events-*.jsonl") if (m := EVENTS.fullmatch(p.name))]
    return max(numbers, default=0) + 1


def read_events(folder: Path) -> list[dict[str, Any]]:
    """Every event of the folder's files, in file order. The same event found twice (a file
    uploaded twice, say) counts once; two different rows with one id are an error."""
    events, seen = [], {}
    for path in sorted(Path(folder).glob("events-*.jsonl")):
        for number, line in enumerate(split_lines(path.read_text(encoding="utf-8")), start=1):
            if not line.strip():
                continue
            try:
                event = json.loads(line)
                key = (event["table"], event["row"]["id"])
            except (ValueError, KeyError, TypeError) as exc:
                raise MirrorError(f"{path}:{number}: not an event ({exc})") from None
            if key in seen:
                if seen[key] != event:
                    raise MirrorError(f"{path}:{number}: {key[0]} row {key[1]} differs from the one mirrored before")
                continue
            seen[key] = event
            events.append(event)
    return events


def restore(store: ReviewStore, folder: Path) -> int:
    """Replay a mirror folder into an empty store; returns the events replayed (0 if not empty)."""
    if not store.is_empty():
        return 0
    events = read_events(folder)
    return store.replay(events) if events else 0


def backup_interval(env: dict[str, str] | None = None) -> float | None:
    """REVIEW_APP_BACKUP_MINUTES as seconds, or None when unset."""
    value = (os.environ if env is None else env).get("REVIEW_APP_BACKUP_MINUTES", "").strip()
    if not value:
        return None
    try:
        minutes = float(value)
    except ValueError:
        minutes = 0
    if not minutes > 0:
        raise SettingsError("REVIEW_APP_BACKUP_MINUTES", value, "minutes between snapshots, more than 0")
    return minutes * 60


def from_environment(store: ReviewStore, folder: Path,
                     download: Callable[[str, Path, str | None], None] | None = None,
                     scheduler_factory: Callable[[str, Path, str | None], Any] | None = None) -> EventMirror | None:
    """The mirror configured by REVIEW_APP_MIRROR_DIR (a folder of plain files, such as a mounted
    bucket) or REVIEW_APP_MIRROR_REPO (a dataset repository) and HF_TOKEN; None without either.
    An empty database is restored from it first. The download and upload functions are the only
    parts that reach the network."""
    directory, repo = os.environ.get("REVIEW_APP_MIRROR_DIR"), os.environ.get("REVIEW_APP_MIRROR_REPO")
    every = backup_interval()
    if directory:
        if repo:
            raise SettingsError("REVIEW_APP_MIRROR_DIR", directory, "one mirror: unset REVIEW_APP_MIRROR_REPO")
        mirror = EventMirror(store, Path(directory), backup_every_s=every)
        restore(store, mirror.folder)
        return mirror
    if not repo:
        return None
    token = os.environ.get("HF_TOKEN")
    (download or _hub_download)(repo, Path(folder), token)
    restore(store, folder)
    scheduler = (scheduler_factory or _hub_scheduler)(repo, Path(folder), token)
    return EventMirror(store, folder, lock=getattr(scheduler, "lock", None), backup_every_s=every)


def _hub_download(repo: str, folder: Path, token: str | None) -> None:  # pragma: no cover - network
    from huggingface_hub import snapshot_download

    snapshot_download(repo_id=repo, repo_type="dataset", local_dir=folder, allow_patterns=["events-*.jsonl"],
                      token=token)


def _hub_scheduler(repo: str, folder: Path, token: str | None) -> Any:  # pragma: no cover - network
    from huggingface_hub import CommitScheduler

    return CommitScheduler(repo_id=repo, repo_type="dataset", folder_path=folder, every=2, token=token,
                           allow_patterns=["events-*.jsonl", f"{BACKUPS}/review-*.sqlite"])
