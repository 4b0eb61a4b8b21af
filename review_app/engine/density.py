"""Factual density (FD*): verifiable atomic facts per token, a reranking idea from the clinical
RAG literature (retrievers reward long, repetitive text and bury short, fact-dense evidence).

Facts are read deterministically (`facts.FactReader`): ages, intervals, grades, years,
percentages, organizations, strength words and topics, each kind weighted by specificity, each
distinct fact counted once per chunk (repeating a fact adds tokens, not facts).
FD_raw = weighted facts / tokens. Because that favours short chunks, FD_raw is z-scored within
length terciles, then multiplied by a source-authority weight per knowledge class (an
assumption, stated in corpus/ranking.yaml). FD* is rescaled to 0-1 for the `fd` mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .facts import FactReader, Facts


@dataclass(frozen=True)
class DensityParams:
    candidates: int
    cosine_weight: float
    fact_weights: dict[str, float]
    authority: dict[str, float]


def fact_weight(facts: Facts, weights: dict[str, float]) -> float:
    """Sum of the weights of a text's distinct atomic facts."""
    total = 0.0
    for number in facts.numbers:
        if number.endswith("%"):
            total += weights["percent"]
        elif 1900 <= float(number) <= 2100:
            total += weights["year"]
        else:
            total += weights["age"]
    total += weights["interval"] * len(facts.intervals)
    total += weights["grade"] * len(facts.grades)
    total += weights["topic"] * len(facts.concepts)
    total += weights["organization"] * len(facts.organizations)
    total += sum(weights[s] for s in facts.strengths)
    return total


def length_bins(lengths: np.ndarray) -> np.ndarray:
    """0, 1, 2: short, medium and long by token terciles."""
    low, high = np.quantile(lengths, [1 / 3, 2 / 3])
    return np.digitize(lengths, [low, high], right=True)


def zscore_within(values: np.ndarray, bins: np.ndarray) -> np.ndarray:
    out = np.zeros_like(values, dtype=float)
    for b in np.unique(bins):
        members = bins == b
        std = values[members].std()
        out[members] = (values[members] - values[members].mean()) / std if std > 0 else 0.0
    return out


def rescale(values: np.ndarray) -> np.ndarray:
    span = values.max() - values.min() if values.size else 0.0
    return (values - values.min()) / span if span > 0 else np.zeros_like(values, dtype=float)


@dataclass(frozen=True)
class FactualDensity:
    """Per-chunk arrays, built once per corpus."""

    lengths: np.ndarray
    raw: np.ndarray  # FD_raw
    star: np.ndarray  # FD*
    scaled: np.ndarray  # FD* rescaled to 0-1

    @classmethod
    def build(cls, texts: Sequence[str], knowledge_classes: Sequence[str], reader: FactReader,
              params: DensityParams) -> FactualDensity:
        lengths = np.array([max(len(t.split()), 1) for t in texts], dtype=float)
        weights = np.array([fact_weight(reader.read(t, reader.rules.card_priority), params.fact_weights)
                            for t in texts])
        raw = weights / lengths
        authority = np.array([params.authority.get(k, 1.0) for k in knowledge_classes])
        star = zscore_within(raw, length_bins(lengths)) * authority
        return cls(lengths, raw, star, rescale(star))

    def length_correlations(self) -> dict[str, float]:
        """Pearson correlation of FD_raw and of FD* with chunk length (the confound FD* removes)."""
        def r(values):
            return float(np.corrcoef(values, self.lengths)[0, 1]) if values.std() > 0 else 0.0
        return {"fd_raw_vs_length": round(r(self.raw), 6), "fd_star_vs_length": round(r(self.star), 6)}


def rerank(semantic: np.ndarray, scaled: np.ndarray, eligible: np.ndarray, params: DensityParams) -> np.ndarray:
    """The fd mode's score: among the top candidates by semantic similarity, a blend of cosine and
    FD* (0-1); every other chunk scores 0."""
    candidates = np.flatnonzero(eligible)
    top = candidates[np.argsort(-semantic[candidates], kind="stable")[: params.candidates]]
    score = np.zeros_like(semantic)
    score[top] = params.cosine_weight * semantic[top] + (1 - params.cosine_weight) * scaled[top]
    return score
