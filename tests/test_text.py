"""Normalization: the literal pre-checks that let `normalize` and the age readers skip patterns
never change what they return."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from review_app.engine.query import _CARD_AGES, OPEN_END, age_ranges, card_age_ranges, patient_age_patterns
from review_app.engine.text import load_vocabulary, match_starts
from review_app.errors import CorpusError

from .conftest import LABELS_DIR


def reference_normalize(vocabulary, text: str) -> str:
    """Every rewrite, unconditionally: what `normalize` did before its pre-checks (after the
    number words and spelling, which have tests of their own)."""
    text = vocabulary.correct(text).lower().replace("\u2013", "-").replace("\u2014", "-")
    for pattern, replacement in vocabulary.rewrites:
        text = pattern.sub(replacement, text)
    return text


def reference_ages(text: str, patterns) -> tuple:
    found = []
    for pattern, kind in patterns:
        for match in pattern.finditer(text):
            numbers = [int(g) for g in match.groups() if g is not None]
            first = numbers[0]
            low, high = {"point": (first, first), "decade": (first * 10, first * 10 + 9),
                         "after": (first + 1, OPEN_END), "from": (first, OPEN_END)}.get(kind, tuple(numbers[:2]))
            if 18 <= low <= high <= OPEN_END:
                found.append((low, high))
    return tuple(dict.fromkeys(found))


@pytest.mark.parametrize(("pattern", "starts"), [
    (r"\bbiennially\b", ("biennially",)),
    (r"\b(yearly|annually)\b", ("yearly", "annually")),
    (r"\bmam+o(gram)?\b", ("mam",)),
    (r"\bFam(ily)? hx\b", ("fam",)),
    (r"\b(the )?task force\b", None),  # may start with "task": no single start to check
    (r"\b(\d{2})\s?f\b", None),
    (r"[ab]c", None),
])
def test_match_starts_reads_the_literal_every_match_starts_with(pattern, starts):
    assert match_starts(re.compile(pattern, re.IGNORECASE)) == starts


def test_normalize_is_unchanged_on_every_card_and_question(engine):
    texts = [f"{c.heading}. {c.text}" for c in engine.corpus.chunks]
    texts += [line for name in ("canonical", "holdout") for line in
              (LABELS_DIR / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
    changed = [t for t in texts if engine.vocabulary.normalize(t) != reference_normalize(engine.vocabulary, t)]
    assert changed == []
    assert sum(engine.vocabulary.normalize(t) != t.lower() for t in texts) > 20  # the rewrites do apply


FRAGMENTS = ["every 2 years", "Every Other Year", "yearly", "annually", "mammo", "MAMMOGRAMS", "3-D mammo", "hx",
             "fam hx", "48 yo", "45F", "AFAB", "recs", "pts", "w/o", "w/", "f/u", "I-statement", "sonography",
             "the task force", "U.S. Preventive Services Task Force", "OB-GYN", "radiologists", "between 40 and 49",
             "ages 45 to 54", "75 and older", "over 74", "in her 40s", "\u017f", "\u212a", "\u0130", "\u2013", " ",
             ".", "x", "9"]


@hypothesis_settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join))
def test_normalize_and_ages_are_unchanged_on_any_mix_of_trigger_phrases(engine, text):
    assert engine.vocabulary.normalize(text) == reference_normalize(engine.vocabulary, text)
    assert card_age_ranges(text) == reference_ages(text, _CARD_AGES)
    question_ages = patient_age_patterns(engine.vocabulary).ages
    assert age_ranges(text, question_ages) == reference_ages(text, question_ages)


def test_stemming_from_many_threads_at_once_matches_one_thread():
    """The app answers several requests at once; a stemmer shared between threads corrupts its state."""
    from concurrent.futures import ThreadPoolExecutor

    from review_app.engine import text

    words = [f"screenings{i}ing" for i in range(3000)] + ["recommendations", "mammography", "biennially"] * 100
    text._stem_word.cache_clear()
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda chunk: [text._stem_word(w) for w in chunk],
                                [words[i::8] for i in range(8)]))
    text._stem_word.cache_clear()
    alone = [[text._stem_word(w) for w in words[i::8]] for i in range(8)]
    assert results == alone


def test_another_language_is_written_in_english_only_where_its_cue_matches(engine):
    vocabulary = engine.vocabulary
    assert vocabulary.correct("Mama mmoja ana miaka 42, dada yake alikuwa na breast cancer") \
        == "a woman she is 42 years old, her sister had breast cancer"
    # no cue: an English text is left as it is (the cards never meet a translation)
    english = "Mama is 42 and her sister had breast cancer"
    assert vocabulary.correct(english) == english
    assert all(vocabulary.correct(c.text) == c.text for c in engine.corpus.chunks)


def test_a_bad_translation_entry_names_the_file_and_field(tmp_path):
    (tmp_path / "vocabulary.yaml").write_text("translate:\n  swahili:\n    rewrites: []\n", encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        load_vocabulary(tmp_path)
    assert "translate.swahili" in str(error.value) and "vocabulary.yaml" in str(error.value)


@pytest.mark.parametrize("text, expected", [
    ("what is the you ess pee ess tee eff position versus A C R", "what is the uspstf  position versus ACR "),
    ("per A.C.O.G. guidance", "per ACOG  guidance"),
    # two letters, or two letter names, are no abbreviation spelled out; nor are ordinary words
    ("in the U.S. you see it", "in the U.S. you see it"),
    ("I am a woman", "I am a woman"),
])
def test_an_abbreviation_spelled_out_letter_by_letter_is_one_word(text, expected):
    from review_app.engine.text import spelled_out

    assert spelled_out(text) == expected
