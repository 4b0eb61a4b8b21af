"""Errors the package raises. The CLI and the UI catch `ReviewAppError` and show its message."""

from __future__ import annotations

from dataclasses import dataclass


class ReviewAppError(Exception):
    """Base class: every error the package raises on purpose."""


@dataclass(frozen=True)
class Problem:
    """One validation problem, located as precisely as the input allows."""

    file: str
    field: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.field}: {self.message}"


MAX_PROBLEMS = 20  # problems a validation error lists before the rest are only counted


class ValidationError(ReviewAppError):
    """An input file failed validation; `problems` lists every problem found, not just the first
    (or, with `total`, the first ones and a count of the rest: see `limited`)."""

    def __init__(self, problems: list[Problem], total: int | None = None):
        self.problems = list(problems)
        count = len(self.problems) if total is None else total
        header = f"{count:,} problem{'s' if count != 1 else ''} found"
        if total is not None and total > len(self.problems):
            header += f" (the first {len(self.problems) - 1} shown)"
        super().__init__(header + ":\n" + "\n".join(f"  {p}" for p in self.problems))

    def __str__(self) -> str:
        if len(self.problems) == 1:
            return str(self.problems[0])
        return super().__str__()


def limited(problems: list[Problem], file: str, limit: int = MAX_PROBLEMS) -> list[Problem]:
    """The first `limit` problems, then one that counts the rest: a file with a hundred thousand
    bad lines gets a message a person can read."""
    if len(problems) <= limit:
        return list(problems)
    rest = len(problems) - limit
    more = f"{rest:,} more problem{'s' if rest != 1 else ''} not shown ({len(problems):,} problems in all)"
    return [*problems[:limit], Problem(file, "file", more)]


class CorpusError(ValidationError):
    """The manifest, a card or the scope rules are invalid."""


class LabelError(ValidationError):
    """A label file (JSON Lines) is invalid."""


class FileWriteError(ReviewAppError, OSError):
    """A file could not be written (a read-only folder, a full disk): the operating system's
    reason in words, and the path. Still an OSError for callers that catch those."""

    def __init__(self, path: object, exc: OSError):
        self.path, self.reason = path, exc.strerror or type(exc).__name__
        self.message = f"{path}: cannot write here ({self.reason}); nothing was written"
        OSError.__init__(self, exc.errno, self.message)

    def __str__(self) -> str:
        return self.message


class SettingsError(ReviewAppError):
    """A setting (CLI flag or environment variable) has an invalid value."""

    def __init__(self, name: str, value: object, expected: str):
        self.name = name
        self.value = value
        self.expected = expected
        super().__init__(f"{name}: {value!r} is not valid; expected {expected}")


class SnapshotDrift(ReviewAppError):
    """Recomputed metrics differ from the committed snapshots."""

    def __init__(self, differences: list[str]):
        self.differences = differences
        super().__init__("metric snapshots drifted:\n" + "\n".join(f"  {d}" for d in differences))
