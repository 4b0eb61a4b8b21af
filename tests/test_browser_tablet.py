"""Tables and tablet width in a real browser (#20 item 20): at 820 px every tab is in sight, no table
header breaks a word letter by letter, the review tables show readable times, read-only rows get no
add-row control, the disagreements table keeps every column in sight, and a judgment can be saved."""

import re

import pytest

from .conftest import open_page
from .test_browser import open_case, open_tab, set_reviewer

pytestmark = pytest.mark.browser
TABLET = {"width": 820, "height": 1180}
TABS = ["Ask", "Drift", "Review", "New case", "Export", "Adjudication", "Corpus changes", "Metrics", "Guidelines"]

# Each visible table header: its words and the lines its text takes (text nodes only, icons left out).
HEADER_LINES = """scope => [...document.querySelectorAll(scope + ' th')].filter(th => th.offsetParent).map(th => {
  const tops = new Set();
  const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
  }
  return [th.innerText.trim(), tops.size];
})"""


@pytest.fixture
def tablet(browser, app_server):
    context, page = open_page(browser, app_server[0], **TABLET)
    yield page
    context.close()


def broken_headers(page, scope: str = "") -> list[str]:
    """Headers whose text takes more lines than it has words (a word broken inside)."""
    headers = page.evaluate(HEADER_LINES, scope)
    assert headers, f"no table header in sight in {scope or 'the page'}"
    return [f"{text!r} on {lines} lines" for text, lines in headers if lines > len(text.split())]


def test_every_tab_is_in_sight_and_opens(tablet):
    assert not tablet.locator(".overflow-menu").first.is_visible()  # no "…" menu hides a tab
    for name in TABS:
        tab = tablet.get_by_role("tab", name=name)
        assert tab.is_visible(), name
        tab.click()
        tablet.wait_for_function("name => [...document.querySelectorAll('[role=tab]')].some("
                                 "t => t.innerText.trim() === name && t.getAttribute('aria-selected') === 'true')",
                                 arg=name)
    assert tablet.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_review_at_tablet_width(tablet, app_server):
    open_tab(tablet, "Review")
    tablet.wait_for_selector("#claim-table th")
    assert not tablet.locator("#claim-table .add-row-button").first.is_visible()  # rows come from the case
    set_reviewer(tablet, "nurse-tablet")
    open_case(tablet)
    assert not broken_headers(tablet, "#claim-table")
    # the table scrolls sideways, not the page
    assert tablet.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    saved_header = tablet.locator("#claim-table th", has_text="saved").first
    saved_header.scroll_into_view_if_needed()  # the last column can be reached
    box = saved_header.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= TABLET["width"]
    for control in ("#case", "#previous-case", "#next-case", "#load-case"):
        control_box = tablet.locator(control).bounding_box()
        assert control_box and control_box["x"] + control_box["width"] <= TABLET["width"], control
    tablet.get_by_label("supports").first.check()
    tablet.click("#save-judgment")
    tablet.wait_for_selector("#save-status:has-text('Saved')")
    tablet.wait_for_selector("#claim-table:has-text('submitted ·')")
    saved = tablet.inner_text("#claim-table")
    assert re.search(r"submitted · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC", saved)
    assert not re.search(r"\d{2}:\d{2}:\d{2}|\+00:00", saved)  # no raw ISO time
    assert [j.label for j in app_server[1].store.judgments(reviewer="nurse-tablet")] == ["supports"]


def test_the_disagreements_table_keeps_every_column_in_sight(tablet, app_server):
    service = app_server[1].service
    case_id, claim_id, chunk_id = _first_pair(app_server[1])
    service.save("canonical", case_id, claim_id, chunk_id, "nurse-p", "supports", None, "")
    service.save("canonical", case_id, claim_id, chunk_id, "nurse-q", "contradicts", "misstated_strength",
                 "the card states a different interval")
    set_reviewer(tablet, "nurse-p")
    open_tab(tablet, "Adjudication")
    tablet.get_by_role("button", name="Find disagreements and agreement").click()
    tablet.wait_for_selector(f"#disagreements:has-text('{case_id} {claim_id}')")
    table = tablet.locator("#disagreements").bounding_box()
    for name in ("item", "claim", "gold", "submitted labels", "final"):
        header = tablet.locator("#disagreements th", has_text=name).first.bounding_box()
        assert header and header["x"] + header["width"] <= table["x"] + table["width"] + 1, name
    assert not broken_headers(tablet, "#disagreements")
    assert tablet.locator("#disagreements .add-row-button").count() == 0


def _first_pair(context) -> tuple[str, str, str]:
    """The first (case, claim, cited chunk) of the canonical slice's first case."""
    from review_app.evaluation.labels import load_cases

    case = load_cases(context.service.labels_dir / "canonical.jsonl")[0]
    claim = case.claims[0]
    return case.id, claim.id, claim.evidence[0].chunk_id


@pytest.mark.parametrize("tab", ["Corpus changes", "Metrics", "Guidelines"])
def test_no_header_breaks_a_word(tablet, tab):
    open_tab(tablet, tab)
    if tab == "Corpus changes":
        tablet.click("#find-rereview")
        tablet.wait_for_selector("th:has-text('claim · chunk / source')")
    tablet.wait_for_timeout(300)
    assert not broken_headers(tablet, "[role=tabpanel]")


def test_the_claim_table_offers_no_row_or_column_to_add_or_delete(tablet):
    """Its rows come from the case and its columns are fixed: the cell menus keep only sorting."""
    set_reviewer(tablet, "nurse-menus")
    open_case(tablet)
    menu_items = ("() => [...document.querySelectorAll('#claim-table [role=menuitem]')]"
                  ".filter(item => item.offsetParent).map(item => item.innerText.trim())")
    tablet.locator("#claim-table .body-cell").filter(has_text="supports").first.click(button="right")
    tablet.wait_for_timeout(300)
    assert tablet.evaluate(menu_items) == []
    assert not tablet.locator("#claim-table .cell-menu").first.is_visible()  # not even an empty menu
    tablet.keyboard.press("Escape")
    header = tablet.locator("#claim-table th.header-cell:visible", has_text="your label").first
    header.hover()
    header.locator("button[aria-label='Open cell menu']").click()
    tablet.wait_for_selector("#claim-table [role=menuitem]:has-text('Sort ascending')")
    items = tablet.evaluate(menu_items)
    assert "Sort ascending" in items and not [item for item in items if "row" in item or "column" in item], items
