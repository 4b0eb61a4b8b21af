import numpy as np
import pytest

from review_app.engine.density import DensityParams, FactualDensity, length_bins, rerank, rescale, zscore_within
from review_app.engine.facts import FactReader
from review_app.evaluation.labels import load_slice

from .conftest import LABELS_DIR

PARAMS = DensityParams(candidates=2, cosine_weight=0.5,
                       fact_weights={"grade": 1.0, "percent": 0.9, "age": 0.8, "interval": 0.8, "insufficient": 0.7,
                                     "against": 0.6, "topic": 0.6, "option": 0.5, "year": 0.5, "for": 0.4,
                                     "organization": 0.2},
                       authority={"guideline": 1.0, "position_statement": 0.8, "patient_education": 0.6})


def test_array_helpers():
    assert length_bins(np.array([10, 20, 30, 40, 50, 60])).tolist() == [0, 0, 1, 1, 2, 2]
    z = zscore_within(np.array([1.0, 3.0, 5.0, 5.0]), np.array([0, 0, 1, 1]))
    assert z.tolist() == [-1.0, 1.0, 0.0, 0.0]
    assert rescale(np.array([2.0, 4.0, 6.0])).tolist() == [0.0, 0.5, 1.0]


def test_repetition_adds_tokens_not_facts(engine):
    reader = FactReader(engine.vocabulary, engine.claim_rules, list(engine.corpus.organizations))
    dense = "USPSTF recommends biennial screening from 40 to 74 (grade B)."
    padded = dense + " " + " ".join(["Screening matters for many women and their families."] * 6)
    density = FactualDensity.build([dense, padded, "Talk with your clinician."],
                                   ["guideline", "guideline", "patient_education"], reader, PARAMS)
    assert density.raw[0] > density.raw[1] > density.raw[2] >= 0


def test_rerank_scores_only_semantic_candidates():
    semantic = np.array([0.9, 0.1, 0.5, 0.4])
    scaled = np.array([0.0, 1.0, 1.0, 1.0])
    score = rerank(semantic, scaled, np.array([True, True, True, True]), PARAMS)
    assert score.tolist() == pytest.approx([0.45, 0.0, 0.75, 0.0])


def test_fd_mode_runs_end_to_end_and_its_arm_is_reported(engine, settings):
    import dataclasses

    from review_app.evaluation.evaluate import ablation

    decision = engine.ask("How often should a 50-year-old woman have a mammogram?",
                          dataclasses.replace(settings, mode="fd"))
    assert decision.results and all("fd_star" in r.signals for r in decision.results)
    rows = {r["arm"]: r for r in ablation(engine, load_slice(LABELS_DIR, "holdout"), settings, "holdout")}
    assert "fd" in rows and 0 <= rows["fd"]["recall_at_k"] <= 1
    correlations = engine.density.length_correlations()
    assert set(correlations) == {"fd_raw_vs_length", "fd_star_vs_length"}
