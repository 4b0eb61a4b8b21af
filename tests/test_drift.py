"""Evidence drift: one question at two dates, and every kind of change per organization and aspect,
on the bundled corpus and on the colorectal example pack."""

import dataclasses
import datetime as dt
import json

import pytest

from review_app.claims.drift import KINDS, position_changes
from review_app.claims.synthesis import get_synthesizer
from review_app.cli import main
from review_app.engine.settings import PROJECT_ROOT
from review_app.engine.status import chunk_statuses_at
from review_app.review import usecases
from review_app.ui import ask_handlers
from review_app.ui.context import Context

QUESTION = "When should an average-risk woman start screening mammography?"
COLORECTAL = PROJECT_ROOT / "examples" / "colorectal" / "corpus"


@pytest.fixture(autouse=True)
def exports(tmp_path, monkeypatch):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    for name in ("MODE", "TOP_K", "REFERENCE_DATE", "THRESHOLD", "DIVERSIFY"):
        monkeypatch.delenv(f"REVIEW_APP_{name}", raising=False)


def compare(engine, settings, then: str, now: str | None = None):
    if now is not None:
        settings = dataclasses.replace(settings, reference_date=dt.date.fromisoformat(now))
    return usecases.compare(engine, QUESTION, settings, dt.date.fromisoformat(then))


def find(comparison, organization: str, topic: str, kind: str | None = None):
    rows = [c for c in comparison.changes if c.organization == organization and c.aspect == topic
            and (kind is None or c.kind == kind)]
    assert rows, f"no {kind or 'change'} for {organization} {topic}"
    return rows[0]


def test_then_and_now_are_two_complete_decisions_at_explicit_dates(engine, settings):
    comparison = compare(engine, settings, "2020-06-01")
    record = comparison.to_json()
    assert set(record) == {"then", "now", "changes"}
    assert record["then"]["reference_date"] == "2020-06-01"
    assert record["now"]["reference_date"] == settings.reference_date.isoformat()
    assert record["then"]["reference_date_source"] == record["now"]["reference_date_source"] == "explicit"
    assert {"abstain", "results", "synthesis", "disagreements"} <= set(record["then"])
    assert all(c["kind"] in KINDS for c in record["changes"])


def test_a_time_stated_in_the_question_moves_neither_date(engine, settings):
    comparison = usecases.compare(engine, "What did USPSTF recommend in 2016?", settings, dt.date(2020, 6, 1))
    assert comparison.then.date == dt.date(2020, 6, 1) and comparison.now.date == settings.reference_date


def test_uspstf_2016_to_2024_start_age_changed_and_the_rest_superseded(engine, settings):
    comparison = compare(engine, settings, "2020-06-01")
    start = find(comparison, "USPSTF", "start_age")
    assert start.kind == "position changed" and start.then_status_now == "superseded"
    assert (start.then.source, start.now.source) == ("uspstf-2016", "uspstf-2024")
    assert start.then.value.startswith("50") and start.now.value == "40"
    interval = find(comparison, "USPSTF", "interval")  # still every 2 years, but from 40 rather than 50
    assert interval.kind == "position changed" and "ages 50 to 74" in interval.then.value
    assert interval.now.value == "every 2 years (ages 40 to 74)"
    older = find(comparison, "USPSTF", "age_75_and_older")
    assert older.kind == "superseded" and older.then.value == older.now.value == "insufficient evidence (I statement)"


def test_acog_partial_supersession(engine, settings):
    comparison = compare(engine, settings, "2020-06-01")
    start = find(comparison, "ACOG", "start_age")
    assert start.kind == "position changed" and (start.then.source, start.now.source) == ("acog-2017", "acog-2024")
    assert start.then_status_now == "superseded"  # the replaced section, not the whole Practice Bulletin
    older = find(comparison, "ACOG", "age_75_and_older")  # PB 179's section not replaced: still its source
    assert older.kind == "unchanged" and older.then.source == older.now.source == "acog-2017"
    assert older.then_status_now == "current"
    assert engine.chunk_statuses(settings.reference_date)["acog-2017#clinical-breast-examination"] == "current"
    assert find(comparison, "ACOG", "interval").kind == "superseded"


def test_the_undated_acog_faq_is_a_new_source_from_its_not_before_date(engine, settings):
    before = compare(engine, settings, "2024-10-09")
    faq = find(before, "ACOG", "interval", "new source")
    assert faq.now.source == "acog-faq" and faq.now.published == "2024-10-10"
    after = compare(engine, settings, "2024-10-10")
    assert not [c for c in after.changes if c.now and c.now.source == "acog-faq" and c.kind == "new source"]
    assert {c.kind for c in after.changes} == {"unchanged"}


def test_a_date_before_any_source_has_no_source_then(engine, settings):
    comparison = compare(engine, settings, "2010-01-01")
    assert comparison.then.decision.abstain and "no source in this corpus existed" in \
        comparison.then.decision.abstain_reason
    assert comparison.changes and {c.kind for c in comparison.changes} == {"no source then"}
    assert all(c.then is None and c.now is not None for c in comparison.changes)


def test_no_source_now_and_withdrawn(engine, settings):
    """Compared the other way round (a later date first) a source has no position now; a source
    withdrawn between the two dates is `withdrawn`."""
    synthesizer = get_synthesizer(engine)
    corpus = engine.corpus

    def changes(sources, then: dt.date, now: dt.date):
        return position_changes(corpus, synthesizer.labels, synthesizer.positions, engine.pack.primary_class,
                                chunk_statuses_at(sources, corpus.chunks, then),
                                chunk_statuses_at(sources, corpus.chunks, now))

    reversed_ = changes(corpus.sources, dt.date(2024, 1, 1), dt.date(2016, 6, 1))
    acr = [c for c in reversed_ if c.organization == "ACR"]
    assert acr and {c.kind for c in acr} == {"no source now"}
    withdrawn = [dataclasses.replace(s, withdrawn_date=dt.date(2025, 1, 1)) if s.id == "acs-2015" else s
                 for s in corpus.sources]
    acs = [c for c in changes(withdrawn, dt.date(2020, 6, 1), dt.date(2026, 1, 1)) if c.organization == "ACS"]
    assert acs and {c.kind for c in acs} == {"withdrawn"} and all(c.then_status_now == "withdrawn" for c in acs)


def test_changes_come_from_the_pack_not_from_retrieval(engine, settings):
    one = compare(engine, settings, "2020-06-01").changes
    other = usecases.compare(engine, "Should women over 75 keep screening?", settings, dt.date(2020, 6, 1)).changes
    assert one == other


def test_cli_plain_text(capsys):
    assert main(["ask", QUESTION, "--compare-date", "2020-06-01"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Then as of 2020-06-01: answer") and "Now  as of 2026-06-24: answer" in out
    assert "USPSTF · when to start: position changed" in out and "not medical advice" in out


def test_cli_json_on_the_colorectal_pack(capsys):
    assert main(["ask", "When should colorectal cancer screening start?", "--compare-date", "2020-06-01",
                 "--corpus", str(COLORECTAL), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["then"]["reference_date"] == "2020-06-01" and not record["now"]["abstain"]
    start = next(c for c in record["changes"] if c["organization"] == "USPSTF" and c["aspect"] == "start_age")
    assert start["kind"] == "position changed"
    assert (start["then"]["value"], start["now"]["value"]) == ("50", "45")
    assert (start["then"]["source"], start["now"]["source"]) == ("uspstf-2016", "uspstf-2021")


def test_cli_bad_compare_date(capsys):
    assert main(["ask", QUESTION, "--compare-date", "2020-13-01"]) == 2
    assert "compare_date: '2020-13-01' is not valid" in capsys.readouterr().err


def test_handler_renders_changes_escaped_and_side_by_side(engine, settings):
    ctx = Context(engine, None, None, settings, None, None)
    view = ask_handlers.compare(ctx, QUESTION, "2020-06-01", "hybrid", 6, "", settings.threshold, True)
    assert "data-kind='position changed'" in view.changes and "compare-then-answer" in view.then
    assert "as of 2020-06-01" in view.then and "as of 2026-06-24" in view.now
    assert view.record["changes"] and view.record["then"]["reference_date"] == "2020-06-01"
    failed = ask_handlers.compare(ctx, "<b>x</b>", "", "hybrid", 6, "", settings.threshold, True)
    assert "Cannot compare." in failed.changes and failed.record == {"error": failed.record["error"]}
    picks = ask_handlers.compare_picks(ctx)
    assert ("2024-10-10 (acog-2024, acog-faq)", "2024-10-10") in picks
