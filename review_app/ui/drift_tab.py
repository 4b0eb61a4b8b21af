"""The Drift tab: the corpus pack's timeline at a movable reference date, each organization's
position per compared aspect as a step line, and the card of a selected source. The data comes
from `usecases.drift_timeline` and `claims.timeline`; this module only renders it."""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

import gradio as gr
from gradio.components.plot import PlotData
from gradio.processing_utils import encode_plot_to_base64
from matplotlib.figure import Figure

from ..claims.timeline import Series, SourceState, Timeline, sources_at
from ..engine.corpus import Corpus
from ..engine.settings import parse_date
from ..errors import ReviewAppError
from ..review import usecases
from . import render
from .context import Context
from .timeline_figures import date_range, step_figure, timeline_figure


def drift_tab(ctx: Context) -> None:
    """The Drift tab (builder): reference date, timeline, the current sources in words, a step line
    per aspect, and a source's card."""
    timeline = usecases.drift_timeline(ctx.engine)
    corpus = ctx.engine.corpus
    start = ctx.settings.reference_date
    gr.Markdown("How each organization's guidance changed over time, from the corpus pack's manifest and "
                "positions. Move the reference date to see which sources were current then.")
    moments = date_picks(timeline, start)
    with gr.Row(equal_height=False):
        date = gr.Textbox(value=start.isoformat(), label="Reference date (YYYY-MM-DD)", elem_id="drift-date",
                          scale=1, min_width=180)
        slider = gr.Slider(0, len(moments) - 1, value=len(moments) - 1, step=1, elem_id="drift-slider", scale=3,
                           label="Move through time: each step is the day before or the day of a change")
    moment = gr.Markdown(f"Showing {moments[-1][0]}.", elem_id="drift-moment")
    show_button = gr.Button("Show this date", variant="primary", elem_id="drift-show")
    first = rendered(timeline, corpus, start.isoformat())
    plot = gr.Plot(first[0], label="Timeline: one lane per organization", show_label=False, format="png",
                   elem_id="drift-timeline")
    current = gr.HTML(first[1], elem_id="drift-current")
    gr.Markdown("### Each organization's position over time, per aspect")
    outputs: list[Any] = [moment, plot, current]
    for i, aspect in enumerate(timeline.aspects):
        outputs.append(gr.Plot(first[2 + 2 * i], label=timeline.aspects[aspect], show_label=False, format="png",
                               elem_id=f"drift-steps-{aspect}"))
        outputs.append(gr.HTML(first[3 + 2 * i], elem_id=f"drift-steps-text-{aspect}"))
    gr.Markdown("### A source's card")
    source = gr.Dropdown([(f"{m.source} — {m.title}", m.source) for m in timeline.marks], value=None,
                         label="Select a source", elem_id="drift-source")
    card = gr.HTML(elem_id="drift-card")

    def update(value: str) -> list[Any]:
        day = (value or "").strip()
        words = next((label for label, pick in moments if pick == day), day)
        return [f"Showing {render.e(words)}.", *rendered(timeline, corpus, value)]

    show_button.click(update, date, outputs, api_visibility="private")
    date.submit(update, date, outputs, api_visibility="private")
    slider.release(lambda i: moments[int(i)][1], slider, date, api_visibility="private").then(
        update, date, outputs, api_visibility="private")
    source.change(lambda source_id, value: source_card(corpus, timeline, source_id, value), [source, date], card,
                  api_visibility="private")

    def drift_timeline(reference_date: str = "") -> dict:
        """The corpus pack's timeline as data (lanes, links, change dates, step series per aspect)
        and, for a reference date (YYYY-MM-DD, default the app's), how every source stands then."""
        try:
            day = parse_date(reference_date.strip(), "reference_date") if (reference_date or "").strip() else start
        except ReviewAppError as exc:
            return {"error": str(exc)}
        return {**timeline.to_json(), "reference_date": day.isoformat(),
                "sources_at": [s.to_json() for s in sources_at(corpus, day)]}

    gr.api(drift_timeline, api_name="drift_timeline")


def date_picks(timeline: Timeline, reference: dt.date) -> list[tuple[str, str]]:
    """The day before and the day of each change date (named by its sources), and the reference date."""
    picks: list[tuple[str, str]] = []
    for day in timeline.dates:
        names = [m.source for m in timeline.marks if m.date == day] + [
            f"{m.source} withdrawn" for m in timeline.marks if m.withdrawn == day]
        before = day - dt.timedelta(days=1)
        picks += [(f"{before.isoformat()} (before {', '.join(names)})", before.isoformat()),
                  (f"{day.isoformat()} ({', '.join(names)})", day.isoformat())]
    picks.append((f"{reference.isoformat()} (the app's reference date)", reference.isoformat()))
    return picks


# Drawing and encoding a date's figures takes about two seconds: each (corpus version, date) is drawn
# once per process, whichever app or visitor asks first (a few dozen dates at most are kept).
_RENDERED: dict[tuple[str, str], list[Any]] = {}
_KEEP = 32
_LOCK = threading.Lock()


def rendered(timeline: Timeline, corpus: Corpus, value: str) -> list[Any]:
    """`show`'s outputs with each figure already encoded as the image the browser receives."""
    key = (corpus.version, (value or "").strip())
    with _LOCK:
        kept = _RENDERED.get(key)
    if kept is not None:
        return kept
    out = show(timeline, corpus, value)
    if not isinstance(out[0], Figure):  # a date that does not parse: nothing drawn, nothing kept
        return out
    encoded = [PlotData(type="matplotlib", plot=encode_plot_to_base64(part, "png")) if isinstance(part, Figure)
               else part for part in out]
    with _LOCK:  # visitors' requests run on several threads
        if len(_RENDERED) >= _KEEP:
            _RENDERED.pop(next(iter(_RENDERED)))
        return _RENDERED.setdefault(key, encoded)


def show(timeline: Timeline, corpus: Corpus, value: str) -> list[Any]:
    """Everything that depends on the reference date: the timeline, the current sources in words,
    and per aspect the step figure and its words."""
    try:
        date = parse_date((value or "").strip(), "reference_date")
    except ReviewAppError as exc:
        message = f"<div class='edr-banner edr-abstain'><b>Cannot show that date.</b> {render.e(exc)}</div>"
        return [gr.skip(), message] + [gr.skip(), gr.skip()] * len(timeline.aspects)
    states = {s.source: s for s in sources_at(corpus, date)}
    out: list[Any] = [timeline_figure(timeline, states, date), current_html(states, date)]
    x_range = date_range(timeline, date)
    for aspect, label in timeline.aspects.items():
        series = timeline.series[aspect]
        out += [step_figure(series, label, date, x_range), steps_html(series, label, date)]
    return out


def current_html(states: dict[str, SourceState], date: dt.date) -> str:
    """The sources current at the date, in words, and how the others stand."""
    current = [s for s in states.values() if s.current]
    others = [s for s in states.values() if not s.current]
    items = "".join(f"<li data-source='{render.e(s.source)}' data-state='{render.e(s.state)}'>{render.e(s.text)}</li>"
                    for s in current)
    head = (f"<h4>Current on {render.e(date.isoformat())}: {len(current)} source(s)</h4>" if current else
            f"<h4>Current on {render.e(date.isoformat())}: no source yet</h4>")
    rest = "".join(f"<li data-source='{render.e(s.source)}' data-state='{render.e(s.state)}'>{render.e(s.text)}</li>"
                   for s in others)
    return (f"<div class='edr-card' id='drift-current-list'>{head}<ul class='drift-current'>{items}</ul>"
            f"<div class='edr-muted'>Not current then:</div><ul class='drift-other'>{rest}</ul></div>")


def steps_html(series: tuple[Series, ...], label: str, date: dt.date) -> str:
    """One aspect's steps in words: each organization's position at the date and its history."""
    rows = []
    for one in series:
        step = one.at(date)
        now = (f"<b>{render.e(step.value)}</b> ({render.e(step.source)})" if step is not None
               else "<i>no source</i>")
        rows.append(f"<li data-organization='{render.e(one.organization)}'>{render.e(one.organization)} on "
                    f"{render.e(date.isoformat())}: {now}. <span class='edr-muted'>{render.e(one.text)}</span></li>")
    return (f"<div class='edr-muted'>{render.e(label)}, in words:</div><ul>{''.join(rows)}</ul>" if rows else
            f"<p class='edr-muted'>No organization states a position on {render.e(label)}.</p>")


def source_card(corpus: Corpus, timeline: Timeline, source_id: str | None, value: str) -> str:
    """A source's card: its title, dates, how it stands at the reference date, and its text."""
    source = corpus.source_by_id.get(source_id or "")
    if source is None:
        return ""
    mark = timeline.mark(source.id)
    try:
        state = next(s for s in sources_at(corpus, parse_date((value or "").strip())) if s.source == source.id).text
    except ReviewAppError:
        state = ""
    links = [link.text for link in timeline.links if source.id in (link.newer, link.older)]
    sections = "".join(f"<h5>{render.e(c.heading)}</h5><p>{render.e(c.text)}</p>"
                       for c in corpus.chunks if c.document_id == source.id)
    notes = "".join(f"<li>{render.e(n)}</li>" for n in [state, *links, source.withdrawal_note()] if n)
    return (f"<div class='edr-card' data-source='{render.e(source.id)}'><h4>"
            f"<span class='edr-pill'>{render.e(source.organization)}</span> {render.e(source.title)}</h4>"
            f"<div class='edr-muted'>{render.e(source.id)} · {render.e(mark.when)} · {render.e(source.knowledge_class)}"
            f" · {render.e(source.citation)}</div><ul>{notes}</ul>{sections}"
            f"<p class='edr-muted'>{render.e(corpus.disclaimer)}</p></div>")
