import dataclasses
import datetime as dt

import pytest

from review_app.claims.synthesis import Position, Synthesizer, get_synthesizer, load_positions
from review_app.errors import CorpusError

COMPARISON = "How often should an average-risk 48-year-old have screening mammography, and do organizations agree?"


@pytest.fixture(scope="module")
def synthesizer(engine):
    return get_synthesizer(engine)


def test_cards_per_organization_and_stated_disagreement(engine, settings, synthesizer):
    synthesis = synthesizer.synthesize(engine.ask(COMPARISON, settings))
    assert {card.organization for card in synthesis.cards} == {"USPSTF", "ACS", "ACOG", "ACR"}
    interval = next(d for d in synthesis.disagreements if d.topic == "interval")
    assert interval.positions["USPSTF"] == "every 2 years" and interval.positions["ACR"] == "every year"
    assert "disagree" in interval.text


def test_insufficient_evidence_is_stated_as_such(engine, settings, synthesizer):
    synthesis = synthesizer.synthesize(engine.ask("Which organizations support supplemental MRI for dense breasts?",
                                                  settings))
    dense = next(d for d in synthesis.disagreements if d.topic == "dense_breasts")
    assert dense.positions["USPSTF"] == "insufficient evidence (I statement)"
    assert dense.positions["ACR"] == "MRI recommended"


def test_nothing_unverified_is_shown(engine, settings):
    synthesizer = Synthesizer(engine)
    wrong = Position("uspstf-2024#recommendation", "interval", "every year",
                     "USPSTF recommends annual screening mammography from 40 to 74.")
    synthesizer.positions = (*synthesizer.positions, wrong)
    synthesis = synthesizer.synthesize(engine.ask(COMPARISON, settings))
    shown = [s.text for card in synthesis.cards for s in card.statements]
    assert wrong.statement not in shown
    assert any(s.text == wrong.statement and s.verifier_label == "contradicts" for s in synthesis.withheld)
    assert all(s.verified for card in synthesis.cards for s in card.statements)


def test_every_position_statement_verifies_against_its_card(synthesizer):
    for position in synthesizer.positions:
        verdict = synthesizer.verifier.verify_claim(("p", position.statement, [position.chunk_id]),
                                                    dt.date(2026, 6, 24))
        assert verdict.supported, (position.chunk_id, verdict.verdicts[0].explanation)


def test_an_abstention_has_no_synthesis(engine, settings, synthesizer):
    synthesis = synthesizer.synthesize(engine.ask("When should a BRCA1 carrier start MRI?", settings))
    assert synthesis.cards == () and synthesis.disagreements == ()


def test_reference_date_uses_the_guidance_current_then(engine, settings, synthesizer):
    decision = engine.ask("When should average-risk women start screening mammography?",
                          dataclasses.replace(settings, reference_date=dt.date(2020, 6, 1)))
    statements = [s for card in synthesizer.synthesize(decision).cards for s in card.statements]
    assert statements and not any(c.startswith(("uspstf-2024", "acog-2024", "acr-")) for s in statements
                                  for c in s.chunk_ids)


def test_positions_file_is_validated(engine, corpus_copy):
    path = corpus_copy / "positions.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("chunk: acr-current#dense-breasts",
                                                             "chunk: acr-current#nowhere"), encoding="utf-8")
    broken = dataclasses.replace(engine.corpus, directory=corpus_copy)
    with pytest.raises(CorpusError, match="acr-current#nowhere"):
        load_positions(broken)
