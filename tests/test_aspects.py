"""What a question asks about, and which chunks answer it (review_app/engine/aspects.py over the
pack's positions.yaml)."""

import dataclasses
import datetime as dt

import pytest

from review_app.engine.aspects import load_aspects
from review_app.errors import CorpusError


def read(engine, question, ages=()):
    return engine.aspects.read(engine.vocabulary.normalize(question), ages)


@pytest.mark.parametrize("question, aspects", [
    ("q1y vs q2y per ACS?", ("interval",)),  # shorthand arrives normalized ("annual", "biennial")
    ("When should I start mammograms?", ("start_age",)),
    ("Is 3D mammography ok for screening?", ("modality",)),
    ("Does the task force say anything on dense breast tissue and ultrasound?", ("dense_breasts",)),
    ("Who is excluded from the USPSTF recommendation?", ("high_risk",)),
    ("Why did the task force lower its starting age?", ("reasons",)),  # the start age is only its subject
    ("does my doctor need to do a clinical breast exam?", ("clinical_breast_examination",)),
    ("the difference between a screening and a diagnostic mammogram", ("screening_vs_diagnostic",)),
    ("At which age do they stop the mammography here?", ("age_75_and_older",)),
    ("Should she stop at 76 even though she feels great?", ("age_75_and_older",)),
    ("Once she turns 75, for how long should she keep having mammograms?", ("age_75_and_older",)),
    ("Who backs screening from 45?", ("start_age",)),
    # how often another exam is done is not the screening interval, nor is the visit "at the annual"
    ("Does she need the clinical breast exam every year?", ("clinical_breast_examination",)),
    ("Should I still do a clinical breast exam at the annual?", ("clinical_breast_examination",)),
    ("What does ACS mean by average risk?", ("applies_to",)),
    ("When the ACS talks about women at 'average risk', who does that include?", ("applies_to",)),
    ("Should the MAs keep booking a clinician breast exam at every annual visit?", ("clinical_breast_examination",)),
    ("Did the ACR put out anything when the task force finalized its update? What was their take on it?",
     ("response",)),
    # a reason told in context is the story, not the question; asked, it is
    ("Her reminder letters say every year and cite the ACR. What does each of the two recommend?", ("interval",)),
    ("Why does the ACR want yearly screening?", ("reasons",)),
    ("Last mammogram 13 months ago. Is she due yet?", ("interval",)),  # due yet: the interval, not the start
    # another organization's reaction when a guideline came out; an organization's own update is not one
    ("What did the ACR say when the task force finalized its update?", ("response",)),
    ("Did ACOG drop breast self-awareness when it issued its update?", ("self_awareness",)),
    # the group a guideline does not cover is who is left out; a "previous cancer" is history, not a change
    ("Am I in the 'previous cancer' group the guidelines say they don't cover?", ("high_risk",)),
    ("Which categories do the guidelines not apply to?", ("high_risk",)),
    ("What was the previous recommendation on the starting age?", ("start_age", "what_changed")),
    ("Should women have their breast cancer risk checked by a certain age?", ("risk_assessment",)),
    ("Which ages of women should we be inviting, and how often should they come back?", ("start_age", "interval")),
    ("heard the radiology ppl admitted the mixed msgs confuse us, is that true?", ("conflicting_advice",)),
    # screening against diagnostic in lay words
    ("What's the difference between a routine mammogram and the kind a doctor orders for a lump?",
     ("screening_vs_diagnostic",)),
])
def test_aspects_are_read_from_the_normalized_question(engine, question, aspects):
    assert read(engine, question) == (aspects, False)


def test_a_question_naming_no_aspect_gets_the_defaults(engine):
    assert read(engine, "mammo?") == (engine.aspects.default, True)
    assert engine.aspects.default == ("start_age", "interval")


def test_only_what_changed_compares_the_defaults(engine):
    asked, default = read(engine, "What has the task force changed?")
    assert asked == ("start_age", "interval", "what_changed") and not default


def test_the_patients_age_asks_about_an_aspect_only_inside_its_range(engine):
    assert read(engine, "Should she keep getting mammograms?", [(79, 79)])[0] == ("age_75_and_older",)
    # an open "40+" or a decade that crosses 75 is not a 75-year-old
    assert read(engine, "Should she keep getting mammograms?", [(40, 130)]) == (engine.aspects.default, True)
    assert read(engine, "Should she keep getting mammograms?", [(70, 79)]) == (engine.aspects.default, True)


def test_a_negated_marker_is_not_an_exclusion_question(engine):
    asked, _ = read(engine, "no BRCA mutation; when should I start?")
    assert "high_risk" not in asked and "start_age" in asked


def plan(engine, settings, question, **changes):
    return engine.ask(question, dataclasses.replace(settings, **changes)).answer_chunks


def test_a_patients_age_picks_the_position_that_speaks_to_it(engine, settings):
    chunks = plan(engine, settings, "How often should a 48-year-old have a mammogram?")["interval"]
    assert "acs-2015#ages-45-to-54" in chunks
    assert "acs-2015#age-55-and-older" not in chunks and "acs-2015#ages-40-to-44" not in chunks
    older = plan(engine, settings, "How often should a 60-year-old have a mammogram?")["interval"]
    assert "acs-2015#age-55-and-older" in older and "acs-2015#ages-45-to-54" not in older


def test_a_partial_update_leaves_the_older_source_in_force_beside_it(engine, settings):
    chunks = plan(engine, settings, "What does ACOG say about screening women 75 and older?")["age_75_and_older"]
    assert set(chunks) == {"acog-2017#age-75-and-older", "acog-2024#age-75-and-older"}
    # on the start age the 2024 update replaced the 2017 section: only the update answers
    assert plan(engine, settings, "When does ACOG say to start?")["start_age"] == ("acog-2024#starting-age",)


def test_a_question_asking_for_a_kind_of_source_gets_it(engine, settings):
    guideline = plan(engine, settings, "What does ACOG say about dense breasts?")["dense_breasts"]
    faq = plan(engine, settings, "What does ACOG's patient FAQ say about dense breasts?")["dense_breasts"]
    assert guideline == ("acog-2024#dense-breasts",) and faq == ("acog-faq#dense-breasts",)
    # a clinician's "for my patients" names who the advice is for, not a kind of source
    clinician = plan(engine, settings, "What does ACOG say about dense breasts for my patients?")["dense_breasts"]
    assert clinician == ("acog-2024#dense-breasts",)


def test_a_kind_of_source_asked_for_besides_the_primary_one_adds_it(engine, settings):
    statement = plan(engine, settings, "What did the ACR's statement on the 2024 USPSTF recommendation say about "
                                       "risk assessment?")["risk_assessment"]
    assert statement == ("acr-uspstf-2024-response#risk-assessment",)
    both = plan(engine, settings, "By what age does the ACR want a risk assessment, and did it repeat that in its "
                                  "statement on the 2024 USPSTF recommendation?")["risk_assessment"]
    assert set(both) == {"acr-current#risk-assessment", "acr-uspstf-2024-response#risk-assessment"}
    # ... asked in a sentence of its own after the question ("Does this match ORG? Also want a patient page.")
    also = plan(engine, settings, "Draft reply: 'per ACOG, average-risk patients begin screening at 40, every 1-2 "
                                  "yrs.' Does this match current ACOG? Also want a patient-friendly ACOG page to "
                                  "link.")
    assert set(also["start_age"]) == {"acog-2024#starting-age", "acog-faq#when-to-start-and-how-often"}


def test_what_changed_is_told_by_the_change_statement(engine, settings):
    # the change statement gives the old and the new start: the versions' own chunks are not also the answer
    chunks = plan(engine, settings, "What did ACOG change about when to start?")
    assert chunks["what_changed"] == ("acog-2024#starting-age",) and "acog-2017#starting-age" not in chunks["start_age"]
    # ... unless the question names the replaced version, or asks what it said before
    for question in ("What did ACOG change about when to start, compared with its 2017 bulletin?",
                     "Before ACOG updated its guidance, what did it say about when to start?"):
        assert "acog-2017#starting-age" in plan(engine, settings, question)["start_age"]
    # a year in which the replaced version stood dates the "before" as well as naming it would
    dated = plan(engine, settings, "Back in 2019 I was told the task force left starting in the 40s up to me. "
                                   "What's different now about when to start?")["start_age"]
    assert "uspstf-2016#ages-40-to-49" in dated
    # ... not a year after it was replaced
    later = plan(engine, settings, "In 2025 I was told to start at 40. What changed about when to start?")
    assert not any(c.startswith("uspstf-2016") for c in later["start_age"])


def test_a_past_version_checked_in_one_question_and_the_present_asked_in_the_next_gets_both(engine, settings):
    chunks = plan(engine, settings, "Back in 2016 her doctor said the Task Force didn't back 3D mammograms. Is that "
                                    "what USPSTF said in 2016? And what's their position on 3D now?")["modality"]
    assert set(chunks) == {"uspstf-2016#tomosynthesis", "uspstf-2024#screening-modality"}


def test_a_past_question_naming_a_replaced_versions_year_gets_that_version(engine, settings):
    chunks = plan(engine, settings, "What did the 2016 USPSTF statement say about when to start?")["start_age"]
    assert set(chunks) == {"uspstf-2016#recommendation", "uspstf-2016#ages-40-to-49"}  # both state its start
    # asked today without a year, the version in force answers
    assert plan(engine, settings, "When does USPSTF say to start?")["start_age"] == ("uspstf-2024#recommendation",)


def test_named_organizations_are_in_play_unless_the_question_asks_who(engine, settings):
    named = engine.ask("Do USPSTF and ACR agree on how often?", settings)
    assert {c.split("-")[0] for c in named.answer_chunks["interval"]} == {"uspstf", "acr"}
    who = engine.ask("Who recommends annual screening for a 50-year-old?", settings)
    assert {c.split("-")[0] for c in who.answer_chunks["interval"]} == {"uspstf", "acs", "acog", "acr"}
    # "who ..., ORG-A or ORG-B?" asks between the two it names (as every label set that asks it so labels it)
    between = engine.ask("Who recommends annual screening for a 50-year-old, ACR or USPSTF?", settings)
    assert {c.split("-")[0] for c in between.answer_chunks["interval"]} == {"uspstf", "acr"}


@pytest.mark.parametrize("question, organizations", [
    # a profession's body, or the profession as one side of a comparison, names its organization
    ("Does the ob-gyn college go along with the radiologists on adding MRI for dense breast tissue?", {"acog", "acr"}),
    ("what interval does a cog recommend for her mammograms", {"acog"}),   # the name dictated
    ("Is the radiology society's advice on dense breasts different from the gynecologists' advice?", {"acog", "acr"}),
    # the profession as the one holding a position, and its guidelines in the singular
    ("A handout says the radiologists want yearly and the task force every two years. Which is it?",
     {"acr", "uspstf"}),
    ("Did the ob-gyn guidelines in 2019 say she could wait till 50?", {"acog"}),
])
def test_organizations_named_by_their_profession_are_in_play(engine, settings, question, organizations):
    decision = engine.ask(question, settings)
    assert {c.split("-")[0] for ids in decision.answer_chunks.values() for c in ids} == organizations


def test_a_profession_alone_names_no_organization(engine, settings):
    decision = engine.ask("My ob-gyn wants me to get an MRI for dense breasts. What do the guidelines say?", settings)
    assert {c.split("-")[0] for c in decision.answer_chunks["dense_breasts"]} >= {"uspstf", "acog", "acr"}


def test_organizations_without_a_statement_on_an_aspect_are_listed(engine, settings):
    decision = engine.ask("Which organizations recommend a risk assessment by 25?", settings)
    assert set(decision.aspects_missing["risk_assessment"]) == {"USPSTF", "ACS", "ACOG"}


def test_the_answer_chunks_fill_the_top_k_first(engine, settings):
    decision = engine.ask("How often should a 48-year-old have a mammogram?", settings)
    answering = {c for ids in decision.answer_chunks.values() for c in ids}
    assert len(decision.results) == settings.top_k and answering <= {r.chunk_id for r in decision.results}
    assert not any(r.signals["beyond_top_k"] for r in decision.results)


def test_an_answer_needing_more_than_k_shows_the_rest_after_the_top_k(engine, settings):
    question = "How often should a 48-year-old have a mammogram?"
    small = engine.ask(question, dataclasses.replace(settings, top_k=2))
    top, beyond = small.results[:2], small.results[2:]
    assert not any(r.signals["beyond_top_k"] for r in top)
    assert beyond and len(small.results) <= 4 and all(r.signals["beyond_top_k"] for r in beyond)
    answering = {c for ids in small.answer_chunks.values() for c in ids}
    assert {r.chunk_id for r in beyond} <= answering  # only answer-bearing chunks extend it
    # the top k alone decide: the support of the extension never lifts the decision
    assert small.max_support_score == max(r.support_score for r in top)


def test_a_version_named_by_its_number_is_that_version_in_the_past(engine, settings):
    # a source replaced in part: naming it asks about its replaced sections as they were
    chunks = plan(engine, settings, "What did ACOG's PB 179 say about the starting age, and how does the 2024 "
                                    "interim update differ?")["start_age"]
    assert set(chunks) == {"acog-2017#starting-age"}  # the update's own start is told by its change statement
    assert 2017 in engine.superseded_years(settings.reference_date)


def test_at_an_earlier_date_only_the_sources_then_answer(engine, settings):
    chunks = plan(engine, settings, "When should screening start?", reference_date=dt.date(2020, 6, 1),
                  reference_date_explicit=True)["start_age"]
    assert "uspstf-2016#ages-40-to-49" in chunks and not any(c.startswith(("uspstf-2024", "acr-")) for c in chunks)


@pytest.mark.parametrize("old, new, field", [
    ("    aspect: modality\n", "    aspect: nowhere\n", "aspect"),
    ("    ages: [45, 54]\n", "    ages: [54, 45]\n", "ages"),
    ("    subsumes: [start_age, interval]\n", "    subsumes: [nothing]\n", "subsumes"),
    ("    patient_only: true\n", "    patient_only: maybe\n", "patient_only"),
    ("    states_versions_of: [start_age]\n", "    states_versions_of: [{start_age: 1}]\n", "states_versions_of"),
    ("    states_versions_of: [start_age]\n", "    states_versions_of: [someday]\n", "states_versions_of"),
    ("default_aspects: [start_age, interval]", "default_aspects: [someday]", "default_aspects"),
    ("    cues: ['\\bdiagnostic\\b',", "    cues: ['(unclosed',", "cues[0]"),
    # a double-quoted "\b" in YAML is a backspace: a cue that could never match is refused
    ("    cues: ['\\bdiagnostic\\b',", '    cues: ["\\bdiagnostic\\b",', "control character"),
])
def test_the_positions_file_is_validated_with_file_and_field(engine, corpus_copy, old, new, field):
    path = corpus_copy / "positions.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        load_aspects(dataclasses.replace(engine.corpus, directory=corpus_copy))
    assert str(path) in str(error.value) and field in str(error.value)


def test_a_pack_without_positions_has_no_aspects(engine, corpus_copy):
    (corpus_copy / "positions.yaml").unlink()
    rules = load_aspects(dataclasses.replace(engine.corpus, directory=corpus_copy))
    assert rules.aspects == {} and rules.positions == () and rules.read("anything", ()) == ((), True)


@pytest.mark.parametrize("key, value", [("source_cues", ["not", "a mapping"]), ("positions", {"a": "mapping"}),
                                        ("every_organization_cues", "not a list")])
def test_a_misshapen_section_is_a_named_problem_not_a_traceback(engine, corpus_copy, key, value):
    import yaml

    path = corpus_copy / "positions.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data[key] = value
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        load_aspects(dataclasses.replace(engine.corpus, directory=corpus_copy))
    assert str(path) in str(error.value)


def test_a_kind_of_source_asked_for_before_it_existed_is_an_abstention(engine, at_date):
    """Asking for an organization's patient material on a point none of its sources then
    stated abstains; asking the same while the guideline answers the point does not."""
    question = "Is there an ACOG patient FAQ explaining dense breast tissue that I could hand to a patient?"
    before = engine.ask(question, at_date("2024-10-09", reference_date_explicit=True))
    assert before.abstain and "ACOG on dense breasts" in before.abstain_reason
    plain = engine.ask("What does ACOG tell patients about when to start mammograms? I'd like something "
                       "plain-language to pass on.", at_date("2024-08-15", reference_date_explicit=True))
    assert not plain.abstain and "acog-2017#starting-age" in {r.chunk_id for r in plain.results}


def test_an_aspect_read_in_passing_never_turns_a_question_into_an_abstention(engine, settings):
    decision = engine.ask("Before the 2024 change, what did the task force tell women in their 40s? My sister is "
                          "48 and I'm trying to understand why nobody ever pushed her to get a mammogram.", settings)
    assert not decision.abstain and "uspstf-2016#ages-40-to-49" in {r.chunk_id for r in decision.results}


@pytest.mark.parametrize("question, absent", [
    ("47F here for her annual, CBE nl today. Does she still need the clinical breast exam?", "interval"),
    ("still doing annual CBE for my 40+ pts. is cbe still in acog guidance?", "interval"),
    ("I breastfed years ago. I'm 49. Does any of that change how often I should get mammograms?", "what_changed"),
    ("42, her sister was diagnosed at 50. Is she covered by the USPSTF recommendation?", "start_age"),
])
def test_an_aspect_named_in_passing_is_not_asked(engine, question, absent):
    assert absent not in engine.aspects.read(engine.vocabulary.normalize(question), ())[0]


def test_an_option_in_one_age_band_answers_only_a_patient_in_it(engine, settings):
    """ACS's annual option at 40 to 44 is not its answer to "how often?" for no one in particular."""
    general = plan(engine, settings, "How often does ACS say to get a mammogram?")["interval"]
    assert "acs-2015#ages-40-to-44" not in general and "acs-2015#ages-45-to-54" in general
    young = plan(engine, settings, "I'm 42. How often does ACS say to get a mammogram?")["interval"]
    assert "acs-2015#ages-40-to-44" in young


@pytest.mark.parametrize("question, asked, absent", [
    # context told in passing is not what is asked
    ("acr says q1y, uspstf says q2y, pts are confusd. did acr say anything about the conflicting recs?",
     "conflicting_advice", "interval"),
    ("whats the differnce between a screening mamogram and a diagnostic one?? i dont have symptoms, just due for "
     "my regular one", "screening_vs_diagnostic", "interval"),
    # a version compared with an earlier one by its year asks what changed
    ("What is the USPSTF position on tomosynthesis, and how does it differ from what it said in 2016?",
     "what_changed", None),
    ("Compare the USPSTF 2016 and 2024 recommendations for women in their 40s", "what_changed", None),
    ("my sister says i should do a self breast exam every month. what does ACOG tell patients?", "self_awareness",
     None),
    # a last sentence that asks without a question mark is asked
    ("what was acr's reaction to the 2024 rec? did they think it went far enough, and what interval are they pushing",
     "interval", None),
    # the sentence that asks points back to the context ("what does ORG mean by that?")
    ("The nurse told my aunt to be breast self-aware instead of doing monthly exams. What does ACOG mean by that?",
     "self_awareness", None),
    # ... or to the versions it named ("... changed from the 2016 version to the 2024 one. the grade for each?")
    ("I'm tracing how the USPSTF recommendation for women aged 40-49 changed from the 2016 version to the 2024 "
     "version. Can you give me the grade and wording for each, plus the reasons the 2024 version gives?",
     "what_changed", None),
    # material written for patients is a kind of source, not a question of who the advice applies to
    ("Is there anything ACOG wrote for patients on checking your own breasts? Something written for patients.",
     "self_awareness", "applies_to"),
    # a test that would replace another is not a version replaced
    ("Can checking yourself in the shower replace a mammogram, per ACOG?", "self_awareness", "what_changed"),
    ("Did the 2024 update replace the 2017 practice bulletin on the starting age?", "what_changed", None),
    # lay words for a clinician's breast exam; what an organization cited is its reasons
    ("Is a hands-on exam in the office still advised for a 30 year old?", "clinical_breast_examination", None),
    ("Did ACOG cite the same rise in incidence the task force pointed to?", "reasons", None),
    # "any reason she can't have one?" asks whether the advice applies to her, not the reasons given
    ("44F, breastfed until 2019. Any reason she can't have a routine mammogram?", "applies_to", "reasons"),
    # waiting told as the time of the message, and the start told as the time a question is set against, ask
    # no start ("while we wait she's asking ...": the clause that asks begins at "while", none of it cut off)
    ("mom is 58, in surgery for her knee. while we wait she's asking if she really needs a mammogram every year or "
     "every other year.", "interval", "start_age"),
    ("She's 26. Is there any recommendation that someone her age get a risk assessment, long before mammograms "
     "start?", "risk_assessment", "start_age"),
    # an age of 55 or more told with "at" is the patient's in an interval question; a start age is a start
    ("58F. Which orgs actually back annual at 58 vs q2y?", "interval", "start_age"),
    ("55 y/o F. How often do USPSTF, ACS, ACOG and ACR each say she should be screened at 55?", "interval",
     "start_age"),
    ("Which organizations back annual screening at 40?", "start_age", None),
    # the grade now beside the grade of an earlier version, and the version an update replaced, ask what changed
    ("What grade does USPSTF give screening for women 40-49 now, and what was it in the 2016 version?",
     "what_changed", None),
    ("When was the current USPSTF recommendation published, and which earlier version did it replace?",
     "what_changed", None),
    # an update named by its month and year, asked before and after
    ("How did ACOG's advice on when to begin differ before and after its October 2024 interim update to Practice "
     "Bulletin 179?", "what_changed", None),
    # the patient told as not at high risk asks nothing of who is excluded
    ("I'm 42. One says start at 40, another 45. Who actually says what?? As far as I know I'm not high risk.",
     "start_age", "high_risk"),
    ("Who is at high risk and left out of the USPSTF advice?", "high_risk", None),
])
def test_aspects_are_read_from_what_the_question_asks(engine, question, asked, absent):
    read = engine.aspects.read(engine.vocabulary.normalize(question), ())[0]
    assert asked in read and absent not in read


def test_each_part_of_a_question_asks_the_organizations_it_names(engine, settings):
    chunks = plan(engine, settings, "47F, mom had DCIS at 70. does mom's hx take her out of the uspstf avg-risk rec? "
                                    "and what interval does acog want for her?")
    assert chunks["applies_to"] == ("uspstf-2024#population",)
    assert all(c.startswith("acog-") for c in chunks["interval"])
    # an elliptical follow-up ("per ACS?") asks the same as the part before it
    both = plan(engine, settings, "CBE at the annual well-woman visit for a 30yo - still indicated per ACOG? per ACS?")
    assert {"acog-2017#clinical-breast-examination", "acs-2015#clinical-breast-examination"} <= set(
        both["clinical_breast_examination"])


def test_who_asks_about_every_organization_only_when_it_asks_who_advises(engine):
    asks = engine.aspects.asks_every_organization
    assert asks(engine.vocabulary.normalize("Who recommends annual screening, ACR or USPSTF?"))
    assert not asks(engine.vocabulary.normalize("Who exactly does the 2024 USPSTF recommendation cover?"))
    # "which one" chooses among the organizations named
    assert not asks(engine.vocabulary.normalize("USPSTF says biennial, ACR wants annual. which one do i follow?"))


def test_a_change_asked_of_another_aspect_brings_that_aspects_versions_only(engine, settings):
    chunks = plan(engine, settings, "What is the USPSTF position on tomosynthesis, and how does it differ from "
                                    "what it said in 2016?")
    assert chunks["what_changed"] == ()
    assert {"uspstf-2016#tomosynthesis", "uspstf-2024#screening-modality"} <= set(chunks["modality"])
    # a change of the start age is what the change statement speaks of
    assert "uspstf-2024#changes-from-2016" in plan(engine, settings, "What changed in the USPSTF start age?")[
        "what_changed"]


def test_organizations_named_with_no_statement_on_the_point_asked_abstain(engine, settings):
    decision = engine.ask("Do ACOG and the ACR recommend 3D mammography (tomosynthesis) over standard 2D "
                          "mammograms for routine screening?", settings)
    assert decision.abstain and "ACOG, ACR on" in decision.abstain_reason
    # one of them with a statement on it: answered, the other said to have none
    answered = engine.ask("Do USPSTF and ACR recommend tomosynthesis over standard 2D mammograms?", settings)
    assert not answered.abstain and answered.aspects_missing.get("modality") == ("ACR",)


@pytest.mark.parametrize("question, asked, absent", [
    ("Did the ACR welcome the USPSTF's 2024 move to age 40?", "response", None),
    ("Which patients do USPSTF 2024 and ACS 2015 each leave out of their advice?", "high_risk", None),
    ("hi im 15 asking for my mom. shes 43, when should she start mammograms?", "start_age", "calls_for"),
    ("55yo F avg risk, last mammo 2y ago neg. ACS says q1 or q2 now?", "interval", "start_age"),
    # who is NOT covered asks the exclusions, whatever verb says so
    ("Who exactly is NOT covered by the current USPSTF recommendation?", "high_risk", "applies_to"),
    ("Which patients does the ACS advice not include?", "high_risk", "applies_to"),
    # a family upset that her mammograms were stopped is no organization's reaction
    ("The family are upset that her yearly mammograms were stopped. What do they recommend for women over 75?",
     "age_75_and_older", "response"),
    ("Was the ACR upset when the task force went to 40?", "response", None),
    ("ACS def of average risk?", "applies_to", "start_age"),
    ("mammo >75: USPSTF vs ACS vs ACR?", "age_75_and_older", "start_age"),
    # the figures a rationale gave, asked for, beside a change told in context
    ("In one episode they said the task force lowered its mammogram age in 2024 because breast cancer is rising "
     "in women in their 40s. Do you know the actual numbers the USPSTF gave?", "reasons", "start_age"),
    # "what does it tell patients to do?" beside self-awareness asks about self-awareness
    ("Does ACOG have patient-facing material on breast self-awareness, and what does it tell patients to do?",
     "self_awareness", "start_age"),
    ("Does the recommendation cover her, and what would it be?", "applies_to", None),
])
def test_more_ways_of_asking(engine, question, asked, absent):
    read = engine.aspects.read(engine.vocabulary.normalize(question), ())[0]
    assert asked in read and absent not in read


def test_the_2016_recommendation_states_its_start_age_to_all_but_a_patient_in_her_forties(engine, settings):
    at_2020 = dict(reference_date=dt.date(2020, 6, 1), reference_date_explicit=True)
    general = plan(engine, settings, "When should an average-risk woman start screening mammography?", **at_2020)
    assert {"uspstf-2016#recommendation", "uspstf-2016#ages-40-to-49"} <= set(general["start_age"])
    forties = plan(engine, settings, "I'm 44. When should I start screening mammography?", **at_2020)
    assert "uspstf-2016#recommendation" not in forties["start_age"]


def test_a_reaction_asked_of_the_organization_reacted_to_comes_from_whoever_reacted(engine, settings):
    chunks = plan(engine, settings, "How did the radiologists' college react when the task force finalized its "
                                    "recommendation in April 2024?")
    assert "acr-uspstf-2024-response#response-to-uspstf-2024" in chunks["response"]


def test_a_part_naming_only_an_organization_not_in_play_keeps_the_others(engine, settings):
    """'My radiologists' names no organization the question holds in play (the pack's names do not
    count a radiologist), so its part still asks the organizations the question names."""
    chunks = plan(engine, settings, "When do USPSTF and ACS say to start mammograms? My radiologists want yearly?")
    assert {"uspstf-2024#recommendation", "acs-2015#ages-45-to-54"} <= set(chunks["interval"])


# --- organizations in play: an aside, a misspelling, the one a reaction is to -----------------------

def test_a_question_mark_in_an_aside_does_not_split_the_question(engine, settings):
    decision = engine.ask("turning 40: my gyno (acog?) says mammograms every year but the uspstf says every 2 "
                          "yrs?? whos right", settings)
    assert {c.split("#")[0] for c in decision.answer_chunks["interval"]} == {"acog-2024", "uspstf-2024"}


def test_a_misspelt_organization_is_named(engine, settings):
    decision = engine.ask("my doctor says every year but the usptf says every 2 years, which is it?", settings)
    assert {c.split("#")[0] for c in decision.answer_chunks["interval"]} == {"uspstf-2024"}


@pytest.mark.parametrize("question", ["41F, sister dx at 47, germline panel negative. Still avg risk under USPSTF?",
                                      "Is she still considered average risk by the task force if her aunt had it?"])
def test_asking_whether_she_is_still_average_risk_asks_who_it_applies_to(engine, question):
    assert "applies_to" in read(engine, question)[0]


def test_the_organization_a_reaction_is_to_has_no_statement_to_miss(engine, settings):
    decision = engine.ask("At what age does the ACR want a risk assessment, and did it repeat that in its "
                          "statement on the 2024 USPSTF recommendation?", settings)
    assert decision.aspects_missing.get("risk_assessment", ()) == ()
    asked_by_name = engine.ask("Which organizations recommend a risk assessment by 25?", settings)
    assert "USPSTF" in asked_by_name.aspects_missing["risk_assessment"]  # asked about, so still listed


@pytest.mark.parametrize("question, asked, absent", [
    # whether her own history changes the advice (present tense) is not what an organization changed
    ("I'm 52 and have asthma. Would my asthma change how often I get screened?", "interval", "what_changed"),
    ("Does that earlier biopsy history change what the task force advises for her?", None, "what_changed"),
    ("Did the 2024 update change how often ACOG advises screening?", "what_changed", None),
    ("What did the task force revise in its newest statement?", "what_changed", None),
    # one year alone names the version asked about; two versions, or one against now, compare
    ("How does the USPSTF 2024 start age compare with the ACR's?", "start_age", "what_changed"),
    ("How does the 2016 advice differ from the current one?", "what_changed", None),
    ("How does it compare with the 2016 practice bulletin?", "what_changed", None),
    # "still pushing X" recommends X; "pushing for" and "what are they pushing" ask for the calls it makes
    ("Is ACS still pushing clinical breast exams for women in their 30s?", "clinical_breast_examination",
     "calls_for_more"),
    ("The radiologists said it was not enough. What are they pushing for?", "calls_for_more", None),
    # ... "instead" asks what it wants in place of the other's advice
    ("The radiologists said it was not enough. What are they pushing for instead?", "calls_for", "calls_for_more"),
    # a reaction named only as where the point is asked ("in its statement on ...") is not asked
    ("What interval did the ACR ask for in its statement on the final task force update?", "interval", "response"),
    # who it is NOT meant for asks who is left out; "may not apply to me" still asks whether it covers her
    ("Which people is the task force advice explicitly not written for?", "high_risk", "applies_to"),
    ("A nurse said the rules may not apply to me. Is a woman with a family history included?", "applies_to",
     "high_risk"),
    ("is she still on the regular every-two-years plan?", "interval", None),
])
def test_words_that_look_like_a_cue_are_not_one(engine, question, asked, absent):
    read = engine.aspects.read(engine.vocabulary.normalize(question), ())[0]
    assert (asked is None or asked in read) and absent not in read


def test_a_reaction_named_as_where_the_point_is_asked_keeps_its_subject_out_of_missing(engine, settings):
    decision = engine.ask("What interval did the ACR ask for in its statement on the final task force update?",
                          settings)
    assert "response" not in decision.aspects
    assert all(c.startswith("acr-uspstf-2024-response#") for c in decision.answer_chunks["interval"]
               if c.startswith("acr"))
    assert "USPSTF" not in decision.aspects_missing.get("interval", ())


def test_which_groups_changed_leaves_out_the_positions_of_organizations_with_one_version(engine, settings):
    decision = engine.ask("Which organizations have changed their screening advice in recent years?", settings)
    organizations = {c.split("-")[0] for a in ("start_age", "interval") for c in decision.answer_chunks.get(a, ())}
    assert organizations and organizations <= {"uspstf", "acog"}  # ACS and ACR hold one version each
    assert {"ACS", "ACR"} <= set(decision.aspects_missing["what_changed"])
    assert "ACS" not in decision.aspects_missing.get("start_age", ())
    # an organization named is asked about even when it holds a single version
    named = engine.ask("What changed in the ACS advice on when to start?", settings)
    assert any(c.startswith("acs-2015#") for c in named.answer_chunks["start_age"])


def test_an_aspect_asked_in_a_part_of_its_own_is_not_a_subject(engine):
    # three asks of one organization: stopping does not swallow starting and the interval
    asked = read(engine, "Per the ACS, at what age should she start mammograms, how often should she go, and "
                         "when can she stop?")[0]
    assert {"start_age", "interval", "age_75_and_older"} <= set(asked)
    # the start age named as the subject of a reason is still not asked
    assert "start_age" not in read(engine, "Why did ACOG lower the age to start screening?")[0]


def test_who_the_patient_is_qualifies_whether_the_advice_applies(engine, settings):
    """Told before the question ("I'm nonbinary. Does it apply to me?"), gender identity is what is
    asked: answered where a card speaks of it, and the others said to have no statement on it."""
    decision = engine.ask("I'm genderqueer, assigned female at birth, 47. Does mammogram advice even cover me?",
                          settings)
    assert decision.aspects == ("gender_identity",)
    assert decision.answer_chunks["gender_identity"] == ("uspstf-2024#population",)
    assert {"ACS", "ACOG", "ACR"} <= set(decision.aspects_missing["gender_identity"])
    # who the patient is, told beside a point asked of them, is asked too (the answer says whom it covers);
    # told beside a question about organizations' disagreement, it is not
    assert "gender_identity" in read(engine, "I'm a trans man, 45. How often should I be screened?")[0]
    assert "gender_identity" not in read(engine, "I'm a trans man, 46. Did any group say the conflicting advice "
                                                 "confuses people?")[0]


@pytest.mark.parametrize("question", [
    "Does the task force guidance cover a nonbinary patient of 52, and what would it be?",
    "Is she still covered by the ACOG advice after her sister's diagnosis? What does it say to do for her?",
])
def test_asking_for_the_recommendation_as_a_whole_adds_the_defaults(engine, question):
    assert set(engine.aspects.default) <= set(read(engine, question)[0])


def test_from_what_age_asks_when_to_start_and_by_what_age_a_risk_assessment_does_not(engine):
    assert "start_age" in read(engine, "Does USPSTF cover trans men, and from what age?")[0]
    assert "start_age" not in read(engine, "By what age does ACR want a risk assessment?")[0]


def test_whether_one_patient_is_excluded_is_whether_the_advice_applies_to_her(engine):
    asked = read(engine, "Does the task force advice still apply to her, or is she excluded as high risk?",
                 [(43, 43)])[0]
    assert "applies_to" in asked and "high_risk" not in asked
    # asked of no one in particular, who is covered and who is left out are two points
    asked = read(engine, "Does the task force advice still apply to women with a family history, or are they "
                         "excluded as high risk?")[0]
    assert {"applies_to", "high_risk"} <= set(asked)


def test_lay_words_for_a_clinicians_breast_exam(engine):
    assert "clinical_breast_examination" in read(
        engine, "Should she have a doctor examine her breasts as part of screening at 30?")[0]
    assert "clinical_breast_examination" in read(
        engine, "I'm in for my yearly physical. Should the nurse practitioner also be doing a breast exam?")[0]


def test_a_reaction_asked_of_one_point_is_its_section_on_that_point(engine, settings):
    """"did its reaction say anything about X?" asks the reaction's statement on X; "how did it react?
    and what did it want on X?" asks both."""
    decision = engine.ask("When the task force finalized its 2024 rec, did the radiology college's reaction say "
                          "anything about risk assessment?", settings)
    assert decision.answer_chunks["response"] == ()
    assert decision.answer_chunks["risk_assessment"] == ("acr-uspstf-2024-response#risk-assessment",)
    decision = engine.ask("How did the ACR react when the USPSTF finalized its 2024 recommendation? And what did "
                          "it want on frequency?", settings)
    assert "acr-uspstf-2024-response#response-to-uspstf-2024" in decision.answer_chunks["response"]


def test_a_point_granted_before_the_ask_is_not_the_answer(engine, settings):
    decision = engine.ask("Apart from wanting yearly instead of every-two-year mammograms, what else did the ACR call "
                          "for in its statement on the USPSTF update?", settings)
    assert decision.aspects == ("calls_for_more",)
    assert decision.answer_chunks["calls_for_more"] == ("acr-uspstf-2024-response#risk-assessment",)
    # the same question without the granted point keeps the yearly call
    decision = engine.ask("What did the ACR call for in its statement on the USPSTF update?", settings)
    assert "acr-uspstf-2024-response#annual-screening-from-40" in decision.answer_chunks["calls_for_more"]


def test_health_that_limits_life_expectancy_asks_when_to_stop(engine):
    asked = read(engine, "73F, CHF EF 20%, palliative referral placed. Should she keep the yearly mammo?",
                 [(73, 73)])[0]
    assert asked == ("age_75_and_older",)
    # her health told beside a question on another point does not make it one about stopping
    assert "age_75_and_older" not in read(
        engine, "73F, palliative referral placed. What does ACR say on extra imaging for dense breasts?", [(73, 73)])[0]


def test_a_change_statement_answers_what_changed_only_on_the_point_it_changes(engine, settings):
    # asked whether the update changed the interval: ACOG's change statement (on the start age) is not
    # the answer, its two versions of the interval are, and ACOG is not missing on what changed
    decision = engine.ask("Before ACOG's 2024 update, how often did ACOG say to have a mammogram, and did the "
                          "update change that interval?", settings)
    assert set(decision.answer_chunks["interval"]) == {"acog-2017#screening-interval", "acog-2024#screening-interval"}
    assert decision.answer_chunks["what_changed"] == () and decision.aspects_missing.get("what_changed", ()) == ()
    # asked what changed on the start age, the change statement answers
    decision = engine.ask("Did ACOG's 2024 update change when to start mammograms?", settings)
    assert "acog-2024#starting-age" in decision.answer_chunks["what_changed"]


def test_an_exam_she_already_had_is_not_the_kind_of_mammogram_asked_about(engine):
    assert read(engine, "Pt w/ dense breasts, neg 2D mammo last month, wants an MRI. What does ACR say?")[0] \
        == ("dense_breasts",)
    assert "modality" in read(engine, "Is a 3D mammogram better than a 2D one for her?")[0]


def test_the_ages_and_interval_of_a_clinical_breast_exam_are_its_own(engine):
    # "for patients in their 40s" and "how often" are what the exam's own section answers
    assert read(engine, "Should I keep doing clinical breast exams on my patients in their 40s? ACS vs ACOG?")[0] \
        == ("clinical_breast_examination",)
    # asked in a part of its own, the start of mammography is still asked
    assert "start_age" in read(engine, "When should she start mammograms? And does she need a clinical breast exam?")[0]


def test_every_relational_aspect_asked_of_the_point_is_narrowed(engine):
    from review_app.engine.aspects import _reaction_on_the_point
    response = "acr-uspstf-2024-response"
    chunks = {"risk_assessment": (f"{response}#risk-assessment",),
              "response": (f"{response}#response-to-uspstf-2024", f"{response}#annual-screening-from-40"),
              "calls_for": (f"{response}#annual-screening-from-40", f"{response}#risk-assessment")}
    narrowed = _reaction_on_the_point(engine.aspects, engine.corpus, chunks, (),
                                      (("response", ("risk_assessment",)), ("calls_for", ("risk_assessment",))))
    assert narrowed["response"] == () and narrowed["calls_for"] == (f"{response}#risk-assessment",)
    assert narrowed["risk_assessment"] == chunks["risk_assessment"]
    # (a point asked only in another clause narrows nothing: "how did it react? and what about X?")
    apart = _reaction_on_the_point(engine.aspects, engine.corpus, chunks, (), (("response", ()),))
    assert apart["response"] == chunks["response"]


def test_lay_words_for_a_risk_check_and_a_clause_that_goes_on_about_it(engine):
    # "a risk workup ... or does that wait until ...": the start the clause names is the check's
    assert read(engine, "She is 27. Should she have a risk workup already, or does that wait until "
                        "mammograms begin?", ((27, 27),))[0] == ("risk_assessment",)
    # the counterpart: a clause of its own asks when screening starts
    assert "start_age" in read(engine, "She is 27. Should she have a risk workup already? And when do "
                                       "mammograms begin?", ((27, 27),))[0]


def test_a_patient_in_her_twenties_asks_about_the_risk_assessment_beside_what_she_asks(engine):
    assert read(engine, "She is 26, no family history. Does she need anything yet?", ((26, 26),))[0][-1] == \
        "risk_assessment"
    # beside, not instead: the start she asks about is still asked
    assert set(read(engine, "She is 26. When should she start mammograms?", ((26, 26),))[0]) == {
        "start_age", "risk_assessment"}
    assert "risk_assessment" not in read(engine, "She is 34. When should she start mammograms?", ((34, 34),))[0]


def test_a_confused_patient_is_context_not_a_question_about_conflicting_advice(engine):
    assert "conflicting_advice" not in read(engine, "Her old doctor in Ontario told her 50 and her new one says "
                                                    "40, so she is confused. What does the USPSTF say?")[0]
    assert "conflicting_advice" in read(engine, "Why is the advice on mammograms so confusing?")[0]


def test_is_the_recommendation_for_her_asks_who_it_applies_to(engine):
    assert read(engine, "Is the ACS guidance even for her?")[0] == ("applies_to",)


def test_more_ways_of_asking_when_and_how_often(engine):
    assert read(engine, "I'm 43. When should I be getting mammograms?", ((43, 43),))[0] == ("start_age",)
    assert read(engine, "Which guidelines say she should be screening at her age?", ((44, 44),))[0] == ("start_age",)
    assert read(engine, "Her last one was in 2023. Is she overdue?", ((58, 58),))[0] == ("interval",)
    # the counterparts: "how often ... at my age" asks the interval; a risk assessment is what she gets
    assert read(engine, "How often am I supposed to be screened at my age?", ((46, 46),))[0] == ("interval",)
    assert "start_age" not in read(engine, "When should she get a risk assessment?", ((23, 23),))[0]


def test_every_organization_is_read_where_the_question_asks(engine, settings):
    decision = engine.ask("Patients keep asking why some doctors say every year and others every two. "
                          "What do ACR and USPSTF each recommend for a 47-year-old?", settings)
    organizations = {engine.corpus.chunk_by_id[c].organization for ids in decision.answer_chunks.values() for c in ids}
    assert organizations == {"ACR", "USPSTF"}
    # the counterpart: asked in the sentence that asks, "the others" brings every organization in
    decision = engine.ask("ACR says every year. What do the others recommend for a 47-year-old?", settings)
    organizations = {engine.corpus.chunk_by_id[c].organization for ids in decision.answer_chunks.values() for c in ids}
    assert organizations == {"ACR", "USPSTF", "ACS", "ACOG"}


def test_a_hyphen_joins_the_words_of_a_cue(engine):
    assert read(engine, "Is the ACR's risk-assessment advice meant for someone her age?")[0] == ("risk_assessment",)


def test_a_reaction_asked_in_a_clause_of_its_own_after_a_dash_is_the_whole_reaction(engine, settings):
    chunks = plan(engine, settings, "How did the ACR react to the task force's final 2024 update - did it go "
                                    "along with screening every two years?")
    assert set(chunks["response"]) == {"acr-uspstf-2024-response#response-to-uspstf-2024",
                                       "acr-uspstf-2024-response#annual-screening-from-40"}
    # the counterpart: asked of the point in the same clause, only the reaction's statement on it
    narrowed = plan(engine, settings, "Did the ACR's reaction to the task force push for screening every year?")
    assert narrowed["response"] == ("acr-uspstf-2024-response#annual-screening-from-40",)


def test_the_reasons_for_a_change_ask_the_reasons(engine):
    assert read(engine, "ACOG moved its start to 40. What justification did it offer for the change?")[0] == \
        ("reasons",)
    # the counterpart: asked apart, what changed is asked too
    assert set(read(engine, "What changed in the USPSTF update, and what was the rationale?")[0]) >= {
        "reasons", "what_changed"}


def test_whether_an_aspects_advice_applies_to_her_asks_that_aspect(engine):
    assert read(engine, "Does ACR's risk assessment advice apply to a woman like her?")[0] == ("risk_assessment",)
    assert set(read(engine, "Does the USPSTF advice apply to her, and should she get a risk assessment?")[0]) == {
        "risk_assessment", "applies_to"}


def test_patient_friendly_material_is_asked_for(engine, settings):
    chunks = plan(engine, settings, "Does ACOG have anything patient-friendly on dense breasts?")["dense_breasts"]
    assert chunks == ("acog-faq#dense-breasts",)


def test_the_old_advice_quoted_in_a_what_changed_question_brings_the_old_version(engine, settings):
    chunks = plan(engine, settings, "Her aunt was told 'no later than 50' by her gynecologist. What changed in "
                                    "ACOG's advice on when to begin?")
    assert "acog-2017#starting-age" in chunks["start_age"]
    # the counterparts: no quote; a quote asked only whether it still holds
    assert "acog-2017#starting-age" not in plan(engine, settings, "What changed in ACOG's advice on when to "
                                                                  "begin?").get("start_age", ())
    still = plan(engine, settings, "Our handout says 'offer at 40, begin by 50'. Is that still what ACOG says?")
    assert "acog-2017#starting-age" not in {c for ids in still.values() for c in ids}


def test_a_reaction_told_as_what_was_said_when_another_finalized_its_guidance(engine, settings):
    chunks = plan(engine, settings, "What did the ACR say when the task force finalized its update, and how often "
                                    "did it push for?")
    assert chunks["interval"] == ("acr-uspstf-2024-response#annual-screening-from-40",)
    # "responded yet" asks whether something was said by now, not about an age
    assert "start_age" not in read(engine, "Has the ACR responded yet to the task force?")[0]


def test_how_often_a_supplemental_test_is_done_is_the_supplemental_question(engine):
    assert read(engine, "My friend says I need an MRI every year on top of my mammogram because of dense "
                        "breasts. Is that right?")[0] == ("dense_breasts",)


def test_a_test_counting_as_screening_is_not_whom_the_advice_covers(engine):
    assert read(engine, "Does tomosynthesis count as proper screening under the USPSTF?")[0] == ("modality",)


def test_treating_it_differently_asks_what_changed_about_the_point_before(engine):
    assert set(read(engine, "In 2016 the USPSTF would not back 3D mammography as a primary test. Does the 2024 "
                            "version see it any differently?")[0]) == {"modality", "what_changed"}


def test_the_current_line_quoted_is_not_the_old_advice(engine, settings):
    chunks = plan(engine, settings, "'Everyone at average risk should begin at 40' - is that ACOG's line now, and "
                                    "what changed?")
    assert "acog-2017#starting-age" not in {c for ids in chunks.values() for c in ids}


def test_asking_who_is_correct_asks_every_organization(engine, settings):
    chunks = plan(engine, settings, "My nurse said 40, but a neighbour says the cancer society says 45. Who is "
                                    "correct about when to begin?")["start_age"]
    assert {"uspstf-2024#recommendation", "acog-2024#starting-age", "acr-current#starting-age-and-interval"} <= \
        set(chunks)
    # the counterpart: naming one organization without asking who is right keeps it alone
    named = plan(engine, settings, "A neighbour says the cancer society says 45. When does it say to begin?")
    assert {c.split("#")[0] for c in named["start_age"]} == {"acs-2015"}


def test_something_for_patients_to_read_asks_for_patient_material(engine, settings):
    chunks = plan(engine, settings, "My results letter says dense tissue. Does ACOG have anything for patients to "
                                    "read about it?")
    assert chunks["dense_breasts"] == ("acog-faq#dense-breasts",)


@pytest.mark.parametrize("question", [
    # what was told at a past time, checked beside the present
    "A patient heard years ago that the task force would not back 3D mammograms. Was that right, and what does "
    "it say now?",
    # the present and a past year asked side by side (the year spoken as words)
    "Does the task force count 3D mammography as a screening test now, and what did they say about it in "
    "twenty sixteen?",
])
def test_the_past_checked_beside_the_present_brings_both_versions(engine, settings, question):
    chunks = plan(engine, settings, question)["modality"]
    assert set(chunks) == {"uspstf-2024#screening-modality", "uspstf-2016#tomosynthesis"}


def test_the_present_or_a_past_year_asked_alone_keeps_its_own_version(engine, settings):
    assert plan(engine, settings, "Does the task force back 3D mammograms?")["modality"] == \
        ("uspstf-2024#screening-modality",)
    assert plan(engine, settings, "What did the task force say about 3D mammography in 2016?")["modality"] == \
        ("uspstf-2016#tomosynthesis",)


@pytest.mark.parametrize("question, aspects", [
    # a document "that covers that" is no one covered; "is looking for a handout that explains ..." is the ask
    ("A patron is looking for a leaflet that explains screening versus diagnostic mammograms. Is there anything "
     "that covers that?", ("screening_vs_diagnostic",)),
    ("Was there anything about younger women in the task force's reasoning?", ("reasons",)),
    ("Where did the ACR land on the final task force rec?", ("response",)),
])
def test_what_a_question_asks_in_other_words(engine, question, aspects):
    assert read(engine, question)[0] == aspects


@pytest.mark.parametrize("question, aspects", [
    # a point named as what organizations disagree on is asked of each: "why do they still differ" asks the point,
    # not the reasons each gives for its own advice (no author's gold cites a rationale for it)
    ("Why do the cancer society and the task force still differ on how often to screen?", ("interval",)),
    ("Why does the task force recommend screening every two years?", ("reasons",)),
    # a clinician's exam told by how it is done, and the patient checking her own
    ("Should the nurse practitioner check her breasts by hand at each visit?", ("clinical_breast_examination",)),
    ("is a breast exam by doctor needed every year?", ("clinical_breast_examination",)),
    ("Should I be checking my breasts every month?", ("self_awareness",)),
    # displeasure with another's guidance is a reaction to it
    ("What did the radiology college object to in the task force's 2024 statement?", ("response",)),
    ("Was the ACR unhappy with the final task force guidance?", ("response",)),
])
def test_points_disputed_exams_and_reactions_in_other_words(engine, question, aspects):
    assert read(engine, question)[0] == aspects


def test_why_a_point_changed_still_asks_the_reasons_only(engine):
    # the counterpart: a point named as the subject of "why" is not asked
    assert read(engine, "Why did the task force lower its start age?")[0] == ("reasons",)


def test_who_the_patient_is_qualifies_a_point_asked_of_them(engine, settings):
    question = "nonbinary, assigned female at birth, 41 here. per the task force, how often should I go?"
    assert "gender_identity" in read(engine, question, ((41, 41),))[0]
    assert "uspstf-2024#population" in plan(engine, settings, question)["gender_identity"]
    # the counterpart: no one's gender identity told, no population section
    assert "gender_identity" not in read(engine, "41 here. per the task force, how often should I go?",
                                         ((41, 41),))[0]


def test_every_organization_asked_beside_a_reaction_keeps_them_all(engine, settings):
    question = ("Who recommends annual screening and who biennial for a 52-year-old, and how did the ACR respond "
                "to the task force's 2024 statement?")
    chunks = engine.ask(question, settings).answer_chunks
    assert {c.split("-")[0] for c in chunks["interval"]} == {"uspstf", "acs", "acog", "acr"}
    # the counterpart: the organization only reacted to is not asked the points
    chunks = engine.ask("What interval did the ACR push for when it criticized the task force statement?",
                        settings).answer_chunks
    assert all(not c.startswith("uspstf") for c in chunks.get("interval", ()))


def test_both_organizations_named_where_a_point_is_disputed_are_asked_it(engine, settings):
    question = ("Why do the ACR and the task force disagree on how often, and did the ACR say the mixed messages "
                "confuse women?")
    chunks = engine.ask(question, settings).answer_chunks
    assert {c.split("-")[0] for c in chunks["interval"]} == {"uspstf", "acr"}


@pytest.mark.parametrize("question, aspects", [
    ("Does an aunt's breast cancer at 50 put someone outside the average-risk population?", ("applies_to",)),
    ("What did the ACR really say in its statement on the task force's update?", ("response",)),
])
def test_who_is_covered_and_the_reaction_itself_in_other_words(engine, question, aspects):
    assert read(engine, question)[0] == aspects


@pytest.mark.parametrize("question", [
    # a past time told, then checked with "is that right" and the present asked
    "Back in 2017 our clinic was told the task force would not back 3D mammograms. Is that right, and does it "
    "accept them now?",
    # the present set against the past in three words
    "Does the task force treat 3D mammography as a screening test, now vs before?",
    # the time pointed back to, then the present asked in a clause of its own
    "Back in 2019 our clinic followed the task force. What was its position on 3D mammograms at that time, "
    "what is it now?",
])
def test_the_past_checked_in_other_words_brings_both_versions(engine, settings, question):
    chunks = plan(engine, settings, question)["modality"]
    assert set(chunks) == {"uspstf-2024#screening-modality", "uspstf-2016#tomosynthesis"}


def test_who_the_patient_is_narrows_the_points_to_the_organizations_that_speak_of_them(engine, settings):
    chunks = engine.ask("trans guy, 44, afab. do I still need mammograms and how often?", settings).answer_chunks
    assert {c.split("-")[0] for c in chunks["interval"]} == {"uspstf"}
    assert chunks["gender_identity"] == ("uspstf-2024#population",)
    # the counterparts: an organization named is asked all the same; no identity told, every organization
    chunks = engine.ask("trans guy, 44, afab. how often does the ACS want mammograms?", settings).answer_chunks
    assert {c.split("-")[0] for c in chunks["interval"]} == {"acs"}
    chunks = engine.ask("44 here. do I still need mammograms and how often?", settings).answer_chunks
    assert {c.split("-")[0] for c in chunks["interval"]} == {"uspstf", "acs", "acog", "acr"}


@pytest.mark.parametrize("question, aspects", [
    # a clause asked on condition of the one before is its point ("... and how often if so?")
    ("Does ACOG advise a clinical breast exam for average-risk women, and at what interval if so?",
     ("clinical_breast_examination",)),
    # a note's visit: "here for annual" asks no interval
    ("HPI: 47F here for annual, dense on last mammo. Pt asks re supplemental MRI.", ("dense_breasts",)),
])
def test_a_conditional_clause_and_a_notes_visit_ask_no_point_of_their_own(engine, question, aspects):
    assert read(engine, question)[0] == aspects


def test_points_listed_apart_from_an_age_group_are_asked_for_no_particular_age(engine, settings):
    question = ("For each of the USPSTF, ACS, ACOG and ACR I need (1) the age to start screening mammography, "
                "(2) the interval, and (3) what they say for women 75 and older.")
    chunks = plan(engine, settings, question)
    assert set(chunks) == {"start_age", "interval", "age_75_and_older"}
    assert "uspstf-2024#recommendation" in chunks["interval"]  # the 40-to-74 interval, not the 75+ one
    # the counterpart: a woman of 80 asked how often, in one clause, is asked about her age's advice
    assert set(plan(engine, settings, "She is 80: how often should she still have mammograms?")) \
        == {"age_75_and_older"}
    # ... and so is one whose age is told apart from points listed apart
    assert set(plan(engine, settings, "Mrs K, 81F, independent. Asks whether to keep her yearly mammograms - "
                                      "does the ACR have an upper age?")) == {"age_75_and_older"}


@pytest.mark.parametrize("question, aspects", [
    # knowing her own breasts in lay words; a change she notices is a finding, not a change of advice
    ("Is there something from ACOG about knowing what's normal for her breasts and what to do if she notices "
     "a change?", ("self_awareness",)),
])
def test_self_awareness_in_lay_words_is_no_change_of_advice(engine, question, aspects):
    assert read(engine, question)[0] == aspects


def test_each_version_named_by_its_year_answers(engine, settings):
    question = ("True or false: the USPSTF considers tomosynthesis an acceptable primary screening test. I need "
                "the answer as of the 2016 recommendation and as of the 2024 one.")
    assert set(plan(engine, settings, question)["modality"]) == {"uspstf-2016#tomosynthesis",
                                                                   "uspstf-2024#screening-modality"}
    # one version named: that one alone
    assert plan(engine, settings, "What did the 2016 USPSTF statement say about tomosynthesis?")["modality"] \
        == ("uspstf-2016#tomosynthesis",)


@pytest.mark.parametrize("question, aspects", [
    # displeasure with another's guidance in lay words is a question about the reaction
    ("Heard the radiologists were pretty upset when the task force moved to 40. What was their beef?", ("response",)),
    # "knock her out of" the average-risk group asks whom the advice covers
    ("My aunt had breast cancer. Does that knock me out of the cancer society's average-risk group?",
     ("applies_to",)),
    # "told women to stop at 74": the stopping advice
    ("My mother says the task force told women to stop at 74. Is that what it says?", ("age_75_and_older",)),
    # a group "in their 40s" named inside a why-question is the reasons' subject, not a start asked
    ("Why did the task force lower the start age in 2024? Was it the rise in cancers in women in their 40s?",
     ("reasons",)),
])
def test_lay_reactions_exclusions_stopping_and_changes_are_read(engine, question, aspects):
    assert read(engine, question)[0] == aspects


def test_a_recommendation_for_her_age_asks_no_one_covered(engine):
    assert read(engine, "What is the current task force recommendation for her age, and when does ACOG say to "
                        "start?", ((43, 43),))[0] == ("start_age",)
    # the counterpart: a recommendation "for her" asks whether it covers her
    assert "applies_to" in read(engine, "Her mother had breast cancer. Is the task force recommendation for her?",
                                ((43, 43),))[0]


def test_patient_material_asked_after_the_position_adds_it_beside_the_primary_source(engine, settings):
    chunks = plan(engine, settings, "Does ACOG still encourage breast self-awareness, and is there a patient-friendly "
                                    "ACOG page I can point her to?")["self_awareness"]
    assert set(chunks) == {"acog-2017#clinical-breast-examination", "acog-faq#breast-self-awareness"}
    # the counterpart: material asked for alone is the material
    assert plan(engine, settings, "Is there an ACOG patient FAQ on breast self-awareness?")["self_awareness"] \
        == ("acog-faq#breast-self-awareness",)


def test_patient_material_asked_with_no_organization_named_comes_from_sources_of_that_kind(engine, settings):
    question = ("My grandmother's letter says she has dense breasts. Is there something written for patients, in "
                "simple words, that explains it and whether she needs more tests?")
    assert plan(engine, settings, question)["dense_breasts"] == ("acog-faq#dense-breasts",)
    # the counterpart: asked beside what the guidelines say, the guidelines answer too
    both = plan(engine, settings, "Is there a plain-language patient resource on dense breasts I can hand her, and "
                                  "what do the guidelines say about supplemental imaging?")["dense_breasts"]
    assert "acog-faq#dense-breasts" in both and "uspstf-2024#dense-breasts" in both


def test_falling_under_the_population_asks_whom_it_covers(engine):
    assert read(engine, "Would she fall under the task force's average-risk population or one of the excluded "
                        "groups?")[0] == ("applies_to", "high_risk")


@pytest.mark.parametrize("question", [
    "My nieces are 41 and 46, both healthy. Should each of them be getting mammograms now, and how often?",
    "A neighbour of 50 has never had one and asked me if she is 'supposed' to get one. How often, too?",
])
def test_whether_to_be_screened_by_now_asks_when_to_start(engine, question):
    assert read(engine, question)[0] == ("start_age", "interval")


def test_whether_to_be_screened_by_now_counterpart(engine):
    # the counterpart: how often alone, with no "now" or "supposed to"
    assert read(engine, "She is 50 and gets mammograms. How often should she be getting them?")[0] == ("interval",)


def test_past_an_age_of_the_older_group_asks_about_it(engine):
    assert read(engine, "71yo in good health. What do the four groups each say past 75? Colleagues keep giving "
                        "conflicting answers.")[0] == ("age_75_and_older",)


def test_info_for_patients_asks_for_patient_material(engine, settings):
    assert plan(engine, settings, "Does ACOG have info for patients about breast self-awareness I can relay to "
                                  "her?")["self_awareness"] == ("acog-faq#breast-self-awareness",)
    # the counterpart: the position asked, not material for patients
    assert plan(engine, settings, "What does ACOG say about breast self-awareness?")["self_awareness"] \
        != ("acog-faq#breast-self-awareness",)


def test_an_indirect_ask_with_words_between_is_asked(engine):
    # "asking re", "asks how": the indirect ask, not context told before the question
    assert "start_age" in read(engine, "50F avg risk, asking re starting mammo. q1y vs q2y per ACOG?")[0]
    assert "response" in read(engine, "Caller asks how the ACR reacted to the USPSTF rec. Did it agree on 40?")[0]
    # the counterpart: told, not asked
    assert "start_age" not in read(engine, "She started mammograms at 45. q1y vs q2y per ACOG?")[0]


def test_the_facts_a_rationale_rests_on_are_asked_as_reasons(engine):
    assert "reasons" in read(engine, "Is it true the task force said Black women are more likely to die of "
                                     "breast cancer?")[0]
    assert "reasons" in read(engine, "Did the USPSTF mention rising incidence in women in their 40s?")[0]
    # the counterpart: no reason asked
    assert "reasons" not in read(engine, "Does the USPSTF cover Black women?")[0]


def test_which_groups_of_people_are_left_out_asks_the_exclusions(engine):
    assert read(engine, "Which groups of people does the USPSTF 2024 screening recommendation say it does not "
                        "apply to? I need the list for a member.")[0] == ("high_risk",)


@pytest.mark.parametrize("question, asked, not_asked", [
    # lay words for the risk assessment; a start asked of it is its own age
    ("Is there a guideline that says young women should have something done about their breast cancer risk, and "
     "by what age?", "risk_assessment", "start_age"),
    # treated as average risk asks whom the advice covers; her age in an interval question is no start
    ("Does the ACS treat her as average risk, and how often should she be getting a mammogram at 58?",
     "applies_to", "start_age"),
    # evidence still awaited is no start
    ("Does the USPSTF accept 3D mammography as the main screening test, or is it not proven yet?", "modality",
     "start_age"),
    ("What arguments did the task force give for the change?", "reasons", "start_age"),
])
def test_lay_and_framed_words_ask_what_they_ask(engine, question, asked, not_asked):
    aspects = read(engine, question)[0]
    assert asked in aspects and not_asked not in aspects


def test_a_point_referred_back_to_is_asked(engine):
    aspects = read(engine, "My new doctor talked about 'breast self-awareness' instead. Is there ACOG information "
                           "written for patients that explains what that means, and when it says to start?")[0]
    assert {"self_awareness", "start_age"} <= set(aspects)


def test_a_pronoun_subject_asks_of_the_organization_named_before(engine, settings):
    decision = engine.ask("In 2024 the USPSTF moved women in their 40s to grade B. What arguments did it give, and "
                          "did ACOG justify its own move to 40 in the same terms?", settings)
    reasons = {engine.corpus.chunk_by_id[c].organization for c in decision.answer_chunks["reasons"]}
    assert reasons == {"USPSTF", "ACOG"}
    # the counterpart: a sentence that names its own organization asks of it alone
    decision = engine.ask("In 2024 the USPSTF moved women in their 40s to grade B. Did ACOG justify its own move "
                          "to 40 with any arguments?", settings)
    assert {engine.corpus.chunk_by_id[c].organization for c in decision.answer_chunks["reasons"]} == {"ACOG"}


def test_the_current_recommendation_asked_beside_what_changed_comes_from_the_version_in_force(engine, settings):
    chunks = plan(engine, settings, "What's the current USPSTF recommendation for mammograms, what changed from "
                                    "their 2016 version, and why did they change it?")
    assert "uspstf-2024#recommendation" in chunks["start_age"]
    assert not any(c.startswith("uspstf-2016") for c in chunks["start_age"] + chunks["interval"])
    assert "uspstf-2024#changes-from-2016" in chunks["what_changed"]
    # the counterpart: what the 2016 version said, asked, is still that version
    past = plan(engine, settings, "What did the USPSTF recommend in 2016, and what changed since?")
    assert any(c.startswith("uspstf-2016") for c in past["start_age"])


def test_which_groups_are_excluded_from_one_organizations_advice_asks_that_organization(engine, settings):
    chunks = plan(engine, settings, "For a policy memo: which groups are explicitly excluded from the 2024 USPSTF "
                                    "breast cancer screening recommendation?")
    assert chunks["high_risk"] and all(c.startswith("uspstf-2024") for c in chunks["high_risk"])


@pytest.mark.parametrize("question, asked, not_asked", [
    # a patient pushing back on the advice is no organization's reaction
    ("A 62-year-old patient pushed back and said the task force says every two years. What do the USPSTF and the "
     "ACR each recommend on how often?", "interval", "response"),
    # a relative's cancer, then whether it changes her advice: whom the advice covers
    ("Her mom had breast cancer at 67 and she wants to know if that means she should be going every year instead "
     "of every two. What does the task force say?", "applies_to", "response"),
    # a schedule recommended from an age asks the start too
    ("Which organizations actually recommend annual from 40, and which don't?", "start_age", "response"),
])
def test_who_reacts_whether_a_history_matters_and_a_schedule_from_an_age(engine, question, asked, not_asked):
    aspects = read(engine, question)[0]
    assert asked in aspects and not_asked not in aspects


def test_a_relatives_other_cancer_asks_no_coverage(engine):
    assert "applies_to" not in read(engine, "my mom had colon cancer at 68 does that mean i have to start "
                                            "mammograms early? im 37")[0]


def test_an_organization_pushing_back_is_still_its_reaction(engine):
    assert "response" in read(engine, "Did the ACR push back on the USPSTF 2024 recommendation?")[0]



@pytest.mark.parametrize("question, asked", [
    # whose screening told between "stopping" and the test
    ("At her last visit the doctor raised the idea of stopping her screening mammograms. What do the guidelines "
     "say?", "age_75_and_older"),
    # "wasn't happy with", "their complaint": a reaction
    ("The radiologists' group wasn't happy with the new task force mammogram rule when it came out. What exactly "
     "was their complaint?", "response"),
    # a relative's breast cancer, then whether she stays on the usual screening
    ("Her sister had breast cancer 2 year ago. She have no lump. She still go in the normal screening or she need "
     "something different?", "applies_to"),
    # ... and the usual schedule is how often
    ("Her sister had breast cancer 2 year ago. She have no lump. She still go in the normal screening or she need "
     "something different?", "interval"),
    ("Her mother had breast cancer at 58. Does she still follow the normal mammography schedule?", "interval"),
])
def test_stopping_her_screening_a_complaint_and_the_usual_screening(engine, question, asked):
    assert asked in read(engine, question)[0]


def test_tf_is_the_task_force(engine, settings):
    plan_ = plan(engine, settings, "why is TF still I for supplemental MRI/US in dense breasts when ACR is "
                                   "recommending MRI? what's the position on each side?")
    assert "uspstf-2024#dense-breasts" in plan_["dense_breasts"]


@pytest.mark.parametrize("question, asked, not_asked", [
    # the move reacted to, told first ("when the task force moved to 40, what did ORG-B say about it?")
    ("When the USPSTF finally moved to 40 in April 2024, what did the ACR actually say about it? I heard they "
     "weren't thrilled.", "response", None),
    # ... not when what it said is asked about another point
    ("When the USPSTF finalized its 2024 guidance, what did the ACR say about the conflicting recommendations?",
     "conflicting_advice", "response"),
    # the recommendation as a whole, asked inside another question
    ("Jordan wants to know whether the USPSTF recommendation even includes them, and if so what it says Jordan "
     "should do.", "start_age", None),
    # a row's "cited:" label and "the cited organization" ask for no reasons
    ("2025-01-15 | 40F | avg risk | screening mammo ordered, repeat q2y | cited: USPSTF. Is the order consistent "
     "with the cited organization's guidance?", "interval", "reasons"),
])
def test_a_reaction_after_the_move_the_whole_recommendation_and_a_cited_label(engine, question, asked, not_asked):
    aspects = read(engine, question)[0]
    assert asked in aspects
    assert not_asked is None or not_asked not in aspects


@pytest.mark.parametrize("question, asked", [
    ("A colleague asked why the ACR says yearly when the USPSTF says every 2 years. What did ACR say about the "
     "guidelines disagreeing?", "conflicting_advice"),
    ("How did the ACR respond when the USPSTF issued its final recommendation? What did ACR say was still missing?",
     "calls_for_more"),
    ("On what date did ACOG update its guidance on when to begin screening, and what did its guidance say "
     "immediately before and after that update?", "what_changed"),
])
def test_guidelines_disagreeing_what_was_missing_and_before_and_after_an_update(engine, question, asked):
    assert asked in read(engine, question)[0]


def test_what_an_organization_means_by_self_awareness_asks_what_it_is(engine):
    # "what does ORG mean by X" asks whom the advice covers unless X is a point of its own
    question = ("prepping a lesson for my health class. what does ACOG mean by 'breast self-awareness' and is that "
                "the same thing as doing a monthly self exam?")
    assert read(engine, question)[0] == ("self_awareness",)
    assert "applies_to" in read(engine, "what does the USPSTF mean by average risk?")[0]


def test_the_bodies_at_large_named_by_a_plural_ask_every_organization(engine):
    asks = engine.aspects.asks_every_organization
    assert asks(engine.vocabulary.normalize("My sister-in-law insists that the American Cancer Society says to carry "
                                            "on. Could you tell me what the various medical bodies actually recommend "
                                            "about continuing mammograms after seventy-five?"))
    assert asks(engine.vocabulary.normalize("The USPSTF says every two years. What do the different guideline groups "
                                            "actually say for a 40 year old?"))
    # whichever body did it answers "has any of them ...?"
    assert not asks(engine.vocabulary.normalize("Has any of the big medical groups actually admitted that the mixed "
                                                "messages are confusing women?"))


def test_a_forms_reason_for_visit_asks_no_reasons(engine):
    assert "reasons" not in read(engine, "Reason for visit: asks when to begin screening mammography. Does the "
                                         "USPSTF recommendation apply to this patient?")[0]
    assert "reasons" in read(engine, "What reasons did the USPSTF give for starting at 40?")[0]


def test_a_patient_short_of_every_band_asking_when_to_start_is_told_the_first_interval(engine, settings):
    chunks = plan(engine, settings, "I'm 39. When should I start mammograms and how often, per USPSTF?")
    assert chunks["interval"] == ("uspstf-2024#recommendation",)
    # the counterpart: how often another exam is done at 29 is not the mammogram's interval she will reach
    younger = plan(engine, settings, "pt 29, no fhx. per ACR is her risk assessment overdue?")
    assert younger.get("interval") in (None, ())


@pytest.mark.parametrize("question, asked, not_asked", [
    # a test told before and pointed back to ("would that count as ...") is the kind asked about, not whom it covers
    ("The clinic offered her a 3D mammogram rather than the usual one. Would that count as the screening the USPSTF "
     "recommends?", "modality", "applies_to"),
    # whether advice from a named body still holds for her, with its source and "still" between
    ("My aunt had breast cancer. Is the yearly advice from ACS still for me, given my aunt?", "applies_to", None),
    # what it advises, asked once whom it covers is settled
    ("I'm a trans man, 44. Does the USPSTF guidance cover people like me, and if so what does it recommend?",
     "interval", None),
    # material written for the public is a kind of source, not a group covered
    ("Is there anything written for ordinary people that explains what dense breasts mean?", "dense_breasts",
     "applies_to"),
    # a risk check told with an article ("check the risk by 25")
    ("The ACR says to check the risk by age 25? What does that involve?", "risk_assessment", None),
    # points listed by letter are asked apart ("(a) CBE at her age and (b) when to start")
    ("Attending wants ACOG's stance on (a) CBE at her age and (b) when to start mammo", "start_age", None),
    # a visit of the day is no interval asked
    ("42F. Annual today. Asymptomatic. Asking about a CBE per ACOG.", "clinical_breast_examination", "interval"),
    # the advice asked "because of" a relative: whether her history takes her out of it
    ("My sister died of breast cancer. I'm 48. Because of my sister, should I go every year or stay at every two?",
     "applies_to", None),
    # whether her history changes the advice is no change of the advice
    ("my grandmother had breast cancer at 70. per the task force how often should i go, and does my grandma's "
     "history change that?", "interval", "what_changed"),
    # ... and one organization set against another is no change either
    ("I'm 45. What does ACOG say about when to start and how often, and is that any different from the USPSTF?",
     "start_age", "what_changed"),
    # the counterpart: an update's change is one
    ("Does the 2024 update change that?", "what_changed", None),
    # ... and whether the relative's history, named, changes it
    ("Pt turns 40 next month; mother dx breast ca at 62. Asks when to begin mammograms and whether her mum's hx "
     "changes what USPSTF advises.", "applies_to", None),
    # the exam told by how it is done
    ("She asks whether she still needs the yearly 'breast exam by hand' at her physical, per ACOG.",
     "clinical_breast_examination", None),
    # the move told with a switch and the old wording quoted
    ("When did ACOG switch from 'offer at 40' to 'begin at 40'?", "what_changed", None),
])
def test_more_asked_and_not_asked_aspects(engine, question, asked, not_asked):
    aspects = read(engine, question)[0]
    assert asked in aspects
    assert not_asked is None or not_asked not in aspects


def test_a_patient_page_asked_in_a_learners_words_is_asked_beside_the_position(engine):
    normalized = engine.vocabulary.normalize("Does ACOG say women should check their own breasts? And ACOG have a "
                                             "simple page for patients about it?")
    assert engine.aspects.asked_class(normalized) == "patient_education"
    assert engine.aspects.asks_besides_primary(normalized)
    assert not engine.aspects.asks_besides_primary(engine.vocabulary.normalize(
        "Does ACOG have a simple page for patients about checking their own breasts?"))


def test_a_printout_from_patient_information_asks_for_the_patient_page(engine):
    normalized = engine.vocabulary.normalize("I want to print a simple paper for the ladies from the ACOG patient "
                                             "information. Every year or every two years?")
    assert engine.aspects.asked_class(normalized) == "patient_education"
    assert engine.aspects.asked_class(engine.vocabulary.normalize("Every year or every two years, per ACOG?")) \
        != "patient_education"


def test_what_exactly_it_said_before_asks_the_old_version(engine):
    assert engine.aspects.asks_old_version(engine.vocabulary.normalize(
        "What exactly did the task force say before, and what does it say now?"))
    assert not engine.aspects.asks_old_version(engine.vocabulary.normalize(
        "What exactly does the task force say now?"))


def test_what_it_was_before_a_named_update_asks_the_old_version(engine, settings):
    question = ("what was ACOG's starting-age advice before its October 2024 interim update, what did the update "
                "change it to, and what reasons did ACOG give?")
    assert engine.aspects.asks_old_version(engine.vocabulary.normalize(question))
    assert "acog-2017#starting-age" in plan(engine, settings, question)["start_age"]
    # the counterpart: what the update says now asks no old version
    assert not engine.aspects.asks_old_version(engine.vocabulary.normalize(
        "what does ACOG's October 2024 interim update say about starting age?"))


def test_a_rule_that_includes_her_asks_who_it_applies_to(engine):
    # non-native English: "the USPSTF rule, it include woman like her?"
    assert "applies_to" in read(engine, "her sister have the breast cancer. The USPSTF rule it include woman like "
                                        "her when the sister was sick?")[0]
    assert "applies_to" not in read(engine, "What does the USPSTF rule say about how often?")[0]


def test_any_other_society_asks_every_organization(engine, settings):
    question = ("What's USPSTF's position on supplemental US/MRI for dense breasts, and does any other professional "
                "society recommend supplemental screening for density alone?")
    chunks = plan(engine, settings, question)["dense_breasts"]
    assert {c.split("#")[0] for c in chunks} >= {"uspstf-2024", "acog-2024", "acr-current"}
    # the counterpart: one organization named and no other asked of
    alone = plan(engine, settings, "What's USPSTF's position on supplemental US/MRI for dense breasts?")
    assert {c.split("#")[0] for c in alone["dense_breasts"]} == {"uspstf-2024"}


def test_a_clinical_breast_exam_abbreviated_in_the_plural_is_asked(engine):
    assert "clinical_breast_examination" in read(engine, "do we still do annual CBEs on avg risk women?? ACS vs "
                                                         "ACOG")[0]
