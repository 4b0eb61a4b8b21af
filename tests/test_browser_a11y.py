"""Accessibility in a real browser (#20 item 23): axe-core's WCAG 2 A/AA rules on every tab, in the
light and the dark colour scheme, find no serious or critical violation that the project causes.

axe-core is vendored, pinned (tests/vendor/README.md). What Gradio's own components do wrong is
listed in README ("Accessibility") and allowed here one rule and one selector at a time."""

import hashlib
import re
from pathlib import Path

import gradio
import pytest

from review_app.engine.settings import PROJECT_ROOT

from .conftest import open_page
from .test_browser import open_case, open_tab, set_reviewer

pytestmark = pytest.mark.browser
VENDOR = Path(__file__).parent / "vendor"
AXE = VENDOR / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

# Gradio's own markup (Gradio 6.31.0), each entry a rule and the exact element it may flag:
GRADIO_ALLOWED = [
    # the Dataframe marks a read-only column with a bare <div aria-label="Static column"> in its header
    ("aria-prohibited-attr", 'th .header-icons > div.wrapper[aria-label="Static column"]'),
    # an empty File or Image shows a bare <div aria-label="Empty value">
    ("aria-prohibited-attr", 'div.empty.unpadded_box[aria-label="Empty value"]'),
    # a File's drop zone is a button named "Click to upload or drop files" around other words
    ("label-content-name-mismatch", 'button.upload-container[aria-label="Click to upload or drop files"]'),
    # a Code block's download icon is a 20 px link in its corner (WCAG 2.2 asks 24 px)
    ("target-size", 'a.download-link[data-testid="download-link"]'),
]

RUN_AXE = """async ([tags, allowed]) => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"],
                                          elementRef: true});
  const found = [], used = new Set();
  for (const rule of result.violations) {
    for (const node of rule.nodes) {
      const impact = node.impact || rule.impact;
      if (impact !== "serious" && impact !== "critical") continue;
      const match = allowed.findIndex(([id, selector]) => id === rule.id && node.element?.matches(selector));
      if (match >= 0) { used.add(match); continue; }
      found.push(`${rule.id} (${impact}) at ${node.target.join(" ")} ${node.html.slice(0, 160)}: `
                 + node.failureSummary.replace(/\\s+/g, " "));
    }
  }
  return [found, [...used]];
}"""

TABS = ["Ask", "Drift", "Review", "New case", "Export", "Adjudication", "Corpus changes", "Metrics", "Guidelines"]


def axe_check(page, allowed=GRADIO_ALLOWED) -> tuple[list[str], set[int]]:
    """axe-core's serious and critical WCAG 2 A/AA violations on the page less the allowed ones,
    and which allowed entries were met."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found, used = page.evaluate(RUN_AXE, [AXE_TAGS, [list(pair) for pair in allowed]])
    return found, set(used)


def violations(page) -> list[str]:
    return axe_check(page)[0]


@pytest.fixture(scope="module", params=["light", "dark"])
def scheme_page(request, browser, app_server):
    """One page per colour scheme (Gradio follows the system's)."""
    context, page = open_page(browser, app_server[0], color_scheme=request.param)
    yield page
    context.close()


def scheme(page) -> str:
    return "dark" if page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") else "light"


def show(page, tab: str) -> None:
    """Open a tab as a person would meet it, its content filled where an action fills it."""
    if tab == "Ask":
        open_tab(page, "Ask")
        page.fill("#question textarea", "When should an average-risk woman start mammography?")
        page.click("#ask-button")
        page.wait_for_selector("#decision-banner")
        page.wait_for_selector("#evidence-cards .edr-pill")
    elif tab == "Review":
        set_reviewer(page, f"nurse-a11y-{scheme(page)}")  # one name per browser
        open_case(page)
        page.get_by_label("supports").first.check()  # a chosen option, in the theme's colours
        page.wait_for_selector("#draft-status:has-text('Draft saved')")
    elif tab == "Adjudication":
        open_tab(page, tab)
        page.get_by_role("button", name="Find disagreements and agreement").click()
        page.wait_for_selector("text=Disagreements")
    else:
        open_tab(page, tab)
    page.mouse.move(0, 0)  # no hover state on the last button clicked
    page.wait_for_timeout(500)


@pytest.mark.parametrize("tab", TABS)
def test_no_serious_violation_the_project_causes(scheme_page, tab):
    show(scheme_page, tab)
    found = violations(scheme_page)
    # a panel still rendering on a loaded machine (a scroll region before its rows arrive) is checked again once
    # it settles; a violation of the settled page stays
    for _ in range(3):
        if not found:
            break
        scheme_page.wait_for_timeout(1000)
        found = violations(scheme_page)
    assert not found, f"{tab}:\n" + "\n".join(found)


def test_the_check_catches_a_colour_or_an_attribute_of_the_project(scheme_page):
    """The check can fail: a muted grey too faint for the scheme's background (the #666 the project
    used before, in the dark scheme), and an aria-label on a plain div of the project's own markup,
    are both reported."""
    show(scheme_page, "Ask")
    grey = "#666666" if scheme(scheme_page) == "dark" else "#9a9a9a"
    scheme_page.evaluate("""grey => {
      const style = document.createElement("style");
      style.id = "edr-test-style";
      style.textContent = `.edr-muted {color: ${grey} !important}`;
      document.head.append(style);
      const card = document.createElement("div");
      card.id = "edr-test-card";
      card.setAttribute("aria-label", "labelled without a role");
      card.className = "edr-pill edr-current";  // an empty marker, as Gradio's flagged divs are
      document.querySelector("#evidence-cards").append(card);
    }""", grey)
    try:
        found = violations(scheme_page)
    finally:
        scheme_page.evaluate("() => { document.getElementById('edr-test-style').remove(); "
                             "document.getElementById('edr-test-card').remove(); }")
    assert any(line.startswith("color-contrast") and 'class="edr-muted"' in line for line in found), found
    assert any(line.startswith("aria-prohibited-attr") and 'id="edr-test-card"' in line for line in found), found


def test_the_allowed_entries_are_gradios_and_still_needed(scheme_page):
    """Each allowed entry is met on the page as Gradio renders it (when Gradio fixes one, the entry
    goes), and README lists every one under the Gradio version that is installed."""
    used = set()
    for tab in ("Review", "New case", "Metrics"):
        show(scheme_page, tab)
        used |= axe_check(scheme_page)[1]
    assert used == set(range(len(GRADIO_ALLOWED)))
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Accessibility"):]
    assert f"Gradio {gradio.__version__}" in section
    for rule, selector in GRADIO_ALLOWED:
        assert rule in section and re.search(r'[a-z-]+="[^"]+"', selector)[0] in section


def test_axe_core_is_the_pinned_file():
    """The vendored axe-core is the version and the bytes tests/vendor/README.md names."""
    notes = (VENDOR / "README.md").read_text(encoding="utf-8")
    version = re.search(r"axe-core (\d+\.\d+\.\d+)", notes)[1]
    digest = re.search(r"sha256 ([0-9a-f]{64})", notes)[1]
    assert AXE.read_text(encoding="utf-8").startswith(f"/*! axe v{version}")
    assert hashlib.sha256(AXE.read_bytes()).hexdigest() == digest
