"""The app as a client sees it: a real server, driven through every API endpoint."""

import pytest
from gradio_client import Client, handle_file

from review_app.evaluation.labels import load_cases
from review_app.review import usecases
from review_app.review.service import ReviewService
from review_app.review.team import load_team

from .conftest import LABELS_DIR


@pytest.fixture(scope="module")
def client(app_server):
    return Client(app_server[0], verbose=False)


def test_endpoints_are_named(client):
    names = set(client.view_api(return_format="dict")["named_endpoints"])
    assert {"/ask", "/load_case", "/save_judgment", "/save_case", "/export_holdout", "/evaluate"} <= names


def test_ask(client):
    banner, _, _, _, record = client.predict("Should men be screened for breast cancer?", "hybrid", 6, "2026-06-24",
                                             0.12, True, api_name="/ask")
    assert "Abstain." in banner and record["scope_flags"] == ["male_screening"]


def test_compare(client):
    changes, then, now, record = client.predict(
        "When should an average-risk woman start screening mammography?", "2020-06-01", "hybrid", 6, "", 0.113,
        True, api_name="/compare")
    assert record["then"]["reference_date"] == "2020-06-01" and record["now"]["reference_date"] == "2026-06-24"
    start = next(c for c in record["changes"] if c["organization"] == "USPSTF" and c["aspect"] == "start_age")
    assert start["kind"] == "position changed" and start["now"]["value"] == "40"
    assert "position changed" in changes and "as of 2020-06-01" in then and "as of 2026-06-24" in now
    *_, failed = client.predict("When should screening start?", "June 2020", "hybrid", 6, "", 0.113, True,
                                api_name="/compare")
    assert "compare_date" in failed["error"]


def test_ask_with_another_embedder(client):
    *_, record = client.predict("When should an average-risk woman start mammography?", "semantic", 6, "", 0.156,
                                True, "sentence-transformers all-MiniLM-L6-v2", api_name="/ask")
    assert record["embedding"] == {"provider": "sentence-transformers", "model": "all-MiniLM-L6-v2"}
    assert record["abstain"] is False and record["settings"]["mode"] == "semantic"


def test_save_read_back_export_and_evaluate(client, app_server, tmp_path):
    saved = client.predict("holdout", "holdout-001", "r1", "uspstf-2024#recommendation", "nurse-jo", "supports", "",
                           "", api_name="/save_judgment")
    assert "no claim" in saved["error"]  # nothing to judge yet: the claim must exist first
    app_server[1].service.add_claim("holdout", "holdout-001", "USPSTF recommends biennial screening from 40 to 74.",
                                    ["uspstf-2024#recommendation"], "nurse-jo")
    saved = client.predict("holdout", "holdout-001", "r1", "uspstf-2024#recommendation", "nurse-jo", "supports", "",
                           "", api_name="/save_judgment")
    assert saved["label"] == "supports" and saved["id"] >= 1
    record = client.predict("holdout", "holdout-001", "nurse-jo", api_name="/load_case")
    assert record["rows"][0]["my_label"] == "supports" and record["rows"][0]["saved_at"] == saved["created_at"]
    second = Client(app_server[0], verbose=False).predict(  # another person, another client
        "holdout", "holdout-001", "r1", "uspstf-2024#recommendation", "nurse-kim", "partially_supports",
        "missing_fact", "the card gives the interval", api_name="/save_judgment")
    assert second["label"] == "partially_supports"
    case = {"question": "Is tomosynthesis acceptable for screening under USPSTF 2024?", "should_abstain": False,
            "gold_document_ids": ["uspstf-2024"], "expected_scope_flags": [], "reference_date": None,
            "notes": "modality"}
    draft = client.predict(case, "nurse-jo", "", False, api_name="/save_case")
    assert draft["status"] == "draft"
    path, summary = client.predict("nurse-jo", api_name="/export_holdout")  # open review: no adjudicator
    assert path is None and "needs a signed-in adjudicator" in summary
    # the command line on the machine that holds the database (labels/team.yaml's roles apply there)
    local = ReviewService(app_server[1].engine, app_server[1].store, LABELS_DIR, app_server[1].settings, load_team())
    local.store.save_draft(draft["draft_id"], case, "dr-c", "approved")
    local.save("holdout", "holdout-001", "r1", "uspstf-2024#recommendation", "dr-c", "supports", None, "")
    local.adjudicate("holdout", "holdout-001", "r1", "uspstf-2024#recommendation", "dr-c", "supports", None,
                     "the card states the range")
    path = usecases.export(local, "dr-c", tmp_path).path
    cases = load_cases(path)
    assert len(cases) == 68 and cases[0].claims[0].evidence[0].label == "supports"
    tables, _, _, _, metrics, *_ = client.predict("holdout", handle_file(path), api_name="/evaluate")
    assert "Recall@6" in tables and metrics["cases"] == 68 and metrics["chunk_recall_at_k"] is not None
    assert metrics["answer_accuracy"] is None  # the new case has no gold chunks: not available, never perfect


def test_rereview_queue_after_a_card_changed(client, app_server, tmp_path):
    """The running app's corpus against an older recorded version whose ACS 2015 card read differently."""
    import shutil

    from review_app.engine.corpus import load_corpus
    from review_app.review.versions import record

    from .conftest import CORPUS_DIR, NEW_55, OLD_55

    older = tmp_path / "older"
    shutil.copytree(CORPUS_DIR, older)
    card = older / "acs-2015.md"
    card.write_text(card.read_text(encoding="utf-8").replace(OLD_55, NEW_55), encoding="utf-8")
    record(app_server[1].store, load_corpus(older))
    result = client.predict(api_name="/rereview_queue")
    assert result["diff"]["from"] == load_corpus(older).version and result["current"] == load_corpus(CORPUS_DIR).version
    assert [(c["chunk_id"], c["change"]) for c in result["diff"]["chunks"]] == [("acs-2015#age-55-and-older",
                                                                                  "changed")]
    keys = {item["key"] for item in result["needs_rereview"]}
    assert "label canonical canonical-013 c1 · acs-2015#age-55-and-older" in keys
