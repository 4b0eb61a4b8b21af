"""Inter-annotator agreement over submitted judgments, with well-kept libraries: Cohen's kappa
(scikit-learn) per reviewer pair, Krippendorff's alpha (the krippendorff package, ordinal:
supports > partially_supports > does_not_support > contradicts) over everyone, raw percentage
agreement, and specific agreement per label."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import krippendorff
import numpy as np
from sklearn.metrics import cohen_kappa_score

from ..records import CLAIM_LABELS
from .store import Judgment

ORDINAL = {"contradicts": 0, "does_not_support": 1, "partially_supports": 2, "supports": 3}


def agreement(judgments: Sequence[Judgment]) -> dict[str, Any]:
    """Agreement among the submitted judgments given (current ones, one per reviewer and item), and
    under "without_bare_acceptances" the same figures with bare acceptances of the verifier's
    suggestion left out (two reviewers who both clicked Accept agree with the verifier, not with
    each other's reading)."""
    result = _agreement(judgments)
    result["bare_acceptances"] = sum(j.status == "submitted" and j.bare_acceptance for j in judgments)
    result["without_bare_acceptances"] = _agreement([j for j in judgments if not j.bare_acceptance])
    return result


def _agreement(judgments: Sequence[Judgment]) -> dict[str, Any]:
    items: dict[tuple[str, str, str], dict[str, str]] = {}
    for j in judgments:
        if j.status == "submitted":
            items.setdefault((j.case_id, j.claim_id, j.chunk_id), {})[j.reviewer] = j.label
    reviewers = sorted({r for labels in items.values() for r in labels})
    shared = {k: v for k, v in items.items() if len(v) >= 2}
    pairs = []
    for a, b in itertools.combinations(reviewers, 2):
        both = [(v[a], v[b]) for v in items.values() if a in v and b in v]
        if not both:
            continue
        left, right = [x for x, _ in both], [y for _, y in both]
        kappa = cohen_kappa_score(left, right, labels=list(CLAIM_LABELS)) if len(set(left + right)) > 1 else 1.0
        pairs.append({"reviewers": [a, b], "items": len(both), "cohen_kappa": round(float(kappa), 6),
                      "agreement": round(sum(x == y for x, y in both) / len(both), 6)})
    alpha = None
    if len(reviewers) >= 2 and shared:
        data = np.array([[ORDINAL[items[k][r]] if r in items[k] else np.nan for k in shared] for r in reviewers],
                        dtype=float)
        if len(np.unique(data[~np.isnan(data)])) > 1:
            alpha = round(float(krippendorff.alpha(reliability_data=data, level_of_measurement="ordinal")), 6)
        else:
            alpha = 1.0
    per_label = {}
    for label in CLAIM_LABELS:  # specific agreement: 2 x agreeing pairs on the label / pairs using it
        agree = used = 0
        for labels in shared.values():
            for x, y in itertools.combinations(labels.values(), 2):
                used += (x == label) + (y == label)
                agree += 2 * (x == label and y == label)
        per_label[label] = round(agree / used, 6) if used else None
    raw = round(sum(len(set(v.values())) == 1 for v in shared.values()) / len(shared), 6) if shared else None
    return {"items": len(items), "items_with_two_or_more": len(shared), "reviewers": reviewers,
            "percent_agreement": raw, "krippendorff_alpha_ordinal": alpha, "pairs": pairs, "per_label": per_label}


def format_agreement(result: dict[str, Any]) -> str:
    lines = [_format(result)]
    without = result.get("without_bare_acceptances")
    if without is not None:
        lines += ["", f"**Without bare acceptances** ({result['bare_acceptances']} submitted judgment(s) took the "
                      "verifier's suggestion unchanged and are left out here):", "", _format(without)]
    return "\n".join(lines)


def _format(result: dict[str, Any]) -> str:
    lines = [f"{result['items_with_two_or_more']} of {result['items']} judged items have two or more reviews; "
             f"reviewers: {', '.join(result['reviewers']) or 'none'}",
             f"raw agreement: {_f(result['percent_agreement'])} · Krippendorff's alpha (ordinal): "
             f"{_f(result['krippendorff_alpha_ordinal'])}", "", "| reviewers | items | Cohen's kappa | agreement |",
             "|---|---|---|---|"]
    lines += [f"| {' & '.join(p['reviewers'])} | {p['items']} | {_f(p['cohen_kappa'])} | {_f(p['agreement'])} |"
              for p in result["pairs"]]
    lines += ["", "| label | specific agreement |", "|---|---|"]
    lines += [f"| {label} | {_f(value)} |" for label, value in result["per_label"].items()]
    return "\n".join(lines)


def _f(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"
