"""What a question says beyond its words: ages, years, and whether it asks about the past."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .background import BackgroundWeights
from .text import Vocabulary, match_starts

OPEN_END = 130
AgeRange = tuple[int, int]

_YEAR = re.compile(r"\b(19[89]\d|20\d\d)\b")
_PAST_YEAR = re.compile(r"\b(in|back in|during|until|till|before|prior to|since|as of|from)\s+"
                        r"(?:early |mid |late |fall |spring |summer |winter )?(19[89]\d|20\d\d)\b", re.I)

# Ages in a question: "48-year-old", "48 yo", "45F", "age 45", "in her 40s", "over 75", "75+".
_QUESTION_AGES = [
    (re.compile(r"\b(\d{2,3})\s*-?\s*(?:years?|yrs?|y)\s*-?\s*old\b", re.I), "point"),
    (re.compile(r"\b(\d{2,3})\s*(?:yo|y/o|y\.o\.?|yof|yow)(?![a-z])", re.I), "point"),
    (re.compile(r"\b(\d{2})\s*[FM]\b"), "point"),
    (re.compile(r"\bage[sd]?\s+(\d{2,3})\b(?!\s*(?:-|to|through|and older|or older|\+))", re.I), "point"),
    (re.compile(r"\b(?:in|during) (?:her|their|your|my|the|his) (\d)0s\b", re.I), "decade"),
    (re.compile(r"\b(?:over|above|older than|past|beyond|after)\s+(?:age\s+)?(\d{2})\b", re.I), "after"),
    (re.compile(r"\b(\d{2})\s*(?:\+|and older|or older|and over|and up|years and older|years or older)", re.I), "from"),
    (re.compile(r"\b(\d{2})\s*(?:-|to|through)\s*(\d{2})\b", re.I), "range"),
    (re.compile(r"\bbetween (?:ages? )?(\d{2}) and (\d{2})\b", re.I), "range"),
]
# Age ranges a card states: explicit ranges and open-ended "75 and older" forms only; a start
# age alone ("from age 40") is not a range, or every older age would match it.
_CARD_AGES = [
    (re.compile(r"\b(\d{2})\s*(?:-|to|through)\s*(\d{2})\b"), "range"),
    (re.compile(r"\bbetween (?:ages? )?(\d{2}) and (\d{2})\b", re.I), "range"),
    (re.compile(r"\b(\d{2})\s*(?:years\s+)?(?:\+|and older|or older|and above|and over)", re.I), "from"),
    (re.compile(r"\b(?:past|beyond|after|over)\s+(?:age\s+)?(\d{2})\b", re.I), "after"),
    (re.compile(r"\b(?:in (?:her|their|your|the) )(\d)0s\b", re.I), "decade"),
]


@dataclass(frozen=True)
class QueryFeatures:
    tokens: tuple[str, ...]  # stems for ranking, with the vocabulary's expansions
    support_tokens: tuple[str, ...]  # stems of the question's own words, for the support score
    weights: tuple[float, ...]  # background informativeness of each support token's word
    years: tuple[int, ...]
    ages: tuple[AgeRange, ...]
    historical: bool


def age_ranges(text: str, patterns=None) -> tuple[AgeRange, ...]:
    """Age ranges stated in `text`, as inclusive (low, high) pairs; only plausible adult ages."""
    found: list[AgeRange] = []
    lowered = text.lower() if text.isascii() else None  # see Vocabulary.normalize: skip what cannot match
    for pattern, kind in patterns or _QUESTION_AGES:
        starts = match_starts(pattern) if lowered is not None else None
        if starts is not None and not any(start in lowered for start in starts):
            continue
        for match in pattern.finditer(text):
            numbers = [int(g) for g in match.groups() if g is not None]
            if kind == "point":
                low = high = numbers[0]
            elif kind == "decade":
                low, high = numbers[0] * 10, numbers[0] * 10 + 9
            elif kind == "after":
                low, high = numbers[0] + 1, OPEN_END
            elif kind == "from":
                low, high = numbers[0], OPEN_END
            else:
                low, high = numbers[0], numbers[1]
            if 18 <= low <= high <= OPEN_END:
                found.append((low, high))
    return tuple(dict.fromkeys(found))


def card_age_ranges(text: str) -> tuple[AgeRange, ...]:
    return age_ranges(text, _CARD_AGES)


def parse_question(question: str, vocabulary: Vocabulary, background: BackgroundWeights,
                   reference_date: dt.date, superseded_years: Iterable[int]) -> QueryFeatures:
    """Tokens, years, ages and historical intent of a question at a reference date.

    Historical intent: a cue phrase (corpus/vocabulary.yaml), a year before the reference
    year after "in", "before", "since"..., or the publication year of a source that is
    superseded at the reference date ("the 2016 recommendation").
    """
    years = tuple(int(y) for y in _YEAR.findall(question))
    superseded = set(superseded_years)
    historical = (
        any(cue.search(question) for cue in vocabulary.historical_cues)
        or any(int(m.group(2)) < reference_date.year for m in _PAST_YEAR.finditer(question))
        or any(y in superseded for y in years)
    )
    words = vocabulary.content_words(question)
    ranking_words = vocabulary.content_words(vocabulary.expand(question))
    return QueryFeatures(tuple(vocabulary.stems(ranking_words)), tuple(vocabulary.stems(words)),
                         tuple(background.weight(w) for w in words), years, age_ranges(question), historical)
