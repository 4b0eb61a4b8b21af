import json

from review_app.evaluation import history
from review_app.evaluation.report import format_history

from .conftest import LABELS_DIR as PROJECT_LABELS


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


def test_a_broken_history_line_is_reported_and_skipped_never_blocking(tmp_path, monkeypatch, capsys):
    labels = tmp_path / "cases.jsonl"
    labels.write_text("{}\n")
    history.record(tmp_path, "evaluate", "canonical", {}, {"recall_at_k": 1.0}, "v1", [labels])
    with open(tmp_path / history.HISTORY_FILE, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"command": "evaluate"}) + "\n{oops\n" + "[" * 100_000 + "\n")
    history.record(tmp_path, "evaluate", "canonical", {}, {"recall_at_k": 0.5}, "v1", [labels])
    problems = []
    rows = history.trend(history.read(tmp_path, problems))
    assert [r["metrics"]["recall_at_k"] for r in rows] == [1.0, 0.5] and rows[1]["drops"]
    assert [p.split("history.jsonl:")[1][:1] for p in problems] == ["2", "3", "4"]
    assert "time: missing" in problems[0] and "not a JSON line" in problems[1] and "nested too deeply" in problems[2]
    assert len(history.read(tmp_path)) == 2  # without a list, the skipped lines are logged
    from review_app.cli import main

    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path))
    assert main(["history"]) == 0
    out = capsys.readouterr()
    assert "recall_at_k 0.500" in out.out and "history.jsonl:3: skipped" in out.err


def test_an_uploaded_file_name_with_line_separators_is_cleaned_and_never_breaks_history(tmp_path, engine,
                                                                                         settings):
    from review_app.review import usecases

    labels = tmp_path / "evil\u2028name\u2029\u0085\x1b.jsonl"
    labels.write_text((PROJECT_LABELS / "canonical.jsonl").read_text(encoding="utf-8").split("\n")[0] + "\n",
                      encoding="utf-8")
    case_set = usecases.load_case_set(engine, PROJECT_LABELS, None, labels)
    assert case_set.name == "evil_name___"
    usecases.run_evaluation(engine, case_set, settings, tmp_path / "exports")
    usecases.run_evaluation(engine, case_set, settings, tmp_path / "exports")
    text = (tmp_path / "exports" / history.HISTORY_FILE).read_text(encoding="utf-8")
    assert len(text.splitlines()) == 2  # even a reader that splits at U+2028 sees two lines
    assert [r["slice"] for r in history.read(tmp_path / "exports")] == ["evil_name___"] * 2
    history.record(tmp_path / "exports", "sweep", "raw\u2028slice", {}, {}, "v1", [labels])
    assert history.read(tmp_path / "exports")[-1]["slice"] == "raw_slice"
    assert history.safe_name("a/b\\c\u200b d" + "x" * 200) == "a_b_c_ d" + "x" * 72


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
