"""Status of each source at a reference date, computed from dates and the supersession chain.

- `not_yet_published`: published after the date (never retrieved);
- `superseded`: a source that supersedes it was published on or before the date;
- `withdrawn`: its publisher withdrew it on or before the date (`withdrawn_date`; never retrieved);
- `current`: otherwise.
A source without a published date (undated patient material) counts only from the earliest
date the project can vouch for (`not_before` in the manifest, else `verified_on`): before it,
it is `not_yet_published`. A source that replaces only some sections of an older one
(partial supersession) leaves the older source `current`; `chunk_statuses_at` marks just the
replaced sections `superseded`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ..records import Chunk, Source, Status


def _in_force(source: Source, date: dt.date) -> bool:
    """Published (or, undated, vouched for) on or before `date`."""
    start = source.eligible_from
    return start is not None and start <= date


def statuses_at(sources: Iterable[Source], date: dt.date) -> dict[str, Status]:
    sources = list(sources)
    successors: dict[str, list[Source]] = {s.id: [] for s in sources}
    for source in sources:
        for target in source.supersedes:
            if source.sections_replaced(target) is None:  # partial supersession: see chunk_statuses_at
                successors.setdefault(target, []).append(source)
    result: dict[str, Status] = {}
    for source in sources:
        if not _in_force(source, date):
            result[source.id] = "not_yet_published"
        elif source.withdrawn_date is not None and source.withdrawn_date <= date:
            result[source.id] = "withdrawn"
        elif any(_in_force(s, date) for s in successors[source.id]):
            result[source.id] = "superseded"
        else:
            result[source.id] = "current"
    return result


def chunk_statuses_at(sources: Iterable[Source], chunks: Iterable[Chunk], date: dt.date,
                      statuses: dict[str, Status] | None = None) -> dict[str, Status]:
    """Each chunk's status: its source's, except a section that a successor in force at `date`
    replaces (partial supersession), which is `superseded` while its source is current."""
    sources = list(sources)
    statuses = statuses if statuses is not None else statuses_at(sources, date)
    replaced = {(target, section) for s in sources if _in_force(s, date)
                for target, sections in s.replaces_sections for section in sections}
    result: dict[str, Status] = {}
    for chunk in chunks:
        status = statuses[chunk.document_id]
        if status == "current" and (chunk.document_id, chunk.id.partition("#")[2]) in replaced:
            status = "superseded"
        result[chunk.id] = status
    return result


def superseded_by(sources: Iterable[Source], source_id: str) -> list[str]:
    """Ids of the sources that supersede `source_id` (in whole or in part)."""
    return [s.id for s in sources if source_id in s.supersedes]
