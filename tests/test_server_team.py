"""Several people signed in at once, through gradio_client: roles and blindness hold on the server."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from gradio_client import Client

from review_app.review.agreement import agreement

from .conftest import _free_port, temporary_env

USERS = {"dr-a": "pw-a", "dr-b": "pw-b", "dr-c": "pw-c", "guest": "pw-g"}
ROW = ("canonical", "canonical-003", "c1", "acr-current#dense-breasts")


@pytest.fixture(scope="module")
def team_server(tmp_path_factory):
    from review_app.ui.app import build_app, launch
    from review_app.ui.context import Context

    folder = tmp_path_factory.mktemp("team")
    with temporary_env(REVIEW_APP_PASSWORDS="\n".join(f"{u}:{p}" for u, p in USERS.items()),
                       REVIEW_APP_EXPORTS=str(folder / "exports")):
        context = Context.create(db_path=folder / "review.sqlite", exports_dir=folder / "exports")
        demo = build_app(context)
        port = _free_port()
        launch(demo, sign_in=context.sign_in, server_name="127.0.0.1", server_port=port, prevent_thread_lock=True,
               quiet=True)
        yield f"http://127.0.0.1:{port}/", context
        demo.close()


def client(url, user):
    return Client(url, auth=(user, USERS[user]), verbose=False)


def test_several_reviewers_at_once_blind_and_enforced(team_server):
    url, context = team_server
    a, b, c, guest = (client(url, u) for u in ("dr-a", "dr-b", "dr-c", "guest"))

    refused = guest.predict(*ROW, "guest", "supports", "", "", api_name="/save_judgment")
    assert "guest (viewer) may not judge" in refused["error"]
    impostor = a.predict(*ROW, "dr-b", "supports", "", "", api_name="/save_judgment")
    assert "acting as dr-a, you cannot change dr-b's judgments" in impostor["error"]

    def review(args):
        user, label, reason, rationale = args
        return client(url, user).predict(*ROW, user, label, reason, rationale, api_name="/save_judgment")

    with ThreadPoolExecutor(max_workers=2) as pool:
        saved = list(pool.map(review, [("dr-a", "supports", "", ""),
                                       ("dr-b", "partially_supports", "missing_fact", "who wants it is missing")]))
    assert {s["reviewer"] for s in saved} == {"dr-a", "dr-b"}

    seen_by_c = c.predict("canonical", "canonical-003", "dr-c", api_name="/load_case")["rows"][0]
    assert {who for who, *_ in seen_by_c["others"]} == {"dr-a", "dr-b"}
    draft = b.predict("canonical", "canonical-003", "c2", "uspstf-2024#dense-breasts", "dr-b", "contradicts",
                      "misstated_strength", "the card is an I statement", False, api_name="/save_judgment")
    assert draft["status"] == "draft"
    seen_by_a = a.predict("canonical", "canonical-003", "", api_name="/load_case")["rows"]
    second = next(r for r in seen_by_a if r["claim_id"] == "c2")
    assert second["others"] == [] and second["hidden_others"] == 0  # a draft is nobody's business
    assert next(r for r in seen_by_a if r["claim_id"] == "c1")["others"][0][0] == "dr-b"

    result = agreement(context.store.judgments())
    assert result["pairs"][0]["reviewers"] == ["dr-a", "dr-b"] and result["percent_agreement"] == 0.0


def test_approval_needs_a_signed_in_adjudicator_and_blindness_holds_for_viewers(team_server):
    url, _ = team_server
    case = {"question": "Does ACR advise MRI for a 44-year-old with extremely dense breasts?",
            "should_abstain": False, "gold_document_ids": ["acr-current"], "expected_scope_flags": [],
            "reference_date": None, "notes": ""}
    refused = client(url, "dr-a").predict(case, "dr-a", "", True, api_name="/save_case")
    assert "dr-a (reviewer) may not approve case" in refused["error"]
    approved = client(url, "dr-c").predict(case, "dr-c", "", True, api_name="/save_case")
    assert approved["status"] == "approved" and approved["reviewer"] == "dr-c"
    # a signed-in viewer naming an adjudicator still reads as themself: no one's labels
    seen = client(url, "guest").predict("canonical", "canonical-003", "dr-c", api_name="/load_case")["rows"][0]
    assert seen["others"] == [] and seen["my_label"] is None
