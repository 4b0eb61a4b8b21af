"""Drift in a real browser at tablet width: the Drift tab's timeline with a movable reference date
(the current sources change with it), a source's card, and the example that compares a question
before and after the 2024 updates in Ask. The screenshots the README shows are written to docs/
when REVIEW_APP_UPDATE_DOCS=1."""

import os
from pathlib import Path

import pytest

from review_app.engine.settings import PROJECT_ROOT

from .test_browser import open_tab, shot

pytestmark = pytest.mark.browser
# The README's pictures are rewritten only on request (REVIEW_APP_UPDATE_DOCS=1); otherwise the
# screenshots go with the other test artifacts, so a test run never edits tracked files.
DOCS = PROJECT_ROOT / "docs" if os.environ.get("REVIEW_APP_UPDATE_DOCS") == "1" else \
    Path(os.environ.get("REVIEW_APP_ARTIFACTS", PROJECT_ROOT / "exports" / "test-artifacts"))
TABLET = {"width": 820, "height": 1180}


@pytest.fixture(scope="module")
def drift_server(tmp_path_factory):
    from .conftest import served_app

    with served_app(tmp_path_factory.mktemp("drift")) as (url, _):
        yield url


@pytest.fixture
def page(browser, drift_server):
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(drift_server)
    page.wait_for_selector("#question textarea")
    yield page
    context.close()


def current_sources(page) -> list[str]:
    return page.eval_on_selector_all("#drift-current ul.drift-current li", "items => items.map(i => i.dataset.source)")


def moments() -> list[str]:
    """The slider's steps in words, as the tab builds them from the bundled pack."""
    from review_app.engine.pipeline import get_engine
    from review_app.review import usecases
    from review_app.ui.drift_tab import date_picks

    engine = get_engine(PROJECT_ROOT / "corpus")
    return [label for label, _ in date_picks(usecases.drift_timeline(engine), engine.pack.reference_date)]


def move_slider_to(page, label: str) -> None:
    """Move the slider to the step whose words are `label` (typed into its number box, then released)."""
    steps = page.eval_on_selector("#drift-slider input[type=range]", "r => Number(r.max)")
    index = moments().index(label)
    assert steps == len(moments()) - 1
    box = page.locator("#drift-slider input[type=number]")
    box.fill(str(index))
    box.press("Tab")  # leaving the box releases the slider


def test_the_drift_tab_moves_through_time(page):
    open_tab(page, "Drift")
    page.wait_for_selector("#drift-current h4:has-text('Current on 2026-06-24: 7 source(s)')")
    assert "uspstf-2016" not in current_sources(page) and "acog-faq" in current_sources(page)
    assert "current in part; starting-age, screening-interval replaced by acog-2024" in page.inner_text(
        "#drift-current")

    page.fill("#drift-date textarea, #drift-date input", "2020-06-01")
    page.press("#drift-date textarea, #drift-date input", "Enter")
    page.wait_for_selector("#drift-current h4:has-text('Current on 2020-06-01: 3 source(s)')")
    assert current_sources(page) == ["uspstf-2016", "acs-2015", "acog-2017"]
    assert "USPSTF on 2020-06-01: 50 (40 to 49 an individual decision)" in page.inner_text(
        "#drift-steps-text-start_age")

    move_slider_to(page, "2024-04-30 (uspstf-2024, acr-uspstf-2024-response)")
    page.wait_for_selector("#drift-current h4:has-text('Current on 2024-04-30')")
    assert page.input_value("#drift-date textarea, #drift-date input") == "2024-04-30"
    assert current_sources(page) == ["uspstf-2024", "acs-2015", "acog-2017", "acr-current",
                                     "acr-uspstf-2024-response"]
    assert "USPSTF on 2024-04-30: 40 (uspstf-2024)" in page.inner_text("#drift-steps-text-start_age")
    assert "Showing 2024-04-30 (uspstf-2024, acr-uspstf-2024-response)." in page.inner_text("#drift-moment")

    page.click("#drift-source input")
    page.get_by_role("option", name="acog-faq", exact=False).first.click()
    card = page.wait_for_selector("#drift-card [data-source='acog-faq']")
    assert "undated, counted from 2024-10-10" in card.inner_text() and "not yet published" in card.inner_text()

    move_slider_to(page, moments()[-1])  # back to the app's reference date: every source in its state today
    page.wait_for_selector("#drift-current h4:has-text('Current on 2026-06-24: 7 source(s)')")
    shot(page, "drift")
    DOCS.mkdir(parents=True, exist_ok=True)
    page.locator("#drift-timeline").screenshot(path=str(DOCS / "drift-timeline.png"))
    page.locator("#drift-steps-start_age").screenshot(path=str(DOCS / "drift-start-age.png"))


def test_the_example_across_the_2024_updates_compares_in_ask(page):
    page.get_by_role("button", name="Compare with 2024-01-01:", exact=False).click()
    # the example fills the question and the earlier date, and opens the compare section
    page.wait_for_function("(document.querySelector('#compare-date textarea, #compare-date input') || {}).value"
                           " == '2024-01-01'")
    assert page.input_value("#question textarea") == "When should an average-risk woman start screening mammography?"
    page.click("#compare-button")
    changed = page.wait_for_selector("#compare-changes li[data-kind='position changed']")
    kinds = page.eval_on_selector_all("#compare-changes li[data-kind='position changed']",
                                      "items => items.map(i => i.innerText)")
    assert any("uspstf-2024" in k and "when to start" in k for k in kinds), kinds
    assert any("acog-2024" in k and "when to start" in k for k in kinds), kinds
    assert changed.is_visible()
    assert "as of 2024-01-01" in page.inner_text("#compare-then")
    assert "as of 2026-06-24" in page.inner_text("#compare-now")
    shot(page, "ask-compare-2024")
    # from the question down: the example, the earlier date and the first organizations' changes
    scrolled = page.evaluate("() => window.scrollY")
    top, section = page.locator("#question").bounding_box(), page.locator("#compare-accordion").bounding_box()
    bottom = min(section["y"] + section["height"], top["y"] + 1500)
    page.screenshot(path=str(DOCS / "compare.png"), full_page=True,
                    clip={"x": section["x"], "y": top["y"] + scrolled, "width": section["width"],
                          "height": bottom - top["y"]})


def test_the_timeline_is_an_endpoint(drift_server):
    from gradio_client import Client

    client = Client(drift_server, verbose=False)
    record = client.predict("2020-06-01", api_name="/drift_timeline")
    assert record["reference_date"] == "2020-06-01"
    current = [s["source"] for s in record["sources_at"] if s["state"] in ("current", "current in part")]
    assert current == ["uspstf-2016", "acs-2015", "acog-2017"]
    start = next(s for s in record["series"]["start_age"] if s["organization"] == "USPSTF")
    assert [(step["value"], step["start"]) for step in start["steps"]] == [
        ("50 (40 to 49 an individual decision)", "2016-01-12"), ("40", "2024-04-30")]
    assert client.predict("June 2020", api_name="/drift_timeline")["error"].startswith("reference_date")
