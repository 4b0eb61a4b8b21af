"""PNG figures for calibration (matplotlib, headless). I/O at the edge: pure data in, files out."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from .calibration import Sweep


def support_plot(sweep: Sweep, path: Path) -> Path:
    """Support score per case, answerable vs abstention (guarded ones hollow), with thresholds."""
    fig, ax = plt.subplots(figsize=(7, 3.2), dpi=110)
    groups = [("answerable", [c for c in sweep.cases if not c.should_abstain], "#2f6fb3"),
              ("abstention", [c for c in sweep.cases if c.should_abstain], "#c46a1c")]
    for row, (_, cases, colour) in enumerate(groups):
        for case in cases:
            ax.scatter(case.support, row, s=38, edgecolors=colour,
                       facecolors="none" if case.guarded else colour, linewidths=1.3)
    ax.axvline(sweep.threshold, color="#333", linestyle="--", linewidth=1,
               label=f"chosen here {sweep.threshold:.3f}")
    ax.axvline(sweep.default_threshold, color="#b33a3a", linewidth=1, label=f"default {sweep.default_threshold:.3f}")
    ax.set_yticks([0, 1], [g[0] for g in groups])
    ax.set_ylim(-0.6, 1.6)
    ax.set_xlabel("best absolute support score (hollow: the scope guard abstains anyway)")
    ax.set_title(f"Support scores, {sweep.slice}")
    ax.legend(loc="lower right", fontsize=8)
    return _save(fig, path)


def risk_coverage_plot(sweep: Sweep, path: Path) -> Path:
    points = sorted((coverage, risk) for _, coverage, risk in sweep.curve)
    fig, ax = plt.subplots(figsize=(4.6, 3.4), dpi=110)
    ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", markersize=3, color="#2f6fb3")
    ax.set_xlabel("coverage (share of cases answered)")
    ax.set_ylabel("selective risk")
    ax.set_xlim(0, 1.02)
    ax.set_ylim(-0.02, max(0.2, max((p[1] for p in points), default=0) * 1.1))
    ax.set_title(f"Risk-coverage, {sweep.slice} (AURC {sweep.aurc:.3f})")
    return _save(fig, path)


def _save(fig, path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, format="png", metadata={"Software": None})
    plt.close(fig)
    return path
