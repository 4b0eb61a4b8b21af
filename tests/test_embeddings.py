"""Embedding providers: the hashing default, the real bundled MiniLM, an OpenAI-compatible endpoint
served by a stand-in on 127.0.0.1, the on-disk corpus embeddings, and what records the provider."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

from review_app.cli import main
from review_app.engine import embedding_cache, embeddings
from review_app.engine.embeddings import EmbeddingError, parse_spec
from review_app.engine.pipeline import Engine
from review_app.engine.settings import PROJECT_ROOT, default_settings, default_threshold
from review_app.errors import CorpusError
from review_app.evaluation.calibration import sweep
from review_app.evaluation.labels import load_slice, references
from review_app.records import EmbeddingSpec

from .conftest import CORPUS_DIR, LABELS_DIR
from .openai_standin import StandIn

DEFAULT_THRESHOLD = default_threshold(PROJECT_ROOT / "corpus")  # the pack's calibrated hashing threshold

MINILM = EmbeddingSpec("sentence-transformers", "all-MiniLM-L6-v2")
OPTIONAL = ("torch", "sentence_transformers", "transformers", "openai")


def _python(code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True,
                          timeout=240, env={**os.environ, **env}, check=False)


# The default path


def test_default_path_imports_no_optional_package(tmp_path):
    code = ("import sys\n"
            "from review_app.cli import main\n"
            "assert main(['ask', 'When should screening start?', '--json']) == 0\n"
            "assert main(['evaluate', '--slice', 'holdout']) == 0\n"
            "from review_app.ui import ask_handlers, context\n"
            "from review_app.engine.pipeline import get_engine\n"
            "from review_app.engine.settings import data_dir\n"
            "ask_handlers.embedding_choices(context.Context.create(db_path=data_dir('exports') / 'r.sqlite'))\n"
            f"print('LOADED', [m for m in {OPTIONAL!r} if m in sys.modules])\n")
    done = _python(code, REVIEW_APP_EXPORTS=str(tmp_path), EMBEDDING_PROVIDER="")
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout


def test_hashing_embedder_is_the_semantic_index(engine):
    """The default provider's vectors give exactly SemanticIndex's cosine, and the engine's default
    index is SemanticIndex itself (so default results cannot move)."""
    from review_app.engine.retrieval import SemanticIndex

    embedder = embeddings.create(embeddings.DEFAULT, engine.vocabulary)
    matrix = embedder.embed([engine.corpus.index_text(c) for c in engine.corpus.chunks])
    question = "Does ACR recommend supplemental MRI for dense breasts?"
    ours = (matrix @ embedder.embed([question]).T).toarray().ravel()
    np.testing.assert_allclose(ours, engine.semantic.exact_scores(question), atol=1e-12)
    assert isinstance(engine.semantic_index(embeddings.DEFAULT), SemanticIndex)
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    np.testing.assert_allclose(norms, 1.0, atol=1e-9)


def test_default_settings_and_thresholds_file():
    settings = default_settings(env={})
    assert settings.embedding == EmbeddingSpec("hashing", None) and settings.threshold == DEFAULT_THRESHOLD
    thresholds = embeddings.load_thresholds(CORPUS_DIR)
    assert thresholds["hashing"] == DEFAULT_THRESHOLD
    chosen = default_settings(env={"EMBEDDING_PROVIDER": "sentence-transformers"})
    assert chosen.embedding == MINILM and chosen.threshold == thresholds["sentence-transformers/all-MiniLM-L6-v2"]
    explicit = default_settings(env={"EMBEDDING_PROVIDER": "sentence-transformers", "REVIEW_APP_THRESHOLD": "0.3"})
    assert explicit.threshold == 0.3


def test_a_bad_thresholds_file_names_the_field(corpus_copy):
    (corpus_copy / "embeddings.yaml").write_text("thresholds:\n  hashing: high\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"embeddings\.yaml: thresholds\.hashing: 'high' is not a number"):
        embeddings.load_thresholds(corpus_copy)


@pytest.mark.parametrize("provider, model, words", [
    ("bert", None, "unknown; expected one of hashing, sentence-transformers, openai"),
    ("hashing", "x", "takes no model"),
    ("openai", None, "no model: set OPENAI_EMBEDDING_MODEL"),
])
def test_bad_specs_are_named(provider, model, words):
    with pytest.raises(EmbeddingError, match=re.escape(words)):
        parse_spec(provider, model, env={})


# Clear one-line errors


@pytest.mark.parametrize("module, provider", [("sentence_transformers", "sentence-transformers"),
                                              ("openai", "openai")])
def test_a_missing_package_is_one_line(module, provider, tmp_path):
    code = (f"import sys\nsys.modules[{module!r}] = None  # as if it were not installed\n"
            "from review_app.cli import main\n"
            f"sys.exit(main(['ask', 'When should screening start?', '--embedding-provider', {provider!r}]))\n")
    done = _python(code, REVIEW_APP_EXPORTS=str(tmp_path), OPENAI_BASE_URL="http://127.0.0.1:9/v1",
                   OPENAI_EMBEDDING_MODEL="stand-in")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: embedding provider {provider}: the {module!r} package is not installed "
        "(pip install -r requirements-embeddings.txt)"]


def test_a_missing_model_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path))
    missing = tmp_path / "no-such-model"
    assert main(["ask", "When should screening start?", "--embedding-provider", "sentence-transformers",
                 "--embedding-model", str(missing)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: embedding provider sentence-transformers: model {str(missing)!r} is not a local "
                   "folder (models are never downloaded: give the folder of a saved model, or all-MiniLM-L6-v2)"]


def test_a_folder_that_is_not_a_model_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path))
    (tmp_path / "empty-model").mkdir()
    assert main(["ask", "q about mammography", "--embedding-provider", "sentence-transformers",
                 "--embedding-model", str(tmp_path / "empty-model")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: embedding provider sentence-transformers: cannot load")


def test_openai_without_a_model_or_endpoint_is_one_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path))
    monkeypatch.delenv("OPENAI_EMBEDDING_MODEL", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert main(["ask", "q", "--embedding-provider", "openai"]) == 2
    assert capsys.readouterr().err.strip() == ("error: embedding provider openai: no model: set "
                                               "OPENAI_EMBEDDING_MODEL (or EMBEDDING_MODEL / --embedding-model)")
    assert main(["ask", "q", "--embedding-provider", "openai", "--embedding-model", "m"]) == 2
    assert "OPENAI_BASE_URL is not set" in capsys.readouterr().err


# The real MiniLM from its wheel


@pytest.fixture(scope="module")
def minilm():
    return embeddings.create(MINILM, vocabulary=None)


def test_minilm_vectors_are_normalized_meaningful_and_deterministic(minilm):
    texts = ["When should average-risk women start screening mammography?",
             "Age to begin breast cancer screening with mammograms",
             "How do I renew my passport?"]
    vectors = minilm.embed(texts)
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    similar, unrelated = float(vectors[0] @ vectors[1]), float(vectors[0] @ vectors[2])
    assert similar > 0.5 > unrelated + 0.3
    np.testing.assert_allclose(minilm.embed(texts[:1])[0], vectors[0], atol=1e-5)
    assert minilm.version.startswith("6.2.0:") and minilm.model == "all-MiniLM-L6-v2"


def test_minilm_threshold_is_rederived_by_the_sweep(engine):
    cases = load_slice(LABELS_DIR, "canonical", **references(engine))
    result = sweep(engine, cases, default_settings(env={}, embedding=MINILM), "canonical")
    assert result.separable
    calibrated = embeddings.load_thresholds(CORPUS_DIR)["sentence-transformers/all-MiniLM-L6-v2"]
    assert round(result.threshold, 3) == calibrated
    assert result.decision_accuracy(result.threshold) == 1.0


def test_minilm_decision_records_provider(engine):
    settings = default_settings(env={}, embedding=MINILM)
    decision = engine.ask("When should an average-risk woman start mammography?", settings)
    record = decision.to_json()
    assert record["embedding"] == {"provider": "sentence-transformers", "model": "all-MiniLM-L6-v2"}
    assert not decision.abstain and "uspstf-2024" in decision.retrieved_document_ids
    hashing = engine.ask("When should an average-risk woman start mammography?", default_settings(env={}))
    assert [r.signals["semantic"] for r in decision.results] != [r.signals["semantic"] for r in hashing.results]
    assert engine.embedding_info(MINILM)["version"].startswith("6.2.0:")


# Corpus embeddings on disk


class _Counting:
    """Counts the texts a real embedder is asked to embed (a spy: every call goes through)."""

    def __init__(self, monkeypatch, cls):
        self.texts = 0
        real = cls.embed

        def embed(embedder, texts):
            self.texts += len(texts)
            return real(embedder, texts)

        monkeypatch.setattr(cls, "embed", embed)


def test_second_engine_reads_corpus_embeddings_from_disk(tmp_path, monkeypatch):
    counter = _Counting(monkeypatch, embeddings.SentenceTransformerEmbedder)
    first = Engine.from_directory(CORPUS_DIR, cache_dir=tmp_path)
    first.semantic_index(MINILM)
    n = len(first.corpus.chunks)
    assert counter.texts == n
    [file] = tmp_path.glob("embeddings-sentence-transformers-*.npy")
    second = Engine.from_directory(CORPUS_DIR, cache_dir=tmp_path)
    index = second.semantic_index(MINILM)
    assert counter.texts == n  # nothing embedded for the corpus
    np.testing.assert_array_equal(index.matrix, first.semantic_index(MINILM).matrix)
    question = "Does USPSTF recommend screening women 75 and older?"
    settings = default_settings(env={}, embedding=MINILM)
    assert second.ask(question, settings).to_json() == first.ask(question, settings).to_json()
    assert file.exists()


def test_a_changed_model_is_embedded_again(tmp_path, monkeypatch):
    """Same model folder, new contents (mean pooling becomes CLS pooling): a new version, a new cache."""
    model = tmp_path / "model"
    shutil.copytree(embeddings.resolve_model_folder("all-MiniLM-L6-v2"), model)
    spec = EmbeddingSpec("sentence-transformers", str(model))
    counter = _Counting(monkeypatch, embeddings.SentenceTransformerEmbedder)
    cache = tmp_path / "cache"
    before = Engine.from_directory(CORPUS_DIR, cache_dir=cache).semantic_index(spec)
    n = before.n_docs
    pooling = model / "1_Pooling" / "config.json"
    config = json.loads(pooling.read_text(encoding="utf-8"))
    config.update(pooling_mode_mean_tokens=False, pooling_mode_cls_token=True)
    pooling.write_text(json.dumps(config), encoding="utf-8")
    after = Engine.from_directory(CORPUS_DIR, cache_dir=cache).semantic_index(spec)
    assert counter.texts == 2 * n
    assert after.embedder.version != before.embedder.version
    assert not np.allclose(after.matrix, before.matrix, atol=1e-3)
    assert len(list(cache.glob("embeddings-*.npy"))) == 2


def test_a_damaged_cache_file_is_embedded_again(tmp_path, monkeypatch, engine):
    counter = _Counting(monkeypatch, embeddings.SentenceTransformerEmbedder)
    Engine.from_directory(CORPUS_DIR, cache_dir=tmp_path).semantic_index(MINILM)
    [file] = tmp_path.glob("embeddings-*.npy")
    file.write_bytes(b"not an array")
    Engine.from_directory(CORPUS_DIR, cache_dir=tmp_path).semantic_index(MINILM)
    assert counter.texts == 2 * len(engine.corpus.chunks)


# An OpenAI-compatible endpoint: a stand-in server on 127.0.0.1


def _embed(body: dict) -> list[list[float]] | tuple[int, str]:
    """The stand-in's vectors: bag of hashed words, not normalized; floats only, as we ask."""
    if body.get("encoding_format") != "float":
        return 400, f"unsupported encoding_format {body.get('encoding_format')!r}"
    if body["model"] == "broken":
        return 500, "the model is not loaded"
    return [_vector(text) for text in (body["input"] if isinstance(body["input"], list) else [body["input"]])]


def _vector(text: str, dims: int = 64) -> list[float]:
    vector = [0.0] * dims
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        vector[int(hashlib.md5(word.encode()).hexdigest(), 16) % dims] += 1.0
    return vector


@pytest.fixture(scope="module")
def standin():
    with StandIn(embed=_embed) as server:
        yield server


def _inputs(standin: StandIn) -> list[int]:
    return [len(r["body"]["input"]) for r in standin.requests if r["path"] == "/v1/embeddings"]


@pytest.fixture
def openai_env(standin, monkeypatch, tmp_path):
    monkeypatch.setenv("OPENAI_BASE_URL", standin.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.setenv("OPENAI_EMBEDDING_MODEL", "stand-in-64")
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    corpus = tmp_path / "corpus"  # its own engine, so its caches stay in this test's folder
    shutil.copytree(CORPUS_DIR, corpus)
    monkeypatch.setenv("REVIEW_APP_CORPUS", str(corpus))
    monkeypatch.setenv("REVIEW_APP_LABELS", str(PROJECT_ROOT / "labels"))  # the copy's ../labels is not there
    standin.requests.clear()
    return tmp_path


def test_openai_provider_embeds_through_the_endpoint(openai_env, standin):
    embedder = embeddings.create(parse_spec("openai", None), vocabulary=None)
    texts = [f"text number {i} about mammography" for i in range(70)]  # two batches
    vectors = embedder.embed(texts)
    assert vectors.shape == (70, 64)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    expected = np.array(_vector(texts[5]), dtype=np.float32)
    np.testing.assert_allclose(vectors[5], expected / np.linalg.norm(expected), atol=1e-6)  # order by index
    assert _inputs(standin) == [64, 6]
    assert {r["body"]["model"] for r in standin.requests} == {"stand-in-64"}
    assert {r["authorization"] for r in standin.requests} == {"Bearer test-key"}
    assert embedder.version == f"stand-in-64@{standin.base_url}"


def test_an_endpoint_error_is_one_line(openai_env, capsys):
    assert main(["ask", "When should screening start?", "--embedding-provider", "openai",
                 "--embedding-model", "broken"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: embedding provider openai: http://127.0.0.1:")
    assert "the model is not loaded" in err[0]


def test_provider_is_recorded_in_results_evaluations_and_history(openai_env, capsys):
    exports = openai_env / "exports"
    assert main(["ask", "When should screening start?", "--embedding-provider", "openai", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["embedding"] == {"provider": "openai", "model": "stand-in-64"}
    assert main(["evaluate", "--slice", "holdout", "--embedding-provider", "openai", "--json"]) == 0
    evaluation = json.loads(capsys.readouterr().out)
    assert evaluation["embedding"]["provider"] == "openai" and evaluation["embedding"]["model"] == "stand-in-64"
    written = json.loads((exports / "evaluation-holdout-hybrid-openai-stand-in-64.json").read_text(encoding="utf-8"))
    assert written["embedding"] == evaluation["embedding"]
    assert main(["evaluate", "--slice", "holdout"]) == 0
    lines = [json.loads(line) for line in (exports / "history.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [(line["embedding"]["provider"], line["embedding"]["model"]) for line in lines] == [
        ("openai", "stand-in-64"), ("hashing", None)]
    assert lines[0]["embedding"]["version"].startswith("stand-in-64@http://127.0.0.1:")
    capsys.readouterr()
    assert main(["history"]) == 0
    assert "[openai stand-in-64]" in capsys.readouterr().out
    assert len(list((exports / "cache").glob("embeddings-openai-*.npy"))) == 1


def test_ablation_adds_every_available_provider(openai_env, capsys):
    assert main(["ablation", "--slice", "holdout", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["arms"]
    arms = [row["arm"] for row in rows]
    assert arms[:6] == ["bm25", "semantic", "hybrid", "fd", "hybrid, no diversification", "hybrid, no status scoring"]
    assert arms[6].startswith("naive BM25")
    assert arms[7:] == ["semantic, sentence-transformers all-MiniLM-L6-v2", "hybrid, sentence-transformers "
                        "all-MiniLM-L6-v2", "semantic, openai stand-in-64", "hybrid, openai stand-in-64"]
    minilm = rows[8]
    assert minilm["threshold"] == embeddings.load_thresholds(CORPUS_DIR)["sentence-transformers/all-MiniLM-L6-v2"]
    assert minilm["embedding"]["provider"] == "sentence-transformers"
    assert rows[10]["threshold"] == DEFAULT_THRESHOLD  # never calibrated: the hashing threshold
    history = [json.loads(line) for line in (openai_env / "exports" / "history.jsonl").read_text().splitlines()]
    assert [line["embedding"]["provider"] for line in history][-4:] == ["sentence-transformers"] * 2 + ["openai"] * 2


def test_cache_key_changes_with_corpus_version(openai_env):
    embedder = embeddings.create(parse_spec("openai", None), vocabulary=None)
    texts = ["a", "b"]
    assert embedding_cache.key(embedder, "v1", texts) != embedding_cache.key(embedder, "v2", texts)
    assert embedding_cache.key(embedder, "v1", texts) != embedding_cache.key(embedder, "v1", ["a", "c"])
    other = embeddings.create(parse_spec("openai", "other-model"), None)
    assert embedding_cache.key(other, "v1", texts) != embedding_cache.key(embedder, "v1", texts)


def test_an_edited_card_is_embedded_again(openai_env, standin, tiny_corpus):
    spec = parse_spec("openai", None)
    cache = openai_env / "cache"
    Engine.from_directory(tiny_corpus, cache_dir=cache).semantic_index(spec)
    Engine.from_directory(tiny_corpus, cache_dir=cache).semantic_index(spec)
    embedded = sum(_inputs(standin))
    card = tiny_corpus / "beta.md"
    card.write_text(card.read_text(encoding="utf-8").replace("screening", "screening mammography"), encoding="utf-8")
    engine = Engine.from_directory(tiny_corpus, cache_dir=cache)
    engine.semantic_index(spec)
    assert sum(_inputs(standin)) == 2 * embedded == 2 * len(engine.corpus.chunks)
    assert len(list(cache.glob("embeddings-openai-*.npy"))) == 2


def test_the_app_refuses_to_start_with_a_provider_it_cannot_run(tmp_path):
    done = subprocess.run([sys.executable, "app.py"], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=240,
                          env={**os.environ, "EMBEDDING_PROVIDER": "openai", "OPENAI_EMBEDDING_MODEL": "",
                               "EMBEDDING_MODEL": "", "REVIEW_APP_EXPORTS": str(tmp_path),
                               "REVIEW_APP_DB": str(tmp_path / "r.sqlite")}, check=False)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "error: embedding provider openai: no model: set OPENAI_EMBEDDING_MODEL (or EMBEDDING_MODEL / "
        "--embedding-model)"]


def test_sweep_takes_the_provider_and_its_threshold(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path))
    assert main(["sweep", "--slice", "canonical", "--embedding-provider", "sentence-transformers", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    calibrated = embeddings.load_thresholds(CORPUS_DIR)["sentence-transformers/all-MiniLM-L6-v2"]
    assert record["default_threshold"] == calibrated and round(record["chosen_threshold"], 3) == calibrated
    [line] = [json.loads(x) for x in (tmp_path / "history.jsonl").read_text(encoding="utf-8").splitlines()]
    assert line["command"] == "sweep" and line["embedding"]["model"] == "all-MiniLM-L6-v2"
