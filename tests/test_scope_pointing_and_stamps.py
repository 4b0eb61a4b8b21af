"""A question that points back to another test told before it ("a scan for my lungs ... what does the task force
say about that screening?"), a country's health ministry named by the country (one list of country names serves
every pattern that names a country), a facility's equipment checks, a person's prognosis told as a reason about
screening, a page's own "last updated" stamp as the question's date, a clinician's exam told as "checked my breast
by hand", and a due test put off. Each with a counterpart."""

import pytest
import yaml

from review_app.engine.pack import load_pack
from review_app.engine.scope import load_scope
from review_app.errors import CorpusError

from .conftest import CORPUS_DIR
from .test_dates import stated

GUARD = load_scope(CORPUS_DIR)


@pytest.mark.parametrize("question, topic", [
    ("Smoked a pack a day for 40 years, quit 5 years back. Doctor mentioned a screening scan for my lungs. What "
     "does the task force say about that screening at my age, 73?", "lung cancer screening"),
    ("Doctor mentioned a screening scan for my lungs. What does the task force say about mammograms at my age, 73?",
     None),
    ("The van vendor says the ACR requires a weekly phantom image test on their unit. Is that the ACR's actual QC "
     "requirement for mammography equipment?", "equipment quality control"),
    ("Does the ACR want yearly mammograms from 40?", None),
    ("Does the USPSTF say anything about AI or computer-aided detection software reading screening mammograms?",
     "tests the corpus does not cover"),
    ("Does the USPSTF say anything about 3D mammograms for screening?", None),
    ("She is 78, in hospice for end-stage heart failure. Does a screening mammogram still make sense at her age "
     "and with her prognosis?", None),
    ("What is the prognosis of a breast cancer found on a screening mammogram?",
     "prognosis and treatment of breast cancer"),
])
def test_what_is_asked_about(question, topic):
    assert GUARD.other_topic(question) == topic


@pytest.mark.parametrize("question, abstain", [
    ("My aunt wants to know what the Haiti health ministry recommends for mammograms. At what age do they say to "
     "start over there?", True),
    ("Our church health ministry is planning a talk: at what age should women start mammograms?", False),
])
def test_a_health_ministry_named_by_its_country(engine, settings, question, abstain):
    assert engine.ask(question, settings).abstain is abstain


@pytest.mark.parametrize("question, named", [
    # one list of country names serves every pattern that names a country
    ("What does the Ethiopia health ministry say about when to start mammograms?", "a national health ministry"),
    ("Back home in Ethiopia the program invites women at 45; when do the groups here say to start?",
     "a national screening programme of another country"),
    ("In New Zealand the screening programme starts at 45. Is that what the task force says too?",
     "a national screening programme of another country"),
])
def test_a_country_named_once_serves_every_pattern_that_names_one(engine, question, named):
    assert named in engine.pack.other_organizations_in(question)


def test_a_country_placeholder_without_country_names_is_a_problem_of_the_pack(corpus_copy):
    path = corpus_copy / "pack.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["country_names"] = []
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CorpusError) as caught:
        load_pack(corpus_copy)
    assert any(p.field.startswith("other_organizations.") and "{countries}" in p.message
               for p in caught.value.problems)


@pytest.mark.parametrize("question, date", [
    ("State health department web page, last updated 2019-03-15: when should women at average risk start "
     "screening mammograms?", "2019-03-15"),
    ("My last mammogram was on 2019-03-15. When should I start getting them every year?", None),
])
def test_a_pages_last_updated_stamp_is_its_day(question, date):
    found = stated(question)
    assert (found.isoformat() if found else None) == date


@pytest.mark.parametrize("question, asked, not_asked", [
    ("Back in 2019 my OB check my breast by hand every year since I turn 40, together with the mammogram. Was "
     "that what ACOG recommend at that time?", {"clinical_breast_examination"}, set()),
    ("58F crew member wants to know if she can put off her mammogram until she's home. What screening interval do "
     "USPSTF and ACS recommend at her age?", {"interval"}, {"start_age"}),
    ("Can I put off mammograms until 50?", {"start_age"}, set()),
])
def test_lay_words_for_an_exam_and_a_due_test_put_off(engine, settings, question, asked, not_asked):
    aspects = set(engine.ask(question, settings).aspects)
    assert asked <= aspects
    assert not (not_asked & aspects)


@pytest.mark.parametrize("question, abstain", [
    # the asker's own state, told before "this is about my mom", is not the patient's
    ("I'm six months postpartum and still nursing so I know my own situation is different, but this is about my "
     "mom. She's 76 and healthy. Does the American Cancer Society say she should keep getting mammograms?", False),
    ("I'm 34 and still nursing my baby. When should I start mammograms?", True),
    # a lump in lay words, and a triage note's "nipple d/c", call for a diagnostic work-up
    ("My wife she find a small hard thing in the left breast, like a ball, since two weeks. She is 38. Which test "
     "she must do first, the mammogram or the ultrasound?", True),
    ("She found a small hard thing in her purse this morning. She is 41: when should she start mammograms?", False),
    ("RN advice line: 44F c/o unilat bloody nipple d/c x3d, no trauma. Pls advise screening vs dx pathway.", True),
    ("RN advice line: 44F, no lumps, no nipple d/c. Pls advise screening interval.", False),
    # a state told with the word that ended it after it ("lactation suppressed", "is over") is over
    ("6-wk PP note: 41 y/o, bottle feeding since wk 2 (lactation suppressed, not breastfeeding). Pt asks when she "
     "should schedule her first screening mammogram, per current ACOG.", False),
    ("41 y/o, currently lactating. Pt asks when she should schedule her first screening mammogram, per ACOG.", True),
    ("38 y/o, lactation ceased in the spring. When should she start screening mammograms per ACOG?", False),
    ("40 y/o G1P1, the pregnancy is over and she bottle-feeds. When should she start mammograms per ACS?", False),
    # a calendar year before any source of the corpus
    ("Retrospective audit of calendar-year 2014 encounters: which ACS and USPSTF breast screening recommendations "
     "should we benchmark against for women aged 40-49?", True),
    ("Audit of calendar-year 2019 charts: what interval did USPSTF recommend for women 50 to 74?", False),
    # the version a time names ("the November 2009 ... update") is no change since it: the time is the question's
    ("What did the USPSTF's November 2009 breast cancer screening update say about women under 50?", True),
    ("What did the USPSTF's 2016 update say about women under 50, and what changed since?", False),
])
def test_whose_state_a_lump_in_lay_words_and_a_calendar_year(engine, settings, question, abstain):
    assert engine.ask(question, settings).abstain is abstain


def test_the_same_time_told_twice_is_a_standpoint_when_either_is(engine):
    stated_time = engine.stated_time("City newspaper explainer, March 2016: as of March 2016, what do the USPSTF and "
                                     "the American Cancer Society advise about mammograms for women in their 40s?")
    assert (stated_time.date.isoformat(), stated_time.standpoint) == ("2016-03-31", True)


@pytest.mark.parametrize("question, asked, not_asked", [
    # a genetic test told with its negative result asks nothing about who is excluded as high risk
    ("My identical twin sister was just diagnosed with breast cancer. We're both 43. I feel fine, no lumps, and my "
     "genetic test (BRCA etc.) came back negative. What does the USPSTF say about screening for me now?",
     {"start_age", "interval"}, {"high_risk"}),
    ("Does the USPSTF recommendation leave out women with a BRCA mutation?", {"high_risk"}, set()),
    # "what is the recommendation here in America from ORG, and ..." asks the whole of it
    ("She is 41, her mother had breast cancer. What is the recommendation here in America from the USPSTF, and is "
     "it ok for her because of her mother?", {"start_age", "interval", "applies_to"}, set()),
    ("What is the recommendation on dense breasts from the USPSTF?", {"dense_breasts"}, {"start_age", "interval"}),
    # an ask that points back: "does that still count for ...?", "which group says that?"
    ("My boyfriend (trans guy, 41) is booking a mammogram and the place only offers the 3D kind. Does that still "
     "count for the task force recommendation?", {"modality"}, set()),
    ("Someone told me one of the radiology groups says every woman should get a breast cancer risk check by 25. "
     "Which group says that?", {"risk_assessment"}, set()),
])
def test_negated_tests_whole_recommendations_and_asks_pointing_back(engine, settings, question, asked, not_asked):
    aspects = set(engine.ask(question, settings).aspects)
    assert asked <= aspects
    assert not (not_asked & aspects)
