"""Accepting the verifier's suggestion is not agreement (#20 item 3): a bare acceptance is recorded,
never makes a citation unanimous alone, is left out of the second agreement figures, and can be
kept from a pair's second reviewer until they submit."""

import dataclasses
import sqlite3

import pytest

from review_app.cli import main
from review_app.records import CLAIM_LABELS
from review_app.review.agreement import agreement, format_agreement
from review_app.review.export import plan_export
from review_app.review.service import ReviewService
from review_app.review.store import ReviewStore, StoreError

from .chunks import USPSTF_2016_40_49
from .conftest import LABELS_DIR

CLAIM = "In 2016 USPSTF called screening in the 40s an individual decision (grade C)."
CANONICAL = ("canonical", "canonical-001", "c1", "uspstf-2024#recommendation")


def added_pair(service):
    added = service.add_claim("holdout", "holdout-003", CLAIM, [USPSTF_2016_40_49], "dr-a")
    return ("holdout", "holdout-003", added.claim_id, USPSTF_2016_40_49)


def suggestion(service, pair, reviewer=None):
    return next(r for r in service.rows(service.case(*pair[:2]), reviewer) if r.claim_id == pair[2])


def test_a_bare_acceptance_is_recorded(service):
    pair = added_pair(service)
    row = suggestion(service, pair)
    assert service.accept_suggestion(*pair, "dr-a").bare_acceptance is True
    # the same label and reason, typed, with no reading of one's own: still a bare acceptance
    assert service.save(*pair, "dr-b", row.suggestion_label, row.suggestion_reason, row.explanation).bare_acceptance
    own = service.save(*pair, "dr-c", row.suggestion_label, row.suggestion_reason, "checked the card's grade line")
    assert own.bare_acceptance is False
    typed = suggestion(service, CANONICAL)  # typed, matching the suggestion, no reading of one's own: bare
    assert service.save(*CANONICAL, "dr-a", typed.suggestion_label, typed.suggestion_reason,
                        typed.explanation).bare_acceptance is True
    label = next(x for x in CLAIM_LABELS if x not in (typed.suggestion_label, "supports"))
    assert service.save(*CANONICAL, "dr-a", label, "missing_fact", "no grade").bare_acceptance is False
    assert [j.bare_acceptance for j in service.store.judgments(case_id="holdout-003")] == [True, True, False]


def test_two_bare_acceptances_are_not_unanimous_but_one_reading_makes_it(service):
    pair = added_pair(service)
    for reviewer in ("dr-a", "dr-b"):  # both clicked Accept
        service.accept_suggestion(*pair, reviewer)
    plan = plan_export(service)
    assert plan.tags == {} and plan.claims_added == ()
    assert any("each only accepted the verifier's suggestion unchanged" in s for s in plan.skipped)
    row = suggestion(service, pair)
    service.save(*pair, "dr-b", row.suggestion_label, row.suggestion_reason, "read the 2016 card: grade C, 40-49")
    plan = plan_export(service)
    assert plan.tags == {"unanimous": 1}
    reviews = next(c for c in plan.cases if c["id"] == "holdout-003")["claims"][-1]["evidence"][0]["reviews"]
    assert [r["bare_acceptance"] for r in reviews] == [True, False]


def test_agreement_with_and_without_bare_acceptances(service):
    pair = added_pair(service)
    for reviewer in ("dr-a", "dr-b"):
        service.accept_suggestion(*pair, reviewer)
    service.save(*CANONICAL, "dr-a", "supports", None, "the card states the ages and the interval")
    service.save(*CANONICAL, "dr-b", "partially_supports", "missing_fact", "no grade")
    result = agreement(service.store.judgments())
    assert result["items_with_two_or_more"] == 2 and result["percent_agreement"] == 0.5
    assert result["bare_acceptances"] == 2
    without = result["without_bare_acceptances"]
    assert without["items_with_two_or_more"] == 1 and without["percent_agreement"] == 0.0
    assert "Without bare acceptances" in format_agreement(result)


def test_the_agreement_command_reports_both(tmp_path, monkeypatch, capsys, engine, settings):
    monkeypatch.setenv("REVIEW_APP_DB", str(tmp_path / "db.sqlite"))
    service = ReviewService(engine, ReviewStore(tmp_path / "db.sqlite"), LABELS_DIR, settings)
    for reviewer in ("dr-a", "dr-b"):
        service.accept_suggestion(*CANONICAL, reviewer)
    assert main(["agreement"]) == 0
    out = capsys.readouterr().out
    assert "Without bare acceptances" in out and "2 submitted judgment(s) took the verifier's suggestion" in out


def test_older_databases_gain_the_column(tmp_path):
    path = tmp_path / "old.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("create table judgments (id integer primary key, case_id text not null, claim_id text not "
                       "null, chunk_id text not null, reviewer text not null, label text not null, reason text, "
                       "rationale text, source text, chunk_hash text, corpus_version text, claim_text text, "
                       "created_at text not null, status text)")
    for n, source in enumerate(("auto", "human"), start=1):
        connection.execute("insert into judgments values (?, 'c', 'c1', 'k', ?, 'supports', null, '', ?, 'h', 'v', "
                           "'t', '2026-01-01T00:00:00+00:00', 'submitted')", (n, f"r{n}", source))
    connection.commit()
    connection.close()
    store = ReviewStore(path)
    assert [(j.reviewer, j.bare_acceptance) for j in store.judgments()] == [("r1", True), ("r2", False)]


def test_a_slice_can_hide_the_suggestion_from_the_second_reviewer(service):
    service.team = dataclasses.replace(service.team, hidden_suggestion=frozenset({"canonical"}))
    shown = suggestion(service, CANONICAL, "dr-a")
    assert shown.suggestion_label and not shown.suggestion_hidden  # the first reviewer sees it
    service.save(*CANONICAL, "dr-a", "supports", None, "")
    second = suggestion(service, CANONICAL, "dr-b")
    assert second.suggestion_hidden and second.suggestion_label == "" and second.explanation == ""
    with pytest.raises(StoreError, match="hidden until you submit"):
        service.accept_suggestion(*CANONICAL, "dr-b")
    blind = service.save(*CANONICAL, "dr-b", shown.suggestion_label, shown.suggestion_reason, "")
    # (with no rationale: it would be a bare acceptance had dr-b seen the suggestion)
    assert blind.bare_acceptance is False  # the same label, reached without seeing the suggestion
    after = suggestion(service, CANONICAL, "dr-b")
    assert not after.suggestion_hidden and after.suggestion_label == shown.suggestion_label
    other = dataclasses.replace(service.team, hidden_suggestion=frozenset({"holdout"}))
    service.team = other  # on a slice not listed, the second reviewer sees it
    assert not suggestion(service, CANONICAL, "dr-c").suggestion_hidden


def test_the_row_panel_says_the_suggestion_is_hidden(ui_context):
    from review_app.ui import review_handlers

    ui_context.service.team = dataclasses.replace(ui_context.service.team, hidden_suggestion=frozenset({"canonical"}))
    ui_context.service.save(*CANONICAL, "nurse-a", "supports", None, "the card states it")
    row = f"{CANONICAL[2]} · {CANONICAL[3]}"
    shown = review_handlers.row_details(ui_context, "canonical", "canonical-001", row, "nurse-b")[1]
    assert "hidden until you submit your own label" in shown and "Verifier suggests" not in shown
    status = review_handlers.accept_suggestion(ui_context, "canonical", "canonical-001", row, "nurse-b")[0]
    assert "Not saved" in status and "hidden until you submit" in status
