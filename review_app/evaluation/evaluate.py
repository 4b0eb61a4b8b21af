"""Evaluate the pipeline on labelled cases: retrieval metrics, decisions, failure layers.

Metrics (DESIGN.md): Recall@k = share of a case's gold sources among the sources of its top
k results; MRR = mean of 1/rank of the first gold source (ranks count distinct sources in
result order); abstention accuracy = share of abstention cases abstained; decision accuracy
= share of all cases decided right, where an answerable case is right only if it was
answered AND every gold source was retrieved. Recall and MRR are over answerable cases only:
an abstention case has no gold sources, and an empty gold list is not perfect recall.

At chunk level, for cases whose label file names `gold_chunk_ids` (the chunks that state the
position asked about): chunk Recall@k = share of gold chunks among the top k results; answer
accuracy = share of cases decided right where an answerable case needs every gold chunk in the
top k; position coverage = share of gold chunks cited by a verified synthesis statement;
synthesis precision = share of verified synthesis statements that cite a gold chunk of their
case. Without gold chunks these are "not available" (None), never perfect.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ..engine.pipeline import Engine, Trace
from ..engine.settings import labels_dir, provider_threshold
from ..records import MODES, Case, Decision, EmbeddingSpec, Settings

FAILURE_LAYERS = ("retrieval", "ranking", "status", "diversification", "scope_guard", "abstention", "synthesis")


@dataclass(frozen=True)
class CaseResult:
    id: str
    should_abstain: bool
    predicted_abstain: bool
    abstention_correct: bool
    recall_at_k: float | None
    reciprocal_rank: float | None
    decision_correct: bool
    max_support_score: float
    retrieved_ids: tuple[str, ...]
    gold_document_ids: tuple[str, ...]
    scope_flags: tuple[str, ...]
    failure_layer: str | None
    failure_detail: str | None
    stale_ids: tuple[str, ...]  # superseded sources shown for an answerable question not about the past
    tags: tuple[str, ...] = ()
    gold_chunk_ids: tuple[str, ...] | None = None  # None: the label file does not say
    retrieved_chunk_ids: tuple[str, ...] = ()
    missing_chunk_ids: tuple[str, ...] | None = None
    chunk_recall_at_k: float | None = None
    answer_correct: bool | None = None  # None: an answerable case without gold chunks
    position_coverage: float | None = None
    synthesis_statements: int = 0  # verified statements the synthesis showed
    synthesis_on_gold: int = 0  # ... of which cite a gold chunk
    answer_failure_layer: str | None = None  # why a gold chunk is not retrieved or not stated
    answer_failure_detail: str | None = None

    def to_json(self) -> dict[str, Any]:
        record = dataclasses.asdict(self)
        record["max_support_score"] = round(self.max_support_score, 6)
        for key in ("recall_at_k", "reciprocal_rank", "chunk_recall_at_k", "position_coverage"):
            if record[key] is not None:
                record[key] = round(record[key], 6)
        for key in ("retrieved_ids", "gold_document_ids", "scope_flags", "stale_ids", "tags", "gold_chunk_ids",
                    "retrieved_chunk_ids", "missing_chunk_ids"):
            if record[key] is not None:
                record[key] = list(record[key])
        return record


@dataclass(frozen=True)
class Evaluation:
    slice: str
    mode: str
    settings: Settings
    per_case: tuple[CaseResult, ...]
    corpus_version: str = ""  # the corpus the results were computed on
    embedding: dict[str, str | None] | None = None  # provider, model and model version

    @property
    def answerable(self) -> list[CaseResult]:
        return [c for c in self.per_case if not c.should_abstain]

    @property
    def abstention(self) -> list[CaseResult]:
        return [c for c in self.per_case if c.should_abstain]

    def summary(self) -> dict[str, Any]:
        return summarize(self.slice, self.mode, self.per_case)

    def by_tag(self) -> list[dict[str, Any]]:
        """The summary of each tag's cases (tags in alphabetical order), with the tag as `slice`."""
        tags = sorted({tag for c in self.per_case for tag in c.tags})
        return [{**summarize(f"{self.slice} [{tag}]", self.mode, [c for c in self.per_case if tag in c.tags]),
                 "tag": tag} for tag in tags]

    @property
    def stale_cases(self) -> int:
        """Cases whose results show a superseded source the case did not ask for."""
        return sum(1 for c in self.per_case if c.stale_ids)

    def to_json(self) -> dict[str, Any]:
        record = {**self.summary(), "corpus_version": self.corpus_version, "settings": self.settings.to_json()}
        if self.embedding is not None:
            record["embedding"] = self.embedding
        return {**record, "per_case": [c.to_json() for c in self.per_case]}


def summarize(name: str, mode: str, results: Sequence[CaseResult]) -> dict[str, Any]:
    """Document- and chunk-level metrics over `results` (chunk metrics None when not available)."""
    answerable = [c for c in results if not c.should_abstain]
    abstention = [c for c in results if c.should_abstain]
    chunked = [c for c in answerable if c.gold_chunk_ids is not None]
    statements = sum(c.synthesis_statements for c in chunked)
    complete = bool(answerable) and len(chunked) == len(answerable)
    return {
        "slice": name,
        "mode": mode,
        "cases": len(results),
        "answerable": len(answerable),
        "abstention": len(abstention),
        "recall_at_k": _mean([c.recall_at_k for c in answerable]),
        "mrr": _mean([c.reciprocal_rank for c in answerable]),
        "abstention_accuracy": _mean([float(c.predicted_abstain) for c in abstention]),
        "decision_accuracy": _mean([float(c.decision_correct) for c in results]),
        "chunk_recall_at_k": _mean([c.chunk_recall_at_k for c in chunked]),
        "answer_accuracy": _mean([float(bool(c.answer_correct)) for c in results]) if complete or (
            results and not answerable) else None,
        "position_coverage": _mean([c.position_coverage for c in chunked]),
        "synthesis_precision": round(sum(c.synthesis_on_gold for c in chunked) / statements, 6) if statements else None,
    }


@lru_cache(maxsize=8)
def document_lookup(engine: Engine) -> Callable[[str], str]:
    """chunk id -> its source id, for this engine's corpus."""
    return {c.id: c.document_id for c in engine.corpus.chunks}.__getitem__


@lru_cache(maxsize=8)
def _chunk_positions(engine: Engine) -> dict[str, int]:
    return {c.id: i for i, c in enumerate(engine.corpus.chunks)}


def _mean(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return round(float(np.mean(present)), 6) if present else None


def recall_at_k(retrieved: Sequence[str], gold: Sequence[str]) -> float | None:
    if not gold:
        return None
    return len(set(gold) & set(retrieved)) / len(set(gold))


def reciprocal_rank(retrieved: Sequence[str], gold: Sequence[str]) -> float | None:
    if not gold:
        return None
    for rank, source in enumerate(retrieved, start=1):
        if source in gold:
            return 1.0 / rank
    return 0.0


def score_case(case: Case, abstain: bool, retrieved_chunks: Sequence[str], document_of: Callable[[str], str],
               max_support: float = 0.0, scope_flags: tuple[str, ...] = (),
               beyond_k: Sequence[str] = ()) -> CaseResult:
    """Every metric of one case from what a system did: abstain or not, and its ranked chunks
    (the top k). Shared by the pipeline, the naive baseline and scored predictions. `beyond_k`: the
    answer-bearing chunks a system shows after its top k; they count for the decision and the
    answer, never for Recall@k, MRR or chunk Recall@k."""
    retrieved = list(dict.fromkeys(document_of(c) for c in retrieved_chunks))
    shown_chunks = list(retrieved_chunks) + [c for c in beyond_k if c not in retrieved_chunks]
    shown = set(document_of(c) for c in shown_chunks)
    recall = recall_at_k(retrieved, case.gold_document_ids)
    correct = abstain if case.should_abstain else (not abstain and recall_at_k(shown, case.gold_document_ids) == 1.0)
    gold_chunks = case.gold_chunk_ids
    missing = chunk_recall = None
    if gold_chunks is not None and not case.should_abstain:
        missing = tuple(c for c in gold_chunks if c not in shown_chunks)
        chunk_recall = recall_at_k(retrieved_chunks, gold_chunks)
    # An abstention case is answered right by abstaining; an answerable one needs every gold chunk.
    answer = abstain if case.should_abstain else (None if missing is None else (correct and not missing))
    return CaseResult(
        id=case.id, should_abstain=case.should_abstain, predicted_abstain=abstain,
        abstention_correct=abstain == case.should_abstain, recall_at_k=recall,
        reciprocal_rank=reciprocal_rank(retrieved, case.gold_document_ids), decision_correct=correct,
        max_support_score=max_support, retrieved_ids=tuple(retrieved), gold_document_ids=case.gold_document_ids,
        scope_flags=scope_flags, failure_layer=None, failure_detail=None, stale_ids=(), tags=case.tags,
        gold_chunk_ids=gold_chunks, retrieved_chunk_ids=tuple(retrieved_chunks), missing_chunk_ids=missing,
        chunk_recall_at_k=chunk_recall, answer_correct=answer)


# A source in one of these states at a case's date is not current guidance.
OUTDATED_STATUSES = ("superseded", "withdrawn", "not_yet_published")


def outdated_sources(statuses: dict[str, str], case: Case, result: CaseResult) -> tuple[str, ...]:
    """The sources an answer showed that were not current at the case's date and are not among
    the sources the question asks about (its gold sources): empty for an abstention or an
    abstention case. A ranked list cannot say how a source was presented, so every such source
    counts as shown as current (the naive arm's and scored predictions' `stale_cases`)."""
    if case.should_abstain or result.predicted_abstain:
        return ()
    return tuple(s for s in result.retrieved_ids
                 if statuses[s] in OUTDATED_STATUSES and s not in case.gold_document_ids)


def case_settings(case: Case, settings: Settings) -> Settings:
    """The settings the pipeline answers a case at: the case's own reference date when it has one.
    (The one definition: evaluate and the pipeline's predictions both use it.)"""
    if case.reference_date is None:
        return settings
    return dataclasses.replace(settings, reference_date=case.reference_date, reference_date_explicit=True)


def evaluate_case(engine: Engine, case: Case, settings: Settings, synthesize: bool = True) -> CaseResult:
    """Run the pipeline on a case and score it; with `synthesize`, also the synthesis metrics."""
    settings = case_settings(case, settings)
    decision, trace = engine.run(case.question, settings)
    chunks = [r.chunk_id for r in decision.results if not r.signals.get("beyond_top_k")]
    beyond = [r.chunk_id for r in decision.results if r.signals.get("beyond_top_k")]
    result = score_case(case, decision.abstain, chunks, document_lookup(engine), decision.max_support_score,
                        decision.scope_flags, beyond)
    layer, detail = (None, None) if result.decision_correct else attribute_failure(engine, case, decision, trace)
    retrieved = result.retrieved_ids
    result = dataclasses.replace(
        result, failure_layer=layer, failure_detail=detail,
        stale_ids=() if decision.historical_intent or case.should_abstain else
        tuple(s for s in retrieved if trace.statuses[s] == "superseded" and s not in case.gold_document_ids))
    if synthesize and not case.should_abstain and case.gold_chunk_ids is not None:
        result = _with_synthesis(engine, case, decision, trace, result)
    return result


def _with_synthesis(engine: Engine, case: Case, decision: Decision, trace: Trace, result: CaseResult) -> CaseResult:
    """Position coverage and synthesis precision, and the layer that lost each unstated gold chunk."""
    from ..claims.synthesis import get_synthesizer  # the claims layer; imported when first needed

    gold = set(case.gold_chunk_ids or ())
    statements = [s for card in get_synthesizer(engine).synthesize(decision).cards for s in card.statements]
    stated = {c for s in statements for c in s.chunk_ids}
    coverage = len(gold & stated) / len(gold) if gold else None
    on_gold = sum(1 for s in statements if set(s.chunk_ids) & gold)
    unstated = sorted(gold - stated)
    layer = detail = None
    if unstated:
        lost = [(c, _missing_chunk_layer(engine, c, trace, decision)) for c in unstated]
        order = {name: i for i, name in enumerate(("status", "retrieval", "diversification", "ranking", "abstention",
                                                   "synthesis"))}
        lost.sort(key=lambda pair: order[pair[1]])
        layer, detail = lost[0][1], "; ".join(f"{c} lost at {where}" for c, where in lost)
    return dataclasses.replace(result, position_coverage=coverage, synthesis_statements=len(statements),
                               synthesis_on_gold=on_gold, answer_failure_layer=layer, answer_failure_detail=detail)


def _missing_chunk_layer(engine: Engine, chunk_id: str, trace: Trace, decision: Decision) -> str:
    """Where a gold chunk was lost: never eligible (status), never scored (retrieval), in plain
    top k but pushed out (diversification), ranked below the cut (ranking); retrieved but the
    system abstained, or retrieved and no verified statement uses it (synthesis)."""
    index = _chunk_positions(engine)[chunk_id]
    if chunk_id in {r.chunk_id for r in decision.results}:
        return "abstention" if decision.abstain else "synthesis"
    if not trace.eligible[index]:
        return "status"
    if not trace.fused[index] > 0:
        return "retrieval"
    if index in set(trace.undiversified.tolist()):
        return "diversification"
    return "ranking"


def attribute_failure(engine: Engine, case: Case, decision: Decision, trace: Trace) -> tuple[str, str]:
    """Name the layer that lost a wrongly decided case, and say why in one line."""
    threshold = decision.settings.threshold
    if case.should_abstain:
        missing = [f for f in case.expected_scope_flags if f not in decision.scope_flags]
        if missing:
            return "scope_guard", "expected scope flag did not fire: " + ", ".join(missing)
        return "abstention", (f"answered: support {decision.max_support_score:.3f} is not below "
                              f"the threshold {threshold:.3f}")
    if decision.scope_flags:
        return "scope_guard", "scope flag fired on an in-scope question: " + ", ".join(decision.scope_flags)
    if decision.off_topic:
        return "scope_guard", f"topic guard judged the question to be about {decision.off_topic}"
    missing = [g for g in case.gold_document_ids if g not in decision.retrieved_document_ids]
    if not missing:
        return "abstention", (f"abstained: support {decision.max_support_score:.3f} is below "
                              f"the threshold {threshold:.3f}")
    layers = [(source, _missing_source_layer(engine, source, trace)) for source in missing]
    order = {name: i for i, name in enumerate(("status", "retrieval", "diversification", "ranking"))}
    layers.sort(key=lambda pair: order[pair[1]])
    detail = "; ".join(f"{source} lost at {layer}" for source, layer in layers)
    if decision.abstain:
        detail += f"; and abstained (support {decision.max_support_score:.3f})"
    return layers[0][1], detail


def _missing_source_layer(engine: Engine, source: str, trace: Trace) -> str:
    rows = engine.document_ids == source
    if not trace.eligible[rows].any():
        return "status"
    if not (trace.fused[rows] > 0).any():
        return "retrieval"
    if source in {engine.document_ids[i] for i in trace.undiversified}:
        return "diversification"
    return "ranking"


def evaluate(engine: Engine, cases: Sequence[Case], settings: Settings, slice_name: str,
             progress: Callable[[int, int], None] | None = None, synthesize: bool = True) -> Evaluation:
    """Evaluate every case; `progress(done, total)` is called after each one."""
    results = []
    for case in cases:
        results.append(evaluate_case(engine, case, settings, synthesize))
        if progress is not None:
            progress(len(results), len(cases))
    return Evaluation(slice=slice_name, mode=settings.mode, settings=settings, per_case=tuple(results),
                      corpus_version=engine.corpus.version, embedding=engine.embedding_info(settings.embedding))


ABLATION_ARMS: tuple[tuple[str, dict[str, Any]], ...] = (
    *((mode, {"mode": mode}) for mode in MODES),
    ("hybrid, no diversification", {"mode": "hybrid", "diversify": False}),
    ("hybrid, no status scoring", {"mode": "hybrid", "status_scoring": False}),
)


def _naive_row(engine: Engine, cases: Sequence[Case], settings: Settings, slice_name: str) -> dict[str, Any]:
    from .labels import load_slice, references  # the naive arm's threshold is chosen on canonical
    from .naive import naive_row

    canonical = load_slice(labels_dir(engine.corpus.directory), "canonical", **references(engine))
    return naive_row(engine, cases, canonical, settings, slice_name)


EMBEDDING_MODES = ("semantic", "hybrid")  # the modes an embedding provider changes


def ablation(engine: Engine, cases: Sequence[Case], settings: Settings, slice_name: str,
             embeddings: Sequence[EmbeddingSpec] = ()) -> list[dict[str, Any]]:
    """Summary metrics per arm: the retrieval modes, then hybrid without one layer, then each
    embedding provider of `embeddings` as the semantic arm and as the semantic half of hybrid."""
    rows = []
    for arm, changes in ABLATION_ARMS:
        arm_settings = dataclasses.replace(settings, **changes)
        evaluation = evaluate(engine, cases, arm_settings, slice_name, synthesize=False)
        rows.append({"arm": arm, **evaluation.summary(), "stale_cases": evaluation.stale_cases,
                     "diversify": arm_settings.diversify, "status_scoring": arm_settings.status_scoring})
    rows.append(_naive_row(engine, cases, settings, slice_name))
    return rows + embedding_arms(engine, cases, settings, slice_name,
                                 [spec for spec in embeddings if spec != settings.embedding])


def embedding_arms(engine: Engine, cases: Sequence[Case], settings: Settings, slice_name: str,
                   embeddings: Sequence[EmbeddingSpec]) -> list[dict[str, Any]]:
    """Semantic and hybrid per embedding provider, each at its own calibrated threshold.
    Raises EmbeddingError when a provider cannot run here."""
    rows = []
    for spec in embeddings:
        for mode in EMBEDDING_MODES:
            arm_settings = dataclasses.replace(settings, mode=mode, embedding=spec,
                                               threshold=provider_threshold(spec))
            evaluation = evaluate(engine, cases, arm_settings, slice_name, synthesize=False)
            rows.append({"arm": f"{mode}, {spec.label}", **evaluation.summary(),
                         "stale_cases": evaluation.stale_cases, "diversify": arm_settings.diversify,
                         "status_scoring": arm_settings.status_scoring, "threshold": arm_settings.threshold,
                         "embedding": evaluation.embedding})
    return rows
