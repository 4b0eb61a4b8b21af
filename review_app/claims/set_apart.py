"""A member set apart from what a clause says of a group: "A, but not B".

"ORG says the check matters for group A, but not for group B", "the exclusions cover condition A,
but not condition B": the claim says of A what its clause says, and denies it of B. Read as one
assertion, B's words count as stated wherever the card names B; read apart, the clause is put to the
card for B as well ("ORG says the check matters for group B"): when the card states that, the claim
denies what the card says. The words are data: the `set_apart` section of the
pack's claim rules (the cue, and the words that open a member).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..engine.datafiles import compile_pattern, read_section
from ..engine.facts import CLAIM_RULES_FILE
from ..errors import CorpusError, Problem

_NUMBER = re.compile(r"\d")
_MEMBER_END = re.compile(r"[.;!?](?:\s|$)|,\s+(?:and|which|who|whereas|while)\b")


@dataclass(frozen=True)
class SetApartRules:
    cue: re.Pattern[str] | None = None  # "A, but not B": matched between the two members
    openers: tuple[str, ...] = ()  # words that open a member and are repeated before the other ("for", "among")
    heads: tuple[str, ...] = ()  # words that open a member in other words ("people with ..." / "those with ...")


@dataclass(frozen=True)
class SetApart:
    affirmed: str  # the claim without the member set apart ("the check matters for group A")
    denied: str  # the clause put to B in the affirmative ("the check matters for group B")
    member: str  # B's words (without the word that opens it: "group B")


def load_set_apart(directory: Path) -> SetApartRules:
    data, name = read_section(directory / CLAIM_RULES_FILE, "set_apart")
    problems: list[Problem] = []
    cue = compile_pattern(data["cue"], name, "set_apart.cue", problems) if data.get("cue") else None
    words = {}
    for key in ("openers", "heads"):
        value = data.get(key) or []
        if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
            problems.append(Problem(name, f"set_apart.{key}", "expected a list of words"))
            value = []
        words[key] = tuple(w.lower() for w in value)
    if problems:
        raise CorpusError(problems)
    return SetApartRules(cue, words["openers"], words["heads"])


def set_apart(text: str, rules: SetApartRules) -> SetApart | None:
    """The claim's member set apart and the clause it is denied, or None when the claim sets none
    apart or its members cannot be told apart (the clause before A is what is put to B)."""
    if rules.cue is None:
        return None
    m = rules.cue.search(text)
    if m is None:
        return None
    end = _MEMBER_END.search(text, m.end())
    member = text[m.end():end.start() if end else len(text)].strip()
    words = member.split()
    if not words or _NUMBER.search(member):
        return None  # (an age band set apart is the value checks' to compare: "yearly at 45 to 54, but not at 55")
    first = words[0].lower()
    before = text[:m.start()]
    if first in rules.openers:  # "... for A, but not for B": A opens with the same word
        starts = [w.start() for w in re.finditer(rf"\b{re.escape(first)}\b", before, re.I)]
    else:  # "... people with X, but not those with Y": A opens with a word that names a group
        heads = "|".join(map(re.escape, rules.heads))
        starts = [w.start() for w in re.finditer(rf"\b(?:{heads})\b", before, re.I)] if heads else []
    if not starts or starts[-1] == 0:
        return None
    clause = before[:starts[-1]].rstrip()
    rest = text[end.start():] if end else ""
    named = " ".join(words[1:]) if first in rules.openers and len(words) > 1 else member
    return SetApart(f"{before.rstrip()}{rest}".strip(), f"{clause} {member}{rest}".strip(), named)
