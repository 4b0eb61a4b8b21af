import hashlib
import json

import pytest

from review_app.evaluation.labels import load_cases
from review_app.review.export import draft_problems, export_holdout, plan_export
from review_app.review.service import ReviewService
from review_app.review.store import ReviewStore

from .conftest import LABELS_DIR

NEW_CASE = {"question": "A 47-year-old with extremely dense breasts asks whether MRI should be added.",
            "should_abstain": False, "gold_document_ids": ["uspstf-2024", "acr-current"],
            "expected_scope_flags": [], "reference_date": None, "notes": "dense breasts"}


def test_with_nothing_reviewed_the_export_is_the_frozen_file(service, tmp_path):
    result = export_holdout(service, tmp_path / "exports")
    assert result.path.read_bytes() == (LABELS_DIR / "holdout.jsonl").read_bytes()
    assert result.plan.summary()["unchanged"] == len(service.cases("holdout")) == 67


def test_export_adds_reviewed_claims_and_approved_cases(service, tmp_path, engine, settings):
    added = service.add_claim("holdout", "holdout-003", "In 2016 USPSTF called screening in the 40s an individual "
                              "decision (grade C).", ["uspstf-2016#ages-40-to-49"], "dr-a")
    for reviewer, rationale in (("dr-a", "the 2016 card gives grade C for 40-49"), ("dr-b", "")):
        # two independent, agreeing reviews, one more than a bare acceptance of the suggestion: unanimous
        service.save("holdout", "holdout-003", added.claim_id, "uspstf-2016#ages-40-to-49", reviewer, "supports",
                     None, rationale)
    service.store.save_draft("draft-001", NEW_CASE, "dr-b", "approved")
    service.store.save_draft("draft-002", {**NEW_CASE, "question": "Still a draft?"}, "dr-b")
    plan = plan_export(service)
    assert plan.new_cases == ("holdout-014 (from draft-001)",)
    assert plan.claims_added == (f"holdout-003 {added.claim_id}",) and plan.judgments_used == 2
    assert plan.tags == {"unanimous": 1} and "adjudicated and unanimous" in plan.summary()["policy"]
    first = export_holdout(service, tmp_path / "exports")
    second = export_holdout(service, tmp_path / "exports")
    assert first.path == second.path and first.path.read_bytes() == second.path.read_bytes()
    digest = hashlib.sha256(first.path.read_bytes()).hexdigest()
    assert first.path.with_name(first.path.name + ".sha256").read_text().split()[0] == digest
    cases = {c.id: c for c in load_cases(first.path)}
    claim = cases["holdout-003"].claims[0]
    assert claim.evidence[0].label == "supports"
    assert claim.evidence[0].extra["status"] == "unanimous"
    review = claim.evidence[0].extra["reviews"][0]
    assert review["reviewer"] == "dr-a" and review["source"] == "human" and review["chunk_hash"]
    assert cases["holdout-014"].extra["provenance"]["draft_id"] == "draft-001"
    frozen = {c.id: c for c in load_cases(LABELS_DIR / "holdout.jsonl")}
    assert all(cases[i].question == frozen[i].question and cases[i].gold_document_ids == frozen[i].gold_document_ids
               for i in frozen)


def test_a_judgment_against_a_frozen_gold_label_is_reported_not_written(engine, settings, tmp_path,
                                                                        labels_with_claimed_holdout):
    service = ReviewService(engine, ReviewStore(tmp_path / "db.sqlite"), labels_with_claimed_holdout, settings)
    service.save("holdout", "holdout-001", "c1", "uspstf-2024#recommendation", "dr-a", "partially_supports",
                 "missing_fact", "grade not stated")
    result = export_holdout(service, tmp_path / "exports")
    assert any("holdout-001 c1" in c and "kept" in c for c in result.plan.conflicts)
    exported = load_cases(result.path)[0]
    assert exported.claims[0].evidence[0].label == "supports"
    assert result.path.read_bytes() == (labels_with_claimed_holdout / "holdout.jsonl").read_bytes()


def test_stale_judgments_are_skipped_with_a_reason(service, tmp_path):
    from review_app.review.store import Judgment

    added = service.add_claim("holdout", "holdout-001", "USPSTF recommends biennial screening from 40 to 74.",
                              ["uspstf-2024#recommendation"], "dr-a")
    service.store.record_judgment(Judgment("holdout-001", added.claim_id, "uspstf-2024#recommendation", "dr-a",
                                           "supports", None, "", "human", "older-text", "v0", added.text))
    plan = plan_export(service)
    assert any("older text" in s for s in plan.skipped) and plan.claims_added == ()


@pytest.mark.parametrize("changes, words", [
    ({"gold_document_ids": ["who-2030"]}, "unknown source id"),
    ({"should_abstain": True}, "abstention case has no gold sources"),
    ({"question": "How often should an average-risk 48-year-old have screening mammography, and do major "
                  "organizations agree?"}, "already a case"),
    ({"reference_date": "2020-02-30"}, "not a date"),
])
def test_draft_validation(service, changes, words):
    problems = draft_problems(service, {**NEW_CASE, **changes}, "draft-009")
    assert any(words in p for p in problems), problems
    assert draft_problems(service, NEW_CASE, "draft-009") == []


def test_export_command(tmp_path, monkeypatch, capsys):
    from review_app.cli import main

    monkeypatch.setenv("REVIEW_APP_DB", str(tmp_path / "db.sqlite"))
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    assert main(["export", "--dry-run", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dry_run"] is True
    assert not (tmp_path / "exports").exists() or not list((tmp_path / "exports").glob("holdout-*.jsonl"))
    assert main(["export", "--json"]) == 2  # the CLI obeys the review policy too: no name, no export
    assert "nobody may export: name who acts (--reviewer or REVIEW_APP_REVIEWER)" in capsys.readouterr().err
    assert main(["export", "--reviewer", "dr-a", "--json"]) == 2  # a reviewer; labels/team.yaml: adjudicators
    assert "dr-a (reviewer) may not export" in capsys.readouterr().err
    assert main(["export", "--reviewer", "someone-unlisted", "--json"]) == 2  # a declared name: a reviewer
    assert "someone-unlisted (reviewer) may not export" in capsys.readouterr().err
    assert main(["export", "--reviewer", "dr-c", "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert written["path"].endswith(".jsonl") and main(["evaluate", "--labels", written["path"]]) == 0


def test_an_export_that_would_alter_a_frozen_case_is_refused():
    from review_app.evaluation.labels import case_to_json
    from review_app.review.export import ExportError, check_frozen

    frozen = load_cases(LABELS_DIR / "holdout.jsonl")
    records = [case_to_json(c) for c in frozen]
    check_frozen(frozen, records)
    records[2] = {**records[2], "gold_document_ids": ["uspstf-2024"]}
    with pytest.raises(ExportError, match="holdout-003, field gold_document_ids"):
        check_frozen(frozen, records)


def test_an_adjudicated_citation_carries_its_reviews_and_adjudication_in_file_order(service):
    chunk = "uspstf-2016#ages-40-to-49"
    added = service.add_claim("holdout", "holdout-003", "USPSTF called screening in the 40s a C.", [chunk], "dr-a")
    service.save("holdout", "holdout-003", added.claim_id, chunk, "dr-a", "supports", None, "")
    service.save("holdout", "holdout-003", added.claim_id, chunk, "dr-b", "partially_supports", "missing_fact",
                 "no grade")
    plan = plan_export(service)
    assert plan.claims_added == () and plan.tags == {}
    assert any("unresolved (2 of 2 reviews" in s for s in plan.skipped)
    service.adjudicate("holdout", "holdout-003", added.claim_id, chunk, "dr-c", "partially_supports",
                       "missing_fact", "the grade is not in the section")
    plan = plan_export(service)
    assert plan.claims_added == (f"holdout-003 {added.claim_id}",) and plan.tags == {"adjudicated": 1}
    assert plan.judgments_used == 2
    assert plan.unchanged == tuple(c.id for c in service.cases("holdout") if c.id != "holdout-003")
    record = next(c for c in plan.cases if c["id"] == "holdout-003")
    entry = record["claims"][-1]["evidence"][0]
    assert list(entry) == ["chunk_id", "label", "reason", "status", "corpus_version", "reviews", "adjudication"]
    assert entry["label"] == "partially_supports" and entry["reason"] == "missing_fact"
    assert [r["reviewer"] for r in entry["reviews"]] == ["dr-a", "dr-b"]
    assert entry["adjudication"]["adjudicator"] == "dr-c"


SEPARATORS = "first\u2028second\u2029third\u0085fourth"


def test_line_separators_in_rationales_and_notes_export_and_read_back(service, tmp_path, engine):
    from review_app.evaluation.labels import references

    added = service.add_claim("holdout", "holdout-003", "In 2016 USPSTF called screening in the 40s an individual "
                              "decision (grade C).", ["uspstf-2016#ages-40-to-49"], "dr-a")
    for reviewer in ("dr-a", "dr-b"):
        service.save("holdout", "holdout-003", added.claim_id, "uspstf-2016#ages-40-to-49", reviewer, "supports",
                     None, f"{reviewer}: {SEPARATORS}")
    service.store.save_draft("draft-001", {**NEW_CASE, "notes": SEPARATORS}, "dr-b", "approved")
    result = export_holdout(service, tmp_path / "exports")
    text = result.path.read_text(encoding="utf-8")
    assert not set("\u2028\u2029\u0085") & set(text) and len(text.splitlines()) == 68
    cases = {c.id: c for c in load_cases(result.path, **references(engine))}
    assert result.plan.new_cases == ("holdout-014 (from draft-001)",) and cases["holdout-014"].notes == SEPARATORS
    reviews = cases["holdout-003"].claims[0].evidence[0].extra["reviews"]
    assert [r["rationale"] for r in reviews] == [f"dr-a: {SEPARATORS}", f"dr-b: {SEPARATORS}"]
    again = export_holdout(service, tmp_path / "exports")  # a second export after the first: not blocked
    assert again.path == result.path


def test_an_export_that_does_not_read_back_leaves_nothing_in_exports(service, tmp_path, monkeypatch):
    from review_app.errors import ReviewAppError
    from review_app.review import export

    service.store.save_draft("draft-001", NEW_CASE, "dr-b", "approved")
    monkeypatch.setattr(export.ExportPlan, "text", lambda self: "".join(
        json.dumps(case, ensure_ascii=False).replace('"notes"', '"notes\u2028"') + "\n" for case in self.cases)
        + "{broken\n")
    with pytest.raises(ReviewAppError, match=r"would not read back as a label file .*line 69: json"):
        export_holdout(service, tmp_path / "exports")
    assert sorted(p.name for p in (tmp_path / "exports").iterdir()) == []  # no file, no .sha256, no temporary


def test_an_export_into_a_folder_that_cannot_be_written_is_a_clear_error(service, tmp_path, monkeypatch):
    from review_app.errors import ReviewAppError
    from review_app.evaluation import report

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(report.tempfile, "mkstemp", refuse)  # as a read-only folder does (even for root)
    with pytest.raises(ReviewAppError) as info:
        export_holdout(service, tmp_path / "exports")
    message = str(info.value)
    assert message.startswith("export not written: the folder") and "(Permission denied)" in message
    assert "REVIEW_APP_EXPORTS" in message


def test_an_export_where_no_folder_can_be_made_is_a_clear_error(service, tmp_path):
    """A real failure even as root: the exports path is a file, so no folder can be made there."""
    from review_app.errors import ReviewAppError

    blocked = tmp_path / "exports"
    blocked.write_text("not a folder", encoding="utf-8")
    with pytest.raises(ReviewAppError, match="cannot be written"):
        export_holdout(service, blocked)
    assert blocked.read_text(encoding="utf-8") == "not a folder"


def test_drafts_follow_the_label_file_rules_and_limits(service, tmp_path):
    from review_app.review import usecases

    long_question = "Does screening help at " + "9" * 1979 + "?"
    assert len(long_question) == 2003
    problems = draft_problems(service, {**NEW_CASE, "question": long_question}, None)
    assert any("2,003 characters" in p and "2,000" in p for p in problems), problems
    with pytest.raises(usecases.DraftInvalid, match="question: 2,003 characters"):
        usecases.save_draft(service, None, {**NEW_CASE, "question": long_question}, "dr-c", approve=True)
    assert service.store.drafts() == []
    assert any("lone surrogate" in p for p in draft_problems(service, {**NEW_CASE, "notes": "\udc80"}, None))
    # a draft approved before the rule existed is skipped with why, and the export still reads back
    service.store.save_draft("draft-001", {**NEW_CASE, "question": long_question}, "dr-c", "approved")
    service.store.save_draft("draft-002", NEW_CASE, "dr-c", "approved")
    result = export_holdout(service, tmp_path / "exports")
    assert result.plan.new_cases == ("holdout-014 (from draft-002)",)
    assert any(s.startswith("draft-001: not exported") and "2,003 characters" in s for s in result.plan.skipped)
    assert len(load_cases(result.path)) == 68


def test_an_export_reads_one_consistent_state_while_others_write(service, tmp_path):
    """#20 item 9: reviews committed before a draft's approval are in every export that holds the draft.
    A writer commits a review and then approves a draft while the plan is being read (between its
    read of the judgments and its read of the drafts): the plan sees neither, never the draft alone."""
    added = service.add_claim("holdout", "holdout-003", "In 2016 USPSTF called screening in the 40s an individual "
                              "decision (grade C).", ["uspstf-2016#ages-40-to-49"], "dr-a")
    other = ReviewService(service.engine, ReviewStore(service.store.path), LABELS_DIR, service.settings)
    reads = service.store.adjudications

    def adjudications_then_someone_writes():
        found = reads()
        if not other.store.drafts():
            for reviewer in ("dr-a", "dr-b"):
                other.save("holdout", "holdout-003", added.claim_id, "uspstf-2016#ages-40-to-49", reviewer,
                           "supports", None, "checked against the card")
            other.store.save_draft("draft-001", NEW_CASE, "dr-b", "approved")
        return found

    service.store.adjudications = adjudications_then_someone_writes
    during = plan_export(service)
    assert during.new_cases == () and during.claims_added == ()  # the state before the writer, whole
    after = plan_export(service)  # the next plan sees both: the reviews and the draft
    assert after.new_cases and after.claims_added == (f"holdout-003 {added.claim_id}",)


def test_a_snapshot_holds_while_another_connection_commits(service):
    row = ("holdout", "holdout-001", "r1", "uspstf-2024#recommendation")
    service.add_claim("holdout", "holdout-001", "USPSTF recommends biennial screening from 40 to 74.",
                      ["uspstf-2024#recommendation"], "dr-a")
    with service.store.snapshot():
        before = service.store.judgment_count()
        ReviewStore(service.store.path).record_judgment(service.save(*row, "dr-a", "supports", None, ""))
        assert service.store.judgment_count() == before  # still the snapshot
    assert service.store.judgment_count() == before + 2


def test_an_exported_case_keeps_its_author_and_its_approver_apart(service, tmp_path):
    service.store.save_draft("draft-001", NEW_CASE, "nurse-a")  # written by a reviewer
    service.store.save_draft("draft-001", {**NEW_CASE, "notes": "checked"}, "nurse-a")
    service.store.save_draft("draft-001", {**NEW_CASE, "notes": "checked"}, "dr-c", "approved")  # approved
    draft = service.store.draft("draft-001")
    assert (draft.author, draft.reviewer, draft.status) == ("nurse-a", "dr-c", "approved")
    exported = {c.id: c for c in load_cases(export_holdout(service, tmp_path / "exports").path)}
    provenance = exported["holdout-014"].extra["provenance"]
    assert provenance["author"] == "nurse-a" and provenance["approved_by"] == "dr-c"
