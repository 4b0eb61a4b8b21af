"""The indexes on disk, so a restart does not rebuild them when nothing changed.

The key is a hash of the corpus folder (manifest, cards, rules) and of the code that builds
the indexes; a changed card or a changed tokenizer means a new key. Written atomically; a
file that cannot be read is ignored and rebuilt.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import Any

_CODE = ("retrieval.py", "text.py")


def code_digest(digest: Any | None = None) -> Any:
    """A hash of the code that turns texts into index vectors (fed into `digest` when given)."""
    digest = digest or hashlib.sha256()
    for name in _CODE:
        digest.update((Path(__file__).parent / name).read_bytes())
    return digest


def key(corpus: Any) -> str:
    return code_digest(hashlib.sha256(corpus.version.encode())).hexdigest()[:16]


def path(cache_dir: Path, corpus: Any) -> Path:
    return Path(cache_dir) / f"index-{key(corpus)}.pickle"


def load(cache_dir: Path, corpus: Any) -> Any | None:
    file = path(cache_dir, corpus)
    if not file.exists():
        return None
    try:
        return pickle.loads(file.read_bytes())  # our own file, written by `save` below
    except Exception:  # a damaged or incompatible cache is rebuilt, never trusted
        return None


def save(cache_dir: Path, corpus: Any, indexes: Any) -> None:
    try:
        data = pickle.dumps(indexes, protocol=pickle.HIGHEST_PROTOCOL)
        file = path(cache_dir, corpus)
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f".{file.name}.partial")
        tmp.write_bytes(data)
        tmp.replace(file)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # the cache only saves time; without it the indexes are built as before
