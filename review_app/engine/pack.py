"""The corpus pack's own file (pack.yaml): what the folder is about, its pinned reference date,
its kinds of source, and the texts the app and the command line show. The code names no topic:
everything topic-specific is read from here or from the pack's rule files."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from ..errors import CorpusError, Problem
from .datafiles import compile_pattern, compile_patterns, read_mapping
from .text import spelled_out

PACK_FILE = "pack.yaml"
# words that make a clause of what stands between a year-named organization and its document noun, not a name
_NOT_A_TOPIC_WORD = (r"(?:said|says|say|saying|published|issued|released|put|puts|had|has|have|was|were|is|are|"
                     r"its|their|the|a|an|this|that|these|those|it|they|recommended|recommends|advised|advises|"
                     r"changed|updated|did|does|do|made|makes|gave|gives|and|or|but|in|on|of|to|for|from|with)")


@dataclass(frozen=True)
class AppTexts:
    title: str
    subtitle: str
    disclaimer: str  # markdown
    question_placeholder: str
    examples_label: str
    examples: tuple[str, ...]
    # per example, the earlier date it compares with ("" for a plain question): an example written
    # as {question: ..., compare_date: YYYY-MM-DD} fills Ask's "compare with an earlier date" too
    example_compare_dates: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pack:
    directory: Path
    topic: str
    reference_date: dt.date
    knowledge_classes: tuple[str, ...]  # the first is the primary kind of source
    scope_note: str
    scope_summary: str
    app: AppTexts
    labels: Path  # the pack's label folder (canonical.jsonl, holdout.jsonl)
    snapshots: Path  # where `snapshots` writes this pack's metric snapshots
    readme: Path  # the README whose generated section shows them
    extra_claim_sets: tuple[Path, ...]  # claim files snapshotted besides the slices
    development_sets: tuple[Path, ...] = ()  # question sets written apart from the code, snapshotted
    # Organizations a question may name that the corpus does not hold: (name, patterns).
    other_organizations: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()

    # How a question names each organization the corpus holds: (short name, patterns).
    organization_names: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()
    # How a question asks the held organizations as a group ("the American groups", "here in the US"):
    # beside an organization the corpus does not hold, the question is not about that one only.
    held_group_cues: tuple[re.Pattern[str], ...] = ()
    # Words that set an organization aside right before its name ("a second example besides the
    # ORG-A"): a question naming it only so does not ask about it.
    set_aside_cues: tuple[re.Pattern[str], ...] = ()
    # A clause that tells when the question is set ("In August 2024, after ORG-A had moved its start to 40,
    # what was ORG-B's position?"): an organization named only there, beside another named outside, is
    # context, not asked about.
    time_clause_cues: tuple[re.Pattern[str], ...] = ()

    def asks_held_group(self, question: str) -> bool:
        text = self.without_other_organizations(question)
        return any(p.search(text) for p in self.held_group_cues)

    def other_organizations_in(self, question: str) -> tuple[str, ...]:
        return tuple(name for name, patterns in self.other_organizations if any(p.search(question) for p in patterns))

    def without_other_organizations(self, question: str) -> str:
        """The question with every mention of an organization the corpus does not hold blanked
        (so "the Canadian task force" does not also name a held task force)."""
        for _, patterns in self.other_organizations:
            for pattern in patterns:
                question = pattern.sub(lambda m: " " * len(m.group(0)), question)
        return question

    def held_organizations_in(self, question: str) -> tuple[str, ...] | None:
        """The held organizations a question names by the pack's `organization_names` (None
        when the pack declares none)."""
        if not self.organization_names:
            return None
        return tuple(org for org, asides in self._mentions(question) if not all(asides))

    def set_aside_organizations_in(self, question: str) -> tuple[str, ...]:
        """The held organizations a question names only after words that set them aside ("apart from
        ORG-A, what do the others say?"): the others are asked about, not they."""
        if not self.set_aside_cues:
            return ()
        return tuple(org for org, asides in self._mentions(question) if all(asides))

    def _mentions(self, question: str) -> list[tuple[str, list[bool]]]:
        """Each held organization the question names, with whether each mention is set aside (a name dictated
        letter by letter, "the a c r", is a name)."""
        text = spelled_out(self.without_other_organizations(question))
        clauses = [m.span() for p in self.time_clause_cues for m in p.finditer(text)]
        found = [(org, [(self._set_aside(text[:m.start()]), any(a <= m.start() < b for a, b in clauses))
                        for p in patterns for m in p.finditer(text)])
                 for org, patterns in self.organization_names]
        named_outside = any(not aside and not in_clause for _, marks in found for aside, in_clause in marks)
        return [(org, [aside or (in_clause and named_outside) for aside, in_clause in marks])
                for org, marks in found if marks]

    def _set_aside(self, before: str) -> bool:
        return any(p.search(before) for p in self.set_aside_cues)

    @cached_property
    def _versioned(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        """For each held organization's name pattern, the pattern of a version named by its year
        (compiled once, on first use)."""
        return tuple((org, re.compile(
            # (a few words of what it is about may stand between, no verb or determiner: "the 2009 ORG-A X-ray
            # test recommendation", not "in 2019 ORG-A said its guidelines ...")
            rf"(?:\b((?:19|20)\d\d)\s+(?:the\s+)?(?:{pattern.pattern})(?:\s+(?!{_NOT_A_TOPIC_WORD}\b)[a-z-]+){{0,4}}?"
            rf"|(?:{pattern.pattern})(?:'s|’s)?\s+"
            rf"((?:19|20)\d\d))\s+(?:recommendations?|recs?|guidelines?|statements?|updates?|bulletins?|versions?"
            rf"|advice|guidance)\b", pattern.flags))
            for org, patterns in self.organization_names for pattern in patterns)

    def versions_named(self, question: str) -> tuple[tuple[str, int, int, int], ...]:
        """(held organization, year, start, end) for each version a question names by its year
        ("ORG-A's 2009 recommendation", "ORG-B's 2011 bulletin")."""
        text = self.without_other_organizations(question)
        return tuple(dict.fromkeys((org, int(m.group(1) or m.group(2)), m.start(), m.end())
                                   for org, versioned in self._versioned for m in versioned.finditer(text)))

    @property
    def primary_class(self) -> str:
        return self.knowledge_classes[0]


def load_pack(directory: Path) -> Pack:
    """Read and check <directory>/pack.yaml. Raises CorpusError listing every problem."""
    return _load(Path(directory).resolve())


@lru_cache(maxsize=16)
def _load(directory: Path) -> Pack:
    path = directory / PACK_FILE
    name = str(path)
    data = read_mapping(path)
    problems: list[Problem] = []

    def text(mapping: dict, field: str, where: str = "") -> str:
        value = mapping.get(field)
        if not isinstance(value, str) or not value.strip():
            problems.append(Problem(name, where + field, "expected non-empty text"))
            return ""
        return " ".join(value.split()) if "\n" in value else value.strip()

    topic = text(data, "topic")
    try:
        reference_date = dt.date.fromisoformat(str(data.get("reference_date")))
    except ValueError:
        problems.append(Problem(name, "reference_date", f"{data.get('reference_date')!r} is not a date as YYYY-MM-DD"))
        reference_date = dt.date.min
    classes = data.get("knowledge_classes")
    if not (isinstance(classes, list) and classes and all(isinstance(c, str) and c for c in classes)
            and len(set(classes)) == len(classes)):
        problems.append(Problem(name, "knowledge_classes", "expected a list of distinct names, the primary kind first"))
        classes = ["guideline"]
    app = data.get("app") if isinstance(data.get("app"), dict) else {}
    if not app:
        problems.append(Problem(name, "app", "expected a mapping of the app's texts"))
    examples = _examples(app.get("examples"), name, problems)
    texts = AppTexts(text(app, "title", "app."), text(app, "subtitle", "app."), text(app, "disclaimer", "app."),
                     text(app, "question_placeholder", "app."), text(app, "examples_label", "app."),
                     tuple(q for q, _ in examples), tuple(d for _, d in examples))
    evaluation = data.get("evaluation") if isinstance(data.get("evaluation"), dict) else {}
    if not evaluation:
        problems.append(Problem(name, "evaluation", "expected a mapping: labels, snapshots, readme"))

    def folder(field: str) -> Path:
        return (directory / text(evaluation, field, "evaluation.")).resolve()

    extra = _file_list(evaluation, "extra_claim_sets", name, problems)
    development = _file_list(evaluation, "development_sets", name, problems)
    others = _named_patterns(data, "other_organizations", name, problems, _country_names(data, name, problems))
    names = _named_patterns(data, "organization_names", name, problems)
    group = compile_patterns(data.get("held_group_cues"), name, "held_group_cues", problems) \
        if data.get("held_group_cues") else ()
    aside = compile_patterns(data.get("set_aside_cues"), name, "set_aside_cues", problems) \
        if data.get("set_aside_cues") else ()
    time_clauses = compile_patterns(data.get("time_clause_cues"), name, "time_clause_cues", problems) \
        if data.get("time_clause_cues") else ()
    pack = Pack(directory, topic, reference_date, tuple(classes), text(data, "scope_note"),
                text(data, "scope_summary"), texts, folder("labels"), folder("snapshots"), folder("readme"),
                tuple((directory / p).resolve() for p in extra), tuple((directory / p).resolve() for p in development),
                others, names, group, aside, time_clauses)
    if problems:
        raise CorpusError(problems)
    return pack


def _examples(examples: object, file: str, problems: list[Problem]) -> list[tuple[str, str]]:
    """The example questions, each with the earlier date it compares with ("" for none): an entry
    is a question, or {question: ..., compare_date: YYYY-MM-DD}."""
    out: list[tuple[str, str]] = []
    for item in examples if isinstance(examples, list) else []:
        question, day = (item.get("question"), item.get("compare_date")) if isinstance(item, dict) else (item, None)
        if not (isinstance(question, str) and question.strip()):
            problems.append(Problem(file, "app.examples",
                                    f"{item!r} is neither a question nor {{question: ..., compare_date: ...}}"))
            continue
        try:
            day = dt.date.fromisoformat(str(day)).isoformat() if day is not None else ""
        except ValueError:
            problems.append(Problem(file, "app.examples", f"compare_date {day!r} is not a date as YYYY-MM-DD"))
            continue
        out.append((question.strip(), day))
    if not out:
        problems.append(Problem(file, "app.examples", "expected a non-empty list of example questions"))
    return out


def _file_list(section: dict, key: str, file: str, problems: list[Problem]) -> list[str]:
    values = section.get(key) or []
    if not (isinstance(values, list) and all(isinstance(v, str) for v in values)):
        problems.append(Problem(file, f"evaluation.{key}", "expected a list of label files"))
        return []
    return values


def _country_names(data: dict, file: str, problems: list[Problem]) -> str:
    """The pack's country names as one alternation, for `{countries}` in a pattern ("" when none are given)."""
    names = data.get("country_names") or []
    if not (isinstance(names, list) and all(isinstance(n, str) and n.strip() for n in names)):
        problems.append(Problem(file, "country_names", "expected a list of country names"))
        return ""
    return "(" + "|".join(re.escape(n.strip()) for n in names) + ")" if names else ""


def _named_patterns(data: dict, key: str, file: str, problems: list[Problem],
                    countries: str = "") -> tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]:
    """A mapping of name -> non-empty list of patterns, compiled (problems name each bad one); `{countries}` in a
    pattern stands for the pack's country names."""
    out = []
    for label, patterns in (data.get(key) or {}).items():
        if not (isinstance(patterns, list) and patterns):
            problems.append(Problem(file, f"{key}.{label}", "expected a list of patterns"))
            continue
        if any(isinstance(p, str) and "{countries}" in p for p in patterns) and not countries:
            problems.append(Problem(file, f"{key}.{label}", "a pattern uses {countries} but country_names is empty"))
        patterns = [p.replace("{countries}", countries) if isinstance(p, str) else p for p in patterns]
        compiled = [compile_pattern(p, file, f"{key}.{label}[{i}]", problems) for i, p in enumerate(patterns)]
        out.append((str(label), tuple(c for c in compiled if c is not None)))
    return tuple(out)
