"""Corpus versions: the registry, diffs, withdrawn sources, and the worked example of a source
update (a fictional "ACS 2026 update" superseding ACS 2015, in a corpus copy, never the bundled one)."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3

import pytest

from review_app.claims.verifier import Verifier
from review_app.cli import main
from review_app.engine.corpus import load_corpus
from review_app.engine.pipeline import Engine
from review_app.errors import CorpusError
from review_app.review.export import plan_export
from review_app.review.service import ReviewService
from review_app.review.store import CHUNK_TEXTS, CORPUS_VERSIONS, REREVIEWS, ReviewStore, StoreError
from review_app.review.versions import VersionError, diff, find, previous, record, registry, snapshot, text_of
from review_app.ui import render

from .conftest import CORPUS_DIR, LABELS_DIR, NEW_55, OLD_55, acs_2026_update, edit_manifest
from .test_store import judgment


def test_the_new_source_answers_new_questions_and_the_old_one_stays_reachable(source_update, settings, at_date):
    _, v2 = source_update
    now = v2.engine.ask("When does the American Cancer Society recommend starting mammography?", settings)
    assert "acs-2026" in now.retrieved_document_ids and "acs-2015" not in now.retrieved_document_ids
    historical = v2.engine.ask("What did the American Cancer Society recommend in 2015?", settings)
    assert historical.historical_intent and "acs-2015" in historical.retrieved_document_ids
    then = v2.engine.ask("When does the American Cancer Society recommend starting mammography?",
                         at_date("2020-06-01"))
    assert "acs-2015" in then.retrieved_document_ids and "acs-2026" not in then.retrieved_document_ids
    assert now.corpus_version == v2.engine.corpus.version != source_update[0].engine.corpus.version


def test_the_diff_lists_the_added_source_the_superseded_one_and_the_changed_chunk(source_update):
    v1, v2 = source_update
    queue = v2.rereview_queue()
    change = queue.diff
    assert (change.old, change.new) == (v1.engine.corpus.version, v2.engine.corpus.version)
    assert change.added == ("acs-2026",) and change.removed == ()
    assert change.superseded == {"acs-2015": ("acs-2026",)}
    assert change.changed == ("acs-2015",)  # one of its sections was reworded
    assert [(c.chunk_id, c.kind) for c in change.chunks] == [("acs-2015#age-55-and-older", "changed"),
                                                             ("acs-2026#start-age", "added"),
                                                             ("acs-2026#interval", "added")]


def test_affected_label_cases_and_judgments_are_queued_and_the_rest_are_not(source_update):
    _, v2 = source_update
    items = {item.key: item for item in v2.rereview_queue().items}
    gold_acs = sorted(c.id for name in ("canonical", "holdout") for c in v2.cases(name)
                      if "acs-2015" in c.gold_document_ids)
    flagged = sorted(i.case_id for i in items.values() if i.kind == "label" and i.source_id == "acs-2015"
                     and i.chunk_id is None)
    assert flagged == gold_acs and "canonical-013" in flagged
    assert items["label canonical canonical-013 gold acs-2015"].why.startswith("superseded by acs-2026")
    claim = items["label canonical canonical-013 c1 · acs-2015#age-55-and-older"]
    assert claim.why == "its text changed" and claim.old_hash != claim.new_hash
    mine = items["judgment canonical-013 c1 · acs-2015#age-55-and-older by dr-a"]
    assert mine.why == "made on an older text of the chunk" and mine.label == "supports"
    assert not any("uspstf-2024" in key for key in items)  # untouched sources stay out of the queue
    assert "canonical-013" in v2.filtered("canonical", "needs re-review after a corpus change", None)
    untouched = [c.id for c in v2.cases("canonical") if "acs-2015" not in c.gold_document_ids
                 and not any(e.chunk_id.startswith("acs-2015#") for claim in c.claims for e in claim.evidence)]
    assert untouched and not set(untouched) & set(v2.filtered("canonical", "needs re-review after a corpus change",
                                                              None))
    assert claim.key in v2.queues("canonical", "dr-a")["needs re-review"]


def test_a_judgment_on_unchanged_text_of_a_superseded_source_is_queued_too(source_update):
    v1, v2 = source_update
    v1.save("canonical", "canonical-007", "c1", "acs-2015#clinical-breast-examination", "dr-b", "supports", None, "")
    items = {i.key: i for i in v2.rereview_queue().items}
    item = items["judgment canonical-007 c1 · acs-2015#clinical-breast-examination by dr-b"]
    assert item.why == "made before acs-2015 superseded by acs-2026" and item.old_hash == item.new_hash
    row = next(r for r in v2.rows(v2.case("canonical", "canonical-007"), "dr-b") if r.claim_id == "c1")
    assert not row.stale and row.rereview == "gold label: acs-2015 superseded by acs-2026"
    v2.confirm_rereview("label canonical canonical-007 c1 · acs-2015#clinical-breast-examination", "dr-c", "fine")
    row = next(r for r in v2.rows(v2.case("canonical", "canonical-007"), "dr-b") if r.claim_id == "c1")
    assert row.rereview == "your judgment: made before acs-2015 superseded by acs-2026"


def test_judgments_made_before_the_change_still_show_their_original_text(source_update):
    v1, v2 = source_update
    row = next(r for r in v2.rows(v2.case("canonical", "canonical-013"), "dr-a") if r.claim_id == "c1")
    assert row.stale and NEW_55 in row.chunk_text and row.rereview == "gold label: its text changed"
    untouched = next(r for r in v2.rows(v2.case("canonical", "canonical-001"), "dr-a")
                     if r.chunk_id == "uspstf-2024#recommendation")
    assert untouched.my_label == "supports" and untouched.rereview is None
    assert row.made_on_text is not None and OLD_55 in row.made_on_text and NEW_55 not in row.made_on_text
    saved = v2.store.judgments("canonical-013")[0]
    assert text_of(v2.store, v2.engine.corpus, saved.chunk_hash) == row.made_on_text
    assert saved.corpus_version == v1.engine.corpus.version


def test_a_confirmed_or_rejudged_item_leaves_the_queue(source_update):
    _, v2 = source_update
    key = "label canonical canonical-013 gold acs-2015"
    with pytest.raises(StoreError, match="write a note"):
        v2.confirm_rereview(key, "dr-a", " ")
    v2.confirm_rereview(key, "dr-a", "still right: the case asks about ACS 2015 by name")
    queue = v2.rereview_queue()
    assert key in queue.confirmed and key not in {i.key for i in queue.items}
    with pytest.raises(StoreError, match="not waiting"):
        v2.confirm_rereview(key, "dr-a", "again")
    judged = "judgment canonical-013 c1 · acs-2015#age-55-and-older by dr-a"
    v2.confirm_rereview(judged, "dr-b", "the reworded section says the same")
    history = v2.history("canonical-013", "c1", "acs-2015#age-55-and-older", "dr-c")  # an adjudicator: all
    assert [(h["who"], h["what"], h["corpus_version"]) for h in history] == [
        ("dr-a", "submitted supports", source_update[0].engine.corpus.version),
        ("dr-b", "re-reviewed after a corpus change (judgment)", v2.engine.corpus.version)]
    assert history[1]["rationale"] == "the reworded section says the same"
    assert judged not in {i.key for i in v2.rereview_queue().items}
    v1 = source_update[0]  # a judgment made on the old text, then made again on the new one
    v1.save("canonical", "canonical-013", "c1", "acs-2015#age-55-and-older", "dr-c", "supports", None, "")
    again = "judgment canonical-013 c1 · acs-2015#age-55-and-older by dr-c"
    assert again in {i.key for i in v2.rereview_queue().items}
    v2.save("canonical", "canonical-013", "c1", "acs-2015#age-55-and-older", "dr-c", "supports", None, "")
    assert again not in {i.key for i in v2.rereview_queue().items}


def test_an_older_version_shows_every_change_since(source_update, tmp_path):
    v1, v2 = source_update
    v2.record_version()  # as the app does when it starts on a corpus
    folder = v2.engine.corpus.directory  # a third version: one USPSTF section reworded
    card = folder / "uspstf-2024.md"
    card.write_text(card.read_text(encoding="utf-8").replace("## Recommendation\n", "## Recommendation\nNote. "),
                    encoding="utf-8")
    v3 = ReviewService(Engine.from_directory(folder), v2.store, LABELS_DIR, v2.settings)
    latest = v3.rereview_queue()
    assert latest.diff.old == v2.engine.corpus.version and latest.diff.superseded == {}
    assert [c.chunk_id for c in latest.diff.chunks] == ["uspstf-2024#recommendation"]
    since_v1 = v3.rereview_queue(v1.engine.corpus.version)
    assert since_v1.diff.superseded == {"acs-2015": ("acs-2026",)} and len(since_v1.diff.chunks) == 4
    key = "label canonical canonical-013 gold acs-2015"
    assert key in {i.key for i in since_v1.items} and key not in {i.key for i in latest.items}
    v3.confirm_rereview(key, "dr-a", "checked against every change since version 1", v1.engine.corpus.version)
    assert key in v3.rereview_queue(v1.engine.corpus.version).confirmed


def test_the_export_dry_run_lists_what_needs_re_review(source_update):
    _, v2 = source_update
    summary = plan_export(v2).summary()
    assert summary["corpus_version"] == v2.engine.corpus.version
    assert any("canonical-013 c1 · acs-2015#age-55-and-older" in line and "older text" in line
               for line in summary["needs_rereview"])


def test_the_version_is_fixed_when_the_corpus_is_loaded(corpus_copy):
    corpus = load_corpus(corpus_copy)
    before = corpus.version
    acs_2026_update(corpus_copy)
    assert corpus.version == before != load_corpus(corpus_copy).version


def test_registry_records_each_version_once_with_its_chunk_texts(tmp_path, engine, corpus_copy):
    store = ReviewStore(tmp_path / "db.sqlite")
    assert record(store, engine.corpus) is True and record(store, engine.corpus) is False
    assert [r.version for r in registry(store)] == [engine.corpus.version]
    assert previous(store, engine.corpus.version) is None
    chunk = engine.corpus.chunks[0]
    assert store.chunk_text(chunk.content_hash)["text"] == chunk.text
    with pytest.raises(VersionError, match="no recorded corpus version 'nope'"):
        find(store, "nope")
    assert find(store, engine.corpus.version[:6]).version == engine.corpus.version
    assert diff(snapshot(engine.corpus), snapshot(engine.corpus)).empty


def withdraw(corpus_dir, date="2025-03-01", reason="withdrawn by its publisher (test)"):
    def change(data):
        entry = next(s for s in data["sources"] if s["id"] == "acr-uspstf-2024-response")
        entry.update(withdrawn_date=date, withdrawn_reason=reason)
    edit_manifest(corpus_dir, change)


def test_a_withdrawn_source_is_never_retrieved_after_its_date_and_history_says_so(corpus_copy, settings, at_date):
    withdraw(corpus_copy)
    engine = Engine.from_directory(corpus_copy)
    question = "What did the ACR previously say about the 2024 USPSTF screening recommendation?"
    assert engine.statuses(settings.reference_date)["acr-uspstf-2024-response"] == "withdrawn"
    now = engine.ask(question, settings)
    assert "acr-uspstf-2024-response" not in now.retrieved_document_ids
    assert any("acr-uspstf-2024-response was withdrawn on 2025-03-01" in n and "not retrieved" in n
               for n in now.notes)
    then = engine.ask(question, at_date("2024-06-01"))
    assert "acr-uspstf-2024-response" in then.retrieved_document_ids
    assert any("withdrawn on 2025-03-01: withdrawn by its publisher (test)" in n and "as it was then" in n
               for n in then.notes)
    no_status = engine.ask(question, dataclasses.replace(settings, status_scoring=False))
    assert "acr-uspstf-2024-response" not in no_status.retrieved_document_ids
    scope = render.ScopeWords({}, "the declared scope")
    assert "withdrawn on 2025-03-01" in render.banner(then, scope)  # the app shows the note with the decision
    chunk = next(c.id for c in engine.corpus.chunks if c.document_id == "acr-uspstf-2024-response")
    verdict = Verifier(engine).judge("ACR urges annual mammography from age 40.", chunk, settings.reference_date)
    assert verdict.reason == "wrong_version" and "was withdrawn on 2025-03-01" in verdict.explanation


def test_withdrawal_shows_in_the_diff_and_flags_its_citations(tmp_path, engine, corpus_copy, settings):
    store = ReviewStore(tmp_path / "db.sqlite")
    record(store, engine.corpus)
    withdraw(corpus_copy)
    service = ReviewService(Engine.from_directory(corpus_copy), store, LABELS_DIR, settings)
    queue = service.rereview_queue()
    assert queue.diff.withdrawn == {"acr-uspstf-2024-response": "2025-03-01: withdrawn by its publisher (test)"}
    assert all(i.source_id == "acr-uspstf-2024-response" for i in queue.items)
    assert any(i.why.startswith("withdrawn on 2025-03-01") for i in queue.items)


@pytest.mark.parametrize("fields, field, words", [
    ({"withdrawn_date": "2025-03-01"}, "withdrawn_reason", "say why"),
    ({"withdrawn_date": "2025-02-30", "withdrawn_reason": "x"}, "withdrawn_date", "not a date"),
    ({"withdrawn_date": "2020-01-01", "withdrawn_reason": "x"}, "withdrawn_date", "before the source was published"),
    ({"withdrawn_reason": "x"}, "withdrawn_reason", "without a withdrawn_date"),
])
def test_withdrawal_fields_are_validated_with_file_line_and_field(corpus_copy, fields, field, words):
    edit_manifest(corpus_copy, lambda d: d["sources"][7].update(fields))
    with pytest.raises(CorpusError) as info:
        load_corpus(corpus_copy)
    [problem] = info.value.problems
    lines = (corpus_copy / "manifest.yaml").read_text(encoding="utf-8").splitlines()
    assert problem.field == f"acr-uspstf-2024-response.{field}" and words in problem.message
    expected = field if field in fields else "- id: acr-uspstf-2024-response"  # a missing field: its entry's line
    assert lines[problem.line - 1].strip().startswith(expected)
    assert str(problem).startswith(f"{corpus_copy / 'manifest.yaml'}:{problem.line}: ")


def test_a_database_from_before_versions_gains_the_tables_and_keeps_its_rows(tmp_path):
    path = tmp_path / "old.sqlite"
    ReviewStore(path).record_judgment(judgment())
    with sqlite3.connect(path) as connection:
        for table in (CORPUS_VERSIONS, CHUNK_TEXTS, REREVIEWS):
            connection.execute(f"drop table {table}")
    store = ReviewStore(path)
    assert len(store.judgments()) == 1 and store.versions() == [] and store.rereviews() == []


def test_cli_corpus_diff_from_a_recorded_version(tmp_path, monkeypatch, capsys):
    v1, v2 = tmp_path / "v1", tmp_path / "v2"
    shutil.copytree(CORPUS_DIR, v1)
    shutil.copytree(CORPUS_DIR, v2)
    acs_2026_update(v2)
    monkeypatch.setenv("REVIEW_APP_DB", str(tmp_path / "review.sqlite"))
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    monkeypatch.setenv("REVIEW_APP_CORPUS", str(v1))
    monkeypatch.setenv("REVIEW_APP_LABELS", str(LABELS_DIR))  # the copies' ../labels is not there
    assert main(["corpus", "diff"]) == 0
    assert "no earlier version is recorded" in capsys.readouterr().out
    monkeypatch.setenv("REVIEW_APP_CORPUS", str(v2))
    assert main(["corpus", "diff"]) == 0
    out = capsys.readouterr().out
    assert "Sources added: acs-2026" in out and "Superseded: acs-2015 (by acs-2026)" in out
    assert "Chunk changed: acs-2015#age-55-and-older" in out
    assert "label canonical canonical-013 gold source acs-2015: superseded by acs-2026" in out
    assert main(["corpus", "diff", "--json", "--from", load_version(v1)[:8]]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["diff"]["sources_superseded"] == {"acs-2015": ["acs-2026"]}
    assert main(["corpus", "versions"]) == 0
    assert "(current)" in capsys.readouterr().out
    old_hash = load_corpus(v1).chunk_by_id["acs-2015#age-55-and-older"].content_hash
    assert main(["corpus", "text", old_hash]) == 0  # the text a judgment made on version 1 saw
    out = capsys.readouterr().out
    assert out.startswith("acs-2015#age-55-and-older (no longer current; first seen in ") and OLD_55 in out
    assert main(["corpus", "text", "0" * 16]) == 2
    assert "is not a chunk of this corpus" in capsys.readouterr().err
    assert main(["corpus", "diff", "--from", "ffffff"]) == 2
    assert "no recorded corpus version 'ffffff'" in capsys.readouterr().err


def load_version(folder) -> str:
    return load_corpus(folder).version

