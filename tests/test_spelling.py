"""Conservative spelling correction against the pack's vocabulary (rapidfuzz): the misspellings
it restores, and the words it must leave as written."""

from __future__ import annotations

import re

import pytest

from review_app.engine.spelling import Speller
from review_app.engine.text import _speller


@pytest.fixture
def tiny() -> Speller:
    return Speller(["screening", "breast", "recommend", "excluded", "mammogram", "imaging", "testing", "chose",
                    "image", "biennial"], known=["ultrasound"], protected=[re.compile(r"\bmam+o\w*")])


@pytest.mark.parametrize(("text", "fixed"), [
    ("screning", "screening"),
    ("brest screening", "breast screening"),  # a dropped letter, in a short word
    ("what do they reccomend", "what do they recommend"),  # two edits in a long word
    ("Brest screening?", "breast screening?"),  # capital at the start of a sentence: not a name
    ("who is exluded. Brest too?", "who is excluded. breast too?"),
])
def test_a_rare_word_one_edit_from_one_known_word_is_corrected(tiny, text, fixed):
    assert tiny.correct(text) == fixed


@pytest.mark.parametrize("text", [
    "a woman from Brest",  # capitalized inside a sentence: a name
    "BREST",  # capitals: an abbreviation
    "brca1 and 45F and 2024",  # numbers and words glued to digits
    "mamogram",  # a lexicon rewrite reads it
    "ultrasound",  # known
    "chole",  # a short word one swap away ("chose"): abbreviations sit there
    "cotesting",  # the first letter differs from "testing"
    "imager",  # an English word of the same stem as "image"
    "cascade",  # common English: never corrected, close word or not
])
def test_words_that_must_not_be_corrected(tiny, text):
    assert tiny.correct(text) == text


def test_a_tie_means_no_correction():
    speller = Speller(["breast", "bereft"])
    assert speller.suggestion("brest") == "breast"
    tied = Speller(["breast", "breath"])
    assert tied.suggestion("breat") is None  # one dropped letter from either


@pytest.mark.parametrize(("word", "fixed"), [
    ("reccomend", "recommend"), ("exluded", "excluded"), ("brest", "breast"), ("screning", "screening"),
    ("testosteron", "testosterone"), ("guidlines", "guidelines"),
])
def test_the_packs_vocabulary_restores_misspellings_clinicians_write(engine, word, fixed):
    assert engine.vocabulary.correct(word) == fixed


@pytest.mark.parametrize("word", [
    "DCIS", "MMG", "mammo", "dbt", "uspstf", "acog", "lisinopril", "stereotactic", "raloxifene", "multigene",
    "heterogeneously", "breastfed", "handoff", "callback", "excisional", "chole", "cotesting", "45yo", "q2y",
    "Jennifer", "pacemaker", "explainer",
])
def test_the_packs_vocabulary_leaves_real_words_abbreviations_and_names(engine, word):
    assert engine.vocabulary.correct(f"asked about {word} today") == f"asked about {word} today"


def test_mamogram_goes_to_the_lexicon_not_the_speller(engine):
    assert engine.vocabulary.normalize("a mamogram") == "a mammography"


def test_every_card_passes_unchanged(engine):
    changed = [c.id for c in engine.corpus.chunks
               if engine.vocabulary.correct(engine.corpus.index_text(c)) != engine.corpus.index_text(c)]
    assert changed == []


def test_the_vocabulary_is_built_once_per_pack(engine):
    assert engine.vocabulary.speller is engine.vocabulary.speller
    before = _speller.cache_info()
    for _ in range(3):
        engine.vocabulary.normalize("who is exluded from brest screning")
    assert _speller.cache_info().misses == before.misses
    assert len(engine.vocabulary.speller.targets) > 300


def test_support_and_the_evidence_map_read_the_corrected_question(engine, settings):
    decision = engine.ask("what does the uspstf reccomend for brest screning at 50?", settings)
    assert "recommend" in decision.normalized_question and "breast screening" in decision.normalized_question
    features = engine._features("brest screning", engine.statuses(settings.reference_date),
                                settings.reference_date)
    assert features.support_tokens == tuple(engine.vocabulary.stems(["breast", "screening"]))


@pytest.mark.parametrize(("word", "fixed"), [("mastectmy", "mastectomy"), ("tamoxifin", "tamoxifen")])
def test_the_packs_clinical_words_are_targets_though_no_card_states_them(engine, word, fixed):
    assert engine.vocabulary.correct(f"had a {word}") == f"had a {fixed}"


def test_a_misspelt_drug_is_still_off_corpus(engine):
    assert engine.scope.other_topic("My doctor mentioned tamoxifin. Should I take it at 50?") is not None


@pytest.mark.parametrize("word", ["internist", "serous", "caries", "chanted", "derision", "nether", "positron",
                                  "currant", "summery", "shingle", "rescaled"])
def test_real_english_words_near_a_pack_word_stay(engine, word):
    assert engine.vocabulary.correct(f"she said {word} twice") == f"she said {word} twice"


def test_a_dictionary_word_becomes_only_a_topic_word():
    topic = Speller(["breast", "serious"], english=lambda: frozenset({"brest", "serous"}), topic=["breast"])
    assert topic.suggestion("brest") == "breast"  # a city's name, but here the topic's word
    assert topic.suggestion("serous") is None  # a real word: "serious" is no topic word
    assert Speller(["serious"]).suggestion("serous") == "serious"  # without the dictionary it would be changed


def test_a_string_no_one_writes_one_letter_from_a_card_word_is_that_word(engine):
    # a rare card word: the web frequency gain the other corrections need cannot be had
    assert engine.vocabulary.correct("did its tomosynthsis advice change") == "did its tomosynthesis advice change"
    # names and drugs are no slips of a card word
    assert engine.vocabulary.correct("Dr. Osei prescribed levothyroxine") == "Dr. Osei prescribed levothyroxine"
