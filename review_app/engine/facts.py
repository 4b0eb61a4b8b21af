"""Facts a sentence states, read deterministically: organizations, numbers, intervals, grades,
strength, topics. The claim verifier compares a claim's facts with a card's.

Rules are data (corpus/claim_rules.yaml) on top of the vocabulary's rewrites, so "every
other year", "q2y" and "biennially" all read as `biennial`, and "I statement" as
insufficient evidence.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ..errors import CorpusError, Problem
from .datafiles import compile_pattern, read_mapping
from .query import card_age_ranges
from .text import Vocabulary

CLAIM_RULES_FILE = "claim_rules.yaml"
STRENGTHS = ("insufficient", "against", "option", "for")
ATOM_RULES = ("split", "set_aside", "rest", "denied_rest", "contrast", "analogy", "summary_head", "shared",
              "cited_only", "consequence", "narration", "circumstance", "sequel")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
# A clause of a card sentence carries its own strength ("... may begin after counseling, and
# screening should begin no later than 50"): sentences are read clause by clause.
# (a spaced dash parts clauses too: "X is 40% more likely to die - one reason it now starts at 40")
_CLAUSE = re.compile(r",\s+(?=(?:and|but|while|whereas)\s)|\s[-\u2013\u2014]+\s|[\u2013\u2014]")
_DECADE = re.compile(r"\b([1-9])0s\b")
_YEAR = re.compile(r"\b(19|20)\d\d\b")
_PERCENT = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:%|percent\b|per cent\b)")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w%])")
# "every 1 or 2 years" is one value (a choice), not both intervals.
# a year after a name ("ORG-A 2024 and ORG-B 2024") and a co-signer ("ORG-A/SBI") stay in the list
_LIST_GAP = re.compile(r"(?:\s+(?:19|20)\d\d)?(?:/\w+)?[\s,;()&/]*"
                       r"(?:and|or|nor|as well as|plus|vs\.?|versus)?[\s,;()&/]*"
                       r"(?:the\s+)?")
# (a version named between, "in its response to the 2024 ORG recommendation", is still the object)
_VERSION_NAMED = r"((19|20)\d\d\s+|final\s+|new\s+|updated\s+|draft\s+)*"
# the organization answered or disputed ("ORG-A, answering ORG-B's update, urged ..."): an object, never the speaker
ANSWERED_BY = r"answering|rebutting|critici[sz]ing|challenging|rejecting|disputing|welcoming"
_OBJECT = re.compile(r"\b(to|by|from|of|on|with|than|against|about|versus|vs\.?|" + ANSWERED_BY + r")\s+(the\s+)?"
                     + _VERSION_NAMED + "$"
                     # named as when something happened ("when the final ORG recommendation appeared")
                     r"|\b(when|after|once|since)\s+(the\s+)?(final\s+|new\s+|updated\s+|\d{4}\s+)?$")
# the agent of a passive ("is recommended by ORG"): the one who speaks, not an object
_AGENT = re.compile(r"\b(\w+ed|given|held|set)\s+by\s+(the\s+)?" + _VERSION_NAMED + "$")
_WAITING = re.compile(r"(wait|hold\w* off|put\w* off|delay)", re.I)
# "lowered the starting age from 50 to 40": the age it started at before, not a start it states
_CHANGED_FROM = re.compile(r"\b(lower|rais|mov|chang|drop|shift|reduc|cut|push|bump|brought)\w*\b[^.;]{0,50}\bfrom "
                           r"(age )?\d{1,2}$")
_TO_AGE = re.compile(r"\s+to\s+(age\s+)?(\d{1,2})\b")
# "holds off until 50", "not until 50", "start until 50": an "until" that ends a wait, not screening
_WAITS_BEFORE = re.compile(r"\b(wait\w*|hold\w* off|put\w* off|delay\w*|start\w*|begin\w*|not|cannot|no longer)\b[^,]*$"
                           r"|n't\b[^,]*$")
_CONJUNCTION = re.compile(r"\b(and|or|nor|as well as|plus|vs\.?|versus)\b|&")
# organizations named as owners, side by side ("the ORG-A rationale and ORG-B's", "ORG-A's two-year schedule
# and the ORG-B's one-year one"): a list too, when no verb of the first stands between
_OWNERS_GAP = re.compile(r"(?:'s|\u2019s)?(?:\s+(?!(?:recommends?|says?|said|advises?|urges?|calls?|suggests?|"
                         r"is|are|was|were|has|have|had|does|do|did|should|may|can|must|will|would)\b)[\w-]+){0,4}?\s*,?\s+"
                         r"(?:and|as well as|plus)\s+(?:the\s+)?")
_OWNER = re.compile(r"(?:'s|\u2019s)\b")


def _listed(gap: str, text: str, next_end: int) -> bool:
    """Whether the text between two organization mentions makes them one list: commas and a conjunction
    ("ORG-A, ORG-B and the ORG-C"), or owners side by side, the second with its "'s" ("the ORG-A
    rationale and ORG-B's"). A parenthesis in between ("ORG-A (for ages ...) and ORG-B") is not read."""
    gap = re.sub(r"\([^)]*\)", " ", gap)
    if _LIST_GAP.fullmatch(gap):
        return True
    return bool(_OWNERS_GAP.fullmatch(gap)) and _OWNER.match(text, next_end) is not None


# "if her last test was normal but she has a risk factor": the condition goes on past "but"
_OPEN_CONDITION = re.compile(r"\b(if|unless|provided( that)?|as long as)\b[^,;:]*$")
_CONDITION_GOES_ON = re.compile(r"(but|and|or)\s+(you|she|they|he|her|your|their|it)\b")


@dataclass(frozen=True)
class ClaimRules:
    rewrites: tuple[tuple[re.Pattern[str], str], ...]
    number_words: dict[str, int]
    strength: dict[str, tuple[re.Pattern[str], ...]]
    claim_priority: tuple[str, ...]
    card_priority: tuple[str, ...]
    universal: tuple[re.Pattern[str], ...]
    exclusion: tuple[re.Pattern[str], ...]
    concepts: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...]
    grades: tuple[tuple[re.Pattern[str], str], ...] = ()  # pattern -> value template ("grade \\1")
    intervals: tuple[str, ...] = ()  # interval words the rewrites produce; "X or Y" of two is a choice
    interval_patterns: tuple[tuple[re.Pattern[str], str], ...] = ()  # other wordings -> value template
    mandate: tuple[re.Pattern[str], ...] = ()  # "must", "required": stronger than any recommendation
    negation_before: tuple[re.Pattern[str], ...] = ()  # a negator just before a strength phrase turns it around
    negation_clause: tuple[re.Pattern[str], ...] = ()  # "it is not true that ...": turns the rest of the clause
    antonyms: tuple[tuple[str, tuple[re.Pattern[str], ...], tuple[re.Pattern[str], ...]], ...] = ()
    rates: tuple[tuple[re.Pattern[str], str], ...] = ()  # "2% per year": a percentage with its period
    atoms: dict[str, tuple[re.Pattern[str], ...]] = dataclasses.field(default_factory=dict)  # clause rules
    past: tuple[tuple[re.Pattern[str], str], ...] = ()  # card wording about the past, set aside for the present
    start_age: tuple[re.Pattern[str], ...] = ()  # where a text says screening starts (group 1: the age)
    past_cues: tuple[re.Pattern[str], ...] = ()  # a part of a claim about the past
    durations: tuple[re.Pattern[str], ...] = ()  # numbers that are lengths of time (group 1)
    majority: tuple[re.Pattern[str], ...] = ()  # speaks for most organizations
    hedges: tuple[re.Pattern[str], ...] = ()  # softening words, not content
    absence: tuple[re.Pattern[str], ...] = ()  # "X is not one of them"
    upper_bound: tuple[re.Pattern[str], ...] = ()  # "before 50" (group 1: the bound)
    directive: tuple[re.Pattern[str], ...] = ()  # a note's imperative ("75+: continue past 74")
    topical_antonyms: frozenset[str] = frozenset()  # pairs whose phrases name their own topic
    permission: tuple[re.Pattern[str], ...] = ()  # "can keep screening": allowed to go on, not a choice offered
    end_age: tuple[re.Pattern[str], ...] = ()  # where a text says screening ends ("up to 70"; group 1)
    kinds_of: dict[str, str] = dataclasses.field(default_factory=dict)  # concept -> the concept it is a kind of
    present_cues: tuple[re.Pattern[str], ...] = ()  # "currently holds, as it did in 2016": the present
    # pairs whose phrases open a subordinate clause ("as long as", "unless"): a denial of the main
    # clause ("doesn't say you can't keep going as long as you're healthy") does not turn them
    subordinate_antonyms: frozenset[str] = frozenset()
    # what a claim calls an organization's position ("the ORG-A advice", "its guidance"): no content
    referents: tuple[re.Pattern[str], ...] = ()
    # the ages a position a card states with no age at all speaks to ("every 1 or 2 years for
    # individuals at average risk" speaks to "a 45-year-old" and to "women in their fifties")
    ageless_span: tuple[int, int] | None = None
    # antonym pairs whose side is a direction for the patient ("continue" / "stop"): a side taken on
    # one, with no strength word, is advice an insufficient-evidence statement does not give
    directional: frozenset[str] = frozenset()
    # a section on another exam than the claim's own (the section on another test, cited for a claim
    # about the pack's main test): the words of the claim's exam, and per section concept the words by
    # which a claim speaks of that exam at all
    own_exam: tuple[re.Pattern[str], ...] = ()
    other_exams: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()
    # the side of an age a phrase speaks of ("after 75" above it, "through 75" up to it): a claim's
    # part is weighed against the card clause on its side of a shared age
    age_sides: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()
    # a move "from X to Y" (named groups `before`, `after`): a claim that moves the other way reverses the card
    moves: tuple[re.Pattern[str], ...] = ()
    # words by which a claim tells a change itself ("replaced that individual decision with ..."): it
    # does not give the strength a card moved away from as today's
    change_told: tuple[re.Pattern[str], ...] = ()
    # a year bound to the issuing or start of advice ("in 2025 the ORG began recommending ..."; group 1
    # the year): the year its source was published, or the claim dates the advice wrongly
    issued_in: tuple[re.Pattern[str], ...] = ()
    # a reading the text gives of what it has just said ("..., which means it still endorses X",
    # "effectively endorses"): a strength after it is the text's, one before it only its topic
    gloss: tuple[re.Pattern[str], ...] = ()
    # words by which a text gives one value as the meaning of another ("biennial, that is, twice a year")
    equates: tuple[re.Pattern[str], ...] = ()
    # words by which a claim says advice was taken out ("ORG-A dropped exam X in its update", "no longer
    # includes X"): against a section still current, the claim contradicts it
    removal: tuple[re.Pattern[str], ...] = ()
    # a group told by when its people were born or turned an age ("women born in 1984 or earlier", "only
    # people who turned 40 after April 2024"): the cards say whom they cover by age, never by birth date
    cohort: tuple[re.Pattern[str], ...] = ()
    # words by which a claim speaks of the person its case asks about ("she should ...", "per ORG-A,
    # I should ..."): it applies the advice to her, so what excludes her from the case's question does too
    patient: tuple[re.Pattern[str], ...] = ()
    # what, right after an organization's name, tells a card reporting what it did ("the ORG-B change to
    # start at 40", "when the ORG-B issued its final recommendation")
    reported_action: tuple[re.Pattern[str], ...] = ()
    # what frames a claim as written and asserts nothing ("MYTH: X. FACT: Y"), removed before it is read
    frames: tuple[re.Pattern[str], ...] = ()
    # words by which a claim sends a group the card sets aside to what the card sends it to ("a lump
    # calls for a diagnostic test, not a screening one"): it does not apply the card to that group
    routed_elsewhere: tuple[re.Pattern[str], ...] = ()
    # the patient's wish as the condition of the advice ("to those who want it"): an option told on her wish
    # against a card that recommends on that same wish is the card's recommendation
    on_request: tuple[re.Pattern[str], ...] = ()
    # an I statement given as the grounds of a recommendation ("because the evidence is insufficient, ORG
    # advises continued screening"): the recommendation drawn from it is no position the card states
    drawn_from_insufficient: tuple[re.Pattern[str], ...] = ()
    # what a later version did to a statement, the year its group 1 ("carried over into its 2024 update",
    # "withdrawn by the 2024 update"): kept, or undone; an earlier card cannot state either
    later_version_kept: tuple[re.Pattern[str], ...] = ()
    later_version_undone: tuple[re.Pattern[str], ...] = ()
    # verbs by which a claim tells a change, dated or not (the start-age rewrite's own wording included)
    change_verbs: tuple[re.Pattern[str], ...] = ()
    # the topics that are tests a card may be about ("MRI", "ultrasound"): a claim on another is not the card's
    tests: frozenset[str] = frozenset()
    # an interval called sufficient ("every two years is enough"), read just after the interval: a denied
    # frame before it ("does not think ...") denies that interval as sufficient
    sufficiency: tuple[re.Pattern[str], ...] = ()
    # a move told by its new value alone ("dropped its grade to C"): group `after`
    moves_to: tuple[re.Pattern[str], ...] = ()
    # words that call a version the one in force ("is still in force", "remains current"): said of a version
    # by its year, against the card of the version that replaced it, a contradiction
    version_in_force: tuple[re.Pattern[str], ...] = ()
    # words that tell what held before ("Before this update, ORG advised ...", "moved from"): a card's values
    # told only so speak of an earlier time, and a claim in these words tells two times itself, so neither
    # makes a claim that opens on a year ("In 2022, ...") one of another version
    earlier_told: tuple[re.Pattern[str], ...] = ()
    # a start told as the latest one ("starting no later than 50", group 1 the age): not a different start from
    # a card whose start is earlier, only a bound the card may not state
    latest_start: tuple[re.Pattern[str], ...] = ()
    # words that name an obligation only when it is denied ("does not insist on yearly"): no interval given
    denied_obligation: tuple[re.Pattern[str], ...] = ()
    # words by which a claim says advice holds with no exceptions ("every two years, no exceptions"): against
    # a card that leaves some groups out, it contradicts the card
    no_exceptions: tuple[re.Pattern[str], ...] = ()
    # sets of topics that are different things (self-awareness, a self-exam, a clinician's exam): a claim that
    # gives one the card names as meaning another the card does not name contradicts it
    distinct_concepts: tuple[frozenset[str], ...] = ()
    # words by which a claim dates a position from a year ("has said since 2017 that ...", "dates from its 2017
    # bulletin", "first issued in 2016"): what the organization's version of that year said decides it
    dated_since: tuple[re.Pattern[str], ...] = ()
    # the outcomes a rate can be of (getting the disease, dying of it), each with the words that name it: a
    # percentage the card gives of one that the claim gives of another is another quantity
    rate_outcomes: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = ()
    # where a claim spoken for other organizations gives one organization's own value (ORG stands for its
    # name; group "part" the words): "rather than ORG's every-other-year schedule"
    named_part: tuple[str, ...] = ()
    # words by which a claim points back to the time its question states ("At that time, ORG advised ...",
    # "back then"): the claim speaks of that time, in the question's own words for it
    time_pointers: tuple[re.Pattern[str], ...] = ()
    # words of today itself ("now", "currently"): a claim that states its standpoint in the past ("as of July
    # 2024, ORG's advice is still X") speaks of that time with its other present verbs, not with these
    now_cues: tuple[re.Pattern[str], ...] = ()
    # words that keep advice to one group named right after them ("only for Black women", "just for those under 40"):
    # a group the card does not single out, its advice told as that group's alone
    restricted_to: tuple[re.Pattern[str], ...] = ()
    # pairs whose side, taken by a claim on a card that takes neither, is a claim the card does not make ("X
    # finds more than Y" against a card that finds both effective): not stated, rather than stated by the topic
    unstated_antonyms: frozenset[str] = frozenset()
    # a start held back until an age ("wait until 45", "at 45 at the earliest"; group `age`): not the next band's
    # start a card of an option for the band before it leaves open, but that option denied
    start_held_back: tuple[re.Pattern[str], ...] = ()
    # a year a card binds to an update of its own advice ("its advice for group X was updated in 2023"; group 1):
    # a year a claim may date a change of that organization to, besides its documents' own years
    updated_in: tuple[re.Pattern[str], ...] = ()
    # a state said to have held since a year, told with a present perfect (group `year`): "ever since 2016 ORG has ..."
    held_since: tuple[re.Pattern[str], ...] = ()
    # the person an answer is about, named under a condition by the asker's word for them (group `person`: "if
    # your daughter has ..."), and the words that give the asker advice instead ("you")
    person_asked_about: tuple[re.Pattern[str], ...] = ()
    asker_advised: tuple[re.Pattern[str], ...] = ()

    @cached_property
    def interval_pair(self) -> re.Pattern[str] | None:
        """Two interval words close together in one sentence (groups: first, the words between, second),
        built once: how a claim glosses one interval as another."""
        if not self.intervals:
            return None
        words = "|".join(map(re.escape, self.intervals))
        return re.compile(rf"\b({words})\b([^.;]{{0,90}}?)\b({words})\b")

    @cached_property
    def concept_patterns(self) -> dict[str, tuple[re.Pattern[str], ...]]:
        """The concepts by name: read per judgment, built once."""
        return dict(self.concepts)


@dataclass(frozen=True)
class Facts:
    """What one text states, in comparable form."""

    organizations: tuple[str, ...]  # in order of mention (short names)
    organization_groups: tuple[tuple[str, ...], ...]  # lists such as "ORG-A, ORG-B and the ORG-C"
    subjects: tuple[str, ...]  # organizations not mentioned as an object ("in its response to ORG-A")
    numbers: frozenset[str]  # "40", "74", "2%", "2015"
    age_ranges: tuple[tuple[int, int], ...]  # stated ranges: "40 to 74", "75 and older"
    intervals: frozenset[str]  # the pack's interval words, choices ("X or Y") and pattern values
    grades: frozenset[str]  # values of the pack's grade patterns
    concepts: frozenset[str]
    universal: bool
    excludes: bool  # states that something does not apply
    strengths: tuple[str, ...]  # every strength the whole text expresses, in priority order
    words: frozenset[str]  # content-word stems
    sentences: tuple[tuple[str, tuple[str, ...], frozenset[str]], ...]  # (text, strengths, its values)
    starts: frozenset[str] = frozenset()  # ages at which it says screening starts
    ends: frozenset[str] = frozenset()  # ages at which it says screening ends ("up to about 70")
    durations: frozenset[str] = frozenset()  # numbers that are lengths of time, not ages
    majority: bool = False  # speaks for most organizations (and so, like `universal`, for several)
    offers: bool = False  # recommends an option ("advises offering"): the option is what it states
    clauses: tuple[tuple[str, tuple[str, ...], frozenset[str]], ...] = ()  # as `sentences`, clause by clause
    absent: bool = False  # says something is not on a list ("X is not one of them")
    bounds: frozenset[str] = frozenset()  # ages given as an upper bound ("before 50")
    negated: tuple[str, ...] = ()  # strengths the text denies ("does not recommend against")
    mandate: bool = False  # states an obligation ("must", "required", "always")
    directive: bool = False  # gives a direction in the imperative, with no strength word
    poles: tuple[tuple[str, int], ...] = ()  # antonym pairs the text takes a side on: (pair, +1 | -1)

    @property
    def values(self) -> frozenset[str]:
        return self.numbers | self.intervals | self.grades

    @cached_property
    def text(self) -> str:
        """The sentences read, joined: what the text says, as the rules' patterns search it."""
        return " ".join(sentence for sentence, _, _ in self.sentences)


def load_claim_rules(corpus_dir: Path) -> ClaimRules:
    path = Path(corpus_dir) / CLAIM_RULES_FILE
    name = str(path)
    data = read_mapping(path)
    problems: list[Problem] = []

    def patterns(values: object, field: str) -> tuple[re.Pattern[str], ...]:
        if not isinstance(values, list) or not values:
            problems.append(Problem(name, field, "expected a non-empty list of patterns"))
            return ()
        compiled = (compile_pattern(v, name, f"{field}[{i}]", problems) for i, v in enumerate(values))
        return tuple(c for c in compiled if c is not None)

    def pairs(field: str) -> tuple[tuple[re.Pattern[str], str], ...]:
        out = []
        for i, pair in enumerate(data.get(field) or []):
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str)):
                problems.append(Problem(name, f"{field}[{i}]", "expected [pattern, replacement]"))
                continue
            compiled = compile_pattern(pair[0], name, f"{field}[{i}]", problems)
            if compiled is not None:
                out.append((compiled, pair[1]))
        return tuple(out)

    rewrites = pairs("normalize")
    intervals = data.get("intervals") or []
    if not (isinstance(intervals, list) and all(isinstance(w, str) and w for w in intervals)):
        problems.append(Problem(name, "intervals", "expected a list of interval words"))
        intervals = []
    strength_spec = data.get("strength") or {}
    strength = {label: patterns(strength_spec.get(label), f"strength.{label}") for label in STRENGTHS}
    priority = data.get("priority") or {}
    orders = {}
    for who in ("claim", "card"):
        order = priority.get(who)
        if not (isinstance(order, list) and sorted(order) == sorted(STRENGTHS)):
            problems.append(Problem(name, f"priority.{who}", "must list " + ", ".join(STRENGTHS) + " once each"))
            order = list(STRENGTHS)
        orders[who] = tuple(order)
    concepts_spec = data.get("concepts") or {}
    if not isinstance(concepts_spec, dict):
        problems.append(Problem(name, "concepts", "expected a mapping of topic -> patterns"))
        concepts_spec = {}
    concepts = tuple((str(k), patterns(v, f"concepts.{k}")) for k, v in concepts_spec.items())
    words = data.get("number_words") or {}
    if not all(isinstance(k, str) and isinstance(v, int) for k, v in words.items()):
        problems.append(Problem(name, "number_words", "expected word: number pairs"))
        words = {}
    universal = patterns(data.get("universal"), "universal")
    negation = data.get("negation") or {}
    negation_before = patterns(negation.get("before"), "negation.before") if negation else ()
    negation_clause = patterns(negation.get("clause"), "negation.clause") if negation else ()
    mandate = patterns(data.get("mandate"), "mandate") if data.get("mandate") else ()
    antonyms = []
    for key, pair in (data.get("antonyms") or {}).items():  # not `name`: the patterns' problems name the file
        if not (isinstance(pair, list) and len(pair) == 2):
            problems.append(Problem(name, f"antonyms.{key}", "expected [patterns of one side, of the other]"))
            continue
        antonyms.append((str(key), patterns(pair[0], f"antonyms.{key}[0]"), patterns(pair[1], f"antonyms.{key}[1]")))
    exclusion = patterns(data.get("exclusion"), "exclusion")
    topical = data.get("topical_antonyms") or []
    pair_names = {key for key, _, _ in antonyms}
    unknown = [t for t in topical if t not in pair_names] if isinstance(topical, list) else [topical]
    if unknown:
        problems.append(Problem(name, "topical_antonyms", f"not antonym pairs: {', '.join(map(str, unknown))}"))
    subordinate = data.get("subordinate_antonyms") or []
    if not (isinstance(subordinate, list) and all(t in pair_names for t in subordinate)):
        problems.append(Problem(name, "subordinate_antonyms", "expected a list of antonym pair names"))
        subordinate = []
    held_back = patterns(data.get("start_held_back"), "start_held_back") if data.get("start_held_back") else ()
    if any("age" not in p.groupindex for p in held_back):
        problems.append(Problem(name, "start_held_back", "each pattern needs the group (?P<age>...)"))
    unstated = data.get("unstated_antonyms") or []
    if not (isinstance(unstated, list) and all(t in pair_names for t in unstated)):
        problems.append(Problem(name, "unstated_antonyms", "expected a list of antonym pair names"))
        unstated = []
    kinds = data.get("kinds_of") or {}
    names = {key for key, _ in concepts}
    if not (isinstance(kinds, dict) and all(isinstance(k, str) and isinstance(v, str) and k in names and v in names
                                            for k, v in kinds.items())):
        problems.append(Problem(name, "kinds_of", "expected concept: the concept it is a kind of (both in concepts)"))
        kinds = {}
    tests = data.get("tests") or []
    if not (isinstance(tests, list) and all(t in names for t in tests)):
        problems.append(Problem(name, "tests", "expected a list of concept names (each in concepts)"))
        tests = []
    named_part = data.get("named_part") or []
    if not (isinstance(named_part, list)
            and all(isinstance(t, str) and "ORG" in t and "(?P<part>" in t for t in named_part)):
        problems.append(Problem(name, "named_part", "expected patterns, each with ORG and a group named part"))
        named_part = []
    for i, template in enumerate(named_part):  # (checked with a name in the place of ORG)
        compile_pattern(template.replace("ORG", "org"), name, f"named_part[{i}]", problems)
    directional = data.get("directional_antonyms") or []
    if not (isinstance(directional, list) and all(t in pair_names for t in directional)):
        problems.append(Problem(name, "directional_antonyms", "expected a list of antonym pair names"))
        directional = []
    span = data.get("ageless_span")
    if span is not None and not (isinstance(span, list) and len(span) == 2 and all(isinstance(a, int) for a in span)
                                 and span[0] <= span[1]):
        problems.append(Problem(name, "ageless_span", "expected [lowest age, highest age]"))
    span = tuple(span) if span and not problems else None
    atoms_spec = data.get("atoms") or {}
    atoms = {key: patterns(atoms_spec[key], f"atoms.{key}") for key in ATOM_RULES if atoms_spec.get(key)}
    exams = data.get("other_exam_sections") or {}
    sections = exams.get("sections") or {} if isinstance(exams, dict) else None
    if not isinstance(sections, dict) or not all(k in names for k in sections):
        problems.append(Problem(name, "other_exam_sections", "expected claim_about: [patterns] and sections: "
                                "{concept: [patterns]} (each a concept of `concepts`)"))
        sections = {}
    own_exam = patterns(exams.get("claim_about"), "other_exam_sections.claim_about") \
        if isinstance(exams, dict) and exams.get("claim_about") else ()
    other_exams = tuple((str(k), patterns(v, f"other_exam_sections.sections.{k}")) for k, v in sections.items())
    sides = data.get("age_sides") or {}
    if not isinstance(sides, dict):
        problems.append(Problem(name, "age_sides", "expected side: [patterns whose last number is the age]"))
        sides = {}
    age_sides = tuple((str(k), patterns(v, f"age_sides.{k}")) for k, v in sides.items())
    moves = patterns(data.get("moves"), "moves") if data.get("moves") else ()
    if any({"before", "after"} - set(p.groupindex) for p in moves):
        problems.append(Problem(name, "moves", "each pattern needs the groups (?P<before>...) and (?P<after>...)"))
    distinct_spec = data.get("distinct_concepts") or []
    if not isinstance(distinct_spec, list) or not all(
            isinstance(group, list) and len(group) > 1 and all(c in names for c in group) for group in distinct_spec):
        problems.append(Problem(name, "distinct_concepts", "expected a list of lists of two or more concepts "
                                "(each a concept of `concepts`)"))
        distinct_spec = []
    distinct = tuple(frozenset(map(str, group)) for group in distinct_spec)
    if problems:
        raise CorpusError(problems)
    return ClaimRules(rewrites, dict(words), strength, orders["claim"], orders["card"], universal, exclusion,
                      concepts, pairs("grades"), tuple(intervals), pairs("interval_patterns"), mandate,
                      negation_before, negation_clause, tuple(antonyms), pairs("rates"), atoms, pairs("past"),
                      patterns(data.get("start_age"), "start_age") if data.get("start_age") else (),
                      patterns(data.get("past_cues"), "past_cues") if data.get("past_cues") else (),
                      patterns(data.get("durations"), "durations") if data.get("durations") else (),
                      patterns(data.get("majority"), "majority") if data.get("majority") else (),
                      patterns(data.get("hedges"), "hedges") if data.get("hedges") else (),
                      patterns(data.get("absence"), "absence") if data.get("absence") else (),
                      patterns(data.get("upper_bound"), "upper_bound") if data.get("upper_bound") else (),
                      patterns(data.get("directive"), "directive") if data.get("directive") else (),
                      frozenset(map(str, topical)) if isinstance(topical, list) else frozenset(),
                      patterns(data.get("permission"), "permission") if data.get("permission") else (),
                      patterns(data.get("end_age"), "end_age") if data.get("end_age") else (),
                      {str(k): str(v) for k, v in kinds.items()},
                      patterns(data.get("present_cues"), "present_cues") if data.get("present_cues") else (),
                      frozenset(map(str, subordinate)),
                      patterns(data.get("referents"), "referents") if data.get("referents") else (),
                      span, frozenset(map(str, directional)), own_exam, other_exams, age_sides, moves,
                      patterns(data.get("change_told"), "change_told") if data.get("change_told") else (),
                      patterns(data.get("issued_in"), "issued_in") if data.get("issued_in") else (),
                      patterns(data.get("gloss"), "gloss") if data.get("gloss") else (),
                      patterns(data.get("equates"), "equates") if data.get("equates") else (),
                      patterns(data.get("removal"), "removal") if data.get("removal") else (),
                      patterns(data.get("cohort"), "cohort") if data.get("cohort") else (),
                      patterns(data.get("patient"), "patient") if data.get("patient") else (),
                      patterns(data.get("reported_action"), "reported_action") if data.get("reported_action") else (),
                      patterns(data.get("frames"), "frames") if data.get("frames") else (),
                      patterns(data.get("routed_elsewhere"), "routed_elsewhere")
                      if data.get("routed_elsewhere") else (),
                      patterns(data.get("on_request"), "on_request") if data.get("on_request") else (),
                      patterns(data.get("drawn_from_insufficient"), "drawn_from_insufficient")
                      if data.get("drawn_from_insufficient") else (),
                      patterns(data.get("later_version_kept"), "later_version_kept")
                      if data.get("later_version_kept") else (),
                      patterns(data.get("later_version_undone"), "later_version_undone")
                      if data.get("later_version_undone") else (),
                      patterns(data.get("change_verbs"), "change_verbs") if data.get("change_verbs") else (),
                      frozenset(map(str, tests)),
                      patterns(data.get("sufficiency"), "sufficiency") if data.get("sufficiency") else (),
                      patterns(data.get("moves_to"), "moves_to") if data.get("moves_to") else (),
                      patterns(data.get("version_in_force"), "version_in_force")
                      if data.get("version_in_force") else (),
                      patterns(data.get("earlier_told"), "earlier_told") if data.get("earlier_told") else (),
                      patterns(data.get("latest_start"), "latest_start") if data.get("latest_start") else (),
                      patterns(data.get("denied_obligation"), "denied_obligation")
                      if data.get("denied_obligation") else (),
                      patterns(data.get("no_exceptions"), "no_exceptions") if data.get("no_exceptions") else (),
                      distinct,
                      patterns(data.get("dated_since"), "dated_since") if data.get("dated_since") else (),
                      tuple((str(k), patterns(v, f"rate_outcomes.{k}"))
                            for k, v in (data.get("rate_outcomes") or {}).items()),
                      tuple(named_part),
                      patterns(data.get("time_pointers"), "time_pointers") if data.get("time_pointers") else (),
                      patterns(data.get("now_cues"), "now_cues") if data.get("now_cues") else (),
                      patterns(data.get("restricted_to"), "restricted_to") if data.get("restricted_to") else (),
                      frozenset(map(str, unstated)),
                      held_back,
                      patterns(data.get("updated_in"), "updated_in") if data.get("updated_in") else (),
                      patterns(data.get("held_since"), "held_since") if data.get("held_since") else (),
                      patterns(data.get("person_asked_about"), "person_asked_about")
                      if data.get("person_asked_about") else (),
                      patterns(data.get("asker_advised"), "asker_advised") if data.get("asker_advised") else ())


def _speaks(before: str) -> bool:
    """Whether an organization named after `before` is a speaker, not an object of another's words."""
    return not _OBJECT.search(before) or bool(_AGENT.search(before))


_AGE_NUMBER = re.compile(r"\b\d{2,3}\b")
_ONLY = re.compile(r"\b(only|solely)\b")
_OWN_NEGATOR = re.compile(r"\b(not|no|no longer)\b|n't\b")  # a phrase against that is a denied "for"
# Denying a statement's truth asserts its opposite ("it is not the case that ORG does not
# recommend X": ORG recommends it); denying that someone said it ("does not say that") does not.
# "says not to screen": the "not" is the direction's own, so denying it ("not the case that it says
# not to screen") only denies the direction, it recommends nothing
_NOT_TO = re.compile(r"\bnot to\b")
_NEGATOR = re.compile(r"\b(not|no|never|neither|nor)\b|n't\b")
_TRUTH_DENIAL = re.compile(r"\b(not|no longer) (true|the case|correct|accurate|right|so) that\b"
                           r"|\b(isn't|is not) (true|the case) that\b|\bfalse that\b"
                           r"|\b(wrong|incorrect|false|inaccurate) to (say|claim|think)\b")


class FactReader:
    """Reads Facts from text with a vocabulary and claim rules; organizations from the corpus."""

    def __init__(self, vocabulary: Vocabulary, rules: ClaimRules, organizations: list[str]):
        self.vocabulary, self.rules = vocabulary, rules
        self._orgs = re.compile(r"\b(" + "|".join(re.escape(o.lower()) for o in organizations) + r")\b")
        self._org_names = {o.lower(): o for o in organizations}
        self._contrast = re.compile(r"\s+(?=(?:while|whereas|but)\s+(?:the\s+)?(?:" + "|".join(
            re.escape(o.lower()) for o in organizations) + r")\b)")
        words = "|".join(map(re.escape, rules.number_words))
        # "five years", "five more good years", "ten percent", "two per cent"
        self._number_words = re.compile(
            rf"\b({words})\b(?=[\s-]+(?:plus\s+|or more\s+)?(?:more\s+)?"
            r"(?:(?:good|healthy|additional|extra|further)\s+)?(years?|months?|percent|per cent\b|%))") \
            if words else None
        # A choice of two interval words ("annual or biennial", either order) is one value.
        order = {w: i for i, w in enumerate(rules.intervals)}
        self._choices = {f"{a} or {b}": " or ".join(sorted((a, b), key=order.get))
                         for a in rules.intervals for b in rules.intervals if a != b}
        alternatives = sorted(self._choices, key=len, reverse=True) + sorted(rules.intervals, key=len, reverse=True)
        self._interval = re.compile(r"\b(" + "|".join(map(re.escape, alternatives)) + r")\b") if alternatives else None

    def present(self, text: str) -> str:
        """The (normalized) text without what it says of the past (the claim rules' `past`)."""
        text = self.normalize(text)
        for pattern, replacement in self.rules.past:
            text = pattern.sub(replacement, text)
        return text

    def normalize(self, text: str) -> str:
        text = self.vocabulary.normalize(text)
        if self._number_words is not None:
            text = self._number_words.sub(lambda m: str(self.rules.number_words[m.group(1)]), text)
        for pattern, replacement in self.rules.rewrites:
            text = pattern.sub(replacement, text)
        return text

    def age_sides(self, norm: str) -> frozenset[tuple[str, str]]:
        """(side, age) for each age the (normalized) text places a phrase on one side of ("after 75":
        above 75; "until 75 and past that point": below and above 75)."""
        sides = set()
        for side, found in self.rules.age_sides:
            for m in (m for p in found for m in p.finditer(norm)):
                # "past that point": the age named last before it
                ages = _AGE_NUMBER.findall(m.group(0)) or _AGE_NUMBER.findall(norm[:m.start()])
                if ages:
                    sides.add((side, ages[-1]))
        return frozenset(sides)

    def moves(self, norm: str, with_strengths: bool = False) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
        """(grades and intervals before, after) of each move the (normalized) text states ("moved from
        an individual decision (grade C) to biennial screening (grade B)"), when both sides give one;
        `with_strengths`: each side's strengths too ("strength: option"), for a move told by them."""
        found = []
        for m in (m for p in self.rules.moves for m in p.finditer(norm)):
            before, after = (frozenset().union(*self.values(side)[1:], (f"strength: {label}" for label in (
                self.strengths(side, STRENGTHS) if with_strengths else ())))
                             for side in (m.group("before"), m.group("after")))
            if before and after and not before & after:
                found.append((before, after))
        return tuple(found)

    def moves_to(self, norm: str) -> tuple[frozenset[str], ...]:
        """The grades and intervals of each move the (normalized) text tells by its new value alone
        ("the task force dropped its grade to C")."""
        found = []
        for m in (m for p in self.rules.moves_to for m in p.finditer(norm)):
            _, intervals, grades = self.values(m.group("after"))
            if intervals | grades:
                found.append(intervals | grades)
        return tuple(found)

    def move_to_strengths(self, norm: str) -> tuple[frozenset[str], ...]:
        """The strengths of each move the (normalized) text tells by its new value alone ("changed
        the advice to an individual decision": an option)."""
        return tuple(found for found in (frozenset(self.strengths(m.group("after"), STRENGTHS))
                                         for p in self.rules.moves_to for m in p.finditer(norm)) if found)

    def move_strengths(self, norm: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
        """(strengths before, strengths after) of each move the (normalized) text states ("moved
        from an individual decision (grade C) to biennial screening (grade B)": an option before)."""
        return tuple((frozenset(self.strengths(m.group("before"), STRENGTHS)),
                      frozenset(self.strengths(m.group("after"), STRENGTHS)))
                     for p in self.rules.moves for m in p.finditer(norm))

    def start_ages(self, norm: str) -> frozenset[str]:
        """The ages at which the (normalized) text says screening starts. Not waiting until an age
        ("no longer waits until 50") says no such thing; not starting until it ("don't need to
        start until 50") does."""
        starts = set()
        for m in (m for p in self.rules.start_age for m in p.finditer(norm)):
            if _WAITING.match(m.group(0)) and self._negated_at(norm, m.start()):
                continue
            changed_to = _TO_AGE.match(norm, m.end())
            if changed_to and _CHANGED_FROM.search(norm[max(0, m.start() - 60):m.end()]):
                starts.add(changed_to.group(2))  # "lowered it from 50 to 40": the start is 40 now
            else:
                starts.add(m.group(1))
        return frozenset(starts)

    def end_ages(self, norm: str) -> frozenset[str]:
        """The ages at which the (normalized) text says screening ends ("up to about 70"); an "until"
        that ends a wait or a start ("holds off until 50") ends no screening."""
        return frozenset(m.group(1) for p in self.rules.end_age for m in p.finditer(norm)
                         if not _WAITS_BEFORE.search(re.split(r"[.;,:!?]", norm[:m.start()])[-1][-40:]))

    def strengths(self, text: str, priority: tuple[str, ...]) -> tuple[str, ...]:
        """Every strength the text expresses (and does not deny), in priority order."""
        return self.polar_strengths(text, priority)[0]

    def _negated_at(self, text: str, start: int, frames_turn: bool = True) -> bool:
        """Is a phrase starting at `start` under a negation: a negator just before it, or (unless
        `frames_turn` is false) a clause-level denial ("it is not true that", "does not say that")
        earlier in its sentence?"""
        before = text[:start]
        clause = _clause_before(text, start) if frames_turn else ""
        # the frame is matched with the rest of its clause in view ("doesn't say women over 75
        # shouldn't be screened": its lookahead reads the denied clause), and must end before the phrase
        whole = clause + _FRAME_BREAK.split(text[start:])[0]
        # "it is not the case that ORG-A considers only X effective" denies the "only", not the rest
        frames = [m for p in self.rules.negation_clause for m in p.finditer(whole)
                  if m.end() <= len(clause) and not _ONLY.search(clause[m.end():])]
        offset = len(before) - len(clause)  # where the clause starts in the text
        near = max(0, len(before) - 40)
        # a negator just before the phrase, unless it is a frame's own ("does not say you should not")
        negator = next((m for p in self.rules.negation_before for m in [p.search(before[near:])] if m), None)
        own = negator is not None and any(f.start() <= near + negator.start() - offset < f.end() for f in frames)
        return (len(frames) + (negator is not None and not own)) % 2 == 1

    def negated_at(self, text: str, start: int, frames_turn: bool = True) -> bool:
        """Is the phrase starting at `start` itself under a negation (see `_negated_at`)?"""
        return self._negated_at(text, start, frames_turn)

    def denies_word(self, text: str, word: str) -> bool:
        """Is the first `word` of the text under a negation, or after a negator in its clause ("does
        not say CBE annual")?"""
        at = text.find(word)
        return at >= 0 and (self._negated_at(text, at) or bool(_NEGATOR.search(_clause_before(text, at))))

    def polar_strengths(self, text: str, priority: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(strengths stated, strengths denied), each in priority order. Phrases are matched in
        the order the rules list them and each match uses up its words, so "does not recommend"
        is one statement against, not also one for."""
        return self._strength_spans(text, priority)[:2]

    def _strength_spans(self, text: str, priority: tuple[str, ...]) -> tuple[
            tuple[str, ...], tuple[str, ...], list[tuple[str, int, int]]]:
        stated, denied, spans = set(), set(), []
        masked = text
        for label in self.rules.strength:
            for pattern in self.rules.strength[label]:
                for m in list(pattern.finditer(masked)):
                    if not m.group(0).strip():
                        continue
                    # "no longer considers X an option": the option taken out is one more negation
                    # ("it is untrue that ORG no longer considers X an option" states it)
                    # (unless a negator right before it already says so: "dropped the individual decision")
                    told = _clause_before(text, m.start()) + text[m.start():m.end()]
                    taken_out = label == "option" and any(r.search(told) for r in self.rules.removal) \
                        and not self._negated_at(text, m.start(), frames_turn=False)
                    if self._negated_at(text, m.start()) == taken_out:
                        stated.add(label)
                    elif label == "against" and _OWN_NEGATOR.search(m.group(0)) and not _NOT_TO.search(m.group(0)) \
                            and _TRUTH_DENIAL.search(_clause_before(text, m.start())):
                        stated.add("for")  # "not the case that it does not recommend": a double negative
                    else:
                        denied.add(label)
                    spans.append((label, m.start(), m.end()))
                    masked = masked[:m.start()] + " " * (m.end() - m.start()) + masked[m.end():]
        glossed = max((m.end() for p in self.rules.gloss for m in p.finditer(text)), default=None)
        if glossed is not None:  # "insufficient, which means it still endorses X": the reading given is stated
            after = {label for label, start, _ in spans if start >= glossed and not self._negated_at(text, start)}
            if after:
                stated = {label for label in stated if label in after}
        return (tuple(label for label in priority if label in stated),
                tuple(label for label in priority if label in denied), spans)

    def strength_spans(self, text: str) -> list[tuple[str, int, int]]:
        """(strength, start, end) of each phrase of the text that states a strength (not a denied one)."""
        return [(label, start, end) for label, start, end in self._strength_spans(text, STRENGTHS)[2]
                if not self._negated_at(text, start)]

    def denied_spans(self, text: str) -> list[tuple[int, int]]:
        """Where the text denies a strength ("none of them recommends routine ..."): compared as a
        strength, so its words are not content."""
        return [(start, end) for _, start, end in self._strength_spans(text, STRENGTHS)[2]
                if self._negated_at(text, start)]

    def offers(self, text: str, priority: tuple[str, ...]) -> bool:
        """A recommendation whose object is an option ("advises offering", "recommends the option
        to ..."): the option phrase follows the recommending one within a few words."""
        spans = self._strength_spans(text, priority)[2]
        return any(0 <= o_start - f_end <= 25 for label, _, f_end in spans if label == "for"
                   for other, o_start, _ in spans if other == "option")

    def permission_only(self, text: str) -> bool:
        """Is every option the text states a permission to go on ("can keep having the test as
        long as ..."), which a recommendation to go on also grants?"""
        spans = [(a, b) for label, a, b in self._strength_spans(text, STRENGTHS)[2] if label == "option"]
        return bool(spans) and bool(self.rules.permission) and all(
            any(p.search(text[max(0, a - 40):b + 40]) for p in self.rules.permission) for a, b in spans)

    def mandates(self, text: str) -> bool:
        return any(p.search(text) and not self._negated_at(text, p.search(text).start()) for p in self.rules.mandate)

    def poles(self, text: str) -> tuple[tuple[str, int], ...]:
        """The side the text takes on each antonym pair of the rules (rise/fall, include/exclude,
        replace/does not replace): +1 for the first side, -1 for the second, a negation flipping it."""
        out = []
        for name, first, second in self.rules.antonyms:
            sides, masked = set(), text
            # the second side first, each match using up its words: "rather than naming a fixed
            # age" is not also "a fixed age"
            for sign, group in ((-1, second), (1, first)):
                for pattern in group:
                    for m in list(pattern.finditer(masked)):
                        turned = self._negated_at(text, m.start(), name not in self.rules.subordinate_antonyms)
                        sides.add(-sign if turned else sign)
                        masked = masked[:m.start()] + " " * (m.end() - m.start()) + masked[m.end():]
            if len(sides) == 1:
                out.append((name, sides.pop()))
        return tuple(out)

    def strength(self, text: str, priority: tuple[str, ...]) -> str | None:
        found = self.strengths(text, priority)
        return found[0] if found else None

    def values(self, text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        numbers = set()
        for pattern, template in self.rules.rates:
            numbers |= {m.expand(template) for m in pattern.finditer(text)}
            # a rate is one value: neither its period's number nor its bare percentage is another
            # ("40% more likely to die" does not state that 40% die)
            text = pattern.sub(" ", text)
        numbers |= {f"{m.group(1)}%" for m in _PERCENT.finditer(text)}
        stripped = _PERCENT.sub(" ", text)
        for m in _DECADE.finditer(stripped):
            numbers |= {f"{m.group(1)}0", f"{m.group(1)}9"}
        numbers |= set(_NUMBER.findall(_DECADE.sub(" ", stripped)))
        return frozenset(numbers), self.intervals(text), frozenset(
            m.expand(template) for pattern, template in self.rules.grades for m in pattern.finditer(text))

    def intervals(self, text: str) -> frozenset[str]:
        found = {self._choices.get(i, i) for i in self._interval.findall(text)} if self._interval else set()
        singles = [w for w in self.rules.intervals if w in found]
        for a in singles:  # two offered: the same choice as "every 1 or 2 years"
            found |= {self._choices[f"{a} or {b}"] for b in singles if b != a}
        for choice in [f for f in found if f in self._choices.values()]:
            found |= set(choice.split(" or "))
        found |= {m.expand(template) for pattern, template in self.rules.interval_patterns
                  for m in pattern.finditer(text)}
        return frozenset(found)

    def single_intervals(self, intervals: frozenset[str]) -> frozenset[str]:
        """The interval words among `intervals` (no choices, no pattern values)."""
        return intervals & frozenset(self.rules.intervals)

    def interval_choices(self, intervals: frozenset[str]) -> frozenset[str]:
        return intervals & frozenset(self._choices.values())

    def atoms(self, text: str, everyone: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], str], ...]:
        """A claim's atomic assertions: (the organizations each speaks for, its text), split at the
        clause boundaries of the claim rules and, within a clause, at each organization named as a
        speaker ("ORG-A: yearly; ORG-B: every 2 years"). A part naming no organization speaks for
        the one before it; "apart from ORG-A, the others ..." speaks for the rest of `everyone`."""
        return self._atoms_of(self.normalize(text).strip(), everyone)

    def _atoms_of(self, norm: str, everyone: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], str], ...]:
        rules = self.rules.atoms
        # "ORG-A screens yearly, and apart from ORG-A the others ...": each side of the boundary on its own
        for pattern in rules.get("split", ()):
            for boundary in pattern.finditer(norm):
                if boundary.start() and norm[:boundary.start()].strip(" ,.") and any(
                        p.match(norm[boundary.end():]) for p in rules.get("set_aside", ())):
                    return (self._atoms_of(norm[:boundary.start()].strip(), everyone)
                            + self._atoms_of(norm[boundary.end():].strip(), everyone))
        aside = next((m for p in rules.get("set_aside", ()) for m in [p.match(norm)] if m), None)
        if aside:
            rest = next((m for p in rules.get("rest", ()) for m in [p.search(norm)] if m), None)
            cut = rest.start() if rest else (norm.find(",") if "," in norm else len(norm))
            head, tail = norm[aside.end():cut], norm[cut:]
            named = self._speakers(head)
            others = tuple(o for o in everyone if o not in named) if rest else ()
            predicate = re.sub(r"^[^,]*,\s*((which|who)\s+)?", "", head, count=1) if "," in head.strip(" ,") else ""
            # the set-aside organization's own part ("apart from ORG-A, which ..."), when it has one
            own = self._split(" ".join(named).lower() + " " + predicate, named) if predicate.strip(" ,") else []
            if not own and rest and named:
                # "apart from ORG-A, none of the organizations recommends X": ORG-A's own part is that it does
                body = tail.strip(" ,")
                denial = next((m for p in rules.get("denied_rest", ()) for m in [p.match(body)] if m), None)
                if denial:
                    own = self._split(" ".join(named).lower() + " " + body[denial.end():], named)
            return tuple(own + self._split(tail, others))
        return tuple(self._split(norm, ()))

    def without_framing(self, text: str) -> str:
        """The claim without a framing opening that asserts nothing a card could state: an analogy with the
        reader's world up to its comma ("unlike your quarterly estimates, ..."; not "unlike ORG-A, ..." nor
        "unlike the 2016 statement, ...": an organization or a version compared), and a summary that
        organizations differ before the colon that gives each one's part ("ORG-A and ORG-B differ: ..."):
        read once, before the claim is split into its parts (after a summary, the rest comes normalized)."""
        rules = self.rules.atoms
        for pattern in rules.get("analogy", ()):
            opening = pattern.match(text)
            cut = text.find(",", opening.end()) if opening else -1
            head = self.normalize(text[opening.end():cut]) if cut > 0 else ""
            if head and not self._orgs.search(head) and not _YEAR.search(head):
                text = text[cut + 1:].strip()
                break
        norm = self.normalize(text)
        for pattern in rules.get("summary_head", ()):
            summary = pattern.match(norm)
            if summary and len(self._speakers(norm[summary.end():])) >= 2:
                return norm[summary.end():].strip()
        return text

    def _split(self, text: str, speakers: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
        rules = self.rules.atoms
        clauses = [text]
        for pattern in rules.get("split", ()):
            clauses = [part for clause in clauses for part in _split_at(pattern, clause)]
        clauses = [c.strip(" ,") for c in clauses if c.strip(" ,.")]
        # a relative clause with its own advice verb is a part only after a part that gives advice itself ("she has
        # the option at 42 under ORG's guideline, which recommends X from 45"; not "covered by ORG, which advises X")
        kept: list[str] = []
        for clause in clauses:
            if kept and clause.startswith("which ") and not self._gives_advice(kept[-1]):
                kept[-1] += ", " + clause
            else:
                kept.append(clause)
        clauses = kept
        # "... if her last test was normal but she has a risk factor": a part of the condition
        # still open before it, not an assertion of its own
        joined: list[str] = []
        for clause in clauses:
            if joined and _CONDITION_GOES_ON.match(clause) and _OPEN_CONDITION.search(joined[-1]):
                joined[-1] += " " + clause
            else:
                joined.append(clause)
        clauses = joined
        # "ORG-A says X while ORG-B says Y": a contrast word before another organization parts it
        clauses = [part for clause in clauses for part in _split_at(self._contrast, clause)]
        out: list[tuple[tuple[str, ...], str]] = []
        previous = speakers
        named_here = False
        for clause in clauses:
            contrast = next((m for p in rules.get("contrast", ()) for m in [p.match(clause)] if m), None)
            if contrast and "," in clause:
                cut = clause.index(",")
                head = clause[contrast.end():cut]
                if self.vocabulary.content_words(self._orgs.sub(" ", head)):  # "unlike ORG-A," alone says nothing of it
                    # (read without the contrast words: "in contrast to ORG-A's ..." names ORG-A as no object)
                    out.append((self._speakers(head) or self._speakers(clause[:cut]) or previous, head))
                else:
                    # "unlike ORG-A, ORG-B does not X": ORG-A does X
                    set_against = self._speakers(head)
                    undenied = _undenied(clause[cut:].strip(" ,"))
                    if set_against and undenied and self._speakers(clause[cut:]):
                        out.append((set_against, " ".join(set_against).lower() + " " + undenied))
                clause = clause[cut:].strip(" ,")
                # "unlike ORG-A, which says X, ORG-B ...": the relative clause, up to the comma before the
                # next organization named, is ORG-A's part
                relative = re.match(r"(which|who)\s+", clause)
                after = self._orgs.search(clause, relative.end()) if relative else None
                # (no organization after it, "unlike the 2016 statement, which ..., the update ...": the
                # relative clause ends at its first comma)
                comma = clause.rfind(",", 0, after.start()) if after else clause.find(",", relative.end()) \
                    if relative else -1
                if relative and comma > relative.end():
                    named = self._speakers(head) or previous
                    out.append((named, " ".join(named).lower() + " " + clause[relative.end():comma]))
                    clause = clause[comma:].strip(" ,")
            shared = next((m for p in rules.get("shared", ()) for m in [p.search(clause)] if m), None)
            if shared:
                main, extra = clause[:shared.start()], clause[shared.end():]
                previous = self._speakers(main) or speakers or previous
                out += [(previous, main), (self._speakers(extra), main)]
                continue
            mentions = [m for m in self._orgs.finditer(clause) if _speaks(clause[:m.start()])]
            # several speakers only when listed ("ORG-A (for ages ...) and the ORG-B recommend");
            # a later mention after the speaker's verb is what it speaks about ("ORG-A called ORG-B's ...")
            for i in range(1, len(mentions)):
                if not _listed(clause[mentions[i - 1].end():mentions[i].start()], clause, mentions[i].end()):
                    mentions = mentions[:i]
                    break
            orgs = tuple(dict.fromkeys(self._org_names[m.group(1)] for m in mentions))
            if speakers and not orgs:
                # (after a part that names its own speaker, "the others say X; ORG-A recommends Y with an
                # option Z", an unnamed part goes on with that one)
                # (not a part naming the rest again: "...; ORG-A says X; all the others say Y")
                orgs = previous if named_here and not any(p.search(clause) for p in rules.get("rest", ())) \
                    else speakers
            if len(orgs) <= 1 or speakers:
                named_here = named_here or bool(mentions)
                out.append((orgs or previous, clause))
                previous = orgs or previous
                continue
            prefix = clause[:mentions[0].start()]
            # what the last-named says is said of each (not its own parenthesis: "ORG-B (every year)")
            own_tail = re.sub(r"^\s*\([^)]*\)", " ", clause[mentions[-1].end():])
            for i, m in enumerate(mentions):
                end = mentions[i + 1].start() if i + 1 < len(mentions) else len(clause)
                own = clause[m.start():end] + ("" if i + 1 == len(mentions) else " " + own_tail)
                out.append(((self._org_names[m.group(1)],), prefix + own))
            previous = orgs
        return out

    def organizations_in(self, text: str) -> tuple[str, ...]:
        """The organizations a (normalized) text names, in order."""
        return tuple(dict.fromkeys(self._org_names[m.group(1)] for m in self._orgs.finditer(text.lower())))

    def _gives_advice(self, text: str) -> bool:
        """Whether a text gives advice of its own: an interval or a strength."""
        return bool(self.intervals(text)) or bool(self._strength_spans(text, STRENGTHS)[2])

    def _speakers(self, text: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self._org_names[m.group(1)] for m in self._orgs.finditer(text)
                                   if _speaks(text[:m.start()])))

    def read(self, text: str, priority: tuple[str, ...]) -> Facts:
        norm = self.normalize(text)
        numbers, intervals, grades = self.values(norm)
        sentences = []
        for sentence in _SENTENCE.split(norm):
            n, i, g = self.values(sentence)
            sentences.append((sentence, self.strengths(sentence, priority), n | i | g))
        clauses = []
        for clause in (c for s in _SENTENCE.split(norm) for c in _CLAUSE.split(s)):
            n, i, g = self.values(clause)
            clauses.append((clause, self.strengths(clause, priority), n | i | g))
        stated, denied = self.polar_strengths(norm, priority)
        mentions = list(self._orgs.finditer(norm))
        orgs = tuple(dict.fromkeys(self._org_names[m.group(1)] for m in mentions))
        subjects = tuple(dict.fromkeys(self._org_names[m.group(1)] for m in mentions
                                       if _speaks(norm[:m.start()])))
        # A list of organizations: mentions separated only by commas and a conjunction
        # ("ORG-A, ORG-B and the ORG-C"); "In its response to ORG-A, ORG-C urges" is not one.
        groups, current, joined = [], [], False
        for previous, mention in zip([None, *mentions], mentions, strict=False):
            gap = norm[previous.end():mention.start()] if previous is not None else ""
            if previous is not None and _listed(gap, norm, mention.end()):
                current.append(self._org_names[mention.group(1)])
                joined = joined or bool(_CONJUNCTION.search(gap))
            else:
                if len(set(current)) > 1 and joined:
                    groups.append(tuple(dict.fromkeys(current)))
                current, joined = [self._org_names[mention.group(1)]], False
        if len(set(current)) > 1 and joined:
            groups.append(tuple(dict.fromkeys(current)))
        concepts = frozenset(name for name, patterns in self.rules.concepts if any(p.search(norm) for p in patterns))
        majority = any(p.search(norm) for p in self.rules.majority)
        return Facts(
            organizations=orgs, organization_groups=tuple(groups), subjects=subjects, numbers=numbers,
            age_ranges=card_age_ranges(norm), intervals=intervals, grades=grades, concepts=concepts,
            universal=majority or any(p.search(norm) for p in self.rules.universal),
            # "does not mean the advice isn't meant for you" denies the exclusion
            excludes=any(not self._negated_at(norm, m.start()) for p in self.rules.exclusion for m in p.finditer(norm)),
            strengths=stated, words=frozenset(self.vocabulary.tokenize(norm)), sentences=tuple(sentences),
            negated=denied, mandate=self.mandates(norm), poles=self.poles(norm), starts=self.start_ages(norm),
            ends=self.end_ages(norm),
            durations=frozenset(m.group(1) for p in self.rules.durations for m in p.finditer(norm)),
            majority=majority, offers=self.offers(norm, priority), clauses=tuple(clauses),
            absent=any(p.search(norm) for p in self.rules.absence),
            bounds=frozenset(m.group(1) for p in self.rules.upper_bound for m in p.finditer(norm)),
            directive=any(p.search(norm) for p in self.rules.directive))


def _clause_before(text: str, start: int) -> str:
    """The clause a phrase starting at `start` stands in, up to it (a denial frame's reach)."""
    return _FRAME_BREAK.split(text[:start])[-1]


_FRAME_BREAK = re.compile(r"[.;:!?]|\bbut\b|\s--?\s|\s?[\u2014\u2013]\s?")  # (a dash parts clauses too)


# the predicate a clause denies of its subject ("ORG-B does not X", "neither ORG-B nor ORG-C X-s")
_DENIED_PREDICATE = re.compile(r"^[^,;:]{0,40}?\b(?:does not|doesn't|do not|don't|did not|didn't)\s+(?P<verb>[^,;:]+)"
                               r"|^neither\b[^,;:]{0,40}?\bnor\s+(?:the\s+)?[\w-]+\s+(?P<said>[^,;:]+)")


def _undenied(clause: str) -> str:
    """The predicate a clause denies, said as so ("does not make X a firm recommendation" -> "does make X a
    firm recommendation"), or "" when the clause denies none."""
    denied = _DENIED_PREDICATE.match(clause)
    if not denied:
        return ""
    return "does " + denied.group("verb") if denied.group("verb") else denied.group("said")


def _split_at(pattern: re.Pattern[str], text: str) -> list[str]:
    """The parts of `text` between the matches of `pattern` (its groups are not parts)."""
    parts, start = [], 0
    for m in pattern.finditer(text):
        if m.end() > start and m.start() > start:
            parts.append(text[start:m.start()])
            start = m.end()
    return [*parts, text[start:]]
