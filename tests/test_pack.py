"""A second topic runs with data files only: the colorectal example pack through the CLI."""

from __future__ import annotations

import json
import os

import pytest

from review_app.cli import main
from review_app.engine.pipeline import get_engine
from review_app.engine.settings import PROJECT_ROOT

PACK = PROJECT_ROOT / "examples" / "colorectal" / "corpus"


@pytest.fixture
def colorectal(monkeypatch, tmp_path):
    monkeypatch.setenv("REVIEW_APP_EXPORTS", str(tmp_path / "exports"))
    monkeypatch.delenv("REVIEW_APP_CORPUS", raising=False)
    monkeypatch.delenv("REVIEW_APP_LABELS", raising=False)
    yield ["--corpus", str(PACK)]
    assert "REVIEW_APP_CORPUS" not in os.environ  # --corpus lasts for its command only


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_evaluate_on_the_pack_uses_its_labels_threshold_and_date(colorectal, capsys):
    code, out, _ = run(capsys, "evaluate", "--slice", "canonical", "--json", *colorectal)
    result = json.loads(out)
    assert code == 0 and result["cases"] == 26 and result["abstention"] == 11
    assert result["decision_accuracy"] == 1.0
    engine = get_engine(PACK)
    assert result["settings"]["threshold"] == pytest.approx(0.205)  # the pack's own calibration
    assert engine.pack.topic.startswith("colorectal")


def test_ask_shows_the_2021_change_and_the_acp_disagreement(colorectal, capsys):
    code, out, _ = run(capsys, "ask", "At what age should an average-risk adult start colorectal cancer "
                       "screening, and do USPSTF, ACS, ACG and ACP agree?", "--json", *colorectal)
    record = json.loads(out)
    assert code == 0 and record["abstain"] is False
    assert {"USPSTF", "ACS", "ACG", "ACP"} <= {r["organization"] for r in record["results"]}
    assert "uspstf-2016" not in {r["document_id"] for r in record["results"]}  # superseded today
    assert any(d["aspect"] == "start_age" for d in record["disagreements"])
    code, out, _ = run(capsys, "ask", "When should colonoscopy start?", "--reference-date", "2019-01-01",
                       "--json", *colorectal)
    assert "uspstf-2016" in {r["document_id"] for r in json.loads(out)["results"]}  # current again in 2019


def test_scope_exclusions_of_the_pack(colorectal, capsys):
    code, out, _ = run(capsys, "ask", "Ulcerative colitis for 12 years: is a FIT every year enough?", "--json",
                       *colorectal)
    record = json.loads(out)
    assert code == 0
    assert record["abstain"] is True and record["scope_flags"] == ["inflammatory_bowel_disease"]


def test_verify_and_snapshots_check_on_the_pack(colorectal, capsys):
    code, out, _ = run(capsys, "verify", "--slice", "canonical", "--json", *colorectal)
    report = json.loads(out)
    assert code == 0 and report["claims"] >= 40
    code, out, err = run(capsys, "snapshots", "--check", *colorectal)
    assert code == 0, err
    assert "snapshots match" in out


def test_the_pack_has_its_own_interval_words_and_grades():
    engine = get_engine(PACK)
    from review_app.claims.synthesis import get_synthesizer

    reader = get_synthesizer(engine).verifier.reader
    facts = reader.read("Colonoscopy every 10 years; a strong recommendation", reader.rules.card_priority)
    assert facts.intervals and facts.grades


def test_every_position_statement_of_the_pack_verifies_against_its_card():
    """The synthesis shows a position only when the verifier supports it on its own card: a
    verifier rule that misreads this pack's cards silently drops its answers."""
    import datetime as dt

    from review_app.claims.synthesis import get_synthesizer

    synthesizer = get_synthesizer(get_engine(PACK))
    for position in synthesizer.positions:
        verdict = synthesizer.verifier.verify_claim(("p", position.statement, [position.chunk_id]),
                                                    dt.date(2026, 6, 24))
        assert verdict.supported, (position.chunk_id, position.statement, verdict.verdicts[0].explanation)
