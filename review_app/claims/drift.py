"""Evidence drift: one question decided at two dates, and what each organization's position was
then and is now.

The two decisions are complete (retrieval, answer or abstain, verified synthesis). The changes
are not read from what either decision happened to retrieve: they come from the corpus pack's
data alone (positions.yaml, and the manifest's dates and supersession through each chunk's
status at each date), so the same two dates always give the same changes.

Per organization and aspect, the position at a date is the `value` of the positions whose chunk
is current then. When several of an organization's sources state a topic, one represents it:
at the later date the source that represented it earlier while it is still current (a position
that was not replaced stays with its source), otherwise the pack's primary kind of source first,
then the most recently published, then manifest order. Each other source that states the aspect
at the later date but did not at the earlier one is listed as a `new source`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from dataclasses import dataclass
from typing import Any

from ..engine.aspects import Position
from ..engine.corpus import Corpus
from ..engine.pipeline import Engine
from ..records import Decision, Settings
from .synthesis import Synthesis, get_synthesizer

KINDS = ("position changed", "superseded", "withdrawn", "new source", "unchanged", "no source then",
         "no source now")


@dataclass(frozen=True)
class Dated:
    """A decision and its verified synthesis at one reference date."""

    decision: Decision
    synthesis: Synthesis

    @property
    def date(self) -> dt.date:
        return self.decision.settings.reference_date

    def to_json(self) -> dict[str, Any]:
        record = self.decision.to_json()
        record.update({k: v for k, v in self.synthesis.to_json().items() if k != "withheld"})
        return record

    def summary(self) -> str:
        """One line: answer or abstain, at which reference date."""
        d = self.decision
        verdict = (f"abstain: {d.abstain_reason}" if d.abstain else
                   f"answer (best support {d.max_support_score:.3f}, threshold {d.settings.threshold:.3f})")
        return f"as of {self.date.isoformat()}: {verdict}"


@dataclass(frozen=True)
class Stance:
    """One organization's position on one aspect at one date, and the source it comes from."""

    value: str
    source: str
    title: str
    published: str | None  # the date the source counts from (an undated source's not_before)
    chunk_ids: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "source": self.source, "title": self.title, "published": self.published,
                "chunk_ids": list(self.chunk_ids)}


@dataclass(frozen=True)
class Change:
    organization: str
    aspect: str
    label: str  # how the pack names the aspect
    kind: str  # one of KINDS
    then: Stance | None
    now: Stance | None
    then_status_now: str | None  # the status, at the later date, of the section(s) the earlier position came from

    @property
    def text(self) -> str:
        then = f"{self.then.value} ({self.then.source})" if self.then else "no source"
        now = f"{self.now.value} ({self.now.source})" if self.now else "no source"
        if self.kind == "new source":
            return f"{self.organization} · {self.label}: new source {now}"
        return f"{self.organization} · {self.label}: {self.kind} — then {then}; now {now}"

    def to_json(self) -> dict[str, Any]:
        return {"organization": self.organization, "aspect": self.aspect, "label": self.label, "kind": self.kind,
                "then": self.then.to_json() if self.then else None, "now": self.now.to_json() if self.now else None,
                "then_status_now": self.then_status_now, "text": self.text}


@dataclass(frozen=True)
class Comparison:
    then: Dated
    now: Dated
    changes: tuple[Change, ...]

    def to_json(self) -> dict[str, Any]:
        return {"then": self.then.to_json(), "now": self.now.to_json(),
                "changes": [c.to_json() for c in self.changes]}

    def text(self) -> str:
        """The two one-line answers and the changes as a short list (unchanged positions counted, not listed)."""
        lines = [f"Then {self.then.summary()}", f"Now  {self.now.summary()}", "", "What changed:"]
        moved = [c for c in self.changes if c.kind != "unchanged"]
        lines += [f"  - {c.text}" for c in moved] or ["  (nothing)"]
        unchanged = len(self.changes) - len(moved)
        if unchanged:
            lines.append(f"  ({unchanged} position(s) unchanged; --json lists them)")
        return "\n".join(lines)


def compare(engine: Engine, question: str, settings: Settings, compare_date: dt.date) -> Comparison:
    """The question decided at `compare_date` (then) and at the settings' reference date (now),
    both as explicit dates (a time the question states moves neither), and the changes between."""
    now_settings = dataclasses.replace(settings, reference_date_explicit=True)
    then_settings = dataclasses.replace(now_settings, reference_date=compare_date)
    synthesizer = get_synthesizer(engine)
    sides = []
    for s in (then_settings, now_settings):
        decision = engine.ask(question, s)
        sides.append(Dated(decision, synthesizer.synthesize(decision)))
    changes = position_changes(engine.corpus, synthesizer.labels, synthesizer.positions, engine.pack.primary_class,
                               engine.chunk_statuses(compare_date), engine.chunk_statuses(settings.reference_date))
    return Comparison(sides[0], sides[1], changes)


def position_changes(corpus: Corpus, labels: dict[str, str], positions: tuple[Position, ...], primary_class: str,
                     then_statuses: dict[str, str], now_statuses: dict[str, str]) -> tuple[Change, ...]:
    """Per organization and aspect, the position then and now and the kind of change; pure over
    the pack's positions and the chunk statuses at the two dates."""
    order = {s.id: i for i, s in enumerate(corpus.sources)}
    source = corpus.source_by_id

    def rank(source_id: str) -> tuple:
        s = source[source_id]
        start = s.eligible_from.toordinal() if s.eligible_from else 0
        return (s.knowledge_class != primary_class, -start, order[source_id])

    def stance(held: dict[str, list[Position]], source_id: str | None) -> Stance | None:
        if source_id is None:
            return None
        s = source[source_id]
        ps = held[source_id]
        return Stance("; ".join(dict.fromkeys(p.value for p in ps)), source_id, s.title,
                      s.eligible_from.isoformat() if s.eligible_from else None,
                      tuple(dict.fromkeys(p.chunk_id for p in ps)))

    out: list[Change] = []
    for organization in corpus.organizations:
        for aspect, label in labels.items():
            stated = [p for p in positions if p.aspect == aspect
                      and corpus.chunk_by_id[p.chunk_id].organization == organization]
            then_held, now_held = _held(corpus, stated, then_statuses), _held(corpus, stated, now_statuses)
            then_source = min(then_held, key=rank, default=None)
            now_source = then_source if then_source in now_held else min(now_held, key=rank, default=None)
            then, now = stance(then_held, then_source), stance(now_held, now_source)
            if then is None and now is None:
                continue
            status = _status(then.chunk_ids, now_statuses) if then else None
            out.append(Change(organization, aspect, label, _kind(then, now, status), then, now, status))
            if then is None:
                continue  # everything now is new; the row says so
            out += [Change(organization, aspect, label, "new source", then, stance(now_held, extra), status)
                    for extra in sorted(now_held, key=rank) if extra != now_source and extra not in then_held]
    return tuple(out)


def _held(corpus: Corpus, stated: list[Position], statuses: dict[str, str]) -> dict[str, list[Position]]:
    """The positions whose chunk is current, by source id."""
    held: dict[str, list[Position]] = {}
    for p in stated:
        if statuses.get(p.chunk_id) == "current":
            held.setdefault(corpus.chunk_by_id[p.chunk_id].document_id, []).append(p)
    return held


def _status(chunk_ids: tuple[str, ...], statuses: dict[str, str]) -> str:
    """The status of a stance's sections: the first that is not current, else current."""
    return next((statuses[c] for c in chunk_ids if statuses[c] != "current"), "current")


def _kind(then: Stance | None, now: Stance | None, then_status_now: str | None) -> str:
    if then is None:
        return "no source then"
    if now is None:
        return "withdrawn" if then_status_now == "withdrawn" else "no source now"
    if then.value != now.value:
        return "position changed"
    if then_status_now in ("superseded", "withdrawn"):
        return then_status_now
    return "unchanged" if then.source == now.source else "new source"
