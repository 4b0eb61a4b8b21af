"""What a question says beyond its words: ages, years, and whether it asks about the past."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .background import BackgroundWeights
from .clauses import last_clause
from .dates import MONTH_AND_DAY, SEASON, YEAR_ASKED, dates_an_event, pointed_back_to_a_time, year_after
from .numbers import numbers_to_digits
from .text import Vocabulary, match_starts

OPEN_END = 130
AgeRange = tuple[int, int]

_YEAR = re.compile(r"\b(19[89]\d|20\d\d)\b")
_BEFORE_WORDS = ("before", "prior to", "until", "till")
# (a month dates a time after "in", "before" ...; "from April 2024" names a document by its date)
_PAST_YEAR = year_after(r"in|back in|during|until|till|before|prior to|since|as of|from",
                        rf"(?:early[ -]|mid[ -]?|late[ -]|{SEASON}|(?<!\bfrom )(?<!\bsince ){MONTH_AND_DAY})",
                        year=YEAR_ASKED)


@dataclass(frozen=True)
class QuestionAgePatterns:
    """The patterns that read ages in a question, built with the roles by which the pack's vocabulary.yaml
    (`patient_roles`) says a question names the person it is about ("caller is 44", "Employee, 50,")."""

    ages: tuple[tuple[re.Pattern[str], str], ...]
    role_word: re.Pattern[str] | None  # any one of the roles (None when the pack names none)
    # the person words each pronoun can stand for (vocabulary.yaml `pronoun_people`)
    pronoun_people: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def cannot_be(self, pronoun: str, person: str) -> bool:
        """Whether `person` (a person's words, "my little brother") names someone `pronoun` cannot
        stand for: a word listed under another pronoun and not under this one."""
        words = set(re.findall(r"[a-z]+", person.lower()))
        own = next((set(ws) for p, ws in self.pronoun_people if p == pronoun.lower()), set())
        return any(words & set(ws) - own for p, ws in self.pronoun_people if p != pronoun.lower())


@functools.lru_cache(maxsize=16)
def question_age_patterns(roles: tuple[str, ...] = (), present_at: tuple[str, ...] = (),
                          pronoun_people: tuple[tuple[str, tuple[str, ...]], ...] = ()) -> QuestionAgePatterns:
    """The question-age patterns for the roles a pack names (`roles`, each a pattern) and the places
    where a question tells the person with a role is, between the role and her age (`present_at`:
    "customer here is 46", "the lady in front of me is 52"). With no roles, the patterns that need one
    are left out."""
    role = "(?:" + "|".join(roles) + ")" if roles else None
    where = "(?: (?:" + "|".join(present_at) + "))?" if present_at else ""
    return QuestionAgePatterns(_question_ages(role, where),
                               re.compile(r"\b" + role + r"\b", re.I) if role else None, pronoun_people)


def _question_ages(role: str | None, where: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Ages in a question: "48-year-old", "48 yo", "45F", "age 45", "in her 40s", "over 75", "75+"."""
    told_with_role = (r"|" + role + r"s?" + where + r" (?:is|was)") if role else ""
    with_role = [
        # a role with her age set off by commas: "Employee, 50, asthmatic since childhood", "pt 32, no fam hx"
        (re.compile(r"\b" + role + r"\s*(?:\([^()]{1,40}\))?\s*,?\s*(\d{2})\s*,", re.I), "point"),  # "pt (AFAB), 40,"
        # ... or in brackets right after the role: "a client (42, GAD, very health-focused)"
        (re.compile(r"\b" + role + r"\s*\(\s*(\d{2})\s*(?:[,;)]|y\b|yo\b|years?\b)", re.I), "point"),
        # ... or with a verb after it: "pt 42 says her mom had it at 50" (not "every woman 40 and up": a range)
        (re.compile(r"\b" + role + r"\s+(\d{2})\s+(?:says|said|asks|asked|wants|reports|reported|states|stated|"
                    r"tells|told|thinks|wonders|has|had|with|w/|who|presents|presenting)\b", re.I), "point"),
    ] if role else []
    learner_role = [
        # a learner's "my patient 47 year, average risk" (no verb, no "old")
        (re.compile(r"\b" + role + r"\s+(\d{2})\s*(?:years?|yrs?)\b(?!\s*(?:ago|old|later|since|of))", re.I),
         "point"),
    ] if role else []
    return tuple([
        (re.compile(r"\b(\d{2,3})\s*-?\s*(?:years?|yrs?|y)\s*-?\s*old\b", re.I), "point"),
        (re.compile(r"\b(\d{2,3})\s*(?:yo|y/o|y\.o\.?|yof|yow)(?![a-z])", re.I), "point"),
        (re.compile(r"\b(\d{2})\s*[FM]\b"), "point"),
        (re.compile(r"\b(\d{2})\s?f(?=\s*[,;:)]|\s*$)"), "point"),  # typed fast: "me 56 f, ..."
        # a learner's sentence that opens with "me" and her age ("Me 40 years, no problems"), no verb
        (re.compile(r"(?:^|[.;!?]\s*)me\s*,?\s+(\d{2})\b"
                    r"(?!\s*(?:%|percent|weeks?|wks|months?|mos?|days?|years? ago|min|times?))", re.I), "point"),
        (re.compile(r"^\s*(\d{2})\s*[-–:]\s"), "point"),  # a terse question that opens with the age: "45 - yearly?"
        # ... or sets it off with a comma before who she is: "44, trans man, no family history" (not "50, 45 or 40?")
        (re.compile(r"^\W*(\d{2})\s*,\s*(?!(?:or|and|to|vs)\b)(?=[a-z])", re.I), "point"),
        # ... or with "and" what she still is: "76 and still fit enough to ..." (not "40 and up": a range)
        (re.compile(r"^\W*(\d{2})\s+and\s+(?:still|yet|otherwise|never|healthy|fit|well|active|"
                    r"in (?:good|great|decent|fine) (?:health|shape))\b", re.I), "point"),
        # a question that opens with who the asker is, then the age: "trans man, 46. my mom had ..."
        (re.compile(r"^\W*(?:(?:a|an|me|i'?m|i am)\s+)?(?:[a-z-]+\s+){0,2}"
                    r"(?:man|woman|guy|gal|female|male|person|patient|pt|nonbinary|non-binary|enby)"
                    # (pronouns in brackets between: "nonbinary (they/them), 48, AFAB")
                    r"\s*(?:\([^()]{1,20}\))?\s*,\s*(\d{2})\b(?=\s*(?:[,.;:!?)]|$))", re.I), "point"),
        # ... by any word for who she is, her age set off by commas before she goes on ("Groomer, 57, on my feet
        # all day"; not "ages 40, 45, or 50?", nor someone's she names: "my aunt, 71, had ...")
        (re.compile(r"^\W*(?!(?:my|her|his|our|their|your|the|this|that)\b)(?:(?:a|an|me|i'?m|i am)\s+)?"
                    r"(?:[a-z-]+\s+){0,2}(?!ages?\b|aged\b)[a-z-]{4,}\s*,\s*(\d{2})\b"
                    # (or ending its sentence: "Surf instructor, 47. My mom had ...")
                    r"(?=\s*,\s*(?!(?:or|and|to|vs|then)\b)[a-z]|\s*\.\s+[a-z])", re.I), "point"),
        (re.compile(r"\b(?:i'?m|i am|she'?s|she is|he'?s|he is|they'?re|they are|patient is|pt is|who is|turning|"
                    r"turned" + told_with_role + r")"
                    # (an adverb between: "I'm obviously 43 too")
                    r"\s+(?:now\s+)?(?:(?:\w+ly|also|just|only|still|almost|about|around|now)\s+)?"
                    r"(?:(?:a\s+)?(?:woman|female|lady|patient)\s+(?:of\s+)?)?"
                    # (who she is, then "and" her age: "I'm nonbinary and 50")
                    r"(?:[a-z-]{3,}\s+and\s+)?(\d{2})\b"
                    r"(?!\s*(?:%|percent|weeks?|wks|months?|mos?|days?|years? ago|min|miles?|km|kilos?|kg|pounds?"
                    r"|lbs?))",
                    re.I),
         "point"),
        *with_role,
        # her age told alone at the start of a clause: "i stopped nursing years ago. 41 now and never had one"
        (re.compile(r"(?:^|[.;!?,]\s*)(\d{2})\s+now\b", re.I), "point"),
        # ... or after "now": "stopped in 2019, now 43 and well"
        (re.compile(r"(?:^|[.;!?,]\s*)now\s+(\d{2})\b"
                    r"(?!\s*(?:%|percent|weeks?|wks|months?|mos?|days?|years?|yrs?|min))", re.I), "point"),
        *learner_role,
        # a person "of" an age, told of herself ("I am a retired schoolteacher of seventy-eight")
        (re.compile(r"\b(?:i'?m|i am|she'?s|she is)\s+(?:an?\s+)?(?:[a-z-]+\s+){0,3}?of\s+(\d{2})\b"
                    r"(?!\s*(?:%|percent|weeks?|months?|days?|years? ago|kids|children))", re.I), "point"),
        # a learner's "I have 46 years" (the age as in many languages), not "I have 2 years left"
        (re.compile(r"\b(?:i|she|he) (?:have|has) (\d{2}) (?:years|yrs)\b(?! (?:ago|left|since|of))", re.I), "point"),
        # (her word glossed in brackets: "my pa (aunt) is 58")
        (re.compile(r"\b(?:my|her|his|our|your) \w+ (?:\([^()]{1,20}\) )?(?:is|was|turned|just turned) "
                    r"(?:now )?(\d{2})\b"
                    r"(?!\s*(?:%|percent|weeks?|wks|months?|mos?|days?|years? ago|min))", re.I), "point"),
        # ... or with the verb contracted, opening its sentence: "Wife's 52, gets hers every spring",
        # "Me mam's 78", "Mother-in-law's 80" (not "her mom's 62": someone else's, told of another)
        (re.compile(r"(?:^|[.;!?]\s+)(?:(?:my|me|our|the)\s+)?[a-z][a-z-]*(?:'|’)s\s+(?:now\s+|just\s+)?(\d{2})\b"
                    r"(?!\s*(?:%|percent|weeks?|wks|months?|mos?|days?|years? ago|min|times?))", re.I), "point"),
        (re.compile(r"\b(?:diagnosed|dx'?d?|found|had it|had (?:\w+ )?cancer)\s+(?:at|in her|in his)\s+"
                    r"(?:age\s+)?(\d{2})\b", re.I), "point"),
        (re.compile(r"\bat (?:age )?(\d{2})\b(?!\s*(?:%|percent|weeks?|months?|years? ago))", re.I), "point"),
        # a person of an age, asked about ("how often should a woman of 67 have one?")
        # (described on the way: "an average-risk woman of 52")
        (re.compile(r"\b(?:a|an|any)\s+(?:[a-z-]+\s+){0,2}?(?:woman|lady|patient|person|female)\s+(?:of|aged)\s+(\d{2})\b"
                    r"(?!\s*(?:%|percent|weeks?|months?|days?|years? ago|or (?:older|younger|over|more)"
                    r"|and (?:older|over|up)|\+))", re.I), "point"),
        # ... or without the article, as a learner asks ("about woman of 47 years"), not a range or every woman
        (re.compile(r"(?<!\bevery )(?<!\beach )(?<!\ball )(?<!\bany )\b(?:woman|lady|patient|person)\s+of\s+(\d{2})"
                    r"(?:\s+(?:years?|yrs?)(?:\s+old)?)?\b"
                    r"(?!\s*(?:%|percent|weeks?|months?|days?|ago|-|–|to|through|thru|and|or|\+))", re.I), "point"),
        # her age at the time the question asks about ("In 2017, when I was 68, ...")
        (re.compile(r"\b(?:when|while|back when) (?:i|she) was (?:only |just |about |around )?(\d{2})\b"
                    r"(?!\s*(?:%|percent|weeks?|wks|months?|mos?|days?|years? ago|min))", re.I), "point"),
        # an age named, then owned: "for women of 79, which is my age", "at 61 (my age)"
        (re.compile(r"\b(\d{2})\s*(?:,\s*(?:which|that) is|\(|-|–)\s*(?:also\s+)?(?:my|her) (?:own |current )?age\b",
                    re.I), "point"),
        # ("age 52", and a form's field "Age: 76")
        (re.compile(r"\bage(?:[sd]?\s+|\s*[:=]\s*)(\d{2,3})\b(?!\s*(?:-|to|through|and older|or older|\+))", re.I),
         "point"),
        # ("taught in the 90s" is an era: a person's nineties are told as hers, "in her 90s")
        (re.compile(r"\b(?:in|during) (?:(?:her|their|your|my|his) (?:early |mid |mid-|late )?(\d)0s"
                    r"|the (?:early |mid |mid-|late )?([2-8])0s)\b", re.I),
         "decade"),
        (re.compile(r"\b(?:over|above|older than|past|beyond|after)\s+(?:age\s+)?(\d{2})\b", re.I), "after"),
        (re.compile(r"\b(\d{2})\s*(?:\+|and older|or older|and over|and up|years and older|years or older)", re.I),
         "from"),
        (re.compile(r"\b(\d{2})\s*(?:-|to|through)\s*(\d{2})\b", re.I), "range"),
        (re.compile(r"\bbetween (?:ages? )?(\d{2}) and (\d{2})\b", re.I), "range"),
    ])


# Age ranges a card states: explicit ranges and open-ended "75 and older" forms only; a start
# age alone ("from age 40") is not a range, or every older age would match it.
_CARD_AGES = [
    (re.compile(r"\b(\d{2})\s*(?:-|to|through)\s*(\d{2})\b"), "range"),
    (re.compile(r"\bbetween (?:ages? )?(\d{2}) and (\d{2})\b", re.I), "range"),
    (re.compile(r"\b(\d{2})\s*(?:years\s+)?(?:\+|and older|or older|and above|and over)", re.I), "from"),
    (re.compile(r"\b(?:past|beyond|after|over|older than)\s+(?:age\s+)?(\d{2})\b", re.I), "after"),
    (re.compile(r"\b(?:in (?:her|their|your|the) )(\d)0s\b", re.I), "decade"),
]


@dataclass(frozen=True)
class QueryFeatures:
    tokens: tuple[str, ...]  # stems for ranking, with the vocabulary's expansions
    support_tokens: tuple[str, ...]  # stems of the question's own words, for the support score
    weights: tuple[float, ...]  # background informativeness of each support token's word
    years: tuple[int, ...]
    ages: tuple[AgeRange, ...]
    historical: bool
    patient: PatientAttributes | None = None  # read once per question; the decision shows it


# the asker asks about her own screening ("when should I start?"): a relative named is context
# (not what the asker should tell someone: "what do i tell her?" asks for the one she answers)
_ASKS_FOR_HERSELF = re.compile(r"\b(should|do|can|must|could|would|will|shall|need) i\b"
                               r"(?! (tell|say|advise|answer|reply|respond|explain|recommend|counsel|write)\b)"
                               r"|\bi (should|need|must|have to)\b"
                               r"|\b(my|me) (first|next|own) (mammo\w*|screen\w*)", re.I)
# an age after a verb of starting or stopping screening: the age asked about
# an age put in place of hers ("if she was 45 instead", "what if she were 45?", "say she had been 45"): the age asked
# about, not another age of hers
_COUNTERFACTUAL = re.compile(r"\b(?:what if|if|suppose|supposing|say|imagine)\s+"
                             r"(?:she|he|i|they|the patient|my patient|the pt|pt)\s+(?:was|were|had been|'d been)\s+"
                             r"(?:only\s+|just\s+|already\s+)?(\d{2})\b"
                             r"(?=[^.?!]{0,25}\b(?:instead|rather)\b|\s*\?|,)", re.I)
_THRESHOLD = re.compile(r"\b(stop|start|begin|continu|end|quit|cease|screen|cut)\w*\b[^.;!?]{0,30}?"
                        r"\b(at|until|by|after|past)\s+(?:age\s+)?$", re.I)
_ASKS_ABOUT_HER = re.compile(r"\b(should|does|do|can|must|could|would|will|is|need|has) (she|he)\b"
                             # "which schedule do the guidelines say for her?"
                             r"|\b(say|says|recommend\w*|advis\w*|suggest\w*|schedule|interval|guidelines?)\b[^.;!?]{0,20}"
                             r"\bfor (her|him)\s*\?"
                             r"|\b(she|he) (should|needs?|must|has to)\b"
                             r"|\b(she|he) (can|could|may)\b[^.;!?]{0,80}\?", re.I)  # a learner's "she can wait or no?"
# an asking verb and the words before the person it asks of ("should mom", "does my aunt")
_ASKING_VERB = re.compile(r"\b(should|does|do|can|must|could|would|will|need|needs|has|is)\s+"
                          r"(?:my |her |his |your |our |the |their )?", re.I)
_CLINICIAN_PATIENT = re.compile(r"\b(pt|patient|client|my patients?)\b", re.I)
# (an adverb or a conjunction may open the clause: "... in 2019, now she is 66")
_PRONOUN_LEAD = re.compile(r"\s*(?:(?:now|today|currently|and|but|so|yet)\s*,?\s+)?(she|he)"
                           r"('s|s|\s+is|\s+was|\s+will be|\s+turns?|\s+turned|\s+just turned)?\s*$", re.I)
_SET_OFF_AGE = re.compile(r",\s*(\d{2})\s*,(?!\s*\d)")  # ", 46," (not a list of numbers)
_APPOSITIVE_AGE = re.compile(r"\b([a-z]+)\s*,\s*(\d{2})\s*,", re.I)
# "Mom (Helen, 81)", "my aunt (72)": an age in brackets after the person's word, her name before it or not
_BRACKETED_AGE = re.compile(r"\b([a-z]+)\s*\((?:[A-Z][a-z]+\s*,\s*)?(\d{2})\s*(?:y/?o|yo|years? old)?\s*[,)]", re.I)
# "grandma is 81", "Mom just turned 77" (a person's word with no "my" before it)
_NAMED_AGE = re.compile(r"\b([a-z]+)\s+(?:is|was|turned|just turned|turns)\s+(?:now\s+)?(\d{2})\b"
                        r"(?!\s*(?:%|percent|weeks?|wks|months?|mos?|days?|years? ago|min))", re.I)
# the asker's own: "my mom", "caller's mom"; and a person word opening a sentence with no "my", as a
# learner of English writes it ("Sister find small hard ball ... She can wait?")
_MY = re.compile(r"\b(my|(the )?(caller|asker)['’]?s)\b|(?:^|(?<=[.!?]\s))(?=[A-Za-z])", re.I)
# an age told as when something happened ("she had surgery in her 50s", "got married at 30")
_EVENT_AGE = re.compile(r"\b(had|was|were|did|got|went|underwent|gave|diagnosed|treated|"
                        r"started|stopped|quit|moved|married|divorced)\b[^.;!?]*$", re.I)
_AT_AGE_END = re.compile(r"\b(at|since|from)\s+(age\s+)?$", re.I)  # "had ... at 45", "has had them since age 45"
# an age a habit dates from ("screened every year since she turned 50"): her age then, not now
_SINCE_AGE_END = re.compile(r"\b(since|ever since)\s+(she|he|i|you|they|we)\s+(turned|was|were|hit|reached)\s+$", re.I)
# a birth year ("born in 1985", "DOB 03/14/1980"): her age at the question's date
_BORN = re.compile(r"\b(?:born(?: in)?|b\.|dob:?|date of birth:?)\s*(?:\d{1,2}[/.-]\d{1,2}[/.-])?"
                   r"((?:19|20)\d\d|['\u2019]\d\d)\b", re.I)
# a person denied, not named ("nobody in her family", "no family history", "none of my relatives")
_DENIED_BEFORE = re.compile(r"\b(no|not|nobody|no one|none|never|without|negative)\b[^.;!?]{0,25}$", re.I)
# (in single quotes too: an opening quote after no letter, a closing one before none, so "I'm" opens nothing)
_QUOTED = re.compile(r"\"[^\"]{3,}\"|“[^”]{3,}”|(?<![\w'])'(?=\S)[^'\n]{3,}?(?<=\S)'(?!\w)|‘[^’\n]{3,}?’(?!\w)")
# a quote in the first person is someone's own words relayed ("relaying what she says: \"I am 40 ...\""), not guidance
_FIRST_PERSON = re.compile(r"\b(i|i'?m|me|my|myself)\b", re.I)
_CLAUSE = re.compile(r"[.;!?,\n]|\b(and|but|while|whereas)\b", re.I)
_SENTENCE = re.compile(r"[.;!?\n]")


@dataclass(frozen=True)
class PatientAttributes:
    """What a question says about the person it asks about, read once and shared: her ages
    (never a relative's), the relatives named with their ages, and the traits the pack's
    vocabulary.yaml `patient` section reads (sex assigned at birth, gender identity...), never
    from a clause about someone else."""

    ages: tuple[AgeRange, ...]
    relatives: tuple[tuple[str, AgeRange | None], ...]  # (who, their age range if stated)
    traits: tuple[tuple[str, str], ...] = ()  # (trait, value), in the pack's order
    proxy: str | None = None  # the relative the question is asked for, whose age is the patient's
    asked_ages: tuple[AgeRange, ...] = ()  # ages the question asks about, nobody's own ("stop at 75?")

    @property
    def spoken_ages(self) -> tuple[AgeRange, ...]:
        """Her ages, then the ages asked about: the ages the answer speaks to."""
        return tuple(dict.fromkeys(self.ages + self.asked_ages))

    def to_json(self) -> dict:
        return {"ages": [list(a) for a in self.ages],
                "relatives": [{"who": who, "age": list(age) if age else None} for who, age in self.relatives],
                "traits": dict(self.traits), **({"asked_for": self.proxy} if self.proxy else {}),
                **({"asked_ages": [list(a) for a in self.asked_ages]} if self.asked_ages else {})}


def read_traits(question: str, traits, others: re.Pattern[str] | None) -> tuple[tuple[str, str], ...]:
    """Each trait's first value whose pattern matches in a clause that names no other person
    (`traits`: Vocabulary.patient_traits; `others`: who is not the patient)."""
    clauses = [c for c in _CLAUSE.split(question) if c and not (others is not None and others.search(c))]
    found = []
    for trait, values in traits:
        value = next((value for value, patterns in values for clause in clauses
                      if any(p.search(clause) for p in patterns)), None)
        if value is not None:
            found.append((trait, value))
    return tuple(found)


def read_patient(question: str, others: re.Pattern[str] | None, traits=(),
                 history: re.Pattern[str] | None = None, today: dt.date | None = None,
                 *, reading: QuestionAgePatterns) -> PatientAttributes:
    """The patient's ages and the relatives' (an age whose clause names another person, by the
    pack's experiencer cues, is theirs: "my sister was diagnosed at 45" is the sister's age).
    When the asker states no age of her own, a relative's age in a clause that tells no history
    (the pack's `history` cues) is the patient's: the question is asked for her ("my mom is 79").
    Number words count as digits ("I'm forty-five", "in her fifties"). `reading`: the question-age
    patterns with the pack's role words (patient_age_patterns of the pack's vocabulary)."""
    # quoted guidance speaks of no patient; a quote of someone's own words does
    question = _QUOTED.sub(lambda m: m.group(0)[1:-1] if _FIRST_PERSON.search(m.group(0)) else " ",
                           numbers_to_digits(question))
    mine, theirs, proxies = [], [], []  # proxies: (who, age) of relatives whose clause tells no history
    thresholds = []  # "should she stop at 75?": the age asked about, not anyone's age
    events = []  # her age at something past ("in her 50s she had ..."), dropped if her age now is told
    for age, clause, start in _ages_with_clause(question, reading.ages, others):
        person = others.search(clause) if others is not None else None
        if _THRESHOLD.search(question[max(0, start - 45):start]) and not (person and _EVENT_AGE.search(clause)):
            thresholds.append(age)  # (not "my friend started at 40": her age at an event of hers)
            continue
        if person is None and others is not None and (lead := _PRONOUN_LEAD.match(clause)):
            # "My mom had ... She's 50 now": she is the asker's relative named last
            person = _my_relative(question[:start - len(clause)], others,
                                  functools.partial(reading.cannot_be, lead.group(1)))
        if person is None and others is not None and history is not None and history.search(clause):
            # "FHx: mother, cancer dx age 61": a history told after a comma is the person's the
            # sentence (or the form's line) named before it
            person = others.search(_SENTENCE.split(question[:start])[-1])
        if person:
            theirs.append((person.group(1) if person.groups() else person.group(0), age))
            if history is not None and not history.search(_clause_around(question, clause)):
                proxies.append((theirs[-1][0], age))
        elif (_EVENT_AGE.search(clause) and (age[0] != age[1] or _AT_AGE_END.search(clause))) \
                or _SINCE_AGE_END.search(clause):
            events.append(age)
        else:
            mine.append(age)
    if not mine:
        # "patient in for a mole check, 46, asked me ...": an age set off by commas in a sentence
        # that names the patient by her role, and no one else before it
        for m in _SET_OFF_AGE.finditer(question):
            before = re.split(r"[.;!?]", question[:m.start()])[-1]
            role = reading.role_word.search(before) if reading.role_word else None
            if role and 18 <= int(m.group(1)) <= OPEN_END and not (others is not None and others.search(before)):
                mine = [(int(m.group(1)), int(m.group(1)))]
                break
    if proxies and mine and all(high >= OPEN_END for _, high in mine):
        # "my mother is 77 ... in Poland they stop inviting after 69": an open range is a bound some rule
        # sets, not an age asked about: the relative's own age is the patient's
        mine = []
    proxy = None
    if not mine and proxies and not _ASKS_FOR_HERSELF.search(question):
        proxy, age = proxies[0]
        mine = [age]
        theirs = [(who, a) for who, a in theirs if a != age]
    elif not mine and others is not None and not _ASKS_FOR_HERSELF.search(question) \
            and not _CLINICIAN_PATIENT.search(question):
        # "My mother had DCIS in 2018 ... should she stop at 75?": the relative the asker names is
        # the one asked about, her history included; so is one the question asks of by name
        # ("dtr asks about mom: had a lumpectomy ... should mom go yearly?")
        person = _my_relative(question, others) if _ASKS_ABOUT_HER.search(question) else None
        person = person or _asked_of_by_name(question, others)
        if person is not None:
            proxy = person.group(1) if person.groups() else person.group(0)
            mine = [a for who, a in theirs if who == proxy][:1]
            theirs = [(who, a) for who, a in theirs if who != proxy]
    if not mine and proxy is None and today is not None:  # her birth year, in a clause about no one else
        born = next((_full_year(m.group(1)) for m in _BORN.finditer(question)
                     if not (others is not None  # "my mom, born in 1950": hers, not the patient's
                             and others.search(re.split(r"[.;!?]", question[max(0, m.start() - 40):m.start()])[-1]))),
                    None)
        if born is not None and 18 <= today.year - born <= OPEN_END:
            mine = [(today.year - born - 1, today.year - born)]  # (her birthday this year may be still to come)
    if not mine and proxy is None:  # no age of hers now: the age she was at an event is all there is
        mine = events
    supposed = [(int(m.group(1)), int(m.group(1))) for m in _COUNTERFACTUAL.finditer(question)]
    if supposed and proxy is None:
        mine = supposed
    named = []
    for clause in _CLAUSE.split(question) if others is not None else ():
        found = others.search(clause or "")
        if found and not _DENIED_BEFORE.search(clause[:found.start()]):  # not "nobody in her family"
            named.append(found.group(1) if found.groups() else found.group(0))
    theirs = list(dict.fromkeys(theirs))
    relatives = theirs + [(who, None) for who in dict.fromkeys(named) if who not in {w for w, _ in theirs}]
    return PatientAttributes(tuple(dict.fromkeys(mine)), tuple(relatives), read_traits(question, traits, others),
                             proxy.lower() if proxy else None,
                             tuple(a for a in dict.fromkeys(thresholds) if a not in mine))


def patient_age_patterns(vocabulary: Vocabulary) -> QuestionAgePatterns:
    """The question-age patterns with the roles and places the pack's vocabulary names."""
    return question_age_patterns(vocabulary.patient_roles, vocabulary.roles_present_at, vocabulary.pronoun_people)


def _full_year(written: str) -> int:
    """A year as written: "1985", or "'85" (the last century from '30 on)."""
    if written[0].isdigit():
        return int(written)
    two = int(written[1:])
    return 1900 + two if two >= 30 else 2000 + two


def _clause_around(text: str, before: str) -> str:
    """The whole clause whose beginning up to an age is `before`."""
    at = text.find(before)
    rest = text[at + len(before):] if at >= 0 else ""
    return before + _CLAUSE.split(rest, maxsplit=1)[0]


def _ages_with_clause(text: str, patterns, others: re.Pattern[str] | None = None) -> list[tuple[AgeRange, str, int]]:
    out = []
    for age, start in _age_matches(text, patterns):
        # "my mom is 79 and had cancer at 60": the 60 is hers
        out.append((age, last_clause(text[max(0, start - 80):start], _CLAUSE), start))
    taken = {start for _, _, start in out}
    for pattern in (_APPOSITIVE_AGE, _BRACKETED_AGE, _NAMED_AGE) if others is not None else ():
        # "Caller's mom, 67, had DCIS": an age set off by commas is the person's named just before it
        for match in pattern.finditer(text):
            age = int(match.group(2))
            if match.start(2) not in taken and others.search(match.group(1)) and 18 <= age <= OPEN_END:
                out.append(((age, age), match.group(1), match.start(2)))
                taken.add(match.start(2))
    return out


def _asked_of_by_name(question: str, others: re.Pattern[str]) -> re.Match[str] | None:
    """The person a question asks of by her word, as the subject of its asking verb ("should mom go
    yearly?", "does my aunt still need them?"), in the last sentence that asks so."""
    found = None
    for verb in _ASKING_VERB.finditer(question):
        # (`others` reads a clause's end: the word alone; "does her mother's cancer ..." asks of the cancer)
        word = re.match(r"[\w-]+(?!['’]s\b)\b", question[verb.end():])
        person = others.search(word.group(0)) if word else None
        if person is not None and person.start() == 0:
            found = person
    return found


def _my_relative(before: str, others: re.Pattern[str],
                 not_meant: Callable[[str], bool] | None = None) -> re.Match[str] | None:
    """The last person the asker names as her own ("my mom", "my dad") in `before`: a later
    "she" / "he" is that person, never the asker ("I'm 40 and she's 70"); `not_meant`: the people
    the pronoun cannot stand for ("mom is still home with my little brother. she is 41": mom)."""
    found = None
    for my in _MY.finditer(before):
        near = re.split(r"[.;!?,]", before[my.end():my.end() + 30])[0]
        person = others.search(near)
        # "my mom", "my 70-year-old dad"; with no "my", the person word opens the sentence ("Sister find ...")
        if person and person.start() <= (12 if my.group(0) else 0) \
                and not (not_meant is not None and not_meant(near[:person.end()])):
            found = person
    return found


def _age_matches(text: str, patterns) -> list[tuple[AgeRange, int]]:
    out = []
    for pattern, kind in patterns:
        for match in pattern.finditer(text):
            numbers = [int(g) for g in match.groups() if g is not None]
            age = _as_range(numbers, kind)
            if age is not None:  # the clause runs up to the number: a pattern may hold the person's word
                out.append((age, match.start(1)))
    return out


def _as_range(numbers: list[int], kind: str) -> AgeRange | None:
    if kind == "point":
        low = high = numbers[0]
    elif kind == "decade":
        low, high = numbers[0] * 10, numbers[0] * 10 + 9
    elif kind == "after":
        low, high = numbers[0] + 1, OPEN_END
    elif kind == "from":
        low, high = numbers[0], OPEN_END
    else:
        low, high = numbers[0], numbers[1]
    return (low, high) if 18 <= low <= high <= OPEN_END else None


def age_ranges(text: str, patterns: Sequence[tuple[re.Pattern[str], str]]) -> tuple[AgeRange, ...]:
    """Age ranges stated in `text` by `patterns` (a question's or a card's), as inclusive (low, high)
    pairs; only plausible adult ages."""
    found: list[AgeRange] = []
    lowered = text.lower() if text.isascii() else None  # see Vocabulary.normalize: skip what cannot match
    for pattern, kind in patterns:
        starts = match_starts(pattern) if lowered is not None else None
        if starts is not None and not any(start in lowered for start in starts):
            continue
        for match in pattern.finditer(text):
            age = _as_range([int(g) for g in match.groups() if g is not None], kind)
            if age is not None:
                found.append(age)
    return tuple(dict.fromkeys(found))


def _named(relatives: tuple[tuple[str, AgeRange | None], ...]) -> re.Pattern[str] | None:
    """A pattern for the people other than the patient a question named (its relatives' words)."""
    words = sorted({who for who, _ in relatives}, key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b", re.I) if words else None


@functools.lru_cache(maxsize=4096)  # a card's clauses are read again at every judgment that cites it
def card_age_ranges(text: str) -> tuple[AgeRange, ...]:
    return age_ranges(text, _CARD_AGES)


def parse_question(question: str, vocabulary: Vocabulary, background: BackgroundWeights,
                   reference_date: dt.date, superseded_years: Iterable[int],
                   patient: PatientAttributes | None = None, events: re.Pattern[str] | None = None) -> QueryFeatures:
    """Tokens, years, ages and historical intent of a question at a reference date.

    Historical intent: a cue phrase (corpus/vocabulary.yaml), a year before the reference
    year after "in", "before", "since"..., or the publication year of a source that is
    superseded at the reference date ("the 2016 recommendation").
    """
    named = vocabulary.normalize(vocabulary.name_documents(question))  # years as written out ("PB 179": 2017)
    # (the year of something that happened, "my mom was diagnosed in 2016", names no version asked about,
    # unless the question points back to it: "I had my first one in 2012. was that the advice at the time?")
    pointed_back = pointed_back_to_a_time(named)
    dated = [m for m in _YEAR.finditer(named) if pointed_back or not dates_an_event(named[:m.start()], events)]
    years = tuple(int(m.group(1)) for m in dated)
    spans = {m.start() for m in dated}
    superseded = set(superseded_years)
    corrected = vocabulary.correct(question)  # read as the scope guard reads it (another language's words in English)
    historical = (
        any(cue.search(corrected) for cue in vocabulary.historical_cues)
        or any(int(m.group(2)) < reference_date.year
               # ("before 2024" asked in 2024 is the past as well)
               or (int(m.group(2)) == reference_date.year and m.group(1).lower() in _BEFORE_WORDS)
               for m in _PAST_YEAR.finditer(named) if m.start(2) in spans)
        or any(y in superseded for y in years)
    )
    if patient is not None and vocabulary.patient_traits and not patient.traits:
        patient = dataclasses.replace(patient, traits=read_traits(question, vocabulary.patient_traits,
                                                                  _named(patient.relatives)))
    words = vocabulary.content_words(question)
    ranking_words = vocabulary.content_words(vocabulary.expand(question))
    if patient is not None:  # a relative's age is not a number the patient's evidence should match
        mine = {str(n) for age in patient.spoken_ages for n in age}
        theirs = {str(n) for _, age in patient.relatives if age for n in age} - mine
        ranking_words = [w for w in ranking_words if w not in theirs]
    return QueryFeatures(tuple(vocabulary.stems(ranking_words)), tuple(vocabulary.stems(words)),
                         tuple(background.weight(w) for w in words), years,
                         patient.spoken_ages if patient is not None
                         else age_ranges(numbers_to_digits(question), patient_age_patterns(vocabulary).ages),
                         historical,
                         patient)
