"""The review app's layout: components and wiring only; every action calls a tab's handlers module."""

from __future__ import annotations

import os

import gradio as gr

from ..engine.settings import default_reviewer
from ..errors import ReviewAppError
from ..review.team import READ_ONLY
from . import render, tabs
from .context import CLIENT_KEY_JS, Context
from .drift_tab import drift_tab
from .review_tab import review_tab

# What each kind of visitor does first (the app's own structure: no topic in it).
START_HERE = (
    "**Start here.** Anyone: type a question below or pick an example, then press **Ask**: the decision, a "
    "one-line answer and the evidence cards it rests on appear under it. Reviewers: put your name at the top, "
    "read **Guidelines** once, then open **Review**. Researchers: **Metrics** scores the pipeline (or your own "
    "system) on the bundled slices, and **Drift** shows how the guidance changed over time."
)


def build_app(ctx: Context | None = None) -> gr.Blocks:
    ctx = ctx or Context.create()
    ctx.service.record_version()  # the registry learns the corpus version the app starts on (after any replay)

    def who(typed: str | None, request: gr.Request | None) -> str:
        try:
            return ctx.actor(typed, request) or ""
        except ReviewAppError as exc:  # a name the review policy refuses: said in words, nothing runs
            raise gr.Error(str(exc)) from None

    texts = ctx.engine.pack.app
    with gr.Blocks(title=texts.title) as demo:
        gr.Markdown(f"# {texts.title}\n{texts.subtitle}")
        gr.Markdown(START_HERE, elem_id="start-here")
        gr.Markdown(texts.disclaimer, elem_id="disclaimer")
        gr.Markdown(f"**Access:** {ctx.service.team.banner}", elem_id="access-mode")
        if ctx.storage_warning:
            gr.HTML(f"<div class='edr-warning' id='storage-warning'>{render.e(ctx.storage_warning)}</div>")
        if os.environ.get("OAUTH_CLIENT_ID"):
            gr.LoginButton()
        if ctx.sign_in or os.environ.get("OAUTH_CLIENT_ID"):
            reviewer = gr.Textbox(value="", label="Signed in as", interactive=False, elem_id="reviewer")
            def signed_in_as(request: gr.Request) -> str:
                return ctx.actor(None, request) or ""

            demo.load(signed_in_as, None, reviewer, api_visibility="private")
        else:
            read_only = ctx.service.team.mode == READ_ONLY
            reviewer = gr.Textbox(value="" if read_only else default_reviewer(), label="Reviewer name",
                                  info="A read-only demo: nothing can be saved here." if read_only else
                                  "Needed to save judgments and cases. Without it the app is a read-only demo.",
                                  interactive=not read_only, elem_id="reviewer")
            if not read_only:  # the typed name is kept in this browser and comes back after a reload
                # a fixed key (not confidential: the name is shown on the page) so it survives a restart
                remembered = gr.BrowserState("", storage_key="edr-reviewer-name", secret="edr-reviewer-name")
                for kept in (reviewer.blur, reviewer.submit):
                    kept(lambda name: (name or "").strip(), reviewer, remembered, api_visibility="private")
                demo.load(lambda saved: saved or gr.skip(), remembered, reviewer,  # never blanks a typed name
                          api_visibility="private")
        demo.load(None, None, None, js=CLIENT_KEY_JS, api_visibility="private")  # keeps this browser's typed name

        # at tablet width every tab stays in sight (wrapping to a second line), none behind a "…" menu
        with gr.Tabs(overflow_behavior="wrap", elem_id="tabs") as tab_set:
            with gr.Tab("Ask", id="ask"):
                tabs.ask_tab(ctx, reviewer, who)

            with gr.Tab("Drift", id="drift"):
                drift_tab(ctx)

            with gr.Tab("Review", id="review"):
                to_guidelines = gr.Button("New to reviewing? Read the annotation guidelines first", size="sm",
                                          variant="secondary", elem_id="open-guidelines")
                review_tab(ctx, reviewer, who)

            for title, tab_id, build in (("New case", "new-case", tabs.new_case_tab),
                                         ("Export", "export", tabs.export_tab),
                                         ("Adjudication", "adjudication", tabs.adjudication_tab),
                                         ("Corpus changes", "corpus-changes", tabs.corpus_changes_tab),
                                         ("Metrics", "metrics", tabs.metrics_tab),
                                         ("Guidelines", "guidelines", tabs.guidelines_tab)):
                with gr.Tab(title, id=tab_id):
                    build(ctx, reviewer, who)
        to_guidelines.click(lambda: gr.Tabs(selected="guidelines"), None, tab_set, api_visibility="private")

        gr.Markdown(texts.disclaimer)
    return demo


def theme() -> gr.themes.Base:
    """Gradio's Soft theme with the colours of its labels, help texts, primary buttons and chosen
    options darkened until their text reads at WCAG AA contrast (4.5:1), light and dark."""
    return gr.themes.Soft().set(
        block_label_text_color="*primary_700", block_title_text_color="*primary_700",
        block_info_text_color="*neutral_600", body_text_color_subdued="*neutral_600",
        button_primary_background_fill="*primary_600", button_primary_background_fill_hover="*primary_700",
        button_primary_background_fill_hover_dark="*primary_700",
        button_secondary_background_fill_hover_dark="*primary_700",
        checkbox_label_background_fill_selected="*primary_600", color_accent="*primary_700")


def launch(demo: gr.Blocks, sign_in: list[tuple[str, str]] | None = None, **kwargs):
    """Start the server with the app's theme and styles (Gradio 6 takes them at launch); with
    name/password pairs, everyone signs in."""
    if sign_in:
        kwargs["auth"] = sign_in
        kwargs.setdefault("auth_message", "Evidence Drift Review: sign in with the name and password you were given.")
    return demo.launch(css=render.CSS, theme=theme(), footer_links=["api"], **kwargs)
