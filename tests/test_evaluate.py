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
    score_case,
    summarize,
)
from review_app.evaluation.labels import load_cases
from review_app.evaluation.naive import ARM as NAIVE_ARM
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
    # the answer-bearing chunks of every organization are kept at any k; a patient page is not one of them
    (make_case("How often should a 48-year-old have a mammogram, and do the organizations agree?",
               ["uspstf-2024", "acs-2015", "acog-2024", "acr-current", "acog-faq"]), {"top_k": 1}, "ranking"),
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
    assert [r["arm"] for r in rows] == [arm for arm, _ in ABLATION_ARMS] + [NAIVE_ARM]
    by_arm = {r["arm"]: r for r in rows}
    # The naive baseline (plain BM25, no dates, status, diversification or scope guard) is what a
    # simple chatbot would do: it shows superseded guidance and decides worse than the pipeline.
    assert by_arm[NAIVE_ARM]["decision_accuracy"] < by_arm["hybrid"]["decision_accuracy"]
    assert by_arm[NAIVE_ARM]["stale_cases"] > by_arm["hybrid"]["stale_cases"]
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


# Chunk level: what a clinician sees

def chunked(question, gold_docs, gold_chunks, abstain=False, tags=()):
    return dataclasses.replace(make_case(question, gold_docs, abstain), gold_chunk_ids=tuple(gold_chunks),
                               tags=tuple(tags))


def test_score_case_on_hand_made_predictions():
    document = {"a#1": "a", "a#2": "a", "b#1": "b"}.__getitem__
    case = chunked("q", ["a", "b"], ["a#2", "b#1"])
    right = score_case(case, False, ["b#1", "a#2"], document)
    assert right.decision_correct and right.answer_correct and right.chunk_recall_at_k == 1.0
    # the right documents but not the chunk that states the position: decided right, answered wrong
    wrong = score_case(case, False, ["a#1", "b#1"], document)
    assert wrong.decision_correct and wrong.recall_at_k == 1.0
    assert wrong.answer_correct is False and wrong.chunk_recall_at_k == 0.5 and wrong.missing_chunk_ids == ("a#2",)
    assert score_case(case, True, ["b#1", "a#2"], document).answer_correct is False  # abstained
    abstention = chunked("q", [], [], abstain=True)
    assert score_case(abstention, True, [], document).answer_correct is True
    assert score_case(abstention, False, ["a#1"], document).answer_correct is False


def test_chunks_shown_past_the_top_k_count_for_the_answer_not_the_ranking():
    document = {"a#1": "a", "a#2": "a", "b#1": "b"}.__getitem__
    case = chunked("q", ["a", "b"], ["a#2", "b#1"])
    extended = score_case(case, False, ["a#2"], document, beyond_k=["b#1"])
    assert extended.decision_correct and extended.answer_correct and extended.missing_chunk_ids == ()
    assert extended.recall_at_k == 0.5 and extended.chunk_recall_at_k == 0.5 and extended.retrieved_ids == ("a",)
    assert not score_case(case, False, ["a#2"], document).decision_correct


def test_chunk_metrics_are_not_available_without_gold_chunks_never_perfect():
    document = {"a#1": "a"}.__getitem__
    plain = score_case(make_case("q", ["a"]), False, ["a#1"], document)
    assert plain.decision_correct and plain.answer_correct is None and plain.chunk_recall_at_k is None
    summary = summarize("t", "hybrid", [plain])
    assert summary["decision_accuracy"] == 1.0
    assert summary["chunk_recall_at_k"] is None and summary["answer_accuracy"] is None
    assert summary["position_coverage"] is None and summary["synthesis_precision"] is None
    # one answerable case without gold chunks makes answer accuracy unavailable for the whole set
    with_chunks = score_case(chunked("q", ["a"], ["a#1"]), False, ["a#1"], document)
    assert summarize("t", "hybrid", [plain, with_chunks])["answer_accuracy"] is None
    assert summarize("t", "hybrid", [with_chunks])["answer_accuracy"] == 1.0


def test_the_apps_interval_example_retrieves_and_states_every_interval_chunk(engine, settings):
    """The measurement issue's example: the USPSTF chunk that states the interval once ranked below
    the cut; the answer-bearing chunks of the asked aspect are now reserved and stated."""
    case = chunked("Do USPSTF and ACS agree on screening intervals?", ["uspstf-2024", "acs-2015"],
                   ["uspstf-2024#recommendation", "acs-2015#ages-45-to-54", "acs-2015#age-55-and-older"])
    result = evaluate_case(engine, case, settings)
    assert result.recall_at_k == 1.0 and result.decision_correct
    assert result.answer_correct and result.missing_chunk_ids == () and result.chunk_recall_at_k == 1.0
    assert result.position_coverage == 1.0 and result.answer_failure_layer is None


def test_position_coverage_and_synthesis_precision(engine, settings):
    question = "Does ACR recommend MRI for dense breasts?"
    case = chunked(question, ["acr-current"], ["acr-current#dense-breasts"])
    result = evaluate_case(engine, case, settings)
    assert result.answer_correct and result.position_coverage == 1.0
    assert result.synthesis_statements >= 1 and 1 <= result.synthesis_on_gold <= result.synthesis_statements
    # a retrieved chunk that answers no asked aspect is not stated: lost at the synthesis
    decision = engine.ask(question, settings)
    off_point = next(r for r in decision.results
                     if r.chunk_id not in {c for ids in decision.answer_chunks.values() for c in ids})
    unstated = chunked(question, [off_point.document_id], [off_point.chunk_id])
    missed = evaluate_case(engine, unstated, settings)
    assert missed.answer_correct and missed.position_coverage == 0.0
    assert missed.answer_failure_layer == "synthesis"
    assert evaluate_case(engine, case, settings, synthesize=False).position_coverage is None


def test_metrics_by_tag(engine, settings):
    cases = [chunked("Does ACR recommend MRI for dense breasts?", ["acr-current"], ["acr-current#dense-breasts"],
                     tags=["dense-breasts", "short"]),
             dataclasses.replace(make_case("When should a BRCA2 carrier start MRI?", abstain=True,
                                           flags=["known_high_risk_genetics"]), tags=("scope-exclusion", "short"))]
    rows = {r["tag"]: r for r in evaluate(engine, cases, settings, "t").by_tag()}
    assert set(rows) == {"dense-breasts", "scope-exclusion", "short"}
    assert rows["short"]["cases"] == 2 and rows["scope-exclusion"]["abstention_accuracy"] == 1.0
    assert rows["dense-breasts"]["answer_accuracy"] == 1.0 and rows["dense-breasts"]["slice"] == "t [dense-breasts]"


def test_naive_baseline_threshold_is_chosen_on_canonical_and_ignores_dates(engine, settings):
    from review_app.evaluation.labels import load_slice, references
    from review_app.evaluation.naive import naive_baseline

    from .conftest import LABELS_DIR

    baseline = naive_baseline(engine)
    canonical = load_slice(LABELS_DIR, "canonical", **references(engine))
    threshold = baseline.calibrate(canonical, 6)
    assert threshold > 0
    prediction = baseline.predict("What did the USPSTF recommend in 2016 for women aged 40 to 49?", 6)
    assert len(prediction.chunk_ids) == 6 and prediction.top_score > 0
    assert "uspstf-2016#ages-40-to-49" in prediction.chunk_ids
    # no dates: asked as of 2020, plain BM25 still ranks guidance published in 2024
    dated = dataclasses.replace(make_case("When should screening mammography start?", ["uspstf-2016"]),
                                reference_date=dt.date(2020, 6, 1))
    result = baseline.score(dated, 6, threshold)
    assert any(c.startswith(("uspstf-2024", "acog-2024")) for c in result.retrieved_chunk_ids)
