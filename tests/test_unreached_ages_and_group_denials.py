"""Questions: a history told at an age older than every age the patient states she is now ("Nani had breast cancer
at 63 ... Me 41") is someone else's, and a learner's "Me 41" opening a sentence states her age; a denial of a
group ("neither of them has any lumps", "nobody here has had") negates each finding; a relative's word glossed in
brackets ("my khala (aunt) is 61") and "an average-risk woman of 52" state an age; "is that a reason to wait?"
puts her own state as a reason, not the organization's reasons; "what does average risk mean?" asks whom the
advice covers; "an ORG page for patients" asks for the patient-education source; "once you pass 75" asks about
stopping; "am I still on the regular schedule?" asks whether the advice covers her; "how did ORG receive it? did
they find it adequate?" asks its reaction, and "what do they advise in its place?" its own advice beside it; an
exposure at work said to make the cancer more likely, a dose in millisieverts, and how long the result takes to
come are off-corpus; a cause of the cancer asked of a word or two ("does the radiation give you cancer?") is too,
while "do dense breasts cause breast cancer? should I get extra screening?" stays answerable. Each with a
counterpart that keeps its reading."""

from .chunks import (
    ACOG_DENSE,
    ACOG_FAQ_DENSE,
    ACR_RESPONSE,
    ACR_START,
    ACS_55,
    ACS_AVERAGE,
    USPSTF_75,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks


def test_a_history_at_an_age_she_has_not_reached_is_someone_elses(engine, settings):
    asked = engine.ask("Nani had breast cancer at 63, she is doing well now. Me 41, no problems. Does the USPSTF "
                       "say I start mammograms at 40 like everyone else?", settings)
    assert asked.patient["ages"] == [[41, 41]]
    assert not asked.abstain and "personal_history_breast_cancer" not in asked.scope_flags
    assert USPSTF_REC in answered_chunks(engine, settings, "Nani had breast cancer at 63, she is doing well now. "
                                                           "Me 41, no problems. Does the USPSTF say I start "
                                                           "mammograms at 40 like everyone else?")
    # (a history at an age she has passed may be her own)
    own = engine.ask("I'm 66 and had breast cancer at 61. Does the USPSTF say I keep screening every two years?",
                     settings)
    assert "personal_history_breast_cancer" in own.scope_flags and own.abstain


def test_a_denial_of_a_group_negates_each_finding(engine, settings):
    denied = engine.ask("My two sisters are 47 and 50; neither has any lumps and nobody in the family has had "
                        "breast cancer. How often does ACS want them screened?", settings)
    assert "diagnostic_symptoms" not in denied.scope_flags and not denied.abstain
    lump = engine.ask("My sister is 47 and she has a lump in her left breast. How often does ACS want her screened?",
                      settings)
    assert "diagnostic_symptoms" in lump.scope_flags


def test_a_glossed_relative_and_a_described_woman_state_an_age(engine, settings):
    glossed = engine.ask("My khala (aunt) is 61. Is it every year or every 2 years for her with the American "
                         "Cancer Society?", settings)
    assert glossed.patient["ages"] == [[61, 61]]
    assert answered_chunks(engine, settings, "My khala (aunt) is 61. Is it every year or every 2 years for her with "
                                             "the American Cancer Society?") == {ACS_55}
    described = engine.ask("For an average-risk woman of 58 under ACS, how often are mammograms?", settings)
    assert described.patient["ages"] == [[58, 58]]
    # (a range of women asked about is no one's age)
    assert engine.ask("For average-risk women of 50 to 74, how often does the USPSTF advise mammograms?",
                      settings).patient["ages"] != [[50, 50]]


def test_her_own_state_put_as_a_reason_asks_no_reasons(engine, settings):
    own = engine.ask("I finished breastfeeding two years ago and I'm 40. Is that a reason to wait, or does ACOG say "
                     "to begin now?", settings)
    assert "reasons" not in own.aspects and "start_age" in own.aspects
    assert "reasons" in engine.ask("What reason did ACOG give for moving the start to 40?", settings).aspects


def test_what_a_risk_group_means_asks_whom_the_advice_covers(engine, settings):
    assert ACS_AVERAGE in answered_chunks(engine, settings, "For the American Cancer Society, what does average "
                                                            "risk actually mean, and when should my mother start?")
    assert "applies_to" not in engine.ask("When does the American Cancer Society say to start mammograms?",
                                          settings).aspects


def test_a_page_for_patients_asks_for_the_patient_education_source(engine, settings):
    q = "My sister's letter says she has dense breasts. Is there an ACOG page for patients about what to do?"
    assert answered_chunks(engine, settings, q) == {ACOG_FAQ_DENSE}
    assert answered_chunks(engine, settings, "What does ACOG advise about dense breasts?") == {ACOG_DENSE}


def test_passing_an_age_asks_about_stopping(engine, settings):
    q = "My neighbour read that the USPSTF now recommends against mammograms once you pass 75. Is that right?"
    assert engine.ask(q, settings).aspects == ("age_75_and_older",)
    assert answered_chunks(engine, settings, q) == {USPSTF_75}
    # (an age told with no verb of passing it asks nothing of stopping)
    assert "age_75_and_older" not in engine.ask("My neighbour is 52. How often does the USPSTF want her screened?",
                                                settings).aspects


def test_still_on_the_regular_schedule_asks_whether_the_advice_covers_her(engine, settings):
    q = "My mom had breast cancer at 67. I'm 45. Am I still on the regular schedule for the USPSTF?"
    assert "applies_to" in engine.ask(q, settings).aspects
    assert USPSTF_POPULATION in answered_chunks(engine, settings, q)
    assert "applies_to" not in engine.ask("I'm 45. What is the regular USPSTF schedule?", settings).aspects


def test_how_it_received_another_guidance_is_its_reaction(engine, settings):
    received = "When the USPSTF finalized its 2024 update, how did the ACR receive it? Did they find it adequate?"
    assert engine.ask(received, settings).aspects == ("response",)
    in_its_place = received + " And what does the ACR advise in its place?"
    assert {ACR_RESPONSE, ACR_START} <= answered_chunks(engine, settings, in_its_place)
    # (a patient finding her results adequate is no organization reacting)
    assert "response" not in engine.ask("I'm 50 and found the ACR advice clear. How often does it say to screen?",
                                        settings).aspects


def test_exposures_doses_and_result_logistics_are_off_corpus(engine, settings):
    for question in ("Does years of breathing welding fumes make breast cancer more likely?",
                     "How many mSv does one screening mammogram give compared with a dental x-ray?",
                     "I had my screening mammogram on Monday. How many days does it take for the result to come?",
                     "Does the radiation from a yearly mammogram give you cancer?"):
        asked = engine.ask(question, settings)
        assert asked.abstain and asked.off_topic, question
    # (the risk of dense breasts is the corpus's subject: asked with the screening, it is answered)
    dense = engine.ask("Do dense breasts cause breast cancer? Should I get extra screening?", settings)
    assert not dense.abstain
    # (the cancer named as what the screening is for: "give" a grade, not the cancer)
    assert not engine.ask("What grade does the task force give breast cancer screening for women in their 40s?",
                          settings).abstain
    # (how long to wait for the next screening is the interval)
    assert not engine.ask("How long after a normal mammogram should I wait before the next one, per ACS?",
                          settings).abstain
