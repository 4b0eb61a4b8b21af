"""Corpus embeddings on disk, so the app does not re-embed the corpus on every start.

One `.npy` file per (provider, model, model version, corpus version, indexed texts): the file
name is a hash of all of them, so a new model, a new model version or an edited card means a
new file and the old one is never read. Written atomically, read without pickle; a file that
cannot be read or has the wrong shape is ignored and the corpus embedded again.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from .embeddings import Embedder


def key(embedder: Embedder, corpus_version: str, texts: Sequence[str]) -> str:
    digest = hashlib.sha256()
    for part in (embedder.name, embedder.model or "", embedder.version, corpus_version):
        digest.update(part.encode() + b"\0")
    for text in texts:
        digest.update(text.encode() + b"\0")
    return digest.hexdigest()[:20]


def path(cache_dir: Path, embedder: Embedder, corpus_version: str, texts: Sequence[str]) -> Path:
    provider = re.sub(r"[^a-z0-9]+", "-", embedder.name.lower())
    return Path(cache_dir) / f"embeddings-{provider}-{key(embedder, corpus_version, texts)}.npy"


def load(cache_dir: Path, embedder: Embedder, corpus_version: str, texts: Sequence[str]) -> np.ndarray | None:
    file = path(cache_dir, embedder, corpus_version, texts)
    try:
        matrix = np.load(file, allow_pickle=False)
    except (OSError, ValueError):  # missing, damaged or not an array: embed again
        return None
    if matrix.ndim != 2 or matrix.shape[0] != len(texts) or not np.isfinite(matrix).all():
        return None
    return matrix


def save(cache_dir: Path, embedder: Embedder, corpus_version: str, texts: Sequence[str], matrix: np.ndarray) -> None:
    file = path(cache_dir, embedder, corpus_version, texts)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f".{file.name}.partial")
        with open(tmp, "wb") as handle:
            np.save(handle, np.asarray(matrix, dtype=np.float32), allow_pickle=False)
        tmp.replace(file)
    except OSError:
        pass  # the cache only saves time; without it the corpus is embedded on each start
