import dataclasses
from pathlib import Path

import pytest

from review_app.engine import embeddings
from review_app.engine.pack import load_pack
from review_app.engine.settings import PROJECT_ROOT
from review_app.review.team import SIGN_IN, NameTaken
from review_app.ui import ask_handlers, holdout_handlers, metrics_handlers, rereview_handlers, review_handlers
from review_app.ui.context import CLIENT_KEY_COOKIE, storage_warning

EXAMPLES = load_pack(PROJECT_ROOT / "corpus").app.examples

ROW = "c1 · uspstf-2024#recommendation"


def test_ask_shows_banner_synthesis_and_evidence(ui_context):
    banner, synthesis, cards, table, record = ask_handlers.ask(
        ui_context, EXAMPLES[0], "hybrid", 6, "2026-06-24", 0.12, True)
    assert "Answer." in banner and "disagree" in synthesis and "current" in cards
    assert len(table) == 6 and {"rank", "chunk", "status", "support"} <= set(table.columns)
    assert record["abstain"] is False and record["synthesis"]


def test_ask_out_of_scope_and_bad_settings(ui_context):
    banner, *_ = ask_handlers.ask(ui_context, EXAMPLES[2], "hybrid", 6, "", 0.12, True)
    assert "Abstain." in banner and "high-risk genetic" in banner
    banner, *_, record = ask_handlers.ask(ui_context, "x", "hybrid", 6, "2020-13-01", 0.12, True)
    assert "Cannot ask" in banner and "YYYY-MM-DD" in record["error"]


def test_rereview_tab_lists_the_change_shows_both_texts_and_confirms(source_update, tmp_path):
    from review_app.ui.context import Context

    _, v2 = source_update
    ctx = Context(v2.engine, v2.store, v2, v2.settings, tmp_path / "exports", None)
    assert rereview_handlers.version_choices(ctx) == [rereview_handlers.PREVIOUS_VERSION,
                                                      source_update[0].engine.corpus.version]
    text, frame, keys = rereview_handlers.rereview(ctx, rereview_handlers.PREVIOUS_VERSION)
    assert rereview_handlers.rereview(ctx, source_update[0].engine.corpus.version)[2] == keys
    assert "Cannot compare versions" in rereview_handlers.rereview(ctx, "nope")[0]
    assert "Superseded: acs-2015 (by acs-2026)" in text and "Chunk changed: acs-2015#age-55-and-older" in text
    key = "judgment canonical-013 c1 · acs-2015#age-55-and-older by dr-a"
    assert key in keys and key in set(frame["item"])
    html = rereview_handlers.rereview_details(ctx, key, None, "dr-a")  # dr-a's own judgment
    assert "<span class='edr-del'>says</span>" in html and "<span class='edr-ins'>states that</span>" in html
    assert "dr-a said supports" in html
    for blind in (None, "nurse-t"):  # blind review: another reviewer's label stays hidden
        assert "said supports" not in rereview_handlers.rereview_details(ctx, key, None, blind)
        text, frame, _ = rereview_handlers.rereview(ctx, rereview_handlers.PREVIOUS_VERSION, blind)
        assert "dr-a: supports" not in frame.to_string() and "label hidden: blind review" in frame.to_string()
    assert "supports" not in str(rereview_handlers.rereview_record(ctx, None, None)["needs_rereview"])
    whole = rereview_handlers.rereview_details(ctx, "label canonical canonical-013 gold acs-2015")
    assert "superseded by acs-2026" in whole and "read its card again" in whole
    chunk, *_ = review_handlers.row_details(ctx, "canonical", "canonical-013", "c1 · acs-2015#age-55-and-older", "dr-a")
    assert "made on an earlier text" in chunk and "guideline says women" in chunk
    assert rereview_handlers.confirm_rereview(ctx, key, "", "fine").startswith("Not saved")
    status = rereview_handlers.confirm_rereview(ctx, key, "dr-a", "the reworded text says the same")
    assert status.startswith("Saved") and v2.engine.corpus.version in status
    assert key not in rereview_handlers.rereview(ctx)[2]


def test_rereview_diff_escapes_text(tmp_path):
    from review_app.ui import render

    html = render.text_diff("a <b>bold</b> ${x}", "a <script>alert(1)</script> ${x}")
    assert "<script>" not in html and "&lt;script&gt;" in html and "${" not in html


def test_review_round_trip(ui_context):
    gold, banner, cards, table, rows, progress = review_handlers.load_case(ui_context, "canonical", "canonical-001",
                                                                           "dr-a")
    assert "canonical-001" in gold and "gold source" in cards and rows[0] == ROW and "Answer." in banner
    assert "0 / " in progress
    chunk, suggestion, label, reason, rationale = review_handlers.row_details(ui_context, "canonical", "canonical-001",
                                                                       ROW, "dr-a")
    assert "uspstf-2024#recommendation" in chunk and "Verifier suggests" in suggestion
    assert (label, reason, rationale) == (None, None, "")
    status, table, progress = review_handlers.save_judgment(ui_context, "canonical", "canonical-001", ROW, "dr-a",
                                                     "supports", "", "")
    assert status.startswith("Saved ") and table.iloc[0]["your label"] == "supports"
    assert "you (dr-a): 1 /" in progress
    assert review_handlers.row_details(ui_context, "canonical", "canonical-001", ROW, "dr-a")[2] == "supports"


def test_read_only_without_a_name(ui_context):
    status, *_ = review_handlers.save_judgment(ui_context, "canonical", "canonical-001", ROW, "", "supports", "", "")
    assert status.startswith("Not saved") and "read-only demo" in status
    assert ui_context.store.judgment_count() == 0


def test_table_edits_and_accept_all(ui_context):
    table = review_handlers.load_case(ui_context, "canonical", "canonical-002", "dr-a")[3]
    table.loc[0, "your label"] = "contradicts"
    table.loc[0, "your reason"] = "misstated_strength"
    status, table, _ = review_handlers.save_table(ui_context, "canonical", "canonical-002", "dr-a", table)
    assert "rationale" in status  # contradicts needs one: nothing saved
    table.loc[0, "your rationale"] = "the card is an I statement"
    status, table, _ = review_handlers.save_table(ui_context, "canonical", "canonical-002", "dr-a", table)
    assert "1 row(s)" in status
    status, table, _ = review_handlers.accept_all(ui_context, "canonical", "canonical-002", "dr-a")
    assert "accepted 1 suggestion" in status and (table["your label"] != "").all()


def test_submit_before_opening_a_case_says_so(ui_context):
    for status in (review_handlers.save_judgment(ui_context, "canonical", "", "", "nurse-t", "supports", "", "")[0],
                   review_handlers.accept_suggestion(ui_context, "canonical", "canonical-001", "", "nurse-t")[0]):
        assert status == "Not saved: open a case and choose a row first."


def test_save_all_rows_submits_an_unchanged_draft_and_the_table_says_draft(ui_context):
    first = ui_context.service.view("canonical", "canonical-001", "nurse-t").rows[0]
    assert review_handlers.autosave(ui_context, "canonical", "canonical-001", first.key, "nurse-t", first.gold_label,
                             first.gold_reason or "", "").startswith("Draft saved")
    table = review_handlers.load_case(ui_context, "canonical", "canonical-001", "nurse-t")[3]
    assert table.iloc[0]["saved"].startswith("DRAFT, not submitted")
    status, table, _ = review_handlers.save_table(ui_context, "canonical", "canonical-001", "nurse-t", table)
    assert "1 row(s)" in status and table.iloc[0]["saved"].startswith("submitted")
    queues = review_handlers.queues_text(ui_context, "canonical", "nurse-t")
    assert "my drafts: 0" in queues and "submitted by me: 1" in queues


def test_new_case_and_export(ui_context):
    fields = ("Does ACOG recommend supplemental MRI for dense breasts alone?", False, ["acog-2024"], [], "",
              "dense breasts, ACOG", "")
    status, *_ = holdout_handlers.save_case(ui_context, "(new draft)", *fields, "dr-a", True)
    assert "may not approve case" in status  # a reviewer drafts; an adjudicator approves
    status, *_ = holdout_handlers.save_case(ui_context, "(new draft)", *fields, "dr-c", True)
    assert "needs a signed-in adjudicator" in status  # open review: a typed name is never an adjudicator
    ui_context.service.team = dataclasses.replace(ui_context.service.team, mode=SIGN_IN)  # dr-c signed in
    status, choices, value = holdout_handlers.save_case(ui_context, "(new draft)", *fields, "dr-c", True)
    assert status.startswith("Saved") and value == "draft-001 (approved)" and value in choices
    status, *_ = holdout_handlers.save_case(ui_context, "(new draft)", "Another?", True, ["acog-2024"], [], "", "", "",
                                    "dr-a", False)
    assert "abstention case has no gold sources" in status
    assert "holdout-014 (from draft-001)" in holdout_handlers.export_dry_run(ui_context)
    path, summary = holdout_handlers.export(ui_context, "dr-a")  # a reviewer: labels/team.yaml lets adjudicators export
    assert path is None and "dr-a (reviewer) may not export" in summary
    path, summary = holdout_handlers.export(ui_context, "dr-c")
    assert path.endswith(".jsonl") and "1 new" in summary


def test_evaluation_with_progress(ui_context):
    seen = []
    tables, per_case, claims, summary, images, (history_text, points) = metrics_handlers.run_evaluation(
        ui_context, "canonical", None, lambda done, total: seen.append((done, total)))
    assert all(Path(path).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for path in images)
    assert "Sweep on canonical" in tables and "evaluate" in history_text and len(points) == 1
    assert seen[-1] == (summary["cases"], summary["cases"]) and summary["decision_accuracy"] == 1.0
    assert "Recall@6" in tables and "Cohen's kappa" in claims and len(per_case) == summary["cases"]


@pytest.mark.parametrize("content, expected", [
    (b"not json\n", ":1: json"),
    (b'{"id": "x", "question": "q", "should_abstain": false, "gold_document_ids": ["nowhere"], '
     b'"expected_scope_flags": []}\n', "nowhere"),
    (b"\xff\xfe\x00bad", "UTF-8"),
    (b"", "no cases"),
])
def test_a_bad_label_file_in_metrics_gets_its_problems_in_words(ui_context, tmp_path, content, expected):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    view = metrics_handlers.run_evaluation(ui_context, "canonical", str(path))
    assert view.tables.startswith("**Not evaluated") and expected in view.tables and "bad.jsonl" in view.tables
    assert view.images == [None, None] and view.summary == {}


def test_storage_warning_on_a_space_without_a_volume(monkeypatch, tmp_path):
    monkeypatch.delenv("SPACE_ID", raising=False)
    assert storage_warning(tmp_path / "db.sqlite") is None
    monkeypatch.setenv("SPACE_ID", "someone/evidence-drift-review")
    assert "no event mirror" in storage_warning(tmp_path / "db.sqlite")
    # a live database on the bucket mount is not durable storage: the mirror is
    assert "REVIEW_APP_MIRROR_DIR" in storage_warning(Path("/data/review.sqlite"))


def test_nothing_saved_is_lost_on_restart(tmp_path):
    from review_app.ui.context import Context

    first = Context.create(db_path=tmp_path / "review.sqlite", exports_dir=tmp_path / "exports")
    review_handlers.save_judgment(first, "canonical", "canonical-001", ROW, "dr-a", "supports", "", "")
    holdout_handlers.save_case(first, "(new draft)", "Is DBT acceptable for screening now?", False, ["uspstf-2024"],
                               [], "", "", "", "dr-a", False)
    restarted = Context.create(db_path=tmp_path / "review.sqlite", exports_dir=tmp_path / "exports")
    assert review_handlers.row_details(restarted, "canonical", "canonical-001", ROW, "dr-a")[2] == "supports"
    assert "draft-001 (draft)" in holdout_handlers.draft_choices(restarted)


def test_identity_comes_from_the_sign_in_not_the_typed_name(ui_context, monkeypatch):
    from types import SimpleNamespace

    browser = SimpleNamespace(session_hash="tab-1", request=SimpleNamespace(cookies={CLIENT_KEY_COOKIE: "k1"}))
    assert ui_context.actor(" nurse-jo ", browser) == "nurse-jo"  # a laptop: the declared name, kept by this browser
    reloaded = SimpleNamespace(session_hash="tab-2", request=SimpleNamespace(cookies={CLIENT_KEY_COOKIE: "k1"}))
    assert ui_context.actor("nurse-jo", reloaded) == "nurse-jo"  # the same browser after a reload
    with pytest.raises(NameTaken, match="in use by someone else"):
        ui_context.actor("nurse-jo", SimpleNamespace(session_hash="a-script", request=None))
    with pytest.raises(NameTaken, match="team member's name"):
        ui_context.actor("dr-a", browser)
    ui_context.sign_in = [("dr-b", "pw")]
    assert ui_context.actor("dr-a", SimpleNamespace(username="dr-b")) == "dr-b"
    assert ui_context.actor("dr-a", SimpleNamespace(username=None)) is None
    ui_context.sign_in = None
    monkeypatch.setenv("OAUTH_CLIENT_ID", "space-client")  # a Space with hf_oauth
    session = {"oauth_info": {"userinfo": {"preferred_username": "hf-user"}}}
    assert ui_context.actor("dr-a", SimpleNamespace(request=SimpleNamespace(session=session))) == "hf-user"
    assert ui_context.actor("dr-a", SimpleNamespace(request=SimpleNamespace(session={}))) is None
    expired = {"oauth_info": {"expires_at": 1, "userinfo": {"preferred_username": "hf-user"}}}
    assert ui_context.actor("dr-a", SimpleNamespace(request=SimpleNamespace(session=expired))) is None


def test_advanced_settings_offer_the_available_embedders(ui_context):
    minilm = "sentence-transformers all-MiniLM-L6-v2"
    assert ask_handlers.embedding_choices(ui_context)[:2] == ["hashing", minilm]
    calibrated = embeddings.load_thresholds(PROJECT_ROOT / "corpus")["sentence-transformers/all-MiniLM-L6-v2"]
    assert calibrated != ui_context.settings.threshold  # its own threshold, not the hashing one
    assert ask_handlers.embedding_threshold(ui_context, minilm) == calibrated
    assert ask_handlers.embedding_threshold(ui_context, "hashing") == ui_context.settings.threshold
    *_, record = ask_handlers.ask(ui_context, EXAMPLES[0], "hybrid", 6, "", calibrated, True, minilm)
    assert record["embedding"] == {"provider": "sentence-transformers", "model": "all-MiniLM-L6-v2"}
    assert record["abstain"] is False
    banner, *_, record = ask_handlers.ask(ui_context, EXAMPLES[0], "hybrid", 6, "", 0.12, True, "word2vec")
    assert "Cannot ask" in banner and "'word2vec' is not valid" in record["error"]


def test_handlers_return_named_records(ui_context):
    view = ask_handlers.ask(ui_context, EXAMPLES[0], "hybrid", 6, "", 0.12, True)
    assert view.banner.startswith("<div") and view.record["abstain"] is False and len(view.evidence_map) == 6
    screen = review_handlers.load_case(ui_context, "canonical", "canonical-001", "")
    assert "canonical-001" in screen.gold and screen.rows and "Progress" in screen.progress
    details = review_handlers.row_details(ui_context, "canonical", "canonical-001", screen.rows[0], "")
    assert details.chunk.startswith("**Claim:**") and details.label is None


def test_metrics_tab_shows_chunk_metrics_and_per_tag_tables_for_a_tagged_file(ui_context):
    from .conftest import DATA_DIR

    view = metrics_handlers.run_evaluation(ui_context, "canonical", str(DATA_DIR / "clinician" / "questions_c.jsonl"))
    assert "answer accuracy" in view.tables and "position coverage" in view.tables and "Per tag:" in view.tables
    assert "naive BM25" in view.tables and view.summary["answer_accuracy"] is not None
