"""The run and qrels written for standard IR tooling recompute the project's own metrics."""

import ir_measures
from ir_measures import RR, R

from review_app.evaluation.evaluate import evaluate
from review_app.evaluation.labels import load_slice
from review_app.evaluation.report import trec_files

from .conftest import LABELS_DIR


def test_ir_measures_agrees_with_the_evaluator(engine, settings, tmp_path):
    for name in ("canonical", "holdout"):
        evaluation = evaluate(engine, load_slice(LABELS_DIR, name), settings, name)
        run_path, qrels_path = trec_files(evaluation, tmp_path)
        lines = [line.split() for line in run_path.read_text().splitlines()]
        assert all(len(parts) == 6 and parts[1] == "Q0" for parts in lines)
        by_query: dict[str, list[float]] = {}
        for qid, _, _, _, score, _ in lines:
            by_query.setdefault(qid, []).append(float(score))
        assert all(scores == sorted(scores, reverse=True) and len(set(scores)) == len(scores)
                   for scores in by_query.values())
        qrels = list(ir_measures.read_trec_qrels(str(qrels_path)))
        run = list(ir_measures.read_trec_run(str(run_path)))
        measured = ir_measures.calc_aggregate([R @ settings.top_k, RR], qrels, run)
        summary = evaluation.summary()
        assert round(measured[R @ settings.top_k], 6) == summary["recall_at_k"]
        assert round(measured[RR], 6) == summary["mrr"]


def test_evaluate_writes_trec_files(tmp_path, monkeypatch, capsys):
    from review_app.cli import main

    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    assert main(["evaluate", "--slice", "holdout", "--trec-out", str(tmp_path / "trec")]) == 0
    assert (tmp_path / "trec" / "holdout-hybrid.run").exists() and (tmp_path / "trec" / "holdout-hybrid.qrels").exists()
