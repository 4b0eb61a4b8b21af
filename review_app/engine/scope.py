"""Scope guard: declared exclusions of the corpus (the pack's scope.yaml) become named flags.

Rules are data. A pattern match counts unless it is negated in its clause ("no <variant>
mutation"), or the flag's `unless_before` / `unless_after` context matches (a relative's
diagnosis is a family history, which a pack may keep in scope).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import CorpusError, Problem
from .datafiles import compile_pattern, read_mapping

SCOPE_FILE = "scope.yaml"
_CLAUSE_BREAK = re.compile(r"[.;!?,]|\b(and|but|however|though|although)\b", re.IGNORECASE)
_SENTENCE_BREAK = re.compile(r"[.;!?]")


@dataclass(frozen=True)
class ScopeRule:
    flag: str
    label: str
    patterns: tuple[re.Pattern[str], ...]
    unless_before: re.Pattern[str] | None
    unless_after: re.Pattern[str] | None
    unless_anywhere: re.Pattern[str] | None = None


@dataclass(frozen=True)
class TopicRule:
    """The corpus topic: anchors that place a question in it, and other topics it lacks."""

    label: str
    anchors: tuple[re.Pattern[str], ...]
    related: tuple[re.Pattern[str], ...]
    other_topics: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]
    uncovered: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()


@dataclass(frozen=True)
class ScopeGuard:
    rules: tuple[ScopeRule, ...]
    negation: re.Pattern[str] | None
    window_chars: int
    topic: TopicRule | None = None

    @property
    def flags(self) -> tuple[str, ...]:
        return tuple(rule.flag for rule in self.rules)

    def label(self, flag: str) -> str:
        return next((r.label for r in self.rules if r.flag == flag), flag)

    def check(self, question: str) -> tuple[str, ...]:
        """The flags whose rules fire on `question`, in the order of the rules file."""
        return tuple(rule.flag for rule in self.rules if self._fires(rule, question))

    def other_topic(self, question: str) -> str | None:
        """What the question asks that the corpus does not cover: an `uncovered` subject, or
        another topic when the question names nothing of the corpus topic."""
        if self.topic is None:
            return None
        for label, patterns in self.topic.uncovered:
            if any(p.search(question) for p in patterns):
                return label
        if any(a.search(question) for a in self.topic.anchors):
            return None
        for label, patterns in self.topic.other_topics:
            if any(p.search(question) for p in patterns):
                return label
        return None

    def on_topic(self, question: str) -> bool:
        """Whether the question names the corpus topic or a closely related term."""
        if self.topic is None:
            return True
        return any(p.search(question) for p in self.topic.anchors + self.topic.related)

    def _fires(self, rule: ScopeRule, text: str) -> bool:
        if rule.unless_anywhere is not None and rule.unless_anywhere.search(text):
            return False
        for pattern in rule.patterns:
            for match in pattern.finditer(text):
                start, end = match.span()
                before = text[max(0, start - self.window_chars):start]
                sentence = _SENTENCE_BREAK.split(before)[-1]
                clause = _CLAUSE_BREAK.split(sentence)[-1] if sentence else ""
                if self.negation is not None and self.negation.search(clause):
                    continue
                if rule.unless_before is not None and rule.unless_before.search(sentence):
                    continue
                after = text[end:end + self.window_chars]
                if rule.unless_after is not None and rule.unless_after.search(after):
                    continue
                return True
        return False


def load_scope(corpus_dir: Path) -> ScopeGuard:
    """Read corpus/scope.yaml. Raises CorpusError naming the file, flag and field."""
    path = Path(corpus_dir) / SCOPE_FILE
    name = str(path)
    data = read_mapping(path)
    problems: list[Problem] = []
    flags = data.get("flags")
    if not isinstance(flags, dict) or not flags:
        raise CorpusError([Problem(name, "flags", "missing: map each flag name to its rules")])
    rules = []
    for flag, spec in flags.items():
        if not isinstance(spec, dict):
            problems.append(Problem(name, f"flags.{flag}", "expected a mapping with `patterns`"))
            continue
        patterns = spec.get("patterns")
        if not isinstance(patterns, list) or not patterns:
            problems.append(Problem(name, f"flags.{flag}.patterns", "missing or empty"))
            continue
        compiled = [compile_pattern(p, name, f"flags.{flag}.patterns[{i}]", problems) for i, p in enumerate(patterns)]
        before, after, anywhere = (compile_pattern(spec[key], name, f"flags.{flag}.{key}", problems)
                                   if spec.get(key) else None
                                   for key in ("unless_before", "unless_after", "unless_anywhere"))
        unknown = set(spec) - {"label", "patterns", "unless_before", "unless_after", "unless_anywhere"}
        if unknown:
            problems.append(Problem(name, f"flags.{flag}", "unknown fields: " + ", ".join(sorted(unknown))))
        rules.append(ScopeRule(str(flag), str(spec.get("label") or flag),
                               tuple(c for c in compiled if c is not None), before, after, anywhere))
    negation = (compile_pattern(data["negation_cues"], name, "negation_cues", problems)
                if data.get("negation_cues") else None)
    window = data.get("window_chars", 80)
    if not isinstance(window, int) or window < 10:
        problems.append(Problem(name, "window_chars", "must be a whole number of at least 10"))
        window = 80
    topic = _parse_topic(data.get("topic"), name, problems)
    if problems:
        raise CorpusError(problems)
    return ScopeGuard(tuple(rules), negation, window, topic)


def _parse_topic(spec: object, file: str, problems: list[Problem]) -> TopicRule | None:
    if spec is None:
        return None
    if not isinstance(spec, dict) or not isinstance(spec.get("other_topics"), dict):
        problems.append(Problem(file, "topic", "expected `label`, `anchors` and `other_topics`"))
        return None
    groups = {}
    for key in ("other_topics", "uncovered"):
        groups[key] = []
        for label, patterns in (spec.get(key) or {}).items():
            if not isinstance(patterns, list) or not patterns:
                problems.append(Problem(file, f"topic.{key}.{label}", "expected a list of patterns"))
                continue
            compiled = [compile_pattern(p, file, f"topic.{key}.{label}[{i}]", problems) for i, p in enumerate(patterns)]
            groups[key].append((str(label), tuple(c for c in compiled if c is not None)))
    anchors, related = ([compile_pattern(p, file, f"topic.{key}[{i}]", problems)
                         for i, p in enumerate(spec.get(key) or [])] for key in ("anchors", "related"))
    return TopicRule(str(spec.get("label") or "the corpus topic"), tuple(a for a in anchors if a is not None),
                     tuple(r for r in related if r is not None), tuple(groups["other_topics"]),
                     tuple(groups["uncovered"]))

