"""Text normalization shared by the retrievers and the query parser.

Cards and questions go through the same steps, so a question's "mammogram" meets a card's
"mammography": lower-case, the phrase rewrites of corpus/vocabulary.yaml, word tokens, stop
words removed, Snowball English stems.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import snowballstemmer
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from .datafiles import compile_pattern, read_mapping
from .errors import CorpusError, Problem

VOCABULARY_FILE = "vocabulary.yaml"
_TOKEN = re.compile(r"[a-z0-9]+")
# Strength words matter here ("recommended against"), so they are kept as tokens.
_KEEP = {"against"}


@dataclass(frozen=True)
class Vocabulary:
    """Phrase rewrites, stop words and historical-intent cues, loaded from a data file."""

    rewrites: tuple[tuple[re.Pattern[str], str], ...]
    stop_words: frozenset[str]
    historical_cues: tuple[re.Pattern[str], ...]
    expansions: tuple[tuple[re.Pattern[str], str], ...] = ()

    def expand(self, text: str) -> str:
        """The question with its ranking-only expansions applied (see vocabulary.yaml)."""
        for pattern, replacement in self.expansions:
            text = pattern.sub(replacement, text)
        return text

    def normalize(self, text: str) -> str:
        text = text.lower().replace("\u2013", "-").replace("\u2014", "-")
        for pattern, replacement in self.rewrites:
            text = pattern.sub(replacement, text)
        return text

    def content_words(self, text: str, normalized: bool = False) -> list[str]:
        """Normalized words without stop words, before stemming (`normalized`: already done)."""
        return [w for w in _TOKEN.findall(text if normalized else self.normalize(text))
                if w not in self.stop_words and (len(w) > 1 or w.isdigit())]

    def tokenize(self, text: str) -> list[str]:
        return _stem(tuple(self.content_words(text)))

    @staticmethod
    def stems(words: list[str]) -> list[str]:
        return _stem(tuple(words))


@lru_cache(maxsize=4096)
def _stem_word(word: str) -> str:
    return _STEMMER.stemWord(word)


def _stem(words: tuple[str, ...]) -> list[str]:
    return [_stem_word(w) for w in words]


_STEMMER = snowballstemmer.stemmer("english")


def load_vocabulary(corpus_dir: Path) -> Vocabulary:
    """Read corpus/vocabulary.yaml. Raises CorpusError naming the file and the bad entry."""
    path = Path(corpus_dir) / VOCABULARY_FILE
    name = str(path)
    data = read_mapping(path)
    problems: list[Problem] = []
    rewrites, expansions = ([_pair(pair, name, f"{key}[{i}]", problems) for i, pair in enumerate(data.get(key) or [])]
                            for key in ("normalize", "expand"))
    cues = []
    for i, cue in enumerate(data.get("historical_cues") or []):
        compiled = compile_pattern(cue, name, f"historical_cues[{i}]", problems)
        if compiled is not None:
            cues.append(compiled)
    extra_stop = data.get("stop_words") or []
    if not all(isinstance(w, str) for w in extra_stop):
        problems.append(Problem(name, "stop_words", "expected a list of words"))
        extra_stop = []
    if problems:
        raise CorpusError(problems)
    stop_words = frozenset((set(ENGLISH_STOP_WORDS) | {w.lower() for w in extra_stop}) - _KEEP)
    return Vocabulary(tuple(r for r in rewrites if r), stop_words, tuple(cues), tuple(e for e in expansions if e))


def _pair(pair: object, file: str, field: str, problems: list[Problem]) -> tuple[re.Pattern[str], str] | None:
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
        problems.append(Problem(file, field, "expected [pattern, replacement]"))
        return None
    compiled = compile_pattern(pair[0], file, field, problems)
    return (compiled, pair[1]) if compiled is not None else None

