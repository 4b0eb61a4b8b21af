import json
import subprocess
import sys

import pytest

from review_app.cli import build_parser, main
from review_app.engine.settings import PROJECT_ROOT

COMMANDS = ["ask", "evaluate", "ablation", "snapshots", "corpus"]


@pytest.fixture(autouse=True)
def exports(tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    for name in ("MODE", "TOP_K", "REFERENCE_DATE", "THRESHOLD", "DIVERSIFY"):
        monkeypatch.delenv(f"REVIEW_APP_{name}", raising=False)
    return tmp_path / "exports"


def run_cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as info:
        build_parser().parse_args([command, "--help"])
    assert info.value.code == 0
    assert "Research demonstration only" in build_parser().format_help()
    assert capsys.readouterr().out.startswith("usage:")


def test_ask_json_fields(capsys):
    code, out, _ = run_cli(capsys, "ask", "When should USPSTF screening start?", "--json", "--top-k", "4",
                           "--mode", "bm25", "--reference-date", "2020-06-01", "--threshold", "0.2",
                           "--no-diversify")
    assert code == 0
    record = json.loads(out)
    assert set(record) == {"question", "abstain", "abstain_reason", "scope_flags", "max_support_score",
                           "settings", "embedding", "results", "synthesis", "disagreements", "notes",
                           "corpus_version", "reference_date", "reference_date_source", "reference_date_phrase",
                           "organizations_absent", "scope_findings", "normalized_question", "patient", "aspects",
                           "aspects_default", "answer_chunks", "aspects_missing", "answer", "no_statement", "related"}
    assert record["reference_date"] == "2020-06-01" and record["reference_date_source"] == "explicit"
    assert record["settings"] == {"mode": "bm25", "top_k": 4, "reference_date": "2020-06-01", "threshold": 0.2,
                                  "diversify": False}
    assert record["embedding"] == {"provider": "hashing", "model": None}
    assert len(record["results"]) == 4
    assert "uspstf-2024" not in {r["document_id"] for r in record["results"]}


def test_ask_text_shows_decision_and_disclaimer(capsys):
    code, out, _ = run_cli(capsys, "ask", "Should a woman with a BRCA2 variant start at 30?")
    assert code == 0
    assert out.startswith("ABSTAIN") and "known_high_risk_genetics" in out
    assert "not medical advice" in out


def test_environment_overrides_defaults(capsys, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_TOP_K", "3")
    _, out, _ = run_cli(capsys, "ask", "When should screening start?", "--json")
    assert json.loads(out)["settings"]["top_k"] == 3


def test_evaluate_json_fields_and_exports(capsys, exports):
    code, out, err = run_cli(capsys, "evaluate", "--slice", "canonical", "--json")
    assert code == 0
    record = json.loads(out)
    for key in ("slice", "mode", "cases", "answerable", "abstention", "recall_at_k", "mrr",
                "abstention_accuracy", "decision_accuracy", "per_case"):
        assert key in record
    case = record["per_case"][0]
    for key in ("id", "should_abstain", "predicted_abstain", "abstention_correct", "recall_at_k",
                "reciprocal_rank", "decision_correct", "max_support_score", "retrieved_ids",
                "gold_document_ids", "scope_flags", "failure_layer"):
        assert key in case
    assert (exports / "evaluation-canonical-hybrid.json").read_text(encoding="utf-8") == out
    assert (exports / "evaluation-canonical-hybrid.csv").read_text(encoding="utf-8").startswith("id,")
    assert "wrote" in err


def test_evaluate_is_reproducible_to_the_byte(capsys, exports):
    run_cli(capsys, "evaluate", "--slice", "holdout")
    first = (exports / "evaluation-holdout-hybrid.json").read_bytes()
    run_cli(capsys, "evaluate", "--slice", "holdout")
    assert (exports / "evaluation-holdout-hybrid.json").read_bytes() == first


def test_evaluate_any_label_file(capsys, tmp_path):
    path = tmp_path / "mine.jsonl"
    path.write_text(json.dumps({"id": "m1", "question": "Does ACR recommend MRI for dense breasts?",
                                "should_abstain": False, "gold_document_ids": ["acr-current"],
                                "expected_scope_flags": [], "reference_date": None, "notes": ""}) + "\n",
                    encoding="utf-8")
    code, out, _ = run_cli(capsys, "evaluate", "--labels", str(path), "--json")
    assert code == 0 and json.loads(out)["decision_accuracy"] == 1.0


def test_ablation_json(capsys):
    code, out, _ = run_cli(capsys, "ablation", "--slice", "holdout", "--json")
    arms = json.loads(out)["arms"]
    assert code == 0 and {a["mode"] for a in arms} == {"bm25", "semantic", "hybrid", "fd", "naive"}


@pytest.mark.parametrize("args, words", [
    (["ask", ""], "question is empty"),
    (["ask", "x", "--mode", "dense"], "one of bm25, semantic, hybrid"),
    (["ask", "x", "--reference-date", "2020-02-30"], "YYYY-MM-DD"),
    (["ask", "x", "--top-k", "0"], "whole number"),
    (["evaluate"], "--slice"),
])
def test_bad_input_gets_one_line_and_nonzero_exit(capsys, args, words):
    code, _, err = run_cli(capsys, *args)
    assert code != 0
    assert err.startswith("error:") and words in err and len(err.strip().splitlines()) == 1


def test_malformed_label_line_is_located(capsys, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "a"\n', encoding="utf-8")
    code, _, err = run_cli(capsys, "evaluate", "--labels", str(path))
    assert code == 2 and err.startswith(f"error: {path}:1: json: malformed JSON")


def test_unknown_source_id_is_located(capsys, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"id": "a", "question": "q?", "should_abstain": False,
                                "gold_document_ids": ["who-2030"]}) + "\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "evaluate", "--labels", str(path))
    assert code == 2 and f"{path}:1: gold_document_ids: unknown source id 'who-2030'" in err


def test_bad_environment_value(capsys, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_THRESHOLD", "high")
    code, _, err = run_cli(capsys, "ask", "x")
    assert code == 2 and "threshold" in err


def test_module_entry_point_never_shows_a_traceback(tmp_path):
    result = subprocess.run([sys.executable, "-m", "review_app", "ask", "x", "--reference-date", "soon"],
                            capture_output=True, text=True, cwd=PROJECT_ROOT)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.startswith("error:")


def test_verify_json_and_text(capsys, exports):
    code, out, err = run_cli(capsys, "verify", "--slice", "canonical", "--json")
    assert code == 0
    record = json.loads(out)
    for key in ("citation_precision", "claim_support_rate", "freshness", "redundant_citation_rate", "agreement",
                "per_claim"):
        assert key in record
    assert record["traps_caught"] == record["traps"] >= 8
    assert (exports / "verification-canonical.json").exists() and "wrote" in err
    code, out, _ = run_cli(capsys, "verify", "--slice", "canonical")
    assert code == 0 and "Cohen's kappa" in out and "UNSUPPORTED" in out


def test_verify_needs_claims_source(capsys):
    code, _, err = run_cli(capsys, "verify")
    assert code == 2 and "--slice" in err


def test_ask_text_shows_verified_synthesis(capsys):
    code, out, _ = run_cli(capsys, "ask", "Do USPSTF, ACS, ACOG and ACR agree on how often to screen?")
    assert code == 0 and "Synthesis (verified statements only)" in out and "disagree" in out


@pytest.mark.parametrize("args", [["reliability", "--writers", "0"], ["reliability", "--kills", "x"]])
def test_reliability_sizes_are_checked(capsys, args):
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2 and capsys.readouterr().err.startswith("error:")



def test_evaluate_and_verify_by_tag(capsys, tmp_path, exports):
    from .conftest import DATA_DIR

    questions = DATA_DIR / "clinician" / "questions_a.jsonl"
    code, out, _ = run_cli(capsys, "evaluate", "--labels", str(questions), "--by-tag", "--json")
    record = json.loads(out)
    tags = {row["tag"]: row for row in record["by_tag"]}
    assert code == 0 and "shorthand" in tags and tags["shorthand"]["cases"] >= 10
    assert record["answer_accuracy"] is not None and record["chunk_recall_at_k"] is not None
    assert {"gold_chunk_ids", "retrieved_chunk_ids", "missing_chunk_ids"} <= set(record["per_case"][0])
    code, out, _ = run_cli(capsys, "verify", "--labels", str(DATA_DIR / "clinician" / "claims_a.jsonl"),
                           "--by-tag", "--json")
    report = json.loads(out)
    assert code == 0 and {row["tag"] for row in report["by_tag"]} >= {"correct", "negation", "compound"}
    code, out, _ = run_cli(capsys, "verify", "--labels", str(DATA_DIR / "clinician" / "claims_a.jsonl"), "--json")
    assert "by_tag" not in json.loads(out)
