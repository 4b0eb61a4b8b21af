"""The benchmark runs and keeps parity; speed itself is measured by the benchmark, not asserted."""

import sys

import pytest

from review_app.engine.settings import PROJECT_ROOT

sys.path.insert(0, str(PROJECT_ROOT))

pytestmark = pytest.mark.slow


def test_one_size_measures_everything_with_parity():
    from benchmarks.bench import measure_size

    result = measure_size(1500, seed=0)
    assert result["n_chunks"] == 1500 and result["bm25_max_abs_diff"] <= 1e-9
    for mode in ("bm25", "semantic", "hybrid"):
        assert result["query_ms"][mode]["p50"] > 0
    assert set(result["baseline_ms"]) == {"rank_bm25", "dense_cosine"} and result["speedup_bm25"] > 0
    assert result["minilm"] is None  # above MINILM_MAX_CHUNKS


def test_minilm_is_measured_at_small_sizes_only(engine):
    from benchmarks.bench import MINILM_MAX_CHUNKS, measure_size

    result = measure_size(120, seed=1)
    minilm = result["minilm"]
    assert minilm["model"] == "all-MiniLM-L6-v2" and minilm["embed_s"] > 0 and minilm["chunks_per_s"] > 0
    for mode in ("semantic", "hybrid"):
        assert minilm["query_ms"][mode]["p95"] >= minilm["query_ms"][mode]["p50"] > 0
    assert MINILM_MAX_CHUNKS < 1500  # so the size above runs without it


def test_synthetic_corpus_is_reproducible(engine):
    from benchmarks.bench import synthetic_corpus

    first, second = synthetic_corpus(engine, 200, seed=3), synthetic_corpus(engine, 200, seed=3)
    assert [c.text for c in first.chunks] == [c.text for c in second.chunks]
    lengths = [len(c.text.split()) for c in first.chunks]
    assert min(lengths) >= 15 and max(lengths) > 2 * min(lengths)


def test_the_synthetic_engine_plans_answer_bearing_chunks(engine, settings):
    from benchmarks.bench import synthetic_aspects, synthetic_corpus
    from review_app.engine.pipeline import Engine

    corpus = synthetic_corpus(engine, 300, seed=0)
    synthetic = Engine(corpus, engine.vocabulary, engine.scope, engine.params, engine.claim_rules,
                       aspects=synthetic_aspects(engine, 300))
    decision = synthetic.ask("How often should a 48-year-old have a mammogram?", settings)
    chunks = decision.answer_chunks["interval"]
    assert chunks and all("#synthetic-" in c for c in chunks)
    assert set(chunks) <= {r.chunk_id for r in decision.results}


def test_bad_sizes_are_a_clear_error(capsys):
    from review_app.cli import main

    assert main(["bench", "--sizes", "10k"]) == 2
    assert "--sizes" in capsys.readouterr().err


def test_review_figures_time_opening_and_saving_through_the_api(tmp_path):
    """`bench` reports app.open_case_ms, app.save_ms and app.save_ms_concurrent; here on a small
    round against a real server (the figures themselves are the benchmark's, not asserted)."""
    from benchmarks.bench import review_figures

    from .conftest import served_app

    with served_app(tmp_path) as (url, context):
        figures = review_figures(url, saves=2, reviewers=2)
        assert figures["concurrent_reviewers"] == 2
        for key in ("open_case_ms", "save_ms", "save_ms_concurrent"):
            assert figures[key]["p95"] >= figures[key]["p50"] > 0
        saved = {j.reviewer for j in context.service.store.judgments()}
    assert {"bench-alone", "bench-0", "bench-1"} <= saved
