"""Shared fixtures: the bundled engine (built once), default settings, a writable corpus copy."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import shutil
from pathlib import Path

import pytest
import yaml

from review_app.engine.pipeline import Engine, get_engine
from review_app.engine.settings import PROJECT_ROOT, default_settings
from review_app.records import Settings

CORPUS_DIR = PROJECT_ROOT / "corpus"
LABELS_DIR = PROJECT_ROOT / "labels"
DATA_DIR = Path(__file__).parent / "data"


PINNED = dt.date(2026, 6, 24)  # the bundled pack's reference date


def _patient_url_ok(url: str, wait_seconds: float = 60.0) -> bool:
    """Gradio's launch probes the page it has just started once, with a 3-second timeout, and
    refuses to run when that probe times out; on a loaded two-core machine the first render of the
    app's page can take longer. The real server still answers the real probe: it is only given time."""
    import time

    import httpx

    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            if httpx.head(url, timeout=10).status_code in (200, 401, 301, 302, 303, 307, 308):
                return True
        except (httpx.ConnectError, httpx.TimeoutException):
            pass
        if time.monotonic() > deadline:
            return False
        time.sleep(0.5)


@pytest.fixture(scope="session", autouse=True)
def _servers_get_time_to_start():
    from gradio import networking

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(networking, "url_ok", _patient_url_ok)
        yield


@pytest.fixture(scope="module")
def verifier(engine):
    from review_app.claims.verifier import Verifier

    return Verifier(engine)


def answered_chunks(engine, settings, question: str) -> set[str]:
    """The chunks the synthesis answers a question from (every aspect's)."""
    decision = engine.ask(question, settings)
    return {c for ids in decision.answer_chunks.values() for c in ids}


def judge(verifier, text: str, chunk: str, date: dt.date = PINNED) -> tuple[str, str | None]:
    """The verifier's (label, reason) for one claim against one chunk."""
    verdict = verifier.judge(text, chunk, date)
    return verdict.label, verdict.reason


@pytest.fixture(scope="session")
def engine() -> Engine:
    return get_engine(CORPUS_DIR)


@pytest.fixture
def settings() -> Settings:
    return default_settings(env={})


@pytest.fixture
def at_date(settings):
    def make(value: str, **changes) -> Settings:
        return dataclasses.replace(settings, reference_date=dt.date.fromisoformat(value), **changes)
    return make


@pytest.fixture
def corpus_copy(tmp_path) -> Path:
    """A writable copy of the bundled corpus folder, for validation tests that break it."""
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target)
    return target


def edit_manifest(corpus_dir: Path, change) -> None:
    path = corpus_dir / "manifest.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def write_pack(folder: Path, **changes) -> None:
    """A pack.yaml of its own for a test corpus (its texts name no real topic)."""
    pack = {"schema_version": 1, "topic": "tiny test guidance", "reference_date": "2026-06-24",
            "knowledge_classes": ["guideline", "position_statement", "patient_education"],
            "scope_note": "the tiny scope only", "scope_summary": "the tiny test scope",
            "app": {"title": "Tiny pack", "subtitle": "A test pack.",
                    "disclaimer": "Research only; not medical advice.",
                    "question_placeholder": "Ask the tiny pack", "examples_label": "Examples",
                    "examples": ["When does ALPHA start?"]},
            "evaluation": {"labels": "labels", "snapshots": "snapshots", "readme": "README.md"}}
    pack.update(changes)
    (folder / "pack.yaml").write_text(yaml.safe_dump(pack, sort_keys=False), encoding="utf-8")


@pytest.fixture
def tiny_corpus(tmp_path) -> Path:
    """A three-source corpus written from scratch: two versions of one organization's
    guidance and one other organization, with the bundled vocabulary, scope and ranking files."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    for name in ("vocabulary.yaml", "scope.yaml", "ranking.yaml", "claim_rules.yaml", "terms.yaml"):
        shutil.copy(CORPUS_DIR / name, folder / name)
    write_pack(folder)
    disclaimer = "Research only: paraphrase, not medical advice."

    def source(sid, org, published, supersedes=()):
        return {"id": sid, "organization": org, "title": f"{org} screening ({published[:4]})",
                "url": f"https://example.org/{sid}", "url_verified": False, "citation": "test",
                "knowledge_class": "guideline", "published_date": published, "effective_date": None,
                "date_precision": "day", "verified_on": "2026-11-29", "supersedes": list(supersedes),
                "applies_to": "average-risk women", "card": f"{sid}.md", "paraphrase_note": "test card"}

    manifest = {"schema_version": 1, "disclaimer": disclaimer,
                "organizations": {"ALPHA": "Alpha Society", "BETA": "Beta College"},
                "sources": [source("alpha-old", "ALPHA", "2010-01-01"),
                            source("alpha-new", "ALPHA", "2020-01-01", ["alpha-old"]),
                            source("beta", "BETA", "2015-06-01")]}
    (folder / "manifest.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False), encoding="utf-8")
    cards = {
        "alpha-old": [("Recommendation", "ALPHA advised biennial screening mammography from age 50 to 74.")],
        "alpha-new": [("Recommendation", "ALPHA advises biennial screening mammography from age 40 to 74."),
                      ("Dense breasts", "ALPHA finds insufficient evidence on supplemental MRI for dense breasts.")],
        "beta": [("Recommendation", "BETA recommends annual screening mammography starting at age 40.")],
    }
    for sid, sections in cards.items():
        body = "".join(f"## {h}\n{t}\n\n" for h, t in sections)
        (folder / f"{sid}.md").write_text(f"# {sid}\n\n{body}{disclaimer}\n", encoding="utf-8")
    return folder


DISCLAIMER = yaml.safe_load((CORPUS_DIR / "manifest.yaml").read_text(encoding="utf-8"))["disclaimer"]
OLD_55 = "From age 55, the ACS 2015 guideline says women at average risk can switch"
NEW_55 = "From age 55, the ACS 2015 guideline states that women at average risk may switch"


def acs_2026_update(corpus_dir):
    """Add a fictional ACS 2026 update that supersedes acs-2015, and reword one acs-2015 section."""
    def add(data):
        data["sources"].append({
            "id": "acs-2026", "organization": "ACS", "title": "Breast cancer screening: fictional 2026 update",
            "url": "https://example.org/acs-2026", "url_verified": False, "citation": "test fixture, not a source",
            "knowledge_class": "guideline", "published_date": "2026-01-15", "effective_date": None,
            "date_precision": "day", "verified_on": "2026-11-29", "supersedes": ["acs-2015"],
            "applies_to": "Women at average risk.", "card": "acs-2026.md",
            "paraphrase_note": "A fictional card for the tests."})
    edit_manifest(corpus_dir, add)
    (corpus_dir / "acs-2026.md").write_text(
        "# ACS 2026 update (fictional)\n\n## Start age\nThe ACS 2026 update recommends that women at average risk "
        "begin screening mammography every year at age 40.\n\n## Interval\nThe ACS 2026 update advises yearly "
        f"screening mammography for women at average risk from 40 on.\n\n{DISCLAIMER}\n", encoding="utf-8")
    card = corpus_dir / "acs-2015.md"
    card.write_text(card.read_text(encoding="utf-8").replace(OLD_55, NEW_55), encoding="utf-8")


@pytest.fixture
def source_update(tmp_path, settings):
    """Version 1 (the bundled corpus, copied) with judgments saved on it, then the update (version 2)."""
    from review_app.review.service import ReviewService
    from review_app.review.store import ReviewStore

    folder = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, folder)
    store = ReviewStore(tmp_path / "review.sqlite")
    v1 = ReviewService(Engine.from_directory(folder), store, LABELS_DIR, settings)
    v1.save("canonical", "canonical-013", "c1", "acs-2015#age-55-and-older", "dr-a", "supports", None, "")
    v1.save("canonical", "canonical-001", "c1", "uspstf-2024#recommendation", "dr-a", "supports", None, "")
    acs_2026_update(folder)
    v2 = ReviewService(Engine.from_directory(folder), store, LABELS_DIR, settings)
    return v1, v2


CHROMIUM = Path("/usr/bin/chromium")


def pytest_sessionstart(session):
    """In CI (REVIEW_APP_REQUIRE_BROWSER=1) a missing browser fails the run instead of skipping."""
    import os

    if os.environ.get("REVIEW_APP_REQUIRE_BROWSER") == "1" and not CHROMIUM.exists():
        pytest.exit(f"REVIEW_APP_REQUIRE_BROWSER=1 but {CHROMIUM} is missing (apt-get install chromium)", returncode=3)


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright; the UI tests use it."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (CI installs it and requires it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield instance
        instance.close()


def open_page(browser, url: str, width: int = 1400, height: int = 1000, timeout: int = 30_000, **options):
    """A new browser context and its page on the app at `url`, once the question box is there;
    returns (context, page): the caller closes the context."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    page = context.new_page()
    page.set_default_timeout(timeout)
    page.goto(url)
    page.wait_for_selector("#question textarea")
    return context, page


@pytest.fixture
def service(engine, tmp_path, settings):
    from review_app.review.service import ReviewService
    from review_app.review.store import ReviewStore

    return ReviewService(engine, ReviewStore(tmp_path / "review.sqlite"), LABELS_DIR, settings)


@pytest.fixture
def labels_with_claimed_holdout(tmp_path):
    """A labels folder whose frozen holdout has gold claims (the bundled one has none yet)."""
    import hashlib

    folder = tmp_path / "labels"
    folder.mkdir()
    shutil.copy(LABELS_DIR / "canonical.jsonl", folder / "canonical.jsonl")
    lines = (LABELS_DIR / "canonical.jsonl").read_text(encoding="utf-8").splitlines()[:2]
    text = "\n".join(line.replace('"canonical-', '"holdout-') for line in lines) + "\n"
    (folder / "holdout.jsonl").write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()
    (folder / "holdout.jsonl.sha256").write_text(f"{digest}  holdout.jsonl\n", encoding="utf-8")
    return folder


@pytest.fixture
def ui_context(tmp_path, monkeypatch):
    """The app's context on a fresh database and exports folder."""
    from review_app.ui.context import Context

    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    return Context.create(db_path=tmp_path / "review.sqlite", exports_dir=tmp_path / "exports")


@contextlib.contextmanager
def temporary_env(**values: str):
    """Set environment variables for a block (module-scoped fixtures cannot use monkeypatch)."""
    import os

    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def served_app(folder: Path, **env: str):
    """The app built and served in-process on a free loopback port, with its own database and
    exports under `folder` and `env` set while it lives; yields (url, context)."""
    from review_app.ui.app import build_app, launch
    from review_app.ui.context import Context

    with temporary_env(REVIEW_APP_EXPORTS=str(folder / "exports"), **env):
        context = Context.create(db_path=folder / "review.sqlite", exports_dir=folder / "exports")
        demo = build_app(context)
        port = _free_port()
        launch(demo, server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True)
        try:
            yield f"http://127.0.0.1:{port}/", context
        finally:
            demo.close()


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    """A real app server, started in-process on a free loopback port with its own database."""
    with served_app(tmp_path_factory.mktemp("server")) as served:
        yield served


@pytest.fixture(scope="module")
def generation_server(tmp_path_factory):
    """The app with generation on, its model a scripted stand-in server on 127.0.0.1."""
    from review_app.ui.app import build_app, launch
    from review_app.ui.context import Context

    from .openai_standin import StandIn, app_reply

    folder = tmp_path_factory.mktemp("generation")
    with StandIn(app_reply) as standin, temporary_env(
            REVIEW_APP_EXPORTS=str(folder / "exports"), ENABLE_GENERATION="true",
            OPENAI_GENERATION_MODEL="standin-model", OPENAI_BASE_URL=standin.base_url, OPENAI_API_KEY=""):
        context = Context.create(db_path=folder / "review.sqlite", exports_dir=folder / "exports")
        demo = build_app(context)
        port = _free_port()
        launch(demo, server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True)
        yield f"http://127.0.0.1:{port}/", context, standin
        demo.close()
