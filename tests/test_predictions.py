"""Any system's predictions scored with evaluate's definitions: questions out, predictions in."""

import dataclasses
import json

import pytest

from review_app.claims.citations import check_cases, citation_metrics
from review_app.claims.synthesis import get_synthesizer
from review_app.cli import main
from review_app.evaluation import predictions as P
from review_app.evaluation.evaluate import evaluate, summarize
from review_app.evaluation.labels import load_slice, references
from review_app.evaluation.naive import ARM as NAIVE_ARM
from review_app.evaluation.naive import naive_predictions, naive_row
from review_app.review import usecases

from .conftest import LABELS_DIR

METRICS = ("cases", "answerable", "abstention", "recall_at_k", "mrr", "abstention_accuracy", "decision_accuracy",
           "chunk_recall_at_k", "answer_accuracy", "position_coverage", "synthesis_precision")


@pytest.fixture(autouse=True)
def exports(tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    for name in ("MODE", "TOP_K", "REFERENCE_DATE", "THRESHOLD", "DIVERSIFY"):
        monkeypatch.delenv(f"REVIEW_APP_{name}", raising=False)


def cases_of(engine, name):
    return load_slice(LABELS_DIR, name, **references(engine))


def case_set(engine, name):
    return usecases.CaseSet(cases_of(engine, name), name, [LABELS_DIR / f"{name}.jsonl"])


def write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def oracle(cases):
    """What a perfect system would predict: abstain when it should, else every gold chunk."""
    return [{"id": c.id, "abstain": c.should_abstain, "retrieved": list(c.gold_chunk_ids or ())} for c in cases]


def score_file(engine, settings, name, path):
    return usecases.score_predictions(engine, case_set(engine, name), path, settings)


def run_json(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


# Round trips: the built-in pipeline and the naive baseline


@pytest.mark.parametrize("name", ["canonical", "holdout"])
def test_the_pipelines_predictions_score_exactly_as_evaluate(name, tmp_path, capsys):
    path = tmp_path / f"{name}-pipeline.jsonl"
    evaluated = run_json(capsys, "evaluate", "--slice", name, "--json", "--write-predictions", str(path))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [line["id"] for line in lines] == [c["id"] for c in evaluated["per_case"]]
    assert all(set(line) >= {"id", "abstain", "retrieved", "claims"} for line in lines)
    scored = run_json(capsys, "score", "--predictions", str(path), "--slice", name, "--json")
    assert {k: scored[k] for k in METRICS} == {k: evaluated[k] for k in METRICS}
    assert scored["position_coverage"] is not None and scored["synthesis_precision"] is not None
    assert scored["level"] == "chunk" and scored["missing"] == 0
    for ours, theirs in zip(scored["per_case"], evaluated["per_case"], strict=True):
        assert (ours["id"], ours["decision_correct"], ours["retrieved_chunk_ids"]) == (
            theirs["id"], theirs["decision_correct"], theirs["retrieved_chunk_ids"])


def test_the_naive_baselines_predictions_score_as_its_ablation_row(tmp_path, capsys):
    path = tmp_path / "naive.jsonl"
    ablation = run_json(capsys, "ablation", "--slice", "canonical", "--json", "--write-naive-predictions", str(path))
    row = next(r for r in ablation["arms"] if r["arm"] == NAIVE_ARM)
    scored = run_json(capsys, "score", "--predictions", str(path), "--slice", "canonical", "--json")
    assert {k: scored[k] for k in (*METRICS, "stale_cases")} == {k: row[k] for k in (*METRICS, "stale_cases")}
    assert scored["decision_accuracy"] < 1.0  # the naive arm is not perfect, so equality means something


def test_the_naive_holdout_row_too(engine, settings, tmp_path):
    cases, canonical = cases_of(engine, "holdout"), cases_of(engine, "canonical")
    row = naive_row(engine, cases, canonical, settings, "holdout")
    path = P.write_predictions(tmp_path / "naive.jsonl", naive_predictions(engine, cases, canonical, settings))
    summary = score_file(engine, settings, "holdout", path).summary()
    assert {k: summary[k] for k in (*METRICS, "stale_cases")} == {k: row[k] for k in (*METRICS, "stale_cases")}
    assert row["stale_cases"] > 0 and summary["stale_answer_rate"] == round(row["stale_cases"] / summary["answered"],
                                                                             6)


# The metrics' definitions on hand-made predictions


def test_a_perfect_system_scores_one_and_missing_cases_count_as_wrong(engine, settings, tmp_path):
    cases = cases_of(engine, "holdout")
    settings = dataclasses.replace(settings, top_k=max(len(c.gold_chunk_ids or ()) for c in cases))
    perfect = score_file(engine, settings, "holdout", write(tmp_path / "oracle.jsonl", oracle(cases))).summary()
    assert all(perfect[k] == 1.0 for k in ("recall_at_k", "mrr", "abstention_accuracy", "decision_accuracy",
                                           "chunk_recall_at_k", "answer_accuracy"))
    assert perfect["missing"] == 0 and perfect["position_coverage"] is None  # no claims: not available
    answerable = next(c for c in cases if not c.should_abstain)
    abstention = next(c for c in cases if c.should_abstain)
    kept = [r for r in oracle(cases) if r["id"] not in (answerable.id, abstention.id)]
    scoring = score_file(engine, settings, "holdout", write(tmp_path / "two-missing.jsonl", kept))
    summary = scoring.summary()
    assert summary["missing"] == 2 and set(scoring.missing) == {answerable.id, abstention.id}
    assert summary["decision_accuracy"] == round((len(cases) - 2) / len(cases), 6)
    assert summary["answer_accuracy"] == round((len(cases) - 2) / len(cases), 6)
    answerable_n = sum(not c.should_abstain for c in cases)
    assert summary["recall_at_k"] == round((answerable_n - 1) / answerable_n, 6)
    assert summary["abstention_accuracy"] == round((len(cases) - answerable_n - 1) / (len(cases) - answerable_n), 6)
    by_id = {c.id: c for c in scoring.per_case}
    assert by_id[answerable.id].predicted_abstain and not by_id[abstention.id].predicted_abstain  # wrong both ways
    record = scoring.to_json()
    assert record["missing_ids"] == [c.id for c in cases if c.id in (answerable.id, abstention.id)]
    assert [c["id"] for c in record["per_case"] if c["missing"]] == record["missing_ids"]


def test_document_ids_give_document_metrics_only(engine, settings, tmp_path, capsys):
    path = tmp_path / "pipeline.jsonl"
    evaluated = run_json(capsys, "evaluate", "--slice", "holdout", "--json", "--write-predictions", str(path))
    documents = tmp_path / "documents.jsonl"
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    write(documents, [{"id": r["id"], "abstain": r["abstain"],
                       "retrieved": list(dict.fromkeys(c.split("#")[0] for c in r["retrieved"]))} for r in lines])
    scored = run_json(capsys, "score", "--predictions", str(documents), "--slice", "holdout", "--json")
    assert scored["level"] == "document"
    for key in ("recall_at_k", "mrr", "abstention_accuracy", "decision_accuracy"):
        assert scored[key] == evaluated[key]
    assert scored["chunk_recall_at_k"] is None and scored["answer_accuracy"] is None
    assert all(c["chunk_recall_at_k"] is None and c["retrieved_chunk_ids"] == [] for c in scored["per_case"])


def test_only_the_first_k_retrieved_count(engine, settings, tmp_path):
    case = next(c for c in cases_of(engine, "canonical") if not c.should_abstain and len(c.gold_document_ids) == 1)
    gold_chunk = case.gold_chunk_ids[0]
    unrelated = [c.id for c in engine.corpus.chunks if c.document_id not in case.gold_document_ids]
    others = unrelated[:settings.top_k]
    path = write(tmp_path / "late.jsonl", [{"id": case.id, "abstain": False, "retrieved": [*others, gold_chunk]}])
    at_k = {c.id: c for c in score_file(engine, settings, "canonical", path).per_case}[case.id]
    # past k, the chunk extends what the answer shows: the decision counts it, the ranking does not
    assert at_k.recall_at_k == 0.0 and at_k.reciprocal_rank == 0.0 and at_k.decision_correct
    past_2k = write(tmp_path / "past.jsonl", [{"id": case.id, "abstain": False,
                                               "retrieved": [*unrelated[:2 * settings.top_k], gold_chunk]}])
    beyond = {c.id: c for c in score_file(engine, settings, "canonical", past_2k).per_case}[case.id]
    assert beyond.recall_at_k == 0.0 and not beyond.decision_correct  # nothing past 2k counts
    wider = dataclasses.replace(settings, top_k=settings.top_k + 1)
    one_more = {c.id: c for c in score_file(engine, wider, "canonical", path).per_case}[case.id]
    sources_before = len({c.split("#")[0] for c in others})  # MRR ranks distinct sources
    assert one_more.recall_at_k == 1.0 and one_more.reciprocal_rank == pytest.approx(1 / (sources_before + 1))
    assert at_k.chunk_recall_at_k == 0.0 and one_more.chunk_recall_at_k == 1 / len(case.gold_chunk_ids)


def test_outdated_guidance_counts_only_for_answers_that_do_not_ask_for_it(engine, settings, tmp_path):
    cases = cases_of(engine, "holdout")
    superseded = {s for s, status in engine.statuses(settings.reference_date).items() if status == "superseded"}
    old_chunk = next(c.id for c in engine.corpus.chunks if c.document_id in superseded)
    old_source = old_chunk.split("#")[0]
    plain = next(c for c in cases if not c.should_abstain and c.reference_date is None
                 and old_source not in c.gold_document_ids)
    asks = next(c for c in cases if not c.should_abstain and c.reference_date is None
                and old_source in c.gold_document_ids)
    records = [{"id": c.id, "abstain": False, "retrieved": [*c.gold_chunk_ids, old_chunk]} for c in (plain, asks)]
    records.append({"id": next(c.id for c in cases if not c.should_abstain and c.id not in (plain.id, asks.id)),
                    "abstain": True, "retrieved": [old_chunk]})  # abstained: nothing shown
    scoring = score_file(engine, settings, "holdout", write(tmp_path / "stale.jsonl", records))
    by_id = {c.id: c for c in scoring.per_case}
    assert by_id[plain.id].stale_ids == (old_source,) and by_id[asks.id].stale_ids == ()
    summary = scoring.summary()
    assert summary["stale_cases"] == 1 and summary["answered"] == 2 and summary["stale_answer_rate"] == 0.5


# Claims: the verifier's verdicts


def test_claim_metrics_use_the_verifiers_definitions(engine, settings, tmp_path):
    cases = [c for c in cases_of(engine, "canonical") if c.claims]
    records = [{"id": c.id, "abstain": False, "retrieved": list(c.gold_chunk_ids or ()),
                "claims": [{"id": claim.id, "text": claim.text, "chunk_ids": [e.chunk_id for e in claim.evidence]}
                           for claim in c.claims]} for c in cases]
    scoring = score_file(engine, settings, "canonical", write(tmp_path / "claims.jsonl", records))
    expected = citation_metrics(check_cases(get_synthesizer(engine).verifier, cases, settings.reference_date))
    summary = scoring.summary()
    for key in ("claims", "citations", "citation_precision", "claim_support_rate", "freshness",
                "redundant_citation_rate"):
        assert summary[key] == expected[key], key
    assert summary["claim_support_rate"] < 1.0  # the traps are in there
    record = scoring.to_json()
    verdicts = [claim for case in record["per_case"] for claim in case["claims"]]
    assert len(verdicts) == expected["claims"]
    unsupported = [v for v in verdicts if not v["supported"]]
    assert unsupported and all(c["label"] and c["explanation"] for v in unsupported for c in v["citations"])
    assert any(c["reason"] for v in unsupported for c in v["citations"])


def test_claims_of_an_abstaining_prediction_are_not_scored(engine, settings, tmp_path):
    case = next(c for c in cases_of(engine, "canonical") if c.claims and not c.should_abstain)
    claims = [{"text": c.text, "chunk_ids": [e.chunk_id for e in c.evidence]} for c in case.claims]
    path = write(tmp_path / "abstained.jsonl", [{"id": case.id, "abstain": True, "retrieved": [], "claims": claims}])
    scoring = score_file(engine, settings, "canonical", path)
    assert scoring.ignored_claims == len(claims) and scoring.summary()["claims"] == 0
    assert {c.id: c for c in scoring.per_case}[case.id].position_coverage == 0.0


# Bad predictions: one located error per problem, never a traceback


BAD_LINES = [
    ('{"id": "canonical-001", "abstain": false, "retrieved": ["nope#x"]}', "retrieved[0]", "neither a chunk id"),
    ("not json", "json", "malformed JSON"),
    ('{"id": "canonical-999", "abstain": false, "retrieved": []}', "id", "not a case of canonical"),
    ('{"id": "canonical-002", "abstain": "no", "retrieved": []}', "abstain", "expected true or false"),
    ('{"id": "canonical-003", "abstain": false, "retrieved": "uspstf-2024"}', "retrieved", "expected a list"),
    ('{"id": "canonical-004", "abstain": false}', "retrieved", "missing"),
    ('{"id": "canonical-005", "abstain": false, "retrieved": [], "claims": [{"text": "x", "chunk_ids": '
     '["uspstf-2024"]}]}', "claims[0].chunk_ids[0]", "is a document id"),
    ('{"id": "canonical-006", "abstain": false, "retrieved": [], "claims": [{"text": "", "chunk_ids": []}]}',
     "claims[0].text", "claim's text"),
    ('{"id": "canonical-007", "abstain": false, "retrieved": ["uspstf-2024", "uspstf-2024"]}', "retrieved[1]",
     "listed twice"),
    ('{"id": "canonical-008", "abstain": false, "retrieved": [], "answer": 3}', "answer", "expected text"),
    ("[1, 2]", "line", "expected a JSON object"),
]


@pytest.mark.parametrize(("line", "field", "message"), BAD_LINES)
def test_each_bad_line_is_named_by_file_line_and_field(engine, settings, tmp_path, capsys, line, field, message):
    good = '{"id": "canonical-010", "abstain": false, "retrieved": []}'
    path = tmp_path / "bad.jsonl"
    path.write_text(f"{good}\n{line}\n", encoding="utf-8")
    with pytest.raises(P.PredictionError) as info:
        usecases.load_predictions(engine, case_set(engine, "canonical"), path)
    problem = info.value.problems[0]
    assert (problem.file, problem.line, problem.field) == (str(path), 2, field) and message in problem.message
    assert main(["score", "--predictions", str(path), "--slice", "canonical"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}:2: {field}: ") and "Traceback" not in err


def test_a_duplicate_and_an_empty_file(engine, tmp_path):
    line = '{"id": "canonical-001", "abstain": false, "retrieved": []}'
    path = tmp_path / "twice.jsonl"
    path.write_text(f"{line}\n\n{line}\n", encoding="utf-8")
    with pytest.raises(P.PredictionError, match=r"twice.jsonl:3: id: duplicate prediction for 'canonical-001' "
                                                r"\(first on line 1\)"):
        usecases.load_predictions(engine, case_set(engine, "canonical"), path)
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    with pytest.raises(P.PredictionError, match="no predictions"):
        usecases.load_predictions(engine, case_set(engine, "canonical"), tmp_path / "empty.jsonl")
    (tmp_path / "latin1.jsonl").write_bytes(b'{"id": "caf\xe9"}\n')
    with pytest.raises(P.PredictionError, match="not UTF-8"):
        usecases.load_predictions(engine, case_set(engine, "canonical"), tmp_path / "latin1.jsonl")


def test_at_most_twenty_problems_then_a_count(engine, tmp_path, capsys):
    path = write(tmp_path / "many.jsonl", [{"id": f"nobody-{i}", "abstain": False, "retrieved": []}
                                           for i in range(33)])
    with pytest.raises(P.PredictionError) as info:
        usecases.load_predictions(engine, case_set(engine, "canonical"), path)
    problems = info.value.problems
    assert len(problems) == P.MAX_PROBLEMS + 1 and [p.line for p in problems[:3]] == [1, 2, 3]
    assert problems[-1].message == "13 more problems not shown (33 in all)"
    assert main(["score", "--predictions", str(path), "--slice", "canonical"]) == 2
    assert "13 more problems not shown" in capsys.readouterr().err


# Questions out


def test_questions_carry_no_gold_and_the_corpus_with_dates(engine, capsys):
    record = run_json(capsys, "questions", "--slice", "holdout", "--json")
    cases = cases_of(engine, "holdout")
    assert [q["id"] for q in record["questions"]] == [c.id for c in cases]
    assert all(set(q) == {"id", "question", "reference_date", "corpus_version"} for q in record["questions"])
    pinned = record["reference_date"]
    for question, case in zip(record["questions"], cases, strict=True):
        assert question["reference_date"] == (case.reference_date.isoformat() if case.reference_date else pinned)
    assert any(c.reference_date for c in cases)  # so the line above tests a case's own date too
    chunks = {c["id"]: c for c in record["chunks"]}
    assert list(chunks) == [c.id for c in engine.corpus.chunks]
    dates = {q["reference_date"] for q in record["questions"]}
    for chunk in chunks.values():
        assert set(chunk["status_at"]) == dates | {pinned} and chunk["status"] == chunk["status_at"][pinned]
        assert chunk["text"] == engine.corpus.chunk_by_id[chunk["id"]].text
    superseded = [c for c in chunks.values() if c["status"] == "superseded"]
    assert superseded and any(c["status_at"][d] == "current" for c in superseded for d in dates if d < pinned)
    assert record["corpus_version"] == engine.corpus.version
    text = json.dumps(record)
    assert "gold_" not in text and "should_abstain" not in text and "expected_scope_flags" not in text


def test_questions_as_json_lines_by_default(capsys):
    code = main(["questions", "--slice", "canonical"])
    out = capsys.readouterr().out
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 25 and lines[0]["id"] == "canonical-001"


def test_summary_names_the_system_and_is_evaluates_summary(engine, settings):
    cases = cases_of(engine, "canonical")
    evaluation = evaluate(engine, cases, settings, "canonical")
    built_in = P.PredictionSet.of(P.pipeline_predictions(engine, cases, settings))
    scoring = P.score(engine, cases, built_in, settings, "canonical", get_synthesizer(engine).verifier, "mine")
    assert scoring.summary()["system"] == "mine"
    assert {k: v for k, v in scoring.summary().items() if k in METRICS} == {
        k: v for k, v in summarize("canonical", "x", evaluation.per_case).items() if k in METRICS}
