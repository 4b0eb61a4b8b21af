"""Every content atom of a claim must be accounted for before a card supports it.

The wording test (a share of the claim's content words) lets a claim through with a part the
card never states. These checks withhold `supports` when one kind of atom is not positively
matched on the card, whatever the words around it:

- a year the claim names (a date or a document's year) that the card does not give and that is
  not the cited source's own year;
- a word the card states only under a negator ("not an automatic step") that the claim states
  without one (a polarity the card reverses);
- a scope word of a class (everyone / only some) the claim uses and the card does not;
- values the claim binds together in one clause (an interval and its age band, a percentage and
  what it measures) that the card states apart, each with another value of the same kind;
- a percentage the claim gives of a topic (a group, an outcome) that the card gives only of
  another quantity, with another percentage for that topic;
- a comparison of how often ("less often than ORG-B") the card's own interval and the one it
  sets aside ("annual, rather than every 2 years") answer the other way.

The words of the classes are data: the `accounted` section of the pack's claim rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..engine.datafiles import compile_pattern, read_mapping
from ..engine.facts import ANSWERED_BY, CLAIM_RULES_FILE, Facts
from ..errors import CorpusError, Problem
from .values import YEAR, anchors, is_year, value_kind


@dataclass(frozen=True)
class AccountingRules:
    negators: tuple[re.Pattern[str], ...] = ()  # words that put the next few words under a negation
    scope: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()  # scope classes: name -> cues
    window: int = 3  # content words after a negator that it covers
    frequency: tuple[tuple[int, tuple[re.Pattern[str], ...]], ...] = ()  # (+1 more often / -1 less often, cues)
    ranks: tuple[tuple[str, float], ...] = ()  # interval word -> screenings a year
    set_aside: re.Pattern[str] | None = None  # what introduces an interval a text sets aside ("rather than")
    exception: tuple[re.Pattern[str], ...] = ()  # a claim that something happens at times ("doesn't mean never")
    condition: tuple[re.Pattern[str], ...] = ()  # a card's exception to what it says ("unless ...")
    time_marks: tuple[re.Pattern[str], ...] = ()  # words that say which time a part speaks of ("pre-Oct-")
    topic_labels: tuple[re.Pattern[str], ...] = ()  # a leading "Stopping:" names the topic, asserting nothing
    # scope classes that contradict another the card states ("only some" against the card's "everyone")
    narrows: tuple[tuple[str, str], ...] = ()


def load_accounting(directory: Path) -> AccountingRules:
    """The `accounted` section of the pack's claim rules. Raises CorpusError naming the file and
    the field of every pattern that does not compile."""
    path = Path(directory) / CLAIM_RULES_FILE
    name = str(path)
    data = read_mapping(path).get("accounted") or {}
    problems: list[Problem] = []

    def compile_all(values: object, field: str) -> tuple[re.Pattern[str], ...]:
        if values is not None and not isinstance(values, list):
            problems.append(Problem(name, field, "expected a list of patterns"))
            return ()
        compiled = (compile_pattern(v, name, f"{field}[{i}]", problems) for i, v in enumerate(values or ()))
        return tuple(c for c in compiled if c is not None)

    scope = tuple((key, compile_all(cues, f"accounted.scope.{key}")) for key, cues in (data.get("scope") or {}).items())
    comparison = data.get("frequency") or {}
    frequency = tuple((side, compile_all(comparison.get(key), f"accounted.frequency.{key}"))
                      for side, key in ((1, "more"), (-1, "less")))
    ranks = tuple((str(k), float(v)) for k, v in (comparison.get("per_year") or {}).items())
    aside = compile_pattern(comparison["set_aside"], name, "accounted.frequency.set_aside", problems) \
        if comparison.get("set_aside") else None
    exceptions = data.get("exception") or {}
    rules = AccountingRules(compile_all(data.get("negators"), "accounted.negators"), scope,
                            int(data.get("window", 3)), frequency, ranks, aside,
                            compile_all(exceptions.get("claim"), "accounted.exception.claim"),
                            compile_all(exceptions.get("card"), "accounted.exception.card"),
                            compile_all(data.get("time_marks"), "accounted.time_marks"),
                            compile_all(data.get("topic_labels"), "accounted.topic_labels"),
                            _narrows(data.get("scope_narrows"), {key for key, _ in scope}, name, problems))
    if problems:
        raise CorpusError(problems)
    return rules


def words_after(text: str, at: int, tokenize, window: int) -> list[str]:
    """The first `window` stems after `at`, up to the end of its clause (a stop, a comma or a joining
    "but", "and", "or"): what a negator or a strength word just before `at` governs."""
    return tokenize(re.split(r"[.;:,]| but | and | or ", text[at:], maxsplit=1)[0])[:window]


def negated_words(text: str, rules: AccountingRules, tokenize) -> tuple[frozenset[str], frozenset[str]]:
    """(stems under a negator, stems outside any) of a text; a leading topic label is neither."""
    for label in rules.topic_labels:
        text = label.sub(lambda m: " " * len(m.group(0)), text, count=1)
    under = {stem for p in rules.negators for m in p.finditer(text)
             for stem in words_after(text, m.end(), tokenize, rules.window)}
    masked = text
    for pattern in rules.negators:
        masked = pattern.sub(" ", masked)
    return frozenset(under), frozenset(set(tokenize(masked)) - under)


def scope_classes(text: str, rules: AccountingRules) -> frozenset[str]:
    return frozenset(name for name, cues in rules.scope if any(p.search(text) for p in cues))


def unstated_years(claim_text: str, card_text: str, own_years: frozenset[str], unknown: frozenset[str]) -> list[str]:
    """Years the claim names that the card's text does not give, nor its source's own year;
    `unknown`: the claim's own event dates that no card states ("turns 75 in 2026")."""
    card_years = set(YEAR.findall(card_text)) | own_years
    return sorted(set(YEAR.findall(claim_text)) - card_years - unknown)


def split_bindings(claim: Facts, card: Facts, ages_above: Callable[[str], frozenset[str]] | None = None) -> str:
    """Values the claim states together in one clause that the card states only apart, each
    beside another value of the kind the other has ("every 1 to 3 years from 40" against "every 1
    to 3 years at 25 to 39, every year from 40"): the card binds them otherwise. `ages_above`: the
    ages a text speaks of the ages above ("past 74"), so that "75 and older" is bound where they are."""
    card_units = card.clauses or card.sentences
    for clause, _, values in claim.clauses or claim.sentences:
        joined = anchors(frozenset(v for v in values if not is_year(v))) & card.values
        # an age the card does not name, inside the age band one of its ages opens ("at 44" against "every 1 to 3
        # years at 25 to 39, every year from 40"): bound where that age is
        # (only beside a schedule the card holds: an interval or an interval's number)
        if any(value_kind(v, claim, card) == "interval" or (v.isdigit() and int(v) < 18) for v in joined):
            joined |= frozenset(band for v in values - card.values if (band := _band_opened(v, card)))
        if len(joined) < 2 or len(clause) > 160:
            continue
        # one card sentence holding them all binds them, unless the claim's clause is a single
        # binding (no comma, 'and' or 'or' between its values) that the card's clauses hold apart
        joins = re.search(r"\d[^;]*?(,|\b(and|or)\b)[^;]*?\d", clause)  # values on both sides
        if any(joined <= set(v) for _, _, v in card_units) or (
                joins and any(joined <= set(v) for _, _, v in card.sentences)):
            continue
        for value in sorted(joined):
            holders = [(set(v), _compared_part(text)) for text, _, v in card_units if value in v]
            for other in sorted(joined - {value}):
                kind = value_kind(other, claim, card)
                # a value the card names only to compare with ("a weaker grade than the one it gives
                # for ages 50 to 75") is not bound to what the clause says
                beside = {w for h, compared in holders for w in h - joined
                          if not is_year(w) and value_kind(w, claim, card) == kind
                          and not (compared and w.rsplit(" ", 1)[-1] in compared)}
                # ("yearly for women 75 and older" against "yearly past age 74": the one span of ages, told by
                # another of its ends)
                if kind == "number" and ages_above and beside and _same_open_span(
                        other, frozenset(beside) & frozenset().union(*(ages_above(text) for text, _, v in card_units
                                                                       if value in v)), claim, card):
                    continue
                if holders and all(other not in h for h, _ in holders) and beside:
                    return f"{value} beside {' / '.join(sorted(beside))}, not beside {other}"
    return ""


def _band_opened(value: str, card: Facts) -> str | None:
    """The card's age that opens the band holding `value`, an age the card does not name, when the card gives two
    bands one after the other (a range "25 to 39" and a start "from 40"): the range's low end or the start (None
    otherwise, or when the value is no age)."""
    if not value.isdigit() or not 18 <= int(value) <= 120:
        return None
    age = int(value)
    closed = [(low, high) for low, high in card.age_ranges if high < 100 and str(low) in card.values]
    follows = [s for s in card.starts if any(int(s) == high + 1 for _, high in closed)]
    for low, high in closed:
        if low <= age <= high and follows:
            return str(low)
    later = [int(s) for s in follows if int(s) <= age]
    return str(max(later)) if later else None


def _same_open_span(age: str, beside: frozenset[str], claim: Facts, card: Facts) -> bool:
    """Whether the claim's age bounds a span of ages inside the span above the card's age beside the value
    (the claim's "75 and older" or "past 75", the card's "past 74": the ages from 75 up, and some of them)."""
    spans = [r for r in claim.age_ranges if age in {str(r[0]), str(r[0] - 1)}]
    return bool(spans) and all(any(low <= r[0] and r[1] <= high and str(low - 1) in beside
                                   for low, high in card.age_ranges) for r in spans)


_COMPARED = re.compile(r"\b(than|unlike|compared (with|to)|as opposed to)\b", re.I)


def _compared_part(text: str) -> str:
    """The part of a card clause after a word of comparison ("... than the one it gives for X")."""
    found = _COMPARED.search(text)
    return text[found.end():] if found else ""


def percent_of_another(claim: Facts, card: Facts, topics: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]) -> str:
    """A percentage the claim gives in a clause about a topic (a group, an outcome) when every card
    clause that gives it is about none of that clause's topics, and a card clause about them gives
    another percentage ("2% more likely to die" against "incidence rising 2% ..., 40% more likely
    to die"): the card's number measures something else."""
    def about(text: str) -> set[str]:
        return {name for name, patterns in topics if any(p.search(text) for p in patterns)}

    def numbers(values: frozenset[str]) -> set[str]:
        return {v.rsplit(" ", 1)[-1] for v in values if v.endswith("%")}

    units = card.clauses or card.sentences
    for clause, _, values in claim.clauses or claim.sentences:
        mine = about(clause)
        for percent in sorted(numbers(values)):
            holders = [c for c, _, v in units if percent in numbers(v)]
            if not mine or not holders or any(mine & about(c) for c in holders):
                continue
            others = sorted({p for c, _, v in units if mine & about(c) for p in numbers(v)} - {percent})
            if others:
                return f"{' / '.join(others)} for {', '.join(sorted(mine))}, not {percent}"
    return ""


def frequency_clash(claim_text: str, card_text: str, card_intervals: frozenset[str], rules: AccountingRules,
                    intervals) -> str:
    """A claim that compares how often ("less often than ORG-B", "twice as often") against a card
    whose own interval is more (or less) frequent than an interval it sets aside ("annual, rather than
    every 2 years"). `intervals` reads the interval words of a text."""
    side = next((s for s, cues in rules.frequency if any(p.search(claim_text) for p in cues)), 0)
    ranks = dict(rules.ranks)
    if not side or rules.set_aside is None:
        return ""
    mine = [ranks[i] for i in card_intervals if i in ranks]
    aside = [ranks[i] for m in rules.set_aside.finditer(card_text)
             for i in intervals(re.split(r"[.;,]", card_text[m.end():], maxsplit=1)[0]) if i in ranks]
    if len(mine) != 1 or not aside:
        return ""
    theirs = 1 if all(mine[0] > a for a in aside) else -1 if all(mine[0] < a for a in aside) else 0
    if theirs and theirs != side:
        return "its own interval " + ("more" if theirs > 0 else "less") + " often than the one it sets aside"
    return ""


def _set_aside(card_text: str, rules: AccountingRules, intervals) -> list[tuple[str, frozenset[str]]]:
    """(the words after each set-aside phrase up to the clause's end, the ranked intervals they
    give): "annual, rather than every 2 years as ORG-B advises" sets biennial aside as ORG-B's."""
    if rules.set_aside is None:
        return []
    ranks = dict(rules.ranks)
    pieces = [card_text[a:b] for a, b in set_aside_pieces(card_text, rules)]
    return [(piece.lower(), frozenset(i for i in intervals(piece) if i in ranks)) for piece in pieces]


def _narrows(data: object, classes: set[str], name: str, problems: list[Problem]) -> tuple[tuple[str, str], ...]:
    """`scope_narrows`: claim scope class -> the card scope class it contradicts (both in `scope`)."""
    if data is None:
        return ()
    if not (isinstance(data, dict) and all(k in classes and v in classes for k, v in data.items())):
        problems.append(Problem(name, "accounted.scope_narrows", "expected scope class: scope class (both in scope)"))
        return ()
    return tuple((str(k), str(v)) for k, v in data.items())


def set_aside_intervals(text: str, rules: AccountingRules, intervals) -> frozenset[str]:
    """Every ranked interval the text sets aside ("annual, not biennial screening")."""
    return frozenset().union(*(theirs for _, theirs in _set_aside(text, rules, intervals)))


def set_aside_pieces(text: str, rules: AccountingRules) -> list[tuple[int, int]]:
    """The (start, end) of the words each set-aside phrase introduces, up to the clause's end."""
    if rules.set_aside is None:
        return []
    spans = []
    for m in rules.set_aside.finditer(text):
        piece = re.split(r"[.;,]", text[m.end():], maxsplit=1)[0]
        spans.append((m.end(), m.end() + len(piece)))
    return spans


def _ranked_one(claim_intervals: frozenset[str], rules: AccountingRules) -> str | None:
    """The claim's interval when it gives exactly one of the ranked ones."""
    mine = [i for i in claim_intervals if i in dict(rules.ranks)]
    return mine[0] if len(mine) == 1 else None


def set_aside_for(claim_text: str, card_text: str, claim_intervals: frozenset[str], names: tuple[str, ...],
                  everyone: tuple[str, ...], rules: AccountingRules, intervals) -> str:
    """An interval a card sets aside as another organization's ("annual, rather than every 2 years as
    ORG-B advises") when the claim gives ORG-B another one ("praised ORG-B for adopting annual
    screening": the organization named nearest before the claim's interval). `names`: the other
    organizations' names, `everyone`: all of them, lower case."""
    mine = _ranked_one(claim_intervals, rules)
    if mine is None:
        return ""
    for piece, theirs in _set_aside(card_text, rules, intervals):
        for name in names:
            if re.search(rf"\b{re.escape(name)}\b", piece) and theirs and mine not in theirs \
                    and nearest_organization(claim_text, mine, everyone) == name:
                return f"{' / '.join(sorted(theirs))} as {name.upper()}'s, not {mine}"
    return ""


def reported_as_for(claim_intervals: frozenset[str], card_text: str, name: str, rules: AccountingRules,
                    intervals) -> bool:
    """Does the card report the claim's one interval as organization `name`'s ("every year rather than
    every 2 years as ORG-B advises" reports biennial as ORG-B's)?"""
    mine = _ranked_one(claim_intervals, rules)
    return mine is not None and any(re.search(rf"\b{re.escape(name)}\b", piece) and theirs == {mine}
                                    for piece, theirs in _set_aside(card_text, rules, intervals))


def nearest_organization(text: str, word: str, names: tuple[str, ...]) -> str:
    """The organization named nearest before `word` in a text (whose interval it is)."""
    at = text.find(word)
    found = [(at - m.end(), name, bool(_OBJECT_BEFORE.search(text[:m.start()])))
             for name in names for m in re.finditer(rf"\b{re.escape(name)}\b", text[:max(at, 0)])]
    # one named as what another's words are on ("ORG-A's statement on the final ORG-B recommendation
    # urges annual ...") is not the one whose interval it is, when another is named
    speakers = [f for f in found if not f[2]] or found
    return min(speakers)[1] if at >= 0 and speakers else ""


# "to the april 2024 ORG-B"; "answering the ORG-B's update": the organization answered or disputed
_OBJECT_BEFORE = re.compile(r"\b(on|to|about|regarding|against|" + ANSWERED_BY + r")\s+(the\s+)?(\w+\s+){0,3}$")
