"""Export a new holdout version from the frozen holdout and the review store.

The frozen cases are copied as they are. Claims reviewers judged on them are added with their
labels and review provenance; a judgment that disagrees with a frozen gold label is reported
as a conflict and the gold label stays. Approved draft cases are appended with new ids (one
that breaks the label-file rules is skipped, with why). The file is written to a temporary
file, read back as a label file in full, and only then takes its name under exports/, with
its sha256 beside it: nothing broken is ever left there. The same database always yields the
same bytes (ids, order and times all come from the data).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import LabelError, ReviewAppError
from ..evaluation.labels import SLICES, case_to_json, load_cases, parse_case, references
from ..evaluation.report import write_atomic
from ..jsonl import dumps, dumps_lines
from ..records import Case, Chunk
from .service import ReviewService
from .store import Judgment
from .versions import blind_item

HOLDOUT = "holdout"
POLICY = ("adjudicated", "unanimous")  # what enters an export by default; "unresolved" can be added


@dataclass(frozen=True)
class ExportPlan:
    cases: tuple[dict[str, Any], ...]  # the new version, in file order
    new_cases: tuple[str, ...]  # "holdout-014 (from draft-001)"
    claims_added: tuple[str, ...]  # "holdout-003 r1"
    judgments_used: int
    unchanged: tuple[str, ...]
    conflicts: tuple[str, ...]
    skipped: tuple[str, ...] = field(default_factory=tuple)  # stale, unjudged or unresolved, with why
    policy: tuple[str, ...] = POLICY
    tags: dict[str, int] = field(default_factory=dict)  # exported citations per tag
    corpus_version: str = ""  # the corpus the export was made on
    needs_rereview: tuple[str, ...] = ()  # label cases and judgments a corpus change affects (see versions.py)
    # the same reports without who said what (blind review): for someone who may not see others' labels
    blind_conflicts: tuple[str, ...] = ()
    blind_skipped: tuple[str, ...] = ()
    blind_rereview: tuple[str, ...] = ()

    def summary(self, blind: bool = False) -> dict[str, Any]:
        """The plan's report; `blind` leaves out every reviewer's name and label (Team.sees_others)."""
        record = {"cases": len(self.cases), "new_cases": list(self.new_cases),
                  "claims_added": list(self.claims_added), "judgments_used": self.judgments_used,
                  "unchanged": len(self.unchanged),
                  "conflicts": list(self.blind_conflicts if blind else self.conflicts),
                  "skipped": list(self.blind_skipped if blind else self.skipped),
                  "policy": f"exports {' and '.join(self.policy)} judgments only",
                  "tags": dict(sorted(self.tags.items())), "corpus_version": self.corpus_version,
                  "needs_rereview": list(self.blind_rereview if blind else self.needs_rereview)}
        if blind:
            record["blind"] = "who said what is shown to adjudicators only (blind review)"
        return record

    def text(self) -> str:
        """JSON Lines; line-separator characters in any text are escaped (see jsonl.dumps)."""
        return dumps_lines(self.cases)


def _dumps(record: dict[str, Any]) -> str:
    return dumps(record)


def _review(j: Judgment) -> dict[str, Any]:
    return {"reviewer": j.reviewer, "time": j.created_at, "source": j.source, "status": j.status, "label": j.label,
            "reason": j.reason, "rationale": j.rationale, "bare_acceptance": j.bare_acceptance,
            "chunk_hash": j.chunk_hash, "corpus_version": j.corpus_version}


def consensus(submitted: Sequence[Judgment], adjudication: Any,
              required: int) -> tuple[str, str | None, str | None]:
    """(tag, label, reason) of one citation: adjudicated (an adjudicator decided), unanimous (the
    required number of submitted reviews, all agreeing, at least one of them more than a bare
    acceptance of the verifier's suggestion) or unresolved."""
    if adjudication is not None:
        return "adjudicated", adjudication.label, adjudication.reason
    labels = {(j.label, j.reason) for j in submitted}
    if len(submitted) >= required and len(labels) == 1 and not all(j.bare_acceptance for j in submitted):
        label, reason = labels.pop()
        return "unanimous", label, reason
    return "unresolved", submitted[-1].label if submitted else None, submitted[-1].reason if submitted else None


def plan_export(service: ReviewService, policy: Sequence[str] = POLICY) -> ExportPlan:
    """What an export would write, and what it would report. Nothing is written. Every read is
    made in one read transaction: the plan is one consistent state of the store."""
    frozen = service.cases(HOLDOUT)
    service.record_version()  # the one write planning may need, made before the snapshot
    with service.store.snapshot():
        reviews = _read_reviews(service, policy)
        tally = _Tally()
        out = [_exported_case(service, case, reviews, tally) for case in frozen]
        drafted, new_cases = _approved_drafts(service, frozen, tally)
        queue = service.rereview_queue()
        rereview = tuple(queue.lines())
        blind_rereview = tuple(blind_item(i).line() for i in queue.items)
    out += drafted
    check_frozen(frozen, out)
    return ExportPlan(tuple(out), tuple(new_cases), tuple(tally.claims_added), tally.used, tuple(tally.unchanged),
                      tuple(tally.conflicts), tuple(tally.skipped), tuple(policy), tally.tags,
                      service.engine.corpus.version, rereview, tuple(tally.blind_conflicts),
                      tuple(tally.blind_skipped), blind_rereview)


@dataclass(frozen=True)
class _Reviews:
    """What the store holds for an export, read once, and the rules that choose from it."""

    judgments: dict[tuple[str, str, str], list[Judgment]]  # (case, claim, chunk) -> judgments in id order
    adjudications: dict[tuple[str, str, str], Any]
    chunks: dict[str, Chunk]
    required: int  # agreeing submitted reviews that make a citation unanimous
    policy: Sequence[str]
    corpus_version: str


@dataclass
class _Tally:
    """What planning reports, collected case by case in file order."""

    claims_added: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    tags: dict[str, int] = field(default_factory=dict)
    used: int = 0
    blind_conflicts: list[str] = field(default_factory=list)
    blind_skipped: list[str] = field(default_factory=list)

    def skip(self, why: str, blind: str | None = None) -> None:
        """A skipped item, and how it reads for someone under blind review (the same unless given)."""
        self.skipped.append(why)
        self.blind_skipped.append(why if blind is None else blind)


def _read_reviews(service: ReviewService, policy: Sequence[str]) -> _Reviews:
    judgments: dict[tuple[str, str, str], list[Judgment]] = {}
    for j in service.store.judgments():
        judgments.setdefault((j.case_id, j.claim_id, j.chunk_id), []).append(j)
    chunks = service.engine.corpus.chunk_by_id
    adjudications = service.store.adjudications()
    required = service.team.reviews_needed(HOLDOUT)
    return _Reviews(judgments, adjudications, chunks, required, policy, service.engine.corpus.version)


def _exported_case(service: ReviewService, case: Case, reviews: _Reviews, tally: _Tally) -> dict[str, Any]:
    """A frozen case as exported: as it is, plus the claims reviewers added and judged."""
    record = case_to_json(case)
    for (key, reviewer, label, gold) in _gold_conflicts(case, reviews):
        tally.conflicts.append(f"{key}: {reviewer} says {label}, the frozen gold label is {gold} (kept)")
        tally.blind_conflicts.append(f"{key}: a submitted judgment differs from the frozen gold label (kept)")
    gold_ids = {claim.id for claim in case.claims}
    extra_claims = []
    for claim, added_by in service.claims(case):
        if claim.id in gold_ids:
            continue
        evidence = []
        for cited in claim.evidence:
            entry = _exported_evidence(case.id, claim.id, cited.chunk_id, reviews, tally)
            if entry is not None:
                evidence.append(entry)
        if evidence:
            extra_claims.append({"id": claim.id, "text": claim.text, "evidence": evidence, "added_by": added_by})
            tally.claims_added.append(f"{case.id} {claim.id}")
    if extra_claims:
        return _with_claims(record, extra_claims)
    tally.unchanged.append(case.id)
    return record


def _gold_conflicts(case: Case, reviews: _Reviews) -> list[tuple[str, str, str, str]]:
    """Frozen gold labels stay; submitted judgments that disagree with them are reported, as
    ("case claim chunk", reviewer, label, gold label)."""
    conflicts = []
    for claim in case.claims:
        for evidence in claim.evidence:
            for j in reviews.judgments.get((case.id, claim.id, evidence.chunk_id), []):
                if j.status == "submitted" and j.label != evidence.label:
                    conflicts.append((f"{case.id} {claim.id} {evidence.chunk_id}", j.reviewer, j.label,
                                      evidence.label))
    return conflicts


def _exported_evidence(case_id: str, claim_id: str, chunk_id: str, reviews: _Reviews,
                       tally: _Tally) -> dict[str, Any] | None:
    """The evidence entry of one added claim's citation, or None (and why, in `tally.skipped`) when
    its judgments are stale, missing or not of a tag the policy exports."""
    key = (case_id, claim_id, chunk_id)
    chunks = reviews.chunks
    fresh = [j for j in reviews.judgments.get(key, [])
             if chunk_id in chunks and j.chunk_hash == chunks[chunk_id].content_hash]
    stale = len(reviews.judgments.get(key, [])) - len(fresh)
    if stale:
        tally.skip(f"{case_id} {claim_id} {chunk_id}: {stale} judgment(s) made on an older "
                             "text of the chunk")
    current = [j for j in fresh if j.status == "submitted"]  # drafts never leave the database
    final = reviews.adjudications.get(key)
    if final is not None and final.chunk_hash != chunks[chunk_id].content_hash:
        final = None
    if not current and final is None:
        tally.skip(f"{case_id} {claim_id} {chunk_id}: no submitted judgment yet")
        return None
    tag, label, reason = consensus(current, final, reviews.required)
    if tag not in reviews.policy:
        agreeing = len(current) >= reviews.required and len({(j.label, j.reason) for j in current}) == 1
        why = ("all agree, but each only accepted the verifier's suggestion unchanged"
               if agreeing and all(j.bare_acceptance for j in current) else "or they disagree")
        tally.skip(f"{case_id} {claim_id} {chunk_id}: {tag} ({len(current)} of {reviews.required} "
                   f"reviews, {why}): not exported by the policy",
                   f"{case_id} {claim_id} {chunk_id}: {tag}: not exported by the policy")
        return None
    tally.tags[tag] = tally.tags.get(tag, 0) + 1
    tally.used += len(current)
    return _evidence_entry(chunk_id, tag, label, reason, current, final, reviews.corpus_version)


def _evidence_entry(chunk_id: str, tag: str, label: str | None, reason: str | None, current: list[Judgment],
                    final: Any, corpus_version: str) -> dict[str, Any]:
    """Label-file evidence with its review provenance (key order is the file's)."""
    entry = {"chunk_id": chunk_id, "label": label}
    if reason:
        entry["reason"] = reason
    entry["status"] = tag
    entry["corpus_version"] = corpus_version
    entry["reviews"] = [_review(j) for j in current]
    if final is not None:
        entry["adjudication"] = {"adjudicator": final.adjudicator, "time": final.created_at,
                                 "label": final.label, "reason": final.reason,
                                 "rationale": final.rationale}
    return entry


def _approved_drafts(service: ReviewService, frozen: Sequence[Case],
                     tally: _Tally) -> tuple[list[dict[str, Any]], list[str]]:
    """Approved draft cases as new holdout cases, numbered after the last frozen one; and what was
    added. A draft that breaks the label-file rules (approved before a rule existed) is skipped,
    with why in `tally.skipped`: it would make the export unreadable."""
    next_number = 1 + max((int(m.group(1)) for c in frozen if (m := re.fullmatch(r"holdout-(\d+)", c.id))),
                          default=0)
    refs = references(service.engine)
    records, new_cases = [], []
    for draft in service.store.drafts():
        if draft.status != "approved":
            continue
        case_id = f"holdout-{next_number:03d}"
        record = {**draft.case, "id": case_id, "provenance": {"draft_id": draft.draft_id,
                                                              "author": draft.author or draft.reviewer,
                                                              "approved_by": draft.reviewer,
                                                              "approved_at": draft.created_at,
                                                              "corpus_version": service.engine.corpus.version}}
        _, problems = parse_case(record, draft.draft_id, 1, **refs)
        if problems:
            tally.skip(f"{draft.draft_id}: not exported, it breaks the label-file rules: "
                                 + "; ".join(f"{p.field}: {p.message}" for p in problems))
            continue
        next_number += 1
        records.append(record)
        new_cases.append(f"{case_id} (from {draft.draft_id})")
    return records, new_cases


class ExportError(ReviewAppError):
    """An export would alter a frozen case; nothing is written."""

    def __init__(self, case_id: str, field: str):
        self.case_id, self.field = case_id, field
        super().__init__(f"export refused: it would change frozen case {case_id}, field {field}")


def check_frozen(frozen: Sequence[Case], records: Sequence[dict[str, Any]]) -> None:
    """Every frozen case must come out with the same fields and the same gold claim labels."""
    exported = {r.get("id"): r for r in records}
    for case in frozen:
        record = exported.get(case.id)
        if record is None:
            raise ExportError(case.id, "id (the case is missing)")
        original = case_to_json(case)
        for name, value in original.items():
            if name == "claims":
                kept = {c["id"]: c for c in record.get("claims", [])}
                for claim in value:
                    if kept.get(claim["id"], {}).get("evidence") != claim["evidence"]:
                        raise ExportError(case.id, f"claims[{claim['id']}].evidence")
            elif record.get(name) != value:
                raise ExportError(case.id, name)


def _with_claims(record: dict[str, Any], claims: list[dict[str, Any]]) -> dict[str, Any]:
    """Claims go before `notes`, where the label format puts them."""
    out = {}
    for key, value in record.items():
        if key == "notes":
            out["claims"] = list(record.get("claims", [])) + claims
        if key != "claims":
            out[key] = value
    out.setdefault("claims", claims)
    return out


@dataclass(frozen=True)
class ExportResult:
    path: Path
    sha256: str
    plan: ExportPlan


def export_holdout(service: ReviewService, exports_dir: Path) -> ExportResult:
    """Write the new version (and its .sha256); the file name carries its hash. The file takes
    its name only after it was read back in full as a label file with that hash; a folder that
    cannot be written is a clear error. Either way nothing broken is left under exports/."""
    plan = plan_export(service)
    text = plan.text()
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    path = Path(exports_dir) / f"holdout-{digest[:12]}.jsonl"
    refs = references(service.engine)

    def check(written: Path) -> None:
        if hashlib.sha256(written.read_bytes()).hexdigest() != digest:
            raise ReviewAppError(f"export refused: {path.name} did not read back with the bytes written; "
                                 "nothing was kept")
        try:
            load_cases(written, **refs)
        except LabelError as exc:
            found = "; ".join(f"line {p.line}: {p.field}: {p.message}" if p.line else f"{p.field}: {p.message}"
                              for p in exc.problems[:5])
            raise ReviewAppError(f"export refused: {path.name} would not read back as a label file ({found}); "
                                 "nothing was kept") from None

    existed = path.exists()  # the same name holds the same bytes
    try:
        write_atomic(path, text, check=check)
        try:
            write_atomic(path.with_name(path.name + ".sha256"), f"{digest}  {path.name}\n")
        except OSError:
            if not existed:  # no export without its hash
                path.unlink(missing_ok=True)
            raise
    except OSError as exc:
        reason = getattr(exc, "reason", None) or exc.strerror or type(exc).__name__
        raise ReviewAppError(f"export not written: the folder {exports_dir} cannot be written ({reason}); set "
                             "REVIEW_APP_EXPORTS to a folder the app may write") from None
    return ExportResult(path, digest, plan)


def draft_problems(service: ReviewService, case: dict[str, Any], draft_id: str | None) -> list[str]:
    """Validation of a draft case in a reviewer's words (empty when it can be saved): the rules
    and limits of a label file (`parse_case`), so an approved draft always exports and evaluates;
    `draft_id` None for a new draft."""
    name = draft_id or "new draft"
    _, found = parse_case({**case, "id": name}, name, 1, **references(service.engine))
    problems = [f"{p.field}: {p.message}" for p in found]
    question = _normalized(case.get("question"))
    if any(_normalized(c.question) == question for name in SLICES for c in service.cases(name)):
        problems.append("question: the same question is already a case")
    if any(d.draft_id != draft_id and _normalized(d.case.get("question")) == question for d in service.store.drafts()):
        problems.append("question: another draft asks the same question")
    return problems


def _normalized(question: object) -> str:
    return " ".join(str(question or "").lower().split())


def queue_generated(service: ReviewService, draft: dict[str, Any], reviewer: str) -> str:
    """Send generated claims to clinicians: added to the case that asks the same question, or
    saved as a new draft case (its labels only the verifier's suggestions). Claims already
    queued are not added twice. Returns what was done, in a reviewer's words."""
    question = _normalized(draft.get("question"))
    claims = [(c["text"], [e["chunk_id"] for e in c["evidence"]]) for c in draft.get("claims", [])]
    if not claims:
        raise ReviewAppError("there are no generated claims to send")
    reviewer = (reviewer or "").strip()
    for name in SLICES:
        case = next((c for c in service.cases(name) if _normalized(c.question) == question), None)
        if case is None:
            continue
        service.team.require(reviewer or None, "judge")
        queued = {(_normalized(claim.text), tuple(e.chunk_id for e in claim.evidence))
                  for claim, _ in service.claims(case)}
        added = [service.add_claim(name, case.id, text, ids, reviewer) for text, ids in claims
                 if (_normalized(text), tuple(ids)) not in queued]
        if not added:
            return f"every generated claim is already queued on {name} case {case.id}"
        return (f"added {len(added)} claim(s) to {name} case {case.id} "
                f"({', '.join(a.claim_id for a in added)}): judge them in the Review tab")
    service.team.require(reviewer or None, "draft_case")
    existing = next((d for d in service.store.drafts() if _normalized(d.case.get("question")) == question), None)
    if existing is not None:
        return f"{existing.draft_id} already holds this question: edit it in the Add case tab"
    problems = draft_problems(service, draft, None)
    if problems:
        raise ReviewAppError("not saved: " + "; ".join(problems))
    saved = service.store.save_draft(None, draft, reviewer)  # the store numbers it, race-free
    return f"saved as {saved.draft_id}: review its claims and labels in the Add case tab before approving"
