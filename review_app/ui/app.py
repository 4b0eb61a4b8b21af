"""The review app's layout: components and wiring only; every action calls `handlers`."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import gradio as gr

from ..engine.settings import PROJECT_ROOT, default_reviewer
from ..evaluation.labels import SLICES
from ..records import CLAIM_LABELS, CLAIM_REASONS, MODES
from . import handlers, render
from .handlers import Context

GUIDELINES = PROJECT_ROOT / "labels" / "GUIDELINES.md"


def build_app(ctx: Context | None = None) -> gr.Blocks:
    ctx = ctx or Context.create()
    ctx.service.record_version()  # the registry learns the corpus version the app starts on (after any replay)
    s = ctx.settings
    sources = [src.id for src in ctx.engine.corpus.sources]
    chunks = [c.id for c in ctx.engine.corpus.chunks]
    first_cases = handlers.case_choices(ctx, SLICES[0], handlers.FILTER_CHOICES[0], "")

    def who(typed: str | None, request: gr.Request | None) -> str:
        return ctx.actor(typed, request) or ""

    texts = ctx.engine.pack.app
    with gr.Blocks(title=texts.title) as demo:
        gr.Markdown(f"# {texts.title}\n{texts.subtitle}")
        gr.Markdown(texts.disclaimer, elem_id="disclaimer")
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
            reviewer = gr.Textbox(value=default_reviewer(), label="Reviewer name",
                                  info="Needed to save judgments and cases. Without it the app is a read-only demo.",
                                  elem_id="reviewer")

        with gr.Tab("Ask", id="ask"):
            question = gr.Textbox(label="Question", lines=2, elem_id="question",
                                  placeholder=texts.question_placeholder)
            gr.Examples(ctx.examples, inputs=question, label=texts.examples_label)
            with gr.Accordion("Advanced settings", open=False), gr.Row():
                mode = gr.Radio(list(MODES), value=s.mode, label="Retrieval mode")
                top_k = gr.Slider(1, 20, value=s.top_k, step=1, label="Top-k")
                reference_date = gr.Textbox(value=s.reference_date.isoformat(), label="Reference date (YYYY-MM-DD)")
                threshold = gr.Slider(0, 1, value=s.threshold, step=0.01, label="Abstention threshold",
                                      elem_id="threshold")
                diversify = gr.Checkbox(value=s.diversify, label="Organization-aware diversification")
                embedding = gr.Dropdown(handlers.embedding_choices(ctx), value=s.embedding.label,
                                        label="Semantic embedder (semantic mode and the semantic half of hybrid)",
                                        info="Each embedder has its own calibrated threshold; the slider follows it.",
                                        elem_id="embedding")
            ask_button = gr.Button("Ask", variant="primary", elem_id="ask-button")
            banner = gr.HTML(elem_id="ask-banner")
            gr.Markdown("### Synthesis (verified statements only)")
            synthesis = gr.HTML()
            if ctx.generation_enabled:
                gr.Markdown("### Generated answer (only claims the verifier accepts count as findings)")
                generated = gr.HTML(elem_id="generated-answer")
                generated_draft = gr.State(None)
                with gr.Row():
                    send_button = gr.Button("Send generated claims for review", elem_id="send-generated", scale=0,
                                            min_width=300)
                    send_status = gr.Markdown(elem_id="send-status")
            gr.Markdown("### Evidence")
            cards = gr.HTML()
            with gr.Accordion("Evidence map (every signal)", open=False):
                evidence_map = gr.Dataframe(interactive=False, wrap=True)
            with gr.Accordion("Decision as JSON", open=False):
                raw = gr.JSON(elem_id="decision-json")
            ask_inputs = [question, mode, top_k, reference_date, threshold, diversify, embedding]
            embedding.change(partial(handlers.embedding_threshold, ctx), embedding, threshold,
                             api_visibility="private")
            ask_outputs = [banner, synthesis, cards, evidence_map, raw]
            asked = ask_button.click(partial(handlers.ask, ctx), ask_inputs, ask_outputs, api_name="ask")
            submitted = question.submit(partial(handlers.ask, ctx), ask_inputs, ask_outputs, api_visibility="private")
            if ctx.generation_enabled:
                asked.then(partial(handlers.generate, ctx), ask_inputs, [generated, generated_draft],
                           api_name="generate")
                submitted.then(partial(handlers.generate, ctx), ask_inputs, [generated, generated_draft],
                               api_visibility="private")

                def send_generated(draft, typed: str, request: gr.Request) -> str:
                    return handlers.send_generated(ctx, draft, who(typed, request))

                send_button.click(send_generated, [generated_draft, reviewer], send_status, api_visibility="private")

        with gr.Tab("Review", id="review"):
            with gr.Row():
                slice_name = gr.Dropdown(list(SLICES), value=SLICES[0], label="Slice", elem_id="slice")
                case_filter = gr.Dropdown(handlers.FILTER_CHOICES, value=handlers.FILTER_CHOICES[0], label="Show")
                case_id = gr.Dropdown(first_cases, value=first_cases[0] if first_cases else None, label="Case",
                                      elem_id="case", allow_custom_value=True)
                previous_button = gr.Button("◀ Previous", size="sm")
                next_button = gr.Button("Next ▶", size="sm")
                load_button = gr.Button("Open case", variant="primary", elem_id="load-case")
            progress = gr.Markdown()
            with gr.Row():
                with gr.Column():
                    gold = gr.Markdown(elem_id="gold-panel")
                    case_banner = gr.HTML()
                with gr.Column():
                    retrieved = gr.HTML()
            gr.Markdown("### Claim support")
            table = gr.Dataframe(headers=render.ROW_COLUMNS, interactive=True, wrap=True,
                                 static_columns=[0, 1, 2, 3, 4, 5, 9], max_height=520,
                                 column_widths=["11%", "17%", "10%", "9%", "15%", "8%", "8%", "7%", "9%", "6%"],
                                 label="One row per claim and cited chunk; edit 'your label', 'your reason' and "
                                       "'your rationale', then Save all rows", elem_id="claim-table")
            with gr.Row():
                accept_all_button = gr.Button("Accept all suggestions")
                save_table_button = gr.Button("Save all rows")
            with gr.Group():
                row = gr.Dropdown([], label="Row", elem_id="row", allow_custom_value=True)
                with gr.Row():
                    chunk_text = gr.Markdown()
                    suggestion = gr.Markdown()
                with gr.Row():
                    label = gr.Radio(list(CLAIM_LABELS), label="Your label", elem_id="label")
                    reason = gr.Dropdown(["", *CLAIM_REASONS], value="", label="Reason (when not supports)",
                                         elem_id="reason")
                rationale = gr.Textbox(label="Rationale (required for contradicts, or to override the gold label)",
                                       lines=2, elem_id="rationale")
                with gr.Row():
                    accept_button = gr.Button("Accept suggestion")
                    save_button = gr.Button("Submit", variant="primary", elem_id="save-judgment")
                    undo_button = gr.Button("Undo my last change", elem_id="undo")
                draft_status = gr.Markdown(elem_id="draft-status")
                row_panel = gr.Markdown(elem_id="row-panel")
            save_status = gr.Markdown(elem_id="save-status")
            with gr.Accordion("Add a claim to this case", open=False):
                new_claim = gr.Textbox(label="Claim text", lines=2)
                new_claim_chunks = gr.Dropdown(chunks, multiselect=True, label="Cited chunks")
                add_claim_button = gr.Button("Add claim")

            case_inputs = [slice_name, case_id, reviewer]
            case_outputs = [gold, case_banner, retrieved, table, row, progress]

            def open_case(slice_value, case_value, reviewer_value, request: gr.Request):
                values = handlers.load_case(ctx, slice_value, case_value, who(reviewer_value, request))
                rows = values[4]
                return (*values[:4], gr.update(choices=rows, value=rows[0] if rows else None), values[5])

            load_button.click(open_case, case_inputs, case_outputs, api_visibility="private")

            def load_case(slice_name: str, case_id: str, reviewer: str = "", request: gr.Request = None) -> dict:
                """A case's gold labels, live retrieval, metrics and claim rows (with your judgments;
                other reviewers' labels only once yours is submitted)."""
                return handlers.case_record(ctx, slice_name, case_id, who(reviewer, request))

            gr.api(load_case, api_name="load_case")
            case_id.change(open_case, case_inputs, case_outputs, api_visibility="private")

            def refilter(slice_value, filter_value, reviewer_value):
                ids = handlers.case_choices(ctx, slice_value, filter_value, reviewer_value)
                return gr.update(choices=ids, value=ids[0] if ids else None)

            slice_name.change(refilter, [slice_name, case_filter, reviewer], case_id, api_visibility="private")
            case_filter.change(refilter, [slice_name, case_filter, reviewer], case_id, api_visibility="private")

            def step(offset):
                def move(slice_value, filter_value, reviewer_value, current):
                    ids = handlers.case_choices(ctx, slice_value, filter_value, reviewer_value)
                    if not ids:
                        return gr.update(choices=[], value=None)
                    index = ids.index(current) + offset if current in ids else 0
                    return gr.update(choices=ids, value=ids[max(0, min(index, len(ids) - 1))])
                return move

            move_inputs = [slice_name, case_filter, reviewer, case_id]
            previous_button.click(step(-1), move_inputs, case_id, api_visibility="private")
            next_button.click(step(1), move_inputs, case_id, api_visibility="private")

            row_inputs = [slice_name, case_id, row, reviewer]

            def details(slice_value, case_value, row_value, reviewer_value, request: gr.Request):
                actor = who(reviewer_value, request)
                return (*handlers.row_details(ctx, slice_value, case_value, row_value, actor),
                        handlers.row_panel(ctx, slice_value, case_value, row_value, actor))

            row.change(details, row_inputs, [chunk_text, suggestion, label, reason, rationale, row_panel],
                       api_visibility="private")
            saved_outputs = [save_status, table, progress]

            def submit(slice_value, case_value, row_value, reviewer_value, label_value, reason_value,
                       rationale_value, request: gr.Request):
                actor = who(reviewer_value, request)
                status, frame, progress_value = handlers.save_judgment(ctx, slice_value, case_value, row_value, actor,
                                                                       label_value, reason_value, rationale_value)
                return status, frame, progress_value, handlers.row_panel(ctx, slice_value, case_value, row_value,
                                                                         actor)

            save_button.click(submit, [slice_name, case_id, row, reviewer, label, reason, rationale],
                              [*saved_outputs, row_panel], api_visibility="private")

            def draft_autosave(slice_value, case_value, row_value, reviewer_value, label_value, reason_value,
                               rationale_value, request: gr.Request):
                return handlers.autosave(ctx, slice_value, case_value, row_value, who(reviewer_value, request),
                                         label_value, reason_value, rationale_value)

            draft_inputs = [slice_name, case_id, row, reviewer, label, reason, rationale]
            for component in (label, reason):
                component.input(draft_autosave, draft_inputs, draft_status, api_visibility="private")
            rationale.blur(draft_autosave, draft_inputs, draft_status, api_visibility="private")

            def undo_last(slice_value, case_value, reviewer_value, request: gr.Request):
                return handlers.undo(ctx, slice_value, case_value, who(reviewer_value, request))

            undo_button.click(undo_last, case_inputs, saved_outputs, api_visibility="private")

            def save_judgment(slice_name: str, case_id: str, claim_id: str, chunk_id: str, reviewer: str,
                              label: str, reason: str = "", rationale: str = "", submit: bool = True,
                              request: gr.Request = None) -> dict:
                """Append one judgment (submitted, or a draft); returns it, or {"error": ...} when it cannot be
                saved. With sign-in on, it is saved as the signed-in person, who must be the `reviewer` named."""
                actor = who(reviewer, request)
                if ctx.sign_in and reviewer and reviewer != actor:
                    return {"error": f"signed in as {actor or 'nobody'}: cannot save as {reviewer}"}
                return handlers.save_judgment_record(ctx, slice_name, case_id, claim_id, chunk_id, actor, label,
                                                     reason, rationale, submit)

            # The store takes concurrent writers (WAL, busy timeout): do not queue saves one by one.
            gr.api(save_judgment, api_name="save_judgment", concurrency_limit=8)
            def accept(slice_value, case_value, row_value, reviewer_value, request: gr.Request):
                return handlers.accept_suggestion(ctx, slice_value, case_value, row_value, who(reviewer_value, request))

            def accept_every(slice_value, case_value, reviewer_value, request: gr.Request):
                return handlers.accept_all(ctx, slice_value, case_value, who(reviewer_value, request))

            def save_rows(slice_value, case_value, reviewer_value, frame, request: gr.Request):
                return handlers.save_table(ctx, slice_value, case_value, who(reviewer_value, request), frame)

            accept_button.click(accept, row_inputs, saved_outputs, api_visibility="private")
            accept_all_button.click(accept_every, case_inputs, saved_outputs, api_visibility="private")
            save_table_button.click(save_rows, [*case_inputs, table], saved_outputs, api_visibility="private")

            def add(slice_value, case_value, text, cited, reviewer_value, request: gr.Request):
                status, frame, rows = handlers.add_claim(ctx, slice_value, case_value, text, cited,
                                                         who(reviewer_value, request))
                return status, frame, gr.update(choices=rows)

            add_claim_button.click(add, [slice_name, case_id, new_claim, new_claim_chunks, reviewer],
                                   [save_status, table, row], api_visibility="private")

        with gr.Tab("New case", id="new-case"):
            gr.Markdown("Draft a case to expand the holdout. Drafts are saved in the review database and can be "
                        "edited until approved; approved drafts enter the next export.")
            draft = gr.Dropdown(handlers.draft_choices(ctx), value="(new draft)", label="Draft")
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
            draft.change(partial(handlers.load_draft, ctx), draft, draft_fields, api_visibility="private")
            preview_button.click(partial(handlers.preview_draft, ctx), [draft_question, draft_date],
                                 [preview_banner, preview_cards], api_visibility="private")

            def save_draft(choice, question_value, abstain_value, gold_value, flags_value, date_value, notes_value,
                           claims_value, reviewer_value, approve_value, request: gr.Request):
                status, choices, value = handlers.save_case(
                    ctx, choice, question_value, abstain_value, gold_value, flags_value, date_value, notes_value,
                    claims_value, who(reviewer_value, request), approve_value)
                return status, gr.update(choices=choices, value=value)

            save_case_button.click(save_draft, [draft, *draft_fields, reviewer, draft_approve], [draft_status, draft],
                                   api_visibility="private")

            def save_case(case: dict, reviewer: str, draft_id: str = "", approve: bool = False,
                          request: gr.Request = None) -> dict:
                """Validate and store a draft case (label-file fields); returns the draft or the problems."""
                return handlers.save_case_record(ctx, case, who(reviewer, request), draft_id, approve)

            gr.api(save_case, api_name="save_case")

        with gr.Tab("Export", id="export"):
            gr.Markdown("Writes a new holdout version: the frozen cases unchanged, reviewed claims with their "
                        "judgments and provenance, and approved new cases. Run the dry run first.")
            with gr.Row():
                dry_run_button = gr.Button("Dry run")
                export_button = gr.Button("Export new holdout version", variant="primary")
            export_summary = gr.Markdown()
            export_file = gr.File(label="Exported holdout (JSONL)")
            dry_run_button.click(partial(handlers.export_dry_run, ctx), None, export_summary, api_visibility="private")
            def export(reviewer_value: str, request: gr.Request):
                return handlers.export(ctx, who(reviewer_value, request))

            export_button.click(export, reviewer, [export_file, export_summary], api_name="export_holdout")

        with gr.Tab("Adjudication", id="adjudication"):
            gr.Markdown("Claims where submitted reviews disagree with each other or with the gold label. "
                        "Adjudicators see every label and rationale and set the final label.")
            with gr.Row():
                adjudication_slice = gr.Dropdown(list(SLICES), value=SLICES[0], label="Slice")
                find_button = gr.Button("Find disagreements and agreement", variant="primary")
            agreement_text = gr.Markdown()
            disagreement_table = gr.Dataframe(interactive=False, wrap=True, label="Disagreements")
            item = gr.Dropdown([], label="Item", allow_custom_value=True, elem_id="adjudication-item")
            item_details = gr.Markdown()
            with gr.Row():
                final_label = gr.Radio(list(CLAIM_LABELS), label="Final label")
                final_reason = gr.Dropdown(["", *CLAIM_REASONS], value="", label="Reason")
            final_rationale = gr.Textbox(label="Rationale (required)", lines=2)
            adjudicate_button = gr.Button("Set final label", variant="primary")
            adjudication_status = gr.Markdown()

            def find(slice_value):
                frame, items, text = handlers.disagreements(ctx, slice_value)
                return frame, gr.update(choices=items, value=items[0] if items else None), text

            find_button.click(find, adjudication_slice, [disagreement_table, item, agreement_text],
                              api_visibility="private")
            item.change(partial(handlers.adjudication_details, ctx), [adjudication_slice, item], item_details,
                        api_visibility="private")

            def decide(slice_value, item_value, reviewer_value, label_value, reason_value, rationale_value,
                       request: gr.Request):
                return handlers.adjudicate(ctx, slice_value, item_value, who(reviewer_value, request), label_value,
                                           reason_value, rationale_value)

            adjudicate_button.click(decide, [adjudication_slice, item, reviewer, final_label, final_reason,
                                             final_rationale], adjudication_status, api_visibility="private")

        with gr.Tab("Corpus changes", id="corpus-changes"):
            gr.Markdown("When a card changes, or a source is superseded or withdrawn, the label cases and judgments "
                        "that depend on it are listed here with the text they were made on beside the current one. "
                        "Confirm each with a note, or judge the claim again in the Review tab.")
            with gr.Row():
                compare_with = gr.Dropdown(handlers.version_choices(ctx), value=handlers.PREVIOUS_VERSION,
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

            def find_changes(compare_value):
                text, frame, keys = handlers.rereview(ctx, compare_value)
                return (text, frame, gr.update(choices=keys, value=keys[0] if keys else None),
                        gr.update(choices=handlers.version_choices(ctx)))

            find_changes_button.click(find_changes, compare_with,
                                      [corpus_change, rereview_table, rereview_item, compare_with],
                                      api_visibility="private")
            rereview_item.change(partial(handlers.rereview_details, ctx), [rereview_item, compare_with],
                                 rereview_text, api_visibility="private")

            def confirm(item_value, compare_value, reviewer_value, note_value, request: gr.Request):
                status = handlers.confirm_rereview(ctx, item_value, who(reviewer_value, request), note_value,
                                                   compare_value)
                text, frame, keys = handlers.rereview(ctx, compare_value)
                return status, text, frame, gr.update(choices=keys, value=keys[0] if keys else None)

            confirm_button.click(confirm, [rereview_item, compare_with, reviewer, rereview_note],
                                 [rereview_status, corpus_change, rereview_table, rereview_item],
                                 api_visibility="private")

            def rereview_queue(from_version: str = "") -> dict:
                """The corpus change since the previous recorded version (or `from_version`) and every label
                case and judgment it affects that is not yet confirmed on the current version."""
                return handlers.rereview_record(ctx, from_version or None)

            gr.api(rereview_queue, api_name="rereview_queue")

        with gr.Tab("Metrics", id="metrics"):
            with gr.Row():
                metrics_slice = gr.Dropdown(list(SLICES), value=SLICES[0], label="Slice")
                metrics_file = gr.File(label="…or a label file (JSONL)", file_types=[".jsonl"])
                run_button = gr.Button("Run evaluation", variant="primary")
            metrics_tables = gr.Markdown()
            support_plot = gr.ScatterPlot(x="max support score", y="kind", color="kind",
                                          title=f"Support score per case (abstains below {s.threshold:.2f})")
            claim_metrics = gr.Markdown()
            with gr.Row():
                support_png = gr.Image(label="Support scores and thresholds", type="filepath")
                risk_png = gr.Image(label="Risk-coverage", type="filepath")
            per_case = gr.Dataframe(interactive=False, wrap=True, label="Per case")
            metrics_json = gr.JSON(visible=False)
            gr.Markdown("### Evaluation history (a drop against the previous run of the same setup is flagged)")
            history_plot = gr.LinePlot(x="run", y="decision accuracy", color="slice", y_lim=[0, 1.05])
            history_text = gr.Markdown()

            def evaluate_slice(slice_value, file_value, progress=gr.Progress()):
                def tick(done, total):
                    progress(done / total, desc=f"case {done} of {total}")
                tables, frame, claims_md, plot, summary, images, (text, points) = handlers.run_evaluation(
                    ctx, slice_value, file_value, tick)
                return tables, frame, claims_md, plot, summary, images[0], images[1], points, text

            run_button.click(evaluate_slice, [metrics_slice, metrics_file],
                             [metrics_tables, per_case, claim_metrics, support_plot, metrics_json, support_png,
                              risk_png, history_plot, history_text], api_name="evaluate")

        with gr.Tab("Guidelines", id="guidelines"):
            gr.Markdown(Path(GUIDELINES).read_text(encoding="utf-8"))

        gr.Markdown(texts.disclaimer)
    return demo


def launch(demo: gr.Blocks, sign_in: list[tuple[str, str]] | None = None, **kwargs):
    """Start the server with the app's theme and styles (Gradio 6 takes them at launch); with
    name/password pairs, everyone signs in."""
    if sign_in:
        kwargs["auth"] = sign_in
        kwargs.setdefault("auth_message", "Evidence Drift Review: sign in with the name and password you were given.")
    return demo.launch(css=render.CSS, theme=gr.themes.Soft(), footer_links=["api"], **kwargs)
