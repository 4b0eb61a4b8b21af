"""Evidence synthesis without a language model: per organization, the positions its retrieved
cards state (corpus/positions.yaml), each statement a claim that must pass the verifier before
it is shown, and the disagreements between organizations stated, never averaged away."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.corpus import Corpus
from ..engine.datafiles import read_mapping
from ..engine.pipeline import Engine
from ..errors import CorpusError, Problem
from ..records import Decision
from .verifier import Verifier

POSITIONS_FILE = "positions.yaml"


@dataclass(frozen=True)
class Position:
    chunk_id: str
    topic: str
    value: str
    statement: str


@dataclass(frozen=True)
class Statement:
    text: str
    chunk_ids: tuple[str, ...]
    topic: str
    value: str
    status: str
    verified: bool
    verifier_label: str
    explanation: str

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "chunk_ids": list(self.chunk_ids), "topic": self.topic, "value": self.value,
                "status": self.status, "verified": self.verified, "verifier_label": self.verifier_label}


@dataclass(frozen=True)
class OrganizationCard:
    organization: str
    statements: tuple[Statement, ...]  # verified only: nothing unverified is shown as a finding

    def to_json(self) -> dict[str, Any]:
        return {"organization": self.organization, "statements": [s.to_json() for s in self.statements]}


@dataclass(frozen=True)
class Disagreement:
    topic: str
    label: str
    positions: dict[str, str]  # organization -> value

    @property
    def text(self) -> str:
        listed = "; ".join(f"{org}: {value}" for org, value in self.positions.items())
        return f"Organizations disagree on {self.label}. {listed}."

    def to_json(self) -> dict[str, Any]:
        return {"topic": self.topic, "label": self.label, "positions": dict(self.positions), "text": self.text}


@dataclass(frozen=True)
class Synthesis:
    cards: tuple[OrganizationCard, ...]
    disagreements: tuple[Disagreement, ...]
    withheld: tuple[Statement, ...]  # statements that failed verification, kept for review only

    def to_json(self) -> dict[str, Any]:
        return {"synthesis": [c.to_json() for c in self.cards],
                "disagreements": [d.to_json() for d in self.disagreements],
                "withheld": [s.to_json() for s in self.withheld]}


@dataclass(frozen=True)
class PositionRules:
    topics: dict[str, str]  # topic -> how the synthesis names it
    compared: tuple[str, ...]  # topics on which organizations' positions are compared
    positions: tuple[Position, ...]


def load_positions(corpus: Corpus) -> PositionRules:
    """Read the pack's positions.yaml; every chunk id and topic must exist."""
    path = Path(corpus.directory) / POSITIONS_FILE
    name = str(path)
    data = read_mapping(path)
    topics = data.get("topics")
    problems: list[Problem] = []
    if not isinstance(topics, dict) or not topics:
        problems.append(Problem(name, "topics", "expected a mapping of topic -> how the synthesis names it"))
        topics = {}
    compared = data.get("compared")
    if not (isinstance(compared, list) and all(isinstance(t, str) and t in topics for t in compared)):
        problems.append(Problem(name, "compared", "expected a list of the topics (above) on which organizations "
                                                  "are compared"))
        compared = []
    positions = []
    for i, entry in enumerate(data.get("positions") or []):
        where = f"positions[{i}]"
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) and entry[k].strip()
                                                  for k in ("chunk", "topic", "value", "statement")):
            problems.append(Problem(name, where, "needs chunk, topic, value and statement (non-empty text)"))
            continue
        if entry["chunk"] not in corpus.chunk_by_id:
            problems.append(Problem(name, f"{where}.chunk", f"{entry['chunk']!r} is not a chunk of the corpus"))
        if topics and entry["topic"] not in topics:
            problems.append(Problem(name, f"{where}.topic", f"{entry['topic']!r} is not one of " + ", ".join(topics)))
        positions.append(Position(entry["chunk"], entry["topic"], str(entry["value"]), entry["statement"].strip()))
    if problems:
        raise CorpusError(problems)
    return PositionRules({str(k): str(v) for k, v in topics.items()}, tuple(compared), tuple(positions))


class Synthesizer:
    def __init__(self, engine: Engine):
        self.engine = engine
        self.verifier = Verifier(engine)
        rules = load_positions(engine.corpus)
        self.topics, self.compared, self.positions = rules.topics, rules.compared, rules.positions

    def synthesize(self, decision: Decision) -> Synthesis:
        """Cards and disagreements for an answered Decision (nothing for an abstention)."""
        if decision.abstain:
            return Synthesis((), (), ())
        date = decision.settings.reference_date
        by_chunk: dict[str, list[Position]] = {}
        for position in self.positions:
            by_chunk.setdefault(position.chunk_id, []).append(position)
        per_org: dict[str, list[Statement]] = {}
        withheld = []
        for result in decision.results:
            for position in by_chunk.get(result.chunk_id, []):
                statement = self._statement(position, result.status, date)
                if statement.verified:
                    per_org.setdefault(result.organization, []).append(statement)
                else:
                    withheld.append(statement)
        cards = tuple(OrganizationCard(org, tuple(statements)) for org, statements in per_org.items())
        return Synthesis(cards, self._disagreements(per_org), tuple(withheld))

    def _statement(self, position: Position, status: str, date) -> Statement:
        verdict = self.verifier.verify_claim((position.chunk_id, position.statement, [position.chunk_id]), date)
        citation = verdict.verdicts[0]
        return Statement(position.statement, (position.chunk_id,), position.topic, position.value, status,
                         verdict.supported, citation.label, citation.explanation)

    def _disagreements(self, per_org: dict[str, list[Statement]]) -> tuple[Disagreement, ...]:
        out = []
        for topic in self.compared:
            stated = {}
            for org, statements in per_org.items():
                current = [s for s in statements if s.topic == topic and s.status == "current"]
                if current:
                    stated[org] = current[0].value
            if len(stated) > 1 and len(set(stated.values())) > 1:
                out.append(Disagreement(topic, self.topics[topic], stated))
        return tuple(out)


@lru_cache(maxsize=8)
def get_synthesizer(engine: Engine) -> Synthesizer:
    """One synthesizer (verifier and positions, built once) per engine."""
    return Synthesizer(engine)
