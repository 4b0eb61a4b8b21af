"""Questions: a year that names a version ("what moved compared with the 2016 version?") is no event's date;
"why does one organization say every year and another every two years?" asks the point they differ on, not their
reasons; an opening "when the task force put out its start-at-40, every-two-years rule, how did the college react?"
tells the act reacted to, whose points are not asked; "put out a statement saying the guidelines muddle folks up"
asks what it said on that point, not its reaction; "which organization says X, and why?" asks the reasons of those
that say X; "76 and still fit enough to ..." is her age, and "give up on mammograms" is stopping; a health ministry
named in its own language ("Minzdrav") is an organization the corpus does not hold; "six months along" is a
pregnancy; "discharge out of one nipple" is a symptom; "something written plain for the wife" asks for patient
material; "what schedule would that put her on?" asks how often; "Wife's 52" and "Me mam's 78" give the age of
the person asked about; "who's saying what" between two organizations named asks those two; "Heard hair dye ups
the odds of breast cancer. Any truth in it?" asks about a habit no card names as a risk factor.

Claims: "die two times more often" is a relative increase of 100%; "coming out against" is advice against;
"pushed its start later, to 45" gives a start age; "woman own decision" is an individual decision; "are outside
the advice" and "shuts out" and "be out of the advice" exclude; "as children or young adults" is a young age;
"none of them tells" and "every one of the four groups" speak for every organization; "the USPSTF finds X and ACOG
calls Y" is two parts; "not call it 'individual decision' anymore" is no longer so; a claim that opens "As of July
2024," speaks of that time with its present verbs; "only until age eighty" and "quit at seventy-five" set a fixed
stop; "need not start at 24" states no start at 24; an interval "if she'd rather" is her preference, not the one
interval; "leaves 1 or 2 years to a shared decision" is that interval; "stripped X out of its advice" removes it;
"hasn't got enough data (to say)", "a clean mammogram" and "helps or hurts" are the I statement's words, "just"
none; the writer's "she should book her first one now" is no content; ", the same thing the ACS recommends" speaks
for the ACS too; "doesn't stand in for" is "does not replace"; "carry on" is continuing and
"then sort it out with her doctor, based on how long she's likely to live" a decision made together on longevity;
"the ACR statement came out in 2019" gives a year no ACR document was published in.
Each with a counterpart that keeps its reading."""

import pytest

from review_app.engine.dates import without_event_years

from .chunks import (
    ACOG_2017_75,
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_DENSE,
    ACOG_FAQ_DENSE,
    ACOG_FAQ_SELF_AWARENESS,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_75,
    ACR_CONFLICTING,
    ACR_RESPONSE,
    ACR_RESPONSE_ANNUAL,
    ACR_RISK,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_55,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_DBT,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge

# --- questions ---------------------------------------------------------------------------------------------


def test_a_year_naming_a_version_is_no_event(engine):
    events = engine.scope.context.events
    asked = "uspstf changed tack in 2024. what exactly moved compared with the 2016 version?"
    assert "2016" in without_event_years(asked, events)
    assert "2016" not in without_event_years("she moved to ohio in 2016. has anything changed?", events)


def test_what_moved_compared_with_a_version_asks_what_changed(engine, settings):
    decision = engine.ask("The task force changed tack on women in their 40s in 2024. What exactly moved compared "
                          "with the 2016 version?", settings)
    assert "what_changed" in decision.aspects
    assert USPSTF_CHANGES in answered_chunks(engine, settings, "The task force changed tack on women in their 40s "
                                                               "in 2024. What exactly moved compared with the 2016 "
                                                               "version?")


def test_one_organization_against_another_asks_the_point_they_differ_on(engine, settings):
    question = "Why one organization tell every year and another tell every two years? I am 50. Please explain " \
               "which is ACR and which is USPSTF."
    decision = engine.ask(question, settings)
    assert decision.aspects == ("interval",)
    assert {USPSTF_REC, ACR_START} <= answered_chunks(engine, settings, question)
    assert "reasons" in engine.ask("Why does the ACR say every year? I am 50.", settings).aspects


def test_an_opening_clause_telling_the_act_reacted_to_asks_no_point(engine, settings):
    question = "When the task force put out its start-at-40, every-two-years rule in spring 2024, how did the " \
               "radiologists' college react?"
    assert engine.ask(question, settings).aspects == ("response",)
    assert answered_chunks(engine, settings, question) == {ACR_RESPONSE, ACR_RESPONSE_ANNUAL}
    asked = engine.ask("How often does the task force say to screen, and how did the radiologists' college react?",
                       settings)
    assert "interval" in asked.aspects and "response" in asked.aspects


def test_a_statement_told_by_what_it_said_asks_that_point(engine, settings):
    question = "Radiologists' college put out a statement saying all these different mammogram guidelines muddle " \
               "folks up. What did they actually say about that?"
    assert engine.ask(question, settings).aspects == ("conflicting_advice",)
    assert answered_chunks(engine, settings, question) == {ACR_CONFLICTING}
    assert "response" in engine.ask("Did the radiologists' college put out a statement on the 2024 task force "
                                    "update?", settings).aspects


def test_which_organization_says_it_and_why_asks_the_reasons_of_those_that_say_it(engine, settings):
    question = "I read on internet that every woman need a 'risk assessment' for breast cancer before 25 years. " \
               "Which organization say this, and why they mention Black women and Jewish women?"
    assert answered_chunks(engine, settings, question) == {ACR_RISK}
    assert USPSTF_CHANGES in answered_chunks(engine, settings, "Why does the USPSTF start at 40?")


def test_an_age_opening_with_what_she_still_is_and_giving_up_on_mammograms(engine, settings):
    question = "76 and still fit enough to true a wheel by hand. Does the task force say I should give up on " \
               "mammograms now?"
    decision = engine.ask(question, settings)
    assert decision.patient["ages"] == [[76, 76]]
    assert decision.aspects == ("age_75_and_older",)
    assert "age_75_and_older" in engine.ask("Does the task force say I should give up on mammograms?",
                                            settings).aspects
    assert "age_75_and_older" not in engine.ask("She gave up smoking last year. How often does the task force say "
                                                "she should have a mammogram?", settings).aspects


def test_a_health_ministry_named_in_its_own_language_is_not_held(engine, settings):
    decision = engine.ask("What recommends Russian Minzdrav about mammography interval for women from 40 to 49? I "
                          "need it for comparison in my report for conference.", settings)
    assert decision.abstain and decision.organizations_absent
    assert not engine.ask("What does the USPSTF recommend about the mammography interval for women from 40 to 49? I "
                          "need it for my report.", settings).abstain


@pytest.mark.parametrize(("flag", "told", "counterpart"), [
    # "six months along" is a pregnancy (not a few weeks along in a process)
    ("pregnancy_or_lactation",
     "Daughter's 41 and six months along with her first. Should she be getting her screening mammogram now or hang "
     "fire till after?",
     "She is 41 and a few weeks along in the process of choosing a new clinic. Should she be getting her screening "
     "mammogram now?"),
    # "discharge out of one nipple" is a symptom (not when denied)
    ("diagnostic_symptoms",
     "Wife's 46, been getting some clear discharge out of one nipple past couple weeks. She due for her regular "
     "screening mammogram anyhow?",
     "Wife's 46, no lumps and no discharge out of either nipple. She due for her regular screening mammogram anyhow?"),
])
def test_lay_words_for_a_pregnancy_and_a_symptom(engine, settings, flag, told, counterpart):
    assert flag in engine.ask(told, settings).scope_flags
    assert flag not in engine.ask(counterpart, settings).scope_flags


def test_something_written_plain_asks_for_patient_material(engine, settings):
    question = "After something from ACOG written plain for the wife about her dense breasts, and whether she " \
               "needs more tests on top of the mammogram."
    assert ACOG_FAQ_DENSE in answered_chunks(engine, settings, question)
    assert ACOG_FAQ_DENSE not in answered_chunks(engine, settings, "What does ACOG say about her dense breasts, and "
                                                                   "whether she needs more tests on top of the "
                                                                   "mammogram?")


def test_what_schedule_asks_how_often(engine, settings):
    question = "Wife just turned 40. Her mom had breast cancer at 62. Does the task force guideline still cover " \
               "her, and what schedule would that put her on?"
    assert "interval" in engine.ask(question, settings).aspects
    assert "interval" not in engine.ask("Wife just turned 40. Her mom had breast cancer at 62. Does the task force "
                                        "guideline still cover her?", settings).aspects


def test_a_contracted_age_opening_the_sentence_is_the_person_asked_about(engine, settings):
    assert engine.ask("Wife's 52, gets her mammogram every spring like clockwork. How often does the cancer society "
                      "say?", settings).patient["ages"] == [[52, 52]]
    decision = engine.ask("Me mam's 78, on blood pressure tablets and has a bad knee, nowt serious. The "
                          "radiologists' college, ACR — do they reckon she keeps on with the yearly mammogram?",
                          settings)
    assert decision.aspects == ("age_75_and_older",)
    assert answered_chunks(engine, settings, "Me mam's 78. The radiologists' college, ACR — do they reckon she keeps "
                                             "on with the yearly mammogram?") == {ACR_75}
    assert engine.ask("Her mom's 62 and had breast cancer. How often should I be screened?",
                      settings).patient["ages"] != [[62, 62]]


def test_who_says_what_between_two_organizations_named_asks_those_two(engine, settings):
    question = "Wife's 52. Her doc says now every other year's fine per the task force, but I thought the cancer " \
               "society says every year? Which is it, who's saying what?"
    assert answered_chunks(engine, settings, question) == {USPSTF_REC, ACS_45_54}
    assert ACR_START in answered_chunks(engine, settings, "Who says every year?")


# --- claims ------------------------------------------------------------------------------------------------


def test_two_times_more_often_is_a_relative_increase_of_100_percent(verifier):
    assert judge(verifier, "USPSTF say Black women die from breast cancer two times more often.",
                 USPSTF_CHANGES) == ("contradicts", "missing_fact")
    assert judge(verifier, "USPSTF says Black women are about 40% more likely to die of breast cancer.",
                 USPSTF_CHANGES)[0] == "supports"


def test_coming_out_against_is_advice_against(verifier):
    assert judge(verifier, "The 2016 I statement on DBT amounted to the USPSTF coming out against it as the primary "
                           "test.", USPSTF_2016_DBT) == ("contradicts", "misstated_strength")
    assert judge(verifier, "In 2016 the USPSTF found the evidence on DBT as the primary test insufficient.",
                 USPSTF_2016_DBT)[0] == "supports"


def test_a_start_pushed_later_to_an_age_is_a_start_age(verifier):
    assert judge(verifier, "In 2024 ACOG pushed its start later, to 45.", ACOG_START) == ("contradicts",
                                                                                         "missing_fact")
    assert judge(verifier, "In 2024 ACOG moved its start earlier, to 40.", ACOG_START)[0] != "contradicts"


def test_a_woman_own_decision_is_an_individual_decision(verifier):
    assert judge(verifier, "In 2016, USPSTF said to begin before 50 was woman own decision, with grade C.",
                 USPSTF_CHANGES)[0] == "supports"
    assert judge(verifier, "In 2016, USPSTF said to begin before 50 was the doctor's decision, with grade C.",
                 USPSTF_CHANGES)[0] != "supports"


def test_outside_the_advice_excludes_and_as_children_is_a_young_age(verifier):
    claim = "Those who had high-dose radiation to the chest as children or young adults, and those with an " \
            "earlier breast cancer, are outside the 2024 USPSTF advice."
    assert judge(verifier, claim, USPSTF_EXCLUSIONS)[0] == "supports"
    assert judge(verifier, "Those with dense breasts are outside the 2024 USPSTF advice.",
                 USPSTF_POPULATION)[0] == "contradicts"


def test_out_of_the_advice_and_shutting_out_exclude(verifier):
    assert judge(verifier, "If she'd a mother with breast cancer she'd be out of the task force advice altogether.",
                 USPSTF_POPULATION)[0] == "contradicts"
    assert judge(verifier, "The 2024 task force advice shuts out anyone whose sister has had breast cancer.",
                 USPSTF_POPULATION)[0] == "contradicts"
    assert judge(verifier, "The 2024 task force advice shuts out anyone with a BRCA1 or BRCA2 mutation.",
                 USPSTF_EXCLUSIONS)[0] == "supports"


def test_none_of_them_and_every_one_of_the_groups_speak_for_every_organization(verifier):
    assert judge(verifier, "None of them tells a healthy average-risk 60-year-old not to be screened.",
                 USPSTF_REC) == ("partially_supports", "wrong_organization")
    assert judge(verifier, "Every one of the four groups says a healthy 76-year-old should keep getting screened.",
                 ACS_STOP) == ("partially_supports", "wrong_organization")
    assert judge(verifier, "The USPSTF does not tell a healthy average-risk 60-year-old not to be screened.",
                 USPSTF_REC)[0] == "supports"


def test_a_second_organization_joined_by_and_with_its_own_verb_is_its_own_part(verifier):
    claim = "Across the net of opinions, only the ACR recommends MRI for dense breasts; the USPSTF finds the " \
            "evidence insufficient and ACOG calls extra tests not routine."
    assert judge(verifier, claim, ACOG_DENSE) == ("partially_supports", "wrong_organization")
    assert judge(verifier, claim, USPSTF_DENSE) == ("partially_supports", "wrong_organization")


def test_not_anymore_is_no_longer(verifier):
    assert judge(verifier, "Now USPSTF not call it 'individual decision' for forties anymore; it is biennial "
                           "screening with grade B.", USPSTF_CHANGES)[0] == "supports"
    assert judge(verifier, "USPSTF doesn't recommend biennial screening for women in their 40s anymore.",
                 USPSTF_REC)[0] == "contradicts"
    # ("not to do it anymore", "don't need them anymore" are advice against, not a "no longer")
    assert judge(verifier, "The USPSTF says most women past seventy-five probably don't need mammograms anymore.",
                 USPSTF_75)[0] == "contradicts"
    assert judge(verifier, "When the woman reach 75 years, the Task Force is saying not to do the mammogram anymore.",
                 USPSTF_75) == ("contradicts", "misstated_strength")


def test_a_claim_speaking_as_of_a_past_time_speaks_of_that_time(verifier):
    claim = "As of July 2024, ACOG's standing signal is still Practice Bulletin 179: offer mammography from 40 and " \
            "start by 50 at the latest."
    assert judge(verifier, claim, ACOG_2017_START)[0] == "supports"
    assert judge(verifier, claim, ACOG_START) == ("does_not_support", "wrong_version")
    assert judge(verifier, "As of July 2024, ACOG's position is still Practice Bulletin 179, and it remains so today.",
                 ACOG_2017_START) == ("does_not_support", "wrong_version")


def test_only_until_an_age_and_quitting_at_an_age_set_a_fixed_stop(verifier):
    assert judge(verifier, "ACS tell to keep screening while woman is healthy and can expect ten or more years of "
                           "life, but only until age eighty.", ACS_STOP)[0] == "contradicts"
    assert judge(verifier, "ACS says quit at seventy-five unless she's got ten good years left in her.",
                 ACS_STOP)[0] == "contradicts"
    assert judge(verifier, "ACS says women should continue screening as long as they are in good health and have a "
                           "life expectancy of ten years or more.", ACS_STOP)[0] == "supports"


def test_an_age_one_need_not_start_at_is_no_start(verifier):
    assert judge(verifier, "She need not start mammography at 24; by ACR, average-risk mammography starts only from "
                           "forty, yearly.", ACR_START)[0] == "supports"
    assert judge(verifier, "She should start mammography at 24; by ACR, average-risk mammography is yearly.",
                 ACR_START)[0] == "contradicts"


def test_an_interval_told_as_her_preference_is_not_the_one_interval(verifier):
    assert judge(verifier, "ACS says a 58-year-old may want to stay yearly if she'd rather; both are on the table.",
                 ACS_55)[0] != "contradicts"
    assert judge(verifier, "ACS says a 58-year-old should stay yearly.", ACS_55)[0] == "contradicts"


def test_an_interval_left_to_a_shared_decision(verifier):
    claim = "Interval is the big split: the task force says every two years, ACR says every year, and ACOG leaves 1 " \
            "or 2 years to a shared decision."
    assert judge(verifier, claim, ACOG_INTERVAL) == ("partially_supports", "wrong_organization")


def test_stripping_advice_out_is_removing_it(verifier):
    # (as "dropped": the section the update left in force still states it)
    assert judge(verifier, "ACOG's 2024 update stripped clinical breast examination out of its advice.",
                 ACOG_2017_CBE)[0] == "contradicts"
    # ("withdrawn by the 2024 update" stays what the 2017 card cannot state, as the older sets label it)
    assert judge(verifier, "ACOG's clinical breast exam advice was withdrawn by its 2024 update.",
                 ACOG_2017_CBE) == ("does_not_support", "missing_fact")


def test_the_i_statement_in_lay_words(verifier):
    assert judge(verifier, "The task force hasn't got enough data to say whether adding ultrasound or MRI after a "
                           "clean mammogram helps or hurts; it's an I statement.", USPSTF_DENSE)[0] == "supports"
    assert judge(verifier, "The task force has enough data to say that adding MRI after a clean mammogram helps.",
                 USPSTF_DENSE)[0] != "supports"
    assert judge(verifier, "It's not that the task force doesn't want her screened; it just hasn't got enough evidence "
                           "to say.", USPSTF_75)[0] == "supports"


def test_the_writers_advice_to_act_is_no_content(verifier):
    assert judge(verifier, "She should book her first one now; the task force's 2024 advice covers women from forty "
                           "at average risk.", USPSTF_POPULATION)[0] == "supports"
    assert judge(verifier, "You should just take whichever one your clinic runs; USPSTF counts both as effective "
                           "mammograms.", USPSTF_MODALITY)[0] == "supports"
    assert judge(verifier, "She should get a mammogram every year; the task force's 2024 advice covers women from "
                           "forty at average risk.", USPSTF_POPULATION)[0] != "supports"


def test_the_same_thing_another_organization_recommends_speaks_for_it(verifier):
    claim = "ACR urges annual, not biennial, mammograms from 40, the same thing the American Cancer Society " \
            "recommends."
    assert judge(verifier, claim, ACS_40_44)[0] == "contradicts"
    assert judge(verifier, claim, ACR_RESPONSE_ANNUAL) == ("partially_supports", "wrong_organization")
    assert judge(verifier, "ACR urges annual, not biennial, mammograms from 40.", ACR_RESPONSE_ANNUAL)[0] == "supports"


def test_standing_in_for_is_replacing(verifier):
    assert judge(verifier, "Knowing how your breasts normally look and feel goes along with mammograms; it doesn't "
                           "stand in for them.", ACOG_FAQ_SELF_AWARENESS)[0] == "supports"
    assert judge(verifier, "Breast self-awareness can stand in for mammograms.",
                 ACOG_FAQ_SELF_AWARENESS)[0] == "contradicts"


def test_carrying_on_and_sorting_it_out_with_her_doctor(verifier):
    assert judge(verifier, "ACOG says keep going through at least 75 and then sort it out with her doctor, based on "
                           "her health and how long she's likely to live.", ACOG_2017_75)[0] == "supports"
    assert judge(verifier, "The task force tells women over 75 to stop, and ACR tells them to carry on.",
                 ACR_75) == ("partially_supports", "wrong_organization")
    assert judge(verifier, "ACR tells women over 75 to stop screening.", ACR_75)[0] == "contradicts"



def test_a_document_said_to_come_out_in_a_year_none_was_published(verifier):
    assert judge(verifier, "The ACR statement came out in 2019.", ACR_RESPONSE) == ("contradicts", "missing_fact")
    assert judge(verifier, "The ACR statement came out in April 2024.", ACR_RESPONSE)[0] == "supports"


def test_a_habit_said_to_up_the_odds_and_asked_about_is_off_corpus(engine, settings):
    decision = engine.ask("Heard permanent hair dye ups the odds of breast cancer. Any truth in it?", settings)
    assert decision.abstain
    assert not engine.ask("Heard the task force now says to start at 40. Any truth in it?", settings).abstain
    assert not engine.ask("I quit smoking and lost weight last year. How often should I get a mammogram at 50?",
                          settings).abstain
