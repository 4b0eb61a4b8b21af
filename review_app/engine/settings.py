"""Default settings, overridable by environment variable and then by CLI flag.

| setting            | default     | environment variable          |
|--------------------|-------------|-------------------------------|
| mode               | hybrid      | REVIEW_APP_MODE               |
| top_k              | 6           | REVIEW_APP_TOP_K              |
| reference_date     | the pack's  | REVIEW_APP_REFERENCE_DATE     |
| threshold          | the pack's  | REVIEW_APP_THRESHOLD          |
| diversify          | on          | REVIEW_APP_DIVERSIFY (1/0)    |
| corpus folder      | ./corpus    | REVIEW_APP_CORPUS             |
| labels folder      | ./labels    | REVIEW_APP_LABELS             |
| exports folder     | ./exports   | REVIEW_APP_EXPORTS            |
| review database    | ./exports/review.sqlite | REVIEW_APP_DB     |
| reviewer name      | (none: read-only demo)  | REVIEW_APP_REVIEWER |
| embedding provider | hashing     | EMBEDDING_PROVIDER (+ EMBEDDING_MODEL) |

The pinned reference date comes from the corpus pack (pack.yaml), so results never drift with
the calendar; the threshold of each embedding provider from the pack's embeddings.yaml (a
provider not calibrated there falls back to the hashing one), unless REVIEW_APP_THRESHOLD (or
--threshold) sets one.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Mapping
from pathlib import Path

from ..errors import CorpusError, Problem, SettingsError
from ..records import MODES, EmbeddingSpec, Settings
from .embeddings import DEFAULT as DEFAULT_EMBEDDING
from .embeddings import calibrated_threshold, parse_spec
from .pack import load_pack

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_MODE = "hybrid"
DEFAULT_TOP_K = 6
DEFAULT_DIVERSIFY = True
MAX_TOP_K = 50

ENV_PREFIX = "REVIEW_APP_"


def parse_date(value: str, name: str = "reference_date") -> dt.date:
    """Parse YYYY-MM-DD strictly; raise SettingsError naming the setting otherwise."""
    try:
        if len(value) != 10:
            raise ValueError
        return dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise SettingsError(name, value, "a date as YYYY-MM-DD") from None


def parse_mode(value: str) -> str:
    if value not in MODES:
        raise SettingsError("mode", value, "one of " + ", ".join(MODES))
    return value


def parse_top_k(value: str | int) -> int:
    try:
        k = int(value)
    except (TypeError, ValueError):
        raise SettingsError("top_k", value, f"a whole number from 1 to {MAX_TOP_K}") from None
    if not 1 <= k <= MAX_TOP_K:
        raise SettingsError("top_k", value, f"a whole number from 1 to {MAX_TOP_K}")
    return k


def parse_threshold(value: str | float) -> float:
    try:
        t = float(value)
    except (TypeError, ValueError):
        raise SettingsError("threshold", value, "a number from 0 to 1") from None
    if not 0.0 <= t <= 1.0:
        raise SettingsError("threshold", value, "a number from 0 to 1")
    return t


def parse_bool(value: str, name: str) -> bool:
    lowered = value.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise SettingsError(name, value, "one of 1/0, true/false, yes/no, on/off")


def default_settings(env: Mapping[str, str] | None = None, embedding: EmbeddingSpec | None = None) -> Settings:
    """The defaults, with any REVIEW_APP_* environment variables applied, and the embedding
    provider of EMBEDDING_PROVIDER / EMBEDDING_MODEL unless `embedding` names one.
    Raises SettingsError or EmbeddingError for a bad value."""
    env = os.environ if env is None else env
    if embedding is None:
        embedding = parse_spec(env.get("EMBEDDING_PROVIDER"), env.get("EMBEDDING_MODEL"), env)

    def get(name: str) -> str | None:
        value = env.get(ENV_PREFIX + name)
        return value if value not in (None, "") else None

    mode, top_k, date, threshold, diversify = (get(n) for n in
                                               ("MODE", "TOP_K", "REFERENCE_DATE", "THRESHOLD", "DIVERSIFY"))
    return Settings(
        mode=parse_mode(mode) if mode else DEFAULT_MODE,
        top_k=parse_top_k(top_k) if top_k else DEFAULT_TOP_K,
        reference_date=(parse_date(date, ENV_PREFIX + "REFERENCE_DATE") if date
                        else load_pack(data_dir("corpus", env)).reference_date),
        threshold=parse_threshold(threshold) if threshold else provider_threshold(embedding, env),
        diversify=parse_bool(diversify, ENV_PREFIX + "DIVERSIFY") if diversify else DEFAULT_DIVERSIFY,
        embedding=embedding,
        reference_date_explicit=bool(date),
    )


def provider_threshold(embedding: EmbeddingSpec, env: Mapping[str, str] | None = None) -> float:
    """The default threshold of a provider: calibrated in the pack's embeddings.yaml, else the
    hashing one (which every pack must calibrate). Raises CorpusError when neither is there."""
    corpus_dir = data_dir("corpus", env)
    found = calibrated_threshold(embedding, corpus_dir)
    return found if found is not None else default_threshold(corpus_dir)


def default_threshold(corpus_dir: Path) -> float:
    """The hashing provider's calibrated threshold: the pack's default."""
    found = calibrated_threshold(DEFAULT_EMBEDDING, corpus_dir)
    if found is None:
        raise CorpusError([Problem(str(Path(corpus_dir) / "embeddings.yaml"), "thresholds.hashing",
                                   "missing: calibrate it with `python -m review_app sweep --slice canonical`")])
    return found


def database_path(env: Mapping[str, str] | None = None) -> Path:
    """The review database: REVIEW_APP_DB, or review.sqlite in the exports folder."""
    env = os.environ if env is None else env
    value = env.get(ENV_PREFIX + "DB")
    return Path(value) if value else data_dir("exports", env) / "review.sqlite"


def default_reviewer(env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    return (env.get(ENV_PREFIX + "REVIEWER") or "").strip()


def data_dir(name: str, env: Mapping[str, str] | None = None) -> Path:
    """Folder of the corpus, labels or exports: REVIEW_APP_<NAME>, else for labels the corpus
    pack's own label folder, else the project's."""
    env = os.environ if env is None else env
    value = env.get(ENV_PREFIX + name.upper())
    if value:
        return Path(value)
    if name.lower() == "labels":
        return load_pack(data_dir("corpus", env)).labels
    return PROJECT_ROOT / name.lower()


def labels_dir(corpus_dir: Path, env: Mapping[str, str] | None = None) -> Path:
    """The label folder for a corpus pack: REVIEW_APP_LABELS, else the pack's own."""
    env = os.environ if env is None else env
    value = env.get(ENV_PREFIX + "LABELS")
    return Path(value) if value else load_pack(corpus_dir).labels
