"""What every handler is given: the app's context (engine, review service, settings, sign-in),
built once when the app starts, and who is acting on a request."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..claims.generation import AnswerGenerator, generator_from_environment
from ..claims.synthesis import get_synthesizer
from ..engine import embeddings
from ..engine.pipeline import Engine, get_engine
from ..engine.settings import data_dir, database_path, default_settings
from ..errors import ReviewAppError
from ..records import EmbeddingSpec, Settings
from ..review.mirror import EventMirror
from ..review.mirror import from_environment as mirror_from_environment
from ..review.service import ReviewService
from ..review.store import ReviewStore
from ..review.team import app_mode, load_team, passwords
from . import render

# Resolves who is acting: the signed-in name, or the name typed in the app.
Who = Callable[[str | None, Any], str]


@dataclass
class Context:
    """Everything the handlers need, built once when the app starts."""

    engine: Engine
    store: ReviewStore
    service: ReviewService
    settings: Settings
    exports_dir: Path
    storage_warning: str | None
    sign_in: list[tuple[str, str]] | None = None  # name/password pairs when people must sign in
    mirror: EventMirror | None = None
    generator: AnswerGenerator | None = None  # only when generation is enabled
    generation_problem: str | None = None  # generation is enabled but cannot work: why
    embedders: dict[str, EmbeddingSpec] = dataclasses.field(default_factory=dict)  # by label; found once at start

    def __post_init__(self) -> None:
        if not self.embedders:  # hashing, the configured provider, those installed here
            specs = [embeddings.DEFAULT, self.settings.embedding, *embeddings.available()]
            self.embedders = {spec.label: spec for spec in specs}

    @classmethod
    def create(cls, db_path: Path | None = None, exports_dir: Path | None = None) -> Context:
        engine = get_engine(data_dir("corpus"))
        settings = default_settings()
        db_path = Path(db_path or database_path())
        exports = Path(exports_dir or data_dir("exports"))
        store = ReviewStore(db_path)
        service = ReviewService(engine, store, data_dir("labels"), settings, load_team(mode=app_mode()))
        mirror = mirror_from_environment(store, exports / "mirror")
        verifier = get_synthesizer(engine).verifier  # built now, not on the first click
        generator, problem = None, None
        try:
            generator = generator_from_environment(engine, verifier)
        except ReviewAppError as exc:
            problem = str(exc)
        engine.semantic_index(settings.embedding)  # a configured provider's corpus embeddings (cached on disk)
        return cls(engine, store, service, settings, exports, None if mirror else storage_warning(db_path),
                   passwords() or None, mirror, generator, problem)

    @property
    def scope_words(self) -> render.ScopeWords:
        scope = self.engine.scope
        return render.ScopeWords({flag: scope.label(flag) for flag in scope.flags}, self.engine.pack.scope_summary)

    @property
    def examples(self) -> list[str]:
        return list(self.engine.pack.app.examples)

    @property
    def generation_enabled(self) -> bool:
        return self.generator is not None or self.generation_problem is not None

    def actor(self, typed: str | None, request: Any = None) -> str | None:
        """Who is acting: the signed-in name when sign-in is on (a typed name cannot override it),
        otherwise the name typed in the app."""
        if self.sign_in:
            return getattr(request, "username", None) or None
        if os.environ.get("OAUTH_CLIENT_ID"):  # a Space with hf_oauth: the Hugging Face sign-in
            session = getattr(getattr(request, "request", None), "session", None) or {}
            info = session.get("oauth_info") or {}
            if info.get("expires_at") is not None and info["expires_at"] < time.time():
                return None  # an expired sign-in is no sign-in (as Gradio's own OAuthProfile treats it)
            return (info.get("userinfo") or {}).get("preferred_username") or None
        # no sign-in: the review policy decides what a typed name is (open review keeps a name for the
        # browser that declared it; a read-only demo has no names). Raises NameTaken.
        return self.service.identify(typed, client_key(request))

    def after_write(self) -> None:
        if self.mirror is not None:
            self.mirror.flush()


CLIENT_KEY_COOKIE = "edr_client_key"
# Run in the browser when the page loads: a random key of this browser, kept a year, sent with every
# request; in open review the first key to use a name keeps it (see ReviewService.identify).
CLIENT_KEY_JS = ("() => { if (!document.cookie.split('; ').some(c => c.startsWith('" + CLIENT_KEY_COOKIE + "='))) {"
                 " const b = new Uint8Array(16); crypto.getRandomValues(b);"
                 " const k = Array.from(b, x => x.toString(16).padStart(2, '0')).join('');"
                 " document.cookie = '" + CLIENT_KEY_COOKIE + "=' + k +"
                 " '; path=/; max-age=31536000; SameSite=Strict'; } }")


def client_key(request: Any) -> str | None:
    """The browser's key (its cookie), or for a programmatic client its session: what keeps a typed name."""
    http = getattr(request, "request", None)
    cookies = getattr(http, "cookies", None) or {}
    key = cookies.get(CLIENT_KEY_COOKIE) if hasattr(cookies, "get") else None
    if key:
        return f"browser:{key}"
    session = getattr(request, "session_hash", None)
    return f"session:{session}" if session else None


def storage_warning(db_path: Path) -> str | None:
    """On a Space without an event mirror, judgments do not survive a restart: the live database
    stays on local disk (SQLite's WAL needs locks a bucket mount may not honour), and only the
    mirror, replayed at start, carries them over. Called only when no mirror is configured."""
    if os.environ.get("SPACE_ID"):
        return ("This Space keeps the review database on local disk with no event mirror: judgments are lost "
                "when it restarts. Export often, or set REVIEW_APP_MIRROR_DIR=/data/events (persistent storage) "
                "or REVIEW_APP_MIRROR_REPO (a dataset repository) so every judgment is mirrored and replayed.")
    return None
