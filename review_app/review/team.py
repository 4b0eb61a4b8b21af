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

# How people are identified, which decides what a name may do (Team.role):
SIGN_IN = "sign-in"  # passwords or Hugging Face sign-in: team.yaml's roles; anyone else a viewer
OPEN_REVIEW = "open review"  # names typed in the app, no sign-in: reviewers at most, a name kept by who declared it
READ_ONLY = "read-only demo"  # a public Space without sign-in (and without REVIEW_APP_OPEN_REVIEW=1): nobody writes
LOCAL = "local"  # the command line on the machine that holds the database: its operator names who acts
MODES = (SIGN_IN, OPEN_REVIEW, READ_ONLY, LOCAL)
MODE_TEXT = {
    SIGN_IN: "Sign-in is on: you act under the name you signed in with, with the role labels/team.yaml gives it.",
    OPEN_REVIEW: "Open review without sign-in: a typed name is a reviewer (never an adjudicator), kept by the "
                 "browser that first used it; team members' names need sign-in; final labels and approving new "
                 "cases need a signed-in adjudicator.",
    READ_ONLY: "Read-only demo: this public Space has no sign-in, so nothing can be saved here. Its owner turns "
               "on sign-in (REVIEW_APP_PASSWORDS or hf_oauth) or open review (REVIEW_APP_OPEN_REVIEW=1).",
    LOCAL: "Local use: the names given are taken as they are.",
}


def app_mode(env: dict[str, str] | None = None) -> str:
    """The identification mode of the web app: sign-in when passwords or Hugging Face sign-in are
    set; on a Hugging Face Space (SPACE_ID) without them, a read-only demo unless
    REVIEW_APP_OPEN_REVIEW=1; elsewhere (a laptop) open review with typed names."""
    env = os.environ if env is None else env
    if passwords(env) or env.get("OAUTH_CLIENT_ID"):
        return SIGN_IN
    if env.get("SPACE_ID") and env.get("REVIEW_APP_OPEN_REVIEW", "").strip() != "1":
        return READ_ONLY
    return OPEN_REVIEW


class AccessDenied(ReviewAppError):
    """The signed-in person's role does not allow the action (`why` says what would)."""

    def __init__(self, actor: str | None, role: str, action: str, why: str = ""):
        self.actor, self.role, self.action = actor, role, action
        allowed = ", ".join(PERMISSIONS.get(action, ()))
        verb = action.replace("_", " ")
        message = f"{actor} ({role}) may not {verb}" if actor else f"without a name, nobody may {verb}"
        message += f": {why}" if why else f": that needs the role {allowed}"
        super().__init__(message)


class NameTaken(ReviewAppError):
    """In open review, a typed name another browser (or client) declared first; or a team member's
    name, which needs sign-in."""


@dataclass(frozen=True)
class Team:
    members: dict[str, str]
    declared_name_role: str
    required_reviews: dict[str, int]
    mode: str = LOCAL  # MODES: how the people acting are identified
    hidden_suggestion: frozenset[str] = frozenset()  # slices whose second reviewer sees no suggestion first

    @property
    def signed_in(self) -> bool:  # identities come from a sign-in (passwords or OAuth), not from typed names
        return self.mode == SIGN_IN

    def role(self, actor: str | None) -> str:
        if not actor or self.mode == READ_ONLY:
            return "viewer"
        if self.mode == SIGN_IN:
            return self.members.get(actor, "viewer")
        role = self.members.get(actor, self.declared_name_role)
        if self.mode == OPEN_REVIEW and role in ("adjudicator", "admin"):
            return "reviewer"  # a typed name proves nothing: final labels and approvals need sign-in
        return role

    def require(self, actor: str | None, action: str) -> None:
        role = self.role(actor)
        if role in PERMISSIONS[action]:
            return
        why = ""
        if self.mode == READ_ONLY:
            why = "this app is a read-only demo (a public Space without sign-in)"
        elif self.mode == OPEN_REVIEW and "reviewer" not in PERMISSIONS[action]:
            why = "that needs a signed-in adjudicator, and sign-in is off (open review: typed names are reviewers)"
        elif not actor:
            why = {SIGN_IN: "sign in first", LOCAL: "name who acts (--reviewer or REVIEW_APP_REVIEWER)"}.get(
                self.mode, "type your name at the top of the page first")
        raise AccessDenied(actor, role, action, why)

    def require_own(self, actor: str | None, owner: str, what: str = "judgments") -> None:
        """Nobody acts on another name's work: saving, submitting or undoing is for its owner alone."""
        if (actor or "").strip() != (owner or "").strip():
            raise AccessDenied(actor, self.role(actor), "judge",
                               f"acting as {actor or 'nobody'}, you cannot change {owner or 'nobody'}'s {what}")

    def declarable(self, name: str) -> None:
        """In open review a typed name must not be a team member's (their role needs sign-in).
        Raises NameTaken."""
        if self.mode == OPEN_REVIEW and name in self.members:
            raise NameTaken(f"{name} is a team member's name (labels/team.yaml): sign in to act as {name}, "
                            "or type another name")

    def reviews_needed(self, slice_name: str) -> int:
        return self.required_reviews.get(slice_name, 2)

    def sees_everyone(self, actor: str | None) -> bool:
        """Adjudicators see every label at once; reviewers only after submitting their own."""
        return self.role(actor) in ("adjudicator", "admin")

    def sees_others(self, actor: str | None, mine_submitted: bool) -> bool:
        """The blind-review rule, one for every view: other reviewers' labels and rationales of a
        pair are shown to an adjudicator, or to a reviewer who has submitted theirs; never to a viewer."""
        return self.sees_everyone(actor) or (mine_submitted and self.role(actor) != "viewer")

    def hides_suggestion(self, slice_name: str) -> bool:
        return slice_name in self.hidden_suggestion

    @property
    def banner(self) -> str:
        return MODE_TEXT[self.mode]


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


def load_team(path: Path | None = None, mode: str | None = None) -> Team:
    """The team file, read for `mode` (MODES; default LOCAL: the command line and the library)."""
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
    hidden = data.get("hide_suggestion_from_second_reviewer") or []
    if not (isinstance(hidden, list) and all(isinstance(v, str) for v in hidden)):
        problems.append(Problem(name, "hide_suggestion_from_second_reviewer", "expected a list of slice names"))
        hidden = []
    if mode is not None and mode not in MODES:
        problems.append(Problem(name, "mode", f"{mode!r} is not one of {', '.join(MODES)}"))
    if problems:
        raise CorpusError(problems)
    return Team({str(k): str(v) for k, v in members.items()}, declared, dict(required), mode or LOCAL,
                frozenset(hidden))
