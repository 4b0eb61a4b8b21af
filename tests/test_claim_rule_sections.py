"""The claim rules' sections read by their own modules (elapsed, set_apart, earlier_part): a broken one fails
naming the file and the field, never compiling a string character by character or skipping a section."""

import pytest

from review_app.claims.elapsed import load_elapsed
from review_app.claims.set_apart import load_set_apart
from review_app.claims.time_parts import load_earlier_parts
from review_app.errors import CorpusError

from .conftest import CORPUS_DIR


def _rules_with(tmp_path, old: str, new: str):
    text = (CORPUS_DIR / "claim_rules.yaml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "claim_rules.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    (tmp_path / "terms.yaml").write_text((CORPUS_DIR / "terms.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


TOLD_AS_ONE = "  told: 'came out (?P<amount>\\d+) (?P<unit>days) (?P<direction>after)'\n  unused: ['"


@pytest.mark.parametrize(("load", "old", "new", "field", "message"), [
    # a single pattern where a list belongs
    (load_elapsed, "  told: ['", TOLD_AS_ONE, "elapsed.told", "expected a list of patterns"),
    (load_earlier_parts, "  cues: ['\\bused to\\b', '\\b(gave|give|given|giving) way\\b']",
     "  cues: '\\bused to\\b'", "earlier_part.cues", "expected a list of patterns"),
    # a list where words belong, and a section that is no mapping
    (load_set_apart, "  openers: [for, to,", "  openers: [[for], to,", "set_apart.openers", "expected a list of words"),
    (load_set_apart, "set_apart:\n  cue:", "set_apart: [x]\nset_apart_unused:\n  cue:", "set_apart",
     "expected a mapping"),
])
def test_a_broken_section_names_its_file_and_field(tmp_path, load, old, new, field, message):
    folder = _rules_with(tmp_path, old, new)
    with pytest.raises(CorpusError) as failure:
        load(folder)
    assert field in str(failure.value) and message in str(failure.value) and "claim_rules.yaml" in str(failure.value)


def test_the_bundled_sections_load(tmp_path):
    assert load_elapsed(CORPUS_DIR).told and load_set_apart(CORPUS_DIR).cue is not None
    assert load_earlier_parts(CORPUS_DIR).breaks is not None
