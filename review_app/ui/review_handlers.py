"""The Review tab's handlers: a reviewer's cases, queues and progress, one claim row's details and
history, and saving judgments (one row, the whole table, the verifier's suggestions, a new claim)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pandas as pd

from ..errors import ReviewAppError
from ..evaluation.labels import case_to_json
from ..review.service import FILTERS, ClaimRow
from . import render
from .context import Context
from .views import CaseScreen, ClaimAdded, RowDetails, SaveResult

FILTER_CHOICES = list(FILTERS)


def case_choices(ctx: Context, slice_name: str, filter_name: str, reviewer: str) -> list[str]:
    return ctx.service.filtered(slice_name, filter_name, reviewer.strip() or None)


def load_case(ctx: Context, slice_name: str, case_id: str, reviewer: str):
    """Gold panel, retrieval (cards with gold marks), claim table, row choices, progress."""
    view = ctx.service.view(slice_name, case_id, reviewer.strip() or None)
    rows = [r.key for r in view.rows]
    return CaseScreen(render.gold_panel(view), render.banner(view.decision, ctx.scope_words),
            render.evidence_cards(view.decision, set(view.case.gold_document_ids)),
            render.claim_table(view.rows), rows, progress_text(ctx, slice_name, reviewer))


def case_record(ctx: Context, slice_name: str, case_id: str, reviewer: str) -> dict[str, Any]:
    """The same as load_case, as plain data for programmatic clients."""
    view = ctx.service.view(slice_name, case_id, reviewer.strip() or None)
    return {"slice": slice_name, "case": case_to_json(view.case), "decision": view.decision.to_json(),
            "result": view.result.to_json(), "missing_gold": view.missing_gold,
            "rows": [dataclasses.asdict(r) for r in view.rows]}


def progress_text(ctx: Context, slice_name: str, reviewer: str) -> str:
    mine, total, anyone = ctx.service.progress(slice_name, reviewer.strip() or None)
    who = f"you ({reviewer.strip()}): {mine} / {total}" if reviewer.strip() else "set your name to track your own"
    return f"Progress on {slice_name}: {who} · anyone: {anyone} / {total} claim citations judged"


def row_details(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str):
    """Chunk text, the verifier's suggestion and the reviewer's current values for one row."""
    row = claim_row(ctx, slice_name, case_id, row_key, reviewer)
    if row is None:
        return RowDetails("", "", None, None, "")
    if row.suggestion_hidden:
        offered = ("**Verifier's suggestion:** hidden until you submit your own label (on this slice a pair's "
                   "second review is made without it)")
    else:
        offered = (f"**Verifier suggests:** {row.suggestion_label}" + (f" / {row.suggestion_reason}"
                   if row.suggestion_reason else "") + f" — {render.e(row.explanation)}")
    suggestion = (offered + "\n\n**Gold:** "
                  + (render.label_text(row.gold_label, row.gold_reason) or "none (a reviewer added this claim)"))
    chunk = f"**Claim:** {render.inert(row.claim_text)}\n\n**{row.chunk_id}:** {render.e(row.chunk_text)}"
    if row.rereview:
        chunk += f"\n\n**Needs re-review after a corpus change:** {render.e(row.rereview)}"
    if row.made_on_text is not None:
        chunk += (f"\n\n**Your judgment was made on an earlier text of this chunk:** {render.e(row.made_on_text)}"
                  "\n\n(the Corpus changes tab shows both texts side by side)")
    return RowDetails(chunk, suggestion, row.my_label, row.my_reason, row.my_rationale)


def claim_row(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str) -> ClaimRow | None:
    """One claim row of a case as `reviewer` sees it, by its key ("claim · chunk"); None when none is chosen."""
    if not case_id or not row_key:
        return None
    case = ctx.service.case(slice_name, case_id)
    return next((r for r in ctx.service.rows(case, reviewer.strip() or None) if r.key == row_key), None)


def split_row_key(row_key: str) -> tuple[str, str]:
    """A row key's claim id and chunk id."""
    claim_id, _, chunk_id = row_key.partition(" · ")
    return claim_id, chunk_id


NO_ROW = "Not saved: open a case and choose a row first."


def save_judgment(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str, label: str | None,
                  reason: str | None, rationale: str) -> SaveResult:
    """Submit one row; returns the status line ("Saved 14:03:12"), the refreshed table and progress."""
    if not case_id or not row_key:
        return _saved(ctx, slice_name, case_id, reviewer, NO_ROW)
    try:
        claim_id, chunk_id = split_row_key(row_key or "")
        judgment = ctx.service.save(slice_name, case_id, claim_id, chunk_id, reviewer, label, reason, rationale or "")
        ctx.after_write()
        status = f"Saved {render.clock(judgment.created_at)} — {row_key}: {judgment.label}"
    except ReviewAppError as exc:
        status = f"Not saved: {exc}"
    return _saved(ctx, slice_name, case_id, reviewer, status)


def save_judgment_record(ctx: Context, slice_name: str, case_id: str, claim_id: str, chunk_id: str, reviewer: str,
                         label: str, reason: str, rationale: str, submit: bool = True,
                         actor: str | None = None) -> dict[str, Any]:
    """Save as `reviewer` (default: the actor); the policy refuses an actor saving as someone else."""
    try:
        judgment = ctx.service.save(slice_name, case_id, claim_id, chunk_id, reviewer or actor or "", label,
                                    reason or None, rationale or "", submit=submit, actor=actor)
        ctx.after_write()
    except ReviewAppError as exc:
        return {"error": str(exc)}
    return dataclasses.asdict(judgment)


def accept_suggestion(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str):
    if not case_id or not row_key:
        return _saved(ctx, slice_name, case_id, reviewer, NO_ROW)
    try:
        claim_id, chunk_id = split_row_key(row_key or "")
        judgment = ctx.service.accept_suggestion(slice_name, case_id, claim_id, chunk_id, reviewer)
        status = f"Saved {render.clock(judgment.created_at)} — accepted the suggestion for {row_key}"
    except ReviewAppError as exc:
        status = f"Not saved: {exc}"
    return _saved(ctx, slice_name, case_id, reviewer, status)


def accept_all(ctx: Context, slice_name: str, case_id: str, reviewer: str):
    """Accept the verifier's suggestion on every row not yet judged by this reviewer."""
    saved, problems, last = 0, [], None
    if case_id:
        for row in _rows(ctx, slice_name, case_id, reviewer):
            if row.my_label and not row.stale:
                continue
            try:
                last = ctx.service.accept_suggestion(slice_name, case_id, row.claim_id, row.chunk_id, reviewer)
                saved += 1
            except ReviewAppError as exc:
                problems.append(f"{row.key}: {exc}")
    status = (f"Saved {render.clock(last.created_at)} — accepted {saved} suggestion(s)" if last else "Nothing saved.")
    if problems:
        status += " Problems: " + " | ".join(problems)
    return _saved(ctx, slice_name, case_id, reviewer, status)


def save_table(ctx: Context, slice_name: str, case_id: str, reviewer: str, table: pd.DataFrame):
    """Save every row whose 'your label' was filled in or changed in the table."""
    current = {r.key: r for r in _rows(ctx, slice_name, case_id, reviewer)} if case_id else {}
    saved, problems, last = 0, [], None
    for _, row in (table if table is not None else pd.DataFrame()).iterrows():
        key, label = str(row.get("row", "")), str(row.get("your label", "") or "").strip()
        reason, rationale = str(row.get("your reason", "") or "").strip(), str(row.get("your rationale", "") or "")
        before = current.get(key)
        unchanged = before is not None and (before.my_label, before.my_reason or "", before.my_rationale) == \
            (label, reason, rationale)
        if not label or before is None or (unchanged and before.my_status != "draft"):
            continue  # a draft shown unchanged is still saved: Save all rows submits it
        try:
            claim_id, chunk_id = split_row_key(key)
            last = ctx.service.save(slice_name, case_id, claim_id, chunk_id, reviewer, label, reason or None, rationale)
            saved += 1
        except ReviewAppError as exc:
            problems.append(f"{key}: {exc}")
    status = f"Saved {render.clock(last.created_at)} — {saved} row(s)" if last else "Nothing changed to save."
    if problems:  # keep the reviewer's unsaved edits on screen so they can be fixed, not retyped
        status += " Not saved: " + " | ".join(problems)
        return SaveResult(status, table, progress_text(ctx, slice_name, reviewer))
    return _saved(ctx, slice_name, case_id, reviewer, status)


def add_claim(ctx: Context, slice_name: str, case_id: str, text: str, chunk_ids: list[str], reviewer: str):
    try:
        added = ctx.service.add_claim(slice_name, case_id, text or "", list(chunk_ids or []), reviewer)
        status = f"Saved {render.clock(added.created_at)} — claim {added.claim_id} added; judge its citations below"
    except ReviewAppError as exc:
        status = f"Not saved: {exc}"
    view = ctx.service.view(slice_name, case_id, reviewer.strip() or None)
    return ClaimAdded(status, render.claim_table(view.rows), [r.key for r in view.rows])


def _rows(ctx: Context, slice_name: str, case_id: str, reviewer: str):
    """A case's claim rows alone: saving changes no retrieval, so the case is not decided again."""
    return ctx.service.rows(ctx.service.case(slice_name, case_id), reviewer.strip() or None)


def _table(ctx: Context, slice_name: str, case_id: str, reviewer: str) -> pd.DataFrame:
    if not case_id:
        return render.claim_table(())
    return render.claim_table(_rows(ctx, slice_name, case_id, reviewer))


def _saved(ctx: Context, slice_name: str, case_id: str, reviewer: str, status: str) -> SaveResult:
    """The status line with the case's refreshed claim table and the reviewer's progress."""
    return SaveResult(status, _table(ctx, slice_name, case_id, reviewer), progress_text(ctx, slice_name, reviewer))


def row_panel(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str) -> str:
    """Other reviewers' labels (once mine is submitted) and the pair's full history."""
    row = claim_row(ctx, slice_name, case_id, row_key, reviewer)
    if row is None:
        return ""
    lines = [f"**My status:** {row.my_status or 'not started'} · submitted reviews: {row.submitted} of "
             f"{ctx.service.team.reviews_needed(slice_name)} needed"
             + (f" · **final (adjudicated): {row.adjudicated}**" if row.adjudicated else "")]
    if row.hidden_others:
        lines.append(f"{row.hidden_others} other review(s) hidden until you submit yours (blind review).")
    for who, label, reason, rationale in row.others:
        lines.append(f"- {render.inert(who)}: **{label}**" + (f" / {reason}" if reason else "")
                     + (f" — {render.inert(rationale)}" if rationale else ""))
    claim_id, chunk_id = split_row_key(row_key)
    history = ctx.service.history(case_id, claim_id, chunk_id, (reviewer or "").strip() or None)
    if history:
        lines.append("\n**History:**")
        lines += [f"- {render.clock(h['time'])} {render.inert(h['who'])}: {render.inert(h['what'])}"
                  + (f" (corpus {render.e(h['corpus_version'])})" if h.get("corpus_version") else "")
                  + (f" — {render.inert(h['rationale'])}" if h["rationale"] else "") for h in history]
    return "\n".join(lines)


def autosave(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str | None, label: str | None,
             reason: str | None, rationale: str) -> str:
    """Keep a draft of what the reviewer is choosing; a submitted judgment changes only by Submit."""
    row = claim_row(ctx, slice_name, case_id, row_key, reviewer or "")
    if not reviewer or row is None or not label:
        return ""
    if row.my_status == "submitted":
        return "Submitted already: press Submit to change it."
    try:
        claim_id, chunk_id = split_row_key(row_key)
        draft = ctx.service.save(slice_name, case_id, claim_id, chunk_id, reviewer, label, reason or None,
                                 rationale or "", submit=False)
    except ReviewAppError:
        return ""  # a draft may be incomplete (a reason or rationale still to come)
    ctx.after_write()
    return f"Draft saved {render.clock(draft.created_at)}"


def undo(ctx: Context, slice_name: str, case_id: str, reviewer: str | None):
    try:
        undone = ctx.service.undo(reviewer or "")
        status = (f"Undid {undone.status} {undone.label} on {undone.case_id} {undone.claim_id} · {undone.chunk_id}"
                  if undone else "Nothing of yours to undo.")
        ctx.after_write()
    except ReviewAppError as exc:
        status = f"Not undone: {exc}"
    return status, _table(ctx, slice_name, case_id, reviewer or ""), progress_text(ctx, slice_name, reviewer or "")


def queues_text(ctx: Context, slice_name: str, reviewer: str | None, shown: int = 8) -> str:
    """My queues on the slice: their sizes, and the first rows of each (drafts first)."""
    if not reviewer:
        return "Sign in or set your name to see your queues."
    queues = ctx.service.queues(slice_name, reviewer)
    lines = ["**Your queues on " + render.e(slice_name) + ":** "
             + " · ".join(f"{name}: {len(items)}" for name, items in queues.items())]
    for name in ("my drafts", "waiting for me", "needs re-review"):
        items = queues.get(name, [])
        if items:
            more = f" … and {len(items) - shown} more" if len(items) > shown else ""
            lines.append(f"- {name}: " + ", ".join(render.e(i) for i in items[:shown]) + more)
    return "\n".join(lines)
