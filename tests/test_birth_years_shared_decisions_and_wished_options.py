"""A claim that tells the year a person was born before working out her age ("Mom was born in 1978, so she's 47 now,
inside the 40-to-74 range"), an age range hyphenated as one word, a sentence adverb between a verb and its negation
("is also not for people with dense breasts"), a schedule written "every 1 or 2 year", "normal risk" for average
risk, a change told as "now X rather than Y", a choice said to be one party's alone against a shared decision, "...,
and only ORG waits until 45", a rate given over the card's period with another figure ("that rise, about 20 percent
a year") or over a choice of periods ("2% every one to two years"), an interval "accepted", said to be "enough" or
one that "lets her go" (allowed, which recommending it grants), a least frequency ("at least every two years"), an
option told on the patient's wish against a card that recommends on that wish, a group kept "from being covered", an
I statement in lay words ("it takes neither side"), a recommendation drawn from an I statement ("because the
evidence is insufficient, the USPSTF advises ..."), a year that opens a claim ("By 2025, the ACR was saying ...", no
deadline read as an age), a note's clipped words ("suppl", "brst", "esp"), a screening mammogram given the
diagnostic one's purpose, a doctor who "will decide for you", differing recommendations said to do "no harm", "may
want to think about" (an option), a change dated to the year of the version it was made from, and a visit's "check-
ups" (no test); in questions: "what does it recommend at her age?" beside another point, a patient "confused why her
order says 'screening'" (no conflict between organizations), "about all these guidelines disagreeing", what was told
of a past year then "has that changed?", an old brochure quoted then "is that still right?", the year of a
relative's diagnosis before "has that changed?", and a quoted letter followed by "that new update"; and the pack's
shared list of relatives. Each with a counterpart that keeps its reading."""

import pytest

from review_app.engine.datafiles import read_mapping, read_terms
from review_app.errors import CorpusError

from .chunks import (
    ACOG_FAQ_DIAGNOSTIC,
    ACOG_INTERVAL,
    ACOG_RATIONALE,
    ACR_CONFLICTING,
    ACR_DENSE,
    ACR_RESPONSE,
    ACR_RISK,
    ACR_START,
    ACS_45_54,
    ACS_55,
    USPSTF_75,
    USPSTF_2016_DBT,
    USPSTF_CHANGES,
    USPSTF_MODALITY,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import CORPUS_DIR, judge
from .test_dates import stated


@pytest.mark.parametrize("claim, chunk, label", [
    # the year she was born is her record, from which her age is worked out
    ("Mom was born in 1978, so she's 47 or 48 now, inside the USPSTF's 40-to-74 range.", USPSTF_REC, "supports"),
    ("Mom was born in 1974, so she is at least 45 this June and in the ACS's annual-screening band.", ACS_45_54,
     "supports"),
    # ... a wrong range is still wrong
    ("Mom was born in 1978, so she's 47 or 48 now, inside the USPSTF's 50-to-74 range.", USPSTF_REC,
     "contradicts"),
    # an age range hyphenated as one word
    ("The USPSTF covers ages 50-to-74.", USPSTF_REC, "contradicts"),
    ("The USPSTF covers ages 40-to-74.", USPSTF_REC, "supports"),
    # an adverb between the verb and its negation
    ("The USPSTF advice is also not for people with dense breasts or with family history.", USPSTF_POPULATION,
     "contradicts"),
    ("The USPSTF advice is also for people with dense breasts or with family history.", USPSTF_POPULATION,
     "supports"),
    # a learner's singular "every 1 or 2 year"
    ("ACOG say every 1 or 2 year, you choose together with your doctor.", ACOG_INTERVAL, "supports"),
    ("ACOG say every 3 year, you choose together with your doctor.", ACOG_INTERVAL, "contradicts"),
    # "normal risk" is the cards' average risk
    ("USPSTF advice is for women and all people born with female sex, also transgender men and nonbinary people, "
     "age 40 and more, with normal risk.", USPSTF_POPULATION, "supports"),
    # the new value told now, the old one set aside
    ("Women in their forties now fall under the grade B recommendation rather than an individual (grade C) "
     "decision.", USPSTF_CHANGES, "supports"),
    ("Women in their forties now fall under grade C rather than grade B.", USPSTF_CHANGES, "contradicts"),
    # the choice made by one party alone, against a shared decision
    ("ACOG say the doctor should decide alone if every year or every 2 year.", ACOG_INTERVAL, "contradicts"),
    ("ACOG says the patient and the doctor decide together whether every year or every 2 years.", ACOG_INTERVAL,
     "supports"),
    # a rate over the card's period with another figure
    ("That rise, about 20 percent a year, alarmed the task force.", USPSTF_CHANGES, "contradicts"),
    ("That rise, about 2 percent a year, alarmed the task force.", USPSTF_CHANGES, "partially_supports"),
    # an option told on the patient's wish, against a card that recommends on her wish
    ("Dense breasts: offer supplemental breast MRI to patients who want it, particularly with extremely dense "
     "tissue (ACR).", ACR_DENSE, "supports"),
    # ... an option with no wish is still an understated recommendation
    ("ACR says MRI is optional for women with dense breasts.", ACR_DENSE, "contradicts"),
    ("USPSTF says women 40 to 49 may choose screening if they want it.", USPSTF_REC, "contradicts"),
    # kept "from being covered" is left out; denied ("it's not true that ..."), covered
    ("A family history keeps you from being covered by the task force advice.", USPSTF_POPULATION, "contradicts"),
    ("It's not true that a family history keeps you from being covered by the task force advice.", USPSTF_POPULATION,
     "supports"),
    # an I statement in lay words
    ("The USPSTF does not say that women 75 and older should not be screened; it takes neither side.", USPSTF_75,
     "supports"),
    # a rate over a choice of periods is no yearly rate
    ("ACOG notes incidence in the 40s rose about 2% every one to two years.", ACOG_RATIONALE, "contradicts"),
    ("ACOG notes incidence in the 40s rose about 2% a year.", ACOG_RATIONALE, "supports"),
    # a note's clipped words
    ("ACR: suppl MRI recommended for dense brst if pt wants it, esp extremely dense.", ACR_DENSE, "supports"),
    # a recommendation drawn from an I statement
    ("Because the evidence for women 75 and older is insufficient, the USPSTF advises continued screening at those "
     "ages.", USPSTF_75, "contradicts"),
    ("Because the evidence for women 75 and older is insufficient, the USPSTF neither recommends for nor against "
     "screening.", USPSTF_75, "supports"),
    # a least frequency, which a yearly schedule meets: not the card's annual denied
    ("ACR says to screen at least every two years from 40.", ACR_START, "partially_supports"),
    # a year that opens the claim is the time it speaks from, no deadline read as an age
    ("By 2025, the ACR was saying every woman should have a risk assessment by age 25.", ACR_RISK, "supports"),
    ("ACR says every woman should have a risk assessment by 2025.", ACR_RISK, "contradicts"),
    # the screening mammogram given the diagnostic one's purpose
    ("ACOG's FAQ says a screening mammogram is the one used to check a breast problem or finding.", ACOG_FAQ_DIAGNOSTIC,
     "contradicts"),
    ("The ACOG FAQ says a screening mammogram is the test used when someone has a breast problem that needs "
     "checking.", ACOG_FAQ_DIAGNOSTIC, "contradicts"),
    ("ACOG's FAQ says a screening mammogram is used to check for cancer in people who have no symptoms.",
     ACOG_FAQ_DIAGNOSTIC, "supports"),
    ("ACOG's FAQ says a diagnostic mammogram is the one used to check a breast problem or finding.",
     ACOG_FAQ_DIAGNOSTIC, "supports"),
    # the doctor deciding for the patient is no shared decision
    ("ACOG says your doctor will decide for you whether you need a mammogram every year or every other year.",
     ACOG_INTERVAL, "contradicts"),
    # differing recommendations said to do no harm, against "confuse patients"
    ("The ACR says conflicting recommendations are harmless and need no resolving.", ACR_CONFLICTING, "contradicts"),
    ("The ACR says differing recommendations confuse patients.", ACR_CONFLICTING, "supports"),
    # "may want to think about" is an option: a recommendation understated
    ("The ACS says women forty-five to fifty-four may want to think about a yearly mammogram.", ACS_45_54,
     "contradicts"),
    # ... a conversation the patient may want to have is no strength of the organization's
    ("You may want to discuss every-other-year screening, which is what USPSTF advises at your age.", USPSTF_REC,
     "supports"),
    # a change dated to the year it was made from
    ("The USPSTF lowered its start age from 50 to 40 in 2016.", USPSTF_CHANGES, "contradicts"),
    ("The USPSTF lowered its start age from 50 to 40 in 2024.", USPSTF_CHANGES, "supports"),
    # an interval said to be enough is allowed, as a choice of two allows it
    ("Every 2 years is enough for a 60-year-old, says ACS.", ACS_55, "supports"),
    ("Every 2 years is enough for a 50-year-old, says ACS.", ACS_45_54, "contradicts"),
])
def test_claims_read_by_what_they_assert(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk)[0] == label


@pytest.mark.parametrize("claim, chunk, label", [
    # the organization set apart in the last part is its own part: the first organization's chunk states its share
    ("The nurse said USPSTF, ACOG and ACR all put the starting age at 40, and only the ACS waits until 45 for its "
     "yearly recommendation.", USPSTF_REC, ("partially_supports", "wrong_organization")),
    # the others let her go every 2 years: the recommending organization's chunk states its share
    ("Apart from ACR, the other groups all let a 57-year-old woman go every 2 year.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    ("All four groups say every 2 year is enough at this age.", ACS_55, ("partially_supports", "wrong_organization")),
])
def test_a_part_for_several_organizations_is_judged_by_its_own_share(verifier, claim, chunk, label):
    assert judge(verifier, claim, chunk) == label


def test_a_visits_check_up_and_a_clinicians_checks_are_no_screening_test(verifier):
    normalize = verifier.reader.normalize
    # "annual check-ups" are visits, "breast checks by a doctor" a clinician's exam: neither is the screening test
    assert "screening" not in normalize("keep your annual check-ups")
    assert "screening" not in normalize("breast checks by a doctor every year")
    # ... a lay plural for the tests themselves still is
    assert "screening" in normalize("keep the yearly scans from 40")
    assert "screening" in normalize("keep the checks while healthy")


def _synthesis_chunks(engine, settings, question):
    decision = engine.ask(question, settings)
    return decision, {c for chunks in decision.answer_chunks.values() for c in chunks}


def test_what_it_recommends_at_her_age_asks_her_schedule(engine, settings):
    decision, chunks = _synthesis_chunks(
        engine, settings, "Relaying a patient's worry: she is 47 and her sister was diagnosed with breast cancer. "
        "Does the USPSTF recommendation still apply to someone whose sister had breast cancer, and what does it "
        "recommend at her age?")
    assert {"applies_to", "interval"} <= set(decision.aspects) and USPSTF_REC in chunks
    decision, chunks = _synthesis_chunks(
        engine, settings, "Relaying a patient's worry: she is 47 and her sister was diagnosed with breast cancer. "
        "Does the USPSTF recommendation still apply to someone whose sister had breast cancer?")
    assert "interval" not in decision.aspects


def test_a_patient_confused_by_her_order_asks_about_no_conflict(engine, settings):
    decision, chunks = _synthesis_chunks(
        engine, settings, "Pt 49, asx, confused why her order says 'screening' not 'diagnostic' mammo. Do we have "
        "ACOG pt-facing material that explains the difference?")
    assert "conflicting_advice" not in decision.aspects and ACOG_FAQ_DIAGNOSTIC in chunks
    decision, chunks = _synthesis_chunks(
        engine, settings, "My patient is confused by the different guidelines: why do they disagree?")
    assert "conflicting_advice" in decision.aspects and ACR_CONFLICTING in chunks


def test_what_was_told_then_asked_has_that_changed_asks_what_changed(engine, settings):
    decision, chunks = _synthesis_chunks(
        engine, settings, "Back in 2016 the USPSTF wouldn't endorse tomo as a primary screening test. Has that "
        "changed? Does the current USPSTF rec accept DBT for routine screening?")
    assert "what_changed" in decision.aspects and {USPSTF_2016_DBT, USPSTF_MODALITY} <= chunks
    # an old text's advice quoted, then asked whether it is still right
    decision = engine.ask("I found an old brochure that says: \"The U.S. Preventive Services Task Force recommends a "
                          "mammogram every two years for women 50 to 74.\" My daughter is 42. Is that still right?",
                          settings)
    assert "what_changed" in decision.aspects
    decision = engine.ask("My daughter's doctor says: \"The U.S. Preventive Services Task Force recommends a "
                          "mammogram every two years for women 40 to 74.\" My daughter is 42. Is that right?",
                          settings)
    assert "what_changed" not in decision.aspects


def test_what_the_organization_recommends_for_her_age_and_about_guidelines_disagreeing(engine, settings):
    decision = engine.ask("Member 46F asks whether she counts as 'average risk' under the American Cancer Society "
                          "guideline, and if so what ACS recommends for her age.", settings)
    assert "interval" in decision.aspects
    decision, chunks = _synthesis_chunks(
        engine, settings, "Did the ACR think the USPSTF's 2024 move to screening at 40 went far enough? And what did "
        "they say about all these guidelines disagreeing with each other?")
    assert "conflicting_advice" in decision.aspects and {ACR_RESPONSE, ACR_CONFLICTING} <= chunks


def test_the_year_of_a_relatives_diagnosis_asks_no_change(engine, settings):
    decision = engine.ask("My sister was diagnosed with breast cancer in 2019. I'm 45. Has that changed?", settings)
    assert "what_changed" not in decision.aspects
    decision = engine.ask("USPSTF said in 2016 to start at 50. Has that changed?", settings)
    assert "what_changed" in decision.aspects


@pytest.mark.parametrize("question, date", [
    # a quoted letter, then its own "new update" pointed back to: the letter's day
    ("Letter dated November 2015: 'The American Cancer Society now recommends yearly mammograms from 45 to 54.' "
     "What does that new update say about women in their 40s?", "2015-11-30"),
    # ... asked whether it has changed: today
    ("Letter dated November 2015: 'The American Cancer Society now recommends yearly mammograms from 45 to 54.' "
     "Has that changed?", None),
])
def test_after_a_quoted_letter_only_words_that_ask_about_today_reopen_it(question, date):
    found = stated(question)
    assert (found.isoformat() if found else None) == date


def test_the_packs_relatives_are_one_list_every_rule_file_shares():
    relative = read_terms(CORPUS_DIR)["relative"]
    assert relative.startswith("(?:") and "grandma" in relative
    for name in ("scope.yaml", "claim_rules.yaml", "positions.yaml"):
        text = (CORPUS_DIR / name).read_text(encoding="utf-8")
        assert "{{relative}}" in text
        assert "{{relative}}" not in repr(read_mapping(CORPUS_DIR / name))  # expanded on reading


def test_a_term_the_terms_file_does_not_list_is_named_with_its_file(tmp_path):
    (tmp_path / "terms.yaml").write_text("relative: [mother, sister]\n", encoding="utf-8")
    (tmp_path / "rules.yaml").write_text("cues: ['\\b{{relatives}}\\b']\n", encoding="utf-8")
    with pytest.raises(CorpusError) as raised:
        read_mapping(tmp_path / "rules.yaml")
    assert "rules.yaml" in str(raised.value) and "relatives" in str(raised.value) and "cues[0]" in str(raised.value)
    (tmp_path / "rules.yaml").write_text("cues: ['\\b{{relative}}\\b']\n", encoding="utf-8")
    assert read_mapping(tmp_path / "rules.yaml") == {"cues": ["\\b(?:mother|sister)\\b"]}
