import pytest

from review_app.engine.scope import asked_part, load_scope
from review_app.errors import CorpusError

from .conftest import CORPUS_DIR

GUARD = load_scope(CORPUS_DIR)


@pytest.mark.parametrize("question, flags", [
    ("Should a woman with a BRCA1 mutation start screening at 30?", {"known_high_risk_genetics"}),
    ("39F, CHEK2 carrier, when to start?", {"known_high_risk_genetics"}),
    ("Screening for Li-Fraumeni syndrome", {"known_high_risk_genetics"}),
    ("Had mantle field radiation for Hodgkin lymphoma at 17", {"prior_chest_radiation"}),
    ("She received radiation therapy to the chest as a child", {"prior_chest_radiation"}),
    ("62 yo, lumpectomy for DCIS in 2018", {"personal_history_breast_cancer"}),
    ("history of atypical ductal hyperplasia on biopsy", {"personal_history_breast_cancer"}),
    ("My sister had breast cancer and I had DCIS", {"personal_history_breast_cancer"}),
    ("How often should a survivor of breast cancer have mammograms?", {"personal_history_breast_cancer"}),
    ("She is breastfeeding her 3-month-old", {"pregnancy_or_lactation"}),
    ("G2P1 at 34 weeks, age 41", {"pregnancy_or_lactation"}),
    ("Should men be screened for breast cancer?", {"male_screening"}),
    ("Should my husband, 60, get a screening mammogram?", {"male_screening"}),  # asked about by his partner
    ("Is a screening mammogram for my boyfriend worth it?", {"male_screening"}),
    ("should my dad get screening mammograms hes 70", {"male_screening"}),  # dictated, asked by his child
    ("58M, sister had breast cancer at 50. Any screening rec for him?", {"male_screening"}),
    ("Is a mammogram for my grandpa a good idea at 80?", {"male_screening"}),
    ("I'm a 58 yo guy and my brother just got diagnosed. Should I get mammograms?", {"male_screening"}),
    # the counterparts: her own relative clause, a positive result inside the list, a finding not a rule
    ("I'm 41, who is pregnant now, when do I start?", {"pregnancy_or_lactation"}),
    ("Her panel (BRCA1 positive, the rest pending) came back yesterday. When to start?", {"known_high_risk_genetics"}),
    ("She had chest radiation for lymphoma at 19. Which rule applies?", {"prior_chest_radiation"}),
    # a gene change told without the gene's name; a pregnancy told by its due date
    ("my test came back positive for the same breast cancer gene change my aunt has. im 31, when to start?",
     {"known_high_risk_genetics"}),
    ("due date is march 2 and i turn 40 in january. should i book my first mammogram?", {"pregnancy_or_lactation"}),
    # what a screening found, in a letter's words
    ("the letter says my screening mammogram showed an area that needs more imaging. Back to every 2 years?",
     {"diagnostic_symptoms"}),
    # lay words for nipple and skin changes
    ("my right nipple has been turning inward for three weeks, can I wait for my screening?", {"diagnostic_symptoms"}),
    ("the skin next to it looks dimpled, kind of like an orange peel", {"diagnostic_symptoms"}),
    ("new firm lump in the left breast", {"diagnostic_symptoms"}),
    ("bloody nipple discharge", {"diagnostic_symptoms"}),
    ("follow-up of an abnormal mammogram", {"diagnostic_symptoms"}),
    # lay wording for each
    ("the counselor said I carry a harmful change in one of the breast cancer genes", {"known_high_risk_genetics"}),
    ("My wife is 41 and we're expecting our second baby in May.", {"pregnancy_or_lactation"}),
    ("there is a small knot in my right breast since last month", {"diagnostic_symptoms"}),
])
def test_flags_fire(question, flags):
    assert set(GUARD.check(question)) == flags


@pytest.mark.parametrize("question", [
    "My mother had breast cancer; when should I start?",
    "Her sister was diagnosed with breast cancer at 50.",
    "Does the recommendation apply to transgender men?",
    "44 yo trans man (AFAB) asking about mammograms",
    "an average-risk 45-year-old with no known genetic mutation",
    "asymptomatic 50 year old",
    "a woman with no symptoms and no lumps",
    "Is the radiation from a mammogram dangerous?",
    "a nursing home resident aged 80",
    "My brother had male breast cancer",
    "My husband wants me to get a mammogram at 45; should I?",  # he is not the one asked about
    "What is the difference between a screening and a diagnostic mammogram?",
    # near-misses of the lay wordings: tested negative, a relative's, results expected, not a baby
    "genetic testing found no harmful change in any breast cancer gene",
    "my sister carries the gene, I tested negative",
    "I'm expecting my mammogram results next week; was yearly right?",
    # a negative test for a syndrome is no syndrome; a fact about men in general is no man asked about
    "Had a hereditary cancer panel done because my aunt had breast cancer. It came back negative. I'm 39.",
    "My dad had breast cancer at 70 (yes, men can get it). I'm a 41-year-old woman. Does it cover me?",
    # a relative clause's subject is the person before it; a result after the list it covers; a rule named
    "The patient is 62 and came with her daughter, who is pregnant. Does she still need mammograms?",
    "Her own panel (BRCA1/2 and the rest of the genes) came back negative. When should she start?",
    "She had many chest X-rays as a child. Does that put her in the chest-radiation exclusion?",
    # whom the guidance leaves out, asked about with no patient: the concept is its criterion
    "Does the 2024 task force recommendation exclude women with BRCA mutations?",
    "Who is not included in the USPSTF 2024 recommendation? Is BRCA on that list?",
    # the counterparts: a negative result, a test's own due date
    "my test came back negative for the breast cancer gene change my aunt has. im 41, when to start?",
    "My mammogram due date is next week. Should I still go every year?",
    # a result told after the test and why it was done, past a dash
    "She did BRCA testing in the spring because of her Ashkenazi background \u2014 negative. How often now?",
])
def test_in_scope_mentions_do_not_fire(question):
    assert GUARD.check(question) == ()


@pytest.mark.parametrize("question", [
    "My patient has a BRCA1 mutation. Does the USPSTF exclude her?",
    "She is left out of the usual advice because of her BRCA mutation. When should she start?",
])
def test_the_patients_own_concept_fires_beside_an_exclusion_word(question):
    assert GUARD.check(question) == ("known_high_risk_genetics",)


@pytest.mark.parametrize("question, topic", [
    ("colorectal cancer screening at age 45", "colorectal cancer screening"),
    ("Pap smear interval", "cervical cancer screening"),
    ("Is a screening mammogram covered with no copay?", "insurance and billing"),
    ("Should she take tamoxifen to lower her breast cancer risk?", "risk-reducing medication and treatment"),
    ("Can they check for ovarian cancer during my mammogram?", "ovarian cancer screening"),
    ("Should I come off my hormone therapy for a week before my mammogram?", "medication around the test"),
])
def test_topic_guard(question, topic):
    assert GUARD.other_topic(question) == topic


def test_an_organization_of_the_corpus_named_by_its_initials_is_on_topic():
    assert GUARD.on_topic("im 41 with no family history, what does ACS actually say for someone my age?")
    assert GUARD.on_topic("what does the cancer society say for someone my age?")
    assert GUARD.on_topic("She'd prefer once a year. Do the major groups say yearly or every two years?")
    assert not GUARD.on_topic("what does the society say for someone my age?")


def test_a_start_at_one_of_the_debated_ages_is_on_topic():
    assert GUARD.on_topic("Is everyone telling women in their 40s to start at 40 now? Updating the phone script.")
    assert not GUARD.on_topic("Is everyone telling women in their 40s to start exercising more?")


def test_topic_guard_lets_breast_questions_through():
    assert GUARD.other_topic("Do breast and colon cancer screening start at the same age?") is None
    assert GUARD.on_topic("Should a 78-year-old keep getting screened?")
    assert not GUARD.on_topic("How much exercise is recommended for women over 40?")


def test_bad_rules_file_names_flag_and_field(tmp_path):
    (tmp_path / "scope.yaml").write_text("flags:\n  male_screening:\n    patterns: ['(unclosed']\n", encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_scope(tmp_path)
    assert info.value.problems[0].field == "flags.male_screening.patterns[0]"
    assert "invalid regular expression" in info.value.problems[0].message


# Clinical context (ConText): negation, experiencer, temporality

@pytest.mark.parametrize("question", [
    "44F, pt had genetic testing - BRCA neg. When should she start?",                   # negated after
    "42F, BRCA1/2 testing negative, otherwise healthy. When to start?",
    "My coworker just got diagnosed with breast cancer; I'm 46, should I go every year?",  # someone else
    "A friend of mine had radiation to the chest for lymphoma. I'm 45, when do I start?",
    "43 y/o, last delivery 2014, done nursing years ago. Start at 40 or 50?",            # ended
    "I breastfed my kids but stopped breastfeeding ten years ago. Is yearly mammography needed?",
    "Was breastfeeding her youngest until 2016, 45 now. When to start?",                  # until a past year
    "Does her breastfeeding history make any difference to when she starts mammograms?",  # a history is past
    "No lump, no nipple discharge, I don't have any symptoms. When should I start mammograms?",
    "Pt 44F, avg risk, no sx. Annual vs q2y mammo? pls advise for callback.",
    "41F, multigene panel NEG (incl BRCA1/2, PALB2), sister dx at 49. Start now?",       # a negated list
    "Does ACR recommend more imaging for dense breasts?",                                  # supplemental, not work-up
    "My sister tested positive for BRCA2. I haven't been tested. I'm 42, when should I start mammograms?",
    # a clause with no subject of its own goes on with the person before it
    "My best friend has the BRCA2 mutation and just had a double mastectomy. I'm 40, when do I start mammograms?",
])
def test_context_sets_a_concept_aside(question):
    assert GUARD.check(question) == ()


@pytest.mark.parametrize("question, flag", [
    ("She is breastfeeding her 3-month-old; can she get her screening mammogram?", "pregnancy_or_lactation"),
    ("She plans on breastfeeding until she goes back to work; can she get her mammogram?", "pregnancy_or_lactation"),
    # the present in the verb's plain form, as a relayed message puts it
    ("My client is 41, she have baby 5 month old and she still breastfeed him. Can she go for the mammogram?",
     "pregnancy_or_lactation"),
    ("She breastfeeds her baby at night; is a screening mammogram fine?", "pregnancy_or_lactation"),
    ("Had a lumpectomy for DCIS years ago; every year or every other year now?", "personal_history_breast_cancer"),
    ("Mantle field radiation at 17 for Hodgkin lymphoma, now 32: when to start?", "prior_chest_radiation"),
    ("37F w/ hx XRT to chest @ 19 for NHL — start mammo at 40 like everyone else?", "prior_chest_radiation"),
    ("BRCA2 carrier, 35: when to start MRI?", "known_high_risk_genetics"),
    ("She was called back after her screening mammogram for extra views.", "diagnostic_symptoms"),
    ("41F, hereditary panel (BRCA1/2, PALB2) positive for PALB2. Start mammo now?", "known_high_risk_genetics"),
    ("got a letter that my mammogram was abnormal and they want more pictures. im 51", "diagnostic_symptoms"),
    ("since two week some bloody liquid is coming from my right nipple. Is screening enough?", "diagnostic_symptoms"),
    ("my wife has had some bloody stuff coming out of one nipple. can she wait for her screening?",
     "diagnostic_symptoms"),
    ("41 y/o F p/w 2 cm palpable nontender mass L breast. Routine screening mammo per USPSTF?", "diagnostic_symptoms"),
    ("Pasting from the letter: 'BI-RADS Category 0 - Incomplete. Additional imaging is needed.' what now?",
     "diagnostic_symptoms"),
    ("My husband wants to know if he should get a mammogram too, since his sister had breast cancer. He's 55.",
     "male_screening"),
    ("41F G3P2 currently 22 wks IUP, due for her first screening mammo. go ahead now?", "pregnancy_or_lactation"),
    ("My sister and I both tested positive for the same gene our mom had. I'm 37. When do I start mammograms?",
     "known_high_risk_genetics"),
])
def test_a_past_state_that_still_excludes_and_affirmed_findings_fire(question, flag):
    assert flag in GUARD.check(question)


def test_the_evidence_map_names_each_concept_and_its_context(engine, settings):
    decision = engine.ask("My mother had breast cancer at 62 and my BRCA test was negative. When do I start?",
                          settings)
    contexts = {(f["flag"], f["context"]) for f in decision.scope_findings}
    assert ("known_high_risk_genetics", "negated") in contexts and not decision.scope_flags


# Question focus: what is asked, not the words it shares

@pytest.mark.parametrize("question, label", [
    ("What's the false positive rate and radiation dose of DBT vs 2D mammo?", "the accuracy or harms of the test"),
    ("How accurate are mammograms really? What % of cancers do they miss?", "the accuracy or harms of the test"),
    # a performance figure of the test, in a radiology practice's words
    ("What's the usual callback rate for tomo screeners versus 2D? We need a benchmark.",
     "the accuracy or harms of the test"),
    ("What PPV should we expect for screening recalls?", "the accuracy or harms of the test"),
    ("Is thermography a good alternative to mammograms for dense breasts?", "tests the corpus does not cover"),
    ("Pt with a pacemaker wants the supplemental MRI ACR talks about. Is it safe to scan her?",
     "devices and imaging safety"),
    ("Should she also be screened for ovarian cancer with CA-125 at her mammogram visit?", "ovarian cancer screening"),
    ("My gynecologist brought up tamoxifen. I'm 50. Does the task force recommend taking it?",
     "risk-reducing medication and treatment"),
    ("Do USPSTF and ACS agree on when to start lung cancer screening? To line it up with her mammogram.",
     "lung cancer screening"),
    ("If a screening mammogram comes back abnormal, what are the chances it ends up needing a biopsy?",
     "the accuracy or harms of the test"),
    ("WHAT IS THE 5 YEAR SURVIVAL RATE FOR STAGE 2 BREAST CANCER", "prognosis and treatment of breast cancer"),
    # how the exam is done on the day; asked indirectly ("asked if"), then referred back to ("on that")
    ("Caller asked if she can wear deodorant to her screening mammogram. Any guidance on that?",
     "how the test is performed"),
    ("Will the mammogram hurt with my breast implants?", "how the test is performed"),
    # a comorbidity told before a question in the corpus's related words is context, not the topic
    ("How often should I get my blood pressure screened?", "other preventive services"),
    ("does OSHA or any federal rule require employers to give paid time off for screening mammograms?",
     "employment and law"),
    ("For HEDIS, what age range does the breast cancer screening (BCS-E) measure use to count a woman as screened?",
     "quality and reporting measures"),

    # a price, a dose, another cancer's test asked past a granted "besides mammograms"
    ("how much is a screening mammogram if i'm paying cash? lost my insurance in march", "insurance and billing"),
    ("What does a 3D mammogram cost compared with a regular one?", "insurance and billing"),
    # an aside that asks is asked
    ("Does ACOG explain screening versus diagnostic mammograms (and would insurance cover a diagnostic one?)",
     "insurance and billing"),
    ("Audit q: screening order billed 77067 + 77063 (tomo add-on) same DOS. Is the tomosynthesis add-on separately "
     "billable with the screening code, and which modifier should have been used?", "insurance and billing"),
    ("Does a 3D mammogram expose me to more radiation than a regular 2D one?", "the accuracy or harms of the test"),
    ("Besides mammograms, at 45 I'm supposed to start colon cancer screening too. How often do I need a colonoscopy?",
     "colorectal cancer screening"),
    # a pre-operative work-up: a requirement before an operation, not a screening schedule
    ("Pre-op checklist for a reduction mammaplasty, pt 52F: does a guideline require a mammogram within 6 months "
     "before breast reduction surgery, or is that office policy?", "imaging before surgery"),
    ("is pre-op mammography needed before her breast lift?", "imaging before surgery"),
])
def test_off_corpus_questions_in_the_words_of_the_corpus(question, label):
    assert GUARD.other_topic(question) == label


@pytest.mark.parametrize("question", [
    "My insurer sent a reminder that I'm due for a mammogram. I'm 46. Do I really need one every year?",
    "58F, PMHx asthma, HTN, DM2, last MMG 13 mo ago neg. Due now? q1y vs q2y per ACS?",   # comorbidities
    "My mother had ovarian cancer. When should I start mammograms?",                    # someone else's
    "My mother had colon cancer at 60. When should I start mammograms?",
    # another cancer named only to deny it, or as the family's, is history, not what is asked
    "52F, father had prostate cancer; no breast or ovarian cancer in the family. Yearly or every 2 years?",
    "Ovarian cancer runs in the family. When should I start mammograms?",
    # no question mark: the sentence that asks indirectly is the ask, the paperwork told before is not
    "Her insurer may not pay for an MRI. She would like to know what ACR and ACOG say about extra screening "
    "for dense breasts.",
    "I stopped my HRT last year. When should I get my next mammogram?",                  # a medication's history
    "Our 76-year-old patient has hypertension and mild asthma. How often do ACR and ACS want her screened now?",
    # the indirect ask's own clause is the ask: paperwork told around it is context
    "pt would like to know the difference between a screening and a diagnostic mammogram, her insurance form "
    "lists both",
    # ... and so is an aside told inside the ask
    "Pt asking the difference between a screening and a diagnostic mammogram (insurance billed her one as "
    "diagnostic last year, no symptoms now). Need a plain-language ACOG explanation.",
    "Her new plan covers one screening mammogram per calendar year, and she asks whether she needs one every "
    "year. What does the USPSTF advise?",
    '"USPSTF recommends against supplemental ultrasound for dense breasts" - is that an accurate summary?',

    # a point granted before the ask is not what is asked
    "Apart from the cost, how often should she have a mammogram at 52?",
    "She had radiation therapy for thyroid cancer years ago. When should she start mammograms?",
    # an operation told as context: the screening schedule is what is asked
    "reduction consult tmrw: pt 47, avg risk, last screening mammo 20 months ago. dr wants her up to date before "
    "surgery. is she current per USPSTF?",
])
def test_context_and_comorbidities_never_make_a_question_off_corpus(question):
    assert GUARD.other_topic(question) is None


def test_the_shorthand_lexicon_normalizes_questions(engine):
    normalized = engine.vocabulary.normalize("58F avg risk, PMHx asthma, FHx neg, last MMG 13 mo ago, CBE nl. q1-2y?")
    for expected in ("58 year old woman", "average risk", "past medical history", "family history negative",
                     "last mammography 13 months ago", "clinical breast examination normal", "annual or biennial"):
        assert expected in normalized


def test_a_shorthand_vignette_is_answered(engine, settings):
    decision = engine.ask("sign-out: 50F well visit, no lump, no nipple d/c, no skin changes, CBE nl. last mmg 2 yrs "
                          "ago (neg). due now per uspstf?", settings)
    assert not decision.abstain and "uspstf-2024" in decision.retrieved_document_ids
    assert "last mammography 2 years ago" in decision.normalized_question


# The rules meet the question as the normalized question shows it: number words as digits, misspellings corrected

@pytest.mark.parametrize("question, flag", [
    ("I'm pregnent, can I still get my screening mammogram?", "pregnancy_or_lactation"),
    ("Im breastfeding my baby, can I get screened?", "pregnancy_or_lactation"),
    ("G2P1 at thirty-four weeks, age 41", "pregnancy_or_lactation"),  # "34 weeks" after the number words
])
def test_misspelt_and_spelled_out_exclusions_fire(question, flag):
    assert flag in GUARD.check(question)
    assert flag not in load_scope_without_vocabulary().check(question)  # the raw text alone misses them


def test_a_corrected_concept_keeps_its_context():
    findings = GUARD.findings("My coworker is pregnent; I am 45, when do I start?")
    assert [(f["concept"], f["context"]) for f in findings] == [("pregnant", "another person")]


def load_scope_without_vocabulary():
    import dataclasses

    return dataclasses.replace(GUARD, prepare=None)


def test_a_question_asked_for_a_relative_takes_her_findings_as_the_patients(engine, settings):
    asked_for = engine.ask("my mom (shes 39) just found out she has the BRCA1 gene. im 16 and trying to help her "
                           "figure out when to start mammograms, does the uspstf say 40?", settings)
    assert asked_for.scope_flags == ("known_high_risk_genetics",) and asked_for.patient["asked_for"] == "mom"
    history = engine.ask("My mom is 79 and had breast cancer at 60. Should she still get mammograms?", settings)
    assert "personal_history_breast_cancer" in history.scope_flags
    # asking for herself, the relative's diagnosis is family history
    mine = engine.ask("My sister is 45 and was diagnosed with breast cancer last year. When should I start "
                      "mammograms?", settings)
    assert not mine.scope_flags and "asked_for" not in mine.patient


def test_a_relative_asked_about_with_her_own_history_is_the_patient(engine, settings):
    # her age sits in the clause that tells her history, and the ask is about "she": she is the patient
    asked_for = engine.ask("My aunt is 66 and had a lumpectomy for DCIS in 2019. Her surgeon moved away. Does she "
                           "still need a mammogram every year, and can she stop at 75?", settings)
    assert asked_for.scope_flags == ("personal_history_breast_cancer",) and asked_for.patient["asked_for"] == "aunt"
    # a relative named in the patient's other language is someone else all the same
    mixed = engine.ask("Tengo 44 años and my mamá had breast cancer at 52. Does the task force advice apply to me?",
                       settings)
    assert not mixed.scope_flags and not mixed.abstain
    # the relative's relative ("my mom's sister") is not the one asked about
    family = engine.ask("My mom's sister had breast cancer years ago. Mom is 47. Is she still on the regular "
                        "every-two-years plan?", settings)
    assert not family.scope_flags


# --- one negation over a coordinated list (ConText's scope runs past the commas of a list) ------

@pytest.mark.parametrize("question, flags", [
    ("Caller, 44: denies lumps, pain, nipple discharge or skin changes. Screening due?", set()),
    ("No lumps, pain, or nipple discharge; 45 y/o, when to start?", set()),
    ("Denies lumps, nipple discharge; wants a routine mammogram.", set()),
    ("Germline panel NEG for BRCA1/2; sister dx at 47. Start at 41?", set()),
    # a list item that affirms, or two statements rather than one list, keeps the finding
    ("No lumps, BRCA2 positive. When should I start mammograms?", {"known_high_risk_genetics"}),
    ("Denies pain or nipple discharge but has a new lump; screening mammogram?", {"diagnostic_symptoms"}),
    ("No family history, pregnant now: when do I start?", {"pregnancy_or_lactation"}),
    # a negation after the list: it covers each item, unless an item affirms or names another person
    ("43F. BRCA1/2 and multigene panel negative last year. MRI for dense breasts?", set()),
    ("PALB2, CHEK2 and ATM all came back negative; when should she start mammograms?", set()),
    ("45F, BRCA2 positive and CHEK2 negative. When to start?", {"known_high_risk_genetics"}),
    ("She has BRCA1 and her sister is negative. When to start?", {"known_high_risk_genetics"}),
    # symptoms of something else are not breast findings
    ("52, on a patch for menopausal symptoms; yearly or every 2 years?", set()),
    ("52, breast symptoms for a week; yearly or every 2 years?", {"diagnostic_symptoms"}),
])
def test_one_negation_covers_a_list(question, flags):
    assert set(GUARD.check(question)) == flags


@pytest.mark.parametrize("question", [
    "Should my brother's wife start mammograms at 40?",
    "43F, germline panel negative incl BRCA1/2, no personal hx. ACOG start age?",
    "41F, multigene panel neg including BRCA1/2; when to start?",
])
def test_a_relatives_wife_and_a_panel_negative_including_genes_fire_nothing(question):
    assert GUARD.check(question) == ()


def test_a_panel_positive_including_a_gene_still_fires():
    assert GUARD.check("43F, panel positive incl BRCA2. ACOG start age?") == ("known_high_risk_genetics",)


def test_an_age_set_off_by_commas_keeps_the_relative_as_the_experiencer():
    assert GUARD.check("My older sister, 47, had DCIS last year and had a lumpectomy. When should I start?") == ()
    assert GUARD.check("Me, 52: had a lumpectomy for DCIS in 2018.") == ("personal_history_breast_cancer",)


def test_her_husbands_age_and_sex_do_not_make_her_question_about_a_man():
    assert GUARD.check("58F, husband 60M asks whether she needs a mammogram") == ()


def test_a_notes_brca_for_breast_cancer_names_no_gene():
    assert GUARD.check("45F, mother had BrCa at 70, when to start?") == ()
    assert GUARD.check("45F, BRCA2 carrier, when to start?") == ("known_high_risk_genetics",)



def test_a_negative_result_after_a_finding_of_its_own_does_not_negate_the_marker():
    # the counterpart: "negative" belongs to the MRI, not to the mutation before it
    assert GUARD.check("She carries a BRCA mutation and her MRI last year was negative. How often?") == (
        "known_high_risk_genetics",)


def test_an_indirect_ask_in_the_progressive_is_what_is_asked():
    # "member asking if ... will be covered": the ask is the coverage, though the sentence ends without "?"
    question = ("Caller asking whether her tomosynthesis add-on will be billed to her or covered in full. Could you "
                "look at what the guidelines say?")
    assert GUARD.other_topic(question) == "insurance and billing"
    # the counterpart: paperwork told in passing beside a progressive ask about the schedule
    assert GUARD.other_topic("Her insurance card is new. She is asking whether she needs a mammogram every "
                             "year at 51?") is None


@pytest.mark.parametrize("question, label", [
    ("Do any guidelines say nurses on overnight shifts should begin mammograms sooner?",
     "occupational and environmental exposures"),
    ("Does handling pesticides on the farm count as a risk factor for earlier screening?",
     "occupational and environmental exposures"),
])
def test_an_exposure_asked_about_is_off_corpus(question, label):
    assert GUARD.other_topic(question) == label


@pytest.mark.parametrize("question, label", [
    # a medication the asker takes, then asked about as the subject: its effects are in no card
    ("My doctor put me on sertraline last month. Could sertraline make breast cancer more likely?",
     "effects of a medication"),
    ("She is taking metformin now. Does metformin change her odds of getting breast cancer?",
     "effects of a medication"),
    # what throws the test's result off
    ("Will my new thyroid pills mess with my mammogram results?", "the accuracy or harms of the test"),
    ("Can a cold interfere with the mammogram images?", "the accuracy or harms of the test"),
])
def test_a_medications_effects_and_what_throws_the_result_off_are_off_corpus(question, label):
    assert GUARD.other_topic(question) == label


@pytest.mark.parametrize("question", [
    # the medication told in passing; the ask is about screening
    "I started metformin last year. I'm 52, how often should I get a mammogram?",
    "She is taking lisinopril for blood pressure. When should she start mammograms?",
])
def test_a_medication_told_in_passing_is_context(question):
    assert GUARD.other_topic(question) is None


@pytest.mark.parametrize("question", [
    "61F night shift nurse, avg risk, annual or biennial?",   # the job told in passing
    "She works with chemicals in a lab. When should she start mammograms?",
])
def test_an_exposure_told_in_passing_is_context(question):
    assert GUARD.other_topic(question) is None


@pytest.mark.parametrize("question", [
    # the result reported after "and" is the test's own ("... the panel and it came back negative")
    "She did the BRCA saliva test last spring and it came back negative. Every two years from 52?",
    # a state told in the past, then named again with a word pointing back to it
    "My aunt nursed all three of her kids decades ago; she is 58. Does the nursing change how often she goes?",
])
def test_a_result_after_and_and_a_state_told_as_past_set_a_concept_aside(question):
    assert GUARD.check(question) == ()


@pytest.mark.parametrize("question, flag", [
    # the counterparts: a finding of its own after "and", and the state told as going on now
    ("She carries a BRCA2 variant and her ultrasound was negative. How often?", "known_high_risk_genetics"),
    ("She breastfed her first two; is her breastfeeding now a reason to wait on a mammogram?",
     "pregnancy_or_lactation"),
])
def test_a_finding_of_its_own_or_a_state_going_on_still_fires(question, flag):
    assert flag in GUARD.check(question)


@pytest.mark.parametrize("question, flag", [
    # what a lay observer calls nipple discharge
    ("When I help her bathe I saw some brown stuff coming from her nipple onto her bra. Is she due?",
     "diagnostic_symptoms"),
    # the Spanish a bilingual patient mixes in
    ("Estoy amamantando a mi bebé y tengo 43. Can I get my screening mammogram?", "pregnancy_or_lactation"),
    ("Estoy embarazada de 12 semanas y tengo 41. Should I get my mammogram now?", "pregnancy_or_lactation"),
    # a gestational age at an "@" in a transfer note; a discharge told after the nipple, in transliterated Bengali
    ("transporting 41yo G2P1 @ 32wks for PTL eval. she asks if she's overdue for her 1st mammogram",
     "pregnancy_or_lactation"),
    ("Amma (58) bolche ek side er nipple theke ektu discharge ashche. should she just wait for the screening one?",
     "diagnostic_symptoms"),
])
def test_a_finding_in_lay_or_spanish_words_fires(question, flag):
    assert flag in GUARD.check(question)


@pytest.mark.parametrize("question", [
    "my nipple had no discharge and no changes, when should I get a mammogram at 50?",
    # a nurse's note, a nursing student: the profession's word, not breastfeeding
    "Nursing note: education for a 41-year-old average-risk patient asking about mammography.",
    "I'm a nursing student, 42. When should I start mammograms?",
])
def test_a_denied_discharge_and_the_nursing_profession_fire_nothing(question):
    assert GUARD.check(question) == ()


@pytest.mark.parametrize("question, asked", [
    # an indirect ask in a sentence with no clause mark before it: all of its clause, from its first word
    ("mom is 58, in surgery. while we wait she's asking if she needs one every year",
     " while we wait she's asking if she needs one every year"),
    # ... and with one: from the mark on
    ("mom is 58 - she's asking if she needs one every year", "she's asking if she needs one every year"),
])
def test_an_indirect_ask_is_its_whole_clause(question, asked):
    assert asked_part(question) == asked


def test_a_relatives_state_in_spanish_is_set_aside():
    assert GUARD.check("Mi hermana estaba embarazada when she was 30. I'm 45, do I need a mammogram?") == ()


@pytest.mark.parametrize("question", [
    # a concept naming where the asker works, not a finding of the person asked about
    "I'm a nurse in a breast cancer survivorship clinic. A 44-year-old with no symptoms asks how often to screen.",
    "Our BRCA clinic's navigator wants to know: a 45-year-old average-risk woman, when should she start?",
])
def test_a_concept_naming_a_place_of_care_is_no_finding(question):
    assert GUARD.check(question) == ()


def test_a_finding_before_a_word_that_is_no_place_of_care_still_fires():
    assert "personal_history_breast_cancer" in GUARD.check("She is a breast cancer survivor, 50. How often now?")


def test_the_topic_named_only_as_what_another_is_compared_with_does_not_anchor_it():
    assert GUARD.other_topic("The cancer society says 45 for colonoscopy too, right? Same as mammograms?") \
        == "colorectal cancer screening"
    # the counterpart: the corpus's own test asked, the other named as the comparison
    assert GUARD.other_topic("Does the cancer society say 45 for mammograms, same as for colonoscopy?") is None


@pytest.mark.parametrize("question", [
    # a twin is a relative: her result or diagnosis is not the asker's
    "My twin tested positive for BRCA1. I got tested too and I'm negative. When do I start mammograms?",
    "I'm 47. My twin had breast cancer 2 years ago. Does the cancer society's average-risk advice fit me?",
    # a state that has passed ("on her mammogram before the pregnancy"): a time, not a finding now
    "Postpartum 12 weeks, weaned at 4 weeks. Told dense on her mammogram before the pregnancy. Ultrasound too?",
    # a finding told in an aside before an indirect ask is the other person's context, not the ask
    "Our hospice patient (71, metastatic breast cancer) - her daughter Ana is 45 and keeps asking me whether the "
    "task force advice applies to her. How often should Ana go?",
])
def test_a_twin_a_time_before_a_pregnancy_and_an_aside_are_no_finding_of_the_patient(question):
    assert GUARD.check(question) == ()
    assert GUARD.other_topic(question) is None


@pytest.mark.parametrize("question", [
    "6 wk postpartum visit, 41yo, exclusively BF, no breast complaints. Start screening mammo now?",
    "41F, EBF her 3 month old. Due for her first mammogram?",
    # the counterpart: "twins" after her own state names no other person
    "I'm 44 and pregnant with twins. Should I get my mammogram now?",
])
def test_breastfeeding_in_shorthand_fires(question):
    assert "pregnancy_or_lactation" in GUARD.check(question)


def test_her_bf_is_no_breastfeeding():
    assert GUARD.check("41F, her BF says she should start mammograms at 40. Is that right?") == ()


def test_a_breast_finding_in_spanish_fires():
    assert "diagnostic_symptoms" in GUARD.check("Señora de 50 años, se siente un bulto en el seno izquierdo. Le toca "
                                                "la mamografía de rutina?")
    # the counterpart: the breast named with no finding ("cáncer de seno" in the family) is no symptom
    assert "diagnostic_symptoms" not in GUARD.check("Mi mamá tuvo cáncer de seno. When should I start mammograms?")


def test_a_match_running_into_a_clause_about_another_person_is_theirs():
    # "mammogram - her friend got called back": the callback is the friend's
    assert GUARD.check("She asks the difference between a screening and a diagnostic mammogram - her friend got "
                       "called back for a diagnostic. Anything simple I can give her?") == ()
    # the counterpart: her own callback after a mammogram still fires
    assert "diagnostic_symptoms" in GUARD.check("My mammogram last month - I got called back for more views. Do I "
                                                "still do routine screening?")


def test_a_negated_list_ends_at_a_dash_before_another_persons_clause():
    # "negative for A and B - her sister was diagnosed": the list's last item ends at the dash
    assert GUARD.check("Panel came back negative for BRCA1/2 and PALB2 - they tested her after her sister was "
                       "diagnosed at 48. Does the task force advice apply?") == ()
    # the counterpart: an item the list affirms still fires
    assert "known_high_risk_genetics" in GUARD.check("Negative for BRCA1 and positive for PALB2 - her sister was "
                                                     "diagnosed at 48. When should she start?")


def test_another_topic_named_as_the_subject_with_the_corpus_topic_in_an_aside():
    assert GUARD.other_topic("Wellness form, item 9: colorectal cancer screening - 61 F, FIT negative last year. "
                             "Repeat per the task force? (mammogram item already checked)") \
        == "colorectal cancer screening"
    # the counterpart: the corpus topic named outside an aside, and a comorbidity told before the ask
    assert GUARD.other_topic("Colorectal cancer screening is done; her mammogram is due. Repeat per the task "
                             "force?") is None
    assert GUARD.other_topic("Pt has diabetes and hypertension. How often per the task force?") is None


def test_pregnancy_and_breastfeeding_relayed_in_portuguese():
    assert "pregnancy_or_lactation" in GUARD.check("Interpreting: a paciente está grávida de 20 semanas, she is 41. "
                                                   "Should she have the mamografia now?")
    # the counterpart: breastfeeding that ended years ago
    assert GUARD.check("A paciente tem 39 anos, she stopped amamentar about 2 years ago. When should she start "
                       "mammograms?") == ()


def test_another_cancers_screening_asked_indirectly_beside_a_mammogram_word():
    assert GUARD.other_topic("Patient asked me during her visit whether the USPSTF recommends yearly melanoma "
                             "checks. Did they give that an I statement, like for some mammogram questions?") \
        == "skin cancer screening"
    # the counterpart: a skin cancer told as history, the mammogram asked about
    assert GUARD.other_topic("I had a melanoma removed last year. I'm 50: how often should I get a mammogram?") \
        is None


def test_a_grandfather_and_breastfeeding_in_a_caregivers_tagalog():
    assert "male_screening" in GUARD.check("Yung lolo na alaga ko, 72 years old. Kailangan din po ba siya "
                                           "magpa-mammogram?")
    assert "pregnancy_or_lactation" in GUARD.check("Yung amo ko 43 yrs old, nagpapasuso pa po. Pwede na po ba "
                                                   "siya magpa-screening mammogram?")
    # the counterpart: a grandmother is the one asked about
    assert GUARD.check("Si Lola na inaalagaan ko is 81 na. Kailangan pa ba niya ng mammogram every year?") == ()


def test_a_lump_in_lay_words_a_dictated_negative_result_and_a_deferral_through_a_past_state():
    assert "diagnostic_symptoms" in GUARD.check("hi im 46 and last week in the shower i felt a hard pea sized spot "
                                                "in my left breast. is it ok to wait for my mammogram in march??")
    assert GUARD.check("My sister found a lump in her breast. When should I start mammograms?") == ()
    # punctuation spoken into a dictation ends the list a negation covers, as the marks would
    assert GUARD.check("New patient comma 45 year old female comma genetic testing negative for BRCA1 and BRCA2 "
                       "period no breast complaints period does it apply to her question mark") == ()
    assert "known_high_risk_genetics" in GUARD.check("45 year old female comma BRCA2 positive period does the "
                                                     "recommendation apply question mark")
    # screening put off while pregnant or nursing: a state that has passed
    assert GUARD.check("Client is 41, weaned over a year ago. She put off mammograms while pregnant/nursing. "
                       "Should she begin screening now?") == ()
    assert "pregnancy_or_lactation" in GUARD.check("She is 41 and has put off mammograms while she is nursing. "
                                                   "Should she start now?")


def test_positioning_and_giving_blood_after_the_test_are_not_covered():
    assert GUARD.other_topic("pt is 66F, frozen shoulder, can't get her arms up for positioning. Is there an "
                             "adapted mammogram positioning protocol the guidelines recommend?") \
        == "how the test is performed"
    assert GUARD.other_topic("she had her screening mammogram this morning and wants to know if the radiation "
                             "means she shouldnt donate blood today. any guideline on that?") == "after the test"
    # the counterparts: both told in passing, the schedule asked
    assert GUARD.other_topic("She donated blood last week. When should she start mammograms?") is None
    assert GUARD.other_topic("Pt is 66, frozen shoulder, PT is working on her positioning at home. How often "
                             "should she have a mammogram?") is None


def test_none_with_any_finding_a_support_groups_name_and_a_lump_in_a_learners_words():
    # "none has any ..." negates what follows, as "no" does
    assert GUARD.check("Several residents are otherwise in decent shape. None has any breast complaints or a "
                       "breast cancer history. What do the major organizations say about screening over 75?") == ()
    assert "personal_history_breast_cancer" in GUARD.check("One of them has a breast cancer history. What do the "
                                                           "major organizations say about screening over 75?")
    # a survivors' support group names a setting, not the patient's history
    assert GUARD.check("I run a breast cancer survivors' support group. Members ask for their daughters: does the "
                       "USPSTF cover the daughter of a survivor?") == ()
    # a lump with no article before the breast, in a learner's English
    assert "diagnostic_symptoms" in GUARD.check("I find small hard ball in left breast, not pain, already 2 weeks. "
                                                "I can wait for the screening or no?")
    # the lay word for the breast names the topic
    assert GUARD.on_topic("should she still be doing the monthly boob self-check in the shower?")


def test_a_habit_as_a_risk_and_radiation_adding_up_are_not_covered():
    assert GUARD.other_topic("A few of my masters swimmers asked me whether heavy breaststroke training can affect "
                             "breast tissue or raise breast cancer risk. Anything official on that?") \
        == "lifestyle and breast cancer risk"
    assert GUARD.other_topic("She asked if the radiation from her yearly mammograms adds up. Is there a safe "
                             "cumulative dose?") == "the accuracy or harms of the test"
    # the counterparts: a habit told in passing, a schedule asked
    assert GUARD.other_topic("She's 55, swims 5 days a week, has exercise-induced asthma. Does the asthma mean she "
                             "should be getting mammograms on a different schedule?") is None
    assert GUARD.on_topic("do i have to do the self exam thing every month or not")
    assert GUARD.on_topic("does she need the squish every year or every two?")
    # a move between the ages the corpus debates is its topic; another test's move names its own
    assert GUARD.on_topic("back in 2016 they said 50 right so why is it 40 now what changed")
    assert GUARD.other_topic("for colonoscopy they said 50, why is it 45 now?") == "colorectal cancer screening"


def test_a_man_told_in_swahili_is_a_man():
    # the pack's `translate` step writes the language in English before the rules read it
    assert "male_screening" in GUARD.check("Katika outreach yetu leo, mzee mmoja wa kiume, miaka 58, dada yake "
                                           "alikuwa na breast cancer. Guidelines zinasemaje kwa wanaume?")
    # the counterpart: a woman whose sister had it
    assert GUARD.check("Mama mmoja ana miaka 46, dada yake alikuwa na breast cancer. Anauliza kama anapaswa "
                       "kufanya screening mammogram kila mwaka.") == ()


def test_a_hormones_effect_on_the_schedule_and_a_painkiller_before_the_test_are_not_covered():
    assert GUARD.other_topic("my friend swears being on hormones means you have to go every year. does ACOG "
                             "actually say hormone therapy changes the schedule??") \
        == "a medication's effect on the schedule"
    assert GUARD.other_topic("last mammogram hurt sooo bad. does the American Cancer Society say to take "
                             "ibuprofen or tylenol before the appointment?? what dose") == "medication around the test"
    # the counterparts: a hormone or a painkiller told in passing, the schedule asked
    assert GUARD.other_topic("52F on HRT since 50, takes tylenol for her knees, last mammo 2 yrs ago. Due now per "
                             "USPSTF?") is None


def test_a_legislative_bill_is_no_invoice_and_lives_saved_per_thousand_are_not_covered():
    assert GUARD.other_topic("Need a clean comparison for the bill analysis: what starting age and interval do the "
                             "USPSTF, ACS, ACOG and ACR each recommend?") is None
    assert GUARD.other_topic("Summarizing guidance for a state coverage bill: when does the USPSTF say to start?") \
        is None
    assert GUARD.other_topic("Why did I get a bill for my screening mammogram at 45?") == "insurance and billing"
    assert GUARD.other_topic("How many breast cancer deaths per 1,000 women does the USPSTF estimate are averted by "
                             "biennial screening from 40?") == "the accuracy or harms of the test"


def test_a_blood_test_in_the_mammograms_place_a_gestational_age_and_a_relatives_result_shared_later():
    assert GUARD.other_topic('My coworker sent me this: "A new blood test approved this year can replace '
                             'mammograms for women over 50." Do the guidelines endorse swapping the mammogram for '
                             'a blood test?') == "tests the corpus does not cover"
    # the counterpart: a genetic blood test told in passing
    assert GUARD.other_topic("I had a BRCA blood test and it came back negative. I'm 46; when should I get a "
                             "mammogram per ACS?") is None
    assert "pregnancy_or_lactation" in GUARD.check("My client is 41, G2P1, currently 28 weeks, otherwise low risk. "
                                                   "What's the guidance on her first screening mammogram?")
    assert "pregnancy_or_lactation" not in GUARD.check("I'm 45 and currently 6 weeks postpartum, not nursing. "
                                                       "When should I get a mammogram per ACS?")
    assert "known_high_risk_genetics" in GUARD.check("my sister tested BRCA2 positive last year so I got tested too "
                                                     "and just got my results - I'm positive as well. I'm 34.")
    assert "known_high_risk_genetics" not in GUARD.check("my sister tested BRCA2 positive last year so I got tested "
                                                         "too and mine came back negative. I'm 34.")


def test_a_procedure_had_for_breast_cancer_and_dental_x_rays_beside_the_mammogram(engine, settings):
    # a garbled surgery ("a master can me", a dictation's) told as done for breast cancer is her history
    asked_for = engine.ask("my mom is 69 she had a master can me in 2010 for breast cancer on the left side does she "
                           "still need mammograms on the other side and how often", settings)
    assert "personal_history_breast_cancer" in asked_for.scope_flags
    # the counterparts: counseling for a risk, a relative's surgery when she asks for herself
    assert "personal_history_breast_cancer" not in GUARD.check(
        "I'm 45 and had genetic counseling last year for breast cancer risk. When should I start?")
    assert "personal_history_breast_cancer" not in engine.ask(
        "my mom had surgery for breast cancer at 60. I'm 44, when do I start?", settings).scope_flags
    assert GUARD.other_topic("a patient had her screening mammogram this morning and is due for bitewings today. "
                             "Should I postpone the dental x-rays or use a thyroid collar?") is not None


def test_a_form_field_that_denies_and_a_relayed_result_shared_later():
    form = ("TRIAGE SUMMARY\nAge: 39\nSex assigned at birth: F\nBreast symptoms: denies\nFHx: mother, breast cancer "
            "dx age 61\nReason for visit: asks when to begin screening mammography")
    assert "diagnostic_symptoms" not in GUARD.check(form)
    assert "diagnostic_symptoms" in GUARD.check(form.replace("Breast symptoms: denies", "Breast symptoms: new lump"))
    relayed = ("Patient is 38 years, she is saying her sister tested positive for BRCA2 gene and then she also did the "
               "test last year and it is positive too, same gene. When should she start?")
    assert "known_high_risk_genetics" in GUARD.check(relayed)
    assert "known_high_risk_genetics" not in GUARD.check(relayed.replace("it is positive too", "it is negative"))


def test_a_plans_coverage_and_a_test_the_ask_points_back_to():
    assert GUARD.other_topic("quick one from camp. does the federal employee health plan cover 3d mammos or only "
                             "the regular 2d kind?") == "insurance and billing"
    # the counterpart: who a recommendation covers is the corpus's point
    assert GUARD.other_topic("Does the USPSTF recommendation cover transgender men?") is None
    told = ('A holistic clinic near my mom\'s house advertises thermography as "a radiation-free breast cancer '
            'screening." My mom says her naturopath recommends it over mammograms. Do any of the major screening '
            'guidelines back that up?')
    assert GUARD.other_topic(told) == "tests the corpus does not cover"
    # the counterparts: an assistant that told the asker something is no test asked about, nor is a test told
    # beside an ask that does not point back to it
    assert GUARD.other_topic('My aunt is 77. I asked an AI assistant and it said: "Women over 75 should stop '
                             'mammograms." Is that true?') is None
    assert GUARD.other_topic("My mom once had thermography. I'm 45: when should I start mammograms?") is None


def test_a_hormones_effect_on_the_risk_is_not_covered_and_every_2_yrs_is_the_topic():
    assert GUARD.other_topic("I'm 57 and started an estradiol patch with progesterone last year. Does hormone "
                             "therapy raise my breast cancer risk, and by how much?") \
        == "a medication's effect on breast cancer risk"
    # the counterpart: a hormone told in passing, the schedule asked
    assert GUARD.other_topic("I'm 57 and on an estradiol patch. How often should I have a mammogram?") is None
    # a schedule in shorthand names the topic
    assert GUARD.on_topic("im in my 50s. my doc says every 2 yrs, the imaging place says yearly. who says which")
    assert not GUARD.on_topic("im in my 50s. my doc says yearly, the clinic says the same. who says which")
