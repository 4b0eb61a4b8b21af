"""Clauses of a question: where the words about one person or one finding stop."""

from __future__ import annotations

import re

# A clause that starts with a verb has no subject of its own ("my friend has the variant and just had
# surgery"): it goes on with the clause before it, and with the person that one names.
# So does a relative clause ("came with her daughter, who is pregnant"): its subject is the one before.
# ... and so does one of adverbs alone before the concept, which is its verb ("I'm postpartum and still nursing").
_SUBJECTLESS = re.compile(r"^\s*(who |whose \w+ |which |that )?(just |also |then |recently |later |since |already )?"
                          r"(had|has|have|was|were|is|got|gets|underwent|went|needed|needs|tested|did|found)\b"
                          r"|^\s*(still|currently|now|also|just)\s*$", re.I)


def last_clause(text: str, clause_break: re.Pattern[str]) -> str:
    """The last clause of `text` (split at `clause_break`, whose groups `re.split` keeps), with
    the clause before it when the last has no subject of its own."""
    parts = [p for p in clause_break.split(text) if p is not None] or [""]
    if _SUBJECTLESS.match(parts[-1]) and len(parts) >= 3:
        return parts[-3] + " " + parts[-2] + " " + parts[-1]
    return parts[-1]

