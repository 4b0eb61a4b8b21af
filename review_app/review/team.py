"""Roles and permissions (labels/team.yaml). Every write checks them on the server."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..engine.datafiles import read_mapping
from ..engine.settings import PROJECT_ROOT
from ..errors import CorpusError, Problem, ReviewAppError

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


def passwords(env: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """Sign-in pairs from REVIEW_APP_PASSWORDS ("name:password,name:password")."""
    value = (env if env is not None else os.environ).get("REVIEW_APP_PASSWORDS", "")
    pairs = [item.split(":", 1) for item in value.split(",") if ":" in item]
    return [(name.strip(), password) for name, password in pairs if name.strip()]


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
