"""HTML and tables for the app, built from the package's records. Pure functions of their input."""

from __future__ import annotations

import datetime as dt
import difflib
import html
from dataclasses import dataclass

import pandas as pd

from ..claims.drift import Change, Dated
from ..claims.generation import GatedAnswer
from ..claims.synthesis import Synthesis
from ..records import Decision
from ..review.service import CaseView, ClaimRow
from ..review.versions import ReviewItem, ReviewQueue

# Colours: every text sits on a background it was measured against (WCAG AA, 4.5:1 or more), in
# the light theme and in the dark one (Gradio puts the class "dark" on an ancestor of the app).
CSS = """
:root {--edr-fg: #1a1a1a; --edr-muted: #595959; --edr-line: #c4c4c4;
  --edr-ok-bg: #e7f6ec; --edr-ok-line: #4c9a62; --edr-ok-fg: #153d22;
  --edr-warn-bg: #fdf0e6; --edr-warn-line: #c46a1c; --edr-warn-fg: #4a2306;
  --edr-note-bg: #fff6d6; --edr-note-line: #b8961b; --edr-note-fg: #4a3b05;
  --edr-bad-bg: #fbe9e9; --edr-bad-line: #b33a3a; --edr-bad-fg: #5c1414;
  --edr-info-bg: #e6eefb; --edr-info-line: #2f5fb3; --edr-info-fg: #142f5e;
  --edr-key-bg: #eef5fa; --edr-key-line: #1f5f8b; --edr-none-bg: #f2f2f2; --edr-none-line: #777;}
.dark {--edr-fg: #f3f4f6; --edr-muted: #b4bcc8; --edr-line: #4b5563;
  --edr-ok-bg: #14301d; --edr-ok-fg: #d4f0dc; --edr-warn-bg: #3a2210; --edr-warn-fg: #fbe3cf;
  --edr-note-bg: #3a300a; --edr-note-fg: #fbefc0; --edr-bad-bg: #3d1616; --edr-bad-fg: #f8d7d7;
  --edr-info-bg: #16264a; --edr-info-fg: #dbe6fb; --edr-key-bg: #13293a; --edr-none-bg: #2a2a2a;}
.edr-banner {padding: 12px 16px; border-radius: 8px; margin: 4px 0 8px; font-size: 1.05em;}
.edr-answer {background: var(--edr-ok-bg); border: 1px solid var(--edr-ok-line); color: var(--edr-ok-fg);}
.edr-abstain {background: var(--edr-warn-bg); border: 1px solid var(--edr-warn-line); color: var(--edr-warn-fg);}
.edr-warning {background: var(--edr-note-bg); border: 1px solid var(--edr-note-line); color: var(--edr-note-fg);
  padding: 8px 12px; border-radius: 8px;}
.edr-pill {display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 0.85em; margin-right: 4px;
           border: 1px solid #8a8a8a;}
.edr-current {background: var(--edr-ok-bg); border-color: var(--edr-ok-line); color: var(--edr-ok-fg);}
.edr-superseded {background: var(--edr-bad-bg); border-color: var(--edr-bad-line); color: var(--edr-bad-fg);}
.edr-diff {display: flex; gap: 12px;} .edr-diff > div {flex: 1; border: 1px solid var(--edr-line);
           border-radius: 8px; padding: 8px;}
.edr-del {background: var(--edr-bad-bg); color: var(--edr-bad-fg); text-decoration: line-through;}
.edr-ins {background: var(--edr-ok-bg); color: var(--edr-ok-fg);}
.edr-gold {background: var(--edr-info-bg); border-color: var(--edr-info-line); color: var(--edr-info-fg);}
.edr-card {border: 1px solid var(--edr-line); border-radius: 8px; padding: 10px 12px; margin: 6px 0;}
.edr-card h4 {margin: 0 0 4px;}
.edr-muted {color: var(--edr-muted); font-size: 0.9em;}
.edr-disagree {border-left: 4px solid var(--edr-warn-line); padding: 4px 10px; margin: 6px 0;}
.edr-one-line {border-left: 4px solid var(--edr-key-line); background: var(--edr-key-bg); color: var(--edr-fg);
  padding: 8px 12px; margin: 6px 0; font-weight: 600;}
.edr-verified {border-left: 4px solid var(--edr-ok-line); padding: 4px 10px; margin: 6px 0;}
.edr-unsupported {border-left: 4px solid var(--edr-bad-line); padding: 4px 10px; margin: 6px 0;}
.edr-sides {display: flex; flex-wrap: wrap; gap: 12px;} .edr-sides > div {flex: 1 1 320px; min-width: 0;}
.edr-change {border-left: 4px solid #8a8a8a; padding: 3px 10px; margin: 4px 0; list-style: none;}
.edr-kind-changed {border-left-color: var(--edr-warn-line); background: var(--edr-warn-bg); color: var(--edr-warn-fg);}
.edr-kind-superseded, .edr-kind-withdrawn {border-left-color: var(--edr-bad-line); background: var(--edr-bad-bg);
  color: var(--edr-bad-fg);}
.edr-kind-new {border-left-color: var(--edr-info-line); background: var(--edr-info-bg); color: var(--edr-info-fg);}
.edr-kind-absent {border-left-color: var(--edr-none-line); background: var(--edr-none-bg); color: var(--edr-fg);}
.edr-kind-unchanged {border-left-color: var(--edr-ok-line);}
.prose th {overflow-wrap: normal; word-break: normal;}
/* the claim table's rows and columns come from the case: no control adds or deletes one (sorting and filtering stay) */
#claim-table .add-row-button, #claim-table td .cell-menu-button,
  #claim-table .cell-menu [role=menuitem]:is([aria-label^="Add row"], [aria-label^="Delete row"],
    [aria-label^="Add column"], [aria-label^="Delete column"]),
  #claim-table .cell-menu:not(:has([role=menuitem]:not([aria-label^="Add"], [aria-label^="Delete"]))) {display: none;}
"""

@dataclass(frozen=True)
class ScopeWords:
    """How the corpus pack words its declared scope: each flag's label and the scope as a whole."""

    labels: dict[str, str]
    summary: str


# gr.HTML renders its value through a JS template string and Handlebars: besides HTML, a
# "${...}" or "{{...}}" in text a person or a source wrote must not reach them as syntax.
_TEMPLATE_SYNTAX = str.maketrans({"$": "&#36;", "{": "&#123;", "}": "&#125;", "`": "&#96;"})


def e(text: object) -> str:
    """Text as data: escaped for HTML and for gr.HTML's template syntax."""
    return html.escape(str(text), quote=True).translate(_TEMPLATE_SYNTAX)


# Markdown would turn "[text](address)" or a bare address into a live link.
_LINK_SYNTAX = str.maketrans({"[": "&#91;", "]": "&#93;"})


def inert(text: object) -> str:
    """Text a person wrote, shown in Markdown as plain text: escaped as `e` does, and a link
    shows as its words and its address, never as a link (the address loses its "://")."""
    return e(text).translate(_LINK_SYNTAX).replace("://", "&#58;//").replace("www.", "www&#46;")


def _notes(decision: Decision) -> str:
    return "".join(f"<div class='edr-warning edr-note'>{e(note)}</div>" for note in decision.notes)


def banner(decision: Decision, scope: ScopeWords) -> str:
    if not decision.abstain:
        return (f"<div class='edr-banner edr-answer' id='decision-banner'><b>Answer.</b> {_as_of(decision)} the "
                f"corpus supports an answer: best support {decision.max_support_score:.3f} (threshold "
                f"{decision.settings.threshold:.3f}).</div>" + _notes(decision))
    if decision.scope_flags:
        flags = "; ".join(scope.labels.get(f, f) for f in decision.scope_flags)
        why = (f"The question is about {e(flags)}, outside this corpus's declared scope ({e(scope.summary)}). "
               f"Flags: {e(', '.join(decision.scope_flags))}.")
    else:
        why = e(decision.abstain_reason or "")
    return (f"<div class='edr-banner edr-abstain' id='decision-banner'><b>Abstain.</b> {_as_of(decision)} {why}"
            "</div>" + _notes(decision))


def _as_of(decision: Decision) -> str:
    """The reference date the decision was made at, and where it came from."""
    source = {"question": " (a time the question states)", "explicit": " (set for this question)"}.get(
        decision.reference_date_source, " (the pinned reference date)")
    return f"As of <b>{e(decision.settings.reference_date.isoformat())}</b>{e(source)},"


def synthesis_html(synthesis: Synthesis) -> str:
    if not synthesis.cards:
        return "<p class='edr-muted'>No synthesis: the system abstains, or no retrieved card states a position.</p>"
    parts = []
    if synthesis.answer:
        parts.append(f"<div class='edr-one-line' id='one-line-answer'>{e(synthesis.answer)}</div>")
    if synthesis.aspects:
        parts.append("<p class='edr-muted'>Asked about: " + ", ".join(e(label) for _, label in synthesis.aspects)
                     + "</p>")
    for d in synthesis.disagreements:
        parts.append(f"<div class='edr-disagree'><b>Organizations disagree on {e(d.label)}.</b> "
                     + "; ".join(f"{e(org)}: {e(value)}" for org, value in d.positions.items()) + "</div>")
    for card in synthesis.cards:
        items = "".join(f"<li>{e(s.text)} <span class='edr-muted'>[{e(', '.join(s.chunk_ids))}; {e(s.status)}; "
                        f"verified]</span></li>" for s in card.statements)
        parts.append(f"<div class='edr-card'><h4>{e(card.organization)}</h4><ul>{items}</ul></div>")
    for label, orgs in synthesis.missing:
        parts.append(f"<p class='edr-muted edr-no-statement'>{e(', '.join(orgs))}: no statement in this corpus on "
                     f"{e(label)}.</p>")
    if synthesis.related:
        items = "".join(f"<li>{e(s.text)} <span class='edr-muted'>[{e(', '.join(s.chunk_ids))}; {e(s.status)}]"
                        "</span></li>" for s in synthesis.related)
        parts.append(f"<details class='edr-related'><summary>Related statements on other points "
                     f"({len(synthesis.related)})</summary><ul>{items}</ul></details>")
    if synthesis.withheld:
        parts.append(f"<p class='edr-muted'>{len(synthesis.withheld)} statement(s) withheld: they did not pass "
                     "the claim verifier.</p>")
    return "".join(parts)


def generated_html(answer: GatedAnswer | None, problem: str | None = None) -> str:
    """A generated answer after the gate: verified findings, then the claims the cited cards do
    not support, each with the verifier's explanation."""
    if problem:
        return f"<div class='edr-warning' id='generation-problem'>Generation is not available: {e(problem)}</div>"
    if answer is None:
        return ""
    head = f"<p class='edr-muted' id='generation-message'>Model: {e(answer.model)}. {e(answer.message)}"
    if answer.state in ("rejected", "failed"):
        return head + " The deterministic synthesis above stands.</p>"
    if answer.state != "answered":
        return head + "</p>"
    parts = [head + "</p>"]

    def citations(verdict) -> str:
        return "; ".join(f"{e(v.chunk_id)}: {e(v.label)}" + (f" ({e(v.reason)})" if v.reason else "")
                         for v in verdict.verdicts)

    if answer.findings:
        items = "".join(f"<li>{e(v.text)} <span class='edr-muted'>[{citations(v)}; verified]</span></li>"
                        for v in answer.findings)
        parts.append(f"<div class='edr-verified' id='generated-findings'><b>Findings</b><ul>{items}</ul></div>")
    if answer.unsupported:
        items = "".join(
            f"<li>{e(v.text)}<br><span class='edr-muted'>Verifier: {e(v.explanation)}. "
            + " ".join(f"{e(c.chunk_id)}: {e(c.explanation)}." for c in v.verdicts) + "</span></li>"
            for v in answer.unsupported)
        parts.append("<div class='edr-unsupported' id='generated-unsupported'><b>Not supported by the cited cards</b>"
                     f"<ul>{items}</ul></div>")
    return "".join(parts)


def _date(value) -> str:
    return value.isoformat() if value else "unknown"


def evidence_cards(decision: Decision, gold: set[str] | None = None) -> str:
    cards = []
    for r in decision.results:
        status = f"<span class='edr-pill edr-{e(r.status)}'>{e(r.status)}</span>"
        org = f"<span class='edr-pill'>{e(r.organization)}</span>"
        hit = ""
        if gold is not None:
            hit = ("<span class='edr-pill edr-gold'>gold source</span>" if r.document_id in gold
                   else "<span class='edr-pill'>not gold</span>")
        cards.append(
            f"<div class='edr-card'><h4>{r.rank}. {org}{status}{hit} {e(r.title)}</h4>"
            f"<div class='edr-muted'>{e(r.chunk_id)} · published {_date(r.published_date)}"
            + (f" · effective {_date(r.effective_date)}" if r.effective_date else "")  # only when known
            + f" · rank score {r.rank_score:.3f} · support {r.support_score:.3f}</div>"
            f"<p>{e(r.excerpt)}</p></div>")
    return "".join(cards) or "<p class='edr-muted'>Nothing retrieved.</p>"


def evidence_map(decision: Decision) -> pd.DataFrame:
    rows = []
    answers = {}  # chunk -> the asked aspects it answers
    for aspect, chunk_ids in decision.answer_chunks.items():
        for chunk_id in chunk_ids:
            answers.setdefault(chunk_id, []).append(aspect)
    for r in decision.results:
        row = {"rank": r.rank, "chunk": r.chunk_id, "answers": ", ".join(answers.get(r.chunk_id, [])) or "—",
               "organization": r.organization, "status": r.status,
               "published": _date(r.published_date), "effective": _date(r.effective_date),
               "rank score": round(r.rank_score, 4), "support": round(r.support_score, 4)}
        row.update({k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.signals.items()})
        rows.append(row)
    return pd.DataFrame(rows)


def gold_panel(view: CaseView) -> str:
    case = view.case
    date = case.reference_date.isoformat() if case.reference_date else "pinned default"
    missing = ", ".join(view.missing_gold) or "none"
    r = view.result
    recall = "–" if r.recall_at_k is None else f"{r.recall_at_k:.2f}"
    rr = "–" if r.reciprocal_rank is None else f"{r.reciprocal_rank:.2f}"
    verdict = "right" if r.decision_correct else f"wrong (lost at {r.failure_layer}: {r.failure_detail})"
    return (f"**{e(case.id)}** — {e(case.question)}\n\n"
            f"- Gold: should abstain **{case.should_abstain}**; sources {e(', '.join(case.gold_document_ids) or '—')}; "
            f"expected flags {e(', '.join(case.expected_scope_flags) or '—')}; reference date {date}\n"
            f"- Live retrieval: {'abstained' if view.decision.abstain else 'answered'}; missing gold sources: "
            f"{e(missing)}\n- Recall@k {recall} · reciprocal rank {rr} · decision {e(verdict)}\n"
            + (f"- Notes: {e(case.notes)}\n" if case.notes else ""))


ROW_COLUMNS = ["row", "claim", "cited chunk", "verifier", "why", "gold", "your label", "your reason",
               "your rationale", "saved"]


def label_text(label: str | None, reason: str | None) -> str:
    return "" if not label else (f"{label} / {reason}" if reason else label)


def claim_table(rows: tuple[ClaimRow, ...]) -> pd.DataFrame:
    data = [[r.key, r.claim_text, r.chunk_id, label_text(r.suggestion_label, r.suggestion_reason), r.explanation,
             label_text(r.gold_label, r.gold_reason) or "(no gold: added claim)", r.my_label or "", r.my_reason or "",
             r.my_rationale, (f"RE-REVIEW ({r.rereview}) " if r.rereview else "")
             + ("STALE: card changed since " if r.stale else "") + _saved(r)]
            for r in rows]
    return pd.DataFrame(data, columns=ROW_COLUMNS)


def _saved(row: ClaimRow) -> str:
    """A draft is not a decision: the table says which of my labels are only drafts."""
    if not row.saved_at:
        return ""
    return ("DRAFT, not submitted · " if row.my_status == "draft" else "submitted · ") + when(row.saved_at)


def when(iso: str) -> str:
    """A stored time (ISO 8601) as a person reads it, to the minute: '2026-11-30 14:09 UTC'."""
    moment = dt.datetime.fromisoformat(iso)
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC)
    return moment.strftime("%Y-%m-%d %H:%M") + (" UTC" if moment.tzinfo is not None else "")


def clock(iso: str) -> str:
    """A stored time (ISO 8601) as the time of day on this server, to the second: '14:03:12'."""
    return dt.datetime.fromisoformat(iso).astimezone().strftime("%H:%M:%S")


def text_diff(old: str, new: str) -> str:
    """The old and the new text side by side, words removed struck out and words added highlighted."""
    a, b = old.split(), new.split()
    left, right = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            left.append(e(" ".join(a[i1:i2])))
            right.append(e(" ".join(b[j1:j2])))
            continue
        if i2 > i1:
            left.append(f"<span class='edr-del'>{e(' '.join(a[i1:i2]))}</span>")
        if j2 > j1:
            right.append(f"<span class='edr-ins'>{e(' '.join(b[j1:j2]))}</span>")
    return (f"<div class='edr-diff'><div><b>Text it was made on</b><p>{' '.join(left)}</p></div>"
            f"<div><b>Current text</b><p>{' '.join(right)}</p></div></div>")


def corpus_change(queue: ReviewQueue) -> str:
    """Markdown: which versions are compared and what changed between them."""
    change = queue.diff
    if change is None:
        return (f"Corpus version **{queue.current}**. No earlier version is recorded, so there is nothing to "
                "compare with; judgments made on an older text are still listed.")
    lines = [f"Corpus **{change.old}** → **{change.new}**" + (": no change." if change.empty else "")]
    lines += [f"- {e(line)}" for line in change.lines()]
    lines.append(f"\n**{len(queue.items)}** item(s) need re-review; {len(queue.confirmed)} confirmed on this "
                 "version.")
    return "\n".join(lines)


REREVIEW_COLUMNS = ["item", "kind", "slice", "case", "claim · chunk / source", "why", "judgment"]


def rereview_table(items: tuple[ReviewItem, ...]) -> pd.DataFrame:
    return pd.DataFrame([[i.key, i.kind, i.slice, i.case_id,
                          f"{i.claim_id} · {i.chunk_id}" if i.chunk_id else f"gold source {i.source_id}", i.why,
                          f"{i.reviewer}: {i.label} (corpus {i.made_on})" if i.kind == "judgment" else ""]
                         for i in items], columns=REREVIEW_COLUMNS)


def rereview_item(item: ReviewItem, old: str | None, new: str | None) -> str:
    """HTML for one queued item: why it is queued, and the text it was made on beside the current one."""
    head = (f"<div class='edr-card' id='rereview-item'><h4>{e(item.case_id)} · "
            f"{e(f'{item.claim_id} · {item.chunk_id}' if item.chunk_id else f'gold source {item.source_id}')}</h4>"
            f"<div class='edr-muted'>{e(item.why)}"
            + (f" · {e(item.reviewer)} said {e(item.label)} on corpus {e(item.made_on)}" if item.kind == "judgment"
               else "") + "</div>")
    if old is not None and new is not None:
        body = text_diff(old, new) if old != new else (f"<p>The text did not change; its status did.</p>"
                                                         f"<p>{e(new)}</p>")
    elif old is not None:
        body = f"<p><b>Text it was made on</b> (no longer in the corpus):</p><p>{e(old)}</p>"
    elif item.chunk_id is None:
        body = "<p>The case names this source as gold; read its card again against the question.</p>"
    else:
        body = "<p>The text this was made on is not kept in this database.</p>"
    return head + body + "</div>"


def predictions_frame(records: list[dict]) -> pd.DataFrame:
    """One row per case, and per scored system (`Scoring.to_json()` records) its decision
    (ok, wrong or missing), Recall@k and chunk Recall@k."""
    if not records:
        return pd.DataFrame()
    rows = []
    for i, case in enumerate(records[0]["per_case"]):
        row = {"case": case["id"], "expects": "abstain" if case["should_abstain"] else "answer"}
        for record in records:
            scored = record["per_case"][i]
            row[f"{record['system']}: decision"] = "missing" if scored["missing"] else (
                "ok" if scored["decision_correct"] else "wrong")
            row[f"{record['system']}: Recall@k"] = scored["recall_at_k"]
            row[f"{record['system']}: chunk Recall@k"] = scored["chunk_recall_at_k"]
        rows.append(row)
    return pd.DataFrame(rows)


def claim_verdicts(record: dict) -> str:
    """Every claim of a scored predictions file: the verifier's verdict, then each citation's
    label, reason and explanation."""
    if record.get("claims") is None:
        return "<p class='edr-muted'>No claims in this predictions file: claim metrics are not available.</p>"
    parts = []
    for case in record["per_case"]:
        for claim in case["claims"]:
            kind = "edr-verified" if claim["supported"] else "edr-unsupported"
            verdict = "supported" if claim["supported"] else "NOT supported"
            cites = "".join(f"<li>{e(c['chunk_id'])}: <b>{e(c['label'])}</b>"
                            + (f" / {e(c['reason'])}" if c["reason"] else "")
                            + f" ({e(c['status'])}) — {e(c['explanation'])}</li>" for c in claim["citations"])
            parts.append(f"<div class='{kind}'><b>{e(case['id'])} {e(claim['claim_id'])}</b> ({verdict}): "
                         f"{e(claim['text'])} <span class='edr-muted'>— {e(claim['explanation'])}</span>"
                         f"<ul>{cites}</ul></div>")
    if record.get("ignored_claims"):
        parts.append(f"<p class='edr-muted'>{record['ignored_claims']} claim(s) of abstaining predictions not "
                     "scored (not shown).</p>")
    return "".join(parts) or "<p class='edr-muted'>The predictions give no claims for answered cases.</p>"


_KIND_CLASS = {"position changed": "changed", "superseded": "superseded", "withdrawn": "withdrawn",
               "new source": "new", "unchanged": "unchanged", "no source then": "absent", "no source now": "absent"}


def _stance(stance) -> str:
    if stance is None:
        return "<i>no source</i>"
    return (f"<b>{e(stance.value)}</b> <span class='edr-muted'>({e(stance.source)}, "
            f"{e(stance.published or 'undated')})</span>")


def changes_html(changes: tuple[Change, ...]) -> str:
    """What changed between two dates, one card per organization; each change named in words and
    marked by colour, unchanged positions last."""
    if not changes:
        return "<p class='edr-muted'>No organization states a position on these aspects at either date.</p>"
    by_org: dict[str, list[Change]] = {}
    for change in changes:
        by_org.setdefault(change.organization, []).append(change)
    parts = []
    for org, items in by_org.items():
        moved = sum(c.kind != "unchanged" for c in items)
        rows = []
        for c in sorted(items, key=lambda c: c.kind == "unchanged"):
            if c.kind == "new source":
                words = f"now also from {_stance(c.now)}"
            elif c.kind == "unchanged":
                words = _stance(c.now)
            else:
                words = f"then {_stance(c.then)} → now {_stance(c.now)}"
            rows.append(f"<li class='edr-change edr-kind-{_KIND_CLASS.get(c.kind, 'absent')}' "
                        f"data-kind='{e(c.kind)}'><b>{e(c.label)}</b> · <b>{e(c.kind)}</b>: {words}</li>")
        summary = f"{moved} change(s)" if moved else "no change"
        parts.append(f"<div class='edr-card edr-drift-org'><h4>{e(org)} <span class='edr-muted'>{e(summary)}"
                     f"</span></h4><ul style='padding-left: 0'>{''.join(rows)}</ul></div>")
    return "".join(parts)


def dated_answer(dated: Dated, heading: str, element_id: str) -> str:
    """One side of a comparison: answer or abstain at its date, and its verified synthesis."""
    d = dated.decision
    kind, verdict = ("edr-abstain", f"<b>Abstain.</b> {e(d.abstain_reason or '')}") if d.abstain else (
        "edr-answer", f"<b>Answer.</b> Best support {d.max_support_score:.3f} (threshold {d.settings.threshold:.3f}).")
    return (f"<div id='{e(element_id)}'><h4>{e(heading)}: as of {e(dated.date.isoformat())}</h4>"
            f"<div class='edr-banner {kind}'>{verdict}</div>{_notes(d)}{synthesis_html(dated.synthesis)}</div>")
