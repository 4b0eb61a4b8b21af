import datetime as dt
import json

from sklearn.metrics import cohen_kappa_score

from review_app.claims.citations import check_cases, citation_metrics, verification_report
from review_app.claims.verifier import Verifier
from review_app.evaluation.labels import load_cases

PINNED = dt.date(2026, 6, 24)


def write_cases(tmp_path, claims):
    record = {"id": "v1", "question": "q?", "should_abstain": False, "gold_document_ids": ["uspstf-2024"],
              "expected_scope_flags": [], "reference_date": None, "claims": claims, "notes": ""}
    path = tmp_path / "claims.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return load_cases(path)


def test_metrics_on_a_hand_made_set(engine, tmp_path):
    cases = write_cases(tmp_path, [
        {"id": "c1", "text": "USPSTF recommends biennial screening from 40 to 74.",
         "evidence": [{"chunk_id": "uspstf-2024#recommendation", "label": "supports"}]},
        {"id": "c2", "text": "USPSTF recommends against screening women 75 and older.",
         "evidence": [{"chunk_id": "uspstf-2024#age-75-and-older", "label": "contradicts",
                       "reason": "misstated_strength"}], "trap": "insufficient_as_against"},
        {"id": "c3", "text": "The USPSTF calls screening in the 40s an individual decision.",
         "evidence": [{"chunk_id": "uspstf-2016#ages-40-to-49", "label": "supports"}]},  # gold label is wrong here
    ])
    checked = check_cases(Verifier(engine), cases, PINNED)
    metrics = citation_metrics(checked)
    assert metrics["claims"] == 3 and metrics["citations"] == 3
    assert metrics["citation_precision"] == round(1 / 3, 6)
    assert metrics["claim_support_rate"] == round(1 / 3, 6)
    assert metrics["freshness"] == round(2 / 3, 6)  # uspstf-2016 is superseded at the pinned date
    assert metrics["gold_citation_precision"] == round(2 / 3, 6)
    assert metrics["agreement"]["accuracy"] == round(2 / 3, 6)
    expected = cohen_kappa_score(["supports", "contradicts", "supports"],
                                 ["supports", "contradicts", "does_not_support"],
                                 labels=["supports", "partially_supports", "does_not_support", "contradicts"])
    assert metrics["agreement"]["cohen_kappa"] == round(float(expected), 6)
    matrix = metrics["agreement"]["confusion_matrix"]
    assert matrix[0] == [1, 0, 1, 0] and matrix[3] == [0, 0, 0, 1]
    assert metrics["traps"] == 1 and metrics["traps_caught"] == 1


def test_report_pairs_each_citation_with_its_gold_label(engine, tmp_path):
    cases = write_cases(tmp_path, [{"id": "c1", "text": "ACR recommends annual screening from 40.",
                                    "evidence": [{"chunk_id": "acr-current#starting-age-and-interval",
                                                  "label": "supports"}]}])
    report = verification_report(check_cases(Verifier(engine), cases, PINNED), "t")
    citation = report["per_claim"][0]["citations"][0]
    assert citation["gold_label"] == citation["label"] == "supports"
    assert report["slice"] == "t" and report["per_claim"][0]["supported"]
