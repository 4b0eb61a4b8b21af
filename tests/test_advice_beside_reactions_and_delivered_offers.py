"""Questions: "why don't ORG-A, ORG-B ... agree on how often?" asks the point they differ on, not the reasons each
gives for its own advice; "when this changed, and why?" asks what changed (not "when I changed doctors"); whether a
relative's cancer "changes anything for her" asks whether the advice covers her, not what an update changed; a test
the patient pushes for with its determiner and adjective told ("pushing for an extra ultrasound") is no call of an
organization's; "is she past the age?" asks about stopping (not "past the age of 40"); "the other kind, when the
doctor checks a problem" asks screening against diagnostic mammograms; "any reason she wouldn't just follow the
USPSTF schedule?" asks whether it covers her, not reasons; a start age "brought down to 40 partly because of ..."
asks the reasons; "what did ORG-A recommend in 2024, and how did ORG-B respond?" asks ORG-A's advice beside ORG-B's
reaction (not "what did ORG-B say about it?", which points back); a genetic panel "both neg" after a comma is a negated
finding; "w/" after an age is "with", not weeks of a pregnancy; "for accuracy on a panel label" is the asker's aim,
not the test's accuracy asked; a direct question ended by dictation's "period" ("how much radiation do you get from
one mammogram period ...") still asks; "was that right at the time, and is it still the same today?" asks of today
too, so the question's year does not become its date; Spanish relatives are read only where Spanish is written ("hx
of TIA" is no aunt); "remembers the task force changing its advice back in 2009" is a change that year dates, so "what
did they recommend in 2009?" is asked as of 2009, before any source; plain words asked for in a sentence of their own
after the position asked ("... Please in simple words, she is not medical person.") add the page written for patients
beside the position; "mummy" is a relative; an age a habit dates from ("every year since she turned 50") is her age
then, not now.
Claims: a practice delivering an organization's advice ("per the USPSTF, offer biennial screening ...", "patients
are offered biennial screening per the USPSTF (grade B)", "patients may choose annual screening from 40, consistent
with the ACR recommendation") states no option of the organization's own (ORG "offers" still does); "leaves it up to
women in their 40s" is an individual decision; what one "should not tell" women is denied; "no longer says X" and
"the update ends our advice that X" take X out of guidance still in force, unless the card tells X only as what held
before its update; "does not call for yearly mammograms" against a card recommending biennial ones is right; "does
not apply only to X" says it applies beyond X; "Staff should not tell patients that X" says X is wrong; a diagnostic
mammogram "used for routine screening of people without symptoms" is given the screening one's people. Each with a
counterpart that keeps its reading."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_2017_CBE,
    ACOG_FAQ_DIAGNOSTIC,
    ACOG_FAQ_SELF_AWARENESS,
    ACOG_START,
    ACR_START,
    ACS_45_54,
    ACS_55,
    ACS_CBE,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge


def test_why_they_disagree_asks_the_point_not_the_reasons(engine, settings):
    disagree = engine.ask("Our sopranos range from 40 to 70: yearly or every two years? Why don't the USPSTF, the "
                          "American Cancer Society, ACOG and the radiologists agree on how often?", settings)
    assert disagree.aspects == ("interval",)
    assert "reasons" in engine.ask("Why did the USPSTF change its advice on when to start?", settings).aspects
    assert "reasons" in engine.ask("Why does the ACR recommend screening every year?", settings).aspects


def test_when_a_change_was_made_asks_what_changed(engine, settings):
    asked = engine.ask("Her gynecologist told her in 2019 she can wait until 50. Now I read ACOG say 40 for everybody? "
                       "When this changed, and why they change it?", settings)
    assert {"what_changed", "reasons"} <= set(asked.aspects)
    assert ACOG_START in answered_chunks(engine, settings, "Now ACOG says 40 for everybody? When this changed?")
    assert "what_changed" not in engine.ask("I'm 45. When I changed doctors, what interval does ACOG advise?",
                                            settings).aspects


def test_whether_a_history_changes_anything_is_no_update(engine, settings):
    question = ("Patient is 42, her mother was diagnosed with breast cancer at 61. She asks when she should start and "
                "how often, and whether her mother's cancer changes anything for her. What do the USPSTF and the "
                "ACR say?")
    asked = engine.ask(question, settings)
    assert "what_changed" not in asked.aspects and "applies_to" in asked.aspects
    assert {USPSTF_REC, USPSTF_POPULATION, ACR_START} <= answered_chunks(engine, settings, question)
    assert "what_changed" in engine.ask("What changed in the USPSTF recommendation in 2024?", settings).aspects


def test_a_test_the_patient_pushes_for_is_no_call(engine, settings):
    asked = engine.ask("I'm 47 and my letter said heterogeneously dense, otherwise normal. Should I be pushing for an "
                       "extra ultrasound or MRI, and do the big organizations agree on that?", settings)
    assert asked.aspects == ("dense_breasts",)
    assert "calls_for_more" in engine.ask("After the 2024 task force update, what was the ACR pushing for?",
                                          settings).aspects


def test_past_the_age_asks_about_stopping(engine, settings):
    past = engine.ask("Her mom is healthy, no breast problems. Does her mom still need screening mammograms now, or "
                      "is she past the age?", settings)
    assert "age_75_and_older" in past.aspects
    assert USPSTF_75 in answered_chunks(engine, settings, "Does she still need mammograms, or is she past the age?")
    assert "age_75_and_older" not in engine.ask("She is past the age of 40. When should she start mammograms?",
                                                settings).aspects


def test_the_other_kind_for_a_problem_is_the_diagnostic_one(engine, settings):
    asked = engine.ask("is there something simple from ACOG i can read to my nana, about what is a screening "
                       "mammogram and what is the other kind, when the doctor check a problem?", settings)
    assert asked.aspects == ("screening_vs_diagnostic",)
    assert "screening_vs_diagnostic" not in engine.ask("What kind of mammogram does ACOG recommend, and how often?",
                                                       settings).aspects


def test_a_reason_she_would_not_follow_it_asks_whether_it_covers_her(engine, settings):
    asked = engine.ask("Pt is 50. Her sister had breast cancer and tested BRCA1+, but the pt herself tested negative "
                       "for the family variant. Any reason she wouldn't just follow the regular USPSTF schedule?",
                       settings)
    assert "applies_to" in asked.aspects and "reasons" not in asked.aspects
    assert "reasons" in engine.ask("What reasons did the USPSTF give for its 2024 schedule?", settings).aspects


def test_a_start_brought_down_because_of_something_asks_the_reasons(engine, settings):
    question = ("I heard that the USPSTF bring the mammogram age down to 40 partly because of Black women. Is it "
                "true?")
    assert "reasons" in engine.ask(question, settings).aspects
    assert "reasons" not in engine.ask("I heard that the USPSTF brought the mammogram age down to 40. Is it true?",
                                       settings).aspects


def test_an_organizations_advice_asked_beside_anothers_reaction(engine, settings):
    question = "What did the USPSTF recommend in 2024, and how did the ACR respond?"
    asked = engine.ask(question, settings)
    assert {"start_age", "interval", "response"} <= set(asked.aspects)
    assert USPSTF_REC in answered_chunks(engine, settings, question)
    # a clause that points back to what the question told asks no advice of its own
    back = engine.ask("When the USPSTF final rec came out in 2024, what did the ACR say about it? Did they call it "
                      "an improvement that does not go far enough?", settings)
    assert back.aspects == ("response",)


@pytest.mark.parametrize("claim, chunk, label", [
    # a practice delivering the advice: the offer is its act, not the organization's strength
    ("Policy 4.2: per the USPSTF, offer biennial screening mammography to average-risk patients aged 40-74.",
     USPSTF_REC, ("supports", None)),
    ("Section 7.1: average-risk patients aged forty through seventy-four are offered biennial screening per the "
     "USPSTF (grade B).", USPSTF_REC, ("supports", None)),
    ("Section 7.1a: patients may choose annual screening from 40, consistent with the ACR recommendation.", ACR_START,
     ("supports", None)),
    # told of the organization itself, an offer or a choice stays an option
    ("ACS offers annual screening to women aged 45 to 54.", ACS_45_54, ("contradicts", "misstated_strength")),
    ("The ACR says patients may choose annual screening from 40.", ACR_START, ("contradicts", "misstated_strength")),
    ("Per ACS, clinical breast exams may be offered every 1 to 3 years to women aged 25 to 39.", ACS_CBE,
     ("contradicts", "misstated_strength")),
    # left up to women: an individual decision
    ("The USPSTF generally leaves it up to women in their 40s whether to start screening.", USPSTF_REC,
     ("contradicts", "misstated_strength")),
    # what one should not tell women is denied
    ("The clinic should not tell women that the USPSTF recommends against screening at 75 and older.", USPSTF_75,
     ("supports", None)),
    ("The clinic tells women that the USPSTF recommends against screening at 75 and older.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    # advice said ended while the guidance that states it is in force
    ("The update also ends our advice that clinical breast exams may be offered.", ACOG_2017_CBE,
     ("contradicts", "missing_fact")),
    ("ACOG no longer says clinical breast exams may be offered.", ACOG_2017_CBE, ("contradicts", "missing_fact")),
    ("ACOG says clinical breast exams may be offered.", ACOG_2017_CBE, ("supports", None)),
    # a recommendation denied for another interval than the card's
    ("The USPSTF does not call for yearly mammograms from 40.", USPSTF_REC, ("supports", None)),
    ("The USPSTF does not call for biennial mammograms from 40.", USPSTF_REC, ("contradicts", "misstated_strength")),
    # a reach denied
    ("The USPSTF recommendation does not apply only to cisgender women; it also covers transgender men and nonbinary "
     "people assigned female at birth.", USPSTF_POPULATION, ("supports", None)),
    ("The USPSTF recommendation applies only to cisgender women.", USPSTF_POPULATION, ("contradicts", "missing_fact")),
    # what staff are told not to tell patients is said to be wrong; the frame's words are no content
    ("Staff should not tell patients that the USPSTF recommends stopping at 75; its I statement is neither for nor "
     "against.", USPSTF_75, ("supports", None)),
    ("Staff should not tell patients that the USPSTF gives an I statement for women 75 and older.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("Staff should tell patients that the USPSTF recommends stopping at 75.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    # a diagnostic mammogram given the screening one's people
    ("ACOG's FAQ says a diagnostic mammogram is the kind used for routine screening of people without symptoms.",
     ACOG_FAQ_DIAGNOSTIC, ("contradicts", "missing_fact")),
    ("ACOG's FAQ says a screening mammogram is the kind used for routine screening of people without symptoms.",
     ACOG_FAQ_DIAGNOSTIC, ("supports", None)),
])
def test_claims_read_delivered_offers_denials_and_endings(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk) == label


def test_an_ending_the_card_tells_as_what_held_before_is_no_removal(verifier):
    # acog-2024#starting-age: "Before this update, ACOG advised offering screening from 40 and beginning no
    # later than 50": taking out the by-50 bound is the change it tells
    assert judge(verifier, "ACOG's guidance no longer includes beginning no later than 50.", ACOG_START) \
        == ("partially_supports", "missing_fact")
    assert judge(verifier, "ACOG's guidance no longer includes screening from age 40.", ACOG_START) \
        == ("contradicts", "missing_fact")


def test_an_individual_decision_then_is_the_2016_position(verifier):
    assert judge(verifier, "In 2016, the USPSTF left it up to women in their 40s whether to start screening.",
                 USPSTF_2016_40_49, dt.date(2020, 1, 1)) == ("supports", None)


def test_a_panel_both_negative_is_a_negated_finding(engine, settings):
    assert engine.ask("Re: myself - 41F, did a BRCA1/2 panel bc of Ashkenazi background, both neg. No FHx, no sx. "
                      "USPSTF vs ACR on interval? q1y or q2y?", settings).scope_flags == ()
    assert engine.ask("41F, did a BRCA1/2 panel, both positive. USPSTF interval?", settings).scope_flags \
        == ("known_high_risk_genetics",)


def test_with_after_an_age_is_no_weeks_of_pregnancy(engine, settings):
    asked = engine.ask("Does ACOG currently tell avg-risk pts to begin mammo at 40, or only to offer it at 40 w/ start "
                       "by 50? Need to answer a parent in the chair.", settings)
    assert asked.scope_flags == () and not asked.abstain
    assert engine.ask("34F G2P1 at 28w, asks if she should start mammograms", settings).scope_flags \
        == ("pregnancy_or_lactation",)


def test_the_askers_aim_of_accuracy_is_no_question_of_the_tests(engine, settings):
    asked = engine.ask("For accuracy on a panel label: what exactly changed between the USPSTF's 2016 and 2024 "
                       "recommendations for women aged 40 to 49?", settings)
    assert not asked.abstain
    assert engine.ask("What is the accuracy of 3D mammograms?", settings).abstain


def test_a_dictated_question_ended_by_a_period_still_asks(engine, settings):
    asked = engine.ask("how much radiation do you get from one mama gram compared to a chest x-ray period I'm up on "
                       "roofs in the sun all day so I worry about it adding up question mark", settings)
    assert asked.abstain and asked.scope_flags == ()
    # a sentence of its own subject told before the question is no question
    assert not engine.ask("When I turned 40 my doctor said every two years period is that still what the task force "
                          "says question mark", settings).abstain


def test_right_at_the_time_and_still_the_same_today_asks_of_today(engine, settings):
    asked = engine.ask("Back in 2019 our visiting nurse told residents the Task Force had 'no position' on mammograms "
                       "after 75. Was that right at the time, and is it still the same today?", settings)
    assert asked.reference_date_source == "pinned" and asked.settings.reference_date == settings.reference_date
    assert {USPSTF_75, "uspstf-2016#age-75-and-older"} <= {c for ids in asked.answer_chunks.values() for c in ids}
    then = engine.ask("Back in 2019 our visiting nurse told residents the Task Force had 'no position' on mammograms "
                      "after 75. Was that right at the time?", settings)
    assert then.reference_date_source == "question" and then.settings.reference_date.year == 2019


def test_a_clinical_abbreviation_is_no_spanish_relative(engine):
    # Spanish relatives are read only where Spanish is written: "hx of TIA" is a transient ischaemic attack
    assert "aunt" not in engine.vocabulary.normalize("Pt 61F, hx of TIA and HTN, asks about mammo interval")
    assert engine.vocabulary.normalize("su tía tuvo cáncer de mama") == "su aunt had breast cancer"


def test_a_change_told_before_its_year_is_that_years_own(engine, settings):
    # "changing its advice back in 2009": the change the year dates, no later time asked; 2009 is before any source
    asked = engine.ask("Our oldest member remembers the task force changing its mammogram advice back in 2009 and "
                       "everyone at church being upset about it. What exactly did they recommend in 2009?", settings)
    assert asked.abstain and asked.reference_date_source == "question"
    assert not engine.ask("The task force changed its mammogram advice back in 2009. What does it recommend now?",
                          settings).abstain


def test_plain_words_asked_after_the_position_add_the_patient_page(engine, settings):
    question = ("Mummy asks: should she do self-checking of breast every month? What does ACOG say about breast "
                "self-awareness? Please in simple words, she is not medical person.")
    assert {"acog-2017#clinical-breast-examination", ACOG_FAQ_SELF_AWARENESS} \
        <= answered_chunks(engine, settings, question)
    # asked for in the same breath as the point, the page written for patients alone answers
    assert answered_chunks(engine, settings, "Please in simple words: what does ACOG say about breast "
                                             "self-awareness?") == {ACOG_FAQ_SELF_AWARENESS}


def test_an_age_a_habit_dates_from_is_no_age_now(engine, settings):
    asked = engine.ask("Mummy is 66, healthy, only takes BP tablet (amlodipine) and thyroxine. She is doing mammogram "
                       "every year since she turned 50. Our new doctor says every 2 year is enough. Who is right as "
                       "per guidelines?", settings)
    assert asked.patient["ages"] == [[66, 66]]
    assert ACS_55 in {c for ids in asked.answer_chunks.values() for c in ids}
    # an age she turned, told as now, is hers
    assert engine.ask("I turned 50 last month. How often should I go?", settings).patient["ages"] == [[50, 50]]
