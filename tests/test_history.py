import json

import pytest

from review_app.errors import ReviewAppError
from review_app.evaluation import history
from review_app.evaluation.report import format_history


def test_runs_are_appended_and_drops_flagged(tmp_path):
    labels = tmp_path / "cases.jsonl"
    labels.write_text("{}\n")
    settings = {"mode": "hybrid"}
    history.record(tmp_path, "evaluate", "canonical", settings, {"recall_at_k": 1.0, "mrr": 0.9}, "v1", [labels])
    history.record(tmp_path, "evaluate", "holdout", settings, {"recall_at_k": 0.5}, "v1", [labels])
    history.record(tmp_path, "evaluate", "canonical", settings, {"recall_at_k": 0.9, "mrr": 0.95}, "v1", [labels])
    rows = history.trend(history.read(tmp_path))
    assert [r["drops"] for r in rows] == [[], [], ["recall_at_k 1.000 -> 0.900"]]
    first = rows[0]
    assert first["code_version"] and first["labels"] and first["corpus_version"] == "v1"
    history.record(tmp_path, "evaluate", "canonical", settings, {"recall_at_k": 0.8}, "v2", [labels])
    last = history.trend(history.read(tmp_path))[-1]
    assert last["corpus_changed"] == "v1 -> v2" and rows[2]["corpus_changed"] is None
    assert "corpus v2" in format_history([last]) and "(corpus changed: v1 -> v2)" in format_history([last])


def test_a_broken_history_line_is_located(tmp_path):
    (tmp_path / history.HISTORY_FILE).write_text(json.dumps({"command": "evaluate"}) + "\n{oops\n")
    with pytest.raises(ReviewAppError, match=r"history\.jsonl:2"):
        history.read(tmp_path)


def test_cli_records_every_evaluation_kind(tmp_path, monkeypatch, capsys):
    from review_app.cli import main

    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path))
    for args in (["evaluate", "--slice", "holdout"], ["ablation", "--slice", "holdout"],
                 ["verify", "--slice", "canonical"]):
        assert main(args) == 0
    commands = [json.loads(line)["command"] for line in (tmp_path / "history.jsonl").read_text().splitlines()]
    assert commands[0] == "evaluate" and "ablation" in commands and commands[-1] == "verify"
    capsys.readouterr()
    assert main(["history"]) == 0 and "evaluate" in capsys.readouterr().out


def test_runs_are_compared_only_within_one_embedding_provider(tmp_path):
    labels = tmp_path / "cases.jsonl"
    labels.write_text("{}\n")
    settings = {"mode": "hybrid"}
    minilm = {"provider": "sentence-transformers", "model": "all-MiniLM-L6-v2", "version": "v"}
    history.record(tmp_path, "evaluate", "holdout", settings, {"recall_at_k": 1.0}, "v1", [labels])
    history.record(tmp_path, "evaluate", "holdout", settings, {"recall_at_k": 0.9}, "v1", [labels], embedding=minilm)
    history.record(tmp_path, "evaluate", "holdout", settings, {"recall_at_k": 0.8}, "v1", [labels], embedding=minilm)
    rows = history.trend(history.read(tmp_path))
    assert [r["drops"] for r in rows] == [[], [], ["recall_at_k 0.900 -> 0.800"]]
    assert "embedding" not in rows[0] and rows[1]["embedding"] == minilm
