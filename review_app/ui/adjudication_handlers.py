"""The Adjudication tab's handlers: the rows reviewers disagree on, one item's labels, and the
final label an adjudicator sets."""

from __future__ import annotations

import pandas as pd

from ..errors import ReviewAppError
from ..review.agreement import agreement, format_agreement
from . import render
from .context import Context
from .review_handlers import claim_row, split_row_key
from .views import Disagreements


def disagreements(ctx: Context, slice_name: str, viewer: str | None = None) -> Disagreements:
    """Rows in disagreement whose labels `viewer` may see (blind review), and the team's agreement."""
    viewer = (viewer or "").strip() or None
    rows = ctx.service.disagreements(slice_name, viewer)
    data = []
    for r in rows:
        labels = "; ".join(f"{who}: {label}" for who, label, _, _ in ctx.service.submitted_labels(r.case_id, r,
                                                                                                  viewer))
        data.append([f"{r.case_id} {r.key}", r.claim_text, render.label_text(r.gold_label, r.gold_reason) or "–",
                     labels, r.adjudicated or ""])
    frame = pd.DataFrame(data, columns=["item", "claim", "gold", "submitted labels", "final"])
    result = agreement(ctx.service.visible_judgments(viewer))  # blind review: only what viewer may see
    return Disagreements(frame, [d[0] for d in data], format_agreement(result))


def adjudication_details(ctx: Context, slice_name: str, item: str, viewer: str | None = None) -> str:
    if not item:
        return ""
    viewer = (viewer or "").strip() or None
    case_id, _, key = item.partition(" ")
    row = claim_row(ctx, slice_name, case_id, key, viewer or "")
    if row is None:
        return ""
    lines = [f"**Claim:** {render.inert(row.claim_text)}", f"**{row.chunk_id}:** {render.e(row.chunk_text)}",
             f"**Gold:** {render.label_text(row.gold_label, row.gold_reason) or 'none'} · **verifier:** "
             f"{render.label_text(row.suggestion_label, row.suggestion_reason)}"]
    lines += [f"- {render.inert(who)}: **{label}**" + (f" / {reason}" if reason else "")
              + (f" — {render.inert(rationale)}" if rationale else "")
              for who, label, reason, rationale in ctx.service.submitted_labels(case_id, row, viewer)]
    if row.hidden_others:
        lines.append(f"{row.hidden_others} review(s) hidden until you submit yours (blind review).")
    return "\n\n".join(lines)


def adjudicate(ctx: Context, slice_name: str, item: str, adjudicator: str | None, label: str | None,
               reason: str | None, rationale: str) -> str:
    try:
        case_id, _, key = (item or "").partition(" ")
        claim_id, chunk_id = split_row_key(key)
        final = ctx.service.adjudicate(slice_name, case_id, claim_id, chunk_id, adjudicator or "", label or "",
                                       reason or None, rationale or "")
        ctx.after_write()
    except ReviewAppError as exc:
        return f"Not saved: {exc}"
    return f"Saved {render.clock(final.created_at)} — final label for {item}: {final.label}"
