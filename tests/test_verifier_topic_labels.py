"""A topic label before a colon ("Stopping:", "Upper age:") names what the sentence is about and
asserts nothing: its words are neither stated as so nor under a negation. A label that takes a
side ("Not recommended:") is no topic label and keeps its force."""

import pytest

from .chunks import ACS_STOP
from .conftest import judge


@pytest.mark.parametrize("text, expected", [
    ("Stopping: the ACS says to continue while overall health is good and life expectancy is 10+ years.",
     ("supports", None)),
    ("When to stop: continue while in good health with a life expectancy of 10 years or more (ACS).",
     ("supports", None)),
    # the counterparts: a stop the claim does state, after a label or without one
    ("Stopping: the ACS says to stop at 75.", ("contradicts", "missing_fact")),
    ("Not recommended: screening after 75, says the ACS.", ("contradicts", "misstated_strength")),
])
def test_a_topic_label_asserts_nothing(verifier, text, expected):
    assert judge(verifier, text, ACS_STOP) == expected
