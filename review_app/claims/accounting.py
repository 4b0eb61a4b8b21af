"""Every content atom of a claim must be accounted for before a card supports it.

The wording test (a share of the claim's content words) lets a claim through with a part the
card never states. These checks withhold `supports` when one kind of atom is not positively
matched on the card, whatever the words around it:

- a year the claim names (a date or a document's year) that the card does not give and that is
  not the cited source's own year;
- a word the card states only under a negator ("not an automatic step") that the claim states
  without one (a polarity the card reverses);
- a scope word of a class (everyone / only some) the claim uses and the card does not;
- values the claim binds together in one clause (an interval and its age band, a percentage and
  what it measures) that the card states apart, each with another value of the same kind.

The words of the classes are data: the `accounted` section of the pack's claim rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..engine.datafiles import read_mapping
from ..engine.facts import Facts
from .values import anchors, is_year, value_kind

YEAR = re.compile(r"\b(19\d\d|20\d\d)\b")


@dataclass(frozen=True)
class AccountingRules:
    negators: tuple[re.Pattern[str], ...] = ()  # words that put the next few words under a negation
    scope: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()  # scope classes: name -> cues
    window: int = 3  # content words after a negator that it covers


def load_accounting(directory: Path) -> AccountingRules:
    data = read_mapping(Path(directory) / "claim_rules.yaml").get("accounted") or {}
    compile_all = lambda values: tuple(re.compile(v, re.IGNORECASE) for v in values or ())  # noqa: E731
    scope = tuple((name, compile_all(cues)) for name, cues in (data.get("scope") or {}).items())
    return AccountingRules(compile_all(data.get("negators")), scope, int(data.get("window", 3)))


def negated_words(text: str, rules: AccountingRules, tokenize) -> tuple[frozenset[str], frozenset[str]]:
    """(stems under a negator, stems outside any) of a text."""
    spans = [(m.end(), m.end()) for p in rules.negators for m in p.finditer(text)]
    under: set[str] = set()
    for start, _ in spans:
        rest = text[start:]
        rest = re.split(r"[.;:,]| but | and | or ", rest, maxsplit=1)[0]
        under.update(tokenize(rest)[:rules.window])
    masked = text
    for pattern in rules.negators:
        masked = pattern.sub(" ", masked)
    free = set(tokenize(masked))
    for start, _ in sorted(spans, reverse=True):
        rest = re.split(r"[.;:,]| but | and | or ", text[start:], maxsplit=1)[0]
        for stem in tokenize(rest)[:rules.window]:
            free.discard(stem)
    return frozenset(under), frozenset(free)


def scope_classes(text: str, rules: AccountingRules) -> frozenset[str]:
    return frozenset(name for name, cues in rules.scope if any(p.search(text) for p in cues))


def unstated_years(claim_text: str, card_text: str, own_years: frozenset[str], unknown: frozenset[str]) -> list[str]:
    """Years the claim names that the card's text does not give, nor its source's own year;
    `unknown`: the claim's own event dates that no card states ("turns 75 in 2026")."""
    card_years = set(YEAR.findall(card_text)) | own_years
    return sorted(set(YEAR.findall(claim_text)) - card_years - unknown)


def split_bindings(claim: Facts, card: Facts) -> str:
    """Values the claim states together in one clause that the card states only apart, each
    beside another value of the kind the other has ("every 1 to 3 years from 40" against "every 1
    to 3 years at 25 to 39, every year from 40"): the card binds them otherwise."""
    card_units = card.clauses or card.sentences
    for clause, _, values in claim.clauses or claim.sentences:
        joined = anchors(frozenset(v for v in values if not is_year(v))) & card.values
        if len(joined) < 2 or len(clause) > 160:
            continue
        if any(joined <= set(v) for _, _, v in card_units) or any(joined <= set(v) for _, _, v in card.sentences):
            continue
        for value in sorted(joined):
            holders = [set(v) for _, _, v in card_units if value in v]
            for other in sorted(joined - {value}):
                kind = value_kind(other, claim, card)
                beside = {w for h in holders for w in h - joined
                          if not is_year(w) and value_kind(w, claim, card) == kind}
                if holders and all(other not in h for h in holders) and beside:
                    return f"{value} beside {' / '.join(sorted(beside))}, not beside {other}"
    return ""
