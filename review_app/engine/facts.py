"""Facts a sentence states, read deterministically: organizations, numbers, intervals, grades,
strength, topics. The claim verifier compares a claim's facts with a card's.

Rules are data (corpus/claim_rules.yaml) on top of the vocabulary's rewrites, so "every
other year", "q2y" and "biennially" all read as `biennial`, and "I statement" as
insufficient evidence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import CorpusError, Problem
from .datafiles import compile_pattern, read_mapping
from .query import card_age_ranges
from .text import Vocabulary

CLAIM_RULES_FILE = "claim_rules.yaml"
STRENGTHS = ("insufficient", "against", "option", "for")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_DECADE = re.compile(r"\b([1-9])0s\b")
_PERCENT = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w%])")
_GRADE = re.compile(r"\bgrade ([abcdi])\b")
# "every 1 or 2 years" is one value (a choice), not both intervals.
_LIST_GAP = re.compile(r"[\s,;()&/]*(?:and|or|as well as|plus|vs\.?|versus)?[\s,;()&/]*(?:the\s+)?")
_OBJECT = re.compile(r"\b(to|by|from|of|on|with|than|against|about|versus|vs\.?)\s+(the\s+)?$")
_CONJUNCTION = re.compile(r"\b(and|or|as well as|plus|vs\.?|versus)\b|&")
_INTERVAL = re.compile(r"\b(annual or biennial|biennial or annual|annual|biennial)\b")


@dataclass(frozen=True)
class ClaimRules:
    rewrites: tuple[tuple[re.Pattern[str], str], ...]
    number_words: dict[str, int]
    strength: dict[str, tuple[re.Pattern[str], ...]]
    claim_priority: tuple[str, ...]
    card_priority: tuple[str, ...]
    universal: tuple[re.Pattern[str], ...]
    exclusion: tuple[re.Pattern[str], ...]
    concepts: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]


@dataclass(frozen=True)
class Facts:
    """What one text states, in comparable form."""

    organizations: tuple[str, ...]  # in order of mention (short names)
    organization_groups: tuple[tuple[str, ...], ...]  # lists such as "USPSTF, ACOG and the ACR"
    subjects: tuple[str, ...]  # organizations not mentioned as an object ("in its response to USPSTF")
    numbers: frozenset[str]  # "40", "74", "2%", "2015"
    age_ranges: tuple[tuple[int, int], ...]  # stated ranges: "40 to 74", "75 and older"
    intervals: frozenset[str]  # "annual", "biennial"
    grades: frozenset[str]  # "b", "c", "i"
    concepts: frozenset[str]
    universal: bool
    excludes: bool  # states that something does not apply
    strengths: tuple[str, ...]  # every strength the whole text expresses, in priority order
    words: frozenset[str]  # content-word stems
    sentences: tuple[tuple[str, tuple[str, ...], frozenset[str]], ...]  # (text, strengths, its values)

    @property
    def values(self) -> frozenset[str]:
        return self.numbers | self.intervals | {f"grade {g}" for g in self.grades}


def load_claim_rules(corpus_dir: Path) -> ClaimRules:
    path = Path(corpus_dir) / CLAIM_RULES_FILE
    name = str(path)
    data = read_mapping(path)
    problems: list[Problem] = []

    def patterns(values: object, field: str) -> tuple[re.Pattern[str], ...]:
        if not isinstance(values, list) or not values:
            problems.append(Problem(name, field, "expected a non-empty list of patterns"))
            return ()
        compiled = (compile_pattern(v, name, f"{field}[{i}]", problems) for i, v in enumerate(values))
        return tuple(c for c in compiled if c is not None)

    rewrites = []
    for i, pair in enumerate(data.get("normalize") or []):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str)):
            problems.append(Problem(name, f"normalize[{i}]", "expected [pattern, replacement]"))
            continue
        compiled = compile_pattern(pair[0], name, f"normalize[{i}]", problems)
        if compiled is not None:
            rewrites.append((compiled, pair[1]))
    strength_spec = data.get("strength") or {}
    strength = {label: patterns(strength_spec.get(label), f"strength.{label}") for label in STRENGTHS}
    priority = data.get("priority") or {}
    orders = {}
    for who in ("claim", "card"):
        order = priority.get(who)
        if not (isinstance(order, list) and sorted(order) == sorted(STRENGTHS)):
            problems.append(Problem(name, f"priority.{who}", "must list " + ", ".join(STRENGTHS) + " once each"))
            order = list(STRENGTHS)
        orders[who] = tuple(order)
    concepts_spec = data.get("concepts") or {}
    if not isinstance(concepts_spec, dict):
        problems.append(Problem(name, "concepts", "expected a mapping of topic -> patterns"))
        concepts_spec = {}
    concepts = tuple((str(k), patterns(v, f"concepts.{k}")) for k, v in concepts_spec.items())
    words = data.get("number_words") or {}
    if not all(isinstance(k, str) and isinstance(v, int) for k, v in words.items()):
        problems.append(Problem(name, "number_words", "expected word: number pairs"))
        words = {}
    universal = patterns(data.get("universal"), "universal")
    exclusion = patterns(data.get("exclusion"), "exclusion")
    if problems:
        raise CorpusError(problems)
    return ClaimRules(tuple(rewrites), dict(words), strength, orders["claim"], orders["card"], universal, exclusion,
                      concepts)


class FactReader:
    """Reads Facts from text with a vocabulary and claim rules; organizations from the corpus."""

    def __init__(self, vocabulary: Vocabulary, rules: ClaimRules, organizations: list[str]):
        self.vocabulary, self.rules = vocabulary, rules
        self._orgs = re.compile(r"\b(" + "|".join(re.escape(o.lower()) for o in organizations) + r")\b")
        self._org_names = {o.lower(): o for o in organizations}
        words = "|".join(map(re.escape, rules.number_words))
        self._number_words = re.compile(rf"\b({words})\b(?=[\s-]+(years?|months?|percent|%))") if words else None

    def normalize(self, text: str) -> str:
        text = self.vocabulary.normalize(text)
        for pattern, replacement in self.rules.rewrites:
            text = pattern.sub(replacement, text)
        if self._number_words is not None:
            text = self._number_words.sub(lambda m: str(self.rules.number_words[m.group(1)]), text)
        return text

    def strengths(self, text: str, priority: tuple[str, ...]) -> tuple[str, ...]:
        """Every strength the text expresses, in priority order."""
        return tuple(label for label in priority if any(p.search(text) for p in self.rules.strength[label]))

    def strength(self, text: str, priority: tuple[str, ...]) -> str | None:
        found = self.strengths(text, priority)
        return found[0] if found else None

    def values(self, text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        numbers = {f"{m.group(1)}%" for m in _PERCENT.finditer(text)}
        stripped = _PERCENT.sub(" ", text)
        for m in _DECADE.finditer(stripped):
            numbers |= {f"{m.group(1)}0", f"{m.group(1)}9"}
        numbers |= set(_NUMBER.findall(_DECADE.sub(" ", stripped)))
        intervals = {"annual or biennial" if " or " in i else i for i in _INTERVAL.findall(text)}
        if {"annual", "biennial"} <= intervals:  # both offered: the same choice as "every 1 or 2 years"
            intervals.add("annual or biennial")
        if "annual or biennial" in intervals:
            intervals |= {"annual", "biennial"}
        return frozenset(numbers), frozenset(intervals), frozenset(_GRADE.findall(text))

    def read(self, text: str, priority: tuple[str, ...]) -> Facts:
        norm = self.normalize(text)
        numbers, intervals, grades = self.values(norm)
        sentences = []
        for sentence in _SENTENCE.split(norm):
            n, i, g = self.values(sentence)
            sentences.append((sentence, self.strengths(sentence, priority),
                              n | i | frozenset(f"grade {x}" for x in g)))
        mentions = list(self._orgs.finditer(norm))
        orgs = tuple(dict.fromkeys(self._org_names[m.group(1)] for m in mentions))
        subjects = tuple(dict.fromkeys(self._org_names[m.group(1)] for m in mentions
                                       if not _OBJECT.search(norm[:m.start()])))
        # A list of organizations: mentions separated only by commas and a conjunction
        # ("USPSTF, ACOG and the ACR"); "In its response to USPSTF, ACR urges" is not one.
        groups, current, joined = [], [], False
        for previous, mention in zip([None, *mentions], mentions, strict=False):
            gap = norm[previous.end():mention.start()] if previous is not None else ""
            if previous is not None and _LIST_GAP.fullmatch(gap):
                current.append(self._org_names[mention.group(1)])
                joined = joined or bool(_CONJUNCTION.search(gap))
            else:
                if len(set(current)) > 1 and joined:
                    groups.append(tuple(dict.fromkeys(current)))
                current, joined = [self._org_names[mention.group(1)]], False
        if len(set(current)) > 1 and joined:
            groups.append(tuple(dict.fromkeys(current)))
        concepts = frozenset(name for name, patterns in self.rules.concepts if any(p.search(norm) for p in patterns))
        return Facts(
            organizations=orgs, organization_groups=tuple(groups), subjects=subjects, numbers=numbers,
            age_ranges=card_age_ranges(norm), intervals=intervals, grades=grades, concepts=concepts,
            universal=any(p.search(norm) for p in self.rules.universal),
            excludes=any(p.search(norm) for p in self.rules.exclusion),
            strengths=self.strengths(norm, priority),
            words=frozenset(self.vocabulary.tokenize(norm)), sentences=tuple(sentences))
