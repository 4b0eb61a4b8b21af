"""A month a text says it was written in ("a blog post dated March 2019: what are the current ...?"), a genetic test
that "came negative", a finding the asker shares by "so did I", a personal-care product's or a habit's effect on the
risk, a finding told in Tagalog, a role's age told before a verb ("pt 42 says ..."), a cause put to the asker for a
change ("moved screening to 40 partly because ..."); and in claims: a risk that "doubles", an interval of many years
("every 10 years", "every 10 y"), a version marked "(current)", a note's "N/A if", "works well", "too old for
mammograms", "supplemental imaging", "can't say either way", groups listed in a note's words ("BRCA carriers", "prior
chest radiation", also after "only"), a part bounded by a month before now ("Before October 2024, ..."), a
recommendation the card states now in other words ("advises"), "should simply end", "only X count as", "everyone
else", "called the change sufficient", "not unsupported", "not the same as saying no", "every year or two, your
choice", and "this advice is not for you". Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_2017_START,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_75,
    ACR_RESPONSE,
    ACS_55,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import PINNED, judge
from .test_dates import stated


@pytest.mark.parametrize("question, date", [
    # the month a text says it was written in is its present, even when it asks what is "current"
    ("Pharmacist's blog post dated March 2019: what are the current mammography recommendations for women in their "
     "40s?", "2019-03-31"),
    ("Hospital patient-education video script dated August 2023: when should women start mammograms and how often?",
     "2023-08-31"),
    # a month told of something else, with the present asked about, keeps today's date
    ("In March 2019 a pharmacist wrote about it: what are the current mammography recommendations for women in "
     "their 40s?", None),
])
def test_the_month_a_text_was_written_in_is_its_present(question, date):
    found = stated(question)
    assert (found.isoformat() if found else None) == date


@pytest.mark.parametrize("question, abstain", [
    # a genetic test that "came negative" is no finding
    ("My mom is 47, she did the genetic test for BRCA and it came negative. According to the USPSTF when should she "
     "do a mammogram?", False),
    ("My mom is 47, she did the genetic test for BRCA and it came positive. According to the USPSTF when should she "
     "do a mammogram?", True),
    # a relative's finding the asker shares ("and so did I")
    ("my twin tested positive for a BRCA2 mutation and so did I last week. im 33, when should i start mammograms?",
     True),
    ("my twin tested positive for a BRCA2 mutation last week. im 45, when should i start mammograms?", False),
    # what a personal-care product does to the risk: no card names one as a risk factor
    ("client in my chair asked if years of hair dye and relaxers raise her breast cancer risk and if she should get "
     "mammograms sooner because of it. what do the guidelines say", True),
    ("client in my chair is 45 and asked when she should get mammograms. what do the guidelines say", False),
    ("One of my students asked me whether doing inversions and daily yoga actually lowers your breast cancer risk.",
     True),
    ("I teach yoga and one of my students is 44. When should she start mammograms?", False),
    # a finding told in Tagalog, of the mother the message asks about
    ("Yung mama ko po may nakapa na bukol sa left breast niya, mga 2 weeks na, tapos masakit din minsan. Anong age "
     "po ba dapat mag screening mammogram?", True),
    ("Yung mama ko po 45 na. Anong age po ba dapat mag screening mammogram?", False),
])
def test_negated_shared_and_uncovered_findings(engine, settings, question, abstain):
    assert engine.ask(question, settings).abstain is abstain


@pytest.mark.parametrize("question, ages", [
    ("pt 42 says her mom had breast ca at 50 so she thinks she's high risk. does the uspstf rec cover her?",
     [[42, 42]]),
    ("pt says her mom had breast ca at 50 so she thinks she's high risk. does the uspstf rec cover her?", []),
    # a role's age before "and up" starts a range of ages, no one's point age
    ("I was trained to do a CBE every year on every woman 40 and up. Does ACOG still advise that?", [[40, 130]]),
])
def test_a_roles_age_before_a_verb_is_hers(engine, settings, question, ages):
    assert engine.ask(question, settings).patient["ages"] == ages


@pytest.mark.parametrize("question, reasons", [
    ("Is it true the task force moved screening to 40 partly because Black women die more often from breast "
     "cancer?", True),
    ("Is it true the task force moved screening to 40?", False),
])
def test_a_cause_put_to_the_asker_for_a_change_asks_the_reasons(engine, settings, question, reasons):
    assert ("reasons" in engine.ask(question, settings).aspects) is reasons


@pytest.mark.parametrize("text, chunk, date, expected", [
    # a doubled risk is a relative increase of 100%, which the card does not state
    ("The USPSTF says a sister's breast cancer doubles your risk.", USPSTF_POPULATION, None,
     ("does_not_support", "missing_fact")),
    ("The USPSTF says a sister's breast cancer does not take you outside its recommendation.", USPSTF_POPULATION,
     None, ("supports", None)),
    # "every 10 years" is an interval, not the card's ten years of life expectancy
    ("The ACS says keep screening every 10 years once you are past 75 and healthy.", ACS_STOP, None,
     ("partially_supports", "missing_fact")),
    ("The ACS says keep screening as long as you are healthy and can expect to live 10 more years.", ACS_STOP, None,
     ("supports", None)),
    # a version marked as the one in force speaks of the present
    ("Per USPSTF 2016 (current), 40s = individual decision.", USPSTF_2016_40_49, None,
     ("does_not_support", "wrong_version")),
    ("Per USPSTF 2016, 40s = individual decision.", USPSTF_2016_40_49, None, ("supports", None)),
    ("Per USPSTF 2016 (current), 40s = individual decision.", USPSTF_2016_40_49, "2019-03-31", ("supports", None)),
    # a note's "N/A if" is "does not apply if"
    ("USPSTF N/A if BRCA1/2, high-dose chest RT at young age, prior breast ca, or high-risk lesion on prior bx.",
     USPSTF_EXCLUSIONS, None, ("supports", None)),
    ("USPSTF N/A if dense breasts.", USPSTF_POPULATION, None, ("contradicts", "missing_fact")),
    # "works well" is effective
    ("Mammograms can be done with 3D machines, which the Task Force says work well.", USPSTF_MODALITY, None,
     ("supports", None)),
    # "too old for mammograms" is advice against at that age
    ("The Task Force says grandma at 80 is too old and should not get mammograms.", USPSTF_75, None,
     ("contradicts", "misstated_strength")),
    ("The Task Force says the evidence is insufficient to judge screening for grandma at 80.", USPSTF_75, None,
     ("supports", None)),
    # supplemental imaging is the card's supplemental screening; a denied "no role" is no case against
    ("The USPSTF does not say there is no role for supplemental imaging; it simply finds the evidence insufficient.",
     USPSTF_DENSE, None, ("supports", None)),
    ("The USPSTF recommends supplemental imaging for dense breasts.", USPSTF_DENSE, None,
     ("contradicts", "misstated_strength")),
    # "can't say either way" is an I statement
    ("It's not that the Task Force says you shouldn't get one; it just can't say either way.", USPSTF_75, None,
     ("supports", None)),
    # groups listed in a note's words
    ("The USPSTF excludes BRCA carriers and people with prior chest radiation.", USPSTF_EXCLUSIONS, None,
     ("supports", None)),
    ("The USPSTF excludes BRCA carriers, people with prior chest radiation, and people with dense breasts.",
     USPSTF_EXCLUSIONS, None, ("partially_supports", "missing_fact")),
    # ... and "only" those groups, when the card leaves out more
    ("Only BRCA carriers and members with a previous breast cancer are excluded from the USPSTF 2024 "
     "recommendation.", USPSTF_EXCLUSIONS, None, ("contradicts", "missing_fact")),
])
def test_risks_intervals_versions_verdicts_and_listed_groups(verifier, text, chunk, date, expected):
    assert judge(verifier, text, chunk, dt.date.fromisoformat(date) if date else PINNED) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # a part bounded by a month before now speaks of that time
    ("Before October 2024, ACOG advised offering screening mammography from 40 and beginning no later than 50.",
     ACOG_2017_START, ("supports", None)),
    ("ACOG advised offering screening mammography from 40 and beginning no later than 50.", ACOG_2017_START,
     ("does_not_support", "wrong_version")),
    # a recommendation the card states now in other words is no advice of before its update
    ("ACOG advises starting at 40.", ACOG_START, ("supports", None)),
    ("ACOG still advises offering screening from 40 and beginning no later than 50.", ACOG_START,
     ("contradicts", "misstated_strength")),
    # screening that "should simply end" is advice against
    ("Screening should simply end at 75.", ACR_75, ("contradicts", "misstated_strength")),
    ("Screening should continue past 75 while she is healthy.", ACR_75, ("supports", None)),
    # one kind as the only one that counts
    ("The USPSTF says only 3D mammograms count as screening.", USPSTF_MODALITY, ("contradicts", "missing_fact")),
    ("The USPSTF says 3D mammograms count as screening.", USPSTF_MODALITY, ("supports", None)),
    # "everyone else" after an organization set aside is the others
    ("Apart from the radiologists, everyone else says every two years.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    # a change called sufficient against "does not go far enough"
    ("ACR called the USPSTF change sufficient.", ACR_RESPONSE, ("contradicts", "missing_fact")),
    ("ACR called the USPSTF change insufficient.", ACR_RESPONSE, ("supports", None)),
    # an interval of ten years in a note's shorthand
    ("ACS: after 55, screen every 10 y.", ACS_55, ("contradicts", "missing_fact")),
    ("ACS: after 55, screen every 2 years or yearly.", ACS_55, ("supports", None)),
    # a double negative by prefix, against an I statement
    ("Per USPSTF, supplemental MRI for dense breasts is not unsupported by evidence.", USPSTF_DENSE,
     ("contradicts", "missing_fact")),
    ("Per USPSTF, supplemental MRI for dense breasts is not supported by sufficient evidence.", USPSTF_DENSE,
     ("supports", None)),
    # a gloss of an I statement
    ("The USPSTF says the evidence is insufficient for women 75 and older; that is not the same as saying no.",
     USPSTF_75, ("supports", None)),
    # the advice pointed to and said not to be for a group: the group is what it says
    ("If you had breast cancer before, this every-2-years advice is not for you.", USPSTF_EXCLUSIONS,
     ("supports", None)),
    ("If you have dense breasts, this advice is not for you.", USPSTF_POPULATION, ("contradicts", "missing_fact")),
    # "every year or two" is a choice of intervals; "your choice with the doctor" after it is the interval's
    ("ACOG says go every year or two.", ACOG_INTERVAL, ("supports", None)),
    ("The OB-GYN group says start at 40 and go every year or two, your choice with the doctor.", ACOG_START,
     ("partially_supports", "missing_fact")),
    ("Your clinic follows ACOG: every 1-2 yrs, your choice w/ your clinician.", ACOG_INTERVAL, ("supports", None)),
    ("The OB-GYN group says starting at 40 is your choice with the doctor.", ACOG_START,
     ("contradicts", "misstated_strength")),
])
def test_bounded_times_named_versions_endings_and_pointed_advice(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
