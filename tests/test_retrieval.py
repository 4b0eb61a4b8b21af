import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from review_app.engine.corpus import load_corpus
from review_app.engine.retrieval import Bm25Index, SemanticIndex
from review_app.engine.text import load_vocabulary

from .conftest import CORPUS_DIR, DATA_DIR

VOCABULARY = load_vocabulary(CORPUS_DIR)
CORPUS = load_corpus(CORPUS_DIR)
TOKENIZED = [VOCABULARY.tokenize(CORPUS.index_text(c)) for c in CORPUS.chunks]


def test_idf_floor_matches_rank_bm25_on_tiny_arrays():
    # 4 documents: "a" in 3 of them has a negative raw idf and gets epsilon * mean idf.
    docs = [["a", "b"], ["a", "c"], ["a", "d"], ["e"]]
    index, reference = Bm25Index(docs), BM25Okapi(docs)
    for term, column in index.vocabulary.items():
        assert index.idf[column] == pytest.approx(reference.idf[term])
    raw_a = np.log(4 - 3 + 0.5) - np.log(3 + 0.5)
    assert raw_a < 0
    assert index.idf[index.vocabulary["a"]] == pytest.approx(0.25 * np.mean(
        [np.log(4 - n + 0.5) - np.log(n + 0.5) for n in (3, 1, 1, 1, 1)]))


def test_bm25_scores_identical_to_rank_bm25_on_the_corpus():
    import yaml
    index, reference = Bm25Index(TOKENIZED), BM25Okapi(TOKENIZED)
    questions = yaml.safe_load((DATA_DIR / "probe_questions.yaml").read_text(encoding="utf-8"))
    for question in questions["answerable"] + questions["off_topic"]:
        tokens = VOCABULARY.tokenize(question)
        np.testing.assert_allclose(index.scores(tokens), reference.get_scores(tokens), rtol=0, atol=1e-9)


def test_common_terms_get_the_floor_on_this_corpus():
    """The documented quirk: on a few dozen chunks the topic's everyday words sit on the floor."""
    index = Bm25Index(TOKENIZED)
    screen = index.vocabulary["screen"]
    assert index.doc_freq[screen] > index.n_docs / 2
    floor = 0.25 * (np.log(index.n_docs - index.doc_freq + 0.5) - np.log(index.doc_freq + 0.5)).mean()
    assert index.idf[screen] == pytest.approx(floor)


def test_coverage_is_bounded_and_unknown_words_lower_it():
    index = Bm25Index(TOKENIZED)
    known = VOCABULARY.tokenize("biennial screening mammography")
    cov = index.coverage(known, [1.0] * len(known))
    assert 0 < cov.max() <= 1
    with_unknown = index.coverage([*known, "colorect"], [1.0] * len(known) + [3.0])
    assert with_unknown.max() < cov.max()
    assert index.coverage(["zzz"], [1.0]).max() == 0
    assert index.coverage([], []).max() == 0


def test_semantic_cosine():
    texts = [CORPUS.index_text(c) for c in CORPUS.chunks]
    index = SemanticIndex(texts, VOCABULARY)
    own = index.scores(texts[0])
    assert own[0] == pytest.approx(1.0)
    assert np.all((own >= 0) & (own <= 1 + 1e-9))
    assert index.scores("completely unrelated words about weather").max() < 0.2


@pytest.mark.slow
def test_two_stage_semantic_search_keeps_the_exact_top_ten():
    """Above EXACT_LIMIT chunks the cheap stage chooses candidates; the best ten stay the exact ones."""
    import sys

    from review_app.engine.pipeline import get_engine
    from review_app.engine.settings import PROJECT_ROOT

    sys.path.insert(0, str(PROJECT_ROOT))
    from benchmarks.bench import _questions, synthetic_corpus

    real = get_engine(CORPUS_DIR)
    corpus = synthetic_corpus(real, SemanticIndex.EXACT_LIMIT + 1000, seed=1)
    index = SemanticIndex([corpus.index_text(c) for c in corpus.chunks], VOCABULARY)
    for question in _questions()[:15]:
        exact, staged = index.exact_scores(question), index.scores(question)
        assert set(np.argsort(-exact)[:10]) == set(np.argsort(-staged)[:10]), question
        assert np.all(staged <= exact + 1e-12)  # a lower bound everywhere, exact where it counts


def test_a_parallel_build_equals_a_serial_one(monkeypatch):
    texts = [CORPUS.index_text(c) for c in CORPUS.chunks] * 8
    serial = SemanticIndex(texts, VOCABULARY)
    monkeypatch.setattr(SemanticIndex, "PARALLEL_ABOVE", 100)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    parallel = SemanticIndex(texts, VOCABULARY)
    assert (parallel.chars != serial.chars).nnz == 0 and (parallel.words != serial.words).nnz == 0
    assert parallel.tokens == serial.tokens
