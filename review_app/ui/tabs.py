"""The app's other tabs: one builder each; every action calls the tab's handlers module."""

from __future__ import annotations

from functools import partial

import gradio as gr

from ..evaluation.labels import SLICES
from ..records import CLAIM_LABELS, CLAIM_REASONS, MODES
from . import adjudication_handlers, ask_handlers, holdout_handlers, metrics_handlers, rereview_handlers
from .context import Context, Who


def ask_tab(ctx: Context, reviewer: gr.Textbox, who: Who) -> None:
    """The Ask tab."""
    s = ctx.settings
    texts = ctx.engine.pack.app
    question = gr.Textbox(label="Question", lines=2, elem_id="question",
                          placeholder=texts.question_placeholder)
    # made here so an example can fill it (an example that compares two dates); shown in the compare section
    compare_date = gr.Textbox(label="Earlier date (YYYY-MM-DD); now is the reference date", placeholder="2020-06-01",
                              elem_id="compare-date", scale=1, render=False)
    gr.Examples([list(row) for row in zip(texts.examples, texts.example_compare_dates, strict=True)],
                inputs=[question, compare_date], label=texts.examples_label, example_labels=[
                    f"Compare with {d}: {q}" if d else q
                    for q, d in zip(texts.examples, texts.example_compare_dates, strict=True)])
    with gr.Accordion("Advanced settings", open=False), gr.Row():
        mode = gr.Radio(list(MODES), value=s.mode, label="Retrieval mode")
        top_k = gr.Slider(1, 20, value=s.top_k, step=1, label="Top-k", elem_id="top-k",
                          info="1 to 20: a number typed outside is set to the nearest end")
        reference_date = gr.Textbox(value=s.reference_date.isoformat(), label="Reference date (YYYY-MM-DD)")
        threshold = gr.Slider(0, 1, value=s.threshold, step=0.01, label="Abstention threshold",
                              elem_id="threshold", info="0 to 1: a number typed outside is set to the nearest end")
        diversify = gr.Checkbox(value=s.diversify, label="Organization-aware diversification")
        embedding = gr.Dropdown(ask_handlers.embedding_choices(ctx), value=s.embedding.label,
                                label="Semantic embedder (semantic mode and the semantic half of hybrid)",
                                info="Each embedder has its own calibrated threshold; the slider follows it.",
                                elem_id="embedding")
    ask_button = gr.Button("Ask", variant="primary", elem_id="ask-button")
    compare = _compare_section(ctx, compare_date)
    banner = gr.HTML(elem_id="ask-banner")
    gr.Markdown("### Synthesis (verified statements only)")
    synthesis = gr.HTML(elem_id="synthesis")
    if ctx.generation_enabled:
        gr.Markdown("### Generated answer (only claims the verifier accepts count as findings)")
        generated = gr.HTML(elem_id="generated-answer")
        generated_draft = gr.State(None)
        with gr.Row():
            send_button = gr.Button("Send generated claims for review", elem_id="send-generated", scale=0,
                                    min_width=300)
            send_status = gr.Markdown(elem_id="send-status")
    gr.Markdown("### Evidence")
    cards = gr.HTML(elem_id="evidence-cards")
    with gr.Accordion("Evidence map (every signal)", open=False):
        evidence_map = gr.Dataframe(interactive=False, wrap=True)
    with gr.Accordion("Decision as JSON", open=False):
        raw = gr.JSON(elem_id="decision-json")
    ask_inputs = [question, mode, top_k, reference_date, threshold, diversify, embedding]
    embedding.change(partial(ask_handlers.embedding_threshold, ctx), embedding, threshold,
                     api_visibility="private")
    ask_outputs = [banner, synthesis, cards, evidence_map, raw]
    compare_button, compare_outputs = compare
    compare_button.click(partial(ask_handlers.compare, ctx), [question, compare_date, *ask_inputs[1:]], compare_outputs,
                         api_name="compare")
    asked = ask_button.click(partial(ask_handlers.ask, ctx), ask_inputs, ask_outputs, api_name="ask")
    submitted = question.submit(partial(ask_handlers.ask, ctx), ask_inputs, ask_outputs, api_visibility="private")
    if ctx.generation_enabled:
        asked.then(partial(ask_handlers.generate, ctx), ask_inputs, [generated, generated_draft],
                   api_name="generate")
        submitted.then(partial(ask_handlers.generate, ctx), ask_inputs, [generated, generated_draft],
                       api_visibility="private")

        def send_generated(draft, typed: str, request: gr.Request) -> str:
            return ask_handlers.send_generated(ctx, draft, who(typed, request))

        send_button.click(send_generated, [generated_draft, reviewer], send_status, api_visibility="private")


def _compare_section(ctx: Context, compare_date: gr.Textbox) -> tuple[gr.Button, list]:
    """"Compare with an earlier date": the date (typed, picked at a source's publication date, or
    filled by an example), the changes per organization, and the two answers side by side."""
    with gr.Accordion("Compare with an earlier date", open=False, elem_id="compare-accordion") as accordion:
        with gr.Row():
            compare_date.render()
            picks = gr.Radio(ask_handlers.compare_picks(ctx), label="Quick picks: each source's publication date",
                             elem_id="compare-picks", scale=3)
        compare_button = gr.Button("Compare", elem_id="compare-button")
        gr.Markdown("#### What changed, per organization (from the corpus pack's positions and dates)")
        changes = gr.HTML(elem_id="compare-changes")
        with gr.Row(equal_height=False):
            then = gr.HTML(elem_id="compare-then")
            now = gr.HTML(elem_id="compare-now")
        with gr.Accordion("Comparison as JSON", open=False):
            record = gr.JSON(elem_id="compare-json")
    picks.change(lambda day: day or gr.skip(), picks, compare_date, api_visibility="private")
    compare_date.change(lambda day: gr.Accordion(open=True) if (day or "").strip() else gr.skip(), compare_date,
                        accordion, api_visibility="private")  # an example that compares opens the section
    return compare_button, [changes, then, now, record]


def new_case_tab(ctx: Context, reviewer: gr.Textbox, who: Who) -> None:
    """The New case tab."""
    sources = [src.id for src in ctx.engine.corpus.sources]
    gr.Markdown("Draft a case to expand the holdout. Drafts are saved in the review database and can be "
                "edited until approved; approved drafts enter the next export.")
    draft = gr.Dropdown(holdout_handlers.draft_choices(ctx), value=holdout_handlers.NEW_DRAFT, label="Draft",
                        elem_id="draft")
    draft_question = gr.Textbox(label="Question", lines=2)
    with gr.Row():
        draft_abstain = gr.Checkbox(label="Should abstain")
        draft_gold = gr.Dropdown(sources, multiselect=True, label="Gold sources")
        draft_flags = gr.Dropdown(list(ctx.engine.scope.flags), multiselect=True, label="Expected scope flags")
        draft_date = gr.Textbox(label="Reference date (optional, YYYY-MM-DD)")
    draft_notes = gr.Textbox(label="Notes (which failure mode it probes)")
    draft_claims = gr.Code(label="Claims (optional JSON list, as in the label files)", language="json")
    with gr.Row():
        preview_button = gr.Button("Preview retrieval")
        draft_approve = gr.Checkbox(label="Approve for export (no more edits)")
        save_case_button = gr.Button("Save draft", variant="primary")
    draft_status = gr.Markdown()
    preview_banner = gr.HTML()
    preview_cards = gr.HTML()
    draft_fields = [draft_question, draft_abstain, draft_gold, draft_flags, draft_date, draft_notes,
                    draft_claims]
    draft.change(partial(holdout_handlers.load_draft, ctx), draft, draft_fields, api_visibility="private")

    def listed_drafts():  # every page load lists the drafts saved since the server started
        return gr.update(choices=holdout_handlers.draft_choices(ctx))

    gr.on(None, listed_drafts, None, draft, api_visibility="private")
    preview_button.click(partial(holdout_handlers.preview_draft, ctx), [draft_question, draft_date],
                         [preview_banner, preview_cards], api_visibility="private")

    def save_draft(choice, question_value, abstain_value, gold_value, flags_value, date_value, notes_value,
                   claims_value, reviewer_value, approve_value, request: gr.Request):
        status, choices, value = holdout_handlers.save_case(
            ctx, choice, question_value, abstain_value, gold_value, flags_value, date_value, notes_value,
            claims_value, who(reviewer_value, request), approve_value)
        return status, gr.update(choices=choices, value=value)

    save_case_button.click(save_draft, [draft, *draft_fields, reviewer, draft_approve], [draft_status, draft],
                           api_visibility="private")

    def save_case(case: dict, reviewer: str, draft_id: str = "", approve: bool = False,
                  request: gr.Request = None) -> dict:
        """Validate and store a draft case (label-file fields); returns the draft or the problems."""
        return holdout_handlers.save_case_record(ctx, case, who(reviewer, request), draft_id, approve)

    gr.api(save_case, api_name="save_case")


def export_tab(ctx: Context, reviewer: gr.Textbox, who: Who) -> None:
    """The Export tab."""
    gr.Markdown("Writes a new holdout version: the frozen cases unchanged, reviewed claims with their "
                "judgments and provenance, and approved new cases. Run the dry run first.")
    with gr.Row():
        dry_run_button = gr.Button("Dry run")
        export_button = gr.Button("Export new holdout version", variant="primary")
    export_summary = gr.Markdown()
    export_file = gr.File(label="Exported holdout (JSONL)")
    def dry_run(reviewer_value: str, request: gr.Request):
        return holdout_handlers.export_dry_run(ctx, who(reviewer_value, request))

    dry_run_button.click(dry_run, reviewer, export_summary, api_visibility="private")
    def export(reviewer_value: str, request: gr.Request):
        return holdout_handlers.export(ctx, who(reviewer_value, request))

    export_button.click(export, reviewer, [export_file, export_summary], api_name="export_holdout")


def adjudication_tab(ctx: Context, reviewer: gr.Textbox, who: Who) -> None:
    """The Adjudication tab."""
    gr.Markdown("Claims where submitted reviews disagree with each other or with the gold label. "
                "Adjudicators see every label and rationale and set the final label; a reviewer sees only "
                "the pairs they have submitted (blind review).")
    with gr.Row():
        adjudication_slice = gr.Dropdown(list(SLICES), value=SLICES[0], label="Slice")
        find_button = gr.Button("Find disagreements and agreement", variant="primary")
    agreement_text = gr.Markdown()
    disagreement_table = gr.Dataframe(interactive=False, wrap=True, label="Disagreements", elem_id="disagreements",
                                      column_widths=["24%", "34%", "12%", "20%", "10%"])  # every column in sight
    item = gr.Dropdown([], label="Item", allow_custom_value=True, elem_id="adjudication-item")
    item_details = gr.Markdown()
    with gr.Row():
        final_label = gr.Radio(list(CLAIM_LABELS), label="Final label")
        final_reason = gr.Dropdown(["", *CLAIM_REASONS], value="", label="Reason")
    final_rationale = gr.Textbox(label="Rationale (required)", lines=2)
    adjudicate_button = gr.Button("Set final label", variant="primary")
    adjudication_status = gr.Markdown()

    def find(slice_value, reviewer_value, request: gr.Request):
        frame, items, text = adjudication_handlers.disagreements(ctx, slice_value, who(reviewer_value, request))
        return frame, gr.update(choices=items, value=items[0] if items else None), text

    find_button.click(find, [adjudication_slice, reviewer], [disagreement_table, item, agreement_text],
                      api_visibility="private")

    def details(slice_value, item_value, reviewer_value, request: gr.Request):
        return adjudication_handlers.adjudication_details(ctx, slice_value, item_value, who(reviewer_value, request))

    item.change(details, [adjudication_slice, item, reviewer], item_details, api_visibility="private")

    def decide(slice_value, item_value, reviewer_value, label_value, reason_value, rationale_value,
               request: gr.Request):
        return adjudication_handlers.adjudicate(ctx, slice_value, item_value, who(reviewer_value, request), label_value,
                                   reason_value, rationale_value)

    adjudicate_button.click(decide, [adjudication_slice, item, reviewer, final_label, final_reason,
                                     final_rationale], adjudication_status, api_visibility="private")


def corpus_changes_tab(ctx: Context, reviewer: gr.Textbox, who: Who) -> None:
    """The Corpus changes tab."""
    gr.Markdown("When a card changes, or a source is superseded or withdrawn, the label cases and judgments "
                "that depend on it are listed here with the text they were made on beside the current one. "
                "Confirm each with a note, or judge the claim again in the Review tab.")
    with gr.Row():
        compare_with = gr.Dropdown(rereview_handlers.version_choices(ctx), value=rereview_handlers.PREVIOUS_VERSION,
                                   label="Compare the current corpus with", allow_custom_value=True,
                                   info="a recorded version; the previous one shows the latest change, an "
                                        "older one every change since")
        find_changes_button = gr.Button("Find what needs re-review", variant="primary",
                                        elem_id="find-rereview")
    corpus_change = gr.Markdown(elem_id="corpus-change")
    rereview_table = gr.Dataframe(interactive=False, wrap=True, label="Needs re-review")
    rereview_item = gr.Dropdown([], label="Item", allow_custom_value=True, elem_id="rereview-item-choice")
    rereview_text = gr.HTML(elem_id="rereview-text")
    rereview_note = gr.Textbox(label="Note (required): is the label still right, or what should change?",
                               lines=2)
    confirm_button = gr.Button("Confirm re-reviewed", elem_id="confirm-rereview")
    rereview_status = gr.Markdown(elem_id="rereview-status")

    def find_changes(compare_value, reviewer_value, request: gr.Request):
        text, frame, keys = rereview_handlers.rereview(ctx, compare_value, who(reviewer_value, request))
        return (text, frame, gr.update(choices=keys, value=keys[0] if keys else None),
                gr.update(choices=rereview_handlers.version_choices(ctx)))

    find_changes_button.click(find_changes, [compare_with, reviewer],
                              [corpus_change, rereview_table, rereview_item, compare_with],
                              api_visibility="private")

    def item_details(item_value, compare_value, reviewer_value, request: gr.Request):
        return rereview_handlers.rereview_details(ctx, item_value, compare_value, who(reviewer_value, request))

    rereview_item.change(item_details, [rereview_item, compare_with, reviewer], rereview_text,
                         api_visibility="private")

    def confirm(item_value, compare_value, reviewer_value, note_value, request: gr.Request):
        actor = who(reviewer_value, request)
        status = rereview_handlers.confirm_rereview(ctx, item_value, actor, note_value, compare_value)
        text, frame, keys = rereview_handlers.rereview(ctx, compare_value, actor)
        return status, text, frame, gr.update(choices=keys, value=keys[0] if keys else None)

    confirm_button.click(confirm, [rereview_item, compare_with, reviewer, rereview_note],
                         [rereview_status, corpus_change, rereview_table, rereview_item],
                         api_visibility="private")

    def rereview_queue(from_version: str = "", reviewer: str = "", request: gr.Request = None) -> dict:
        """The corpus change since the previous recorded version (or `from_version`) and every label
        case and judgment it affects that is not yet confirmed on the current version (other
        reviewers' labels only where `reviewer` may see them: blind review)."""
        return rereview_handlers.rereview_record(ctx, from_version or None, who(reviewer, request) or None)

    gr.api(rereview_queue, api_name="rereview_queue")


def metrics_tab(ctx: Context, reviewer: gr.Textbox, who: Who) -> None:
    """The Metrics tab."""
    s = ctx.settings
    with gr.Row():
        metrics_slice = gr.Dropdown(list(SLICES), value=SLICES[0], label="Slice")
        metrics_file = gr.File(label="…or a label file (JSONL)", file_types=[".jsonl"], elem_id="metrics-file")
        run_button = gr.Button("Run evaluation", variant="primary", elem_id="run-evaluation")
    metrics_tables = gr.Markdown(elem_id="metrics-tables")
    # the threshold in force splits abstaining (left) from answering (right), counted per kind of case
    support_plot = gr.Image(label=f"Abstain or answer per case (threshold {s.threshold:.3f})", type="filepath",
                            elem_id="support-plot")
    claim_metrics = gr.Markdown()
    risk_png = gr.Image(label="Risk-coverage", type="filepath")
    per_case = gr.Dataframe(interactive=False, wrap=True, label="Per case")
    metrics_json = gr.JSON(visible=False)
    gr.Markdown("### Score your own system\n"
                "Answer the questions of the slice (or label file) above with your system, then upload its "
                "predictions: one JSON object per line, `{\"id\", \"abstain\": true|false, \"retrieved\": "
                "[chunk or document ids, best first], \"answer\", \"claims\": [{\"text\", \"chunk_ids\"}]}` "
                "(answer and claims optional). They are scored with the same metrics beside the built-in pipeline "
                "and the naive baseline; a case with no prediction counts as wrong.")
    with gr.Row():
        questions_button = gr.Button("Questions and corpus (JSON, no gold)", elem_id="questions-button")
        questions_file = gr.File(label="Questions to answer", elem_id="questions-file")
        predictions_file = gr.File(label="Predictions (JSONL)", file_types=[".jsonl"], elem_id="predictions-file")
        score_button = gr.Button("Score predictions", variant="primary", elem_id="score-predictions")
    predictions_table = gr.Markdown(elem_id="predictions-table")
    predictions_per_case = gr.Dataframe(interactive=False, wrap=True, label="Per case, per system",
                                        elem_id="predictions-per-case")
    with gr.Accordion("Claims of the uploaded predictions, with the verifier's verdicts", open=False):
        predictions_claims = gr.HTML(elem_id="predictions-claims")
    predictions_json = gr.JSON(visible=False)
    gr.Markdown("### Evaluation history (a drop against the previous run of the same setup is flagged)")
    history_plot = gr.LinePlot(x="run", y="decision accuracy", color="slice", y_lim=[0, 1.05])
    history_text = gr.Markdown()

    def evaluate_slice(slice_value, file_value, progress=gr.Progress()):
        def tick(done, total):
            progress(done / total, desc=f"case {done} of {total}")
        tables, frame, claims_md, summary, images, (text, points) = metrics_handlers.run_evaluation(
            ctx, slice_value, file_value, tick)
        return tables, frame, claims_md, images[0], summary, images[1], points, text

    run_button.click(evaluate_slice, [metrics_slice, metrics_file],
                     [metrics_tables, per_case, claim_metrics, support_plot, metrics_json, risk_png, history_plot,
                      history_text], api_name="evaluate")
    score_button.click(partial(metrics_handlers.score_predictions, ctx),
                       [metrics_slice, metrics_file, predictions_file],
                       [predictions_table, predictions_per_case, predictions_claims, predictions_json],
                       api_name="score_predictions")
    questions_button.click(partial(metrics_handlers.questions_download, ctx), [metrics_slice, metrics_file],
                           questions_file, api_visibility="private")


def guidelines_tab(ctx: Context, reviewer: gr.Textbox, who: Who) -> None:
    """The Guidelines tab."""
    guidelines = ctx.service.labels_dir / "GUIDELINES.md"  # the corpus pack's annotation guidelines
    gr.Markdown(guidelines.read_text(encoding="utf-8") if guidelines.exists()
                else f"This corpus pack has no annotation guidelines ({guidelines.name} beside its labels).")
