"""Probes as an attacker would make them (#20 items 1 and 2): gradio_client and raw queue calls
against a live server on a scratch database, without sign-in. Every write for another name, every
final label and approval, and every look at others' labels is refused in words."""

import json
import uuid

import httpx
import pytest
from gradio_client import Client

from .conftest import served_app

ROW = ("canonical", "canonical-003", "c1", "acr-current#dense-breasts")
SECRET = "only reviewers who submitted may read this"


def call_event(url: str, trigger: dict[str, str], data: list, session: str | None = None,
               cookies: dict[str, str] | None = None) -> dict:
    """Run one of the page's own events (the hidden ones included) the way the page does: join the
    queue with its fn_index, read the event stream until it completes."""
    config = httpx.get(url + "config").json()
    (key, value), = trigger.items()
    component = next(c["id"] for c in config["components"] if c.get("props", {}).get(key) == value)
    fn_index = next(d["id"] for d in config["dependencies"] if [component, "click"] in d["targets"])
    session = session or uuid.uuid4().hex
    with httpx.Client(base_url=url, cookies=cookies or {}, timeout=60) as http:
        joined = http.post("gradio_api/queue/join", json={"data": data, "fn_index": fn_index, "session_hash": session,
                                                          "trigger_id": component, "event_data": None})
        joined.raise_for_status()
        with http.stream("GET", "gradio_api/queue/data", params={"session_hash": session}) as stream:
            for line in stream.iter_lines():
                if line.startswith("data:"):
                    message = json.loads(line[5:])
                    if message.get("msg") == "process_completed":
                        return message["output"] | {"success": message.get("success")}
    raise AssertionError("the event never completed")


def error_of(call) -> str:
    with pytest.raises(Exception) as info:  # gradio_client raises AppError with the server's words
        call()
    return str(info.value)


@pytest.fixture(scope="module")
def open_server(tmp_path_factory):
    """A laptop-style app: no sign-in, typed names (open review)."""
    with served_app(tmp_path_factory.mktemp("open")) as served:
        yield served


def test_the_banner_says_which_mode_is_on(open_server):
    page = httpx.get(open_server[0]).text + json.dumps(httpx.get(open_server[0] + "config").json())
    assert "Open review without sign-in" in page


def test_an_anonymous_client_cannot_act_on_another_name(open_server):
    url, context = open_server
    jo = Client(url, verbose=False)  # the reviewer, with her own client
    saved = jo.predict(*ROW, "nurse-jo", "contradicts", "misstated_strength", SECRET, api_name="/save_judgment")
    assert saved["reviewer"] == "nurse-jo"
    mallory = Client(url, verbose=False)
    refused = error_of(lambda: mallory.predict(*ROW, "nurse-jo", "supports", "", "", api_name="/save_judgment"))
    assert "the name nurse-jo is in use by someone else" in refused
    refused = error_of(lambda: mallory.predict(*ROW, "dr-a", "supports", "", "", api_name="/save_judgment"))
    assert "dr-a is a team member's name" in refused and "sign in" in refused
    assert "in use by someone else" in error_of(
        lambda: mallory.predict("canonical", "canonical-003", "nurse-jo", api_name="/load_case"))
    # the page's hidden undo event, called directly as another name: refused, nothing undone
    undo = call_event(url, {"elem_id": "undo"}, ["canonical", "canonical-003", "nurse-jo"])
    assert undo["success"] is False and "in use by someone else" in undo["error"]
    assert [(j.reviewer, j.label) for j in context.store.judgments()] == [("nurse-jo", "contradicts")]


def test_another_name_s_progress_is_not_browsable(open_server):
    moved = call_event(open_server[0], {"value": "Next ▶"},
                       ["canonical", "not yet reviewed by me", "nurse-jo", "canonical-001"])
    assert moved["success"] is False and "in use by someone else" in moved["error"]


def test_final_labels_and_approvals_need_a_signed_in_adjudicator(open_server):
    url, context = open_server
    mallory = Client(url, verbose=False)
    case = {"question": "Does a 41-year-old with dense breasts need MRI under ACR?", "should_abstain": False,
            "gold_document_ids": ["acr-current"], "expected_scope_flags": [], "reference_date": None, "notes": ""}
    approved = mallory.predict(case, "mallory", "", True, api_name="/save_case")
    assert "needs a signed-in adjudicator" in approved["error"]
    final = call_event(url, {"value": "Set final label"},
                       ["canonical", f"canonical-003 {ROW[2]} · {ROW[3]}", "eve", "supports", "", "I say so"])
    assert "needs a signed-in adjudicator" in final["data"][0] and context.store.adjudications() == {}
    path, summary = mallory.predict("mallory", api_name="/export_holdout")
    assert path is None and "needs a signed-in adjudicator" in summary
    assert context.store.drafts() == []


def test_load_case_shows_no_one_else_s_labels_before_submitting(open_server):
    url, _ = open_server
    kim = Client(url, verbose=False)
    blind = kim.predict("canonical", "canonical-003", "nurse-kim", api_name="/load_case")["rows"][0]
    assert blind["others"] == [] and blind["hidden_others"] >= 1 and SECRET not in json.dumps(blind)
    viewer = kim.predict("canonical", "canonical-003", "", api_name="/load_case")["rows"][0]
    assert viewer["others"] == [] and SECRET not in json.dumps(viewer)
    kim.predict(*ROW, "nurse-kim", "supports", "", "", api_name="/save_judgment")
    seen = kim.predict("canonical", "canonical-003", "nurse-kim", api_name="/load_case")["rows"][0]
    assert [who for who, *_ in seen["others"]] == ["nurse-jo"]  # submitted: now kim sees jo's label


def test_find_disagreements_keeps_review_blind(open_server):
    url, _ = open_server
    lee = "nurse-lee"
    found = call_event(url, {"value": "Find disagreements and agreement"}, ["canonical", lee])
    assert found["success"] and SECRET not in json.dumps(found["data"]) and "nurse-jo" not in json.dumps(found["data"])
    kim = call_event(url, {"value": "Find disagreements and agreement"}, ["canonical", "nurse-kim"],
                     cookies=None)
    assert "in use by someone else" in kim["error"]  # kim's name is kept by kim's client


def test_a_public_space_without_sign_in_is_a_read_only_demo(tmp_path):
    with served_app(tmp_path, SPACE_ID="someone/evidence-drift-review") as (url, context):
        client = Client(url, verbose=False)
        assert "Read-only demo" in json.dumps(httpx.get(url + "config").json())
        refused = client.predict(*ROW, "anyone", "supports", "", "", api_name="/save_judgment")
        assert "read-only demo" in refused["error"]
        draft = client.predict({"question": "Q?"}, "anyone", "", False, api_name="/save_case")
        assert "read-only demo" in draft["error"] and context.store.judgment_count() == 0
    with served_app(tmp_path / "open", SPACE_ID="someone/evidence-drift-review", REVIEW_APP_OPEN_REVIEW="1") as (
            url, context):
        saved = Client(url, verbose=False).predict(*ROW, "anyone", "supports", "", "", api_name="/save_judgment")
        assert saved["reviewer"] == "anyone" and context.service.team.mode == "open review"
