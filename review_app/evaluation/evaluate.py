"""Evaluate the pipeline on labelled cases: retrieval metrics, decisions, failure layers.

Metrics (DESIGN.md): Recall@k = share of a case's gold sources among the sources of its top
k results; MRR = mean of 1/rank of the first gold source (ranks count distinct sources in
result order); abstention accuracy = share of abstention cases abstained; decision accuracy
= share of all cases decided right, where an answerable case is right only if it was
answered AND every gold source was retrieved. Recall and MRR are over answerable cases only:
an abstention case has no gold sources, and an empty gold list is not perfect recall.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.pipeline import Engine, Trace
from ..engine.settings import provider_threshold
from ..records import MODES, Case, Decision, EmbeddingSpec, Settings

FAILURE_LAYERS = ("retrieval", "ranking", "status", "diversification", "scope_guard", "abstention")


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

    def to_json(self) -> dict[str, Any]:
        record = dataclasses.asdict(self)
        record["max_support_score"] = round(self.max_support_score, 6)
        for key in ("recall_at_k", "reciprocal_rank"):
            if record[key] is not None:
                record[key] = round(record[key], 6)
        for key in ("retrieved_ids", "gold_document_ids", "scope_flags", "stale_ids"):
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
        answerable, abstention = self.answerable, self.abstention
        return {
            "slice": self.slice,
            "mode": self.mode,
            "cases": len(self.per_case),
            "answerable": len(answerable),
            "abstention": len(abstention),
            "recall_at_k": _mean([c.recall_at_k for c in answerable]),
            "mrr": _mean([c.reciprocal_rank for c in answerable]),
            "abstention_accuracy": _mean([float(c.predicted_abstain) for c in abstention]),
            "decision_accuracy": _mean([float(c.decision_correct) for c in self.per_case]),
        }

    @property
    def stale_cases(self) -> int:
        """Cases whose results show a superseded source the case did not ask for."""
        return sum(1 for c in self.per_case if c.stale_ids)

    def to_json(self) -> dict[str, Any]:
        record = {**self.summary(), "corpus_version": self.corpus_version, "settings": self.settings.to_json()}
        if self.embedding is not None:
            record["embedding"] = self.embedding
        return {**record, "per_case": [c.to_json() for c in self.per_case]}


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


def evaluate_case(engine: Engine, case: Case, settings: Settings) -> CaseResult:
    if case.reference_date is not None:
        settings = dataclasses.replace(settings, reference_date=case.reference_date)
    decision, trace = engine.run(case.question, settings)
    retrieved = decision.retrieved_document_ids
    recall = recall_at_k(retrieved, case.gold_document_ids)
    correct = decision.abstain if case.should_abstain else (not decision.abstain and recall == 1.0)
    layer, detail = (None, None) if correct else attribute_failure(engine, case, decision, trace)
    return CaseResult(
        id=case.id, should_abstain=case.should_abstain, predicted_abstain=decision.abstain,
        abstention_correct=decision.abstain == case.should_abstain, recall_at_k=recall,
        reciprocal_rank=reciprocal_rank(retrieved, case.gold_document_ids), decision_correct=correct,
        max_support_score=decision.max_support_score, retrieved_ids=tuple(retrieved),
        gold_document_ids=case.gold_document_ids, scope_flags=decision.scope_flags,
        failure_layer=layer, failure_detail=detail,
        stale_ids=() if decision.historical_intent or case.should_abstain else
        tuple(s for s in retrieved if trace.statuses[s] == "superseded" and s not in case.gold_document_ids))


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
             progress: Callable[[int, int], None] | None = None) -> Evaluation:
    """Evaluate every case; `progress(done, total)` is called after each one."""
    results = []
    for case in cases:
        results.append(evaluate_case(engine, case, settings))
        if progress is not None:
            progress(len(results), len(cases))
    return Evaluation(slice=slice_name, mode=settings.mode, settings=settings, per_case=tuple(results),
                      corpus_version=engine.corpus.version, embedding=engine.embedding_info(settings.embedding))


ABLATION_ARMS: tuple[tuple[str, dict[str, Any]], ...] = (
    *((mode, {"mode": mode}) for mode in MODES),
    ("hybrid, no diversification", {"mode": "hybrid", "diversify": False}),
    ("hybrid, no status scoring", {"mode": "hybrid", "status_scoring": False}),
)


EMBEDDING_MODES = ("semantic", "hybrid")  # the modes an embedding provider changes


def ablation(engine: Engine, cases: Sequence[Case], settings: Settings, slice_name: str,
             embeddings: Sequence[EmbeddingSpec] = ()) -> list[dict[str, Any]]:
    """Summary metrics per arm: the retrieval modes, then hybrid without one layer, then each
    embedding provider of `embeddings` as the semantic arm and as the semantic half of hybrid."""
    rows = []
    for arm, changes in ABLATION_ARMS:
        arm_settings = dataclasses.replace(settings, **changes)
        evaluation = evaluate(engine, cases, arm_settings, slice_name)
        rows.append({"arm": arm, **evaluation.summary(), "stale_cases": evaluation.stale_cases,
                     "diversify": arm_settings.diversify, "status_scoring": arm_settings.status_scoring})
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
            evaluation = evaluate(engine, cases, arm_settings, slice_name)
            rows.append({"arm": f"{mode}, {spec.label}", **evaluation.summary(),
                         "stale_cases": evaluation.stale_cases, "diversify": arm_settings.diversify,
                         "status_scoring": arm_settings.status_scoring, "threshold": arm_settings.threshold,
                         "embedding": evaluation.embedding})
    return rows
