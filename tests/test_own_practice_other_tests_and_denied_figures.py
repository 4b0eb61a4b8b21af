"""The writer's own practice held against an organization ("Our biennial interval deviates from the ACR, which
recommends ...", "..., so our protocol is consistent with ACOG"): the verdict is the writer's, the claim is what it
says of the organization; a test or an interval an organization "allows" is one it offers or grants; a claim about a
test the cited card does not name, when the card names others ("DBT for dense breasts" against a card on
supplemental ultrasound or MRI), is about another test; a verdict on a test's worth ("considers DBT an effective
screening modality", "says DBT works as a primary screening test") against an insufficient-evidence statement
misstates its strength; a group that "became eligible under ORG in YEAR" dates the start of the advice; "the groups
our protocol refers out" are people, not organizations; a group set apart from a list of those left out ("leaves out
A and B, but not C"); an interval of months that is no whole year ("every 18 months"); a card's percentage the claim
sets aside ("rather than a 40% higher likelihood"); "not one of them fails to allow X" (each allows X); an age the
card gives only after another word ("by 40" against "by age 25 ... from age 40"); an extent reached ("extended ...
down to women in their 40s") is no falling trend; an interval denied as sufficient ("does not think every two years
is enough"); "only some" against a card's "every woman"; "announced ... in October 2023" dates the issue; a leaflet's
analogy ("Like a smoke alarm you test every year, ...") is the writer's picture; a figure's period given as other
years ("from 2010 to 2014") within a part of the claim.
In questions: a spoken "three D mammogram" is tomosynthesis; "does that make her not average risk?" asks whom the
advice covers; "do they ever say to stop at a certain age?" asks about stopping; "does that count as the chest
radiation the definition means?" names the exclusion, not a finding; "..., and does the current recommendation say
something different?" asks the present beside the time stated; "has had mammograms since age 45" is her age at an
event; "Reason for e-consult:" asks no reasons; a board-style stem's "most appropriate recommendation regarding
screening" asks for the recommendation itself.
Each with a counterpart that keeps its reading. The pack's change verbs, tests and the shared year reader are
checked as data at the end."""

import datetime as dt

import pytest

from review_app.claims.accounting import load_accounting
from review_app.engine.dates import MONTH_AND_DAY, PART_OF_YEAR, year_after
from review_app.engine.facts import load_claim_rules
from review_app.errors import CorpusError

from .chunks import (
    ACOG_2017_CBE,
    ACOG_FAQ,
    ACOG_INTERVAL,
    ACOG_RATIONALE,
    ACOG_START,
    ACR_RESPONSE_ANNUAL,
    ACR_RESPONSE_RISK,
    ACR_RISK,
    ACR_START,
    ACS_45_54,
    ACS_55,
    ACS_AVERAGE,
    ACS_CBE,
    USPSTF_75,
    USPSTF_2016_DBT,
    USPSTF_CHANGES,
    USPSTF_DENSE,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import CORPUS_DIR, answered_chunks, judge

MEMO_DATE = dt.date(2023, 9, 1)


@pytest.mark.parametrize("claim, chunk, label", [
    # the writer's own practice held against the organization: the claim is what it says of the organization
    ("Our biennial interval deviates from the ACR, which recommends a mammogram every year from age 40.", ACR_START,
     ("supports", None)),
    ("Our biennial protocol from 40 deviates from the ACR, which urges annual rather than biennial screening from "
     "40.", ACR_RESPONSE_ANNUAL, ("supports", None)),
    ("The ACR recommends yearly screening from 40, so our protocol deviates from the ACR.", ACR_START,
     ("supports", None)),
    ("From 55 the ACS says women may switch to every other year or keep annual screening, so our biennial interval "
     "is consistent with ACS at those ages.", ACS_55, ("supports", None)),
    ("ACOG currently says clinical breast examination may be offered every year from age 40, so our protocol is "
     "consistent with ACOG.", ACOG_2017_CBE, ("supports", None)),
    ("The ACS does not recommend clinical breast examination for average-risk women at any age, so our CBE offer "
     "deviates from ACS.", ACS_CBE, ("supports", None)),
    # ... what it says of the organization is still checked; and a clause that is the claim's content stays
    ("Our annual protocol deviates from the ACR, which recommends a mammogram every two years from age 40.",
     ACR_START, ("contradicts", "missing_fact")),
    ("I understand that this screening follows the USPSTF recommendation of one mammogram every other year between "
     "ages 40 and 74.", USPSTF_REC, ("supports", None)),
    # an interval an organization allows: offered by a choice of two, granted by a recommendation
    ("ACOG allows a mammogram every two years for average-risk women.", ACOG_INTERVAL, ("supports", None)),
    ("The USPSTF allows biennial mammography from 40 to 74.", USPSTF_REC, ("supports", None)),
    ("ACOG says women must have a mammogram every two years.", ACOG_INTERVAL, ("contradicts", "misstated_strength")),
    # "not one of them fails to allow X": each allows it (for two organizations, one card states its own part)
    ("Not one of the USPSTF, ACS or ACOG fails to allow an every-other-year mammogram at 58.", ACS_55,
     ("partially_supports", "wrong_organization")),
    # a test the card does not name, on a card about others: another test's card
    ("The USPSTF currently treats adjunctive DBT for dense breasts as an I statement.", USPSTF_DENSE,
     ("does_not_support", "missing_fact")),
    ("USPSTF 2024 recommends supplemental DBT for dense breasts.", USPSTF_DENSE, ("does_not_support", "missing_fact")),
    ("The USPSTF finds insufficient evidence for supplemental MRI in dense breasts.", USPSTF_DENSE,
     ("supports", None)),
    # a verdict on the test's worth against an I statement
    ("The USPSTF considers DBT an effective screening modality.", USPSTF_2016_DBT,
     ("contradicts", "misstated_strength")),
    ("The USPSTF says DBT works as a primary screening test.", USPSTF_2016_DBT,
     ("contradicts", "misstated_strength")),
    ("The USPSTF did not say whether DBT is effective as a primary screening test.", USPSTF_2016_DBT,
     ("supports", None)),
    ("The USPSTF says digital mammography and DBT are both effective.", USPSTF_MODALITY, ("supports", None)),
    # a group that became eligible under an organization in a year: the advice's start, dated
    ("Members aged 40 to 49 became eligible under the USPSTF in 2019, the last year of the 2015 to 2019 rise in "
     "incidence.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    ("Women aged 40 to 49 became eligible under the USPSTF in 2024.", USPSTF_CHANGES, ("supports", None)),
    # the groups a protocol refers out are people; the groups that recommend are organizations
    ("The groups our protocol refers out (a high-risk genetic syndrome, high-dose chest radiation at a young age, a "
     "prior breast cancer, a high-risk lesion on an earlier biopsy) are the same groups USPSTF 2024 excludes.",
     USPSTF_EXCLUSIONS, ("supports", None)),
    ("The groups all recommend starting at 40.", USPSTF_REC, ("partially_supports", "wrong_organization")),
    # a group set apart from the list of those left out is not left out
    ("The ACS average-risk definition leaves out women with a personal history of breast cancer or chest radiation "
     "before 30, but not carriers of a known mutation such as BRCA.", ACS_AVERAGE, ("contradicts", "missing_fact")),
    ("The ACS average-risk definition leaves out carriers of a known mutation such as BRCA.", ACS_AVERAGE,
     ("supports", None)),
    # an interval of months that is no whole year or two
    ("ACOG's FAQ says screening can start from age forty, with a mammogram every eighteen months.", ACOG_FAQ,
     ("contradicts", "missing_fact")),
    ("ACS says women 45 to 54 should get a mammogram every 18 months.", ACS_45_54, ("contradicts", "missing_fact")),
    ("ACS says women 45 to 54 should get a mammogram every 12 months.", ACS_45_54, ("supports", None)),
    # a card's percentage set aside by the claim
    ("The USPSTF notes that Black women face higher breast cancer mortality from age 40, rather than a 40% higher "
     "likelihood of dying of it.", USPSTF_CHANGES, ("contradicts", "missing_fact")),
    ("Black women are about 40% more likely to die of breast cancer, not 4%.", USPSTF_CHANGES, ("supports", None)),
    # an age the card gives only after another word: bound to another part of the card
    ("The ACR urges a risk assessment for every woman by age 40.", ACR_RESPONSE_RISK, ("contradicts", "missing_fact")),
    ("The ACR urges annual mammography from 40 and a risk assessment by 25.", ACR_RESPONSE_RISK, ("supports", None)),
    # an extent reached is no falling trend
    ("In its 2024 update the USPSTF extended routine every-other-year screening down to women in their 40s.",
     USPSTF_CHANGES, ("supports", None)),
    ("The USPSTF said incidence in women in their 40s went down about 2% per year.", USPSTF_CHANGES,
     ("contradicts", "missing_fact")),
    # an interval denied as sufficient
    ("The ACR does not think a mammogram every two years is enough for average-risk women in their 40s.",
     ACR_RESPONSE_ANNUAL, ("supports", None)),
    ("The ACR thinks a mammogram every two years is enough for average-risk women in their 40s.",
     ACR_RESPONSE_ANNUAL, ("contradicts", "missing_fact")),
    # "only some" against the card's everyone
    ("The ACR says only Black women need a risk assessment by 25.", ACR_RISK, ("contradicts", "missing_fact")),
    ("The ACR says every woman needs a risk assessment by 25.", ACR_RISK, ("supports", None)),
    # the issue of advice dated by "announced ... in <month> <year>"
    ("ACOG announced its new start age of 40 in October 2023.", ACOG_START, ("contradicts", "missing_fact")),
    ("ACOG announced its new start age of 40 in October 2024.", ACOG_START, ("supports", None)),
    # a leaflet's analogy is no part of the claim; an organization compared with is
    ("Like a smoke alarm you test every year, the ACR wants you to have a mammogram every year starting at 40.",
     ACR_START, ("supports", None)),
    ("The ACS says that from 55 you can change to a mammogram every other year or keep going every year, a bit like "
     "choosing how often to get your car serviced.", ACS_55, ("supports", None)),
    ("Like the USPSTF, the ACR recommends a mammogram every two years.", ACR_START,
     ("contradicts", "wrong_organization")),
    ("The ACS says that from 55 you can switch to a mammogram every 36 months.", ACS_55,
     ("contradicts", "missing_fact")),
    # a figure's period given as other years, in a part of the claim
    ("ACOG says it moved the start age to 40 because breast cancer in the 40s rose about 2% per year from 2010 to "
     "2014.", ACOG_RATIONALE, ("contradicts", "missing_fact")),
    ("ACOG says it moved the start age to 40 because breast cancer in the 40s rose about 2% per year from 2015 to "
     "2019.", ACOG_RATIONALE, ("supports", None)),
])
def test_claims_read_by_whose_verdict_which_test_and_what_they_set_aside(verifier, claim, chunk, label):
    date = MEMO_DATE if chunk == USPSTF_2016_DBT else dt.date(2026, 6, 24)
    assert judge(verifier, claim, chunk, date) == label


def test_a_statement_allowed_to_people_is_no_choice_named(verifier):
    # "none of them tells women 75+ not to be screened" (all allow them to be screened): no option stated
    assert judge(verifier, "None of the four groups tells women 75 and older not to be screened.", USPSTF_75) == (
        "partially_supports", "wrong_organization")


def test_a_spoken_three_d_mammogram_is_tomosynthesis(engine, settings):
    decision = engine.ask("my sister's forty eight and back in 2017 her doctor told her the government task force "
                          "didn't back the three D mammogram as the main screening test. was that what the task "
                          "force said back then?", settings)
    assert decision.aspects == ("modality",)
    assert {c for ids in decision.answer_chunks.values() for c in ids} == {USPSTF_2016_DBT}
    # ... a mammogram counted three times is no test's name
    assert "tomosynthesis" not in engine.vocabulary.normalize("she has had three mammograms")


def test_whether_a_relatives_history_makes_her_not_average_risk_asks_whom_it_covers(engine, settings):
    question = ("pt 39 asks: ACS says its guideline is for 'average risk' - her aunt (dad's sister) had breast ca at "
                "58, does that make her not average risk under ACS? what counts?")
    decision = engine.ask(question, settings)
    assert "applies_to" in decision.aspects
    assert ACS_AVERAGE in {c for ids in decision.answer_chunks.values() for c in ids}
    assert "applies_to" not in engine.ask("Does the ACS make her start at 45?", settings).aspects


def test_stopping_at_a_certain_age_asks_about_stopping(engine, settings):
    decision = engine.ask("pt 73 asks re: radiology college (ACR) - is it every yr, and do they ever say to stop at "
                          "a certain age?", settings)
    assert {"interval", "age_75_and_older"} <= set(decision.aspects)
    assert "age_75_and_older" not in engine.ask("pt 43 asks re: ACR - is it every yr?", settings).aspects


def test_a_category_asked_about_is_no_finding(engine, settings):
    decision = engine.ask("Med student here -- the ACS 2015 guideline limits its mammography advice to women at "
                          "'average risk.' Which women does that definition leave out? Our pt (46 yo) had radioactive "
                          "iodine for Graves disease at 33 and no other radiation -- does that count as the chest "
                          "radiation the ACS definition means?", settings)
    assert not decision.abstain and ACS_AVERAGE in {c for ids in decision.answer_chunks.values() for c in ids}
    decision = engine.ask("She had chest radiation at 20 -- should she start screening at 25?", settings)
    assert decision.abstain and "prior_chest_radiation" in decision.scope_flags


def test_the_present_asked_beside_a_stated_time_by_naming_todays_version(engine, settings):
    def chunks(question):
        return answered_chunks(engine, settings, question)
    both = chunks("In 2017 our radiology group told us the USPSTF would not endorse tomosynthesis as a primary "
                  "screening test. What exactly was the USPSTF position on DBT at that time, and does the current "
                  "recommendation say something different?")
    assert {USPSTF_2016_DBT, USPSTF_MODALITY} <= both
    then = chunks("In 2017 our radiology group told us the USPSTF would not endorse tomosynthesis as a primary "
                  "screening test. What exactly was the USPSTF position on DBT at that time?")
    assert USPSTF_2016_DBT in then and USPSTF_MODALITY not in then


def test_an_age_since_which_she_has_done_something_is_no_age_of_hers_now(engine, settings):
    decision = engine.ask("A 56-year-old woman presents for follow-up of hypothyroidism. She has had annual "
                          "screening mammograms since age 45, all normal. According to the American Cancer Society, "
                          "can she have mammograms less often?", settings)
    assert decision.patient["ages"] == [[56, 56]]
    # ... with no other age, the age she began at is all there is
    alone = engine.ask("I've had mammograms since age 45. How often should I go?", settings)
    assert alone.patient["ages"] == [[45, 45]]


def test_a_notes_reason_for_consult_and_a_board_stem(engine, settings):
    decision = engine.ask("Reason for e-consult: supplemental imaging for dense breasts? S: 52 yo F. Q: is there "
                          "guideline support for adding MRI or US for density alone, and do the societies agree?",
                          settings)
    assert "reasons" not in decision.aspects and "dense_breasts" in decision.aspects
    assert "reasons" in engine.ask("What was the reason for the USPSTF change in 2024?", settings).aspects
    stem = ("A 40-year-old nonbinary patient assigned female at birth presents for a preventive visit. According to "
            "the USPSTF, which of the following is the most appropriate recommendation regarding breast cancer "
            "screening?")
    assert {"start_age", "interval", "gender_identity"} <= set(engine.ask(stem, settings).aspects)
    covered = engine.ask("A 40-year-old nonbinary patient assigned female at birth: does the USPSTF recommendation "
                         "cover them?", settings)
    assert "interval" not in covered.aspects


def test_the_pack_names_the_verbs_that_tell_a_change_and_its_tests():
    rules = load_claim_rules(CORPUS_DIR)
    # the start-age rewrite's own wording is a change told, as "lowered" is; an issue date is not
    rewritten = next(out for pattern, out in rules.rewrites if out.startswith("sets the "))
    told = rewritten.split(" age")[0].replace("\\1", "start") + " age"
    assert any(p.search(told) for p in rules.change_verbs)
    assert any(p.search("acog lowered it to 40") for p in rules.change_verbs)
    assert not any(p.search("acog issued it in 2024") for p in rules.change_verbs)
    assert {"MRI", "ultrasound", "tomosynthesis"} <= rules.tests


def test_tests_must_be_concepts(tmp_path):
    text = (CORPUS_DIR / "claim_rules.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "claim_rules.yaml"
    bad.write_text(text.replace("tests: [MRI, ultrasound, tomosynthesis]", "tests: [MRI, thermography]"),
                   encoding="utf-8")
    (tmp_path / "terms.yaml").write_text((CORPUS_DIR / "terms.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(CorpusError) as failure:
        load_claim_rules(tmp_path)
    assert "tests" in str(failure.value)


def test_a_narrowing_names_scope_classes(tmp_path):
    text = (CORPUS_DIR / "claim_rules.yaml").read_text(encoding="utf-8")
    (tmp_path / "claim_rules.yaml").write_text(text.replace("scope_narrows: {only_some: everyone}",
                                                            "scope_narrows: {only_some: nobody}"), encoding="utf-8")
    (tmp_path / "terms.yaml").write_text((CORPUS_DIR / "terms.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(CorpusError) as failure:
        load_accounting(tmp_path)
    assert "scope_narrows" in str(failure.value)
    assert load_accounting(CORPUS_DIR).narrows == (("only_some", "everyone"),)


@pytest.mark.parametrize("text, year, lead", [
    ("in April 2024 the task force", "2024", "in"),
    ("before Oct. 3rd, 2024", "2024", "before"),
    ("during mid-2020", "2020", "during"),
])
def test_one_reader_takes_a_year_after_its_lead_with_a_month_or_part_between(text, year, lead):
    pattern = year_after("in|before|during", f"{PART_OF_YEAR}|{MONTH_AND_DAY}")
    match = pattern.search(text)
    assert match is not None and (match.group(1).lower(), match.group(2)) == (lead, year)


def test_the_year_reader_keeps_what_follows_apart():
    # "in 2015 to 2019" is a span when the caller says so; a document named by its year is no time
    span = year_after("in", after=r"(?!\s*(?:-|to|through)\s*\d)")
    assert span.search("rising in 2015 to 2019") is None
    assert span.search("rising in 2019") is not None
