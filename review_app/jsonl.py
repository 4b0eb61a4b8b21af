"""JSON Lines, read and written one way everywhere (label files, history, predictions, the event mirror).

A record ends at "\\n" and nowhere else. `str.splitlines()` also breaks at U+2028, U+2029,
U+0085 and other characters that JSON allows raw inside a string, so it would cut a line in
two; and `json.dumps(..., ensure_ascii=False)` writes those characters raw, so a file written
here is split by any reader that uses `splitlines()` (or JavaScript's line rules). Writing
escapes them; reading splits on "\\n" only.
"""

from __future__ import annotations

import json
import re
from typing import Any

# Characters some readers treat as line breaks that JSON leaves raw inside strings.
LINE_BREAKS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\u0085": "\\u0085"}


def dumps(value: Any, **options: Any) -> str:
    """One JSON line (no line break at the end): UTF-8 text as is, except the characters of
    LINE_BREAKS, written as escapes. Outside strings JSON never contains them, so the escape is
    always valid JSON and reads back as the same value."""
    text = json.dumps(value, ensure_ascii=False, **options)
    for raw, escaped in LINE_BREAKS.items():
        if raw in text:
            text = text.replace(raw, escaped)
    return text


def dumps_lines(values: Any, **options: Any) -> str:
    """JSON Lines text: one `dumps` line per value, each ended by "\\n"."""
    return "".join(dumps(value, **options) + "\n" for value in values)


def split_lines(text: str) -> list[str]:
    """The lines of JSON Lines text: split on "\\n" only (a "\\r" before it is whitespace to JSON).
    A final "\\n" does not start another line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


_SURROGATE = re.compile("[\ud800-\udfff]")
SURROGATE_MESSAGE = ("holds a lone surrogate (half of a UTF-16 pair, U+D800 to U+DFFF): that is not text, and no "
                     "UTF-8 file or database can store it; retype the text")


def lone_surrogate(value: Any, where: str = "value") -> str | None:
    """Where the first text (a string, or a key of an object) holding a lone surrogate is
    ("claims[0].text"), or None. JSON can escape one ("\\ud800") and Python strings can hold
    one, but UTF-8 cannot encode it: a write would fail later, far from the cause."""
    stack: list[tuple[str, Any]] = [(where, value)]
    while stack:
        at, item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return at
        elif isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and _SURROGATE.search(key):
                    return at
                stack.append((f"{at}.{key}", inner))
        elif isinstance(item, list | tuple):
            stack += [(f"{at}[{i}]", inner) for i, inner in enumerate(item)]
    return None
