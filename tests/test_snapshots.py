import json
import shutil

import pytest

from review_app.engine.pack import load_pack
from review_app.engine.settings import PROJECT_ROOT
from review_app.errors import SnapshotDrift
from review_app.evaluation.snapshots import check_snapshots, diff, write_snapshots

_PACK = load_pack(PROJECT_ROOT / "corpus")
SNAPSHOT_DIR, README = _PACK.snapshots, _PACK.readme

LABELS = PROJECT_ROOT / "labels"


# Recomputing every snapshot (forty question sets, thirty-eight claim sets, the sweep) takes about five
# minutes on two cores: this test computes them once for the module, so it alone gets a longer limit.
@pytest.mark.timeout(1200)
def test_committed_snapshots_and_readme_tables_match(engine):
    check_snapshots(engine, LABELS, SNAPSHOT_DIR, README)


def test_snapshots_show_the_done_criteria():
    canonical = json.loads((SNAPSHOT_DIR / "canonical.json").read_text(encoding="utf-8"))["hybrid"]
    assert canonical["recall_at_k"] == 1.0 and canonical["decision_accuracy"] == 1.0
    # The holdout's first 13 cases (its version 1) stay decided right; version 2's 54 clinician-style
    # questions, written apart from the code, are measured as they come out.
    holdout = json.loads((SNAPSHOT_DIR / "holdout.json").read_text(encoding="utf-8"))["hybrid"]
    first = [c for c in holdout["per_case"] if c["id"].startswith("holdout-")]
    assert len(first) == 13 and all(c["decision_correct"] and c["recall_at_k"] in (None, 1.0) for c in first)
    assert holdout["cases"] == 67 and holdout["answer_accuracy"] is not None


def test_drift_is_reported_with_its_path(engine, tmp_path):
    snapshot_dir, readme = tmp_path / "snapshots", tmp_path / "README.md"
    shutil.copytree(SNAPSHOT_DIR, snapshot_dir)
    shutil.copy(README, readme)
    data = json.loads((snapshot_dir / "holdout.json").read_text(encoding="utf-8"))
    data["hybrid"]["mrr"] = 0.5
    data["hybrid"]["per_case"][0]["retrieved_ids"] = []
    (snapshot_dir / "holdout.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SnapshotDrift) as info:
        check_snapshots(engine, LABELS, snapshot_dir, readme)
    text = str(info.value)
    assert "hybrid.mrr: 0.5 ->" in text and "per_case[0].retrieved_ids" in text


def test_rewriting_restores_snapshots_and_readme(engine, tmp_path):
    snapshot_dir, readme = tmp_path / "snapshots", tmp_path / "README.md"
    readme.write_text(README.read_text(encoding="utf-8").replace("| holdout | hybrid |", "| holdout | typed |"),
                      encoding="utf-8")
    with pytest.raises(SnapshotDrift):
        check_snapshots(engine, LABELS, SNAPSHOT_DIR, readme)
    write_snapshots(engine, LABELS, snapshot_dir, readme)
    check_snapshots(engine, LABELS, snapshot_dir, readme)
    assert (snapshot_dir / "canonical.json").read_bytes() == (SNAPSHOT_DIR / "canonical.json").read_bytes()
    assert readme.read_text(encoding="utf-8") == README.read_text(encoding="utf-8")


def test_diff():
    assert diff({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2]}) == []
    assert diff({"a": 1}, {"a": 2, "c": 3}) == ["a: 1 -> 2", "c: added"]
