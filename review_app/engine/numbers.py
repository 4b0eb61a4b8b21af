"""Number words as digits: "forty-five" -> 45, "age sixty" -> age 60, "in her fifties" -> in her 50s.

The conversion itself is text2num's `alpha2digit` (imported on first use, and only when a text
holds a number word): it reads compound numbers ("sixty five", "one hundred and five") and
leaves a lone number under ten as a word (a count or an interval, "all four organizations",
"every three years", that the lexicon and the claim reader already read in words; an age is
never under ten). Two forms it does not
read are prepared here: a number glued to "year" by hyphens ("sixty-two-year-old") and the
decades of a life ("fifties", "mid-forties"), which become the digits a decade pattern reads
("50s"); and a year as it is spoken ("in twenty sixteen" -> in 2016, "the twenty twenty four
update" -> the 2024 update).
"""

from __future__ import annotations

import re
from functools import lru_cache

_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
NUMBER_WORDS = frozenset(_UNITS + _TENS + ["hundred"]
                         + [t[:-1] + "ies" for t in _TENS]  # twenties ... nineties
                         + [t[:-1] + "ieth" for t in _TENS])  # fortieth ...
LONE_WORD_BELOW = 10  # alpha2digit's threshold: a lone "one" ... "nine" stays a word
_WORD = re.compile(r"[a-z]+")
# "sixty-two-year-old", "fifty-year-old": the hyphen before "year" keeps alpha2digit from reading the number
_NUMBER = "(?:(?:" + "|".join(_TENS) + ")(?:[- ](?:" + "|".join(_UNITS[:9]) + "))?|" + "|".join(_UNITS) + ")"
_BEFORE_YEAR = re.compile(r"(?<![\w-])(" + _NUMBER + r")-(?=(?:years?|yrs?|y)\b)", re.I)
# "mid-forties": the hyphen after mid/early/late joins the decade to a word alpha2digit does not know
_DECADE_PREFIX = re.compile(r"\b(mid|early|late)-(?=[a-z]+ies\b)", re.I)
_DECADE = re.compile(r"\b(" + "|".join(t[:-1] for t in _TENS) + r")ies\b", re.I)
# a year as it is spoken ("in twenty sixteen", "back in nineteen ninety-eight", "the society's twenty
# twenty four update"): alpha2digit would read two numbers ("20 16"); the second word a teen or a tens
# word, as no age is said ("twenty one days" stays 21)
_SPOKEN_YEAR = re.compile(r"(?<![\w-])(nineteen|twenty)[- ]("
                          + "|".join(_UNITS[9:] + _TENS) + r")(?:[- ](" + "|".join(_UNITS[:9]) + r"))?\b", re.I)


_SENTENCE_END = re.compile(r"([.?!;]\s+)")


def _spoken_year(match: re.Match) -> str:
    century = 19 if match.group(1).lower() == "nineteen" else 20
    word = match.group(2).lower()
    tail = _UNITS.index(word) + 1 if word in _UNITS else 10 * (_TENS.index(word) + 2)
    unit = _UNITS.index(match.group(3).lower()) + 1 if match.group(3) else 0
    if word in _UNITS and unit:
        return match.group(0)  # "twenty sixteen one" is no year
    return str(century * 100 + tail + unit)


def has_number_word(text: str) -> bool:
    """Whether the (lower-case) text holds a word this module converts: a cheap test first."""
    return not NUMBER_WORDS.isdisjoint(_WORD.findall(text))


def numbers_to_digits(text: str) -> str:
    """The text with its spelled numbers as digits; unchanged when it holds none."""
    if not has_number_word(text.lower()):
        return text
    return _convert(text)


@lru_cache(maxsize=4096)
def _convert(text: str) -> str:
    from text_to_num import alpha2digit  # lazy: only texts with a number word pay for it

    text = _SPOKEN_YEAR.sub(_spoken_year, text)
    text = _BEFORE_YEAR.sub(r"\1 ", text)
    text = _DECADE_PREFIX.sub(r"\1 ", text)
    text = _DECADE.sub(lambda m: alpha2digit(m.group(1) + "y", "en") + "s", text)
    # sentence by sentence: alpha2digit carries a number across a sentence's end ("... seventy-four? One
    # test ..." -> "74? 1 test"), reading the next sentence's lone "one" as part of it
    return "".join(piece if _SENTENCE_END.fullmatch(piece) else alpha2digit(piece, "en", threshold=LONE_WORD_BELOW)
                   for piece in _SENTENCE_END.split(text))
