"""The claim verifier reads a claim the way a clinician does (#19): atomic assertions, polarity
and negation scope, numbers, the strength ladder, reasons per atom and partial supersession.
Each test pairs a claim the verifier must pass with one of the same kind it must not."""

import datetime as dt

import pytest

from .conftest import PINNED, judge


def supported(verifier, text, chunks, date=PINNED):
    return verifier.verify_claim(("t", text, chunks), date).supported


# --- negation and polarity -------------------------------------------------------------------

@pytest.mark.parametrize("text, chunk, expected", [
    # include / exclude: the card says the recommendation covers the group
    ("The USPSTF 2024 recommendation also covers people whose mother had breast cancer.",
     "uspstf-2024#population", ("supports", None)),
    ("The USPSTF says its 2024 recommendation leaves out people with dense breasts.",
     "uspstf-2024#population", ("contradicts", "missing_fact")),
    # replace / does not replace
    ("The ACOG patient FAQ says breast self-awareness goes along with screening mammography.",
     "acog-faq#breast-self-awareness", ("supports", None)),
    ("According to the ACOG patient FAQ, breast self-awareness can be used instead of mammograms.",
     "acog-faq#breast-self-awareness", ("contradicts", "missing_fact")),
    # rise / fall
    ("ACOG cites incidence in the 40s rising about 2% a year.", "acog-2024#rationale", ("supports", None)),
    ("Per ACOG, breast cancer incidence among people in their 40s fell about 2% per year from 2015 to 2019.",
     "acog-2024#rationale", ("contradicts", "missing_fact")),
])
def test_antonym_pairs_from_the_claim_rules(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


def test_an_antonym_is_read_from_a_sentence_about_the_claims_topic(verifier):
    # the card leaves its older-women advice in place; a claim about another section is not contradicted by that
    assert judge(verifier, "ACOG's 2024 update replaced the 2017 advice on women aged 75 and older.",
                 "acog-2024#age-75-and-older") == ("contradicts", "missing_fact")
    assert judge(verifier, "ACOG's clinical breast examination advice was replaced by the 2024 update.",
                 "acog-2024#age-75-and-older")[0] == "does_not_support"


@pytest.mark.parametrize("text, expected", [
    ("The USPSTF does not recommend against screening women aged 75 or older; it finds the evidence insufficient.",
     ("supports", None)),
    ("It is not true that the task force recommends against mammography for women 75 and older.", ("supports", None)),
    ("The task force does not say that women aged 75 or older should not be screened.", ("supports", None)),
    ("The task force recommends against screening mammography for women aged 75 and older.",
     ("contradicts", "misstated_strength")),
])
def test_negation_scope_and_double_negatives(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#age-75-and-older") == expected


def test_a_denied_denial_is_an_assertion(verifier):
    chunk = "acs-2015#clinical-breast-examination"
    assert judge(verifier, "It is not true that ACS recommends clinical breast examination for average-risk women.",
                 chunk) == ("supports", None)
    assert judge(verifier, "It is not true that ACS does not recommend clinical breast examination for "
                           "average-risk women.", chunk)[0] == "contradicts"


# --- numbers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The USPSTF recommends biennial screening mammography from age forty through seventy-four.", ("supports", None)),
    ("The USPSTF recommends screening mammography every 24 months for women in their forties.", ("supports", None)),
    ("The USPSTF recommends biennial screening from forty-five to seventy-four.", ("contradicts", "missing_fact")),
    ("Per the task force, women need not start screening until fifty.", ("contradicts", "missing_fact")),
])
def test_number_words_ranges_intervals_and_start_ages(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#recommendation") == expected


@pytest.mark.parametrize("text, expected", [
    ("The USPSTF notes that Black women are about 40% more likely to die of breast cancer.", ("supports", None)),
    ("Black women are twice as likely to die of breast cancer, the USPSTF notes.", ("contradicts", "missing_fact")),
    ("USPSTF cites incidence in the 40s rising about 2% every two years.", ("contradicts", "missing_fact")),
    ("USPSTF cites incidence in the 40s rising about 2% in total from 2015 to 2019.", ("contradicts", "missing_fact")),
])
def test_percentages_and_relative_risks_keep_their_kind(verifier, text, expected):
    assert judge(verifier, text, "uspstf-2024#changes-from-2016") == expected


def test_a_yearly_percentage_is_not_a_screening_interval(verifier, engine):
    from review_app.engine.facts import FactReader

    reader = FactReader(engine.vocabulary, engine.claim_rules, list(engine.corpus.organizations))
    facts = reader.read("incidence rose about 2% a year", reader.rules.claim_priority)
    assert facts.intervals == frozenset() and "per year 2%" in facts.numbers


def test_dates_are_never_ages(verifier):
    # "October 10, 2024": the day of the month is no age for "in their 40s" to clash with
    assert judge(verifier, "ACOG's interim update starts screening at 40, for people in their forties and up.",
                 "acog-2024#starting-age")[0] != "contradicts"
    # a year where the card states an age ("by age 25") is the wrong value
    assert judge(verifier, "The ACR asks that every woman have a breast cancer risk assessment by 2025.",
                 "acr-current#risk-assessment")[0] != "supports"


# --- the strength ladder -----------------------------------------------------------------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("ACOG says all average-risk individuals should start screening mammography at 40.", "acog-2024#starting-age",
     ("supports", None)),
    ("ACS says women aged 40 to 44 should start annual screening mammography.", "acs-2015#ages-40-to-44",
     ("contradicts", "misstated_strength")),
    ("The USPSTF says screening mammography after 75 has no benefit.", "uspstf-2024#age-75-and-older",
     ("contradicts", "misstated_strength")),
    ("ACOG recommends offering screening mammograms from age 40 and beginning by 50 at the latest.",
     "acog-2024#starting-age", ("contradicts", "misstated_strength")),
])
def test_strength_ladder(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk", [
    ("The ACS says women must have a mammogram every year from 45 to 54.", "acs-2015#ages-45-to-54"),
    ("ACOG requires a clinical breast examination every year from 40.", "acog-2017#clinical-breast-examination"),
    ("The ACR says all women with dense breasts always need a supplemental MRI.", "acr-current#dense-breasts"),
])
def test_overstatement_is_misstated_strength(verifier, text, chunk):
    assert judge(verifier, text, chunk) == ("contradicts", "misstated_strength")


# --- compound and cross-organization claims -------------------------------------------------------

def test_each_atom_is_judged_against_its_organizations_chunk(verifier):
    chunks = ["uspstf-2024#recommendation", "acr-current#starting-age-and-interval"]
    text = "Per the USPSTF you should screen every other year from 40; per ACR, every year from 40."
    verdict = verifier.verify_claim(("t", text, chunks), PINNED)
    assert [(v.label, v.reason) for v in verdict.verdicts] == [("partially_supports", "wrong_organization")] * 2
    assert verdict.supported
    wrong = "Per the USPSTF you should screen every year from 40; per ACR, every year from 40."
    verdict = verifier.verify_claim(("t", wrong, chunks), PINNED)
    assert verdict.verdicts[0].label == "contradicts" and not verdict.supported
    assert "'per the uspstf" in verdict.verdicts[0].explanation  # the explanation names the failing atom


def test_a_compound_claim_needs_every_atom_supported(verifier):
    chunks = ["acr-current#starting-age-and-interval"]
    assert not supported(verifier, "The ACR recommends yearly screening from 40, and so does the USPSTF.", chunks)
    assert supported(verifier, "The ACR recommends yearly screening from 40.", chunks)


def test_apart_from_speaks_for_the_others(verifier):
    text = "Apart from the ACS, the other organizations start screening at 40."
    assert judge(verifier, text, "acog-2024#starting-age") == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, "uspstf-2024#recommendation") == ("partially_supports", "wrong_organization")


def test_a_cue_of_one_part_does_not_leak_into_the_others_chunk(verifier):
    # "may begin ... if you wish" is the ACS's; the USPSTF part is a recommendation
    text = ("At 42, the ACS says you may begin annual screening if you wish, while the USPSTF recommends biennial "
            "screening.")
    assert judge(verifier, text, "uspstf-2024#recommendation") == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, "acs-2015#ages-40-to-44") == ("partially_supports", "wrong_organization")


def test_a_correct_list_of_exclusions_is_not_out_of_scope(verifier):
    text = ("USPSTF 2024 excludes people with a BRCA1 or BRCA2 mutation, high-dose chest radiation at a young age, "
            "a previous breast cancer or a high-risk lesion on an earlier biopsy.")
    assert judge(verifier, text, "uspstf-2024#exclusions") == ("supports", None)
    assert judge(verifier, text, "uspstf-2024#population") == ("does_not_support", "missing_fact")
    # a claim that applies the recommendation to an excluded group is still out of scope
    assert judge(verifier, "A prior mantle-field radiation does not exclude a woman from the USPSTF 2024 advice.",
                 "uspstf-2024#exclusions") == ("contradicts", "out_of_scope")


# --- reasons per atom and dates ---------------------------------------------------------------------

def test_wrong_organization_only_when_the_organization_is_the_wrong_part(verifier):
    # the organization matches its chunk: the wrong part is the strength
    assert judge(verifier, "The ACR says women must have a mammogram every year from 40.",
                 "acr-current#starting-age-and-interval") == ("contradicts", "misstated_strength")
    # ... or the value, even when another organization's card states it (named in the explanation)
    verdict = verifier.judge("Per the task force, at 46 you need a mammogram every year.",
                             "uspstf-2024#recommendation", PINNED)
    assert (verdict.label, verdict.reason) == ("contradicts", "missing_fact")
    assert "ACS's position" in verdict.explanation
    assert judge(verifier, "USPSTF recommends supplemental MRI for women with dense breasts who want it.",
                 "acr-current#dense-breasts") == ("does_not_support", "wrong_organization")


def test_partial_supersession(verifier):
    # the 2024 update leaves the 2017 clinical breast examination and 75-and-older sections current
    assert judge(verifier, "ACOG says clinical breast examination may be offered to average-risk women every year "
                           "from 40.", "acog-2017#clinical-breast-examination") == ("supports", None)
    assert judge(verifier, "ACOG says screening mammography continues through at least age 75.",
                 "acog-2017#age-75-and-older") == ("supports", None)
    assert judge(verifier, "ACOG says screening should begin no later than 50.",
                 "acog-2017#starting-age") == ("does_not_support", "wrong_version")
    # a source not yet published at the reference date is not eligible
    assert judge(verifier, "ACOG recommends beginning screening mammography at 40.", "acog-2024#starting-age",
                 dt.date(2020, 6, 1)) == ("does_not_support", "wrong_version")


def test_a_part_about_the_past_is_judged_against_what_the_card_says_of_the_past(verifier):
    text = ("ACOG's 2024 update sets the start of screening at 40; before it, ACOG advised offering screening from 40 "
            "and beginning no later than 50.")
    assert judge(verifier, text, "acog-2024#starting-age") == ("supports", None)


def test_durations_are_not_ages(verifier):
    assert judge(verifier, "The ACS says women should continue screening while their life expectancy is at least "
                           "5 years.", "acs-2015#when-to-stop") == ("contradicts", "missing_fact")
    # a life expectancy of 10 years is no age for the card's 55 to contradict
    assert judge(verifier, "The ACS says women should keep having mammograms as long as they expect to live 10 years "
                           "or more.", "acs-2015#age-55-and-older") == ("does_not_support", "missing_fact")


def test_a_year_is_not_an_age(verifier):
    assert judge(verifier, "The ACR recommends a breast cancer risk assessment for every woman by age 25.",
                 "acr-current#risk-assessment") == ("supports", None)
    assert judge(verifier, "The ACR recommends a breast cancer risk assessment for every woman by 2025.",
                 "acr-current#risk-assessment") == ("contradicts", "missing_fact")
    # women born in a decade of years are not women in a decade of life
    assert judge(verifier, "The USPSTF points to rising incidence among women born in the 1970s.",
                 "uspstf-2024#changes-from-2016")[0] == "contradicts"
    # an age the claim rightly places outside the recommendation agrees with it
    assert judge(verifier, "The task force's biennial recommendation ends at 74, so a woman aged 80 is no longer "
                           "covered by it.", "uspstf-2024#recommendation") == ("supports", None)


def test_most_organizations_is_a_hedged_summary(verifier):
    text = "Most organizations generally agree that average-risk screening should start in the forties."
    assert supported(verifier, text, ["uspstf-2024#recommendation", "acr-current#starting-age-and-interval",
                                      "acog-2024#starting-age"])
    assert not supported(verifier, text, ["uspstf-2024#recommendation"])  # one organization is not most
    assert judge(verifier, text, "uspstf-2024#recommendation") == ("partially_supports", "wrong_organization")


def test_the_others_speak_for_each_of_them(verifier):
    text = "Apart from the ACS, the other organizations start screening at 40."
    assert not supported(verifier, text, ["uspstf-2024#recommendation"])  # ACOG and ACR not cited
    assert supported(verifier, text, ["uspstf-2024#recommendation", "acog-2024#starting-age",
                                      "acr-current#starting-age-and-interval"])


def test_a_part_saying_something_is_not_on_a_list(verifier):
    text = ("The USPSTF 2024 recommendation excludes people with a BRCA1 or BRCA2 mutation or a previous breast "
            "cancer; dense breasts are not one of them.")
    assert judge(verifier, text, "uspstf-2024#exclusions") == ("supports", None)


def test_an_upper_bound_meets_a_range_ending_below_it(verifier):
    assert judge(verifier, "In 2016, the USPSTF called screening before age 50 an individual decision (grade C).",
                 "uspstf-2016#ages-40-to-49") == ("supports", None)


def test_any_against_a_qualified_group(verifier):
    # the card's average risk excludes a strong family history, not any relative with the disease
    assert judge(verifier, "The ACS average-risk group excludes women with a strong family history.",
                 "acs-2015#average-risk") == ("supports", None)
    assert judge(verifier, "The ACS average-risk group excludes any woman with a relative who had breast cancer.",
                 "acs-2015#average-risk")[0] == "contradicts"


def test_since_a_year_speaks_of_the_past_too(verifier):
    # "since its 2017 bulletin" claims the 2017 advice: the 2017 card is cited for the past, and contradicts it
    assert judge(verifier, "ACOG has recommended that all average-risk women start at 40 since its 2017 bulletin.",
                 "acog-2017#starting-age") == ("contradicts", "misstated_strength")


def test_a_changed_grade_contradicts_as_a_strength(verifier):
    # the 2024 card moved the forties from grade C to grade B: a claim of grade C now misstates the strength
    assert judge(verifier, "The USPSTF gives screening in the forties a grade C.",
                 "uspstf-2024#changes-from-2016") == ("contradicts", "misstated_strength")
    # a single interval recommended where the card leaves a choice to shared decision-making
    assert judge(verifier, "ACOG recommends annual screening mammography from 40.",
                 "acog-2024#screening-interval") == ("contradicts", "misstated_strength")


def test_chat_style_answers(verifier):
    chunks = ["uspstf-2024#recommendation", "acr-current#starting-age-and-interval"]
    start = "The USPSTF and ACR both say to start at 40, but the USPSTF says "
    right = start + "every two years while the ACR says every year."
    wrong = start + "every year while the ACR says every two years."
    assert supported(verifier, right, chunks) and not supported(verifier, wrong, chunks)
    verdict = verifier.verify_claim(("t", wrong, chunks), PINNED)
    assert [v.label for v in verdict.verdicts] == ["contradicts", "contradicts"]
    assert supported(verifier, "For women 75 and older, the USPSTF says there isn't enough evidence to recommend for "
                               "or against screening.", ["uspstf-2024#age-75-and-older"])
    assert supported(verifier, "ACS recommends yearly mammograms from 45 to 54 and then every other year or yearly "
                               "from 55.", ["acs-2015#ages-45-to-54", "acs-2015#age-55-and-older"])


@pytest.mark.parametrize("text, chunk, expected", [
    ("The USPSTF says both standard and 3D mammography are effective for screening.", "uspstf-2024#screening-modality",
     "supports"),
    # (a ranking the card does not make is not stated, as nine sets written apart label it; one kind called less
    # effective, or recommended over the other, contradicts the card)
    ("The USPSTF says 3D mammography is better than standard mammography.", "uspstf-2024#screening-modality",
     "does_not_support"),
    ("The USPSTF says standard mammography is less effective than 3D mammography.", "uspstf-2024#screening-modality",
     "contradicts"),
    ("Black women are about 40% less likely to die of breast cancer, according to the USPSTF.",
     "uspstf-2024#changes-from-2016", "contradicts"),
    ("ACOG says women over 75 should keep getting mammograms no matter what.", "acog-2017#age-75-and-older",
     "contradicts"),
])
def test_comparisons_directions_and_absolutes(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected


def test_a_bare_contrast_asserts_nothing_of_its_organization(verifier):
    # "unlike ORG-A," says only that ORG-A differs: the claim is ORG-B's
    assert supported(verifier, "Unlike the USPSTF, the ACR recommends screening every year starting at 40.",
                     ["acr-current#starting-age-and-interval"])


def test_a_listed_organizations_parenthesis_is_its_own(verifier):
    text = "At 62, both the USPSTF (every two years) and the ACR (every year) recommend screening mammograms."
    chunks = ["uspstf-2024#recommendation", "acr-current#starting-age-and-interval"]
    verdict = verifier.verify_claim(("t", text, chunks), PINNED)
    assert [v.label for v in verdict.verdicts] == ["partially_supports", "partially_supports"] and verdict.supported


def test_a_card_for_people_without_a_finding_contradicts_a_claim_with_it(verifier):
    chunk = "acog-faq#screening-and-diagnostic-mammograms"
    assert judge(verifier, "ACOG's FAQ says a screening mammogram is for people with no signs or symptoms.",
                 chunk) == ("supports", None)
    assert judge(verifier, "ACOG's FAQ says a screening mammogram is for people who have symptoms.",
                 chunk) == ("contradicts", "missing_fact")
    # a card that does not name the finding at all is simply out of scope for it
    assert judge(verifier, "USPSTF recommends biennial screening from 40 for women with a new breast lump.",
                 "uspstf-2024#recommendation") == ("does_not_support", "out_of_scope")


@pytest.mark.parametrize("text, expected", [
    ("For higher-risk women, the ACR says to begin screening somewhere between 25 and 40.", "supports"),
    ("For women at higher than average risk, the ACR says screening should not start before 40.", "contradicts"),
    ("The ACR says higher-risk women should wait until 40 to start screening.", "contradicts"),
])
def test_not_before_against_earlier_than(verifier, text, expected):
    assert judge(verifier, text, "acr-current#higher-than-average-risk")[0] == expected


def test_a_denied_strength_is_compared_as_a_strength(verifier):
    text = ("Apart from the ACR, none of the groups here recommends routine supplemental imaging for women with dense "
            "breasts.")
    assert judge(verifier, text, "uspstf-2024#dense-breasts") == ("partially_supports", "wrong_organization")
    assert judge(verifier, text, "acog-2024#dense-breasts") == ("partially_supports", "wrong_organization")


def test_each_citation_of_a_long_answer_sentence_states_its_part(verifier):
    text = ("The USPSTF recommends biennial mammograms from 40 to 74, and for women 75 and older it finds the evidence "
            "insufficient.")
    verdict = verifier.verify_claim(("t", text, ["uspstf-2024#recommendation", "uspstf-2024#age-75-and-older"]), PINNED)
    assert [v.label for v in verdict.verdicts] == ["partially_supports", "partially_supports"] and verdict.supported
    text = "The ACS recommends yearly mammograms from 45 and lets women 40 to 44 choose to start."
    verdict = verifier.verify_claim(("t", text, ["acs-2015#ages-45-to-54", "acs-2015#ages-40-to-44"]), PINNED)
    assert [v.label for v in verdict.verdicts] == ["partially_supports", "partially_supports"]


def test_parts_that_contradict_each_other_do_not_support_each_other(verifier):
    chunk = "uspstf-2024#age-75-and-older"
    assert judge(verifier, "For women 75 and older, the USPSTF recommends screening; it calls the evidence "
                           "insufficient.", chunk)[0] == "contradicts"
    assert judge(verifier, "For women 75 and older, the USPSTF neither recommends for nor against screening; it "
                           "calls the evidence insufficient.", chunk) == ("supports", None)
    assert judge(verifier, "ACOG says screening at 40 is optional, and it recommends yearly mammograms.",
                 "acog-2024#starting-age")[0] == "contradicts"


def test_a_decade_of_life_is_stated_by_a_card_age_in_it(verifier):
    assert judge(verifier, "The USPSTF recommends a mammogram every 24 months for women in their forties.",
                 "uspstf-2024#recommendation") == ("supports", None)
    # ... and a strength given of it ("it leaves it to ...") is about the same thing
    text = "The USPSTF does not recommend against screening in the forties; it leaves it to each woman's choice."
    assert judge(verifier, text, "uspstf-2024#recommendation") == ("contradicts", "misstated_strength")


def test_an_age_inside_a_stated_range_is_stated_wording_too(verifier):
    # a patient's age within the card's "40 to 49" is compared as a value; its word is not missing wording
    assert judge(verifier, "A patient who turned 43 in 2016 fell under the USPSTF's individual-decision (grade C) "
                 "advice for her forties.", "uspstf-2016#ages-40-to-49") == ("supports", None)


def test_a_yearly_chance_is_not_a_yearly_rise(verifier):
    # the card's 2% is a change in incidence per year; a 2% risk each year is another quantity it does not state
    assert judge(verifier, "The USPSTF says a woman in her forties has a 2% risk per year of getting breast cancer.",
                 "uspstf-2024#changes-from-2016") == ("does_not_support", "missing_fact")
    assert judge(verifier, "The USPSTF cites incidence in the forties rising about 2% a year.",
                 "uspstf-2024#changes-from-2016") == ("supports", None)


def test_a_list_of_exclusions_in_a_compound_claim_is_judged_per_part(verifier):
    # the population card does not name the list, but it states the part about family history
    text = ("The USPSTF 2024 recommendation excludes people with a BRCA mutation, chest radiation at a young age or a "
            "previous breast cancer; a family history of breast cancer is not one of the exclusions.")
    assert judge(verifier, text, "uspstf-2024#population")[0] == "partially_supports"


def test_a_hyphenated_interval_is_an_interval(verifier):
    assert judge(verifier, "The USPSTF advises an every-2-years mammogram from 40 to 74.",
                 "uspstf-2024#recommendation") == ("supports", None)


def test_a_month_of_an_event_must_be_on_the_card(verifier):
    # the card gives no month for the ACR statement; its date of publication is not its text
    assert judge(verifier, "Released on April 30, 2024, the ACR response urges annual mammograms from 40.",
                 "acr-uspstf-2024-response#annual-screening-from-40") == ("partially_supports", "missing_fact")
    # the ACOG card names its month ("published October 10, 2024")
    assert judge(verifier, "ACOG's interim update of October 2024 says screening should begin at 40.",
                 "acog-2024#starting-age") == ("supports", None)


def test_a_year_the_card_gives_for_another_part(verifier):
    # the card dates its average-risk advice 2021 and its higher-risk advice 2023
    chunk = "acr-current#starting-age-and-interval"
    assert judge(verifier, "ACR's advice for average-risk women was last revised in 2023.", chunk) == \
        ("contradicts", "missing_fact")
    assert judge(verifier, "ACR's advice for average-risk women was last revised in 2021.", chunk) == ("supports", None)
    assert judge(verifier, "ACR's advice for women at higher than average risk was revised in 2023.", chunk)[0] == \
        "supports"
