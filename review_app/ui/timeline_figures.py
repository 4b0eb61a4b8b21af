"""The Drift tab's figures (matplotlib, headless), drawn from a Timeline and nothing else.

Every mark carries its words as well as its colour: each source its id, date and state at the
reference date; each supersession link whether it is whole or partial; each step its
organization's name. Sized for a tablet: 6.8 inches at 110 dpi, about the width a tablet of 820 pixels gives it.
"""

from __future__ import annotations

import datetime as dt
import textwrap

import matplotlib

matplotlib.use("Agg")
import matplotlib.dates as mdates
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from ..claims.timeline import Series, SourceState, Timeline

WIDTH = 6.8  # inches: about 750 pixels, so a tablet shows the text near its size
DPI = 110
# state -> (fill colour, edge colour); colour-blind-safe hues, and the state is always written too
STATE_COLOURS = {
    "current": ("#1b7837", "#1b7837"),
    "current in part": ("#e69f00", "#8a5f00"),
    "superseded": ("#9e9e9e", "#555555"),
    "withdrawn": ("#c62828", "#7f1010"),
    "not yet published": ("#ffffff", "#777777"),
}
ORG_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#56b4e9", "#e69f00", "#000000", "#999933")
ORG_LINES = ("-", "--", "-.", ":")
REFERENCE_COLOUR = "#2f5fb3"


def date_range(timeline: Timeline, date: dt.date) -> tuple[dt.date, dt.date]:
    """The x range every figure shares: the sources' dates and the reference date, with a margin."""
    days = [*timeline.dates, date]
    start, end = min(days), max(days)
    margin = dt.timedelta(days=max(200, (end - start).days // 12))
    return start - margin, end + margin


def timeline_figure(timeline: Timeline, states: dict[str, SourceState], date: dt.date) -> Figure:
    """One lane per organization, one row per source within it; links for supersession."""
    rows: dict[str, float] = {}
    lane_spans: list[tuple[str, float, float]] = []
    y = 0.0
    for lane in timeline.lanes:
        top = y
        for mark in lane.marks:
            rows[mark.source] = -y
            y += 1
        lane_spans.append((lane.organization, -top + 0.5, -(y - 1) - 0.5))
        y += 0.4
    height = 1.6 + 0.42 * y
    fig = Figure(figsize=(WIDTH, height), dpi=DPI, layout="constrained")
    ax = fig.add_subplot()
    x0, x1 = date_range(timeline, date)
    middle = x0 + (x1 - x0) / 2
    for i, (_org, high, low) in enumerate(lane_spans):
        ax.axhspan(low, high, color="#f3f5f9" if i % 2 == 0 else "#ffffff", zorder=0)
    ax.set_yticks([(high + low) / 2 for _, high, low in lane_spans], [org for org, _, _ in lane_spans],
                  fontweight="bold")
    for link in timeline.links:
        newer, older = timeline.mark(link.newer), timeline.mark(link.older)
        style = "--" if link.partial else "-"
        later = link.date > date  # not in force yet at the reference date: drawn pale, its date said
        ax.annotate("", xy=(older.date, rows[older.source]), xytext=(newer.date, rows[newer.source]),
                    arrowprops={"arrowstyle": "-|>", "linestyle": style, "color": "#bbbbbb" if later else "#444444",
                                "lw": 1.2, "shrinkA": 6, "shrinkB": 6, "connectionstyle": "arc3,rad=0.25"}, zorder=2)
        words = "supersedes in part: " + ", ".join(link.sections) if link.partial else "supersedes (whole)"
        if later:
            words += f", from {link.date.isoformat()}"
        ax.text(older.date + (newer.date - older.date) * 0.58, (rows[older.source] + rows[newer.source]) / 2,
                textwrap.fill(words, 34), fontsize=7, ha="center", va="center",
                color="#888888" if later else "#333333", zorder=4,
                bbox={"boxstyle": "round,pad=0.15", "fc": "#ffffff", "ec": "#bbbbbb", "lw": 0.5})
    for mark in timeline.marks:
        state = states[mark.source].state
        fill, edge = STATE_COLOURS[state]
        row = rows[mark.source]
        ax.plot([mark.date], [row], marker="o" if mark.dated else "D", markersize=9, color=fill,
                markeredgecolor=edge, markeredgewidth=1.6, linestyle="none", zorder=5)
        words = f"{mark.source}\n{mark.when} · {state}"
        right = mark.date > middle
        ax.text(mark.date + dt.timedelta(days=-70 if right else 70), row, words, fontsize=8,
                ha="right" if right else "left", va="center", zorder=6,
                bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8})
        if mark.withdrawn is not None:
            ax.plot([mark.date, mark.withdrawn], [row, row], color=STATE_COLOURS["withdrawn"][0], lw=1, zorder=3)
            ax.plot([mark.withdrawn], [row], marker="X", markersize=10, color=STATE_COLOURS["withdrawn"][0],
                    linestyle="none", zorder=5)
            ax.text(mark.withdrawn, row - 0.32, f"withdrawn {mark.withdrawn.isoformat()}", fontsize=7,
                    ha="center", va="top", color=STATE_COLOURS["withdrawn"][1], zorder=6)
    reference = _reference_line(ax, date)
    _dates_axis(ax, x0, x1)
    ax.set_ylim(-(y - 0.4) - 0.1, 0.9)
    ax.set_title(f"Sources by organization, as they stand on {date.isoformat()}", fontsize=10, loc="left")
    handles = [Line2D([], [], marker="o", linestyle="none", markersize=8, color=fill, markeredgecolor=edge,
                      markeredgewidth=1.4, label=state) for state, (fill, edge) in STATE_COLOURS.items()]
    handles += [Line2D([], [], marker="D", linestyle="none", markersize=7, color="#ffffff", markeredgecolor="#333333",
                       label="undated: at the date it counts from"),
                Line2D([], [], color="#444444", linestyle="-", label="supersedes (whole)"),
                Line2D([], [], color="#444444", linestyle="--", label="supersedes in part"), reference]
    fig.legend(handles=handles, loc="outside lower center", ncols=3, fontsize=8, frameon=False)
    return fig


def step_figure(series: tuple[Series, ...], label: str, date: dt.date, x_range: tuple[dt.date, dt.date]) -> Figure:
    """Each organization's position on one aspect as a step line (values on the y axis, in words)."""
    values: list[str] = []
    for step in sorted((s for one in series for s in one.steps if s.value is not None), key=lambda s: s.start):
        if step.value not in values:
            values.append(step.value)
    fig = Figure(figsize=(WIDTH, 1.5 + 0.5 * max(len(values), 2)), dpi=DPI, layout="constrained")
    ax = fig.add_subplot()
    x0, x1 = x_range
    spread = 0.1 if len(series) > 1 else 0.0
    for i, one in enumerate(series):
        colour, line = ORG_COLOURS[i % len(ORG_COLOURS)], ORG_LINES[i % len(ORG_LINES)]
        offset = (i - (len(series) - 1) / 2) * spread
        xs: list[dt.date] = []
        ys: list[float] = []
        level = None
        for step in one.steps:
            if step.value is None:  # withdrawn, or no source any more: the line ends, said in words
                xs.append(step.start)
                ys.append(float("nan"))
                if level is not None:
                    ax.plot([step.start], [level], marker="X", markersize=8, color=colour, zorder=5)
                    ax.text(step.start, level - 0.13, f"{one.organization}: {step.kind}", fontsize=8, color=colour,
                            fontweight="bold", ha="left", va="top", zorder=6,
                            bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.85})
                level = None
                continue
            level = values.index(step.value) + offset
            xs += [step.start, step.end or x1]
            ys += [level, level]
            ax.plot([step.start], [level], marker="o", markersize=5, color=colour, zorder=5)
            ax.text(step.start, level + 0.13, one.organization, fontsize=8, color=colour, fontweight="bold",
                    ha="left", va="bottom", zorder=6,
                    bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.85})
        ax.plot(xs, ys, color=colour, linestyle=line, lw=2, label=one.organization, zorder=4)
    ax.set_yticks(range(len(values)), [textwrap.fill(v, 26) for v in values], fontsize=8)
    ax.set_ylim(-0.6, len(values) - 0.4 + 0.3)
    reference = _reference_line(ax, date)
    _dates_axis(ax, x0, x1)
    ax.set_title(f"{label}: each organization's position over time", fontsize=10, loc="left")
    handles = [*ax.get_legend_handles_labels()[0], reference]
    fig.legend(handles=handles, loc="outside lower center", ncols=min(len(handles), 5), fontsize=8, frameon=False)
    return fig


def _reference_line(ax, date: dt.date) -> Line2D:
    """The reference date as a dotted vertical line; its legend entry says the date in words."""
    ax.axvline(date, color=REFERENCE_COLOUR, linestyle=":", lw=1.8, zorder=3)
    return Line2D([], [], color=REFERENCE_COLOUR, linestyle=":", lw=1.8, label=f"reference date {date.isoformat()}")


def _dates_axis(ax, x0: dt.date, x1: dt.date) -> None:
    ax.set_xlim(x0, x1)
    ax.xaxis.set_major_locator(mdates.YearLocator())
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%Y"))
    ax.tick_params(axis="x", labelsize=7.5)
    ax.grid(axis="x", color="#dddddd", lw=0.6)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
