"""The time a claim tells between two documents, checked against their publication dates.

"The ORG-B statement came out a week after ORG-A's final recommendation", "bulletin X came out more
than seven years before the update": no card states how far apart two documents are, but the
manifest dates every one of them. The claim's two ends are read from the organizations (and years)
named on either side of the phrase; the time it tells, with its bound ("about", "more than", "less
than"), is compared with the days between the two publication dates. The words are data: the
`elapsed` section of the pack's claim rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine.datafiles import compile_patterns, read_section
from ..engine.facts import CLAIM_RULES_FILE
from ..errors import CorpusError, Problem
from ..records import Source

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)")
BOUNDS = ("about", "above", "below", "nearly", "exactly")
OrganizationNames = Sequence[tuple[str, Sequence[re.Pattern[str]]]]  # an organization -> its name patterns


@dataclass(frozen=True)
class ElapsedRules:
    told: tuple[re.Pattern[str], ...] = ()  # groups: amount, unit, direction, and optionally bound
    units: tuple[tuple[str, float], ...] = ()  # a unit's stem ("week") -> its length in days
    amounts: tuple[tuple[str, int], ...] = ()  # an amount in words ("a", "two") -> its number
    later: tuple[str, ...] = ()  # direction words by which the first document is the later one
    bounds: tuple[tuple[str, str], ...] = ()  # a bound's words -> one of BOUNDS (none told: "about")


@dataclass(frozen=True)
class Elapsed:
    """A time told between two documents, and whether their publication dates bear it out."""
    first: Source  # the document named before the phrase (the subject)
    second: Source
    phrase: str
    claimed_days: float  # signed: positive when the first is the later one
    actual_days: int
    holds: bool

    def explain(self) -> str:
        days = abs(self.actual_days)
        apart = "on the same day" if days == 0 else \
            f"{days} days {'after' if self.actual_days > 0 else 'before'}"
        return (f"{self.first.id} was published on {self.first.published_date}, {self.second.id} on "
                f"{self.second.published_date}: {apart}, "
                + ("as the claim says" if self.holds else f"not '{self.phrase}'"))


def load_elapsed(directory: Path) -> ElapsedRules:
    data, name = read_section(directory / CLAIM_RULES_FILE, "elapsed")
    problems: list[Problem] = []
    told = compile_patterns(data.get("told"), name, "elapsed.told", problems)
    for i, pattern in enumerate(told):
        if {"amount", "unit", "direction"} - set(pattern.groupindex):
            problems.append(Problem(name, f"elapsed.told[{i}]", "needs the groups amount, unit and direction"))

    def table(key: str, kind: type) -> tuple:
        spec = data.get(key) or {}
        if not isinstance(spec, dict) or not all(isinstance(v, kind) for v in spec.values()):
            problems.append(Problem(name, f"elapsed.{key}", f"expected word: {kind.__name__}"))
            return ()
        return tuple((str(k).lower(), v) for k, v in spec.items())

    units = table("units", (int, float))
    amounts = table("amounts", int)
    bounds = table("bounds", str)
    if any(b not in BOUNDS for _, b in bounds):
        problems.append(Problem(name, "elapsed.bounds", f"each bound is one of {', '.join(BOUNDS)}"))
    later = data.get("later") or []
    if not isinstance(later, list):
        problems.append(Problem(name, "elapsed.later", "expected a list of direction words"))
        later = []
    if problems:
        raise CorpusError(problems)
    return ElapsedRules(told, units, amounts, tuple(str(w).lower() for w in later), bounds)


def elapsed_told(text: str, rules: ElapsedRules, names: OrganizationNames,
                 sources: Sequence[Source], cited: Source) -> Elapsed | None:
    """The first time the (normalized, lower-case) claim tells between two documents it names, with
    `names` the organizations' name patterns, or None when it tells none or its two ends are not two
    dated documents of the corpus."""
    for pattern in rules.told:
        for m in pattern.finditer(text):
            unit = _unit_days(m.group("unit"), rules)
            claimed = _claimed_days(m, rules, unit)
            if claimed is None:
                continue
            start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())), default=0)
            ends = _SENTENCE_END.search(text, m.end())
            before, after = text[start:m.start()], text[m.end():ends.start() if ends else len(text)]
            first_org = _last_named(before, names) or cited.organization
            second_org = _first_named(after, names) or first_org
            pair = _documents(first_org, _last_year(before), second_org, _first_year(after), sources, cited)
            if pair is None:
                continue
            first, second = pair
            actual = (first.published_date - second.published_date).days
            bound = _bound(m, rules)
            return Elapsed(first, second, m.group(0).strip(), claimed, actual,
                           _holds(claimed, actual, bound, unit))
    return None


def _claimed_days(m: re.Match, rules: ElapsedRules, unit: float | None) -> float | None:
    amount_text = m.group("amount").lower()
    amount = int(amount_text) if amount_text.isdigit() else dict(rules.amounts).get(amount_text)
    if amount is None or unit is None:
        return None
    later = m.group("direction").lower() in rules.later
    return amount * unit * (1 if later else -1)


def _unit_days(unit: str, rules: ElapsedRules) -> float | None:
    return next((float(days) for stem, days in rules.units if unit.lower().startswith(stem)), None)


def _bound(m: re.Match, rules: ElapsedRules) -> str:
    words = (m.groupdict().get("bound") or "").strip().lower()
    return dict(rules.bounds).get(words, "about") if words else "about"


def _holds(claimed: float, actual: int, bound: str, unit: float | None) -> bool:
    """Whether `actual` days bear out `claimed` (signed) days under the bound."""
    size, along = abs(claimed), actual * (1 if claimed >= 0 else -1)  # the actual time in the claim's direction
    if bound == "above":
        return along >= size * 0.99
    if bound == "below":
        return 0 <= along < size
    if bound == "nearly":
        return size * 0.75 <= along <= size * 1.02
    if bound == "exactly":
        return abs(along - size) <= 1
    return abs(along - size) <= max(0.25 * size, (unit or 1) / 2 + 1)


def _named(text: str, names: OrganizationNames) -> list[tuple[int, str]]:
    return sorted((m.start(), org) for org, patterns in names for p in patterns for m in p.finditer(text))


def _last_named(text: str, names: OrganizationNames) -> str | None:
    found = _named(text, names)
    return found[-1][1] if found else None


def _first_named(text: str, names: OrganizationNames) -> str | None:
    found = _named(text, names)
    return found[0][1] if found else None


def _last_year(text: str) -> int | None:
    years = _YEAR.findall(text)
    return int(years[-1]) if years else None


def _first_year(text: str) -> int | None:
    years = _YEAR.findall(text)
    return int(years[0]) if years else None


def _documents(first_org: str, first_year: int | None, second_org: str, second_year: int | None,
               sources: Sequence[Source], cited: Source) -> tuple[Source, Source] | None:
    """The two dated documents the ends name: each of its organization (and of its year, when told); of
    several, the cited one, else the two published closest together."""
    def candidates(org: str, year: int | None) -> list[Source]:
        return [s for s in sources if s.organization == org and s.published_date is not None
                and (year is None or s.published_date.year == year)]

    pairs = [(a, b) for a in candidates(first_org, first_year) for b in candidates(second_org, second_year)
             if a.id != b.id]
    if not pairs:
        return None
    cited_pairs = [p for p in pairs if cited.id in (p[0].id, p[1].id)]
    pool = cited_pairs or pairs
    return min(pool, key=lambda p: (abs((p[0].published_date - p[1].published_date).days),
                                    p[0].id, p[1].id))
