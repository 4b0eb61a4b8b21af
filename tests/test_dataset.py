"""The benchmark as a dataset folder: every config loads with the `datasets` library (a test-only
dependency), with the row counts of the labels and the corpus; TREC qrels at chunk level."""

import json
import subprocess
import sys

import pytest
import yaml

from review_app.cli import main
from review_app.engine.settings import PROJECT_ROOT
from review_app.evaluation.dataset import CONFIGS
from review_app.evaluation.labels import load_slice, references

from .conftest import LABELS_DIR


@pytest.fixture(autouse=True)
def exports(tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


@pytest.fixture
def written(tmp_path, capsys):
    out = tmp_path / "dataset"
    assert main(["dataset", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "corpus: corpus 40 rows" in printed and "load_dataset" in printed
    return out


def card(out):
    text = (out / "README.md").read_text(encoding="utf-8")
    _, front, body = text.split("---\n", 2)
    return yaml.safe_load(front), body


def test_every_config_loads_with_datasets_and_has_the_labels_row_counts(engine, written, tmp_path):
    datasets = pytest.importorskip("datasets")
    datasets.disable_progress_bars()
    slices = {name: load_slice(LABELS_DIR, name, **references(engine)) for name in ("canonical", "holdout")}
    loaded = {name: datasets.load_dataset(str(written), name, cache_dir=str(tmp_path / "cache")) for name in CONFIGS}
    assert datasets.get_dataset_config_names(str(written)) == list(CONFIGS)

    corpus = loaded["corpus"]["corpus"]
    assert corpus.num_rows == len(engine.corpus.chunks)
    assert corpus["id"] == [c.id for c in engine.corpus.chunks]
    assert set(corpus.column_names) >= {"document_id", "organization", "title", "text", "status", "published_date"}

    for name, cases in slices.items():
        questions, qrels = loaded["questions"][name], loaded["qrels"][name]
        assert questions.num_rows == qrels.num_rows == len(cases)
        assert questions.column_names == ["id", "question", "reference_date", "corpus_version"]  # no gold
        assert qrels["gold_document_ids"] == [list(c.gold_document_ids) for c in cases]
        assert qrels["gold_chunk_ids"] == [list(c.gold_chunk_ids) for c in cases]
        assert qrels["should_abstain"] == [c.should_abstain for c in cases]
        assert qrels["expected_scope_flags"] == [list(c.expected_scope_flags) for c in cases]

    citations = {name: sum(len(claim.evidence) for c in cases for claim in c.claims) for name, cases in slices.items()}
    assert set(loaded["claims"]) == {name for name, n in citations.items() if n}  # a slice without claims: no split
    assert loaded["claims"]["canonical"].num_rows == citations["canonical"] > 0
    labels = set(loaded["claims"]["canonical"]["label"])
    assert labels <= {"supports", "partially_supports", "does_not_support", "contradicts"} and len(labels) > 1


def test_the_card_declares_configs_license_disclaimer_citation_and_corpus_version(engine, written):
    front, body = card(written)
    assert [c["config_name"] for c in front["configs"]] == list(CONFIGS)
    for config in front["configs"]:
        for split in config["data_files"]:
            assert (written / split["path"]).is_file() and split["split"].isidentifier()
    assert [c["config_name"] for c in front["dataset_info"]] == list(CONFIGS)
    assert front["license"] == "cc-by-4.0" and "CC-BY-4.0" in body and "belong to their publishers" in body
    assert "not medical advice" in body and "@misc{" in body
    assert f"Corpus version `{engine.corpus.version}`" in body
    assert all(org in body for org in engine.corpus.organizations)


def test_the_same_corpus_and_labels_give_the_same_bytes(written, tmp_path):
    again = tmp_path / "again"
    assert main(["dataset", str(again)]) == 0
    files = sorted(p.relative_to(written) for p in written.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert all((written / f).read_bytes() == (again / f).read_bytes() for f in files)


def test_trec_qrels_by_document_and_by_chunk(engine, written):
    for name in ("canonical", "holdout"):
        cases = load_slice(LABELS_DIR, name, **references(engine))
        answerable = [c for c in cases if not c.should_abstain]
        documents = (written / "trec" / f"{name}.qrels").read_text().splitlines()
        chunks = (written / "trec" / f"{name}.chunks.qrels").read_text().splitlines()
        assert len(documents) == sum(len(c.gold_document_ids) for c in answerable)
        assert len(chunks) == sum(len(c.gold_chunk_ids) for c in answerable)
        assert all(line.split()[2] in engine.corpus.chunk_by_id for line in chunks)


def test_ir_measures_agrees_with_the_chunk_level_metrics(tmp_path, capsys):
    import ir_measures
    from ir_measures import RR, R

    assert main(["evaluate", "--slice", "holdout", "--json", "--trec-out", str(tmp_path / "trec")]) == 0
    summary = json.loads(capsys.readouterr().out)
    run = list(ir_measures.read_trec_run(str(tmp_path / "trec" / "holdout-hybrid.chunks.run")))
    qrels = list(ir_measures.read_trec_qrels(str(tmp_path / "trec" / "holdout-hybrid.chunks.qrels")))
    measured = ir_measures.calc_aggregate([R @ 6, RR], qrels, run)
    assert round(measured[R @ 6], 6) == summary["chunk_recall_at_k"]
    assert measured[RR] > 0


def test_the_app_and_command_line_never_import_datasets(tmp_path):
    code = ("import sys\n"
            "from review_app.cli import main\n"
            f"assert main(['dataset', {str(tmp_path / 'out')!r}]) == 0\n"
            "assert main(['questions', '--slice', 'canonical']) == 0\n"
            "from review_app.ui import app\n"
            "print('LOADED', [m for m in sys.modules if m == 'datasets' or m.startswith('datasets.')])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PROJECT_ROOT,
                          env={"PATH": "/usr/bin:/bin", "REVIEW_APP_EXPORTS": str(tmp_path / "exports"),
                               "HOME": str(tmp_path)}, timeout=240)
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout
