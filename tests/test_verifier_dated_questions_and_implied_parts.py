"""The claims of an answer are judged at the standpoint its question states ("as of June 2020, what did
the guidance say?", a note's own day), not at a past time asked about from now ("in 2016"); a case's own
reference date still wins. "Apart from ORG-A,
none of the organizations recommends X" gives ORG-A a part of its own (it does X). A reply's answer word
("Yep, ..."), a meeting's "Staff clarified that, ..." and a closing "and this advice is still effective
now" assert nothing but what follows (the last: that the source is current). "Every 1 year or every 2
years" is a choice; a rate told over another period ("2% for every 2 years") contradicts the card's;
"it is not the case that ORG fails to exclude X" is that it excludes X, and "fails to exclude X" against
a card that leaves X out contradicts it (a relative's history is no group kept in). A misstated strength
beside a conclusion drawn from the same point ("recommends annual at 40 to 44, so yearly at 42 is the
standard") contradicts; ", and screening in your 40s was a C" is a part of its own. "Your next
mammogram in two years" is a biennial interval ("in one year or in two" a choice); "All guidelines: start
MMG at 40" gives a direction a card offering the option does not ("... if you want" is the option). Each
with a counterpart that keeps its verdict."""

import datetime as dt

import pytest

from review_app.claims.citations import case_date, check_cases
from review_app.records import Case, Claim, Evidence

from .chunks import (
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_DENSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_40_44,
    USPSTF_2016_40_49,
    USPSTF_2016_REC,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_REC,
)
from .conftest import PINNED, judge


def _case(question: str, reference_date: dt.date | None = None) -> Case:
    claim = Claim("c1", "USPSTF: for patients aged 40 to 49, the decision to begin screening is an individual one "
                        "(Grade C).", (Evidence(USPSTF_2016_40_49, "supports"),))
    return Case("t-001", question, False, ("uspstf-2016",), (), reference_date, (claim,))


def test_a_time_the_question_states_dates_its_claims(verifier):
    dated = _case("Discharge summary generated 2020-06-01: what did screening guidance say as of June 2020?")
    assert case_date(verifier.engine, dated, PINNED) == dt.date(2020, 6, 1)
    (checked,) = check_cases(verifier, [dated], PINNED)
    assert checked.reference_date == dt.date(2020, 6, 1)
    assert checked.verdict.verdicts[0].label == "supports"  # the 2016 statement was in force then
    # the counterparts: a question stating no time, and a case's own date, which wins over the text's
    (now,) = check_cases(verifier, [_case("What does the USPSTF say about women in their 40s?")], PINNED)
    assert (now.reference_date, now.verdict.verdicts[0].reason) == (PINNED, "wrong_version")
    own = _case("What did the guidance say as of June 2020?", reference_date=dt.date(2026, 1, 1))
    assert case_date(verifier.engine, own, PINNED) == dt.date(2026, 1, 1)
    # a past time asked about from now keeps the present: "recommends" then speaks of current guidance
    for asked_from_now in ("What did the USPSTF recommend for women in their 40s in 2016?",
                           "What did the USPSTF recommend for women in their 40s before its 2024 update?"):
        assert case_date(verifier.engine, _case(asked_from_now), PINNED) == PINNED
    assert case_date(verifier.engine, _case("As of early 2019, what was advised?"), PINNED) == dt.date(2019, 3, 31)


@pytest.mark.parametrize("text, chunk, expected", [
    # the set-aside organization's implied part: it does what the others are said not to
    ("Apart from the ACR, none of the organizations recommends a yearly mammogram for every average-risk woman "
     "from age 40.", ACR_RESPONSE_ANNUAL, ("partially_supports", "wrong_organization")),
    ("Dense breasts: apart from the ACR, neither organization recommends supplemental screening as a routine "
     "matter.", ACR_DENSE, ("partially_supports", "wrong_organization")),
    ("Apart from the ACR, the others do not recommend a yearly mammogram from 40.", ACR_START,
     ("partially_supports", "wrong_organization")),
    # ... which can be wrong: then the card contradicts it
    ("Apart from the ACR, none of the organizations recommends screening at 30.", ACR_START,
     ("contradicts", "wrong_organization")),
    # a meeting's report of who said it frames the claim
    ("Staff clarified that, apart from the ACR, none of the organizations recommends a yearly mammogram for "
     "every average-risk woman from age 40.", ACR_RESPONSE_ANNUAL, ("partially_supports", "wrong_organization")),
])
def test_the_implied_part_of_a_set_aside_organization(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Yep, since its April 2024 final rec the Task Force starts at forty, with a mammogram every other year "
     "through seventy-four.", USPSTF_REC, ("supports", None)),
    ("No, ACOG advises every 1 or 2 years.", ACOG_INTERVAL, ("supports", None)),
    ("Nope, the USPSTF does not recommend yearly screening; it recommends screening every 2 years from 40 to 74.",
     USPSTF_REC, ("supports", None)),
    ("Breast self-awareness is encouraged by ACOG Practice Bulletin 179, and this advice is still effective now.",
     ACOG_2017_CBE, ("supports", None)),
    # ... a section the update replaced is not current
    ("ACOG Practice Bulletin 179 sets the start at 40, and this advice still applies today.", ACOG_2017_START,
     ("does_not_support", "wrong_version")),
    ("The interval is every 1 year or every 2 years, it is decided by talking together with the doctor.",
     ACOG_INTERVAL, ("supports", None)),
])
def test_answer_words_and_currency_clauses(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Breast cancer of the 40s age increases about 2% for every 2 years, so start at 40 years.", "acog-2024#rationale",
     ("contradicts", "missing_fact")),
    ("Incidence in women in their 40s rose about 2% every two years.", "acog-2024#rationale",
     ("contradicts", "missing_fact")),
    ("Breast cancer in the 40s increases about 2% every year, so start at 40.", "acog-2024#rationale",
     ("supports", None)),
])
def test_a_rate_told_over_another_period(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("It is not the case that the USPSTF recommendation fails to exclude people who had high-dose chest radiation "
     "at a young age.", USPSTF_EXCLUSIONS, ("supports", None)),
    ("The USPSTF recommendation fails to exclude people who had high-dose chest radiation at a young age.",
     USPSTF_EXCLUSIONS, ("contradicts", "out_of_scope")),
    ("The USPSTF recommendation does not exclude people who had high-dose chest radiation at a young age.",
     USPSTF_EXCLUSIONS, ("contradicts", "out_of_scope")),
    # a relative's history is no group the advice is applied to
    ("Good news, the Task Force's screening advice does cover women whose mother had breast cancer.",
     USPSTF_EXCLUSIONS, ("does_not_support", "missing_fact")),
])
def test_a_denied_exclusion_keeps_the_group_in(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACS recommends annual mammograms for women aged 40 to 44, so a yearly mammogram at 42 is the standard "
     "of care.", ACS_40_44, ("contradicts", "misstated_strength")),
    # a part about another point beside it is another section (the counterpart keeps it partial)
    ("ACOG recommends screening from 40, and then every 1 or 2 years.", ACOG_START,
     ("partially_supports", "missing_fact")),
    ("Back in 2016 the USPSTF gave biennial screening for 50-74 a B, and screening in your 40s was a C "
     "'individual decision'.", USPSTF_2016_REC, ("partially_supports", "missing_fact")),
    ("Back in 2016 the USPSTF gave biennial screening for 50-74 a B.", USPSTF_2016_REC, ("supports", None)),
    ("The USPSTF moved women in their 40s from a C to a B.", USPSTF_CHANGES, ("supports", None)),
])
def test_parts_of_one_point_and_of_another(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("I therefore suggest your next screening mammogram in two years, in line with the USPSTF's biennial schedule "
     "for ages 40 to 74.", USPSTF_REC, ("supports", None)),
    ("I suggest your next screening mammogram in one year, in line with the USPSTF.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    ("ACOG, my own specialty society, leaves it to the two of us to decide together whether your next mammogram "
     "is in one year or in two.", ACOG_INTERVAL, ("supports", None)),
    ("All guidelines: start MMG at 40.", ACS_40_44, ("contradicts", "wrong_organization")),
    ("ACS: start MMG at 40.", ACS_40_44, ("contradicts", "misstated_strength")),
    ("ACS: start MMG at 40 if you want.", ACS_40_44, ("supports", None)),
    ("USPSTF: start at 40.", USPSTF_REC, ("supports", None)),
])
def test_when_the_next_one_falls_and_a_direction_against_an_option(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
