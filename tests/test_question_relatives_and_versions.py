"""A man's age told before the asker's own ("my brother had it, he's 50. I'm a 44 yo woman"), a man asked about
with a word before his relation ("should my older brother ..."), "trans guy", a gestational age in a note ("at 34
wks"), a foreign national programme named by its nationality and test ("the Polish national mammography
programme"), a version named by its year with words of its topic between ("the 2009 ORG breast cancer screening
recommendation"), an organization dictated letter by letter ("the a c r"), which value "applies" or which ages a grade
"covers" (the value asked, not whom), "why did they change it?" (the reasons), a message's opening with no subject
that goes on in the first person ("9 months pregnant ..., so I'm doing my mom's homework"), Urdu or Hindi in Latin
letters ("Ammi 49 ki hain ... kitni dafa?"), an age inside single-quoted guidance, a test that "counts as an
acceptable screening modality", a relative asked about by "for her?", weeks after an embryo transfer, a vaccination
and the test's timing, "a woman of 67", and "simple explain ... for patient". Each with a counterpart."""

import pytest


@pytest.mark.parametrize("question, abstain", [
    # a man's age told before the asker's own: the question is the asker's
    ("My brother was diagnosed with breast cancer last year, he's 50. I'm a 44 yo woman, no lumps. Does his "
     "diagnosis change when I should start mammograms under USPSTF?", False),
    ("My brother was diagnosed with breast cancer last year, he's 50. Should he start mammograms under USPSTF?", True),
    # the man asked about, with a word before his relation
    ("Should my older brother, who is 52, start getting screening mammograms?", True),
    ("Should my older sister, who is 52, start getting screening mammograms?", False),
    # ... named after another man's history ("since my brother had breast cancer should my other brother ...")
    ("since my brother had breast cancer should my other brother who is 52 start getting screening mammograms too",
     True),
    ("since my brother had breast cancer should my sister who is 52 start getting screening mammograms too", False),
    ("My partner is a trans guy, 44. Should he be getting mammograms per the USPSTF?", False),
    # a gestational age in a note is a pregnancy; weeks since a test are not
    ("42yo at 34 wks, due for her screening mammogram per ACOG - do we do it now or after delivery?", True),
    ("42yo, last mammogram 34 wks ago, normal. When is the next one due per ACOG?", False),
    # another country's programme named by its nationality and its test
    ("My friend from Poland asks: the Polish national mammography programme invites women from 45 to 74 every 2 "
     "years - is that still what they say there, or did they lower it to 40?", True),
    ("My friend from Poland is 45 and lives here now: when do the American groups say she should start "
     "mammograms?", False),
    # a version named by its year (a few words of its topic between), one the corpus does not hold
    ("What exactly did the 2009 USPSTF breast cancer screening recommendation say about routine mammograms for "
     "women 40 to 49?", True),
    ("What exactly did the 2016 USPSTF breast cancer screening recommendation say about routine mammograms for "
     "women 40 to 49?", False),
    # an opening with no subject whose sentence goes on in the first person is the writer's state
    ("9 months pregnant and can't sleep, so I'm doing my mom's homework for her: she's 63, healthy, average risk. "
     "How often should she be getting mammograms according to the main guidelines?", False),
    ("9 months pregnant and can't sleep. I'm 41: how often should I be getting mammograms?", True),
    # the relative asked about by "for her?" is the patient, her history included
    ("my grandma 68 have surgery lumpectomy for DCIS in 2019, now which mammogram schedule the guideline say for "
     "her? she ask if every 2 year is ok", True),
    ("my grandma had a lumpectomy for DCIS in 2019. I'm 45: which mammogram schedule does the guideline say for "
     "me?", False),
    # weeks after an embryo transfer, or "currently N wks", is a pregnancy
    ("pt 39, currently 14 wks after IVF transfer, turns 40 next month - should she get her baseline mammo now per "
     "uspstf or wait?", True),
    ("pt 39, had IVF 3 years ago, turns 40 next month - should she get her baseline mammo now per uspstf or wait?",
     False),
    # timing the test around a vaccination is a topic no card covers
    ("pharmacist here - pt getting her COVID booster today asks if she should push her screening mammogram out 4-6 "
     "wks because of underarm lymph node swelling. any guidance?", True),
    ("pharmacist here - pt getting her COVID booster today asks how often she should get her screening "
     "mammogram. any guidance?", False),
])
def test_who_is_asked_about_and_which_version(engine, settings, question, abstain):
    assert engine.ask(question, settings).abstain is abstain


def test_a_version_named_by_its_year_with_words_of_its_topic_between(engine):
    assert [(org, year) for org, year, _, _ in engine.pack.versions_named(
        "What exactly did the 2009 USPSTF breast cancer screening recommendation say?")] == [("USPSTF", 2009)]
    # (a clause between the year and the document is no name of a version)
    assert engine.pack.versions_named("Back in 2019 USPSTF said the guidelines were biennial. And now?") == ()


@pytest.mark.parametrize("question, organizations", [
    ("hey siri what age do i start mammo grams the a c r says", {"ACR"}),
    ("hey siri what age do i start mammo grams the u s p s t f says", {"USPSTF"}),
    # ... or by the letters' names
    ("note to self: pt 47, extremely dense. what's the you ess pee ess tee eff position versus A C R on "
     "supplemental MRI for dense breast tissue", {"USPSTF", "ACR"}),
])
def test_an_organization_dictated_letter_by_letter_is_the_one_asked(engine, settings, question, organizations):
    decision = engine.ask(question, settings)
    answering = {c for ids in decision.answer_chunks.values() for c in ids}
    assert answering
    assert {r.organization for r in decision.results if r.chunk_id in answering} == organizations


@pytest.mark.parametrize("question, asked, not_asked", [
    ("Per current USPSTF, what screening interval applies?", "interval", "applies_to"),
    ("Which age range does the current USPSTF grade B for screening mammography cover, and at what frequency?",
     "interval", "applies_to"),
    ("Does the current USPSTF recommendation apply to her? She had a benign biopsy.", "applies_to", None),
    ("my partner is a trans man turning 40 and his doc said ACOG changed to 40 last year. why did they change it?",
     "reasons", "what_changed"),
    ("What did ACOG change in 2024, and why did they change it?", "reasons", None),
    ("What reasons did ACOG give when they changed their mammogram starting age?", "reasons", "what_changed"),
    ("What did ACOG change in 2024, and why did they change it?", "what_changed", None),
    # a second question joined by "and" is asked apart ("what did they change ... and why did they do it")
    ("what did acog actually change in oct 2024 about mammograms and why did they do it", "what_changed", None),
    # what held "before the change" asks what changed
    ("What did the Task Force recommend for women in their 40s before the change, and what reasons did it give for "
     "changing it?", "what_changed", None),
    # a test that counts as screening asks about the test; a person who counts as average risk, whom it covers
    ("Under the current USPSTF rec, does DBT count as an acceptable screening modality?", "modality", "applies_to"),
    ("Does my sister count as average risk under the USPSTF rec if our aunt had breast cancer?", "applies_to", None),
])
def test_what_a_question_asks(engine, settings, question, asked, not_asked):
    aspects = engine.ask(question, settings).aspects
    assert asked in aspects
    assert not_asked is None or not_asked not in aspects


def test_urdu_or_hindi_in_latin_letters_tells_her_age_and_asks_how_often(engine, settings):
    decision = engine.ask("Ammi 49 ki hain. Unki badi behen ko breast cancer hua tha 2019 mein. Does the USPSTF "
                          "recommendation still apply to ammi with this family history? Aur kitni dafa mammogram "
                          "karwayein?", settings)
    assert decision.patient["ages"] == [[49, 49]]
    assert "interval" in decision.aspects and "high_risk" not in decision.aspects


@pytest.mark.parametrize("question, ages", [
    # an age inside quoted guidance speaks of no patient, in single quotes too
    ("Appeal from 02/2019: a 44-year-old member's mammogram was denied with the note 'not recommended under age 50 "
     "per USPSTF.' Was screening at 40-49 actually 'not recommended' then?", [[44, 44]]),
    ("I'm 44 and I'd like to know whether I'm due for a mammogram per USPSTF.", [[44, 44]]),
    # a person of an age, asked about
    ("What did the guidelines say in 2020 about how often a woman of 67 should have a mammogram?", [[67, 67]]),
    ("What do the guidelines say about how often a woman should have a mammogram?", []),
])
def test_an_age_in_quoted_guidance_is_no_patients(engine, settings, question, ages):
    assert engine.ask(question, settings).patient["ages"] == ages


def test_a_simple_explanation_for_a_patient_asks_for_patient_material(engine, settings):
    decision = engine.ask("Ba got letter from imaging center say she has 'dense breast tissue'. Is there simple "
                          "explain from ACOG for patient, what does this mean and what she should do?", settings)
    assert decision.answer_chunks.get("dense_breasts") == ("acog-faq#dense-breasts",)
