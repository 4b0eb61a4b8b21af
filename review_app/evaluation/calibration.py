"""Calibrating the abstention threshold from labelled cases.

Ranking scores are normalized within a question, so only the absolute support score can be
compared across cases. For each case: its best support score, and whether the scope guard
already abstains on it (then no threshold changes its decision). The threshold is chosen on
one slice and reported on another:
- separable (every answerable case scores above every abstention case the guard misses):
  the midpoint of the gap;
- otherwise the threshold with the best decision accuracy, ties broken toward abstaining.
The risk-coverage curve sweeps every threshold: coverage is the share of cases answered,
selective risk the share of answered cases decided wrong; AURC is the area under it.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.pipeline import Engine
from ..records import Case, Settings
from .evaluate import evaluate_case


@dataclass(frozen=True)
class CaseScore:
    id: str
    should_abstain: bool
    support: float
    guarded: bool  # the scope guard abstains whatever the threshold
    complete: bool  # every gold source was retrieved (answerable cases)


@dataclass(frozen=True)
class Sweep:
    slice: str
    cases: tuple[CaseScore, ...]
    threshold: float  # chosen on this slice
    default_threshold: float  # the one in force (chosen on the canonical slice)
    separable: bool
    gap: float | None  # lowest answerable minus highest unguarded abstention support
    curve: tuple[tuple[float, float, float], ...]  # (threshold, coverage, selective risk)
    aurc: float

    def decision_accuracy(self, threshold: float) -> float:
        return float(np.mean([_correct(c, threshold) for c in self.cases])) if self.cases else 0.0

    def to_json(self) -> dict[str, Any]:
        answerable = [c.support for c in self.cases if not c.should_abstain]
        abstention = [c.support for c in self.cases if c.should_abstain and not c.guarded]
        return {
            "slice": self.slice, "chosen_threshold": round(self.threshold, 6), "separable": self.separable,
            "gap": None if self.gap is None else round(self.gap, 6), "aurc": round(self.aurc, 6),
            "decision_accuracy_at_chosen": round(self.decision_accuracy(self.threshold), 6),
            "default_threshold": self.default_threshold,
            "decision_accuracy_at_default": round(self.decision_accuracy(self.default_threshold), 6),
            "answerable": _describe(answerable), "abstention_unguarded": _describe(abstention),
            "abstention_guarded": sum(c.guarded for c in self.cases if c.should_abstain),
            "curve": [[round(t, 6), round(cov, 6), round(risk, 6)] for t, cov, risk in self.curve],
            "per_case": [{"id": c.id, "should_abstain": c.should_abstain, "support": round(c.support, 6),
                          "guarded": c.guarded} for c in self.cases],
        }


def _describe(values: Sequence[float]) -> dict[str, float | int | None]:
    if not values:
        return {"n": 0, "min": None, "median": None, "max": None}
    return {"n": len(values), "min": round(min(values), 6), "median": round(float(np.median(values)), 6),
            "max": round(max(values), 6)}


def _answered(case: CaseScore, threshold: float) -> bool:
    return not case.guarded and case.support >= threshold


def _correct(case: CaseScore, threshold: float) -> bool:
    answered = _answered(case, threshold)
    return (not answered) if case.should_abstain else (answered and case.complete)


def score_cases(engine: Engine, cases: Sequence[Case], settings: Settings) -> list[CaseScore]:
    """Support and guard status per case, computed once (the threshold is applied later)."""
    out = []
    for case in cases:
        # one run per case, at the case's own date, with no synthesis: at threshold 0 only the guard abstains
        result = evaluate_case(engine, case, dataclasses.replace(settings, threshold=0.0), synthesize=False)
        out.append(CaseScore(case.id, case.should_abstain, result.max_support_score, result.predicted_abstain,
                             result.recall_at_k in (None, 1.0)))
    return out


def choose_threshold(scores: Sequence[CaseScore]) -> tuple[float, bool, float | None]:
    """(threshold, separable, gap) as the module docstring describes."""
    answerable = [c.support for c in scores if not c.should_abstain and not c.guarded]
    missed = [c.support for c in scores if c.should_abstain and not c.guarded]
    gap = (min(answerable) - max(missed)) if answerable and missed else None
    if gap is not None and gap > 0:
        return (min(answerable) + max(missed)) / 2, True, gap
    values = sorted({c.support for c in scores})
    candidates = [0.0, *((a + b) / 2 for a, b in itertools.pairwise(values))]
    if values:
        candidates.append(values[-1] + 1e-6)
    best = max(candidates, key=lambda t: (np.mean([_correct(c, t) for c in scores]), t))
    return float(best), False, gap


def risk_coverage(scores: Sequence[CaseScore]) -> tuple[list[tuple[float, float, float]], float]:
    """The curve over every threshold (from answering all unguarded cases to answering none)."""
    thresholds = [*sorted({0.0, *(c.support for c in scores)}), float("inf")]
    curve = []
    for t in thresholds:
        answered = [c for c in scores if _answered(c, t)]
        coverage = len(answered) / len(scores) if scores else 0.0
        risk = (sum(not _correct(c, t) for c in answered) / len(answered)) if answered else 0.0
        curve.append((t if np.isfinite(t) else 1.0, coverage, risk))
    points = sorted((cov, risk) for _, cov, risk in curve)
    covs, risks = np.array([p[0] for p in points]), np.array([p[1] for p in points])
    aurc = float(np.sum((covs[1:] - covs[:-1]) * (risks[1:] + risks[:-1]) / 2)) if len(points) > 1 else 0.0
    return curve, aurc


def sweep(engine: Engine, cases: Sequence[Case], settings: Settings, slice_name: str) -> Sweep:
    """Score the cases, choose a threshold on them, and trace risk-coverage; `settings.threshold`
    is the one in force, reported beside the chosen one."""
    scores = score_cases(engine, cases, settings)
    chosen, separable, gap = choose_threshold(scores)
    curve, aurc = risk_coverage(scores)
    return Sweep(slice_name, tuple(scores), chosen, settings.threshold, separable, gap, tuple(curve), aurc)
