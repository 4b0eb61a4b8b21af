"""Claim-level citation checking: does each cited card say what the claim says?

`Verifier.judge` labels one (claim, cited chunk) pair with a label, a reason naming the layer
to fix, and a plain explanation. `Verifier.verify_claim` adds joint support over all the
claim's citations (ALCE-style) and flags redundant citations. Pure and deterministic: the
same claim, chunk and reference date always give the same verdict.

Checks, in the order the annotation guidelines rank reasons: the citation exists; the
claim's population is within the card (scope flags; a list of who is left out names groups
instead); the cited source is current at the reference date unless the claim is about the
past; the organization; then the facts: strength (a ladder: obligation > recommendation >
option > insufficient evidence > against, with negation scope), antonym pairs, topics,
numbers by kind (ages, start ages, decades, durations, rates, years as dates or names),
intervals, grades, and the claim's remaining content words.

A compound claim is read as atomic assertions (`FactReader.atoms`): each atom is judged
against the chunk of its own organization, reasons are computed per atom (wrong_organization
only when the organization is the wrong part), and the claim is supported only when every
atom is. All wording is data in the pack's claim rules; values are compared by kind in
`values.py` (ages, ranges, dates, intervals, rates).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from ..engine.dates import NOT_A_SPAN, question_time, year_after
from ..engine.facts import FactReader, Facts
from ..engine.pipeline import Engine
from ..engine.query import card_age_ranges, parse_question
from ..records import Claim
from .accounting import (
    frequency_clash,
    load_accounting,
    nearest_organization,
    negated_words,
    percent_of_another,
    reported_as_for,
    scope_classes,
    set_aside_for,
    set_aside_intervals,
    set_aside_pieces,
    split_bindings,
    unstated_years,
    words_after,
)
from .elapsed import elapsed_told, load_elapsed
from .set_apart import load_set_apart, set_apart
from .time_parts import load_earlier_parts, time_parts
from .values import (
    DATED_YEAR,
    MONTHS,
    OPEN_ENDED,
    YEAR,
    ages_of,
    ages_within,
    anchors,
    conflicting_values,
    continued_past_end,
    decade_meets,
    duration_for_age,
    is_decade,
    is_year,
    next_band_start,
    other_number_after,
    other_range_end,
    other_rates,
    ranged_ages,
    ranges_apart,
    swapped_number,
    uncovered,
    unstated_dates,
    year_for_age,
)

# one or two words, no digits, and a quiz's option letter after it ("Correct answer: C."); a title's
# point and a name in brackets are part of the label ("DR. PATEL:", "A (Dr. Lindqvist):")
_SPEAKER = re.compile(r"^\s*([a-z]+\.?(?: [a-z]+\.?)?(?:\s*\([a-z]+\.?(?: [a-z]+\.?){0,2}\))?)\s*:\s+"
                      r"(?:\(?[a-e]\)?[.)]\s+)?", re.I)
# a document named as a line's header: an organization and a word or two ("ORG-A press release:")
_HEADER = re.compile(r"^\s*([a-z]+(?: [a-z]+){1,2})\s*:\s+", re.I)
_WHETHER = re.compile(r"\b(whether|if)\b")
# a direction on the woman's wish ("start at 40 if you want") is the option it offers
_WISHED = re.compile(r"\bif (you|she|they|women|a woman|patients?) "
                     r"(want|wants|wish|wishes|choose|chooses|prefer|prefers|would like)\b")
_LABEL_CONTENT = re.compile(r"\b(not|no|never|for|against|false)\b", re.I)  # a polarity or verdict
# Share of a claim's content (weighted by informativeness) a card must contain to support it.
CONTENT_COVERAGE = 0.6
# Content (informativeness weight) a claim part needs before its wording alone ties it to a card.
SUBSTANTIVE_WEIGHT = 6.0


class Finding(NamedTuple):
    """One reading of a claim (or one atom of it) against one card. `definite`: a finding that
    stands whatever the claim's other parts say (the card says the opposite; a date of this source
    the claim gives wrongly), where other contradictions of an atom may be about another section."""
    label: str
    reason: str | None
    explanation: str
    definite: bool = False


@dataclass(frozen=True)
class Verdict:
    """The verifier's judgment of one (claim, cited chunk) pair."""

    chunk_id: str
    label: str
    reason: str | None
    explanation: str
    status: str | None  # the cited source's status at the reference date

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class ClaimVerdict:
    claim_id: str
    text: str
    verdicts: tuple[Verdict, ...]
    supported: bool  # jointly supported by its citations
    redundant: tuple[str, ...]  # citations that add nothing beyond the others
    explanation: str

    def to_json(self) -> dict[str, Any]:
        return {"claim_id": self.claim_id, "text": self.text, "supported": self.supported,
                "redundant": list(self.redundant), "explanation": self.explanation,
                "citations": [v.to_json() for v in self.verdicts]}


@dataclass(frozen=True)
class _ClaimReading:
    facts: Facts
    attributed: tuple[str, ...]  # organizations the claim speaks for
    multi: bool  # speaks for several (or all) organizations
    historical: bool
    flags: tuple[str, ...]
    weights: dict[str, float]
    named: frozenset[str] = frozenset()  # scope flags named at all (a list of exclusions names them)
    atoms: tuple[_Atom, ...] = ()  # the atomic assertions of a compound claim (empty: the claim is one)
    aside: bool = False  # "apart from ORG-A, all organizations ...": its "all" is the others, part by part
    strength_words: frozenset[str] = frozenset()  # stems of the phrases that state its strengths ("acceptable")
    # per topic the claim names, the stems of the words that name it ("extra imaging": supplemental imaging)
    concept_words: tuple[tuple[str, frozenset[str]], ...] = ()
    advice_words: frozenset[str] = frozenset()  # stems of the phrases that state a recommendation ("advises")
    said: str = ""  # the claim's own words, before the claim rules rewrite them (a part set aside stays)


@dataclass(frozen=True)
class _Atom:
    organizations: tuple[str, ...]  # whom it speaks for (empty: no one named)
    text: str
    reading: _ClaimReading


class Verifier:
    """Verifies claims against the cards of an engine's corpus."""

    def __init__(self, engine: Engine):
        self.engine = engine
        orgs = list(engine.corpus.organizations)
        self.reader = FactReader(engine.vocabulary, engine.claim_rules, orgs)
        self._chunk_facts = lru_cache(maxsize=None)(self._read_chunk)
        self._concepts_by_organization: dict[str, frozenset[str]] = {}
        self.accounting = load_accounting(engine.pack.directory)
        self.elapsed = load_elapsed(engine.pack.directory)
        self.set_apart = load_set_apart(engine.pack.directory)
        self.earlier_parts = load_earlier_parts(engine.pack.directory)
        self._years_on_card: dict[str, frozenset[str]] = {}  # the years each card binds to an update of its advice
        for chunk in engine.corpus.chunks:
            self._years_on_card[chunk.document_id] = self._years_on_card.get(chunk.document_id, frozenset()) \
                | frozenset(m.group(1) for p in self.reader.rules.updated_in for m in p.finditer(chunk.text))
        names = "|".join(re.escape(o.lower()) for o in orgs)  # an organization leading a clause of a list
        self._list_lead = re.compile(rf"\s*([,:])\s*(?:and\s+)?(?=(?:the\s+)?(?:{names})\b(?!'s))")
        # the words of starting (the claim rules write "begin" as "start"): stated by a card whose range opens there
        self._start_words = frozenset(engine.vocabulary.stems(["start", "starts", "starting", "started"]))
        # an inline citation by source id ("[source-2016]", "[source-2016, p. 3]"): the corpus's own ids
        ids = "|".join(re.escape(s.id) for s in sorted(engine.corpus.sources, key=lambda s: -len(s.id)))
        self._source_citation = re.compile(rf"\s*\[[^\[\]]*\b(?:{ids})\b[^\[\]]*\]", re.I)
        # an item of a list of values that ends in one of the pack's interval words ("yearly from 40 and ...")
        intervals = "|".join(map(re.escape, sorted(self.reader.rules.intervals, key=len, reverse=True)))
        self._interval_then = re.compile(rf"\b({intervals})\s+(?:and|or|then|while)\s+(?!\d)") if intervals else None

    def _organization_concepts(self, organization: str) -> frozenset[str]:
        """The concepts an organization's cards state, any of them (built once per organization)."""
        if organization not in self._concepts_by_organization:
            self._concepts_by_organization[organization] = frozenset(
                c for chunk in self.engine.corpus.chunks if chunk.organization == organization
                for c in self._chunk_facts(chunk.id)[0].concepts)
        return self._concepts_by_organization[organization]

    def _read_chunk(self, chunk_id: str, present: bool = False) -> tuple[Facts, tuple[str, ...], frozenset[str]]:
        """A card's facts, scope flags and named flags; `present`: without what it says of the past."""
        chunk = self.engine.corpus.chunk_by_id[chunk_id]
        source = self.engine.corpus.source_by_id[chunk.document_id]
        year = f" ({source.published_date.year})" if source.published_date else ""
        text = f"{chunk.organization}{year}. {chunk.heading}. {chunk.text}"
        if present:
            text = self.reader.present(text)
        return self.reader.read(text, self.reader.rules.card_priority), self.engine.scope.check(text), self._named(text)

    def _without_speaker(self, text: str) -> str:
        """A leading label that says who speaks or what the line is ("Nurse:", "Clinic note:"), when
        it names no organization, value or topic of the claim rules: a header, not content."""
        header = _HEADER.match(text)
        if header is not None and self.reader.organizations_in(header.group(1)) \
                and self.reader.organizations_in(" ".join(text[header.end():].split()[:2])):
            # "ORG-A statement: ORG-B and ORG-A now both ...": a document named as the line's
            # header (not a bare "ORG:", its speaker), whose sentence names its own subjects
            return text[header.end():]
        label = _SPEAKER.match(text)
        if label is None or self.reader.organizations_in(label.group(1)) or _LABEL_CONTENT.search(label.group(1)):
            return text
        said = self.reader.read(label.group(1), self.reader.rules.claim_priority)
        if said.concepts or said.strengths or said.poles or said.excludes or said.negated or said.values \
                or said.universal or self.engine.scope.check(label.group(1)):
            # ("Excluded: ...", "Not for: ...", "All guidelines: ..." say what the line asserts; "Men: ..." whom)
            return text
        return text[label.end():]

    def _groups_named(self, text: str) -> frozenset[str]:
        """The scope flags a text names as a group of people (not a relative's or another person's history)."""
        return frozenset(f["flag"] for f in self.engine.scope.findings(text) if f.get("context") != "another person")

    def _named(self, text: str) -> frozenset[str]:
        """The scope flags a text names at all, negated or not ("no BRCA mutation" names it); another person's
        ("a family history of the disease, such as a mother") names the relative's, not the group."""
        return self._groups_named(text)

    def _read_claim(self, text: str, reference_date: dt.date, whole: bool = True) -> _ClaimReading:
        for frame in self.reader.rules.frames:  # "MYTH: X. FACT: Y" claims Y
            text = frame.sub("", text)
        text = self._without_speaker(text)  # "Rationale: ORG-A, like ORG-B, ...": the label is no part
        text = self.reader.without_framing(text)  # "unlike your quarterly estimates, ...": the reader's world
        # an inline citation by chunk or source id ("[source-2016#section]", "[source-2016]") names what is cited,
        # not the time spoken of
        text = self._source_citation.sub("", _CHUNK_CITATION.sub("", text))
        facts = self.reader.read(text, self.reader.rules.claim_priority)
        grouped = tuple(dict.fromkeys(o for group in facts.organization_groups for o in group))
        attributed = grouped or (facts.subjects or facts.organizations)[:1]
        statuses = self.engine.statuses(reference_date)
        superseded_years = [s.published_date.year for s in self.engine.corpus.sources
                            if statuses[s.id] == "superseded" and s.published_date]
        # read as the vocabulary writes it ("in '16" is in 2016)
        features = parse_question(self.engine.vocabulary.normalize(text), self.engine.vocabulary,
                                  self.engine.params.background, reference_date, superseded_years)
        plain = self.reader.normalize(text)
        parts = self._listed(self.reader.atoms(text, tuple(self.engine.corpus.organizations))) if whole else ()
        drawn = tuple(part for _, part in parts if self._draws_only(part))
        parts = tuple((orgs, part) for orgs, part in parts if part not in drawn)
        for part in drawn:  # "..., so you may want to start now if you prefer": the writer's, not the card's
            plain = plain.replace(part, " ")
        for start, end in reversed(self.reader.denied_spans(plain)):
            plain = plain[:start] + " " * (end - start) + plain[end:]
        # "it is not true that", "generally": no content of their own; a strength phrase ("there is
        # not enough evidence to recommend for or against", a denied one) is compared as a strength, not as words
        strength_phrases = self.reader.rules.strength.get("insufficient", ())
        for pattern in self.reader.rules.negation_clause + self.reader.rules.hedges + strength_phrases:
            plain = pattern.sub(" ", plain)
        # "the ORG-A advice", "meant for": how a claim names the position and whom it is for, not content
        for pattern in self.reader.rules.referents:
            plain = pattern.sub(" ", plain)
        # a cue of the past ("pre-Oct-2024", "previously") says which time a part speaks of, not a fact
        for pattern in self.accounting.time_marks:
            plain = pattern.sub(" ", plain)
        # "doesn't": a polarity (compared as one), not a word; "can't" is "can not", "won't" "will not"
        plain = _CONTRACTED_NOT.sub(lambda m: _IRREGULAR_NOT.get(m.group(0), m.group(1)) + " not", plain)
        words = self.engine.vocabulary.content_words(plain)
        background = self.engine.params.background
        weights = dict(zip(self.engine.vocabulary.stems(words), (background.weight(w) for w in words), strict=True))
        org_stems = {self.engine.vocabulary.stems([o.lower()])[0] for o in self.engine.corpus.organizations}
        atoms: tuple[_Atom, ...] = ()
        if whole and (len(parts) > 1 or (parts and parts[0][0] and set(parts[0][0]) != set(attributed))):
            atoms = tuple(_Atom(orgs, part, self._read_claim(part, reference_date, whole=False))
                          for orgs, part in parts)
        weights = {w: v for w, v in weights.items() if w not in org_stems}
        normalized = self.reader.normalize(text)
        # (a present verb speaks of the standpoint the claim states, "as of July 2024, its advice is still X",
        # unless a word of today itself says it speaks of now)
        stood_then = any(date < reference_date for _, date in _spoken_times(normalized, _SPEAKING_AT)) \
            and not any(p.search(normalized) for p in self.reader.rules.now_cues)
        historical = (features.historical or any(p.search(normalized) for p in self.reader.rules.past_cues)) \
            and (stood_then or not any(p.search(normalized) for p in self.reader.rules.present_cues))
        aside = bool(atoms) and any(p.match(normalized) for p in self.reader.rules.atoms.get("set_aside", ()))
        flags = tuple(f for f in self.engine.scope.check(text) if f not in self._defined_away(text))
        flags += tuple(f for f in self._flags_of_person_asked_about(text) if f not in flags)
        # (an option's wording varies most: "acceptable", "up to her", "her call"; a recommendation's
        # words, "routine", "advised", are content a card shares or not)
        spans = self.reader.strength_spans(normalized)

        def words_of(kind: str) -> frozenset[str]:
            return frozenset(self.engine.vocabulary.stems(self.engine.vocabulary.content_words(
                " ".join(normalized[start:end] for label, start, end in spans if label == kind))))

        strength_words, advice_words = words_of("option"), words_of("for")
        concept_words = tuple(
            (name, frozenset(self.engine.vocabulary.stems(self.engine.vocabulary.content_words(
                " ".join(m.group(0) for p in patterns for m in p.finditer(normalized))))))
            for name, patterns in self.reader.rules.concepts if name in facts.concepts)
        return _ClaimReading(facts, attributed, facts.universal or len(attributed) > 1, historical,
                             flags, weights,
                             self._named(text), atoms, aside, strength_words, concept_words, advice_words,
                             self.engine.vocabulary.normalize(text).lower())

    def _flags_of_person_asked_about(self, text: str) -> tuple[str, ...]:
        """The scope flags a condition tells of the person the answer is about, named by the asker's word for
        them ("if your daughter has condition X, ORG's advice applies to her"), in a claim that gives the asker
        no advice of their own: hers, not another person's."""
        rules = self.reader.rules
        lowered = text.lower()
        person = next((m.group("person") for p in rules.person_asked_about for m in p.finditer(lowered)), None)
        if person is None or any(p.search(lowered) for p in rules.asker_advised):
            return ()
        return tuple(dict.fromkeys(f["flag"] for f in self.engine.scope.findings(text, proxy=person)
                                   if f["context"] == "affirmed"))

    def _takes_a_side(self, facts: Facts) -> bool:
        """A claim that says, with no strength word, hedged or not, that screening goes on or stops
        ("healthy women may want to continue after 75"), undenied and not asked as "whether": a
        direction an insufficient-evidence statement does not give."""
        text = facts.text
        return not facts.strengths and not facts.negated and any(pair in self.reader.rules.directional
                                                                 for pair, _ in facts.poles) \
            and not _WHETHER.search(text) and not any(p.search(text) for p in self.accounting.negators)

    def _draws_only(self, part: str) -> bool:
        """A consequence the writer draws from what the claim states ("so you may want to start now
        if you prefer", "that's part of why they changed it") or a note of what was done ("Discussed
        screening; per ORG-A ..."): it names no organization, value, side, obligation, denial or group
        of the scope, and no strength beyond a recommendation or an option, so it asserts nothing a
        card could state or deny."""
        rules = self.reader.rules.atoms
        if any(p.fullmatch(part.strip()) for p in rules.get("circumstance", ())):
            return True  # "you turned 40, so ...": the person's age, told as the occasion of the advice
        if not any(p.match(part) for p in rules.get("consequence", ()) + rules.get("narration", ())):
            return False
        facts = self.reader.read(part, self.reader.rules.claim_priority)
        return not (facts.organizations or facts.values or facts.poles or facts.mandate or facts.negated
                    or facts.concepts or set(facts.strengths) - {"for", "option"} or self.engine.scope.check(part))

    def _defined_away(self, text: str) -> frozenset[str]:
        """Scope flags every mention of which sits in a list item a negator opens ("average risk: no
        personal history, no known mutation such as BRCA, ..."): the claim defines who is in the
        population by naming the group as absent, it does not apply the advice to the group."""
        lowered = text.lower()
        items: dict[str, list[bool]] = {}
        for finding in self.engine.scope.findings(text):
            concept = finding["concept"].lower()
            for m in re.finditer(re.escape(concept), lowered):
                listed = re.split(r"[,;:=]|\b(?:and|or)\b", lowered[:m.start()])  # "(e.g. X)" is its item's
                items.setdefault(finding["flag"], []).append(
                    _negated_item(listed[-1], self.accounting.negators) or _in_a_denied_list(listed))
        return frozenset(flag for flag, negated in items.items() if negated and all(negated))

    def _listed(self, parts: tuple[tuple[tuple[str, ...], str], ...]) -> tuple[tuple[tuple[str, ...], str], ...]:
        """A part that lists organizations' positions one after another ("ORG-A recommends X, the
        ORG-B Y, and ORG-C Z"; "ORG-A and ORG-B differ: ORG-A says X, ORG-B Y") is one assertion per
        organization: split before each organization that leads a clause after a comma (after a
        colon when what comes before it names several or is a sentence of its own). A list in parentheses
        is not split."""
        lead = self._list_lead
        out: list[tuple[tuple[str, ...], str]] = []
        for orgs, text in parts:
            masked = re.sub(r"\([^)]*\)", lambda m: "x" * len(m.group(0)), text)
            cuts = [m for m in lead.finditer(masked)
                    if m.group(1) == "," or len(self.reader._speakers(text[:m.start()])) > 1
                    # "ORG-A's schedule did not go unchallenged: ORG-B urged ...": a sentence, then another's part
                    or (len(text[:m.start()].split()) >= 4 and _FINITE.search(text[:m.start()]) is not None)]
            bounds = [0, *(x for m in cuts for x in (m.start(), m.end())), len(text)]
            pieces = [text[a:b].strip(" ,") for a, b in zip(bounds[::2], bounds[1::2], strict=True)]
            if len(pieces) > 1 and not self.reader._speakers(pieces[0]):  # "on topic X, ORG-A ...": its setting
                pieces[:2] = [f"{pieces[0]}, {pieces[1]}"]
            speakers = [self.reader._speakers(p) for p in pieces]
            if len(pieces) < 2 or not speakers[0] or len({s[0] for s in speakers if s}) < 2:
                out.append((orgs, text))
                continue
            previous = orgs
            for piece, who in zip(pieces, speakers, strict=True):
                previous = who or previous  # "neither ORG-B nor ORG-C ..." speaks for both
                out.append((previous, piece))
        return tuple(out)

    def judge(self, claim_text: str, chunk_id: str, reference_date: dt.date) -> Verdict:
        """Label one (claim, cited chunk) pair."""
        return self._judge(self._read_claim(claim_text, reference_date), chunk_id, reference_date)

    def _judge(self, claim: _ClaimReading, chunk_id: str, reference_date: dt.date) -> Verdict:
        corpus = self.engine.corpus
        if chunk_id not in corpus.chunk_by_id:
            return Verdict(chunk_id, "does_not_support", "other", f"{chunk_id} is not a chunk of the corpus", None)
        chunk = corpus.chunk_by_id[chunk_id]
        source = corpus.source_by_id[chunk.document_id]
        status = self.engine.chunk_statuses(reference_date)[chunk_id]  # a replaced section is superseded
        card, card_flags, card_named = self._chunk_facts(
            chunk_id, not claim.historical or self._speaks_of_its_time(claim.facts.text, chunk_id))

        def verdict(label: str, reason: str | None, explanation: str) -> Verdict:
            return Verdict(chunk_id, label, reason, explanation, status)

        # a time told between two documents: their publication dates decide it, whatever card is cited for it
        elapsed = elapsed_told(claim.facts.text, self.elapsed, self.engine.pack.organization_names,
                               corpus.sources, source)
        if elapsed is not None and not elapsed.holds:
            return verdict("contradicts", "missing_fact", elapsed.explain())
        if elapsed is not None and source.id in (elapsed.first.id, elapsed.second.id):
            # (true by the dates, which no card states: the cited one gives one end of it)
            return verdict("partially_supports", "missing_fact", elapsed.explain())
        apart = set_apart(claim.said, self.set_apart) if claim.said else None
        if apart is not None and self._judge(self._read_claim(apart.denied, reference_date), chunk_id,
                                             reference_date).label == "supports" \
                and self._judge(self._read_claim(apart.affirmed, reference_date), chunk_id,
                                reference_date).label in ("supports", "partially_supports"):
            # "A, but not B" against a card that says the same of B
            return verdict("contradicts", "missing_fact",
                           f"{chunk_id} says it of {apart.member} too, which the claim denies")
        held = self._held_since(claim, chunk_id, reference_date)
        if held:
            return verdict("contradicts", "missing_fact", held)
        earlier = self._earlier_part_beside(claim, chunk_id, status, reference_date)
        if earlier:
            return verdict("partially_supports", "missing_fact", earlier)
        own = not claim.attributed or chunk.organization in claim.attributed  # the claim speaks for its organization
        # A claim that says who is left out names those groups; it is not about them.
        listing = _lists_left_out(claim.facts)
        outside = [f for f in claim.flags if f not in card_flags]
        unnamed = sorted(claim.named - card_named)
        # (a list given as another organization's is wrong first about whose it is)
        covered = _listed_yet_covered(claim.facts, card) if not claim.atoms \
            and own else []
        if covered:
            return verdict("contradicts", "missing_fact", f"{chunk_id} covers {', '.join(covered)}")
        whole = claim.facts.text
        more = sorted(card_named - claim.named) if listing and card.excludes else []
        if more and "only_some" in scope_classes(whole, self.accounting):  # "only X and Y are left out"
            labels = "; ".join(self.engine.scope.label(f) for f in more)
            return verdict("contradicts", "missing_fact", f"{chunk_id} also leaves out {labels}")
        if listing and unnamed and not (claim.atoms and not claim.facts.universal):  # a compound claim: per part
            labels = "; ".join(self.engine.scope.label(f) for f in unnamed)
            # a list that names some of the groups the card leaves out, and one it does not, is right in part
            label = "partially_supports" if claim.named & card_named and card.excludes else "does_not_support"
            return verdict(label, "missing_fact", f"{chunk_id} does not name {labels}")
        if set(outside) <= card_named and any(p.search(whole) for p in self.reader.rules.routed_elsewhere):
            outside = []  # sent where the card sends them: what the card says of them is compared as stated
        if outside and not listing and set(outside) <= card_named and not card.excludes:
            # the card names the group only to set it aside ("for people with no symptoms")
            labels = "; ".join(self.engine.scope.label(f) for f in outside)
            return verdict("contradicts", "missing_fact", f"{chunk_id} is for people without {labels}")
        if outside and not listing and set(outside) <= card_named and card.excludes:
            # the card names the group among those it leaves out; the claim applies the advice to them
            labels = "; ".join(self.engine.scope.label(f) for f in outside)
            return verdict("contradicts", "out_of_scope", f"{chunk_id} excludes {labels}; the claim applies it to them")
        kept_in = sorted(self._groups_named(whole) & card_named) if not listing and card.excludes \
            and not claim.atoms and dict(claim.facts.poles).get("coverage") == 1 and not claim.facts.absent else []
        if kept_in:  # "does not exclude X", "fails to leave out X": the advice applied to a group the card leaves out
            labels = "; ".join(self.engine.scope.label(f) for f in kept_in)
            return verdict("contradicts", "out_of_scope", f"{chunk_id} excludes {labels}; the claim applies it to them")
        if outside and not listing:
            labels = "; ".join(self.engine.scope.label(f) for f in outside)
            return verdict("does_not_support", "out_of_scope",
                           f"the claim is about {labels}, which {source.id} does not cover "
                           f"({self.engine.pack.scope_note})")
        if listing:  # the groups it names are on the card: their words are stated
            claim = self._without_flag_words(claim)
        if claim.flags and card.excludes and not listing:
            labels = "; ".join(self.engine.scope.label(f) for f in claim.flags)
            return verdict("contradicts", "out_of_scope", f"{chunk_id} excludes {labels}; the claim applies it to them")
        if status != "current" and not claim.historical:
            when = reference_date.isoformat()
            if status == "withdrawn":
                detail = f"was withdrawn on {source.withdrawn_date} ({source.withdrawn_reason}), before {when}"
            else:
                detail = ("is superseded" if status == "superseded" else "is not yet published") + f" at {when}"
            successors = [s.id for s in corpus.sources if source.id in s.supersedes]
            if successors and source.id not in {c for s in corpus.sources for c, _ in s.replaces_sections}:
                detail += f" (by {', '.join(successors)})"
            elif successors and status == "superseded":
                detail = (f"is superseded at {when} in this section ({chunk_id}: replaced by "
                          f"{', '.join(successors)}; its other sections stay current)")
            if status == "superseded" and self._dates_a_part_to(claim, chunk_id):
                # "In 2016 ORG-A left it to the patient, a position it still holds today": the part dated to
                # this version is its to state; what the claim says of the present is not
                past = self._judge(dataclasses.replace(claim, historical=True), chunk_id, reference_date)
                if past.label in ("supports", "partially_supports"):
                    return verdict("partially_supports", "wrong_version",
                                   f"{chunk_id} states what the claim says of {source.published_date.year}; "
                                   f"{source.id} {detail}, so not what it says of the present")
            return verdict("does_not_support", "wrong_version",
                           f"{source.id} {detail}, but the claim speaks of current guidance")
        undone = self._later_acts(claim.facts.text, chunk_id, self.reader.rules.later_version_undone)
        # (unless the claim says what holds now, "... and no longer applies", which the card's status answers)
        if undone and own \
                and not _NO_LONGER.search(claim.facts.text):
            # "ORG-A's exam advice in its 2017 bulletin was withdrawn by the 2024 update": not the old card's to say
            return verdict("does_not_support", "missing_fact",
                           f"{chunk_id} is of {source.published_date.year}; what a {min(undone)} version did to it "
                           f"is not on it")
        cohort = self._cohort_read_as_age(whole, card, chunk_id) \
            if own else ""
        if cohort:
            return verdict("contradicts", "missing_fact", f"{chunk_id} speaks of ages, not of when people were "
                           f"born or turned an age nor of a point in the calendar ('{cohort}')")
        replaced = self._replaced_version_in_force(claim, chunk_id) if status == "current" \
            and own else ""
        if replaced:
            return verdict("contradicts", "missing_fact", replaced)
        removed = self._removed_yet_current(claim, card, chunk_id) if status == "current" \
            and own else ""
        if removed:  # "ORG-A dropped exam X in its update" against the section still in force
            return verdict("contradicts", "missing_fact", removed)
        if own and card.excludes and not listing and any(p.search(whole) for p in self.reader.rules.no_exceptions):
            return verdict("contradicts", "missing_fact",
                           f"{chunk_id} leaves some groups out; the claim says the advice has no exceptions")
        glossed = self._glossed_concept(whole, card) if own else ""
        if glossed:  # "awareness of one's body means having a clinician examine it": another topic
            return verdict("contradicts", "missing_fact", f"{chunk_id} states {glossed}")
        spoken = [date for _, date in _spoken_times(whole)] + self._opening_time(claim.facts, chunk_id)
        if claim.historical and spoken and \
                all(self.engine.chunk_statuses(d).get(chunk_id) != "current" for d in spoken):
            # "as of 2025, ORG advised ...": the section was replaced (or not yet out) at the time spoken of
            when = ", ".join(d.isoformat() for d in spoken)
            return verdict("does_not_support", "wrong_version",
                           f"{chunk_id} was not in force at {when}, the time the claim speaks of")
        preceded = self._told_of_before_the_move(claim, chunk_id) \
            if claim.historical and own else ""
        if preceded:  # "Before 2024, ORG-A rated the 40s grade B" against "moved from grade C to grade B"
            return verdict("contradicts", "missing_fact", f"{chunk_id} states {preceded}")
        left = self._strength_moved_from(claim, card, chunk_id) \
            if own else ""
        if left:  # "it leaves it up to you in your forties" against "moved from an individual decision to ..."
            return verdict("contradicts", "misstated_strength", f"{chunk_id} says its advice moved away from {left}")
        moved = None if claim.atoms else self._dated_move_side(claim, chunk_id, reference_date)
        if moved is not None:  # "went from X in 2016 to Y in 2024": each version states its own side
            side, year, other_year = moved
            judged = self._judge(side, chunk_id, reference_date)
            if judged.label == "supports":
                return verdict("partially_supports", "missing_fact",
                               f"{chunk_id} states what the claim says of {year}, not what it says of {other_year}")
            return verdict(judged.label, judged.reason, judged.explanation)
        # (a part for all beside a part for one named organization: "none of them ...; ORG-A simply ...")
        if claim.atoms and (not claim.facts.universal or claim.aside or (
                any(a.reading.facts.universal and _asserts(a.reading.facts) for a in claim.atoms)
                and any(a.organizations and not a.reading.facts.universal for a in claim.atoms))):
            label, reason, explanation = self._judge_atoms(claim, chunk.organization, card, chunk_id)
            return verdict(label, reason, explanation)
        if claim.attributed and chunk.organization not in claim.attributed \
                and not _reports_values_of(claim.facts, claim.attributed, card, self.reader.rules.reported_action):
            reported = self._reported_otherwise(claim.facts, claim.attributed, chunk_id)
            if reported:  # the card reports the named organization's position, and it is not the claim's
                return verdict("contradicts", "wrong_organization", f"{chunk_id} reports {reported}")
            named_part = self._part_named_for(claim.said, chunk.organization, card)
            if named_part:  # "ORG-A wants yearly rather than ORG-B's every-other-year schedule", cited to ORG-B
                return verdict("partially_supports", "wrong_organization",
                               f"{chunk_id} states what the claim gives as {chunk.organization}'s ('{named_part}'); "
                               f"the rest is {' and '.join(claim.attributed)}'s")
            return verdict("does_not_support", "wrong_organization",
                           f"the claim attributes this to {' and '.join(claim.attributed)}, "
                           f"but {chunk_id} is {chunk.organization}'s")
        label, reason, explanation, _ = self._compare(claim, card, chunk_id)
        # a section on another topic neither states nor denies the claim's fact: not a denial, and not
        # support from an age or number the section ties to its own topic (the claim's test "at 25"
        # against another exam's "by 25")
        topic = self._section_topic(claim, chunk_id) if label == "contradicts" or (
            label == "supports" and not claim.facts.concepts & card.concepts) else ""
        if topic:
            return verdict("does_not_support", "missing_fact",
                           f"{chunk_id} is about {topic}, which the claim does not speak of")
        if label in ("partially_supports", "does_not_support") and not claim.historical:
            whole = self._chunk_facts(chunk_id)[0]  # the card with what it says of the past
            if whole.words != card.words and self._compare(claim, whole, chunk_id)[0] == "supports":
                if self.reader.moves(claim.facts.text):
                    # (a claim that tells the move itself, "grade B, up from a grade C", tells the past as past)
                    return verdict("supports", None, f"{chunk_id} states the move the claim tells")
                # (a recommendation the card states now in other words, "advises starting at 40" for its
                # "should begin at 40", is no advice of before the update: the verb is only the strength;
                # the checks below still apply to it)
                restated = self._compare(dataclasses.replace(
                    claim, strength_words=claim.strength_words | claim.advice_words), card, chunk_id) \
                    if "for" in claim.facts.strengths else None
                if restated is not None and restated.label == "supports":
                    label, reason, explanation = restated.label, restated.reason, restated.explanation
                else:
                    # "it still calls ... an individual decision": what the card says held before its update
                    aligned = _aligned_strengths(claim.facts, card, self.reader.age_sides)
                    why = "misstated_strength" if claim.facts.strengths and aligned \
                        and not set(claim.facts.strengths) & set(aligned) else "missing_fact"
                    return verdict("contradicts", why, f"{chunk_id} says this held before its update, no longer")
        if claim.multi:
            who = "all organizations" if claim.facts.universal else " and ".join(claim.attributed)
            if label == "supports":
                return verdict("partially_supports", "wrong_organization",
                               f"{chunk_id} states {chunk.organization}'s position only; the claim speaks for {who}")
            return verdict(label, "wrong_organization", f"the claim speaks for {who}; {explanation}")
        if label != "supports" and not (claim.facts.values & card.values):
            owner = self._owner(claim, chunk.organization)  # the right fact, another organization's
            if owner:  # named, but the organization is not the wrong part: the claim's is the card's
                return verdict(label, reason, f"{explanation}; the claim states {owner}")
        return verdict(label, reason, explanation)

    def _about_another_exam(self, facts: Facts, card: Facts, missing: Sequence[str]) -> bool:
        """The claim is about another exam than the card's, in no word of its own exam, and every value it
        shares with the card sits in the part naming that exam ("exam B may be offered annually from 40" against
        test A's interval; not "test A yearly from 40 + a risk check by 25")."""
        rules = self.reader.rules
        exams = [words for name, words in rules.other_exams if name in missing]
        text = facts.text
        if not exams or any(p.search(text) for p in rules.own_exam):
            return False
        parts = [p for p in _PARTS.split(text) if p.strip()]
        naming = [p for p in parts if any(w.search(p) for words in exams for w in words)]
        shared = anchors(facts.values & card.values)
        held = set().union(*(v for part in naming for v in self.reader.values(part)))
        return bool(naming) and shared <= held

    def _section_topic(self, claim: _ClaimReading, chunk_id: str) -> str:
        """The other exam a section's heading names (a section on another test than the claim's),
        when the claim speaks of its own exam and in no word of that one: a wrong-chunk citation,
        which neither states nor denies the claim."""
        rules = self.reader.rules
        whole = claim.facts.text
        if not any(p.search(whole) for p in rules.own_exam):
            return ""
        heading = self.engine.corpus.chunk_by_id[chunk_id].heading
        topics = rules.concept_patterns
        return next((name for name, words in rules.other_exams
                     if any(p.search(heading) for p in topics[name]) and not any(p.search(whole) for p in words)), "")

    def _denied_other_interval(self, facts: Facts, card: Facts) -> tuple[str, str] | None:
        """(the interval a claim says is not recommended, the card's): when the card recommends one
        other interval, and every other value of the claim is the card's. A recommendation denied ("does not
        call for yearly screening") says the interval is not recommended too."""
        single = self.reader.single_intervals(facts.intervals)
        theirs = self.reader.single_intervals(card.intervals)
        denied = facts.strengths == ("against",) or (not facts.strengths and facts.negated == ("for",))
        if not denied or len(single) != 1 or len(theirs) != 1 or single & theirs \
                or "for" not in card.strengths or set(card.strengths) & {"option", "insufficient", "against"}:
            return None
        if uncovered(dataclasses.replace(facts, intervals=frozenset()), card) - facts.intervals:
            return None
        return next(iter(single)), next(iter(theirs))

    def _compare(self, claim: _ClaimReading, card: Facts, chunk_id: str, ignore_strength: bool = False,
                 context: Facts | None = None) -> Finding:
        """Label the claim's facts against one card's: topics, strength, values, wording.
        `context`: the whole claim's facts, when this is one atom of it ("it leaves it to ...")."""
        return Finding(*self._compare_facts(claim, card, chunk_id, ignore_strength, context))

    def _compare_facts(self, claim: _ClaimReading, card: Facts, chunk_id: str, ignore_strength: bool,
                       context: Facts | None) -> tuple[str, str | None, str] | Finding:
        facts = self._without_source_years(claim.facts, chunk_id)
        if facts.absent and facts.concepts and not facts.values:
            listed = facts.concepts & card.concepts if card.excludes else frozenset()
            if listed:
                return ("contradicts", "missing_fact",
                        f"{chunk_id} names {', '.join(sorted(listed))} among those it leaves out")
            return "supports", None, f"{chunk_id} does not list {', '.join(sorted(facts.concepts))}"
        tests = self.reader.rules.tests
        theirs, others = facts.concepts & tests, card.concepts & tests - facts.concepts
        if theirs and others and not theirs & card.concepts:
            # "test C for condition X" against a card on tests A and B: another test's card
            return ("does_not_support", "missing_fact",
                    f"{chunk_id} speaks of {', '.join(sorted(others))}, not of {', '.join(sorted(theirs))}")
        rate = _denied_card_percentage(facts.text, card.text, set_aside_pieces(facts.text, self.accounting))
        if rate:  # "higher mortality, rather than a 40% higher likelihood of dying" against a card giving 40%
            return "contradicts", "missing_fact", f"{chunk_id} states {rate}, which the claim denies"
        outcome = self._rate_of_another_outcome(facts, card)
        if outcome:  # "40% more likely to get the disease" against "40% more likely to die of it"
            return "does_not_support", "missing_fact", f"{chunk_id} {outcome}"
        denied = self._denied_other_interval(facts, card)
        if denied:  # "does not recommend it twice a year" against a card that recommends it every 2 years
            return ("supports", None,
                    f"{chunk_id} recommends {denied[1]} screening, not the {denied[0]} the claim denies")
        placed = False  # ages the claim rightly places outside the card's ranges: its point, stated by the range
        if dict(facts.poles).get("coverage") == -1:
            # "a woman who turns 75 is no longer covered": ages it places outside the card's ranges agree with it
            outside = {v for v in ages_of(facts) if card.age_ranges
                       and not any(low <= float(v) <= high for low, high in card.age_ranges)}
            facts = dataclasses.replace(facts, numbers=facts.numbers - outside)
            placed = bool(outside)
        if facts.offers and "option" in facts.strengths and "for" in facts.strengths:
            # one assertion that recommends an option ("advises offering", "recommends ... the option") offers it
            facts = dataclasses.replace(facts, strengths=tuple(s for s in facts.strengths if s != "for"))
        # "an MRI" on a card about supplemental imaging: the card speaks of it (to contradict, not to support)
        general = frozenset(self.reader.rules.kinds_of[c] for c in facts.concepts - card.concepts
                            if self.reader.rules.kinds_of.get(c) in card.concepts)
        anchored = bool(anchors(facts.values & card.values) or (facts.concepts | general) & card.concepts
                        or ages_within(facts, card))
        # the claim's topic is another of this organization's cards': a shared age does not tie it to this one,
        # and this card's strength and values are not the claim's to contradict
        elsewhere = bool(facts.concepts and not facts.concepts & card.concepts and facts.concepts
                         & self._organization_concepts(self.engine.corpus.chunk_by_id[chunk_id].organization))
        anchored = anchored and not elsewhere
        if context is not None and not facts.values and not facts.concepts:
            anchored = bool(anchors(context.values & card.values) or context.concepts & card.concepts)
        ages, card_ages = ages_of(facts), ages_of(card)
        # a card about other ages does not state the strength of the claim's advice
        other_ages = bool(ages and card_ages and not ages & card_ages and not ages_within(facts, card))
        aligned = _aligned_strengths(dataclasses.replace(facts, concepts=facts.concepts | general), card,
                                     self.reader.age_sides)
        # (a card that gives no strength for it, "applies to people with a family history", neither states nor
        # denies an obligation: what it says of the claim's values decides, below)
        if facts.mandate and not card.mandate and aligned \
                and (anchored or _content_coverage(claim.weights, card.words) >= 0.5):
            return ("contradicts", "misstated_strength",
                    f"the claim states an obligation; {chunk_id} says {_STRENGTH_WORDS[aligned[0]]}")
        denied = [s for s in facts.negated if s in aligned]
        # a strength the card gives only to what it moved away from ("moved from an individual decision to X") is
        # the past's: denying it of now ("X now, instead of an individual decision") agrees
        if denied and not set(denied) & set(self._chunk_facts(chunk_id, True)[0].strengths):
            denied = []
        # ... or a schedule the card puts forward denied with no strength stated beside ("ORG does not offer every
        # two years" against a card that leaves every one or two years to the patient)
        # (not a recommendation of one interval of a choice the card gives: "none recommends yearly for every woman")
        schedule_denied = bool(denied) and not facts.strengths and bool(facts.intervals) \
            and facts.intervals <= card.intervals \
            and ("option" in denied or not self.reader.interval_choices(card.intervals))
        if anchored and denied and (set(aligned) <= set(facts.negated) or schedule_denied):
            return ("contradicts", "misstated_strength",
                    f"the claim denies that it is {_STRENGTH_WORDS[denied[0]]}; {chunk_id} says it is")
        opposite = self._opposite(claim, card)
        if opposite:
            return Finding("contradicts", "missing_fact", f"{chunk_id} says the opposite: {opposite}", definite=True)
        unstated = self._unstated_side(claim, card)
        if unstated:
            return "does_not_support", "missing_fact", f"{chunk_id} takes no side on the claim's {unstated}"
        reversed_move = self._reversed_move(facts, chunk_id)
        if reversed_move:
            return "contradicts", "missing_fact", f"{chunk_id} states a move {reversed_move}"
        moved_kind, moved_to = self._moved_elsewhere(facts, chunk_id)
        if moved_to:
            return "contradicts", "misstated_strength" if moved_kind == "grade" else "missing_fact", \
                f"{chunk_id} states a move {moved_to}"
        compared = frequency_clash(facts.text,
                                   self.engine.corpus.chunk_by_id[chunk_id].text, card.intervals, self.accounting,
                                   self._text_intervals)
        if compared:  # "less often than ORG-B" against a card whose interval is the more frequent
            return "contradicts", "missing_fact", f"{chunk_id} states {compared}"
        others = tuple(o.lower() for o in self.engine.corpus.organizations
                       if o != self.engine.corpus.chunk_by_id[chunk_id].organization)
        theirs = set_aside_for(facts.text,
                               self.engine.corpus.chunk_by_id[chunk_id].text,
                               self.reader.single_intervals(facts.intervals), others,
                               tuple(o.lower() for o in self.engine.corpus.organizations), self.accounting,
                               self._text_intervals)
        if theirs:  # the card sets aside another organization's interval, which the claim gives otherwise
            return "contradicts", "missing_fact", f"{chunk_id} states {theirs}"
        # "Recommended against" must be stated as such; otherwise a card sentence must share one of
        # the claim's strengths (a compound claim may state a recommendation and an I statement).
        required = "against" if "against" in facts.strengths else None
        offered = "option" in facts.strengths  # (a permission still leaves a choice of intervals open)
        if facts.strengths == ("option",) and "for" in aligned and self.reader.permission_only(
                facts.text):
            facts = dataclasses.replace(facts, strengths=("for",))  # allowed to go on: granted by "should go on"
        elif facts.strengths == ("option",) and "for" in aligned and self._on_request(facts, card):
            facts = dataclasses.replace(facts, strengths=("for",))  # "offer it to those who want it"
        if required:
            clash = required not in aligned
        else:
            clash = bool(facts.strengths) and not set(facts.strengths) & set(aligned)
        if set(aligned) == {"insufficient"} and "insufficient" not in facts.strengths and anchored \
                and (self.reader.single_intervals(facts.intervals) or facts.directive or self._takes_a_side(facts)) \
                and not other_ages and not ignore_strength:
            # "then yearly from 75", "75+: continue": a schedule or a direction for the people an I
            # statement is about recommends one
            return ("contradicts", "misstated_strength",
                    f"the claim gives a schedule or a direction; {chunk_id} says {_STRENGTH_WORDS['insufficient']}")
        graded = sorted(v for v in facts.values if v.startswith("grade ") and v != "grade i")
        if graded and set(card.strengths) == {"insufficient"} and anchored and not other_ages \
                and not any(v.startswith("grade ") for v in card.values):
            # "ORG-A grades screening at 75 and older a C" against an I statement: a grade is a strength
            return ("contradicts", "misstated_strength",
                    f"the claim gives {graded[0]}; {chunk_id} says {_STRENGTH_WORDS['insufficient']}")
        schedule = facts.intervals
        said = facts.text
        if set(aligned) == {"insufficient"} and "for" in facts.strengths and "for" not in facts.negated and anchored \
                and not other_ages and not ignore_strength \
                and any(p.search(said) for p in self.reader.rules.drawn_from_insufficient):
            # "because the evidence is insufficient, ORG advises continued screening": no recommendation follows
            return ("contradicts", "misstated_strength",
                    f"the claim draws a recommendation from what {chunk_id} states: "
                    f"{_STRENGTH_WORDS['insufficient']}")
        if set(aligned) == {"against"} and not facts.strengths and not facts.negated and anchored \
                and ((schedule and not any(self.reader.denies_word(said, i) for i in schedule)) or facts.directive) \
                and not other_ages and not ignore_strength:
            # "ORG-A says CBE every year", "a yearly exam is part of your screening": a schedule or a place
            # in screening given to what the card advises against recommends it
            return ("contradicts", "misstated_strength",
                    f"the claim gives a schedule or a direction; {chunk_id} says {_STRENGTH_WORDS['against']}")
        if set(aligned) == {"option"} and not facts.strengths and not facts.negated and facts.directive and anchored \
                and not other_ages and not ignore_strength and not _WISHED.search(said):
            # "All guidelines: start MMG at 40" against a card that offers it: a direction is no option
            return ("contradicts", "misstated_strength",
                    f"the claim gives a direction; {chunk_id} says {_STRENGTH_WORDS['option']}")
        if anchored and aligned and clash and not other_ages and not ignore_strength:
            if not ranges_apart(facts, _opened(card)):
                said = required or facts.strengths[0]
                return ("contradicts", "misstated_strength",
                        f"the claim says {_STRENGTH_WORDS[said]}; {chunk_id} says {_STRENGTH_WORDS[aligned[0]]}")
            # (one part of a claim, for another age group than the card's, is not this card's to contradict;
            # the whole claim, "not recommended after 74" against advice for 40 to 74, speaks of ages the
            # card gives no advice for)
            if context is None:
                return ("does_not_support", "missing_fact",
                        f"{chunk_id} states no advice for the ages the claim speaks of")
        if not anchored and card.strengths and clash and not other_ages and not ignore_strength \
                and not ranges_apart(facts, _opened(card)) and sum(claim.weights.values()) >= SUBSTANTIVE_WEIGHT \
                and _content_coverage(claim.weights, card.words) >= CONTENT_COVERAGE:
            # a topic the claim names in words the rules do not read ("an examination by a clinician"): the
            # card's wording is the claim's, so its strength is the one the claim speaks of, and a
            # strength it does not state is never supported (a part with little content of its own,
            # "neither for nor against screening at your age", is not read as this card's topic)
            said = required or facts.strengths[0]
            return ("contradicts", "misstated_strength",
                    f"the claim says {_STRENGTH_WORDS[said]}; {chunk_id}, in the claim's words, says "
                    f"{_STRENGTH_WORDS[card.strengths[0]]}")
        if context is not None and anchored and not facts.values and not facts.concepts \
                and set(facts.strengths) & set(card.strengths):
            # a part that only gives the strength of what the claim speaks of ("it calls the evidence insufficient")
            return "supports", None, f"{chunk_id} states it as {_STRENGTH_WORDS[facts.strengths[0]]}"
        if context is not None and anchored and not facts.values and not facts.concepts and not facts.strengths \
                and facts.negated and card.strengths and not set(facts.negated) & set(card.strengths):
            # a part that only denies a strength the card does not state ("it hasn't said you shouldn't ...")
            return ("supports", None, f"{chunk_id} states it as {_STRENGTH_WORDS[card.strengths[0]]}, "
                    f"not {_STRENGTH_WORDS[facts.negated[0]]}")
        # "from age 55" is a range open above, for the ages a claim places in it (not for anchoring)
        opened = _opened(card)
        # "ORG-A does not say yearly from 40": an interval the claim denies is none it gives
        said = facts.text
        denied_intervals = frozenset(i for i in self.reader.single_intervals(facts.intervals)
                                     if self._denied_interval(said, i))
        denied_stated = sorted(i for i in self.reader.single_intervals(facts.intervals) & card.intervals
                               if self._denied_interval(said, i))
        if denied_stated and anchored and not facts.negated and not facts.strengths and not other_ages \
                and not self.reader.interval_choices(card.intervals) and not _ONLY.search(said):
            # "ORG-A does not say yearly at 45 to 54" against a card that says yearly
            return "contradicts", "missing_fact", f"{chunk_id} states {denied_stated[0]}, which the claim denies"
        # "ORG-A does not insist on yearly": only an obligation is denied, no interval given
        unobliged = frozenset(i for i in self.reader.single_intervals(facts.intervals)
                              if self._obligation_denied(said, i))
        conflicts = conflicting_values(dataclasses.replace(facts, intervals=facts.intervals - denied_intervals
                                                           - unobliged),
                                       opened, frozenset(self.reader.rules.intervals),
                                       self.reader.interval_choices(facts.intervals | card.intervals),
                                       # (an interval not ruled out is allowed, as an option is: "not ruling out
                                       # every 2 years")
                                       # (nor is one told as her preference: "may stay yearly if she'd rather")
                                       offered or "against" in facts.negated
                                       or any(p.search(facts.text) for p in self.reader.rules.on_request),
                                       self._source_years(chunk_id), self.reader.rules.start_held_back)
        card_starts = _starts_of(card)
        if not conflicts:
            conflicts = other_range_end(facts, card)
        if not conflicts:
            conflicts = self._glossed_interval(facts, card)
        if not conflicts:
            conflicts = year_for_age(facts, card) or duration_for_age(facts, card) \
                or self._year_of_another_part(facts, claim.weights, card, chunk_id) or other_number_after(facts, card)
        starts = facts.starts - card_starts
        if not card.starts and not facts.ends and card.age_ranges and OPEN_ENDED in facts.poles \
                and OPEN_ENDED in card.poles and all(high >= 100 for _, high in card.age_ranges + facts.age_ranges):
            # "yearly from 40, with no upper age" against a card on 75 and over: the card speaks of a
            # later part of the claim's open span, not of another start
            starts = {s for s in starts if not all(low >= int(s) for low, _ in card.age_ranges)}
        # a latest start ("no later than 50") is no other start than a card's earlier one
        latest = {m.group(1) for p in self.reader.rules.latest_start for m in p.finditer(facts.text)}
        # (not one the card itself names, as the bound its update replaced: "before it, ... no later than 50")
        # (nor against a card that states a latest start of its own: bound against bound)
        told = self._normalized_card(chunk_id)
        bounds = set() if self._states_latest_start(chunk_id) else {
            s for s in starts if s in latest and not re.search(rf"\b{s}\b", told) and card_starts
            and all(int(c) <= int(s) for c in card_starts)}
        starts -= bounds
        # ("yearly from 45" against a card on 40 to 44: the start of the band after the card's, which it does not state)
        starts = {s for s in starts if not next_band_start(s, facts, card, self.reader.rules.start_held_back)}
        if card.strengths == ("option",):  # an option "at 40 to 44" lets her start at any age in that band
            starts = {s for s in starts if not any(low <= int(s) <= high for low, high in card.age_ranges)}
        # a claim that gives the card's start beside another ("from 45, with an option at 40 to 44") states
        # one more fact, not a different start
        # (a whole decade, "talk it over in your forties", names no start)
        also_card_start = (facts.starts | {str(low) for low, high in facts.age_ranges
                                           if not (low % 10 == 0 and high == low + 9)}) & card_starts
        if starts and card_starts and not conflicts and not also_card_start:
            conflicts = f"a start at {' / '.join(sorted(card_starts))}, not {', '.join(sorted(starts))}"
        lengths = facts.durations - card.durations
        if lengths and card.durations and not conflicts:  # "5 more good years" against "10 years or more"
            conflicts = f"a length of {' / '.join(sorted(card.durations))} years, not {', '.join(sorted(lengths))}"
        card_ends = {str(high) for _, high in card.age_ranges if high < 100} | card.ends
        ends = facts.ends - card_ends
        if ends and card_ends and not conflicts:
            conflicts = f"an end at {' / '.join(sorted(card_ends))}, not {', '.join(sorted(ends))}"
        if elsewhere and not (card.intervals and facts.intervals):
            conflicts = ""  # (an interval stated otherwise is still this card's to contradict)
        if conflicts and ranges_apart(facts, card) and not facts.intervals - card.intervals:
            end = continued_past_end(facts, card)
            if end:
                return "contradicts", "missing_fact", f"{chunk_id} ends this advice at {end}; the claim carries it past"
            return ("does_not_support", "missing_fact",
                    f"{chunk_id} is about ages {', '.join(f'{a}-{b}' for a, b in card.age_ranges)}, not the claim's")
        if bounds and not conflicts:
            return "partially_supports", "missing_fact", \
                f"{chunk_id} states an earlier start, not a latest one at {', '.join(sorted(bounds))}"
        if conflicts:
            # a different grade is a different strength; so is one interval recommended where the
            # card leaves a choice of two to the patient
            graded = all(part.startswith("grade") for part in conflicts.split("; "))
            chosen = conflicts.startswith("a choice of") and "; " not in conflicts \
                and "for" in facts.strengths and "option" in _aligned_strengths(facts, card, self.reader.age_sides)
            return ("contradicts", "misstated_strength" if graded or chosen else "missing_fact",
                    f"{chunk_id} states {conflicts}")
        wrong_month = self._wrong_month(facts, chunk_id) or self._wrong_year_issued(facts, chunk_id)
        if wrong_month:  # "ORG's update published in April 2024" against a source of October 2024
            return Finding("contradicts", "missing_fact", wrong_month, definite=True)
        missing_concepts = sorted(facts.concepts - card.concepts)
        # the card states the claim's strength for the same people: with a shared value or topic, a part of it
        same_strength = bool(set(facts.strengths) & set(card.strengths)) and not ranges_apart(facts, card)
        kinds = self.reader.rules.kinds_of
        if missing_concepts and all(kinds.get(c) in card.concepts for c in missing_concepts):
            # "condition X alone warrants a supplemental MRI" against a card that does not recommend supplemental
            # imaging: what the card denies of the kind it denies of each of its kinds
            reversed_ = self._reversed_words(claim, facts, card)
            if reversed_:
                return ("contradicts", "missing_fact",
                        f"{chunk_id} states {', '.join(reversed_)} only under a negation; the claim states it as so")
        if missing_concepts:
            # (a shared topic is no part when none of the claim's values is the card's and the card misses
            # as many of its topics as it shares: "keep going while life expectancy is 10+ years" against
            # a card that names neither)
            values_apart = bool(facts.values) and not uncovered(facts, opened, self.reader.rules.ageless_span) \
                < facts.values
            shared_concepts = facts.concepts & card.concepts
            shares = (shared_concepts and (not values_apart or len(shared_concepts) > len(missing_concepts))) \
                or len(anchors(facts.values & card.values)) >= 2 \
                or (anchors(facts.values & card.values) and same_strength) \
                or bool(facts.excludes and claim.flags and set(claim.flags) <= self._chunk_facts(chunk_id)[2])
            # ("I statements on 75+, on DBT ...": a shared strength; a list of who is left out, some of
            # whom the card names, is partly stated)
            # (a claim about another exam than the card's, in no word of its own exam, shares only numbers:
            # "exam B may be offered annually from 40" against test A's interval)
            other_exam = self._about_another_exam(facts, card, missing_concepts)
            # a group said to be left out that the card's list of those left out does not name, with none it
            # does ("her mother's diagnosis puts her outside the recommendation"): it shares the list, not the claim
            listed_by_card = claim.named & self._chunk_facts(chunk_id)[2]
            shares = shares and not (facts.excludes and card.excludes and not listed_by_card)
            kept_to = self._kept_to(facts, missing_concepts)
            if kept_to and shares and not other_exam:
                return ("contradicts", "missing_fact",
                        f"the claim keeps the advice to {kept_to}; {chunk_id} gives it without singling them out")
            return ("partially_supports" if shares and not other_exam else "does_not_support", "missing_fact",
                    f"{chunk_id} does not mention {', '.join(missing_concepts)}")
        # (an interval both deny, "not every two years is enough" against "not biennial screening", is stated)
        denied_by_card = {i for i in denied_intervals if i not in card.text} & set_aside_intervals(
            self.engine.corpus.chunk_by_id[chunk_id].text, self.accounting, self._text_intervals)
        missing = sorted(v for v in uncovered(facts, opened, self.reader.rules.ageless_span)
                         if v not in denied_by_card) \
            + [d for d in unstated_dates(facts, card)  # ("In March 2022, ..." with the card in force then)
               if d.rsplit(" ", 1)[-1] not in self._in_force_at(facts.text, chunk_id)]
        stated = card.words | self._decade_words(facts, card) | ranged_ages(facts, card)
        # a topic the card states, named in the claim's own words ("extra imaging" for its "supplemental screening")
        stated = stated.union(*(words for name, words in claim.concept_words if name in card.concepts))
        if facts.strengths and set(facts.strengths) <= set(aligned):
            stated = stated | claim.strength_words  # its strength is the card's, in its own words ("acceptable")
        said = facts.text
        if facts.starts and facts.starts <= _starts_of(card) \
                and not any(p.search(said) for p in self.reader.rules.change_told):
            # "starting at 40" of a card's "aged 40 to 74" (not a start told as a change: "no longer ... since 2024")
            stated = stated | self._start_words
        coverage = _content_coverage(claim.weights, stated)
        if coverage < CONTENT_COVERAGE and claim.facts.poles:
            coverage = _content_coverage(claim.weights, stated | self._agreed_words(claim, card))
        if not missing and (coverage >= CONTENT_COVERAGE or placed) and set(aligned) == {"insufficient"} \
                and {"insufficient", "for"} <= set(facts.strengths) and "for" not in facts.negated \
                and any(p.search(facts.text) for p in self.reader.rules.change_told):
            # "upgraded its I statement and now recommends X" (a change told): the card states the I
            # statement, not the recommendation
            return ("partially_supports", "missing_fact",
                    f"{chunk_id} states {_STRENGTH_WORDS['insufficient']}, not the recommendation the claim adds")
        if not missing and (coverage >= CONTENT_COVERAGE or placed):
            return self._unaccounted(claim, facts, card, chunk_id) or (
                "supports", None, f"{chunk_id} states every fact of the claim")
        other = other_rates(missing, card)
        if other:  # the card's number is another quantity ("rising 2% per year" is not "a 2% chance each year")
            # ... or the same one over another period ("2% every other year" against "2% a year"): a wrong rate
            period_only = all(_PERIOD_RATE.fullmatch(v) for v in (*missing, *other.split(" / ")))
            return ("contradicts" if period_only else "does_not_support", "missing_fact",
                    f"{chunk_id} states {other}, not {', '.join(missing)}")
        swapped = swapped_number(missing, facts, card) \
            if not all(next_band_start(m, facts, card, self.reader.rules.start_held_back) for m in missing) else None
        if swapped and coverage >= CONTENT_COVERAGE:
            # the card's sentence in the claim's words with its one number changed ("by 35" for "by 25")
            return "contradicts", "missing_fact", f"{chunk_id} states {swapped}, not {missing[0]}"
        misdated = self._misdated(facts.text, chunk_id)
        if misdated:  # "ORG has said since 2017 that ...": its 2017 version said otherwise
            return "contradicts", "missing_fact", misdated
        # Part of a claim is supported only by a card that states some of its values.
        shared = bool(anchors(facts.values & card.values)) or ages_within(facts, card) or decade_meets(facts, card) \
            or bool(facts.concepts & card.concepts and same_strength)
        schedule = [v for v in missing if v in facts.intervals or v.startswith("grade ")]
        if schedule and not card.intervals and not any(v.startswith("grade ") for v in card.values) \
                and "coverage" in dict(card.poles) and not card.strengths and "coverage" not in dict(facts.poles) \
                and not facts.concepts & card.concepts:
            # "ORG recommends biennial screening from 40 to 74" against a card on whom it covers, which gives
            # no schedule or grade at all: its ages are the people's, not a part of the claim's schedule
            shared = False
        what = ", ".join(missing) if missing else "the claim's wording"
        return ("partially_supports" if shared else "does_not_support", "missing_fact",
                f"{chunk_id} does not state {what} (content overlap {coverage:.0%})")

    def _on_request(self, facts: Facts, card: Facts) -> bool:
        """The claim and the card both make the advice hang on the patient's wish ("to patients who want it"
        and "recommends ... for women who want it")."""
        said = facts.text
        stated = card.text
        return any(p.search(said) for p in self.reader.rules.on_request) \
            and any(p.search(stated) for p in self.reader.rules.on_request)

    def _unaccounted(self, claim: _ClaimReading, facts: Facts, card: Facts,
                     chunk_id: str) -> tuple[str, str | None, str] | None:
        """Withhold `supports` when an atom of the claim is not positively matched on the card
        (`accounting.py`): a year, a polarity, a scope word, values bound together."""
        claim_text = facts.text
        card_text = card.text
        own = self._own_year(chunk_id, claim_text)
        unknown = frozenset(m.group(2) for s, _, _ in facts.sentences for m in DATED_YEAR.finditer(s)
                            if m.group(2) not in self._card_years())
        # (a later version's own act, "carried over into its 2024 update", is no anchor in time: unstated)
        kept = self._later_acts(claim_text, chunk_id, self.reader.rules.later_version_kept)
        later = frozenset(y for y in self._source_years(chunk_id)
                          if claim.historical and own and y > max(own) and y not in kept)
        years = unstated_years(claim_text, card_text, own | later | self._in_force_at(claim_text, chunk_id), unknown)
        if years:
            misdated = self._misdated(claim_text, chunk_id)
            if misdated:  # "has said since 2017 that ...": its 2017 version said otherwise
                return "contradicts", "missing_fact", misdated
            return ("partially_supports", "missing_fact",
                    f"{chunk_id} does not give {', '.join(years)} (another document's or another time's)")
        as_ages = sorted({m.group(1) for m in _YEAR_AS_AGE.finditer(claim_text)} & set(YEAR.findall(card_text)))
        if as_ages:  # "women aged 2015 to 2019" against "from 2015 to 2019": the card's years, given as ages
            return "contradicts", "missing_fact", f"{chunk_id} gives {', '.join(as_ages)} as a year, not an age"
        foreign = self._years_of_another_topic(facts, card)
        if foreign:
            return "does_not_support", "missing_fact", f"{chunk_id} gives {foreign}"
        reversed_ = self._reversed_words(claim, facts, card)
        if reversed_:
            return ("contradicts", "missing_fact",
                    f"{chunk_id} states {', '.join(reversed_)} only under a negation; the claim states it as so")
        claim_scope, card_scope = scope_classes(claim_text, self.accounting), scope_classes(card_text, self.accounting)
        unmatched = claim_scope - card_scope
        narrowed = [(mine, theirs) for mine, theirs in self.accounting.narrows
                    if mine in unmatched and theirs in card_scope]
        if narrowed:
            # "only Black women need a risk assessment" against "every woman ...": the card's scope, narrowed
            return ("contradicts", "missing_fact",
                    f"{chunk_id} says it holds for {narrowed[0][1].replace('_', ' ')}; the claim narrows it to "
                    f"{narrowed[0][0].replace('_', ' ')}")
        if unmatched:
            return ("partially_supports", "missing_fact",
                    f"{chunk_id} does not say it holds for {' / '.join(sorted(unmatched))} as the claim does")
        bound = split_bindings(facts, card, self._ages_above) \
            or split_bindings(self._list_items(facts), card, self._ages_above) \
            or percent_of_another(facts, card, self.reader.rules.concepts)
        if bound:
            return "contradicts", "missing_fact", f"{chunk_id} states {bound}"
        return None

    def _list_items(self, facts: Facts) -> Facts:
        """The claim with each clause that lists values ("every 1 to 3 years from 40 and yearly from
        25 to 39") cut into its items, each item's values read on their own: a card sentence holding
        every value of the list may still bind them otherwise, item by item."""
        items = []
        for clause, strengths, _ in facts.clauses or facts.sentences:
            marked = self._interval_then.sub(rf"\1{_ITEM_BREAK}", clause) if self._interval_then else clause
            for item in (i for part in _LIST_ITEM.split(marked) for i in part.split(_ITEM_BREAK)):
                numbers, intervals, grades = self.reader.values(item)
                items.append((item, strengths, numbers | intervals | grades))
        return dataclasses.replace(facts, clauses=tuple(items))

    def _years_of_another_topic(self, claim: Facts, card: Facts) -> str:
        """Years the claim gives that every card clause giving them dates for a topic the claim does
        not name ("incidence rising ... from 2015 to 2019" against "aimed at women in their forties
        between 2015 and 2019"), and the claim gives none of their percentages: the card's period of
        another quantity, not the claim's fact."""
        topics = self.reader.rules.concepts
        years = {y for sentence, _, _ in claim.sentences for y in YEAR.findall(sentence)}
        out = []
        for year in sorted(years):
            holders = [(clause, values) for clause, _, values in card.clauses if year in values]
            named = [{name for name, patterns in topics if any(p.search(c) for p in patterns)} for c, _ in holders]
            measured = any(v.endswith("%") and v in claim.values for _, values in holders for v in values)
            if holders and not measured and all(n and not n & claim.concepts for n in named):
                out.append(f"{year} for {', '.join(sorted(set().union(*named)))}")
        return "; ".join(out)

    def _part_named_for(self, said: str, organization: str, card: Facts) -> str:
        """The words a claim spoken for other organizations gives as `organization`'s own (the claim rules'
        `named_part`: "rather than ORG-B's every-other-year schedule", "five years later than ORG-B's starting age
        of 40"), when they hold values and the card states every one of them."""
        for pattern in self._named_part_patterns(organization):
            for m in pattern.finditer(said):
                part = m.group("part").strip()
                values = {v for v in self.reader.read(part, self.reader.rules.claim_priority).values if not is_year(v)}
                if values and values <= card.values:
                    return part
        return ""

    @lru_cache(maxsize=16)  # noqa: B019 (one verifier per engine; a property of the organization)
    def _named_part_patterns(self, organization: str) -> tuple[re.Pattern[str], ...]:
        name = re.escape(organization.lower())
        return tuple(re.compile(template.replace("ORG", name), re.I) for template in self.reader.rules.named_part)

    def _rate_of_another_outcome(self, claim: Facts, card: Facts) -> str:
        """A percentage the claim gives of one outcome (`rate_outcomes`: getting the disease) where every card
        clause giving it names another and not the claim's (dying of it): another quantity."""
        outcomes = self.reader.rules.rate_outcomes

        def named(clause: str) -> set[str]:
            return {name for name, patterns in outcomes if any(p.search(clause) for p in patterns)}

        for clause, _, values in claim.clauses:
            for value in sorted(v for v in values if v.endswith("%")):
                said = named(clause)
                holders = [named(c) for c, _, vs in card.clauses if value in vs]
                if said and holders and all(h and not h & said for h in holders):
                    return (f"gives {value} of {', '.join(sorted(set().union(*holders)))}, "
                            f"not of {', '.join(sorted(said))}")
        return ""

    def _tells_a_change(self, text: str) -> bool:
        """The text tells a change itself ("lowered it to 40", the claim rules' `change_verbs`)."""
        return any(p.search(text) for p in self.reader.rules.change_verbs)

    def _misdated(self, text: str, chunk_id: str) -> str:
        """A claim that dates a position from a year before the chunk's source ("has said since 2017 that
        ...", `dated_since`), which the organization's own version of that year contradicts and no section
        of it supports: the position is the later version's, misdated."""
        published = self._published(chunk_id)
        if published is None:
            return ""
        years = sorted({y for p in self.reader.rules.dated_since for m in p.finditer(text)
                        for y in YEAR.findall(m.group(0)) if int(y) < published.year})
        corpus = self.engine.corpus
        organization = corpus.chunk_by_id[chunk_id].organization
        for year in years:
            older = [s for s in corpus.sources if s.organization == organization and s.published_date
                     and str(s.published_date.year) == year and s.published_date < published]
            section = chunk_id.split("#", 1)[-1]
            for source in older:
                sections = [c.id for c in corpus.chunks if c.document_id == source.id]
                # (its section of the same name, when it has one: the version of the same point)
                same = [c for c in sections if c.split("#", 1)[-1] == section]
                verdicts = [self.judge(text, c, source.published_date) for c in same or sections]
                if any(v.label in ("supports", "partially_supports") for v in verdicts):
                    return ""
                against = [v.chunk_id for v in verdicts if v.label == "contradicts"]
                if against:
                    return (f"{chunk_id} gives this as of {published.isoformat()}; "
                            f"in {year}, {against[0]} said otherwise")
        return ""

    def _held_since(self, claim: _ClaimReading, chunk_id: str, reference_date: dt.date) -> str:
        """A state the claim says has held since a year before the chunk's source (`held_since`): it is put to
        the card as of that year and as of today; the first reading the card denies explains why."""
        published = self._published(chunk_id)
        m = next((m for p in self.reader.rules.held_since for m in p.finditer(claim.said)), None)
        if m is None or published is None or int(m.group("year")) >= published.year:
            return ""
        year = m.group("year")
        for told, when in ((f"in {year}", f"in {year}"), ("", "today")):
            text = re.sub(r"\s+([,.;:])", r"\1", f"{claim.said[:m.start()]}{told}{claim.said[m.end():]}").strip(" ,")
            judged = self._judge(self._read_claim(text, reference_date), chunk_id, reference_date)
            if judged.label == "contradicts":
                return f"{judged.explanation} (the claim says it has held since {year}: so {when})"
        return ""

    def _earlier_part_beside(self, claim: _ClaimReading, chunk_id: str, status: str, reference_date: dt.date) -> str:
        """A claim that tells an earlier version's position beside the present one (`earlier_part`), cited to a
        current card of its organization that names neither an earlier year nor a change: the card states the
        present part (when it does) and nothing of the earlier one."""
        published = self._published(chunk_id)
        if status != "current" or published is None or not claim.said or claim.atoms:
            return ""
        if claim.attributed and self.engine.corpus.chunk_by_id[chunk_id].organization not in claim.attributed:
            return ""
        corpus = self.engine.corpus
        organization = corpus.chunk_by_id[chunk_id].organization
        card = self._normalized_card(chunk_id)
        if self._card_moves(chunk_id) or any(
                p.search(card) for p in self.reader.rules.earlier_told + self.reader.rules.change_verbs):
            return ""  # the card tells what came before too
        versions = {s.published_date.year for s in corpus.sources if s.organization == organization
                    and s.published_date is not None and s.published_date < published}

        def gives_a_position(part: str) -> bool:
            facts = self.reader.read(part, self.reader.rules.claim_priority)
            return bool(facts.strengths or facts.intervals or facts.grades or facts.negated
                        or any(n.isdigit() and len(n) < 4 for n in facts.numbers))

        parts = time_parts(claim.said, self.earlier_parts, versions, gives_a_position)
        if parts is None or any(re.search(rf"\b{y}\b", card) for part in parts.earlier for y in YEAR.findall(part)):
            return ""
        if self._judge(self._read_claim(parts.present, reference_date), chunk_id, reference_date).label != "supports":
            return ""
        return f"{chunk_id} states what the claim says holds now, not what it says of before ('{parts.earlier[0]}')"

    def _published(self, chunk_id: str) -> dt.date | None:
        """The publication date of the chunk's source (None for an undated source)."""
        corpus = self.engine.corpus
        return corpus.source_by_id[corpus.chunk_by_id[chunk_id].document_id].published_date

    def _later_acts(self, text: str, chunk_id: str, patterns: Sequence[re.Pattern[str]]) -> frozenset[str]:
        """The years, later than the chunk's source, of what the claim says a later version did (`patterns`)."""
        published = self._published(chunk_id)
        if published is None:
            return frozenset()
        return frozenset(m.group(1) for p in patterns for m in p.finditer(text) if int(m.group(1)) > published.year)

    def _speaks_of_its_time(self, text: str, chunk_id: str) -> bool:
        """Every time the claim speaks of is in or after the year of the chunk's source ("in April 2024
        ORG-A recommended ...", cited to the 2024 card's change section): the card's present is the
        claim's, not the past it tells of (the advice it moved away from), unless the claim tells a
        change itself."""
        published = self._published(chunk_id)
        times = list(_TIME_OF.finditer(text))
        if published is None or not times or _FORMERLY.search(text) or self.reader.moves(text) \
                or self._tells_a_change(text):
            return False  # (a change told: the card's past is the claim's too)
        return all(
            int(m.group(2)) >= published.year and m.group(1) not in _BEFORE for m in times)

    def _replaced_version_in_force(self, claim: _ClaimReading, chunk_id: str) -> str:
        """A version the chunk's source replaced entirely, named by its year and called in force now
        ("ORG-A's 2016 guidance on the 40s is still in force", cited to its 2024 card): what the card's
        source replaced it with says otherwise."""
        text = claim.facts.text
        if claim.historical or not any(p.search(text) for p in self.reader.rules.version_in_force):
            return ""
        corpus = self.engine.corpus
        source = corpus.source_by_id[corpus.chunk_by_id[chunk_id].document_id]
        in_part = {replaced for replaced, _ in source.replaces_sections}
        years = set(YEAR.findall(text))
        for replaced_id in source.supersedes:
            replaced = corpus.source_by_id.get(replaced_id)
            if replaced is not None and replaced_id not in in_part and replaced.published_date is not None \
                    and str(replaced.published_date.year) in years:
                return (f"{source.id} replaced {replaced.id}; the claim says that {replaced.published_date.year} "
                        f"version is still in force")
        return ""

    def _glossed_concept(self, text: str, card: Facts) -> str:
        """A topic the card names that the claim gives as meaning another of its distinct set, one the card
        does not name ("X-awareness means having a clinician examine you": a clinician's exam); not one it
        sets apart ("means knowing what is normal, not a clinician's exam")."""
        rules = self.reader.rules
        words = dict(rules.concepts)
        for m in (m for p in rules.equates for m in p.finditer(text)):
            head, tail = text[:m.start()], re.split(r"[.;]", text[m.end():], maxsplit=1)[0]
            for group in rules.distinct_concepts:
                named = [c for c in sorted(group) if c in card.concepts and any(p.search(head) for p in words[c])]
                for other in sorted(group - card.concepts):
                    found = next((hit for p in words[other] for hit in p.finditer(tail)), None)
                    if named and found is not None and not _SETS_APART.search(tail[:found.start()]):
                        return f"{named[0]}, which the claim gives as meaning {other}"
        return ""

    def _dated_move_side(self, claim: _ClaimReading, chunk_id: str,
                         reference_date: dt.date) -> tuple[_ClaimReading, str, str] | None:
        """(the side of a change the claim dates on both sides, read as a claim of its own; that side's
        year; the other side's) when one side is dated to the year of the chunk's source and the chunk
        names neither the other year ("went from an I statement in 2016 to effective in 2024" against
        the 2016 card: its side is the I statement; a card that tells the change itself is compared
        whole)."""
        published = self._published(chunk_id)
        if published is None:
            return None
        own = str(published.year)
        text = claim.facts.text
        for pattern in self.reader.rules.moves:
            for m in pattern.finditer(text):
                before, after = set(YEAR.findall(m.group("before"))), set(YEAR.findall(m.group("after")))
                if len(before) != 1 or len(after) != 1 or before == after or own not in before | after:
                    continue
                side, other = ("before", after.pop()) if own in before else ("after", before.pop())
                if re.search(rf"\b{other}\b", self._normalized_card(chunk_id)):
                    return None
                told = f"{text[:m.start()]}{m.group(side)}{text[m.end():]}"
                return self._read_claim(told, reference_date), own, other
        return None

    def _dates_a_part_to(self, claim: _ClaimReading, chunk_id: str) -> bool:
        """The claim dates a part of what it says to the year of the chunk's source, beside what it says
        of today ("In 2016 ORG-A left it to the patient, a position it still holds today", "insufficient
        in 2016 and still is", "the same as in 2016"): it speaks of two times, and the dated one is the old
        card's. (A version named by its date, "ORG-A (July 2017): ... remains current", "from 2017", dates
        no part: the claim says that version is current.)"""
        year = self._published(chunk_id)
        return year is not None and any(m.group(1) in ("in", "during") and m.group(2) == str(year.year)
                                        for m in DATED_YEAR.finditer(claim.facts.text))

    def _own_year(self, chunk_id: str, claim_text: str = "") -> frozenset[str]:
        """The year of the chunk's source, and of a version it replaces that its text names by that
        version's title ("leaves the <old title> advice in place"), as that version's name only:
        "ever since its <year> bulletin" dates a position, which the card does not."""
        source = self.engine.corpus.source_by_id[self.engine.corpus.chunk_by_id[chunk_id].document_id]
        own = {str(source.published_date.year)} if source.published_date else set()
        named = {y for y in self._named_replaced_years(chunk_id)
                 if not re.search(rf"\bsince\b[^.;]{{0,30}}\b{y}\b", claim_text, re.I)}
        return frozenset(own | named)

    @lru_cache(maxsize=64)  # noqa: B019 (one verifier per engine; a property of the chunk)
    def _named_replaced_years(self, chunk_id: str) -> frozenset[str]:
        """The years of the versions the chunk's source replaces whose title head the chunk's text names
        (a head shared with the source's own title, as two versions of one series share, names neither)."""
        corpus = self.engine.corpus
        chunk = corpus.chunk_by_id[chunk_id]
        source = corpus.source_by_id[chunk.document_id]
        text, own_head = chunk.text.lower(), _title_head(source.title)
        replaced = [corpus.source_by_id[t] for t in source.supersedes if t in corpus.source_by_id]
        return frozenset(str(s.published_date.year) for s in replaced if s.published_date
                         and _title_head(s.title) not in ("", own_head) and _title_head(s.title) in text)

    @lru_cache(maxsize=64)  # noqa: B019 (one verifier per engine; a property of the chunk)
    def _replaced_years_told(self, chunk_id: str) -> frozenset[str]:
        """The years of the versions the chunk's source replaces that a change statement of the chunk names
        ("Compared with its 2016 recommendation, ... moved from ... to ...")."""
        corpus = self.engine.corpus
        chunk = corpus.chunk_by_id[chunk_id]
        text = chunk.text.lower()
        if not any(p.search(text) for p in self.reader.rules.change_verbs):
            return frozenset()
        source = corpus.source_by_id[chunk.document_id]
        replaced = [corpus.source_by_id[t] for t in source.supersedes if t in corpus.source_by_id]
        return frozenset(str(s.published_date.year) for s in replaced
                         if s.published_date and re.search(rf"\b{s.published_date.year}\b", text))

    def _year_of_another_part(self, claim: Facts, weights: dict[str, float], card: Facts, chunk_id: str) -> str:
        """A date the card gives for another part of its text ("average-risk advice updated in 2021,
        higher-risk advice in 2023" against "updated its average-risk advice in 2023"): the claim's
        year must be in the dated clause closest to its wording; a clause naming a topic the claim
        does not name is about something else. A section's heading that names a year ("Changes from
        2016") is dated by its source: what the section tells is the source's, whatever year it names."""
        chunk = self.engine.corpus.chunk_by_id[chunk_id]
        heading = self.reader.normalize(chunk.heading).strip(" .").lower()
        published = self._published(chunk_id)
        heading_dated = {str(published.year)} if published else set()
        # a span of years a figure was measured over ("from 2015 to 2019") is compared with the card's span; with
        # none on the card, it dates no part of the card's advice (the card does not give that figure)
        spans = not any(_YEAR_SPAN.search(clause) for clause, _, _ in card.clauses)
        years = {m.group(2) for sentence, _, _ in claim.sentences for m in _dates(sentence, spans)}
        # a year the claim names otherwise ("its 2023 update") that the card gives as a date
        card_dated = {m.group(2) for clause, _, _ in card.clauses for m in DATED_YEAR.finditer(clause)}
        years |= {y for sentence, _, _ in claim.sentences for y in YEAR.findall(sentence)} & card_dated
        # the period a figure was measured over, given as other years (a rate told with it: "2% a year from 2012 to
        # 2016"; not the years a change spans, "between 2016 and 2024 it went from C to B")
        if _span_conflict(claim, card) and any(v.endswith("%") for v in claim.numbers):
            theirs = sorted({"-".join(m.groups()) for c, _, _ in card.clauses for m in _YEAR_SPAN.finditer(c)})
            told = sorted({"-".join(m.groups()) for c, _, _ in claim.sentences for m in _YEAR_SPAN.finditer(c)})
            return f"{', '.join(theirs)} as the period measured, not {', '.join(told)}"
        if not years & card.values:
            return ""
        vocabulary, topics = self.engine.vocabulary, self.reader.rules.concepts

        def closest(words: dict[str, float]) -> set[str] | None:
            """The years of the card's dated clause closest to these words of the claim."""
            best, best_overlap = None, 0.0
            for clause, _, _ in card.clauses:
                dated = {m.group(2) for m in DATED_YEAR.finditer(clause)}
                if dated and clause.strip(" .") == heading:
                    dated = heading_dated
                foreign = any(name not in claim.concepts and any(p.search(clause) for p in patterns)
                              for name, patterns in topics)
                if not dated or foreign:
                    continue
                # (the year itself is what is checked, not a word that places the part)
                overlap = sum(words.get(w, 0.0) for w in set(vocabulary.stems(vocabulary.content_words(clause)))
                              if not w.isdigit())
                if overlap > best_overlap:
                    best, best_overlap = dated, overlap
            return best

        # a sentence dating two parts ("its average-risk advice in 2023 and its higher-risk advice in 2021"):
        # each part up to its year is placed on its own
        for sentence, _, _ in claim.sentences:
            marks = _dates(sentence, spans)
            if len({m.group(2) for m in marks}) < 2:
                continue
            start = 0
            for mark in marks:
                part = set(vocabulary.stems(vocabulary.content_words(sentence[start:mark.start()])))
                best = closest({w: v for w, v in weights.items() if w in part})
                if best is not None and mark.group(2) not in best:
                    return f"{' / '.join(sorted(best))} for the part the claim speaks of, not {mark.group(2)}"
                start = mark.end()
        # the words of the parts that name the years ("Part of why ORG changed course: incidence rose from 2015 to
        # 2019": the year is the rise's, not the change's; also a clause joined after a comma, "rose from 2015 to
        # 2019, which is part of why ORG changed its advice")
        parts = [part for sentence, _, _ in claim.sentences for part in _DATED_PARTS.split(sentence) if part]
        dated_parts = [part for part in parts if any(y in part for y in years)]
        if dated_parts and len(dated_parts) < len(parts):
            own = set(vocabulary.stems(vocabulary.content_words(" ".join(dated_parts))))
            best = closest({w: v for w, v in weights.items() if w in own})
        else:
            best = closest(weights)
        if best is None or years & best:
            return ""
        if years <= self._replaced_years_told(chunk_id) and not any(
                year in clause and any(p.search(clause) for p in self.reader.rules.change_verbs)
                for sentence, _, _ in claim.sentences for clause in re.split(r"[,;:()]", sentence) for year in years):
            # "in 2016 it treated the 40s as an individual decision, which its 2024 update changed": the card's
            # change statement tells what the version it replaced said, and names that version's year (not the
            # change itself dated to it: "it made the change in 2016")
            return ""
        own_year = str(published.year) if published else ""
        organization = chunk.organization.lower()
        if own_year in years and own_year not in card_dated and any(
                own_year in clause and organization in clause
                for sentence, _, _ in claim.sentences for clause in re.split(r"[;:]", sentence)):
            # "by 2024, the Task Force had upgraded this, pointing to a rise from 2015": the year of the source's
            # own act, told of the organization, which the card dates no part of its text to
            return ""
        return f"{' / '.join(sorted(best))} for the part the claim speaks of, not {', '.join(sorted(years))}"

    def _without_source_years(self, facts: Facts, chunk_id: str) -> Facts:
        """A year that names one of the organization's own documents ("before its 2024 update",
        "ORG 2016 also ...") says which text, not a fact the card must state or contradict."""
        names = self._source_years(chunk_id)
        dated = {m.group(2) for sentence, _, _ in facts.sentences for m in DATED_YEAR.finditer(sentence)}
        drop = {v for v in facts.numbers if is_year(v) and v in names and v not in dated}
        # an event's date that no card states ("a woman who turns 75 in 2026") is the claim's own
        drop |= {v for v in facts.numbers if is_year(v) and v in dated and v not in self._card_years()}
        drop |= self._in_force_at(facts.text, chunk_id)
        return dataclasses.replace(facts, numbers=facts.numbers - drop) if drop else facts

    def _opening_time(self, facts: Facts, chunk_id: str) -> list[dt.date]:
        """The time a claim that opens on a year speaks of ("In 2022, ORG-A directed ..."), when that is
        the one time it speaks of (no other year, no change, no present told), the card does not give the
        year, and no value of the claim is one the card gives only for what held before it ("Before this
        update, ORG-A advised ... 50")."""
        rules, text = self.reader.rules, facts.text
        if len(set(YEAR.findall(text))) != 1 or _NOW_TOO.search(text) \
                or any(p.search(text) for p in rules.change_verbs + rules.earlier_told) \
                or facts.values & self._told_before_only(chunk_id):
            return []
        card = self._chunk_facts(chunk_id)[0]
        return [date for year, date in _spoken_times(text, _OPENING_YEAR) if year not in card.values]

    @lru_cache(maxsize=64)  # noqa: B019 (one verifier per engine; a property of the chunk)
    def _told_before_only(self, chunk_id: str) -> frozenset[str]:
        """The values the chunk gives only in sentences that tell what held before it ("Before this update,
        ORG-A advised offering screening from 40 and beginning no later than 50": 50)."""
        earlier_told = self.reader.rules.earlier_told
        own: set[str] = set()
        before: set[str] = set()
        for sentence, _, values in self._chunk_facts(chunk_id)[0].sentences:
            (before if any(p.search(sentence) for p in earlier_told) else own).update(values)
        return frozenset(before - own)

    def _in_force_at(self, text: str, chunk_id: str) -> frozenset[str]:
        """The years of the times a claim speaks at ("as of mid-2024, ORG advised ...") when the chunk
        was in force then: the claim places the position in time, it gives no date the card must state."""
        stated = self._chunk_facts(chunk_id)[0].values  # an opening year the card states stays a shared value
        return frozenset(year for year, date in _spoken_times(text, _SPEAKING_AT)
                         + [(y, d) for y, d in _spoken_times(text, _OPENING_YEAR, _SUBJECT_IN_YEAR)
                            if y not in stated]
                         if self.engine.chunk_statuses(date).get(chunk_id) == "current")

    def _without_flag_words(self, claim: _ClaimReading) -> _ClaimReading:
        """The reading (and its atoms') without the words that name scope groups."""
        vocabulary = self.engine.vocabulary

        def strip(reading: _ClaimReading, text: str) -> _ClaimReading:
            named = {stem for finding in self.engine.scope.findings(text)
                     for stem in vocabulary.stems(vocabulary.content_words(finding["concept"]))}
            return dataclasses.replace(reading, weights={w: v for w, v in reading.weights.items() if w not in named})

        whole = claim.facts.text
        atoms = tuple(dataclasses.replace(a, reading=strip(a.reading, a.text)) for a in claim.atoms)
        return dataclasses.replace(strip(claim, whole), atoms=atoms)

    @lru_cache(maxsize=1)  # noqa: B019 (one verifier per engine)
    def _card_years(self) -> frozenset[str]:
        return frozenset(v for chunk in self.engine.corpus.chunks for v in self._chunk_facts(chunk.id)[0].numbers
                         if is_year(v))

    def _source_years(self, chunk_id: str) -> frozenset[str]:
        """The publication years of the chunk's organization's documents (their names)."""
        corpus = self.engine.corpus
        organization = corpus.chunk_by_id[chunk_id].organization
        return frozenset(str(s.published_date.year) for s in corpus.sources
                         if s.published_date and s.organization == organization)

    def _atom_results(self, claim: _ClaimReading, organization: str, card: Facts,
                      chunk_id: str) -> list[tuple[_Atom, Finding | None]]:
        """Each atom judged against the card when it speaks for the card's organization (or for
        no one named); None for an atom about another organization."""
        past = self._chunk_facts(chunk_id)[0]  # what the card says of the past too, for a part about the past

        def about_past(atom: _Atom) -> bool:
            return (atom.reading.historical or any(p.search(atom.text) for p in self.reader.rules.past_cues)) \
                and not any(p.search(atom.text) for p in self.reader.rules.present_cues)

        named = self._chunk_facts(chunk_id)[2]

        def compare(atom: _Atom) -> Finding:
            facts = atom.reading.facts
            unnamed = sorted(atom.reading.named - named)
            if _lists_left_out(facts) and unnamed:  # a list of who is left out
                return Finding("does_not_support", "missing_fact",
                               f"{chunk_id} does not name {'; '.join(self.engine.scope.label(f) for f in unnamed)}")
            # ... naming a group the card says it covers ("ORG-A, like ORG-B, leaves out family history")
            covered = _listed_yet_covered(facts, card)
            if not covered and "coverage" not in dict(facts.poles) and not facts.absent \
                    and not any(p.search(facts.text) for p in self.accounting.negators):
                # an item of the list the claim's verb leaves out ("excludes A, B, and people with condition X")
                covered = [c for c in _listed_yet_covered(claim.facts, card) if c in facts.concepts]
            if covered:
                return Finding("contradicts", "missing_fact", f"{chunk_id} covers {', '.join(covered)}")
            return self._compare(atom.reading, past if about_past(atom) else card, chunk_id, context=claim.facts)

        results = [(atom, compare(atom) if not atom.organizations or organization in atom.organizations else None)
                   for atom in claim.atoms]
        # "advises continuing to 75, then deciding together": the card's strength for the part is
        # the one another part states, so together they state it
        stated = {s for atom, r in results if r is not None and r[0] == "supports"
                  for s in atom.reading.facts.strengths}
        aligned = {s for atom, r in results if r is not None and r[1] == "misstated_strength"
                   for s in _aligned_strengths(atom.reading.facts, card, self.reader.age_sides)}
        if aligned and aligned <= stated:
            # (not a recommendation for or against beside "the evidence is insufficient": those exclude each other)
            results = [(atom, self._compare(atom.reading, card, chunk_id, ignore_strength=True, context=claim.facts)
                        if r is not None and r[1] == "misstated_strength"
                        and not ("insufficient" in stated and {"for", "against"} & set(atom.reading.facts.strengths))
                        and self._plainly_stated(atom.reading.facts, card) else r) for atom, r in results]
        return results

    def _judge_atoms(self, claim: _ClaimReading, organization: str, card: Facts,
                     chunk_id: str) -> tuple[str, str | None, str]:
        """A compound claim against one chunk, from its atoms: an atom that misstates the strength
        or says the opposite contradicts; otherwise a card stating some atoms supports those
        (partially, when others remain: another organization's part is wrong_organization), and a
        different value contradicts only when the card supports no atom (it is about another part)."""
        results = self._atom_results(claim, organization, card, chunk_id)
        # another organization's part the card reports as theirs, with the same value, is stated by it
        stated_for_them = [a for a, r in results if r is None and self._reported_as_theirs(
            a.reading.facts, a.organizations, chunk_id)]
        results = [(a, Finding("supports", None, f"{chunk_id} reports it") if a in stated_for_them else r)
                   for a, r in results]
        judged = [(a, r) for a, r in results if r is not None]
        elsewhere = [a for a, r in results if r is None]
        several = len({o for a in claim.atoms for o in a.organizations}) > 1

        def reason(own: str | None) -> str | None:
            return "wrong_organization" if several else own

        for atom in elsewhere:  # another organization's part, which the card reports otherwise
            reported = self._reported_otherwise(atom.reading.facts, atom.organizations, chunk_id)
            if reported:
                return "contradicts", "wrong_organization", f"'{atom.text}': {chunk_id} reports {reported}"
        if not judged:
            return ("does_not_support", "wrong_organization",
                    f"no part of the claim speaks for {organization}: " + "; ".join(
                        f"'{a.text}' is {' and '.join(a.organizations)}'s" for a in elsewhere))
        supported = [a for a, r in judged if r[0] == "supports"]
        i_statement = set(card.strengths) == {"insufficient"}
        if i_statement and any("insufficient" in a.reading.facts.strengths for a in supported):
            # "the evidence is insufficient, so you should stop": a direction drawn from an I statement
            drawn = [a for a, r in judged if r[0] != "supports" and "insufficient" not in a.reading.facts.strengths
                     and (set(a.reading.facts.strengths) - {"insufficient"} or a.reading.facts.mandate)
                     and not uncovered(a.reading.facts, card)]  # ... about what the card is about, not other ages
            if drawn:
                said = drawn[0].reading.facts.strengths[0] if drawn[0].reading.facts.strengths else "for"
                return ("contradicts", reason("misstated_strength"),
                        f"'{drawn[0].text}': the claim says {_STRENGTH_WORDS[said]}; {chunk_id} says "
                        f"{_STRENGTH_WORDS['insufficient']}")
        # a supported part with facts of its own is about another section; one that only gives a
        # strength ("it calls the evidence insufficient") is about the same thing
        # (a bare topic label, "Clinical exam, ORG: ...", names what the other parts are about)
        lead = claim.facts.text
        apart = [a for a in supported if a.reading.facts.values
                 or (a.reading.facts.concepts and not (_topic_label(a) and re.match(
                     re.escape(a.text) + r"\s*[,:]", lead)))]
        for atom, finding in judged:
            label, why, explanation = finding.label, finding.reason, finding.explanation
            # a part that says the opposite contradicts; a part whose strength differs from a card
            # that states another part is about another section of that organization's advice
            # (not a part drawn from the same point: "recommends annual at 40 to 44, so yearly at 42 is
            # the standard": the same ages and interval)
            own = atom.reading.facts
            elsewhere_parts = [a for a in apart if not _within_point(a.reading.facts, own)]
            context_only = not (own.values or own.concepts)  # "it leaves it to ...": about the claim's subject
            hard = (finding.definite
                    or (why == "misstated_strength" and (not elsewhere_parts or context_only))
                    or (why == "missing_fact" and bool(own.concepts & card.concepts))  # a wrong value on its topic
                    # ... or a start the card gives otherwise ("start at 50; every 2 years" against a start at 40)
                    or (why == "missing_fact" and bool(own.starts) and not _other_age_group(own, card)
                        and bool(_starts_of(card)) and not own.starts & _starts_of(card)
                        # (not the end of a span the card lets her start in: "between 25 and 40")
                        and not any(int(v) == high for v in own.starts for _, high in card.age_ranges))
                    # ... or a span from the card's start that ends a year or two off ("from 45 through 55" against
                    # 45 to 54; not "40 to 74" against a card on the forties, a part of it)
                    or (why == "missing_fact" and bool(other_range_end(own, card)) and any(
                        low == c_low and 0 < abs(high - c_high) <= 2
                        for low, high in own.age_ranges for c_low, c_high in card.age_ranges))
                    # ... or a rate the card gives, told over another period or at another size ("2% every 2 years")
                    or (why == "missing_fact" and _rate_conflict(own, card))
                    # ... or the period a figure was measured over, given as other years ("from 2010 to 2014")
                    or (why == "missing_fact" and _span_conflict(own, card))
                    # ... or a recommendation or obligation the card does not give, on its own topic ("recommends
                    # an MRI for her" against an I statement on supplemental MRI)
                    or (why == "misstated_strength" and bool(own.concepts & card.concepts)
                        and (own.mandate or ("for" in own.strengths and "for" not in own.negated
                                             and not {"against", "insufficient"} & set(own.strengths))))
                    # ... or, of the present, an I statement on its own topic that the card does not make ("... and
                    # finds insufficient evidence on DBT" against a card that takes DBT as effective)
                    or (why == "misstated_strength" and bool(own.concepts & card.concepts) and not claim.historical
                        and "insufficient" in own.strengths and "insufficient" not in card.strengths
                        and (not atom.organizations or organization in atom.organizations))
                    # ... or a recommendation against on the topic of an I statement ("you should stop having the
                    # test because you are over 75")
                    or (why == "misstated_strength" and bool(own.concepts & card.concepts)
                        and set(own.strengths) == {"against"} and set(card.strengths) == {"insufficient"})
                    or (why == "missing_fact" and bool(card.intervals)  # how often: one question
                        and bool(own.intervals - self.reader.interval_choices(own.intervals) - card.intervals)
                        and not _other_age_group(own, card)  # ... unless for ages the card is not about
                        # (or for the ages after the part before: "..., and after that she can go every other year")
                        and not (atom is not claim.atoms[0]
                                 and any(p.match(atom.text) for p in self.reader.rules.atoms.get("sequel", ())))))
            if label == "contradicts" and hard:
                return label, reason(why), f"'{atom.text}': {explanation}"
        # "..., so a yearly study at 42 is consistent with ORG guidance": a consequence applying a stated
        # point to a case adds nothing the point does not give (nor one that puts it to the reader as a
        # hedge, "so you may want to consider yearly screening": the writer's caution, not the point's strength)
        applied = [a for a, r in judged if r[0] != "supports"
                   and ((r[1] == "missing_fact" and r[0] != "contradicts")
                        or (r[1] == "misstated_strength" and set(a.reading.facts.strengths) == {"option"}))
                   and any(p.match(a.text) for p in self.reader.rules.atoms.get("consequence", ()))
                   and any(_applies_point(a.reading.facts, s.reading.facts) for s in supported)]
        failing = [(a, r) for a, r in judged if r[0] != "supports" and a not in applied]
        wider = [a for a in supported if (set(a.organizations) - {organization} or a.reading.facts.universal)
                 and a not in stated_for_them]
        if supported and not failing and not elsewhere and not wider:
            return "supports", None, f"{chunk_id} states every part of the claim"
        if supported and not failing and not elsewhere:
            return ("partially_supports", "wrong_organization",
                    f"{chunk_id} states {organization}'s position only; '{wider[0].text}' speaks for "
                    + (" and ".join(wider[0].organizations) if not wider[0].reading.facts.universal
                       else "all organizations"))
        if supported:
            if failing:
                atom, finding = failing[0]
                return "partially_supports", reason("missing_fact"), f"'{atom.text}': {finding.explanation}"
            return ("partially_supports", "wrong_organization",
                    f"{chunk_id} states {organization}'s part only; " + "; ".join(
                        f"'{a.text}' speaks for {' and '.join(a.organizations)}" for a in elsewhere))
        # a part on the card's own ages, partly stated: the card is about that part, and another
        # part's different value is about another section
        ours = [(a, r) for a, r in failing if r[0] == "partially_supports" and ages_of(a.reading.facts)
                and all(v in card.numbers or any(low <= float(v) <= high for low, high in card.age_ranges)
                        for v in ages_of(a.reading.facts))]
        order = ("partially_supports", "contradicts", "does_not_support") if ours else \
            ("contradicts", "partially_supports", "does_not_support")
        for wanted in order:
            for atom, finding in failing:
                if finding.label == wanted:
                    return finding.label, reason(finding.reason), f"'{atom.text}': {finding.explanation}"
        atom, finding = failing[0]
        return finding.label, reason(finding.reason), f"'{atom.text}': {finding.explanation}"

    def _decade_words(self, claim: Facts, card: Facts) -> frozenset[str]:
        """The word of a decade of life the claim names ("40s") when the card states an age in it:
        compared as a value, so stated."""
        def met(low: float, high: float) -> bool:
            return any(low <= float(v) <= high for v in ages_of(card)) or any(
                c_low <= low <= c_high for c_low, c_high in card.age_ranges)

        decades = {(low, high) for low, high in claim.age_ranges if is_decade(low, high)}
        # a list of decades ("in their 40s, 50s and 60s"): each one after the first is a decade too
        decades |= {(int(w[:-1]), int(w[:-1]) + 9) for w in claim.words if _DECADE.fullmatch(w)}
        return frozenset(self.engine.vocabulary.stems([f"{low}s"])[0] for low, high in decades if met(low, high))

    def _plainly_stated(self, claim: Facts, card: Facts) -> bool:
        """A card clause states the claim's value and topic with no strength word of its own
        ("screening continues through at least age 75"): the strength another part gives is the card's."""
        topics = self.reader.rules.concept_patterns
        return any(not strengths and anchors(claim.values & values)
                   and any(p.search(clause) for c in claim.concepts for p in topics.get(c, ()))
                   for clause, strengths, values in card.clauses or card.sentences)

    def _wrong_month(self, facts: Facts, chunk_id: str) -> str:
        """A month the claim gives for the publication year of the cited source, bound to the source's
        organization (the nearest named before it, or none), that is not the month it was published."""
        chunk = self.engine.corpus.chunk_by_id[chunk_id]
        published = self._published(chunk_id)
        if published is None:
            return ""
        everyone = tuple(o.lower() for o in self.engine.corpus.organizations)
        # the months in which this organization published a source (a date naming one of them names that source)
        theirs = {(s.published_date.year, _MONTH_NAMES[s.published_date.month - 1])
                  for s in self.engine.corpus.sources
                  if s.organization == chunk.organization and s.published_date is not None}
        for sentence, _, _ in facts.sentences:
            for m in _MONTH_YEAR.finditer(sentence):
                if int(m.group(2)) != published.year:
                    # another year, told as when this source came out ("ORG-A row: updated October 10, 2017"),
                    # where the organization published nothing that month
                    if (int(m.group(2)), m.group(1)) in theirs or not _PUBLISHED_ON.search(sentence[:m.start()]):
                        continue
                elif m.group(1) == _MONTH_NAMES[published.month - 1]:
                    continue
                if _STANDPOINT_BEFORE.search(sentence[:m.start()]) and (published.year, published.month) <= (
                        int(m.group(2)), _MONTH_NAMES.index(m.group(1)) + 1):
                    continue  # where things stood at a time ("by June 2024 it had moved"): published by then
                if nearest_organization(sentence, m.group(0), everyone) not in ("", chunk.organization.lower()):
                    continue  # another organization's date ("in line with ORG-B's April 2024 ...")
                return (f"{chunk.document_id} was published in {_MONTH_NAMES[published.month - 1].title()} "
                        f"{published.year}, not {m.group(1).title()} {m.group(2)}")
        return ""

    def _removed_yet_current(self, claim: _ClaimReading, card: Facts, chunk_id: str) -> str:
        """Advice the claim says was taken out of the guidance ("ORG-A dropped exam X with its update",
        "no longer includes X") that the cited section, current at the claim's date, still states: the claim
        contradicts it. Not when the section itself tells what held before (it states the change)."""
        rules = self.reader.rules
        if not rules.removal or self._chunk_facts(chunk_id)[0].words != card.words:
            return ""
        text = claim.facts.text
        for pattern in rules.removal:
            for m in pattern.finditer(text):
                before = re.split(r"[.;:,]", text[:m.start()])[-1]
                if any(p.search(before) for p in self.accounting.negators):
                    continue  # "did not drop", "never removed", "doesn't mean it no longer applies"
                after = re.split(r"[.;]", text[m.end():])[0]
                # what was taken out: what follows ("dropped X"), else what comes before ("X is out of date",
                # "X is no longer part of its guidance": told as the subject of a passive)
                # (or of a verb that takes no object: "X has dropped out of its guidance", "disappeared from it")
                passive = m.group(0).split()[0] in ("is", "are", "was", "were") \
                    or bool(re.match(r"(been )?\w+ (out of|from)\b", m.group(0)))
                if passive and not self.reader.read(before, rules.claim_priority).concepts:
                    # (the subject before an aside set off by commas: "X has, I gather, dropped out of ...")
                    before = re.split(r"[.;:]", text[:m.start()])[-1]
                what = after if self.engine.vocabulary.content_words(after) and not passive else before
                removed = self.reader.read(what, rules.claim_priority)
                if any(not _YEARISH.search(v) for v in removed.values - card.values):
                    continue  # another value than the card's was taken out ("no longer has a grade C")
                if any(removed.values & before and not removed.values & after
                       for before, after in self._card_moves(chunk_id)):
                    continue  # the card tells the move away from it ("moved from grade C to grade B")
                if removed.values and removed.values <= self._told_before_only(chunk_id):
                    continue  # ... or tells it only as what held before ("Before this update, ... by 50")
                stems = set(self.engine.vocabulary.stems(self.engine.vocabulary.content_words(what)))
                shared = stems & set(card.words)
                # (what it names as a topic must be the card's: "its exam advice was replaced" is not about
                # the start-age section the claim cites)
                if removed.concepts & card.concepts or (not removed.concepts and len(stems) >= 2
                                                        and len(shared) >= 0.6 * len(stems)):
                    chunk = self.engine.corpus.chunk_by_id[chunk_id]
                    return (f"{chunk_id} is in force at the claim's date: {chunk.organization}'s guidance still "
                            f"states it")
        return ""

    def _cohort_read_as_age(self, text: str, card: Facts, chunk_id: str) -> str:
        """A group the claim tells by when its people turned an age, or by a birth year whose digits are
        an age of the card's ("women born before 1975" against "75 and older"), where the section itself
        names no such group: the claim reads a date as an age."""
        cohort = self.reader.rules.cohort
        if any(p.search(self.engine.corpus.chunk_by_id[chunk_id].text.lower()) for p in cohort):
            return ""
        return next((m.group(0) for p in cohort for m in [p.search(text)]
                     if m and ("age" not in p.groupindex or _card_age(m.group("age"), card))), "")

    def _glossed_interval(self, facts: Facts, card: Facts) -> str:
        """An interval the card gives that the claim glosses as another ("every 2 years, that is, twice a
        year"): the claim gives the card's interval a wrong meaning."""
        pair = self.reader.rules.interval_pair
        if pair is None:
            return ""
        for sentence, _, _ in facts.sentences:
            for m in pair.finditer(sentence):
                first, gap, second = m.groups()
                if first != second and not _JOINS_VALUES.search(gap) \
                        and any(p.search(gap) for p in self.reader.rules.equates) \
                        and (first in card.intervals) != (second in card.intervals):
                    given, other = (first, second) if first in card.intervals else (second, first)
                    return f"{given} screening, which the claim glosses as {other}"
        return ""

    def _wrong_year_issued(self, facts: Facts, chunk_id: str) -> str:
        """A year the claim binds to the cited organization's issuing or starting its advice ("in 2025
        the ORG began recommending ...") that no document of that organization was published in."""
        chunk = self.engine.corpus.chunk_by_id[chunk_id]
        published = self._published(chunk_id)
        if published is None:
            return ""
        # (or a year its card dates an update to, in any section: "its advice for group X was updated in 2023")
        years = self._source_years(chunk_id) | self._years_on_card.get(chunk.document_id, frozenset())
        for sentence, _, _ in facts.sentences:
            for pattern in self.reader.rules.issued_in:
                for m in pattern.finditer(sentence):
                    if chunk.organization.lower() not in m.group(0):
                        continue
                    if m.group(1) not in years:
                        return f"{chunk.document_id} was published in {published.year}, not {m.group(1)}"
                    if m.group(1) != str(published.year) and self._tells_a_change(m.group(0)) \
                            and self._card_moves(chunk_id):
                        # "lowered its start age ... in 2016" against the 2024 source's own change from 2016
                        return f"{chunk.document_id} tells a change made in {published.year}, not in {m.group(1)}"
        return ""

    def _reported_otherwise(self, facts: Facts, organizations: Sequence[str], chunk_id: str) -> str:
        """The interval a card reports as another organization's ("every year rather than every 2 years
        as ORG-B advises"), when the claim gives that organization a different one."""
        everyone = tuple(o.lower() for o in self.engine.corpus.organizations)
        return set_aside_for(facts.text, self.engine.corpus.chunk_by_id[chunk_id].text,
                             self.reader.single_intervals(facts.intervals), tuple(o.lower() for o in organizations),
                             everyone, self.accounting, self._text_intervals)

    def _text_intervals(self, text: str) -> frozenset[str]:
        """The intervals a piece of card text gives, read as a claim's are."""
        return self.reader.intervals(self.reader.normalize(text))

    def _reported_as_theirs(self, facts: Facts, organizations: Sequence[str], chunk_id: str) -> bool:
        """Does the card report the part's interval as its organizations' own ("every year rather than
        every 2 years as ORG-B advises", for "while ORG-B says every other year")?"""
        mine = self.reader.single_intervals(facts.intervals)
        card_text = self.engine.corpus.chunk_by_id[chunk_id].text
        return bool(organizations) and all(
            reported_as_for(mine, card_text, o.lower(), self.accounting,
                            self._text_intervals)
            for o in organizations)

    def _denied_interval(self, text: str, interval: str) -> bool:
        """Is the interval itself denied ("does not say yearly", "none of the others says yearly"), not
        only somewhere in its clause ("doesn't disagree with the panel's biennial interval", "does not say
        women are required to start annual")?"""
        at = text.find(interval)
        if at < 0 or any(p.search(text[max(0, at - 30):at]) for p in self.reader.rules.mandate):
            return False  # "does not require annual": the obligation is denied, not the interval
        called_enough = any(p.match(text, at + len(interval)) for p in self.reader.rules.sufficiency)
        if called_enough and self.reader.negated_at(text, at, frames_turn=True):
            return True  # "does not think every two years is enough": that interval, denied as sufficient
        # (a denial framed by another, "it is not correct that ORG doesn't want yearly", is turned back)
        near = self.reader.negated_at(text, at, frames_turn=False)
        turned = near and self.reader.negated_at(text, at, frames_turn=True)
        return turned or _NO_ONE_SAYS.search(text[:at]) is not None

    def _obligation_denied(self, text: str, interval: str) -> bool:
        """Is an obligation to the interval denied ("does not require yearly", "don't insist on a yearly one")?"""
        at = text.find(interval)
        rules = self.reader.rules
        return at >= 0 and any(self.reader.negated_at(text, max(0, at - 30) + m.start(), frames_turn=False)
                               for p in rules.mandate + rules.denied_obligation
                               for m in p.finditer(text[max(0, at - 30):at]))

    def _reversed_words(self, claim: _ClaimReading, facts: Facts, card: Facts) -> list[str]:
        """The claim's words it states as so that the card states only under a negation ("does not
        recommend routine supplemental screening" against "warrant supplemental screening")."""
        tokenize = self.engine.vocabulary.tokenize
        claim_under, claim_free = negated_words(facts.text, self.accounting, tokenize)
        card_under, card_free = negated_words(card.text, self.accounting, tokenize)
        if claim_under or facts.excludes or card.excludes:
            return []
        # what the claim calls the evidence too thin to weigh ("insufficient to weigh the benefits") it asserts
        # no more than the card's "not enough to weigh benefits" does
        weighed = {stem for label, _, end in self.reader.strength_spans(facts.text) if label == "insufficient"
                   for stem in words_after(facts.text, end, tokenize, self.accounting.window + 1)}
        return sorted(w for w in (claim_free & card_under) - card_free - weighed if w in claim.weights)

    def _opposite(self, claim: _ClaimReading, card: Facts) -> str:
        """An antonym pair (rise/fall, include/exclude, replace/goes along with) on which the
        card sentence closest to the claim takes the other side (not when the claim says its side
        holds only at times and the card's sentence makes an exception)."""
        text = claim.facts.text
        # "not having one doesn't mean never stopping": the side holds at times, as a card's "unless ..." allows
        at_times = any(p.search(text) for p in self.accounting.exception)
        if claim.facts.concepts and not claim.facts.concepts & card.concepts:
            return ""  # the claim's side is on a group or topic the card does not name ("covers a family history")
        return next((sentence for _, side, (theirs, sentence) in self._sides(claim, card) if theirs != side
                     and not (at_times and any(p.search(sentence) for p in self.accounting.condition))), "")

    def _unstated_side(self, claim: _ClaimReading, card: Facts) -> str:
        """An antonym pair of `unstated_antonyms` on whose first side the claim stands while the card names neither
        side ("X catches more than Y" against a card that finds both effective), or "" (the second side, "equally
        effective", is what a card that ranks neither above the other says)."""
        for name, first, second in self.reader.rules.antonyms:
            if name in self.reader.rules.unstated_antonyms and dict(claim.facts.poles).get(name) == 1 \
                    and not any(p.search(card.text) for p in first + second):
                return name
        return ""

    def _reversed_move(self, facts: Facts, chunk_id: str) -> str:
        """A move the card states ("from grade C to grade B") that the claim makes the other way."""
        card_moves = self._card_moves(chunk_id)
        for before, after in self.reader.moves(facts.text):
            for card_before, card_after in card_moves:
                if before & card_after and after & card_before:
                    return f"from {_shown(card_before)} to {_shown(card_after)}"
        # ... or told by a strength on one side ("from biennial screening to an individual decision")
        for before, after in self.reader.moves(facts.text, with_strengths=True):
            for card_before, card_after in self._card_moves(chunk_id, with_strengths=True):
                if before & card_after and after & card_before and not (before & card_before or after & card_after):
                    return f"from {_shown(card_before)} to {_shown(card_after)}"
        for after in self.reader.moves_to(facts.text):  # "dropped its grade to C": the card's old value as the new
            for card_before, card_after in card_moves:
                if after & card_before and not after & card_after:
                    return f"from {_shown(card_before)} to {_shown(card_after)}"
        for after in self.reader.move_to_strengths(facts.text):
            for card_before, card_after in self._card_move_strengths(chunk_id):
                if after <= card_before and not after & card_after:
                    return f"away from {', '.join(sorted(after))}"
        return ""

    def _moved_elsewhere(self, facts: Facts, chunk_id: str) -> tuple[str, str]:
        """(kind, the card's move) when the claim's move ends at a value of a kind (an interval, a grade) at
        which none of the card's moves of that kind ends ("changed the 40s from biennial to annual" against a
        move to biennial); kind "interval" or "grade" (a grade is a strength)."""
        card_moves = self._card_moves(chunk_id)
        intervals = frozenset(self.reader.rules.intervals)
        for after in [after for _, after in self.reader.moves(facts.text)] + list(self.reader.moves_to(facts.text)):
            for kind, told in (("interval", after & intervals), ("grade", after - intervals)):
                ends = [card_after & intervals if kind == "interval" else card_after - intervals
                        for _, card_after in card_moves]
                if told and any(ends) and not any(told & end for end in ends):
                    card_before, card_after = next(move for move, end in zip(card_moves, ends, strict=True) if end)
                    return kind, f"from {_shown(card_before)} to {_shown(card_after)}"
        return "", ""

    def _strength_moved_from(self, claim: _ClaimReading, card: Facts, chunk_id: str) -> str:
        """The strength a present-tense claim gives that the card says its advice moved away from
        (stated before the move, not after it), on the move's ages or topic; not when the claim
        tells a change itself ("the update replaced that individual decision with ...")."""
        facts = claim.facts
        text = facts.text
        published = self._published(chunk_id)
        # "since 2024 it says ...", the card's own year: what holds from that version on, no change told
        told = re.sub(rf"\bsince {published.year}\b", " ", text) if published else text
        if claim.historical or not facts.strengths or self.reader.moves(text) \
                or any(p.search(told) for p in self.reader.rules.change_told + self.reader.rules.removal) \
                or not (anchors(facts.values & card.values) or ages_within(facts, card)
                        or facts.concepts & card.concepts):
            return ""
        stated = set(facts.strengths)
        for before, after in self._card_move_strengths(chunk_id):
            if stated <= before and not stated & after:
                return _STRENGTH_WORDS[facts.strengths[0]]
        return ""

    def _told_of_before_the_move(self, claim: _ClaimReading, chunk_id: str) -> str:
        """A value the card says its advice moved to, which the claim gives to a time before the move
        (before the year of the card's source, or a year before it; "previously", "used to"), giving
        none of the values moved from; not when the claim tells the change itself."""
        published = self._published(chunk_id)
        text = claim.facts.text
        if published is None or self.reader.moves(text) or self._tells_a_change(text) or _NOW.search(text) \
                or any(int(m.group(2)) >= published.year and m.group(1) not in _BEFORE
                       for m in _TIME_OF.finditer(text)):
            return ""  # (the claim tells both times: "used to ..., and since 2024 ...", "from C in 2016 to B in 2024")
        earlier = _FORMERLY.search(text) or any(
            int(m.group(2)) < published.year or (int(m.group(2)) == published.year and m.group(1) in _BEFORE)
            for m in _TIME_OF.finditer(text))
        if not earlier:
            return ""
        for before, after in self._card_moves(chunk_id):
            told = sorted(v for v in claim.facts.values & after if not is_year(v))
            if told and not claim.facts.values & before:
                return f"{told[0]} only after its change (before it: {', '.join(sorted(before))})"
        return ""

    @lru_cache(maxsize=64)  # noqa: B019 (one verifier per engine; a property of the chunk)
    def _card_move_strengths(self, chunk_id: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
        return self.reader.move_strengths(self._normalized_card(chunk_id))

    @lru_cache(maxsize=64)  # noqa: B019 (one verifier per engine; a property of the chunk)
    def _normalized_card(self, chunk_id: str) -> str:
        return self.reader.normalize(self.engine.corpus.chunk_by_id[chunk_id].text)

    @lru_cache(maxsize=64)  # noqa: B019 (one verifier per engine; a property of the chunk)
    def _states_latest_start(self, chunk_id: str) -> bool:
        """Whether the card states a latest start of its own ("begin no later than 50")."""
        return any(p.search(self._normalized_card(chunk_id)) for p in self.reader.rules.latest_start)

    @lru_cache(maxsize=4096)  # noqa: B019 (card sentences, asked again for every claim cited to them)
    def _ages_above(self, text: str) -> frozenset[str]:
        """The ages a (normalized) text speaks of the ages above ("past age 74")."""
        return frozenset(age for side, age in self.reader.age_sides(text) if side == "above")

    @lru_cache(maxsize=128)  # noqa: B019 (one verifier per engine; a property of the chunk)
    def _card_moves(self, chunk_id: str,
                    with_strengths: bool = False) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
        return self.reader.moves(self._normalized_card(chunk_id), with_strengths)

    def _agreed_words(self, claim: _ClaimReading, card: Facts) -> frozenset[str]:
        """The words of the claim's antonym phrases on which the card's closest sentence takes the
        same side ("does not present X as making Y unnecessary" and "it does not replace it"):
        compared as a side, so stated."""
        agreed = {name for name, side, (theirs, _) in self._sides(claim, card) if theirs == side}
        text = claim.facts.text
        vocabulary = self.engine.vocabulary
        return frozenset(stem for name, first, second in self.reader.rules.antonyms if name in agreed
                         for pattern in first + second for m in pattern.finditer(text)
                         for stem in vocabulary.stems(vocabulary.content_words(m.group(0))))

    def _kept_to(self, facts: Facts, missing_concepts: list[str]) -> str | None:
        """The topic a claim keeps the advice to ("recommends starting at 40 only for group X") among those the
        card does not mention, or None: the card's advice, given without that group, is not that group's alone."""
        topics = dict(self.reader.rules.concepts)
        for cue in self.reader.rules.restricted_to:
            for m in cue.finditer(facts.text):
                following = facts.text[m.end():m.end() + 60]
                for concept in missing_concepts:
                    if any(p.match(following) or p.match(following.lstrip()) for p in topics.get(concept, ())):
                        return concept
        return None

    def _sides(self, claim: _ClaimReading, card: Facts) -> list[tuple[str, int, tuple[int, str]]]:
        """For each antonym pair the claim takes a side on: (pair, its side, (the side and text of
        the card sentence closest to the claim)), when a card sentence takes a side on it."""
        out: list[tuple[str, int, tuple[int, str]]] = []
        if not claim.facts.poles:
            return out
        stems = set(claim.weights)
        # a sentence that goes on about the one before ("This applies to older women too, including
        # those aged 75 and above") lends it its values
        sentences = list(card.sentences)
        lent = [(sentence, values | nxt[2] if _REFERS_BACK.match(nxt[0]) else values)
                for (sentence, _, values), nxt in zip(sentences, [*sentences[1:], ("", None, frozenset())],
                                                      strict=True)]
        for name, side in claim.facts.poles:
            best, best_overlap = None, 0.0
            fallback, fallback_overlap = None, 0.4 * sum(claim.weights.values())
            for sentence, values in lent:
                theirs = dict(self.reader.poles(sentence)).get(name)
                if theirs is None:
                    continue
                about = name in self.reader.rules.topical_antonyms or not (
                    claim.facts.concepts or anchors(claim.facts.values)) or bool(
                    anchors(claim.facts.values & values)
                    or any(c.split()[0].lower() in sentence for c in claim.facts.concepts))
                words = set(self.engine.vocabulary.stems(self.engine.vocabulary.content_words(sentence)))
                overlap = sum(claim.weights[w] for w in stems & words)
                topical = name in self.reader.rules.topical_antonyms
                if about and (overlap > best_overlap or (best is None and topical)):
                    # a pair that names its own topic ("far enough", "fully endorsed"): the card's one
                    # sentence taking a side on it is the point, even with no other word shared
                    best, best_overlap = (theirs, sentence), overlap
                elif not about and claim.facts.concepts <= card.concepts and overlap > fallback_overlap:
                    # a card on the claim's topics: its closest sentence, even without the claim's values
                    fallback, fallback_overlap = (theirs, sentence), overlap
            best = best or fallback
            if best is not None:
                out.append((name, side, (best[0], best[1].strip())))
        return out

    def _owner(self, claim: _ClaimReading, organization: str) -> str | None:
        """When a claim fails its own organization's card, whose card states it (any version)?"""
        if not claim.attributed:
            return None
        for chunk in self.engine.corpus.chunks:
            if chunk.organization != organization and self._compare(
                    claim, self._chunk_facts(chunk.id)[0], chunk.id)[0] == "supports":
                return f"{chunk.organization}'s position ({chunk.id})"
        return None

    def verify_claim(self, claim: Claim | tuple[str, str, Sequence[str]], reference_date: dt.date,
                     question: str | None = None) -> ClaimVerdict:
        """Judge every citation of a claim, then its joint support and redundant citations. With the
        `question` of the claim's case, a claim that gives the person asked about a schedule ("she should
        start at 40") carries the scope exclusions the question states about her."""
        if isinstance(claim, Claim):
            claim_id, text, chunk_ids = claim.id, claim.text, [e.chunk_id for e in claim.evidence]
        else:
            claim_id, text, chunk_ids = claim
        flags = self._stated_flags(question, reference_date) if question else ()
        if question:
            text = self._pointed_time(text, question, chunk_ids, reference_date)
        return self._verify_cached(claim_id, text, tuple(chunk_ids), reference_date, flags)

    def _pointed_time(self, text: str, question: str, chunk_ids: Sequence[str], reference_date: dt.date) -> str:
        """A claim that points back to the time its question states ("At that time, ORG advised ...") speaks
        of that time: where a cited section stood otherwise then than at the reference date, the pointer gives
        way to the question's own words for it, put first, where a claim tells its time ("In January 2023,
        ORG advised ..."; a question asked from that time already judges its claims then)."""
        pointers = [p for p in self.reader.rules.time_pointers if p.search(text)]
        stated = self.engine.stated_time(question) if pointers else None
        if stated is None:
            return text
        then, now = self.engine.chunk_statuses(stated.date), self.engine.chunk_statuses(reference_date)
        if all(then.get(c) == now.get(c) for c in chunk_ids):
            return text
        for pointer in pointers:
            text = pointer.sub("", text, count=1)
        text = re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s{2,}", " ", text)).strip(" ,")
        return f"{stated.phrase[:1].upper()}{stated.phrase[1:]}, {text}"

    @lru_cache(maxsize=1024)  # noqa: B019 (a case's claims share its question: read it once)
    def _stated_flags(self, question: str, reference_date: dt.date) -> tuple[str, ...]:
        return self.engine.stated_flags(question, reference_date)

    @lru_cache(maxsize=4096)  # noqa: B019 (one verifier per engine, kept for the process's life)
    def _verify_cached(self, claim_id: str, text: str, chunk_ids: tuple[str, ...],
                       reference_date: dt.date, patient_flags: tuple[str, ...] = ()) -> ClaimVerdict:
        reading = self._read_claim(text, reference_date)
        if patient_flags and not reading.flags and (reading.facts.intervals or reading.facts.starts) \
                and any(p.search(text) for p in self.reader.rules.patient):
            # a schedule given to her ("she should start biennial screening at 40"), not advice for everyone
            # ("a risk assessment by 25") nor what to do on noticing a change
            reading = dataclasses.replace(reading, flags=patient_flags)
        verdicts = tuple(self._judge(reading, c, reference_date) for c in chunk_ids)
        supported, explanation = self._joint(reading, verdicts, reference_date)
        if supported and reading.atoms and (not reading.facts.universal or reading.aside):
            supported, explanation = self._joint_atoms(reading, verdicts)
        redundant, kept = [], []
        for v in self._usable(verdicts):  # in citation order: a later citation that adds nothing is redundant
            if kept and self._adds_nothing(reading, v, kept):
                redundant.append(v.chunk_id)
            else:
                kept.append(v)
        return ClaimVerdict(claim_id, text, verdicts, supported, tuple(redundant), explanation)

    def _joint_atoms(self, claim: _ClaimReading, verdicts: Sequence[Verdict]) -> tuple[bool, str]:
        """A compound claim is supported only when every atom is supported by a usable citation."""
        supported: dict[int, set[str]] = {}
        for v in self._usable(verdicts):
            organization = self.engine.corpus.chunk_by_id[v.chunk_id].organization
            results = self._atom_results(claim, organization, self._chunk_facts(v.chunk_id, not claim.historical)[0],
                                         v.chunk_id)
            for i, (_, r) in enumerate(results):
                if r is not None and r[0] == "supports":
                    supported.setdefault(i, set()).add(organization)
        unsupported = [a for i, a in enumerate(claim.atoms) if i not in supported]
        if not self._usable(verdicts):
            return False, "no citation supports it"
        if unsupported:
            return False, "no citation supports " + "; ".join(f"'{a.text}'" for a in unsupported)
        # "the others start at 40" speaks for each of them (unless only for "the organizations here")
        cited_only = self.reader.rules.atoms.get("cited_only", ())
        for i, atom in enumerate(claim.atoms):
            missing = set(atom.organizations) - supported[i]
            if len(atom.organizations) > 1 and missing and not any(p.search(atom.text) for p in cited_only):
                return False, f"no citation speaks for {', '.join(sorted(missing))} in '{atom.text}'"
        return True, "every part supported by " + ", ".join(v.chunk_id for v in self._usable(verdicts))

    def _usable(self, verdicts: Sequence[Verdict]) -> list[Verdict]:
        return [v for v in verdicts if v.label in ("supports", "partially_supports")]

    def _joint(self, claim: _ClaimReading, verdicts: Sequence[Verdict], reference_date: dt.date) -> tuple[bool, str]:
        if not verdicts:
            return False, "the claim cites nothing"
        against = [v for v in verdicts if v.label == "contradicts"]
        if against:
            return False, f"contradicted by {', '.join(v.chunk_id for v in against)}"
        if claim.atoms and (not claim.facts.universal or claim.aside):
            return self._joint_atoms(claim, verdicts)
        if any(v.label == "supports" for v in verdicts):
            return True, "supported by " + ", ".join(v.chunk_id for v in verdicts if v.label == "supports")
        usable = self._usable(verdicts)
        if not usable:
            return False, "no citation supports it"
        cards = [self._chunk_facts(v.chunk_id, not claim.historical)[0] for v in usable]
        orgs = {self.engine.corpus.chunk_by_id[v.chunk_id].organization for v in usable}
        everyone = set(self.engine.corpus.organizations)
        needed = everyone if claim.facts.universal else set(claim.attributed)
        if claim.facts.majority and len(orgs & everyone) > len(everyone) / 2:
            needed = orgs  # "most organizations": more than half of them cited is enough
        values = frozenset().union(*(c.values for c in cards))
        concepts = frozenset().union(*(c.concepts for c in cards))
        words = frozenset().union(*(c.words for c in cards))
        gaps = []
        if needed - orgs:
            gaps.append("no citation speaks for " + ", ".join(sorted(needed - orgs)))
        # a value is stated when some citation states it (or holds it in a stated age range); a
        # document's year names it; a choice the claim's two intervals make is stated by stating both
        named = frozenset().union(*(self._source_years(v.chunk_id) for v in usable))
        choices = self.reader.interval_choices(claim.facts.intervals)
        unstated = sorted(v for v in claim.facts.values - named
                          if all(v in uncovered(claim.facts, card) for card in cards)
                          and not (v in choices and set(v.split(" or ")) <= values))
        if unstated:
            gaps.append("no citation states " + ", ".join(unstated))
        dates = set.intersection(*(set(unstated_dates(claim.facts, card)) for card in cards))
        if dates:
            gaps.append("no citation gives the date " + ", ".join(sorted(dates)))
        if claim.facts.concepts - concepts:
            gaps.append("no citation mentions " + ", ".join(sorted(claim.facts.concepts - concepts)))
        if _content_coverage(claim.weights, words) < CONTENT_COVERAGE:
            gaps.append("the citations do not cover the claim's wording")
        if gaps:
            return False, "; ".join(gaps)
        return True, "supported jointly by " + ", ".join(v.chunk_id for v in usable)

    def _adds_nothing(self, claim: _ClaimReading, verdict: Verdict, others: Sequence[Verdict]) -> bool:
        if not others:
            return False
        mine = self._chunk_facts(verdict.chunk_id)[0]
        theirs = [self._chunk_facts(v.chunk_id)[0] for v in others]
        org = self.engine.corpus.chunk_by_id[verdict.chunk_id].organization
        other_orgs = {self.engine.corpus.chunk_by_id[v.chunk_id].organization for v in others}
        needed_values, needed_concepts = claim.facts.values & mine.values, claim.facts.concepts & mine.concepts
        covered_values = frozenset().union(*(c.values for c in theirs))
        covered_concepts = frozenset().union(*(c.concepts for c in theirs))
        return (needed_values <= covered_values and needed_concepts <= covered_concepts
                and (org in other_orgs or not claim.multi))


_MONTH_NAMES = tuple(MONTHS.split("|"))
# where a claim sentence's parts meet ("yearly from 40 + a risk check by 25")
_PARTS = re.compile(r"\s[+&]\s|[,;]|\band\b|\bplus\b")
# the years a figure was measured over ("rising 2% a year from 2015 to 2019"): a span, not a date of the advice
# (and the clause a reason is told in: "one reason given for the change was that incidence rose from 2015 to 2019")
_DATED_PARTS = re.compile(r"[;:]|,(?=\s*(?:which|and|so|because|while|but)\b)|\b(?:was|is|were|are)\s+that\b")
_YEAR_SPAN = re.compile(r"\b(?:from|between)\s+(?:(?:early|mid|late)[- ]?)?(\d{4})\s*"
                        r"(?:to|and|through|until|-|\u2013)\s*(?:(?:early|mid|late)[- ]?)?(\d{4})\b")


def _dates(text: str, without_spans: bool) -> list[re.Match[str]]:
    """The years the text gives as dates (less the ends of a span of years, `without_spans`)."""
    spans = [m.span() for m in _YEAR_SPAN.finditer(text)] if without_spans else []
    return [m for m in DATED_YEAR.finditer(text) if not any(a <= m.start(2) < b for a, b in spans)]


_MONTH_YEAR = re.compile(rf"\b({MONTHS})\s+(?:\d{{1,2}},?\s+)?(\d{{4}})\b")  # names of documents too
# where things stood at a time ("by June 2024", "as of the end of May 2024")
_STANDPOINT_BEFORE = re.compile(r"\b(by|as of|as at|since|through|until)\s+(the\s+)?"
                                r"(end of\s+|early\s+|mid-?\s*|late\s+)?$")
_PUBLISHED_ON = re.compile(r"\b(updated|published|issued|released|revised|finali[sz]ed|dated)\b[^.;,]{0,30}$")

_STRENGTH_WORDS = {"insufficient": "the evidence is insufficient (neither for nor against)",
                   "against": "recommended against", "option": "an option or individual decision",
                   "for": "recommended"}


_DECADE = re.compile(r"[1-9]0s")
_CHUNK_CITATION = re.compile(r"\s*\[[^\[\]]*#[^\[\]]*\]")
_CONTRACTED_NOT = re.compile(r"\b(\w+?)n't\b")
_IRREGULAR_NOT = {"can't": "can", "won't": "will", "shan't": "shall"}
_REFERS_BACK = re.compile(
    r"\s*(this|these|that|it|they) (applies|apply|holds|hold|includes|include|extends|extend|covers|cover)\b",
    re.IGNORECASE)


# a time a claim speaks at, not a date its card must state ("as of mid-2024", "as of early 2019")
_SPEAKING_AT = re.compile(r"\bas (?:of|at) (?:(?:early|mid|late)[- ]?|the (?:start|middle|end) of |[a-z]+\.? )?"
                          r"((?:19|20)\d\d)\b"
                          # ... or the time by which it stood so ("by June 2024 ORG had moved to ...")
                          rf"|\bby (?:the (?:start|middle|end) of )?(?:{MONTHS})\.? ((?:19|20)\d\d)\b", re.I)


def _starts_of(card: Facts) -> frozenset[str]:
    """The ages a card starts its advice at: those it names as a start and the low end of each range."""
    return frozenset(card.starts) | {str(low) for low, _ in card.age_ranges}


# a clause opened after the negator: the negator governs another part ("not recommended for a woman
# who has found a lump" applies the advice to her; "no personal history" names her as absent)
_NEW_CLAUSE = re.compile(r"\b(who|whom|whose|which|that|where|when|if|because|once|after)\b")
# ... unless the negator denies that whole clause ("it is not true that the advice covers people with X")
_DENIES_THE_CLAUSE = re.compile(r"\s*(true|the case|correct|right|so)?\s*")


def _negated_item(item: str, negators: Sequence[re.Pattern[str]]) -> bool:
    """Whether a list item names its group as absent: a negator with no new clause after it (or one that
    denies the whole clause after it: "it is not true that the advice covers people with X")."""
    ends = [m.end() for p in negators for m in p.finditer(item)]
    if not ends:
        return False
    opened = _NEW_CLAUSE.search(item, max(ends))
    return opened is None or _DENIES_THE_CLAUSE.fullmatch(item[max(ends):opened.start()]) is not None


# what opens a list of groups named as absent ("the absence of a personal history, a strong family history,
# a known mutation ..., and chest radiation before 30"; "no X, Y or Z")
_LIST_NEGATOR = re.compile(r"\b(no|without|absence of|absent|free of|lack of|lacking|none of|neither)\b")


def _in_a_denied_list(items: Sequence[str]) -> bool:
    """Whether the last of these list items goes on a list an earlier item opened with a negator: the
    items between are short noun phrases, with no new clause."""
    if len(items) < 2 or len(items[-1].split()) > 6 or _NEW_CLAUSE.search(items[-1]):
        return False
    for item in reversed(items[:-1]):
        opening = list(_LIST_NEGATOR.finditer(item))
        if opening and _NEW_CLAUSE.search(item, opening[-1].end()) is None:
            return True
        if len(item.split()) > 6 or _NEW_CLAUSE.search(item):
            return False
    return False


def _lists_left_out(claim: Facts) -> bool:
    """The claim says who is left out (it names those groups; it is not about them)."""
    return bool(claim.excludes) and dict(claim.poles).get("coverage") != 1


def _listed_yet_covered(claim: Facts, card: Facts) -> list[str]:
    """Groups a claim lists as left out that the card says its advice covers (and excludes nobody)."""
    if not _lists_left_out(claim) or claim.absent or card.excludes or dict(card.poles).get("coverage") != 1:
        return []
    return sorted(claim.concepts & card.concepts)


def _opened(card: Facts) -> Facts:
    """The card with each start it states ("every year from age 40") as a range open above."""
    return dataclasses.replace(card, age_ranges=card.age_ranges + tuple(
        (int(s), 130) for s in card.starts if not any(low == int(s) for low, _ in card.age_ranges)))


_NOW_TOO = re.compile(r"\b(today|now|still|currently|nowadays|these days|to this day)\b")  # the present spoken of too
# a year that opens the sentence ("In 2019 the task force was ..."): the time it speaks at, when the cited
# section was in force then; and, when it is the one time the claim tells, the time a section not yet (or no
# longer) in force then does not speak of (Verifier._opening_time: "In 2016 ..." may still cite a later card
# that tells what held before it)
_OPENING_YEAR = re.compile(r"^\W*(?:back )?in (?:(?:early|mid|late)[- ]?|"
                           r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? )?"
                           r"((?:19|20)\d\d)\b(?=,?\s+[a-z])", re.I)


# a year told between the subject and its verb of advice ("ORG in 2020 advised ..."): when it spoke
_SUBJECT_IN_YEAR = re.compile(r"^\W*(?:[\w'-]+\s+){1,3}?in ((?:19|20)\d\d)\b,?\s+(?:still\s+)?"
                              r"(?:advis|recommend|said|say|told|tell|gave|give|called|urged|wanted|kept|encourag)",
                              re.I)


def _spoken_times(text: str, *marks: re.Pattern[str]) -> list[tuple[str, dt.date]]:
    """(year, last day) of each time the text speaks at ("as of mid-2024" is 2024-06-30); `marks`:
    the patterns of such times (default: "as of")."""
    out = []
    for mark in (m for pattern in marks or (_SPEAKING_AT,) for m in pattern.finditer(text)):
        at = question_time(mark.group(0), (), {})
        if at is not None:
            out.append((next(g for g in mark.groups() if g), at.date))
    return out


def _asserts(facts: Facts) -> bool:
    """Whether a part says something of its own (a strength, obligation, value or topic), not only
    who ("most groups, including ORG-A, ...")."""
    return bool(facts.strengths or facts.mandate or facts.values or facts.concepts or facts.negated)


def _span_conflict(claim: Facts, card: Facts) -> bool:
    """The claim gives a span of years ("from 2010 to 2014") where the card gives another one."""
    def spans(facts: Facts) -> set[tuple[str, ...]]:
        return {m.groups() for sentence, _, _ in facts.sentences for m in _YEAR_SPAN.finditer(sentence)}

    theirs = spans(card)
    return bool(theirs) and any(span not in theirs for span in spans(claim))


def _rate_conflict(claim: Facts, card: Facts) -> bool:
    """The claim gives a rate ("per 2 years 2%") the card gives otherwise: the same size over another
    period, or another size over the same period."""
    def rates(facts: Facts) -> set[tuple[str, str]]:
        return {tuple(v.rsplit(" ", 1)) for v in facts.numbers if v.endswith("%") and " " in v}

    theirs = rates(card)
    return any((period, size) not in theirs and any(p == period or s == size for p, s in theirs)
               for period, size in rates(claim))


def _topic_label(atom: _Atom) -> bool:
    """A part that only names a topic ("Clinical exam"): no value, strength, side or denial,
    and no more than a few words."""
    facts = atom.reading.facts
    return not (facts.values or facts.strengths or facts.negated or facts.mandate or facts.poles
                or facts.excludes) and len(atom.text.split()) <= 4


# "none of the others says yearly", "no other group recommends annual": the value said by no one
_NO_ONE_SAYS = re.compile(r"\b(none of (the|these|those) [\w ]{0,25}?|no (other )?(organi[sz]ations?|groups?|"
                          r"guidelines?|societ(y|ies)|bod(y|ies))\s+)(says?|recommends?|advises?|calls? for|backs?|"
                          r"wants?|urges?)\s+(\w+\s+){0,2}$")
_FINITE = re.compile(r"\b(is|are|was|were|did|does|do|has|have|had|went|goes|go|says|said|\w{3,}ed)\b")
_ONLY = re.compile(r"\b(only|just|solely|merely|exclusively)\b")


def _applies_point(part: Facts, point: Facts) -> bool:
    """A part that applies a point's schedule to a case: the same intervals or grades, ages inside its
    ranges or at or past the age it starts from ("annual from 40" applies at 42), and no denial; or the
    point's own schedule with no age, put to the reader ("so you may want to consider yearly screening")."""
    ages = ages_of(part)
    said = part.text
    # (a schedule applied, not a course denied: "so there is no point screening after 50" is a claim of its own)
    if not part.values or not part.values - ages <= point.values or re.search(r"\b(no|not|never|none)\b|n't\b", said):
        return False
    return all(any(low <= float(v) <= high for low, high in point.age_ranges)
               or (not point.age_ranges and any(float(start) <= float(v) for start in point.starts)) for v in ages)


def _within_point(part: Facts, point: Facts) -> bool:
    """Every value a part gives is the point's own: the same interval or grade, or an age inside the
    point's ranges or among its numbers (a part that gives no value is not within it)."""
    if not part.values or not point.age_ranges:
        return False
    ages = ages_of(part)
    return part.values - ages <= point.values and all(
        v in point.numbers or any(low <= float(v) <= high for low, high in point.age_ranges) for v in ages)


def _reports_values_of(claim: Facts, organizations: Sequence[str], card: Facts,
                       actions: Sequence[re.Pattern[str]]) -> bool:
    """Does the card tell what the claim's organizations did, with every value of the claim, in its
    sentences naming them as the ones acting (`actions`, read right after the name: "ORG-A called the
    ORG-B change to start at 40 an improvement" reports ORG-B's move to 40; "the ORG-A response to the
    ORG-B recommendation also urges ..." reports nothing of ORG-B's)?"""
    if not claim.values or not actions:
        return False
    sentences = [(sentence.lower(), values) for sentence, _, values in card.sentences]
    for organization in organizations:
        name = re.compile(rf"\b{re.escape(organization.lower())}\b")
        told = set().union(*(values for sentence, values in sentences
                             if any(p.match(sentence, m.end()) for m in name.finditer(sentence) for p in actions)))
        if not claim.values <= told:
            return False
    return True


def _aligned_strengths(claim: Facts, card: Facts,
                       sides: Callable[[str], frozenset[tuple[str, str]]] | None = None) -> tuple[str, ...]:
    """Strengths of the card sentences that carry most of the claim's values and topics: the
    best-overlapping sentences that express any strength (all sentences when none overlaps).
    `sides`: the ages a text places on one side ("after 75"); a clause on the claim's side of an
    age weighs more, one on the other side less ("through 75, then a shared decision")."""
    claim_sides = sides(claim.text) if sides else frozenset()
    claim_ages = {float(a) for a in ages_of(claim)}
    by_overlap: dict[int, list[str]] = {}
    for sentence, strengths, values in card.clauses or card.sentences:
        overlap = len(claim.values & values) + sum(1 for c in claim.concepts if c.split()[0].lower() in sentence)
        if claim_ages:
            overlap += _age_fit(claim_ages, sentence, values)
        if claim_sides:
            clause_sides = sides(sentence)
            overlap += len(claim_sides & clause_sides) - len(
                {(side, age) for side, age in clause_sides if any(a == age and s != side for s, a in claim_sides)})
        by_overlap.setdefault(overlap, []).extend(strengths)
    for overlap in sorted(by_overlap, reverse=True):
        if by_overlap[overlap] and overlap > 0:
            return tuple(dict.fromkeys(by_overlap[overlap]))
    return tuple(dict.fromkeys(x for strengths in by_overlap.values() for x in strengths))


def _card_age(digits: str, card: Facts) -> bool:
    """Two digits that are an age the card states, or the decade or bound of one of its age ranges."""
    age = int(digits)
    return digits in card.numbers or any(age in (low, high) or (age % 10 == 0 and low <= age <= high)
                                         for low, high in card.age_ranges)


_JOINS_VALUES = re.compile(r"\b(or|and|to|then|nor)\b")  # two values offered or in turn, not one glossed
_YEARISH = re.compile(r"\b(19|20)\d\d\b")  # a year or a dated month ("october 2024"): when, not what
_SETS_APART = re.compile(r"\b(not|no|never|nor|rather than|instead of|unlike|apart from)\b|n't\b")


# where a list of values parts into items: a comma, a semicolon, or "and" / "or" / "then" / "while"
# after a value ("... from 40 and yearly from 25 to 39"); "between 40 and 74" stays one range
# (after one of the pack's interval words too: Verifier._interval_then)
_LIST_ITEM = re.compile(r"\s*[,;]\s*(?:and |or |then |while )?|(?<=\d)(?: years?| y)?\s+(?:and|or|then|while)\s+(?!\d)")
_ITEM_BREAK = "\x00"
_PERCENTAGE = re.compile(r"\d+(?:\.\d+)?%")


def _denied_card_percentage(claim_text: str, card_text: str, set_aside: Sequence[tuple[int, int]]) -> str:
    """A percentage the card states that the claim sets aside (`set_aside`: the spans the claim rules'
    set-aside words introduce, "..., not a 40% higher likelihood") and gives nowhere else: the claim
    denies the card's figure. (One it also asserts, "2% per year, not 2% over the whole period", is a
    figure bound otherwise, which the other rules weigh.)"""
    stated = set(_PERCENTAGE.findall(card_text))
    for start, end in set_aside:
        asserted = set(_PERCENTAGE.findall(claim_text[:start] + claim_text[end:]))
        denied = set(_PERCENTAGE.findall(claim_text[start:end])) & stated - asserted
        if denied:
            return sorted(denied)[0]
    return ""


# a time a claim speaks of: "before 2024", "in 2016"; and a past told without a year
_TIME_OF = year_after("before|until|till|prior to|in|during|as of|back in", after=NOT_A_SPAN, flags=0)
_BEFORE = ("before", "until", "till", "prior to")
_YEAR_AS_AGE = re.compile(r"\b(?:aged?|ages)\s+(?:of\s+|between\s+|from\s+)?((?:19|20)\d\d)\b")
_NO_LONGER = re.compile(r"\b(no longer|not any ?more|anymore|any longer|out of date|obsolete|outdated)\b")
_NOW = re.compile(r"\b(now|today|currently|since (19|20)\d\d|these days|nowadays)\b")
_FORMERLY = re.compile(r"\b(previously|formerly|originally|used to|at first|until then|in the past|back then"
                       r"|before (it|that|this|then) (was|were|had|said|gave))\b")
# a rate over a period, of no other quantity ("per 2 years 2%", "per 1 to 2 years 2%")
_PERIOD_RATE = re.compile(r"per (\d+ (to \d+ )?)?(year|month|decade)s? \S+%")


def _age_fit(ages: set[float], clause: str, values: frozenset[str]) -> int:
    """+1 when a clause's age range holds an age of the claim's ("47" and "aged 45 to 54"), -1 when
    the clause is about other ages only ("before the option starts at 55"), 0 when it names no age."""
    ranges = card_age_ranges(clause)
    if any(low <= age <= high for age in ages for low, high in ranges):
        return 1
    named = {float(v) for v in values if v.isdigit() and 18 <= int(v) <= 100}
    return -1 if (ranges or named) and not named & ages else 0


def _other_age_group(claim: Facts, card: Facts) -> bool:
    """Every age the claim part gives (a start, a range) lies outside every age range the card
    states ("from 55, every 2 years" against a card for 45 to 54): its interval is for another group."""
    ages = ages_of(claim)
    return bool(ages and card.age_ranges) and all(
        not any(low <= float(a) <= high for low, high in card.age_ranges) for a in ages)


def _content_coverage(weights: dict[str, float], words: frozenset[str]) -> float:
    total = sum(weights.values())
    if total <= 0:
        return 1.0
    return sum(w for token, w in weights.items() if token in words) / total


def _title_head(title: str) -> str:
    """A title's name before its subtitle ("Bulletin 12: on X" -> "bulletin 12"); "" for a title
    without one (the whole title is not how a card refers to it)."""
    head = re.split(r":|\s[\u2014-]\s", title, maxsplit=1)
    return head[0].strip().lower() if len(head) > 1 else ""


def _shown(values: frozenset[str]) -> str:
    """A side of a move as an explanation names it ("grade c, option": a strength by its name)."""
    return ", ".join(sorted(v.removeprefix("strength: ") for v in values))
