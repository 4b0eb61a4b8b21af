import pytest

from review_app.errors import CorpusError
from review_app.review.agreement import agreement
from review_app.review.service import ReviewService
from review_app.review.store import Judgment, ReviewStore
from review_app.review.team import (
    LOCAL,
    MODE_TEXT,
    OPEN_REVIEW,
    READ_ONLY,
    SIGN_IN,
    AccessDenied,
    NameTaken,
    PasswordsError,
    Team,
    app_mode,
    load_team,
    passwords,
)

from .conftest import LABELS_DIR

SIGNED_IN = Team({"dr-a": "reviewer", "dr-b": "reviewer", "dr-c": "adjudicator"}, "adjudicator",
                 {"canonical": 2, "holdout": 2}, mode=SIGN_IN)
ROW = ("canonical", "canonical-001", "c1", "uspstf-2024#recommendation")


@pytest.fixture
def team_service(engine, tmp_path, settings):
    return ReviewService(engine, ReviewStore(tmp_path / "team.sqlite"), LABELS_DIR, settings, SIGNED_IN)


def test_roles():
    assert SIGNED_IN.role(None) == "viewer" and SIGNED_IN.role("stranger") == "viewer"
    assert SIGNED_IN.role("dr-c") == "adjudicator"
    local = load_team()  # the command line: the operator names who acts; a typed name is a reviewer
    assert local.mode == LOCAL and local.role("someone-typing") == "reviewer" and local.role("dr-c") == "adjudicator"
    with pytest.raises(AccessDenied, match="dr-a \\(reviewer\\) may not adjudicate"):
        SIGNED_IN.require("dr-a", "adjudicate")


def test_the_app_mode_follows_sign_in_and_the_space():
    assert app_mode({}) == OPEN_REVIEW  # a laptop
    assert app_mode({"SPACE_ID": "someone/space"}) == READ_ONLY  # a public Space without sign-in
    assert app_mode({"SPACE_ID": "someone/space", "REVIEW_APP_OPEN_REVIEW": "1"}) == OPEN_REVIEW
    assert app_mode({"SPACE_ID": "someone/space", "REVIEW_APP_PASSWORDS": "dr-a:pw"}) == SIGN_IN
    assert app_mode({"SPACE_ID": "someone/space", "OAUTH_CLIENT_ID": "x"}) == SIGN_IN
    assert {load_team(mode=m).banner for m in (SIGN_IN, OPEN_REVIEW, READ_ONLY)} == {
        MODE_TEXT[SIGN_IN], MODE_TEXT[OPEN_REVIEW], MODE_TEXT[READ_ONLY]}


def test_open_review_typed_names_are_reviewers_and_final_labels_need_sign_in():
    """#20 item 1: a typed name is a reviewer, never an adjudicator, even if team.yaml made it one."""
    team = load_team(mode=OPEN_REVIEW)
    assert team.role("someone-typing") == "reviewer" and team.role("dr-c") == "reviewer"
    team.require("someone-typing", "judge")
    for action in ("adjudicate", "approve_case", "export"):
        with pytest.raises(AccessDenied, match="needs a signed-in adjudicator"):
            team.require("dr-c", action)
    with pytest.raises(NameTaken, match="dr-a is a team member's name"):
        team.declarable("dr-a")
    team.declarable("someone-typing")
    with pytest.raises(AccessDenied, match="you cannot change dr-a's judgments"):
        team.require_own("mallory", "dr-a")


def test_a_read_only_demo_lets_nobody_write():
    team = load_team(mode=READ_ONLY)
    for action in ("judge", "draft_case", "adjudicate", "approve_case", "export"):
        with pytest.raises(AccessDenied, match="read-only demo"):
            team.require("dr-c", action)
    assert team.role("admin") == "viewer"


def test_the_blind_review_rule():
    open_review = load_team(mode=OPEN_REVIEW)
    assert not open_review.sees_others("someone", mine_submitted=False)
    assert open_review.sees_others("someone", mine_submitted=True)
    assert SIGNED_IN.sees_others("dr-c", mine_submitted=False)  # an adjudicator
    assert not SIGNED_IN.sees_others("stranger", mine_submitted=True)  # a viewer, never
    assert not load_team(mode=READ_ONLY).sees_others("dr-c", mine_submitted=True)


def test_a_typed_name_is_kept_by_the_client_that_declared_it(engine, tmp_path, settings):
    service = ReviewService(engine, ReviewStore(tmp_path / "open.sqlite"), LABELS_DIR, settings,
                            load_team(mode=OPEN_REVIEW))
    assert service.identify("  nurse-jo ", "browser:1") == "nurse-jo"
    assert service.identify("nurse-jo", "browser:1") == "nurse-jo"  # the same browser, again
    with pytest.raises(NameTaken, match="the name nurse-jo is in use by someone else"):
        service.identify("nurse-jo", "session:other")
    with pytest.raises(NameTaken, match="team member's name"):
        service.identify("dr-a", "browser:1")
    assert service.identify("", "browser:1") is None
    read_only = ReviewService(engine, service.store, LABELS_DIR, settings, load_team(mode=READ_ONLY))
    assert read_only.identify("nurse-jo", "browser:1") is None  # a demo has no names


def test_team_file_is_validated(tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text("members:\n  dr-x: boss\nrequired_reviews:\n  canonical: 0\n", encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_team(path)
    assert {p.field for p in info.value.problems} == {"members.dr-x", "required_reviews"}


def test_passwords_from_the_environment():
    pairs = passwords({"REVIEW_APP_PASSWORDS": "dr-a:one, with a comma\ndr-b:two:three\r\n\n# a comment\n"})
    assert pairs == [("dr-a", "one, with a comma"), ("dr-b", "two:three")]
    assert passwords({"REVIEW_APP_PASSWORDS": '{"dr-a": "p,w:1", "dr-b": " spaced "}'}) == [
        ("dr-a", "p,w:1"), ("dr-b", " spaced ")]
    assert passwords({"REVIEW_APP_PASSWORDS": "dr-a:single"}) == [("dr-a", "single")]
    assert passwords({}) == [] and passwords({"REVIEW_APP_PASSWORDS": " \n"}) == []


def test_passwords_from_a_file(tmp_path):
    path = tmp_path / "passwords.txt"
    path.write_text("# sign-in\ndr-a:comma, and colon: kept\ndr-c:x\n", encoding="utf-8")
    env = {"REVIEW_APP_PASSWORDS_FILE": str(path), "REVIEW_APP_PASSWORDS": "ignored:when a file is named"}
    assert passwords(env) == [("dr-a", "comma, and colon: kept"), ("dr-c", "x")]
    with pytest.raises(PasswordsError, match="cannot read"):
        passwords({"REVIEW_APP_PASSWORDS_FILE": str(tmp_path / "absent.txt")})


@pytest.mark.parametrize("value, words", [
    ("dr-a:one,dr-b:two", "a comma on one line is ambiguous"),  # the old form: a comma cut passwords
    ("dr-a:pass,word", "a comma on one line is ambiguous"),
    ("dr-a:\ndr-b:two", r"line 1 \(dr-a\) has an empty password"),
    ('{"dr-a": ""}', "empty password"),
    ("dr-a:one\nno colon here", "line 2 is not name:password"),
    ("dr-a:one\n :two", "line 2 is not name:password"),
    ("dr-a:one\ndr-a:two", "line 2 names dr-a a second time"),
    ('{"dr-a": "1", "dr-a": "2"}', "names dr-a a second time"),
    ('{"dr-a": 1}', "JSON object of names and passwords"),
    ("{broken", "not a JSON object"),
    ("dr-a:caf\udce9", "not UTF-8 text: it holds a lone surrogate"),  # bytes that were not UTF-8
    ('{"dr-a": "\\ud800"}', "lone surrogate"),
])
def test_unclear_passwords_are_refused_without_showing_them(value, words):
    with pytest.raises(PasswordsError, match=words) as info:
        passwords({"REVIEW_APP_PASSWORDS": value})
    assert "two" not in str(info.value) and "word" not in str(info.value).replace("password", "")


def test_viewers_cannot_write(team_service):
    with pytest.raises(AccessDenied, match="may not judge"):
        team_service.save(*ROW, "stranger", "supports", None, "")
    assert team_service.store.judgment_count() == 0


def test_blind_review_until_submitted(team_service):
    team_service.save(*ROW, "dr-a", "supports", None, "")
    hidden = team_service.view("canonical", "canonical-001", "dr-b").rows[0]
    assert hidden.others == () and hidden.hidden_others == 1
    team_service.save(*ROW, "dr-b", "partially_supports", "missing_fact", "no grade", submit=False)
    still = team_service.view("canonical", "canonical-001", "dr-b").rows[0]
    assert still.my_status == "draft" and still.hidden_others == 1  # a draft does not unlock
    team_service.save(*ROW, "dr-b", "partially_supports", "missing_fact", "no grade")
    seen = team_service.view("canonical", "canonical-001", "dr-b").rows[0]
    assert seen.others == (("dr-a", "supports", None, ""),) and seen.submitted == 2
    adjudicator = team_service.view("canonical", "canonical-001", "dr-c").rows[0]
    assert {who for who, *_ in adjudicator.others} == {"dr-a", "dr-b"}


def test_undo_steps_back_through_my_own_changes(team_service):
    first = team_service.save(*ROW, "dr-a", "supports", None, "", submit=False)
    team_service.save(*ROW, "dr-a", "partially_supports", "missing_fact", "no grade")
    team_service.save(*ROW, "dr-b", "supports", None, "")
    assert team_service.undo("dr-a").label == "partially_supports"
    row = team_service.view("canonical", "canonical-001", "dr-a").rows[0]
    assert (row.my_label, row.my_status, row.saved_at) == ("supports", "draft", first.created_at)
    assert team_service.undo("dr-a").id == first.id
    assert team_service.view("canonical", "canonical-001", "dr-a").rows[0].my_label is None
    assert team_service.undo("dr-a") is None
    assert [j.reviewer for j in team_service.store.judgments()] == ["dr-b"]  # another's work is untouched
    assert len(team_service.store.judgments(current_only=False)) == 3  # nothing deleted
    history = team_service.history("canonical-001", "c1", "uspstf-2024#recommendation", "dr-a")
    assert [h["what"] for h in history].count("undid draft supports") == 1
    assert {h["who"] for h in history} == {"dr-a"}  # dr-a has nothing submitted: dr-b's events stay hidden


def test_blind_review_holds_in_disagreements_labels_and_history(team_service):
    """#20 item 2: before submitting, a reviewer (or a viewer) sees no one else's label or rationale,
    in the disagreements, their item details or the history; after submitting, they do."""
    team_service.save(*ROW, "dr-a", "contradicts", "misstated_strength", "a SECRET rationale")
    team_service.save(*ROW, "dr-c", "supports", None, "")
    case = team_service.case("canonical", "canonical-001")
    for blind in ("dr-b", "stranger", None):
        assert team_service.disagreements("canonical", blind) == []
        row = next(r for r in team_service.rows(case, blind) if r.chunk_id == ROW[3])
        assert team_service.submitted_labels("canonical-001", row, blind) == [] and row.others == ()
        assert all(h["who"] == blind for h in team_service.history("canonical-001", *ROW[2:], blind))
    seen = team_service.disagreements("canonical", "dr-c")  # the adjudicator sees every label
    labels = team_service.submitted_labels("canonical-001", seen[0], "dr-c")
    assert ("dr-a", "contradicts", "misstated_strength", "a SECRET rationale") in labels
    team_service.save(*ROW, "dr-b", "supports", None, "")  # dr-b submits: now dr-b sees the others
    row = next(r for r in team_service.disagreements("canonical", "dr-b") if r.chunk_id == ROW[3])
    assert {who for who, *_ in team_service.submitted_labels("canonical-001", row, "dr-b")} == {"dr-a", "dr-b", "dr-c"}
    assert {"dr-a", "dr-b"} <= {h["who"] for h in team_service.history("canonical-001", *ROW[2:], "dr-b")}


def test_queues(team_service):
    before = team_service.queues("canonical", "dr-a")
    team_service.save(*ROW, "dr-a", "supports", None, "", submit=False)
    after = team_service.queues("canonical", "dr-a")
    key = "canonical-001 c1 · uspstf-2024#recommendation"
    assert key in before["waiting for me"] and key in after["my drafts"]
    team_service.save(*ROW, "dr-a", "supports", None, "")
    assert key in team_service.queues("canonical", "dr-a")["submitted by me"]


def test_adjudication_decides_the_exported_label(engine, settings, tmp_path, labels_with_claimed_holdout):
    from review_app.review.export import plan_export

    service = ReviewService(engine, ReviewStore(tmp_path / "adj.sqlite"), labels_with_claimed_holdout, settings,
                            SIGNED_IN)
    added = service.add_claim("holdout", "holdout-002", "USPSTF finds insufficient evidence for screening at 75 "
                              "and older.", ["uspstf-2024#age-75-and-older"], "dr-a")
    row = ("holdout", "holdout-002", added.claim_id, "uspstf-2024#age-75-and-older")
    service.save(*row, "dr-a", "supports", None, "")
    service.save(*row, "dr-b", "partially_supports", "missing_fact", "the card adds harms and benefits")
    assert any(r.claim_id == added.claim_id for r in service.disagreements("holdout", "dr-c"))
    plan = plan_export(service)
    assert plan.tags == {} and any("unresolved" in s for s in plan.skipped)
    with pytest.raises(AccessDenied):
        service.adjudicate(*row, "dr-a", "supports", None, "I say so")
    service.adjudicate(*row, "dr-c", "supports", None, "the card states the I statement for 75+")
    plan = plan_export(service)
    exported = next(c for c in plan.cases if c["id"] == "holdout-002")["claims"][-1]["evidence"][0]
    assert exported["label"] == "supports" and exported["status"] == "adjudicated"
    assert exported["adjudication"]["adjudicator"] == "dr-c" and plan.tags == {"adjudicated": 1}


def test_kappa_matches_a_hand_checked_example(tmp_path):
    store = ReviewStore(tmp_path / "k.sqlite")
    a = ["supports", "supports", "contradicts", "partially_supports"]
    b = ["supports", "partially_supports", "contradicts", "partially_supports"]
    for reviewer, labels in (("dr-a", a), ("dr-b", b)):
        for i, label in enumerate(labels):
            reason = None if label == "supports" else "missing_fact"
            store.record_judgment(Judgment("case", f"c{i}", "chunk", reviewer, label, reason, "why", "human", "h",
                                           "v", "text"))
    result = agreement(store.judgments())
    # p_o = 3/4; p_e = (2*1 + 1*1 + 1*2) / 16 = 5/16; kappa = (0.75 - 0.3125) / 0.6875
    assert result["pairs"][0]["cohen_kappa"] == pytest.approx(0.636364, abs=1e-6)
    assert result["percent_agreement"] == 0.75
    assert result["per_label"]["contradicts"] == 1.0 and result["per_label"]["supports"] == pytest.approx(2 / 3)
    assert -1 <= result["krippendorff_alpha_ordinal"] <= 1


def test_without_a_name_the_refusal_says_what_to_do():
    with pytest.raises(AccessDenied) as info:
        load_team(mode=OPEN_REVIEW).require(None, "judge")
    assert str(info.value) == "without a name, nobody may judge: type your name at the top of the page first"
    with pytest.raises(AccessDenied, match="nobody may judge: sign in first"):
        SIGNED_IN.require("", "judge")


def test_the_export_dry_run_keeps_review_blind(engine, settings, tmp_path, labels_with_claimed_holdout):
    """#20 item 2: anyone may run the dry run; who said what only an adjudicator sees."""
    import json

    from review_app.review import usecases

    service = ReviewService(engine, ReviewStore(tmp_path / "dry.sqlite"), labels_with_claimed_holdout, settings,
                            SIGNED_IN)
    service.save("holdout", "holdout-001", "c1", "uspstf-2024#recommendation", "dr-a", "partially_supports",
                 "missing_fact", "a SECRET rationale")
    for blind in ("dr-b", None, "stranger"):
        summary = usecases.export(service, blind, tmp_path / "exports", dry_run=True).summary
        shown = json.dumps(summary)
        assert "dr-a" not in shown and "partially_supports" not in shown and summary["blind"]
        assert summary["conflicts"] == ["holdout-001 c1 uspstf-2024#recommendation: a submitted judgment differs "
                                        "from the frozen gold label (kept)"]
    summary = usecases.export(service, "dr-c", tmp_path / "exports", dry_run=True).summary
    assert "dr-a says partially_supports" in summary["conflicts"][0] and "blind" not in summary
