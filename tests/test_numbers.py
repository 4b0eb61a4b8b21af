"""Number words as digits (text2num's alpha2digit, with the decades and "-year-old" forms it does
not read), in the normalized question and in the patient's ages."""

from __future__ import annotations

import subprocess
import sys

import pytest

from review_app.engine.numbers import has_number_word, numbers_to_digits
from review_app.engine.query import patient_age_patterns, read_patient


@pytest.mark.parametrize(("text", "digits"), [
    ("she is forty-five", "she is 45"),
    ("Forty-Five", "45"),
    ("age sixty", "age 60"),
    ("sixty five and older", "65 and older"),
    ("in her fifties", "in her 50s"),
    ("in their Forties", "in their 40s"),
    ("in her mid-forties", "in her mid 40s"),
    ("in her late seventies", "in her late 70s"),
    ("a sixty-two-year-old woman", "a 62 year-old woman"),
    ("a fifty-year-old", "a 50 year-old"),
    ("ten days", "10 days"),
    ("eleven months ago", "11 months ago"),
    # a year as it is spoken, after a preposition; a number that is no year stays a number
    ("what did it say in twenty sixteen", "what did it say in 2016"),
    ("back in nineteen ninety-eight", "back in 1998"),
    ("since twenty twenty-four", "since 2024"),
    ("in twenty one days", "in 21 days"),
    # ... and standing alone, where the pair can only be a year (captions with no punctuation)
    ("acogs twenty twenty four update", "acogs 2024 update"),
    ("on april thirtieth twenty twenty four the day", "on april 30th 2024 the day"),
    ("women aged twenty to twenty nine", "women aged 20 to 29"),
    ("she is twenty two", "she is 22"),
    # a number ends with its sentence: the next sentence's lone "one" is a word, not part of it
    ("Forty to seventy-four? One mammogram every other year.", "40 to 74? One mammogram every other year."),
    ("she is fifty-four. One more year of annual screening", "she is 54. One more year of annual screening"),
])
def test_number_words_become_digits(text, digits):
    assert numbers_to_digits(text) == digits


@pytest.mark.parametrize("text", [
    "every two years",  # a lone number under ten stays a word (the lexicon reads "every two years")
    "All four organizations agree; every three years",
    "one of my sisters",
    "every-two-years",
    "first mammogram, second opinion",
    "BRCA1 and 45F, q1y",
    "no number words at all",
    "someone, anyone, stone, often",  # words that hold a number word's letters
])
def test_text_without_a_number_to_convert_is_unchanged(text):
    assert numbers_to_digits(text) == text


def test_the_cheap_test_reads_whole_words_only():
    assert has_number_word("age sixty")
    assert not has_number_word("someone at tenby")


def test_the_normalized_question_and_support_see_digits(engine, settings):
    decision = engine.ask("Should a woman aged forty-five with average risk get a mammogram?", settings)
    assert "45" in decision.normalized_question and "forty" not in decision.normalized_question
    assert decision.patient["ages"] == [[45, 45]]


@pytest.mark.parametrize(("question", "ages"), [
    ("I'm forty-five, should I start screening?", ((45, 45),)),
    ("average-risk woman in her fifties: how often?", ((50, 59),)),
    ("She is sixty-two and has never had a mammogram", ((62, 62),)),
    ("a woman in her late forties", ((40, 49),)),
])
def test_patient_ages_in_words(engine, question, ages):
    assert read_patient(question, engine.scope.context.experiencer,
                        reading=patient_age_patterns(engine.vocabulary)).ages == ages


def test_a_relatives_age_in_words_stays_the_relatives(engine):
    patient = read_patient("My sister was diagnosed at forty-two. I'm thirty-eight, when should I start?",
                           engine.scope.context.experiencer, reading=patient_age_patterns(engine.vocabulary))
    assert patient.ages == ((38, 38),)
    assert ("sister", (42, 42)) in patient.relatives


def test_the_libraries_are_imported_only_when_needed():
    code = ("import sys\n"
            "from pathlib import Path\n"
            "from review_app.engine.text import load_vocabulary\n"
            "v = load_vocabulary(Path('corpus'))\n"
            "v.normalize('Screening mammography every 2 years from age 40')\n"
            "print('text_to_num' in sys.modules, 'rapidfuzz' in sys.modules, 'symspellpy' in sys.modules)\n"
            "v.normalize('from age forty, brest screning')\n"
            "print('text_to_num' in sys.modules, 'rapidfuzz' in sys.modules, 'symspellpy' in sys.modules)\n")
    from review_app.engine.settings import PROJECT_ROOT

    out = subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "False", "True", "True", "True"]
