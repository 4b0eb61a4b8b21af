"""Conservative spelling correction against a corpus pack's own vocabulary.

A word is corrected only when all of these hold:
- it is at least MIN_LENGTH letters, all letters (never a number, never "brca1"), not written
  in capitals ("COPD"), not capitalized inside a sentence (a name: "Nice" after "in");
- it is unknown: not a word of the pack (its cards and data files), not a stop word, not one a
  lexicon rewrite reads ("hx"), and rare in general English (wordfreq's Zipf frequency
  under KNOWN_ZIPF, so "cascade" or "pacemaker" stay as written);
- exactly one word of the pack's vocabulary (MIN_LENGTH letters or more, with the same first
  letter: the first letter is seldom the slip) lies within a small edit distance (optimal string
  alignment, rapidfuzz): 1 up to 7 letters, 2 from 8 when the two edits only rearrange or
  double the word's own letters ("reccomend", never "rescaled" -> recalled); a tie means no
  correction; a word of
  fewer than SUBSTITUTION_LENGTH letters only gets back a dropped letter ("advce" -> advice),
  since short clinical abbreviations sit one swap from ordinary words ("chole", "chose");
- that word is clearly the commoner spelling (at least MIN_GAIN Zipf above), and when the word
  is itself English it is not the same stem (an "imager" is no misspelt "image");
- a word of a real-word English dictionary (symspellpy's, from SCOWL and Google Books: it has
  "internist", "serous", "caries", not "becuase" or "reccomend") is corrected only to one of the
  pack's topic words, those its cards use at least TOPIC_COUNT times (a place name written
  lower-case one letter from the topic's own word is that word).
wordfreq's frequencies come from web text, misspellings included, so they cannot tell a rare
word from a common slip; the dictionary can. On 47,000 rarer web words (wordfreq's ranks 20,000
to 80,000, five letters or more, unknown to the pack) it corrects 71, nearly all misspellings
("accross", "freinds", "orginal"), where without the dictionary it also turned 96 real words
into others ("chanted" -> changed, "derision" -> decision).
The vocabulary is built once per corpus pack (Vocabulary.speller) and rapidfuzz is imported on
the first unknown word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

MIN_LENGTH = 5
KNOWN_ZIPF = 3.0
MIN_GAIN = 1.5
TOPIC_COUNT = 10  # uses in the pack's cards that make a word a topic word
SUBSTITUTION_LENGTH = 7  # below it, only a dropped letter is restored ("advce"), never a letter swapped ("chole")
_WORD = re.compile(r"(?<![\w'-])[A-Za-z]+(?![\w'-])")
_SENTENCE_END = re.compile(r"(^|[.!?:;\n\"(]\s*)$")


class Speller:
    """Targets: the words a misspelling may become; known: words never corrected (targets too)."""

    def __init__(self, targets: Iterable[str], known: Iterable[str] = (),
                 protected: Iterable[re.Pattern[str]] = (), stem: Callable[[str], str] = str.lower,
                 english: Callable[[], frozenset[str]] | None = None, topic: Iterable[str] = ()):
        """`protected`: patterns that claim a word (a lexicon rewrite reads it); `stem`: a module-level
        function (the speller is pickled with the vocabulary into index-building workers);
        `english`: a module-level function returning real English words (a dictionary, not web
        frequencies; called on the first unknown word), corrected only to a `topic` word (one the
        pack's cards use often: a lower-case place name one letter from it is a slip)."""
        words = {w.lower() for w in targets if w.isalpha()}
        self.targets = tuple(sorted(w for w in words if len(w) >= MIN_LENGTH))
        self.known = frozenset(words | {w.lower() for w in known})
        self.english = english
        self.topic = frozenset(topic)
        self._protected = tuple(protected)
        self._stem = stem
        self._suggestions: dict[str, str | None] = {}

    def any_unknown(self, words: set[str]) -> bool:
        """Whether a set of lower-case words holds a long one outside the known set."""
        return any(len(w) >= MIN_LENGTH for w in words - self.known)

    def unknown_in(self, text: str) -> bool:
        """Cheap test: whether the text holds a long word outside the known set."""
        return any(len(w) >= MIN_LENGTH and w.lower() not in self.known for w in _WORD.findall(text))

    def correct(self, text: str) -> str:
        """The text with each misspelt word (see the module doc) replaced; all else as written."""
        if not self.unknown_in(text):
            return text
        pieces, last = [], 0
        for match in _WORD.finditer(text):
            word = match.group(0)
            if len(word) < MIN_LENGTH or word.lower() in self.known or not _may_correct(text, match):
                continue
            fixed = self.suggestion(word.lower())
            if fixed is not None:
                pieces += [text[last:match.start()], fixed]
                last = match.end()
        return "".join(pieces) + text[last:] if pieces else text

    def suggestion(self, word: str) -> str | None:
        """The one in-vocabulary spelling of a lower-case unknown word, or None (memoized)."""
        if word not in self._suggestions:
            if len(self._suggestions) > 4096:
                self._suggestions.clear()
            self._suggestions[word] = self._suggest(word)
        return self._suggestions[word]

    def _suggest(self, word: str) -> str | None:
        from rapidfuzz import process  # lazy: the first unknown word pays for it
        from rapidfuzz.distance import OSA
        from wordfreq import zipf_frequency

        if any(p.search(word) for p in self._protected) or zipf_frequency(word, "en") >= KNOWN_ZIPF:
            return None
        limit = 1 if len(word) < 8 else 2
        short = len(word) < SUBSTITUTION_LENGTH
        found = [hit for hit in process.extract(word, self.targets, scorer=OSA.distance, score_cutoff=limit, limit=None)
                 if hit[0][0] == word[0]  # the first letter is seldom the slip ("cotesting" is no "testing")
                 and (not short or len(hit[0]) == len(word) + 1)]  # a short word: only a dropped letter
        if not found:
            return None
        best = min(distance for _, distance, _ in found)
        closest = [candidate for candidate, distance, _ in found if distance == best]
        if len(closest) != 1:
            return None
        candidate = closest[0]
        if best > 1 and set(candidate) != set(word):
            return None  # two edits only rearrange or double the word's own letters ("reccomend"), never add one
        frequency = zipf_frequency(word, "en")
        if frequency > 0 and self._stem(candidate) == self._stem(word):
            return None  # a real word of the same stem ("imager", "image"): the index reads both alike
        if zipf_frequency(candidate, "en") < frequency + MIN_GAIN and not (frequency == 0 and best == 1):
            return None  # (a string no one writes, one letter from a card's word, is that word: "tomosynthsis")
        if self.english is not None and word in self.english() and candidate not in self.topic:
            return None  # a real word ("internist", "serous"), unless the pack's own topic word is meant
        return candidate


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """The real-word English dictionary symspellpy ships (82,765 words: SCOWL and Google Books)."""
    from importlib.resources import files

    text = (files("symspellpy") / "frequency_dictionary_en_82_765.txt").read_text(encoding="utf-8")
    return frozenset(line.split(" ", 1)[0] for line in text.splitlines() if line)


def _may_correct(text: str, match: re.Match[str]) -> bool:
    """Not an abbreviation in capitals, not a name (capitalized anywhere but a sentence start)."""
    word = match.group(0)
    if word.isupper():
        return False
    return not word[0].isupper() or bool(_SENTENCE_END.search(text[:match.start()]))
