"""Reading the corpus folder's YAML data files, with errors that name the file, line and field."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from ..errors import CorpusError, Problem


def read_yaml(path: Path) -> tuple[Any, str]:
    """Parse a YAML file; return (data, text). Raises CorpusError with the file and line."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
        return yaml.safe_load(text), text
    except FileNotFoundError:
        raise CorpusError([Problem(name, "file", "not found")]) from None
    except UnicodeDecodeError as exc:
        raise CorpusError([Problem(name, "file", f"not UTF-8 ({exc.reason} at byte {exc.start})")]) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        message = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise CorpusError([Problem(name, "yaml", message, mark.line + 1 if mark else None)]) from None
    except ValueError as exc:  # a date-shaped value that is no date (2026-13-01): YAML's own loader raises this
        raise CorpusError([Problem(name, "yaml", f"an impossible date ({exc})")]) from None


def read_mapping(path: Path) -> dict[str, Any]:
    """A YAML file whose top level must be a mapping (an empty file is an empty mapping)."""
    data, _ = read_yaml(path)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise CorpusError([Problem(str(path), "file", "expected a mapping at the top level")])
    return data


def compile_pattern(pattern: object, file: str, field: str, problems: list[Problem]) -> re.Pattern[str] | None:
    """Compile a case-insensitive regular expression, or record why it cannot be compiled."""
    if not isinstance(pattern, str):
        problems.append(Problem(file, field, "expected a regular expression string"))
        return None
    control = next((c for c in pattern if ord(c) < 32 and c not in "\t\n"), None)
    if control is not None:  # a YAML double-quoted "\b" is a backspace, not a word boundary
        problems.append(Problem(file, field, f"control character {control!r} in the pattern: write it in single "
                                             "quotes, or double each backslash inside double quotes"))
        return None
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error as exc:
        problems.append(Problem(file, field, f"invalid regular expression: {exc}"))
        return None


def compile_patterns(value: object, file: str, field: str, problems: list[Problem]) -> tuple[re.Pattern[str], ...]:
    """Compile an optional list of patterns (none when absent), recording each problem with its index."""
    if value is None:
        return ()
    if not isinstance(value, list):
        problems.append(Problem(file, field, "expected a list of patterns"))
        return ()
    compiled = [compile_pattern(p, file, f"{field}[{i}]", problems) for i, p in enumerate(value)]
    return tuple(c for c in compiled if c is not None)
