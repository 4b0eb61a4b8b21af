"""Reviewing a case: its gold labels next to the live retrieval, and the claim-support rows
with the verifier's suggestion, the gold label and the reviewer's own judgment. The UI shows
what this module returns and saves through it; nothing here knows about Gradio."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..claims.citations import case_date
from ..claims.synthesis import get_synthesizer
from ..claims.verifier import Verifier
from ..engine.pipeline import Engine
from ..errors import ReviewAppError
from ..evaluation.evaluate import CaseResult, evaluate_case
from ..evaluation.labels import SLICES, load_slice, references
from ..records import Case, Claim, Decision, Evidence, Settings
from .store import AddedClaim, Adjudication, Draft, Judgment, ReviewStore, StoreError, validate_judgment
from .team import OPEN_REVIEW, READ_ONLY, NameTaken, Team, load_team
from .versions import (
    ReviewItem,
    ReviewQueue,
    blind_item,
    corpus_change,
    judgment_change,
    judgment_key,
    label_key,
    record,
    review_queue,
    text_of,
)

# The verifier (and the stemmer under it) keeps state of its own and is not safe across threads: the
# Review tab's events and the save API run several at once, so their verifier calls take turns.
_VERIFYING = threading.Lock()
ROWS_CACHED = 4096  # (case, reviewer, stamps) entries kept for progress and the queues

FILTERS = ("all cases", "not yet reviewed by me", "verifier disagrees with gold", "retrieval missed a gold source",
           "needs re-review after a corpus change")


@dataclass(frozen=True)
class ClaimRow:
    """One (claim, cited chunk) pair as a reviewer sees it."""

    case_id: str
    claim_id: str
    claim_text: str
    chunk_id: str
    chunk_text: str
    suggestion_label: str
    suggestion_reason: str | None
    explanation: str
    gold_label: str | None
    gold_reason: str | None
    my_label: str | None = None
    my_reason: str | None = None
    my_rationale: str = ""
    saved_at: str | None = None
    stale: bool = False  # my judgment was made on a different text of this chunk
    added_by: str | None = None  # a reviewer added this claim
    my_status: str | None = None  # draft or submitted
    others: tuple[tuple[str, str, str | None, str], ...] = ()  # (reviewer, label, reason, rationale), submitted
    hidden_others: int = 0  # submitted labels kept from me until I submit mine (blind review)
    submitted: int = 0  # submitted reviews of this pair, mine included
    adjudicated: str | None = None  # the final label, when an adjudicator set one
    made_on_text: str | None = None  # when stale: the chunk text my judgment was made on (kept in the store)
    rereview: str | None = None  # why this pair waits for re-review after a corpus change (gold label or mine)
    suggestion_hidden: bool = False  # a second reviewer on a slice that hides it: no suggestion until I submit

    @property
    def key(self) -> str:
        return f"{self.claim_id} · {self.chunk_id}"


@dataclass(frozen=True)
class CaseView:
    slice: str
    case: Case
    decision: Decision
    result: CaseResult
    rows: tuple[ClaimRow, ...]

    @property
    def missing_gold(self) -> list[str]:
        return [g for g in self.case.gold_document_ids if g not in self.decision.retrieved_document_ids]


class ReviewService:
    def __init__(self, engine: Engine, store: ReviewStore, labels_dir: Path, settings: Settings,
                 team: Team | None = None):
        self.engine, self.store, self.labels_dir, self.settings = engine, store, Path(labels_dir), settings
        self.team = team or load_team()
        self.verifier: Verifier = get_synthesizer(engine).verifier
        self._cases = lru_cache(maxsize=None)(self._load)
        self._version_recorded = False
        self._slice_cache: OrderedDict[tuple, tuple[tuple[ClaimRow, ...], frozenset]] = OrderedDict()
        self._slice_lock = threading.Lock()

    def record_version(self) -> bool:
        """Record the corpus version and its chunk texts in the store (once per service); True when new."""
        new = record(self.store, self.engine.corpus)
        self._version_recorded = True
        return new

    def _ensure_version_recorded(self) -> None:
        if not self._version_recorded:  # every judgment's version and text stay readable
            self.record_version()

    def identify(self, typed: str | None, key: str | None) -> str | None:
        """Who a name typed in the app is, under the team's mode. In open review a name is kept by the
        first browser (or client) `key` that used it, and team members' names need sign-in: another
        key using it raises NameTaken, for reading as for writing. A read-only demo has no names.
        Other modes take the name as given (sign-in resolves it before this)."""
        name = (typed or "").strip()
        if not name or self.team.mode == READ_ONLY:
            return None
        if self.team.mode != OPEN_REVIEW:
            return name
        self.team.declarable(name)
        if not key:
            raise NameTaken(f"{name}: this client sent no key to keep the name with; reload the page")
        if not self.store.claim_name(name, hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()):
            raise NameTaken(f"the name {name} is in use by someone else in this app (another browser declared it "
                            "first): type another name, or sign in")
        return name

    def _load(self, slice_name: str) -> tuple[Case, ...]:
        if slice_name not in SLICES:
            raise ReviewAppError(f"unknown slice {slice_name!r}; choose one of {', '.join(SLICES)}")
        return tuple(load_slice(self.labels_dir, slice_name, **references(self.engine)))

    def drafts(self) -> list[Draft]:
        """Every draft case, at its latest version."""
        return self.store.drafts()

    def draft(self, draft_id: str) -> Draft | None:
        return self.store.draft(draft_id)

    def judgments(self) -> list[Judgment]:
        return self.store.judgments()

    def cases(self, slice_name: str) -> tuple[Case, ...]:
        return self._cases(slice_name)

    def case(self, slice_name: str, case_id: str) -> Case:
        for case in self.cases(slice_name):
            if case.id == case_id:
                return case
        raise ReviewAppError(f"{slice_name} has no case {case_id!r}")

    def date(self, case: Case) -> dt.date:
        return case.reference_date or self.settings.reference_date

    def claims(self, case: Case) -> list[tuple[Claim, str | None]]:
        """The case's gold claims, then claims reviewers added (with who added them)."""
        gold = [(claim, None) for claim in case.claims]
        known = {claim.id for claim in case.claims}
        added = [(Claim(a.claim_id, a.text, tuple(Evidence(c, label="") for c in a.chunk_ids)), a.reviewer)
                 for a in self.store.added_claims(case.id) if a.claim_id not in known]
        return gold + added

    def rows(self, case: Case, reviewer: str | None) -> tuple[ClaimRow, ...]:
        everyone = self.store.judgments(case.id)
        mine = {(j.claim_id, j.chunk_id): j for j in everyone if reviewer and j.reviewer == reviewer}
        submitted: dict[tuple[str, str], list[Judgment]] = {}
        for j in everyone:
            if j.status == "submitted":
                submitted.setdefault((j.claim_id, j.chunk_id), []).append(j)
        adjudications = self.store.adjudications()
        rereview = self._rereview_reasons(case, mine.values())
        slice_name = self._slice_of(case)
        rows = []
        for claim, added_by in self.claims(case):
            verdict = self._verdict(claim, case)
            for gold, suggestion in zip(claim.evidence, verdict.verdicts, strict=True):
                chunk = self.engine.corpus.chunk_by_id.get(gold.chunk_id)
                judgment = mine.get((claim.id, gold.chunk_id))
                done = submitted.get((claim.id, gold.chunk_id), [])
                others = [j for j in done if j.reviewer != reviewer]
                visible = self.team.sees_others(reviewer, judgment is not None and judgment.status == "submitted")
                hidden = self._hides_suggestion(slice_name, reviewer, judgment, others)
                final = adjudications.get((case.id, claim.id, gold.chunk_id))
                stale = bool(judgment and chunk and judgment.chunk_hash != chunk.content_hash)
                rows.append(ClaimRow(
                    case_id=case.id, claim_id=claim.id, claim_text=claim.text, chunk_id=gold.chunk_id,
                    chunk_text=chunk.text if chunk else "(this chunk is not in the corpus)",
                    suggestion_label="" if hidden else suggestion.label,
                    suggestion_reason=None if hidden else suggestion.reason,
                    explanation="" if hidden else suggestion.explanation, suggestion_hidden=hidden,
                    gold_label=gold.label or None, gold_reason=gold.reason,
                    my_label=judgment.label if judgment else None, my_reason=judgment.reason if judgment else None,
                    my_rationale=judgment.rationale if judgment else "",
                    saved_at=judgment.created_at if judgment else None,
                    stale=stale,
                    added_by=added_by, my_status=judgment.status if judgment else None,
                    others=tuple((j.reviewer, j.label, j.reason, j.rationale) for j in others) if visible else (),
                    hidden_others=0 if visible else len(others), submitted=len(done),
                    adjudicated=final.label if final else None,
                    made_on_text=text_of(self.store, self.engine.corpus, judgment.chunk_hash) if stale else None,
                    rereview=rereview.get((claim.id, gold.chunk_id))))
        return tuple(rows)

    def _verdict(self, claim: Claim, case: Case):
        with _VERIFYING:
            # judged when the case's question is asked: its own date, else the time its question states
            return self.verifier.verify_claim(claim, case_date(self.engine, case, self.settings.reference_date),
                                              case.question)

    def _slice_of(self, case: Case) -> str:
        return next((name for name in SLICES if case in self.cases(name)), "")

    def _hides_suggestion(self, slice_name: str, reviewer: str | None, mine: Judgment | None,
                          others_submitted: list[Judgment]) -> bool:
        """On a slice whose team.yaml entry hides it, a pair's second reviewer (someone else submitted
        it, I have not) judges without the verifier's suggestion until they submit. Adjudicators see it."""
        return (self.team.hides_suggestion(slice_name) and bool(others_submitted)
                and not (mine is not None and mine.status == "submitted") and not self.team.sees_everyone(reviewer))

    def _rereview_reasons(self, case: Case, mine) -> dict[tuple[str, str], str]:
        """(claim, chunk) -> why it waits for re-review: the gold label's citation changed since the previous
        corpus version, or my judgment was made on an older text or before its source changed."""
        current, _, change = corpus_change(self.store, self.engine.corpus)
        confirmed = {r["item"] for r in self.store.rereviews(current.version)}
        slice_name = self._slice_of(case)
        out: dict[tuple[str, str], str] = {}
        for claim in case.claims if change is not None else ():
            for chunk_id, why in change.affected_chunks([e.chunk_id for e in claim.evidence]).items():
                if label_key(slice_name, case.id, claim.id, chunk_id) not in confirmed:
                    out[(claim.id, chunk_id)] = f"gold label: {why}"
        for judgment in mine:
            why = judgment_change(judgment, current, change)
            if why and judgment_key(judgment) not in confirmed:
                out.setdefault((judgment.claim_id, judgment.chunk_id), f"your judgment: {why}")
        return out

    def view(self, slice_name: str, case_id: str, reviewer: str | None) -> CaseView:
        case = self.case(slice_name, case_id)
        settings = dataclasses.replace(self.settings, reference_date=self.date(case))
        decision = self.engine.ask(case.question, settings)
        result = evaluate_case(self.engine, case, self.settings)
        return CaseView(slice_name, case, decision, result, self.rows(case, reviewer))

    def filtered(self, slice_name: str, name: str, reviewer: str | None) -> list[str]:
        """Ids of the slice's cases that pass a filter (FILTERS)."""
        if name not in FILTERS:
            raise ReviewAppError(f"unknown filter {name!r}; choose one of {', '.join(FILTERS)}")
        out = []
        queued = {i.case_id for i in self.rereview_queue().items if i.slice == slice_name} \
            if name == FILTERS[4] else set()
        for case in self.cases(slice_name):
            if name == "all cases":
                keep = True
            elif name == FILTERS[4]:
                keep = case.id in queued
            elif name == "retrieval missed a gold source":
                keep = evaluate_case(self.engine, case, self.settings).recall_at_k not in (None, 1.0)
            else:
                rows = self.rows(case, reviewer)
                if name == "not yet reviewed by me":
                    keep = any(r.my_label is None or r.stale for r in rows)
                else:
                    keep = any(r.gold_label and r.suggestion_label != r.gold_label for r in rows)
            if keep:
                out.append(case.id)
        return out

    def slice_rows(self, slice_name: str, reviewer: str | None) -> list[tuple[Case, tuple[ClaimRow, ...], frozenset]]:
        """Every case of the slice with its rows for `reviewer` and the (claim, chunk) pairs anyone
        has judged, all read in one snapshot. A case's rows are built again only when what they are
        read from changed (the store's stamps: its judgments and undos, or a table every case reads),
        so after a save only the case saved to is rebuilt, not the whole slice."""
        with self.store.snapshot():
            per_case, shared = self.store.stamps()
            out = []
            for case in self.cases(slice_name):
                key = (slice_name, case.id, reviewer, per_case.get(case.id), shared)
                with self._slice_lock:
                    found = self._slice_cache.get(key)
                    if found is not None:
                        self._slice_cache.move_to_end(key)
                if found is None:
                    judged = frozenset((j.claim_id, j.chunk_id) for j in self.store.judgments(case.id))
                    found = (self.rows(case, reviewer), judged)
                    with self._slice_lock:
                        self._slice_cache[key] = found
                        while len(self._slice_cache) > ROWS_CACHED:
                            self._slice_cache.popitem(last=False)
                out.append((case, *found))
        return out

    def progress(self, slice_name: str, reviewer: str | None) -> tuple[int, int, int]:
        """(rows I have judged, rows in the slice, rows anyone has judged), from one snapshot."""
        total = mine = anyone = 0
        for _, rows, judged in self.slice_rows(slice_name, reviewer):
            for row in rows:
                total += 1
                mine += row.my_label is not None and not row.stale
                anyone += (row.claim_id, row.chunk_id) in judged
        return mine, total, anyone

    def save(self, slice_name: str, case_id: str, claim_id: str, chunk_id: str, reviewer: str,
             label: str | None, reason: str | None, rationale: str, source: str = "human",
             submit: bool = True, actor: str | None = None) -> Judgment:
        """Validate against the gold label and append the judgment (a draft, or submitted) as
        `reviewer`; when someone else acts (`actor`, e.g. the signed-in person) it must be the
        reviewer. Raises StoreError with the problems, AccessDenied when the policy refuses."""
        if self.team.mode == READ_ONLY:
            self.team.require(None, "judge")  # says it is a read-only demo
        if actor is not None:
            self.team.require_own(actor, reviewer)
        if not (reviewer or "").strip():
            raise StoreError("saving needs a reviewer name: set it at the top of the page "
                             "(or REVIEW_APP_REVIEWER); without one the app is a read-only demo")
        self.team.require(reviewer.strip(), "judge")
        case = self.case(slice_name, case_id)
        self._ensure_version_recorded()
        with self.store.snapshot():  # what the save reads, on one connection; the write is one short transaction
            cited = next(((claim, evidence) for claim, _ in self.claims(case) if claim.id == claim_id
                          for evidence in claim.evidence if evidence.chunk_id == chunk_id), None)
            if cited is None:
                raise StoreError(f"{case_id} has no claim {claim_id!r} citing {chunk_id!r}")
            claim, evidence = cited
            gold_label = evidence.label or None
            reason = reason or None
            problems = validate_judgment(label, reason, rationale, gold_label)
            if problems:
                raise StoreError("; ".join(problems))
            chunk = self.engine.corpus.chunk_by_id[chunk_id]
            bare = self._bare_acceptance(slice_name, case, claim, chunk_id, reviewer.strip(), label, reason, rationale)
        return self.store.record_judgment(Judgment(
            case_id=case_id, claim_id=claim_id, chunk_id=chunk_id, reviewer=reviewer.strip(), label=label,
            reason=reason, rationale=rationale or "", source=source, chunk_hash=chunk.content_hash,
            corpus_version=self.engine.corpus.version, claim_text=claim.text,
            status="submitted" if submit else "draft", bare_acceptance=bare), gold_label=gold_label)

    def _bare_acceptance(self, slice_name: str, case: Case, claim: Claim, chunk_id: str, reviewer: str,
                         label: str | None, reason: str | None, rationale: str | None) -> bool:
        """The verifier's suggestion, shown to this reviewer, taken unchanged: its label and reason,
        and no rationale other than the verifier's own explanation."""
        pair = self.store.judgments(case.id, pair=(claim.id, chunk_id))
        mine = next((j for j in pair if j.reviewer == reviewer), None)
        others = [j for j in pair if j.reviewer != reviewer and j.status == "submitted"]
        if self._hides_suggestion(slice_name, reviewer, mine, others):
            return False  # they never saw it
        verdict = self._verdict(claim, case)
        suggestion = next(v for e, v in zip(claim.evidence, verdict.verdicts, strict=True) if e.chunk_id == chunk_id)
        own = (rationale or "").strip()
        return (label, reason or None) == (suggestion.label, suggestion.reason or None) and \
            own in ("", suggestion.explanation.strip())

    def accept_suggestion(self, slice_name: str, case_id: str, claim_id: str, chunk_id: str, reviewer: str,
                          rationale: str = "") -> Judgment:
        """Save the verifier's suggestion as the reviewer's label (a bare acceptance without a rationale
        of their own). Refused while the suggestion is hidden from this reviewer."""
        row = next(r for r in self.rows(self.case(slice_name, case_id), (reviewer or "").strip() or None)
                   if r.claim_id == claim_id and r.chunk_id == chunk_id)
        if row.suggestion_hidden:
            raise StoreError(f"{row.key}: the verifier's suggestion is hidden until you submit your own label "
                             f"(on {slice_name}, a second review is made without it)")
        return self.save(slice_name, case_id, claim_id, chunk_id, reviewer, row.suggestion_label,
                         row.suggestion_reason, rationale or row.explanation, source="auto")

    def add_claim(self, slice_name: str, case_id: str, text: str, chunk_ids: list[str], reviewer: str) -> AddedClaim:
        self.team.require((reviewer or "").strip() or None, "judge")
        case = self.case(slice_name, case_id)
        unknown = [c for c in chunk_ids if c not in self.engine.corpus.chunk_by_id]
        if unknown:
            raise StoreError("not chunks of the corpus: " + ", ".join(unknown))
        existing = {claim.id for claim, _ in self.claims(case)}
        claim_id = next(f"r{n}" for n in range(1, 10_000) if f"r{n}" not in existing)
        return self.store.add_claim(AddedClaim(case.id, claim_id, text.strip(), tuple(chunk_ids), reviewer))

    def undo(self, reviewer: str) -> Judgment | None:
        """Undo the reviewer's own latest change (call again to go further back)."""
        self.team.require((reviewer or "").strip() or None, "judge")
        return self.store.undo_last(reviewer.strip())

    def adjudicate(self, slice_name: str, case_id: str, claim_id: str, chunk_id: str, adjudicator: str,
                   label: str, reason: str | None, rationale: str) -> Adjudication:
        self.team.require((adjudicator or "").strip() or None, "adjudicate")
        row = next((r for r in self.rows(self.case(slice_name, case_id), adjudicator)
                    if r.claim_id == claim_id and r.chunk_id == chunk_id), None)
        if row is None:
            raise StoreError(f"{case_id} has no claim {claim_id!r} citing {chunk_id!r}")
        chunk = self.engine.corpus.chunk_by_id[chunk_id]
        self._ensure_version_recorded()
        return self.store.adjudicate(Adjudication(case_id, claim_id, chunk_id, adjudicator.strip(), label,
                                                  reason or None, rationale or "", chunk.content_hash,
                                                  self.engine.corpus.version))

    def queues(self, slice_name: str, reviewer: str | None) -> dict[str, list[str]]:
        """Rows waiting for me (not submitted by me, still short of the reviews they need), my drafts,
        and what I submitted; each row as "case-id claim · chunk"."""
        needed = self.team.reviews_needed(slice_name)
        queues: dict[str, list[str]] = {"waiting for me": [], "my drafts": [], "submitted by me": [],
                                        "needs re-review": [i.key for i in self.rereview_queue().items
                                                            if i.slice == slice_name]}
        rows = [(case, row) for case, case_rows, _ in self.slice_rows(slice_name, reviewer) for row in case_rows]
        for case, row in rows:
            key = f"{case.id} {row.key}"
            if row.my_status == "submitted" and not row.stale:
                queues["submitted by me"].append(key)
            elif row.my_status == "draft":
                queues["my drafts"].append(key)
            if row.my_status != "submitted" and row.submitted < needed:
                queues["waiting for me"].append(key)
        return queues

    def disagreements(self, slice_name: str, viewer: str | None) -> list[ClaimRow]:
        """Rows whose submitted labels disagree with each other or with the gold label, among the rows
        whose labels `viewer` may see (blind review: an adjudicator sees every row; a reviewer only
        rows they have submitted; a viewer none)."""
        out = []
        for case in self.cases(slice_name):
            for row in self.rows(case, viewer):
                labels = {label for _, label, _, _ in self.submitted_labels(case.id, row, viewer)}
                if len(labels) > 1 or (row.gold_label and labels and labels != {row.gold_label}):
                    out.append(row)
        return out

    def visible_judgments(self, viewer: str | None) -> list[Judgment]:
        """The current judgments `viewer` may see (Team.sees_others): all for an adjudicator; for a
        reviewer, those on the pairs they submitted; for a viewer, none. What agreement is computed on."""
        everyone = self.store.judgments()
        if self.team.sees_everyone(viewer):
            return everyone
        if self.team.role(viewer) == "viewer":
            return []
        mine = {(j.case_id, j.claim_id, j.chunk_id) for j in everyone
                if j.reviewer == viewer and j.status == "submitted"}
        return [j for j in everyone if (j.case_id, j.claim_id, j.chunk_id) in mine]

    def submitted_labels(self, case_id: str, row: ClaimRow,
                         viewer: str | None) -> list[tuple[str, str, str | None, str]]:
        """Every reviewer's submitted (reviewer, label, reason, rationale) for one row, when `viewer`
        may see them (Team.sees_others); otherwise nothing (a blind reviewer's own label is in the row)."""
        mine = self.store.judgments(case_id, reviewer=viewer) if viewer else []
        submitted = any(j.claim_id == row.claim_id and j.chunk_id == row.chunk_id and j.status == "submitted"
                        for j in mine)
        if not self.team.sees_others(viewer, submitted):
            return []
        return [(j.reviewer, j.label, j.reason, j.rationale) for j in self.store.judgments(case_id)
                if j.claim_id == row.claim_id and j.chunk_id == row.chunk_id and j.status == "submitted"]

    def history(self, case_id: str, claim_id: str, chunk_id: str, viewer: str | None = None) -> list[dict]:
        """Every event on one (claim, cited chunk) pair, oldest first: nothing is ever deleted. Other
        people's events only when `viewer` may see their labels (blind review); else `viewer`'s own."""
        mine = self.store.judgments(case_id, reviewer=viewer) if viewer else []
        everyone = self.team.sees_others(viewer, any(
            j.claim_id == claim_id and j.chunk_id == chunk_id and j.status == "submitted" for j in mine))
        events = [e for e in self._history(case_id, claim_id, chunk_id) if everyone or e["who"] == viewer]
        return events

    def _history(self, case_id: str, claim_id: str, chunk_id: str) -> list[dict]:
        undone = {u["judgment_id"]: u for u in self.store.undos()}
        events = []
        for j in self.store.judgments(case_id, current_only=False):
            if j.claim_id == claim_id and j.chunk_id == chunk_id:
                events.append({"time": j.created_at, "who": j.reviewer, "what": f"{j.status} {j.label}"
                               + (f" / {j.reason}" if j.reason else ""), "rationale": j.rationale,
                               "corpus_version": j.corpus_version})
                if j.id in undone:
                    events.append({"time": undone[j.id]["created_at"], "who": undone[j.id]["actor"],
                                   "what": f"undid {j.status} {j.label}", "rationale": "", "corpus_version": ""})
        final = self.store.adjudications().get((case_id, claim_id, chunk_id))
        if final:
            events.append({"time": final.created_at, "who": final.adjudicator, "what": f"adjudicated {final.label}"
                           + (f" / {final.reason}" if final.reason else ""), "rationale": final.rationale,
                           "corpus_version": final.corpus_version})
        pair = f" {case_id} {claim_id} · {chunk_id}"
        for confirmed in self.store.rereviews():  # re-reviews after a corpus change, of this pair
            item = confirmed["item"]  # "judgment <pair> by <reviewer>" or "label <slice> <pair>"
            if item.startswith(f"judgment{pair} by ") or (item.startswith("label ") and item.endswith(pair)):
                events.append({"time": confirmed["created_at"], "who": confirmed["reviewer"],
                               "what": f"re-reviewed after a corpus change ({item.split(' ')[0]})",
                               "rationale": confirmed["note"], "corpus_version": confirmed["corpus_version"]})
        return sorted(events, key=lambda e: e["time"])

    # corpus changes
    def rereview_queue(self, from_version: str | None = None) -> ReviewQueue:
        """Label cases and judgments a corpus change affects, not yet confirmed on the current version."""
        cases = {name: self.cases(name) for name in SLICES}
        slice_of = {case.id: name for name, found in cases.items() for case in found}
        # a judgment made on the current version was made on the current text of its chunk (the version
        # is a hash of the corpus files the chunk hashes come from): it never waits for re-review, so
        # only the others are read (every save adds one on the current version)
        judgments = [(slice_of.get(j.case_id, "?"), j)
                     for j in self.store.judgments(not_on_version=self.engine.corpus.version)]
        self._version_recorded = True  # review_queue records the current version
        return review_queue(self.store, self.engine.corpus, cases, judgments, from_version)

    def visible_rereview_queue(self, viewer: str | None, from_version: str | None = None) -> ReviewQueue:
        """The re-review queue as `viewer` may see it (blind review): another reviewer's label on a
        pair only for an adjudicator, or for a reviewer who submitted that pair too."""
        queue = self.rereview_queue(from_version)
        if self.team.sees_everyone(viewer):
            return queue
        mine = {(j.case_id, j.claim_id, j.chunk_id) for j in (self.store.judgments(reviewer=viewer) if viewer else [])
                if j.status == "submitted"}
        items = tuple(i if i.kind != "judgment" or (viewer and i.reviewer == viewer)
                      or self.team.sees_others(viewer, (i.case_id, i.claim_id, i.chunk_id) in mine)
                      else blind_item(i) for i in queue.items)
        return dataclasses.replace(queue, items=items)

    def rereview_item(self, key: str, from_version: str | None = None,
                      viewer: str | None = None) -> tuple[ReviewItem, str | None, str | None]:
        """One queued item (as `viewer` may see it) with the text it was made on and the chunk's current
        text (None where there is none: a whole source, or a removed chunk). Raises StoreError for an
        item not in the queue."""
        item = next((i for i in self.visible_rereview_queue(viewer, from_version).items if i.key == key), None)
        if item is None:
            raise StoreError(f"{key!r} is not waiting for re-review")
        corpus = self.engine.corpus
        return item, text_of(self.store, corpus, item.old_hash), text_of(self.store, corpus, item.new_hash)

    def confirm_rereview(self, item: str, reviewer: str, note: str, from_version: str | None = None) -> dict:
        """A reviewer looked at an item again on the current version (a note says what they found).
        Raises AccessDenied for viewers, StoreError for an item not in the queue or without a note."""
        self.team.require((reviewer or "").strip() or None, "judge")
        if not any(i.key == item for i in self.rereview_queue(from_version).items):
            raise StoreError(f"{item!r} is not waiting for re-review")
        if not (note or "").strip():
            raise StoreError("write a note: what did the re-review find (label still right, or what to change)?")
        return self.store.confirm_rereview(item, self.engine.corpus.version, reviewer, note)
