import pytest
import yaml

from review_app.engine.corpus import load_corpus, slugify
from review_app.errors import CorpusError

from .conftest import CORPUS_DIR, edit_manifest

EXPECTED_IDS = ["uspstf-2024", "uspstf-2016", "acs-2015", "acog-2017", "acog-2024", "acog-faq",
                "acr-current", "acr-uspstf-2024-response"]


def test_bundled_corpus_has_the_eight_sources_with_provenance():
    corpus = load_corpus(CORPUS_DIR)
    assert [s.id for s in corpus.sources] == EXPECTED_IDS
    by_id = corpus.source_by_id
    assert by_id["uspstf-2024"].supersedes == ("uspstf-2016",)
    assert by_id["acog-2024"].supersedes == ("acog-2017",)
    assert by_id["acog-faq"].published_date is None and by_id["acog-faq"].date_precision == "unknown"
    assert by_id["acog-2017"].date_precision == "month" and by_id["acog-2017"].published_date.day == 1
    assert by_id["acr-current"].url_verified is False and by_id["uspstf-2024"].url_verified is True
    assert {s.knowledge_class for s in corpus.sources} == {"guideline", "patient_education", "position_statement"}
    assert all(str(s.verified_on) == "2026-11-29" for s in corpus.sources)


def test_chunks_have_stable_ids_from_section_headings():
    corpus = load_corpus(CORPUS_DIR)
    ids = [c.id for c in corpus.chunks]
    assert len(ids) == len(set(ids))
    assert "uspstf-2024#recommendation" in ids
    assert "uspstf-2024#age-75-and-older" in ids
    assert all(c.id == f"{c.document_id}#{slugify(c.heading)}" for c in corpus.chunks)
    assert all(c.text and "Research demonstration only" not in c.text for c in corpus.chunks)


def test_cards_carry_key_facts_in_project_words():
    corpus = load_corpus(CORPUS_DIR)
    text = {c.id: c.text for c in corpus.chunks}
    assert "I statement" in text["uspstf-2024#age-75-and-older"]
    assert "neither" in text["uspstf-2024#age-75-and-older"]  # insufficient evidence is not "against"
    assert "grade C" in text["uspstf-2016#ages-40-to-49"]
    assert "2%" in text["uspstf-2024#changes-from-2016"] and "40%" in text["uspstf-2024#changes-from-2016"]
    assert "10 years" in text["acs-2015#when-to-stop"]
    assert "25" in text["acr-current#risk-assessment"]


def _problems(corpus_dir):
    with pytest.raises(CorpusError) as info:
        load_corpus(corpus_dir)
    return info.value.problems


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["sources"][0].pop("title"), "uspstf-2024.title", "missing"),
    (lambda d: d["sources"][0].update(colour="red"), "uspstf-2024.colour", "unknown field"),
    (lambda d: d["sources"][1].update(published_date="2016-13-40"), "uspstf-2016.published_date", "not a date"),
    (lambda d: d["sources"][0].update(supersedes=["uspstf-1999"]), "uspstf-2024.supersedes", "unknown source"),
    (lambda d: d["sources"][2].update(knowledge_class="blog"), "acs-2015.knowledge_class", "not one of"),
    (lambda d: d["sources"][2].update(organization="WHO"), "acs-2015.organization", "not one of"),
    (lambda d: d["sources"][3].update(published_date="2017-07-15"), "acog-2017.published_date", "first of the month"),
    (lambda d: d["sources"][5].update(date_precision="day"), "acog-faq.published_date", "only with"),
    (lambda d: d["sources"][0].update(url_verified="yes"), "uspstf-2024.url_verified", "true or false"),
    (lambda d: d["sources"][0].update(card="nowhere.md"), "uspstf-2024.card", "not found"),
])
def test_each_manifest_rule_names_file_line_and_field(corpus_copy, change, field, words):
    edit_manifest(corpus_copy, change)
    problems = _problems(corpus_copy)
    match = [p for p in problems if p.field == field]
    assert match, problems
    assert words in match[0].message
    assert match[0].file.endswith("manifest.yaml")
    assert match[0].line is not None


def test_duplicate_ids_and_supersession_cycles(corpus_copy):
    def change(d):
        d["sources"][1]["supersedes"] = ["uspstf-2024"]  # 2016 <-> 2024
        d["sources"].append(dict(d["sources"][2]))
    edit_manifest(corpus_copy, change)
    messages = [str(p) for p in _problems(corpus_copy)]
    assert any("duplicate id 'acs-2015'" in m for m in messages)
    assert any("supersession cycle" in m and "uspstf-2024" in m and "uspstf-2016" in m for m in messages)


def test_all_problems_are_reported_at_once(corpus_copy):
    def change(d):
        d["sources"][0].pop("title")
        d["sources"][1]["published_date"] = "soon"
        d["sources"][2]["supersedes"] = ["nobody"]
    edit_manifest(corpus_copy, change)
    card = corpus_copy / "acr-current.md"
    text = card.read_text(encoding="utf-8")
    card.write_text(text.replace("## Risk assessment\n", "## Risk assessment\n\n## Extra\n"), encoding="utf-8")
    faq = corpus_copy / "acog-faq.md"
    faq.write_text(faq.read_text(encoding="utf-8").rsplit("Research demonstration", 1)[0], encoding="utf-8")
    problems = _problems(corpus_copy)
    fields = {p.field for p in problems}
    assert {"uspstf-2024.title", "uspstf-2016.published_date", "acs-2015.supersedes", "disclaimer"} <= fields
    assert any(p.file.endswith("acr-current.md") and "empty section" in p.message and p.line for p in problems)
    assert any(p.file.endswith("acog-faq.md") and p.field == "disclaimer" for p in problems)


def test_card_without_sections_and_unparsable_yaml(corpus_copy):
    (corpus_copy / "acs-2015.md").write_text("# ACS\n\nJust text.\n", encoding="utf-8")
    problems = _problems(corpus_copy)
    assert any(p.file.endswith("acs-2015.md") and p.field in ("sections", "disclaimer", "card") for p in problems)
    (corpus_copy / "manifest.yaml").write_text("sources: [\n  - id: x\n", encoding="utf-8")
    problems = _problems(corpus_copy)
    assert problems[0].field == "yaml" and problems[0].line is not None


def test_manifest_round_trips_through_yaml():
    data = yaml.safe_load((CORPUS_DIR / "manifest.yaml").read_text(encoding="utf-8"))
    assert [s["id"] for s in data["sources"]] == EXPECTED_IDS


def test_an_entry_reports_its_problems_in_checking_order_with_their_lines(corpus_copy):
    """Field names, identity, dates and precision, withdrawal, supersession: one entry's problems
    come in that order, each on the line of its own field."""
    def change(d):
        entry = d["sources"][1]
        entry["bogus"] = 1
        entry["url"] = "ftp://example.org"
        entry["date_precision"] = "year"
        entry["published_date"] = "2016-03-15"
        entry["withdrawn_reason"] = "replaced"
        entry["supersedes"] = [1]
    edit_manifest(corpus_copy, change)
    problems = [p for p in _problems(corpus_copy) if p.field.startswith("uspstf-2016.")]
    assert [(p.field, p.message.split(" (")[0]) for p in problems] == [
        ("uspstf-2016.bogus", "unknown field"),
        ("uspstf-2016.url", "must start with https:// or http://"),
        ("uspstf-2016.published_date", "date_precision is year: record the first of the month"),
        ("uspstf-2016.published_date", "date_precision is year: record January 1"),
        ("uspstf-2016.withdrawn_reason", "given without a withdrawn_date"),
        ("uspstf-2016.supersedes", "1 is neither a source id nor {id: ..., sections: [...]}"),
    ]
    manifest = (corpus_copy / "manifest.yaml").read_text(encoding="utf-8").splitlines()
    for problem in problems:
        field = problem.field.split(".")[1]
        assert manifest[problem.line - 1].strip().removeprefix("- ").startswith(f"{field}:"), problem


def test_index_text_gives_a_section_its_organization_title_and_heading():
    corpus = load_corpus(CORPUS_DIR)
    chunk = corpus.chunk_by_id["uspstf-2024#recommendation"]
    title = corpus.source_by_id["uspstf-2024"].title
    assert corpus.index_text(chunk) == f"{chunk.organization}. {title}. {chunk.heading}. {chunk.text}"


def test_partial_supersession_and_not_before_are_checked(corpus_copy):
    def change(data):
        for entry in data["sources"]:
            if entry["id"] == "acog-2024":
                entry["supersedes"] = [{"id": "acog-2017", "sections": ["starting-age", "no-such-section"]}]
            if entry["id"] == "acs-2015":
                entry["not_before"] = "2015-01-01"  # a dated source takes no not_before
    edit_manifest(corpus_copy, change)
    with pytest.raises(CorpusError) as info:
        load_corpus(corpus_copy)
    messages = {(p.field, p.message) for p in info.value.problems}
    assert any(f == "acog-2024.supersedes" and "acog-2017 has no section 'no-such-section'" in m for f, m in messages)
    assert ("acs-2015.not_before", "only an undated source (published_date: null) takes not_before") in messages


def test_the_bundled_manifest_declares_acogs_partial_supersession_and_the_faqs_start():
    sources = {s.id: s for s in load_corpus(CORPUS_DIR).sources}
    assert sources["acog-2024"].sections_replaced("acog-2017") == ("starting-age", "screening-interval")
    assert sources["uspstf-2024"].sections_replaced("uspstf-2016") is None  # whole-source
    assert sources["acog-faq"].eligible_from.isoformat() == "2024-10-10"
