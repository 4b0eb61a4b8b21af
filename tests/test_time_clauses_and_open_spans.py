"""Questions: "before ACOG changed its recommendation in 2024" sets the question's time before that update (its
year told after it); "anything written for ordinary patients" asks for patient material; "when the task force
lowered its age, did it say anything about X?" asks what its change statement said; "what do they want instead?"
asked in the present asks the reacting organization's own schedule beside what its statement said, and a reaction
asked in a clause of its own keeps all of its sections; a state ended in the next clause ("breastfeeding my son, but
this is finish 9 years ago") no longer excludes; an organization named only in a clause telling when the question
is set ("after the task force had moved its start to 40, what was ACOG's position?") is context, not asked; a
region's programme named in its own language ("el programa de cribratge del Departament de Salut") is no source
the corpus holds.

Claims: screening advice applied to a woman who has found a lump is out of the card's scope, even under "not
recommended"; "you should not expect a clinician's exam to be part of routine screening" denies it; "recommends
3D mammography in place of the standard kind" ranks one kind above the other; "from 45 with an option from 40"
is two parts; "yearly from 40 with no upper age" is not another start than a card on 75 and over; "..., after
which it should stop" is about the ages after; "the boundary for starting is age 45" names a start; "unlike ORG-A,
ORG-B does not X" says ORG-A does X; "all the others" named again after a named part is the rest; a list opened by
"the absence of" names every item as absent; "an interval of one year" is annual. Each with a counterpart that keeps
its reading."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_2017_START,
    ACOG_FAQ_SELF_AWARENESS,
    ACOG_INTERVAL,
    ACR_75,
    ACR_RESPONSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_AVERAGE,
    ACS_CBE,
    USPSTF_CHANGES,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge

# --- questions ---------------------------------------------------------------------------------------------


def test_before_a_change_with_its_year_after_sets_the_time(engine, settings):
    # (the bound is read whole, so the year after it is no later time beside the one the gynecologist told in)
    question = "Before ACOG change its recommendation in 2024, from what age ACOG told women to begin mammography? " \
               "My gynecologist in 2019 tell me I can wait until 50."
    decision = engine.ask(question, settings)
    assert decision.reference_date_source == "question" and decision.settings.reference_date.year < 2024
    assert answered_chunks(engine, settings, question) == {ACOG_2017_START}
    # (with no organization's change named, "in 2024" alone is no bound: that year's end)
    assert engine.ask("In 2024, from what age did ACOG tell women to begin?", settings).settings.reference_date \
        == dt.date(2024, 12, 31)


def test_material_written_for_ordinary_patients_is_asked_for(engine, settings):
    question = "Does ACOG have anything written for ordinary patients about breast self-awareness?"
    assert answered_chunks(engine, settings, question) == {ACOG_FAQ_SELF_AWARENESS}
    assert ACOG_FAQ_SELF_AWARENESS not in answered_chunks(
        engine, settings, "What does ACOG say about clinical breast exams for patients over 40?")


def test_what_a_change_said_of_a_group_asks_its_statement(engine, settings):
    question = "When the USPSTF lowered its screening age, did it say anything specifically about Black women?"
    assert engine.ask(question, settings).aspects == ("reasons",)
    assert answered_chunks(engine, settings, question) == {USPSTF_CHANGES}
    assert "reasons" not in engine.ask("When did the USPSTF lower its screening age?", settings).aspects


def test_what_they_want_instead_now_asks_their_own_schedule(engine, settings):
    question = "Heard the task force dropped its starting age to 40. Did the radiologists (the ACR) welcome " \
               "that, and what do they want women to do instead?"
    decision = engine.ask(question, settings)
    assert "interval" in decision.aspects
    assert ACR_START in answered_chunks(engine, settings, question)
    # (what the statement pushed for, asked in the past, is the statement's)
    past = engine.ask("Did the ACR welcome the task force's 2024 update, and what did they push for instead?",
                      settings)
    assert "interval" not in past.aspects
    # (a reaction asked in a clause of its own keeps its sections beside the point asked in another)
    both = "What did the ACR say when the USPSTF finalized its start-at-40 recommendation, and what does ACR " \
           "want instead?"
    assert {ACR_RESPONSE, ACR_RESPONSE_ANNUAL, ACR_START} <= answered_chunks(engine, settings, both)


def test_a_state_ended_in_the_next_clause_does_not_exclude(engine, settings):
    question = "I was breastfeeding my son but this is finish 9 years ago. Now I am 47. ACOG say how often I " \
               "need to do mammogram?"
    decision = engine.ask(question, settings)
    assert not decision.scope_flags and not decision.abstain
    going_on = engine.ask("I am breastfeeding my son, and it is going well. I am 47. ACOG say how often?", settings)
    assert "pregnancy_or_lactation" in going_on.scope_flags


def test_an_organization_named_only_in_a_time_clause_is_context(engine, settings):
    question = "In August 2024, after the USPSTF had already moved its start to 40, what was ACOG's position on " \
               "when women should begin screening mammograms?"
    assert answered_chunks(engine, settings, question) == {ACOG_2017_START}
    # (named there alone, it is the one asked about)
    alone = answered_chunks(engine, settings, "When the USPSTF finalized its 2024 update, did it change the "
                                              "starting age?")
    assert alone and all(c.startswith("uspstf") for c in alone)


def test_a_regions_programme_named_in_its_own_language_is_not_held(engine, settings):
    question = "In Catalonia the programa de cribratge of the Departament de Salut invites women from 50 to 69 " \
               "every two years. My mother is 66, is this still the age range of the Catalan program?"
    assert engine.ask(question, settings).abstain
    assert not engine.ask("My mother is 66. Is every two years from 50 to 69 still right under the USPSTF?",
                          settings).abstain


# --- claims ------------------------------------------------------------------------------------------------


def test_advice_for_a_woman_who_found_a_lump_is_out_of_scope(verifier):
    claim = "Under the ACS guideline, clinical breast examination is not recommended for a woman who has found " \
            "a lump in her breast."
    assert judge(verifier, claim, ACS_CBE) == ("does_not_support", "out_of_scope")
    # (a lump named as absent defines the population, "with no lump": not advice applied to it)
    assert judge(verifier, "Under the ACS guideline, clinical breast examination is not recommended for women "
                           "at average risk with no lump.", ACS_CBE)[1] != "out_of_scope"


def test_an_exam_not_to_be_expected_in_screening_is_denied(verifier):
    claim = "Under the ACS guidance, you should not expect a clinician's breast exam to be part of routine screening."
    assert judge(verifier, claim, ACS_CBE) == ("supports", None)
    assert judge(verifier, "Under the ACS guidance, you should expect a clinician's breast exam to be part of "
                           "routine screening.", ACS_CBE)[0] == "contradicts"


@pytest.mark.parametrize("claim", [
    "The USPSTF recommends 3D mammography in place of standard digital mammography.",
    "The USPSTF recommends 3D mammography instead of standard digital mammography.",
])
def test_one_kind_recommended_in_the_others_place_is_ranked_above_it(verifier, claim):
    assert judge(verifier, claim, USPSTF_MODALITY)[0] == "contradicts"


def test_both_kinds_counted_effective_stay_supported(verifier):
    claim = "The USPSTF counts both 3D mammography and standard digital mammography as effective."
    assert judge(verifier, claim, USPSTF_MODALITY) == ("supports", None)


def test_a_start_with_an_option_before_it_is_two_parts(verifier):
    claim = "The ACS recommends starting at 45 with an option from 40."
    assert judge(verifier, claim, ACS_40_44)[0] == "partially_supports"
    assert judge(verifier, claim, ACS_45_54)[0] == "partially_supports"
    # (the others set aside before it keep their own part)
    aside = "Apart from the ACS, which recommends routine screening from 45 with an option at 40 to 44, the " \
            "others all say to start at 40."
    assert judge(verifier, aside, ACS_40_44)[0] == "partially_supports"


def test_an_open_span_from_40_is_no_other_start_than_75_and_over(verifier):
    claim = "The ACR recommends yearly screening from 40 with no upper age limit."
    assert judge(verifier, claim, ACR_75)[0] == "partially_supports"
    # (a start inside the card's band is another start)
    assert judge(verifier, "The ACR recommends yearly screening from 80.", ACR_75)[0] == "contradicts"


def test_after_which_is_about_the_ages_after(verifier):
    claim = "The ACR wants annual screening from age 40 up to age 74, after which it should stop."
    assert judge(verifier, claim, ACR_RESPONSE_ANNUAL)[0] == "partially_supports"
    assert judge(verifier, claim, ACR_75)[0] == "contradicts"


def test_the_boundary_for_starting_names_a_start(verifier):
    on_date = dt.date(2024, 6, 1)
    assert judge(verifier, "ACOG's boundary for starting is age forty-five.", ACOG_2017_START, on_date)[0] \
        == "contradicts"
    assert judge(verifier, "The starting age is 40 for the USPSTF.", USPSTF_REC) == ("supports", None)


def test_unlike_another_that_does_not_says_the_other_does(verifier):
    claim = "Unlike the ACR, the ACS does not make yearly screening from 40 a firm recommendation: at 40 to 44 it " \
            "is only an option."
    assert judge(verifier, claim, ACS_40_44) == ("partially_supports", "wrong_organization")
    assert judge(verifier, claim, ACR_START) == ("partially_supports", "wrong_organization")
    # (a set-aside organization named with a part of its own keeps that part: no denial to turn)
    assert judge(verifier, "Unlike the ACR, the ACS offers yearly screening at 40 to 44 as an option.", ACR_START)[0] \
        == "does_not_support"


def test_the_rest_named_again_after_a_named_part_is_the_rest(verifier):
    claim = "Of the four bodies, only the ACR says yearly from 40; all the others say every two years."
    assert judge(verifier, claim, ACOG_INTERVAL)[0] == "contradicts"


def test_a_list_opened_by_an_absence_names_every_item_as_absent(verifier):
    claim = "The ACS defines average risk by the absence of a personal history of breast cancer, a strong " \
            "family history, a known mutation such as BRCA, and chest radiation before age 30."
    assert judge(verifier, claim, ACS_AVERAGE) == ("supports", None)
    # (a list after a clause that is not denied names groups as present)
    applied = "The ACS recommends yearly screening from 45 for women who have a BRCA mutation or chest radiation."
    assert judge(verifier, applied, ACS_45_54)[1] == "out_of_scope"


def test_an_interval_of_one_year_is_annual(verifier):
    assert judge(verifier, "The ACR uses an interval of one year from 40.", ACR_START) == ("supports", None)
    assert judge(verifier, "The ACR uses an interval of two years from 40.", ACR_START)[0] == "contradicts"
