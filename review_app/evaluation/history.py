"""Evaluation history: one JSON line per evaluate, ablation, verify or sweep run, so a change
that moves a metric shows up as a trend, and a drop against the previous run of the same
configuration is flagged.

A line that cannot be read (a broken write, a hand edit) is reported and skipped: it never
blocks an evaluation or `history`. Names recorded (a slice, or an uploaded label file's name)
are cleaned first."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import logging
import os
import subprocess
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..engine.settings import PROJECT_ROOT
from ..jsonl import dumps, split_lines

log = logging.getLogger(__name__)

HISTORY_FILE = "history.jsonl"
TRACKED = ("recall_at_k", "mrr", "abstention_accuracy", "decision_accuracy", "citation_precision",
           "claim_support_rate", "agreement_accuracy", "decision_accuracy_at_default")


def code_version() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=PROJECT_ROOT, capture_output=True,
                             text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else "unknown"


MAX_NAME_CHARS = 80


def safe_name(name: str) -> str:
    """A name fit for a history line, a table and a file name: line and paragraph separators,
    control, format and unassigned characters and lone surrogates become "_", "/" and "\\" too;
    at most MAX_NAME_CHARS characters. "unnamed" when nothing is left."""
    kept = "".join("_" if ch in "/\\" or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
                   else ch for ch in str(name))
    kept = " ".join(kept.split())[:MAX_NAME_CHARS].strip()
    return kept or "unnamed"


def labels_hash(paths: Iterable[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(p) for p in paths):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def record(exports_dir: Path, command: str, slice_name: str, settings: dict[str, Any], metrics: dict[str, Any],
           corpus_version: str, labels: Iterable[Path], embedding: dict[str, Any] | None = None) -> dict[str, Any]:
    """Append one line (flushed to disk) and return it. `embedding` (provider, model, version)
    is recorded for the runs that retrieve."""
    line = {"time": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), "command": command,
            "slice": safe_name(slice_name),
            "code_version": code_version(), "corpus_version": corpus_version, "labels": labels_hash(labels),
            "settings": settings, "metrics": {k: metrics[k] for k in TRACKED if metrics.get(k) is not None}}
    if embedding is not None:
        line["embedding"] = embedding
    path = Path(exports_dir) / HISTORY_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(dumps(line) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return line


def read(exports_dir: Path, problems: list[str] | None = None) -> list[dict[str, Any]]:
    """The readable lines of the history, oldest first. A line that is not JSON or not a run
    record is skipped and reported: appended to `problems` when given, logged otherwise."""
    path = Path(exports_dir) / HISTORY_FILE
    if not path.exists():
        return []
    lines = []
    text = path.read_bytes().decode("utf-8", errors="replace")
    for number, raw in enumerate(split_lines(text), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
            why = _invalid(line)
        except json.JSONDecodeError as exc:
            why = f"not a JSON line ({exc.msg})"
        except RecursionError:
            why = "not a JSON line (nested too deeply)"
        if why is None:
            lines.append(line)
            continue
        message = f"{path}:{number}: skipped: {why}"
        if problems is not None:
            problems.append(message)
        else:
            log.warning("%s", message)
    return lines


def _invalid(line: Any) -> str | None:
    """Why a parsed line is not a run record that `trend` and the report can use, or None."""
    if not isinstance(line, dict):
        return "not a JSON object"
    for key in ("time", "command", "slice", "code_version"):
        if not isinstance(line.get(key), str):
            return f"{key}: missing or not text"
    if "corpus_version" in line and not isinstance(line["corpus_version"], str):
        return "corpus_version: not text"
    if not isinstance(line.get("settings"), dict):
        return "settings: missing or not an object"
    metrics = line.get("metrics")
    if not isinstance(metrics, dict) or not all(isinstance(v, int | float) and not isinstance(v, bool)
                                                 for v in metrics.values()):
        return "metrics: missing or not numbers"
    embedding = line.get("embedding")
    if embedding is not None and not isinstance(embedding, dict):
        return "embedding: not an object"
    return None


def trend(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each run with the metrics that dropped against the previous run of the same configuration
    (same command, slice, settings and embedding provider and model; lines written before
    providers existed count as hashing)."""
    previous: dict[str, dict[str, Any]] = {}
    out = []
    for line in lines:
        embedding = line.get("embedding") or {"provider": "hashing", "model": None}
        key = json.dumps([line["command"], line["slice"], line["settings"],
                          [embedding.get("provider"), embedding.get("model")]], sort_keys=True)
        before = previous.get(key)
        drops = [] if before is None else [
            f"{name} {before['metrics'][name]:.3f} -> {value:.3f}" for name, value in line["metrics"].items()
            if name in before["metrics"] and value < before["metrics"][name] - 1e-9]
        # "old -> new" when the previous run was on another corpus version: a drop may come from the corpus
        changed = None if before is None or before.get("corpus_version") == line.get("corpus_version") else \
            f"{before.get('corpus_version')} -> {line.get('corpus_version')}"
        out.append({**line, "drops": drops, "corpus_changed": changed})
        previous[key] = line
    return out
