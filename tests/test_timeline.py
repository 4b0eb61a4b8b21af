"""The drift timeline's data: lanes, marks, supersession links, the sources current at a date and
each organization's position as steps over time, on the bundled corpus and the colorectal pack;
and the Drift tab's figures and words built from it."""

import dataclasses
import datetime as dt

import pytest
import yaml

from review_app.claims.drift import position_changes
from review_app.claims.timeline import build_timeline, change_dates, current_at, sources_at
from review_app.engine.pipeline import Engine, get_engine
from review_app.engine.settings import PROJECT_ROOT
from review_app.engine.status import chunk_statuses_at
from review_app.review import usecases

from .conftest import edit_manifest

COLORECTAL = PROJECT_ROOT / "examples" / "colorectal" / "corpus"
D = dt.date.fromisoformat


@pytest.fixture(scope="module")
def timeline():
    return usecases.drift_timeline(get_engine(PROJECT_ROOT / "corpus"))


@pytest.fixture(scope="module")
def colorectal():
    return get_engine(COLORECTAL)


def series(timeline, aspect, organization):
    return next(s for s in timeline.series[aspect] if s.organization == organization)


def test_one_lane_per_organization_with_each_source_at_its_date(timeline, engine):
    assert [lane.organization for lane in timeline.lanes] == list(engine.corpus.organizations)
    uspstf = timeline.lanes[0]
    assert [(m.source, m.date, m.dated) for m in uspstf.marks] == [
        ("uspstf-2016", D("2016-01-12"), True), ("uspstf-2024", D("2024-04-30"), True)]
    assert sorted(m.source for m in timeline.marks) == sorted(s.id for s in engine.corpus.sources)


def test_the_undated_faq_sits_at_its_not_before_and_says_so(timeline):
    faq = timeline.mark("acog-faq")
    assert faq.date == D("2024-10-10") and not faq.dated
    assert faq.when == "undated, counted from 2024-10-10"
    assert "acog-faq" not in sources(D("2024-10-09"))
    assert "acog-faq" in sources(D("2024-10-10"))


def timeline_corpus():
    return get_engine(PROJECT_ROOT / "corpus").corpus


def sources(date):
    return [s.source for s in current_at(timeline_corpus(), date)]


def test_whole_and_partial_supersession_are_links(timeline):
    links = {(link.newer, link.older): link for link in timeline.links}
    assert set(links) == {("uspstf-2024", "uspstf-2016"), ("acog-2024", "acog-2017")}
    whole, partial = links[("uspstf-2024", "uspstf-2016")], links[("acog-2024", "acog-2017")]
    assert not whole.partial and whole.date == D("2024-04-30")
    assert partial.partial and partial.sections == ("starting-age", "screening-interval")
    assert partial.text == "acog-2024 supersedes acog-2017 in part (starting-age, screening-interval) from 2024-10-10"


def test_the_current_set_moves_with_the_date(timeline):
    assert sources(D("2020-06-01")) == ["uspstf-2016", "acs-2015", "acog-2017"]
    assert sources(D("2024-05-01")) == ["uspstf-2024", "acs-2015", "acog-2017", "acr-current",
                                        "acr-uspstf-2024-response"]
    states = {s.source: s for s in sources_at(timeline_corpus(), D("2026-06-24"))}
    assert states["uspstf-2016"].state == "superseded" and states["uspstf-2016"].by == ("uspstf-2024",)
    acog = states["acog-2017"]
    assert acog.state == "current in part" and acog.current
    assert acog.replaced == ("starting-age", "screening-interval") and acog.by == ("acog-2024",)
    assert states["acog-2017"].text == "acog-2017 (ACOG): current in part; starting-age, screening-interval " \
                                       "replaced by acog-2024"


def test_before_any_source_nothing_is_current_and_no_step_holds(timeline):
    first = min(timeline.dates)
    assert first == D("2015-10-20")
    before = first - dt.timedelta(days=1)
    assert current_at(timeline_corpus(), before) == ()
    states = sources_at(timeline_corpus(), before)
    assert {s.state for s in states} == {"not yet published"}
    assert "counts from 2015-10-20" in next(s.text for s in states if s.source == "acs-2015")
    assert all(one.at(before) is None for all_series in timeline.series.values() for one in all_series)


def test_uspstf_start_age_steps_from_50_to_40_in_2024(timeline):
    start = series(timeline, "start_age", "USPSTF")
    assert [(s.start, s.end, s.value, s.source) for s in start.steps] == [
        (D("2016-01-12"), D("2024-04-30"), "50 (40 to 49 an individual decision)", "uspstf-2016"),
        (D("2024-04-30"), None, "40", "uspstf-2024")]
    assert start.steps[1].kind == "position changed"
    assert start.at(D("2020-06-01")).value.startswith("50") and start.at(D("2026-06-24")).value == "40"
    assert start.at(D("2015-12-31")) is None
    assert "50 (40 to 49 an individual decision) from 2016-01-12 (uspstf-2016) → 40 from 2024-04-30" in start.text


def test_acog_steps_follow_the_partial_update_only_where_it_replaced(timeline):
    start = series(timeline, "start_age", "ACOG")
    assert [(s.value, s.source) for s in start.steps] == [("offered from 40, begin by 50", "acog-2017"),
                                                         ("40", "acog-2024")]
    assert start.steps[1].start == D("2024-10-10")
    # age 75 and older was not replaced: PB 179 keeps speaking for ACOG on it
    older = series(timeline, "age_75_and_older", "ACOG")
    assert [(s.source, s.end) for s in older.steps] == [("acog-2017", None)]
    # the interval's value stays the same, its source changes with the update
    interval = series(timeline, "interval", "ACOG")
    assert [(s.value, s.source) for s in interval.steps] == [("every 1 or 2 years", "acog-2017"),
                                                            ("every 1 or 2 years", "acog-2024")]


def test_steps_agree_with_a_comparison_of_any_two_dates(timeline, engine):
    """The step value at a date is the `now` position drift.py's comparison gives for that date."""
    corpus, rules = engine.corpus, engine.aspects
    for then, now in [("2016-01-11", "2020-06-01"), ("2020-06-01", "2024-05-01"), ("2024-05-01", "2026-06-24")]:
        changes = position_changes(corpus, timeline.aspects, rules.positions, engine.pack.primary_class,
                                   chunk_statuses_at(corpus.sources, corpus.chunks, D(then)),
                                   chunk_statuses_at(corpus.sources, corpus.chunks, D(now)))
        first = {}
        for change in changes:
            first.setdefault((change.organization, change.aspect), change)
        for (organization, aspect), change in first.items():
            step = series(timeline, aspect, organization).at(D(now))
            assert (step.value if step else None) == (change.now.value if change.now else None), (organization,
                                                                                                  aspect, now)


def test_step_series_cover_the_compared_aspects_only(timeline, engine):
    assert tuple(timeline.aspects) == engine.aspects.compared
    assert set(timeline.series) == set(engine.aspects.compared)
    assert [s.organization for s in timeline.series["dense_breasts"]] == ["USPSTF", "ACOG", "ACR"]


def test_a_withdrawal_is_marked_ends_the_step_and_is_a_change_date(corpus_copy):
    def withdraw(data):
        for entry in data["sources"]:
            if entry["id"] == "acr-current":
                entry["withdrawn_date"] = "2025-03-01"
                entry["withdrawn_reason"] = "replaced by a test"
    edit_manifest(corpus_copy, withdraw)
    engine = Engine.from_directory(corpus_copy)
    timeline = usecases.drift_timeline(engine)
    mark = timeline.mark("acr-current")
    assert mark.withdrawn == D("2025-03-01") and "withdrawn 2025-03-01" in mark.text
    assert D("2025-03-01") in timeline.dates == change_dates(engine.corpus)
    state = next(s for s in sources_at(engine.corpus, D("2025-06-01")) if s.source == "acr-current")
    assert state.state == "withdrawn" and not state.current
    start = series(timeline, "start_age", "ACR")
    assert [(s.value, s.kind) for s in start.steps] == [("40", "no source then"), (None, "withdrawn")]
    assert start.at(D("2024-01-01")).value == "40" and start.at(D("2025-06-01")) is None
    from review_app.ui import drift_tab

    out = drift_tab.show(timeline, engine.corpus, "2025-06-01")
    assert "acr-current\n2023-05-01 · withdrawn" in [t.get_text() for t in out[0].axes[0].texts]
    assert "withdrawn 2025-03-01" in [t.get_text() for t in out[0].axes[0].texts]
    assert "ACR: withdrawn" in [t.get_text() for t in out[2].axes[0].texts]  # the step line ends, in words


def test_the_colorectal_pack_has_its_own_timeline(colorectal):
    timeline = usecases.drift_timeline(colorectal)
    assert [lane.organization for lane in timeline.lanes] == ["USPSTF", "ACS", "ACG", "ACP"]
    assert [(link.newer, link.older, link.partial) for link in timeline.links] == [("uspstf-2021", "uspstf-2016",
                                                                                     False)]
    assert tuple(timeline.aspects) == colorectal.aspects.compared
    start = series(timeline, "start_age", "USPSTF")
    assert [(s.value, s.source, s.start) for s in start.steps] == [("50", "uspstf-2016", D("2016-06-15")),
                                                                   ("45", "uspstf-2021", D("2021-05-18"))]
    assert [s.source for s in current_at(colorectal.corpus, D("2019-01-01"))] == ["uspstf-2016", "acs-2018"]
    assert current_at(colorectal.corpus, D("2016-06-14")) == ()


def test_the_timeline_is_plain_data(timeline):
    record = timeline.to_json()
    assert yaml.safe_load(yaml.safe_dump(record)) == record
    assert record["links"][1]["sections"] == ["starting-age", "screening-interval"]


def test_the_tab_lists_the_current_sources_in_words_and_draws_every_aspect(timeline):
    from review_app.ui import drift_tab

    corpus = timeline_corpus()
    out = drift_tab.show(timeline, corpus, "2020-06-01")
    assert len(out) == 2 + 2 * len(timeline.aspects)
    figure, current = out[0], out[1]
    words = " ".join(t.get_text() for ax in figure.axes for t in ax.texts)
    assert "uspstf-2016\n2016-01-12 · current" in words
    assert "undated, counted from 2024-10-10 · not yet published" in words
    assert "supersedes in part: starting-age, screening-interval, from 2024-10-10" in words.replace("\n", " ")
    today = " ".join(t.get_text() for t in drift_tab.show(timeline, corpus, "2026-06-24")[0].axes[0].texts)
    assert "screening-interval, from" not in today.replace("\n", " ") and "supersedes (whole)" in today
    assert "Current on 2020-06-01: 3 source(s)" in current and "data-source='acog-2017'" in current
    assert "USPSTF on 2020-06-01: <b>50 (40 to 49 an individual decision)</b>" in out[3]
    labels = [t.get_text() for t in out[2].axes[0].texts]
    assert {"USPSTF", "ACS", "ACOG", "ACR"} <= set(labels)
    bad = drift_tab.show(timeline, corpus, "June 2020")
    assert "Cannot show that date" in bad[1]


def test_a_selected_source_shows_its_card(timeline):
    from review_app.ui import drift_tab

    corpus = timeline_corpus()
    card = drift_tab.source_card(corpus, timeline, "acog-2017", "2026-06-24")
    assert "current in part" in card and "acog-2024 supersedes acog-2017 in part" in card
    assert all(c.heading in card for c in corpus.chunks if c.document_id == "acog-2017")
    assert drift_tab.source_card(corpus, timeline, None, "2026-06-24") == ""


def test_a_pack_without_compared_aspects_steps_every_stated_aspect(colorectal):
    rules = dataclasses.replace(colorectal.aspects, compared=())
    timeline = build_timeline(colorectal.corpus, rules, colorectal.pack.primary_class)
    assert set(timeline.aspects) == {p.aspect for p in rules.positions}


def test_the_colorectal_tab_renders_its_own_lanes_and_aspects(colorectal):
    from review_app.ui import drift_tab

    timeline = usecases.drift_timeline(colorectal)
    out = drift_tab.show(timeline, colorectal.corpus, "2019-01-01")
    lanes = [t.get_text() for t in out[0].axes[0].get_yticklabels()]
    assert lanes == ["USPSTF", "ACS", "ACG", "ACP"]
    assert "Current on 2019-01-01: 2 source(s)" in out[1]
    assert len(out) == 2 + 2 * len(colorectal.aspects.compared)
    assert "USPSTF on 2019-01-01: <b>50</b> (uspstf-2016)" in out[3]


def test_an_example_may_compare_with_an_earlier_date(engine, tmp_path):
    from review_app.engine.pack import load_pack
    from review_app.errors import CorpusError

    from .conftest import write_pack

    texts = engine.pack.app
    across = [(q, d) for q, d in zip(texts.examples, texts.example_compare_dates, strict=True) if d]
    assert across == [("When should an average-risk woman start screening mammography?", "2024-01-01")]
    assert len(texts.examples) == len(texts.example_compare_dates) and "" in texts.example_compare_dates
    good, bad = tmp_path / "good", tmp_path / "bad"
    good.mkdir(), bad.mkdir()
    write_pack(good, app={"title": "T", "subtitle": "S", "disclaimer": "not medical advice",
                          "question_placeholder": "Q", "examples_label": "E",
                          "examples": ["When?", {"question": "Since when?", "compare_date": "2020-06-01"}]})
    assert load_pack(good).app.example_compare_dates == ("", "2020-06-01")
    write_pack(bad, app={"title": "T", "subtitle": "S", "disclaimer": "not medical advice",
                         "question_placeholder": "Q", "examples_label": "E",
                         "examples": [{"question": "Since when?", "compare_date": "June 2020"}]})
    with pytest.raises(CorpusError, match="compare_date 'June 2020' is not a date"):
        load_pack(bad)


def test_the_readme_opens_with_a_sentence_and_the_drift_picture():
    import re

    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8").split("---\n", 2)[2]
    title, first, picture = [block.strip() for block in readme.strip().split("\n\n")[:3]]
    assert title == "# Evidence Drift Review"
    assert first.count(". ") == 0 and first.endswith(".")  # one sentence
    assert picture.startswith("![") and picture.endswith("(docs/drift-timeline.png)")
    linked = re.findall(r"\((docs/[\w.-]+\.png)\)", readme)
    assert {"docs/drift-timeline.png", "docs/drift-start-age.png", "docs/compare.png"} <= set(linked)
    assert all((PROJECT_ROOT / path).is_file() for path in linked)


def test_each_date_is_drawn_once_and_kept_encoded(timeline):
    from gradio.components.plot import PlotData

    from review_app.ui import drift_tab

    corpus = timeline_corpus()
    first = drift_tab.rendered(timeline, corpus, "2021-02-03")
    assert isinstance(first[0], PlotData) and first[0].plot.startswith("data:image/png;base64,")
    assert drift_tab.rendered(timeline, corpus, " 2021-02-03 ") is first
    assert "Current on 2021-02-03" in first[1]
    bad = drift_tab.rendered(timeline, corpus, "someday")
    assert "Cannot show that date" in bad[1] and (corpus.version, "someday") not in drift_tab._RENDERED
