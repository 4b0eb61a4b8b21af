"""Citation metrics over labelled claims, kept apart from the retrieval metrics.

For every claim of every case: the verifier's verdicts (one per citation) next to the gold
labels. Metrics as the verifier sees them (citation precision, claim support rate,
freshness, redundant-citation rate), the same from the gold labels where they exist, and
the verifier's agreement with the gold labels (accuracy, Cohen's kappa, confusion matrix,
reason accuracy, trap claims caught).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sklearn.metrics import cohen_kappa_score, confusion_matrix

from ..engine.pipeline import Engine
from ..records import CLAIM_LABELS, Case, Claim
from .verifier import ClaimVerdict, Verifier


@dataclass(frozen=True)
class CheckedClaim:
    case_id: str
    claim: Claim
    reference_date: dt.date
    verdict: ClaimVerdict

    @property
    def trap(self) -> str | None:
        return self.claim.extra.get("trap")

    @property
    def caught(self) -> bool:
        """A trap is caught when the claim is not supported and every citation the gold labels
        as not supporting gets a non-supporting verdict with the gold reason."""
        if self.verdict.supported:
            return False
        return all(v.label != "supports" and v.reason == g.reason
                   for g, v in zip(self.claim.evidence, self.verdict.verdicts, strict=True) if g.label != "supports")

    def to_json(self) -> dict[str, Any]:
        record = {"case_id": self.case_id, **self.verdict.to_json(), "trap": self.trap}
        for citation, gold in zip(record["citations"], self.claim.evidence, strict=True):
            citation["gold_label"], citation["gold_reason"] = gold.label, gold.reason
        if self.trap:
            record["caught"] = self.caught
        return record


def case_date(engine: Engine, case: Case, default_date: dt.date) -> dt.date:
    """The date a case's claims are judged at: its own reference date, else the time its question
    states as the answer's standpoint ("as of June 2020, what did the guidance say?", "a summary
    generated 2020-06-01": the answer's claims speak of then), else `default_date`. A past time asked
    about from now ("what did ORG recommend in 2016?") keeps the present: a claim in the present tense
    then speaks of current guidance."""
    if case.reference_date is not None:
        return case.reference_date
    stated = engine.stated_time(case.question)
    if stated is None or stated.bound or not stated.standpoint:
        return default_date
    return stated.date


def check_cases(verifier: Verifier, cases: Sequence[Case], default_date: dt.date) -> list[CheckedClaim]:
    checked = []
    for case in cases:
        date = case_date(verifier.engine, case, default_date)
        for claim in case.claims:
            checked.append(CheckedClaim(case.id, claim, date, verifier.verify_claim(claim, date, case.question)))
    return checked


def _share(hits: int, total: int) -> float | None:
    return round(hits / total, 6) if total else None


def citation_metrics(checked: Sequence[CheckedClaim]) -> dict[str, Any]:
    verdicts = [v for c in checked for v in c.verdict.verdicts]
    gold = [g for c in checked for g in c.claim.evidence]
    predicted = [v.label for v in verdicts]
    expected = [g.label for g in gold]
    traps = [c for c in checked if c.trap]
    reasons = [(g.reason, v.reason) for g, v in zip(gold, verdicts, strict=True) if g.label != "supports"]
    matrix = confusion_matrix(expected, predicted, labels=list(CLAIM_LABELS)) if gold else []
    kappa = cohen_kappa_score(expected, predicted, labels=list(CLAIM_LABELS)) if len(set(expected + predicted)) > 1 \
        else 1.0
    return {
        "claims": len(checked),
        "citations": len(verdicts),
        "citation_precision": _share(sum(v.label == "supports" for v in verdicts), len(verdicts)),
        "claim_support_rate": _share(sum(c.verdict.supported for c in checked), len(checked)),
        "freshness": _share(sum(v.status == "current" for v in verdicts), len(verdicts)),
        "redundant_citation_rate": _share(sum(len(c.verdict.redundant) for c in checked), len(verdicts)),
        "gold_citation_precision": _share(sum(g.label == "supports" for g in gold), len(gold)),
        "agreement": {
            "accuracy": _share(sum(p == e for p, e in zip(predicted, expected, strict=True)), len(gold)),
            "cohen_kappa": round(float(kappa), 6) if gold else None,
            "reason_accuracy": _share(sum(g == v for g, v in reasons), len(reasons)),
            "labels": list(CLAIM_LABELS),
            "confusion_matrix": [[int(x) for x in row] for row in matrix],  # rows: gold, columns: verifier
        },
        "traps": len(traps),
        "traps_caught": sum(c.caught for c in traps),
    }


def gold_supported(claim: Claim) -> bool:
    """The claim as the annotator judged it: tagged `correct`, or (untagged) a supporting
    citation and none that contradicts."""
    tags = claim.extra.get("tags")
    if isinstance(tags, list) and tags:
        return "correct" in tags
    labels = [g.label for g in claim.evidence]
    return "supports" in labels and "contradicts" not in labels


def tag_metrics(checked: Sequence[CheckedClaim]) -> list[dict[str, Any]]:
    """Per claim tag (the annotators' trap kinds): citation agreement, and claim agreement, the
    share of claims the verifier judges as the annotator did (supported or not): for a trap
    kind, the share of its traps caught."""
    tags = sorted({t for c in checked for t in (c.claim.extra.get("tags") or []) if isinstance(t, str)})
    rows = []
    for tag in tags:
        group = [c for c in checked if tag in (c.claim.extra.get("tags") or [])]
        metrics = citation_metrics(group)
        rows.append({"tag": tag, "claims": len(group), "citations": metrics["citations"],
                     "agreement": metrics["agreement"]["accuracy"], "cohen_kappa": metrics["agreement"]["cohen_kappa"],
                     "claim_agreement": _share(sum(c.verdict.supported == gold_supported(c.claim) for c in group),
                                               len(group))})
    return rows


def verification_report(checked: Sequence[CheckedClaim], name: str, corpus_version: str = "") -> dict[str, Any]:
    """The metrics and every claim's verdicts, with the corpus version the cards came from."""
    return {"slice": name, "corpus_version": corpus_version, **citation_metrics(checked),
            "claim_agreement": _share(sum(c.verdict.supported == gold_supported(c.claim) for c in checked),
                                      len(checked)),
            "by_tag": tag_metrics(checked), "per_claim": [c.to_json() for c in checked]}
