"""Evaluation history: one JSON line per evaluate, ablation, verify or sweep run, so a change
that moves a metric shows up as a trend, and a drop against the previous run of the same
configuration is flagged."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..engine.settings import PROJECT_ROOT
from ..errors import ReviewAppError

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


def labels_hash(paths: Iterable[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(p) for p in paths):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def record(exports_dir: Path, command: str, slice_name: str, settings: dict[str, Any], metrics: dict[str, Any],
           corpus_version: str, labels: Iterable[Path], embedding: dict[str, Any] | None = None) -> dict[str, Any]:
    """Append one line (flushed to disk) and return it. `embedding` (provider, model, version)
    is recorded for the runs that retrieve."""
    line = {"time": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), "command": command, "slice": slice_name,
            "code_version": code_version(), "corpus_version": corpus_version, "labels": labels_hash(labels),
            "settings": settings, "metrics": {k: metrics[k] for k in TRACKED if metrics.get(k) is not None}}
    if embedding is not None:
        line["embedding"] = embedding
    path = Path(exports_dir) / HISTORY_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(line, ensure_ascii=False) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return line


def read(exports_dir: Path) -> list[dict[str, Any]]:
    path = Path(exports_dir) / HISTORY_FILE
    if not path.exists():
        return []
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError as exc:
            raise ReviewAppError(f"{path}:{number}: not a JSON line ({exc.msg})") from None
    return lines


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
