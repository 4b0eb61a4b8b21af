import pytest

from review_app.engine.settings import PROJECT_ROOT, default_threshold
from review_app.evaluation.calibration import CaseScore, choose_threshold, risk_coverage, sweep
from review_app.evaluation.labels import load_cases, load_slice, verify_frozen

from .conftest import DATA_DIR, LABELS_DIR

DEFAULT_THRESHOLD = default_threshold(PROJECT_ROOT / "corpus")  # the pack's calibrated hashing threshold


# "47. never had one. too late? how often": the test is named only as "one", so no word of it is a card's
NO_SHARED_WORD = {"qbn-024"}


def score(case_id, abstain, support, guarded=False, complete=True):
    return CaseScore(case_id, abstain, support, guarded, complete)


def test_separable_scores_give_the_midpoint_of_the_gap():
    scores = [score("a1", False, 0.30), score("a2", False, 0.20), score("x1", True, 0.10),
              score("x2", True, 0.90, guarded=True)]  # guarded: the threshold never matters for it
    threshold, separable, gap = choose_threshold(scores)
    assert separable and gap == pytest.approx(0.10) and threshold == pytest.approx(0.15)


def test_overlapping_scores_maximize_accuracy_and_lean_toward_abstaining():
    scores = [score("a1", False, 0.30), score("a2", False, 0.12), score("x1", True, 0.20), score("x2", True, 0.05)]
    threshold, separable, gap = choose_threshold(scores)
    assert not separable and gap == pytest.approx(-0.08)
    # 0.25 (between 0.20 and 0.30) and 0.085 both get three of four right; abstaining wins the tie
    assert threshold == pytest.approx(0.25)


def test_risk_coverage_and_its_area():
    scores = [score("a1", False, 0.30), score("x1", True, 0.20)]
    curve, aurc = risk_coverage(scores)
    points = {(round(c, 3), round(r, 3)) for _, c, r in curve}
    assert (1.0, 0.5) in points and (0.5, 0.0) in points and (0.0, 0.0) in points
    assert aurc == pytest.approx(0.125)  # trapezoids: 0 to 0.5 at risk 0, then 0.5 to 1 from 0 to 0.5


def test_the_default_threshold_is_chosen_on_the_development_sets_inside_the_canonical_gap(engine, settings):
    development = [case for path in sorted((DATA_DIR / "clinician").glob("questions_*.jsonl"))
                   for case in load_cases(path)]
    canonical = list(load_slice(LABELS_DIR, "canonical"))
    # the answerable questions no threshold can answer (README lists them) score below every abstention the
    # rules miss; the threshold is chosen without them
    unreachable = [c for c in development if c.id in NO_SHARED_WORD]
    development = [c for c in development if c.id not in NO_SHARED_WORD]
    chosen = sweep(engine, development + canonical, settings, "development and canonical")
    assert chosen.separable and round(chosen.threshold, 3) == DEFAULT_THRESHOLD
    missed = max(c.support for c in chosen.cases if c.should_abstain and not c.guarded)
    assert len(unreachable) == len(NO_SHARED_WORD)
    assert all(c.support < missed for c in sweep(engine, unreachable, settings, "unreachable").cases)
    # as good on the development sets as their own choice (inside their gap too)
    alone = sweep(engine, development, settings, "development")
    assert alone.decision_accuracy(DEFAULT_THRESHOLD) == alone.decision_accuracy(alone.threshold)
    result = sweep(engine, load_slice(LABELS_DIR, "canonical"), settings, "canonical")
    assert result.separable and result.decision_accuracy(DEFAULT_THRESHOLD) == 1.0  # inside canonical's gap
    # Reported on the holdout it was not chosen on: the first frozen version (13 cases written with
    # the rules) and version 2 (54 clinician-style questions written apart from the code added) are
    # both decided right at it (tests/snapshots/calibration.json).
    first = LABELS_DIR / "holdout-v1.jsonl"
    verify_frozen(first)
    assert sweep(engine, load_cases(first), settings, "holdout-v1").decision_accuracy(DEFAULT_THRESHOLD) == 1.0
    holdout = sweep(engine, load_slice(LABELS_DIR, "holdout"), settings, "holdout")
    # every answerable holdout question scores above it (the lowest, 0.132), every abstention is the guard's
    assert len(holdout.cases) == 67 and holdout.decision_accuracy(DEFAULT_THRESHOLD) == 1.0


def test_sweep_command_writes_the_plots(tmp_path, monkeypatch, capsys):
    import json

    from review_app.cli import main

    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path))
    assert main(["sweep", "--slice", "canonical", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["default_threshold"] == DEFAULT_THRESHOLD and record["decision_accuracy_at_default"] == 1.0
    for name in ("sweep-canonical-support.png", "sweep-canonical-risk-coverage.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [json.loads(line)["command"] for line in (tmp_path / "history.jsonl").read_text().splitlines()] == ["sweep"]
