"""Questions: "the radiology people" and "the OB folks" name the colleges (not "the radiology folks at the hospital"),
and "the radiologists' group" names the ACR; "the US one" set against another country's body is the USPSTF; "from
which age for such woman?" after a relative's breast cancer asks whether the advice covers her, and so do "is she
just regular folks under the task force?" and "or I am outside of their recommendation?"; "what they are asking
additionally?" asks every call of the response; "did they say anything about the muddle itself?" asks about the
conflicting advice; "who's got it right going by the ACS book?" is judged by the ACS alone; "I also was tested
positive", after a relative's BRCA2, is the asker's variant (not "tested positive for covid"); "a bloke" is a man
asked about, "a bloke at work told me" is not; "all clear since", told after a cancer, denies no history of it;
"checked over for risk by 25" is the risk assessment and "the radiology doctors" the ACR; women of the ages the corpus
debates told "to go every year" are on its topic.

Claims: "no easing off allowed" denies a permission, and a schedule the card leaves to choice denied with no
strength beside ("does not offer every two years") contradicts it; "yearly only, the every-two-years is not an
option" tells two clauses; "knock you out of the guideline" excludes; an age the card does not name is bound to the
band one of its ages opens ("every 1 to 3 years" at 44 against "every 1 to 3 years at 25 to 39, every year from
40"); "..., and woman should begin no later than fifty" is a part of its own; "no evidence to chart a course either
way" is the I statement; a strength the card gives only to what it moved away from is the past's, so "biennial now,
instead of an individual decision" agrees; "before it was" tells the past; "lets choose one or two years" is that
choice; "it doesn't say X, it says Y" tells two parts; "is not applying for" excludes; "it is not only BRCA carriers
who are left out" narrows nothing; a group no card names ("women of Hispanic descent") is not stated; a card's
"family history of breast cancer, such as a mother" names no personal history of it; "should not do additional MRI"
advises against; "no two ways about it" is an obligation; "it is not correct that ACR doesn't want yearly" affirms
yearly; "yearly from 45" against a card on 40 to 44 is the next band's start, not another start; "none recommends
yearly for every woman" against a card giving a choice of one or two years is no schedule denied; "ten or more good
years left" and "ten-plus years ahead" are a life expectancy; "you don't need a mammogram until 45" gives a start.
Each with a counterpart that keeps its reading."""

import pytest

from .chunks import (
    ACOG_2017_CBE,
    ACOG_FAQ_DENSE,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_75,
    ACR_CONFLICTING,
    ACR_DENSE,
    ACR_RESPONSE_RISK,
    ACR_RISK,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_55,
    ACS_STOP,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge

# --- questions ---------------------------------------------------------------------------------------------


def test_the_radiology_people_name_the_college(engine, settings):
    question = "Mother's 76, heart failure, on home oxygen, cardiologist gives her a couple years at most. Do the " \
               "radiology people still want her in for a mammogram every year?"
    assert answered_chunks(engine, settings, question) == {ACR_75}
    assert USPSTF_75 in answered_chunks(engine, settings, "Mother's 76. The radiology folks at the hospital want her "
                                                          "in for a mammogram every year. Should she still go?")


def test_the_radiologists_group_names_the_college(engine, settings):
    question = "My wife's 55, they told her she's got extremely dense breasts, mammogram was clean. Do the " \
               "radiologists' group and the task force agree on getting an MRI on top?"
    assert answered_chunks(engine, settings, question) == {USPSTF_DENSE, ACR_DENSE}


def test_the_us_one_set_against_another_countrys_body_is_the_task_force(engine, settings):
    decision = engine.ask("How does the Canadian task force line up against the US one on mammograms for women in "
                          "their forties?", settings)
    assert not decision.abstain
    assert answered_chunks(engine, settings, "How does the Canadian task force line up against the US one on "
                                             "mammograms for women in their forties?") == {USPSTF_REC}
    assert engine.ask("How does the Canadian task force line up on mammograms for women in their forties?",
                      settings).abstain


@pytest.mark.parametrize(("chunk", "asked", "counterpart"), [
    # "for such woman" after a relative's breast cancer: whether the advice covers her
    (USPSTF_POPULATION,
     "Patient is 43 years old, her mother had breast cancer in 61 years. From which age USPSTF now is saying to begin "
     "mammography for such woman, and how often to do it?",
     "Patient is 43 years old, her mother had breast cancer in 61 years. From which age USPSTF now is saying to begin "
     "mammography, and how often?"),
    # "what they are asking additionally?": every call of the response
    (ACR_RESPONSE_RISK,
     "How American College of Radiology reacted when USPSTF published final recommendation in April 2024? They are "
     "agree with it or not, and what they are asking additionally?",
     "How did the American College of Radiology react when USPSTF published its final recommendation in April 2024?"),
])
def test_such_woman_and_asking_additionally_ask_one_point_more(engine, settings, chunk, asked, counterpart):
    assert chunk in answered_chunks(engine, settings, asked)
    assert chunk not in answered_chunks(engine, settings, counterpart)


@pytest.mark.parametrize("question", [
    "Fella I work the slip with - his wife is 41, her gene panel came back clean. So is she just regular folks under "
    "the task force? When's she start and how often?",
    "Genetic test for me came negative, no BRCA. But mother had breast cancer when she was 52. I am 41 now. Which "
    "interval of mammography USPSTF give for me, or I am outside of their recommendation?",
    # (the next stop's: her group asked again, tests/test_idioms_restrictions_and_then_and_now.py)
    "She's 40 and her mum had breast cancer at 60. Does that change the every-two-years thing from the task force, "
    "or is she still in the same boat?",
    "Daughter's 44. Had the gene test, came back negative, no BRCA. So is she back to ordinary average risk? When "
    "does she start by the cancer society?",
    "I am 42. My mother had breast cancer at 58. Doctor say the USPSTF rules maybe is not for me because of mother. "
    "It is for me or not?",
])
def test_whether_she_is_regular_folks_or_outside_the_advice_asks_whom_it_covers(engine, settings, question):
    assert "applies_to" in engine.ask(question, settings).aspects


def test_whom_it_covers_is_not_asked_without_those_words(engine, settings):
    assert "applies_to" not in engine.ask("Her gene panel came back clean. She is 41. When does she start under the "
                                          "task force, and how often?", settings).aspects
    assert "applies_to" not in engine.ask("I am 42. The USPSTF says every 2 years, but is it for me to decide when to "
                                          "start?", settings).aspects


def test_the_muddle_itself_asks_about_the_conflicting_advice(engine, settings):
    question = "All these groups say different things about mammograms. When the task force put out its 2024 rec, " \
               "did the radiology college say anything about the muddle itself?"
    assert answered_chunks(engine, settings, question) == {ACR_CONFLICTING}
    assert "conflicting_advice" not in engine.ask("I'm in a muddle. When should I start mammograms per the radiology "
                                                  "college?", settings).aspects


def test_who_has_it_right_by_one_organizations_book_asks_that_one(engine, settings):
    question = "Wife's 44. Her doc says hold off till 45, says that's the cancer society's line. Her sister says get " \
               "in the queue now. Who's got it right going by the ACS book?"
    assert answered_chunks(engine, settings, question) == {ACS_40_44, ACS_45_54}
    assert ACR_START in answered_chunks(engine, settings, "Wife's 44. Her doc says hold off till 45. Her sister says "
                                                          "get in the queue now. Who's got it right?")


def test_a_positive_test_echoing_a_relatives_variant_is_the_askers(engine, settings):
    decision = engine.ask("I am 38. My sister have BRCA2 mutation and I also was tested positive last month. From "
                          "which age I must start the mammography and how often?", settings)
    assert decision.abstain and "known_high_risk_genetics" in decision.scope_flags
    assert "known_high_risk_genetics" not in engine.ask("I am 45. My sister had covid and I also tested positive for "
                                                        "covid last month. When should I start mammograms?",
                                                        settings).scope_flags


def test_a_bloke_asked_about_is_a_man_and_one_who_tells_is_not(engine, settings):
    assert "male_screening" in engine.ask("I'm a brewer, 56, a bloke, and my dad had breast cancer a few years back. "
                                          "Should I be getting mammograms like the women do?", settings).scope_flags
    assert "male_screening" not in engine.ask("A bloke at work told me mammograms hurt. I'm 45, when should I "
                                              "start?", settings).scope_flags



def test_a_remission_told_after_a_cancer_denies_no_history(engine, settings):
    decision = engine.ask("My wife had a lumpectomy for breast cancer about 6 years back, all clear since. How often "
                          "should she be getting her screening mammogram now?", settings)
    assert decision.abstain and "personal_history_breast_cancer" in decision.scope_flags
    assert "known_high_risk_genetics" not in engine.ask("She did the BRCA panel, all clear. She is 45. How often "
                                                        "should she be screened?", settings).scope_flags


def test_her_risk_checked_over_in_lay_words_is_the_risk_assessment(engine, settings):
    question = "Our girl's 25, she's Black. Somebody down the pub said the radiology doctors want every woman " \
               "checked over for risk by 25. Is that a real thing?"
    decision = engine.ask(question, settings)
    assert not decision.abstain
    assert answered_chunks(engine, settings, question) == {ACR_RISK}


def test_women_of_the_debated_ages_sent_every_year_are_on_topic(engine, settings):
    decision = engine.ask("All these rules tangle me up like a net with a snag in it. As of summer 2020, which groups "
                          "were telling women in their 40s to go every year?", settings)
    assert not decision.abstain
    assert engine.scope.on_topic("Which groups were telling women in their 40s to go every year?")
    assert not engine.scope.on_topic("How much exercise is recommended for women over 40 every year?")

# --- claims ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("claim", "chunk"), [
    ("ACS wants women over 55 screened every year, no easing off allowed.", ACS_55),
    ("ACOG does not offer every-two-years screening.", ACOG_INTERVAL),
    ("ACOG is recommending once a year mammography only, the every-two-years is not an option by them.",
     ACOG_INTERVAL),
])
def test_a_schedule_the_card_leaves_to_choice_denied_contradicts(verifier, claim, chunk):
    assert judge(verifier, claim, chunk)[0] == "contradicts"


def test_a_denied_obligation_or_recommendation_of_one_interval_leaves_the_choice(verifier):
    assert judge(verifier, "ACOG doesn't require yearly screening.", ACOG_INTERVAL)[0] == "supports"
    assert judge(verifier, "Apart from the ACR, none of the organizations recommends a yearly mammogram for every "
                           "average-risk woman from age 40.", ACOG_INTERVAL)[0] != "contradicts"


def test_an_age_past_a_cards_open_band_binds_to_nothing_new(verifier):
    assert judge(verifier, "Under ACR advice, a patient of seventy-six in good health should keep having a yearly "
                           "mammogram.", ACR_75)[0] == "supports"


def test_an_age_the_card_does_not_name_is_bound_to_the_band_it_falls_in(verifier):
    assert judge(verifier, "For the 44-years woman ACOG is offering also the clinical breast exam every 1 to 3 years.",
                 ACOG_2017_CBE) == ("contradicts", "missing_fact")
    assert judge(verifier, "ACOG offers the clinical breast exam every year at 30.", ACOG_2017_CBE)[0] == "contradicts"
    assert judge(verifier, "ACOG offers the clinical breast exam every year at 50.", ACOG_2017_CBE)[0] == "supports"


def test_and_woman_should_begin_opens_a_part_of_its_own(verifier):
    assert judge(verifier, "ACOG still says screening mammography is only offered from forty, and woman should begin "
                           "no later than fifty.", ACOG_START)[0] == "contradicts"


@pytest.mark.parametrize("claim", [
    "The task force says there isn't enough evidence to chart a course either way for women seventy-five and up.",
    "It's not that USPSTF says don't screen her after 75; it just hasn't got the evidence to say either way.",
])
def test_no_evidence_to_go_either_way_is_the_i_statement(verifier, claim):
    assert judge(verifier, claim, USPSTF_75)[0] == "supports"


@pytest.mark.parametrize("claim", [
    "Women in forties are not left out anymore by USPSTF: since 2024 they get biennial screening with grade B, not "
    "individual decision like in 2016.",
    "USPSTF's rationale: incidence in the forties rose about 2 percent a year from 2015 to 2019, part of why the "
    "forties now get a mammogram every 2 years instead of an individual decision.",
    "In 2024 the women in forties got biennial screening with grade B, before it was individual decision with grade C.",
])
def test_denying_now_what_the_card_moved_away_from_agrees(verifier, claim):
    assert judge(verifier, claim, USPSTF_CHANGES)[0] == "supports"


def test_denying_now_what_the_card_gives_now_contradicts(verifier):
    assert judge(verifier, "ACS does not allow women over 55 to switch to every two years.", ACS_55)[0] \
        == "contradicts"


def test_a_choice_told_without_every_is_that_choice(verifier):
    assert judge(verifier, "The organisations do not agree: USPSTF is saying every two years, ACR every year, and "
                           "ACOG lets choose one or two years.", ACOG_INTERVAL) \
        == ("partially_supports", "wrong_organization")


def test_what_it_does_say_after_what_it_does_not_is_a_part(verifier):
    assert judge(verifier, "The ACOG FAQ doesn't say extra tests are out of the question, it says they're not "
                           "automatic and are something to talk through together.", ACOG_FAQ_DENSE)[0] == "supports"


def test_is_not_applying_excludes(verifier):
    assert judge(verifier, "USPSTF 2024 is not applying for persons with genetic marker or syndrome of high risk, for "
                           "example BRCA1 or BRCA2 mutation.", USPSTF_EXCLUSIONS)[0] == "supports"


def test_not_only_some_narrows_nothing(verifier):
    assert judge(verifier, "USPSTF is excluding also persons with high-risk lesion on previous biopsy, so it is not "
                           "only BRCA carriers who are left out.", USPSTF_EXCLUSIONS)[0] == "supports"
    assert judge(verifier, "Only BRCA carriers are left out by USPSTF.", USPSTF_EXCLUSIONS)[0] == "contradicts"
    assert judge(verifier, "Not only Black women: ACR does not leave out anybody, every woman should have the risk "
                           "assessment by 25.", ACR_RISK)[0] == "supports"


@pytest.mark.parametrize("claim", [
    "The Cancer Society says keep her going as long as she's sound and has ten or more good years left in her.",
    "The Cancer Society says keep going while healthy with ten-plus years ahead.",
])
def test_good_years_left_are_a_life_expectancy(verifier, claim):
    assert judge(verifier, claim, ACS_STOP)[0] == "supports"


@pytest.mark.parametrize(("claim", "chunk", "label", "counterpart", "counterpart_label"), [
    # "knock you out of the guideline" excludes
    ("Dense breasts knock you out of the USPSTF 2024 guideline altogether.", USPSTF_POPULATION, "contradicts",
     "Dense breasts are covered by the USPSTF 2024 guideline.", "supports"),
    # a group no card names is not stated
    ("By ACR it is especially important for the Black women and for women of Hispanic descent.", ACR_RISK,
     "partially_supports",
     "By ACR it is especially important for the Black women and for women of Ashkenazi Jewish descent.", "supports"),
    # a card's "family history of breast cancer, such as a mother" names the mother's cancer, not the group
    ("USPSTF does not apply its 2024 recommendation to the persons with previous breast cancer.", USPSTF_POPULATION,
     "does_not_support", "The USPSTF 2024 recommendation does not apply to women with dense breasts.", "contradicts"),
    # "should not do" advises against
    ("USPSTF say women with dense breasts should not do additional MRI.", USPSTF_DENSE, "contradicts",
     "USPSTF says the evidence is insufficient on additional MRI for dense breasts.", "supports"),
    # "no two ways about it" is an obligation
    ("ACOG wants every woman over 40 to get a clinical breast exam every year, no two ways about it.", ACOG_2017_CBE,
     "contradicts", "ACOG offers every woman over 40 a clinical breast exam every year.", "supports"),
    # a denial denied affirms the interval
    ("It is not correct that ACR doesn't want yearly mammogram from 40.", ACR_START, "supports",
     "ACR does not say yearly from 40.", "contradicts"),
    # the next band's start is no other start (a later one is)
    ("ACS recommends yearly mammograms from 45.", ACS_40_44, "partially_supports",
     "ACS recommends yearly mammograms from 50.", "contradicts"),
    # no need until an age gives a start
    ("ACOG says you don't need a mammogram until 45.", ACOG_START, "contradicts",
     "ACOG says to start mammograms at 40.", "supports"),
])
def test_lay_wording_of_exclusion_strength_and_start(verifier, claim, chunk, label, counterpart, counterpart_label):
    assert judge(verifier, claim, chunk)[0] == label
    assert judge(verifier, counterpart, chunk)[0] == counterpart_label
