"""Committed metric snapshots that CI recomputes, and the README tables made from them.

`write_snapshots` rewrites tests/snapshots/*.json and the README's generated section after
an intended change; `check_snapshots` lists every difference (the CLI exits non-zero).
Snapshots are always computed at the pinned defaults, whatever the environment says.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from ..claims.citations import check_cases, verification_report
from ..claims.synthesis import get_synthesizer
from ..engine.embeddings import DEFAULT as DEFAULT_EMBEDDING
from ..engine.embeddings import SNAPSHOT_EMBEDDINGS
from ..engine.pipeline import Engine
from ..engine.settings import default_settings
from ..engine.settings import labels_dir as pack_labels_dir
from ..errors import ReviewAppError, SnapshotDrift
from .calibration import sweep
from .evaluate import Evaluation, ablation, embedding_arms, evaluate
from .labels import SLICES, load_cases, load_slice, references, slice_path
from .report import (
    ablation_table,
    claim_tag_table,
    confusion_table,
    dumps_json,
    embedding_table,
    summary_table,
    sweep_table,
    tag_table,
    verification_table,
    write_atomic,
)

BEGIN = "<!-- BEGIN GENERATED RESULTS (python -m review_app snapshots) -->"
END = "<!-- END GENERATED RESULTS -->"


def pinned(engine: Engine, embedding=None):
    """The pack's pinned defaults, whatever the environment says."""
    return default_settings(env={"REVIEW_APP_CORPUS": str(engine.corpus.directory)}, embedding=embedding)


def present_slices(labels_dir: Path) -> list[str]:
    """The slices this pack has (a small pack may have only canonical)."""
    return [name for name in SLICES if slice_path(labels_dir, name).exists()]


# The last snapshots computed, by engine and the contents of every label file they read: checking,
# rewriting and checking again in one process computes them once.
_COMPUTED: dict[tuple[int, str, str], dict[str, dict[str, Any]]] = {}


def compute(engine: Engine, labels_dir: Path) -> dict[str, dict[str, Any]]:
    """Every snapshot at the pinned defaults (a fresh copy: callers may change it)."""
    key = (id(engine), engine.corpus.version, _inputs_digest(engine, labels_dir))
    if key not in _COMPUTED:
        _COMPUTED.clear()
        _COMPUTED[key] = _compute(engine, labels_dir)
    return copy.deepcopy(_COMPUTED[key])


def _inputs_digest(engine: Engine, labels_dir: Path) -> str:
    digest = hashlib.sha256()
    files = (sorted(Path(labels_dir).glob("*.jsonl")) + sorted(pack_labels_dir(engine.corpus.directory).glob("*.jsonl"))
             + list(engine.pack.extra_claim_sets) + list(engine.pack.development_sets))
    for path in files:
        digest.update(str(path).encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _compute(engine: Engine, labels_dir: Path) -> dict[str, dict[str, Any]]:
    settings = pinned(engine)
    slices = present_slices(labels_dir)
    snapshots: dict[str, dict[str, Any]] = {}
    claim_sets = {}
    for name in slices:
        cases = load_slice(labels_dir, name, **references(engine))
        # The default arm is snapshotted as it was before embedding providers existed (its
        # provider is always hashing); embeddings.json holds every provider's figures.
        hybrid = {k: v for k, v in evaluate(engine, cases, settings, name).to_json().items() if k != "embedding"}
        snapshots[name] = {
            "hybrid": hybrid,
            "ablation": ablation(engine, cases, settings, name),
        }
        if any(case.claims for case in cases):
            claim_sets[name] = cases
    # Claim sets written apart from the verifier (its agreement there is the honest figure).
    for path in engine.pack.extra_claim_sets:
        claim_sets[path.stem] = load_cases(path, **references(engine))
    verifier = get_synthesizer(engine).verifier
    snapshots["claims"] = {name: verification_report(check_cases(verifier, cases, settings.reference_date), name,
                                                     engine.corpus.version)
                           for name, cases in claim_sets.items()}
    snapshots["calibration"] = {
        "sweeps": {name: sweep(engine, load_slice(labels_dir, name, **references(engine)), settings, name).to_json()
                   for name in slices},
        "factual_density": engine.density.length_correlations(),
    }
    snapshots["embeddings"] = embedding_snapshot(engine, labels_dir)
    snapshots["answers"] = example_answers(engine, settings)
    if engine.pack.development_sets:
        snapshots["development"] = development_snapshot(engine, settings)
    return snapshots


def example_answers(engine: Engine, settings) -> dict[str, Any]:
    """The one-line answer (or the abstention) of each example question the app offers."""
    synthesizer = get_synthesizer(engine)
    out = []
    for question in engine.pack.app.examples:
        decision = engine.ask(question, settings)
        synthesis = synthesizer.synthesize(decision)
        out.append({"question": question, "aspects": list(decision.aspects), "abstain": decision.abstain,
                    "answer": synthesis.answer, "abstain_reason": decision.abstain_reason})
    return {"reference_date": settings.reference_date.isoformat(), "examples": out}


def _answers_section(data: dict[str, Any] | None) -> str:
    if not data:
        return ""
    lines = [f"- *{e['question']}* → " + (f"abstain: {e['abstain_reason']}" if e["abstain"] else
                                           e["answer"] or "(no verified statement on the asked aspects)")
             for e in data["examples"]]
    return ("One-line answers to the app's example questions (built from verified statements only; "
            f"pinned reference date {data['reference_date']}):\n\n" + "\n".join(lines) + "\n\n")


def development_snapshot(engine: Engine, settings) -> dict[str, Any]:
    """The pack's development sets (written apart from the code): the pipeline beside the naive
    baseline, per-tag metrics, and every case decided or answered wrong with its layer."""
    from .naive import naive_row

    canonical = load_slice(pack_labels_dir(engine.corpus.directory), "canonical", **references(engine))
    sets, everything, all_cases = {}, [], []
    for path in engine.pack.development_sets:
        cases = load_cases(path, **references(engine))
        evaluation = evaluate(engine, cases, settings, path.stem)
        everything += evaluation.per_case
        all_cases += cases
        misses = [{"id": c.id, "tags": list(c.tags), "decision_correct": c.decision_correct,
                   "answer_correct": c.answer_correct, "layer": c.failure_layer or c.answer_failure_layer,
                   "detail": c.failure_detail or c.answer_failure_detail}
                  for c in evaluation.per_case if not c.decision_correct or c.answer_correct is False]
        sets[path.stem] = {"summary": evaluation.summary(),
                           "naive": naive_row(engine, cases, canonical, settings, path.stem),
                           "by_tag": evaluation.by_tag(), "misses": misses}
    combined = Evaluation("development", settings.mode, settings, tuple(everything))
    return {"sets": sets, "combined": {"summary": combined.summary(),
                                       "naive": naive_row(engine, all_cases, canonical, settings, "development"),
                                       "by_tag": combined.by_tag()}}


def embedding_snapshot(engine: Engine, labels_dir: Path) -> dict[str, Any]:
    """Semantic and hybrid arms of hashing and every snapshotted provider on both slices, and each
    provider's threshold sweep. Support figures are rounded to 3 decimals: a neural model's
    float32 arithmetic may differ in the last digits from one CPU to another."""
    specs = [DEFAULT_EMBEDDING, *SNAPSHOT_EMBEDDINGS]
    arms, sweeps = {}, {}
    for name in present_slices(labels_dir):
        cases = load_slice(labels_dir, name, **references(engine))
        arms[name] = embedding_arms(engine, cases, pinned(engine), name, specs)
        for spec in specs:
            record = sweep(engine, cases, pinned(engine, spec), name).to_json()
            sweeps.setdefault(spec.label, {})[name] = _stable_sweep(record)
    return {"arms": arms, "sweeps": sweeps}


def _stable_sweep(record: dict[str, Any]) -> dict[str, Any]:
    def r3(value: float | None) -> float | None:
        return None if value is None else round(value, 3)

    return {"slice": record["slice"], "separable": record["separable"], "gap": r3(record["gap"]),
            "chosen_threshold": r3(record["chosen_threshold"]), "default_threshold": record["default_threshold"],
            "decision_accuracy_at_default": record["decision_accuracy_at_default"],
            "aurc": round(record["aurc"], 4), "abstention_guarded": record["abstention_guarded"],
            **{part: {**record[part], **{k: r3(record[part][k]) for k in ("min", "median", "max")}}
               for part in ("answerable", "abstention_unguarded")}}




def files(snapshots: dict[str, dict[str, Any]], corpus_version: str) -> dict[str, dict[str, Any]]:
    """Each snapshot file's content: the corpus version its metrics belong to, then the metrics."""
    return {name: {"corpus_version": corpus_version, **data} for name, data in snapshots.items()}


def readme_section(snapshots: dict[str, dict[str, Any]], corpus_version: str) -> str:
    top_k = default_settings(env={}).top_k
    slices = [snapshots[name] for name in SLICES if name in snapshots]
    summaries = [{k: v for k, v in s["hybrid"].items() if k not in ("per_case", "settings")} for s in slices]
    rows = [row for s in slices for row in s["ablation"]]
    claims = list(snapshots["claims"].values())
    return (f"{BEGIN}\n\nEvery table below was computed on corpus version `{corpus_version}` "
            f"(`python -m review_app corpus versions`).\n\n"
            f"{_answers_section(snapshots.get('answers'))}"
            f"Hybrid retrieval at the pinned defaults:\n\n{summary_table(summaries, top_k)}\n"
            f"Ablation (each arm changes one thing):\n\n{ablation_table(rows, top_k)}\n"
            f"Claim verification (citation metrics as the verifier judges them; agreement with the gold "
            f"labels):\n\n{verification_table(claims)}\n"
            f"{_confusion_tables(claims)}"
            f"Abstention threshold sweep (chosen on canonical, reported on holdout):\n\n"
            f"{sweep_table(list(snapshots['calibration']['sweeps'].values()))}\n"
            f"Factual density and chunk length (Pearson r over the corpus's chunks): "
            f"FD_raw {snapshots['calibration']['factual_density']['fd_raw_vs_length']:+.3f}, "
            f"FD* {snapshots['calibration']['factual_density']['fd_star_vs_length']:+.3f}.\n\n"
            f"{_embedding_section(snapshots['embeddings'], top_k)}"
            f"{_development_section(snapshots.get('development'), claims, top_k)}{END}")


def _confusion_tables(claims: list[dict[str, Any]]) -> str:
    """The verifier against the gold labels, one confusion matrix per claim set written apart from
    it (the sets with claim tags; else the last set)."""
    shown = [c for c in claims if c.get("by_tag")] or claims[-1:]
    return "".join(f"Verifier against the gold labels of `{c['slice']}` (rows gold, columns verifier):\n\n"
                   f"{confusion_table(c['agreement']['labels'], c['agreement']['confusion_matrix'])}\n"
                   for c in shown)


def _development_section(data: dict[str, Any] | None, claims: list[dict[str, Any]], top_k: int) -> str:
    if not data:
        return ""
    sets, combined = data["sets"], data["combined"]
    summaries = [s["summary"] for s in sets.values()] + [combined["summary"]]
    arms = [row for s in [*sets.values(), combined]
            for row in ({**s["summary"], "arm": "pipeline (hybrid)", "stale_cases": "–"}, s["naive"])]
    misses: dict[str, list[str]] = {}
    for s in sets.values():
        for miss in s["misses"]:
            for tag in miss["tags"] or ["(untagged)"]:
                misses.setdefault(tag, []).append(miss["id"])
    miss_rows = "".join(f"| {tag} | {len(ids)} | {' '.join(ids)} |\n" for tag, ids in sorted(misses.items()))
    tagged_claims = [c for c in claims if c.get("by_tag")]
    return (f"Development sets written apart from the code (clinician- and patient-style questions; not "
            f"frozen, measured as they come out):\n\n{summary_table(summaries, top_k)}\n"
            f"The pipeline beside the naive baseline (plain BM25 top {top_k}, its threshold chosen on canonical):"
            f"\n\n{ablation_table(arms, top_k)}\n"
            f"Per tag, over all development sets (per set in `tests/snapshots/development.json`):\n\n"
            f"{tag_table(combined['by_tag'], top_k)}\n"
            f"Cases decided or answered wrong, by tag (a case appears under each of its tags; each miss's layer "
            f"is in `development.json`):\n\n| tag | misses | cases |\n|---|---|---|\n{miss_rows}\n"
            + (f"Claim verification per claim tag (trap kind) on the independently labelled claim sets:\n\n"
               f"{claim_tag_table(tagged_claims)}\n" if tagged_claims else ""))


def _embedding_section(data: dict[str, Any], top_k: int) -> str:
    rows = [row for name in data["arms"] for row in data["arms"][name]]
    sweeps = [{**record, "slice": f"{record['slice']}, {label}"} for label, by_slice in data["sweeps"].items()
              for record in by_slice.values()]
    return (f"Embedding providers, as the semantic arm and as the semantic half of hybrid, each at its own "
            f"support threshold (`corpus/embeddings.yaml`):\n\n{embedding_table(rows, top_k)}\n"
            f"Threshold sweep per provider (hybrid; the threshold is chosen on canonical):\n\n"
            f"{sweep_table(sweeps)}\n")


def _replace_section(readme: str, section: str, path: Path) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(readme):
        raise ReviewAppError(f"{path}: the generated results markers are missing ({BEGIN} … {END})")
    return pattern.sub(lambda _: section, readme)


def write_snapshots(engine: Engine, labels_dir: Path, snapshot_dir: Path, readme: Path) -> list[Path]:
    snapshots = compute(engine, labels_dir)
    written = []
    for name, data in files(snapshots, engine.corpus.version).items():
        path = snapshot_dir / f"{name}.json"
        write_atomic(path, dumps_json(data))
        written.append(path)
    text = readme.read_text(encoding="utf-8")
    write_atomic(readme, _replace_section(text, readme_section(snapshots, engine.corpus.version), readme))
    written.append(readme)
    return written


def check_snapshots(engine: Engine, labels_dir: Path, snapshot_dir: Path, readme: Path) -> None:
    """Raise SnapshotDrift listing every difference between recomputed and committed results."""
    snapshots = compute(engine, labels_dir)
    differences: list[str] = []
    for name, data in files(snapshots, engine.corpus.version).items():
        path = snapshot_dir / f"{name}.json"
        try:
            committed = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            differences.append(f"{path}: missing")
            continue
        differences.extend(f"{path}: {d}" for d in diff(committed, json.loads(dumps_json(data))))
    text = readme.read_text(encoding="utf-8")
    if _replace_section(text, readme_section(snapshots, engine.corpus.version), readme) != text:
        differences.append(f"{readme}: the generated results tables differ from the recomputed ones")
    if differences:
        raise SnapshotDrift(differences)


def diff(old: Any, new: Any, path: str = "") -> list[str]:
    """Paths where two JSON values differ, with both values."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for key in list(old) + [k for k in new if k not in old]:
            where = f"{path}.{key}" if path else str(key)
            if key not in new:
                out.append(f"{where}: removed")
            elif key not in old:
                out.append(f"{where}: added")
            else:
                out.extend(diff(old[key], new[key], where))
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and \
            all(isinstance(x, (dict, list)) for x in old + new):
        return [d for i, (a, b) in enumerate(zip(old, new, strict=True)) for d in diff(a, b, f"{path}[{i}]")]
    return [] if old == new else [f"{path}: {json.dumps(old)} -> {json.dumps(new)}"]
