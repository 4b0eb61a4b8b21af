"""Retrievers: each scores one question against every chunk and returns an array.

Indexes are built once per corpus; a query only touches the columns of its own terms.

BM25 follows rank_bm25's BM25Okapi exactly (k1, b, and its idf floor: a term in more than
half of the chunks would get a negative idf, and is given epsilon times the mean idf
instead). On a corpus of a few dozen chunks that floor applies to the topic's everyday words
(the organ, "screen", the test's name), so raw BM25 sums are neither bounded nor comparable
across questions. Our decision: raw BM25 is used only to *rank* within a question (after
max-normalization); it never decides abstention. The absolute support score instead uses a
saturated, query-normalized BM25 (`Bm25Index.coverage`): each query term's saturated term
frequency divided by its ceiling (k1 + 1), weighted by the term's informativeness in general
English (`background.py`, not the corpus idf, which is degenerate at this size), summed and
divided by the question's total weight. Terms the corpus has never seen keep their weight in
the denominator, so unknown content lowers support.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import sklearn
from scipy import sparse
from sklearn.feature_extraction.text import HashingVectorizer

from .text import Vocabulary


@dataclass(frozen=True)
class Bm25Params:
    k1: float = 1.5
    b: float = 0.75
    epsilon: float = 0.25


class Bm25Index:
    """Okapi BM25 as a precomputed sparse chunk-term weight matrix."""

    def __init__(self, tokenized: Sequence[Sequence[str]], params: Bm25Params = Bm25Params()):
        self.params = params
        self.n_docs = len(tokenized)
        self.vocabulary: dict[str, int] = {}
        rows, cols = [], []
        for row, tokens in enumerate(tokenized):
            for token in tokens:
                rows.append(row)
                cols.append(self.vocabulary.setdefault(token, len(self.vocabulary)))
        shape = (self.n_docs, len(self.vocabulary))
        tf = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=shape)
        tf.sum_duplicates()
        self.doc_len = np.array([len(t) for t in tokenized], dtype=float)
        self.avgdl = self.doc_len.sum() / max(self.n_docs, 1)
        df = np.bincount(tf.indices, minlength=shape[1]).astype(float)
        self.doc_freq = df
        self.idf = self.okapi_idf(df, self.n_docs, params.epsilon)
        # Saturated term frequency tf*(k1+1)/(tf + k1*(1-b+b*dl/avgdl)), stored per nonzero.
        k1, b = params.k1, params.b
        norm = k1 * (1 - b + b * self.doc_len / self.avgdl) if self.avgdl else np.full(self.n_docs, k1)
        coo = tf.tocoo()
        saturated = coo.data * (k1 + 1) / (coo.data + norm[coo.row])
        self.saturated = sparse.csc_matrix((saturated, (coo.row, coo.col)), shape=shape)

    @staticmethod
    def okapi_idf(df: np.ndarray, n_docs: int, epsilon: float) -> np.ndarray:
        """rank_bm25's BM25Okapi idf: log((N-n+0.5)/(n+0.5)); negatives become epsilon*mean."""
        idf = np.log(n_docs - df + 0.5) - np.log(df + 0.5)
        floor = epsilon * idf.mean() if idf.size else 0.0
        return np.where(idf < 0, floor, idf)

    def _columns(self, tokens: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Columns of known query tokens (with repeats) and a mask of which tokens are known."""
        known = np.array([t in self.vocabulary for t in tokens], dtype=bool)
        cols = np.array([self.vocabulary[t] for t in tokens if t in self.vocabulary], dtype=np.int64)
        return cols, known

    def scores(self, tokens: Sequence[str]) -> np.ndarray:
        """BM25Okapi score of every chunk; identical to rank_bm25's get_scores."""
        cols, _ = self._columns(tokens)
        if cols.size == 0:
            return np.zeros(self.n_docs)
        return np.asarray(self.saturated[:, cols] @ self.idf[cols]).ravel()

    def coverage(self, tokens: Sequence[str], weights: Sequence[float]) -> np.ndarray:
        """Saturated BM25 normalized by the question, in [0, 1]: how much of it a chunk covers.

        Each query token counts with its weight (background informativeness); a token the
        corpus lacks still counts in the total, so unknown content lowers every chunk's score.
        """
        weights = np.asarray(weights, dtype=float)
        total = weights.sum()
        if not len(tokens) or total <= 0:
            return np.zeros(self.n_docs)
        cols, known = self._columns(tokens)
        if cols.size == 0:
            return np.zeros(self.n_docs)
        covered = np.asarray(self.saturated[:, cols] @ weights[known]).ravel()
        return covered / ((self.params.k1 + 1) * total)


class SemanticIndex:
    """Local, deterministic 'embeddings': hashed word uni/bigrams + character n-grams.

    Both parts are l2-normalized and weighted equally, so each chunk vector has unit norm and
    the dot product is the cosine similarity. Stop words are dropped before the character
    n-grams so that a question's function words do not raise every similarity alike.

    At scale the character part dominates the cost (hundreds of n-grams per chunk, the common
    ones in nearly every chunk). Up to `EXACT_LIMIT` chunks every score is exact. Beyond it the
    search runs in two stages: the word part is scored for every chunk, and the full cosine
    only for the `CANDIDATES` chunks best on words or on the candidates a caller adds (BM25's);
    every other chunk keeps its word part alone, a lower bound of its cosine.
    """

    N_FEATURES = 2**18
    EXACT_LIMIT = 5_000
    CANDIDATES = 2_000
    PARALLEL_ABOVE = 20_000  # build on every core beyond this many chunks
    _SCALE = float(np.sqrt(0.5))

    def __init__(self, texts: Sequence[str], vocabulary: Vocabulary):
        self.vocabulary = vocabulary
        self._words = _word_vectorizer()
        self._chars = _char_vectorizer(vocabulary)
        self.n_docs = len(texts)
        workers = min(os.cpu_count() or 1, 8) if self.n_docs > self.PARALLEL_ABOVE else 1
        if workers > 1:  # every step is a pure function of one text: the split changes nothing
            parts = np.array_split(np.arange(self.n_docs), workers)
            # spawn, not fork: the app may build while its server threads run
            with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
                done = list(pool.map(_prepare, [[texts[i] for i in part] for part in parts],
                                     [vocabulary] * workers))
            tokens = [t for part in done for t in part[0]]
            self.chars = sparse.vstack([part[1] for part in done], format="csr")
            del done
        else:
            tokens, self.chars = _prepare(list(texts), vocabulary)
        self.tokens = tokens
        self.words = self._words.transform(tokens).tocsr()
        self.words.data *= self._SCALE  # in place: at 100,000 chunks a copy is hundreds of MB
        self._words_by_feature = self.words.tocsc()  # a question touches a few word columns

    def _query(self, text: str) -> tuple[sparse.csr_matrix, sparse.csr_matrix]:
        normalized = self.vocabulary.normalize(text)
        tokens = self.vocabulary.stems(self.vocabulary.content_words(normalized, normalized=True))
        # The vectorizers' parameters were checked when they were built; re-checking them on
        # every question costs a third of the query vectorizing.
        with sklearn.config_context(skip_parameter_validation=True):
            return (self._words.transform([tokens]) * self._SCALE, self._chars.transform([normalized]) * self._SCALE)

    def scores(self, text: str, candidates: np.ndarray | None = None) -> np.ndarray:
        """Cosine similarity of the question with every chunk, in [0, 1] (see the class note)."""
        words, chars = self._query(text)
        score = np.asarray(self._words_by_feature[:, words.indices] @ words.data, dtype=np.float64).ravel()
        dense = np.zeros(self.N_FEATURES)
        dense[chars.indices] = chars.data
        if self.n_docs <= self.EXACT_LIMIT:
            return score + self.chars @ dense
        chosen = np.zeros(self.n_docs, dtype=bool)  # a mask, not union1d: no sort of the candidates
        chosen[np.argpartition(-score, self.CANDIDATES)[: self.CANDIDATES]] = True
        if candidates is not None:
            chosen[candidates] = True
        rows = np.flatnonzero(chosen)
        score[rows] += self.chars[rows] @ dense
        return score

    def row_scores(self, text: str, rows: np.ndarray) -> np.ndarray:
        """The full cosine of a few chunks."""
        words, chars = self._query(text)
        word_dense, char_dense = np.zeros(self.N_FEATURES), np.zeros(self.N_FEATURES)
        word_dense[words.indices], char_dense[chars.indices] = words.data, chars.data
        return self.words[rows] @ word_dense + self.chars[rows] @ char_dense

    def exact_scores(self, text: str) -> np.ndarray:
        """Every chunk's full cosine, whatever the size: the baseline the two-stage search is checked against."""
        words, chars = self._query(text)
        return np.asarray((self.words @ words.T + self.chars @ chars.T).todense(), dtype=np.float64).ravel()


class _Content:
    """The character n-grams' preprocessor: normalized text without stop words (picklable)."""

    def __init__(self, stop_words: frozenset[str]):
        self.stop_words = stop_words

    def __call__(self, normalized: str) -> str:
        return " ".join(w for w in normalized.split() if w.strip(".,;:?!()") not in self.stop_words)


def _word_vectorizer() -> HashingVectorizer:
    return HashingVectorizer(analyzer=_with_bigrams, n_features=SemanticIndex.N_FEATURES, alternate_sign=False,
                             norm="l2")


def hashed_vectors(texts: Sequence[str], vocabulary: Vocabulary) -> sparse.csr_matrix:
    """SemanticIndex's vector of each text (word part, then character part), one row each:
    the dot product of two rows is the index's exact cosine."""
    tokens, chars = _prepare(list(texts), vocabulary)
    words = _word_vectorizer().transform(tokens).tocsr()
    words.data *= SemanticIndex._SCALE
    return sparse.hstack([words, chars], format="csr")


def _char_vectorizer(vocabulary: Vocabulary) -> HashingVectorizer:
    return HashingVectorizer(analyzer="char_wb", ngram_range=(3, 5), preprocessor=_Content(vocabulary.stop_words),
                             n_features=SemanticIndex.N_FEATURES, alternate_sign=False, norm="l2", lowercase=False)


def _prepare(texts: list[str], vocabulary: Vocabulary) -> tuple[list[list[str]], sparse.csr_matrix]:
    """Stemmed content words and character n-gram vectors of texts, each normalized once."""
    normalized = [vocabulary.normalize(t) for t in texts]
    tokens = [vocabulary.stems(vocabulary.content_words(t, normalized=True)) for t in normalized]
    chars = _char_vectorizer(vocabulary).transform(normalized).tocsr()
    chars.data *= SemanticIndex._SCALE
    return tokens, chars


def _with_bigrams(tokens: Sequence[str]) -> list[str]:
    return list(tokens) + [f"{a} {b}" for a, b in itertools.pairwise(tokens)]
