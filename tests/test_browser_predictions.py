"""A visitor scores their own system in the Metrics tab: upload a predictions file, see it in one
table beside the built-in pipeline and the naive baseline (a real browser)."""

import json

import pytest

from review_app.engine.settings import PROJECT_ROOT
from review_app.evaluation.labels import load_slice

from .conftest import open_page
from .test_browser import open_tab, shot

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, app_server):
    context, page = open_page(browser, app_server[0], timeout=60_000)
    yield page
    context.close()


def test_an_uploaded_predictions_file_is_scored_beside_the_pipeline_and_the_naive_baseline(page, tmp_path):
    cases = load_slice(PROJECT_ROOT / "labels", "canonical")
    # A system that abstains when it should and otherwise retrieves every gold chunk, and skips one case.
    lines = [{"id": c.id, "abstain": c.should_abstain, "retrieved": list(c.gold_chunk_ids or ())} for c in cases[1:]]
    path = tmp_path / "my-oracle-system.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")

    open_tab(page, "Metrics")
    page.locator("#predictions-file input[type=file]").set_input_files(str(path))
    page.wait_for_selector("#predictions-file a[download='my-oracle-system.jsonl']")  # uploaded
    page.click("#score-predictions")
    rows = page.locator("#predictions-table table tbody tr")
    rows.first.wait_for()
    assert rows.count() == 3
    texts = [rows.nth(i).inner_text() for i in range(3)]
    assert texts[0].startswith("my-oracle-system") and texts[1].startswith("built-in pipeline")
    assert texts[2].startswith("naive BM25 baseline")
    assert "1 case(s) missing" in page.inner_text("#predictions-table")
    cells = rows.first.locator("td")
    assert cells.nth(3).inner_text() == "1"  # missing
    assert cells.nth(7).inner_text() == f"{(len(cases) - 1) / len(cases):.3f}"  # decision accuracy: the missing case
    page.wait_for_selector("#predictions-per-case:has-text('canonical-001')")
    shot(page, "metrics-predictions")


def test_a_bad_predictions_file_lists_its_problems(page, tmp_path):
    path = tmp_path / "broken.jsonl"
    path.write_text('{"id": "canonical-001", "abstain": "yes", "retrieved": []}\nnot json\n', encoding="utf-8")
    open_tab(page, "Metrics")
    page.locator("#predictions-file input[type=file]").set_input_files(str(path))
    page.wait_for_selector("#predictions-file a[download='broken.jsonl']")
    page.click("#score-predictions")
    table = page.wait_for_selector("#predictions-table:has-text('Not scored')")
    text = table.inner_text()
    assert "broken.jsonl:1: abstain: expected true or false" in text and "broken.jsonl:2: json: malformed JSON" in text


@pytest.mark.parametrize("content, expected", [
    ('{"id": "x", "question": "q", "should_abstain": "no", "gold_document_ids": [], "expected_scope_flags": []}\n',
     "bad-labels.jsonl:1: should_abstain"),
    ("not json\n", "bad-labels.jsonl:1: json"),
])
def test_a_bad_label_file_in_metrics_says_what_is_wrong_in_words(page, tmp_path, content, expected):
    path = tmp_path / "bad-labels.jsonl"
    path.write_text(content, encoding="utf-8")
    open_tab(page, "Metrics")
    page.locator("#metrics-file input[type=file]").set_input_files(str(path))
    page.wait_for_selector("#metrics-file a[download='bad-labels.jsonl']")
    page.click("#run-evaluation")
    text = page.wait_for_selector("#metrics-tables:has-text('Not evaluated')").inner_text()
    assert expected in text
    assert page.locator(".error, [data-testid='toast-body']").count() == 0  # no bare "Error" badge


def test_the_support_figure_shows_the_threshold_split(page):
    open_tab(page, "Metrics")
    page.click("#run-evaluation")
    page.wait_for_selector("#metrics-tables:has-text('Recall@')", timeout=120_000)
    image = page.wait_for_selector("#support-plot img")
    assert image.evaluate("img => img.naturalWidth") > 600
    shot(page, "metrics-support")
