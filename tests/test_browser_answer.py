"""The one-line answer in a real browser: asked aspects answered per organization, from verified
statements only, with the reference date named in the banner and in the answer."""

import pytest

from .conftest import open_page

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, app_server):
    context, page = open_page(browser, app_server[0], width=1280)
    yield page
    context.close()


def ask(page, question):
    page.fill("#question textarea", question)
    page.click("#ask-button")
    return page.wait_for_selector("#one-line-answer")


def test_the_one_line_answer_and_the_reference_date(page):
    line = ask(page, "Do USPSTF and ACS agree on screening intervals?").inner_text()
    assert line.startswith("As of 2026-06-24: Organizations disagree on how often: USPSTF every 2 years")
    assert "ACS" in line and "every year at 45 to 54" in line
    banner = page.inner_text("#decision-banner")
    assert "Answer." in banner and "As of 2026-06-24" in banner and "pinned reference date" in banner
    # the answer sits above the evidence cards, and what it answers is named
    assert page.locator("#one-line-answer").bounding_box()["y"] < page.locator("#evidence-cards").bounding_box()["y"]
    assert "Asked about: how often" in page.inner_text("#synthesis")


def test_an_organization_without_a_statement_is_named_not_filled(page):
    line = ask(page, "Do the organizations recommend a clinical breast examination for screening?").inner_text()
    assert "No statement in this corpus from USPSTF, ACR on clinical breast examination." in line
    assert "USPSTF: no statement in this corpus on" not in line
    assert "no statement in this corpus on clinical breast examination" in page.inner_text("#synthesis")


def test_a_first_visitor_is_told_where_to_start_and_a_reviewer_finds_the_guidelines(page):
    start = page.inner_text("#start-here")
    assert "press Ask" in start and "Reviewers" in start and "Guidelines" in start and "Review" in start
    page.get_by_role("tab", name="Review").click()
    page.click("#open-guidelines")
    page.wait_for_selector("[role=tab][aria-selected=true]:has-text('Guidelines')")
