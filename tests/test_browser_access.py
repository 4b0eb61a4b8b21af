"""Access in a real browser (#20 item 1): the banner says which mode is on; in open review a typed
name is kept by the browser that used it first; a public Space without sign-in is a read-only demo."""

import pytest

from .conftest import open_page, served_app
from .test_browser import open_case, set_reviewer

pytestmark = pytest.mark.browser


def new_page(browser, url):
    return open_page(browser, url)


def test_a_typed_name_stays_with_the_browser_that_used_it(browser, app_server):
    url, context = app_server
    first, page = new_page(browser, url)
    assert "Open review without sign-in" in page.inner_text("#access-mode")
    set_reviewer(page, "nurse-ann")
    open_case(page)
    page.get_by_label("contradicts").first.check()
    page.click("#reason input")
    page.get_by_role("option", name="misstated_strength").click()
    page.fill("#rationale textarea", "ann's own reading of the card")
    page.click("#save-judgment")
    page.wait_for_selector("#save-status:has-text('Saved')")
    page.reload()  # the same browser keeps the name across a reload
    page.wait_for_selector("#question textarea")
    set_reviewer(page, "nurse-ann")
    open_case(page)
    page.wait_for_selector("#claim-table:has-text('contradicts')")
    first.close()

    second, other = new_page(browser, url)  # another browser typing the same name
    set_reviewer(other, "nurse-ann")
    other.get_by_role("tab", name="Review").click()
    other.click("#load-case")
    other.wait_for_selector("text=in use by someone else")
    assert "ann's own reading" not in other.inner_text("body")
    second.close()
    assert [j.reviewer for j in context.store.judgments(reviewer="nurse-ann")] == ["nurse-ann"]


def test_a_public_space_without_sign_in_is_read_only(browser, tmp_path):
    with served_app(tmp_path, SPACE_ID="someone/evidence-drift-review") as (url, context):
        browser_context, page = new_page(browser, url)
        assert "Read-only demo" in page.inner_text("#access-mode")
        assert not page.locator("#reviewer textarea, #reviewer input").first.is_editable()
        open_case(page)
        page.get_by_label("supports").first.check()
        page.click("#save-judgment")
        page.wait_for_selector("#save-status:has-text('read-only demo')")
        assert context.store.judgment_count() == 0
        browser_context.close()
