"""The context comparison (scripts/compare_context.py): the project's own ConText-style cues on
every cue case, and the rule by which the medspaCy arm decides a flag (checked on stand-in
entities: medspaCy itself is not a dependency)."""

from __future__ import annotations

import importlib.util
from types import SimpleNamespace

import pytest

from review_app.engine.settings import PROJECT_ROOT

_SPEC = importlib.util.spec_from_file_location("compare_context", PROJECT_ROOT / "scripts" / "compare_context.py")
compare = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(compare)


@pytest.fixture(scope="module")
def report():
    return compare.main(["--json"])


def test_every_cue_kind_is_measured(report):
    kinds = set(report["arms"]["project"]["by_kind"])
    assert {"affirmed", "negated", "relative", "other person", "ended", "past (still excludes)"} <= kinds
    assert report["cases"] >= 50


def test_the_projects_context_decides_every_cue_case(report):
    project = report["arms"]["project"]
    assert project["misses"] == [] and project["accuracy"] == 1.0


def test_the_pack_cues_lose_only_their_window():
    assert compare._core(r"\b(no|not)\b[\w\s/-]{0,30}$") == r"\b(no|not)\b"
    assert compare._core(r"^[\w\s/()-]{0,30}\b(neg|negative)\b") == r"\b(neg|negative)\b"
    assert compare._core(r"\b(mother|friend)\b[^.;!?]{0,60}$") == r"\b(mother|friend)\b"


def _doc(label, start, end, **modifiers):
    flags = {"is_negated": False, "is_hypothetical": False, "is_family": False, "is_historical": False, **modifiers}
    return SimpleNamespace(ents=[SimpleNamespace(label_=label, start_char=start, end_char=end,
                                                 _=SimpleNamespace(**flags))])


RULES = {"window_chars": 80, "ends_with_time": ["pregnancy"], "experiencer_exempt": ["men"],
         "flags": {f: {"patterns": [], "unless_before": None, "unless_after": None, "unless_anywhere": None}
                   for f in ("pregnancy", "radiation", "men")}}


@pytest.mark.parametrize(("flag", "modifiers", "counts"), [
    ("pregnancy", {}, True),
    ("pregnancy", {"is_negated": True}, False),
    ("pregnancy", {"is_historical": True}, False),  # a state that ends with time
    ("radiation", {"is_historical": True}, True),  # a past state that still excludes
    ("radiation", {"is_family": True}, False),
    ("men", {"is_family": True}, True),  # asked about by a relative: still a question about a man
    ("radiation", {"is_hypothetical": True}, False),
])
def test_the_medspacy_arm_applies_the_packs_temporality_and_exemptions(flag, modifiers, counts):
    case = {"flag": flag, "question": "x" * 20}
    assert compare._counts(_doc(flag, 0, 5, **modifiers), case, RULES) is counts
