"""The drift timeline: every source of the corpus pack on one lane per organization, the
supersession links between them, which sources are current at a date, and per aspect each
organization's position as a step series over time.

Everything is read from the pack's data (the manifest's dates, supersession and withdrawals, and
positions.yaml); the module names no topic. An undated source sits at the date it counts from
(its not_before, else verified_on) and says so. Which source represents an organization on an
aspect at each date is drift.py's rule (`position_changes`), applied between consecutive dates at
which anything changes, so the step series and a comparison of two dates never disagree.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from ..engine.aspects import AspectRules, Position
from ..engine.corpus import Corpus
from ..engine.status import chunk_statuses_at, statuses_at
from ..records import Source
from .drift import Stance, position_changes

# How a source stands at a date, in the words the timeline shows.
STATES = ("current", "current in part", "superseded", "withdrawn", "not yet published")


@dataclass(frozen=True)
class Mark:
    """One source on its organization's lane."""

    source: str
    organization: str
    title: str
    knowledge_class: str
    date: dt.date  # its publication, or for an undated source the date it counts from
    dated: bool
    withdrawn: dt.date | None = None
    withdrawn_reason: str | None = None

    @property
    def when(self) -> str:
        """The mark's date in words: an undated source says it is undated."""
        return self.date.isoformat() if self.dated else f"undated, counted from {self.date.isoformat()}"

    @property
    def text(self) -> str:
        words = f"{self.source} ({self.organization}): {self.when}"
        if self.withdrawn is not None:
            words += f"; withdrawn {self.withdrawn.isoformat()}"
        return words

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "organization": self.organization, "title": self.title,
                "knowledge_class": self.knowledge_class, "date": self.date.isoformat(), "dated": self.dated,
                "withdrawn": self.withdrawn.isoformat() if self.withdrawn else None,
                "withdrawn_reason": self.withdrawn_reason, "text": self.text}


@dataclass(frozen=True)
class Link:
    """A newer source superseding an older one, in whole or (naming the sections) in part."""

    newer: str
    older: str
    date: dt.date  # from when it holds: the date the newer source counts from
    sections: tuple[str, ...] | None = None  # None: the whole source

    @property
    def partial(self) -> bool:
        return self.sections is not None

    @property
    def text(self) -> str:
        what = f"in part ({', '.join(self.sections)})" if self.sections is not None else "in whole"
        return f"{self.newer} supersedes {self.older} {what} from {self.date.isoformat()}"

    def to_json(self) -> dict[str, Any]:
        return {"newer": self.newer, "older": self.older, "date": self.date.isoformat(),
                "sections": list(self.sections) if self.sections is not None else None, "partial": self.partial,
                "text": self.text}


@dataclass(frozen=True)
class Lane:
    organization: str
    name: str  # the organization's full name
    marks: tuple[Mark, ...]  # oldest first


@dataclass(frozen=True)
class SourceState:
    """How one source stands at a date."""

    source: str
    organization: str
    state: str  # one of STATES
    replaced: tuple[str, ...] = ()  # current in part: the sections replaced by then
    by: tuple[str, ...] = ()  # the sources that supersede it (in whole or in part) by then
    since: dt.date | None = None  # when it counts from (not yet published: the date it will)

    @property
    def current(self) -> bool:
        return self.state in ("current", "current in part")

    @property
    def text(self) -> str:
        head = f"{self.source} ({self.organization}): {self.state}"
        if self.state == "current in part":
            return f"{head}; {', '.join(self.replaced)} replaced by {', '.join(self.by)}"
        if self.state == "superseded":
            return f"{head} by {', '.join(self.by)}"
        if self.state == "not yet published" and self.since is not None:
            return f"{head} (counts from {self.since.isoformat()})"
        return head

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "organization": self.organization, "state": self.state,
                "replaced": list(self.replaced), "by": list(self.by), "text": self.text}


@dataclass(frozen=True)
class Step:
    """An organization's position on an aspect from `start` until `end` (None: still holds)."""

    start: dt.date
    end: dt.date | None
    value: str | None  # None: no source states it (after a withdrawal, say)
    source: str | None
    kind: str  # drift's kind of change at `start` ("no source then" for the first step)

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start.isoformat(), "end": self.end.isoformat() if self.end else None,
                "value": self.value, "source": self.source, "kind": self.kind}


@dataclass(frozen=True)
class Series:
    """One organization's positions on one aspect over time, as steps."""

    organization: str
    aspect: str
    label: str
    steps: tuple[Step, ...]

    def at(self, date: dt.date) -> Step | None:
        """The step holding at `date` (None before the first, or when no source states it then)."""
        step = next((s for s in reversed(self.steps) if s.start <= date), None)
        return step if step is not None and step.value is not None else None

    @property
    def text(self) -> str:
        parts = [f"{s.value} from {s.start.isoformat()} ({s.source})" if s.value is not None
                 else f"no source from {s.start.isoformat()}" for s in self.steps]
        return f"{self.organization}: " + " → ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"organization": self.organization, "aspect": self.aspect, "label": self.label,
                "steps": [s.to_json() for s in self.steps], "text": self.text}


@dataclass(frozen=True)
class Timeline:
    lanes: tuple[Lane, ...]
    links: tuple[Link, ...]
    dates: tuple[dt.date, ...]  # every date at which something changes, oldest first
    aspects: dict[str, str]  # the aspects with step series: id -> label, in the pack's order
    series: dict[str, tuple[Series, ...]]  # aspect -> one series per organization that states it

    @property
    def marks(self) -> tuple[Mark, ...]:
        return tuple(m for lane in self.lanes for m in lane.marks)

    def mark(self, source_id: str) -> Mark:
        return next(m for m in self.marks if m.source == source_id)

    def to_json(self) -> dict[str, Any]:
        return {"lanes": [{"organization": lane.organization, "name": lane.name,
                           "marks": [m.to_json() for m in lane.marks]} for lane in self.lanes],
                "links": [link.to_json() for link in self.links], "dates": [d.isoformat() for d in self.dates],
                "aspects": dict(self.aspects),
                "series": {a: [s.to_json() for s in series] for a, series in self.series.items()}}


def build_timeline(corpus: Corpus, rules: AspectRules, primary_class: str,
                   aspects: tuple[str, ...] | None = None) -> Timeline:
    """The timeline of a corpus pack; step series for `aspects` (default: the pack's compared
    aspects, else every aspect with a position)."""
    lanes = tuple(Lane(org, name, tuple(sorted((_mark(s) for s in corpus.sources if s.organization == org),
                                               key=lambda m: (m.date, m.source))))
                  for org, name in corpus.organizations.items())
    links = tuple(Link(s.id, target, s.eligible_from, s.sections_replaced(target))
                  for s in corpus.sources if s.eligible_from is not None for target in s.supersedes)
    dates = change_dates(corpus)
    if aspects is None:
        stated = {p.aspect for p in rules.positions}
        aspects = rules.compared or tuple(a for a in rules.labels if a in stated)
    labels = {a: rules.labels[a] for a in aspects}
    return Timeline(lanes, links, dates, labels, step_series(corpus, labels, rules.positions, primary_class, dates))


def change_dates(corpus: Corpus) -> tuple[dt.date, ...]:
    """Every date at which a source starts to count or is withdrawn."""
    dates = {s.eligible_from for s in corpus.sources if s.eligible_from is not None}
    dates |= {s.withdrawn_date for s in corpus.sources if s.withdrawn_date is not None}
    return tuple(sorted(dates))


def sources_at(corpus: Corpus, date: dt.date) -> tuple[SourceState, ...]:
    """How every source stands at `date`, in manifest order."""
    statuses = statuses_at(corpus.sources, date)
    chunks = chunk_statuses_at(corpus.sources, corpus.chunks, date, statuses)
    in_force = [s for s in corpus.sources if s.eligible_from is not None and s.eligible_from <= date]
    out = []
    for source in corpus.sources:
        status = statuses[source.id]
        by = tuple(s.id for s in in_force if source.id in s.supersedes)
        replaced = tuple(c.id.partition("#")[2] for c in corpus.chunks
                         if c.document_id == source.id and chunks[c.id] == "superseded")
        state = "current in part" if status == "current" and replaced else status.replace("_", " ")
        since = source.eligible_from if status == "not_yet_published" else None
        out.append(SourceState(source.id, source.organization, state, replaced if state == "current in part" else (),
                               by if state in ("current in part", "superseded") else (), since))
    return tuple(out)


def current_at(corpus: Corpus, date: dt.date) -> tuple[SourceState, ...]:
    """The sources current (in whole or in part) at `date`."""
    return tuple(s for s in sources_at(corpus, date) if s.current)


def step_series(corpus: Corpus, labels: dict[str, str], positions: tuple[Position, ...], primary_class: str,
                dates: tuple[dt.date, ...]) -> dict[str, tuple[Series, ...]]:
    """Per aspect, each organization's position at every change date, merged into steps."""
    positions = tuple(p for p in positions if p.aspect in labels)
    held: dict[tuple[str, str], list[tuple[dt.date, Stance | None, str]]] = {}
    for date in dates:
        before = chunk_statuses_at(corpus.sources, corpus.chunks, date - dt.timedelta(days=1))
        now = chunk_statuses_at(corpus.sources, corpus.chunks, date)
        seen: set[tuple[str, str]] = set()
        for change in position_changes(corpus, labels, positions, primary_class, before, now):
            key = (change.organization, change.aspect)
            if key in seen:
                continue  # the rows after the first name other sources; the first represents the organization
            seen.add(key)
            held.setdefault(key, []).append((date, change.now, change.kind))
    out: dict[str, tuple[Series, ...]] = {}
    for aspect, label in labels.items():
        out[aspect] = tuple(Series(org, aspect, label, _steps(held[(org, aspect)]))
                            for org in corpus.organizations if (org, aspect) in held)
    return out


def _steps(points: list[tuple[dt.date, Stance | None, str]]) -> tuple[Step, ...]:
    """Consecutive dates with the same value from the same source make one step."""
    steps: list[Step] = []
    for date, stance, kind in points:
        value, source = (stance.value, stance.source) if stance else (None, None)
        if steps and (steps[-1].value, steps[-1].source) == (value, source):
            continue
        if not steps and value is None:
            continue
        if steps:
            steps[-1] = Step(steps[-1].start, date, steps[-1].value, steps[-1].source, steps[-1].kind)
        steps.append(Step(date, None, value, source, kind))
    return tuple(steps)


def _mark(source: Source) -> Mark:
    return Mark(source.id, source.organization, source.title, source.knowledge_class, source.eligible_from,
                source.published_date is not None, source.withdrawn_date, source.withdrawn_reason)
