"""What the Gradio handlers return: named records, one per kind of screen update. Each is a
NamedTuple, so Gradio still receives its outputs in order while code and tests read fields."""

from __future__ import annotations

from typing import Any, NamedTuple

import pandas as pd


class AskView(NamedTuple):
    banner: str
    synthesis: str
    cards: str
    evidence_map: pd.DataFrame
    record: dict[str, Any]


class CompareView(NamedTuple):
    changes: str  # what changed, per organization
    then: str  # the answer at the earlier date
    now: str  # the answer at the reference date
    record: dict[str, Any]  # then, now and changes as JSON


class GeneratedView(NamedTuple):
    html: str
    draft: dict[str, Any] | None  # what "Send generated claims for review" sends


class CaseScreen(NamedTuple):
    gold: str
    banner: str
    cards: str
    claims: pd.DataFrame
    rows: list[str]
    progress: str


class RowDetails(NamedTuple):
    chunk: str
    suggestion: str
    label: str | None
    reason: str | None
    rationale: str


class SaveResult(NamedTuple):
    status: str
    claims: pd.DataFrame
    progress: str


class ClaimAdded(NamedTuple):
    status: str
    claims: pd.DataFrame
    rows: list[str]


class DraftForm(NamedTuple):
    question: str
    should_abstain: bool
    gold: list[str]
    flags: list[str]
    reference_date: str
    notes: str
    claims_json: str


class Preview(NamedTuple):
    banner: str
    cards: str


class DraftSaved(NamedTuple):
    status: str
    choices: list[str]
    selected: str


class Exported(NamedTuple):
    path: str | None
    summary: str


class HistoryView(NamedTuple):
    text: str
    points: pd.DataFrame


class EvaluationView(NamedTuple):
    tables: str
    per_case: pd.DataFrame
    claims: str
    summary: dict[str, Any]
    images: list[str | None]  # the support figure (abstain or answer per case) and the risk-coverage curve
    history: HistoryView


class PredictionsView(NamedTuple):
    table: str  # one row per system: the predictions file, the built-in pipeline, the naive baseline
    per_case: pd.DataFrame
    claims: str  # every claim of the predictions file with the verifier's verdict and reason
    summaries: list[dict[str, Any]]


class Disagreements(NamedTuple):
    table: pd.DataFrame
    items: list[str]
    agreement: str


class RereviewView(NamedTuple):
    change: str
    items: pd.DataFrame
    keys: list[str]
