"""The values a claim and a card state, read by kind: ages and decades of life, ranges and upper
bounds, years as dates or as a document's name, months of an event, intervals, grades and rates.

Pure functions over `Facts` (what `FactReader` read from a text); the verifier compares with
them. No wording of a topic here: the patterns a value is read with are the pack's claim rules,
and the few here (month names, the nouns that make a year a document's name) are plain English.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine.dates import MONTH_NAMES, PART_OF_YEAR, year_after
from ..engine.facts import Facts


def anchors(values: frozenset[str]) -> frozenset[str]:
    """Values that tie a claim to a card's statement: a year (the card's own publication year,
    an event date) says which text, not what it states."""
    return frozenset(v for v in values if v.endswith("%") or not v.replace(".", "").isdigit()
                     or not 1900 <= float(v) <= 2100)


# A year as a date ("in 2023", "since 2015", "by 2025", "in April 2024"), not a document's name
# ("its October 2024 update", "the 2016 recommendation").
MONTHS = "|".join(MONTH_NAMES)
# (one word may stand between: "the April 2024 ORG recommendation")
_NOT_A_NAME = r"(?!(?:its|the|their|a|an|this|that|and|or|to|in|final|new|latest|draft)\b)"
NAMED = (rf"(?!'?s?\s+({_NOT_A_NAME}[a-z]+\s+)?(interim\s+)?"
         r"(update|recommendation|rec|guideline|bulletin|statement|advice|version|response|revision))")
DATED_YEAR = year_after(rf"in|since|until|by|on|during|from|as of|{MONTHS}", PART_OF_YEAR, NAMED, flags=0)
YEAR = re.compile(r"\b(19\d\d|20\d\d)\b")
# A month and year of an event ("issued on April 30, 2024": the rewrites read the day off)
DATED_MONTH = re.compile(rf"\b({MONTHS})\s+(\d{{4}})\b{NAMED}")


def unstated_dates(claim: Facts, card: Facts) -> list[str]:
    """The claim's event dates (a month and year) the card's text does not give: the year
    alone, or the card's date of publication, does not state the month."""
    text = card.text
    return sorted({f"{m.group(1)} {m.group(2)}" for sentence, _, _ in claim.sentences
                   for m in DATED_MONTH.finditer(sentence) if f"{m.group(1)} {m.group(2)}" not in text})


def _age_after(card: Facts, words: str, number: str = r"\d{1,3}", said_age: bool = False) -> re.Match[str] | None:
    """The first place a card sentence gives an age after one of `words` ("by age 25", "before 30";
    with `said_age`, only one it calls an age)."""
    pattern = re.compile(rf"\b(?:{words})\s+(?:age\s+){'' if said_age else '?'}({number})\b(?!\s*%)")
    return next((m for sentence, _, _ in card.sentences for m in [pattern.search(sentence)] if m), None)


def year_for_age(claim: Facts, card: Facts) -> str:
    """A year the claim gives where the card gives the age its last two digits write after the same
    word ("by 2025" against "by age 25"): a date read as an age, or an age as a date. (A year with
    other digits is a time: "before 2024, ..." against "before age 50"; so is a year that opens the sentence,
    set off by a comma.)"""
    for sentence, _, _ in claim.sentences:
        for m in re.finditer(r"\b(by|at|from|until|before|after)\s+(\d{4})\b", sentence):
            if not sentence[:m.start()].strip(" ([\"'") and sentence[m.end():].lstrip().startswith(","):
                continue  # "By 2025, ORG was saying ...": the time the claim speaks from, no deadline
            age = None if m.group(2) in card.numbers else _age_after(card, m.group(1), re.escape(m.group(2)[2:]),
                                                                     said_age=True)
            if age:
                return f"{m.group(1)} age {age.group(1)}, not {m.group(1)} {m.group(2)}"
    return ""


def duration_for_age(claim: Facts, card: Facts) -> str:
    """A length of time the claim gives where the card gives the same number as an age ("in the
    last 30 years" against "before age 30")."""
    for value in sorted(claim.durations & card.numbers - card.durations):
        age = _age_after(card, "age|aged|before|after|under|over", re.escape(value))
        if age:
            return f"{age.group(0)} (an age), not {value} years (a length of time)"
    return ""


def other_number_after(claim: Facts, card: Facts) -> str:
    """The claim's age after a word the card gives another age after ("done by 35" against "by
    age 25"), on the card's own topics: the card's number in another place, not a new fact. An
    age the card gives only after another word ("by 40" against "by age 25 ... from age 40") is
    bound to another part of the card."""
    if not claim.concepts or not claim.concepts <= card.concepts:
        return ""
    for sentence, _, _ in claim.sentences:
        for m in _AFTER_WORD.finditer(sentence):
            if any(low <= int(m.group(2)) <= high for low, high in card.age_ranges):
                continue  # "at 76" is inside a card's "75 and older": the same group, not another age
            other = None if _age_after(card, m.group(1), m.group(2)) else _age_after(card, m.group(1), r"\d{2}")
            if other and other.group(1) != m.group(2):
                return f"{m.group(1)} age {other.group(1)}, not {m.group(1)} {m.group(2)}"
    return ""


_AFTER_WORD = re.compile(r"\b(by|at|from|before|after|until|under|over)\s+(?:age\s+)?(\d{2})\b(?!\s*%)")


def is_decade(low: float, high: float) -> bool:
    """A decade of life or a part of one ("in their forties", "the early forties": 40 to 44)."""
    return low // 10 == high // 10 and high - low >= 3


def is_year(value: str) -> bool:
    return value.isdigit() and 1900 <= int(value) <= 2100


def ages_of(facts: Facts) -> frozenset[str]:
    """The plain numbers of a text that are not years: ages (and counts)."""
    return frozenset(v for v in facts.numbers if v.replace(".", "").isdigit() and not 1900 <= float(v) <= 2100)


def other_rates(missing: Sequence[str], card: Facts) -> str:
    """The card's rates with the number of a rate the claim gives that the card does not state:
    the same percentage as another quantity or period ("per year 2%" against "risk per year 2%")."""
    wanted = {v.rsplit(" ", 1)[1] for v in missing if v.endswith("%") and " " in v}
    return " / ".join(sorted(v for v in card.values if v.endswith("%") and " " in v and v.rsplit(" ", 1)[1] in wanted))


def ranged_ages(claim: Facts, card: Facts) -> frozenset[str]:
    """The claim's ages inside an age range the card states (45 within "40 to 49"): compared as
    values, so their words are stated too."""
    return frozenset(v for v in ages_of(claim) if any(low <= float(v) <= high for low, high in card.age_ranges))


def decade_meets(claim: Facts, card: Facts) -> bool:
    """A decade of life the claim names ("in the forties") holds an age the card states (45)."""
    return any(high - low == 9 and low % 10 == 0 and any(low <= float(v) <= high for v in ages_of(card))
               for low, high in claim.age_ranges)


def ages_within(claim: Facts, card: Facts) -> bool:
    """A claim's age inside an age range the card states (78 within "75 or older"), or an open
    range of the claim the same as an open one of the card ("past 74" and "75 or older"), or a bound
    the claim's ages stay under that ends a card's range ("younger than 45" and "40 to 44")."""
    return any(low <= float(v) <= high for v in ages_of(claim) for low, high in card.age_ranges) \
        or any(_open_within(r, card) for r in claim.age_ranges) \
        or any(high == float(v) - 1 for v in claim.bounds for _, high in card.age_ranges)


def _open_within(claim_range: tuple[int, int], card: Facts) -> bool:
    low, high = claim_range
    return high >= 100 and any(c_low == low and c_high >= 100 for c_low, c_high in card.age_ranges)


def open_bound(value: str, claim: Facts, card: Facts) -> bool:
    """The age a claim's open range is stated after ("past 74", "older than 74"), when the card
    states the same open range ("75 or older"): the bound is the range's, so stated."""
    return value.isdigit() and any(low == int(value) + 1 and _open_within((low, high), card)
                                   for low, high in claim.age_ranges)


def value_kind(value: str, *facts: Facts) -> str:
    """What a value is: an interval or a grade (as the texts it came from read it), a
    percentage, a year or another number."""
    if any(value in f.intervals for f in facts):
        return "interval"
    if any(value in f.grades for f in facts):
        return "grade"
    if any(value in f.durations for f in facts):
        return "duration"
    if value.endswith("%"):  # a risk in a period (the claim rules' "risk per year 2%") is not a change per year
        # (and a change with age, "per year of age 2%", is not a change over time)
        return "risk" if value.startswith("risk ") else "gradient" if " of age" in value else "percent"
    try:
        number = float(value)
    except ValueError:  # a month and year ("april 2024")
        return "date"
    return "year" if 1900 <= number <= 2100 else "number"


def swapped_number(missing: Sequence[str], claim: Facts, card: Facts) -> str | None:
    """The one number or percentage (not a year, a date, an interval or a risk in a period) the card
    states in place of the claim's one missing value of that kind, if that is all that differs."""
    kind = value_kind(missing[0], claim, card) if len(missing) == 1 else None
    if kind not in ("number", "percent"):
        return None
    theirs = [v for v in card.values - claim.values if value_kind(v, claim, card) == kind]
    return theirs[0] if len(theirs) == 1 else None


# a start told as moved from one age to another ("lowered from 50 to 40", "at 40 rather than 50")
_MOVED = re.compile(r"\b(rather than|instead of|lower\w*|moved?|moving|dropp?\w*|shift\w*|brought|chang\w*|reduc\w*)\b")


def _ageless(card: Facts) -> bool:
    """The card states its position with no age at all ("every 1 or 2 years for individuals at average risk")."""
    return not (card.age_ranges or card.starts or card.ends) and not any(18 <= float(v) <= 120 for v in ages_of(card))


def uncovered(claim: Facts, card: Facts, ageless_span: tuple[int, int] | None = None) -> set[str]:
    """The claim's values the card does not state; an age inside a range the card states
    (60 within "55 and older") counts as stated. `ageless_span`: the ages a position stated with no
    age speaks to; the claim's population ages inside it ("a 45-year-old", "in their fifties"), none
    of them a start, end or bound, count as stated by such a card."""
    out = set()
    population = set()
    if ageless_span and _ageless(card):
        ages = {v for v in ages_of(claim) if 18 <= float(v) <= 120} - claim.starts - claim.ends - claim.bounds
        if ages and all(ageless_span[0] <= float(v) <= ageless_span[1] for v in ages) \
                and not (ages_of(claim) & (claim.starts | claim.ends | claim.bounds)):
            population = ages
    for value in claim.values - card.values:
        if value in population:
            continue
        number = value_kind(value, claim, card) == "number"
        if number and value not in claim.ends and any(low <= float(value) <= high for low, high in card.age_ranges) \
                and all(any(c_low <= low <= high <= c_high and (is_decade(low, high) or c_high >= 100)
                            for c_low, c_high in card.age_ranges)
                        for low, high in claim.age_ranges if float(value) in (low, high)):
            continue  # an age, a decade of life ("in their forties") or a range inside an open one ("from 55")
        if value in claim.bounds and any(high == float(value) - 1 for _, high in card.age_ranges):
            continue  # "before 50" and a card's "40 to 49"
        if number and value not in claim.ends and not any(float(value) in (a, b) for a, b in claim.age_ranges) \
                and _MOVED.search(claim.text) \
                and any(float(value) == high + 1 and str(low) in claim.values
                        for low, high in card.age_ranges if high < 100):
            continue  # "moved the start from 50 to 40" and a card's change for "40 to 49": the band's edge
        if open_bound(value, claim, card):
            continue  # "past 74" and a card's "75 or older"
        if number and value not in claim.starts | claim.ends | claim.bounds and card.bounds \
                and not any(float(value) in (low, high) for low, high in claim.age_ranges if low != high) \
                and any(float(value) < float(b) for b in card.bounds):
            continue  # "chest radiation at 22" and a card's "chest radiation before 30"
        if value_kind(value, claim, card) == "number" and any(
                high - low == 9 and low % 10 == 0 and float(value) in (low, high)
                and not claim.intervals & card.intervals
                and any(low <= float(v) <= high for v in ages_of(card)) for low, high in claim.age_ranges):
            continue  # "sometime in the forties" and a card's 40 or 45 (not "yearly in their forties": a
            # schedule for the whole decade, which a card for 45 to 54 gives part of)
        out.add(value)
    return out


def _rate_periods(values: frozenset[str]) -> set[str]:
    """The periods of the rates among `values` ("per year" of "per year 2%")."""
    return {v.rsplit(" ", 1)[0] for v in values if v.startswith("per ") and v.endswith("%") and " " in v}


# both say there is no fixed upper age: the claim's span from its start runs through the card's later band
OPEN_ENDED = ("fixed_age", -1)


def conflicting_values(claim: Facts, card: Facts, words: frozenset[str], choices: frozenset[str],
               as_option: bool = False, names: frozenset[str] = frozenset(),
               held_back: Sequence[re.Pattern[str]] = ()) -> str:
    """Values the card gives where the claim gives a different one of the same kind, when the
    two speak of the same thing (they share a value or a topic): a card about the start age
    does not contradict a claim about the stop age, it just lacks it. Intervals and grades always
    answer the same question, so a different interval or grade always contradicts (a claim about
    other ages than the card's is sorted out by the caller). `words` are the
    pack's interval words, `choices` the "X or Y" values made of two of them."""
    anchored = bool(claim.values & card.values or claim.concepts & card.concepts
                    or any(high == float(b) - 1 for b in claim.bounds for _, high in card.age_ranges)  # "before 50"
                    # a rate over the period the card gives its rate over ("that rise, about 20% a year")
                    or _rate_periods(claim.values) & _rate_periods(card.values))
    out = []
    single = claim.intervals & words
    for choice in sorted(card.intervals & choices):
        if len(single) == 1 and single <= set(choice.split(" or ")) and choice not in claim.intervals \
                and not as_option:
            out.append(f"a choice of {choice} screening, not {next(iter(single))} alone")
    # ... and the other way round: a choice where the card gives one of its two alone ("every 1 to 2 years"
    # against "every 2 years"), told as the one schedule of one organization (not "they differ: every 2 years
    # versus every year", "at least every two years" for all of them, nor a table's rows for other ages)
    card_single = card.intervals & words
    # (the choice in the words that tell it, more often first; a least frequency, "at least every two years",
    # the claim rules write from the least frequency up, and it is met by either)
    told = {choice for choice in claim.intervals & choices if choice in claim.text}
    rest = claim.text
    for choice in told:
        rest = rest.replace(choice, " ")
    one_schedule = len(told) == 1 and not any(re.search(rf"\b{w}\b", rest) for w in words) \
        and not claim.universal and not claim.majority and len(claim.organizations) <= 1 \
        and all(any(low <= c_high and high >= c_low for c_low, c_high in card.age_ranges) or not card.age_ranges
                for low, high in claim.age_ranges)
    for choice in sorted(told) if one_schedule else ():
        if len(card_single) == 1 and card_single <= set(choice.split(" or ")) and choice not in card.intervals:
            out.append(f"{next(iter(card_single))} screening alone, not a choice of {choice}")
    for value in sorted(uncovered(claim, card)):
        kind = value_kind(value, claim, card)
        # how often, and what grade, is one question per recommendation; an age can be many
        if kind not in ("interval", "grade") and not anchored:
            continue
        if kind == "number" and next_band_start(value, claim, card, held_back):
            continue  # "yearly from 45" against a card on 40 to 44: the band after the card's, which it does not state
        if kind == "number" and _decade_overlapping(value, claim, card):
            continue  # "yearly in their forties" against "45 to 54": the card states part of the decade
        if kind == "number" and value in claim.starts and not card.starts and card.age_ranges \
                and OPEN_ENDED in claim.poles and OPEN_ENDED in card.poles \
                and all(low >= float(value) for low, _ in card.age_ranges):
            continue  # "yearly from 40, with no upper age" against a card on 75 and over: a later part of the span
        alternatives = sorted(v for v in card.values - claim.values - names if value_kind(v, claim, card) == kind)
        if alternatives:
            out.append(f"{' / '.join(alternatives)}, not {value}")
    return "; ".join(out)


def next_band_start(value: str, claim: Facts, card: Facts, held_back: Sequence[re.Pattern[str]] = ()) -> bool:
    """The claim's start at `value` opens the band just after the one a card of an option alone speaks of
    ("yearly from 45" against "the option to begin at 40 to 44"), not held back until then (`held_back`, the claim
    rules' `start_held_back`, each with a group `age`: "wait until 45", "at 45 at the earliest": the option denied)."""
    if value not in claim.starts or card.strengths != ("option",) \
            or not any(high == int(value) - 1 for _, high in card.age_ranges if high < 100):
        return False
    return not any(m.group("age") == value for pattern in held_back for m in pattern.finditer(claim.text))


def _decade_overlapping(value: str, claim: Facts, card: Facts) -> bool:
    """`value` ends a decade of life the claim names ("in their forties") that a card's range covers
    in part: the card states that part, the rest it lacks."""
    return any(is_decade(low, high) and high - low == 9 and float(value) in (low, high)
               and any(c_low <= high and low <= c_high and not c_low <= low <= high <= c_high
                       for c_low, c_high in card.age_ranges)
               for low, high in claim.age_ranges)


def ranges_apart(claim: Facts, card: Facts) -> bool:
    """Every age range the claim states lies outside every range the card states ("75 and older"
    against a card for 40 to 74): the card is about another age group, so it does not state the
    claim's advice, nor contradict it."""
    return bool(claim.age_ranges and card.age_ranges) and all(
        high < c_low or low > c_high for low, high in claim.age_ranges for c_low, c_high in card.age_ranges)


def continued_past_end(claim: Facts, card: Facts) -> str:
    """The closed end of a card's range that the claim carries the card's own schedule past ("every
    2 years after 75" against "every 2 years from 40 to 74"): the card's advice ends there, so the
    claim gives it another end, not advice for another age group."""
    if not claim.intervals & card.intervals:
        return ""
    ends = sorted({c_high for _, c_high in card.age_ranges if c_high < 100})
    for low, high in claim.age_ranges:
        for end in ends:
            if high >= 100 and end < low <= end + 2:
                return str(end)
    return ""


def other_range_end(claim: Facts, card: Facts) -> str:
    """A range the claim states from the same age as one the card states but ending elsewhere
    ("45 to 55" against "45 to 54"): a different value, even when the card names the other end
    for another group."""
    for low, high in claim.age_ranges:
        for c_low, c_high in card.age_ranges:
            if low == c_low and high != c_high and max(high, c_high) < 100 and not is_decade(low, high):
                return f"{c_low} to {c_high}, not {low} to {high}"
    return ""
