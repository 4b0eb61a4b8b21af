"""Questions: a last sentence with no end mark whose last clause asks by inversion ("we only have DBT on post, is that
acceptable or do i need to send her out for 2D") asks, with the clause before it that names what it asks about;
what one organization said when another's guidance "came out" is its reaction; a past year's version told as what
it said, then asked of now ("in 2016 the task force said there wasn't enough evidence for it. is it considered
acceptable by them now?"), is answered by that version beside the current one; a "she" told after "my little
brother" is the woman named before him ("mom is still breastfeeding my little brother. she is 41"); a note's
gestational age beside her gravidity ("28 wks, G1") and a test put off "until after delivery" tell a pregnancy; a
clause whose subject points back ("when the doctor checks the breast by hand, is this needed every year?") asks of
the point the clause before it named (not "does it still apply ...?", which asks of the advice); "the govt panel" is
the national panel (tests/test_lexicon.py); a change dated to the stated time by a word pointing back ("back in
2009? my mom says everything changed then") keeps that time as the question's; "she ask me about Pap test" is an
indirect ask, so the test it names is what is asked.
Claims: a table's or a slide's own labels read aloud ("Row 3, column ACR: ...") are layout, not a number the claim
states; "it is incorrect that" denies what follows; "leaves that to you and your clinician" is a shared decision;
"too limited to weigh" is no group the advice is limited to; a move to another new value of the same kind ("from
biennial to annual" against a move to biennial) contradicts the card's move; a version named by its year and
called in force now ("the 2016 guidance is still in force"), cited to the card of the version that replaced it
entirely, is contradicted; a grade set off after its word ("its top grade, A") or given by a verb of rating ("rated
it a grade C") is read; a count of one test told with its interval ("1 mammogram every 2 yrs") and intervals named by
their length ("a one-year and a two-year interval") are intervals, not numbers; "Since 2024 ORG says ..." speaks of
now; a version pointed back to in the past tense ("Under that bulletin, women could begin ...") speaks of the past;
a year in another part of the sentence than the change ("... changed course: incidence rose from 2015 to 2019")
dates that part, and a period measured given as other years is contradicted; "just because <clause>" belongs to the
denied clause; an option taken out ("no longer considers X an option") is one more negation under a denial frame.
Each with a counterpart that keeps its reading."""

import pytest

from review_app.engine.text import load_vocabulary
from review_app.errors import CorpusError

from .chunks import (
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_75,
    ACR_START,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_CHANGES,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge


@pytest.mark.parametrize("claim, chunk, label", [
    # a table's labels read aloud
    ("Row 3, column ACR: no fixed upper age; continue unless serious comorbidities limit life expectancy.", ACR_75,
     ("supports", None)),
    ("Row 1, column ACR: start at 40, every 12 months.", ACR_START, ("supports", None)),
    ("Row 1, column ACR: start at 45, every 12 months.", ACR_START, ("contradicts", "missing_fact")),
    # "it is incorrect that" denies what follows
    ("Rationale: it is incorrect that the 2024 recommendation does not cover nonbinary persons assigned female at "
     "birth.", USPSTF_POPULATION, ("supports", None)),
    ("Rationale: it is correct that the 2024 recommendation does not cover nonbinary persons assigned female at "
     "birth.", USPSTF_POPULATION, ("contradicts", "missing_fact")),
    # a choice left to the patient and her clinician
    ("You may want to go yearly or every other year; ACOG leaves that to you and your clinician.", ACOG_INTERVAL,
     ("supports", None)),
    # "too limited to weigh" limits no group; "limited to members 75 and over" does
    ("For members 75 and over, the USPSTF says the evidence is too limited to weigh the benefits against the harms "
     "of screening.", USPSTF_75, ("supports", None)),
    ("USPSTF's I statement is limited to members 75 and over.", USPSTF_75, ("partially_supports", "missing_fact")),
    # a move to another new value of the same kind
    ("The 2024 USPSTF update changed screening in the 40s from biennial to annual.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
    ("The 2024 USPSTF update moved the 40s to grade A.", USPSTF_CHANGES, ("contradicts", "misstated_strength")),
    ("The 2024 USPSTF update changed screening in the 40s from an individual decision to biennial screening.",
     USPSTF_CHANGES, ("supports", None)),
    ("The 2024 USPSTF update moved the 40s to grade B.", USPSTF_CHANGES, ("supports", None)),
    # a replaced version called in force now
    ("The USPSTF's 2016 guidance on women in their 40s is still in force.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
    ("The USPSTF's 2016 guidance on women in their 40s is still in force.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    ("The USPSTF's 2024 guidance on women in their 40s is still in force.", USPSTF_CHANGES, ("supports", None)),
    # (a version replaced only in part: its other sections stay current)
    ("ACOG's 2017 advice on clinical breast exams is still in force.", ACOG_2017_CBE, ("supports", None)),
    ("ACOG's 2017 advice on clinical breast exams is still in force.", ACOG_START,
     ("does_not_support", "missing_fact")),
    # a grade set off after its word, and a grade given by a verb of rating
    ("Before 2024, the Task Force gave screening for women in their forties its top grade, A.", USPSTF_2016_40_49,
     ("contradicts", "misstated_strength")),
    ("Before 2024, the Task Force gave screening for women in their forties the grade, C.", USPSTF_2016_40_49,
     ("supports", None)),
    ("Back in 2016, the Task Force left the decision to start before 50 up to each woman and rated it a grade C.",
     USPSTF_2016_40_49, ("supports", None)),
    ("Back in 2016, the Task Force left the decision to start before 50 up to each woman and rated it a grade B.",
     USPSTF_2016_40_49, ("contradicts", "misstated_strength")),
    # a count of one test told with its interval; intervals named by their length in years
    ("Hi Ana! At 50 you're in the USPSTF's 40-74 group: 1 mammogram every 2 yrs.", USPSTF_REC, ("supports", None)),
    ("Hi Ana! At 50 you're in the USPSTF's 40-74 group: 1 mammogram every year.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    ("ACOG leaves the choice between a one-year and a two-year interval to shared decision-making between patient "
     "and clinician.", ACOG_INTERVAL, ("supports", None)),
    ("ACOG recommends a one-year interval.", ACOG_INTERVAL, ("contradicts", "misstated_strength")),
    # "since YEAR it says ...", the version's own year: what holds now
    ("Since 2024 the USPSTF says a woman in her 40s may simply decide for herself whether to screen.", USPSTF_CHANGES,
     ("contradicts", "misstated_strength")),
    ("Since 2024 the USPSTF says a woman in her 40s should get a mammogram every two years.", USPSTF_CHANGES,
     ("supports", None)),
    # a version pointed back to, told in the past tense
    ("Under that bulletin, women could begin in their forties after counseling, and screening was to start no later "
     "than age fifty.", ACOG_2017_START, ("supports", None)),
    ("Under that bulletin, women can begin in their forties after counseling, and screening is to start no later "
     "than age fifty.", ACOG_2017_START, ("does_not_support", "wrong_version")),
    # a year that dates another part of the sentence than the change ("... changed course: incidence rose from ...")
    ("Part of why the Task Force changed course: invasive breast cancer among women in their forties went up about "
     "two percent a year from 2015 to 2019.", USPSTF_CHANGES, ("supports", None)),
    ("Part of why the Task Force changed course: invasive breast cancer among women in their forties went up about "
     "two percent a year from 2012 to 2016.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    # "just because" belongs to the denied clause
    ("It's not true that the USPSTF advice doesn't cover you at 50 just because your sister had breast cancer.",
     USPSTF_POPULATION, ("supports", None)),
    ("It's true that the USPSTF advice doesn't cover you at 50 just because your sister had breast cancer.",
     USPSTF_POPULATION, ("contradicts", "missing_fact")),
    # an option taken out ("no longer considers X an option"), denied
    ("It is simply untrue that ACOG no longer considers a clinical breast exam an option: one may still be offered.",
     ACOG_2017_CBE, ("supports", None)),
    ("ACOG no longer considers a clinical breast exam an option.", ACOG_2017_CBE, ("contradicts", "missing_fact")),
])
def test_claims_read_labels_denials_moves_and_versions_in_force(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk) == label


def test_a_last_sentence_that_asks_by_inversion(engine, settings):
    question = ("base clinic. AD female SM, 40yo, no complaints, neg FHx. per USPSTF does she start mammo now & how "
                "often? we only have DBT on post, is that acceptable or do i need to send her out for 2D")
    assert "modality" in engine.ask(question, settings).aspects
    assert USPSTF_MODALITY in answered_chunks(engine, settings, question)
    # told, not asked: the kind of mammogram is context
    told = engine.ask("base clinic. AD female SM, 40yo, no complaints, neg FHx. per USPSTF does she start mammo now & "
                      "how often? we only have DBT on post.", settings)
    assert "modality" not in told.aspects


def test_what_one_said_when_anothers_guidance_came_out_is_its_reaction(engine, settings):
    reacted = engine.ask("What did the ACR actually say when the USPSTF came out with starting at 40 back in 2024? "
                         "Did they agree with it?", settings)
    assert "response" in reacted.aspects
    assert "response" not in engine.ask("What did the ACR actually say about starting at 40?", settings).aspects


def test_a_past_version_told_then_asked_of_now(engine, settings):
    question = ("I read somewhere that in 2016 the task force said there wasn't enough evidence for 3D mammograms. "
                "Is it considered acceptable by them now, or still kind of experimental?")
    assert {"uspstf-2016#tomosynthesis", USPSTF_MODALITY} <= answered_chunks(engine, settings, question)
    # asked of the past alone, the past version answers alone
    past = answered_chunks(engine, settings, "In 2016, what did the task force say about 3D mammograms?")
    assert "uspstf-2016#tomosynthesis" in past and USPSTF_MODALITY not in past


def test_a_she_is_never_the_brother_named_before_her(engine, settings):
    decision = engine.ask("mom is still breastfeeding my little brother he is 8 month. she is 41. can she go do the "
                          "mammogram now or she must wait? she is asking", settings)
    assert decision.patient.get("asked_for") == "mom"
    assert decision.abstain and decision.scope_flags == ("pregnancy_or_lactation",)
    # a "she" after a woman named last is that woman
    sister = engine.ask("my sister had a baby last year and my brother is fine. she is 44. when should she start "
                        "mammograms?", settings)
    assert sister.patient["ages"] == [[44, 44]]
    assert not sister.abstain


def test_a_gestational_age_beside_gravidity_and_a_birth_to_come(engine, settings):
    note = engine.ask("28 wks, G1, 41yo. Pt asking if she should get her screening mammo done now.", settings)
    assert note.scope_flags == ("pregnancy_or_lactation",)
    waiting = engine.ask("41yo pt asking if she should get her screening mammo done now or wait until after delivery.",
                         settings)
    assert waiting.scope_flags == ("pregnancy_or_lactation",)
    # a gravidity with births, and a delivery long past, tell no pregnancy now
    assert engine.ask("41yo G2P2, delivered 3 years ago, not breastfeeding. Should she get a mammogram?",
                      settings).scope_flags == ()


def test_a_clause_pointing_back_asks_of_the_point_before(engine, settings):
    decision = engine.ask("My mother ask: when the doctor check the breast with hand, is this need every year or only "
                          "the mammogram is enough? She is 50 year old.", settings)
    assert decision.aspects == ("clinical_breast_examination",)
    # a clause with a subject of its own asks its own point
    apart = engine.ask("Does ACS recommend the clinical breast exam? And is a mammogram needed every year at 50?",
                       settings)
    assert {"clinical_breast_examination", "interval"} <= set(apart.aspects)
    # ... and "does it still apply" asks of the advice itself, a point of its own
    advice = engine.ask("Does the USPSTF recommendation include our transgender and nonbinary employees who were "
                        "assigned female at birth, and does it still apply to someone whose mother had breast cancer?",
                        settings)
    assert {"applies_to", "gender_identity"} <= set(advice.aspects)


def test_a_change_dated_then_keeps_the_stated_time(engine, settings):
    decision = engine.ask("random q from my layover reading lol - what did the USPSTF tell women in their 40s back in "
                          "2009? my mom says everything changed then and she stopped going", settings)
    assert decision.reference_date_source == "question" and decision.reference_date_phrase == "back in 2009"
    assert decision.abstain
    # a change since then asks of the present as well
    since = engine.ask("what did the USPSTF say back in 2016? and has it changed since then?", settings)
    assert since.reference_date_source == "pinned" and not since.abstain


def test_what_she_asks_about_is_asked(engine, settings):
    pap = engine.ask("Also she ask me about Pap test. She is 66 now - she can stop to do it? In Ukraine they do every "
                     "year at gynecologist together with breast check.", settings)
    assert pap.abstain and pap.scope_flags == ()
    mammogram = engine.ask("Also she ask me about mammograms. She is 66 now - she can stop to do it? In Ukraine they "
                           "do every year at gynecologist together with breast check.", settings)
    assert not mammogram.abstain


def test_a_bad_pronoun_people_entry_names_the_file_and_field(tmp_path):
    (tmp_path / "vocabulary.yaml").write_text("pronoun_people:\n  she: mother\n", encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        load_vocabulary(tmp_path)
    assert "pronoun_people" in str(error.value) and "vocabulary.yaml" in str(error.value)
