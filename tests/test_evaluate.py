import dataclasses
import datetime as dt

import pytest

from review_app.evaluation.evaluate import (
    ABLATION_ARMS,
    ablation,
    evaluate,
    evaluate_case,
    recall_at_k,
    reciprocal_rank,
)
from review_app.evaluation.labels import load_cases
from review_app.records import Case

from .conftest import DATA_DIR


def make_case(question, gold=(), abstain=False, flags=(), date=None):
    return Case(id="x", question=question, should_abstain=abstain, gold_document_ids=tuple(gold),
                expected_scope_flags=tuple(flags), reference_date=dt.date.fromisoformat(date) if date else None)


def test_metric_functions_on_hand_made_inputs():
    assert recall_at_k(["a", "b", "c"], ["a", "d"]) == 0.5
    assert recall_at_k(["a"], []) is None  # an empty gold list is not perfect recall
    assert reciprocal_rank(["x", "y", "a"], ["a", "b"]) == pytest.approx(1 / 3)
    assert reciprocal_rank(["x"], ["a"]) == 0.0
    assert reciprocal_rank(["x"], []) is None


def test_summary_counts_recall_over_answerable_only(engine, settings):
    cases = [make_case("Does ACR recommend MRI for dense breasts?", ["acr-current"]),
             make_case("When should a BRCA2 carrier start MRI?", abstain=True, flags=["known_high_risk_genetics"])]
    summary = evaluate(engine, cases, settings, "t").summary()
    assert summary["cases"] == 2 and summary["answerable"] == 1 and summary["abstention"] == 1
    assert summary["recall_at_k"] == 1.0 and summary["mrr"] == 1.0
    assert summary["abstention_accuracy"] == 1.0 and summary["decision_accuracy"] == 1.0


def test_case_reference_date_is_used(engine, settings):
    case = make_case("When should average-risk women start screening mammography?", ["uspstf-2016"],
                     date="2020-06-01")
    result = evaluate_case(engine, case, settings)
    assert "uspstf-2016" in result.retrieved_ids and "uspstf-2024" not in result.retrieved_ids
    assert result.decision_correct


@pytest.mark.parametrize("case, changes, layer", [
    (make_case("When should average-risk women start screening mammography?", ["uspstf-2016"]), {}, "status"),
    (make_case("Which group wants every woman to have a breast cancer risk assessment by age 25?",
               ["acr-current", "acr-uspstf-2024-response"]), {"top_k": 3}, "diversification"),
    (make_case("How often should a 48-year-old have a mammogram, and do the organizations agree?",
               ["uspstf-2024", "acs-2015", "acog-2024", "acr-current"]), {"top_k": 1}, "ranking"),
    (make_case("zebra quantum", ["acs-2015"]), {"mode": "bm25", "threshold": 0.0}, "retrieval"),
    (make_case("Should a woman with a BRCA1 mutation start at 40?", ["uspstf-2024"]), {}, "scope_guard"),
    (make_case("Does ACR recommend MRI for dense breasts?", ["acr-current"]), {"threshold": 0.99}, "abstention"),
    (make_case("How often should a 50-year-old get a mammogram?", abstain=True), {}, "abstention"),
    (make_case("How often should a 50-year-old get a mammogram?", abstain=True, flags=["male_screening"]), {},
     "scope_guard"),
])
def test_failure_attribution_names_the_layer(engine, settings, case, changes, layer):
    result = evaluate_case(engine, case, dataclasses.replace(settings, **changes))
    assert not result.decision_correct
    assert result.failure_layer == layer, result.failure_detail
    assert result.failure_detail


def test_correct_cases_have_no_failure_layer(engine, settings):
    result = evaluate_case(engine, make_case("Does ACR recommend MRI for dense breasts?", ["acr-current"]), settings)
    assert result.decision_correct and result.failure_layer is None


def test_ablation_arms(engine, settings):
    cases = load_cases(DATA_DIR / "dev_cases.jsonl")
    rows = ablation(engine, cases, settings, "dev")
    assert [r["arm"] for r in rows] == [arm for arm, _ in ABLATION_ARMS]
    by_arm = {r["arm"]: r for r in rows}
    assert by_arm["hybrid, no status scoring"]["stale_cases"] > by_arm["hybrid"]["stale_cases"]
    assert by_arm["hybrid, no diversification"]["recall_at_k"] < by_arm["hybrid"]["recall_at_k"]


# Misses on the independent sets that are understood and not yet fixed. The test fails if a new
# miss appears, and also if a listed one starts passing, so this list stays true.
KNOWN_MISSES = {
    # Names breast screening but asks for citation formatting: the anchor lifts its support over
    # the threshold, and its share of words the corpus knows is no lower than a chatty in-scope
    # question's (holdout-001), so neither signal separates them.
    "d2-036": "abstention",
}


@pytest.mark.parametrize("name", ["dev_cases.jsonl", "dev2_cases.jsonl"])
def test_independent_case_sets(engine, settings, name):
    """Cases written apart from the system by authors who saw only the design and the facts."""
    evaluation = evaluate(engine, load_cases(DATA_DIR / name), settings, name)
    wrong = {c.id: c.failure_layer for c in evaluation.per_case if not c.decision_correct}
    expected = {k: v for k, v in KNOWN_MISSES.items() if k in {c.id for c in evaluation.per_case}}
    assert wrong == expected
    assert all(c.recall_at_k == 1.0 for c in evaluation.answerable)
