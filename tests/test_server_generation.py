"""The app with generation on, against the chat-completions stand-in: the generated answer's
verified and unsupported claims are shown apart, and its claims can be sent for review."""

from __future__ import annotations

from html import unescape

from gradio_client import Client

from review_app.engine.pack import load_pack
from review_app.engine.settings import PROJECT_ROOT
from review_app.ui import ask_handlers

from .conftest import temporary_env
from .openai_standin import CONSENSUS, GOOD

EXAMPLES = load_pack(PROJECT_ROOT / "corpus").app.examples

COMPARISON = EXAMPLES[0]
NEW_QUESTION = "Do the organizations agree on annual versus biennial mammography for women in their fifties?"
def test_generated_claims_are_shown_verified_and_unsupported_apart(generation_server):
    url, _, standin = generation_server
    client = Client(url, verbose=False)
    assert "/generate" in client.view_api(return_format="dict")["named_endpoints"]
    before = len(standin.requests)
    html = client.predict(COMPARISON, "hybrid", 6, "", 0.122, True, api_name="/generate")
    assert len(standin.requests) == before + 1
    findings = html[html.index("id='generated-findings'"):html.index("id='generated-unsupported'")]
    unsupported = html[html.index("id='generated-unsupported'"):]
    assert GOOD in findings and CONSENSUS not in findings
    assert CONSENSUS in unsupported and "Not supported by the cited cards" in unsupported
    assert "contradicted by uspstf-2024#recommendation" in unsupported  # the verifier's explanation
    assert "Model: standin-model. 1 of 2 generated claim(s) verified" in html


def test_invalid_output_falls_back_to_the_deterministic_synthesis(generation_server):
    url, _, _ = generation_server
    client = Client(url, verbose=False)
    html = unescape(client.predict("Is not json screening from 40 advised by ACR?", "hybrid", 6, "", 0.122, True,
                                   api_name="/generate"))
    assert "Generated answer rejected: the model's output is not valid JSON (Expecting value, line 1 column 1)." \
        in html
    assert "The deterministic synthesis above stands." in html and "generated-findings" not in html
    _, synthesis, *_ = client.predict("Is not json screening from 40 advised by ACR?", "hybrid", 6, "", 0.122, True,
                                      api_name="/ask")
    assert "verified" in synthesis


def test_abstentions_do_not_reach_the_model(generation_server):
    url, _, standin = generation_server
    before = len(standin.requests)
    html = Client(url, verbose=False).predict(EXAMPLES[3], "hybrid", 6, "", 0.122, True,
                                              api_name="/generate")
    assert "the model was not asked" in html and len(standin.requests) == before


def test_generated_claims_go_to_the_review_queue(generation_server):
    _, context, _ = generation_server
    _, draft = ask_handlers.generate(context, COMPARISON, "hybrid", 6, "", 0.122, True)
    assert "Not sent" in ask_handlers.send_generated(context, draft, "")  # a viewer cannot queue claims
    sent = ask_handlers.send_generated(context, draft, "dr-a")
    assert sent.startswith("Sent: added 2 claim(s) to canonical case canonical-001")
    texts = [row.claim_text for row in context.service.view("canonical", "canonical-001", "dr-a").rows]
    assert GOOD in texts and CONSENSUS in texts
    assert "already queued" in ask_handlers.send_generated(context, draft, "dr-a")

    _, new_draft = ask_handlers.generate(context, NEW_QUESTION, "hybrid", 6, "", 0.122, True)
    sent = ask_handlers.send_generated(context, new_draft, "dr-a")
    assert "saved as draft-" in sent
    (saved,) = [d for d in context.store.drafts() if d.case["question"] == NEW_QUESTION]
    assert [c["text"] for c in saved.case["claims"]] == [GOOD, CONSENSUS]
    assert saved.status == "draft" and "verifier's suggestions" in saved.case["notes"]
    assert "already holds this question" in ask_handlers.send_generated(context, new_draft, "dr-a")


def test_a_misconfigured_generator_says_why_and_ask_still_works(tmp_path):
    from review_app.ui.context import Context

    with temporary_env(ENABLE_GENERATION="true", OPENAI_GENERATION_MODEL="",
                       REVIEW_APP_EXPORTS=str(tmp_path / "exports")):
        context = Context.create(db_path=tmp_path / "r.sqlite", exports_dir=tmp_path / "exports")
    assert context.generation_enabled and context.generator is None
    html, draft = ask_handlers.generate(context, COMPARISON, "hybrid", 6, "", 0.122, True)
    assert "Generation is not available" in html and "OPENAI_GENERATION_MODEL" in html and draft is None
    banner, *_ = ask_handlers.ask(context, COMPARISON, "hybrid", 6, "", 0.122, True)
    assert "Answer" in banner
