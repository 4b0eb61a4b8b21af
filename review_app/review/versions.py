"""Corpus versions: the registry, what changed between two versions, and what that change affects.

A corpus version is `Corpus.version`, a hash over every file of the corpus folder (manifest,
scope and ranking rules, vocabulary, cards). Each version the app or the CLI runs on is
recorded once in the review store, with its sources and the content hash of every chunk,
and every chunk text is kept by its hash: a judgment made on an older text can always show
the text it was made on.

`diff` compares two recorded versions: sources added, removed, changed, newly superseded or
newly withdrawn, and chunks whose text changed. `review_queue` turns a diff into the items
a person must look at again: label cases whose gold sources or cited chunks changed, and
claim judgments made on a text or a status that is no longer current. An item leaves the
queue when a reviewer confirms it on the current version (or, for a judgment, judges the
pair again on the current version). Nothing is ever changed silently.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.corpus import Corpus
from ..errors import ReviewAppError
from ..records import Case
from .store import Judgment, ReviewStore


class VersionError(ReviewAppError):
    """A corpus version was asked for that the registry does not hold."""

    def __init__(self, version: str, known: Sequence[str]):
        self.version, self.known = version, tuple(known)
        listed = ", ".join(known) if known else "none yet"
        super().__init__(f"--from: no recorded corpus version {version!r} (recorded: {listed})")


@dataclass(frozen=True)
class SourceRecord:
    """What a version says about one source: enough to tell supersession and withdrawal apart."""

    id: str
    organization: str
    title: str
    published_date: str | None
    supersedes: tuple[str, ...]
    withdrawn_date: str | None = None
    withdrawn_reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "organization": self.organization, "title": self.title,
                "published_date": self.published_date, "supersedes": list(self.supersedes),
                "withdrawn_date": self.withdrawn_date, "withdrawn_reason": self.withdrawn_reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SourceRecord:
        return cls(data["id"], data["organization"], data["title"], data.get("published_date"),
                   tuple(data.get("supersedes") or ()), data.get("withdrawn_date"), data.get("withdrawn_reason"))


@dataclass(frozen=True)
class VersionRecord:
    version: str
    sources: tuple[SourceRecord, ...]
    chunks: dict[str, str]  # chunk id -> content hash, in corpus order
    recorded_at: str = ""

    @property
    def source_by_id(self) -> dict[str, SourceRecord]:
        return {s.id: s for s in self.sources}

    def superseded_by(self) -> dict[str, list[str]]:
        """Source id -> the sources of this version that supersede it (whatever their dates)."""
        out: dict[str, list[str]] = {}
        for source in self.sources:
            for target in source.supersedes:
                out.setdefault(target, []).append(source.id)
        return out


def _iso(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None


def snapshot(corpus: Corpus) -> VersionRecord:
    """The version record of a loaded corpus."""
    sources = tuple(SourceRecord(s.id, s.organization, s.title, _iso(s.published_date), s.supersedes,
                                 _iso(s.withdrawn_date), s.withdrawn_reason) for s in corpus.sources)
    return VersionRecord(corpus.version, sources, {c.id: c.content_hash for c in corpus.chunks})


def record(store: ReviewStore, corpus: Corpus) -> bool:
    """Record the corpus's version and chunk texts in the store (once); True when it was new."""
    current = snapshot(corpus)
    chunks = [{"content_hash": c.content_hash, "chunk_id": c.id, "heading": c.heading, "text": c.text}
              for c in corpus.chunks]
    return store.record_version(current.version, [s.to_json() for s in current.sources], chunks)


def registry(store: ReviewStore) -> list[VersionRecord]:
    """Every recorded version, oldest first."""
    return [VersionRecord(row["version"], tuple(SourceRecord.from_json(s) for s in row["sources"]), row["chunks"],
                          row["recorded_at"]) for row in store.versions()]


def find(store: ReviewStore, version: str) -> VersionRecord:
    """A recorded version by its id (or a unique prefix of it). Raises VersionError."""
    recorded = registry(store)
    matches = [r for r in recorded if r.version.startswith(version)] if version else []
    if len(matches) != 1:
        raise VersionError(version, [r.version for r in recorded])
    return matches[0]


def previous(store: ReviewStore, current: str) -> VersionRecord | None:
    """The last recorded version different from `current`: what `corpus diff` compares with by default."""
    earlier = [r for r in registry(store) if r.version != current]
    return earlier[-1] if earlier else None


@dataclass(frozen=True)
class ChunkChange:
    chunk_id: str
    kind: str  # "changed", "added" or "removed"
    old_hash: str | None
    new_hash: str | None


@dataclass(frozen=True)
class CorpusDiff:
    old: str
    new: str
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()  # sources whose manifest entry or chunks changed
    superseded: dict[str, tuple[str, ...]] = field(default_factory=dict)  # newly superseded -> by which sources
    withdrawn: dict[str, str] = field(default_factory=dict)  # newly withdrawn -> "date: reason"
    chunks: tuple[ChunkChange, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.superseded or self.withdrawn or self.chunks)

    def lines(self) -> list[str]:
        """One plain line per kind of change, for the CLI and the app alike."""
        out = [f"{title}: {', '.join(values)}" for title, values in (
            ("Sources added", self.added), ("Sources removed", self.removed), ("Sources changed", self.changed))
            if values]
        out += [f"Superseded: {source} (by {', '.join(by)})" for source, by in self.superseded.items()]
        out += [f"Withdrawn: {source} on {why}" for source, why in self.withdrawn.items()]
        return out + [f"Chunk {c.kind}: {c.chunk_id}" for c in self.chunks]

    def affected_sources(self) -> dict[str, str]:
        """Sources whose labels must be looked at again, with why."""
        out = {s: "removed from the corpus" for s in self.removed}
        out.update({s: "superseded by " + ", ".join(by) for s, by in self.superseded.items()})
        out.update({s: f"withdrawn on {why}" for s, why in self.withdrawn.items()})
        for source in self.changed:
            touched = [c.chunk_id for c in self.chunks if c.chunk_id.split("#", 1)[0] == source]
            out.setdefault(source, f"its card changed ({', '.join(touched)})" if touched
                           else "its manifest entry changed")
        return out

    def affected_chunks(self, chunk_ids: Sequence[str]) -> dict[str, str]:
        """Of `chunk_ids`, those whose text changed or was removed, or whose source was superseded,
        withdrawn or removed; with why."""
        text = {c.chunk_id: ("its text changed" if c.kind == "changed" else "removed from the corpus")
                for c in self.chunks if c.kind != "added"}
        sources = {s: why for s, why in self.affected_sources().items()
                   if s in self.removed or s in self.superseded or s in self.withdrawn}
        out = {}
        for chunk_id in chunk_ids:
            document = chunk_id.split("#", 1)[0]
            if chunk_id in text:
                out[chunk_id] = text[chunk_id]
            elif document in sources:
                out[chunk_id] = f"{document} {sources[document]}"
        return out

    def to_json(self) -> dict[str, Any]:
        return {"from": self.old, "to": self.new, "sources_added": list(self.added),
                "sources_removed": list(self.removed), "sources_changed": list(self.changed),
                "sources_superseded": {k: list(v) for k, v in self.superseded.items()},
                "sources_withdrawn": dict(self.withdrawn),
                "chunks": [{"chunk_id": c.chunk_id, "change": c.kind, "old_hash": c.old_hash,
                            "new_hash": c.new_hash} for c in self.chunks]}


def diff(old: VersionRecord, new: VersionRecord) -> CorpusDiff:
    """What changed from `old` to `new`."""
    before, after = old.source_by_id, new.source_by_id
    chunks = []
    for chunk_id, new_hash in new.chunks.items():
        old_hash = old.chunks.get(chunk_id)
        if old_hash is None:
            chunks.append(ChunkChange(chunk_id, "added", None, new_hash))
        elif old_hash != new_hash:
            chunks.append(ChunkChange(chunk_id, "changed", old_hash, new_hash))
    chunks += [ChunkChange(chunk_id, "removed", old_hash, None) for chunk_id, old_hash in old.chunks.items()
               if chunk_id not in new.chunks]
    touched = {c.chunk_id.split("#", 1)[0] for c in chunks}
    changed = tuple(s for s in after if s in before and (after[s] != before[s] or s in touched))
    was, now = old.superseded_by(), new.superseded_by()
    superseded = {s: tuple(by) for s, by in now.items() if s in before and set(by) - set(was.get(s, []))}
    withdrawn = {s.id: f"{s.withdrawn_date}: {s.withdrawn_reason}" for s in new.sources
                 if s.withdrawn_date and s.id in before and before[s.id].withdrawn_date != s.withdrawn_date}
    return CorpusDiff(old.version, new.version, tuple(s for s in after if s not in before),
                      tuple(s for s in before if s not in after), changed, superseded, withdrawn, tuple(chunks))


@dataclass(frozen=True)
class ReviewItem:
    """Something a corpus change affects and a person must look at again."""

    key: str  # stable, names the item: what a confirmation refers to
    kind: str  # "label" (a case in a label file) or "judgment" (a reviewer's label in the store)
    slice: str
    case_id: str
    why: str
    claim_id: str | None = None
    chunk_id: str | None = None
    source_id: str | None = None
    reviewer: str | None = None
    label: str | None = None
    old_hash: str | None = None  # the text the label or judgment was made on
    new_hash: str | None = None  # the chunk's current text (None when it was removed)
    made_on: str | None = None  # the corpus version a judgment was made on

    def line(self) -> str:
        what = f"{self.claim_id} · {self.chunk_id}" if self.chunk_id else f"gold source {self.source_id}"
        who = f" ({self.reviewer}: {self.label}, made on {self.made_on})" if self.kind == "judgment" else ""
        return f"{self.kind} {self.slice} {self.case_id} {what}{who}: {self.why}"

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class ReviewQueue:
    current: str
    diff: CorpusDiff | None  # None when no earlier version is recorded
    items: tuple[ReviewItem, ...]  # still to re-review
    confirmed: tuple[str, ...] = ()  # keys already confirmed on the current version

    def lines(self) -> list[str]:
        return [item.line() for item in self.items]


HIDDEN_LABEL = "(label hidden: blind review)"


def blind_item(item: ReviewItem) -> ReviewItem:
    """A reviewer's judgment in the queue without its label, for someone who may not see it."""
    return dataclasses.replace(item, label=HIDDEN_LABEL) if item.kind == "judgment" else item


def label_key(slice_name: str, case_id: str, claim_id: str | None, chunk_id: str | None,
              source_id: str | None = None) -> str:
    """The queue key of a label case's gold source (no claim) or of a gold claim's citation."""
    return f"label {slice_name} {case_id} gold {source_id}" if claim_id is None else \
        f"label {slice_name} {case_id} {claim_id} · {chunk_id}"


def judgment_key(j: Judgment) -> str:
    return f"judgment {j.case_id} {j.claim_id} · {j.chunk_id} by {j.reviewer}"


def corpus_change(store: ReviewStore, corpus: Corpus,
                  from_version: str | None = None) -> tuple[VersionRecord, VersionRecord | None, CorpusDiff | None]:
    """The current version, the one compared with (default: the previous recorded one) and the diff
    between them (None when there is nothing to compare with). Raises VersionError."""
    current = snapshot(corpus)
    old = find(store, from_version) if from_version else previous(store, current.version)
    return current, old, diff(old, current) if old is not None else None


def review_queue(store: ReviewStore, corpus: Corpus, cases: Mapping[str, Sequence[Case]],
                 judgments: Sequence[tuple[str, Judgment]] = (), from_version: str | None = None) -> ReviewQueue:
    """Label cases and claim judgments a change since `from_version` (default: the previous recorded
    version) affects, less those already confirmed on the current version. `judgments` pairs each
    current judgment with its slice. Raises VersionError for an unknown `from_version`."""
    record(store, corpus)
    current, old, change = corpus_change(store, corpus, from_version)
    items: list[ReviewItem] = []
    if change is not None:
        sources = change.affected_sources()
        for slice_name, slice_cases in cases.items():
            for case in slice_cases:
                for source in case.gold_document_ids:
                    if source in sources:
                        items.append(ReviewItem(label_key(slice_name, case.id, None, None, source), "label",
                                                slice_name, case.id, sources[source], source_id=source))
                for claim in case.claims:
                    cited = change.affected_chunks([e.chunk_id for e in claim.evidence])
                    for chunk_id, why in cited.items():
                        items.append(ReviewItem(label_key(slice_name, case.id, claim.id, chunk_id), "label",
                                                slice_name, case.id, why, claim.id, chunk_id,
                                                chunk_id.split("#", 1)[0], old_hash=old.chunks.get(chunk_id),
                                                new_hash=current.chunks.get(chunk_id)))
    for slice_name, j in judgments:
        why = judgment_change(j, current, change)
        if why:
            items.append(ReviewItem(judgment_key(j), "judgment",
                                    slice_name, j.case_id, why, j.claim_id, j.chunk_id, j.chunk_id.split("#", 1)[0],
                                    j.reviewer, j.label, j.chunk_hash, current.chunks.get(j.chunk_id),
                                    j.corpus_version))
    confirmed = {r["item"] for r in store.rereviews(current.version)}
    return ReviewQueue(current.version, change, tuple(i for i in items if i.key not in confirmed),
                       tuple(sorted(confirmed & {i.key for i in items})))


def judgment_change(j: Judgment, current: VersionRecord, change: CorpusDiff | None) -> str | None:
    """Why a judgment must be looked at again on the current version, or None."""
    new_hash = current.chunks.get(j.chunk_id)
    if new_hash is None:
        return "the chunk is no longer in the corpus"
    if new_hash != j.chunk_hash:
        return "made on an older text of the chunk"
    if change is not None and j.corpus_version != current.version:
        why = change.affected_chunks([j.chunk_id]).get(j.chunk_id)
        if why:
            return f"made before {why}"
    return None


def chunk_for_hash(store: ReviewStore, corpus: Corpus, content_hash: str | None) -> dict[str, Any] | None:
    """The chunk a content hash stands for (`chunk_id`, `heading`, `text`, and whether it is `current`):
    the current corpus first, then every text the store kept. None when neither has it."""
    if not content_hash:
        return None
    for chunk in corpus.chunks:
        if chunk.content_hash == content_hash:
            return {"chunk_id": chunk.id, "heading": chunk.heading, "text": chunk.text, "current": True}
    kept = store.chunk_text(content_hash)
    if kept is None:
        return None
    return {"chunk_id": kept["chunk_id"], "heading": kept["heading"], "text": kept["text"], "current": False,
            "first_seen_in": kept["corpus_version"]}


def text_of(store: ReviewStore, corpus: Corpus, content_hash: str | None) -> str | None:
    """The chunk text a content hash stands for (see `chunk_for_hash`)."""
    found = chunk_for_hash(store, corpus, content_hash)
    return found["text"] if found else None
