"""A recall after a screening told in lay words ("they need me back after my mammo bc they saw somethin"), pain
placed in the breast, advice said not to be "for her", a policy put against named organizations ("does that
conflict with USPSTF, ACS or ACR?"); and in claims: a positive judgment denied ("does not consider tomosynthesis an
effective screening method"), an old grade said to "remain the position", "not a yes or a no", "mom and her doctor
decide together", a life expectancy in lay words ("could live 10+ more years"), a shared decision after a start and
an interval ("start at 40, q1-2y by SDM"), "leaving no room for shared decision-making", and "you have to wait till
45". Each with a counterpart that keeps its reading."""

import pytest

from .chunks import (
    ACOG_75,
    ACOG_INTERVAL,
    ACOG_START,
    ACS_40_44,
    ACS_STOP,
    USPSTF_2016_40_49,
    USPSTF_CHANGES,
    USPSTF_MODALITY,
)
from .conftest import judge


@pytest.mark.parametrize("question, abstain", [
    # a recall after a screening, in lay words
    ("got a letter sayin they need me back after my mammo bc they saw somethin. do i just wait and do the every 2 yr "
     "thing or wat", True),
    ("got a letter sayin im due for my mammo. do i just do the every 2 yr thing or wat", False),
    # pain placed in the breast
    ("Training for Boston and I've had a sharp pain in my left breast on long runs for about a month. I'm 50 and "
     "never screened. Should I just book a routine screening mammogram?", True),
    ("Training for Boston and my left knee has a sharp pain on long runs. I'm 50 and never screened. Should I just "
     "book a routine screening mammogram?", False),
])
def test_recalls_and_pain_in_lay_words(engine, settings, question, abstain):
    assert engine.ask(question, settings).abstain is abstain


def test_advice_said_not_to_be_for_her_asks_whom_it_covers(engine, settings):
    decision = engine.ask("Her sister died from breast cancer long ago. My grandmother is 66 now. Does this mean the "
                          "USPSTF mammogram advice is not for her because she is high risk?", settings)
    assert "applies_to" in decision.aspects


@pytest.mark.parametrize("question, conflict", [
    # a policy put against named organizations asks each one's position
    ("Everyone is recalled every 2 years. Does that conflict with USPSTF, ACS or ACR?", False),
    ("Why does the ACR say conflicting recommendations are a problem?", True),
])
def test_a_policy_put_against_organizations_is_no_conflict_between_them(engine, settings, question, conflict):
    decision = engine.ask(question, settings)
    assert ("conflicting_advice" in decision.aspects) is conflict
    if not conflict:
        assert {"USPSTF", "ACS", "ACR"} <= {engine.corpus.chunk_by_id[c].organization
                                           for c in decision.answer_chunks["interval"]}


@pytest.mark.parametrize("text, chunk, expected", [
    # a positive judgment denied
    ("It appears the USPSTF does not consider digital breast tomosynthesis an effective screening method [6].",
     USPSTF_MODALITY, ("contradicts", "missing_fact")),
    ("It appears the USPSTF considers digital breast tomosynthesis an effective screening method [6].",
     USPSTF_MODALITY, ("supports", None)),
    ("It isn't true that the USPSTF doesn't count 3D mammography: it treats DBT as an effective screening method.",
     USPSTF_MODALITY, ("supports", None)),
    ("The Task Force doesn't consider tomosynthesis anything less than an effective way to screen.", USPSTF_MODALITY,
     ("supports", None)),
    # an old grade said to remain the position speaks of now
    ("The 2016 grade C for women in their 40s remains the USPSTF's position.", USPSTF_2016_40_49,
     ("does_not_support", "wrong_version")),
    ("The 2016 grade C for women in their 40s remains the USPSTF's position.", USPSTF_CHANGES,
     ("contradicts", "misstated_strength")),
    ("The 2016 grade C for women in their 40s was the USPSTF's position then.", USPSTF_2016_40_49, ("supports", None)),
    # lay words for the ACS's and ACOG's positions on older women
    ("cancer society says keep going if she's healthy and could live 10+ more years", ACS_STOP, ("supports", None)),
    ("The Cancer Society tells us to keep screening as long as we are healthy and can expect ten more years of life.",
     ACS_STOP, ("supports", None)),
    ("ACOG says past 75 it's something mom and her doctor decide together", ACOG_75, ("supports", None)),
    # a shared decision after a start and an interval is the interval's
    ("ACOG: start at 40, q1-2y by SDM.", ACOG_START, ("partially_supports", "missing_fact")),
    ("ACOG: q1-2y by SDM.", ACOG_INTERVAL, ("supports", None)),
    # no room left for a shared decision: yearly alone
    ("ACOG recommends yearly screening for everyone, leaving no room for shared decision-making.", ACOG_INTERVAL,
     ("contradicts", "misstated_strength")),
    # waiting till an age is no screening before it
    ("HOST: The Cancer Society says you have to wait till 45.", ACS_40_44, ("contradicts", "misstated_strength")),
])
def test_denied_verdicts_remaining_grades_and_lay_positions(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
