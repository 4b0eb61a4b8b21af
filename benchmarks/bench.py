"""Speed and scale, measured against baselines in the same run.

    python -m review_app bench [--sizes 1000,10000,100000] [--seed 0] [--json]
    python benchmarks/bench.py --app-only [--json]   # the app alone: cold start, ask, open case, saves

Each size runs in a fresh process (so peak memory is its own): a synthetic corpus made from the
real cards' sentences with realistic length spread, an engine built on it, and the label
questions plus variants asked in every mode; the same queries go through rank_bm25's
BM25Okapi.get_scores and through an exact cosine against every chunk. Then the evaluation of
both slices in three modes, and the app: cold start of `python app.py` to the first HTTP 200,
and `ask` round trips through gradio_client.

When sentence-transformers and the bundled all-MiniLM-L6-v2 are installed, sizes up to
MINILM_MAX_CHUNKS also measure that provider: embedding the corpus (chunks per second) and
semantic and hybrid questions, each question embedded afresh. On a 2-core CPU it embeds about
20 chunks a second, so larger sizes would add minutes per thousand chunks.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
BASELINE_QUERIES = 20  # rank_bm25 takes seconds per query at 100k chunks
MINILM_MAX_CHUNKS = 1_000  # the neural provider is measured up to this size (see the module note)


def _questions() -> list[str]:
    from review_app.evaluation.labels import load_cases

    base = [c.question for name in ("canonical", "holdout") for c in load_cases(ROOT / "labels" / f"{name}.jsonl")]
    variants = [re.sub(r"\?$", "", q).lower() + " according to current guidelines?" for q in base[::2]]
    return base + variants


def synthetic_corpus(engine: Any, n: int, seed: int) -> Any:
    """N chunks from the real cards' sentences: each starts from one real section, keeps its
    organization and source, and is filled with sentences from that source and others until a
    length drawn from a log-normal (median about 60 words, from 15 to 400)."""
    from review_app.records import Chunk

    rng = np.random.default_rng(seed)
    real = engine.corpus.chunks
    by_source: dict[str, list[str]] = {}
    for chunk in real:
        by_source.setdefault(chunk.document_id, []).extend(re.split(r"(?<=[.!?])\s+", chunk.text))
    every = [s for sentences in by_source.values() for s in sentences]
    chunks = []
    for i in range(n):
        seed_chunk = real[i % len(real)]
        target = int(np.clip(rng.lognormal(np.log(60), 0.6), 15, 400))
        own = by_source[seed_chunk.document_id]
        words, parts = 0, []
        while words < target:
            pool = own if rng.random() < 0.7 else every
            sentence = pool[int(rng.integers(len(pool)))]
            parts.append(sentence)
            words += len(sentence.split())
        chunks.append(Chunk(id=f"{seed_chunk.document_id}#synthetic-{i}", document_id=seed_chunk.document_id,
                            organization=seed_chunk.organization, heading=f"{seed_chunk.heading} {i}",
                            text=" ".join(parts), line=0))
    return dataclasses.replace(engine.corpus, chunks=tuple(chunks))


def synthetic_aspects(engine: Any, n: int) -> Any:
    """The pack's aspects with each position moved to the first synthetic chunk seeded from its
    section, so the answer-bearing chunks are planned (and timed) as on the real corpus."""
    place = {c.id: i for i, c in enumerate(engine.corpus.chunks)}
    moved = tuple(dataclasses.replace(p, chunk_id=f"{p.chunk_id.split('#')[0]}#synthetic-{place[p.chunk_id]}")
                  for p in engine.aspects.positions if place[p.chunk_id] < n)
    return dataclasses.replace(engine.aspects, positions=moved)


def _percentiles(values: list[float]) -> dict[str, float]:
    return {"p50": round(float(np.percentile(values, 50)), 3), "p95": round(float(np.percentile(values, 95)), 3)}


def _timed(fn, repeat: int = 1) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def measure_size(n: int, seed: int) -> dict[str, Any]:
    """One size, in its own process: build, peak memory, query latency, baselines, parity."""
    from rank_bm25 import BM25Okapi

    from review_app.engine.pipeline import Engine, get_engine
    from review_app.engine.settings import default_settings

    real = get_engine(ROOT / "corpus")
    corpus = synthetic_corpus(real, n, seed)
    start = time.perf_counter()
    engine = Engine(corpus, real.vocabulary, real.scope, real.params, real.claim_rules,
                    aspects=synthetic_aspects(real, n))
    build_s = time.perf_counter() - start
    peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    questions = _questions()
    settings = default_settings(env={})
    engine.ask(questions[0], settings)  # warm the caches a first question fills
    query_ms = {}
    for mode in ("bm25", "semantic", "hybrid"):
        mode_settings = dataclasses.replace(settings, mode=mode)
        query_ms[mode] = _percentiles([t for q in questions
                                       for t in _timed(lambda q=q, s=mode_settings: engine.ask(q, s))])
    sample = questions[:BASELINE_QUERIES]
    tokens = [real.vocabulary.tokenize(q) for q in sample]
    reference = BM25Okapi([real.vocabulary.tokenize(corpus.index_text(c)) for c in corpus.chunks])
    ours = [t for toks in tokens for t in _timed(lambda toks=toks: engine.bm25.scores(toks))]
    theirs, diff = [], 0.0
    for toks in tokens:
        start = time.perf_counter()
        expected = reference.get_scores(toks)
        theirs.append((time.perf_counter() - start) * 1000)
        diff = max(diff, float(np.abs(engine.bm25.scores(toks) - expected).max()))
    dense = [t for q in sample for t in _timed(lambda q=q: engine.semantic.exact_scores(q))]
    return {
        "n_chunks": n, "build_s": round(build_s, 3), "peak_rss_mb": round(peak_rss_mb, 1), "query_ms": query_ms,
        "bm25_scoring_ms": _percentiles(ours),
        "baseline_ms": {"rank_bm25": _percentiles(theirs), "dense_cosine": _percentiles(dense)},
        "speedup_bm25": round(float(np.median(theirs) / np.median(ours)), 1),
        "speedup_semantic_vs_exact": round(float(np.median(dense) / query_ms["semantic"]["p50"]), 1),
        "bm25_max_abs_diff": diff, "queries": len(questions), "baseline_queries": len(sample),
        "minilm": minilm_figures(engine, questions, settings) if n <= MINILM_MAX_CHUNKS else None,
    }


def minilm_figures(engine: Any, questions: list[str], settings: Any) -> dict[str, Any] | None:
    """The bundled MiniLM as the semantic provider: corpus embedding time and question latency
    (every question embedded afresh). None when it is not installed."""
    from review_app.engine import embeddings

    spec = embeddings.SNAPSHOT_EMBEDDINGS[0]
    if spec not in embeddings.available():
        return None
    start = time.perf_counter()
    embeddings.create(spec, engine.vocabulary)  # first load: imports torch and reads the model
    load_s = time.perf_counter() - start
    start = time.perf_counter()
    index = engine.semantic_index(spec)  # a warm model load, then the corpus (no cache folder here)
    embed_s = time.perf_counter() - start
    query_ms = {}
    for mode in ("semantic", "hybrid"):
        mode_settings = dataclasses.replace(settings, mode=mode, embedding=spec)
        times = []
        for q in questions:
            index._queries.clear()
            times += _timed(lambda q=q, s=mode_settings: engine.ask(q, s))
        query_ms[mode] = _percentiles(times)
    return {"model": spec.model, "model_load_s": round(load_s, 2), "embed_s": round(embed_s, 2),
            "chunks_per_s": round(index.n_docs / embed_s, 1), "query_ms": query_ms}


def _size_in_child(args: tuple[int, int], queue: Any) -> None:
    queue.put(measure_size(*args))


def evaluation_seconds() -> float:
    from review_app.engine.pipeline import get_engine
    from review_app.engine.settings import default_settings
    from review_app.evaluation.evaluate import evaluate
    from review_app.evaluation.labels import load_slice

    engine = get_engine(ROOT / "corpus")
    settings = default_settings(env={})
    slices = {name: load_slice(ROOT / "labels", name) for name in ("canonical", "holdout")}
    start = time.perf_counter()
    for cases in slices.values():
        for mode in ("bm25", "semantic", "hybrid"):
            evaluate(engine, cases, dataclasses.replace(settings, mode=mode), "bench")
    return round(time.perf_counter() - start, 3)


def app_figures(asks: int = 30) -> dict[str, Any]:
    """Cold start of `python app.py` to the first HTTP 200, then `ask` through gradio_client."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port),
               "REVIEW_APP_DB": str(Path(folder) / "bench.sqlite"), "REVIEW_APP_EXPORTS": folder,
               "GRADIO_ANALYTICS_ENABLED": "False"}
        env.pop("PORT", None)
        start = time.perf_counter()
        server = subprocess.Popen([sys.executable, "app.py"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}/"
            while True:
                try:
                    with urllib.request.urlopen(url, timeout=1) as response:
                        if response.status == 200:
                            break
                except OSError:
                    if server.poll() is not None or time.perf_counter() - start > 120:
                        raise RuntimeError("the app did not start") from None
                    time.sleep(0.05)
            cold = time.perf_counter() - start
            client = reviewer_client(url)
            questions = _questions()
            times = [t for q in questions[:asks] for t in _timed(lambda q=q: client.predict(
                q, "hybrid", 6, "2026-06-24", 0.122, True, api_name="/ask"))]
            review = review_figures(url)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return {"cold_start_s": round(cold, 2), "ask_ms": _percentiles(times), "asks": len(times), **review}


def reviewer_client(url: str) -> Any:
    """A gradio_client session as a reviewer's program opens one. Over plain http (the loopback server
    here) no certificate is ever checked, yet with ssl_verify on gradio_client builds a TLS context,
    reading the CA bundle, for every request: about 30 ms of CPU per call in the benchmark's own
    process. Eight reviewers' clients on one 2-core machine then queue for that CPU beside the server
    (a real reviewer's client spends it on their own machine), and the figures measure the harness."""
    from gradio_client import Client

    return Client(url, verbose=False, ssl_verify=not url.startswith("http://"))


def _saving(url: str, name: str, saves: int) -> tuple[list[float], list[float]]:
    """One reviewer's client: open the case, then save the same row `saves` times (each a new
    judgment); (open case ms, save ms)."""
    client = reviewer_client(url)
    opened = _timed(lambda: client.predict("canonical", "canonical-001", name, api_name="/load_case"), repeat=3)

    def save() -> None:
        record = client.predict("canonical", "canonical-001", "c1", "uspstf-2024#recommendation", name, "supports",
                                "", "", api_name="/save_judgment")
        if isinstance(record, dict) and record.get("error"):
            raise RuntimeError(f"the benchmark's save was refused: {record['error']}")

    return opened, _timed(save, repeat=saves)


def review_figures(url: str, saves: int = 20, reviewers: int = 8) -> dict[str, Any]:
    """Opening a case and saving a judgment through gradio_client: one reviewer alone, then
    `reviewers` reviewers saving at once (each with a client and a name of their own)."""
    from concurrent.futures import ThreadPoolExecutor

    opened, alone = _saving(url, "bench-alone", saves)
    with ThreadPoolExecutor(reviewers) as pool:
        rounds = list(pool.map(lambda i: _saving(url, f"bench-{i}", saves), range(reviewers)))
    return {"open_case_ms": _percentiles(opened), "save_ms": _percentiles(alone),
            "save_ms_concurrent": _percentiles([t for _, times in rounds for t in times]),
            "concurrent_reviewers": reviewers}


def app_table(app: dict[str, Any]) -> str:
    return "\n".join([
        f"App: cold start to first HTTP 200 {app['cold_start_s']:.1f} s; ask through gradio_client p50 "
        f"{app['ask_ms']['p50']:.0f} ms, p95 {app['ask_ms']['p95']:.0f} ms.",
        "", "| app (through gradio_client) | p50 ms | p95 ms |", "|---|---|---|",
        f"| app.open_case_ms | {app['open_case_ms']['p50']:.0f} | {app['open_case_ms']['p95']:.0f} |",
        f"| app.save_ms (one reviewer) | {app['save_ms']['p50']:.0f} | {app['save_ms']['p95']:.0f} |",
        f"| app.save_ms_concurrent ({app['concurrent_reviewers']} reviewers at once) | "
        f"{app['save_ms_concurrent']['p50']:.0f} | {app['save_ms_concurrent']['p95']:.0f} |"])


def run(sizes: list[int], seed: int, progress=print) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    results = []
    for n in sizes:
        progress(f"size {n}: building and querying in a fresh process …")
        queue = context.Queue()
        child = context.Process(target=_size_in_child, args=((n, seed), queue))
        child.start()
        results.append(queue.get())
        child.join()
    progress("evaluation of both slices in three modes …")
    evaluation = evaluation_seconds()
    progress("app cold start and ask round trips …")
    return {"seed": seed, "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
            "sizes": results, "evaluation_s": evaluation, "app": app_figures()}


def table(result: dict[str, Any]) -> str:
    head = ["chunks", "build s", "peak MB", "bm25 p50/p95 ms", "semantic p50/p95", "hybrid p50/p95",
            "rank_bm25 p50 ms", "BM25 speed-up", "exact cosine p50 ms", "max |Δ| vs rank_bm25"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for s in result["sizes"]:
        q = s["query_ms"]
        lines.append(" | ".join([
            f"| {s['n_chunks']:,}", f"{s['build_s']:.1f}", f"{s['peak_rss_mb']:.0f}",
            f"{q['bm25']['p50']:.1f} / {q['bm25']['p95']:.1f}",
            f"{q['semantic']['p50']:.1f} / {q['semantic']['p95']:.1f}",
            f"{q['hybrid']['p50']:.1f} / {q['hybrid']['p95']:.1f}", f"{s['baseline_ms']['rank_bm25']['p50']:.1f}",
            f"{s['speedup_bm25']:.0f}x", f"{s['baseline_ms']['dense_cosine']['p50']:.1f}",
            f"{s['bm25_max_abs_diff']:.1e} |"]))
    minilm = [(s["n_chunks"], s["minilm"]) for s in result["sizes"] if s.get("minilm")]
    if minilm:
        lines += ["", "| chunks | MiniLM model load s | corpus embedding s | chunks/s | semantic p50/p95 ms | "
                  "hybrid p50/p95 ms |", "|---|---|---|---|---|---|"]
        for n, m in minilm:
            q = m["query_ms"]
            lines.append(f"| {n:,} | {m['model_load_s']:.1f} | {m['embed_s']:.1f} | {m['chunks_per_s']:.0f} | "
                         f"{q['semantic']['p50']:.1f} / {q['semantic']['p95']:.1f} | "
                         f"{q['hybrid']['p50']:.1f} / {q['hybrid']['p95']:.1f} |")
    lines += ["", f"Evaluation of both slices in three modes: {result['evaluation_s']:.2f} s. "
              + app_table(result["app"])]
    return "\n".join(lines)


def main(sizes: list[int], seed: int, as_json: bool, exports: Path) -> dict[str, Any]:
    result = run(sizes, seed, progress=lambda m: print(m, file=sys.stderr))
    exports.mkdir(parents=True, exist_ok=True)
    path = exports / "bench.json"
    path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2) if as_json else table(result))
    print(f"wrote {path}", file=sys.stderr)
    return result


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="speed and scale, with figures (see the module note)")
    parser.add_argument("--sizes", default="1000,10000,100000", help="comma-separated corpus sizes (chunks)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the synthetic corpus")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--app-only", action="store_true",
                        help="only the app: cold start, ask, opening a case and saving (alone and at once); "
                             "exports/bench.json is left as it is")
    args = parser.parse_args()
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    if args.app_only:
        figures = app_figures()
        print(json.dumps(figures, indent=2) if args.json else app_table(figures))
    else:
        main([int(s) for s in args.sizes.split(",") if s.strip()], args.seed, args.json, ROOT / "exports")
