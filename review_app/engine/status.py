"""Status of each source at a reference date, computed from dates and the supersession chain.

- `not_yet_published`: published after the date (never retrieved);
- `superseded`: a source that supersedes it was published on or before the date;
- `withdrawn`: its publisher withdrew it on or before the date (`withdrawn_date`; never retrieved);
- `current`: otherwise.
A source without a published date (undated patient material) cannot be placed in time; it
counts as current at every date, and the evidence map shows its date as unknown.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ..records import Source, Status


def statuses_at(sources: Iterable[Source], date: dt.date) -> dict[str, Status]:
    sources = list(sources)
    successors: dict[str, list[Source]] = {s.id: [] for s in sources}
    for source in sources:
        for target in source.supersedes:
            successors.setdefault(target, []).append(source)
    result: dict[str, Status] = {}
    for source in sources:
        if source.published_date is not None and source.published_date > date:
            result[source.id] = "not_yet_published"
        elif source.withdrawn_date is not None and source.withdrawn_date <= date:
            result[source.id] = "withdrawn"
        elif any(s.published_date is not None and s.published_date <= date for s in successors[source.id]):
            result[source.id] = "superseded"
        else:
            result[source.id] = "current"
    return result


def superseded_by(sources: Iterable[Source], source_id: str) -> list[str]:
    """Ids of the sources that supersede `source_id`."""
    return [s.id for s in sources if source_id in s.supersedes]
