"""Label files: JSON Lines of cases (canonical and holdout slices, or any file in the format).

Loading validates every line and reports every problem at once with file:line and field (the
first MAX_PROBLEMS of them, then a count). A file larger than REVIEW_APP_MAX_LABEL_BYTES or
with more cases than REVIEW_APP_MAX_LABEL_CASES is refused before it is parsed. Unknown
fields are kept (`Case.extra`) and written back in their original order.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..engine.pipeline import MAX_QUESTION_CHARS
from ..errors import LabelError, Problem, SettingsError, limited
from ..jsonl import SURROGATE_MESSAGE, dumps_lines, lone_surrogate, split_lines
from ..records import CLAIM_LABELS, CLAIM_REASONS, Case, Claim, Evidence

SLICES = ("canonical", "holdout")
CASE_FIELDS = ("id", "question", "should_abstain", "gold_document_ids", "gold_chunk_ids", "expected_scope_flags",
               "reference_date", "tags", "claims", "notes")
_REQUIRED = ("id", "question", "should_abstain", "gold_document_ids")
# Limits on a label file (an upload, say), each configurable by its environment variable.
LIMITS = {"REVIEW_APP_MAX_LABEL_BYTES": 20_000_000, "REVIEW_APP_MAX_LABEL_CASES": 10_000}


def limit(name: str, env: Mapping[str, str] | None = None) -> int:
    """A label-file limit: its environment variable, else the default in LIMITS."""
    value = (os.environ if env is None else env).get(name, "").strip()
    if not value:
        return LIMITS[name]
    try:
        number = int(value.replace("_", "").replace(",", ""))
    except ValueError:
        number = 0
    if number < 1:
        raise SettingsError(name, value, "a whole number of 1 or more")
    return number


def slice_path(labels_dir: Path, name: str) -> Path:
    if name not in SLICES:
        raise LabelError([Problem(str(labels_dir), "slice", f"{name!r} is not one of " + ", ".join(SLICES))])
    return Path(labels_dir) / f"{name}.jsonl"


def load_cases(path: Path, source_ids: Iterable[str] | None = None, scope_flags: Iterable[str] | None = None,
               chunk_ids: Iterable[str] | None = None) -> list[Case]:
    """Read and validate a label file. Raises LabelError listing every bad line and field.

    With `source_ids`, `scope_flags` and `chunk_ids`, references are checked against the corpus.
    """
    path = Path(path)
    name = str(path)
    max_bytes, max_cases = limit("REVIEW_APP_MAX_LABEL_BYTES"), limit("REVIEW_APP_MAX_LABEL_CASES")
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise LabelError([Problem(name, "file", f"{size:,} bytes, more than the limit of {max_bytes:,} "
                                                    "(REVIEW_APP_MAX_LABEL_BYTES sets it)")])
        raw = path.read_bytes()
    except FileNotFoundError:
        raise LabelError([Problem(name, "file", "not found")]) from None
    except IsADirectoryError:
        raise LabelError([Problem(name, "file", "is a folder, not a JSON Lines file")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise LabelError([Problem(name, "file", f"not UTF-8 (byte {exc.start})", line)]) from None
    lines = split_lines(text)
    count = sum(1 for line in lines if line.strip())
    if count > max_cases:
        raise LabelError([Problem(name, "file", f"{count:,} cases, more than the limit of {max_cases:,} "
                                                "(REVIEW_APP_MAX_LABEL_CASES sets it)")])
    sources = set(source_ids) if source_ids is not None else None
    flags = set(scope_flags) if scope_flags is not None else None
    chunks = set(chunk_ids) if chunk_ids is not None else None

    problems: list[Problem] = []
    cases: list[Case] = []
    first_line: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(Problem(name, "json", f"malformed JSON: {exc.msg} (column {exc.colno})", number))
            continue
        except RecursionError:
            problems.append(Problem(name, "json", "nested too deeply to read (a case is an object a few levels "
                                                  "deep)", number))
            continue
        case = _parse_case(record, name, number, sources, flags, chunks, problems)
        if case is None:
            continue
        if case.id in first_line:
            problems.append(Problem(name, "id", f"duplicate case id {case.id!r} (first on line {first_line[case.id]})",
                                    number))
            continue
        first_line[case.id] = number
        cases.append(case)
    if problems:
        raise LabelError(limited(problems, name), total=len(problems))
    if not cases:
        raise LabelError([Problem(name, "file", "no cases")])
    return cases


def parse_case(record: Any, file: str = "<case>", line: int = 1, source_ids: Iterable[str] | None = None,
               scope_flags: Iterable[str] | None = None, chunk_ids: Iterable[str] | None = None
               ) -> tuple[Case | None, list[Problem]]:
    """Validate one label-file object (a form's draft, say): the case, or None and its problems."""
    problems: list[Problem] = []
    case = _parse_case(record, file, line, set(source_ids) if source_ids is not None else None,
                       set(scope_flags) if scope_flags is not None else None,
                       set(chunk_ids) if chunk_ids is not None else None, problems)
    return case, problems


def _parse_case(record: Any, file: str, line: int, sources: set[str] | None, flags: set[str] | None,
                chunks: set[str] | None, problems: list[Problem]) -> Case | None:
    before = len(problems)

    def bad(field: str, message: str) -> None:
        problems.append(Problem(file, field, message, line))

    if not isinstance(record, dict):
        bad("case", "expected a JSON object")
        return None
    where = lone_surrogate(record, "case")
    if where is not None:
        bad(where.removeprefix("case."), SURROGATE_MESSAGE)
        return None
    for field in _REQUIRED:
        if field not in record:
            bad(field, "missing")
    case_id = record.get("id")
    if "id" in record and not (isinstance(case_id, str) and case_id.strip()):
        bad("id", "must be a non-empty string")
    question = record.get("question")
    if "question" in record and not (isinstance(question, str) and question.strip()):
        bad("question", "must be a non-empty string")
    elif isinstance(question, str) and len(question.strip()) > MAX_QUESTION_CHARS:
        bad("question", f"{len(question.strip()):,} characters, more than the {MAX_QUESTION_CHARS:,} a question "
                        "may have (the limit `ask` applies)")
    abstain = record.get("should_abstain")
    if "should_abstain" in record and not isinstance(abstain, bool):
        bad("should_abstain", "must be true or false")
    gold = _string_list(record.get("gold_document_ids", []), "gold_document_ids", bad)
    expected = _string_list(record.get("expected_scope_flags") or [], "expected_scope_flags", bad)
    if sources is not None:
        for source in gold:
            if source not in sources:
                bad("gold_document_ids", f"unknown source id {source!r}")
    if flags is not None:
        for flag in expected:
            if flag not in flags:
                bad("expected_scope_flags", f"unknown scope flag {flag!r} (known: {', '.join(sorted(flags))})")
    if abstain is True and gold:
        bad("gold_document_ids", "an abstention case has no gold sources (should_abstain is true)")
    if abstain is False and "gold_document_ids" in record and not gold:
        bad("gold_document_ids", "an answerable case needs at least one gold source")
    if abstain is False and expected:
        bad("expected_scope_flags", "an answerable case cannot expect scope flags")
    reference_date = None
    value = record.get("reference_date")
    if value is not None:
        try:
            if not isinstance(value, str) or len(value) != 10:
                raise ValueError
            reference_date = dt.date.fromisoformat(value)
        except ValueError:
            bad("reference_date", f"{value!r} is not a date (YYYY-MM-DD)")
    notes = record.get("notes", "")
    if not isinstance(notes, str):
        bad("notes", "must be a string")
    claims = _parse_claims(record.get("claims"), chunks, bad)
    gold_chunks = _gold_chunks(record, abstain, gold, chunks, bad)
    tags = _string_list(record.get("tags", []), "tags", bad)
    if len(problems) > before:
        return None
    extra = {k: v for k, v in record.items() if k not in CASE_FIELDS}
    return Case(id=case_id, question=question, should_abstain=abstain, gold_document_ids=tuple(gold),
                expected_scope_flags=tuple(expected), reference_date=reference_date, claims=claims,
                notes=notes or "", extra=extra, line=line, gold_chunk_ids=gold_chunks, tags=tuple(tags))


def _gold_chunks(record: dict[str, Any], abstain: Any, gold: list[str], chunks: set[str] | None,
                 bad) -> tuple[str, ...] | None:
    """`gold_chunk_ids`: none for an abstention case, at least one chunk of every gold source otherwise."""
    if "gold_chunk_ids" not in record:
        return None
    ids = _string_list(record["gold_chunk_ids"], "gold_chunk_ids", bad)
    if abstain is True and ids:
        bad("gold_chunk_ids", "an abstention case has no gold chunks (should_abstain is true)")
    for chunk_id in ids:
        if chunks is not None and chunk_id not in chunks:
            bad("gold_chunk_ids", f"unknown chunk id {chunk_id!r}")
        elif chunk_id.partition("#")[0] not in gold:
            bad("gold_chunk_ids", f"{chunk_id!r} belongs to no source of gold_document_ids")
    if abstain is False:
        missing = [s for s in gold if not any(c.partition("#")[0] == s for c in ids)]
        if missing:
            bad("gold_chunk_ids", "every gold source needs a gold chunk; none for " + ", ".join(missing))
    return tuple(ids)


def _string_list(value: Any, field: str, bad) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        bad(field, "must be a list of strings")
        return []
    if len(set(value)) != len(value):
        bad(field, "lists an id twice")
    return value


def _parse_claims(value: Any, chunks: set[str] | None, bad) -> tuple[Claim, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        bad("claims", "must be a list")
        return ()
    claims, seen = [], set()
    for i, item in enumerate(value):
        where = f"claims[{i}]"
        if not isinstance(item, dict):
            bad(where, "must be an object with id, text and evidence")
            continue
        claim_id, text, evidence = item.get("id"), item.get("text"), item.get("evidence")
        if not (isinstance(claim_id, str) and claim_id):
            bad(f"{where}.id", "must be a non-empty string")
        elif claim_id in seen:
            bad(f"{where}.id", f"duplicate claim id {claim_id!r}")
        seen.add(claim_id)
        if not (isinstance(text, str) and text.strip()):
            bad(f"{where}.text", "must be a non-empty string")
        if not isinstance(evidence, list) or not evidence:
            bad(f"{where}.evidence", "must be a non-empty list")
            continue
        parsed = []
        for j, ev in enumerate(evidence):
            at = f"{where}.evidence[{j}]"
            if not isinstance(ev, dict):
                bad(at, "must be an object with chunk_id and label")
                continue
            chunk_id, label, reason = ev.get("chunk_id"), ev.get("label"), ev.get("reason")
            if not isinstance(chunk_id, str) or (chunks is not None and chunk_id not in chunks):
                bad(f"{at}.chunk_id", f"{chunk_id!r} is not a chunk of the corpus")
            if label not in CLAIM_LABELS:
                bad(f"{at}.label", f"{label!r} is not one of " + ", ".join(CLAIM_LABELS))
            if reason is not None and reason not in CLAIM_REASONS:
                bad(f"{at}.reason", f"{reason!r} is not one of " + ", ".join(CLAIM_REASONS))
            parsed.append(Evidence(chunk_id=chunk_id, label=label, reason=reason,
                                   extra={k: v for k, v in ev.items() if k not in ("chunk_id", "label", "reason")}))
        claims.append(Claim(id=claim_id, text=text, evidence=tuple(parsed),
                            extra={k: v for k, v in item.items() if k not in ("id", "text", "evidence")}))
    return tuple(claims)


def case_to_json(case: Case) -> dict[str, Any]:
    """The case as a label-file object: known fields in the standard order, then unknown ones."""
    record: dict[str, Any] = {
        "id": case.id, "question": case.question, "should_abstain": case.should_abstain,
        "gold_document_ids": list(case.gold_document_ids),
        **({"gold_chunk_ids": list(case.gold_chunk_ids)} if case.gold_chunk_ids is not None else {}),
        "expected_scope_flags": list(case.expected_scope_flags),
        "reference_date": case.reference_date.isoformat() if case.reference_date else None,
        **({"tags": list(case.tags)} if case.tags else {}),
    }
    if case.claims:
        record["claims"] = [
            {"id": c.id, "text": c.text,
             "evidence": [{"chunk_id": e.chunk_id, "label": e.label,
                           **({"reason": e.reason} if e.reason else {}), **e.extra} for e in c.evidence],
             **c.extra}
            for c in case.claims
        ]
    record["notes"] = case.notes
    record.update(case.extra)
    return record


def dumps_cases(cases: Iterable[Case]) -> str:
    """JSON Lines text, byte-for-byte deterministic for the same cases."""
    return dumps_lines(case_to_json(c) for c in cases)


FROZEN_SLICES = ("holdout",)


def hash_path(path: Path) -> Path:
    return Path(path).with_name(Path(path).name + ".sha256")


def file_sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def verify_frozen(path: Path) -> None:
    """Raise LabelError when a frozen label file differs from the hash recorded beside it."""
    recorded_path = hash_path(path)
    try:
        recorded = recorded_path.read_text(encoding="utf-8").split()[0]
    except (FileNotFoundError, IndexError):
        raise LabelError([Problem(str(recorded_path), "sha256", "missing: a frozen slice records its hash")]) from None
    actual = file_sha256(path)
    if actual != recorded:
        raise LabelError([Problem(str(path), "sha256",
                                  f"the frozen file changed: its sha256 is {actual[:12]}…, the recorded one "
                                  f"{recorded[:12]}…; a frozen slice changes only through a new exported version")])


def load_slice(labels_dir: Path, name: str, **references: Iterable[str]) -> list[Case]:
    """Load a named slice (checking a frozen slice against its recorded hash)."""
    path = slice_path(labels_dir, name)
    cases = load_cases(path, **references)
    if name in FROZEN_SLICES:
        verify_frozen(path)
    return cases


def references(engine: Any) -> dict[str, list[str]]:
    """What a label file is checked against: the engine's corpus sources, scope flags and chunks."""
    return {"source_ids": [s.id for s in engine.corpus.sources], "scope_flags": list(engine.scope.flags),
            "chunk_ids": [c.id for c in engine.corpus.chunks]}
