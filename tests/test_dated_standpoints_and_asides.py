"""Questions: "my mamma" is a relative, so her breast cancer is a family history; a man asked about in a learner's
statement-order question with a longer tail ("He should make mammograms every two years like the women do?") is
screening a man; "a check of her breast cancer risk" asks for a risk assessment; "a hand breast exam" and "the
doctor palpates the breasts" are the clinical breast examination; "did ACR say something when USPSTF publish new
one" asks its reaction; guidelines that "disagree ... and it's muddling everybody" ask about the conflict; "which
organization say this and why?" points back to what was told; "the USPSTF recommendation is also for me" asks whom
it covers; "As of 1 June 2024, ...? And had the USPSTF changed its advice by then?" asks at that day; screening
in another sense ("we screen incoming beaver and mink pelts") is not the topic.

Claims: "two per cent annually" is a rate, and "has fallen" takes the other side of "rose"; "less net benefit"
against "greater net benefit"; "gotta" is an obligation; "neither version recommends against" is a double negative;
a year span in a clause joined by ", which" is the clause's own; "doesn't recommend X until I turn fifty" against
"this holds at any age"; "defer screening until after 40" against "earlier than 40"; "by June 2024 ORG had moved"
places the position at that time; "the ACR, answering the USPSTF's April 2024 recommendation, urged yearly" speaks
for the ACR; "leaves transgender men out of its recommendation" is an exclusion, not advice against a test;
"low-dose ... in older age" against "high-dose ... at a young age"; "are not, for ACOG, a reason" negates what
follows the aside; "a decade or more of life ahead" is a life expectancy; "At 35 you should begin" gives a start
age; "ACOG's clinical guidance" names the position; a bare "every 2" set against "yearly" is every 2 years; an exam
"not part of screening" (or "agree: no clinical breast exam") is advised against; "only 3D mammography" against a
card that takes either kind, and "three-dimensional mammography" is tomosynthesis; "my bro (cis guy)" with "the
same plan for him" is a man; "two per cent per annum" is a rate; ", replacing 'offer at 40, begin by 50'" is the
past the update replaced. Each with a counterpart that keeps its reading."""

import datetime as dt

from .chunks import (
    ACOG_2017_CBE,
    ACOG_DENSE,
    ACOG_RATIONALE,
    ACOG_START,
    ACR_HIGHER_RISK,
    ACR_RESPONSE_ANNUAL,
    ACR_RISK,
    ACS_40_44,
    ACS_CBE,
    ACS_STOP,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge

# --- questions ---------------------------------------------------------------------------------------------


def test_my_mamma_is_a_relative(engine, settings):
    question = "My mamma had breast cancer when she was 58. I am 46. The USPSTF recommendation is also for me?"
    assert "personal_history_breast_cancer" not in engine.ask(question, settings).scope_flags
    assert "personal_history_breast_cancer" in engine.ask(
        "I had breast cancer when I was 40. I am 46. The USPSTF recommendation is also for me?", settings).scope_flags


def test_a_man_asked_about_in_statement_order_with_a_longer_tail(engine, settings):
    question = "My husband is 58 and his father was having breast cancer. He should make mammograms every two " \
               "years like the women do?"
    assert "male_screening" in engine.ask(question, settings).scope_flags
    herself = "My husband is 58 and his father was having breast cancer. I should make mammograms every two " \
              "years like the other women do?"
    assert "male_screening" not in engine.ask(herself, settings).scope_flags


def test_a_check_of_her_breast_cancer_risk_is_a_risk_assessment(engine, settings):
    decision = engine.ask("My daughter has 23 years, our family is Ashkenazi Jewish. Somebody told me she need a "
                          "check of her breast cancer risk before 25. Which organization say this and why?", settings)
    assert "risk_assessment" in decision.aspects
    assert ACR_RISK in {c for ids in decision.answer_chunks.values() for c in ids}
    assert "risk_assessment" not in engine.ask("My daughter is 23. Which organization says to start mammograms at 40 "
                                               "and why?", settings).aspects


def test_a_hand_exam_and_a_doctor_palpating_are_the_clinical_exam(engine, settings):
    hand = engine.ask("I'm 38. My gyno wants to do a hand breast exam at every visit. Is that something ACOG backs "
                      "at my age?", settings)
    assert hand.aspects == ("clinical_breast_examination",)
    palpates = "The American Cancer Society, do they still want that the doctor palpates the breasts each year?"
    assert ACS_CBE in answered_chunks(engine, settings, palpates)
    assert "clinical_breast_examination" not in engine.ask(
        "I'm 38. My gyno wants to do a mammogram at every visit. Is that something ACOG backs at my age?",
        settings).aspects


def test_said_something_when_another_publish_is_its_reaction(engine, settings):
    question = "Why radiologists say mammogram every year and USPSTF say every two year? Did ACR say something " \
               "when USPSTF publish new one in 2024?"
    assert "response" in engine.ask(question, settings).aspects
    assert "response" not in engine.ask("Why radiologists say mammogram every year and USPSTF say every two year?",
                                        settings).aspects


def test_guidelines_said_to_muddle_people_ask_about_the_conflict(engine, settings):
    question = "My sister read that the big medical groups disagree on mammograms and it's muddling everybody. Did " \
               "the radiologists (ACR) say anything about that when the USPSTF came out with its 2024 advice?"
    decision = engine.ask(question, settings)
    assert decision.aspects == ("conflicting_advice",)
    assert "conflicting_advice" not in engine.ask(
        "My sister is muddling through her new job. Did the ACR say anything about screening at 40?", settings).aspects


def test_the_recommendation_is_also_for_me_asks_whom_it_covers(engine, settings):
    question = "My mother had breast cancer. I am 46. The USPSTF recommendation is also for me, and how often I go?"
    assert USPSTF_POPULATION in answered_chunks(engine, settings, question)
    assert "applies_to" not in engine.ask("I am 46. The USPSTF recommendation, how often I go?", settings).aspects


def test_by_then_points_back_to_the_day_stated(engine):
    question = "As of 1 June 2024, what did ACOG advise about when to begin mammograms and how often? And had the " \
               "USPSTF changed its advice by then?"
    stated = engine.stated_time(question)
    assert stated is not None and stated.date == dt.date(2024, 6, 1)
    assert engine.stated_time("As of 1 June 2024, what did ACOG advise? And has it changed since?") is None


# --- claims ------------------------------------------------------------------------------------------------


def test_a_rate_in_per_cent_and_a_fall_against_a_rise(verifier):
    assert judge(verifier, "Incidence among women in their forties has fallen by approximately two per cent "
                           "annually.", ACOG_RATIONALE)[0] == "contradicts"
    assert judge(verifier, "Incidence among women in their forties has risen by approximately two per cent "
                           "annually.", ACOG_RATIONALE)[0] == "supports"


def test_less_net_benefit_against_greater(verifier):
    assert judge(verifier, "ACOG's rationale states that earlier screening offers less net benefit but reduces "
                           "inequities.", ACOG_RATIONALE)[0] == "contradicts"
    assert judge(verifier, "ACOG's rationale states that earlier screening offers greater net benefit and reduces "
                           "inequities.", ACOG_RATIONALE)[0] == "supports"


def test_gotta_is_an_obligation(verifier):
    assert judge(verifier, "acs says u gotta start yearly at 41", ACS_40_44) == ("contradicts", "misstated_strength")
    assert judge(verifier, "acs says u can start yearly at 41 if u want", ACS_40_44)[0] == "supports"


def test_neither_version_recommends_against_is_a_double_negative(verifier):
    assert judge(verifier, "Neither version recommends against screening at 75 and older.", USPSTF_75)[0] == \
        "supports"
    assert judge(verifier, "Both versions recommend against screening at 75 and older.", USPSTF_75)[0] == \
        "contradicts"


def test_a_year_span_in_a_clause_of_its_own(verifier):
    claim = "She said invasive breast cancer in women in their forties rose roughly two percent a year between " \
            "2015 and 2019, which is part of why the USPSTF changed its advice."
    assert judge(verifier, claim, USPSTF_CHANGES)[0] == "supports"
    moved = "She said invasive breast cancer in women in their forties rose roughly two percent a year between " \
            "2018 and 2022, which is part of why the USPSTF changed its advice."
    assert judge(verifier, moved, USPSTF_CHANGES)[0] != "supports"


def test_withheld_until_an_age_against_any_age(verifier):
    assert judge(verifier, "She said the ACS doesn't recommend clinical breast exams until I turn fifty.",
                 ACS_CBE)[0] == "contradicts"
    assert judge(verifier, "The ACS does not recommend clinical breast exams for average-risk women at any age.",
                 ACS_CBE)[0] == "supports"


def test_a_start_put_off_past_an_age_against_earlier(verifier):
    assert judge(verifier, "Employees at higher than average risk should, per the ACR, defer screening until after "
                           "the age of forty.", ACR_HIGHER_RISK)[0] == "contradicts"
    assert judge(verifier, "Women at higher than average risk should, per the ACR, start screening before 40.",
                 ACR_HIGHER_RISK)[0] == "supports"


def test_by_a_month_places_the_position_at_that_time(verifier):
    june = dt.date(2024, 6, 1)
    assert judge(verifier, "By June 2024 the USPSTF had already moved to biennial screening from 40.", USPSTF_REC,
                 june)[0] == "supports"
    assert judge(verifier, "By March 2024 the USPSTF had already moved to biennial screening from 40.", USPSTF_REC,
                 june) == ("does_not_support", "wrong_version")
    assert judge(verifier, "In June 2024 the USPSTF moved to biennial screening from 40.", USPSTF_REC,
                 june)[0] == "contradicts"


def test_the_organization_answered_is_an_object(verifier):
    assert judge(verifier, "The ACR, answering the USPSTF's April 2024 recommendation, urged yearly screening from "
                           "forty.", ACR_RESPONSE_ANNUAL)[0] == "supports"
    assert judge(verifier, "The ACR, answering the USPSTF's April 2024 recommendation, urged screening every two "
                           "years from forty.", ACR_RESPONSE_ANNUAL)[0] == "contradicts"


def test_leaving_a_group_out_is_an_exclusion(verifier):
    assert judge(verifier, "USPSTF 2024 leaves transgender men out of its recommendation.",
                 USPSTF_POPULATION)[0] == "contradicts"
    assert judge(verifier, "USPSTF 2024 brings transgender men into its recommendation.",
                 USPSTF_POPULATION)[0] == "supports"


def test_a_dose_and_a_time_of_life_take_sides(verifier):
    assert judge(verifier, "USPSTF excludes who had low-dose radiation to the chest in older age.",
                 USPSTF_EXCLUSIONS)[0] == "contradicts"
    assert judge(verifier, "USPSTF excludes who had high-dose radiation to the chest at a young age.",
                 USPSTF_EXCLUSIONS)[0] == "supports"


def test_an_aside_inside_a_negation(verifier):
    assert judge(verifier, "Dense breasts by themselves are not, for ACOG, a reason for routine added screening.",
                 ACOG_DENSE)[0] == "supports"
    assert judge(verifier, "Dense breasts by themselves are, for ACOG, a reason for routine added screening.",
                 ACOG_DENSE)[0] == "contradicts"


def test_a_decade_of_life_ahead_is_a_life_expectancy(verifier):
    assert judge(verifier, "ACS asks women to continue screening so long as they are healthy with a decade or more "
                           "of life ahead.", ACS_STOP)[0] == "supports"
    assert judge(verifier, "ACS asks women to continue screening so long as they are healthy with two years of "
                           "life ahead.", ACS_STOP)[0] != "supports"


def test_a_start_age_told_before_its_verb(verifier):
    assert judge(verifier, "At 35 you should begin yearly mammograms, says ACOG.", ACOG_START)[0] == "contradicts"
    assert judge(verifier, "At 40 you should begin mammograms, says ACOG.", ACOG_START)[0] == "supports"


def test_an_organization_s_clinical_guidance_names_its_position(verifier):
    assert judge(verifier, "ACOG's clinical guidance says you should begin at 40.", ACOG_START)[0] == "supports"
    assert judge(verifier, "ACOG's clinical guidance says you should begin at 45.", ACOG_START)[0] == "contradicts"



def test_a_bare_every_2_set_against_yearly_is_every_2_years(verifier):
    claim = "uspstf + acr both start at 40, split on yearly vs every 2"
    assert judge(verifier, claim, USPSTF_REC)[0] == "partially_supports"
    assert judge(verifier, "uspstf + acr both start at 40, both yearly", USPSTF_REC)[0] == "contradicts"


def test_an_exam_said_to_be_no_part_of_screening_is_advised_against(verifier):
    assert judge(verifier, "ACOG says clinical breast exams are not part of screening for average-risk women at any "
                           "age.", ACOG_2017_CBE) == ("contradicts", "misstated_strength")
    assert judge(verifier, "ACOG agrees: no clinical breast exam.", ACOG_2017_CBE)[0] == "contradicts"
    assert judge(verifier, "ACOG says clinical breast exams may be part of screening for average-risk women.",
                 ACOG_2017_CBE)[0] == "supports"


def test_one_kind_of_test_as_the_only_one_against_either(verifier):
    assert judge(verifier, "USPSTF 2024 says only 3D mammography should be used from now on.",
                 USPSTF_MODALITY)[0] == "contradicts"
    assert judge(verifier, "USPSTF 2024 says either 3D or standard digital mammography can be used.",
                 USPSTF_MODALITY)[0] == "supports"
    assert judge(verifier, "The USPSTF stipulates that three-dimensional mammography is required.",
                 USPSTF_MODALITY) == ("contradicts", "misstated_strength")


def test_a_cis_guy_is_a_man(engine, settings, verifier):
    assert judge(verifier, "my bro (cis guy) is 41 too, uspstf says same plan for him", USPSTF_REC) == (
        "does_not_support", "out_of_scope")
    assert "male_screening" in engine.ask("my bro (cis guy) is 41, what does uspstf say?", settings).scope_flags
    assert "male_screening" not in engine.ask("my sis (cis gal) is 41, what does uspstf say?", settings).scope_flags


def test_screening_goods_or_pelts_is_another_topic(engine, settings):
    pelts = "We screen incoming beaver and mink pelts for density of the underfur before grading. Is there a " \
            "recommended interval or guideline for re-checking dense pelts in storage?"
    assert not engine.scope.on_topic(pelts)
    assert engine.ask(pelts, settings).abstain
    assert engine.scope.on_topic("We screen incoming patients for density before grading. Is there a recommended "
                                 "interval for re-checking dense breasts?")


def test_a_rate_per_annum(verifier):
    claim = "The USPSTF cites a rise in invasive breast cancer incidence among women in their forties of " \
            "approximately two per cent per annum between 2015 and 2019."
    assert judge(verifier, claim, USPSTF_CHANGES)[0] == "supports"
    assert judge(verifier, claim.replace("two per cent", "four per cent"), USPSTF_CHANGES)[0] == "contradicts"


def test_a_quoted_wording_replaced_is_the_past(verifier):
    assert judge(verifier, "ACOG's update says everyone at average risk starts at 40, replacing 'offer at 40, begin "
                           "by 50'.", ACOG_START)[0] == "supports"
    assert judge(verifier, "ACOG's update says everyone at average risk starts at 45, replacing 'offer at 40, begin "
                           "by 50'.", ACOG_START)[0] == "contradicts"
