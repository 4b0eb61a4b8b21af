"""The Review tab: a case next to its gold labels, and the claim-support rows a reviewer judges."""

from __future__ import annotations

import gradio as gr

from ..evaluation.labels import SLICES
from ..records import CLAIM_LABELS, CLAIM_REASONS
from . import render, review_handlers
from .context import Context, Who

# How many of one Review event run at once. Gradio runs one at a time unless told otherwise, so eight
# reviewers pressing Submit together waited for each other; the store takes concurrent writers (WAL,
# a busy timeout, one short transaction per write) and progress and queues are safe across threads.
# Opening a case runs the retrieval engine, which stays one at a time.
REVIEWERS_AT_ONCE = 8
AT_ONCE = {"concurrency_limit": REVIEWERS_AT_ONCE}


def review_tab(ctx: Context, reviewer: gr.Textbox, who: Who) -> None:
    """The Review tab. One long builder on purpose: Gradio components must exist inside the tab
    before the events that connect them, and splitting the events away would pass ~25 components."""
    chunks = [c.id for c in ctx.engine.corpus.chunks]
    first_cases = review_handlers.case_choices(ctx, SLICES[0], review_handlers.FILTER_CHOICES[0], "")
    # minimum widths: at tablet width the three choices fill one line and the three buttons the next
    with gr.Row():
        slice_name = gr.Dropdown(list(SLICES), value=SLICES[0], label="Slice", elem_id="slice", min_width=160)
        case_filter = gr.Dropdown(review_handlers.FILTER_CHOICES, value=review_handlers.FILTER_CHOICES[0], label="Show",
                                  min_width=180)
        case_id = gr.Dropdown(first_cases, value=first_cases[0] if first_cases else None, label="Case",
                              elem_id="case", allow_custom_value=True, scale=2, min_width=240)
        previous_button = gr.Button("◀ Previous", size="sm", min_width=110, elem_id="previous-case")
        next_button = gr.Button("Next ▶", size="sm", min_width=110, elem_id="next-case")
        load_button = gr.Button("Open case", variant="primary", elem_id="load-case", min_width=160)
    progress = gr.Markdown()
    queues = gr.Markdown(elem_id="queues")
    with gr.Row():
        with gr.Column():
            gold = gr.Markdown(elem_id="gold-panel")
            case_banner = gr.HTML()
        with gr.Column():
            retrieved = gr.HTML()
    gr.Markdown("### Claim support")
    table = gr.Dataframe(headers=render.ROW_COLUMNS, interactive=True, wrap=True,
                         static_columns=[0, 1, 2, 3, 4, 5, 9], max_height=520,
                         # in pixels: narrower than 1,200 px the table scrolls sideways, no header breaks per letter
                         column_widths=[100, 180, 120, 110, 160, 90, 110, 110, 120, 100],
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
        values = review_handlers.load_case(ctx, slice_value, case_value, who(reviewer_value, request))
        rows = values[4]
        return (*values[:4], gr.update(choices=rows, value=rows[0] if rows else None), values[5])

    def my_queues(slice_value, reviewer_value, request: gr.Request):
        return review_handlers.queues_text(ctx, slice_value, who(reviewer_value, request))

    queue_inputs = [slice_name, reviewer]
    load_button.click(open_case, case_inputs, case_outputs, api_visibility="private").then(
        my_queues, queue_inputs, queues, api_visibility="private", **AT_ONCE)

    def load_case(slice_name: str, case_id: str, reviewer: str = "", request: gr.Request = None) -> dict:
        """A case's gold labels, live retrieval, metrics and claim rows (with your judgments;
        other reviewers' labels only once yours is submitted)."""
        return review_handlers.case_record(ctx, slice_name, case_id, who(reviewer, request))

    gr.api(load_case, api_name="load_case")
    case_id.change(open_case, case_inputs, case_outputs, api_visibility="private").then(
        my_queues, queue_inputs, queues, api_visibility="private", **AT_ONCE)

    def refilter(slice_value, filter_value, reviewer_value, request: gr.Request):
        ids = review_handlers.case_choices(ctx, slice_value, filter_value, who(reviewer_value, request))
        return gr.update(choices=ids, value=ids[0] if ids else None)

    slice_name.change(refilter, [slice_name, case_filter, reviewer], case_id, api_visibility="private")
    case_filter.change(refilter, [slice_name, case_filter, reviewer], case_id, api_visibility="private")

    def step(offset):
        def move(slice_value, filter_value, reviewer_value, current, request: gr.Request):
            ids = review_handlers.case_choices(ctx, slice_value, filter_value, who(reviewer_value, request))
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
        return (*review_handlers.row_details(ctx, slice_value, case_value, row_value, actor),
                review_handlers.row_panel(ctx, slice_value, case_value, row_value, actor))

    row.change(details, row_inputs, [chunk_text, suggestion, label, reason, rationale, row_panel],
               api_visibility="private")
    saved_outputs = [save_status, table, progress]

    def submit(slice_value, case_value, row_value, reviewer_value, label_value, reason_value,
               rationale_value, request: gr.Request):
        actor = who(reviewer_value, request)
        status, frame, progress_value = review_handlers.save_judgment(ctx, slice_value, case_value, row_value, actor,
                                                               label_value, reason_value, rationale_value)
        return status, frame, progress_value, review_handlers.row_panel(ctx, slice_value, case_value, row_value,
                                                                 actor)

    save_button.click(submit, [slice_name, case_id, row, reviewer, label, reason, rationale],
                      [*saved_outputs, row_panel], api_visibility="private", **AT_ONCE).then(
        my_queues, queue_inputs, queues, api_visibility="private", **AT_ONCE)

    def draft_autosave(slice_value, case_value, row_value, reviewer_value, label_value, reason_value,
                       rationale_value, request: gr.Request):
        actor = who(reviewer_value, request)
        status = review_handlers.autosave(ctx, slice_value, case_value, row_value, actor, label_value, reason_value,
                                   rationale_value)
        if not status.startswith("Draft saved"):
            return status, gr.skip()
        # the row panel says "draft" at once, not "not started" (the table, which may hold unsaved
        # edits, shows it at its next refresh)
        return status, review_handlers.row_panel(ctx, slice_value, case_value, row_value, actor)

    draft_inputs = [slice_name, case_id, row, reviewer, label, reason, rationale]
    draft_outputs = [draft_status, row_panel]
    for component in (label, reason):
        component.input(draft_autosave, draft_inputs, draft_outputs, api_visibility="private", **AT_ONCE)
    rationale.blur(draft_autosave, draft_inputs, draft_outputs, api_visibility="private", **AT_ONCE)

    def undo_last(slice_value, case_value, reviewer_value, request: gr.Request):
        return review_handlers.undo(ctx, slice_value, case_value, who(reviewer_value, request))

    undo_button.click(undo_last, case_inputs, saved_outputs, api_visibility="private", **AT_ONCE).then(
        my_queues, queue_inputs, queues, api_visibility="private", **AT_ONCE)

    def save_judgment(slice_name: str, case_id: str, claim_id: str, chunk_id: str, reviewer: str,
                      label: str, reason: str = "", rationale: str = "", submit: bool = True,
                      request: gr.Request = None) -> dict:
        """Append one judgment (submitted, or a draft); returns it, or {"error": ...} when it cannot be
        saved. With sign-in on, it is saved as the signed-in person, who must be the `reviewer` named."""
        actor = who(reviewer, request)
        return review_handlers.save_judgment_record(ctx, slice_name, case_id, claim_id, chunk_id, reviewer or actor,
                                             label, reason, rationale, submit, actor=actor)

    gr.api(save_judgment, api_name="save_judgment", **AT_ONCE)

    def accept(slice_value, case_value, row_value, reviewer_value, request: gr.Request):
        return review_handlers.accept_suggestion(ctx, slice_value, case_value, row_value, who(reviewer_value, request))

    def accept_every(slice_value, case_value, reviewer_value, request: gr.Request):
        return review_handlers.accept_all(ctx, slice_value, case_value, who(reviewer_value, request))

    def save_rows(slice_value, case_value, reviewer_value, frame, request: gr.Request):
        return review_handlers.save_table(ctx, slice_value, case_value, who(reviewer_value, request), frame)

    for event in (accept_button.click(accept, row_inputs, saved_outputs, api_visibility="private", **AT_ONCE),
                  accept_all_button.click(accept_every, case_inputs, saved_outputs, api_visibility="private",
                                          **AT_ONCE),
                  save_table_button.click(save_rows, [*case_inputs, table], saved_outputs, api_visibility="private",
                                          **AT_ONCE)):
        event.then(my_queues, queue_inputs, queues, api_visibility="private", **AT_ONCE)

    def add(slice_value, case_value, text, cited, reviewer_value, request: gr.Request):
        status, frame, rows = review_handlers.add_claim(ctx, slice_value, case_value, text, cited,
                                                 who(reviewer_value, request))
        return status, frame, gr.update(choices=rows)

    add_claim_button.click(add, [slice_name, case_id, new_claim, new_claim_chunks, reviewer],
                           [save_status, table, row], api_visibility="private")
