"""The parts of a claim that tell what an earlier version said, beside what holds now.

"Whereas in YEAR-1 ORG found the evidence insufficient, in YEAR-2 it treats X as effective", "it used to leave
it to the person, and since YEAR-2 it advises Y": a current card that names no
earlier year states the present part and nothing of the past one. Read whole, the past part's strength or value
is compared with the card's present one, and the claim seems to contradict it. The words are data: the
`earlier_part` section of the pack's claim rules (where a part ends, and the words that place one in the past).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from ..engine.datafiles import compile_pattern, compile_patterns, read_section
from ..engine.facts import CLAIM_RULES_FILE
from ..errors import CorpusError, Problem

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


@dataclass(frozen=True)
class EarlierPartRules:
    breaks: re.Pattern[str] | None = None  # where one part of a claim ends and the next begins
    cues: tuple[re.Pattern[str], ...] = ()  # words that place a part in the past ("used to", "previously")


@dataclass(frozen=True)
class TimeParts:
    present: str  # the claim without its earlier parts
    earlier: tuple[str, ...]  # the parts that tell an earlier version's position


def load_earlier_parts(directory: Path) -> EarlierPartRules:
    data, name = read_section(directory / CLAIM_RULES_FILE, "earlier_part")
    problems: list[Problem] = []
    breaks = compile_pattern(data["breaks"], name, "earlier_part.breaks", problems) if data.get("breaks") else None
    cues = compile_patterns(data.get("cues"), name, "earlier_part.cues", problems)
    if problems:
        raise CorpusError(problems)
    return EarlierPartRules(breaks, cues)


def time_parts(text: str, rules: EarlierPartRules, version_years: Collection[int],
               gives_a_position: Callable[[str], bool]) -> TimeParts | None:
    """The claim's present part and its earlier parts (those naming only the years of `version_years`, the
    organization's earlier versions, or a word of the past, and giving a position), or None when it has no
    earlier part, or nothing but earlier parts."""
    if rules.breaks is None:
        return None
    parts = [p for p in rules.breaks.split(text) if p and p.strip(" .")]
    earlier = tuple(p for p in parts if _earlier(p, rules, version_years) and gives_a_position(p))
    if not earlier or len(earlier) == len(parts):
        return None
    present = " ".join(p.strip() for p in parts if p not in earlier)
    return TimeParts(present.strip(" ,;:"), tuple(p.strip(" ,;:.") for p in earlier))


def _earlier(part: str, rules: EarlierPartRules, version_years: Collection[int]) -> bool:
    years = [int(y) for y in _YEAR.findall(part)]
    if years:
        return all(y in version_years for y in years)
    return any(p.search(part) for p in rules.cues)
