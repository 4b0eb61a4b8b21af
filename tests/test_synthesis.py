import dataclasses
import datetime as dt

import pytest

from review_app.claims.synthesis import Position, Synthesizer, get_synthesizer
from review_app.engine.aspects import load_aspects
from review_app.errors import CorpusError

COMPARISON = "How often should an average-risk 48-year-old have screening mammography, and do organizations agree?"
APP_EXAMPLE = "Do USPSTF and ACS agree on screening intervals?"


@pytest.fixture(scope="module")
def synthesizer(engine):
    return get_synthesizer(engine)


def synthesize(engine, synthesizer, settings, question):
    decision = engine.ask(question, settings)
    return decision, synthesizer.synthesize(decision)


def test_statements_answer_the_asked_aspect_and_disagreement_is_stated(engine, settings, synthesizer):
    _, synthesis = synthesize(engine, synthesizer, settings, COMPARISON)
    assert {card.organization for card in synthesis.cards} == {"USPSTF", "ACS", "ACOG", "ACR"}
    assert {s.aspect for s in synthesis.statements} == {"interval"}
    interval = next(d for d in synthesis.disagreements if d.aspect == "interval")
    # a 48-year-old's ACS interval is the 45-to-54 one, not the 55-and-older one
    assert interval.positions["ACS"] == "every year at 45 to 54"
    assert interval.positions["USPSTF"] == "every 2 years (ages 40 to 74)" and interval.positions["ACR"] == "every year"


def test_the_app_example_states_each_named_organizations_interval_and_nothing_else(engine, settings, synthesizer):
    decision, synthesis = synthesize(engine, synthesizer, settings, APP_EXAMPLE)
    assert decision.aspects == ("interval",)
    stated = {c for s in synthesis.statements for c in s.chunk_ids}
    assert "uspstf-2024#recommendation" in stated and "acs-2015#ages-45-to-54" in stated
    assert {card.organization for card in synthesis.cards} == {"USPSTF", "ACS"}
    assert not any("clinical-breast-examination" in c for c in stated)
    assert synthesis.answer.startswith("As of 2026-06-24: Organizations disagree on how often: USPSTF every 2 years")
    assert "every year at 45 to 54, every 1 or 2 years from 55" in synthesis.answer


def test_a_statement_off_the_asked_aspect_goes_to_related_never_twice(engine, settings, synthesizer):
    _, synthesis = synthesize(engine, synthesizer, settings, APP_EXAMPLE)
    texts = [s.text for s in synthesis.statements] + [s.text for s in synthesis.related]
    assert len(texts) == len(set(texts))
    assert all(s.aspect != "interval" or s.chunk_ids[0] not in {c for x in synthesis.statements for c in x.chunk_ids}
               for s in synthesis.related)


def test_an_organization_without_a_statement_on_the_aspect_is_named(engine, settings, synthesizer):
    decision, synthesis = synthesize(engine, synthesizer, settings,
                                     "Do the organizations recommend a clinical breast examination for screening?")
    assert "clinical_breast_examination" in decision.aspects
    missing = dict(synthesis.missing)
    assert set(missing["clinical breast examination"]) == {"USPSTF", "ACR"}
    assert {card.organization for card in synthesis.cards} == {"ACS", "ACOG"}
    assert "No statement in this corpus from USPSTF, ACR on clinical breast examination." in synthesis.answer


def test_insufficient_evidence_stays_insufficient(engine, settings, synthesizer):
    _, synthesis = synthesize(engine, synthesizer, settings,
                              "Which organizations support supplemental MRI for dense breasts?")
    dense = next(d for d in synthesis.disagreements if d.aspect == "dense_breasts")
    assert dense.positions["USPSTF"] == "insufficient evidence (I statement)"
    assert dense.positions["ACR"] == "MRI recommended"
    assert "USPSTF insufficient evidence (I statement)" in synthesis.answer
    assert "against" not in synthesis.answer


def test_the_answer_echoes_the_patient_and_the_reference_date(engine, settings, synthesizer):
    at = dataclasses.replace(settings, reference_date=dt.date(2025, 1, 1), reference_date_explicit=True)
    decision = engine.ask("My patient is 79. Do the organizations think she should keep getting mammograms?", at)
    synthesis = synthesizer.synthesize(decision)
    assert decision.aspects == ("age_75_and_older",)
    assert synthesis.answer.startswith("As of 2025-01-01, for age 79: Organizations disagree on age 75 and older")


def test_nothing_unverified_is_shown(engine, settings):
    wrong = Position("uspstf-2024#recommendation", "interval", "every year",
                     "USPSTF recommends annual screening mammography from 40 to 74.")
    rules = engine.aspects
    positions = tuple(p for p in rules.positions if not (p.chunk_id == wrong.chunk_id and p.aspect == "interval"))
    synthesizer = Synthesizer(engine, (*positions, wrong))
    synthesis = synthesizer.synthesize(engine.ask(COMPARISON, settings))
    assert wrong.statement not in [s.text for s in synthesis.statements]
    assert wrong.statement not in (synthesis.answer or "") and "USPSTF every year" not in (synthesis.answer or "")
    assert any(s.text == wrong.statement and s.verifier_label == "contradicts" for s in synthesis.withheld)
    assert all(s.verified for s in synthesis.statements)


def test_every_position_statement_verifies_against_its_card(synthesizer):
    for position in synthesizer.positions:
        verdict = synthesizer.verifier.verify_claim(("p", position.statement, [position.chunk_id]),
                                                    dt.date(2026, 6, 24))
        assert verdict.supported, (position.chunk_id, position.statement, verdict.verdicts[0].explanation)


def test_every_chunk_states_a_position(engine, synthesizer):
    """Any chunk can be the answer to some question, so each must be able to say something."""
    stated = {p.chunk_id for p in synthesizer.positions}
    assert [c.id for c in engine.corpus.chunks if c.id not in stated] == []


def test_an_abstention_has_no_synthesis(engine, settings, synthesizer):
    synthesis = synthesizer.synthesize(engine.ask("When should a BRCA1 carrier start MRI?", settings))
    assert synthesis.cards == () and synthesis.disagreements == () and synthesis.answer is None


def test_reference_date_uses_the_guidance_current_then(engine, settings, synthesizer):
    decision = engine.ask("When should average-risk women start screening mammography?",
                          dataclasses.replace(settings, reference_date=dt.date(2020, 6, 1)))
    synthesis = synthesizer.synthesize(decision)
    assert synthesis.statements and not any(c.startswith(("uspstf-2024", "acog-2024", "acr-"))
                                            for s in synthesis.statements for c in s.chunk_ids)
    assert synthesis.answer.startswith("As of 2020-06-01")


def test_positions_file_is_validated(engine, corpus_copy):
    path = corpus_copy / "positions.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("chunk: acr-current#dense-breasts",
                                                             "chunk: acr-current#nowhere"), encoding="utf-8")
    broken = dataclasses.replace(engine.corpus, directory=corpus_copy)
    with pytest.raises(CorpusError, match="acr-current#nowhere"):
        load_aspects(broken)
