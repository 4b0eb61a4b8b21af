"""Reading the corpus folder's YAML data files, with errors that name the file, line and field."""

from __future__ import annotations

import functools
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


# The corpus folder's named word lists, shared by its rule files: a pattern names one as {{name}}.
TERMS_FILE = "terms.yaml"
_TERM = re.compile(r"\{\{(\w+)\}\}")


def read_mapping(path: Path) -> dict[str, Any]:
    """A YAML file whose top level must be a mapping (an empty file is an empty mapping), with every
    {{name}} in its strings replaced by the alternatives its folder's terms file lists under that name."""
    data = _read_top_mapping(Path(path))
    if Path(path).name == TERMS_FILE:
        return data
    terms = read_terms(Path(path).parent)
    problems: list[Problem] = []
    expanded = _expand(data, terms, str(path), "", problems)
    if problems:
        raise CorpusError(problems)
    return expanded


def read_terms(folder: Path) -> dict[str, str]:
    """The named word lists of a corpus folder (none without a terms file), each as one group of
    alternatives ready to stand inside a pattern: "(?:mother|mom|...)". Read once per version of
    the file: every rule file of the folder names them."""
    path = Path(folder) / TERMS_FILE
    if not path.exists():
        return {}
    stat = path.stat()
    return dict(_terms_of(str(path.resolve()), stat.st_mtime_ns, stat.st_size))


@functools.lru_cache(maxsize=8)
def _terms_of(path_name: str, _mtime_ns: int, _size: int) -> tuple[tuple[str, str], ...]:
    path = Path(path_name)
    terms, problems = {}, []
    for name, words in _read_top_mapping(path).items():
        if not (isinstance(words, list) and words and all(isinstance(w, str) and w for w in words)):
            problems.append(Problem(str(path), str(name), "expected a non-empty list of words or patterns"))
            continue
        terms[str(name)] = "(?:" + "|".join(words) + ")"
    if problems:
        raise CorpusError(problems)
    return tuple(terms.items())


def _read_top_mapping(path: Path) -> dict[str, Any]:
    data, _ = read_yaml(path)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise CorpusError([Problem(str(path), "file", "expected a mapping at the top level")])
    return data


def _expand(value: Any, terms: dict[str, str], file: str, field: str, problems: list[Problem]) -> Any:
    if isinstance(value, str):
        def term(match: re.Match[str]) -> str:
            if match.group(1) not in terms:
                problems.append(Problem(file, field or "file", f"names {{{{{match.group(1)}}}}}, which "
                                                              f"{TERMS_FILE} does not list"))
                return match.group(0)
            return terms[match.group(1)]
        return _TERM.sub(term, value)
    if isinstance(value, dict):
        return {k: _expand(v, terms, file, f"{field}.{k}" if field else str(k), problems) for k, v in value.items()}
    if isinstance(value, list):
        return [_expand(v, terms, file, f"{field}[{i}]", problems) for i, v in enumerate(value)]
    return value


def read_section(path: Path, key: str) -> tuple[dict[str, Any], str]:
    """One section of a rules file, as a mapping (empty when absent), and the file's name for problems.
    Raises CorpusError naming the file and the section when it is not a mapping."""
    data = read_mapping(path).get(key) or {}
    if not isinstance(data, dict):
        raise CorpusError([Problem(path.name, key, "expected a mapping")])
    return data, path.name


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
