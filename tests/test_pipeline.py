import dataclasses
import json

import pytest
import yaml

from review_app.engine.pipeline import Engine, QuestionError, get_engine

from .conftest import CORPUS_DIR, DATA_DIR

FOUR_CURRENT = {"uspstf-2024", "acs-2015", "acog-2024", "acr-current"}


def test_engine_is_built_once_per_corpus(engine):
    assert get_engine(CORPUS_DIR) is engine


def test_comparison_question_returns_all_four_current_organizations(engine, settings):
    decision = engine.ask("How often should an average-risk woman in her 40s have a mammogram, "
                          "and do USPSTF, ACS, ACOG and ACR agree?", settings)
    assert not decision.abstain
    assert set(decision.retrieved_document_ids) >= FOUR_CURRENT
    assert len(decision.results) == 6


def test_question_about_2016_is_asked_as_of_2016(engine, settings):
    decision = engine.ask("What did the USPSTF recommend in 2016 for women aged 40 to 49?", settings)
    assert decision.historical_intent and decision.reference_date_source == "question"
    assert decision.settings.reference_date.isoformat() == "2016-12-31" and decision.reference_date_phrase == "in 2016"
    assert "uspstf-2016" in decision.retrieved_document_ids and "uspstf-2024" not in decision.retrieved_document_ids
    assert next(r for r in decision.results if r.document_id == "uspstf-2016").status == "current"  # as of then
    assert any("from the question" in n for n in decision.notes)


def test_a_question_about_the_past_without_a_time_sees_superseded_guidance_as_superseded(engine, settings):
    decision = engine.ask("What did the USPSTF previously recommend for women aged 40 to 49?", settings)
    assert decision.historical_intent and decision.reference_date_source == "pinned"
    assert next(r for r in decision.results if r.document_id == "uspstf-2016").status == "superseded"


def test_an_explicit_reference_date_is_not_moved_by_the_question(engine, at_date):
    settings = dataclasses.replace(at_date("2020-06-01"), reference_date_explicit=True)
    decision = engine.ask("What did the USPSTF recommend in 2016 for women aged 40 to 49?", settings)
    assert decision.settings.reference_date.isoformat() == "2020-06-01" and decision.reference_date_source == "explicit"


def test_a_comparison_across_time_keeps_the_present_date(engine, settings):
    decision = engine.ask("What did the USPSTF recommend for women in their 40s in 2016, and how is the 2024 "
                          "recommendation different?", settings)
    assert decision.reference_date_source == "pinned"
    assert {"uspstf-2016", "uspstf-2024"} <= set(decision.retrieved_document_ids)


@pytest.mark.parametrize("question, organization", [
    ("What does the NHS recommend for breast screening intervals?", "NHS"),
    ("What did ACOG recommend in early 2016 about starting mammography?", "ACOG"),
    # another country's program, named where it runs or by its people's name
    ("My aunt lives in Italy, where the national program invites women for mammograms from 50. What does it "
     "say at 67?",
     "another country"),
    ("Does the Korean national screening program start at 40?", "another country"),
    # ... or a national standard named by its number or called a norm
    ("Mi tía vive en Monterrey. What does the Mexican norma say about mammograms, cada cuánto?", "another country"),
    ("What interval does NOM-041 set for screening mammography?", "another country"),
    # a country's health ministry, whichever country
    ("My sister live in Moscow, 45 years. What recommend Ministry of Health of Russia for mammography screening?",
     "health ministry"),
    ("Quick q for our handout -- does Susan G. Komen say yearly or every other year?", "Komen"),
    # a country's own cancer society, named in its language and in English
    ("my grandma doctor in Shanghai follow the 中国抗癌协会 (China Anti-Cancer Association) guideline. what age do "
     "they say start?", "another country"),
])
def test_a_question_only_about_an_organization_without_a_source_abstains(engine, settings, question, organization):
    decision = engine.ask(question, settings)
    assert decision.abstain and organization in decision.abstain_reason and "no source from" in decision.abstain_reason


def test_an_absent_organization_compared_with_ours_is_answered_from_the_held_one(engine, settings):
    decision = engine.ask("Is the Canadian task force stricter than ours about starting mammograms at 40?", settings)
    assert not decision.abstain and decision.results[0].document_id == "uspstf-2024"
    assert any("Canadian Task Force" in n for n in decision.notes)


def test_another_countrys_task_force_alone_is_not_answered_from_the_held_one(engine, settings):
    decision = engine.ask("Canada's task force on mammograms at 40?", settings)
    assert decision.abstain and "Canadian Task Force" in decision.abstain_reason


def test_a_version_the_corpus_does_not_hold_is_not_answered_from_another(engine, settings):
    decision = engine.ask("What did the USPSTF's 2009 recommendation say about mammograms in the forties?", settings)
    assert decision.abstain and "USPSTF 2009" in decision.abstain_reason
    held = engine.ask("What did the USPSTF's 2016 recommendation say about mammograms in the forties?", settings)
    assert not held.abstain
    beside = engine.ask("Compare the USPSTF 2009 recommendation with ACOG's advice on the starting age", settings)
    assert not beside.abstain and any("USPSTF 2009" in n for n in beside.notes)
    # a note's "rec" names the version as "recommendation" does
    assert engine.ask("ACOG 2011 rec for women in their 40s?", settings).abstain


def test_an_organization_dictated_letter_by_letter_is_named(engine, settings):
    decision = engine.ask("what does the n c c n say about screening average risk women starting at forty", settings)
    assert decision.abstain and "National Comprehensive Cancer Network" in decision.abstain_reason


def test_an_absent_organization_beside_held_ones_is_noted_not_silently_dropped(engine, settings):
    decision = engine.ask("USPSTF vs the Canadian task force: when should average-risk women start mammograms?",
                          settings)
    assert not decision.abstain and "uspstf-2024" in decision.retrieved_document_ids
    assert any("Canadian Task Force" in n and "comes from the other" in n for n in decision.notes)
    assert decision.organizations_absent == ("the Canadian Task Force on Preventive Health Care",)


@pytest.mark.parametrize("question", [
    "When should average-risk women start screening mammography?",
    "What is recommended for women aged 75 and older?",
    "Is tomosynthesis recommended for screening?",
    "Does USPSTF recommend supplemental MRI for dense breasts?",
])
def test_reference_date_2020_makes_2016_current_and_hides_2024(engine, at_date, question):
    decision = engine.ask(question, at_date("2020-06-01"))
    ids = decision.retrieved_document_ids
    assert "uspstf-2024" not in ids and "acog-2024" not in ids and "acr-current" not in ids
    statuses = {r.document_id: r.status for r in decision.results}
    assert statuses.get("uspstf-2016", "current") == "current"
    assert all(r.status == "current" for r in decision.results)


def test_superseded_sources_only_for_historical_questions(engine, settings):
    for question in ["When should average-risk women start screening mammography?",
                     "Is DBT an acceptable primary screening test?",
                     "Should women in their 40s be screened every year?"]:
        decision = engine.ask(question, settings)
        assert not decision.historical_intent
        assert all(r.status == "current" for r in decision.results), question


def test_brca_question_abstains_with_the_genetics_flag(engine, settings):
    decision = engine.ask("When should a 35-year-old BRCA1 carrier start mammograms?", settings)
    assert decision.abstain
    assert decision.scope_flags == ("known_high_risk_genetics",)
    assert "known_high_risk_genetics" in decision.abstain_reason


@pytest.mark.parametrize("question", ["colorectal cancer screening at age 45", "Pap smear interval"])
def test_off_corpus_questions_that_share_words_abstain(engine, settings, question):
    decision = engine.ask(question, settings)
    assert decision.abstain and decision.scope_flags == ()
    assert "off-topic" in decision.abstain_reason


def test_weak_support_abstains_and_names_the_score(engine, settings):
    decision = engine.ask("What daily dose of vitamin D is recommended for women over 50?", settings)
    assert decision.abstain
    assert "weak support" in decision.abstain_reason and f"{decision.max_support_score:.3f}" in decision.abstain_reason


def test_support_is_absolute_not_normalized_within_the_question(engine, settings, at_date):
    question = "Does ACS recommend clinical breast examination?"
    now = {r.chunk_id: r.support_score for r in engine.ask(question, settings).results}
    then = {r.chunk_id: r.support_score for r in engine.ask(question, at_date("2020-06-01")).results}
    shared = set(now) & set(then)
    assert shared
    assert all(now[c] == pytest.approx(then[c]) for c in shared)
    # rank scores are normalized within the question, so even nonsense has a top hit ...
    nonsense = engine.ask("zebra quantum", settings)
    assert nonsense.results and nonsense.results[0].rank_score > 0
    # ... but never decide abstention
    assert nonsense.abstain


def test_threshold_decides(engine, settings):
    import dataclasses
    question = "Does ACR recommend MRI for dense breasts?"
    assert not engine.ask(question, settings).abstain
    assert engine.ask(question, dataclasses.replace(settings, threshold=0.99)).abstain


def test_evidence_map_entries(engine, settings):
    decision = engine.ask("Does ACR recommend MRI for dense breasts?", settings)
    top = decision.results[0]
    assert top.chunk_id == "acr-current#dense-breasts"
    assert top.organization == "ACR" and top.status == "current" and str(top.published_date) == "2023-05-01"
    for key in ("bm25", "semantic", "lexical_coverage", "fused", "age_match", "status_weight", "class_weight"):
        assert key in top.signals
    record = decision.to_json()
    assert set(record) == {"question", "abstain", "abstain_reason", "scope_flags", "max_support_score",
                           "settings", "embedding", "results", "notes", "corpus_version", "reference_date",
                           "reference_date_source", "reference_date_phrase", "organizations_absent",
                           "scope_findings", "normalized_question", "patient", "aspects", "aspects_default",
                           "answer_chunks", "aspects_missing"}
    assert record["aspects"] == ["dense_breasts"]
    assert "acr-current#dense-breasts" in record["answer_chunks"]["dense_breasts"]
    assert record["reference_date"] == "2026-06-24" and record["reference_date_source"] == "pinned"
    assert record["corpus_version"] == engine.corpus.version and record["notes"] == []
    assert record["embedding"] == {"provider": "hashing", "model": None}
    assert set(record["results"][0]) == {"rank", "chunk_id", "document_id", "organization", "title", "status",
                                         "published_date", "effective_date", "rank_score", "support_score",
                                         "signals", "excerpt"}
    assert [r["rank"] for r in record["results"]] == list(range(1, 7))


def test_before_every_source_the_pipeline_abstains_and_says_so(engine, at_date):
    decision = engine.ask("When should screening start?", at_date("1990-01-01"))
    assert decision.abstain and decision.results == ()  # the undated FAQ counts only from 2024-10-10
    assert "no source in this corpus existed by 1990-01-01 (the earliest counts from 2015-10-20)" in \
        decision.abstain_reason


def test_no_eligible_source_abstains(tiny_corpus, at_date):
    decision = Engine.from_directory(tiny_corpus).ask("When should screening start?", at_date("2000-01-01"))
    assert decision.abstain and decision.results == ()
    assert "no source in this corpus existed by 2000-01-01" in decision.abstain_reason


def test_empty_question_raises(engine, settings):
    with pytest.raises(QuestionError):
        engine.ask("   ", settings)


def test_probe_questions(engine, settings):
    probes = yaml.safe_load((DATA_DIR / "probe_questions.yaml").read_text(encoding="utf-8"))
    answered_wrongly = [q for q in probes["off_topic"] if not engine.ask(q, settings).abstain]
    abstained_wrongly = [q for q in probes["answerable"] if engine.ask(q, settings).abstain]
    assert answered_wrongly == [] and abstained_wrongly == []


def test_tiny_corpus_end_to_end(tiny_corpus, settings, at_date):
    tiny = Engine.from_directory(tiny_corpus)
    decision = tiny.ask("When should screening mammography start?", settings)
    assert {r.document_id for r in decision.results} == {"alpha-new", "beta"}
    assert tiny.ask("When should screening mammography start?", at_date("2012-01-01")).retrieved_document_ids \
        == ["alpha-old"]
    historical = tiny.ask("What did ALPHA previously advise about screening mammography?", settings)
    assert "alpha-old" in historical.retrieved_document_ids


def test_ask_json_is_serializable(engine, settings):
    json.dumps(engine.ask("Is 3D mammography effective?", settings).to_json())


def test_indexes_are_cached_on_disk_and_a_bad_cache_is_rebuilt(tmp_path, settings):
    from review_app.engine import index_cache

    first = Engine.from_directory(CORPUS_DIR, cache_dir=tmp_path)
    cached = index_cache.path(tmp_path, first.corpus)
    assert cached.exists()
    second = Engine.from_directory(CORPUS_DIR, cache_dir=tmp_path)
    question = "How often should a 50-year-old woman have a mammogram?"
    assert second.ask(question, settings) == first.ask(question, settings)
    cached.write_bytes(b"not a pickle")
    third = Engine.from_directory(CORPUS_DIR, cache_dir=tmp_path)
    assert third.ask(question, settings) == first.ask(question, settings)


def test_the_engine_indexes_the_corpus_index_text(engine):
    """One definition of what the retrievers see (Corpus.index_text): the engine's BM25 index is
    the one built from it."""
    import numpy as np

    from review_app.engine.retrieval import Bm25Index

    corpus = engine.corpus
    rebuilt = Bm25Index([engine.vocabulary.tokenize(corpus.index_text(c)) for c in corpus.chunks], engine.params.bm25)
    for question in ("USPSTF 2024 breast cancer screening recommendation", "dense breasts supplemental MRI"):
        tokens = engine.vocabulary.tokenize(question)
        np.testing.assert_array_equal(engine.bm25.scores(tokens), rebuilt.scores(tokens))


def test_trace_and_decision_agree(engine, settings):
    """The trace's arrays are the ones behind the decision's results and abstention."""
    import numpy as np

    decision, trace = engine.run("How often should a 50-year-old woman have a mammogram?", settings)
    assert [r.chunk_id for r in decision.results] == [engine.corpus.chunks[i].id for i in trace.selected]
    assert [r.rank_score for r in decision.results] == [float(trace.rank_score[i]) for i in trace.selected]
    assert [r.support_score for r in decision.results] == [float(trace.support[i]) for i in trace.selected]
    assert np.isnan(np.delete(trace.support, trace.selected)).all()
    assert trace.eligible[trace.selected].all()
    assert decision.max_support_score == max(r.support_score for r in decision.results)


def test_a_question_with_a_lone_surrogate_is_a_clear_error_everywhere(engine, settings):
    with pytest.raises(QuestionError, match="lone surrogate"):
        engine.ask("When should screening start? \ud800", settings)


def test_context_no_card_uses_does_not_count_against_support(engine, settings):
    # a note's medications and scheduling, told before the ask, are not what is asked
    plain = engine.ask("58 year old woman, average risk. How often should she have a mammogram?", settings)
    noted = engine.ask("58 year old woman, average risk. On metformin, atorvastatin and levothyroxine. "
                       "How often should she have a mammogram?", settings)
    assert not noted.abstain
    assert noted.max_support_score >= plain.max_support_score * 0.95
    # the words of what is asked still count: an uncovered subject asked about keeps lowering it
    asked = engine.ask("58 year old woman, average risk. How often should she have a mammogram and metformin "
                       "and atorvastatin refills?", settings)
    assert asked.max_support_score < noted.max_support_score


@pytest.mark.parametrize("question", [
    "I moved here from Italy last year and I am 44. When should I start mammograms?",
    "She is from Korea and speaks little English; at 52, how often should she be screened?",
])
def test_a_woman_from_another_country_asks_about_screening_here(engine, settings, question):
    decision = engine.ask(question, settings)
    assert not decision.abstain and not decision.organizations_absent


def test_held_organizations_asked_as_a_group_beside_one_not_held_answer(engine, settings):
    decision = engine.ask("I was screened every three years by the NHS before I moved. I'm 51 now: what do the "
                          "American guidelines recommend for me?", settings)
    assert not decision.abstain and decision.answer_chunks
    # the counterpart: the programme not held asked about alone
    decision = engine.ask("I was screened every three years by the NHS. Does the NHS still invite women at 51?",
                          settings)
    assert decision.abstain and "asks only about it" in decision.abstain_reason


def test_an_organization_set_aside_is_not_asked_about(engine, settings):
    pack = engine.pack
    assert pack.held_organizations_in("Besides the USPSTF, did ACOG change its starting age?") == ("ACOG",)
    assert pack.held_organizations_in("Other than ACS, who says to start at 40?") == ()
    # named again where it is asked about, it is asked about
    assert set(pack.held_organizations_in("Besides the USPSTF, did ACOG change? And what did the USPSTF do?")) \
        == {"USPSTF", "ACOG"}
    decision = engine.ask("Did ACOG also change its starting age, and why? I want an example besides the USPSTF.",
                          settings)
    assert decision.answer_chunks and all(chunk.startswith("acog-") for chunks in decision.answer_chunks.values()
                                          for chunk in chunks)


def test_the_others_asked_after_an_organization_set_aside_leave_it_out(engine, settings):
    pack = engine.pack
    assert pack.set_aside_organizations_in("Apart from the USPSTF, what do the others say?") == ("USPSTF",)
    # named again where it is asked about, it is not set aside
    assert pack.set_aside_organizations_in("Besides ACS, who says 40? And what does ACS say?") == ()
    decision = engine.ask("Apart from the USPSTF, what do the other groups say about when to start?", settings)
    organizations = {chunk.split("-")[0] for chunks in decision.answer_chunks.values() for chunk in chunks}
    assert organizations and "uspstf" not in organizations and {"acs", "acr"} <= organizations


def test_who_is_right_between_two_organizations_named_asks_those_two(engine, settings):
    def organizations(question):
        decision = engine.ask(question, settings)
        return {chunk.split("-")[0] for chunks in decision.answer_chunks.values() for chunk in chunks}

    assert organizations("ACR says yearly and the task force says every other year. Who is right?") \
        == {"acr", "uspstf"}
    # "which of them is right?" after one organization quoted asks them all
    assert organizations("> a wrote: the cancer society says 45\n> b wrote: every group says 40\nWhich of them is "
                         "right about when to start?") == {"uspstf", "acs", "acog", "acr"}
    # the counterpart: one side told by someone, the other an organization: every organization is asked
    assert organizations("My doctor says every year, but the ACR says something else. Who is right?") \
        == {"uspstf", "acs", "acog", "acr"}


def test_a_profession_speaking_as_a_body_names_its_organization(engine):
    assert engine.pack.held_organizations_in("I read that radiologists want a risk assessment by 25.") == ("ACR",)
    assert engine.pack.held_organizations_in("Do gynecologists say 40?") == ("ACOG",)
    # the counterpart: her own doctors are no organization
    assert engine.pack.held_organizations_in("My radiologists want yearly. Is that right?") == ()


def test_another_countrys_board_and_the_physics_of_the_test_are_not_held(engine, settings):
    decision = engine.ask("On what grounds did the Swiss Medical Board advise against new screening programmes?",
                          settings)
    assert decision.abstain
    decision = engine.ask("What is the mean glandular dose of a DBT exam, and the MQSA limit per view?", settings)
    assert decision.abstain and decision.off_topic


def test_a_vietnamese_english_question_is_read_in_its_own_words(engine, settings):
    decision = engine.ask("Chị 47 tuổi. ACOG có tài liệu cho patient nói bao lâu đi một lần không?", settings)
    assert decision.patient["ages"] == [[47, 47]]
    assert decision.answer_chunks and all(chunk.startswith("acog-faq") for chunks in decision.answer_chunks.values()
                                          for chunk in chunks)


def test_a_french_note_is_read_in_its_own_words(engine, settings):
    # a past high-risk lesion in French is an exclusion; another country's authority alone is not held;
    # "and now?" in French asks about the present beside the year stated
    lesion = engine.ask("Pte 47 ans. ATCD: biopsie en 2020 = hyperplasie lobulaire atypique. Every 2 years ok?",
                        settings)
    assert lesion.abstain and lesion.scope_flags == ("personal_history_breast_cancer",)
    authority = engine.ask("Patiente de 55 ans. Selon la HAS, tous les combien la mammographie?", settings)
    assert authority.abstain and "Haute Autorité de Santé" in authority.abstain_reason
    now = engine.ask("En 2018, que disait l'USPSTF sur la tomosynthèse? Et maintenant?", settings)
    assert now.settings.reference_date == settings.reference_date and now.reference_date_source == "pinned"
    assert "uspstf-2024#screening-modality" in [r.chunk_id for r in now.results]


def test_another_countrys_guideline_named_with_the_topics_words_is_not_held(engine, settings):
    decision = engine.ask("My daughter (58) lives in Toronto now. What does the Canadian breast screening guideline "
                          "say about how often she should go?", settings)
    assert decision.abstain and decision.organizations_absent
    # the counterpart: a woman who is Canadian asks about screening here
    decision = engine.ask("I'm Canadian and 45, what do the guidelines say about mammograms for me?", settings)
    assert not decision.abstain and not decision.organizations_absent


def test_a_churchs_health_ministry_is_no_countrys(engine, settings):
    decision = engine.ask("I coordinate the health ministry at our church and we're bringing in a mobile mammography "
                          "van. Which ages of women should we invite, and how often should they come back?", settings)
    assert not decision.abstain and not decision.organizations_absent


def test_a_swahili_question_is_read_in_its_own_words(engine, settings):
    decision = engine.ask("Habari daktari. Mama mmoja ana miaka 42, hana dalili yoyote, hana uvimbe. Anauliza: "
                          "USPSTF inasema aanze mammogram sasa au asubiri hadi 50?", settings)
    # "mama mmoja" is a woman, not the asker's mother: the age is hers
    assert decision.patient["ages"] == [[42, 42]] and not decision.patient["relatives"]
    changed = engine.ask("Zamani USPSTF ilisema ni 'individual decision' kwa umri huu. Nini kilibadilika kwenye "
                         "2024 recommendation?", settings)
    assert "what_changed" in changed.aspects
    assert "uspstf-2016#ages-40-to-49" in {r.chunk_id for r in changed.results}  # "in the past ... said"


def test_a_half_remembered_name_and_the_profession_holding_a_position(engine, settings):
    decision = engine.ask("The American Cancer Association, the one with the daffodils, does it say the doctor "
                          "should still do the hands-on breast exam?", settings)
    assert _answering(engine, decision) == {"ACS"}
    both = engine.ask("Is it true the radiologists have no upper age for mammograms, and what does her gyn's group "
                      "(ACOG) say about after 75?", settings)
    assert _answering(engine, both) == {"ACR", "ACOG"}


def test_the_national_panel_in_lay_words_is_the_task_force(engine, settings):
    decision = engine.ask('Old post from 2017: "The government\'s own panel says women in their 40s don\'t need '
                          'mammograms." Was that accurate at the time?', settings)
    assert _answering(engine, decision) == {"USPSTF"}
    # (another country's government panel is not it)
    other = engine.ask("Does the ACS agree with the Canadian government's panel on mammograms in the 40s?", settings)
    assert _answering(engine, other) == {"ACS"}


def test_a_version_named_by_a_year_before_every_source_abstains(engine, settings):
    decision = engine.ask("For the cold open I want to recount the 2009 uproar. What exactly did the USPSTF "
                          "recommend for women in their 40s in its 2009 update?", settings)
    assert decision.abstain and decision.settings.reference_date.isoformat() == "2009-12-31"
    # (a country's society named beside a held organization leaves that one asked)
    both = engine.ask("I'm Chinese and the American Cancer Society says 45. When should I start?", settings)
    assert not both.abstain and _answering(engine, both) == {"ACS"}


def test_what_the_asker_writes_asks_for_no_kind_of_source(engine, settings):
    decision = engine.ask("I'm putting together a one-page FAQ for our members. Can you give me what USPSTF, ACS, "
                          "ACOG and ACR each say about how often?", settings)
    assert "acog-2024#screening-interval" in decision.answer_chunks["interval"]
    asked = engine.ask("Does ACOG have a patient FAQ on how often to get a mammogram?", settings)
    assert "acog-faq#when-to-start-and-how-often" in asked.answer_chunks["interval"]


def test_whether_what_was_said_held_through_an_update_compares_versions(engine, settings):
    decision = engine.ask('attending says 3D mammo/tomo is "not proven" per USPSTF so we should order 2D only. '
                          "still true after the 2024 update?", settings)
    assert {"modality", "what_changed"} <= set(decision.aspects)
    assert "uspstf-2016#tomosynthesis" in {r.chunk_id for r in decision.results}


def _answering(engine, decision) -> set[str]:
    """The organizations whose chunks answer the aspects asked."""
    return {engine.corpus.chunk_by_id[c].organization for chunks in decision.answer_chunks.values() for c in chunks}


def test_a_simple_explanation_to_repeat_asks_for_patient_material(engine, settings):
    decision = engine.ask("My regulars keep asking what 'breast self-awareness' means. Is there a simple explanation "
                          "from a doctors' group that I could repeat to them?", settings)
    assert "acog-faq#breast-self-awareness" in decision.answer_chunks.get("self_awareness", ())
