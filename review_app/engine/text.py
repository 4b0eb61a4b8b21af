"""Text normalization shared by the retrievers and the query parser.

Cards and questions go through the same steps, so a question's shorthand meets a card's
full term: number words as digits (numbers.py), misspelt words corrected against the pack's
own vocabulary (spelling.py: a card's words are that vocabulary, so cards pass unchanged),
lower-case, the phrase rewrites of corpus/vocabulary.yaml, word tokens, stop words removed,
Snowball English stems.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import snowballstemmer
import yaml
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

from ..errors import CorpusError, Problem
from .datafiles import compile_pattern, read_mapping
from .numbers import NUMBER_WORDS, numbers_to_digits
from .spelling import TOPIC_COUNT, Speller, english_words

VOCABULARY_FILE = "vocabulary.yaml"
_TOKEN = re.compile(r"[a-z0-9]+")
_LETTERS = re.compile(r"[a-z]+")
_NOT_WORD = re.compile(r"[^a-z0-9]+")
_REGEX_ESCAPE = re.compile(r"\\[a-zA-Z]")
# A data file's word is a spelling target when general English knows it this well (Zipf): the
# pack's clinical words ("mastectomy", a drug's name) are, a regular expression's fragment
# ("pregnan") is not.
DATA_WORD_ZIPF = 2.0
# Strength words matter here ("recommended against"), so they are kept as tokens.
_KEEP = {"against"}


@dataclass(frozen=True)
class Vocabulary:
    """Phrase rewrites, stop words and historical-intent cues, loaded from a data file."""

    rewrites: tuple[tuple[re.Pattern[str], str], ...]
    stop_words: frozenset[str]
    historical_cues: tuple[re.Pattern[str], ...]
    expansions: tuple[tuple[re.Pattern[str], str], ...] = ()
    source_dir: Path | None = None  # the pack folder: its cards and data files are the spelling vocabulary
    spelling: tuple[str, ...] = ()  # words questions use that no card states, as spelling targets
    # what a question may say about the patient beyond ages: (trait, ((value, patterns), ...)), in file order
    patient_traits: tuple[tuple[str, tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]], ...] = ()
    # a document a question names by its number ("PB 179"), written as its organization and year;
    # questions only: a card that names the document it updates must not gain that year
    document_names: tuple[tuple[re.Pattern[str], str], ...] = ()
    # names no rewrite may touch (the pack's organizations it does not hold: "the Canadian task
    # force" must not become a held task force), each written as one opaque word before the rewrites;
    # one pattern of all of them, so a text is scanned once (every card is normalized at index time)
    kept_names: re.Pattern[str] | None = None
    # punctuation spoken in a dictated text ("comma", "period", "question mark"), written as marks
    # when the text is dictated (its cue matches): "a grace period" in a written question stays a word
    dictation_cue: re.Pattern[str] | None = None
    dictated_marks: tuple[tuple[re.Pattern[str], str], ...] = ()
    # another language's words written in English before anything else reads the text, so the scope
    # guard, the dates and the patient's age meet them as every English question: (cue, rewrites) per
    # language, its rewrites applied only when its cue matches (cards, in English, never do)
    translations: tuple[tuple[re.Pattern[str], tuple[tuple[re.Pattern[str], str], ...]], ...] = ()
    # the roles a question names the person it asks about by ("caller is 44", "Employee, 50,"), and where it
    # tells such a person is, between her role and her age ("customer here is 46"): patterns
    patient_roles: tuple[str, ...] = ()
    roles_present_at: tuple[str, ...] = ()
    # the person words each pronoun can stand for ("she" never for "my little brother"): pronoun -> words
    pronoun_people: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def name_documents(self, question: str) -> str:
        for pattern, replacement in self.document_names:
            question = pattern.sub(replacement, question)
        return question

    def expand(self, text: str) -> str:
        """The question with its ranking-only expansions applied (see vocabulary.yaml)."""
        for pattern, replacement in self.expansions:
            text = pattern.sub(replacement, text)
        return text

    def normalize(self, text: str) -> str:
        text = self.correct(text).lower().replace("\u2013", "-").replace("\u2014", "-")
        if self.kept_names is not None:
            text = self.kept_names.sub(_opaque, text)
        # A rewrite whose every match starts with one of a few literal strings is skipped when
        # none is in the text: a leading \b stops Python's own literal search, so without this
        # check each rewrite scans the whole text, and normalizing dominates index builds.
        # (Only for ASCII text: case-insensitive matching of other scripts has exceptions.)
        starts = self._rewrite_starts if text.isascii() else (None,) * len(self.rewrites)
        for (pattern, replacement), literals in zip(self.rewrites, starts, strict=True):
            if literals is None or any(literal in text for literal in literals):
                text = pattern.sub(replacement, text)
        return text

    def correct(self, text: str) -> str:
        """Dictated marks and other languages' words written in English, number words as digits and
        misspelt words corrected, case kept (the first step of normalize).
        One scan of the text's words decides whether either step has anything to do: every card
        is normalized at index time, and none has a number word or an unknown word."""
        if self.dictation_cue is not None and self.dictation_cue.search(text):
            for pattern, mark in self.dictated_marks:
                text = pattern.sub(mark, text)
        for cue, rewrites in self.translations:
            if cue.search(text):
                for pattern, replacement in rewrites:
                    text = pattern.sub(replacement, text)
        words = set(_LETTERS.findall(text.lower()))
        if not NUMBER_WORDS.isdisjoint(words):
            text = numbers_to_digits(text)
        speller = self.speller
        if speller is not None and speller.any_unknown(words):
            text = speller.correct(text)
        return text

    @cached_property
    def speller(self) -> Speller | None:
        """The pack's spelling vocabulary, built once per pack folder (None without a folder)."""
        if self.source_dir is None:
            return None
        return _speller(str(self.source_dir), tuple((p.pattern, r) for p, r in self.rewrites + self.expansions),
                        self.stop_words, self.spelling)

    @cached_property
    def _rewrite_starts(self) -> tuple[tuple[str, ...] | None, ...]:
        return tuple(match_starts(pattern) for pattern, _ in self.rewrites)

    def content_words(self, text: str, normalized: bool = False) -> list[str]:
        """Normalized words without stop words, before stemming (`normalized`: already done)."""
        return [w for w in _TOKEN.findall(text if normalized else self.normalize(text))
                if w not in self.stop_words and (len(w) > 1 or w.isdigit())]

    def tokenize(self, text: str) -> list[str]:
        return _stem(tuple(self.content_words(text)))

    @staticmethod
    def stems(words: list[str]) -> list[str]:
        return _stem(tuple(words))


# English letter names as a dictation writes them ("you ess pee ess tee eff"), for spelled-out abbreviations
_LETTER_NAMES = {"ay": "a", "bee": "b", "see": "c", "cee": "c", "dee": "d", "ee": "e", "eff": "f", "gee": "g",
                 "aitch": "h", "eye": "i", "jay": "j", "kay": "k", "el": "l", "ell": "l", "em": "m", "en": "n",
                 "oh": "o", "pee": "p", "cue": "q", "ar": "r", "ess": "s", "tee": "t", "you": "u", "vee": "v",
                 "ex": "x", "why": "y", "zee": "z", "zed": "z"}
_NAMES = "|".join(_LETTER_NAMES)
_SPELLED = re.compile(rf"\b(?:(?:[a-z][\s.]+){{2,}}[a-z]\b\.?|(?:(?:{_NAMES})\s+){{2,}}(?:{_NAMES})\b)", re.I)


def spelled_out(text: str) -> str:
    """An abbreviation dictated letter by letter ("the a c r", "you ess pee ess tee eff", "a.c.o.g.") written as
    one word: three or more single letters, or three or more letter names, in a row. (For naming an organization
    only: the question's own text keeps its words.)"""
    def joined(match: re.Match[str]) -> str:
        parts = re.split(r"[\s.]+", match.group(0).strip(" ."))
        return "".join(_LETTER_NAMES.get(p.lower(), p) if len(p) > 1 else p for p in parts) + " "
    return _SPELLED.sub(joined, text)


@lru_cache(maxsize=4096)
def _stem_word(word: str) -> str:
    # A snowball stemmer keeps its working state on the object: one per thread, since the app
    # answers several requests at once (a shared one once raised IndexError under 8 saving reviewers).
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    return stemmer.stemWord(word)


def _stem(words: tuple[str, ...]) -> list[str]:
    return [_stem_word(w) for w in words]


_STEMMERS = threading.local()


@lru_cache(maxsize=1024)
def match_starts(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Lower-case literal strings one of which starts every match of the pattern on lower-case
    ASCII text, or None when the pattern does not say (it starts with a class, a repeat...)."""
    try:
        from re import _parser  # the parser re itself uses; any surprise means "cannot say"

        return _literal_starts(list(_parser.parse(pattern.pattern, pattern.flags)))
    except Exception:
        return None


def _literal_starts(items: list) -> tuple[str, ...] | None:
    from re._constants import AT, BRANCH, LITERAL, MAX_REPEAT, MIN_REPEAT, SUBPATTERN

    prefix = ""
    for op, argument in items:
        if op is AT and not prefix:  # \b, ^ before the first literal
            continue
        if op is LITERAL:
            prefix += chr(argument)
            continue
        if not prefix and op is SUBPATTERN:  # a leading group: its own starts
            return _literal_starts(list(argument[-1]))
        if not prefix and op is BRANCH:  # alternatives: the starts of every one
            starts = [_literal_starts(list(branch)) for branch in argument[1]]
            return None if any(s is None for s in starts) else tuple(x for s in starts for x in s)
        if op in (MAX_REPEAT, MIN_REPEAT) and argument[0] >= 1:  # "m+": at least one "m"
            inner = list(argument[2])
            if len(inner) == 1 and inner[0][0] is LITERAL:
                prefix += chr(inner[0][1])
        break
    return (prefix.lower(),) if prefix else None


@lru_cache(maxsize=8)
def _speller(folder: str, rewrites: tuple[tuple[str, str], ...], stop_words: frozenset[str],
             extra: tuple[str, ...]) -> Speller:
    """Targets: the words of the pack's cards, of the lexicon's replacements and of its `spelling`
    list, and the English words of its data files (titles, scope wording and concepts; a regular
    expression's fragment such as "pregnan" is no English word, so never a target); all the data
    files' words and the stop words are known besides. A word a lexicon rewrite reads ("hx",
    "w/o") is the lexicon's to rewrite, never the speller's."""
    from wordfreq import zipf_frequency

    directory = Path(folder)
    targets = set(extra)
    uses: Counter[str] = Counter()
    for card in sorted(directory.glob("*.md")):
        uses.update(_LETTERS.findall(card.read_text(encoding="utf-8").lower()))
    targets.update(uses)
    for _, replacement in rewrites:
        targets.update(_LETTERS.findall(replacement.lower()))
    known = set(stop_words)
    for data in sorted(directory.glob("*.yaml")):  # the strings of each file, not its comments
        for string in _strings(yaml.safe_load(data.read_text(encoding="utf-8"))):
            known.update(_LETTERS.findall(_REGEX_ESCAPE.sub(" ", string).lower()))
    targets.update(w for w in known - targets if zipf_frequency(w, "en") >= DATA_WORD_ZIPF)
    patterns = tuple(re.compile(pattern, re.I) for pattern, _ in rewrites)
    return Speller(targets, known, protected=patterns, stem=_stem_word, english=english_words,
                   topic=[w for w, n in uses.items() if n >= TOPIC_COUNT])


def _strings(data: object):
    """Every string of parsed YAML: keys and values, at any depth."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


def _opaque(match: re.Match[str]) -> str:
    return _NOT_WORD.sub("", match.group(0))


def any_of(patterns: Iterable[re.Pattern[str]]) -> re.Pattern[str] | None:
    """One case-insensitive pattern matching wherever any of `patterns` does (None for none)."""
    sources = [f"(?:{p.pattern})" for p in patterns]
    return re.compile("|".join(sources), re.IGNORECASE) if sources else None


def load_vocabulary(corpus_dir: Path) -> Vocabulary:
    """Read corpus/vocabulary.yaml. Raises CorpusError naming the file and the bad entry."""
    path = Path(corpus_dir) / VOCABULARY_FILE
    name = str(path)
    data = read_mapping(path)
    problems: list[Problem] = []
    rewrites, expansions, documents = (
        [_pair(pair, name, f"{key}[{i}]", problems) for i, pair in enumerate(data.get(key) or [])]
        for key in ("normalize", "expand", "document_names"))
    cues = []
    for i, cue in enumerate(data.get("historical_cues") or []):
        compiled = compile_pattern(cue, name, f"historical_cues[{i}]", problems)
        if compiled is not None:
            cues.append(compiled)
    spelling = data.get("spelling") or []
    if not (isinstance(spelling, list) and all(isinstance(w, str) and w.isalpha() for w in spelling)):
        problems.append(Problem(name, "spelling", "expected a list of words (letters only)"))
        spelling = []
    traits = _patient_traits(data.get("patient") or {}, name, problems)
    extra_stop = data.get("stop_words") or []
    if not all(isinstance(w, str) for w in extra_stop):
        problems.append(Problem(name, "stop_words", "expected a list of words"))
        extra_stop = []
    dictation = data.get("dictation") or {}
    if not isinstance(dictation, dict):
        problems.append(Problem(name, "dictation", "expected a mapping with `cue` and `marks`"))
        dictation = {}
    dictation_cue = compile_pattern(dictation["cue"], name, "dictation.cue", problems) if "cue" in dictation else None
    marks = [_pair(pair, name, f"dictation.marks[{i}]", problems)
             for i, pair in enumerate(dictation.get("marks") or [])]
    translations = _translations(data.get("translate") or {}, name, problems)
    roles = data.get("patient_roles") or {}
    if not (isinstance(roles, dict) and all(isinstance(roles.get(k, []), list) for k in ("roles", "present_at"))):
        problems.append(Problem(name, "patient_roles", "expected `roles` and `present_at`, each a list of patterns"))
        roles = {}
    for key in ("roles", "present_at"):
        for i, pattern in enumerate(roles.get(key) or []):
            compile_pattern(pattern, name, f"patient_roles.{key}[{i}]", problems)
    pronouns = data.get("pronoun_people") or {}
    if not (isinstance(pronouns, dict) and all(isinstance(v, list) for v in pronouns.values())):
        problems.append(Problem(name, "pronoun_people", "expected pronoun -> a list of person words"))
        pronouns = {}
    if problems:
        raise CorpusError(problems)
    stop_words = frozenset((set(ENGLISH_STOP_WORDS) | {w.lower() for w in extra_stop}) - _KEEP)
    return Vocabulary(tuple(r for r in rewrites if r), stop_words, tuple(cues), tuple(e for e in expansions if e),
                      Path(corpus_dir), tuple(w.lower() for w in spelling), traits, tuple(d for d in documents if d),
                      dictation_cue=dictation_cue, dictated_marks=tuple(m for m in marks if m),
                      translations=translations, patient_roles=tuple(map(str, roles.get("roles") or ())),
                      roles_present_at=tuple(map(str, roles.get("present_at") or ())),
                      pronoun_people=tuple((str(k).lower(), tuple(str(w).lower() for w in v))
                                           for k, v in pronouns.items()))


def _translations(spec: object, file: str, problems: list[Problem]) -> tuple:
    """The `translate` section: language -> {cue, rewrites: [[pattern, replacement], ...]}."""
    if not isinstance(spec, dict):
        problems.append(Problem(file, "translate", "expected a mapping of language -> {cue, rewrites}"))
        return ()
    out = []
    for language, entry in spec.items():
        field = f"translate.{language}"
        if not (isinstance(entry, dict) and "cue" in entry and isinstance(entry.get("rewrites"), list)):
            problems.append(Problem(file, field, "expected `cue` (a pattern) and `rewrites` (a list of pairs)"))
            continue
        cue = compile_pattern(entry["cue"], file, f"{field}.cue", problems)
        rewrites = [_pair(pair, file, f"{field}.rewrites[{i}]", problems) for i, pair in enumerate(entry["rewrites"])]
        if cue is not None:
            out.append((cue, tuple(r for r in rewrites if r)))
    return tuple(out)


def _patient_traits(spec: object, file: str, problems: list[Problem]) -> tuple:
    """The `patient` section: trait -> value -> patterns (a value's patterns are tried in order)."""
    if not isinstance(spec, dict):
        problems.append(Problem(file, "patient", "expected a mapping of trait -> value -> patterns"))
        return ()
    traits = []
    for trait, values in spec.items():
        if not isinstance(values, dict):
            problems.append(Problem(file, f"patient.{trait}", "expected a mapping of value -> patterns"))
            continue
        read = []
        for value, patterns in values.items():
            if not (isinstance(patterns, list) and patterns):
                problems.append(Problem(file, f"patient.{trait}.{value}", "expected a list of patterns"))
                continue
            compiled = [compile_pattern(p, file, f"patient.{trait}.{value}[{i}]", problems)
                        for i, p in enumerate(patterns)]
            read.append((str(value), tuple(c for c in compiled if c is not None)))
        traits.append((str(trait), tuple(read)))
    return tuple(traits)


def _pair(pair: object, file: str, field: str, problems: list[Problem]) -> tuple[re.Pattern[str], str] | None:
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
        problems.append(Problem(file, field, "expected [pattern, replacement]"))
        return None
    compiled = compile_pattern(pair[0], file, field, problems)
    return (compiled, pair[1]) if compiled is not None else None

