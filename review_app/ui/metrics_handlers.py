"""The Metrics tab's handlers: a slice (or an uploaded label file) evaluated, an uploaded
predictions file scored, the questions to download, and the evaluation history."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..claims.citations import check_cases, citation_metrics
from ..claims.synthesis import get_synthesizer
from ..errors import ReviewAppError
from ..evaluation import history, report
from ..evaluation.evaluate import ablation
from ..review import usecases
from . import render
from .context import Context
from .views import EvaluationView, HistoryView, PredictionsView


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
