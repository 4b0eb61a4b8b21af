"""End to end in a real browser (Debian's Chromium driven by Playwright): ask, review, save,
reload, and see the judgment kept. Screenshots of each tab are written as test artifacts."""

import os
from pathlib import Path

import pytest

from review_app.engine import embeddings
from review_app.engine.settings import PROJECT_ROOT

from .conftest import open_page

pytestmark = pytest.mark.browser
ARTIFACTS = Path(os.environ.get("REVIEW_APP_ARTIFACTS", PROJECT_ROOT / "exports" / "test-artifacts"))


@pytest.fixture
def page(browser, app_server):
    context, page = open_page(browser, app_server[0])
    yield page
    context.close()


def shot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def open_tab(page, name):
    page.get_by_role("tab", name=name).click()


def set_reviewer(page, name):
    box = page.locator("#reviewer textarea, #reviewer input").first
    box.fill(name)
    box.press("Tab")


def open_case(page):
    open_tab(page, "Review")
    page.click("#load-case")
    page.wait_for_selector("#gold-panel:has-text('canonical-001')")


def test_ask_out_of_scope_shows_the_abstain_banner(page):
    page.fill("#question textarea", "When should a 35-year-old with a BRCA1 mutation start screening?")
    page.click("#ask-button")
    banner = page.wait_for_selector("#decision-banner")
    assert "Abstain." in banner.inner_text() and "known_high_risk_genetics" in banner.inner_text()
    assert "not medical advice" in page.inner_text("#disclaimer")
    shot(page, "ask")


def test_another_embedder_from_the_advanced_settings(page):
    page.get_by_text("Advanced settings").click()
    page.click("#embedding input")
    page.get_by_role("option", name="sentence-transformers all-MiniLM-L6-v2").click()
    calibrated = embeddings.load_thresholds(PROJECT_ROOT / "corpus")["sentence-transformers/all-MiniLM-L6-v2"]
    page.wait_for_function(f"document.querySelector('#threshold input[type=number]').value == '{calibrated}'")
    page.fill("#question textarea", "When should an average-risk woman start mammography?")
    page.click("#ask-button")
    assert "Answer." in page.wait_for_selector("#decision-banner").inner_text()
    page.get_by_text("Decision as JSON").click()
    page.wait_for_selector("#decision-json:has-text('all-MiniLM-L6-v2')")
    assert "sentence-transformers" in page.inner_text("#decision-json")
    shot(page, "ask-minilm")


def test_compare_with_an_earlier_date(page):
    page.fill("#question textarea", "When should an average-risk woman start screening mammography?")
    page.get_by_text("Compare with an earlier date").click()
    page.locator("#compare-picks").get_by_text("2016-01-12 (uspstf-2016)").click()
    page.wait_for_function("document.querySelector('#compare-date textarea, #compare-date input').value"
                           " == '2016-01-12'")
    page.click("#compare-button")
    changed = page.wait_for_selector("#compare-changes li[data-kind='position changed']")
    assert "when to start" in changed.inner_text() and "uspstf-2024" in changed.inner_text()
    assert "as of 2016-01-12" in page.inner_text("#compare-then") and "as of 2026-06-24" in page.inner_text(
        "#compare-now")
    assert "no source then" in page.inner_text("#compare-changes")  # ACOG and ACR had published nothing by then
    shot(page, "ask-compare")


def test_judgment_is_saved_and_kept_after_reload(page, app_server):
    set_reviewer(page, "dr-browser")
    open_case(page)
    page.get_by_label("partially_supports").first.check()
    page.click("#reason input")
    page.get_by_role("option", name="missing_fact").click()
    page.fill("#rationale textarea", "the card states the ages but not the grade")
    page.click("#save-judgment")
    status = page.wait_for_selector("#save-status:has-text('Saved')")
    assert "Saved " in status.inner_text()
    shot(page, "review")

    page.reload()
    page.wait_for_selector("#question textarea")
    set_reviewer(page, "dr-browser")
    open_case(page)
    # the verifier's own suggestions can read "partially_supports" too: wait for the reviewer's words
    page.wait_for_selector("#claim-table:has-text('the card states the ages but not the grade')")
    assert "partially_supports" in page.inner_text("#claim-table")
    saved = app_server[1].store.judgments(reviewer="dr-browser")
    assert [(j.claim_id, j.label, j.reason) for j in saved] == [("c1", "partially_supports", "missing_fact")]


@pytest.mark.parametrize("tab", ["New case", "Export", "Corpus changes", "Metrics", "Guidelines"])
def test_every_tab_renders(page, tab):
    open_tab(page, tab)
    page.wait_for_timeout(300)
    shot(page, tab.lower().replace(" ", "-"))
    assert "not medical advice" in page.inner_text("body")


PAYLOAD = "<img src=x onerror=alert(1)> <script>alert(2)</script> ${alert(3)}"


def test_corpus_changes_show_the_old_text_beside_the_new_literally(page, app_server):
    """An older version of one ACS 2015 section (with markup in it) recorded in the app's database."""
    from review_app.review.versions import snapshot

    store, corpus = app_server[1].store, app_server[1].engine.corpus
    changed = corpus.chunk_by_id["acs-2015#age-55-and-older"]
    chunks = [{"content_hash": c.content_hash, "chunk_id": c.id, "heading": c.heading, "text": c.text}
              for c in corpus.chunks if c.id != changed.id]
    chunks.append({"content_hash": "0" * 16, "chunk_id": changed.id, "heading": changed.heading,
                   "text": changed.text.replace("can switch", f"{PAYLOAD} can switch")})
    store.record_version("older-test-version", [s.to_json() for s in snapshot(corpus).sources], chunks)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_tab(page, "Corpus changes")
    page.click("#find-rereview")
    page.wait_for_selector("#corpus-change:has-text('older-test-version')")
    choice = page.locator("#rereview-item-choice input")
    choice.fill("label canonical canonical-013 c1 · acs-2015#age-55-and-older")
    choice.press("Enter")
    page.wait_for_selector("#rereview-text .edr-diff")
    text = page.inner_text("#rereview-text")
    assert PAYLOAD in text and "Current text" in text
    assert page.locator("#rereview-text .edr-del").count() == 1
    shot(page, "corpus-changes-diff")
    assert dialogs == []


@pytest.fixture(scope="module")
def injected_server(tmp_path_factory):
    """The app on a corpus whose ACR card carries markup and a template expression."""
    import shutil

    from .conftest import CORPUS_DIR, LABELS_DIR, served_app

    folder = tmp_path_factory.mktemp("injected")
    corpus = folder / "corpus"
    shutil.copytree(CORPUS_DIR, corpus)
    card = corpus / "acr-current.md"
    card.write_text(card.read_text(encoding="utf-8").replace(
        "## Risk assessment\n", f"## Risk assessment\nInjected: {PAYLOAD} end.\n"), encoding="utf-8")
    with served_app(folder, REVIEW_APP_CORPUS=str(corpus), REVIEW_APP_LABELS=str(LABELS_DIR)) as (url, _):
        yield url


def test_no_script_runs_from_questions_rationales_or_cards(browser, injected_server):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(injected_server)
    page.wait_for_selector("#question textarea")
    page.fill("#question textarea", f"Who should have a breast cancer risk assessment by age 25? {PAYLOAD}")
    page.click("#ask-button")
    page.wait_for_selector("#decision-banner")
    page.wait_for_selector("text=Injected:")
    body = page.inner_text("body")
    assert "${alert(3)}" in body  # shown literally, not evaluated
    assert "onerror" not in page.inner_html("#ask-banner")

    set_reviewer(page, "dr-<b>bold</b>")
    open_tab(page, "Review")
    page.click("#load-case")
    page.wait_for_selector("#gold-panel:has-text('canonical-001')")
    page.get_by_label("partially_supports").first.check()
    page.click("#reason input")
    page.get_by_role("option", name="missing_fact").click()
    page.fill("#rationale textarea", PAYLOAD)
    page.click("#save-judgment")
    page.wait_for_selector("#save-status:has-text('Saved')")
    page.wait_for_selector("#claim-table:has-text('${alert(3)}')")
    page.wait_for_timeout(500)
    shot(page, "security")
    assert dialogs == []
    context.close()


def test_generated_answer_shows_findings_and_unsupported_claims_apart(browser, generation_server):
    from .openai_standin import CONSENSUS, GOOD

    url, _, _ = generation_server
    browser_context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("#question textarea")
    page.fill("#question textarea", "How often should women in their fifties be screened, and do the groups agree?")
    page.click("#ask-button")
    page.wait_for_selector("#generated-findings")
    assert GOOD in page.inner_text("#generated-findings") and CONSENSUS not in page.inner_text("#generated-findings")
    unsupported = page.inner_text("#generated-unsupported")
    assert "Not supported by the cited cards" in unsupported and CONSENSUS in unsupported
    shot(page, "ask-generated")
    set_reviewer(page, "nurse-b")  # open review: team members sign in
    page.click("#send-generated")
    page.wait_for_selector("#send-status:has-text('Sent: saved as draft-')")
    browser_context.close()


@pytest.fixture(scope="module")
def oauth_server(tmp_path_factory):
    """The app as on a Space with `hf_oauth: true`, except that Hugging Face itself is not
    reached: Gradio's local sign-in routes run for real (session cookie, redirects), and only
    their call to the Hub's whoami is answered by a stand-in, at that boundary."""
    import gradio.oauth

    from review_app.ui.app import build_app, launch
    from review_app.ui.context import Context

    from .conftest import _free_port, temporary_env

    folder = tmp_path_factory.mktemp("oauth")
    team = folder / "team.yaml"
    team.write_text("declared_name_role: viewer\nmembers:\n  hf-clinician: reviewer\n", encoding="utf-8")
    user = {"type": "user", "name": "hf-clinician", "fullname": "HF Clinician", "avatarUrl": ""}
    with pytest.MonkeyPatch.context() as patch, temporary_env(
            OAUTH_CLIENT_ID="space-client", REVIEW_APP_TEAM=str(team), REVIEW_APP_EXPORTS=str(folder / "exports")):
        patch.setattr(gradio.oauth, "get_token", lambda: "stand-in-token")
        patch.setattr(gradio.oauth, "whoami", lambda: user)
        context = Context.create(db_path=folder / "review.sqlite", exports_dir=folder / "exports")
        port = _free_port()
        with pytest.warns(UserWarning, match="OAuth"):  # Gradio says it mocks the sign-in off a Space
            demo = build_app(context)
            launch(demo, server_name="127.0.0.1", server_port=port, prevent_thread_lock=True, quiet=True)
        yield f"http://127.0.0.1:{port}/", context
        demo.close()


def test_hugging_face_sign_in_names_the_reviewer_and_roles_hold(browser, oauth_server):
    url, context = oauth_server
    browser_context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_selector("#question textarea")
    reviewer = page.locator("#reviewer textarea, #reviewer input").first
    assert reviewer.input_value() == "" and not reviewer.is_editable()  # signed out: a viewer, nothing typed
    open_case(page)
    page.get_by_label("supports").first.check()
    page.click("#save-judgment")
    page.wait_for_selector("#save-status:has-text('Not saved')")
    assert context.store.judgments() == []

    page.get_by_role("button", name="Sign in with Hugging Face").click()
    page.wait_for_url(url + "**")
    page.wait_for_selector("#question textarea")
    page.wait_for_function("() => document.querySelector('#reviewer textarea, #reviewer input').value "
                           "=== 'hf-clinician'")
    open_case(page)
    page.get_by_label("supports").first.check()
    page.click("#save-judgment")
    page.wait_for_selector("#save-status:has-text('Saved')")
    assert [(j.reviewer, j.label) for j in context.store.judgments()] == [("hf-clinician", "supports")]
    shot(page, "oauth-signed-in")
    browser_context.close()
