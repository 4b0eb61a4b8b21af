"""The review store: one SQLite file, owned by this module alone.

Every write is appended, never updated in place: the current judgment is the latest one per
(case, claim, chunk, reviewer), so history comes free. Write-ahead logging, a busy timeout,
a connection per call and one short transaction per write keep concurrent reviewers from
blocking or losing each other's work. A write that depends on what is stored (the next version
of a draft, a new draft's id) reads and appends in one transaction that holds the write lock
from its start. `synchronous = FULL`: a write the store acknowledged survives a power loss,
not only a crash of the process (the reliability suite measures what that costs per save).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from ..errors import ReviewAppError
from ..jsonl import SURROGATE_MESSAGE, lone_surrogate
from ..records import CLAIM_LABELS, CLAIM_REASONS

JUDGMENTS = "judgments"
ADDED_CLAIMS = "added_claims"
DRAFTS = "drafts"
UNDOS = "undos"
ADJUDICATIONS = "adjudications"
CORPUS_VERSIONS = "corpus_versions"  # one row per corpus version the app or the CLI ran on
CHUNK_TEXTS = "chunk_texts"  # every chunk text ever seen, by content hash: old judgments keep their text
REREVIEWS = "rereviews"  # a reviewer confirmed an item flagged by a corpus change
NAME_CLAIMS = "name_claims"  # open review: which browser declared a typed name first (a hash of its key)
TABLES = (JUDGMENTS, ADDED_CLAIMS, DRAFTS, UNDOS, ADJUDICATIONS, CORPUS_VERSIONS, CHUNK_TEXTS, REREVIEWS, NAME_CLAIMS)
STATUSES = ("draft", "submitted")
BUSY_TIMEOUT_MS = 10_000
# FULL: in write-ahead-log mode NORMAL may lose the last acknowledged writes on a power loss
SYNCHRONOUS = "FULL"
SYNCHRONOUS_LEVELS = ("OFF", "NORMAL", "FULL", "EXTRA")
DRAFT_ID = re.compile(r"draft-(\d+)")
SOURCES = ("human", "auto")


class StoreError(ReviewAppError):
    """A write was refused (invalid judgment, no reviewer) or the database cannot be used."""


@dataclass(frozen=True)
class Judgment:
    """One reviewer's label for one (claim, cited chunk) pair, about the exact text they saw."""

    case_id: str
    claim_id: str
    chunk_id: str
    reviewer: str
    label: str
    reason: str | None
    rationale: str
    source: str  # "human", or "auto" when the verifier's suggestion was accepted as is
    chunk_hash: str
    corpus_version: str
    claim_text: str
    created_at: str = ""
    id: int | None = None
    status: str = "submitted"  # "draft" autosaves; "submitted" is the reviewer's explicit decision
    # the verifier's suggestion, shown to the reviewer, taken unchanged (label, reason, and no rationale
    # of their own): a bare acceptance, which alone never makes a citation unanimous
    bare_acceptance: bool = False


@dataclass(frozen=True)
class Adjudication:
    """An adjudicator's final label for a (claim, cited chunk) pair reviewers disagree on."""

    case_id: str
    claim_id: str
    chunk_id: str
    adjudicator: str
    label: str
    reason: str | None
    rationale: str
    chunk_hash: str
    corpus_version: str
    created_at: str = ""
    id: int | None = None


@dataclass(frozen=True)
class AddedClaim:
    case_id: str
    claim_id: str
    text: str
    chunk_ids: tuple[str, ...]
    reviewer: str
    created_at: str = ""


@dataclass(frozen=True)
class Draft:
    """A proposed new case; its `case` is a label-file object. Every save is a new version."""

    draft_id: str
    case: dict[str, Any]
    reviewer: str  # who saved this version (for an approved draft: who approved it)
    status: str  # "draft" or "approved"
    created_at: str = ""
    version: int = 0
    author: str = ""  # who wrote the draft's first version


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")


class ReviewStore:
    def __init__(self, path: Path, synchronous: str = SYNCHRONOUS):
        self.path = Path(path)
        if synchronous not in SYNCHRONOUS_LEVELS:
            raise StoreError(f"synchronous must be one of {', '.join(SYNCHRONOUS_LEVELS)}")
        self.synchronous = synchronous
        self._pinned = threading.local()  # a read snapshot this thread holds (see `snapshot`)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.enable_wal()
                self._create(db)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{self.path}: cannot open the review database ({exc})") from exc

    @contextmanager
    def _db(self) -> Iterator[Database]:
        """A fresh connection for one call; for a read inside `snapshot`, the snapshot's own."""
        pinned = getattr(self._pinned, "db", None)
        if pinned is not None:
            yield pinned
            return
        with self._connect() as db:
            yield db

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read transaction for every read this thread makes in the block: they all see the
        database as it was at the first of them, whatever other writers commit meanwhile (an export
        never holds an approved draft without the reviews committed before it). Writes in the block
        go through connections of their own. Nested blocks share the outer snapshot."""
        if getattr(self._pinned, "db", None) is not None:
            yield
            return
        with self._connect() as db:
            db.conn.execute("BEGIN")  # deferred: the snapshot starts at the first read and holds to the end
            self._pinned.db = db
            try:
                yield
            finally:
                self._pinned.db = None
                if db.conn.in_transaction:
                    db.conn.execute("ROLLBACK")  # nothing was written on it

    @contextmanager
    def _connect(self) -> Iterator[Database]:
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute(f"PRAGMA synchronous = {self.synchronous}")
        try:
            yield Database(connection)
        finally:
            connection.close()

    @contextmanager
    def _transaction(self) -> Iterator[Database]:
        """One write transaction holding the write lock from its start (BEGIN IMMEDIATE): what it
        reads no other writer can change before it commits, so read-then-append is safe."""
        with self._connect() as db:
            db.conn.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.conn.in_transaction:
                    db.conn.execute("ROLLBACK")
                raise
            db.conn.execute("COMMIT")

    @staticmethod
    def _create(db: Database) -> None:
        if JUDGMENTS not in db.table_names():
            db[JUDGMENTS].create({
                "id": int, "case_id": str, "claim_id": str, "chunk_id": str, "reviewer": str, "label": str,
                "reason": str, "rationale": str, "source": str, "chunk_hash": str, "corpus_version": str,
                "claim_text": str, "created_at": str}, pk="id", not_null={"case_id", "claim_id", "chunk_id",
                                                                         "reviewer", "label", "created_at"})
            db[JUDGMENTS].create_index(["case_id", "claim_id", "chunk_id", "reviewer"])
        if "status" not in db[JUDGMENTS].columns_dict:  # databases from before drafts existed
            db[JUDGMENTS].add_column("status", str)
            db.execute(f"update {JUDGMENTS} set status = 'submitted' where status is null")
        if "bare_acceptance" not in db[JUDGMENTS].columns_dict:  # databases from before it was recorded:
            db[JUDGMENTS].add_column("bare_acceptance", int)  # the Accept buttons saved source 'auto'
            db.execute(f"update {JUDGMENTS} set bare_acceptance = (source = 'auto') where bare_acceptance is null")
        if UNDOS not in db.table_names():
            db[UNDOS].create({"id": int, "judgment_id": int, "actor": str, "created_at": str}, pk="id")
            db[UNDOS].create_index(["judgment_id"], unique=True)
        if ADJUDICATIONS not in db.table_names():
            db[ADJUDICATIONS].create({"id": int, "case_id": str, "claim_id": str, "chunk_id": str, "adjudicator": str,
                                      "label": str, "reason": str, "rationale": str, "chunk_hash": str,
                                      "corpus_version": str, "created_at": str}, pk="id")
        if ADDED_CLAIMS not in db.table_names():
            db[ADDED_CLAIMS].create({"id": int, "case_id": str, "claim_id": str, "text": str, "chunk_ids": str,
                                     "reviewer": str, "created_at": str}, pk="id")
        if CORPUS_VERSIONS not in db.table_names():  # added later: older databases gain the tables
            db[CORPUS_VERSIONS].create({"id": int, "version": str, "recorded_at": str, "sources_json": str,
                                        "chunks_json": str}, pk="id")
            db[CORPUS_VERSIONS].create_index(["version"], unique=True)
        if CHUNK_TEXTS not in db.table_names():
            db[CHUNK_TEXTS].create({"id": int, "content_hash": str, "chunk_id": str, "heading": str, "text": str,
                                    "corpus_version": str, "recorded_at": str}, pk="id")
            db[CHUNK_TEXTS].create_index(["content_hash"], unique=True)
        if REREVIEWS not in db.table_names():
            db[REREVIEWS].create({"id": int, "item": str, "corpus_version": str, "reviewer": str, "note": str,
                                  "created_at": str}, pk="id")
            db[REREVIEWS].create_index(["item", "corpus_version"])
        if NAME_CLAIMS not in db.table_names():
            db[NAME_CLAIMS].create({"id": int, "name": str, "key_hash": str, "created_at": str}, pk="id")
            db[NAME_CLAIMS].create_index(["name"], unique=True)
        if DRAFTS not in db.table_names():
            db[DRAFTS].create({"id": int, "draft_id": str, "version": int, "case_json": str, "reviewer": str,
                               "status": str, "created_at": str}, pk="id")
            db[DRAFTS].create_index(["draft_id", "version"], unique=True)

    def _append(self, table: str, record: dict[str, Any]) -> int:
        _check_text(record)
        try:
            with self._connect() as db, db.conn:  # one short transaction
                return db[table].insert(record).last_pk
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the write was not saved ({exc})") from exc

    def _rows(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        _check_text(params)
        with self._db() as db:
            return [dict(row) for row in db.query(sql, params)]

    # judgments
    def record_judgment(self, judgment: Judgment, gold_label: str | None = None) -> Judgment:
        """Append a judgment; return it with its id and time. Raises StoreError if invalid."""
        problems = validate_judgment(judgment.label, judgment.reason, judgment.rationale, gold_label)
        if not judgment.reviewer.strip():
            problems.insert(0, "a reviewer name is needed to save")
        if judgment.source not in SOURCES:
            problems.append(f"source must be one of {', '.join(SOURCES)}")
        if judgment.status not in STATUSES:
            problems.append(f"status must be one of {', '.join(STATUSES)}")
        if problems:
            raise StoreError("; ".join(problems))
        record = {k: v for k, v in asdict(judgment).items() if k != "id"}
        record.update(created_at=now(), reviewer=judgment.reviewer.strip(), rationale=judgment.rationale.strip(),
                      bare_acceptance=int(bool(judgment.bare_acceptance)))
        pk = self._append(JUDGMENTS, record)
        return _judgment({**record, "id": pk})

    def judgments(self, case_id: str | None = None, reviewer: str | None = None,
                  current_only: bool = True, pair: tuple[str, str] | None = None,
                  not_on_version: str | None = None) -> list[Judgment]:
        """Judgments in id order; by default only the current one per (case, claim, chunk, reviewer),
        leaving out judgments that were undone. `pair` (claim, chunk) narrows a case to one pair;
        `not_on_version` keeps only (current) judgments made on another corpus version."""
        where, params = [f"id not in (select judgment_id from {UNDOS})"] if current_only else [], []
        if case_id is not None:
            where.append("case_id = ?")
            params.append(case_id)
            if pair is not None:  # the index's next columns
                where.append("claim_id = ? and chunk_id = ?")
                params += list(pair)
        if reviewer is not None:
            where.append("reviewer = ?")
            params.append(reviewer)
        condition = ("where " + " and ".join(where)) if where else ""
        if current_only:
            sql = (f"select * from {JUDGMENTS} where id in (select max(id) from {JUDGMENTS} {condition} "
                   "group by case_id, claim_id, chunk_id, reviewer)")
        else:
            sql = f"select * from {JUDGMENTS} {condition}"
        if not_on_version is not None:  # after the current ones are chosen: a newer judgment still supersedes
            sql += (" and" if current_only or where else " where") + " corpus_version is not ?"
            params.append(not_on_version)
        sql += " order by id"
        return [_judgment(row) for row in self._rows(sql, tuple(params))]

    def undo_last(self, reviewer: str) -> Judgment | None:
        """Undo the reviewer's latest judgment not yet undone (any number of steps, one per call).
        Nothing is deleted: the undo is an event of its own. Returns the judgment undone."""
        rows = self._rows(f"select * from {JUDGMENTS} where reviewer = ? and id not in "
                          f"(select judgment_id from {UNDOS}) order by id desc limit 1", (reviewer,))
        if not rows:
            return None
        self._append(UNDOS, {"judgment_id": rows[0]["id"], "actor": reviewer, "created_at": now()})
        return _judgment(rows[0])

    def undos(self) -> list[dict[str, Any]]:
        return self._rows(f"select * from {UNDOS} order by id")

    def adjudicate(self, adjudication: Adjudication) -> Adjudication:
        problems = validate_judgment(adjudication.label, adjudication.reason, adjudication.rationale, None)
        if not adjudication.rationale.strip():
            problems.append("an adjudication needs a rationale")
        if problems:
            raise StoreError("; ".join(problems))
        record = {k: v for k, v in asdict(adjudication).items() if k != "id"}
        record["created_at"] = now()
        return Adjudication(**{**record, "id": self._append(ADJUDICATIONS, record)})

    def adjudications(self) -> dict[tuple[str, str, str], Adjudication]:
        """The latest adjudication per (case, claim, chunk)."""
        rows = self._rows(f"select * from {ADJUDICATIONS} where id in (select max(id) from {ADJUDICATIONS} "
                          "group by case_id, claim_id, chunk_id) order by id")
        return {(r["case_id"], r["claim_id"], r["chunk_id"]): Adjudication(**r) for r in rows}

    # the event log: every table is append-only, so its rows are the events
    def events(self, after: dict[str, int] | None = None) -> list[dict[str, Any]]:
        """Every row of every table (or only those after the given ids), as replayable events."""
        after = after or {}
        out = []
        for table in TABLES:
            for row in self._rows(f"select * from {table} where id > ? order by id", (after.get(table, 0),)):
                out.append({"table": table, "row": row})
        return out

    def replay(self, events: list[dict[str, Any]]) -> int:
        """Insert events (from `events`) into this store, keeping their ids. For an empty store."""
        try:
            with self._connect() as db, db.conn:
                for event in events:
                    if event["table"] not in TABLES:
                        raise StoreError(f"unknown table in the event log: {event['table']!r}")
                    db[event["table"]].insert(event["row"], pk="id", alter=False)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: replay failed ({exc})") from exc
        return len(events)

    # the corpus version registry
    def record_version(self, version: str, sources: list[dict[str, Any]], chunks: list[dict[str, str]]) -> bool:
        """Keep a corpus version and the text of every chunk in it (by content hash), once; True when the
        version is new. Safe to call from every process at start-up."""
        stamp = now()
        try:
            with self._connect() as db, db.conn:
                if next(db.query(f"select 1 from {CORPUS_VERSIONS} where version = ?", [version]), None):
                    return False
                db[CORPUS_VERSIONS].insert({"version": version, "recorded_at": stamp,
                                            "sources_json": json.dumps(sources, ensure_ascii=False),
                                            "chunks_json": json.dumps({c["chunk_id"]: c["content_hash"]
                                                                       for c in chunks})}, ignore=True)
                known = {row["content_hash"] for row in db.query(f"select content_hash from {CHUNK_TEXTS}")}
                rows = [{**c, "corpus_version": version, "recorded_at": stamp} for c in chunks
                        if c["content_hash"] not in known]
                if rows:
                    db[CHUNK_TEXTS].insert_all(rows, ignore=True)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the corpus version was not recorded ({exc})") from exc
        return True

    def versions(self) -> list[dict[str, Any]]:
        """Recorded corpus versions, oldest first (sources and chunk hashes decoded)."""
        rows = self._rows(f"select * from {CORPUS_VERSIONS} order by id")
        return [{"id": row["id"], "version": row["version"], "recorded_at": row["recorded_at"],
                 "sources": json.loads(row["sources_json"]), "chunks": json.loads(row["chunks_json"])} for row in rows]

    def chunk_text(self, content_hash: str) -> dict[str, Any] | None:
        """The chunk (id, heading, text) a content hash was computed from, if this store ever saw it."""
        rows = self._rows(f"select * from {CHUNK_TEXTS} where content_hash = ?", (content_hash,))
        return rows[0] if rows else None

    def confirm_rereview(self, item: str, corpus_version: str, reviewer: str, note: str) -> dict[str, Any]:
        if not reviewer.strip():
            raise StoreError("a reviewer name is needed to save")
        record = {"item": item, "corpus_version": corpus_version, "reviewer": reviewer.strip(),
                  "note": note.strip(), "created_at": now()}
        return {**record, "id": self._append(REREVIEWS, record)}

    def rereviews(self, corpus_version: str | None = None) -> list[dict[str, Any]]:
        if corpus_version is None:
            return self._rows(f"select * from {REREVIEWS} order by id")
        return self._rows(f"select * from {REREVIEWS} where corpus_version = ? order by id", (corpus_version,))

    def claim_name(self, name: str, key_hash: str) -> bool:
        """Open review: the first key to use a name keeps it. True when `key_hash` holds `name` (now or
        already); False when another key declared it first. Read and written in one transaction."""
        _check_text((name, key_hash))
        held = self._rows(f"select key_hash from {NAME_CLAIMS} where name = ?", (name,))
        if held:  # the usual case, answered without the write lock
            return held[0]["key_hash"] == key_hash
        try:
            with self._transaction() as db:
                held = next(db.query(f"select key_hash from {NAME_CLAIMS} where name = ?", [name]), None)
                if held is None:
                    db[NAME_CLAIMS].insert({"name": name, "key_hash": key_hash, "created_at": now()})
                    return True
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the name could not be checked ({exc})") from exc
        return held["key_hash"] == key_hash

    def stamps(self) -> tuple[dict[str, tuple], tuple]:
        """What the rows of a case are read from, as it stands: per case, its newest judgment (id and
        time), its number of judgments and its newest undo; and the newest row of each table every
        case reads (adjudications, added claims, re-reviews, corpus versions, chunk texts). Every table
        is append-only, so unchanged stamps mean unchanged content. Two cheap queries (an index scan)."""
        per_case: dict[str, tuple] = {}
        for row in self._rows(f"select case_id, max(id) as newest, max(created_at) as at, count(*) as n "
                              f"from {JUDGMENTS} group by case_id"):
            per_case[row["case_id"]] = (row["newest"], row["at"], row["n"], None)
        for row in self._rows(f"select j.case_id, max(u.id) as undo from {UNDOS} u join {JUDGMENTS} j "
                              "on j.id = u.judgment_id group by j.case_id"):
            per_case[row["case_id"]] = (*per_case.get(row["case_id"], (None, None, 0))[:3], row["undo"])
        tables = (ADJUDICATIONS, ADDED_CLAIMS, REREVIEWS, CORPUS_VERSIONS, CHUNK_TEXTS)
        shared = self._rows("select " + ", ".join(f"(select max(id) from {t}) as t{n}, (select count(*) from {t}) "
                                                  f"as c{n}" for n, t in enumerate(tables)))[0]
        return per_case, tuple(shared.values())

    def is_empty(self) -> bool:
        return all(self._rows(f"select count(*) as n from {t}")[0]["n"] == 0 for t in TABLES)

    def judgment_count(self) -> int:
        return self._rows(f"select count(*) as n from {JUDGMENTS}")[0]["n"]

    # claims reviewers add to existing cases
    def add_claim(self, claim: AddedClaim) -> AddedClaim:
        if not claim.reviewer.strip():
            raise StoreError("a reviewer name is needed to save")
        if not claim.text.strip() or not claim.chunk_ids:
            raise StoreError("a claim needs text and at least one cited chunk")
        record = {**asdict(claim), "chunk_ids": json.dumps(list(claim.chunk_ids)), "created_at": now()}
        self._append(ADDED_CLAIMS, record)
        return AddedClaim(**{**record, "chunk_ids": tuple(claim.chunk_ids)})

    def added_claims(self, case_id: str | None = None) -> list[AddedClaim]:
        condition, params = ("where case_id = ?", (case_id,)) if case_id else ("", ())
        rows = self._rows(f"select * from {ADDED_CLAIMS} where id in (select max(id) from {ADDED_CLAIMS} "
                          f"{condition} group by case_id, claim_id) order by id", params)
        return [AddedClaim(case_id=r["case_id"], claim_id=r["claim_id"], text=r["text"],
                           chunk_ids=tuple(json.loads(r["chunk_ids"])), reviewer=r["reviewer"],
                           created_at=r["created_at"]) for r in rows]

    # draft cases
    def save_draft(self, draft_id: str | None, case: dict[str, Any], reviewer: str, status: str = "draft") -> Draft:
        """Append the next version of a draft case, or with `draft_id` None a new draft under the
        next free id. The version (or id) is chosen and the row appended in one transaction, so
        concurrent saves never share an id or a version."""
        if not reviewer.strip():
            raise StoreError("a reviewer name is needed to save")
        if status not in ("draft", "approved"):
            raise StoreError("status must be draft or approved")
        _check_text({"draft_id": draft_id, "case": case, "reviewer": reviewer})
        record = {"case_json": json.dumps(case, ensure_ascii=False), "reviewer": reviewer.strip(), "status": status,
                  "created_at": now()}
        try:
            with self._transaction() as db:
                if draft_id is None:
                    draft_id, version = _next_draft_id(db), 1
                else:
                    latest = next(db.query(f"select version, status from {DRAFTS} where draft_id = ? "
                                           "order by id desc limit 1", [draft_id]), None)
                    if latest is not None and latest["status"] == "approved":
                        raise StoreError(f"{draft_id} is approved and can no longer be edited")
                    version = latest["version"] + 1 if latest else 1
                record.update(draft_id=draft_id, version=version)
                db[DRAFTS].insert(record)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the draft was not saved ({exc})") from exc
        return Draft(draft_id, case, record["reviewer"], status, record["created_at"], version)

    def drafts(self) -> list[Draft]:
        rows = self._rows(f"select d.*, (select f.reviewer from {DRAFTS} f where f.draft_id = d.draft_id "
                          f"order by f.id limit 1) as author from {DRAFTS} d "
                          f"where d.id in (select max(id) from {DRAFTS} group by draft_id) order by d.draft_id")
        return [Draft(r["draft_id"], json.loads(r["case_json"]), r["reviewer"], r["status"], r["created_at"],
                      r["version"], r["author"]) for r in rows]

    def draft(self, draft_id: str) -> Draft | None:
        return next((d for d in self.drafts() if d.draft_id == draft_id), None)

    def next_draft_id(self) -> str:
        """The id a new draft would get now (save_draft(None, ...) takes it, race-free)."""
        with self._db() as db:
            return _next_draft_id(db)

    def backup(self, target: Path) -> Path:
        """A consistent copy of the live database (SQLite online backup), written atomically."""
        target = Path(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f".{target.name}.partial")
        partial.unlink(missing_ok=True)
        try:
            source = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000)
            destination = sqlite3.connect(partial)
            try:
                source.backup(destination)
            finally:
                destination.close()
                source.close()
            os.replace(partial, target)
        except (OSError, sqlite3.Error) as exc:
            partial.unlink(missing_ok=True)
            raise StoreError(f"{target}: backup failed ({exc})") from exc
        return target

    def restore(self, backup: Path) -> None:
        """Replace the database's content with a backup's, after checking the backup is sound."""
        backup = Path(backup)
        if not backup.is_file():
            raise StoreError(f"{backup}: no such backup file")
        try:
            source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
            try:
                check = source.execute("pragma integrity_check").fetchone()[0]
                tables = {row[0] for row in source.execute("select name from sqlite_master where type='table'")}
                if check != "ok" or JUDGMENTS not in tables:
                    raise StoreError(f"{backup}: not a sound review database (integrity: {check})")
                destination = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000)
                try:
                    source.backup(destination)
                finally:
                    destination.close()
            finally:
                source.close()
        except sqlite3.Error as exc:
            raise StoreError(f"{backup}: cannot restore ({exc})") from exc

    def integrity_ok(self) -> bool:
        return self._rows("pragma integrity_check")[0]["integrity_check"] == "ok"


def _judgment(row: dict[str, Any]) -> Judgment:
    return Judgment(**{**row, "bare_acceptance": bool(row.get("bare_acceptance"))})


def _next_draft_id(db: Database) -> str:
    """One more than the highest draft number in use (not the count of drafts: ids stay unique
    whatever was saved under which id)."""
    numbers = [int(m.group(1)) for row in db.query(f"select distinct draft_id from {DRAFTS}")
               if (m := DRAFT_ID.fullmatch(row["draft_id"] or ""))]
    return f"draft-{max(numbers, default=0) + 1:03d}"


def _check_text(value: Any) -> None:
    """Refuse text SQLite cannot store (a lone surrogate) with a message, not an encoding error."""
    where = lone_surrogate(value, "text")
    if where is not None:
        raise StoreError(f"{where.removeprefix('text.')}: {SURROGATE_MESSAGE}")


def validate_judgment(label: str | None, reason: str | None, rationale: str | None,
                      gold_label: str | None) -> list[str]:
    """Problems with a judgment, in words a reviewer can act on (empty when it can be saved)."""
    problems = []
    if label not in CLAIM_LABELS:
        problems.append("choose a label: " + ", ".join(CLAIM_LABELS))
        return problems
    if label != "supports" and reason not in CLAIM_REASONS:
        problems.append(f"a '{label}' label needs a reason: " + ", ".join(CLAIM_REASONS))
    if label == "supports" and reason:
        problems.append("a 'supports' label takes no reason")
    needs_rationale = label == "contradicts" or (gold_label is not None and label != gold_label)
    if needs_rationale and not (rationale or "").strip():
        problems.append("write a rationale: it is required for 'contradicts' and for any label that differs "
                        "from the gold label")
    return problems
