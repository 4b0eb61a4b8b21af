"""Evidence synthesis without a language model, answering the aspects the question asks about.

The engine picks, per asked aspect and organization, the chunks that answer it (the pack's
positions.yaml, engine/aspects.py). Here each picked chunk's position on that aspect becomes a
statement, shown only once the claim verifier supports it against the chunk; positions of other
retrieved chunks go to a folded `related` list. Per aspect, organizations with no statement are
named, disagreement between current positions is stated (never averaged away), and a one-line
answer is built from the verified statements alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..engine.aspects import Position
from ..engine.pipeline import Engine
from ..records import Decision
from .verifier import Verifier


@dataclass(frozen=True)
class Statement:
    text: str
    chunk_ids: tuple[str, ...]
    aspect: str
    value: str
    status: str
    verified: bool
    verifier_label: str
    explanation: str
    year: int | None = None  # the source's publication year (shown when the source is not current)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "chunk_ids": list(self.chunk_ids), "aspect": self.aspect, "value": self.value,
                "status": self.status, "verified": self.verified, "verifier_label": self.verifier_label}


@dataclass(frozen=True)
class OrganizationCard:
    organization: str
    statements: tuple[Statement, ...]  # verified only: nothing unverified is shown as a finding

    def to_json(self) -> dict[str, Any]:
        return {"organization": self.organization, "statements": [s.to_json() for s in self.statements]}


@dataclass(frozen=True)
class Disagreement:
    aspect: str
    label: str
    positions: dict[str, str]  # organization -> value

    @property
    def text(self) -> str:
        listed = "; ".join(f"{org}: {value}" for org, value in self.positions.items())
        return f"Organizations disagree on {self.label}. {listed}."

    def to_json(self) -> dict[str, Any]:
        return {"aspect": self.aspect, "label": self.label, "positions": dict(self.positions), "text": self.text}


@dataclass(frozen=True)
class Synthesis:
    cards: tuple[OrganizationCard, ...]  # per organization, the verified statements on the asked aspects
    disagreements: tuple[Disagreement, ...]
    withheld: tuple[Statement, ...]  # statements that failed verification, kept for review only
    answer: str | None = None  # the one-line answer, from verified statements only
    aspects: tuple[tuple[str, str], ...] = ()  # (aspect, label) asked, in order
    missing: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (aspect label, organizations with no statement)
    related: tuple[Statement, ...] = ()  # verified statements of other retrieved chunks, off the asked aspects

    @property
    def statements(self) -> tuple[Statement, ...]:
        return tuple(s for card in self.cards for s in card.statements)

    def to_json(self) -> dict[str, Any]:
        return {"answer": self.answer,
                "synthesis": [c.to_json() for c in self.cards],
                "disagreements": [d.to_json() for d in self.disagreements],
                "no_statement": [{"aspect": label, "organizations": list(orgs)} for label, orgs in self.missing],
                "related": [s.to_json() for s in self.related],
                "withheld": [s.to_json() for s in self.withheld]}


class Synthesizer:
    def __init__(self, engine: Engine, positions: tuple[Position, ...] | None = None):
        self.engine = engine
        self.verifier = Verifier(engine)
        rules = engine.aspects
        self.labels, self.compared = rules.labels, rules.compared
        self.positions = rules.positions if positions is None else positions
        self._by_chunk: dict[str, list[Position]] = {}
        for position in self.positions:
            self._by_chunk.setdefault(position.chunk_id, []).append(position)
        # a statement's verdict at a date, kept (bounded: every reference date a visitor picks adds some)
        self._verdict = lru_cache(maxsize=4096)(self._verify)

    def synthesize(self, decision: Decision) -> Synthesis:
        """Statements, disagreements and the one-line answer for an answered Decision (nothing
        for an abstention)."""
        if decision.abstain:
            return Synthesis((), (), ())
        date = decision.settings.reference_date
        results = {r.chunk_id: r for r in decision.results}
        per_org: dict[str, list[Statement]] = {}
        by_aspect: dict[str, list[tuple[str, Statement]]] = {}
        withheld: list[Statement] = []
        shown: set[str] = set()
        used: set[tuple[str, str]] = set()
        for aspect in decision.aspects:
            for chunk_id in decision.answer_chunks.get(aspect, ()):
                result = results[chunk_id]
                for position in self._by_chunk.get(chunk_id, []):
                    if position.aspect != aspect:
                        continue
                    used.add((chunk_id, aspect))
                    statement = self._statement(position, result.status, date, result.published_date)
                    if not statement.verified:
                        withheld.append(statement)
                        continue
                    by_aspect.setdefault(aspect, []).append((result.organization, statement))
                    if statement.text not in shown:  # one statement may answer two aspects: shown once
                        shown.add(statement.text)
                        per_org.setdefault(result.organization, []).append(statement)
        related = []
        for result in decision.results:
            for position in self._by_chunk.get(result.chunk_id, []):
                if (result.chunk_id, position.aspect) in used or position.statement in shown:
                    continue
                statement = self._statement(position, result.status, date, result.published_date)
                if statement.verified:
                    shown.add(statement.text)
                    related.append(statement)
        order = list(self.engine.corpus.organizations)
        cards = tuple(OrganizationCard(org, tuple(per_org[org])) for org in order if org in per_org)
        missing = tuple((self.labels[a], tuple(orgs)) for a, orgs in decision.aspects_missing.items()
                        if a in decision.aspects)
        disagreements = self._disagreements(decision.aspects, by_aspect)
        answer = one_line_answer(decision, [(a, self.labels[a]) for a in decision.aspects], by_aspect, missing,
                                 order)
        return Synthesis(cards, disagreements, tuple(withheld), answer,
                         tuple((a, self.labels[a]) for a in decision.aspects), missing, tuple(related))

    def _statement(self, position: Position, status: str, date, published) -> Statement:
        supported, label, explanation = self._verdict(position.chunk_id, position.statement, date)
        return Statement(position.statement, (position.chunk_id,), position.aspect, position.value, status,
                         supported, label, explanation, published.year if published else None)

    def _verify(self, chunk_id: str, statement: str, date) -> tuple[bool, str, str]:
        verdict = self.verifier.verify_claim((chunk_id, statement, [chunk_id]), date)
        citation = verdict.verdicts[0]
        return verdict.supported, citation.label, citation.explanation

    def _disagreements(self, asked: tuple[str, ...],
                       by_aspect: dict[str, list[tuple[str, Statement]]]) -> tuple[Disagreement, ...]:
        out = []
        for aspect in asked:
            if aspect not in self.compared:
                continue
            stated = _values(by_aspect.get(aspect, []), current_only=True)
            if len(stated) > 1 and len(set(stated.values())) > 1:
                out.append(Disagreement(aspect, self.labels[aspect], stated))
        return tuple(out)


def _values(pairs: list[tuple[str, Statement]], current_only: bool = False) -> dict[str, str]:
    """Organization -> its distinct values on one aspect, joined (in the order stated)."""
    values: dict[str, list[str]] = {}
    for org, statement in pairs:
        if current_only and statement.status != "current":
            continue
        value = statement.value
        if statement.status != "current" and statement.year:
            value = f"{value} (in {statement.year})"
        values.setdefault(org, [])
        if value not in values[org]:
            values[org].append(value)
    return {org: ", ".join(v) for org, v in values.items()}


def one_line_answer(decision: Decision, aspects: list[tuple[str, str]],
                    by_aspect: dict[str, list[tuple[str, Statement]]],
                    missing: tuple[tuple[str, tuple[str, ...]], ...], order: list[str]) -> str | None:
    """One line from verified statements only: per asked aspect, whether the organizations agree
    and each one's position; the reference date and the patient's ages first."""
    parts = []
    for aspect, label in aspects:
        values = _values(by_aspect.get(aspect, []))
        values = {org: values[org] for org in order if org in values}
        if not values:
            continue
        if len(values) == 1:
            org, value = next(iter(values.items()))
            parts.append(f"{org} on {label}: {value}.")
        elif len(set(values.values())) == 1:
            parts.append(f"Organizations agree on {label}: {next(iter(values.values()))} "
                         f"({', '.join(values)}).")
        else:
            listed = "; ".join(f"{org} {value}" for org, value in values.items())
            parts.append(f"Organizations disagree on {label}: {listed}.")
    if not parts:
        return None
    for label, orgs in missing:
        parts.append(f"No statement in this corpus from {', '.join(orgs)} on {label}.")
    context = f"As of {decision.settings.reference_date.isoformat()}"
    ages = decision.patient.get("ages") if decision.patient else None
    if ages:
        context += ", for " + " / ".join(f"age {lo}" if lo == hi else f"ages {lo} to {hi}" if hi < 130
                                         else f"age {lo} and older" for lo, hi in ages)
    relatives = [r["who"] for r in (decision.patient or {}).get("relatives", [])]
    if relatives:
        context += f" (a relative named: {', '.join(dict.fromkeys(relatives))})"
    return f"{context}: " + " ".join(parts)


@lru_cache(maxsize=8)
def get_synthesizer(engine: Engine) -> Synthesizer:
    """One synthesizer (verifier and positions, built once) per engine."""
    return Synthesizer(engine)
