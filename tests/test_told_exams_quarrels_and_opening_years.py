"""Questions: a clinical breast exam told by who gives it, in a clause after it ("the breast exam my gyn does every
year"), is asked about; "did ORG agree with ORG-B when they changed it to 40?" and "ORG rejected ORG-B's
recommendation" ask for ORG's reaction; a quarrel among the people asking ("we had quite an argument over coffee") asks
for no reasons; "nursing" as the profession's word ("Nursing exam, item 14") tells no breastfeeding; a man asked about
by whether he should ("wants to know if my grandpa (80) should get mammograms too", "my avô") is a man; a cost told as
why she asks ("bc its expensive") and an employer named as the person asked for ("my employer Mrs D is 73") are
context, not billing or employment law; a change told of the stated year ("in 2009 there was a news story about the
task force changing its advice") keeps that year as the question's; a past year's advice set against today's ("back
in 2018 ..., and how does that compare with what it recommends today?") is answered by both versions; a testimony
"delivered" on a day is written then (no birth); asked in Spanish what the test costs ("cuanto cuesta", "no tienen
seguro", "gratis"), and whether a chest binder raises the risk or makes the test "less accurate", are off the corpus.
Claims: what the evidence is "insufficient to weigh" (the benefits and harms) is not asserted; urged "to talk with
their clinician about whether" a test makes sense is a conversation, not the test recommended; "wait for your next
scheduled mammogram" after a change she notices is the other side of "tell your clinician"; "the choice of 1 or 2
years", "an every-1-or-2-years range" and "Practically, ..." read as intervals and a discourse opener; "may move to
every-other-year screening" is an option, not biennial alone; an opening year the card does not give ("In 2022,
ORG directed ...") is the time the claim speaks of, so a version not yet in force then does not support it (unless
the claim's values are ones the card gives only for what held before it); an answer key's verdict on an option by
its letter ("Option B is not incorrect: ...") and a message's note of what it is ("This is an automated reply.")
frame the claim; "the only option" is no choice; advice "for some patients" against advice for all of them is the
other side; "should be going every year" puts a course forward; "no longer need screening" is screening stopped.
Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from review_app.claims.citations import case_date
from review_app.records import Case

from .chunks import (
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_FAQ_DENSE,
    ACOG_FAQ_SELF_AWARENESS,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_RESPONSE,
    ACS_40_44,
    ACS_55,
    ACS_CBE,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_REC,
)
from .conftest import PINNED, answered_chunks, judge


@pytest.mark.parametrize("claim, chunk, label", [
    # what the evidence cannot weigh is not asserted
    ("The Task Force found the evidence insufficient to weigh the benefits and harms of adding ultrasound or MRI "
     "when a woman with dense breasts has an otherwise negative mammogram.", USPSTF_DENSE, ("supports", None)),
    ("The Task Force says supplemental screening for women with dense breasts has clear benefits.", USPSTF_DENSE,
     ("contradicts", "missing_fact")),
    # urged to talk it over, not to have the test
    ("ACOG's patient materials encourage women with dense breasts to talk with their clinician about whether extra "
     "tests make sense for them.", ACOG_FAQ_DENSE, ("supports", None)),
    ("ACOG's patient materials encourage women with dense breasts to get extra tests.", ACOG_FAQ_DENSE,
     ("contradicts", "misstated_strength")),
    # a change she notices: tell the clinician, not wait
    ("If you notice a change, ACOG's FAQ says you should just wait for your next scheduled mammogram.",
     ACOG_FAQ_SELF_AWARENESS, ("contradicts", "missing_fact")),
    ("If you notice a change, ACOG's FAQ says you should tell your clinician.", ACOG_FAQ_SELF_AWARENESS,
     ("supports", None)),
    # intervals told as a choice, a hyphenated range, and after a discourse opener
    ("ACOG leaves the choice of 1 or 2 years to shared decision-making.", ACOG_INTERVAL, ("supports", None)),
    ("ACOG leaves the choice of 1 or 3 years to shared decision-making.", ACOG_INTERVAL,
     ("does_not_support", "missing_fact")),
    ("Offering a 52-year-old a mammogram every two years falls within ACOG's current every-1-or-2-years range.",
     ACOG_INTERVAL, ("supports", None)),
    ("Practically, for your 45-year-old patients, the Task Force now says every 24 months.", USPSTF_REC,
     ("supports", None)),
    # a move allowed is an option; one required is not
    ("Teaching point: remind the client that from 55 she may move to every-other-year screening.", ACS_55,
     ("supports", None)),
    ("From 55 she must move to every-other-year screening.", ACS_55, ("contradicts", "misstated_strength")),
    # an opening year is the time spoken of
    ("In 2022, ACOG directed that all average-risk individuals begin screening at 40.", ACOG_START,
     ("does_not_support", "wrong_version")),
    ("In 2020, the USPSTF recommended biennial screening from 40.", USPSTF_REC, ("does_not_support", "wrong_version")),
    ("In 2024, ACOG moved the start of screening to 40.", ACOG_START, ("supports", None)),
    # an answer key's verdict on an option by its letter, and a message's note of what it is, are framing
    ("Option B is not incorrect: the USPSTF does not recommend against screening a 76-year-old.", USPSTF_75,
     ("supports", None)),
    ("Option D is correct: an I statement means the USPSTF recommends continued screening.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("A is incorrect: the ACS does not require yearly mammograms before age 45.", ACS_40_44, ("supports", None)),
    ("This is an automated reply. The USPSTF's average-risk recommendation does not apply to people with a BRCA1 or "
     "BRCA2 mutation.", USPSTF_EXCLUSIONS, ("supports", None)),
    # "the only option" leaves no choice; "an option" does
    ("The ACS made biennial screening the only option from 55.", ACS_55, ("contradicts", "missing_fact")),
    ("The ACS made biennial screening an option from 55.", ACS_55, ("supports", None)),
    # advice for all of a group, told as for some of them
    ("ACOG may suggest beginning screening at 40 for some patients.", ACOG_START, ("contradicts", "missing_fact")),
    ("ACOG says all average-risk patients should begin screening at 40.", ACOG_START, ("supports", None)),
    # "should be going every year" puts a course forward
    ("The American Cancer Society says that at 43 you should definitely be going every year.", ACS_40_44,
     ("contradicts", "misstated_strength")),
    ("The American Cancer Society says that at 43 you may want to go every year.", ACS_40_44, ("supports", None)),
    # screening no longer needed is screening stopped
    ("Under the American Cancer Society guideline, women 55 and older no longer need screening.", ACS_55,
     ("contradicts", "missing_fact")),
    ("Under the American Cancer Society guideline, women 55 and older no longer need yearly screening.", ACS_55,
     ("supports", None)),
])
def test_claims_read_weighing_conversations_changes_intervals_and_opening_years(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk) == label


def test_an_opening_month_and_year_in_force_is_no_fact_to_state(verifier):
    # the version in force in March 2022 places its position then; the month is no value the card must give
    assert judge(verifier, "In March 2022, ACOG said screening should be offered from age 40 and begin no later "
                           "than age 50.", ACOG_2017_START, dt.date(2026, 6, 24)) == ("supports", None)


def test_the_exam_told_by_who_gives_it(engine, settings):
    question = ("is the boob exam my gyn does every yr actually recommended or is it just habit? 36, no fam hx, no "
                "lumps. acog vs acs?")
    assert engine.ask(question, settings).aspects == ("clinical_breast_examination",)
    assert {ACOG_2017_CBE, ACS_CBE} <= answered_chunks(engine, settings, question)
    # the mammogram a gynecologist orders is no exam she gives
    assert "clinical_breast_examination" not in engine.ask(
        "is the mammogram my gyn orders every yr actually recommended? 36, no fam hx. acog vs acs?", settings).aspects


def test_agreeing_with_another_when_it_changed_is_a_reaction(engine, settings):
    question = "Did the ACR agree with the task force when they changed it to 40 in 2024 or not?"
    assert "response" in engine.ask(question, settings).aspects
    assert ACR_RESPONSE in answered_chunks(engine, settings, question)
    assert "response" not in engine.ask("Does the ACR agree with the task force on starting at 40?",
                                        settings).aspects


def test_a_quarrel_among_the_askers_asks_for_no_reasons(engine, settings):
    quarrel = engine.ask("We had quite an argument over coffee: for a healthy 58-year-old, is the recommendation a "
                         "mammogram every year or every other year?", settings)
    assert "reasons" not in quarrel.aspects and "interval" in quarrel.aspects
    assert "reasons" in engine.ask("What is the argument for starting at 40?", settings).aspects


def test_nursing_as_a_profession_tells_no_breastfeeding(engine, settings):
    exam = engine.ask("Nursing exam, item 14: a 44-year-old client at average risk asks when the American Cancer "
                      "Society says she should begin yearly mammograms.", settings)
    assert exam.scope_flags == () and not exam.abstain
    nursing = engine.ask("I'm 41 and still nursing my baby. Should I get my first mammogram now?", settings)
    assert nursing.scope_flags == ("pregnancy_or_lactation",)


def test_a_text_delivered_on_a_day_dates_its_claims(verifier):
    def dated(question: str) -> dt.date:
        return case_date(verifier.engine, Case("t-001", question, False, (), (), None, ()), PINNED)
    assert dated("Testimony before a state senate health committee, delivered 2019-03-12, on a bill to mandate "
                 "coverage of annual mammography from age 40: what do the national guidelines say?") \
        == dt.date(2019, 3, 12)
    # a birth is an event in her history, not the day the text was written
    assert dated("She delivered on 2019-03-12 and stopped breastfeeding last year. When should she start "
                 "mammograms?") == PINNED


def test_a_man_asked_about_by_whether_he_should(engine, settings):
    for question in ("grandma wants to know if my grandpa (80) should get mammograms too, because his sister had "
                     "breast cancer", "avó wants to know if my avô (grandpa, 80) should get mammograms too"):
        assert engine.ask(question, settings).scope_flags == ("male_screening",)
    assert engine.ask("i want to know if my sister should get mammograms since our dad had breast cancer",
                      settings).scope_flags == ()


def test_a_cost_told_as_why_and_an_employer_asked_for_are_context(engine, settings):
    cost = engine.ask("her mammo result say 'heterogeneously dense breast tissue' but no cancer seen. the doctor "
                      "mention maybe do MRI or ultrasound also?? is that recomended or not, bc its expensive", settings)
    assert not cost.abstain and "dense_breasts" in cost.aspects
    assert engine.ask("is a 3D mammogram more expensive than a regular one?", settings).abstain
    employer = engine.ask("my employer Mrs D is 73 y/o, she ask me to check if she still need the mammogram every "
                          "year or every 2 yrs only??", settings)
    assert not employer.abstain
    assert engine.ask("does my employer have to give me paid time off for a mammogram?", settings).abstain


def test_one_organization_said_to_reject_anothers_guidance_is_its_reaction(engine, settings):
    question = "Is it true that the ACR rejected the USPSTF 2024 recommendation?"
    assert "response" in engine.ask(question, settings).aspects
    assert ACR_RESPONSE in answered_chunks(engine, settings, question)
    assert "response" not in engine.ask("Is it true that the ACR recommends annual screening?", settings).aspects


def test_a_change_told_of_the_stated_year_keeps_that_year(engine, settings):
    decision = engine.ask("When I was in high school in 2009 there was a huge news story about the task force "
                          "changing mammogram advice for women in their 40s. For my class timeline: what exactly did "
                          "the USPSTF recommend in 2009?", settings)
    assert decision.reference_date_source == "question" and decision.abstain
    since = engine.ask("Back in 2016, what did the USPSTF say, and how has it been changing since?", settings)
    assert since.reference_date_source == "pinned"


def test_a_past_year_set_against_today_answers_both(engine, settings):
    chunks = answered_chunks(engine, settings, "Back in 2018, what did the USPSTF say about women aged 40 to 49 "
                             "starting screening mammograms, and how does that compare with what the USPSTF "
                             "recommends for that age group today?")
    assert {USPSTF_2016_40_49, USPSTF_REC} <= chunks
    assert USPSTF_2016_40_49 not in answered_chunks(engine, settings, "What does the USPSTF recommend for women "
                                                    "aged 40 to 49 today?")



def test_what_the_test_costs_in_spanish_and_a_binder_are_off_corpus(engine, settings):
    cost = engine.ask("mis señoras no tienen seguro. cuanto cuesta una mamografia y hay programas que la dan gratis "
                      "en el condado?", settings)
    assert cost.abstain and cost.scope_flags == ()
    assert not engine.ask("mi mamá tiene 45 años. cada cuanto se debe hacer la mamografia?", settings).abstain
    binder = engine.ask("My son wears a chest binder most days. Could binding raise his risk of breast cancer, or "
                        "make his mammograms less accurate?", settings)
    assert binder.abstain and binder.scope_flags == ()
    assert not engine.ask("My son wears a chest binder most days. He is trans, 45, no top surgery. Does the USPSTF "
                          "say he needs mammograms?", settings).abstain
