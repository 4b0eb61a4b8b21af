"""Scope guard: declared exclusions of the corpus (the pack's scope.yaml) become named flags.

Rules are data. A pattern match counts unless its clinical context says otherwise, after the
ConText algorithm (Harkema et al., 2009), with every cue in the pack's `context` section:
- negated: a negation cue before it in its clause ("no <variant> mutation") or after it
  ("<variant> testing negative");
- another experiencer: a person other than the patient before it in its sentence ("my
  coworker was diagnosed with ..."), for every flag not listed as `experiencer_exempt`;
- ended: a past-state cue in its clause ("done nursing years ago"), for the flags whose
  condition ends with time (`ends_with_time`: a pregnancy that ended no longer excludes, a
  previous cancer still does);
or the flag's own `unless_before` / `unless_after` / `unless_anywhere` context matches.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import CorpusError, Problem
from .clauses import last_clause
from .datafiles import compile_pattern, read_mapping

SCOPE_FILE = "scope.yaml"
_CLAUSE_BREAK = re.compile(r"[.;!?,]|\b(and|but|however|though|although)\b", re.IGNORECASE)
_SENTENCE_BREAK = re.compile(r"[.;!?]")
# a person named as the subject of a clause (a sentence's opening without one is told of its writer or of
# whoever the sentence names next)
_SUBJECT = re.compile(r"\b(i|i'm|im|me|my|we|our|she|he|they|her|his|their|you|your|patient|pt|client)\b", re.I)
_MATCH_CLAUSE_BREAK = re.compile(r"[;,]|\s[-\u2013\u2014]\s|\b(?:but|however|though|although)\b", re.IGNORECASE)
_LIST_BREAK = re.compile(r",|\b(?:or|and|nor)\b", re.IGNORECASE)
_DISJUNCTION = re.compile(r"\b(or|nor)\b", re.IGNORECASE)
_ASIDE = re.compile(r"\([^()]*\)")  # a parenthesized aside
_TOLD_ASIDE = re.compile(r"\([^()?]*\)")  # ... that does not ask
# where a list's last item ends: a sentence break, or a dash or colon that opens another clause
# ("negative for BRCA1/2 and PALB2 - her sister was diagnosed at 48")
_ITEM_END = re.compile(r"[.;!?:]|\s[-\u2013\u2014]+\s|[\u2013\u2014]")


_QUESTION_SENTENCE = re.compile(r"[^.!?]*\?")
_SENTENCE_TEXT = re.compile(r"[^.!?]+[.!?]*")
_INDIRECT = re.compile(r"\b(?:(?:would|'d) like to know|wants? to know|wanted to know|need to know|wonder(?:ing|ed)?|"
                       # (words between: "asked me mid skin exam whether ...")
                       r"ask(?:s|ed|ing)? (?:me |us |you )?(?:[\w-]+ ){0,4}?(?:if|whether)|"
                       # (not a habit told as context: "patients keep asking why ...")
                       r"(?<!keep )(?<!keeps )(?<!kept )(?<!always )(?<!often )"
                       r"ask(?:s|ed|ing)? (?:me |us |you )?(?:re|abt|how|what|when|which|who)\b|"
                       r"please (?:tell|explain|let me know|advise)|can you (?:tell|explain)|"
                       r"looking for (?:guidance|advice)|"
                       r"(?:is|are|am|was|were) looking for (?:an? |some |any )\w+)\b", re.I)
# a point granted before the question ("besides this test, how often ...?", "apart from the
# yearly visit, what else did it call for?"): named as known, not asked
_GIVEN = re.compile(r"\b(?:besides|apart from|aside from|other than|in addition to)\b"
                    r"[^,;:?!.\u2014\u2013]{1,80}[,;:\u2014\u2013]", re.I)
_LAST_SENTENCE = re.compile(r"[.!?]\s*((?:and |or |also |plus |so |but )?(?:what|how|when|why|who|which|where|whether|"
                            r"does|do|did|is|are|was|were|can|could|should|would|will|any|pls|please)\b[^.!?]*)$",
                            re.I)
# ... or whose last clause asks by inversion ("we only have DBT on post, is that acceptable or do i need
# to send her out"): the whole sentence, whose first clause names what the inverted one asks about
_LAST_INVERTED = re.compile(r"[.!?]\s*([^.!?]*,\s*(?:and |or |so |but )?"
                            r"(?:is|are|does|do|did|can|could|should|would|will|am) "
                            r"(?:that|it|this|these|those|she|he|i|we|they|you|there)\b[^.!?,]*)$", re.I)

# ... or opens as a direct question and ends with another mark (dictation's "period" for "question mark": "how much
# X do you get from one. i'm up on roofs ...?"): a question word and an inverted auxiliary, not a clause of its own
# subject ("what my doctor said was ...", "when she turned 40, ...")
_OPENS_ASKING = re.compile(r"^\W*(?:(?:and|but|so|also)\s+)?(?:(?:what|which|how(?:\s+(?:much|many|often|long|soon))?|"
                           r"when|where|why)\s+(?!(?:i|you|she|he|we|they|it|my|her|his|our|their|your)\b)"
                           r"(?:[\w-]+\s+){0,2}?(?:do|does|did|is|are|should|can|could|will|would|must)\s+"
                           r"(?:i|you|she|he|we|they|it|my|her|his|our|their|the|a|an|this|that|these|those|women|"
                           r"people|patients)\b)", re.I)


def asked_part(question: str) -> str:
    """What the question asks: its sentences that end with a question mark, and a last sentence
    that asks without an end mark ("... far enough? did they say what interval"); all of it when
    no sentence ends with one, so that context told in passing is not taken for the subject; less
    a point it grants before asking ("besides this test, ...")."""
    return _GIVEN.sub(" ", _asked_sentences(question))


def granted_part(question: str) -> str:
    """The points the question grants before asking ("besides annual screening, what else ...?")."""
    return " ".join(m.group(0) for m in _GIVEN.finditer(_asked_sentences(question)))


def _asked_sentences(question: str) -> str:
    marked = [(m.start(), m.group(0)) for m in _QUESTION_SENTENCE.finditer(question)]
    if marked:  # a direct question ended with another mark, beside (and in order with) those that end with one
        marked += [(m.start(), m.group(0)) for m in _SENTENCE_TEXT.finditer(question)
                   if m.group(0).rstrip()[-1:] in ".!" and _OPENS_ASKING.match(m.group(0))]
    asked = " ".join(text for _, text in sorted(marked))
    # the sentences that ask indirectly ("she'd like to know what ... say", "she asked if she should ...")
    indirect = " ".join(_asked_clauses(m.group(0)) for m in _SENTENCE_TEXT.finditer(question)
                        if _INDIRECT.search(m.group(0)) and "?" not in m.group(0))
    if not asked.strip():
        return indirect if indirect.strip() else question  # no question mark and no indirect ask: all of it
    asked = (indirect + " " + asked).strip() if indirect.strip() else asked
    tail = _LAST_SENTENCE.search(question) or _LAST_INVERTED.search(question)
    return asked + (" " + tail.group(1) if tail else "")


def _asked_clauses(sentence: str) -> str:
    """An indirect ask: its own clause, up to where a clause with a subject of its own begins ("wants
    to know the difference between X and Y, her insurance letter used both words": the letter is
    context, as is "her insurance covers one a year" before ", and she asks whether ...")."""
    cue = _INDIRECT.search(sentence)
    start = cue.start() if cue else 0
    # the cue's own clause: after the last comma, semicolon, dash or closed aside before it
    # ("our pt (71, metastatic) - her daughter keeps asking whether ...": the aside is context)
    begin = max((at + len(mark) for mark in _CLAUSE_MARKS if (at := sentence.rfind(mark, 0, start)) >= 0), default=0)
    new_clause = _NEW_SUBJECT.search(sentence, start)
    return sentence[begin:new_clause.start() if new_clause else len(sentence)]


_CLAUSE_MARKS = (",", ";", ")", " - ", "\u2014", "\u2013")
_NEW_SUBJECT = re.compile(r",\s+(?:and\s+|but\s+|so\s+)?(?:her|his|my|their|our|she|he|i|they|we)\b"
                          r"(?!\s+(?:own|first)\b)", re.I)


@dataclass(frozen=True)
class ScopeRule:
    flag: str
    label: str
    patterns: tuple[re.Pattern[str], ...]
    unless_before: re.Pattern[str] | None
    unless_after: re.Pattern[str] | None
    unless_anywhere: re.Pattern[str] | None = None


@dataclass(frozen=True)
class ContextRules:
    """ConText cues (see the module docstring); None means the pack declares none."""

    negation_after: re.Pattern[str] | None = None
    experiencer: re.Pattern[str] | None = None
    experiencer_exempt: frozenset[str] = frozenset()
    ended: re.Pattern[str] | None = None
    ends_with_time: frozenset[str] = frozenset()
    events: re.Pattern[str] | None = None  # procedures of someone's history: a year after them dates the event
    history: re.Pattern[str] | None = None  # a relative's clause telling her history, not asking about her
    shared_with_patient: re.Pattern[str] | None = None  # "my sister and I both ...": the patient's too
    list_item: re.Pattern[str] | None = None  # an item of a list one negation covers ("denies lumps, pain or ...")
    list_negation: re.Pattern[str] | None = None  # a cue that negates a list joined by commas alone ("denies A, B")
    list_negation_after: re.Pattern[str] | None = None  # a negation after a list ending the concept's ("A and B neg")
    experiencer_after: re.Pattern[str] | None = None  # another person named just after it ("... in the family")
    criterion_after: re.Pattern[str] | None = None  # the concept names a rule, not a finding ("the X exclusion")
    # the concept named as whom the guidance leaves out ("does it exclude people with X?"), no patient's
    criterion_before: re.Pattern[str] | None = None
    # a state told in the past tense earlier ("she was in that state for years"): a later mention that
    # points back to it ("does that state change anything?") is that ended state
    told_past: re.Pattern[str] | None = None
    points_back: re.Pattern[str] | None = None
    still_now: re.Pattern[str] | None = None  # ... unless told as going on now ("her state now")
    # the concept names where the asker works or is seen, not a finding ("a nurse in a X clinic")
    setting_after: re.Pattern[str] | None = None
    # the patient says later that the other person's finding is hers too ("... I'm positive as well")
    shared_later: re.Pattern[str] | None = None
    # the asker as the clause's subject, when the question is asked for someone else: the asker's own
    # history is a relative's ("I was diagnosed at 49 ... my question is about my daughter")
    asker: re.Pattern[str] | None = None
    # ... and an opening with no subject whose sentence goes on in the first person ("9 months pregnant
    # and can't sleep, so I'm doing my mom's homework"): the writer's own state
    asker_later: re.Pattern[str] | None = None
    asker_opening: re.Pattern[str] | None = None  # ... and how short that opening is, as a pattern over it
    # the age a finding is told at, right after it (group 1): one above every age the patient states is
    # someone else's ("had it at 60 ... me 40")
    told_at_age: re.Pattern[str] | None = None
    # a state ended in the next clause, pointed back to ("nursing my son, but this is finished 9 years
    # ago"): matched at the text after the concept, in its sentence
    ended_after: re.Pattern[str] | None = None


@dataclass(frozen=True)
class TopicRule:
    """The corpus topic: anchors that place a question in it, and other topics it lacks."""

    label: str
    anchors: tuple[re.Pattern[str], ...]
    related: tuple[re.Pattern[str], ...]
    other_topics: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]
    uncovered: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()
    uncovered_anywhere: frozenset[str] = frozenset()  # looked for in the whole question, not only what it asks
    # things asked about (a test), not a history: whoever they are told of, and wherever the question
    # told them when what it asks points back ("... advertises <a test>. Do the guidelines back that up?")
    uncovered_things: frozenset[str] = frozenset()
    refers_back: tuple[re.Pattern[str], ...] = ()
    # the topic named only as what another is compared with ("X at 45 too? same as <the topic's test>?")
    compared: tuple[re.Pattern[str], ...] = ()
    # what, right after another topic's word, names that topic as the subject ("<organ> cancer screening"):
    # then it is what is asked, wherever the ask points, unless the corpus topic is named outside an aside
    subject_after: re.Pattern[str] | None = None
    # what, right after an uncovered word, makes it the one who asks ("<billing> rep wants to know if ..."):
    # the ask's subject, not its topic
    asker_after: re.Pattern[str] | None = None
    # a comparison the asker draws to say what is meant ("X vs Y? like the <other trade's>
    # check every piece gets"): told, not asked, when the corpus topic is named outside it
    likened: re.Pattern[str] | None = None


@dataclass(frozen=True)
class ScopeGuard:
    rules: tuple[ScopeRule, ...]
    negation: re.Pattern[str] | None
    window_chars: int
    topic: TopicRule | None = None
    context: ContextRules = ContextRules()
    # the pack vocabulary's first step (number words as digits, misspellings corrected), so that
    # "pregnent" or "thirty-four weeks" meet the rules as the normalized question shows them
    prepare: Callable[[str], str] | None = field(default=None, compare=False)

    def _prepared(self, text: str) -> str:
        return self.prepare(text) if self.prepare is not None else text

    @property
    def flags(self) -> tuple[str, ...]:
        return tuple(rule.flag for rule in self.rules)

    def label(self, flag: str) -> str:
        return next((r.label for r in self.rules if r.flag == flag), flag)

    def check(self, question: str) -> tuple[str, ...]:
        """The flags whose rules fire on `question`, in the order of the rules file."""
        question = self._prepared(question)
        return tuple(rule.flag for rule in self.rules if self._fires(rule, question))

    def other_topic(self, question: str) -> str | None:
        """What the question asks that the corpus does not cover: an `uncovered` subject, or
        another topic when the question names nothing of the corpus topic."""
        if self.topic is None:
            return None
        question = self._prepared(question)
        asked = asked_part(question)  # context told in passing ("my insurer sent a reminder") is not the ask
        # a thing asked about (a test) is asked when the ask points back to where it was told
        pointed = question if any(p.search(asked) for p in self.topic.refers_back) else asked
        # an aside told inside the ask is context too ("the difference between X and Y (her insurer billed
        # one as Y last year)"); an aside that asks ("(is it covered?)") is kept
        told = _TOLD_ASIDE.sub(" ", asked)
        if self.topic.likened is not None:
            unlikened = self.topic.likened.sub(" ", told)
            if any(a.search(unlikened) for a in self.topic.anchors):
                told = unlikened
                pointed = self.topic.likened.sub(" ", pointed)
        for label, patterns in self.topic.uncovered:
            thing = label in self.topic.uncovered_things
            where = question if label in self.topic.uncovered_anywhere else pointed if thing else told
            if any(thing or not (self._someone_elses(where, m) or self._asks(where, m))
                   for p in patterns for m in p.finditer(where)):
                return label
        # another topic counts when nothing of the corpus topic is named: in the whole question, or
        # in what it asks ("when should she start screening for another cancer? ... beside this one's schedule");
        # a question in the corpus's related words ("how often do ORG-A and ORG-B want her screened?") is
        # read in what it asks only, so a comorbidity told before it is context
        named = question
        for pattern in self.topic.compared:  # named only as what the other topic is compared with
            named = pattern.sub(" ", named)
        anchored = any(a.search(named) for a in self.topic.anchors)
        related = any(r.search(question) for r in self.topic.related)
        # (the ask pointing back to what was told, "what does ORG say about that screening?", reads it all)
        where = (pointed if related and asked != question else question) if not anchored else \
            asked if asked != question and not any(a.search(asked) for a in self.topic.anchors) else None
        if where is None:
            return None
        for label, patterns in self.topic.other_topics:
            if any(p.search(where) for p in patterns):
                return label
        return self._other_subject(named)

    def _other_subject(self, question: str) -> str | None:
        """Another topic named as the subject ("checklist item: <other> screening - ... continue?"),
        when the corpus topic is named only in an aside ("(<topic> item already done)")."""
        subject = self.topic.subject_after if self.topic else None
        outside = _ASIDE.sub(" ", question)
        if subject is None or any(a.search(outside) for a in self.topic.anchors):
            return None
        return next((label for label, patterns in self.topic.other_topics
                     if any(subject.match(outside, m.end()) for p in patterns for m in p.finditer(outside))), None)

    def _asks(self, text: str, match: re.Match) -> bool:
        """The match names who asks ("the <billing> rep wants to know if ..."), not what is asked."""
        asker = self.topic.asker_after if self.topic else None
        return asker is not None and asker.match(text, match.end()) is not None

    def _someone_elses(self, text: str, match: re.Match) -> bool:
        """The match tells another person's history, not what is asked ("my mother had <another
        condition>", "no <condition> in the family")."""
        sentence = _SENTENCE_BREAK.split(text[max(0, match.start() - self.window_chars):match.start()])[-1]
        if self.context.experiencer is not None and self.context.experiencer.search(sentence):
            return True
        after = self.context.experiencer_after
        return after is not None and bool(after.match(text[match.end():match.end() + self.window_chars]))

    def on_topic(self, question: str) -> bool:
        """Whether the question names the corpus topic or a closely related term."""
        if self.topic is None:
            return True
        question = self._prepared(question)
        return any(p.search(question) for p in self.topic.anchors + self.topic.related)

    def _fires(self, rule: ScopeRule, text: str) -> bool:
        return self.explain(rule, text) is not None

    def findings(self, text: str, proxy: str | None = None,
                 ages: tuple[tuple[int, int], ...] = ()) -> tuple[dict[str, str], ...]:
        """Every concept a flag's patterns match, with its context: `affirmed` (the patient's,
        current, not negated: the flag fires) or why it is set aside. For the evidence map.
        `proxy`: the relative the question is asked for ("my mom is 39 ... when should she
        start?"): her findings are the patient's. `ages`: the patient's ages now, as the question
        tells them: a finding told at an older age than all of them is someone else's."""
        text = self._prepared(text)
        out = []
        for rule in self.rules:
            if rule.unless_anywhere is not None and rule.unless_anywhere.search(text):
                continue
            for pattern in rule.patterns:
                for match in pattern.finditer(text):
                    out.append({"flag": rule.flag, "concept": match.group(0),
                                "context": self.context_of(rule, text, match, proxy, ages) or "affirmed"})
        return tuple(out)

    def explain(self, rule: ScopeRule, text: str) -> str | None:
        """The concept that fires `rule` in `text` (None when every match is set aside by its
        context); `context_of` says why each match was set aside."""
        if rule.unless_anywhere is not None and rule.unless_anywhere.search(text):
            return None
        for pattern in rule.patterns:
            for match in pattern.finditer(text):
                if self.context_of(rule, text, match) is None:
                    return match.group(0)
        return None

    def context_of(self, rule: ScopeRule, text: str, match: re.Match, proxy: str | None = None,
                   ages: tuple[tuple[int, int], ...] = ()) -> str | None:
        """Why a match does not count (negated, another experiencer, ended, the flag's own
        exception), or None when it is an affirmed, current finding of the patient."""
        start, end = match.span()
        before = text[max(0, start - self.window_chars):start]
        sentence = _SENTENCE_BREAK.split(before)[-1]
        # an age set off by commas ("my sister, 45, had DCIS") describes the person, it ends no clause
        sentence = _APPOSITIVE_AGE.sub(lambda m: " " * len(m.group(0)), sentence)
        clause = last_clause(sentence, _CLAUSE_BREAK)  # a clause without a subject: its experiencer too
        opened = sentence.rfind("(")
        if opened >= 0 and ")" not in sentence[opened:]:  # inside a parenthesized list: its head counts
            clause = _CLAUSE_BREAK.split(sentence[:opened])[-1] + sentence[opened:]
        after = text[end:end + self.window_chars]
        clause_after = _CLAUSE_BREAK.split(_SENTENCE_BREAK.split(after)[0])[0]
        context = self.context
        if self.negation is not None and self.negation.search(clause):
            return "negated"
        if self.negation is not None and self._negated_list(sentence, match.group(0) + after):
            return "negated"
        # (the pattern itself says which clause breaks it may cross: "... test and it came back negative")
        if context.negation_after is not None and context.negation_after.search(after):
            return "negated"
        closing = after.find(")") if opened >= 0 and ")" not in sentence[opened:] else -1
        if closing >= 0 and context.negation_after is not None and not _AFFIRMED.search(after[:closing]) \
                and context.negation_after.search(after[closing + 1:]):
            return "negated"  # a result after the list it covers: "panel (BRCA1/2 and the rest) came back negative"
        if context.list_negation_after is not None \
                and context.list_negation_after.search(_SENTENCE_BREAK.split(after)[0]):
            return "negated"
        # a match that runs across a clause break ("a test - her friend got called back") is told
        # of whoever its last clause names
        inner = _MATCH_CLAUSE_BREAK.split(match.group(0))
        if len(inner) > 1 and rule.flag not in context.experiencer_exempt and context.experiencer is not None \
                and context.experiencer.search(inner[-1]):
            return "another person"
        if rule.flag not in context.experiencer_exempt and context.experiencer is not None \
                and context.experiencer.search(clause) and not (
                    context.shared_with_patient is not None and context.shared_with_patient.search(clause)) \
                and not (context.shared_later is not None and context.shared_later.search(text[match.end():])) \
                and not _names(proxy, clause):
            return "another person"
        if proxy and rule.flag not in context.experiencer_exempt and context.asker is not None \
                and context.asker.search(clause) and not _names(proxy, clause):
            return "the asker, not the patient"
        if proxy and rule.flag not in context.experiencer_exempt and context.asker_later is not None \
                and not _SUBJECT.search(sentence) \
                and (context.asker_opening is None or context.asker_opening.match(sentence)) \
                and context.asker_later.match(_SENTENCE_BREAK.split(after)[0]):
            return "the asker, not the patient"
        if ages and rule.flag not in context.experiencer_exempt and _told_older(context.told_at_age, after, ages):
            return "another person"  # "X had it at 60 ... me 40": an age the patient has not reached
        if context.criterion_after is not None and context.criterion_after.match(after):
            return "names the criterion"
        if context.criterion_before is not None and context.criterion_before.search(clause):
            return "names the criterion"
        if context.setting_after is not None and context.setting_after.match(after):
            return "names a setting"
        if rule.flag in context.ends_with_time and context.ended is not None \
                and (context.ended.search(clause) or context.ended.search(clause_after)):
            return "ended"
        if rule.flag in context.ends_with_time and context.ended_after is not None \
                and context.ended_after.match(_SENTENCE_BREAK.split(after)[0]):
            return "ended"
        if rule.flag in context.ends_with_time and context.told_past is not None and context.points_back is not None \
                and context.points_back.search(before) and context.told_past.search(text[:start]) \
                and not (context.still_now is not None and context.still_now.match(after)):
            return "ended"
        excepted = rule.unless_before.search(sentence) if rule.unless_before is not None else None
        if excepted and not _names(proxy, excepted.group(0)):
            return "the flag's exception (before)"
        if rule.unless_after is not None and rule.unless_after.search(after):
            return "the flag's exception (after)"
        return None

    def _negated_list(self, before: str, rest: str) -> bool:
        """ConText's negation scope runs over a coordinated list: "denies lumps, pain, nipple
        discharge or skin changes" negates each item, as long as every item between the cue and
        the match (the match's own included) is a plain one (`list_item`: "BRCA2 positive" is not)."""
        item_pattern = self.context.list_item
        if item_pattern is None or self.negation is None:
            return False
        items = _LIST_BREAK.split(before)
        starts = [0, *(m.end() for m in _LIST_BREAK.finditer(before))]  # where each item begins in `before`
        own = items[-1] + _LIST_BREAK.split(_ITEM_END.split(rest)[0])[0]
        if len(items) < 2 or not item_pattern.fullmatch(own):
            return False
        for index in range(len(items) - 2, -1, -1):
            if self.negation.search(items[index]):
                # "no A, B": two statements; "no A, B or C" (or a cue that lists, "denies A, B") one list
                span = before[starts[index]:] + _SENTENCE_BREAK.split(rest)[0]
                return bool(_DISJUNCTION.search(span)) or (
                    self.context.list_negation is not None and bool(self.context.list_negation.search(items[index])))
            if items[index].strip() and not item_pattern.fullmatch(items[index]):  # ", or" leaves an empty one
                return False
        return False


_AFFIRMED = re.compile(r"\b(positive|pos|carrier|carries|detected|found)\b", re.I)  # a result in the list itself
_APPOSITIVE_AGE = re.compile(r",\s*(?:age(?:d)?\s+)?\d{1,3}(?:\s*(?:years? old|y/?o|yo))?\s*,")


def _told_older(told_at_age: re.Pattern[str] | None, after: str, ages: tuple[tuple[int, int], ...]) -> bool:
    """Whether the text right after a finding tells it at an age above every age the patient is now."""
    told = told_at_age.match(after) if told_at_age is not None else None
    return told is not None and int(told.group(1)) > max(high for _, high in ages)


def _names(person: str | None, text: str) -> bool:
    """Whether `text` names the person the question is asked for."""
    # "my mom's sister had ...": the sister's history, not the mother's
    # ("one of our chapter sisters is 21 ... she has": the person, named in the plural of the group she is one of)
    return person is not None and re.search(rf"\b{re.escape(person)}(?:e?s)?\b(?!['’]s\b)", text, re.I) is not None


def load_scope(corpus_dir: Path) -> ScopeGuard:
    """Read corpus/scope.yaml. Raises CorpusError naming the file, flag and field."""
    path = Path(corpus_dir) / SCOPE_FILE
    name = str(path)
    data = read_mapping(path)
    problems: list[Problem] = []
    flags = data.get("flags")
    if not isinstance(flags, dict) or not flags:
        raise CorpusError([Problem(name, "flags", "missing: map each flag name to its rules")])
    rules = []
    for flag, spec in flags.items():
        if not isinstance(spec, dict):
            problems.append(Problem(name, f"flags.{flag}", "expected a mapping with `patterns`"))
            continue
        patterns = spec.get("patterns")
        if not isinstance(patterns, list) or not patterns:
            problems.append(Problem(name, f"flags.{flag}.patterns", "missing or empty"))
            continue
        compiled = [compile_pattern(p, name, f"flags.{flag}.patterns[{i}]", problems) for i, p in enumerate(patterns)]
        before, after, anywhere = (compile_pattern(spec[key], name, f"flags.{flag}.{key}", problems)
                                   if spec.get(key) else None
                                   for key in ("unless_before", "unless_after", "unless_anywhere"))
        unknown = set(spec) - {"label", "patterns", "unless_before", "unless_after", "unless_anywhere"}
        if unknown:
            problems.append(Problem(name, f"flags.{flag}", "unknown fields: " + ", ".join(sorted(unknown))))
        rules.append(ScopeRule(str(flag), str(spec.get("label") or flag),
                               tuple(c for c in compiled if c is not None), before, after, anywhere))
    negation = (compile_pattern(data["negation_cues"], name, "negation_cues", problems)
                if data.get("negation_cues") else None)
    window = data.get("window_chars", 80)
    if not isinstance(window, int) or window < 10:
        problems.append(Problem(name, "window_chars", "must be a whole number of at least 10"))
        window = 80
    topic = _parse_topic(data.get("topic"), name, problems)
    context = _parse_context(data.get("context"), name, problems, {r.flag for r in rules})
    if problems:
        raise CorpusError(problems)
    return ScopeGuard(tuple(rules), negation, window, topic, context, _prepare(Path(corpus_dir)))


def _prepare(corpus_dir: Path) -> Callable[[str], str] | None:
    """The pack vocabulary's `correct` step, when the pack has a vocabulary (its own loader
    reports a bad one)."""
    from .text import VOCABULARY_FILE, load_vocabulary

    if not (corpus_dir / VOCABULARY_FILE).is_file():
        return None
    try:
        return load_vocabulary(corpus_dir).correct
    except CorpusError:
        return None


def _parse_context(spec: object, file: str, problems: list[Problem], flags: set[str]) -> ContextRules:
    if spec is None:
        return ContextRules()
    if not isinstance(spec, dict):
        problems.append(Problem(file, "context", "expected a mapping of ConText cues"))
        return ContextRules()
    cues = {key: compile_pattern(spec[key], file, f"context.{key}", problems) if spec.get(key) else None
            for key in ("negation_after", "experiencer", "ended", "events", "history", "shared_with_patient",
                        "list_item", "list_negation", "list_negation_after", "experiencer_after",
                        "criterion_after", "criterion_before", "told_past", "points_back", "still_now",
                        "setting_after", "shared_later", "asker", "asker_later", "asker_opening", "told_at_age",
                        "ended_after")}
    lists = {}
    for key in ("experiencer_exempt", "ends_with_time"):
        values = spec.get(key) or []
        unknown = [v for v in values if v not in flags] if isinstance(values, list) else values
        if not isinstance(values, list) or unknown:
            problems.append(Problem(file, f"context.{key}", f"expected a list of flags; unknown: {unknown}"))
            values = []
        lists[key] = frozenset(values)
    return ContextRules(cues["negation_after"], cues["experiencer"], lists["experiencer_exempt"], cues["ended"],
                        lists["ends_with_time"], cues["events"], cues["history"], cues["shared_with_patient"],
                        cues["list_item"], cues["list_negation"], cues["list_negation_after"],
                        cues["experiencer_after"], cues["criterion_after"], cues["criterion_before"],
                        cues["told_past"], cues["points_back"], cues["still_now"], cues["setting_after"],
                        cues["shared_later"], cues["asker"], cues["asker_later"], cues["asker_opening"],
                        cues["told_at_age"], cues["ended_after"])


def _parse_topic(spec: object, file: str, problems: list[Problem]) -> TopicRule | None:
    if spec is None:
        return None
    if not isinstance(spec, dict) or not isinstance(spec.get("other_topics"), dict):
        problems.append(Problem(file, "topic", "expected `label`, `anchors` and `other_topics`"))
        return None
    groups, anywhere, things = {}, set(), set()
    for key in ("other_topics", "uncovered"):
        groups[key] = []
        for label, patterns in (spec.get(key) or {}).items():
            if key == "uncovered" and isinstance(patterns, dict):  # {patterns: [...], anywhere: true, thing: true}
                if patterns.get("anywhere"):
                    anywhere.add(str(label))
                if patterns.get("thing"):
                    things.add(str(label))
                patterns = patterns.get("patterns")
            if not isinstance(patterns, list) or not patterns:
                problems.append(Problem(file, f"topic.{key}.{label}", "expected a list of patterns"))
                continue
            compiled = [compile_pattern(p, file, f"topic.{key}.{label}[{i}]", problems) for i, p in enumerate(patterns)]
            groups[key].append((str(label), tuple(c for c in compiled if c is not None)))
    anchors, related, compared, refers_back = ([compile_pattern(p, file, f"topic.{key}[{i}]", problems)
                                                for i, p in enumerate(spec.get(key) or [])]
                                               for key in ("anchors", "related", "compared", "refers_back"))
    subject, asker, likened = (compile_pattern(spec[key], file, f"topic.{key}", problems) if spec.get(key) else None
                               for key in ("subject_after", "asker_after", "likened"))
    return TopicRule(str(spec.get("label") or "the corpus topic"), tuple(a for a in anchors if a is not None),
                     tuple(r for r in related if r is not None), tuple(groups["other_topics"]),
                     tuple(groups["uncovered"]), frozenset(anywhere), frozenset(things),
                     tuple(r for r in refers_back if r is not None), tuple(c for c in compared if c is not None),
                     subject, asker, likened)

