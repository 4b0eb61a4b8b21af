import datetime as dt

import pytest

from review_app.engine.background import BackgroundWeights
from review_app.engine.query import age_ranges, card_age_ranges, parse_question, patient_age_patterns
from review_app.engine.text import load_vocabulary

from .conftest import CORPUS_DIR

VOCABULARY = load_vocabulary(CORPUS_DIR)
PINNED = dt.date(2026, 6, 24)


def parse(question, date=PINNED, superseded_years=(2016, 2017)):
    return parse_question(question, VOCABULARY, BackgroundWeights(), date, superseded_years)


def test_normalization_meets_cards_halfway():
    assert VOCABULARY.tokenize("mammograms every other year") == VOCABULARY.tokenize("mammography biennial")
    assert VOCABULARY.tokenize("3D mammogram") == VOCABULARY.tokenize("tomosynthesis")
    assert VOCABULARY.tokenize("yearly") == VOCABULARY.tokenize("annual")
    assert "uspstf" in VOCABULARY.tokenize("What does the Task Force say?")
    assert VOCABULARY.tokenize("41 yo, no fam hx") == VOCABULARY.tokenize("41 year old, no family history")


@pytest.mark.parametrize("text, expected", [
    ("a 48-year-old woman", [(48, 48)]),
    ("41 yo, asymptomatic", [(41, 41)]),
    ("45F average risk", [(45, 45)]),
    ("women in their 40s", [(40, 49)]),
    ("over 75", [(76, 130)]),
    ("75+", [(75, 130)]),
    ("ages 40 to 49", [(40, 49)]),
    ("from 2015 to 2019", []),
    # a learner's wording: "I am woman 46 years", "I have 52 years" (not "2 years left")
    ("Hello, I am woman 46 years from Brazil", [(46, 46)]),
    ("I have 52 years and my mother had it", [(52, 52)]),
    ("I have 2 years left on my plan", []),
    # a form's field ("Age: 76 | Sex: F")
    ("ASYNC CONSULT | Age: 76 | Sex: F | PMH: knee OA", [(76, 76)]),
])
def test_question_ages(text, expected):
    assert list(age_ranges(text, patient_age_patterns(VOCABULARY).ages)) == expected


def test_card_ages_ignore_bare_start_ages():
    assert card_age_ranges("annual screening starting at age 40") == ()
    assert card_age_ranges("women aged 40 to 74 years") == ((40, 74),)
    assert card_age_ranges("aged 75 years or older") == ((75, 130),)


@pytest.mark.parametrize("question", [
    "What did USPSTF recommend before the 2024 update?",
    "How has ACOG's advice changed?",
    "What was the previous recommendation for women in their 40s?",
    "What did the guidance say in 2019?",
    "What did the 2016 USPSTF statement recommend?",
    "What did ACOG used to say?",
])
def test_historical_intent(question):
    assert parse(question).historical


@pytest.mark.parametrize("question", [
    "What does the 2024 USPSTF recommendation say about dense breasts?",
    "Should screening start earlier for Black women?",
    "How often should a 50-year-old have a mammogram?",
    "What did the guidance say in 2026?",
])
def test_not_historical(question):
    assert not parse(question).historical


def test_a_time_before_the_reference_year_is_the_past_even_within_that_year():
    # ("before 2024", asked at the end of 2024, is the past; "in 2024" then is the present)
    assert parse("Before 2024, what did the task force advise?", dt.date(2024, 12, 31)).historical
    assert not parse("In 2024, what did the task force advise?", dt.date(2024, 12, 31)).historical


def test_superseded_year_depends_on_the_reference_date():
    assert parse("the 2016 recommendation").historical
    assert not parse("the 2016 recommendation", dt.date(2020, 6, 1), superseded_years=()).historical


def test_weights_follow_background_rarity():
    question = "Does a healthy woman need a colonoscopy?"
    features = parse(question)
    weights = dict(zip(VOCABULARY.content_words(question), features.weights, strict=True))
    assert weights["colonoscopy"] > weights["healthy"] > weights["woman"]
    assert len(features.tokens) == len(features.weights)


# Patient attributes: a relative's age never becomes the patient's

def _patient(question):
    from review_app.engine.query import read_patient
    from review_app.engine.scope import load_scope

    from .conftest import CORPUS_DIR

    context = load_scope(CORPUS_DIR).context
    return read_patient(question, context.experiencer, history=context.history,
                        reading=patient_age_patterns(VOCABULARY))


def test_a_relatives_age_is_theirs_not_the_patients():
    patient = _patient("My sister had breast cancer at 45, when should I start?")
    assert patient.ages == () and patient.relatives == (("sister", (45, 45)),)
    patient = _patient("I'm 42 and my mom was diagnosed at 61. When should I start mammograms?")
    assert patient.ages == ((42, 42),) and patient.relatives == (("mom", (61, 61)),)
    patient = _patient("58F, mother dx at 70, q1y or q2y?")
    assert patient.ages == ((58, 58),) and patient.relatives == (("mother", (70, 70)),)


def test_her_age_at_a_past_event_is_not_her_age_now():
    patient = _patient("My mother is 69. She had a hysterectomy in her 50s. Every year or every other year?")
    assert patient.ages == ((69, 69),)
    patient = _patient("I'm 52, had my first mammogram at 40. How often now?")
    assert patient.ages == ((52, 52),)
    # told alone, the age at the event is all there is
    assert _patient("She had her first mammogram at 40. Was that too early?").ages == ((40, 40),)


def test_the_roles_a_question_names_the_patient_by_are_the_packs_data():
    from review_app.engine.query import question_age_patterns, read_patient

    pack = patient_age_patterns(VOCABULARY)
    assert read_patient("Caller is 44, wants to book a screening mammogram.", None, reading=pack).ages == ((44, 44),)
    assert read_patient("Customer here is 46. How often?", None, reading=pack).ages == ((46, 46),)
    # a pack that names no roles reads no age by a role; one that names another role reads it
    assert read_patient("Customer here is 46. How often?", None, reading=question_age_patterns()).ages == ()
    other = question_age_patterns(("parishioner",), ("in the pew",))
    assert read_patient("Parishioner in the pew is 61. How often?", None, reading=other).ages == ((61, 61),)
    assert "parishioner" not in "|".join(p.pattern for p, _ in pack.ages)


def test_her_birth_year_gives_her_age_at_the_questions_date():
    from review_app.engine.query import read_patient
    from review_app.engine.scope import load_scope
    context = load_scope(CORPUS_DIR).context
    today = dt.date(2026, 6, 24)

    def ages(question):
        return read_patient(question, context.experiencer, history=context.history, today=today,
                            reading=patient_age_patterns(VOCABULARY)).ages
    assert ages("I'm a trans man born in 1985. Do I still need mammograms?") == ((40, 41),)
    assert ages("I'm a trans guy, born in '85. Do I still need mammograms?") == ((40, 41),)
    assert ages("Referring Mrs. R (DOB 03/14/1980) for routine screening. How often?") == ((45, 46),)
    # a relative's birth year is hers, and a stated age wins over a birth year
    assert ages("My mom, born in 1950, still goes every year. How often should I go?") == ()
    assert ages("I'm 44, born in 1981. How often?") == ((44, 44),)


def test_the_person_a_caller_or_client_is_has_her_age():
    assert _patient("Telehealth triage: caller is 44, wants to book a screening mammogram.").ages == ((44, 44),)
    assert _patient("The client is 58 and asks how often.").ages == ((58, 58),)
    assert _patient("Employee is 76 and asks whether she should keep going.").ages == ((76, 76),)
    assert _patient("Employee, 50, asthmatic since childhood. Does the exclusion apply?").ages == ((50, 50),)
    assert _patient("pt 38, no FHx, asks about a breast exam").ages == ((38, 38),)
    assert _patient("Member (nonbinary, AFAB), 46, asks whether the advice covers them.").ages == ((46, 46),)
    assert _patient("My patient 47 year, average risk. USPSTF recommend it for her?").ages == ((47, 47),)
    assert _patient("Patient 10 years ago had a normal mammogram. How often now?").ages == ()
    # a friend who started at 40 gives her own age at an event, not an age the question asks about
    patient = _patient("my friend started at 40. im 41, what does ACS say for someone my age?")
    assert patient.ages == ((41, 41),) and patient.asked_ages == ()


def test_her_age_told_in_a_looser_place_is_hers():
    # one of several people in a role ("one of our members is 63")
    assert _patient("One of our members is 63 and asks whether she still needs a mammogram.").ages == ((63, 63),)
    # after "now", at the start of a clause
    assert _patient("She nursed both kids until 2015, now 47. How often?").ages == ((47, 47),)
    assert _patient("Scheduled for now 12 weeks out. How often?").ages == ()
    # set off by commas in a sentence that names her by her role, no one else before it
    assert _patient("Client at the front desk today, 52, asks how often she should come.").ages == ((52, 52),)
    patient = _patient("The client's aunt, 61, had breast cancer; client here today, 44, asks when to start.")
    assert patient.ages == ((44, 44),) and patient.relatives == (("aunt", (61, 61)),)
    assert _patient("Patient asked about ages 40, 45, 50 for screening.").ages != ((45, 45),)
    # typed fast, in lower case: "me 61 f, ..."
    assert _patient("me 61 f, yearly since 50. can i go every other year now?").ages == ((61, 61),)
    # opening with the age set off by a comma, or with who she is and then the age
    assert _patient("44, trans man, no family history. What does ACOG say about when to start?").ages == ((44, 44),)
    assert _patient("trans man, 46. my mom had breast cancer at 60. how often should i go?").ages == ((46, 46),)
    assert _patient("50, 45 or 40: which start age does ACS use?").ages == ()
    # a person "of" an age, told of herself (number words arrive written as digits)
    assert _patient("I am a retired schoolteacher of 78, in good health. Should I keep having mammograms?").ages \
        == ((78, 78),)
    assert _patient("I am the mother of 3 and I'm asking when to start.").ages == ()


def test_a_question_asked_for_a_relative_takes_her_age_as_the_patients():
    patient = _patient("My mom is 79 and still goes every year for her mammogram. Is there an age where you stop?")
    assert patient.ages == ((79, 79),)
    # her history is not a question about her: the sister's age stays the sister's
    patient = _patient("My sister was 45 when she was diagnosed. When should I start mammograms?")
    assert patient.ages == () and patient.relatives == (("sister", (45, 45)),)
    # the asker's own age wins over a relative's
    patient = _patient("I'm 52 and my mom is 79. How often should I have mammograms?")
    assert patient.ages == ((52, 52),) and patient.relatives == (("mom", (79, 79)),)


def test_the_relatives_age_does_not_pull_its_age_band(engine, settings):
    decision = engine.ask("My sister had breast cancer at 45. When should I start screening mammography?", settings)
    assert decision.patient == {"ages": [], "relatives": [{"who": "sister", "age": [45, 45]}], "traits": {}}
    assert not any(r.signals["age_match"] for r in decision.results)
    mine = engine.ask("I'm 45. When should I start screening mammography?", settings)
    assert mine.patient["ages"] == [[45, 45]] and any(r.signals["age_match"] for r in mine.results)


# Patient traits: read from the pack's vocabulary.yaml `patient` section, never from a clause about someone else

def _traits(question):
    from review_app.engine.query import read_patient
    from review_app.engine.scope import load_scope

    from .conftest import CORPUS_DIR

    return dict(read_patient(question, load_scope(CORPUS_DIR).context.experiencer, VOCABULARY.patient_traits,
                             reading=patient_age_patterns(VOCABULARY)).traits)


@pytest.mark.parametrize(("question", "traits"), [
    ("44 yo trans man (AFAB), on testosterone, no top surgery",
     {"sex_assigned_at_birth": "female", "gender_identity": "transgender man"}),
    ("nonbinary, 50, assigned female at birth: when to screen?",
     {"sex_assigned_at_birth": "female", "gender_identity": "nonbinary"}),
    ("58F, heterogeneously dense breasts, q1y?", {"sex_assigned_at_birth": "female", "breast_density": "dense"}),
    ("60M, should he be screened?", {"sex_assigned_at_birth": "male"}),
    ("My mammogram said my breast tissue is almost entirely fatty.", {"breast_density": "not dense"}),
    ("My sister has dense breasts; I'm 45 and my breasts are not dense.", {"breast_density": "not dense"}),
    ("My sister has dense breasts. When should I start?", {}),  # hers, not the patient's
    ("What does the USPSTF say about dense breasts?", {}),  # the topic, not the patient
])
def test_patient_traits(question, traits):
    assert _traits(question) == traits


def test_the_decision_shows_the_patients_traits(engine, settings):
    decision = engine.ask("45 y/o trans man (AFAB) with extremely dense breasts: when should he start screening?",
                          settings)
    assert decision.patient["traits"]["gender_identity"] == "transgender man"
    assert decision.patient["traits"]["breast_density"] == "dense"
    assert decision.patient["traits"]["sex_assigned_at_birth"] == "female" and decision.patient["ages"] == [[45, 45]]


def test_quoted_guidance_speaks_of_no_patient():
    patient = _patient('BPA: "Breast Cancer Screening due - biennial mammography, women 40-74." Pt is 42, avg risk.')
    assert patient.ages == ((42, 42),)


def test_an_age_asked_about_is_nobodys_age():
    # "stop at 75": the age a question asks about does not keep a relative from being the one asked for
    patient = _patient("My mother is 73 and in good health. In her home country they stop at 69. Should she "
                       "stop at 75 here?")
    assert patient.proxy == "mother" and patient.ages == ((73, 73),) and (75, 75) in patient.asked_ages
    patient = _patient("I'm 44. Should I start at 45 or now?")
    assert patient.proxy is None and patient.ages == ((44, 44),) and patient.asked_ages == ((45, 45),)
    # the answer still speaks to the age asked about, and the evidence map shows it apart from hers
    assert patient.spoken_ages == ((44, 44), (45, 45))
    assert patient.to_json()["ages"] == [[44, 44]] and patient.to_json()["asked_ages"] == [[45, 45]]


def test_a_terse_question_opening_with_the_age():
    assert _patient("45 - every year or every 2 years?").ages == ((45, 45),)
    assert _patient("2024: what changed?").ages == ()


def test_she_after_the_askers_own_relative_is_that_relative():
    patient = _patient("My mom had chest radiation for lymphoma at 19. She's 50 now; does the USPSTF schedule fit her?")
    assert patient.ages == ((50, 50),) and patient.proxy == "mom"
    # in a clinician's vignette the relative is the patient's, and "she" is the patient
    patient = _patient("Pt's mother had breast cancer at 45. She is 42, when to start?")
    assert patient.ages == ((42, 42),) and patient.proxy is None
    # an asker who speaks of herself is the patient
    patient = _patient("My mom had breast cancer. I'm 40 and she's 70; when should I start?")
    assert patient.ages == ((40, 40),) and patient.proxy is None



def test_an_age_set_off_by_commas_is_the_person_named_before_it():
    patient = _patient("My aunt, 71, had a lumpectomy years ago. I'm 43, how often should I go?")
    assert patient.ages == ((43, 43),) and patient.relatives == (("aunt", (71, 71)),)
    # the caller's relative is the one asked about: her age is the patient's
    patient = _patient("The caller's mother, 66, finished radiation in 2021. How often should she be screened?")
    assert patient.ages == ((66, 66),) and patient.proxy == "mother"


def test_her_age_told_alone_at_the_start_of_a_clause():
    assert _patient("my youngest is 9 and i stopped nursing long ago. 44 now, should i go?").ages == ((44, 44),)
    assert _patient("Two kids, 38 now, when do I start?").ages == ((38, 38),)


def test_a_relative_named_without_my_has_her_age():
    patient = _patient("Grandma is 83 and still sharp. Is a mammogram still worth it at her age?")
    assert patient.ages == ((83, 83),) and patient.proxy == "grandma"
    # the asker's own age stays hers; the relative's is the relative's
    patient = _patient("Sister is 51 and I'm 46. When should I go?")
    assert patient.ages == ((46, 46),) and patient.relatives == (("Sister", (51, 51)),)
    assert _patient("Mom just turned 77 - should she keep going?").ages == ((77, 77),)


def test_a_relative_opening_a_sentence_is_the_one_asked_about_in_a_learners_question():
    # no "my" before her, and "she can ... ?" for "can she ...?"
    assert _patient("Sister find small hard ball in left breast, not pain. She can wait for the screening or "
                    "no?").proxy == "sister"
    # the counterpart: the asker asks for herself
    assert _patient("Sister had breast cancer at 45. When should I start?").proxy is None


@pytest.mark.parametrize("question, ages", [
    # an adverb between the verb and her age
    ("My twin sister was just diagnosed at 43. I'm obviously 43 too. Does the advice still cover me?", ((43, 43),)),
    ("She's nearly 50 and has never had one.", ((50, 50),)),
    # a role the question names her by
    ("Teacher is 39, her older sister was diagnosed at 44. When should she start?", ((39, 39),)),
    # the spouse the question is asked for
    ("Wife is 48, her mom was 48 at diagnosis. How often should she go?", ((48, 48),)),
    ("my partner is 52 and wants to know how often", ((52, 52),)),
    # an age named, then owned; her age at the time asked about
    ("They have no recommendation for women of 79, which is my age. Does that mean stop?", ((79, 79),)),
    ("In 2017, when I was 68, what did the task force advise for my age?", ((68, 68),)),
])
def test_her_age_after_an_adverb_or_a_role(question, ages):
    assert _patient(question).ages == ages


def test_her_age_told_only_in_words_the_vocabulary_writes_out_is_read(engine, settings):
    # "una paciente de 46 años": the age in Spanish, written out by the pack's vocabulary
    decision = engine.ask("Hola, tengo una paciente de 46 años, no symptoms. Cada cuánto tiempo debe hacerse la "
                          "mamografía?", settings)
    assert decision.patient["ages"] == [[46, 46]]
    # the counterpart: an age the question gives in English is read as written
    assert engine.ask("46F, how often should she have a mammogram?", settings).patient["ages"] == [[46, 46]]


def test_an_age_written_against_a_word_of_another_script_is_read(engine, settings):
    # "82岁": no space and no word boundary between the digits and the Chinese word for years of age
    decision = engine.ask("My mom 82岁, 身体还不错, 但是有高血压. Should she still get a mammogram? 她的医生说 not "
                          "needed anymore at her age.", settings)
    assert decision.patient["ages"] == [[82, 82]]
    assert "age_75_and_older" in decision.aspects


def test_a_relative_denied_is_not_named():
    assert _patient("My partner is 58 and nobody in her family has had breast cancer. How often?").relatives == ()
    assert _patient("No family history, 45, how often?").relatives == ()
    # the counterpart: a relative named with her history
    assert _patient("My sister had breast cancer. I am 45, when should I start?").relatives == (("sister", None),)



def test_an_age_in_brackets_after_the_persons_word_is_hers():
    patient = _patient("Family update. Mom (Helen, 81) had a good week. The family asks what the guidelines say "
                       "about mammograms for women Mom's age. Should she keep going?")
    assert patient.ages == ((81, 81),) and patient.proxy == "mom"


def test_a_history_told_on_a_forms_line_is_the_relatives_it_names(engine, settings):
    form = ("TRIAGE SUMMARY\nAge: 39\nSex assigned at birth: F\nGender identity: M (transgender man)\n"
            "FHx: mother, breast cancer dx age 61\nQuestion: when to begin screening?")
    patient = _patient(form)
    assert patient.ages == ((39, 39),)
    assert patient.relatives == (("mother", (61, 61)),)
    # each line is a clause of its own: the traits on the lines before the relative's are hers
    assert engine.ask(form, settings).patient["traits"].get("gender_identity") == "transgender man"
