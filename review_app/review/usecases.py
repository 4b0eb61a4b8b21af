"""The application layer: every use case both transports need. The command line and the
Gradio handlers parse their input, call one function here, and render the record it returns;
permission checks happen here or in ReviewService (through the team's review policy), never
in a transport."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..claims import drift
from ..claims.citations import check_cases, verification_report
from ..claims.generation import AnswerGenerator, GatedAnswer, review_draft
from ..claims.synthesis import Synthesis, get_synthesizer
from ..claims.timeline import Timeline, build_timeline
from ..engine.pipeline import Engine, QuestionError
from ..errors import ReviewAppError
from ..evaluation import history, plots, predictions, report
from ..evaluation.calibration import Sweep, sweep
from ..evaluation.dataset import DatasetWritten, write_dataset
from ..evaluation.evaluate import Evaluation, evaluate
from ..evaluation.labels import SLICES, load_cases, load_slice, references, slice_path
from ..evaluation.naive import naive_predictions
from ..evaluation.predictions import PredictionSet, Scoring
from ..jsonl import SURROGATE_MESSAGE, lone_surrogate
from ..records import Case, Decision, Settings
from .export import draft_problems, export_holdout, plan_export
from .service import ReviewService
from .store import Draft
from .versions import ReviewQueue


@dataclass(frozen=True)
class Answer:
    """A decision and its verified synthesis: what `ask` shows."""

    decision: Decision
    synthesis: Synthesis

    def to_json(self) -> dict[str, Any]:
        record = self.decision.to_json()
        record.update({k: v for k, v in self.synthesis.to_json().items() if k != "withheld"})
        return record


def ask(engine: Engine, question: str, settings: Settings) -> Answer:
    """Retrieve, decide answer-or-abstain, and synthesize from verified statements."""
    if lone_surrogate(question) is not None:  # would fail deep in the engine with an encoding error
        raise QuestionError(f"the question {SURROGATE_MESSAGE}")
    decision = engine.ask(question, settings)
    return Answer(decision, get_synthesizer(engine).synthesize(decision))


@dataclass(frozen=True)
class Generated:
    """A generated answer after the verifier's gate, and the draft case that sends its claims for review."""

    answer: GatedAnswer
    draft: dict[str, Any] | None  # None when the answer has no claims to review


def generate(engine: Engine, generator: AnswerGenerator, question: str, settings: Settings) -> Generated:
    """Retrieve and decide, then ask the model about the decision's excerpts and gate its claims
    with the verifier (the model is never asked when the decision abstains)."""
    decision = engine.ask(question, settings)
    answer = generator.answer(decision)
    return Generated(answer, review_draft(decision, answer) if answer.claims else None)


def preview(engine: Engine, question: str, settings: Settings) -> Decision:
    """The decision a draft case's question gets now: retrieval and answer-or-abstain, no synthesis."""
    return engine.ask(question, settings)


@dataclass(frozen=True)
class CaseSet:
    """Cases to evaluate, the name results are filed under, and the label files they came from."""

    cases: list[Case]
    name: str
    files: list[Path]


def load_case_set(engine: Engine, labels_dir: Path, slice_name: str | None, labels_file: Path | None) -> CaseSet:
    """The cases of a label file when one is given, else of a named slice; checked against the corpus."""
    refs = references(engine)
    if labels_file is not None:
        # an uploaded file's name is someone's text: cleaned before it names results and history lines
        return CaseSet(load_cases(Path(labels_file), **refs), history.safe_name(Path(labels_file).stem),
                       [Path(labels_file)])
    if slice_name is None:
        raise ReviewAppError("name a slice (canonical|holdout) or a label file")
    return CaseSet(load_slice(labels_dir, slice_name, **refs), slice_name, [slice_path(labels_dir, slice_name)])


@dataclass(frozen=True)
class EvaluationRun:
    evaluation: Evaluation
    written: list[Path]


def run_evaluation(engine: Engine, case_set: CaseSet, settings: Settings, exports_dir: Path,
                   progress: Callable[[int, int], None] | None = None,
                   trec_dir: Path | None = None, predictions_file: Path | None = None) -> EvaluationRun:
    """Evaluate, write the results (JSON, CSV, optionally TREC files at document and chunk level
    and the pipeline's predictions) and record the run in history."""
    evaluation = evaluate(engine, case_set.cases, settings, case_set.name, progress=progress)
    written = report.write_evaluation(evaluation, exports_dir)
    if trec_dir is not None:
        written += report.trec_files(evaluation, trec_dir) + report.trec_chunk_files(evaluation, trec_dir)
    if predictions_file is not None:
        written.append(predictions.write_predictions(
            predictions_file, predictions.pipeline_predictions(engine, case_set.cases, settings)))
    history.record(exports_dir, "evaluate", case_set.name, settings.to_json(), evaluation.summary(),
                   engine.corpus.version, case_set.files, embedding=evaluation.embedding)
    return EvaluationRun(evaluation, written)


def questions(engine: Engine, case_set: CaseSet, settings: Settings) -> dict[str, Any]:
    """The questions a system must answer (no gold) and the corpus as chunks."""
    return predictions.question_set(engine, case_set.cases, settings, case_set.name)


def load_predictions(engine: Engine, case_set: CaseSet, predictions_file: Path) -> PredictionSet:
    """A predictions file, validated against the cases and the corpus. Raises PredictionError."""
    return predictions.load_predictions(Path(predictions_file), case_set.cases,
                                        [c.id for c in engine.corpus.chunks], [s.id for s in engine.corpus.sources],
                                        case_set.name)


def score_predictions(engine: Engine, case_set: CaseSet, predictions_file: Path, settings: Settings,
                      system: str | None = None) -> Scoring:
    """Score a predictions file with evaluate's definitions; claims go through the claim verifier."""
    loaded = load_predictions(engine, case_set, predictions_file)
    return predictions.score(engine, case_set.cases, loaded, settings, case_set.name,
                             get_synthesizer(engine).verifier, system or Path(predictions_file).stem)


PIPELINE_SYSTEM = "built-in pipeline"
NAIVE_SYSTEM = "naive BM25 baseline"


def baseline_scorings(engine: Engine, labels_dir: Path, case_set: CaseSet, settings: Settings) -> list[Scoring]:
    """The built-in pipeline's and the naive baseline's predictions, scored like any other file."""
    verifier = get_synthesizer(engine).verifier
    canonical = load_slice(labels_dir, "canonical", **references(engine))  # the naive threshold is chosen on it
    built_in = predictions.pipeline_predictions(engine, case_set.cases, settings)
    naive = naive_predictions(engine, case_set.cases, canonical, settings)
    return [predictions.score(engine, case_set.cases, PredictionSet.of(built_in), settings, case_set.name,
                              verifier, f"{PIPELINE_SYSTEM} ({settings.mode})"),
            predictions.score(engine, case_set.cases, PredictionSet.of(naive), settings, case_set.name, verifier,
                              NAIVE_SYSTEM)]


@dataclass(frozen=True)
class Comparison:
    case_set: CaseSet
    scorings: list[Scoring]  # the predictions file, the built-in pipeline, the naive baseline


def compare_predictions(engine: Engine, labels_dir: Path, slice_name: str | None, labels_file: Path | None,
                        predictions_file: Path, settings: Settings) -> Comparison:
    """A predictions file scored on a slice (or a label file) beside the built-in pipeline and the
    naive baseline, in that order. Raises PredictionError for a bad file, LabelError for bad labels."""
    case_set = load_case_set(engine, labels_dir, slice_name, labels_file)
    uploaded = score_predictions(engine, case_set, predictions_file, settings)
    return Comparison(case_set, [uploaded, *baseline_scorings(engine, labels_dir, case_set, settings)])


def write_naive_predictions(engine: Engine, labels_dir: Path, cases: list[Case], settings: Settings,
                            path: Path) -> Path:
    """The naive baseline's predictions on `cases` (its threshold chosen on canonical)."""
    canonical = load_slice(labels_dir, "canonical", **references(engine))
    return predictions.write_predictions(path, naive_predictions(engine, cases, canonical, settings))


def publish_dataset(engine: Engine, labels_dir: Path, directory: Path, settings: Settings) -> DatasetWritten:
    """Both slices and the corpus as a dataset folder (`datasets.load_dataset(folder, config)`)."""
    slices = {name: load_slice(labels_dir, name, **references(engine)) for name in SLICES}
    return write_dataset(engine, slices, settings, directory)


@dataclass(frozen=True)
class SweepRun:
    sweep: Sweep
    images: list[Path]  # the support plot and the risk-coverage curve


def run_sweep(engine: Engine, case_set: CaseSet, settings: Settings, exports_dir: Path) -> SweepRun:
    """The threshold sweep, its two plots, and a history line."""
    result = sweep(engine, case_set.cases, settings, case_set.name)
    images = [plots.support_plot(result, exports_dir / f"sweep-{case_set.name}-support.png"),
              plots.risk_coverage_plot(result, exports_dir / f"sweep-{case_set.name}-risk-coverage.png")]
    history.record(exports_dir, "sweep", case_set.name, settings.to_json(), result.to_json(), engine.corpus.version,
                   case_set.files, embedding=engine.embedding_info(settings.embedding))
    return SweepRun(result, images)


def run_verification(engine: Engine, case_set: CaseSet, reference_date: dt.date, exports_dir: Path) -> dict[str, Any]:
    """Every gold claim checked by the verifier, its citation metrics and agreement, recorded in history."""
    checked = check_cases(get_synthesizer(engine).verifier, case_set.cases, reference_date)
    result = verification_report(checked, case_set.name, engine.corpus.version)
    history.record(exports_dir, "verify", case_set.name, {"reference_date": reference_date.isoformat()},
                   {**result, "agreement_accuracy": result["agreement"]["accuracy"]}, engine.corpus.version,
                   case_set.files)
    return result


@dataclass(frozen=True)
class ExportOutcome:
    summary: dict[str, Any]
    path: Path | None  # None for a dry run


def export(service: ReviewService, actor: str | None, exports_dir: Path, dry_run: bool = False) -> ExportOutcome:
    """Plan (dry run: anyone may look, but who said what only those who see every label) or write
    the next holdout version (the policy's `export`)."""
    if dry_run:
        blind = not service.team.sees_everyone(actor)
        return ExportOutcome({"dry_run": True, **plan_export(service).summary(blind=blind)}, None)
    service.team.require(actor, "export")
    result = export_holdout(service, exports_dir)
    return ExportOutcome({"dry_run": False, "path": str(result.path), "sha256": result.sha256,
                          **result.plan.summary()}, result.path)


class DraftInvalid(ReviewAppError):
    """A draft case breaks the label-file rules; `problems` lists each one."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("not saved: " + "; ".join(problems))


def save_draft(service: ReviewService, draft_id: str | None, case: dict[str, Any], actor: str | None,
               approve: bool) -> Draft:
    """Store a new version of a draft case (approved for the next export when `approve`).
    Raises AccessDenied, DraftInvalid or StoreError."""
    service.team.require(actor, "approve_case" if approve else "draft_case")
    problems = draft_problems(service, case, draft_id or None)
    if problems:
        raise DraftInvalid(problems)
    # a new draft's id is chosen by the store in the transaction that saves it: never shared
    return service.store.save_draft(draft_id or None, case, actor or "", "approved" if approve else "draft")


def rereview_record(queue: ReviewQueue) -> dict[str, Any]:
    """The re-review queue as plain data (the CLI's --json and the API endpoint)."""
    return {"current": queue.current, "diff": queue.diff.to_json() if queue.diff else None,
            "needs_rereview": [i.to_json() for i in queue.items], "confirmed": list(queue.confirmed)}


def compare(engine: Engine, question: str, settings: Settings, compare_date: dt.date) -> drift.Comparison:
    """The question at an earlier date and at the settings' reference date, and what changed per
    organization and topic (from the corpus pack's positions and dates, not from what was retrieved)."""
    if lone_surrogate(question) is not None:
        raise QuestionError(f"the question {SURROGATE_MESSAGE}")
    return drift.compare(engine, question, settings, compare_date)


def drift_timeline(engine: Engine) -> Timeline:
    """The corpus pack's timeline: a lane per organization, supersession links, and each
    organization's position per compared aspect as steps over time (from the pack's data only)."""
    return build_timeline(engine.corpus, engine.aspects, engine.pack.primary_class)
