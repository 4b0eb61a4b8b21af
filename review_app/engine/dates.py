"""A time stated in a question ("back in mid-2020", "as of early 2019", "in 2013", "before the
society's 2024 update", a note's day "2024-03-15") becomes that question's reference date, unless
one was given explicitly.

A stated time is read as the last day it covers, so everything published in it counts ("in
2016" is 2016-12-31, "mid-2020" 2020-06-30, "December 2015" 2015-12-31); "before YEAR" is the day
before it starts, and "before <organization>'s YEAR update" (or its month: "before the society's
October update") the day before that source was published. A year that dates an event of
someone's history ("diagnosed in 2018", "had a test in 2019") is not the question's time.

The engine passes the question as the pack's vocabulary writes it: a bilingual patient's "en 2013"
arrives as "in 2013" and "ahora" as "now", a note's "in '16" as "in 2016".
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..records import Source

_YEAR = r"(19[89]\d|20\d\d)"
YEAR_ASKED = _YEAR
# A year after a word that makes it a time ("in 2016", "before April 2024", "during mid-2020"),
# with a month (and day) or a part of the year between: one reader for questions and claims.
MONTH_NAMES = tuple(name.lower() for name in calendar.month_name if name)
MONTH_AND_DAY = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
                 r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?")
PART_OF_YEAR = r"(?:early|mid|late)[- ]?|the (?:start|middle|end) of "
SEASON = r"(?:fall|spring|summer|winter) "
NOT_A_SPAN = r"(?!\s*(?:-|to|through|–)\s*\d)"


def year_after(leads: str, within: str = MONTH_AND_DAY, after: str = "", flags: int = re.I,
               year: str = r"((?:19|20)\d\d)") -> re.Pattern[str]:
    """A pattern for a year after one of `leads` (alternatives: "in|before"), what `within` allows
    between them (a month and day, a part of the year), and what `after` requires of the text that
    follows: group 1 is the lead, group 2 the year (`year`: any of the century by default; a question's
    time is read only from 1980 on, `YEAR_ASKED`)."""
    return re.compile(rf"\b({leads})\s+(?:{within})?{year}\b{after}", flags)

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_PARTS = {"early": 3, "mid": 6, "middle of": 6, "late": 12, "end of": 12, "spring": 5, "summer": 8, "fall": 11,
          "autumn": 11, "winter": 12, "start of": 1, "beginning of": 1, "first half of": 6, "second half of": 12,
          "q1": 3, "q2": 6, "q3": 9, "q4": 12, "first quarter of": 3, "second quarter of": 6, "third quarter of": 9,
          "fourth quarter of": 12}
_LEAD = r"(?:in|back in|as of|during|around|by|as it stood in|at the time of|(?:calendar|fiscal)[- ]year)"
_MONTH_YEAR = re.compile(rf"\b(?:{_LEAD}\s+)?(?:the\s+)?({'|'.join(sorted(_MONTHS, key=len, reverse=True))})\.?"
                         rf"\s*(?:of\s+)?,?\s*{_YEAR}\b", re.I)
# "before October 2024": the last day before that month, a time the question's lies before
_BEFORE_MONTH = re.compile(rf"\b(?:before|prior to|until|till)\s+(?:the\s+)?"
                           rf"({'|'.join(sorted(_MONTHS, key=len, reverse=True))})\.?\s*(?:of\s+)?,?\s*{_YEAR}\b", re.I)
_PART_YEAR = re.compile(rf"\b(?:{_LEAD}\s+)?(?:the\s+)?({'|'.join(sorted(_PARTS, key=len, reverse=True))})"
                        rf"[\s-]*(?:of\s+)?{_YEAR}\b", re.I)
_IN_YEAR = re.compile(rf"\b{_LEAD}\s+{_YEAR}\b(?!\s*(?:-|to|through|–)\s*\d)", re.I)
# a version named by its year as the time asked about ("what did it recommend in its 2009 update?")
_IN_VERSION = re.compile(rf"\bin\s+(?:its|the|their)\s+{_YEAR}\s+(?:interim\s+|final\s+)?(?:update|statement|"
                         r"recommendations?|guidelines?|guidance|version|revision|report|bulletin)\b", re.I)
# a day written out ("2024-03-15", "03/15/2024", "15 Mar 2024", "12-Nov-2024", "March 15, 2024"): that day
_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ISO_DAY = re.compile(rf"\b{_YEAR}-(0?[1-9]|1[0-2])-(0?[1-9]|[12]\d|3[01])\b")
_US_DAY = re.compile(rf"\b(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])/{_YEAR}\b")
_DAY_MONTH = re.compile(rf"\b(0?[1-9]|[12]\d|3[01])[\s-]+({_MONTH_NAMES})\.?[\s-]+{_YEAR}\b", re.I)
_MONTH_DAY = re.compile(rf"\b({_MONTH_NAMES})\.?\s+(0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?,?\s+{_YEAR}\b", re.I)
_DAYS = (_ISO_DAY, _US_DAY, _DAY_MONTH, _MONTH_DAY)
_STANDPOINT_LEAD = re.compile(r"as (of|at)\b", re.I)  # "as of June 2020": where the answer stands
# "an email dated 2024-06-15: what do they currently say?": the writer's day, whose present is "now"
# (a page's own stamp, "last updated 2019-03-15", is its day too)
_AUTHORED = r"dated|written|sent|posted|signed|timestamped|recorded|taped|filmed|aired"  # the text itself put on a date
_WRITTEN_ON = re.compile(rf"\b({_AUTHORED}|generated|created|"
                         r"(last\s+)?(updated|revised|reviewed|modified|edited))(\s+on)?[\s,:]*$", re.I)
# (a month or a year after "dated", "written", "sent": the text's own; a revision's is its subject's)
_DATED = re.compile(rf"\b({_AUTHORED})[\s,:]*$", re.I)
# ... not when a sentence about something else tells when that was written ("they say the recommendation was
# written in 2016"): the day of a document discussed, not the text's own (unless it is "this" text)
_OWN_TEXT = r"(?:this|these|my|our)\b"  # the text's own words for itself ("this letter was written in ...")
_DATED_OTHER = re.compile(rf"(?<!\bthis )(?<!\bthese )(?<!\bmy )(?<!\bour )\b(?!{_OWN_TEXT})(\w+)\s+"
                          rf"((?!{_OWN_TEXT})\w+\s+)?(was|were|had been|has been)\s+(\w+\s+)?({_AUTHORED})[\s,:]*$",
                          re.I)
# ... or a document kept "current as of July 1, 2024": that day is its present
_CURRENT_AS_OF = re.compile(r"\b(current|up[- ]to[- ]date|accurate|valid)\s+(as\s+(of|at)\s+)?$", re.I)
_BEFORE_YEAR = re.compile(rf"\b(?:before|prior to|until|till)\s+{_YEAR}\b", re.I)
_BEFORE_UPDATE = (
    # (a month is no organization's name: "before the Oct 2024 interim update")
    r"\b(?:before|prior to|until)\s+(?:the\s+)?(?:(?!(?:" + "|".join(_MONTHS) + r")\b)"
    r"(?P<org>{names}[a-z][\w.&-]*)(?:'s|’s|s'|'|’)?\s+)?"
    r"(?:(?:put|puts|came) out (?:with )?|published |released |issued |made |make |makes |making |did )?"
    r"(?:its |their |the |an? )?"
    r"(?:(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?\s+)?"
    r"(?:(?P<year>19[89]\d|20\d\d)\s+)?"
    # ... its name after the year ("before the 2024 ORG update")
    r"(?:(?P<org_after>{names}[a-z][\w.&-]*)(?:'s|’s)?\s+(?=(?:(?:interim|final|new|newer|latest|draft|revised|full)\s+)?"
    r"(?:update|updated|change|changed|changes|revision|revised|recommendation|guideline|statement|bulletin)\b))?"
    r"(?:(?:interim|final|new|newer|latest|draft|revised|full)\s+)?"
    r"(?:update|updated|change|changed|changes|revision|revised|recommendation|guideline|statement|bulletin)\b"
    # ... its year told after it ("before ORG-A changed its recommendation in 2024")
    r"(?:(?:\s+(?:its|their|the)(?:\s+[\w-]+){{0,2}}?\s+(?:recommendations?|guidelines?|guidance|advice|statement|"
    r"position))?\s+in\s+(?P<year_after>19[89]\d|20\d\d)\b)?")


@lru_cache(maxsize=16)
def _before_update(names: tuple[str, ...]) -> re.Pattern[str]:
    """The "before <organization>'s YEAR update" pattern, reading the corpus's names of several
    words ("the American College of ... 2024 update") as well as a one-word name."""
    spelled = "".join(re.escape(name).replace(r"\ ", r"\s+") + "|"
                      for name in sorted(names, key=len, reverse=True) if " " in name)
    return re.compile(_BEFORE_UPDATE.format(names=spelled), re.I)
# what is "delivered" when it is a text spoken or sent ("Testimony before the committee, delivered 2019-03-12")
_DELIVERED_TEXT = re.compile(r"\b(testimony|talk|speech|lecture|remarks|address|sermon|homily|presentation|webinar|"
                             r"keynote|paper|report|letter|statement|message|newsletter|briefing|bulletin)\b"
                             r"[^.;?!]{0,80}\bdelivered\b[^.;?!]{0,30}$", re.I)
# A year that dates an event in someone's history, not the time the question asks about.
_EVENT = re.compile(r"\b(diagnos\w*|treated|had|got|underwent|born|died|passed away|delivered|gave birth|started|"
                    r"finished|stopped|moved|last(?!\s+(?:updated|revised|reviewed|modified|edited)\b)|tested|"
                    r"screened|scanned|biopsied)\b[^.;?!]{0,30}$", re.I)



# a date set in brackets right after what it labels ("ORG-A (April 2024) and ORG-B (October 2024) moved ...")
_LABEL_OPEN = re.compile(r"\b(?!(?:of|in|as|by|around|during|since|until|before|after)\s*\()\w[\w'’.]*\s*\(\s*$", re.I)
_LABEL_CLOSE = re.compile(r"\s*\)")
# a preamble that says why the question is asked ("For a lesson on how advice changes: ...")
_PURPOSE = re.compile(r"^\s*(for|as part of|in) [^:?.!]{0,80}:\s", re.I)


_NOW = re.compile(r"\b(now|nowadays|today|currently|current|these days|anymore|any more|still|chang\w*|differ\w*|"
                  r"compar\w*|since then|update[sd]?|revis\w*|new)\b", re.I)
_CONTINUED = re.compile(r"\b(still|anymore|any more)\b", re.I)
_STILL_NOW = re.compile(r"\b(is|are|does|do|has|have)\s+(\w+\s+){0,2}?still\b", re.I)
# ("versus" is no such word: "annual versus biennial" compares intervals, not times)
# a passage quoted from a dated text ("found this in a letter dated November 2015: 'ORG-A now recommends ...'"):
# the quotation is the text's; what the asker writes after it is asked on the asker's own day
_QUOTATION = re.compile(r"""(?:^|(?<=[\s:(]))['"‘“][^"“”]{15,}?['"’”](?=[\s.,;:?!)]|$)""")
# ... asked after the quotation, only words that ask about today reopen it ("is that still true?", "has it
# changed?"); a word such as "new" or "update" after it ("the new update she mentions") dates nothing later
_ASKS_TODAY = re.compile(r"\b(now|nowadays|today|currently|current|these days|anymore|any more|still|since then)\b"
                         r"|\b(has|have|did)\s+(\w+\s+){0,2}?(chang\w*|been (updated|revised|replaced))\b", re.I)
_COMPARED = re.compile(r"\b(differ\w*|compar\w*)\b", re.I)  # organizations compared, when two are named
# "a few months before the task force put out its final update": the update dates the stated time,
# it asks about no later one
# "our protocol was last revised in March 2020": a revision of the asker's document that a time dates
_DATED_REVISION = re.compile(r"\b(revised|updated|changed|written|issued|reviewed)\s+(in|on)\s+((early|mid|late)[- ]?)?"
                             r"([a-z]+\.?\s+)?(\d{1,2},?\s+)?(19|20)\d\d\b", re.I)
# a change dated to the stated time by a word pointing back to it ("back in 2009? my mom says everything changed then"):
# the stated time's own change, not one since then
_CHANGED_THEN = re.compile(r"\b(chang\w*|switch\w*|revis\w*|updat\w*)\s+"
                           # ("my aunt say they change it then": what was changed, between)
                           r"((it|that|this|things|everything|them|its\s+\w+|their\s+\w+)\s+)?(back\s+)?"
                           r"(then|at that time|that year|at the time)\b", re.I)
_BEFORE_A_CHANGE = re.compile(r"\b(before|prior to|ahead of|until)\b[^.?!]{0,60}?\b(update[sd]?|revision|revised|"
                              r"chang(e|ed|es)|came out|come out|was (issued|published|released)|"
                              # ("before the task force put out its new draft": the draft bounds the time asked)
                              r"(put|puts|putting) out|issued|published|released|finali[sz]ed)\b"
                              r"(\s+(its|the|their|a)(\s+\w+){0,2}?\s+(update[sd]?|draft|revision|recommendation|guidance|"
                              r"statement|version))?", re.I)


# Words pointing back to a time the question has stated ("what was the advice at that time"): the
# question asks about that time, so a bare year it names is its time, and "now" is not a comparison.
_ANAPHORA = re.compile(r"\b(at that (time|point|stage)|back then|by then|by that (time|point|date)|at the time|"
                       r"in those days|that year|then-current|"
                       r"(as of|on|at) that (date|day))\b",
                       re.I)
# ... unless the present is asked in a clause of its own ("what was it at that time, what is it now?")
# ("and what would ORG-A say for the same patient now?": the present, asked as a case put to it)
# ("and does the current recommendation say something different?": today's version asked of by name; "is it still the
# same today?": the time told, asked of again now)
_ASKS_NOW = re.compile(r"\b(what|how|where)\s+(is|are|does|do|would|will)\b[^.?!,;]{0,40}"
                       r"\b(now|today|currently|these days)\b"
                       r"|\b(and|but|et|y|e)\s+(now|today)\s*\?"
                       # ("was that right at the time, and is it still the same today?")
                       r"|\b(is|are|does|do|has|have)\s+(it|that|this|they|these|those)\s+still\b[^.?!,;]{0,30}"
                       r"\b(now|today|currently|these days)\b"
                       r"|\b(does|do|is|are|has|have)\s+(the|its|their)\s+(current|present|latest|today'?s)\s+"
                       r"(recommendations?|guidance|guidelines?|advice|version|statement|one)\b", re.I)
_BARE_YEAR = re.compile(rf"\b{_YEAR}\b(?!\s*(?:-|to|through|–)\s*\d)")
# a year naming a version ("what moved compared with the 2016 version?"), never the date of an event
_NAMES_A_VERSION = re.compile(r"\s+(?:[\w-]+\s+)?(?:version|update|revision|guidelines?|recommendations?|statement|"
                              r"bulletin|guidance|advice|edition)\b", re.I)


def pointed_back_to_a_time(question: str) -> bool:
    """Whether the question points back to a time it stated ("... at that time", "back then")."""
    return _ANAPHORA.search(question) is not None


def dates_an_event(before: str, events: re.Pattern[str] | None = None) -> bool:
    """Whether the text just before a date makes it the date of something that happened ("my mom
    was diagnosed in 2016", "had surgery in 2019"; `events`: the pack's words for procedures): a
    time in someone's history, not the time the question asks about (a talk or testimony "delivered"
    on a day is the text's own day, no birth)."""
    event = _EVENT.search(before)
    if event is not None and event.group(1).lower() == "delivered" and _DELIVERED_TEXT.search(before):
        event = None
    return event is not None or (events is not None and events.search(before) is not None)


def without_event_years(text: str, events: re.Pattern[str] | None = None) -> str:
    """The text with every year that dates an event blanked ("my mom was diagnosed in 2016. has that
    changed?" asks no change since a version), unless the text points back to a time it stated."""
    if pointed_back_to_a_time(text):
        return text
    return _BARE_YEAR.sub(lambda m: "    " if dates_an_event(text[:m.start()], events)
                          and not _NAMES_A_VERSION.match(text, m.end()) else m.group(0), text)


@dataclass(frozen=True)
class QuestionTime:
    date: dt.date
    phrase: str  # the words of the question it comes from
    bound: bool = False  # "before the 2024 update": a time the question's lies before, not one it asks about
    # the answer's own standpoint ("as of June 2020", a note's day "2020-06-01"), not a past time asked
    # about from now ("in 2016"): what a claim in the present tense of its answer speaks of
    standpoint: bool = False


def question_time(question: str, sources: Iterable[Source], organizations: dict[str, str],
                  events: re.Pattern[str] | None = None) -> QuestionTime | None:
    """The earliest time the question states (None when it states none). `organizations` maps
    the lower-case names a question may use to the corpus's short names; `events` (the pack's
    words for procedures of someone's history, ending at the year) adds to the built-in verbs."""
    sources = list(sources)
    found: list[QuestionTime] = []
    for match in _before_update(tuple(organizations)).finditer(question):
        date = _before_source(match, sources, organizations)
        if date is not None:
            found.append(QuestionTime(date, match.group(0), bound=True))
    for pattern, read in ((_ISO_DAY, _iso_day), (_US_DAY, _us_day), (_DAY_MONTH, _day_month),
                          (_MONTH_DAY, _month_day), (_BEFORE_MONTH, _before_month), (_MONTH_YEAR, _month_end),
                          (_PART_YEAR, _part_end),
                          (_BEFORE_YEAR, _before_year), (_IN_YEAR, _year_end), (_IN_VERSION, _year_end)):
        for match in pattern.finditer(question):
            before = question[:match.start()]
            if dates_an_event(before, events):
                continue
            if _LABEL_OPEN.search(before) and _LABEL_CLOSE.match(question, match.end()):
                continue  # "ORG (April 2024)": a date in brackets labels the version named, it dates no question
            if any(t.phrase and match.start() < question.find(t.phrase) + len(t.phrase)
                   and question.find(t.phrase) < match.end() for t in found):
                continue  # already read by a more specific pattern
            phrase = match.group(0).strip()
            # (a month or a year the text says it was written in, "a post dated March 2019", is its day too; not
            # one its subject was revised in: "our protocol was revised in 2019. what do they say now?")
            standpoint = pattern in _DAYS or _STANDPOINT_LEAD.match(phrase) is not None \
                or (pattern not in (_BEFORE_YEAR, _BEFORE_MONTH) and _DATED.search(before) is not None
                    and _DATED_OTHER.search(before) is None)
            found.append(QuestionTime(read(match), phrase, bound=pattern in (_BEFORE_YEAR, _BEFORE_MONTH),
                                      standpoint=standpoint))
    pointed_back = pointed_back_to_a_time(question)
    if not found and pointed_back:  # "a chart review of 2018 visits: what was the advice at that time?"
        # (the year of an event is the time pointed back to: "I had my first one in 2012. was that
        # what they recommended at the time?")
        found = [QuestionTime(_year_end(match), match.group(0)) for match in _BARE_YEAR.finditer(question)]
    if not found:
        return None
    # (the same time told twice, "explainer, March 2016: as of March 2016, ...", is a standpoint when either is)
    earliest = min(found, key=lambda t: (t.date, not t.standpoint))
    named = {short for name, short in organizations.items()
             if re.search(r"\b" + re.escape(name) + r"\b", question, re.IGNORECASE)}
    lead = question[:max(question.find(earliest.phrase), 0)]
    written = earliest.standpoint and (_WRITTEN_ON.search(lead) or _CURRENT_AS_OF.search(lead)) is not None
    if _then_and_now(question, earliest, found, pointed_back, len(named) > 1, written):
        return None  # a comparison across time keeps the present date (superseded sources stay eligible)
    return earliest


def _then_and_now(question: str, stated: QuestionTime, found: list[QuestionTime], pointed_back: bool = False,
                  organizations_compared: bool = False, written: bool = False) -> bool:
    """The question also asks about a later time: another, later year, or a word of comparison or
    of the present outside every stated phrase ("how is the 2024 one different", "what changed";
    the "update" of "before the society's October update" is a stated time's own word). With two
    organizations or more named, "differ" and "compare" compare them at the time stated ("as of
    2019, how did ORG-A and ORG-B differ?"). A question `written` on the day stated ("an email dated
    2024-06-15: what do they currently say?") asks of a later time only by naming a later year."""
    rest = _PURPOSE.sub(" ", question)  # "for a lesson on how advice changes: ..." says why it is asked
    rest = _CHANGED_THEN.sub(" ", rest)
    rest = _DATED_REVISION.sub(" ", rest)
    for time in found:
        # "back in 2009, when the task force changed its advice, ...": the clause dates the time
        rest = re.sub(re.escape(time.phrase) + r",?\s+when\b[^,.;?!]*", " ", rest)
        # "back in 2009 the task force changed its advice": a change the time dates, not one since then
        # (not "as of 2023, and whether that changed afterward": a later time asked about)
        # (nor "in 2016, and what changed in its 2024 update?": a question of its own about the change)
        # ("in 2009 there was a huge news story about the task force changing its advice": told of that year too)
        rest = re.sub(re.escape(time.phrase) + r",?\s+(?![^,.;?!]{0,80}?\b(whether|if|what|how)\b)[^,.;?!]{0,80}?"
                      r"\b(changed|changing|switched|switching|revised|revising|updated|updating)\b"
                      r"(?![^,.;?!]*\b(afterwards?|since|later|thereafter)\b)[^,.;?!]*", " ", rest)
        # "remembers the task force changing its advice back in 2009": the change the time dates, told before it
        rest = re.sub(r"\b(changed|changing|switched|switching|revised|revising|updated|updating)\b[^,.;?!]{0,40}?"
                      + re.escape(time.phrase), " ", rest)
        # "ORG-A's November 2009 screening update": the version the time names, not a change since it
        rest = re.sub(re.escape(time.phrase) + r"\s+([\w-]+\s+){0,3}?(interim\s+|final\s+)?(update|revision|statement|"
                      r"recommendation|guideline|bulletin)s?\b", " ", rest)
        rest = rest.replace(time.phrase, " ")
    later = [int(y) for y in re.findall(_YEAR, rest) if int(y) > stated.date.year]
    # ("in 2019, or in mid-2018"; not "back in 2020 ... before the 2024 update", which bounds the time asked)
    later += [t.date.year for t in found if t.date.year > stated.date.year and not t.bound]
    if written:
        quotations = list(_QUOTATION.finditer(question, max(question.find(stated.phrase), 0)))
        asked_after = question[quotations[-1].end():] if quotations else ""
        return bool(later) or bool(_ASKS_TODAY.search(asked_after))
    if organizations_compared:
        rest = _COMPARED.sub(" ", rest)
    if _STANDPOINT_LEAD.match(stated.phrase) and not _STILL_NOW.search(rest):
        # ("as of March 2019, with the old batch still running, what did ORG advise?", "as of 2019, did ORG
        # still advise yearly?"): continuity up to the standpoint, no present asked of ("..., and is it
        # still the same?" asks of the present)
        rest = _CONTINUED.sub(" ", rest)
    asks_now = bool(_ASKS_NOW.search(rest))
    return bool(later) or asks_now or (not pointed_back and bool(_NOW.search(_BEFORE_A_CHANGE.sub(" ", rest))))


def _day(year: str, month: int, day: str) -> dt.date:
    year_number = int(year)
    return dt.date(year_number, month, min(int(day), calendar.monthrange(year_number, month)[1]))


def _iso_day(match: re.Match) -> dt.date:
    return _day(match.group(1), int(match.group(2)), match.group(3))


def _us_day(match: re.Match) -> dt.date:
    return _day(match.group(3), int(match.group(1)), match.group(2))


def _day_month(match: re.Match) -> dt.date:
    return _day(match.group(3), _MONTHS[match.group(2).lower()], match.group(1))


def _month_day(match: re.Match) -> dt.date:
    return _day(match.group(3), _MONTHS[match.group(1).lower()], match.group(2))


def _month_end(match: re.Match) -> dt.date:
    year, month = int(match.group(2)), _MONTHS[match.group(1).lower()]
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def _part_end(match: re.Match) -> dt.date:
    year, month = int(match.group(2)), _PARTS[match.group(1).lower()]
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def _year_end(match: re.Match) -> dt.date:
    return dt.date(int(match.group(1)), 12, 31)


def _before_month(match: re.Match) -> dt.date:
    return dt.date(int(match.group(2)), _MONTHS[match.group(1).lower()], 1) - dt.timedelta(days=1)


def _before_year(match: re.Match) -> dt.date:
    return dt.date(int(match.group(1)) - 1, 12, 31)


def _before_source(match: re.Match, sources: list[Source], organizations: dict[str, str]) -> dt.date | None:
    """The day before the named organization's (or, unnamed, the earliest) source of that year."""
    org = organizations.get(re.sub(r"\s+", " ", match.group("org") or "").lower()) \
        or organizations.get(re.sub(r"\s+", " ", match.group("org_after") or "").lower())
    year = match.group("year") or match.group("year_after")
    year = int(year) if year else None
    month = _MONTHS[match.group("month").lower()] if match.group("month") else None
    if org is None and year is None:
        return None
    dated = [s for s in sources if s.published_date is not None and (org is None or s.organization == org)
             and (year is None or s.published_date.year == year)
             and (month is None or s.published_date.month == month) and s.supersedes]
    if not dated:
        return None
    return min(s.published_date for s in dated) - dt.timedelta(days=1)
