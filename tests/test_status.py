import datetime as dt

from review_app.engine.corpus import load_corpus
from review_app.engine.status import statuses_at, superseded_by

from .conftest import CORPUS_DIR

SOURCES = load_corpus(CORPUS_DIR).sources


def at(value: str) -> dict[str, str]:
    return statuses_at(SOURCES, dt.date.fromisoformat(value))


def test_status_at_the_pinned_date():
    status = at("2026-06-24")
    assert status["uspstf-2024"] == status["acog-2024"] == status["acr-current"] == "current"
    assert status["uspstf-2016"] == status["acog-2017"] == "superseded"
    assert status["acs-2015"] == "current"


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
    assert at("2024-10-09")["acog-2017"] == "current"
    assert at("2024-10-10")["acog-2017"] == "superseded"


def test_undated_source_is_current_at_any_date():
    assert at("1990-01-01")["acog-faq"] == "current"
    assert at("1990-01-01")["acs-2015"] == "not_yet_published"


def test_superseded_by():
    assert superseded_by(SOURCES, "uspstf-2016") == ["uspstf-2024"]
    assert superseded_by(SOURCES, "acs-2015") == []
