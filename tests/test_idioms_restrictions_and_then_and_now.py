"""Questions: a boy named by whose he is ("breastfed her last boy") is her child, not a man asked about (asked of,
"should my boy get one?", he is); "is she still in the same boat?" and "is she back to ordinary average risk?" ask
whom the advice covers, and so do "the USPSTF rules maybe is not for me" and "It is for me or not?" (not "is it for
me to decide?"); "the radiologists" and "the ob-gyns" as items of a list of the organizations name the colleges;
"doctor check breasts by hands" and "(clinical exam)" ask about the clinician's exam; "I feed baby with breast now"
is breastfeeding (not a breastfeeding that ended); a past time pointed back to and today asked after it ("what did
it say then ...? And now - same or changed?"), or today asked first ("what it is thinking now, and what it was
thinking in 2016?"), asks both versions; an age put in place of hers ("if she was 45 instead", "what if she were
45?") is the age asked about; a man asked of with the modal after him ("Husband must do mammogram screening?") is a
man; "they change it then", after a stated year, dates no later time.

Claims: a stop in lay words ("quit at 74", "pack it in at 75", "75 as the hard stop") is a direction to stop, and
"no more mammograms once you're past 75" advises against (not "no hard stop"); "no matter how healthy" denies the
card's condition, and "whatever her life expectancy" waives the life expectancy it weighs; a learner's "drop X from
its advice" takes advice out; advice kept to a group the card does not single out ("only for Black women")
contradicts it, and so does a denial kept to an age band ("not recommended, but only for women younger than 40")
against a card's "at any age"; "whichever she and her clinician settle on", "talked over between her and her
clinician" and "going on her health" are the shared decision; "every year, no skipping" is the yearly interval; "had
every woman getting a mammogram" and "all four say start at 40" are recommendations; "the ACR and the task force
part ways: yearly against every two years" gives each its own value; a ranking of one kind over another ("catches
more cancers than the flat kind") is not stated by a card that finds both effective (a preference over the other is
contradicted); "if you're of a mind to" and "only if she asks for one" make an option; a change or update dated to a
year neither its source nor its card gives contradicts (not "moved from X in 2016 to Y in 2024"); "begin only when
they reach 50" gives a start; "then one every two years" states no number one; "grades screening for women aged 50
to 74 a C" gives a grade; a choice left "to the clinician alone" is not shared; "the stopping point" names the
topic, not a stop; "differing recommendations help patients choose and should be kept as they are" reverses the
ACR's call; "40 times more likely" is not 40% more; a time told between two documents is checked against their
publication dates. Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_75,
    ACOG_2017_CBE,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_75,
    ACR_CONFLICTING,
    ACR_RESPONSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_55,
    ACS_CBE,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_2016_DBT,
    USPSTF_2016_DENSE,
    USPSTF_2016_REC,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge

# --- questions ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("flagged", "flag", "counterpart"), [
    # a man asked of is a man; a boy named by whose he is, her child
    ("Should my boy get a mammogram? He is 30.", "male_screening",
     "My daughter is 45 and she breastfed her last boy ten years ago. Is she ok to start mammograms or does the "
     "breastfeeding matter?"),
    # ... and so is one asked of with the modal after him
    ("My husband 58, his father had breast cancer. Husband must do mammogram screening? from what age?",
     "male_screening", "My father had breast cancer at 58. I am 45, when must I start mammogram screening?"),
    # feeding a baby with the breast now is breastfeeding; until a past year, a state that has ended
    ("I am 41, I feed baby with breast now, baby is 7 month. Is it time for screening mammogram or I must wait?",
     "pregnancy_or_lactation",
     "I fed my baby with breast until 2019. I am 45 now, when to start screening mammogram?"),
])
def test_who_is_asked_about_and_her_state_now_in_lay_words(engine, settings, flagged, flag, counterpart):
    decision = engine.ask(flagged, settings)
    assert decision.abstain and flag in decision.scope_flags
    other = engine.ask(counterpart, settings)
    assert not other.abstain and not other.scope_flags


def test_the_professions_in_a_list_of_organizations_name_the_colleges(engine, settings):
    question = "Wife's 76, fit as a fiddle. Does she keep on with the mammograms or do they cap it off at 75? What " \
               "do the big outfits say - cancer society, the radiologists, the ob-gyns, task force?"
    assert {"ACR", "ACOG"} <= set(engine.pack.held_organizations_in(question))
    assert {ACR_75, ACOG_75} <= answered_chunks(engine, settings, question)
    alone = "Wife's 76, fit as a fiddle. The radiologists at the clinic said her mammogram was clear. Does she " \
            "keep on with the mammograms?"
    assert engine.pack.held_organizations_in(alone) == ()


@pytest.mark.parametrize("question", [
    "is it needed that doctor check breasts by hands every year if I already do mammogram? ACS and ACOG think same "
    "thing or different?",
    "Is the yearly clinical exam needed if I already do mammogram? ACS and ACOG think same thing or different?",
])
def test_the_clinicians_exam_in_few_words_is_asked(engine, settings, question):
    decision = engine.ask(question, settings)
    assert decision.aspects == ("clinical_breast_examination",)
    assert answered_chunks(engine, settings, question) == {ACS_CBE, ACOG_2017_CBE}


@pytest.mark.parametrize(("question", "chunks"), [
    ("In 2017 she was told she has dense tissue. What did the task force say then about adding ultrasound or MRI "
     "after a clean mammogram? And now - same note or changed?", {USPSTF_2016_DENSE, USPSTF_DENSE}),
    ("3D mammogram (tomosynthesis) is ok for routine screening of 44 y.o. patient? What USPSTF is thinking now, and "
     "what it was thinking in 2016?", {USPSTF_2016_DBT, USPSTF_MODALITY}),
])
def test_then_and_now_asked_in_either_order_answers_both_versions(engine, settings, question, chunks):
    assert answered_chunks(engine, settings, question) == chunks


def test_a_past_time_alone_answers_its_version(engine, settings):
    question = "In 2017 she was told she has dense tissue. What did the task force say then about adding " \
               "ultrasound or MRI after a clean mammogram?"
    assert answered_chunks(engine, settings, question) == {USPSTF_2016_DENSE}

def test_a_change_pointed_back_to_the_time_stated_dates_no_later_time(engine, settings):
    decision = engine.ask("In 2009 what USPSTF was recommend for women 40-49 about mammografy? my aunt say they "
                          "change it then.", settings)
    assert decision.abstain and decision.settings.reference_date.year == 2009
    assert not engine.ask("In 2009 what USPSTF was recommend for women 40-49 about mammografy? And what changed "
                          "since?", settings).abstain


@pytest.mark.parametrize("question", [
    "Coming back to my 58 year patient I asked about: if she was 45 instead, the ACS still says every year for her?",
    "My patient is 58. What if she were 45? Does the ACS still say every year?",
])
def test_an_age_put_in_place_of_hers_is_the_age_asked(engine, settings, question):
    assert answered_chunks(engine, settings, question) == {ACS_45_54}


def test_a_condition_on_her_wish_puts_no_age_in_place_of_hers(engine, settings):
    question = "My patient is 58, and if she was tired of yearly mammograms could she go every other year per ACS?"
    assert answered_chunks(engine, settings, question) == {ACS_55}

# --- claims ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("claim", "chunk", "label", "counterpart", "counterpart_label"), [
    # a stop in lay words is a direction to stop
    ("The ACR says quit at seventy-four, same as the task force.", ACR_75, "contradicts",
     "The ACR says keep going past seventy-four.", "supports"),
    ("ACOG sets seventy-five as the hard stop for mammograms.", ACOG_75, "contradicts",
     "ACOG does not set a hard stop at 75.", "supports"),
    ("The Cancer Society says pack it in at seventy-five, no matter how healthy you are.", ACS_STOP, "contradicts",
     "The Cancer Society says keep going as long as you are healthy.", "supports"),
    ("The task force says no more mammograms once you're past seventy-five.", USPSTF_75, "contradicts",
     "The task force says the evidence is insufficient once you're past seventy-five.", "supports"),
    # the topic named by its stop ("no fixed quitting age"), or a hard stop denied, is no direction to stop
    ("Keep at it as long as you're in good health with at least ten years of life expectancy; ACS gives no fixed "
     "quitting age.", ACS_STOP, "supports",
     "Keep at it as long as you're in good health with at least ten years of life expectancy; ACS says quit at 80.",
     "partially_supports"),
    # a life expectancy waived against one the card weighs
    ("ACS says to keep screening as long as a woman is in good health, whatever her life expectancy.", ACS_STOP,
     "contradicts", "ACS says to keep screening as long as a woman is in good health and has a life expectancy of "
     "10 years or more.", "supports"),
    # a learner's bare "drop ... from its advice" takes the advice out
    ("ACOG drop clinical breast exam from its advice, so now only mammogram.", ACOG_2017_CBE, "contradicts",
     "ACOG keep clinical breast exam in its advice as an option.", "supports"),
    # advice kept to a group the card does not single out
    ("Because of mortality gap, USPSTF recommend start at forty only for Black women.", USPSTF_REC, "contradicts",
     "USPSTF recommends starting at forty, and Black women especially benefit.", "partially_supports"),
    # a denial kept to an age band, against a card whose denial holds at any age
    ("Clinical breast exam is not recommended by ACS, but only for women younger than forty.", ACS_CBE,
     "contradicts", "ACS does not recommend clinical breast exams for women under 40.", "partially_supports"),
    # the shared decision in lay words
    ("ACOG leaves it at one or two years, whichever she and her clinician settle on.", ACOG_INTERVAL, "supports",
     "ACOG leaves the choice between yearly and every-other-year mammograms to the clinician alone.",
     "contradicts"),
    ("ACOG keeps women screening through at least seventy-five, and after that it's talked over between her and "
     "her clinician, going on her health.", ACOG_75, "supports",
     "ACOG keeps women screening through at least seventy-five, and after that her clinician decides alone.",
     "contradicts"),
    # the year not skipped is the yearly interval; "no ifs or buts" an obligation
    ("The ACR says every year, no skipping.", ACR_START, "supports",
     "The ACR says every year, no ifs or buts.", "contradicts"),
])
def test_lay_idioms_of_stopping_removal_reach_and_choice(verifier, claim, chunk, label, counterpart,
                                                         counterpart_label):
    assert judge(verifier, claim, chunk)[0] == label
    assert judge(verifier, counterpart, chunk)[0] == counterpart_label


@pytest.mark.parametrize(("claim", "chunk", "label", "counterpart", "counterpart_label"), [
    # every organization said to tell a start is each one's recommendation
    ("All four say start cutting at forty.", ACS_40_44, "contradicts",
     "The ACS says women can start at forty if they want.", "supports"),
    # two organizations, then their values in the same order
    ("The ACR and the task force part ways on the interval: yearly against every two years.", ACR_RESPONSE_ANNUAL,
     "supports", "The ACR and the task force part ways on the interval: every two years against yearly.",
     "contradicts"),
    # a ranking the card does not make, a preference it contradicts
    ("Likely enough 3D mammograms catch more cancers than the flat kind, the task force says.", USPSTF_MODALITY,
     "does_not_support", "The task force recommends 3D mammograms over the flat kind.", "contradicts"),
    # one kind called less effective denies what the card says of it
    ("You may want to ask for 3D mammography, since the USPSTF considers standard digital mammography less "
     "effective.", USPSTF_MODALITY, "contradicts",
     "You may want to ask for 3D mammography, since the USPSTF considers it more effective.", "does_not_support"),
    # an option on her wish
    ("Start at forty if you're of a mind to, is about how the task force puts it.", USPSTF_REC, "contradicts",
     "The task force says to start at forty.", "supports"),
    ("ACS gives an average-risk woman of 48 a yearly mammogram only if she asks for one.", ACS_45_54, "contradicts",
     "ACS gives an average-risk woman of 48 a yearly mammogram.", "supports"),
    # a start bound to reaching an age
    ("USPSTF tells that women begin the mammogram only when they reach 50 years.", USPSTF_REC, "contradicts",
     "USPSTF tells that women begin the mammogram when they reach 40 years.", "supports"),
    # "then one every two years": an article, not the number one
    ("You should have your first screening mammogram at forty and then one every two years until seventy-four, "
     "the USPSTF says.", USPSTF_REC, "supports",
     "You should have your first screening mammogram at forty and then one every year until seventy-four, the "
     "USPSTF says.", "partially_supports"),
    # the stopping point named as the topic
    ("ACS generally leaves the stopping point to a woman's health and life expectancy rather than to a fixed age.",
     ACS_STOP, "supports", "ACS generally stops screening at a fixed age.", "contradicts"),
    # differing recommendations kept as they are, against the call to resolve them
    ("The ACR says differing recommendations help patients choose and should be kept as they are.", ACR_CONFLICTING,
     "contradicts", "The ACR says differing recommendations confuse patients and should be resolved.", "supports"),
    # a multiple is not a percentage of the same number
    ("The USPSTF says Black women are 40 times more likely to die of breast cancer.", USPSTF_CHANGES,
     "does_not_support", "The USPSTF says Black women are 40% more likely to die of breast cancer.", "supports"),
])
def test_lay_wording_of_strength_values_and_rankings(verifier, claim, chunk, label, counterpart, counterpart_label):
    assert judge(verifier, claim, chunk)[0] == label
    assert judge(verifier, counterpart, chunk)[0] == counterpart_label


def test_everyone_set_to_a_course_is_the_recommendation(verifier):
    then = dt.date(2019, 6, 1)
    assert judge(verifier, "The task force had every woman laying in a mammogram every two years from forty.",
                 USPSTF_2016_40_49, then) == ("contradicts", "misstated_strength")
    assert judge(verifier, "The task force left the call on a mammogram every two years from forty to each woman.",
                 USPSTF_2016_40_49, then)[0] == "supports"


def test_a_grade_told_after_a_long_object_is_read(verifier):
    then = dt.date(2019, 6, 1)
    assert judge(verifier, "The USPSTF's 2016 statement graded the decision to start screening before 50 as a C.",
                 USPSTF_2016_40_49, then)[0] == "supports"
    assert judge(verifier, "USPSTF grades biennial screening for women aged 50 to 74 a C.", USPSTF_2016_REC,
                 then) == ("contradicts", "misstated_strength")
    assert judge(verifier, "USPSTF grades biennial screening for women aged 50 to 74 a B.", USPSTF_2016_REC,
                 then)[0] == "supports"


@pytest.mark.parametrize(("claim", "chunk", "label", "counterpart", "counterpart_label"), [
    # an update dated to a year neither the sources nor the card give
    ("ACR updated its advice for women at higher than average risk in 2025.", ACR_START, "contradicts",
     "ACR updated its advice for women at higher than average risk in 2023.", "supports"),
    # a move told with both its years binds each year to its own end
    ("For women aged 40 to 49, the USPSTF moved from an individual decision (grade C) in 2016 to biennial screening "
     "(grade B) in 2024.", USPSTF_CHANGES, "supports",
     "The USPSTF lowered its start age to forty in 2016.", "contradicts"),
])
def test_a_change_dated_to_a_year_is_checked(verifier, claim, chunk, label, counterpart, counterpart_label):
    assert judge(verifier, claim, chunk)[0] == label
    assert judge(verifier, counterpart, chunk)[0] == counterpart_label


@pytest.mark.parametrize(("claim", "chunks", "label"), [
    ("The ACR statement came out a week after the USPSTF final recommendation.", (ACR_RESPONSE,), "contradicts"),
    ("Practice Bulletin 179 came out more than seven years before ACOG's interim update of October 2024.",
     ("acog-2017#starting-age", ACOG_START), "partially_supports"),
    ("Practice Bulletin 179 came out less than five years before ACOG's interim update of October 2024.",
     ("acog-2017#starting-age", ACOG_START), "contradicts"),
    ("The 2024 USPSTF recommendation came a little over eight years after the 2016 one.",
     (USPSTF_REC, USPSTF_2016_REC), "partially_supports"),
    ("The ACS guideline appeared about three months before the USPSTF's 2016 recommendation.",
     (ACS_40_44, USPSTF_2016_REC), "partially_supports"),
    ("The ACS guideline appeared about three months after the USPSTF's 2016 recommendation.",
     (ACS_40_44, USPSTF_2016_REC), "contradicts"),
])
def test_a_time_between_two_documents_is_checked_against_their_dates(verifier, claim, chunks, label):
    assert {judge(verifier, claim, chunk)[0] for chunk in chunks} == {label}
