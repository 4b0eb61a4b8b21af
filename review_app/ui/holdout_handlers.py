"""The New case and Export tabs' handlers: draft cases for the holdout (load, preview, save,
approve), and the export of the next holdout version."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from ..engine.settings import parse_date
from ..errors import ReviewAppError
from ..evaluation import report
from ..review import usecases
from . import render
from .context import Context
from .views import DraftForm, DraftSaved, Exported, Preview

NEW_DRAFT = "(new draft)"


def draft_choices(ctx: Context) -> list[str]:
    return [NEW_DRAFT] + [f"{d.draft_id} ({d.status})" for d in ctx.service.drafts()]


def _draft_id(choice: str | None) -> str | None:
    """The draft a choice names ("draft-001 (draft)"), or None for a new one."""
    return choice.split(" ")[0] if choice and not choice.startswith("(") else None


def load_draft(ctx: Context, choice: str):
    draft_id = _draft_id(choice)
    draft = ctx.service.draft(draft_id) if draft_id else None
    case = draft.case if draft else {}
    return DraftForm(case.get("question", ""), bool(case.get("should_abstain", False)),
                     case.get("gold_document_ids", []), case.get("expected_scope_flags", []),
                     case.get("reference_date") or "", case.get("notes", ""),
                     json.dumps(case.get("claims", []), indent=1, ensure_ascii=False) if case.get("claims") else "")


def _draft_case(question, should_abstain, gold, flags, reference_date, notes, claims_json) -> dict[str, Any]:
    case: dict[str, Any] = {"question": (question or "").strip(), "should_abstain": bool(should_abstain),
                            "gold_document_ids": list(gold or []), "expected_scope_flags": list(flags or []),
                            "reference_date": (reference_date or "").strip() or None}
    if (claims_json or "").strip():
        try:
            case["claims"] = json.loads(claims_json)
        except json.JSONDecodeError as exc:
            raise ReviewAppError(f"claims: not valid JSON ({exc.msg}, line {exc.lineno})") from None
    case["notes"] = notes or ""
    return case


def preview_draft(ctx: Context, question: str, reference_date: str) -> Preview:
    try:
        settings = ctx.settings if not (reference_date or "").strip() else dataclasses.replace(
            ctx.settings, reference_date=parse_date(reference_date.strip()))
        decision = usecases.preview(ctx.engine, question, settings)
    except ReviewAppError as exc:
        return Preview(f"Cannot preview: {exc}", "")
    return Preview(render.banner(decision, ctx.scope_words), render.evidence_cards(decision))


def save_case(ctx: Context, choice: str, question: str, should_abstain: bool, gold: list[str], flags: list[str],
              reference_date: str, notes: str, claims_json: str, reviewer: str, approve: bool):
    """Validate and store a draft (a new version each save); approve it for the next export."""
    draft_id = _draft_id(choice)
    try:
        case = _draft_case(question, should_abstain, gold, flags, reference_date, notes, claims_json)
        draft = usecases.save_draft(ctx.service, draft_id, case, (reviewer or "").strip() or None, approve)
        ctx.after_write()
    except usecases.DraftInvalid as exc:
        return DraftSaved("Not saved:\n" + "\n".join(f"- {p}" for p in exc.problems), draft_choices(ctx), choice)
    except ReviewAppError as exc:
        return DraftSaved(f"Not saved: {exc}", draft_choices(ctx), choice)
    label = f"{draft.draft_id} ({draft.status})"
    return DraftSaved(f"Saved {render.clock(draft.created_at)} — {draft.draft_id} version {draft.version} "
                      f"({draft.status})", draft_choices(ctx), label)


def save_case_record(ctx: Context, case: dict[str, Any], reviewer: str, draft_id: str, approve: bool) -> dict[str, Any]:
    try:
        draft = usecases.save_draft(ctx.service, draft_id or None, case, reviewer or None, approve)
        ctx.after_write()
    except usecases.DraftInvalid as exc:
        return {"error": "not saved", "problems": exc.problems}
    except ReviewAppError as exc:
        return {"error": str(exc)}
    return dataclasses.asdict(draft)


# Export

def export_dry_run(ctx: Context, actor: str | None = None) -> str:
    outcome = usecases.export(ctx.service, actor or None, ctx.exports_dir, dry_run=True)
    return "```\n" + report.format_export(outcome.summary) + "\n```"


def export(ctx: Context, actor: str | None = "") -> Exported:
    try:
        outcome = usecases.export(ctx.service, actor or None, ctx.exports_dir)
    except ReviewAppError as exc:
        return Exported(None, f"Not exported: {exc}")
    return Exported(str(outcome.path), "```\n" + report.format_export(outcome.summary) + "\n```")
