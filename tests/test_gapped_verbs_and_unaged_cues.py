"""Questions: "does ORG say I should be getting mammograms now?" asks whether to screen at her age (the subject before
the modal, as told of what ORG says); a question opening with who the asker is by any word, her age set off by
commas ("Groomer, 57, on my feet all day"), states her age; "still screening every year at my age?" asks about
stopping only when she states no age short of it (she is 57: how often); "a fellow volunteer" is no man; an
autocorrected name ("the task farce") names its organization, so only it answers; "their 2024 update about
starting at 40" names a version, not the start asked; "when ORG moved the start down to 40, what figures did it
cite?" sets the reasons asked in that change, not the start apart; "what do they recommend instead?" asks its advice
as a whole (its own recommendation beside its reaction); "weren't entirely happy with it" is a reaction; "did ORG
think starting at 40 was enough?" asks its reaction.
Claims: a verb left out of a second part ("the USPSTF says every year and the ACR every two years") is the first
part's, so each organization is judged on its own value (not after a colon in the sentence: "ORG-A and ORG-B split on
how often: ORG-A advises X and ORG-B Y" is read whole); "leans toward yearly over every other year" prefers one; "a
two-year gap", "a gap of one or two years" are schedules; "does not recommend X, it only offers the option" is an
option, not a recommendation against; "insurers are legally required to cover it" is no obligation of the
recommendation's; "a stand-in for mammograms" replaces them; an update that "changed the advice for women over 75"
against a card leaving it in place; "compulsory" is an obligation; "whichever group you follow" speaks for every
organization, unless credited to one ("..., as ORG's FAQ suggests"); a group "not in this advice" is left out of it;
"where ORG-A says every 24 months, ORG-B says every 12" leaves the months unsaid; "every woman of average risk" is
the card's people, not everyone; a test "not yet proven" against a card calling it effective; "the choice between
every 1 and every 2 years" is the choice of either. Questions also: "... had a lumpectomy in 2018, now she is 70" is
the relative asked for; a cause of the cancer told and then checked ("heard that X causes breast cancer. Is that
true?") is something no card covers. Each with a counterpart that keeps its reading."""

from .chunks import (
    ACOG_75,
    ACOG_2017_CBE,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_RESPONSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_55,
    ACS_STOP,
    USPSTF_75,
    USPSTF_CHANGES,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge


def test_told_what_org_says_she_should_be_getting_now_asks_the_start(engine, settings):
    told = engine.ask("I'm 43 and well. Does ACOG say I should be getting mammograms now, and how often?", settings)
    assert told.aspects == ("start_age", "interval")
    assert answered_chunks(engine, settings, "I'm 43 and well. Does ACOG say I should be getting mammograms now, "
                                             "and how often?") >= {ACOG_START, ACOG_INTERVAL}
    # (how often she should be getting them now asks the interval alone)
    assert engine.ask("I'm 43. How often does ACOG say I should be getting mammograms now?",
                      settings).aspects == ("interval",)


def test_an_opening_word_for_who_she_is_then_her_age_states_her_age(engine, settings):
    asked = engine.ask("Welder, 58, long shifts. Does ACS still want me having mammograms every year at my age "
                       "or can I space them out?", settings)
    assert asked.patient["ages"] == [[58, 58]]
    assert asked.aspects == ("interval",)
    assert answered_chunks(engine, settings, "Welder, 58, long shifts. Does ACS still want me having mammograms "
                                             "every year at my age or can I space them out?") == {ACS_55}
    # (ages listed as choices are no one's age; an age past 75 still asks about stopping)
    assert engine.ask("Mammograms, 40, 45 or 50: which start is right?", settings).patient["ages"] == []
    older = engine.ask("Welder, 81, long retired. Does ACS still want me having mammograms at my age?", settings)
    assert older.aspects == ("age_75_and_older",)
    assert engine.ask("Should my mother keep having mammograms at her age?", settings).aspects == ("age_75_and_older",)


def test_a_fellow_before_a_noun_is_no_man(engine, settings):
    friend = engine.ask("A fellow choir member is 77 and healthy; does ACOG say she can stop mammograms now?", settings)
    assert "male_screening" not in friend.scope_flags
    assert not friend.abstain
    assert "male_screening" in engine.ask("An old fellow, 70, wants to know if he needs a mammogram.",
                                          settings).scope_flags


def test_an_autocorrected_name_names_its_organization(engine, settings):
    chunks = answered_chunks(engine, settings, "my aunt just turned 77. does the task farce still want her "
                                               "getting screened?")
    assert chunks == {USPSTF_75}
    assert answered_chunks(engine, settings, "my aunt just turned 77. does the task force still want her "
                                             "getting screened?") == {USPSTF_75}
    # (no organization named: every one answers)
    assert ACS_STOP in answered_chunks(engine, settings, "my aunt just turned 77. should she still get screened?")


def test_an_update_named_by_what_it_changed_is_no_start_asked(engine, settings):
    asked = engine.ask("Does ACOG still want women to be breast self-aware, or was that dropped in their 2024 update "
                       "about starting at 40?", settings)
    assert asked.aspects == ("self_awareness",)
    assert answered_chunks(engine, settings, "Does ACOG still want women to be breast self-aware, or was that "
                                             "dropped in their 2024 update about starting at 40?") == {ACOG_2017_CBE}
    assert "start_age" in engine.ask("Does ACOG say to start at 40, and does it still want women to be breast "
                                     "self-aware?", settings).aspects


def test_a_change_told_as_the_setting_is_no_start_asked_apart(engine, settings):
    asked = engine.ask("When the USPSTF lowered the start to 40 in 2024, what numbers did it point to?", settings)
    assert asked.aspects == ("reasons",)
    assert USPSTF_CHANGES in answered_chunks(engine, settings, "When the USPSTF lowered the start to 40 in 2024, "
                                                               "what numbers did it point to?")
    assert "start_age" in engine.ask("What age does the USPSTF say to start at, and what numbers did it point to?",
                                     settings).aspects


def test_what_it_recommends_instead_and_an_adverb_of_displeasure(engine, settings):
    asked = engine.ask("I heard the radiologists were not entirely pleased with the task force's final "
                       "recommendation. What did the ACR say about it, and what does it recommend instead?", settings)
    assert asked.aspects == ("start_age", "interval", "response")
    assert {ACR_RESPONSE, ACR_RESPONSE_ANNUAL, ACR_START} <= answered_chunks(
        engine, settings, "I heard the radiologists were not entirely pleased with the task force's final "
                          "recommendation. What did the ACR say about it, and what does it recommend instead?")
    enough = engine.ask("Did the ACR think the task force starting at 40 was enough?", settings)
    assert "response" in enough.aspects
    # (what it recommends, no "instead": its own advice)
    assert engine.ask("What does the ACR recommend?", settings).aspects == ("start_age", "interval")


def test_a_verb_left_out_of_the_second_part_is_the_first_parts(verifier):
    claim = "For how often, the USPSTF says every year and the ACR every two years."
    assert judge(verifier, claim, USPSTF_REC)[0] == "contradicts"
    assert judge(verifier, claim, ACR_START)[0] == "contradicts"
    right = "For how often, the USPSTF says every two years and the ACR every year."
    # (each card states its own organization's part of the right claim)
    assert judge(verifier, right, USPSTF_REC) == ("partially_supports", "wrong_organization")
    assert judge(verifier, right, ACR_START) == ("partially_supports", "wrong_organization")


def test_leaning_toward_one_interval_over_another_prefers_it(verifier):
    assert judge(verifier, "ACOG leans toward annual mammograms over every other year.", ACOG_INTERVAL)[0] \
        == "contradicts"
    assert judge(verifier, "ACOG leaves the choice of annual or every other year to shared decision-making.",
                 ACOG_INTERVAL)[0] == "supports"


def test_a_gap_between_tests_is_a_schedule(verifier):
    assert judge(verifier, "From 55, ACS says women may switch to a two-year gap or stay yearly.", ACS_55)[0] \
        == "supports"
    assert judge(verifier, "From 55, ACS says women may switch to a gap of two years or stay yearly.", ACS_55)[0] \
        == "supports"
    assert judge(verifier, "From 55, ACS says women must switch to a three-month gap.", ACS_55)[0] != "supports"


def test_a_recommendation_denied_beside_the_option_offered_is_the_option(verifier):
    option = "The ACS does not recommend annual screening at 40 to 44; it only gives women the option."
    assert judge(verifier, option, ACS_40_44)[0] == "supports"
    assert judge(verifier, "The ACS recommends against annual screening at 40 to 44.", ACS_40_44)[0] == "contradicts"


def test_a_payers_obligation_is_no_strength_of_the_recommendation(verifier):
    payer = "Because the USPSTF grade is B, health plans are required to cover the mammogram."
    assert judge(verifier, payer, USPSTF_REC)[0] != "contradicts"
    assert judge(verifier, "The USPSTF requires women aged 40 to 74 to have a mammogram every two years.",
                 USPSTF_REC)[0] == "contradicts"


def test_a_stand_in_replaces_and_a_change_against_what_was_left_in_place(verifier):
    from .chunks import ACOG_FAQ_SELF_AWARENESS
    assert judge(verifier, "Breast self-awareness is a stand-in for screening mammograms.",
                 ACOG_FAQ_SELF_AWARENESS)[0] == "contradicts"
    assert judge(verifier, "The ACOG 2024 update changed the advice for women over 75.", ACOG_75)[0] == "contradicts"
    assert judge(verifier, "The ACOG 2024 update left the advice for women over 75 in place.", ACOG_75)[0] \
        == "supports"


def test_compulsory_whichever_group_and_not_in_the_advice(verifier):
    assert judge(verifier, "ACS says yearly mammograms are compulsory from 45 to 54.", ACS_45_54) \
        == ("contradicts", "misstated_strength")
    assert judge(verifier, "ACS recommends yearly mammograms from 45 to 54.", ACS_45_54)[0] == "supports"
    assert judge(verifier, "Whichever group you follow, you should have a mammogram every year from 40.",
                 ACR_START)[0] == "partially_supports"
    assert judge(verifier, "The ACR says to have a mammogram every year from 40.", ACR_START)[0] == "supports"
    assert judge(verifier, "The USPSTF says a woman whose sister had breast cancer is not in this advice.",
                 USPSTF_POPULATION)[0] == "contradicts"
    assert judge(verifier, "The USPSTF says a woman whose sister had breast cancer is in this advice.",
                 USPSTF_POPULATION)[0] == "supports"


def test_a_relative_told_of_with_now_before_her_age_is_the_one_asked_for(engine, settings):
    asked = engine.ask("My aunt had a lumpectomy for breast cancer in 2018, now she is 70 and lives with us. How "
                       "often she need mammogram?", settings)
    assert asked.patient.get("asked_for") == "aunt"
    assert asked.abstain and "personal_history_breast_cancer" in asked.scope_flags
    # (the asker's own age told after the relative's history: the history stays the aunt's)
    mine = engine.ask("My aunt had a lumpectomy for breast cancer in 2018, now I am 45. How often do I need a "
                      "mammogram?", settings)
    assert "personal_history_breast_cancer" not in mine.scope_flags and not mine.abstain


def test_months_left_unsaid_in_a_second_part(verifier):
    assert judge(verifier, "Where the USPSTF says every 24 months, the ACR says every 12.", ACR_RESPONSE_ANNUAL)[0] \
        == "supports"
    assert judge(verifier, "Where the USPSTF says every 24 months, the ACR says every 24.", ACR_RESPONSE_ANNUAL)[0] \
        == "contradicts"


def test_a_universal_credited_to_one_organization_and_no_verb_copied_after_a_colon(verifier):
    from .chunks import ACOG_FAQ
    credited = "Whichever group you follow, talk with your clinician about how often to screen, as ACOG's FAQ suggests."
    assert judge(verifier, credited, ACOG_FAQ)[0] == "supports"
    # (after a colon the sentence is read as a whole: the part before it names both organizations)
    split = "The USPSTF and the ACR split on how often: the USPSTF advises biennial screening and the ACR annual."
    assert judge(verifier, split, ACR_START)[0] != "contradicts"


def test_every_woman_of_a_risk_and_a_test_not_yet_proven(verifier):
    from .chunks import USPSTF_2016_DBT, USPSTF_MODALITY
    assert judge(verifier, "The USPSTF says every woman of average risk aged 40 to 74 should have a mammogram every "
                           "two years.", USPSTF_REC)[0] == "supports"
    assert judge(verifier, "The USPSTF says every woman should have a mammogram every two years.", USPSTF_REC)[0] \
        == "partially_supports"
    assert judge(verifier, "The USPSTF says 3D mammography is not yet proven as a screening test.",
                 USPSTF_MODALITY)[0] == "contradicts"
    assert judge(verifier, "In 2016 the USPSTF said 3D mammography was not yet proven as a primary screening test.",
                 USPSTF_2016_DBT)[0] == "supports"
    assert judge(verifier, "ACOG leaves the choice between every 1 and every 2 years to shared decision-making.",
                 ACOG_INTERVAL)[0] == "supports"



def test_a_cause_told_and_asked_back_is_off_corpus(engine, settings):
    asked = engine.ask("My grandmother read that sleeping in an underwire bra causes breast cancer. Is that true?",
                       settings)
    assert asked.abstain and asked.scope_flags == ()
    # (a cause told in passing before a question the cards answer is context)
    told = engine.ask("A coworker swears underwire bras cause cancer. Anyway, when should I start mammograms?",
                      settings)
    assert not told.abstain
