"""The Review and New case tabs in a real browser, as a reviewer meets them (#20 items 16, 18, 19)."""

import pytest

from .test_browser import open_tab
from .test_browser_access import new_page

pytestmark = pytest.mark.browser

CASE = {"question": "Does USPSTF 2024 advise screening for a 52-year-old with a prior benign biopsy?",
        "should_abstain": False, "gold_document_ids": ["uspstf-2024"], "expected_scope_flags": [],
        "reference_date": None, "notes": "drafted after the server started"}


def test_a_fresh_page_lists_the_drafts_saved_since_the_server_started(browser, app_server):
    url, context = app_server
    saved = context.store.save_draft(None, CASE, "nurse-drafter")
    browser_context, page = new_page(browser, url)
    open_tab(page, "New case")
    page.click("#draft input")
    page.get_by_role("option", name=f"{saved.draft_id} (draft)").click()
    page.wait_for_function("() => [...document.querySelectorAll('textarea')].some(t => t.value.includes("
                           "'prior benign biopsy'))")
    browser_context.close()
