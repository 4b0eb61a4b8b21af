"""What each button does: call the package, shape its answer for the components. No retrieval,
verification or storage logic lives here."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from ..claims.citations import check_cases, citation_metrics
from ..claims.generation import AnswerGenerator, generator_from_environment, review_draft
from ..claims.synthesis import get_synthesizer
from ..engine import embeddings
from ..engine.pipeline import Engine, get_engine
from ..engine.settings import (
    data_dir,
    database_path,
    default_settings,
    parse_date,
    parse_mode,
    parse_threshold,
    parse_top_k,
    provider_threshold,
)
from ..errors import ReviewAppError, SettingsError
from ..evaluation import history, report
from ..evaluation.evaluate import ablation
from ..evaluation.labels import case_to_json
from ..records import EmbeddingSpec, Settings
from ..review import usecases
from ..review.agreement import agreement, format_agreement
from ..review.export import queue_generated
from ..review.mirror import EventMirror
from ..review.mirror import from_environment as mirror_from_environment
from ..review.service import FILTERS, ReviewService
from ..review.store import ReviewStore
from ..review.team import app_mode, load_team, passwords
from ..review.versions import registry
from . import render
from .views import (
    AskView,
    CaseScreen,
    ClaimAdded,
    CompareView,
    Disagreements,
    DraftForm,
    DraftSaved,
    EvaluationView,
    Exported,
    GeneratedView,
    HistoryView,
    PredictionsView,
    Preview,
    RereviewView,
    RowDetails,
    SaveResult,
)

# Resolves who is acting: the signed-in name, or the name typed in the app.
Who = Callable[[str | None, Any], str]


@dataclass
class Context:
    """Everything the handlers need, built once when the app starts."""

    engine: Engine
    store: ReviewStore
    service: ReviewService
    settings: Settings
    exports_dir: Path
    storage_warning: str | None
    sign_in: list[tuple[str, str]] | None = None  # name/password pairs when people must sign in
    mirror: EventMirror | None = None
    generator: AnswerGenerator | None = None  # only when generation is enabled
    generation_problem: str | None = None  # generation is enabled but cannot work: why
    embedders: dict[str, EmbeddingSpec] = dataclasses.field(default_factory=dict)  # by label; found once at start

    def __post_init__(self) -> None:
        if not self.embedders:  # hashing, the configured provider, those installed here
            specs = [embeddings.DEFAULT, self.settings.embedding, *embeddings.available()]
            self.embedders = {spec.label: spec for spec in specs}

    @classmethod
    def create(cls, db_path: Path | None = None, exports_dir: Path | None = None) -> Context:
        engine = get_engine(data_dir("corpus"))
        settings = default_settings()
        db_path = Path(db_path or database_path())
        exports = Path(exports_dir or data_dir("exports"))
        store = ReviewStore(db_path)
        service = ReviewService(engine, store, data_dir("labels"), settings, load_team(mode=app_mode()))
        mirror = mirror_from_environment(store, exports / "mirror")
        verifier = get_synthesizer(engine).verifier  # built now, not on the first click
        generator, problem = None, None
        try:
            generator = generator_from_environment(engine, verifier)
        except ReviewAppError as exc:
            problem = str(exc)
        engine.semantic_index(settings.embedding)  # a configured provider's corpus embeddings (cached on disk)
        return cls(engine, store, service, settings, exports, None if mirror else storage_warning(db_path),
                   passwords() or None, mirror, generator, problem)

    @property
    def scope_words(self) -> render.ScopeWords:
        scope = self.engine.scope
        return render.ScopeWords({flag: scope.label(flag) for flag in scope.flags}, self.engine.pack.scope_summary)

    @property
    def examples(self) -> list[str]:
        return list(self.engine.pack.app.examples)

    @property
    def generation_enabled(self) -> bool:
        return self.generator is not None or self.generation_problem is not None

    def actor(self, typed: str | None, request: Any = None) -> str | None:
        """Who is acting: the signed-in name when sign-in is on (a typed name cannot override it),
        otherwise the name typed in the app."""
        if self.sign_in:
            return getattr(request, "username", None) or None
        if os.environ.get("OAUTH_CLIENT_ID"):  # a Space with hf_oauth: the Hugging Face sign-in
            session = getattr(getattr(request, "request", None), "session", None) or {}
            info = session.get("oauth_info") or {}
            if info.get("expires_at") is not None and info["expires_at"] < time.time():
                return None  # an expired sign-in is no sign-in (as Gradio's own OAuthProfile treats it)
            return (info.get("userinfo") or {}).get("preferred_username") or None
        # no sign-in: the review policy decides what a typed name is (open review keeps a name for the
        # browser that declared it; a read-only demo has no names). Raises NameTaken.
        return self.service.identify(typed, client_key(request))

    def after_write(self) -> None:
        if self.mirror is not None:
            self.mirror.flush()


CLIENT_KEY_COOKIE = "edr_client_key"
# Run in the browser when the page loads: a random key of this browser, kept a year, sent with every
# request; in open review the first key to use a name keeps it (see ReviewService.identify).
CLIENT_KEY_JS = ("() => { if (!document.cookie.split('; ').some(c => c.startsWith('" + CLIENT_KEY_COOKIE + "='))) {"
                 " const b = new Uint8Array(16); crypto.getRandomValues(b);"
                 " const k = Array.from(b, x => x.toString(16).padStart(2, '0')).join('');"
                 " document.cookie = '" + CLIENT_KEY_COOKIE + "=' + k +"
                 " '; path=/; max-age=31536000; SameSite=Strict'; } }")


def client_key(request: Any) -> str | None:
    """The browser's key (its cookie), or for a programmatic client its session: what keeps a typed name."""
    http = getattr(request, "request", None)
    cookies = getattr(http, "cookies", None) or {}
    key = cookies.get(CLIENT_KEY_COOKIE) if hasattr(cookies, "get") else None
    if key:
        return f"browser:{key}"
    session = getattr(request, "session_hash", None)
    return f"session:{session}" if session else None


def storage_warning(db_path: Path) -> str | None:
    """On a Space without an event mirror, judgments do not survive a restart: the live database
    stays on local disk (SQLite's WAL needs locks a bucket mount may not honour), and only the
    mirror, replayed at start, carries them over. Called only when no mirror is configured."""
    if os.environ.get("SPACE_ID"):
        return ("This Space keeps the review database on local disk with no event mirror: judgments are lost "
                "when it restarts. Export often, or set REVIEW_APP_MIRROR_DIR=/data/events (persistent storage) "
                "or REVIEW_APP_MIRROR_REPO (a dataset repository) so every judgment is mirrored and replayed.")
    return None


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
        decision = ctx.engine.ask(question, _settings(ctx, mode, top_k, reference_date, threshold, diversify,
                                                      embedding))
    except ReviewAppError:
        return GeneratedView("", None)  # `ask` already shows why
    answer = ctx.generator.answer(decision)
    return GeneratedView(render.generated_html(answer), review_draft(decision, answer) if answer.claims else None)


def send_generated(ctx: Context, draft: dict[str, Any] | None, reviewer: str | None) -> str:
    if not draft:
        return "Nothing to send: ask a question first; only answers with generated claims can be sent."
    try:
        done = queue_generated(ctx.service, draft, (reviewer or "").strip())
        ctx.after_write()
    except ReviewAppError as exc:
        return f"Not sent: {exc}"
    return f"Sent: {done}."


# Review

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
    row = _row(ctx, slice_name, case_id, row_key, reviewer)
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


def _row(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str):
    if not case_id or not row_key:
        return None
    case = ctx.service.case(slice_name, case_id)
    return next((r for r in ctx.service.rows(case, reviewer.strip() or None) if r.key == row_key), None)


def _split(row_key: str) -> tuple[str, str]:
    claim_id, _, chunk_id = row_key.partition(" · ")
    return claim_id, chunk_id


def save_judgment(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str, label: str | None,
                  reason: str | None, rationale: str) -> SaveResult:
    """Submit one row; returns the status line ("Saved 14:03:12"), the refreshed table and progress."""
    if not case_id or not row_key:
        return SaveResult(NO_ROW, _table(ctx, slice_name, case_id, reviewer), progress_text(ctx, slice_name, reviewer))
    try:
        claim_id, chunk_id = _split(row_key or "")
        judgment = ctx.service.save(slice_name, case_id, claim_id, chunk_id, reviewer, label, reason, rationale or "")
        ctx.after_write()
        status = f"Saved {_clock(judgment.created_at)} — {row_key}: {judgment.label}"
    except ReviewAppError as exc:
        status = f"Not saved: {exc}"
    return SaveResult(status, _table(ctx, slice_name, case_id, reviewer), progress_text(ctx, slice_name, reviewer))


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


NO_ROW = "Not saved: open a case and choose a row first."


def accept_suggestion(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str):
    if not case_id or not row_key:
        return SaveResult(NO_ROW, _table(ctx, slice_name, case_id, reviewer), progress_text(ctx, slice_name, reviewer))
    try:
        claim_id, chunk_id = _split(row_key or "")
        judgment = ctx.service.accept_suggestion(slice_name, case_id, claim_id, chunk_id, reviewer)
        status = f"Saved {_clock(judgment.created_at)} — accepted the suggestion for {row_key}"
    except ReviewAppError as exc:
        status = f"Not saved: {exc}"
    return SaveResult(status, _table(ctx, slice_name, case_id, reviewer), progress_text(ctx, slice_name, reviewer))


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
    status = (f"Saved {_clock(last.created_at)} — accepted {saved} suggestion(s)" if last else "Nothing saved.")
    if problems:
        status += " Problems: " + " | ".join(problems)
    return SaveResult(status, _table(ctx, slice_name, case_id, reviewer), progress_text(ctx, slice_name, reviewer))


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
            claim_id, chunk_id = _split(key)
            last = ctx.service.save(slice_name, case_id, claim_id, chunk_id, reviewer, label, reason or None, rationale)
            saved += 1
        except ReviewAppError as exc:
            problems.append(f"{key}: {exc}")
    status = f"Saved {_clock(last.created_at)} — {saved} row(s)" if last else "Nothing changed to save."
    if problems:  # keep the reviewer's unsaved edits on screen so they can be fixed, not retyped
        status += " Not saved: " + " | ".join(problems)
        return SaveResult(status, table, progress_text(ctx, slice_name, reviewer))
    return SaveResult(status, _table(ctx, slice_name, case_id, reviewer), progress_text(ctx, slice_name, reviewer))


def add_claim(ctx: Context, slice_name: str, case_id: str, text: str, chunk_ids: list[str], reviewer: str):
    try:
        added = ctx.service.add_claim(slice_name, case_id, text or "", list(chunk_ids or []), reviewer)
        status = f"Saved {_clock(added.created_at)} — claim {added.claim_id} added; judge its citations below"
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


def _clock(iso: str) -> str:
    return dt.datetime.fromisoformat(iso).astimezone().strftime("%H:%M:%S")


# New case

def draft_choices(ctx: Context) -> list[str]:
    return ["(new draft)"] + [f"{d.draft_id} ({d.status})" for d in ctx.service.drafts()]


def load_draft(ctx: Context, choice: str):
    draft = ctx.service.draft((choice or "").split(" ")[0]) if choice and not choice.startswith("(") else None
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
        decision = ctx.engine.ask(question, settings)
    except ReviewAppError as exc:
        return Preview(f"Cannot preview: {exc}", "")
    return Preview(render.banner(decision, ctx.scope_words), render.evidence_cards(decision))


def save_case(ctx: Context, choice: str, question: str, should_abstain: bool, gold: list[str], flags: list[str],
              reference_date: str, notes: str, claims_json: str, reviewer: str, approve: bool):
    """Validate and store a draft (a new version each save); approve it for the next export."""
    draft_id = choice.split(" ")[0] if choice and not choice.startswith("(") else None
    try:
        case = _draft_case(question, should_abstain, gold, flags, reference_date, notes, claims_json)
        draft = usecases.save_draft(ctx.service, draft_id, case, (reviewer or "").strip() or None, approve)
        ctx.after_write()
    except usecases.DraftInvalid as exc:
        return DraftSaved("Not saved:\n" + "\n".join(f"- {p}" for p in exc.problems), draft_choices(ctx), choice)
    except ReviewAppError as exc:
        return DraftSaved(f"Not saved: {exc}", draft_choices(ctx), choice)
    label = f"{draft.draft_id} ({draft.status})"
    return DraftSaved(f"Saved {_clock(draft.created_at)} — {draft.draft_id} version {draft.version} ({draft.status})",
                      draft_choices(ctx), label)


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


# Metrics

def run_evaluation(ctx: Context, slice_name: str, labels_file: str | None, progress=None):
    """Retrieval metrics (with a progress callback), ablation, claim metrics and the support plot;
    a bad label file gets its problems in words, each with its file, line and field."""
    try:
        case_set = usecases.load_case_set(ctx.engine, ctx.service.labels_dir, slice_name,
                                          Path(labels_file) if labels_file else None)
    except ReviewAppError as exc:
        return EvaluationView(_problems("Not evaluated", exc), pd.DataFrame(), "", {}, [None, None],
                              history_view(ctx))
    cases, name = case_set.cases, case_set.name
    evaluation = usecases.run_evaluation(ctx.engine, case_set, ctx.settings, ctx.exports_dir,
                                         progress=progress).evaluation
    summary = {**evaluation.summary(), "corpus_version": evaluation.corpus_version}
    per_case = pd.DataFrame([{k: (", ".join(v) if isinstance(v, list) else v) for k, v in c.to_json().items()}
                             for c in evaluation.per_case])
    rows = ablation(ctx.engine, cases, ctx.settings, name)
    claims = [c for c in cases if c.claims]
    claim_md = "No claims in this set."
    if claims:
        claim_md = report.verification_table([{"slice": name, **citation_metrics(
            check_cases(get_synthesizer(ctx.engine).verifier, claims, ctx.settings.reference_date))}])
    top_k = ctx.settings.top_k
    calibrated = usecases.run_sweep(ctx.engine, case_set, ctx.settings, ctx.exports_dir)
    calibration, images = calibrated.sweep, [str(p) for p in calibrated.images]
    by_tag = evaluation.by_tag()
    tables = (report.summary_table([summary], top_k) + "\n" + report.ablation_table(rows, top_k)
              + (f"\nPer tag:\n\n{report.tag_table(by_tag, top_k)}" if by_tag else "")
              + "\n```\n" + report.format_sweep(calibration.to_json()) + "\n```")
    return EvaluationView(tables, per_case, claim_md, summary, images, history_view(ctx))


def score_predictions(ctx: Context, slice_name: str, labels_file: str | None,
                      predictions_file: str | None) -> PredictionsView:
    """A predictions file scored beside the built-in pipeline and the naive baseline: one table row
    per system, each case, and every claim's verdict; a bad file gets its problems, line by line."""
    if not predictions_file:
        return PredictionsView("Upload a predictions file (.jsonl) first: one JSON object per line, "
                               '`{"id", "abstain", "retrieved", "answer", "claims"}`.', pd.DataFrame(), "", [])
    try:
        comparison = usecases.compare_predictions(ctx.engine, ctx.service.labels_dir, slice_name,
                                                  Path(labels_file) if labels_file else None, Path(predictions_file),
                                                  ctx.settings)
    except ReviewAppError as exc:
        return PredictionsView(_problems("Not scored", exc), pd.DataFrame(), "", [])
    records = [s.to_json() for s in comparison.scorings]
    summaries = [{**s.summary(), "system": render.e(s.system).replace("|", "/")} for s in comparison.scorings]
    uploaded = records[0]
    table = (f"Scored on **{render.e(comparison.case_set.name)}** at {uploaded['level']} level, top "
             f"{uploaded['top_k']}; {uploaded['missing']} case(s) missing from the file (counted as wrong).\n\n"
             + report.comparison_table(summaries, uploaded["top_k"]))
    return PredictionsView(table, render.predictions_frame(records), render.claim_verdicts(uploaded), summaries)


def questions_download(ctx: Context, slice_name: str, labels_file: str | None) -> str | None:
    """The questions of the slice (or label file) without gold, and the corpus as chunks, as a
    JSON file under exports/ to download."""
    try:
        case_set = usecases.load_case_set(ctx.engine, ctx.service.labels_dir, slice_name,
                                          Path(labels_file) if labels_file else None)
    except ReviewAppError:
        return None
    record = usecases.questions(ctx.engine, case_set, ctx.settings)
    return str(report.write_atomic_json(ctx.exports_dir / f"questions-{case_set.name}.json", record))


def _problems(verdict: str, exc: ReviewAppError) -> str:
    """An error a person can act on: each problem with its file's name, line and field."""
    problems = getattr(exc, "problems", None)
    if not problems:
        return f"**{verdict}:** {render.e(exc)}"
    listed = "\n".join(f"- {render.e(Path(p.file).name)}" + (f":{p.line}" if p.line else "")
                        + f": {render.e(p.field)}: {render.e(p.message)}" for p in problems)
    return f"**{verdict}** ({len(problems)} problem(s) shown):\n\n{listed}"


def history_view(ctx: Context) -> HistoryView:
    """The evaluation history as text (drops flagged) and as points for a trend plot."""
    rows = history.trend(history.read(ctx.exports_dir))
    points = pd.DataFrame([{"run": i, "time": r["time"], "slice": r["slice"], "decision accuracy":
                            r["metrics"].get("decision_accuracy")} for i, r in enumerate(rows, start=1)
                           if r["command"] == "evaluate" and r["metrics"].get("decision_accuracy") is not None],
                          columns=["run", "time", "slice", "decision accuracy"])
    return HistoryView("```\n" + report.format_history(rows[-30:]) + "\n```", points)


FILTER_CHOICES = list(FILTERS)


# Team review

def row_panel(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str) -> str:
    """Other reviewers' labels (once mine is submitted) and the pair's full history."""
    row = _row(ctx, slice_name, case_id, row_key, reviewer)
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
    claim_id, chunk_id = _split(row_key)
    history = ctx.service.history(case_id, claim_id, chunk_id, (reviewer or "").strip() or None)
    if history:
        lines.append("\n**History:**")
        lines += [f"- {_clock(h['time'])} {render.inert(h['who'])}: {render.inert(h['what'])}"
                  + (f" (corpus {render.e(h['corpus_version'])})" if h.get("corpus_version") else "")
                  + (f" — {render.inert(h['rationale'])}" if h["rationale"] else "") for h in history]
    return "\n".join(lines)


def autosave(ctx: Context, slice_name: str, case_id: str, row_key: str, reviewer: str | None, label: str | None,
             reason: str | None, rationale: str) -> str:
    """Keep a draft of what the reviewer is choosing; a submitted judgment changes only by Submit."""
    row = _row(ctx, slice_name, case_id, row_key, reviewer or "")
    if not reviewer or row is None or not label:
        return ""
    if row.my_status == "submitted":
        return "Submitted already: press Submit to change it."
    try:
        claim_id, chunk_id = _split(row_key)
        draft = ctx.service.save(slice_name, case_id, claim_id, chunk_id, reviewer, label, reason or None,
                                 rationale or "", submit=False)
    except ReviewAppError:
        return ""  # a draft may be incomplete (a reason or rationale still to come)
    ctx.after_write()
    return f"Draft saved {_clock(draft.created_at)}"


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
    row = _row(ctx, slice_name, case_id, key, viewer or "")
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
        claim_id, chunk_id = _split(key)
        final = ctx.service.adjudicate(slice_name, case_id, claim_id, chunk_id, adjudicator or "", label or "",
                                       reason or None, rationale or "")
        ctx.after_write()
    except ReviewAppError as exc:
        return f"Not saved: {exc}"
    return f"Saved {_clock(final.created_at)} — final label for {item}: {final.label}"


# Re-review after a corpus change

PREVIOUS_VERSION = "(the previous version)"


def version_choices(ctx: Context) -> list[str]:
    """What the corpus can be compared with: the previous recorded version, or any recorded one."""
    return [PREVIOUS_VERSION] + [r.version for r in reversed(registry(ctx.store))
                                 if r.version != ctx.engine.corpus.version]


def _from(value: str | None) -> str | None:
    return None if not value or value == PREVIOUS_VERSION else value


def rereview(ctx: Context, from_version: str | None = None, viewer: str | None = None) -> RereviewView:
    """What changed in the corpus, the items to look at again (as `viewer` may see them: blind
    review), and their keys for the picker."""
    try:
        queue = ctx.service.visible_rereview_queue(viewer or None, _from(from_version))
    except ReviewAppError as exc:
        return RereviewView(f"Cannot compare versions: {render.e(exc)}", render.rereview_table(()), [])
    return RereviewView(render.corpus_change(queue), render.rereview_table(queue.items), [i.key for i in queue.items])


def rereview_record(ctx: Context, from_version: str | None = None, viewer: str | None = None) -> dict[str, Any]:
    return usecases.rereview_record(ctx.service.visible_rereview_queue(viewer or None, _from(from_version)))


def rereview_details(ctx: Context, key: str, from_version: str | None = None, viewer: str | None = None) -> str:
    if not key:
        return ""
    try:
        item, old, new = ctx.service.rereview_item(key, _from(from_version), viewer or None)
    except ReviewAppError as exc:
        return f"<p>{render.e(exc)}</p>"
    return render.rereview_item(item, old, new)


def confirm_rereview(ctx: Context, key: str, reviewer: str | None, note: str, from_version: str | None = None) -> str:
    try:
        done = ctx.service.confirm_rereview(key or "", reviewer or "", note or "", _from(from_version))
        ctx.after_write()
    except ReviewAppError as exc:
        return f"Not saved: {exc}"
    return f"Saved {_clock(done['created_at'])} — {key} confirmed on corpus {done['corpus_version']}"
