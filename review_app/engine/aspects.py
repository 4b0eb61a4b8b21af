"""What a question asks about (its aspects) and which chunks answer it, from the corpus pack's
positions.yaml: every aspect, cue, default and position is data; this module names none.

A question's aspects are read from its normalized words (the pack's cues) and from the patient's
age (an aspect may declare the patient ages it covers); a question that names none gets the
pack's default aspects. A chunk carries the aspects of its positions, each position optionally
limited to the patient ages it speaks to. `answer_chunks` then picks, for each asked aspect and
each organization in play, the chunks of the one source that answers it (current before
superseded, the kind of source the question asks for or else the pack's primary kind, the most
recent) and every other source of that kind still in force on it (a partial update leaves the
older source current on what it did not replace) — every version when an asked aspect compares
versions.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import CorpusError, Problem
from ..records import Source
from .corpus import Corpus
from .datafiles import compile_pattern, compile_patterns, read_mapping
from .scope import asked_part, granted_part
from .status import chunk_statuses_at

POSITIONS_FILE = "positions.yaml"
AgeRange = tuple[int, int]


_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
# a pronoun standing for an organization named before ("did it give", "what did they say")
_PRONOUN_SUBJECT = re.compile(r"^[^.?!]{0,80}?\b(?:did|does|do|has|have|had|was|is|would|will|can) (?:it|they)\b")
# a clause whose subject is the thing just asked ("... a risk check by now, or does that wait until
# screening starts?") goes on asking about it
_GOES_ON = re.compile(r"\s*(?:(?:or|and|but|so)\s+)?(?:(?:does|do|did|is|should|would|will|can|could|must)\s+)?"
                      r"(?:that|it|this|one)\s+(?:\w+\s+){0,2}?(?:wait|come|happen|start|begin)\w*\b", re.I)
# a clause that asks only how often ("does ORG still say the exam can be offered, and how often?") asks it of
# the thing just asked about
_BARE_HOW_OFTEN = re.compile(r"\s*(?:(?:and|or|but|so|also)\s+)?"
                             r"(?:how (?:often|frequently)|at what (?:interval|frequency)|what (?:interval|frequency))"
                             r"\W*(?:if so\W*)?$", re.I)
# a clause whose subject points back ("when the doctor does the exam by hand, is this needed every year?")
# asks of the thing the clause before it named
_POINTS_BACK = re.compile(r"\s*(?:(?:and|or|but|so)\s+)?(?:is|are|does|do|should|must|can|would|will)\s+"
                          r"(?:this|that|these|those)\b", re.I)  # (not "does it still apply ...?": "it" is the advice)
# a spaced dash parts clauses too, and so does a list's marker ("on (a) X at her age and (b) when to start"), and a
# second question joined by "and" ("what did they change and why did they do it")
_CLAUSE = re.compile(r"[,;:.!?]|\s[-–—]+\s|[–—]|\s\(?(?:[a-h]|[1-9])\)\s"
                     r"|\s(?:and|but)\s+(?=(?:why|what|how|when|which)\b)", re.I)
# a clause asked on condition of the one before ("rec'd or not, and at what intervals if so?"): its point
# is the point before it, not one of its own
_CONDITION = r"if (so|yes|they do|it does|recommended|offered)"
_IF_SO = re.compile(rf"\b{_CONDITION}\b", re.I)
_IF_SO_AFTER = re.compile(rf",\s*{_CONDITION}\s*[?.!]", re.I)  # ... set off after the clause, ending its sentence


@dataclass(frozen=True)
class Aspect:
    id: str
    label: str  # how the synthesis names it
    cues: tuple[re.Pattern[str], ...]
    patient_ages: AgeRange | None = None  # a patient in this range asks about the aspect too
    all_versions: bool = False  # the aspect compares a source with the version it replaced
    subsumes: tuple[str, ...] = ()  # aspects a question asking this one names only as its subject
    relational: bool = False  # a question about it names other organizations than the one answering
    speaks_of: tuple[str, ...] = ()  # the aspects its statements speak of (a "what changed" one)
    not_cues: tuple[re.Pattern[str], ...] = ()  # words that look like a cue and are not one (blanked first)
    qualifies: tuple[str, ...] = ()  # asked with one of these, it is read from the whole question (who she is)
    patient_subsumes: tuple[str, ...] = ()  # asked about one patient (a stated age), these are its subject
    asked_only: bool = False  # read only in the sentences that ask, never from context told before them
    # the patient's age asks about it beside what the question asks, not instead ("she's 26: when
    # should she start?" asks the start too): added by her age, it subsumes nothing
    patient_beside: bool = False
    # who the patient is, as only some organizations speak of it ("I'm a trans man: how often?"): asked
    # with no organization named, the points it qualifies are those organizations' to answer
    narrows: bool = False
    # asked with one of these, a patient younger than every position on it gets the first age band's
    # ("I'm 39: when do I start, and how often?" is answered with the interval from 40)
    ahead_with: tuple[str, ...] = ()
    # what is told that makes it asked beside one of `qualifies` of the organizations a question names,
    # read from the whole question (a relative's history of the topic before "when does ORG say I
    # should start?" asks whether ORG's advice covers her); none: its own cues
    qualifying_cues: tuple[re.Pattern[str], ...] = ()
    # a point that holds at any age: asked alone, the patient's age adds no age band's point beside it
    ageless: bool = False
    # cues that ask about it only when the question states no age of the patient outside `patient_ages`
    # ("still screening at my age?" is asked by someone past the start, unless she says she is 57)
    unaged_cues: tuple[re.Pattern[str], ...] = ()
    # asked beside an all-versions aspect in a question that asks what the old version said ("it used to say
    # X: what changed and why?"), it asks about the change: the points the change is of are still the pack's
    # defaults, as for "what changed?" alone
    of_the_change: bool = False
    # asked beside a point in a question that asks which organization holds it ("which organization says
    # X, and why?"): asked of the organizations that state that point, not of every one
    of_the_holders: bool = False
    # a patient younger than every age band of an organization's positions on it is told them all (each one ahead
    # of her); one past them all is told none, and is not missing there
    ahead_every_band: bool = False

    def asked_in(self, text: str) -> bool:
        return any(self.cue_kinds(text))

    def asked_only_unaged(self, text: str) -> bool:
        """Whether only its unaged cues ask about it in `text`."""
        return self.cue_kinds(text) == (False, True)

    def cue_kinds(self, text: str) -> tuple[bool, bool]:
        """Which kinds of its cues ask about it in `text` (not_cues blanked once): its own, its unaged ones."""
        text = self._without_not_cues(text)
        return any(c.search(text) for c in self.cues), any(c.search(text) for c in self.unaged_cues)

    def _without_not_cues(self, text: str) -> str:
        for pattern in self.not_cues:
            text = pattern.sub(" ", text)
        return text


@dataclass(frozen=True)
class Position:
    """One organization's position on one aspect, as one chunk states it."""

    chunk_id: str
    aspect: str
    value: str  # the short comparable form (the one-line answer, disagreements, drift)
    statement: str  # the claim the synthesis shows once the verifier supports it
    ages: AgeRange | None = None  # the patient ages the position speaks to
    patient_only: bool = False  # it speaks only to a patient whose stated age is in `ages`
    states_versions_of: tuple[str, ...] = ()  # aspects a change statement gives the old and new value of

    def speaks_to(self, patient_ages: Sequence[AgeRange]) -> bool:
        """Whether the position applies to a patient of these ages (any overlap; no ages: always,
        unless the position is patient_only)."""
        if self.ages is None:
            return True
        if not patient_ages:
            return not self.patient_only
        low, high = self.ages
        return any(a_low <= high and a_high >= low for a_low, a_high in patient_ages)


@dataclass(frozen=True)
class AskedAspects:
    """What a question asks about: its aspects (pack order), whether they are the pack's defaults,
    the defaults asked only as what a change is of ("what changed?"), and the relational aspects
    named only as where the point is asked ("... in its statement on ORG-B's?"), not asked."""

    aspects: tuple[str, ...]
    default: bool
    implied: tuple[str, ...] = ()
    framing: tuple[str, ...] = ()
    # relational aspects asked only of a point ("did its reaction mention X?"), each with the points the
    # clauses asking it name
    on_point: tuple[tuple[str, tuple[str, ...]], ...] = ()
    granted: tuple[str, ...] = ()  # aspects granted before the ask ("besides yearly screening, what else?")
    disputed: tuple[str, ...] = ()  # points named as what organizations disagree on ("disagree about how often")
    # points listed apart from the one the ages named ask about ("(1) the age to start ... (3) what they
    # say for women 75 and older"): those ages are a group asked about, not the patient of these points
    unaged: tuple[str, ...] = ()
    # the defaults asked as the recommendation as a whole ("what's the current ORG recommendation, and
    # what changed?"): answered from the version in force, not only by what a change statement tells of them
    whole: tuple[str, ...] = ()


@dataclass(frozen=True)
class AspectRules:
    aspects: dict[str, Aspect]
    default: tuple[str, ...]
    compared: tuple[str, ...]
    source_cues: dict[str, tuple[re.Pattern[str], ...]]  # knowledge class -> cues asking for it
    positions: tuple[Position, ...]
    every_organization: tuple[re.Pattern[str], ...] = ()  # cues that a question naming some asks about all
    # cues asking who is right: every organization, unless the question names two or more to judge between
    judged_between: tuple[re.Pattern[str], ...] = ()
    refers_back: tuple[re.Pattern[str], ...] = ()  # cues that the asking sentence is about the context's topic
    general: tuple[re.Pattern[str], ...] = ()  # cues that the recommendation as a whole is asked too
    old_version: tuple[re.Pattern[str], ...] = ()  # cues that the replaced version's own words are asked
    # cues that a kind of source is asked for beside the primary one ("did it repeat that in its statement?")
    besides_primary: tuple[re.Pattern[str], ...] = ()
    # cues that what was told at a past time is checked beside the present ("was that right back then,
    # and what does it say now?"): the replaced version answers beside the current one on every aspect
    past_checked: tuple[re.Pattern[str], ...] = ()
    # cues that a point is what organizations are asked to disagree on ("why do they disagree about
    # how often?"): an aspect named there is asked, never only the subject of another
    disputed: tuple[re.Pattern[str], ...] = ()
    # points that are themselves what to do: a general cue beside one of them asks about it
    # ("what does it tell patients to do?" beside self-awareness), not the whole recommendation
    general_not_beside: tuple[str, ...] = ()
    # words naming what the asker writes ("I'm putting together a one-page FAQ for our members"): no kind of
    # source asked for, blanked before the source cues are read
    own_writing: tuple[re.Pattern[str], ...] = ()
    # cues that an asking sentence checks the sentence just before it ("... offered him a 3D one instead. is that
    # ok under ORG's advice?"): the aspects that sentence names are asked, not every one the context names
    points_back: tuple[re.Pattern[str], ...] = ()
    # how a clause that asks begins (a question word, an inverted auxiliary), matched at its start
    interrogative: tuple[re.Pattern[str], ...] = ()
    # words by which a clause naming no point asks an organization's advice as a whole
    advice: tuple[re.Pattern[str], ...] = ()

    def speaking_on(self, aspect: str, eligible: np.ndarray, index: dict[str, int],
                    organization_of: Callable[[str], str]) -> tuple[str, ...]:
        """The organizations with an eligible statement on `aspect`."""
        return tuple(dict.fromkeys(organization_of(p.chunk_id) for p in self.positions
                                   if p.aspect == aspect and eligible[index[p.chunk_id]]))

    def asks_old_version(self, normalized_question: str) -> bool:
        return any(p.search(normalized_question) for p in self.old_version)

    def checks_the_past(self, normalized_question: str) -> bool:
        return any(p.search(normalized_question) for p in self.past_checked)

    @property
    def labels(self) -> dict[str, str]:
        return {a.id: a.label for a in self.aspects.values()}

    def read(self, normalized_question: str, patient_ages: Sequence[AgeRange]) -> tuple[tuple[str, ...], bool]:
        """(the aspects a question asks about in pack order, whether they are the pack's defaults)."""
        asked = self.read_asked(normalized_question, patient_ages)
        return asked.aspects, asked.default

    def read_asked(self, normalized_question: str, patient_ages: Sequence[AgeRange],
                   names_organization: bool = False) -> AskedAspects:
        """The aspects a question asks about, read from the sentences that ask (those ending in a
        question mark) when they name any, so that context told in passing ("ORG-A says yearly,
        ORG-B says every two years. did ORG-A say anything about the conflicting advice?") is not
        taken for what is asked; else from the whole question."""
        framing = tuple(a.id for a in self.aspects.values() if a.relational
                        and any(p.search(normalized_question) for p in a.not_cues))
        asked, default, implied, whole = self._read(normalized_question, patient_ages, names_organization)
        granted = tuple(a for a in self._cued(granted_part(normalized_question)) if a not in asked)
        asking = asked_part(normalized_question)
        if asking != normalized_question and any(p.search(asking) for p in self.refers_back):
            asking = normalized_question  # (the context it refers back to is asked too)
        unaged = tuple(dict.fromkeys(s for a in asked if self._patients(a, patient_ages)
                                     and not self.aspects[a].patient_beside
                                     for s in self.aspects[a].subsumes
                                     if s in asked and self._listed_apart(s, a, asking, patient_ages)))
        return AskedAspects(asked, default, implied, tuple(a for a in framing if a not in asked),
                            () if default else self._on_point(normalized_question, asked), granted,
                            tuple(a for a in self.disputed_points(normalized_question) if a in asked), unaged,
                            whole)

    def disputed_points(self, normalized_question: str) -> tuple[str, ...]:
        """The aspects the question names as what organizations disagree on ("why do they still
        disagree about how often?")."""
        points = [m.group(0) for p in self.disputed for m in p.finditer(normalized_question)]
        return tuple(a.id for a in self.aspects.values() if any(a.asked_in(point) for point in points))

    def _on_point(self, normalized_question: str,
                  asked: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The relational aspects the question asks only in a clause that also asks a point ("did
        the college's reaction say anything about X?"), never in a clause of their own ("how did it
        react? and what did it want on X?"), each with the points those clauses ask (not one asked only
        in another clause: "what did it say when ORG-B finalized its start-at-40 advice, and what does it
        want instead?")."""
        points = [a for a in asked if not self.aspects[a].relational]
        clauses = [c for c in _CLAUSE.split(asked_part(normalized_question)) if c.strip()]
        found = []
        for aspect in asked:
            if not self.aspects[aspect].relational or not points:
                continue
            asking = [c for c in clauses if self.aspects[aspect].asked_in(c)]
            if asking and all(any(self.aspects[p].asked_in(c) for p in points) for c in asking):
                found.append((aspect, tuple(p for p in points if any(self.aspects[p].asked_in(c) for c in asking))))
        return tuple(found)

    def _read(self, normalized_question: str, patient_ages: Sequence[AgeRange],
              names_organization: bool = False) -> tuple[tuple[str, ...], bool, tuple[str, ...], tuple[str, ...]]:
        asked_text = asked_part(normalized_question)
        asked = self._cued(asked_text) if asked_text != normalized_question else []
        pointed, pointed_in = self._pointed_back(normalized_question)
        asked += [a for a in pointed if a not in asked]
        from_context: set[str] = set()  # points told only in the context a sentence refers back to
        if asked_text != normalized_question and any(p.search(asked_text) for p in self.refers_back):
            # "... told her to be self-aware. what does ORG mean by that?": asked about the context's topic
            context = [a for a in self._cued(normalized_question) if a not in asked]
            from_context, asked = set(context), asked + context
        # the text whose parts may each ask: the sentences that ask, not context read only for want of them
        read_from = asked_text if asked or asked_text == normalized_question else None
        if pointed_in and read_from is not None and read_from != normalized_question:
            read_from = f"{pointed_in} {read_from}"
        # (context read for want of an asking sentence that names any: not the aspects only asked in words)
        asked = asked or [a for a in self._cued(normalized_question)
                          if not self.aspects[a].asked_only or asked_text == normalized_question]
        asked = [a for a in asked if not self._unaged_only(a, normalized_question, patient_ages)]
        cued = set(asked)
        # the patient's age asks about its band's point, but not beside points that hold at any age asked in
        # words ("she's 80: does ORG still want the self-exam?")
        ageless = bool(cued) and all(self.aspects[a].ageless for a in cued)
        asked += [a.id for a in self.aspects.values() if a.id not in asked and self._patients(a.id, patient_ages)
                  and not ageless]
        # "I'm nonbinary. Does the advice apply to me?": who she is, told before, qualifies what is asked
        # (a point only checked against what was told, "is that really what ORG says?", is not asked for her)
        for_her = set(asked) - (set(pointed) - set(self._cued(asked_text)))
        asked += [a.id for a in self.aspects.values() if a.id not in asked and set(a.qualifies) & for_her
                  and (names_organization and any(p.search(normalized_question) for p in a.qualifying_cues)
                       if a.qualifying_cues else a.asked_in(normalized_question)
                       and not self._unaged_only(a.id, normalized_question, patient_ages))]
        asked = [a for a in self.aspects if a in asked]  # pack order
        # an aspect named only as the subject of another ("why did they lower the start age?") is
        # not asked; named in a part of its own ("when to start, how often, when to stop?") it is
        # (an aspect the patient's age asks about subsumes its subjects wherever they are named)
        subsumed = {s for a in asked if a in cued or not self.aspects[a].patient_beside
                    for s in self.aspects[a].subsumes
                    # (a point the referred-to context told is no subject of one the asking sentence names:
                    # '"... every 2 years for 40 to 74." is that accurate? and for callers 75 or older?')
                    if not (s in from_context and a not in from_context)
                    if read_from is None or not self._asked_apart(s, a, read_from)
                    or (self._patients(a, patient_ages) and not self.aspects[a].patient_beside
                        and not self._listed_apart(s, a, read_from, patient_ages))}
        if patient_ages:  # "does it still apply to her, or is she excluded as high risk?": one question
            # (unless asked in a sentence of its own: "does it cover him? and who is it not meant for?")
            subsumed |= {s for a in asked for s in self.aspects[a].patient_subsumes
                         if not (read_from and self._asked_in_own_sentence(s, a, read_from))}
        subsumed -= set(self.disputed_points(read_from or normalized_question))
        asked = [a for a in asked if a not in subsumed]
        if not asked:
            return self.default, True, (), ()
        whole: tuple[str, ...] = ()
        if any(p.search(normalized_question) for p in self.general) \
                and not set(asked) & set(self.general_not_beside):  # "does it cover her, and what would it be?"
            asked = [a for a in self.aspects if a in asked or a in self.default]
            whole = self.default
        # "what changed?" in the default aspects; so is "what changed and why?" when the question asks what the
        # old version said ("it used to say X. what changed and why?")
        of_the_change = self.asks_old_version(normalized_question)
        if any(self.aspects[a].all_versions for a in asked) and all(
                self.aspects[a].all_versions or (of_the_change and self.aspects[a].of_the_change) for a in asked):
            implied = tuple(a for a in self.default if a not in asked)
            return tuple(a for a in self.aspects if a in asked or a in implied), False, implied, ()
        return tuple(asked), False, (), whole

    def _pointed_back(self, normalized_question: str) -> tuple[list[str], str]:
        """The aspects named in the sentence before one that asks only whether what it told holds,
        and those sentences."""
        found: list[str] = []
        sentences: list[str] = []
        told: list[str] = []
        told_in = ""
        for sentence in _SENTENCE.findall(normalized_question):
            own = self._cued(sentence)
            # (a clause of its own that checks what was told: "is that really in ORG's statement, and what did
            # they want done about it?")
            checking = [c for c in _CLAUSE.split(sentence) if c and not self._cued(c)]
            if sentence.rstrip().endswith("?") and any(p.search(c) for p in self.points_back for c in checking):
                found += [a for a in told if a not in found]
                sentences.append(told_in)
            if own:
                told, told_in = own, sentence
        return found, " ".join(s for s in sentences if s)

    def _unaged_only(self, aspect: str, text: str, patient_ages: Sequence[AgeRange]) -> bool:
        """Whether `text` asks about `aspect` only by cues that hold for no stated age outside its own
        ("I'm 57: still screening every year at my age?" is no question about stopping)."""
        return bool(patient_ages) and not self._patients(aspect, patient_ages) \
            and self.aspects[aspect].asked_only_unaged(text)

    def _patients(self, aspect: str, patient_ages: Sequence[AgeRange]) -> bool:
        span = self.aspects[aspect].patient_ages
        return span is not None and _within(patient_ages, span)

    def _asked_apart(self, aspect: str, subject_of: str, text: str) -> bool:
        """Whether a clause of `text` asks about `aspect` without `subject_of` (which then did not
        merely name it), when `subject_of` is asked in words at all (not only by the patient's age)."""
        other = self.aspects[subject_of]
        clauses = [c for c in _CLAUSE.split(text) if c and c.strip()]
        return other.asked_in(text) and any(
            self.aspects[aspect].asked_in(clause) and not other.asked_in(clause)
            and not _GOES_ON.match(clause) and not _IF_SO.search(clause)
            # ("... and how often, if so?": the condition set off after it, ending the sentence)
            and not _IF_SO_AFTER.match(text, text.find(clause) + len(clause))
            and not (i and (_BARE_HOW_OFTEN.match(clause) or _POINTS_BACK.match(clause))
                     and other.asked_in(clauses[i - 1]))
            for i, clause in enumerate(clauses))

    def _asked_in_own_sentence(self, aspect: str, subject_of: str, text: str) -> bool:
        """Whether a sentence of `text` asks about `aspect` and not about `subject_of`, both asked."""
        sentences = [s for s in _SENTENCE.findall(text) if s.strip()]
        return len(sentences) > 1 and self._asked_apart(aspect, subject_of, text) \
            and self._one_without_other(sentences, aspect, subject_of)

    def _listed_apart(self, aspect: str, subject_of: str, text: str, patient_ages: Sequence[AgeRange]) -> bool:
        """Whether `subject_of` and `aspect` are asked in words, each in a clause without the other
        ("(1) the age to start, (2) the interval, (3) what they say for women 75 and older"): points
        listed apart, where the ages named are a group asked about, not the patient of every point."""
        clauses = [c for c in _CLAUSE.split(text) if c.strip()]
        own = self.aspects[subject_of]
        span = own.patient_ages
        # the ages name a group asked about ("... for women 75 and older": an open range), not one
        # patient's age told ("81F, independent. keep the yearly ones?", "she is 80": a single age)
        told_apart = span is not None and any(low == high and span[0] <= low <= span[1] for low, high in patient_ages)
        return not told_apart and self._asked_apart(aspect, subject_of, text) \
            and self._one_without_other(clauses, subject_of, aspect)

    def _one_without_other(self, parts: Sequence[str], asked: str, other: str) -> bool:
        """Whether one of `parts` (sentences or clauses) asks about `asked` and not about `other`."""
        return any(self.aspects[asked].asked_in(p) and not self.aspects[other].asked_in(p) for p in parts)

    def interrogative_clauses(self, normalized_question: str) -> list[str]:
        """The interrogative clauses of what the question asks ("what interval does ORG-A set", "does ORG-B
        ..."; not a clause of time, "when ORG-A finalized its start at 40")."""
        return [c for c in _CLAUSE.split(asked_part(normalized_question))
                if c and c.strip() and any(p.match(c) for p in self.interrogative)]

    def clauses_asking(self, clauses: Sequence[str], aspect: str) -> list[str]:
        """The interrogative `clauses` (of `interrogative_clauses`) whose words ask about `aspect`."""
        return [c for c in clauses if self.aspects[aspect].asked_in(c)]

    def clauses_asking_nothing(self, clauses: Sequence[str]) -> list[str]:
        """The interrogative `clauses` that ask an organization's advice with no aspect named ("what did
        ORG-A recommend in 2024", "did ORG-B reject it or say something else")."""
        return [c for c in clauses if not self._cued(c) and any(p.search(c) for p in self.advice)]

    def sentences_asking(self, normalized_question: str, aspect: str) -> list[str]:
        """The sentences of the question whose words ask about `aspect`, each with the sentences
        after it that ask about no aspect of their own (an ellipsis: "... per ORG-A? per ORG-B?").
        A sentence whose subject is a pronoun before any other name ("what arguments did it give,
        and did ORG-B ...?") comes with the sentence before it, where the one it stands for is named."""
        found, continuing, before = [], False, ""
        for sentence in _SENTENCE.findall(normalized_question):
            if self.aspects[aspect].asked_in(sentence):
                found.append(f"{before} {sentence}" if before and _PRONOUN_SUBJECT.search(sentence) else sentence)
                continuing = True
            elif continuing and not self._cued(sentence):
                found.append(sentence)
            else:
                continuing = False
            before = sentence
        return found

    def _cued(self, text: str) -> list[str]:
        return [a.id for a in self.aspects.values() if a.asked_in(text)]

    def asks_every_organization(self, normalized_question: str, named: int = 0) -> bool:
        """Whether a question that names organizations still asks about all of them ("who ..."), in
        the sentences that ask ("some doctors say yearly and others every two years" told before
        "what do ORG-A and ORG-B each recommend?" is context). "Who is right?" asks every one unless
        the question names (`named`) two or more to judge between ("ORG-A says X, ORG-B says Y: who is
        right?")."""
        asked = asked_part(normalized_question)
        return any(c.search(asked) for c in self.every_organization) \
            or (named < 2 and any(c.search(asked) for c in self.judged_between))

    def asked_class(self, normalized_question: str) -> str | None:
        """The kind of source the question asks for by name (a patient FAQ...), if any."""
        for pattern in self.own_writing:
            normalized_question = pattern.sub(" ", normalized_question)
        return next((cls for cls, cues in self.source_cues.items()
                     if any(c.search(normalized_question) for c in cues)), None)

    def asks_besides_primary(self, normalized_question: str) -> bool:
        """Does the question ask for the kind of source it names as well as the primary one ("by what
        age does ORG-A want it, and did it repeat that in its statement?")?"""
        return any(p.search(normalized_question) for p in self.besides_primary)

    def kind_asked_of_reaction_only(self, normalized_question: str, kind: str, asked: Sequence[str],
                                    names_organization: Callable[[str], bool]) -> bool:
        """Is the kind of source asked for only in clauses that ask a relational aspect, while a point is
        asked of organizations by name in a clause of its own ("ORG-A vs ORG-B on how often, and what did ORG-B
        say when ORG-A put out its update?"; not "... and what interval did they push for?", the reaction's
        own point): the reaction comes from that kind, the point from the primary source beside it."""
        cues = self.source_cues.get(kind, ())
        clauses = [c for c in _CLAUSE.split(normalized_question) if c and c.strip()]
        naming = [c for c in clauses if any(p.search(c) for p in cues)]
        relational = [a for a in asked if self.aspects[a].relational]
        points = [a for a in asked if not self.aspects[a].relational]
        return bool(naming and relational and points) \
            and all(any(self.aspects[a].asked_in(c) for a in relational) for c in naming) \
            and any(self.aspects[a].asked_in(c) and names_organization(c) for a in points for c in clauses
                    if c not in naming)


@dataclass(frozen=True)
class AnswerPlan:
    """For each asked aspect, the chunks that answer it, and the organizations in play with none."""

    aspects: tuple[str, ...]
    default: bool  # the question named no aspect: the pack's defaults were used
    chunks: dict[str, tuple[str, ...]]  # aspect -> answer-bearing chunk ids
    missing: dict[str, tuple[str, ...]]  # aspect -> organizations in play with no statement on it

    @property
    def chunk_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for ids in self.chunks.values() for c in ids))


def answer_chunks(rules: AspectRules, corpus: Corpus, asked: tuple[str, ...], default: bool,
                  organizations: Sequence[str], eligible: np.ndarray, current: np.ndarray,
                  patient_ages: Sequence[AgeRange], preferred: tuple[str, ...], historical: bool = False,
                  years: Sequence[int] = (), index: dict[str, int] | None = None,
                  per_aspect: dict[str, Sequence[str]] | None = None, implied: tuple[str, ...] = (),
                  framing: tuple[str, ...] = (), old_version: bool = False,
                  on_point: tuple[tuple[str, tuple[str, ...]], ...] = (), granted: tuple[str, ...] = (),
                  past_checked: bool = False,
                  statuses_at: Callable[[dt.date], dict[str, str]] | None = None,
                  every_organization: bool = False, unaged: tuple[str, ...] = (),
                  whole: tuple[str, ...] = (),
                  asked_by_name: dict[str, Sequence[str]] | None = None,
                  behind_too: tuple[str, ...] = ()) -> AnswerPlan:
    """Per asked aspect and organization in play, the chunks of the source that answers it.

    `eligible` and `current` are per chunk (corpus order; `index` maps a chunk id to its place,
    built once by the caller); `organizations` are the ones in play
    (those the question names, else every organization with an eligible chunk); `preferred` the
    kinds of source to answer from, best first (every one in force on the aspect answers). A source in
    force comes first, unless the question asks about the past and names the year of a version
    replaced since ("the 2016 statement"). `per_aspect` narrows the organizations of an aspect
    (those named in the sentence that asks about it). `implied` are the aspects asked only as what a
    change is of ("which groups changed their advice?"): an organization with a single version on
    one has nothing to compare there, and is not missing on it. `framing` are the relational aspects
    named only as where the point is asked: an organization in play with no statement on one is
    the one reacted to, and not missing on the points asked. `old_version`: the question asks what a
    replaced version said ("what did it use to say?"), not only what changed. `past_checked`: the question
    checks what was told at a past time beside the present ("was that right then, and now?"). `on_point`: the
    relational aspects asked only of a point, answered by their source's sections on that point.
    `granted`: aspects the question grants as known ("besides yearly screening, what else did it
    call for?"): a section stating one of them is not the answer to the rest. `statuses_at`: each
    chunk's status at a date (the engine's, cached per date; computed here when not given).
    `every_organization`: the question asks every organization ("who recommends annual now, and what was
    ORG-A's objection?"): one without a statement on a relational aspect is still asked the points.
    `unaged`: aspects listed apart from the one the ages named ask about, answered for no particular age.
    `whole`: the defaults asked as the recommendation as a whole beside what changed: answered from the
    version in force, not by the change statement. `asked_by_name`: per aspect, the organizations a clause
    asking it names alone ("what interval does ORG-A set, and did ORG-B object?"): asked, even if reacted to.
    `behind_too`: aspects whose positions with age bands behind the patient's still answer ("is she late to start?":
    the earlier start she could have taken)."""
    index = index if index is not None else {c.id: i for i, c in enumerate(corpus.chunks)}
    source = corpus.source_by_id
    order = {s.id: i for i, s in enumerate(corpus.sources)}
    statuses_at = statuses_at or (lambda date: chunk_statuses_at(corpus.sources, corpus.chunks, date))

    def stood_through(year: int) -> dict[str, str]:
        """Each chunk's status at the end of `year`: a question dated then ("back in 2017 she was
        told ...") asks about the version in force at the time."""
        return statuses_at(dt.date(year, 12, 31)) if 1900 < year < 2200 else {}

    every_version = any(rules.aspects[a].all_versions for a in asked)
    # an organization whose change statement gives the old and new value of an aspect answers it
    # there: its versions' own chunks on that aspect are not also the answer, unless the question
    # names the replaced version's year ("compared with the 2017 bulletin")
    told_by_change = {(corpus.chunk_by_id[p.chunk_id].organization, spoken)
                      for a in asked if rules.aspects[a].all_versions for p in rules.positions
                      if p.aspect == a and eligible[index[p.chunk_id]] for spoken in p.states_versions_of}
    chunks: dict[str, tuple[str, ...]] = {}
    missing: dict[str, tuple[str, ...]] = {}
    reacted_to: set[str] = set()  # named as the one a reaction is to: context, not asked about
    for aspect in framing:
        speaking = {corpus.chunk_by_id[p.chunk_id].organization for p in rules.positions
                    if p.aspect == aspect and eligible[index[p.chunk_id]]}
        if speaking & set(organizations):
            reacted_to.update(o for o in organizations if o not in speaking)
    versioned = {v for p in rules.positions for v in p.states_versions_of}  # points a change statement gives
    points = [a for a in asked if a not in implied and a in versioned]
    for aspect in asked:
        in_play = (per_aspect or {}).get(aspect, organizations)
        speaks_of = rules.aspects[aspect].speaks_of
        if speaks_of and any(a not in speaks_of and a != aspect for a in asked):
            # a "what changed" statement speaks of some aspects only: asked with another ("did its
            # tomosynthesis advice change?"), it only brings that one's every version
            chunks[aspect], missing[aspect] = (), ()
            continue
        ages = () if aspect in unaged else patient_ages
        eligible_on = [p for p in rules.positions if p.aspect == aspect and eligible[index[p.chunk_id]]]
        on_aspect = [p for p in eligible_on if p.speaks_to(ages)]
        if aspect in behind_too and ages:
            youngest = min(low for low, _ in ages)
            on_aspect += [p for p in eligible_on if p not in on_aspect and p.ages is not None and p.ages[1] < youngest]
        if rules.aspects[aspect].ahead_every_band:
            on_aspect += _ahead_of(eligible_on, on_aspect, ages, corpus, every_band=True)
        # an organization whose positions on it all speak to younger ages than hers is not missing on it: its
        # advice there is behind her ("when to start" asked of a 58-year-old)
        behind = _behind(eligible_on, on_aspect, ages, corpus)
        if set(rules.aspects[aspect].ahead_with) & set(asked):
            on_aspect += _ahead_of([p for p in rules.positions if p.aspect == aspect and eligible[index[p.chunk_id]]],
                                   on_aspect, ages, corpus)
        carrying = [p.chunk_id for p in on_aspect if _changes_what_is_asked(p, rules.aspects[aspect], points)]
        # an organization whose change statements speak of other points is not missing on this one
        # (its versions of the asked point answer what changed)
        changed_elsewhere = {corpus.chunk_by_id[p.chunk_id].organization for p in on_aspect
                             if p.chunk_id not in carrying}
        picked: list[str] = []
        absent: list[str] = []
        for organization in in_play:
            mine = list(dict.fromkeys(c for c in carrying if corpus.chunk_by_id[c].organization == organization))
            if (organization, aspect) in told_by_change and aspect not in whole:
                mine = [c for c in mine if not current[index[c]] and (
                    old_version or _year(source[corpus.chunk_by_id[c].document_id]) in years
                    or any(stood_through(year).get(c) == "current" for year in years))]
                if not mine:
                    continue  # answered by the change statement: not missing
            if aspect in implied and not _replaced_one(corpus, {corpus.chunk_by_id[c].document_id for c in mine}):
                continue  # a single version: nothing of this organization's changed to compare
            if not mine:
                if organization not in changed_elsewhere and organization not in behind:
                    absent.append(organization)
                continue

            def rank(chunk_id: str, as_whole: bool = aspect in whole) -> tuple:
                s = source[corpus.chunk_by_id[chunk_id].document_id]
                start = s.eligible_from.toordinal() if s.eligible_from else 0
                in_force = bool(current[index[chunk_id]])
                named_past = historical and not in_force and s.published_date is not None \
                    and s.published_date.year in years and not as_whole
                # a version the question names by its year comes before the kind of source it asks for
                return (not named_past, s.knowledge_class != preferred[0], not in_force, -start, order[s.id])

            best = min(mine, key=rank)
            kind = source[corpus.chunk_by_id[best].document_id].knowledge_class
            if every_version and aspect not in whole:  # every version of the best kind of source, current or replaced
                picked += [c for c in mine if source[corpus.chunk_by_id[c].document_id].knowledge_class == kind]
            elif current[index[best]]:  # every source of that kind (or of another asked) still in force on the aspect
                kinds = {kind} | (set(preferred) if kind in preferred else set())
                picked += [c for c in mine if current[index[c]]
                           and source[corpus.chunk_by_id[c].document_id].knowledge_class in kinds]
            else:
                document = corpus.chunk_by_id[best].document_id
                picked += [c for c in mine if corpus.chunk_by_id[c].document_id == document]
            if past_checked and not every_version:
                # "was that right back then, and what does it say now?": the replaced and the current one
                picked += [c for c in mine if source[corpus.chunk_by_id[c].document_id].knowledge_class == kind]
            named = [c for c in mine if source[corpus.chunk_by_id[c].document_id].knowledge_class == kind
                     and _year(source[corpus.chunk_by_id[c].document_id]) in years]
            if len({corpus.chunk_by_id[c].document_id for c in named}) > 1:
                picked += named  # "as of the 2016 statement and as of the 2024 one": each version named answers
        if not picked and rules.aspects[aspect].relational and carrying:
            # "how did the radiologists react to the task force?": the organization named is the
            # one reacted to; the reaction is whoever has a statement on it
            picked = carrying
            reacted_to.update(absent)
            absent = []
        elif picked and rules.aspects[aspect].relational:
            if not every_organization:
                reacted_to.update(absent)  # "did ORG-A repeat that call in its statement on ORG-B's?"
            absent = []
        chunks[aspect] = tuple(dict.fromkeys(picked))
        missing[aspect] = tuple(absent)
    # the organization a reaction is to has no statement to miss on the question's other points
    # ("did ORG-A repeat that call in its statement on ORG-B's?"), unless a part asks it by name
    by_name = asked_by_name or {}
    missing = {a: tuple(o for o in absent if o not in reacted_to or a in (per_aspect or {}) or o in by_name.get(a, ()))
               for a, absent in missing.items()}
    # "how did ORG-A react when ORG-B finalized its guidance?": ORG-B's guidance is the subject, not
    # asked, on the question's other points too (unless a part asks it by name)
    chunks = {a: ids if rules.aspects[a].relational or a in (per_aspect or {}) else
              tuple(c for c in ids if corpus.chunk_by_id[c].organization not in reacted_to
                    or corpus.chunk_by_id[c].organization in by_name.get(a, ()))
              for a, ids in chunks.items()}
    if on_point:
        chunks = _reaction_on_the_point(rules, corpus, chunks, implied, on_point)
    if granted:
        known = {p.chunk_id for p in rules.positions if p.aspect in granted}
        chunks = {a: tuple(c for c in ids if c not in known) for a, ids in chunks.items()}
    return AnswerPlan(asked, default, chunks, missing)


def _reaction_on_the_point(rules: AspectRules, corpus: Corpus, chunks: dict[str, tuple[str, ...]],
                           implied: tuple[str, ...],
                           on_point: tuple[tuple[str, tuple[str, ...]], ...]) -> dict[str, tuple[str, ...]]:
    """A relational aspect asked with a point ("did its reaction say anything about X?") asks for
    the reaction's statement on that point: where the point's answer lies in the same source as the
    reaction, the reaction's other sections are not the answer."""
    points_of = dict(on_point)
    narrowed = dict(chunks)
    for aspect, ids in chunks.items():
        if aspect not in points_of:
            continue
        point_chunks = {c for a, point_ids in chunks.items() if a in points_of[aspect]
                        and not rules.aspects[a].relational and a not in implied for c in point_ids}
        documents = {corpus.chunk_by_id[c].document_id for c in ids}
        answering = {c for c in point_chunks if corpus.chunk_by_id[c].document_id in documents}
        if answering:
            narrowed[aspect] = tuple(c for c in ids if c in answering)
    return narrowed


def _changes_what_is_asked(position: Position, aspect: Aspect, points: Sequence[str]) -> bool:
    """A change statement answers "did the update change the interval?" only when it gives the old
    and new value of an asked point (one on the start age does not)."""
    return not (aspect.all_versions and points and position.states_versions_of) \
        or bool(set(position.states_versions_of) & set(points))


def _year(source: Source) -> int | None:
    return source.published_date.year if source.published_date else None


def _replaced_one(corpus: Corpus, documents: set[str]) -> bool:
    """Whether one of these sources replaces another of them, in whole or in part."""
    source = corpus.source_by_id
    return any(other in source[d].supersedes or other in dict(source[d].replaces_sections)
               for d in documents for other in documents if other != d)


def _behind(positions: list[Position], speaking: list[Position], patient_ages: Sequence[AgeRange],
            corpus: Corpus) -> set[str]:
    """The organizations with no position speaking to the patient's ages whose positions all have age bands
    that end before her youngest age."""
    if not patient_ages:
        return set()
    youngest = min(low for low, _ in patient_ages)
    answered = {corpus.chunk_by_id[p.chunk_id].organization for p in speaking}
    mine: dict[str, list[Position]] = {}
    for p in positions:
        mine.setdefault(corpus.chunk_by_id[p.chunk_id].organization, []).append(p)
    return {organization for organization, theirs in mine.items() if organization not in answered
            and all(p.ages is not None and p.ages[1] < youngest for p in theirs)}


def _ahead_of(positions: list[Position], speaking: list[Position], patient_ages: Sequence[AgeRange],
              corpus: Corpus, every_band: bool = False) -> list[Position]:
    """For each organization with no position speaking to the patient's ages, the ones of the first
    age band she will reach, when she is younger than all of them (a 39-year-old asking how often
    is answered with the interval from 40, not with nothing); with `every_band`, those of every band."""
    if not patient_ages:
        return []
    oldest = max(high for _, high in patient_ages)
    answered = {corpus.chunk_by_id[p.chunk_id].organization for p in speaking}
    ahead: dict[str, list[Position]] = {}
    for p in positions:
        organization = corpus.chunk_by_id[p.chunk_id].organization
        if organization not in answered and p.ages is not None and p.ages[0] > oldest:
            ahead.setdefault(organization, []).append(p)
    firsts = {organization: min(p.ages[0] for p in mine) for organization, mine in ahead.items()}
    return [p for organization, mine in ahead.items() for p in mine if every_band or p.ages[0] == firsts[organization]]


def _within(ages: Sequence[AgeRange], span: AgeRange) -> bool:
    """Whether every stated age range lies inside `span` (an open "40+" is not a 75-year-old)."""
    return bool(ages) and all(span[0] <= low and high <= span[1] for low, high in ages)


def load_aspects(corpus: Corpus) -> AspectRules:
    """Read the pack's positions.yaml (a pack without one has no aspects and no synthesis).
    Raises CorpusError naming the file and the field."""
    path = Path(corpus.directory) / POSITIONS_FILE
    name = str(path)
    if not path.exists():
        return AspectRules({}, (), (), {}, ())
    data = read_mapping(path)
    problems: list[Problem] = []
    aspects = _parse_aspects(data.get("aspects"), name, problems)
    # the act a question asks another organization's reaction to, told in an opening clause: its points are
    # context for every aspect that is a point (not relational, not a comparison of versions, nor the reasons
    # for the act, whose subject it is: "when ORG-A lowered its age, did it say anything about X?")
    told_acts = compile_patterns(data.get("told_act_cues"), name, "told_act_cues", problems) \
        if data.get("told_act_cues") else ()
    aspects = {key: aspect if aspect.relational or aspect.all_versions or aspect.of_the_change
               else dataclasses.replace(aspect, not_cues=aspect.not_cues + told_acts)
               for key, aspect in aspects.items()}

    def aspect_list(key: str) -> tuple[str, ...]:
        value = data.get(key)
        if not (isinstance(value, list) and value and all(isinstance(a, str) and a in aspects for a in value)):
            problems.append(Problem(name, key, "expected a list of aspects named under `aspects`"))
            return ()
        return tuple(value)

    default, compared = aspect_list("default_aspects"), aspect_list("compared")
    general_not_beside = aspect_list("general_not_beside") if data.get("general_not_beside") else ()
    source_cues: dict[str, tuple[re.Pattern[str], ...]] = {}
    spec = data.get("source_cues") or {}
    if not isinstance(spec, dict):
        problems.append(Problem(name, "source_cues", "expected a mapping of knowledge class -> patterns"))
        spec = {}
    for cls, cues in spec.items():
        if not isinstance(cues, list):
            problems.append(Problem(name, f"source_cues.{cls}", "expected a list of patterns"))
            continue
        compiled = [compile_pattern(p, name, f"source_cues.{cls}[{i}]", problems) for i, p in enumerate(cues)]
        source_cues[str(cls)] = tuple(c for c in compiled if c is not None)
    positions = _parse_positions(data.get("positions"), corpus, aspects, name, problems)
    every_organization = compile_patterns(data.get("every_organization_cues"), name, "every_organization_cues",
                                          problems)

    def optional(key: str) -> tuple[re.Pattern[str], ...]:
        return compile_patterns(data.get(key), name, key, problems) if data.get(key) else ()

    judged_between = optional("judged_between_cues")
    refers_back = compile_patterns(data.get("refers_back_cues"), name, "refers_back_cues", problems)
    general = compile_patterns(data.get("general_cues"), name, "general_cues", problems)
    old_version = compile_patterns(data.get("old_version_cues"), name, "old_version_cues", problems)
    besides = optional("besides_primary_cues")
    past_checked = optional("past_checked_cues")
    disputed = optional("disputed_cues")
    own_writing = optional("own_writing_cues")
    points_back = optional("points_back_cues")
    interrogative = optional("interrogative_cues")
    advice = optional("advice_cues")
    if problems:
        raise CorpusError(problems)
    return AspectRules(aspects, default, compared, source_cues, positions, every_organization, judged_between,
                       refers_back, general, old_version, besides, past_checked, disputed, general_not_beside,
                       own_writing, points_back, interrogative, advice)


def _parse_aspects(spec: object, file: str, problems: list[Problem]) -> dict[str, Aspect]:
    if not isinstance(spec, dict) or not spec:
        problems.append(Problem(file, "aspects", "expected a mapping of aspect -> label and cues"))
        return {}
    aspects = {}
    for key, entry in spec.items():
        where = f"aspects.{key}"
        if not isinstance(entry, dict) or not isinstance(entry.get("label"), str) \
                or not isinstance(entry.get("cues"), list):
            problems.append(Problem(file, where, "needs `label` (text) and `cues` (a list of patterns)"))
            continue
        cues = [compile_pattern(p, file, f"{where}.cues[{i}]", problems) for i, p in enumerate(entry["cues"])]
        ages = _age_range(entry.get("patient_ages"), file, f"{where}.patient_ages", problems)
        named = {field: _aspect_names(entry, field, spec, file, where, problems)
                 for field in ("subsumes", "speaks_of", "qualifies", "patient_subsumes", "ahead_with")}
        blanked = compile_patterns(entry.get("not_cues"), file, f"{where}.not_cues", problems)
        aspects[str(key)] = Aspect(str(key), entry["label"], tuple(c for c in cues if c is not None), ages,
                                   bool(entry.get("all_versions", False)), named["subsumes"],
                                   bool(entry.get("relational", False)), named["speaks_of"],
                                   blanked, named["qualifies"],
                                   named["patient_subsumes"], bool(entry.get("asked_only", False)),
                                   bool(entry.get("patient_beside", False)), bool(entry.get("narrows", False)),
                                   named["ahead_with"],
                                   compile_patterns(entry.get("qualifying_cues"), file, f"{where}.qualifying_cues",
                                                    problems),
                                   bool(entry.get("ageless", False)),
                                   compile_patterns(entry.get("unaged_cues"), file, f"{where}.unaged_cues", problems),
                                   bool(entry.get("of_the_change", False)),
                                   bool(entry.get("of_the_holders", False)),
                                   ahead_every_band=bool(entry.get("ahead_every_band", False)))
    return aspects


def _aspect_names(entry: dict, field: str, spec: dict, file: str, where: str,
                  problems: list[Problem]) -> tuple[str, ...]:
    """An aspect's list of other aspects (`subsumes`, `speaks_of` ...), each one named under `aspects`."""
    names = entry.get(field) or []
    if not (isinstance(names, list) and all(isinstance(a, str) and a in spec for a in names)):
        problems.append(Problem(file, f"{where}.{field}", "expected a list of aspects named under `aspects`"))
        return ()
    return tuple(names)


def _parse_positions(spec: object, corpus: Corpus, aspects: dict[str, Aspect], file: str,
                     problems: list[Problem]) -> tuple[Position, ...]:
    positions = []
    for i, entry in enumerate(spec or []):
        where = f"positions[{i}]"
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) and entry[k].strip()
                                                  for k in ("chunk", "aspect", "value", "statement")):
            problems.append(Problem(file, where, "needs chunk, aspect, value and statement (non-empty text)"))
            continue
        if entry["chunk"] not in corpus.chunk_by_id:
            problems.append(Problem(file, f"{where}.chunk", f"{entry['chunk']!r} is not a chunk of the corpus"))
            continue
        if aspects and entry["aspect"] not in aspects:
            problems.append(Problem(file, f"{where}.aspect",
                                    f"{entry['aspect']!r} is not one of " + ", ".join(aspects)))
        ages = _age_range(entry.get("ages"), file, f"{where}.ages", problems)
        patient_only = entry.get("patient_only", False)
        if not isinstance(patient_only, bool) or (patient_only and ages is None):
            problems.append(Problem(file, f"{where}.patient_only", "expected true or false, with `ages` given"))
            patient_only = False
        versions_of = entry.get("states_versions_of") or []
        if not (isinstance(versions_of, list) and all(isinstance(a, str) and a in aspects for a in versions_of)):
            problems.append(Problem(file, f"{where}.states_versions_of", "expected a list of aspects"))
            versions_of = []
        positions.append(Position(entry["chunk"], entry["aspect"], str(entry["value"]), entry["statement"].strip(),
                                  ages, patient_only, tuple(versions_of)))
    return tuple(positions)


def _age_range(value: object, file: str, where: str, problems: list[Problem]) -> AgeRange | None:
    if value is None:
        return None
    if (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                            for v in value) and 0 <= value[0] <= value[1]):
        return (value[0], value[1])
    problems.append(Problem(file, where, f"{value!r} is not an age range [low, high]"))
    return None
