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
    """Indices of the k best eligible chunks, best first; ties broken by chunk order. Only the
    k winners are sorted (argpartition), so a query stays cheap at any corpus size."""
    candidates = np.flatnonzero(eligible)
    if candidates.size > k > 0:
        values = scores[candidates]
        kth = np.partition(values, candidates.size - k)[candidates.size - k]  # the k-th largest score
        above, equal = candidates[values > kth], candidates[values == kth]
        candidates = np.concatenate([above, equal[: k - above.size]])
    order = np.lexsort((candidates, -scores[candidates]))
    return candidates[order][:k]


def _group_codes(labels: Sequence) -> np.ndarray:
    """Integer group codes; -1 (or "" for text labels) means the chunk is not in the round."""
    array = np.asarray(labels)
    if array.dtype.kind in "iu":
        return array.astype(np.int64)
    names, codes = np.unique(array.astype(str), return_inverse=True)
    codes = codes.astype(np.int64)
    if names.size and names[0] == "":
        codes -= 1  # "" sorts first: it becomes -1, the others 0, 1, ...
    return codes


def diversify(scores: np.ndarray, eligible: np.ndarray, rounds: Sequence[Sequence], k: int,
              reserved: Sequence[int] = ()) -> np.ndarray:
    """Reserve places round by round, then fill the rest by score.

    `reserved` chunks (the answer-bearing chunks of each asked aspect and organization) are chosen
    before any round, in the order given, as many as k allows; the rounds then fill what is left.

    Each round labels every chunk with a group (-1 or "": not in this round) and gives the best
    positively scored eligible chunk of each group not yet represented a place, best group
    first. The pipeline's rounds: each organization's guidelines, then each organization
    (so one organization's several pages cannot crowd out another), then each source of the
    organizations a question names (so "what did ORG say before and after its update" gets
    both of ORG's versions). Vectorized over chunks: the cost grows with the corpus only in numpy.
    """
    chosen: list[int] = list(dict.fromkeys(int(i) for i in reserved))[:k]
    taken = np.zeros(len(scores), dtype=bool)
    taken[chosen] = True
    index = np.arange(len(scores))
    positive = eligible & (scores > 0)
    for labels in rounds:
        codes = _group_codes(labels)
        open_group = np.ones(int(codes.max(initial=-1)) + 2, dtype=bool)  # by code + 1, so -1 has a slot
        open_group[0] = False  # -1: not in this round
        open_group[codes[chosen] + 1] = False  # represented already
        mask = positive & ~taken & open_group[codes + 1]
        if not mask.any():
            continue
        members_of = index[mask]
        member_codes = codes[members_of]
        leaders = []
        for group in np.flatnonzero(np.bincount(member_codes)):  # a handful of groups, no sort of the corpus
            members = members_of[member_codes == group]
            leaders.append(members[np.argmax(scores[members])])  # first maximum: ties go to the earlier chunk
        leaders = np.array(leaders, dtype=np.int64)
        leaders = leaders[np.lexsort((leaders, -scores[leaders]))]  # best group first
        for leader in leaders[: max(0, k - len(chosen))]:
            chosen.append(int(leader))
            taken[leader] = True
    rest = top_k(scores, eligible & ~taken, max(0, k - len(chosen)))
    selected = np.array(chosen + rest.tolist(), dtype=np.int64)
    # Reserving decides which chunks make the cut; they are shown in score order.
    return selected[np.lexsort((selected, -scores[selected]))]
