"""Double negatives a fact-check writes: "it's not true that ORG rules out X" allows X (as an option
does, so a card's choice of two holds it); "does not say women cannot keep having X" lets them;
"it is not true that ORG has stopped encouraging X" says it still does; "it is no longer the case
that" denies like "it is not the case that". Auto-captions: a spoken year standing alone ("twenty
twenty four"), a contraction without its apostrophe ("isnt"); "threw out the old advice" replaced
it. Each with a counterpart that states the opposite."""

import pytest

from .chunks import ACOG_75, ACOG_INTERVAL, ACS_55, USPSTF_75
from .conftest import judge

ACOG_SELF_AWARENESS = "acog-faq#breast-self-awareness"


@pytest.mark.parametrize("text, chunk, expected", [
    ("MODERATOR: It's not true that ACOG rules out every-other-year screening.", ACOG_INTERVAL, ("supports", None)),
    ("ACOG rules out every-other-year screening.", ACOG_INTERVAL, ("contradicts", "misstated_strength")),
    ("A: ACS does not say women 55 and older cannot keep having yearly mammograms.", ACS_55, ("supports", None)),
    ("The ACS says women 55 and older cannot keep having yearly mammograms.", ACS_55,
     ("contradicts", "missing_fact")),
    ("It is not true that ACOG has stopped encouraging breast self-awareness; its patient FAQ still does.",
     ACOG_SELF_AWARENESS, ("supports", None)),
    ("ACOG has stopped encouraging breast self-awareness.", ACOG_SELF_AWARENESS,
     ("contradicts", "misstated_strength")),
])
def test_double_negatives_of_a_fact_check(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("so the task force says after seventy five the evidence just isnt enough to say either way", USPSTF_75,
     ("supports", None)),
    ("so the task force says after seventy five the evidence is clear they should stop", USPSTF_75,
     ("contradicts", "misstated_strength")),
    ("acogs twenty twenty four update threw out the old advice about women over seventy five", ACOG_75,
     ("contradicts", "missing_fact")),
    ("acogs twenty twenty four update left the old advice about women over seventy five in place", ACOG_75,
     ("supports", None)),
])
def test_captions_without_punctuation(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[:2] == expected
