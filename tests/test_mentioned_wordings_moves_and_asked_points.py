"""Claims: a wording mentioned as wrong ("..., so writing 'recommends against' misrepresents it") is not asserted;
the first mammogram's age ("get your first mammogram at 50") and a start age moved to a value ("raised the start
age to 45") are start ages; a span of years past two ("every 2-3 years", "every two to three years") is an interval
no card states; screening kept up "for the rest of her life", no condition told, is stronger than a card that lets
health decide; "a step backwards" judges a change the card calls an improvement; a move told by its new value alone
("dropped its grade to C", "changed the advice to an individual decision") reverses a card that moved away from that
value; a schedule for a whole decade ("yearly in their forties") that a card for 45 to 54 gives part of is partly
supported, not stated nor contradicted; a quiz key's "Answer 2: (c)" and a thread's "3/" label the line; "it is
simply not true that" denies as "it is not true that" does; a chart's "pt falls in this band" applies the card and
claims nothing; "a breast cancer in the past" is a personal history; "lay screening aside" and "give up mammograms"
are stopping; "skip the plan if you have ..." names whom it excludes; an interval called sufficient is claim-rules
data.
Dates: a year told of when a document discussed was written ("they say the recommendation ... was written in 2016")
is not the text's own day.
Questions: a patient's age in brackets after her role ("a client (42, GAD)") or after pronouns ("nonbinary
(they/them), 48"); an open range some other rule sets ("in Poland they stop inviting after 69") gives way to the
relative's own age; a country's program named with its acronym ("the Polish NFZ ... program"); words a mention
pattern spans stay words (only names are kept whole); an exclusion's name in quotes ("the 'high-dose chest radiation'
exclusion") names the rule, not a finding, nor a question about radiation dose; a nipple finding told before the
nipple ("scaly, crusted R nipple"); a "symptom-checker" is a tool, not a symptom; an exposure told, then "this make
them high risk?"; the current advice and a version named by year asked side by side; agreement asked with another's
change ("does ACR agree with the task force's change?"); a point a patient's gender identity took in, answered by an
organization that has no statement on gender identity; patient material asked as "simple paper ... I can print";
a man asked "if he also need" it; "what do i tell her?" asks for the relative the asker answers, not for the
asker herself.
Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from review_app.engine.facts import load_claim_rules

from .chunks import (
    ACOG_2017_CBE,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_75,
    ACR_RESPONSE,
    ACS_45_54,
    ACS_CBE,
    ACS_STOP,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_REC,
)
from .conftest import CORPUS_DIR, answered_chunks, judge


@pytest.mark.parametrize("claim, chunk, label", [
    # a wording mentioned as wrong is not asserted
    ("The 2024 USPSTF statement is an I statement for 75 and older, so writing 'recommends against' misrepresents "
     "it.", USPSTF_75, ("supports", None)),
    ("USPSTF gives an I statement for women 75 and older; calling it 'not recommended' is wrong.", USPSTF_75,
     ("supports", None)),
    ("The USPSTF recommends against screening women 75 and older.", USPSTF_75, ("contradicts", "misstated_strength")),
    # the first mammogram's age is the start
    ("Get your first mammogram at 50, that's the USPSTF rule!", USPSTF_REC, ("contradicts", "missing_fact")),
    ("Under USPSTF, your first mammogram comes at 40.", USPSTF_REC, ("supports", None)),
    # a start age moved to a value
    ("ACOG's update raised the start age to 45.", ACOG_START, ("contradicts", "missing_fact")),
    ("ACOG's update lowered the start age to 40.", ACOG_START, ("supports", None)),
    # a span of years past two is an interval no card states
    ("ACOG: begin at 40, every 2-3 years.", ACOG_INTERVAL, ("contradicts", "missing_fact")),
    ("ACOG recommends screening every two to three years.", ACOG_INTERVAL, ("contradicts", "missing_fact")),
    ("ACOG recommends screening every one to two years.", ACOG_INTERVAL, ("supports", None)),
    # screening for the rest of her life, no condition told
    ("She should keep having mammograms every year for the rest of her life [4].", ACR_75,
     ("contradicts", "misstated_strength")),
    ("Under ACR she can keep having yearly mammograms for the rest of her life as long as she is healthy.", ACR_75,
     ("supports", None)),
    # a step backwards against an improvement
    ("ACR called the USPSTF move to 40 a step backwards.", ACR_RESPONSE, ("contradicts", "missing_fact")),
    ("ACR called the USPSTF move to 40 a step forward that did not go far enough.", ACR_RESPONSE,
     ("supports", None)),
    # a move told by its new value alone
    ("The task force dropped its grade to C for women in their forties in 2024.", USPSTF_CHANGES,
     ("contradicts", "misstated_strength")),
    ("The 2024 update changed the 40s advice to an individual decision.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
    ("The task force raised its grade to B for women in their forties in 2024.", USPSTF_CHANGES, ("supports", None)),
    ("In 2024 the USPSTF moved women in their 40s to biennial screening (grade B).", USPSTF_CHANGES,
     ("supports", None)),
    # a schedule for a whole decade, a card for part of it
    ("The ACS recommends yearly screening for women in their forties.", ACS_45_54,
     ("partially_supports", "missing_fact")),
    ("The ACS recommends yearly screening for women in their fifties.", ACS_45_54,
     ("partially_supports", "missing_fact")),
    ("ACS says to start sometime in your forties.", ACS_45_54, ("supports", None)),
    ("The ACS recommends yearly screening for women aged 45 to 54.", ACS_45_54, ("supports", None)),
    # a quiz key's numbered answer and a thread's numbered post label the line
    ("Answer 2: (c) forty-five to fifty-four, the ACS years for a mammogram every year.", ACS_45_54,
     ("supports", None)),
    ("Answer 9: (c) none, the ACS does not recommend clinical breast exams for average-risk women at any age.",
     ACS_CBE, ("supports", None)),
    ("3/ ACR called the USPSTF move to 40 a step backwards.", ACR_RESPONSE, ("contradicts", "missing_fact")),
    ("The ACS recommends a mammogram every 2 years for women 45 to 54.", ACS_45_54, ("contradicts", "missing_fact")),
    # a chart's note that the patient fits the range
    ("Per ACS 2015: annual MMG ages 45-54; pt falls in this band.", ACS_45_54, ("supports", None)),
    ("Per USPSTF 2024: biennial screening MMG, ages 40-74, Grade B; pt 52 y/o within range.", USPSTF_REC,
     ("supports", None)),
    ("Per ACS 2015: annual MMG ages 40-54.", ACS_45_54, ("contradicts", "missing_fact")),
    # a breast cancer in the past is a personal history
    ("Women with a breast cancer in the past should follow these recommendations equally.", USPSTF_EXCLUSIONS,
     ("contradicts", "out_of_scope")),
    ("Women with a family history of breast cancer are not on the USPSTF exclusion list.", USPSTF_EXCLUSIONS,
     ("supports", None)),
    # a truth denied with an adverb between ("it is simply not true that ...") is still denied
    ("It is simply not true that ACOG recommends against clinical breast exams.", ACOG_2017_CBE, ("supports", None)),
    ("It is simply true that ACOG recommends against clinical breast exams.", ACOG_2017_CBE,
     ("contradicts", "misstated_strength")),
    # the advice to skip for a group names whom it excludes
    ("Skip the USPSTF plan if you have a BRCA1/2 mutation, had high-dose chest radiation when young, had breast "
     "cancer before, or had a high-risk lesion on a past biopsy.", USPSTF_EXCLUSIONS, ("supports", None)),
    ("Follow the USPSTF plan even if you have a BRCA1/2 mutation or had breast cancer before.", USPSTF_EXCLUSIONS,
     ("contradicts", "out_of_scope")),
    # laying screening aside, giving it up: stopping
    ("The American Cancer Society generally suggests that a woman lay screening aside once she reaches about "
     "seventy-five.", ACS_STOP, ("contradicts", "missing_fact")),
    ("ACR says women can give up mammograms at 75.", ACR_75, ("contradicts", "missing_fact")),
    ("The ACS says women should keep screening while in good health with a life expectancy of at least 10 years.",
     ACS_STOP, ("supports", None)),
])
def test_claims_read_past_mentions_moves_and_labels(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk) == label


def test_an_interval_called_sufficient_is_claim_rules_data():
    rules = load_claim_rules(CORPUS_DIR)
    assert rules.sufficiency and any(p.match(" is enough") for p in rules.sufficiency)
    assert not any(p.match(" is recommended") for p in rules.sufficiency)
    assert rules.moves_to and any(p.search("dropped its grade to grade c") for p in rules.moves_to)


def test_a_year_a_discussed_document_was_written_in_is_not_the_texts_day(engine):
    quoted = engine.stated_time('Debate rebuttal: the other side says the USPSTF recommendation "covers everyone '
                                'over 40, including high-risk women, and was written in 2016." Rebut.')
    assert quoted is not None and not quoted.standpoint
    own = engine.stated_time("A post written in March 2019: what did they say?")
    assert own is not None and own.standpoint and own.date == dt.date(2019, 3, 31)
    # the text's own words for itself keep its day ("This letter was written in March 2019: ...")
    letter = engine.stated_time("This letter was written in March 2019: what did they say about starting?")
    assert letter is not None and letter.standpoint


def test_a_patients_age_in_brackets_or_after_pronouns(engine, settings):
    client = engine.ask("I'm an LPC. A client (42, GAD, very health-focused) asked me whether she's failing if she "
                        "gets a mammogram every other year. What do the major organizations say about frequency at "
                        "her age?", settings)
    assert client.patient["ages"] == [[42, 42]]
    assert "acs-2015#ages-40-to-44" in {c for ids in client.answer_chunks.values() for c in ids}
    person = engine.ask("nonbinary (they/them), 48, AFAB. how often should I go per the ACS?", settings)
    assert person.patient["ages"] == [[48, 48]]
    # the counterpart: a number in brackets that is no age of hers
    assert engine.ask("A client (see note 2) asked how often to get a mammogram.", settings).patient["ages"] == []


def test_another_rules_open_range_gives_way_to_the_relatives_age(engine, settings):
    question = ("My mother is 77, very healthy, she walk every day and still drive car. In Poland they stop to "
                "invite her for mammografia after 69. Here in America, what the USPSTF say about mammogram for her "
                "age, she should continue?")
    decision = engine.ask(question, settings)
    assert decision.patient["ages"] == [[77, 77]]
    assert decision.aspects == ("age_75_and_older",)
    assert "in poland they stop to invite" in decision.normalized_question  # words a mention spans stay words
    alone = engine.ask("I'm 58. Should I keep screening after 69?", settings)
    assert alone.patient["ages"] == [[58, 58]]


def test_a_countrys_program_named_with_its_acronym(engine, settings):
    decision = engine.ask("What does the Polish NFZ breast cancer screening program say about which age and how "
                          "often for mammogram?", settings)
    assert decision.abstain and decision.organizations_absent
    assert not engine.ask("Polish women living here: when should they start mammograms?", settings).abstain


def test_an_exclusions_name_in_quotes_is_the_rule_asked_about(engine, settings):
    question = ("F 46, industrial radiographer in our NDT bay, badge dosimetry always under limits, never had "
                "radiation therapy of any kind. She asks whether her job puts her in the USPSTF 'high-dose chest "
                "radiation' exclusion or whether the standard mammography recommendation applies to her.")
    decision = engine.ask(question, settings)
    assert not decision.abstain and decision.scope_flags == ()
    assert "prior_chest_radiation" in engine.ask("She had high-dose chest radiation at 19 for lymphoma. When should "
                                                 "she start?", settings).scope_flags
    assert engine.ask("How much radiation exposure does a mammogram give?", settings).abstain


def test_nipple_findings_told_first_and_a_symptom_checker(engine, settings):
    nipple = engine.ask("55F in for eczema f/u, mentions unilateral scaly, crusted R nipple x 2 mo not responding to "
                        "TCS. She asks if she's due for her routine screening mammo anyway - what interval "
                        "applies?", settings)
    assert "diagnostic_symptoms" in nipple.scope_flags
    checker = engine.ask('QA on our symptom-checker bot. For a 45-year-old user it said: "The USPSTF recommends a '
                         'mammogram every year starting at age 40." Is that accurate as written?', settings)
    assert "diagnostic_symptoms" not in checker.scope_flags
    assert "diagnostic_symptoms" in engine.ask("She has symptoms in her left breast. Is a screening mammogram "
                                               "right?", settings).scope_flags


def test_an_exposure_told_then_asked_if_it_makes_them_high_risk(engine, settings):
    decision = engine.ask("My staff breathe acetone and nail polish smell all day. This make them high risk? They "
                          "need start mammogram earlier than 40?", settings)
    assert decision.abstain and decision.off_topic == "occupational and environmental exposures"
    assert not engine.ask("I work with solvents at a plant. I'm 45. How often should I get a mammogram?",
                          settings).abstain


def test_the_current_advice_and_a_version_named_by_year(engine, settings):
    chunks = answered_chunks(engine, settings, "avg-risk 44F. What's the current USPSTF grade + interval for her, "
                                               "and what grade would she have gotten under the 2016 rec?")
    assert {"uspstf-2024#recommendation", "uspstf-2016#ages-40-to-49"} <= chunks
    alone = answered_chunks(engine, settings, "avg-risk 44F. What grade would she have gotten under the 2016 rec?")
    assert "uspstf-2024#recommendation" not in alone


def test_agreement_with_another_organizations_change(engine, settings):
    assert "response" in engine.ask("Does ACR agree with the task force's change to 40?", settings).aspects
    assert "response" not in engine.ask("Do USPSTF and ACS agree on screening intervals?", settings).aspects


def test_a_point_a_gender_identity_took_in_answered_without_a_statement_on_it(engine, settings):
    decision = engine.ask("nonbinary (they/them), 48, AFAB. mom had breast cancer at 61, I did a genetic panel last "
                          "year and it came back negative - no BRCA or anything. by the ACS definition am I still "
                          "counted as 'average risk'?", settings)
    assert not decision.abstain
    assert "acs-2015#average-risk" in decision.answer_chunks["applies_to"]
    assert "ACS" in decision.aspects_missing["gender_identity"]
    # an organization that speaks of it answers on it
    covered = engine.ask("I'm a trans man, 44. Does the USPSTF recommendation apply to me?", settings)
    assert covered.aspects == ("gender_identity",)


def test_patient_material_asked_as_paper_to_print(engine, settings):
    chunks = answered_chunks(engine, settings, "One staff get letter say she have 'dense breast'. Is there simple "
                                               "paper from ACOG for patient that explain what this mean, I can print "
                                               "for her?")
    assert chunks == {"acog-faq#dense-breasts"}
    assert answered_chunks(engine, settings, "What does ACOG say about dense breasts?") == {"acog-2024#dense-breasts"}


def test_a_man_asked_if_he_also_needs_it(engine, settings):
    decision = engine.ask("My employer Sir Ramon is 69 years old, he is asking if he also need to have the mammogram "
                          "every 2 years like his wife, because his sister had breast cancer before.", settings)
    assert "male_screening" in decision.scope_flags
    assert "male_screening" not in engine.ask("My mom is 69. She is asking if she also needs a mammogram every 2 "
                                              "years.", settings).scope_flags


def test_the_one_the_asker_answers_for_is_the_patient(engine, settings):
    decision = engine.ask("pt's daughter, 41, BRCA2+ (tested after mom's dx). asking if she just follows the "
                          "q2y-from-40 rec like everyone else. what do i tell her?", settings)
    assert decision.patient["ages"] == [[41, 41]] and decision.patient.get("asked_for") == "daughter"
    assert "known_high_risk_genetics" in decision.scope_flags
    # the asker asking for herself keeps the relative's finding the relative's
    own = engine.ask("My daughter, 41, is BRCA2 positive. I'm 66. Should I keep screening every 2 years?", settings)
    assert "known_high_risk_genetics" not in own.scope_flags
