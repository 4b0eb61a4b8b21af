"""Claims: an analogy with the reader's world opening the claim ("Unlike your quarterly estimates, ...") asserts
nothing a card could state; a summary that organizations differ before the colon giving each one's part is read as
those parts; a relative clause with its own advice verb (", which recommends X from 45") and a second verb after
"and only" are parts of their own; "the current recommendation was published in 2016" speaks of the present; "say
do not take it" and "is not to be done" advise against; "carrying a baby" is a pregnancy; "is not counted as
average risk" and "neither ORG-A's advice nor ORG-B's covers X" leave a group out; "every 2 years under ORG-A and
every year under ORG-B" credits each schedule to its organization; "every 12 or every 24 months" gives months to
both; "ORG-A urged ORG-B to recommend annual screening" is ORG-A's call; "does not insist on a yearly mammogram"
denies an obligation, not an interval; "is not limited to X" reaches beyond X; "before the year 2024" is before
2024; "does not recommend anything less frequent than yearly" recommends yearly. Each with a counterpart that keeps
its reading."""

from .chunks import (
    ACOG_2017_CBE,
    ACOG_INTERVAL,
    ACR_RESPONSE_ANNUAL,
    ACR_START,
    ACS_40_44,
    ACS_45_54,
    ACS_55,
    ACS_AVERAGE,
    USPSTF_75,
    USPSTF_2016_REC,
    USPSTF_CHANGES,
    USPSTF_EXCLUSIONS,
    USPSTF_POPULATION,
    USPSTF_REC,
)
from .conftest import judge


def test_an_analogy_with_the_readers_world_asserts_nothing(verifier):
    claim = "Unlike your monthly budget reviews, the USPSTF schedule is biennial: one mammogram every two years " \
            "from 40."
    assert judge(verifier, claim, USPSTF_REC) == ("supports", None)
    # (an organization compared is part of the claim: the card of the other one states only its part)
    assert judge(verifier, "Unlike the USPSTF, the ACR recommends yearly screening from 40.",
                 USPSTF_REC)[1] == "wrong_organization"


def test_a_summary_that_they_differ_is_read_as_each_ones_part(verifier):
    claim = "Like a recipe and its variation, the ACR and the USPSTF differ: the ACR urges annual screening from 40 " \
            "while the USPSTF advises every 2 years."
    assert judge(verifier, claim, ACR_RESPONSE_ANNUAL) == ("supports", None)
    assert judge(verifier, claim, USPSTF_REC) == ("partially_supports", "wrong_organization")
    swapped = "The ACR and the USPSTF differ: the ACR advises every 2 years while the USPSTF urges annual screening."
    assert judge(verifier, swapped, USPSTF_REC)[0] == "contradicts"


def test_a_relative_clause_with_its_own_advice_verb_is_its_own_part(verifier):
    claim = "At 43 she has the option to begin yearly mammograms under the ACS guideline, which recommends annual " \
            "screening from forty-five."
    assert judge(verifier, claim, ACS_40_44)[0] == "partially_supports"
    assert judge(verifier, claim, ACS_45_54)[0] == "partially_supports"
    both = "The ACS recommends yearly mammograms from forty-five to fifty-four and only offers them as an option at " \
           "forty to forty-four."
    assert judge(verifier, both, ACS_45_54)[0] == "partially_supports"
    # (the relative clause given the wrong age is still wrong)
    wrong = "At 43 she has the option under the ACS guideline, which recommends annual screening from fifty."
    assert judge(verifier, wrong, ACS_45_54)[0] == "contradicts"


def test_a_version_called_current_speaks_of_the_present(verifier):
    claim = "The USPSTF's current recommendation was published in January 2016."
    assert judge(verifier, claim, USPSTF_2016_REC) == ("does_not_support", "wrong_version")
    assert judge(verifier, "The USPSTF's 2016 recommendation was published in January 2016.",
                 USPSTF_2016_REC) == ("supports", None)


def test_an_imperative_denied_or_an_exam_not_to_be_done_advises_against(verifier):
    assert judge(verifier, "For women 75 and more, the Task Force say do not take the mammogram.",
                 USPSTF_75) == ("contradicts", "misstated_strength")
    assert judge(verifier, "ACOG say the clinical breast examination is not to be done.",
                 ACOG_2017_CBE) == ("contradicts", "misstated_strength")
    # (the exam said to be offered is what the card says)
    assert judge(verifier, "ACOG says the clinical breast examination may be offered.", ACOG_2017_CBE)[0] \
        == "supports"


def test_carrying_a_baby_is_a_pregnancy(verifier):
    claim = "A woman who is carrying a baby should have a mammogram every two years from forty, the Task Force says."
    assert judge(verifier, claim, USPSTF_REC) == ("does_not_support", "out_of_scope")
    assert judge(verifier, "A woman should have a mammogram every two years from forty, the Task Force says.",
                 USPSTF_REC) == ("supports", None)


def test_a_group_not_counted_or_covered_by_neither_is_left_out(verifier):
    assert judge(verifier, "Under the ACS guideline, anyone who had chest radiation before age thirty is not counted "
                           "as average risk.", ACS_AVERAGE) == ("supports", None)
    neither = "Neither the USPSTF recommendation nor the ACS average-risk advice covers people with a known BRCA " \
              "mutation."
    assert judge(verifier, neither, USPSTF_EXCLUSIONS) == ("partially_supports", "wrong_organization")
    assert judge(verifier, neither, ACS_AVERAGE) == ("partially_supports", "wrong_organization")
    # (said to cover them, it is the card's exclusion turned around)
    assert judge(verifier, "The ACS average-risk advice covers people with a known BRCA mutation.",
                 ACS_AVERAGE)[0] == "contradicts"


def test_each_schedule_credited_after_it_is_its_organizations(verifier):
    claim = "A 52-year-old is due every 2 years under the USPSTF and every year under the ACS."
    assert judge(verifier, claim, USPSTF_REC) == ("partially_supports", "wrong_organization")
    assert judge(verifier, claim, ACS_45_54) == ("partially_supports", "wrong_organization")
    swapped = "A 52-year-old is due every year under the USPSTF and every 2 years under the ACS."
    assert judge(verifier, swapped, USPSTF_REC)[0] == "contradicts"
    assert judge(verifier, swapped, ACS_45_54)[0] == "contradicts"


def test_months_told_once_after_two_schedules(verifier):
    claim = "ACOG leaves it to you and your clinician whether to go every 12 or every 24 months."
    assert judge(verifier, claim, ACOG_INTERVAL) == ("supports", None)
    assert judge(verifier, "ACOG says to go every 24 or every 36 months.", ACOG_INTERVAL) \
        == ("contradicts", "missing_fact")


def test_a_schedule_urged_on_another_organization_is_the_urgers(verifier):
    claim = "The ACR urged the USPSTF to recommend annual rather than biennial screening from 40."
    assert judge(verifier, claim, ACR_RESPONSE_ANNUAL) == ("supports", None)
    assert judge(verifier, "The ACR urged the USPSTF to recommend biennial screening from 40.",
                 ACR_RESPONSE_ANNUAL)[0] == "contradicts"
    assert judge(verifier, claim, ACR_START) == ("supports", None)


def test_an_obligation_denied_gives_no_interval(verifier):
    assert judge(verifier, "The USPSTF does not require a yearly mammogram.", USPSTF_REC)[0] != "contradicts"
    assert judge(verifier, "ACOG doesn't insist on a yearly mammogram.", ACOG_INTERVAL) == ("supports", None)
    # (the obligation stated is a strength the card does not give)
    assert judge(verifier, "The USPSTF requires a yearly mammogram.", USPSTF_REC)[0] == "contradicts"


def test_a_limit_denied_widens_the_reach(verifier):
    claim = "The USPSTF advice is not limited to cisgender women; it also covers transgender men assigned female " \
            "at birth."
    assert judge(verifier, claim, USPSTF_POPULATION) == ("supports", None)
    assert judge(verifier, "The USPSTF advice is limited to cisgender women.", USPSTF_POPULATION)[0] == "contradicts"


def test_the_year_named_as_the_year_is_that_year(verifier):
    claim = "Before the year 2024, the Task Force said women 40 to 49 decide by themselves (grade C); now it gives " \
            "advice of a mammogram every two years (grade B)."
    assert judge(verifier, claim, USPSTF_CHANGES) == ("supports", None)


def test_a_less_frequent_schedule_denied_recommends_the_named_one(verifier):
    claim = "The ACS does not recommend anything less frequent than yearly screening for women aged 45 to 54."
    assert judge(verifier, claim, ACS_45_54) == ("supports", None)
    # (for the ages where the card leaves the choice, it is the card's option turned into a recommendation)
    assert judge(verifier, "The ACS does not recommend anything less frequent than yearly screening for women 55 "
                           "and older.", ACS_55)[0] == "contradicts"
