"""The naive baseline arm: what a simple RAG chatbot would do. Plain rank_bm25 BM25Okapi over
the chunks (lower-cased word tokens, nothing else), top k, no dates, status, diversification or
scope guard; it abstains only when its top BM25 score falls below a threshold chosen on the
pack's canonical slice by the same rule as the pipeline's sweep."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..engine.pipeline import Engine
from ..records import Case, Settings
from .calibration import CaseScore, choose_threshold
from .evaluate import CaseResult, document_lookup, outdated_sources, score_case
from .predictions import Prediction

ARM = "naive BM25 (top k, no dates, status, diversification or scope guard)"
_TOKEN = re.compile(r"[a-z0-9]+")


def tokenize(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


@dataclass(frozen=True)
class NaivePrediction:
    chunk_ids: tuple[str, ...]  # the top k, best first
    top_score: float


class NaiveBaseline:
    """BM25Okapi over the texts the engine indexes, built once per engine."""

    def __init__(self, engine: Engine):
        from rank_bm25 import BM25Okapi  # imported when the arm is first run

        self.engine = engine
        self.chunk_ids = [c.id for c in engine.corpus.chunks]
        self.index = BM25Okapi([tokenize(engine.corpus.index_text(c)) for c in engine.corpus.chunks])

    def predict(self, question: str, k: int) -> NaivePrediction:
        scores = np.asarray(self.index.get_scores(tokenize(question)), dtype=float)
        order = np.lexsort((np.arange(len(scores)), -scores))[:k]  # ties: corpus order
        return NaivePrediction(tuple(self.chunk_ids[i] for i in order), float(scores[order[0]]) if len(order) else 0.0)

    def calibrate(self, cases: Sequence[Case], k: int) -> float:
        """The abstention threshold on the top BM25 score, chosen on `cases` (canonical)."""
        scores = []
        for case in cases:
            prediction = self.predict(case.question, k)
            documents = {document_lookup(self.engine)(c) for c in prediction.chunk_ids}
            scores.append(CaseScore(case.id, case.should_abstain, prediction.top_score, False,
                                    set(case.gold_document_ids) <= documents))
        return choose_threshold(scores)[0]

    def score(self, case: Case, k: int, threshold: float) -> CaseResult:
        prediction = self.predict(case.question, k)
        return score_case(case, prediction.top_score < threshold, prediction.chunk_ids, document_lookup(self.engine),
                          prediction.top_score)


@lru_cache(maxsize=8)
def naive_baseline(engine: Engine) -> NaiveBaseline:
    return NaiveBaseline(engine)


def naive_row(engine: Engine, cases: Sequence[Case], canonical: Sequence[Case], settings, slice_name: str) -> dict:
    """The naive arm as an ablation row: its threshold chosen on `canonical`, its metrics on
    `cases` (document and chunk level), and how many answers showed superseded guidance."""
    from .evaluate import summarize

    baseline = naive_baseline(engine)
    k = settings.top_k
    threshold = baseline.calibrate(canonical, k)
    results, stale = [], 0
    for case in cases:
        result = baseline.score(case, k, threshold)
        results.append(result)
        stale += bool(outdated_sources(engine.statuses(case.reference_date or settings.reference_date), case, result))
    return {"arm": ARM, **summarize(slice_name, "naive", results), "stale_cases": stale,
            "diversify": False, "status_scoring": False, "threshold": round(threshold, 6)}


def naive_predictions(engine: Engine, cases: Sequence[Case], canonical: Sequence[Case],
                      settings: Settings) -> list[Prediction]:
    """The naive arm's answers in the predictions format (its threshold chosen on `canonical`):
    scoring them reproduces its ablation row."""
    baseline = naive_baseline(engine)
    k = settings.top_k
    threshold = baseline.calibrate(canonical, k)
    out = []
    for case in cases:
        prediction = baseline.predict(case.question, k)
        out.append(Prediction(case.id, prediction.top_score < threshold, prediction.chunk_ids))
    return out
