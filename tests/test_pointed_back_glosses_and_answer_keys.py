"""Questions: a sentence that only checks what the one before it told ("... offered him a 3D mammogram instead. is
that ok under ORG's advice?", "... says every two years. is that really what it says?") asks about that sentence's
points, not every one the context names, and who the patient is does not qualify a point only checked; "does mom's
history change anything?" (the relative with no determiner) and "is applying to her or not?" ask whether the advice
covers her; Spanish "¿por qué cambió su recomendación?" asks why, and "algo diferente por la historia de su hermana"
whether her sister's history takes her out of it; Tamil kinship words in English ("Amma's BRCA test ... her akka had
breast cancer") and a relative glossed in brackets ("her sister (my aunt)") are one person, not the patient; a
liquid coming from the nipple in glossed words ("RIGHT NIPPLE, LIQUID COME-OUT") is a symptom; "a plain paper ... in
words a plain woman can follow" asks for the patient page; who a recommendation is not meant for, asked in a
sentence of its own beside whether it covers him, is asked too; a point asked of one organization by name in an
interrogative clause ("what interval does ORG-A set, and did ORG-B object to it?") is answered by it even when ORG-B's
reaction is asked (not a clause of time, "when ORG-A finalized ..., how did ORG-B react?"); what one said "when the
USPSTF new rule came in 2024" is its reaction; a programme named BreastScreen is another country's.
Claims: an answer key's mark "Answer 7 (True):" labels the line; "should be added" and "supported adding" put a test
forward; "My gynaecologist said ORG ...", "Dr. Alvarez reported that ..." report the claim; the patient's age given as
the reason after the advice (", since I'm over 40") is the age it is given for, and her present age told beside it
(", now forty-three,") is hers, not the advice's; a list's bare number labels the line and a grade after a label's
colon ("...: C.") is a grade; "warns women past 75 against" is advice against; someone "outside" a recommendation is
not covered by it; "it is not true that X excludes her" says X does not; "most organizations other than ORG" speak
for the others; "leave room for" an interval allows it; "rejects biennial screening" says no to it; "at the time of
the plaintiff's June 2020 visit" is the time spoken of; "All four groups ...: USPSTF, ACS, ACOG, ACR." lists no one
position; "if you'd had chest radiation as a teenager, this advice wouldn't apply to you" is the exclusion (a teenager
is a young age); "it does not make it a recommendation" and "did not leave X to an individual decision" deny the
stronger or the weaker strength; a last clause that the advice "is still current after the 2024 update" or "so it
covers you" is the time and the reader, not content; "the current guidance, issued in 2016" calls that version in
force; advice "wiped out by the 2024 update" is removed (not a move the card itself tells), and ", so ignore it" is a
word to the reader; "The ACR, with the Society of Breast Imaging, called ..." has one subject; "speak with your doctor
about whether" is the choice made through shared decision-making; a start "no later than fifty" is a bound, not
another start than a card's earlier one. Each with a counterpart that keeps its reading."""

import datetime as dt

import pytest

from .chunks import (
    ACOG_75,
    ACOG_2017_CBE,
    ACOG_2017_START,
    ACOG_FAQ,
    ACOG_INTERVAL,
    ACOG_RATIONALE,
    ACOG_START,
    ACR_RESPONSE,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_55,
    ACS_STOP,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_2016_DENSE,
    USPSTF_2016_REC,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import answered_chunks, judge


@pytest.mark.parametrize("claim, chunk, label", [
    # an answer key's mark that the line is a true one labels it; the claim's own words still have to hold
    ("Answer 7 (True): the ACR advises women at higher than average risk to start screening at an age between 25 "
     "and 40.", "acr-current#higher-than-average-risk", ("supports", None)),
    ("Answer 9 (True): the ACR advises women at higher than average risk to start screening at an age between 30 "
     "and 40.", "acr-current#higher-than-average-risk", ("contradicts", "missing_fact")),
    # a test put forward in the passive, or said to have been backed
    ("Under its 2024 recommendation, the USPSTF says an MRI should be added for women with dense breasts who want "
     "one.", USPSTF_DENSE, ("contradicts", "misstated_strength")),
    ("In 2016, the USPSTF supported adding ultrasound for dense breasts after a negative mammogram.", USPSTF_2016_DENSE,
     ("contradicts", "misstated_strength")),
    ("In 2016, the USPSTF found the evidence insufficient on adding ultrasound for dense breasts after a negative "
     "mammogram.", USPSTF_2016_DENSE, ("supports", None)),
    # who passed it on reports the claim
    ("My doctor explained that the USPSTF hasn't said yes or no for women my age, because the evidence is "
     "insufficient.", USPSTF_75, ("supports", None)),
    ("My gynaecologist said the USPSTF recommends screening every year for women 75 and older.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("Dr. Alvarez stressed that the I statement is not a recommendation not to screen.", USPSTF_75, ("supports", None)),
    # the age given as the reason is the one the advice is given for
    ("ACOG says a clinical breast exam may be offered to me every 1 to 3 years, since I'm over 40.", ACOG_2017_CBE,
     ("contradicts", "missing_fact")),
    ("ACOG says a clinical breast exam may be offered to me every year, since I'm over 40.", ACOG_2017_CBE,
     ("supports", None)),
    # her present age, told beside the advice, is hers
    ("Under ACS guidance the member, now forty-three, will be due for yearly mammograms from age forty-five.",
     ACS_45_54, ("supports", None)),
    ("Under ACS guidance the member will be due for yearly mammograms from age forty-three.", ACS_45_54,
     ("contradicts", "missing_fact")),
    # a list's number labels the line; a grade after the label's colon is a grade
    ("3. USPSTF 2016 grade for biennial screening at fifty to seventy-four: C.", USPSTF_2016_REC,
     ("contradicts", "misstated_strength")),
    ("9. Grade the USPSTF gives biennial screening at 40 to 74: B.", USPSTF_REC, ("supports", None)),
    # advice against, with the people warned between
    ("The Task Force warns women past seventy-five against mammograms altogether.", USPSTF_75,
     ("contradicts", "misstated_strength")),
    # outside a recommendation is not covered by it
    ("PANELIST: Because your sister had breast cancer, you're outside the USPSTF's average-risk recommendation.",
     USPSTF_POPULATION, ("contradicts", "missing_fact")),
    ("PANELIST: Even though your sister had breast cancer, the USPSTF's average-risk recommendation covers you.",
     USPSTF_POPULATION, ("supports", None)),
    # an exclusion denied
    ("It is not true that a family history of breast cancer excludes a member from the USPSTF 2024 "
     "recommendation.", USPSTF_EXCLUSIONS, ("does_not_support", "missing_fact")),
    ("It is not true that a family history of breast cancer excludes a member from the USPSTF 2024 "
     "recommendation.", USPSTF_POPULATION, ("supports", None)),
    # most of the others: each card states its own part only
    ("Most organizations other than the ACR leave room for screening every other year.", ACOG_INTERVAL,
     ("partially_supports", "wrong_organization")),
    ("Most organizations other than the ACR leave room for screening every other year.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    ("ACR leaves room for screening every other year.", ACR_START, ("contradicts", "missing_fact")),
    # an interval rejected is one said no to
    ("ACR: annual from 40, and in its response to the USPSTF it explicitly rejects biennial screening.",
     ACR_RESPONSE_ANNUAL, ("supports", None)),
    ("ACR rejects annual screening.", ACR_START, ("contradicts", "misstated_strength")),
    # every organization named, then listed
    ("Q14: All four groups start routine screening at 40: USPSTF, ACS, ACOG, ACR.", ACOG_START,
     ("partially_supports", "wrong_organization")),
    ("Q14: All four groups start routine screening at 40: USPSTF, ACS, ACOG, ACR.", ACS_40_44,
     ("contradicts", "wrong_organization")),
    # a condition put to the reader, and youth named by a stage of life
    ("Clinician: If you'd had high-dose chest radiation as a teenager, this average-risk advice wouldn't apply to "
     "you.", USPSTF_EXCLUSIONS, ("supports", None)),
    ("Clinician: If you'd had high-dose chest radiation as a teenager, this average-risk advice would still apply to "
     "you.", USPSTF_EXCLUSIONS, ("contradicts", "out_of_scope")),
    ("If she had a sister with breast cancer, the USPSTF advice would not apply to her.", USPSTF_POPULATION,
     ("contradicts", "missing_fact")),
    # what the guidance does not make of it, or leave to her
    ("The ACS guideline gives women aged 40 to 44 the option to begin annual screening; it does not make it a "
     "recommendation.", ACS_40_44, ("supports", None)),
    ("The 2016 recommendation did not leave screening in the forties to an individual decision.", USPSTF_2016_40_49,
     ("contradicts", "misstated_strength")),
    ("The 2016 recommendation left screening in the forties to an individual decision.", USPSTF_2016_40_49,
     ("supports", None)),
    # a last clause on the advice still holding, or covering the reader
    ("5/ ACOG: screen until at least 75, then it's a shared decision with your clinician based on health and "
     "longevity; that advice is still current after the 2024 update.", ACOG_75, ("supports", None)),
    ("Practice Bulletin 179 says screening should begin by 50, and this remains ACOG's current advice.",
     ACOG_2017_START, ("does_not_support", "wrong_version")),
    ("Clinician: The USPSTF's 2024 recommendation applies to transgender men and nonbinary people assigned female at "
     "birth who are 40 or older and at average risk, so it covers you.", USPSTF_POPULATION, ("supports", None)),
    # a version called current by its year
    ("Dr. Alvarez added that the USPSTF's current guidance, issued in 2016, has an I statement for women 75 and "
     "older.", USPSTF_75, ("contradicts", "missing_fact")),
    ("Dr. Alvarez added that the USPSTF's current guidance, issued in 2024, has an I statement for women 75 and "
     "older.", USPSTF_75, ("supports", None)),
    # taken out by an update, and the last word to the reader
    ("6/ ACOG's old 75-plus advice was wiped out by the 2024 update, so ignore it.", ACOG_75,
     ("contradicts", "missing_fact")),
    ("The 2024 update dropped the 2016 grade C for women in their 40s.", USPSTF_CHANGES, ("supports", None)),
    # a co-author set off by commas
    ("The ACR, with the Society of Breast Imaging, called the 2024 USPSTF change an improvement that does not go far "
     "enough.", ACR_RESPONSE, ("supports", None)),
    ("The ACR, with the USPSTF, called the 2024 change an improvement that does not go far enough.", ACR_RESPONSE,
     ("partially_supports", "wrong_organization")),
    # talking it over before choosing
    ("You should speak with your doctor about whether to be screened every year or every two years, as the College "
     "of Obstetricians and Gynecologists teaches.", ACOG_INTERVAL, ("supports", None)),
    ("You should speak with your doctor about whether to be screened every year or every two years, as the USPSTF "
     "teaches.", USPSTF_REC, ("contradicts", "misstated_strength")),
    # a latest start is no other start than the card's earlier one, only a bound it does not state
    ("The ACOG patient FAQ says a mammogram is done every one or two years, starting no later than fifty.", ACOG_FAQ,
     ("partially_supports", "missing_fact")),
    ("The ACOG patient FAQ says a mammogram is done every one or two years, starting at fifty.", ACOG_FAQ,
     ("contradicts", "missing_fact")),
    # (not the bound a card says its update replaced)
    ("ACOG says every woman should start no later than age 50, that is the rule now.", ACOG_START,
     ("contradicts", "missing_fact")),
])
def test_claims_read_keys_reporters_ages_and_lists(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk) == label


def test_the_time_of_a_dated_visit_is_the_time_spoken_of(verifier):
    at_visit = dt.date(2020, 7, 1)
    assert judge(verifier, "At the time of the plaintiff's June 2020 visit, the USPSTF advised that the decision to "
                           "begin screening before age 50 be an individual one (grade C).", USPSTF_2016_40_49,
                 at_visit) == ("supports", None)
    assert judge(verifier, "At the time of the plaintiff's June 2020 visit, the USPSTF advised that screening begin "
                           "at 40 for everyone.", USPSTF_2016_40_49, at_visit)[0] != "supports"


def test_a_sentence_checking_the_one_before_asks_its_points(engine, settings):
    modality = engine.ask("his clinic offered him a 3D mammogram insted of the regular one. is that ok under the task "
                          "force recomendation or does it have to be the standard kind? he's 43, trans man", settings)
    assert modality.aspects == ("modality",)
    checked = engine.ask("My son is 41, transgender (assigned female at birth). His new doctor wants him screened "
                         "every single year, but I read that the task force says every two years. Is that really what "
                         "the task force says?", settings)
    assert "interval" in checked.aspects and "gender_identity" not in checked.aspects
    # asked for him in words, who he is qualifies the point
    assert "gender_identity" in engine.ask("My son is 41, transgender (assigned female at birth). How often does the "
                                           "task force say he should be screened?", settings).aspects


def test_a_relatives_history_changing_anything_asks_whether_it_covers_her(engine, settings):
    question = ("Triage note: 44F, here for L ankle sprain, asks if she's overdue for mammo, last one at 42. Mom dx "
                "breast ca in her 60s. Per USPSTF, is she due, and does mom's history change anything?")
    assert "applies_to" in engine.ask(question, settings).aspects
    assert USPSTF_POPULATION in answered_chunks(engine, settings, question)
    assert "applies_to" not in engine.ask("Per USPSTF, is she due, and did the schedule change anything?",
                                          settings).aspects
    assert "applies_to" in engine.ask("She is 50. So now the normal mammogram schedule is applying to her or not?",
                                      settings).aspects


def test_spanish_why_and_a_sisters_history(engine, settings):
    asked = ("Una participante tiene 40 años. Según ACOG, ¿puede empezar sus mamografías ahora a los 40? y por qué "
             "ACOG cambió su recomendación?")
    assert "reasons" in engine.ask(asked, settings).aspects
    assert ACOG_RATIONALE in answered_chunks(engine, settings, asked)
    sister = engine.ask("Una señora de 47 me pregunta porque su hermana tuvo cáncer de mama el año pasado. Does the "
                        "USPSTF still say mammogram every 2 years for her, o necesita algo diferente por la historia "
                        "de su hermana?", settings)
    assert "applies_to" in sister.aspects and not sister.abstain
    # ("porque", written together, is "because": no reason asked)
    assert "reasons" not in engine.ask("Una señora de 47 me pregunta porque su hermana tuvo cáncer de mama. Does "
                                       "the USPSTF say mammogram every 2 years for her?", settings).aspects


def test_kinship_in_other_words_and_a_glossed_relative_are_not_the_patient(engine, settings):
    glossed = engine.ask("Amma's BRCA test came negative. She did it only because her akka (my periyamma) had breast "
                         "cancer. She is 50. So now the normal mammogram schedule is applying to her or not? As per "
                         "USPSTF pls tell.", settings)
    assert glossed.scope_flags == () and not glossed.abstain
    assert engine.vocabulary.normalize("her akka and her paati") == "her sister and her grandmother"
    # her own history, told in the same words, still excludes her
    assert engine.ask("Amma had breast cancer at 45. She is 50 now. As per USPSTF, mammogram every 2 years for her?",
                      settings).scope_flags == ("personal_history_breast_cancer",)


def test_a_liquid_from_the_nipple_in_glossed_words_is_a_symptom(engine, settings):
    glossed = engine.ask('Glossing for the patient: "RIGHT NIPPLE, LIQUID COME-OUT, TWO WEEK NOW. ME AGE 50. ME NEED '
                         'SCREENING MAMMOGRAM REGULAR OR DIFFERENT KIND?"', settings)
    assert glossed.scope_flags == ("diagnostic_symptoms",)
    assert engine.ask("she has fluid leaking from her right nipple; is she due for a mammogram at 50?",
                      settings).scope_flags == ("diagnostic_symptoms",)
    assert engine.ask("no liquid coming from the nipple, 50 years old, when to screen?", settings).scope_flags == ()


def test_a_plain_paper_for_women_asks_for_the_patient_page(engine, settings):
    question = ("I am 43 years. Is there a plain paper for women from the women's doctors' society (she called it "
                "ACOG) that tells when to begin and how often, in words a plain woman can follow?")
    assert "acog-faq#when-to-start-and-how-often" in answered_chunks(engine, settings, question)
    assert "acog-faq#when-to-start-and-how-often" not in answered_chunks(
        engine, settings, "I am 43 years. What does ACOG say about when to begin and how often?")


def test_who_it_is_not_meant_for_asked_apart_is_asked(engine, settings):
    question = ("One of my guards is a 42-year-old trans man (assigned female at birth) and he asked me whether the "
                "USPSTF mammogram recommendation covers him at all. Does it, and who is it not meant for?")
    assert USPSTF_EXCLUSIONS in answered_chunks(engine, settings, question)
    # one question: whether it covers her, or she is excluded
    assert "high_risk" not in engine.ask("She is 42. Does the USPSTF recommendation still apply to her, or is she "
                                         "excluded as high risk?", settings).aspects


def test_a_point_asked_of_one_organization_by_name_beside_anothers_reaction(engine, settings):
    question = ("What screening interval does the Task Force now set for women in their forties, and did the American "
                "College of Radiology accept that interval when the 2024 recommendation appeared, or object to it?")
    chunks = answered_chunks(engine, settings, question)
    assert USPSTF_REC in chunks and ACR_RESPONSE_ANNUAL in chunks
    # a clause of time names the guidance reacted to; it asks nothing of it
    reacted = answered_chunks(engine, settings, "When the Task Force finalized its start-at-40 recommendation, how "
                                                "did the American College of Radiology react?")
    assert USPSTF_REC not in reacted and ACR_RESPONSE in reacted


def test_a_programme_named_breastscreen_is_another_countrys(engine, settings):
    decision = engine.ask("My grandma lived in Aotearoa before she come here. She ask me what BreastScreen Aotearoa "
                          "(New Zealand) say: is it free mammogram every 2 years from 45 over there?", settings)
    assert decision.abstain
    assert not engine.ask("My grandma lived in Tonga before she came here. She is 50. How often should she get a "
                          "mammogram?", settings).abstain


def test_what_one_said_when_anothers_rule_came_in_is_its_reaction(engine, settings):
    assert "response" in engine.ask("What exactly ACR said when the USPSTF new rule came in 2024? They want every "
                                    "year, is it?", settings).aspects
    assert "response" not in engine.ask("What exactly does ACR say about screening every year?", settings).aspects


def test_counterparts_keep_their_reading(verifier):
    # a bare age in the reason clause keeps the claim's other values
    assert judge(verifier, "The ACS says to keep screening while in good health, since I'm 80.", ACS_STOP) \
        == ("supports", None)
    assert judge(verifier, "ACS says women 55 and older can switch to every 2 years.", ACS_55) == ("supports", None)
