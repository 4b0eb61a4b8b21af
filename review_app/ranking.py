"""Ranking steps after retrieval, each a small pure function over per-chunk arrays."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def max_normalize(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Scale scores so the best eligible chunk is 1; ineligible chunks become 0."""
    masked = np.where(mask, scores, 0.0)
    top = masked.max() if masked.size else 0.0
    return masked / top if top > 0 else np.zeros_like(masked)


def fuse(bm25_norm: np.ndarray, semantic_norm: np.ndarray, mode: str,
         bm25_weight: float, semantic_weight: float) -> np.ndarray:
    """One score per chunk from the normalized retriever scores, by retrieval mode."""
    if mode == "bm25":
        return bm25_norm
    if mode == "semantic":
        return semantic_norm
    if mode == "hybrid":
        return (bm25_weight * bm25_norm + semantic_weight * semantic_norm) / (bm25_weight + semantic_weight)
    raise ValueError(f"unknown mode {mode!r}; expected one of bm25, semantic, hybrid")


def age_overlap(query_ages: Sequence[tuple[int, int]], chunk_low: np.ndarray, chunk_high: np.ndarray,
                chunk_of_range: np.ndarray, n_chunks: int) -> np.ndarray:
    """1.0 for chunks stating an age range that overlaps an age range of the question."""
    hit = np.zeros(n_chunks)
    for low, high in query_ages:
        overlapping = (chunk_low <= high) & (chunk_high >= low)
        hit[chunk_of_range[overlapping]] = 1.0
    return hit


def top_k(scores: np.ndarray, eligible: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k best eligible chunks, best first; ties broken by chunk order."""
    candidates = np.flatnonzero(eligible)
    order = np.lexsort((candidates, -scores[candidates]))
    return candidates[order][:k]


def diversify(scores: np.ndarray, eligible: np.ndarray, rounds: Sequence[Sequence[str]], k: int) -> np.ndarray:
    """Reserve places round by round, then fill the rest by score.

    Each round labels every chunk with a group ("" = not in this round) and gives the best
    positively scored eligible chunk of each group not yet represented a place, best group
    first. The pipeline's rounds: each organization's guidelines, then each organization
    (so one organization's several pages cannot crowd out another), then each source of the
    organizations a question names (so "what did ACOG say before and after its update" gets
    both ACOG versions).
    """
    ranked = top_k(scores, eligible, len(scores))
    chosen: list[int] = []
    for labels in rounds:
        represented = {labels[i] for i in chosen}
        for index in ranked:
            group = labels[index]
            if len(chosen) >= k:
                break
            if group and scores[index] > 0 and group not in represented and index not in chosen:
                represented.add(group)
                chosen.append(int(index))
    taken = set(chosen)
    rest = [int(i) for i in ranked if i not in taken]
    selected = np.array(chosen + rest[: k - len(chosen)], dtype=np.int64)
    # Reserving decides which chunks make the cut; they are shown in score order.
    return selected[np.lexsort((selected, -scores[selected]))]
