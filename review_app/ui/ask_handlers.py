"""The Ask tab's handlers: the form's settings, the answer (and the generated one), and the same
question compared at an earlier date."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import pandas as pd

from ..engine.settings import parse_date, parse_mode, parse_threshold, parse_top_k, provider_threshold
from ..errors import ReviewAppError, SettingsError
from ..records import EmbeddingSpec, Settings
from ..review import usecases
from ..review.export import queue_generated
from . import render
from .context import Context
from .views import AskView, CompareView, GeneratedView


def embedding_choices(ctx: Context) -> list[str]:
    """The semantic embedders the app can offer: hashing, the configured one, the available ones."""
    return list(ctx.embedders)


def _embedding(ctx: Context, label: str | None) -> EmbeddingSpec:
    if not label:
        return ctx.settings.embedding
    if label not in ctx.embedders:
        raise SettingsError("embedding", label, "one of " + ", ".join(ctx.embedders))
    return ctx.embedders[label]


def embedding_threshold(ctx: Context, label: str | None) -> float:
    """The calibrated threshold of the chosen embedder (the slider follows the embedder)."""
    spec = _embedding(ctx, label)
    return ctx.settings.threshold if spec == ctx.settings.embedding else provider_threshold(spec)


def _settings(ctx: Context, mode: str, top_k: float, reference_date: str, threshold: float,
              diversify: bool, embedding: str | None = None) -> Settings:
    date = parse_date(reference_date.strip()) if (reference_date or "").strip() else ctx.settings.reference_date
    return dataclasses.replace(
        ctx.settings, mode=parse_mode(mode), top_k=parse_top_k(int(top_k)), reference_date=date,
        threshold=parse_threshold(threshold), diversify=bool(diversify), embedding=_embedding(ctx, embedding),
        # a date the person changed is theirs; the pinned one gives way to a time the question states
        reference_date_explicit=ctx.settings.reference_date_explicit or date != ctx.settings.reference_date)


def ask(ctx: Context, question: str, mode: str, top_k: float, reference_date: str, threshold: float,
        diversify: bool, embedding: str | None = None) -> AskView:
    """Banner, synthesis, evidence cards, evidence map, and the raw decision as JSON."""
    try:
        answer = usecases.ask(ctx.engine, question, _settings(ctx, mode, top_k, reference_date, threshold, diversify,
                                                              embedding))
    except ReviewAppError as exc:
        message = f"<div class='edr-banner edr-abstain' id='decision-banner'><b>Cannot ask.</b> {render.e(exc)}</div>"
        return AskView(message, "", "", pd.DataFrame(), {"error": str(exc)})
    return AskView(render.banner(answer.decision, ctx.scope_words), render.synthesis_html(answer.synthesis),
                   render.evidence_cards(answer.decision), render.evidence_map(answer.decision), answer.to_json())


def compare(ctx: Context, question: str, compare_date: str, mode: str, top_k: float, reference_date: str,
            threshold: float, diversify: bool, embedding: str | None = None) -> CompareView:
    """The question at an earlier date and at the reference date, side by side, and what changed."""
    try:
        if not (compare_date or "").strip():
            raise ReviewAppError("give an earlier date to compare with (YYYY-MM-DD)")
        settings = _settings(ctx, mode, top_k, reference_date, threshold, diversify, embedding)
        comparison = usecases.compare(ctx.engine, question, settings, parse_date(compare_date.strip(), "compare_date"))
    except ReviewAppError as exc:
        message = f"<div class='edr-banner edr-abstain'><b>Cannot compare.</b> {render.e(exc)}</div>"
        return CompareView(message, "", "", {"error": str(exc)})
    return CompareView(render.changes_html(comparison.changes),
                       render.dated_answer(comparison.then, "Then", "compare-then-answer"),
                       render.dated_answer(comparison.now, "Now", "compare-now-answer"), comparison.to_json())


def compare_picks(ctx: Context) -> list[tuple[str, str]]:
    """Quick picks for the earlier date: each source's publication date (an undated one's not_before)."""
    dates: dict[str, list[str]] = {}
    for source in sorted(ctx.engine.corpus.sources, key=lambda s: s.eligible_from or dt.date.max):
        if source.eligible_from is not None:
            dates.setdefault(source.eligible_from.isoformat(), []).append(source.id)
    return [(f"{day} ({', '.join(ids)})", day) for day, ids in dates.items()]


def generate(ctx: Context, question: str, mode: str, top_k: float, reference_date: str, threshold: float,
             diversify: bool, embedding: str | None = None) -> GeneratedView:
    """The generated answer after the verifier's gate, and the draft that can send its claims
    for review. The model is never asked when the decision abstains."""
    if ctx.generator is None:
        return GeneratedView(render.generated_html(None, ctx.generation_problem), None)
    try:
        generated = usecases.generate(ctx.engine, ctx.generator, question,
                                      _settings(ctx, mode, top_k, reference_date, threshold, diversify, embedding))
    except ReviewAppError:
        return GeneratedView("", None)  # `ask` already shows why
    return GeneratedView(render.generated_html(generated.answer), generated.draft)


def send_generated(ctx: Context, draft: dict[str, Any] | None, reviewer: str | None) -> str:
    if not draft:
        return "Nothing to send: ask a question first; only answers with generated claims can be sent."
    try:
        done = queue_generated(ctx.service, draft, (reviewer or "").strip())
        ctx.after_write()
    except ReviewAppError as exc:
        return f"Not sent: {exc}"
    return f"Sent: {done}."
