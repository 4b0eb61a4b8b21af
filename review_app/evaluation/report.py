"""Human-readable output and files: decision text, metric tables, evaluation exports."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import re
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..claims.synthesis import Synthesis
from ..errors import FileWriteError
from ..jsonl import dumps_lines
from ..records import Decision
from .evaluate import Evaluation


def dumps_json(value: Any) -> str:
    """Stable JSON text: same value, same bytes."""
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def write_atomic(path: Path, text: str, check: Callable[[Path], None] | None = None) -> None:
    """Write via a temporary file in the same folder, flushed and renamed into place. `check`
    reads the written temporary file and raises to refuse it: then nothing takes the final name.
    A folder that cannot be written raises FileWriteError (an OSError) naming it."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as exc:
        raise FileWriteError(path.parent, exc) from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if check is not None:
            check(Path(tmp))
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and not isinstance(exc, FileWriteError):
            raise FileWriteError(path, exc) from exc
        raise


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def write_atomic_json(path: Path, value: Any) -> Path:
    write_atomic(path, dumps_json(value))
    return path


def format_decision(decision: Decision, synthesis: Synthesis | None = None) -> str:
    s = decision.settings
    lines = []
    if decision.abstain:
        lines.append(f"ABSTAIN — {decision.abstain_reason}")
    else:
        lines.append(f"ANSWER — best support {decision.max_support_score:.3f} "
                     f"(threshold {s.threshold:.3f})")
    lines.append(f"mode {s.mode} · top-k {s.top_k} · reference date {s.reference_date.isoformat()} · "
                 f"diversify {'on' if s.diversify else 'off'}"
                 + (" · historical question: superseded sources eligible" if decision.historical_intent else "")
                 + (f" · corpus {decision.corpus_version}" if decision.corpus_version else ""))
    lines += [f"Note: {note}" for note in decision.notes]
    if decision.aspects:
        lines.append("asked about: " + ", ".join(decision.aspects) + (" (the pack's defaults: the question names "
                                                                      "none)" if decision.aspects_default else ""))
    if synthesis is not None and synthesis.answer:
        lines += ["", f"In one line: {synthesis.answer}"]
    lines.append("")
    for r in decision.results:
        published = r.published_date.isoformat() if r.published_date else "undated"
        lines.append(f"{r.rank}. [{r.organization} · {r.status} · published {published}] {r.chunk_id}")
        lines.append(f"   rank {r.rank_score:.3f} · support {r.support_score:.3f} — {r.excerpt}")
    if synthesis is not None and synthesis.cards:
        lines += ["", "Synthesis (verified statements only):"]
        for card in synthesis.cards:
            lines.append(f"  {card.organization}")
            lines += [f"    - {s.text} [{', '.join(s.chunk_ids)}; {s.status}]" for s in card.statements]
        lines += [f"  ! {d.text}" for d in synthesis.disagreements]
        lines += [f"  - {', '.join(orgs)}: no statement in this corpus on {label}" for label, orgs in synthesis.missing]
        if synthesis.related:
            lines.append(f"  ({len(synthesis.related)} related statement(s) on other points; --json lists them)")
    lines.append("")
    lines.append("Research demonstration only — not medical advice.")
    return "\n".join(lines)


def format_verification(result: dict[str, Any]) -> str:
    lines = []
    for claim in result["per_claim"]:
        mark = "supported  " if claim["supported"] else "UNSUPPORTED"
        lines.append(f"{mark} {claim['case_id']} {claim['claim_id']}: {claim['text']}")
        for c in claim["citations"]:
            gold = f" (gold {c['gold_label']})" if c.get("gold_label") and c["gold_label"] != c["label"] else ""
            reason = f" / {c['reason']}" if c["reason"] else ""
            lines.append(f"    {c['chunk_id']}: {c['label']}{reason}{gold} — {c['explanation']}")
        if claim["redundant"]:
            lines.append(f"    redundant: {', '.join(claim['redundant'])}")
    agreement = result["agreement"]
    lines += ["", verification_table([result]), "Verifier against the gold labels (rows gold, columns verifier):", "",
              confusion_table(agreement["labels"], agreement["confusion_matrix"])]
    if result.get("by_tag"):
        lines += ["Per claim tag (claim agreement: the verifier judges the claim as the annotator did):", "",
                  claim_tag_table([result])]
    return "\n".join(lines)


def claim_tag_table(results: Sequence[dict[str, Any]]) -> str:
    head = ["set", "tag", "claims", "citations", "citation agreement", "kappa", "claim agreement"]
    body = [[str(r["slice"]), str(row["tag"]), str(row["claims"]), str(row["citations"]), _fmt(row["agreement"]),
             _fmt(row["cohen_kappa"]), _fmt(row["claim_agreement"])] for r in results for row in r.get("by_tag", [])]
    return _markdown(head, body)


def trec_qrels(cases: Sequence[Any], level: str = "document") -> list[str]:
    """TREC qrels lines (`qid 0 docno 1`) of the answerable cases (Case or CaseResult records):
    their gold sources, or at `level="chunk"` their gold chunks (cases without any are left out)."""
    lines = []
    for case in cases:
        if case.should_abstain:
            continue
        gold = case.gold_document_ids if level == "document" else (case.gold_chunk_ids or ())
        lines += [f"{case.id} 0 {item} 1" for item in gold]
    return lines


def _trec_run(evaluation: Evaluation, level: str) -> list[str]:
    run = []
    for case in evaluation.per_case:
        if case.should_abstain:
            continue
        ranked = case.retrieved_ids if level == "document" else case.retrieved_chunk_ids
        run += [f"{case.id} Q0 {item} {rank} {len(ranked) - rank + 1} edr-{evaluation.mode}"
                for rank, item in enumerate(ranked, start=1)]
    return run


def trec_files(evaluation: Evaluation, directory: Path) -> list[Path]:
    """The run and qrels of the answerable cases, in TREC format: `qid Q0 docno rank score tag`
    with strictly decreasing scores, so any tool keeps the diversified order."""
    stem = Path(directory) / f"{evaluation.slice}-{evaluation.mode}"
    paths = [stem.with_suffix(".run"), stem.with_suffix(".qrels")]
    for path, lines in zip(paths, (_trec_run(evaluation, "document"), trec_qrels(evaluation.per_case)),
                           strict=True):
        write_atomic(path, "".join(line + "\n" for line in lines))
    return paths


def trec_chunk_files(evaluation: Evaluation, directory: Path) -> list[Path]:
    """The same at chunk level (`<slice>-<mode>.chunks.run` and `.chunks.qrels`: docno is a chunk
    id), for the cases whose labels name gold chunks; nothing when none do."""
    chunked = [c for c in evaluation.per_case if c.gold_chunk_ids is not None]
    if not any(not c.should_abstain for c in chunked):
        return []
    subset = dataclasses.replace(evaluation, per_case=tuple(chunked))
    stem = Path(directory) / f"{evaluation.slice}-{evaluation.mode}"
    paths = [stem.with_suffix(".chunks.run"), stem.with_suffix(".chunks.qrels")]
    for path, lines in zip(paths, (_trec_run(subset, "chunk"), trec_qrels(chunked, "chunk")), strict=True):
        write_atomic(path, "".join(line + "\n" for line in lines))
    return paths


def sweep_table(results: Sequence[dict[str, Any]]) -> str:
    head = ["slice", "answerable support (min)", "unguarded abstention support (max)", "guard abstains", "gap",
            "chosen threshold", "decision accuracy at default", "AURC"]
    rows = [[str(r["slice"]), _fmt(r["answerable"]["min"]), _fmt(r["abstention_unguarded"]["max"]),
             str(r["abstention_guarded"]), _fmt(r["gap"]) if r["separable"] else "not separable",
             _fmt(r["chosen_threshold"]), f"{_fmt(r['decision_accuracy_at_default'])} at {r['default_threshold']:.3f}",
             f"{r['aurc']:.4f}"] for r in results]
    return _markdown(head, rows)


def format_sweep(result: dict[str, Any]) -> str:
    a, b = result["answerable"], result["abstention_unguarded"]
    gap = "none (not separable)" if not result["separable"] else f"{result['gap']:.3f}"
    return "\n".join([
        f"Sweep on {result['slice']}:",
        f"  answerable support: n {a['n']}, min {_fmt(a['min'])}, median {_fmt(a['median'])}, max {_fmt(a['max'])}",
        f"  abstention support the scope guard misses: n {b['n']}, min {_fmt(b['min'])}, median "
        f"{_fmt(b['median'])}, max {_fmt(b['max'])}; caught by the guard: {result['abstention_guarded']}",
        f"  gap: {gap}",
        f"  chosen threshold: {result['chosen_threshold']:.3f} (decision accuracy "
        f"{result['decision_accuracy_at_chosen']:.3f})",
        f"  default threshold: {result['default_threshold']:.3f} (decision accuracy "
        f"{result['decision_accuracy_at_default']:.3f})",
        f"  AURC: {result['aurc']:.4f}"])


def format_history(rows: Sequence[dict[str, Any]]) -> str:
    if not rows:
        return "No runs recorded yet."
    lines = []
    for row in rows:
        metrics = ", ".join(f"{k} {v:.3f}" for k, v in row["metrics"].items())
        flag = ("  DROP: " + "; ".join(row["drops"])) if row["drops"] else ""
        if row.get("corpus_changed"):
            flag += f"  (corpus changed: {row['corpus_changed']})"
        embedding = row.get("embedding") or {}
        provider = "" if embedding.get("provider", "hashing") == "hashing" else \
            f"[{embedding['provider']} {embedding.get('model')}] "
        lines.append(f"{row['time']} {row['command']:<9} {row['slice']:<12} {row['code_version']:<12} "
                     f"corpus {row.get('corpus_version', '?'):<12} {provider}{metrics}{flag}")
    return "\n".join(lines)


def reliability_table(results: Sequence[dict[str, Any]]) -> str:
    head = ["check", "writes attempted", "acknowledged", "found afterwards", "lost", "errors", "integrity",
            "save p50 ms", "save p95 ms", "notes"]
    rows = [[r["check"], str(r["attempted"]), str(r["acknowledged"]), str(r["found"]), str(r["lost"]),
             ", ".join(f"{k}: {v}" for k, v in r["errors"].items()) or "none", r["integrity"],
             "–" if r["p50_ms"] is None else f"{r['p50_ms']:.1f}", "–" if r["p95_ms"] is None else f"{r['p95_ms']:.1f}",
             r["notes"]] for r in results]
    return _markdown(head, rows)


def format_export(summary: dict[str, Any]) -> str:
    lines = ["Dry run: nothing written." if summary["dry_run"] else f"Wrote {summary['path']}",
             *([f"sha256 {summary['sha256']}"] if not summary["dry_run"] else []),
             f"{summary['cases']} cases: {len(summary['new_cases'])} new, {summary['unchanged']} unchanged, "
             f"claims added to {len(summary['claims_added'])}, {summary['judgments_used']} judgments used",
             f"Policy: {summary['policy']}; exported citations by tag: "
             + (", ".join(f"{k} {v}" for k, v in summary["tags"].items()) or "none"),
             f"Corpus version {summary['corpus_version']}"]
    for title, key in (("New cases", "new_cases"), ("Claims added", "claims_added"),
                       ("Conflicts with frozen gold labels (not written)", "conflicts"), ("Skipped", "skipped"),
                       ("Needs re-review after a corpus change (see `corpus diff`)", "needs_rereview")):
        if summary[key]:
            lines += [f"{title}:", *(f"  {item}" for item in summary[key])]
    return "\n".join(lines)


def verification_table(results: Sequence[dict[str, Any]]) -> str:
    head = ["slice", "claims", "citations", "citation precision", "claim support rate", "freshness",
            "redundant citations", "agreement", "Cohen's kappa", "reason accuracy", "traps caught"]
    rows = [[str(r["slice"]), str(r["claims"]), str(r["citations"]), _fmt(r["citation_precision"]),
             _fmt(r["claim_support_rate"]), _fmt(r["freshness"]), _fmt(r["redundant_citation_rate"]),
             _fmt(r["agreement"]["accuracy"]), _fmt(r["agreement"]["cohen_kappa"]),
             _fmt(r["agreement"]["reason_accuracy"]), f"{r['traps_caught']} of {r['traps']}"] for r in results]
    return _markdown(head, rows)


def generation_table(results: Sequence[dict[str, Any]]) -> str:
    head = ["slice", "model", "questions", "abstained (not asked)", "outputs rejected", "claims",
            "claim support rate", "citation precision", "freshness", "rejected by the gate"]
    rows = [[str(r["slice"]), str(r["model"]), str(r["questions"]), str(r["abstained"]), str(r["outputs_rejected"]),
             str(r["claims"]), _fmt(r["claim_support_rate"]), _fmt(r["citation_precision"]), _fmt(r["freshness"]),
             _fmt(r["gate_rejection_rate"])] for r in results]
    return _markdown(head, rows)


def format_generation(result: dict[str, Any]) -> str:
    lines = []
    for case in result["per_case"]:
        lines.append(f"{case['case_id']} [{case['state']}] {case['message']}")
        for claim in case["findings"]:
            lines.append(f"    verified     {claim['text']} [{', '.join(c['chunk_id'] for c in claim['citations'])}]")
        for claim in case["unsupported"]:
            lines.append(f"    NOT SUPPORTED {claim['text']} — {claim['explanation']}")
    return "\n".join([*lines, "", generation_table([result])])


def confusion_table(labels: Sequence[str], matrix: Sequence[Sequence[int]]) -> str:
    rows = [[f"**{label}**", *(str(x) for x in row)] for label, row in zip(labels, matrix, strict=True)]
    return _markdown(["gold \\ verifier", *labels], rows)


SUMMARY_COLUMNS = ("slice", "mode", "cases", "answerable", "abstention", "recall_at_k", "mrr",
                   "abstention_accuracy", "decision_accuracy")


def summary_table(summaries: Sequence[dict[str, Any]], top_k: int) -> str:
    """Document-level metrics, then chunk-level ones ("–": not available, never perfect)."""
    head = ["slice", "mode", "cases", "answerable", "abstention", f"Recall@{top_k}", "MRR",
            "abstention accuracy", "decision accuracy", f"chunk Recall@{top_k}", "answer accuracy",
            "position coverage", "synthesis precision"]
    rows = [[str(s["slice"]), str(s["mode"]), str(s["cases"]), str(s["answerable"]), str(s["abstention"]),
             _fmt(s["recall_at_k"]), _fmt(s["mrr"]), _fmt(s["abstention_accuracy"]),
             _fmt(s["decision_accuracy"]), _fmt(s.get("chunk_recall_at_k")), _fmt(s.get("answer_accuracy")),
             _fmt(s.get("position_coverage")), _fmt(s.get("synthesis_precision"))] for s in summaries]
    return _markdown(head, rows)


def tag_table(rows: Sequence[dict[str, Any]], top_k: int) -> str:
    """Per-tag metrics: one row per tag of a set."""
    head = ["set", "tag", "cases", f"Recall@{top_k}", "abstention accuracy", "decision accuracy",
            f"chunk Recall@{top_k}", "answer accuracy", "position coverage"]
    body = [[str(r["slice"]).split(" [")[0], str(r["tag"]), str(r["cases"]), _fmt(r["recall_at_k"]),
             _fmt(r["abstention_accuracy"]), _fmt(r["decision_accuracy"]), _fmt(r.get("chunk_recall_at_k")),
             _fmt(r.get("answer_accuracy")), _fmt(r.get("position_coverage"))] for r in rows]
    return _markdown(head, body)


def comparison_table(summaries: Sequence[dict[str, Any]], top_k: int) -> str:
    """Scored predictions side by side, one row per system ("–": not available, never perfect)."""
    head = ["system", "level", "cases", "missing", f"Recall@{top_k}", "MRR", "abstention accuracy",
            "decision accuracy", f"chunk Recall@{top_k}", "answer accuracy", "answers showing outdated guidance",
            "position coverage", "citation precision", "claim support rate", "freshness"]
    rows = [[str(s["system"]), str(s["level"]), str(s["cases"]), str(s["missing"]), _fmt(s["recall_at_k"]),
             _fmt(s["mrr"]), _fmt(s["abstention_accuracy"]), _fmt(s["decision_accuracy"]),
             _fmt(s["chunk_recall_at_k"]), _fmt(s["answer_accuracy"]),
             f"{_fmt(s['stale_answer_rate'])} ({s['stale_cases']} of {s['answered']})",
             _fmt(s["position_coverage"]), _fmt(s["citation_precision"]), _fmt(s["claim_support_rate"]),
             _fmt(s["freshness"])] for s in summaries]
    return _markdown(head, rows)


def claim_lines(claims: Sequence[dict[str, Any]], indent: str = "    ") -> list[str]:
    """Each claim's verdict, then each citation's label, reason and explanation."""
    lines = []
    for claim in claims:
        mark = "supported  " if claim["supported"] else "UNSUPPORTED"
        lines.append(f"{indent}{mark} {claim['claim_id']}: {claim['text']} — {claim['explanation']}")
        for c in claim["citations"]:
            reason = f" / {c['reason']}" if c["reason"] else ""
            lines.append(f"{indent}    {c['chunk_id']}: {c['label']}{reason} ({c['status']}) — {c['explanation']}")
    return lines


def format_scoring(record: dict[str, Any]) -> str:
    """A scored predictions file (`Scoring.to_json()`): the summary, each case and its claims."""
    lines = [f"{record['system']} on {record['slice']}: {record['cases']} cases, {record['missing']} missing "
             f"(counted as wrong), scored at {record['level']} level, top {record['top_k']}; corpus "
             f"{record['corpus_version']}", "", comparison_table([record], record["top_k"])]
    if record["missing_ids"]:
        lines.append("Missing: " + ", ".join(record["missing_ids"]))
    if record["ignored_claims"]:
        lines.append(f"Claims of abstaining predictions, not scored: {record['ignored_claims']}")
    for c in record["per_case"]:
        mark = "ok  " if c["decision_correct"] else "FAIL"
        kind = "abstain" if c["should_abstain"] else "answer "
        got = "missing" if c["missing"] else ("abstained" if c["predicted_abstain"] else "answered")
        line = f"{mark} {c['id']:<14} expects {kind} · {got}"
        if c["recall_at_k"] is not None:
            line += f" · recall {c['recall_at_k']:.2f} rr {c['reciprocal_rank']:.2f}"
        if c["chunk_recall_at_k"] is not None:
            line += f" · chunks {c['chunk_recall_at_k']:.2f}"
        if c["stale_ids"]:
            line += " · showed outdated " + ", ".join(c["stale_ids"])
        lines += [line, *claim_lines(c["claims"], "     ")]
    if record.get("by_tag"):
        lines += ["", tag_table(record["by_tag"], record["top_k"])]
    return "\n".join(lines)


def questions_jsonl(record: dict[str, Any]) -> str:
    """The questions of a question set (`predictions.question_set`) as JSON Lines."""
    return dumps_lines(record["questions"])


def ablation_table(rows: Sequence[dict[str, Any]], top_k: int) -> str:
    head = ["slice", "arm", f"Recall@{top_k}", "MRR", "abstention accuracy", "decision accuracy",
            f"chunk Recall@{top_k}", "answer accuracy", "cases showing superseded guidance"]
    body = [[str(r["slice"]), str(r["arm"]), _fmt(r["recall_at_k"]), _fmt(r["mrr"]),
             _fmt(r["abstention_accuracy"]), _fmt(r["decision_accuracy"]), _fmt(r.get("chunk_recall_at_k")),
             _fmt(r.get("answer_accuracy")), str(r["stale_cases"])] for r in rows]
    return _markdown(head, body)


def embedding_table(rows: Sequence[dict[str, Any]], top_k: int) -> str:
    """Ablation rows of embedding providers, with the support threshold each ran at."""
    head = ["slice", "arm", "threshold", f"Recall@{top_k}", "MRR", "abstention accuracy", "decision accuracy"]
    body = [[str(r["slice"]), str(r["arm"]), f"{r['threshold']:.3f}", _fmt(r["recall_at_k"]), _fmt(r["mrr"]),
             _fmt(r["abstention_accuracy"]), _fmt(r["decision_accuracy"])] for r in rows]
    return _markdown(head, body)


def _markdown(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def per_case_lines(evaluation: Evaluation) -> list[str]:
    lines = []
    for c in evaluation.per_case:
        mark = "ok  " if c.decision_correct else "FAIL"
        kind = "abstain" if c.should_abstain else "answer "
        got = "abstained" if c.predicted_abstain else "answered"
        recall = "" if c.recall_at_k is None else f" recall {c.recall_at_k:.2f} rr {c.reciprocal_rank:.2f}"
        line = f"{mark} {c.id:<14} expects {kind} · {got} · support {c.max_support_score:.3f}{recall}"
        if c.chunk_recall_at_k is not None:
            line += f" · chunks {c.chunk_recall_at_k:.2f}"
        if c.failure_layer:
            line += f"\n     layer: {c.failure_layer} — {c.failure_detail}"
        if c.answer_failure_layer:
            line += f"\n     answer: {c.answer_failure_layer} — {c.answer_failure_detail}"
        lines.append(line)
    return lines


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # OWASP: what a spreadsheet may run as a formula


def csv_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows and never runs: text that starts like a formula gets a
    leading single quote (OWASP's rule for CSV injection). Numbers stay numbers, negative ones too:
    only text is ever changed."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(head: Sequence[str], rows: Sequence[dict[str, Any]]) -> str:
    """CSV text with every cell (the header's too) passed through `csv_cell`. Rows end in CRLF
    (RFC 4180): the writer then quotes any cell holding a carriage return or a line feed, so no
    text can start a row of its own."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=[csv_cell(h) for h in head], lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({csv_cell(k): csv_cell(v) for k, v in row.items()})
    return buffer.getvalue()


def evaluation_csv(evaluation: Evaluation) -> str:
    rows = [{k: ";".join(v) if isinstance(v, list) else ("" if v is None else v) for k, v in c.to_json().items()}
            for c in evaluation.per_case]
    return csv_text(list(rows[0]) if rows else [], rows)


def write_evaluation(evaluation: Evaluation, exports_dir: Path, stem: str | None = None) -> list[Path]:
    """Write the evaluation as JSON and CSV under `exports_dir`; return the paths written."""
    if stem is None:
        stem = f"evaluation-{evaluation.slice}-{evaluation.mode}"
        if evaluation.settings.embedding.model is not None:  # another provider than hashing: its own file
            stem += "-" + re.sub(r"[^A-Za-z0-9.]+", "-", evaluation.settings.embedding.label).strip("-")
    json_path, csv_path = Path(exports_dir) / f"{stem}.json", Path(exports_dir) / f"{stem}.csv"
    write_atomic(json_path, dumps_json(evaluation.to_json()))
    write_atomic(csv_path, evaluation_csv(evaluation))
    return [json_path, csv_path]


def format_versions(recorded: Sequence[dict[str, Any]]) -> str:
    if not recorded:
        return "No corpus version recorded yet."
    return "\n".join(f"{r['version']}  recorded {r['recorded_at'][:19]}  {r['sources']} sources, {r['chunks']} chunks"
                     + ("  (current)" if r["current"] else "") for r in recorded)


def format_corpus_diff(queue: Any) -> str:
    """A `versions.ReviewQueue` as text: the change, then everything that needs re-review."""
    change = queue.diff
    if change is None:
        lines = [f"Corpus version {queue.current}: no earlier version is recorded, so nothing to compare with "
                 "(a version is recorded whenever the app starts or a corpus command runs)."]
    else:
        lines = [f"Corpus {change.old} -> {change.new}" + (": no change" if change.empty else ""), *change.lines()]
    if queue.items:
        lines += ["", f"Needs re-review ({len(queue.items)}):", *(f"  {line}" for line in queue.lines())]
    else:
        lines += ["", "Nothing needs re-review."]
    if queue.confirmed:
        lines.append(f"Already confirmed on this version: {len(queue.confirmed)}")
    return "\n".join(lines)
