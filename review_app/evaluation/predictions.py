"""The predictions format: how any system, not only this project's pipeline, is scored.

Questions out (`question_set`): each case's id, question and reference date (its own, or the
pack's pinned one), the corpus version, and the corpus as chunks with their status at every
date the questions use. No gold: no expected sources, chunks, flags, tags or notes.

Predictions in, one JSON object per line (`load_predictions` validates them):

    {"id": "holdout-001", "abstain": false, "retrieved": ["source-id#section", ...],
     "answer": "optional text", "claims": [{"text": "...", "chunk_ids": ["source-id#section"]}]}

`retrieved` is ranked, best first; its first k entries are the ranking (k = top-k, default 6:
Recall@k, MRR, chunk Recall@k), and entries k+1 to 2k extend what the answer shows (they count
for the decision and the answer, as the pipeline's answer-bearing chunks past its top k do). It
holds chunk ids, or document (source) ids: a file with any line of document ids is scored at
document level only (chunk metrics "not available"). `claims` are optional; once any line has
them, the claim metrics are computed, and an answered line without them shows none.

Scoring (`score`) uses evaluate's own definitions (`score_case`, `summarize`): a case with no
prediction counts as wrong (an answerable case as not answered, an abstention case as not
abstained) and is reported as missing. Claims are checked by the claim verifier at the case's
reference date; the claims of an abstaining prediction are not shown, so not scored.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..claims.citations import case_date
from ..claims.verifier import ClaimVerdict, Verifier
from ..engine.pipeline import Engine
from ..errors import Problem, ValidationError
from ..jsonl import dumps_lines, split_lines
from ..records import Case, Settings
from .evaluate import CaseResult, case_settings, outdated_sources, score_case, summarize

MAX_PROBLEMS = 20  # problems listed before the rest are only counted
LEVELS = ("chunk", "document")


class PredictionError(ValidationError):
    """A predictions file is invalid: at most MAX_PROBLEMS problems, then a count of the rest."""


@dataclass(frozen=True)
class PredictedClaim:
    id: str
    text: str
    chunk_ids: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "chunk_ids": list(self.chunk_ids)}


@dataclass(frozen=True)
class Prediction:
    """One line of a predictions file: what a system did for one case."""

    id: str
    abstain: bool
    retrieved: tuple[str, ...]  # chunk or document ids, best first
    answer: str | None = None
    claims: tuple[PredictedClaim, ...] | None = None  # None: the line gives no claims
    line: int = 0

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"id": self.id, "abstain": self.abstain, "retrieved": list(self.retrieved)}
        if self.answer is not None:
            record["answer"] = self.answer
        if self.claims is not None:
            record["claims"] = [c.to_json() for c in self.claims]
        return record


@dataclass(frozen=True)
class PredictionSet:
    predictions: tuple[Prediction, ...]
    level: str  # "chunk": every retrieved id is a chunk id; else "document"
    with_claims: bool  # some line gives claims
    file: str = ""

    @classmethod
    def of(cls, predictions: Iterable[Prediction], document_ids: Iterable[str] = (), file: str = "") -> PredictionSet:
        """The set of `predictions`: at document level when any retrieves one of `document_ids`."""
        predictions = tuple(predictions)
        documents = set(document_ids)
        level = "document" if any(r in documents for p in predictions for r in p.retrieved) else "chunk"
        return cls(predictions, level, any(p.claims is not None for p in predictions), file)


def dumps_predictions(predictions: Iterable[Prediction]) -> str:
    """The predictions as JSON Lines (one object per line, fields in the documented order)."""
    return dumps_lines(p.to_json() for p in predictions)


def write_predictions(path: Path, predictions: Iterable[Prediction]) -> Path:
    from .report import write_atomic

    write_atomic(Path(path), dumps_predictions(predictions))
    return Path(path)


# Questions out


def chunk_statuses(engine: Engine, date: dt.date) -> dict[str, str]:
    """Each chunk's status at `date`: the engine's per-chunk statuses where it has them (a
    section replaced by a newer source), else its source's."""
    per_chunk = getattr(engine, "chunk_statuses", None)
    if per_chunk is not None:
        return dict(per_chunk(date))
    statuses = engine.statuses(date)
    return {c.id: statuses[c.document_id] for c in engine.corpus.chunks}


def _iso(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None


def corpus_records(engine: Engine, dates: Sequence[dt.date], pinned: dt.date) -> list[dict[str, Any]]:
    """Every chunk with its source's provenance and dates, its status at the pinned date
    (`status`) and at each of `dates` (`status_at`, keyed by ISO date)."""
    at = {d.isoformat(): chunk_statuses(engine, d) for d in sorted(set(dates) | {pinned})}
    records = []
    for chunk in engine.corpus.chunks:
        source = engine.corpus.source_by_id[chunk.document_id]
        records.append({
            "id": chunk.id, "document_id": chunk.document_id, "organization": chunk.organization,
            "title": source.title, "heading": chunk.heading, "text": chunk.text,
            "knowledge_class": source.knowledge_class, "published_date": _iso(source.published_date),
            "effective_date": _iso(source.effective_date), "withdrawn_date": _iso(source.withdrawn_date),
            "supersedes": list(source.supersedes), "url": source.url, "citation": source.citation,
            "content_hash": chunk.content_hash, "status": at[pinned.isoformat()][chunk.id],
            "status_at": {date: statuses[chunk.id] for date, statuses in at.items()}})
    return records


def question_records(cases: Sequence[Case], pinned: dt.date, corpus_version: str) -> list[dict[str, Any]]:
    """The questions without gold: id, question, reference date (the case's, else the pinned one)."""
    return [{"id": c.id, "question": c.question, "reference_date": (c.reference_date or pinned).isoformat(),
             "corpus_version": corpus_version} for c in cases]


def question_set(engine: Engine, cases: Sequence[Case], settings: Settings, name: str) -> dict[str, Any]:
    """What a system needs to answer a slice: its questions (no gold) and the corpus as chunks."""
    pinned = settings.reference_date
    dates = [c.reference_date or pinned for c in cases]
    return {"slice": name, "corpus_version": engine.corpus.version, "reference_date": pinned.isoformat(),
            "top_k": settings.top_k, "questions": question_records(cases, pinned, engine.corpus.version),
            "chunks": corpus_records(engine, dates, pinned)}


# Predictions in


def load_predictions(path: Path, cases: Sequence[Case], chunk_ids: Iterable[str], document_ids: Iterable[str],
                     slice_name: str = "the cases") -> PredictionSet:
    """Read and validate a predictions file against the cases and the corpus. Raises
    PredictionError naming file, line and field for each problem (at most MAX_PROBLEMS)."""
    path = Path(path)
    name = str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise PredictionError([Problem(name, "file", "not found")]) from None
    except IsADirectoryError:
        raise PredictionError([Problem(name, "file", "is a folder, not a JSON Lines file")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PredictionError([Problem(name, "file", f"not UTF-8 (byte {exc.start})",
                                       raw[: exc.start].count(b"\n") + 1)]) from None
    reader = _Reader(name, {c.id for c in cases}, set(chunk_ids), set(document_ids), slice_name)
    predictions = []
    for number, line in enumerate(split_lines(text), start=1):
        if line.strip():
            prediction = reader.parse(line, number)
            if prediction is not None:
                predictions.append(prediction)
    if not predictions and not reader.problems:
        reader.problems.append(Problem(name, "file", "no predictions"))
    if reader.problems:
        shown = reader.problems[:MAX_PROBLEMS]
        rest = len(reader.problems) - len(shown)
        if rest:
            shown.append(Problem(name, "file", f"{rest} more problem{'s' if rest != 1 else ''} not shown "
                                               f"({len(reader.problems)} in all)"))
        raise PredictionError(shown)
    return PredictionSet.of(predictions, reader.document_ids, name)


class _Reader:
    """Parses one line at a time, collecting every problem with its line and field."""

    def __init__(self, file: str, case_ids: set[str], chunk_ids: set[str], document_ids: set[str],
                 slice_name: str):
        self.file, self.case_ids, self.chunk_ids, self.document_ids = file, case_ids, chunk_ids, document_ids
        self.slice_name = slice_name
        self.problems: list[Problem] = []
        self.first_line: dict[str, int] = {}  # case id -> the line that first predicts it

    def parse(self, line: str, number: int) -> Prediction | None:
        before = len(self.problems)

        def bad(field: str, message: str) -> None:
            self.problems.append(Problem(self.file, field, message, number))

        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            bad("json", f"malformed JSON: {exc.msg} (column {exc.colno})")
            return None
        except RecursionError:
            bad("json", "nested too deeply to read")
            return None
        if not isinstance(record, dict):
            bad("line", f"expected a JSON object, got {type(record).__name__}")
            return None
        case_id = record.get("id")
        if "id" not in record:
            bad("id", "missing")
        elif not isinstance(case_id, str) or not case_id.strip():
            bad("id", f"expected a case id (text), got {case_id!r}")
        elif case_id not in self.case_ids:
            bad("id", f"{case_id!r} is not a case of {self.slice_name}")
        elif case_id in self.first_line:
            bad("id", f"duplicate prediction for {case_id!r} (first on line {self.first_line[case_id]})")
        else:
            self.first_line[case_id] = number
        abstain = record.get("abstain")
        if "abstain" not in record:
            bad("abstain", "missing (true or false)")
        elif not isinstance(abstain, bool):
            bad("abstain", f"expected true or false, got {abstain!r}")
        retrieved = self._retrieved(record, bad)
        answer = record.get("answer")
        if answer is not None and not isinstance(answer, str):
            bad("answer", f"expected text or null, got {type(answer).__name__}")
        claims = self._claims(record.get("claims"), bad)
        if len(self.problems) > before:
            return None
        return Prediction(case_id, abstain, tuple(retrieved), answer, claims, number)

    def _retrieved(self, record: dict[str, Any], bad: Callable[[str, str], None]) -> list[str]:
        if "retrieved" not in record:
            bad("retrieved", "missing (a ranked list of chunk or document ids; [] for none)")
            return []
        value = record["retrieved"]
        if not isinstance(value, list):
            bad("retrieved", f"expected a list of chunk or document ids, got {type(value).__name__}")
            return []
        seen: set[str] = set()
        kinds = set()
        for i, item in enumerate(value):
            if not isinstance(item, str):
                bad(f"retrieved[{i}]", f"expected a chunk or document id (text), got {item!r}")
            elif item in seen:
                bad(f"retrieved[{i}]", f"{item!r} is listed twice")
            elif item in self.chunk_ids:
                kinds.add("chunk")
            elif item in self.document_ids:
                kinds.add("document")
            else:
                bad(f"retrieved[{i}]", f"{item!r} is neither a chunk id nor a document id of the corpus")
            if isinstance(item, str):
                seen.add(item)
        if len(kinds) > 1:
            bad("retrieved", "mixes chunk ids and document ids: give one kind per line")
        return value

    def _claims(self, value: Any, bad: Callable[[str, str], None]) -> tuple[PredictedClaim, ...] | None:
        if value is None:
            return None
        if not isinstance(value, list):
            bad("claims", f"expected a list of {{\"text\", \"chunk_ids\"}} objects, got {type(value).__name__}")
            return None
        claims = []
        for i, claim in enumerate(value):
            where = f"claims[{i}]"
            if not isinstance(claim, dict):
                bad(where, f"expected an object with text and chunk_ids, got {type(claim).__name__}")
                continue
            text, ids, claim_id = claim.get("text"), claim.get("chunk_ids"), claim.get("id", f"c{i + 1}")
            if not isinstance(text, str) or not text.strip():
                bad(f"{where}.text", f"expected the claim's text, got {text!r}")
            if not isinstance(claim_id, str) or not claim_id.strip():
                bad(f"{where}.id", f"expected text, got {claim_id!r}")
            if not isinstance(ids, list) or not ids:
                bad(f"{where}.chunk_ids", f"expected a non-empty list of the chunk ids it cites, got {ids!r}")
                continue
            for j, chunk in enumerate(ids):
                if not isinstance(chunk, str):
                    bad(f"{where}.chunk_ids[{j}]", f"expected a chunk id (text), got {chunk!r}")
                elif chunk in self.document_ids:
                    bad(f"{where}.chunk_ids[{j}]", f"{chunk!r} is a document id: a claim cites chunk ids")
                elif chunk not in self.chunk_ids:
                    bad(f"{where}.chunk_ids[{j}]", f"{chunk!r} is not a chunk id of the corpus")
            if isinstance(text, str) and isinstance(claim_id, str):
                claims.append(PredictedClaim(claim_id, text, tuple(c for c in ids if isinstance(c, str))))
        return tuple(claims)


# Scoring


@dataclass(frozen=True)
class ScoredClaim:
    case_id: str
    verdict: ClaimVerdict

    def to_json(self) -> dict[str, Any]:
        return {"case_id": self.case_id, **self.verdict.to_json()}


def _share(hits: int, total: int) -> float | None:
    return round(hits / total, 6) if total else None


def claim_metrics(claims: Sequence[ScoredClaim] | None) -> dict[str, Any]:
    """The verifier's view of the claims, by the same definitions as `verify`: citation precision
    (citations that support), claim support rate (claims jointly supported), freshness
    (citations of a source current at the reference date), redundant citations. None: no claims given."""
    if claims is None:
        return dict.fromkeys(("claims", "citations", "citation_precision", "claim_support_rate", "freshness",
                              "redundant_citation_rate"))
    citations = [v for c in claims for v in c.verdict.verdicts]
    return {"claims": len(claims), "citations": len(citations),
            "citation_precision": _share(sum(v.label == "supports" for v in citations), len(citations)),
            "claim_support_rate": _share(sum(c.verdict.supported for c in claims), len(claims)),
            "freshness": _share(sum(v.status == "current" for v in citations), len(citations)),
            "redundant_citation_rate": _share(sum(len(c.verdict.redundant) for c in claims), len(citations))}


@dataclass(frozen=True)
class Scoring:
    """A predictions file scored on a set of cases."""

    name: str  # the slice or label file
    system: str  # what produced the predictions (the file's name, or the built-in arm)
    level: str  # "chunk" or "document"
    top_k: int
    corpus_version: str
    per_case: tuple[CaseResult, ...]
    missing: tuple[str, ...]  # cases with no prediction, counted as wrong
    claims: tuple[ScoredClaim, ...] | None  # None: the file gives no claims
    ignored_claims: int = 0  # claims of abstaining predictions (not shown, not scored)

    def summary(self) -> dict[str, Any]:
        answered = [c for c in self.per_case if not c.should_abstain and not c.predicted_abstain]
        stale = sum(1 for c in answered if c.stale_ids)
        return {**summarize(self.name, self.system, self.per_case), "system": self.system, "level": self.level,
                "top_k": self.top_k, "missing": len(self.missing), "answered": len(answered), "stale_cases": stale,
                "stale_answer_rate": _share(stale, len(answered)), **claim_metrics(self.claims)}

    def by_tag(self) -> list[dict[str, Any]]:
        """The summary of each tag's cases (tags in alphabetical order), with the tag as `slice`."""
        tags = sorted({tag for c in self.per_case for tag in c.tags})
        return [{**summarize(f"{self.name} [{tag}]", self.system, [c for c in self.per_case if tag in c.tags]),
                 "tag": tag} for tag in tags]

    def to_json(self) -> dict[str, Any]:
        claims: dict[str, list[dict[str, Any]]] = {}
        for claim in self.claims or ():
            claims.setdefault(claim.case_id, []).append(claim.to_json())
        missing = set(self.missing)
        return {**self.summary(), "corpus_version": self.corpus_version, "missing_ids": list(self.missing),
                "ignored_claims": self.ignored_claims,
                "per_case": [{**c.to_json(), "missing": c.id in missing, "claims": claims.get(c.id, [])}
                             for c in self.per_case]}


def _document_of(engine: Engine) -> Callable[[str], str]:
    """A retrieved id -> its source: a chunk's document, or a document id itself."""
    chunks = {c.id: c.document_id for c in engine.corpus.chunks}
    return lambda item: chunks.get(item, item)


def score(engine: Engine, cases: Sequence[Case], predictions: PredictionSet, settings: Settings, name: str,
          verifier: Verifier | None, system: str = "predictions") -> Scoring:
    """Score validated predictions on `cases` with evaluate's definitions; `verifier` checks the
    claims (needed when the file gives any)."""
    if predictions.with_claims and verifier is None:
        raise ValueError("a verifier is needed to score claims")
    by_id = {p.id: p for p in predictions.predictions}
    document_of = _document_of(engine)
    chunk_level = predictions.level == "chunk"
    results, scored, missing, ignored = [], [], [], 0
    for case in cases:
        date = case_date(engine, case, settings.reference_date)
        prediction = by_id.get(case.id)
        if prediction is None:  # wrong either way: an answerable case not answered, an abstention case answered
            missing.append(case.id)
            prediction = Prediction(case.id, abstain=not case.should_abstain, retrieved=())
        judged = case if chunk_level else dataclasses.replace(case, gold_chunk_ids=None)
        k = settings.top_k  # a system may show up to 2k: the first k are ranked, the rest only extend the answer
        result = score_case(judged, prediction.abstain, list(prediction.retrieved[:k]), document_of,
                            beyond_k=prediction.retrieved[k:2 * k])
        if not chunk_level:
            result = dataclasses.replace(result, retrieved_chunk_ids=())
        result = dataclasses.replace(result, stale_ids=outdated_sources(engine.statuses(date), case, result))
        verdicts: list[ClaimVerdict] = []
        if prediction.claims and prediction.abstain:
            ignored += len(prediction.claims)
        elif prediction.claims:
            verdicts = [verifier.verify_claim((c.id, c.text, c.chunk_ids), date, case.question)
                        for c in prediction.claims]
        scored += [ScoredClaim(case.id, v) for v in verdicts]
        if predictions.with_claims and not case.should_abstain and judged.gold_chunk_ids is not None:
            result = _with_claims(result, judged.gold_chunk_ids, verdicts)
        results.append(result)
    return Scoring(name, system, predictions.level, settings.top_k, engine.corpus.version, tuple(results),
                   tuple(missing), tuple(scored) if predictions.with_claims else None, ignored)


def _with_claims(result: CaseResult, gold_chunks: Sequence[str], verdicts: Sequence[ClaimVerdict]) -> CaseResult:
    """Position coverage and synthesis precision from the claims the verifier supports, as
    evaluate computes them from the verified synthesis statements."""
    gold = set(gold_chunks)
    shown = [[v.chunk_id for v in verdict.verdicts] for verdict in verdicts if verdict.supported]
    stated = {c for ids in shown for c in ids}
    return dataclasses.replace(result, position_coverage=len(gold & stated) / len(gold) if gold else None,
                               synthesis_statements=len(shown),
                               synthesis_on_gold=sum(1 for ids in shown if set(ids) & gold))


# The built-in pipeline's predictions


def pipeline_predictions(engine: Engine, cases: Sequence[Case], settings: Settings) -> list[Prediction]:
    """What the pipeline does for each case, in the predictions format: abstain or not, its
    results' chunk ids, and as claims the verified synthesis statements it shows."""
    from ..claims.synthesis import get_synthesizer  # the claims layer; imported when first needed

    synthesizer = get_synthesizer(engine)
    out = []
    for case in cases:
        decision = engine.ask(case.question, case_settings(case, settings))
        synthesis = synthesizer.synthesize(decision)
        statements = [s for card in synthesis.cards for s in card.statements]
        claims = tuple(PredictedClaim(f"c{i}", s.text, s.chunk_ids) for i, s in enumerate(statements, start=1))
        answer = " ".join([s.text for s in statements] + [d.text for d in synthesis.disagreements]) or None
        out.append(Prediction(case.id, decision.abstain, tuple(r.chunk_id for r in decision.results),
                              None if decision.abstain else answer, claims))
    return out
