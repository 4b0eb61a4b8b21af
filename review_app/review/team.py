"""Roles and permissions (labels/team.yaml). Every write checks them on the server."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..engine.datafiles import read_mapping
from ..engine.settings import PROJECT_ROOT
from ..errors import CorpusError, Problem, ReviewAppError
from ..jsonl import SURROGATE_MESSAGE, lone_surrogate

ROLES = ("viewer", "reviewer", "adjudicator", "admin")
PERMISSIONS = {
    "judge": ("reviewer", "adjudicator", "admin"),
    "draft_case": ("reviewer", "adjudicator", "admin"),
    "adjudicate": ("adjudicator", "admin"),
    "approve_case": ("adjudicator", "admin"),
    "export": ("adjudicator", "admin"),  # labels/team.yaml: only adjudicators export
}
TEAM_FILE = PROJECT_ROOT / "labels" / "team.yaml"


class AccessDenied(ReviewAppError):
    """The signed-in person's role does not allow the action."""

    def __init__(self, actor: str | None, role: str, action: str):
        self.actor, self.role, self.action = actor, role, action
        who = f"{actor} ({role})" if actor else "someone signed out (viewer)"
        allowed = ", ".join(PERMISSIONS[action])
        super().__init__(f"{who} may not {action.replace('_', ' ')}: that needs the role {allowed}")


@dataclass(frozen=True)
class Team:
    members: dict[str, str]
    declared_name_role: str
    required_reviews: dict[str, int]
    signed_in: bool  # identities come from a sign-in (passwords or OAuth), not from typed names

    def role(self, actor: str | None) -> str:
        if not actor:
            return "viewer"
        if actor in self.members:
            return self.members[actor]
        return "viewer" if self.signed_in else self.declared_name_role

    def require(self, actor: str | None, action: str) -> None:
        role = self.role(actor)
        if role not in PERMISSIONS[action]:
            raise AccessDenied(actor, role, action)

    def reviews_needed(self, slice_name: str) -> int:
        return self.required_reviews.get(slice_name, 2)

    def sees_everyone(self, actor: str | None) -> bool:
        """Adjudicators see every label at once; reviewers only after submitting their own."""
        return self.role(actor) in ("adjudicator", "admin")


class PasswordsError(ReviewAppError):
    """The sign-in list cannot be read. The message names the line, never a password."""


PASSWORDS_FORMAT = ("one name:password per line (the password is the rest of the line, commas and colons "
                    "included), or a JSON object {\"name\": \"password\"}")


def passwords(env: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """Sign-in pairs from REVIEW_APP_PASSWORDS_FILE (a file) or REVIEW_APP_PASSWORDS, in
    PASSWORDS_FORMAT; blank lines and lines starting with # are skipped. Refused, with the line
    and never the password: a line without a name or a colon, an empty password, a name given
    twice, text that is not UTF-8, and the old one-line "name:password,name:password" form,
    where a comma in a password silently cut it."""
    env = os.environ if env is None else env
    file = (env.get("REVIEW_APP_PASSWORDS_FILE") or "").strip()
    if file:
        source = "REVIEW_APP_PASSWORDS_FILE"
        try:
            value = Path(file).read_bytes().decode("utf-8")
        except OSError as exc:
            raise PasswordsError(f"{source}: cannot read {file} ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise PasswordsError(f"{source}: {file} is not UTF-8 text") from None
    else:
        source, value = "REVIEW_APP_PASSWORDS", env.get("REVIEW_APP_PASSWORDS", "")
    if not value.strip():
        return []
    if lone_surrogate(value) is not None:  # bytes that were not UTF-8 in the environment
        raise PasswordsError(f"{source}: not UTF-8 text: it {SURROGATE_MESSAGE}")
    if value.lstrip().startswith("{"):
        pairs = _json_pairs(source, value)
    else:
        lines = [line.removesuffix("\r") for line in value.split("\n")]
        if len([line for line in lines if line.strip()]) == 1 and "," in value:
            raise PasswordsError(f"{source}: a comma on one line is ambiguous (the old form separated people with "
                                 f"commas; a password may hold one): write {PASSWORDS_FORMAT}, or use "
                                 "REVIEW_APP_PASSWORDS_FILE")
        pairs = []
        for number, line in enumerate(lines, start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            name, colon, password = line.partition(":")
            if not colon or not name.strip():
                raise PasswordsError(f"{source}: line {number} is not name:password")
            pairs.append((name.strip(), password, f"line {number}"))
    seen: set[str] = set()
    out = []
    for name, password, where in pairs:
        if not password:
            raise PasswordsError(f"{source}: {where} ({name}) has an empty password; empty passwords are refused")
        if name in seen:
            raise PasswordsError(f"{source}: {where} names {name} a second time")
        seen.add(name)
        out.append((name, password))
    return out


def _json_pairs(source: str, value: str) -> list[tuple[str, str, str]]:
    try:
        data = json.loads(value, object_pairs_hook=list)  # pairs, so a name given twice is seen
    except ValueError as exc:
        raise PasswordsError(f"{source}: not a JSON object ({getattr(exc, 'msg', 'invalid')}); write "
                             f"{PASSWORDS_FORMAT}") from None
    if not isinstance(data, list) or not all(isinstance(pair, tuple) and isinstance(pair[0], str) and pair[0].strip()
                                             and isinstance(pair[1], str) for pair in data):
        raise PasswordsError(f"{source}: expected a JSON object of names and passwords (text)")
    if lone_surrogate(data) is not None:
        raise PasswordsError(f"{source}: {SURROGATE_MESSAGE}")
    return [(name.strip(), password, f"the entry for {name.strip()}") for name, password in data]


def load_team(path: Path | None = None, signed_in: bool | None = None) -> Team:
    path = Path(path or os.environ.get("REVIEW_APP_TEAM") or TEAM_FILE)
    name = str(path)
    data = read_mapping(path)
    problems = []
    members = data.get("members") or {}
    if not isinstance(members, dict):
        problems.append(Problem(name, "members", "expected name: role pairs"))
        members = {}
    for member, role in members.items():
        if role not in ROLES:
            problems.append(Problem(name, f"members.{member}", f"{role!r} is not one of {', '.join(ROLES)}"))
    declared = data.get("declared_name_role", "reviewer")
    if declared not in ROLES:
        problems.append(Problem(name, "declared_name_role", f"{declared!r} is not one of {', '.join(ROLES)}"))
    required = data.get("required_reviews") or {}
    if not (isinstance(required, dict) and all(isinstance(v, int) and v >= 1 for v in required.values())):
        problems.append(Problem(name, "required_reviews", "expected slice: whole number of reviews (1 or more)"))
        required = {}
    if problems:
        raise CorpusError(problems)
    if signed_in is None:
        signed_in = bool(passwords()) or bool(os.environ.get("OAUTH_CLIENT_ID"))
    return Team({str(k): str(v) for k, v in members.items()}, declared, dict(required), signed_in)
