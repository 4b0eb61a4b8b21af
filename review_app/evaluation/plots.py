"""PNG figures for calibration (matplotlib, headless). I/O at the edge: pure data in, files out."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from .calibration import Sweep


def support_plot(sweep: Sweep, path: Path) -> Path:
    """Support score per case, answerable vs abstention (guarded ones hollow), with the threshold in
    force drawn as the split between abstaining (left, shaded) and answering (right), each side
    labelled with how many cases of each kind fall there."""
    fig, ax = plt.subplots(figsize=(8, 3.6), dpi=110)
    threshold = sweep.default_threshold
    groups = [("answerable", [c for c in sweep.cases if not c.should_abstain], "#1f5f8b"),
              ("should abstain", [c for c in sweep.cases if c.should_abstain], "#a4501a")]
    top = max([c.support for c in sweep.cases] + [threshold * 2, 0.05]) * 1.08
    ax.axvspan(0, threshold, color="#f3e6dc", zorder=0)
    ax.axvline(threshold, color="#222", linewidth=1.6, zorder=1)
    if abs(sweep.threshold - threshold) > 1e-9:
        ax.axvline(sweep.threshold, color="#555", linestyle="--", linewidth=1, zorder=1)
    for row, (_, cases, colour) in enumerate(groups):
        for case in cases:
            ax.scatter(case.support, row, s=40, edgecolors=colour, zorder=2,
                       facecolors="none" if case.guarded else colour, linewidths=1.3)
        guarded = sum(1 for c in cases if c.guarded)
        weak = sum(1 for c in cases if not c.guarded and c.support < threshold)
        ax.text(top * 0.99, row + 0.3, f"answered {len(cases) - guarded - weak} · abstained {guarded + weak} "
                f"({weak} weak support, {guarded} scope guard)", ha="right", fontsize=8, color="#333")
    ax.text(threshold / 2, 1.55, "abstains", ha="center", fontsize=8, color="#7a3a10")
    ax.text(threshold * 1.04, 1.55, "answers →", ha="left", fontsize=8, color="#1f3f5b")
    ax.set_yticks([0, 1], [g[0] for g in groups])
    ax.set_ylim(-0.6, 1.75)
    ax.set_xlim(0, top)
    ax.set_xlabel(f"best absolute support score · solid line: threshold in force {threshold:.3f}"
                  + (f" · dashed: best on this set {sweep.threshold:.3f}" if abs(sweep.threshold - threshold) > 1e-9
                     else "") + "\nhollow: the scope guard abstains whatever the support", fontsize=8)
    ax.set_title(f"Abstain or answer per case, {sweep.slice}", fontsize=10, pad=8)
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
