"""Load and validate the corpus: manifest.yaml (provenance) and one markdown card per source.

Every problem is collected and reported at once, each with its file, line and field, so a
maintainer fixes the whole manifest in one pass.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from ..errors import CorpusError, Problem
from ..records import DATE_PRECISIONS, Chunk, Source
from .datafiles import read_yaml
from .pack import load_pack

MANIFEST_FILE = "manifest.yaml"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_REQUIRED = (
    "id", "organization", "title", "url", "url_verified", "citation", "knowledge_class",
    "published_date", "effective_date", "date_precision", "verified_on", "supersedes",
    "applies_to", "card", "paraphrase_note",
)
# A withdrawn source names the date and the reason; an undated one may say from when it can count.
_OPTIONAL = ("withdrawn_date", "withdrawn_reason", "not_before")
_ALLOWED = _REQUIRED + _OPTIONAL


@dataclass(frozen=True)
class Corpus:
    """The validated sources and their chunks, in manifest and card order."""

    sources: tuple[Source, ...]
    chunks: tuple[Chunk, ...]
    disclaimer: str
    organizations: dict[str, str]  # short name -> full name
    directory: Path
    warnings: tuple[Problem, ...] = ()  # things loading changed, such as HTML removed from a card

    @cached_property
    def source_by_id(self) -> dict[str, Source]:
        return {s.id: s for s in self.sources}

    @cached_property
    def chunk_by_id(self) -> dict[str, Chunk]:
        return {c.id: c for c in self.chunks}

    def index_text(self, chunk: Chunk) -> str:
        """What the retrievers index and embed for a chunk: organization, source title and heading
        give a section its context. The one definition: the engine, the tests and the benchmarks use it."""
        title = self.source_by_id[chunk.document_id].title
        return f"{chunk.organization}. {title}. {chunk.heading}. {chunk.text}"

    @cached_property
    def version(self) -> str:
        """Hash over every file of the corpus folder that shapes results (manifest, cards, rules)."""
        digest = hashlib.sha256()
        for path in sorted(self.directory.glob("*.yaml")) + sorted(self.directory.glob("*.md")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return digest.hexdigest()[:12]


def slugify(heading: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def load_corpus(directory: Path) -> Corpus:
    """Load manifest and cards from `directory`. Raises CorpusError listing every problem."""
    directory = Path(directory)
    manifest_path = directory / MANIFEST_FILE
    name = str(manifest_path)
    data, text = read_yaml(manifest_path)
    root = yaml.compose(text)

    problems: list[Problem] = []
    if not isinstance(data, dict):
        raise CorpusError([Problem(name, "manifest", "expected a mapping with `sources`")])
    disclaimer = data.get("disclaimer")
    if not isinstance(disclaimer, str) or not disclaimer.strip():
        problems.append(Problem(name, "disclaimer", "missing: every card must end with this line"))
        disclaimer = ""
    organizations = data.get("organizations")
    if not isinstance(organizations, dict) or not organizations:
        problems.append(Problem(name, "organizations", "missing: map each short name to its full name"))
        organizations = {}
    entries = data.get("sources")
    if not isinstance(entries, list) or not entries:
        problems.append(Problem(name, "sources", "missing or empty"))
        raise CorpusError(problems)

    classes = load_pack(directory).knowledge_classes
    lines = _entry_lines(root)
    sources: list[Source] = []
    seen: dict[str, int] = {}
    line_of: dict[str, dict[str, int]] = {}
    for index, entry in enumerate(entries):
        entry_lines = lines[index] if index < len(lines) else {}
        if isinstance(entry, dict) and isinstance(entry.get("id"), str):
            line_of.setdefault(entry["id"], entry_lines)
        source = _parse_source(entry, index, entry_lines, name, organizations, classes, problems)
        if source is None:
            continue
        if source.id in seen:
            problems.append(Problem(name, f"sources[{index}].id",
                                    f"duplicate id {source.id!r} (first at entry {seen[source.id]})",
                                    entry_lines.get("id")))
            continue
        seen[source.id] = index
        sources.append(source)

    by_id = {s.id: s for s in sources}
    for source in sources:
        line = line_of[source.id].get("supersedes")
        for target in source.supersedes:
            if target == source.id:
                problems.append(Problem(name, f"{source.id}.supersedes", "a source cannot supersede itself", line))
            elif target not in by_id:
                problems.append(Problem(name, f"{source.id}.supersedes", f"unknown source id {target!r}", line))
    problems.extend(_cycles(sources, name, line_of))

    chunks: list[Chunk] = []
    warnings: list[Problem] = []
    for source in sources:
        chunks.extend(_load_card(directory, source, disclaimer, problems, line_of[source.id].get("card"), warnings))
    problems.extend(_replaced_sections(sources, chunks, name, line_of))
    if problems:
        raise CorpusError(problems)
    corpus = Corpus(tuple(sources), tuple(chunks), disclaimer, dict(organizations), directory, tuple(warnings))
    _ = corpus.version  # hashed now, from the files as loaded: a later edit must not relabel this corpus
    return corpus


_SCRIPT = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"</?[A-Za-z][^>]*>")


def strip_markup(text: str) -> str:
    """Card text is data: scripts, styles and HTML tags are removed before indexing or display."""
    return re.sub(r"\s{2,}", " ", _TAG.sub(" ", _SCRIPT.sub(" ", text))).strip()


def _entry_lines(root: yaml.Node | None) -> list[dict[str, int]]:
    """Line numbers (1-based) of each source entry's fields, for precise messages."""
    result: list[dict[str, int]] = []
    if not isinstance(root, yaml.MappingNode):
        return result
    for key, value in root.value:
        if key.value == "sources" and isinstance(value, yaml.SequenceNode):
            for item in value.value:
                fields = {"": item.start_mark.line + 1}
                if isinstance(item, yaml.MappingNode):
                    fields.update({k.value: k.start_mark.line + 1 for k, _ in item.value})
                result.append(fields)
    return result


def _parse_source(entry: Any, index: int, lines: dict[str, int], file: str,
                  organizations: dict[str, str], classes: tuple[str, ...], problems: list[Problem]) -> Source | None:
    """One manifest entry as a Source, or None when it has a problem (each appended to `problems`,
    in the order of the steps below)."""
    label = f"sources[{index}]"
    if not isinstance(entry, dict):
        problems.append(Problem(file, label, "expected a mapping", lines.get("")))
        return None
    sid = entry.get("id")
    if _is_slug(sid):
        label = sid
    before = len(problems)

    def bad(field: str, message: str) -> None:
        problems.append(Problem(file, f"{label}.{field}", message, lines.get(field, lines.get(""))))

    _check_field_names(entry, bad)
    _check_identity(entry, organizations, bad)
    _check_classification(entry, classes, bad)
    precision = entry.get("date_precision")
    dates = _dates(entry, bad)
    published = dates.get("published_date")
    _check_date_precision(entry, published, precision, bad)
    withdrawn, reason = _withdrawal(entry, published, bad)
    supersedes, sections = _supersedes(entry, bad)
    not_before = _not_before(entry, published, bad)
    if len(problems) > before:
        return None
    return Source(
        id=sid, organization=entry.get("organization"), title=entry["title"].strip(), url=entry.get("url"),
        url_verified=entry["url_verified"], citation=entry["citation"].strip(),
        knowledge_class=entry.get("knowledge_class"), published_date=published,
        effective_date=dates.get("effective_date"), date_precision=precision,
        verified_on=dates["verified_on"], supersedes=tuple(supersedes),
        applies_to=entry["applies_to"].strip(), card=entry["card"],
        paraphrase_note=entry["paraphrase_note"].strip(), withdrawn_date=withdrawn, withdrawn_reason=reason,
        not_before=not_before, replaces_sections=sections,
    )


def _is_slug(value: Any) -> bool:
    return isinstance(value, str) and bool(_ID.match(value))


def _check_field_names(entry: dict, bad: Callable[[str, str], None]) -> None:
    """Every required field is present and no other field than the allowed ones."""
    for field in _REQUIRED:
        if field not in entry:
            bad(field, "missing")
    for field in entry:
        if field not in _ALLOWED:
            bad(str(field), "unknown field (allowed: " + ", ".join(_ALLOWED) + ")")


def _check_identity(entry: dict, organizations: dict[str, str], bad: Callable[[str, str], None]) -> None:
    """The id, the text fields, the organization and the url."""
    sid = entry.get("id")
    if "id" in entry and not _is_slug(sid):
        bad("id", f"{sid!r} is not a lower-case slug such as 'org-2024'")
    for field in ("title", "url", "citation", "applies_to", "card", "paraphrase_note", "organization"):
        if field in entry and not (isinstance(entry[field], str) and entry[field].strip()):
            bad(field, "must be a non-empty string")
    org = entry.get("organization")
    if isinstance(org, str) and organizations and org not in organizations:
        bad("organization", f"{org!r} is not one of " + ", ".join(organizations))
    url = entry.get("url")
    if isinstance(url, str) and not url.startswith(("https://", "http://")):
        bad("url", "must start with https:// or http://")
    if "url_verified" in entry and not isinstance(entry["url_verified"], bool):
        bad("url_verified", "must be true or false")


def _check_classification(entry: dict, classes: tuple[str, ...], bad: Callable[[str, str], None]) -> None:
    """The knowledge class (one of the pack's) and the date precision."""
    kclass = entry.get("knowledge_class")
    if "knowledge_class" in entry and kclass not in classes:
        bad("knowledge_class", f"{kclass!r} is not one of " + ", ".join(classes) + " (the pack's knowledge_classes)")
    precision = entry.get("date_precision")
    if "date_precision" in entry and precision not in DATE_PRECISIONS:
        bad("date_precision", f"{precision!r} is not one of " + ", ".join(DATE_PRECISIONS))


def _dates(entry: dict, bad: Callable[[str, str], None]) -> dict[str, dt.date | None]:
    """The three dates that are present, parsed (None when unreadable; published and effective may be null)."""
    dates: dict[str, dt.date | None] = {}
    for field in ("published_date", "effective_date", "verified_on"):
        if field not in entry:
            continue
        value = entry[field]
        if value is None and field != "verified_on":
            dates[field] = None
            continue
        parsed = _as_date(value)
        if parsed is None:
            bad(field, f"{value!r} is not a date (YYYY-MM-DD)")
        dates[field] = parsed
    return dates


def _check_date_precision(entry: dict, published: dt.date | None, precision: Any,
                          bad: Callable[[str, str], None]) -> None:
    """A published date agrees with its precision: null only when unknown, the 1st for month, January 1 for year."""
    if "published_date" in entry and entry["published_date"] is None and precision != "unknown":
        bad("published_date", "null is allowed only with date_precision: unknown")
    if published is not None and precision == "unknown":
        bad("date_precision", "is 'unknown' but published_date is given")
    if published is not None and precision in ("month", "year") and published.day != 1:
        bad("published_date", f"date_precision is {precision}: record the first of the month")
    if published is not None and precision == "year" and published.month != 1:
        bad("published_date", "date_precision is year: record January 1")


def _supersedes(entry: dict, bad: Callable[[str, str], None]) -> tuple[list[str], tuple]:
    """The ids a source supersedes (a list, a single id or nothing), and for partial supersession
    the sections it replaces: an entry may be `{id: old-source, sections: [slug, ...]}`. Which ids
    and sections exist is checked once the cards are read."""
    supersedes = entry.get("supersedes", [])
    if supersedes is None:
        supersedes = []
    if isinstance(supersedes, (str, dict)):
        supersedes = [supersedes]
    if not isinstance(supersedes, list):
        bad("supersedes", "must be a list of source ids (or {id, sections} entries)")
        return [], ()
    ids, partial = [], []
    for item in supersedes:
        if isinstance(item, str):
            ids.append(item)
        elif (isinstance(item, dict) and set(item) == {"id", "sections"} and isinstance(item["id"], str)
              and isinstance(item["sections"], list) and item["sections"]
              and all(isinstance(s, str) and s for s in item["sections"])):
            ids.append(item["id"])
            partial.append((item["id"], tuple(item["sections"])))
        else:
            bad("supersedes", f"{item!r} is neither a source id nor {{id: ..., sections: [...]}}")
    return ids, tuple(partial)


def _not_before(entry: dict, published: dt.date | None, bad: Callable[[str, str], None]) -> dt.date | None:
    """`not_before`: only for an undated source, the earliest date it may count."""
    if entry.get("not_before") is None:
        return None
    date = _as_date(entry["not_before"])
    if date is None:
        bad("not_before", f"{entry['not_before']!r} is not a date (YYYY-MM-DD)")
    elif published is not None:
        bad("not_before", "only an undated source (published_date: null) takes not_before")
    return date


def _withdrawal(entry: dict, published: dt.date | None,
                bad: Callable[[str, str], None]) -> tuple[dt.date | None, str | None]:
    """`withdrawn_date` and `withdrawn_reason` come together: a date, on or after publication, and why."""
    value, reason = entry.get("withdrawn_date"), entry.get("withdrawn_reason")
    if value is None and reason is None:
        return None, None
    date = None
    if value is None:
        bad("withdrawn_reason", "given without a withdrawn_date")
    else:
        date = _as_date(value)
        if date is None:
            bad("withdrawn_date", f"{value!r} is not a date (YYYY-MM-DD)")
        elif published is not None and date < published:
            bad("withdrawn_date", f"{date.isoformat()} is before the source was published ({published.isoformat()})")
    if value is not None and not (isinstance(reason, str) and reason.strip()):
        bad("withdrawn_reason", "missing: say why the source was withdrawn")
        reason = None
    return date, reason.strip() if isinstance(reason, str) else None


def _as_date(value: Any) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return None
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str) and len(value) == 10:
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            return None
    return None


def _replaced_sections(sources: list[Source], chunks: list[Chunk], file: str,
                       line_of: dict[str, dict[str, int]]) -> list[Problem]:
    """Every section a partial supersession names is a section of the source it names."""
    slugs = {(c.document_id, c.id.partition("#")[2]) for c in chunks}
    return [Problem(file, f"{source.id}.supersedes", f"{target} has no section {section!r} "
                    f"(its sections: {', '.join(sorted(s for d, s in slugs if d == target))})",
                    line_of[source.id].get("supersedes"))
            for source in sources for target, sections in source.replaces_sections for section in sections
            if any(d == target for d, _ in slugs) and (target, section) not in slugs]


def _cycles(sources: list[Source], file: str, line_of: dict[str, dict[str, int]]) -> list[Problem]:
    """Report every supersession cycle once (a supersedes b supersedes ... a)."""
    graph = {s.id: [t for t in s.supersedes if t != s.id] for s in sources}
    problems, reported = [], set()
    for start in graph:
        path, stack = [], [(start, iter(graph[start]))]
        on_path = {start}
        path.append(start)
        while stack:
            _, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                on_path.discard(path.pop())
                continue
            if child in on_path:
                cycle = path[path.index(child):]
                key = frozenset(cycle)
                if key not in reported:
                    reported.add(key)
                    chain = " -> ".join([*cycle, child])
                    problems.append(Problem(file, f"{cycle[0]}.supersedes", f"supersession cycle: {chain}",
                                            line_of.get(cycle[0], {}).get("supersedes")))
                continue
            if child in graph:
                on_path.add(child)
                path.append(child)
                stack.append((child, iter(graph[child])))
    return problems


def _load_card(directory: Path, source: Source, disclaimer: str, problems: list[Problem],
               manifest_line: int | None, warnings: list[Problem]) -> list[Chunk]:
    path = directory / source.card
    name = str(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        problems.append(Problem(str(directory / MANIFEST_FILE), f"{source.id}.card",
                                f"card file {source.card!r} not found", manifest_line))
        return []
    except UnicodeDecodeError as exc:
        problems.append(Problem(name, "file", f"not UTF-8 ({exc.reason} at byte {exc.start})"))
        return []

    content = [i for i, line in enumerate(lines) if line.strip()]
    if not content:
        problems.append(Problem(name, "card", "empty card"))
        return []
    last = content[-1]
    has_disclaimer = bool(disclaimer) and lines[last].strip() == disclaimer.strip()
    if disclaimer and not has_disclaimer:
        problems.append(Problem(name, "disclaimer", "the card must end with the manifest's disclaimer line", last + 1))
    body_end = last if has_disclaimer else len(lines)

    sections: list[tuple[str, int, list[str]]] = []
    for i in range(body_end):
        line = lines[i]
        if line.startswith("## "):
            sections.append((line[3:].strip(), i + 1, []))
        elif line.startswith("# ") or not sections:
            if line.strip() and not line.startswith("# "):
                problems.append(Problem(name, "card", "text before the first '##' section", i + 1))
        else:
            sections[-1][2].append(line)
    if not sections:
        problems.append(Problem(name, "sections", "no '##' sections: each section is a retrievable chunk"))
        return []

    chunks, slugs = [], {}
    for heading, line_no, body in sections:
        slug = slugify(heading)
        text = " ".join(part.strip() for part in body if part.strip())
        cleaned = strip_markup(text)
        if cleaned != text:
            warnings.append(Problem(name, f"section {heading!r}", "HTML or script removed from the card text", line_no))
            text = cleaned
        if not slug:
            problems.append(Problem(name, "section", "heading has no letters or digits", line_no))
            continue
        if slug in slugs:
            problems.append(Problem(name, f"section {heading!r}",
                                    f"duplicate chunk id {source.id}#{slug} (first at line {slugs[slug]})", line_no))
            continue
        slugs[slug] = line_no
        if not text:
            problems.append(Problem(name, f"section {heading!r}", "empty section", line_no))
            continue
        chunks.append(Chunk(id=f"{source.id}#{slug}", document_id=source.id, organization=source.organization,
                            heading=heading, text=text, line=line_no))
    return chunks
