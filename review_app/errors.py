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


class ValidationError(ReviewAppError):
    """An input file failed validation; `problems` lists every problem found, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        count = len(self.problems)
        header = f"{count} problem{'s' if count != 1 else ''} found"
        super().__init__(header + ":\n" + "\n".join(f"  {p}" for p in self.problems))

    def __str__(self) -> str:
        if len(self.problems) == 1:
            return str(self.problems[0])
        return super().__str__()


class CorpusError(ValidationError):
    """The manifest, a card or the scope rules are invalid."""


class LabelError(ValidationError):
    """A label file (JSON Lines) is invalid."""


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
