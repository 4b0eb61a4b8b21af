"""The reliability suite: concurrent writers, killed writers, a killed server, exports, text with
line separators, and what `synchronous = FULL` costs, with figures.

Every check counts writes attempted, acknowledged (the store returned), found afterwards and
lost (acknowledged but missing: must be 0), errors by kind, the integrity check, and save
latency. `python -m review_app reliability` runs it at a larger size than the unit tests.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.settings import PROJECT_ROOT
from .store import SYNCHRONOUS, Judgment, ReviewStore

CHUNK = "load#chunk"  # the store never checks chunk ids; the API round cites a claim of the canonical slice


@dataclass
class CheckResult:
    check: str
    attempted: int = 0
    acknowledged: int = 0
    found: int = 0
    lost: int = 0
    errors: Counter = field(default_factory=Counter)
    integrity: str = "not checked"
    latencies_ms: list[float] = field(default_factory=list)
    notes: str = ""

    def to_json(self) -> dict[str, Any]:
        lat = np.array(self.latencies_ms) if self.latencies_ms else None
        return {"check": self.check, "attempted": self.attempted, "acknowledged": self.acknowledged,
                "found": self.found, "lost": self.lost, "errors": dict(sorted(self.errors.items())),
                "integrity": self.integrity,
                "p50_ms": None if lat is None else round(float(np.percentile(lat, 50)), 2),
                "p95_ms": None if lat is None else round(float(np.percentile(lat, 95)), 2), "notes": self.notes}


def judgment(tag: str, i: int, reviewer: str = "reliability") -> Judgment:
    return Judgment(case_id=f"load-{tag}", claim_id=f"c{i}", chunk_id=CHUNK, reviewer=reviewer, label="supports",
                    reason=None, rationale="", source="human", chunk_hash="load", corpus_version="load",
                    claim_text=f"load test {tag} {i}")


def _writer(path: str, tag: str, count: int) -> tuple[list[int], dict[str, int], list[float]]:
    store, acked, errors, latencies = ReviewStore(Path(path)), [], Counter(), []
    for i in range(count):
        start = time.perf_counter()
        try:
            acked.append(store.record_judgment(judgment(tag, i, reviewer=f"writer-{tag}")).id)
        except Exception as exc:  # counted by kind: the point is to see every failure
            errors[_kind(exc)] += 1
        latencies.append((time.perf_counter() - start) * 1000)
    return acked, dict(errors), latencies


def _kind(exc: Exception) -> str:
    text = str(exc).lower()
    return "database is locked" if "locked" in text else type(exc).__name__


def _verify(result: CheckResult, path: Path, acked: set[int]) -> CheckResult:
    store = ReviewStore(path)
    present = {j.id for j in store.judgments(current_only=False)}
    result.acknowledged, result.found = len(acked), len(acked & present)
    result.lost = len(acked - present)
    result.integrity = "ok" if store.integrity_ok() else "FAILED"
    return result


def concurrent_writes(path: Path, writers: int, per_writer: int) -> CheckResult:
    """Writer processes appending at once, each through its own connections."""
    result = CheckResult(f"{writers} writer processes")
    acked: set[int] = set()
    ReviewStore(path)
    with ProcessPoolExecutor(max_workers=writers) as pool:
        for ids, errors, latencies in pool.map(_writer, [str(path)] * writers, [f"p{n}" for n in range(writers)],
                                               [per_writer] * writers):
            acked.update(ids)
            result.errors.update(errors)
            result.latencies_ms += latencies
    result.attempted = writers * per_writer
    return _verify(result, path, acked)


_CHILD = """
import sys
from pathlib import Path
from review_app.review.reliability import judgment
from review_app.review.store import ReviewStore
store, tag = ReviewStore(Path(sys.argv[1])), sys.argv[2]
i = 0
while True:
    saved = store.record_judgment(judgment(tag, i))
    sys.stdout.write(f"{saved.id}\\n")
    sys.stdout.flush()
    i += 1
"""


def killed_writers(path: Path, kills: int, seed: int = 0) -> CheckResult:
    """A writer process killed with SIGKILL mid-stream, again and again."""
    result = CheckResult(f"writer killed (SIGKILL) x{kills}")
    rng = random.Random(seed)
    acked: set[int] = set()
    ReviewStore(path)
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    for n in range(kills):
        target = rng.randint(20, 200)
        child = subprocess.Popen([sys.executable, "-c", _CHILD, str(path), f"k{n}"], stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True, env=env, cwd=PROJECT_ROOT)
        for count, line in enumerate(child.stdout, start=1):  # the child keeps writing: the kill lands mid-stream
            acked.add(int(line))
            if count >= target:
                break
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        child.stdout.close()
    result.attempted = len(acked)
    result.notes = "attempted counts acknowledged writes; the write in flight at the kill is unacknowledged"
    return _verify(result, path, acked)


def server_writes(url: str, path: Path, clients: int, per_client: int,
                  save: Callable[[Any, str, int], dict]) -> CheckResult:
    """Concurrent gradio_client sessions saving judgments while another keeps asking."""
    from gradio_client import Client

    from ..engine.pack import load_pack
    from ..engine.settings import data_dir, default_settings

    settings = default_settings()  # the server's own defaults: its calibrated threshold, its date
    question = load_pack(data_dir("corpus")).app.examples[0]
    result = CheckResult(f"{clients} API clients on a live server")
    acked: set[int] = set()
    lock = threading.Lock()
    stop = threading.Event()
    asks = Counter()

    def asker() -> None:
        client = Client(url, verbose=False)
        while not stop.is_set():
            try:
                client.predict(question, settings.mode, settings.top_k, settings.reference_date.isoformat(),
                               settings.threshold, settings.diversify, api_name="/ask")
                asks["answered"] += 1
            except Exception as exc:
                asks[_kind(exc)] += 1

    def worker(n: int) -> None:
        client = Client(url, verbose=False)
        for i in range(per_client):
            start = time.perf_counter()
            try:
                record = save(client, f"s{n}", i)
                if "id" in record:
                    with lock:
                        acked.add(record["id"])
                else:
                    result.errors[record.get("error", "refused")] += 1
            except Exception as exc:
                result.errors[_kind(exc)] += 1
            result.latencies_ms.append((time.perf_counter() - start) * 1000)

    ask_thread = threading.Thread(target=asker)
    ask_thread.start()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        list(pool.map(worker, range(clients)))
    stop.set()
    ask_thread.join()
    result.attempted = clients * per_client
    result.notes = f"asks answered meanwhile: {asks['answered']}" + "".join(
        f", {k}: {v}" for k, v in asks.items() if k != "answered")
    return _verify(result, path, acked)


def killed_server(path: Path, exports_dir: Path, kills: int, save: Callable[[Any, str, int], dict],
                  clients: int = 4, seed: int = 0) -> CheckResult:
    """The app started as a Space starts it, API clients saving through it, and the server killed
    with SIGKILL mid-stream, `kills` times, each time started again on the same database file; then
    once more, to show it serves saves after the last kill. A call cut off by a kill is attempted
    but not acknowledged; lost counts acknowledged saves missing afterwards."""
    from gradio_client import Client

    result = CheckResult(f"server killed (SIGKILL) x{kills} and restarted, {clients} API clients")
    rng = random.Random(seed)
    acked: set[int] = set()
    lock = threading.Lock()
    cut_off = Counter()

    def serve_round(tag: str, target: int, kill: bool) -> int:
        process, url = start_app(path, exports_dir)
        enough, stop, killing = threading.Event(), threading.Event(), threading.Event()
        saved = Counter()

        def worker(n: int) -> None:
            try:
                client = Client(url, verbose=False)
            except Exception as exc:
                with lock:
                    result.errors[f"connect: {_kind(exc)}"] += 1
                return
            i = 0
            while not stop.is_set():
                start = time.perf_counter()
                with lock:
                    result.attempted += 1
                try:
                    record = save(client, f"{tag}c{n}", i)
                except Exception as exc:  # a kill cuts the calls in flight; anything else is an error
                    with lock:
                        if killing.is_set() or stop.is_set():
                            cut_off["in flight"] += 1
                        else:
                            result.errors[_kind(exc)] += 1
                    return
                with lock:
                    if "id" in record:
                        acked.add(record["id"])
                        result.latencies_ms.append((time.perf_counter() - start) * 1000)
                        saved["n"] += 1
                        if saved["n"] >= target:
                            enough.set()
                    else:
                        result.errors[record.get("error", "refused")] += 1
                i += 1

        threads = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(clients)]
        for thread in threads:
            thread.start()
        try:
            enough.wait(timeout=120)
            if kill:
                killing.set()  # set first: a call failing from here on was cut off by the kill
                os.kill(process.pid, signal.SIGKILL)  # the clients are still saving: the kill lands mid-stream
                process.wait()
            stop.set()
            for thread in threads:
                thread.join(timeout=60)
            stuck = sum(thread.is_alive() for thread in threads)
            if stuck:
                result.errors["client still waiting 60 s after the kill"] += stuck
        finally:
            stop.set()
            stop_app(process)
        return saved["n"]

    for n in range(kills):
        serve_round(f"k{n}", rng.randint(10, 40), kill=True)
    after = serve_round("after", clients, kill=False)
    if not after:
        result.errors["no save acknowledged after the last restart"] += 1
    verified = _verify(result, path, acked)
    verified.notes = (f"{kills} kills mid-stream, each followed by a restart on the same file; calls cut off by a "
                      f"kill (attempted, never acknowledged): {cut_off['in flight']}; saves acknowledged after the "
                      f"last restart: {after}")
    return verified


def exports_check(make_service: Callable[[], Any], exports_dir: Path) -> CheckResult:
    """Two exports of the same database are identical, and nothing half-written is left."""
    from .export import export_holdout

    result = CheckResult("export twice")
    first = export_holdout(make_service(), exports_dir)
    second = export_holdout(make_service(), exports_dir)
    leftovers = [p.name for p in Path(exports_dir).glob(".*")]
    same = first.path.read_bytes() == second.path.read_bytes()
    result.attempted = result.acknowledged = result.found = 2
    result.integrity = "identical" if same and not leftovers else "DIFFERENT"
    result.notes = f"sha256 {first.sha256[:12]}; temporary files left: {len(leftovers)}"
    return result


def export_during_writes(make_service: Callable[[], Any], rounds: int = 20) -> CheckResult:
    """Exports planned while a writer adds a claim to a holdout case, gives it two agreeing reviews
    and then approves a new case, round after round. A plan is consistent when it never holds more
    approved cases than reviewed claims (each approval was committed after its round's reviews).
    attempted = plans made, found = consistent plans; latencies are the plans' times."""
    from .export import plan_export

    result = CheckResult(f"export during writes ({rounds} rounds of review then approval)")
    writer, reader = make_service(), make_service()
    case = next(c for c in writer.cases("holdout"))
    chunk, source = writer.engine.corpus.chunks[0].id, writer.engine.corpus.chunks[0].document_id
    done = threading.Event()

    def write() -> None:
        try:
            for k in range(rounds):
                added = writer.add_claim("holdout", case.id, f"Reliability claim {k} about the cited card.", [chunk],
                                         "writer-a")
                for reviewer in ("writer-a", "writer-b"):
                    writer.save("holdout", case.id, added.claim_id, chunk, reviewer, "supports", None,
                                f"read the card, round {k}")
                writer.store.save_draft(None, {"question": f"Reliability round {k}: is screening advised at 50?",
                                               "should_abstain": False, "gold_document_ids": [source],
                                               "expected_scope_flags": [], "reference_date": None, "notes": ""},
                                        "writer-c", "approved")
        except Exception as exc:
            result.errors[f"writer: {_kind(exc)}"] += 1
        finally:
            done.set()

    thread = threading.Thread(target=write)
    thread.start()
    while not done.is_set() or result.attempted == 0:
        start = time.perf_counter()
        try:
            plan = plan_export(reader)
            result.acknowledged += 1
            result.found += len(plan.new_cases) <= len(plan.claims_added)
        except Exception as exc:
            result.errors[f"plan: {_kind(exc)}"] += 1
        result.attempted += 1
        result.latencies_ms.append((time.perf_counter() - start) * 1000)
    thread.join()
    result.lost = result.acknowledged - result.found
    result.integrity = "ok" if result.lost == 0 and not result.errors else "FAILED"
    result.notes = "each plan read in one read transaction; inconsistent plans: " + str(result.lost)
    return result


def synchronous_cost(folder: Path, saves: int) -> list[CheckResult]:
    """The same sequential saves with synchronous = NORMAL and with FULL (the store's setting):
    what surviving a power loss, not only a crash, costs per save on this disk."""
    results = []
    for level in ("NORMAL", "FULL"):
        path = Path(folder) / f"synchronous-{level.lower()}.sqlite"
        store = ReviewStore(path, synchronous=level)
        result = CheckResult(f"{saves} sequential saves, synchronous {level}")
        acked: set[int] = set()
        for i in range(saves):
            start = time.perf_counter()
            try:
                acked.add(store.record_judgment(judgment(f"sync-{level}", i)).id)
            except Exception as exc:  # counted by kind
                result.errors[_kind(exc)] += 1
            result.latencies_ms.append((time.perf_counter() - start) * 1000)
        result.attempted = saves
        results.append(_verify(result, path, acked))
    normal, full = (r.to_json() for r in results)
    results[0].notes = "for comparison: may lose the last acknowledged saves on a power loss"
    if normal["p50_ms"] is not None and full["p50_ms"] is not None:
        results[1].notes = (f"the store's setting ({SYNCHRONOUS}): {full['p50_ms'] - normal['p50_ms']:+.2f} ms p50, "
                            f"{full['p95_ms'] - normal['p95_ms']:+.2f} ms p95 per save against NORMAL")
    return results


LINE_SEPARATORS = "one\u2028two\u2029three\u0085four"


def line_separator_text(make_service: Callable[[], Any], folder: Path) -> CheckResult:
    """A rationale, a draft's notes and an evaluated file's name holding U+2028, U+2029 and U+0085:
    saved, exported, read back as a label file, mirrored and replayed, and recorded in history.
    Each step counts as a write; found = steps whose text came back unchanged."""
    from ..evaluation import history
    from ..evaluation.labels import load_cases
    from .export import draft_problems, export_holdout
    from .mirror import EventMirror, restore

    result = CheckResult("text with line separators (U+2028, U+2029, U+0085)")
    service = make_service()
    case = next(c for c in service.cases("canonical") if c.claims)
    claim = case.claims[0]
    draft = {"question": f"Does a note with separators ({LINE_SEPARATORS}) survive an export?",
             "should_abstain": True, "gold_document_ids": [], "expected_scope_flags": [], "reference_date": None,
             "notes": LINE_SEPARATORS}

    def step(name: str, run: Callable[[], bool]) -> None:
        result.attempted += 1
        try:
            ok = run()
            result.acknowledged += 1
            result.found += bool(ok)
            if not ok:
                result.errors[f"{name}: changed"] += 1
        except Exception as exc:  # counted by kind: the point is to see every failure
            result.errors[f"{name}: {_kind(exc)}"] += 1

    step("judgment", lambda: service.save("canonical", case.id, claim.id, claim.evidence[0].chunk_id,
                                          "reliability", "contradicts", "other", LINE_SEPARATORS).rationale
         == LINE_SEPARATORS)
    step("draft", lambda: not draft_problems(service, draft, None)
         and service.store.save_draft(None, draft, "reliability", "approved").case["notes"] == LINE_SEPARATORS)
    step("export", lambda: any(c.notes == LINE_SEPARATORS for c in load_cases(
        export_holdout(service, Path(folder) / "exports").path)))
    step("mirror and replay", lambda: (EventMirror(service.store, Path(folder) / "mirror").flush() is not None
                                       and restore(ReviewStore(Path(folder) / "replayed.sqlite"),
                                                   Path(folder) / "mirror") > 0
                                       and ReviewStore(Path(folder) / "replayed.sqlite").events()
                                       == service.store.events()))
    step("history", lambda: history.record(Path(folder) / "exports", "evaluate", f"upload {LINE_SEPARATORS}", {},
                                           {}, "v", []) is not None
         and len(history.read(Path(folder) / "exports")) == 1)
    result.lost = result.acknowledged - result.found
    result.integrity = "ok" if result.found == result.attempted else "FAILED"
    result.notes = "saved, exported and read back, mirrored and replayed, recorded in history"
    return result


def run_suite(writers: int = 8, per_writer: int = 500, kills: int = 5, clients: int = 8,
              per_client: int = 250, folder: Path | None = None, saves: int = 300,
              server_kills: int = 5) -> list[CheckResult]:
    """All checks on a scratch folder (a temporary one unless given). The live-server rounds
    start the app the way a Space does (`python app.py`), as a separate process; the last of them
    kills it `server_kills` times and starts it again on the same database."""
    from ..engine.pipeline import get_engine
    from ..engine.settings import data_dir, default_settings
    from .service import ReviewService

    with tempfile.TemporaryDirectory() as scratch:
        base = Path(folder or scratch)
        results = [concurrent_writes(base / "store.sqlite", writers, per_writer),
                   killed_writers(base / "crash.sqlite", kills)]
        engine = get_engine(data_dir("corpus"))

        def service() -> ReviewService:
            return ReviewService(engine, ReviewStore(base / "server.sqlite"), data_dir("labels"), default_settings())

        with app_process(base / "server.sqlite", base / "exports") as url:
            results.append(server_writes(url, base / "server.sqlite", clients, per_client, api_saver(service())))
        results.append(killed_server(base / "killed-server.sqlite", base / "killed-server-exports", server_kills,
                                     api_saver(service()), clients=min(clients, 4)))
        results.append(exports_check(service, base / "exports"))
        results.append(export_during_writes(lambda: ReviewService(engine, ReviewStore(base / "during.sqlite"),
                                                                  data_dir("labels"), default_settings())))
        results.append(line_separator_text(lambda: ReviewService(engine, ReviewStore(base / "separators.sqlite"),
                                                                 data_dir("labels"), default_settings()),
                                           base / "separators"))
        results += synchronous_cost(base, saves)
    return results


@contextmanager
def app_process(db_path: Path, exports_dir: Path, timeout_s: float = 120.0) -> Iterator[str]:
    """`python app.py` on a free loopback port with its own database; yields its URL once it answers."""
    process, url = start_app(db_path, exports_dir, timeout_s)
    try:
        yield url
    finally:
        stop_app(process)


def start_app(db_path: Path, exports_dir: Path, timeout_s: float = 120.0) -> tuple[subprocess.Popen, str]:
    """`python app.py` as a process of its own (as a Space starts it) on a free loopback port and the
    given database; returns the process and its URL once it answers. Stop it with `stop_app`."""
    import urllib.request

    port = _free_port()
    env = {**os.environ, "REVIEW_APP_DB": str(db_path), "REVIEW_APP_EXPORTS": str(exports_dir),
           "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port), "GRADIO_ANALYTICS_ENABLED": "False"}
    env.pop("PORT", None)
    url = f"http://127.0.0.1:{port}/"
    process = subprocess.Popen([sys.executable, str(PROJECT_ROOT / "app.py")], cwd=PROJECT_ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"app.py exited with {process.returncode}: "
                                   f"{process.stderr.read().decode(errors='replace')[-2000:]}")
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if response.status == 200:
                        return process, url
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"app.py did not answer on {url} within {timeout_s:.0f} s")
            time.sleep(0.5)
    except BaseException:
        stop_app(process)
        raise


def stop_app(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process.stderr is not None:
        process.stderr.close()


def api_saver(service: Any) -> Callable[[Any, str, int], dict]:
    """Saves one judgment through the public API on the first claim of the canonical slice
    (whatever the corpus pack), a new reviewer per call."""
    case = next(c for c in service.cases("canonical") if c.claims)
    claim = case.claims[0]

    def save(client: Any, tag: str, i: int) -> dict:
        return client.predict("canonical", case.id, claim.id, claim.evidence[0].chunk_id, f"api-{tag}-{i}",
                              "supports", "", "", api_name="/save_judgment")
    return save


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
