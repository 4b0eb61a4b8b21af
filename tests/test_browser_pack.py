"""The app on the colorectal example pack in a real browser: a second topic with data files only.
(Its own module, so no other module-scoped server's environment is alive while it starts.)"""

import pytest

from review_app.engine.settings import PROJECT_ROOT

from .conftest import open_page
from .test_browser import shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def colorectal_server(tmp_path_factory):
    """The app on the colorectal example pack: only its data files differ."""
    from .conftest import served_app

    corpus = PROJECT_ROOT / "examples" / "colorectal" / "corpus"
    with served_app(tmp_path_factory.mktemp("colorectal"), REVIEW_APP_CORPUS=str(corpus)) as (url, _):
        yield url


def test_the_colorectal_pack_runs_in_the_app_with_its_own_texts(browser, colorectal_server):
    context, page = open_page(browser, colorectal_server)
    assert "Colorectal cancer screening" in page.inner_text("body")
    assert "ACG" in page.inner_text("#disclaimer") and "not medical advice" in page.inner_text("#disclaimer")
    from review_app.engine.pack import load_pack

    first = load_pack(PROJECT_ROOT / "examples" / "colorectal" / "corpus").app.examples[0]
    page.fill("#question textarea", first)  # the pack's first example question
    page.click("#ask-button")
    banner = page.wait_for_selector("#decision-banner:has-text('Answer.')")
    page.wait_for_selector("text=acp-2023")
    shot(page, "colorectal-ask")
    page.fill("#question textarea", "Patient with Lynch syndrome, age 30: when should colonoscopy start?")
    page.click("#ask-button")
    banner = page.wait_for_selector("#decision-banner:has-text('Abstain.')")
    assert "hereditary_syndrome" in banner.inner_text()
    context.close()
