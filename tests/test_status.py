import dataclasses
import datetime as dt

from review_app.engine.corpus import load_corpus
from review_app.engine.status import chunk_statuses_at, statuses_at, superseded_by

from .conftest import CORPUS_DIR

SOURCES = load_corpus(CORPUS_DIR).sources
CHUNKS = load_corpus(CORPUS_DIR).chunks


def at(value: str) -> dict[str, str]:
    return statuses_at(SOURCES, dt.date.fromisoformat(value))


def test_status_at_the_pinned_date():
    status = at("2026-06-24")
    assert status["uspstf-2024"] == status["acog-2024"] == status["acr-current"] == "current"
    assert status["uspstf-2016"] == "superseded"
    assert status["acs-2015"] == "current"
    # ACOG 2024 replaces PB 179 on the starting age and interval only: the source stays current,
    # and only those two sections are superseded (chunk level).
    assert status["acog-2017"] == "current"
    chunks = chunk_statuses_at(SOURCES, CHUNKS, dt.date(2026, 6, 24))
    assert chunks["acog-2017#starting-age"] == chunks["acog-2017#screening-interval"] == "superseded"
    assert chunks["acog-2017#clinical-breast-examination"] == chunks["acog-2017#age-75-and-older"] == "current"
    assert chunks["uspstf-2016#recommendation"] == "superseded"  # whole-source supersession


def test_2020_makes_uspstf_2016_current_and_later_sources_unpublished():
    status = at("2020-06-01")
    assert status["uspstf-2016"] == "current"
    assert status["acog-2017"] == "current"
    assert status["uspstf-2024"] == status["acog-2024"] == status["acr-current"] == "not_yet_published"
    assert status["acr-uspstf-2024-response"] == "not_yet_published"


def test_supersession_takes_effect_on_the_successors_publication_day():
    assert at("2024-04-29")["uspstf-2016"] == "current"
    assert at("2024-04-29")["uspstf-2024"] == "not_yet_published"
    assert at("2024-04-30")["uspstf-2016"] == "superseded"
    assert at("2024-04-30")["uspstf-2024"] == "current"
    before = chunk_statuses_at(SOURCES, CHUNKS, dt.date(2024, 10, 9))
    after = chunk_statuses_at(SOURCES, CHUNKS, dt.date(2024, 10, 10))
    assert before["acog-2017#starting-age"] == "current" and after["acog-2017#starting-age"] == "superseded"
    assert after["acog-2017#clinical-breast-examination"] == "current"


def test_an_undated_source_counts_only_from_its_not_before_date():
    assert at("1990-01-01")["acog-faq"] == "not_yet_published"
    assert at("2020-06-01")["acog-faq"] == "not_yet_published"  # asking as of 2020 never shows a 2024 page
    assert at("2024-10-09")["acog-faq"] == "not_yet_published"
    assert at("2024-10-10")["acog-faq"] == "current"
    assert at("1990-01-01")["acs-2015"] == "not_yet_published"


def test_an_undated_source_without_not_before_counts_from_its_verified_on():
    faq = next(s for s in SOURCES if s.id == "acog-faq")
    bare = dataclasses.replace(faq, not_before=None)
    assert bare.eligible_from == faq.verified_on
    assert statuses_at([bare], faq.verified_on - dt.timedelta(days=1))["acog-faq"] == "not_yet_published"
    assert statuses_at([bare], faq.verified_on)["acog-faq"] == "current"


def test_superseded_by():
    assert superseded_by(SOURCES, "uspstf-2016") == ["uspstf-2024"]
    assert superseded_by(SOURCES, "acs-2015") == []
