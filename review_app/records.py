"""Records that cross module boundaries. All frozen: a record is a value, never mutated."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["current", "superseded", "not_yet_published", "withdrawn"]
Mode = Literal["bm25", "semantic", "hybrid", "fd"]
# fd: semantic candidates reranked by factual density (an ablation arm; see density.py)
MODES: tuple[str, ...] = ("bm25", "semantic", "hybrid", "fd")
DATE_PRECISIONS: tuple[str, ...] = ("day", "month", "year", "unknown")
CLAIM_LABELS: tuple[str, ...] = ("supports", "partially_supports", "does_not_support", "contradicts")
CLAIM_REASONS: tuple[str, ...] = ("missing_fact", "wrong_version", "wrong_organization", "misstated_strength",
                                  "out_of_scope", "other")


@dataclass(frozen=True)
class Source:
    """One evidence source of the manifest, of one of the pack's knowledge classes."""

    id: str
    organization: str
    title: str
    url: str
    url_verified: bool
    citation: str
    knowledge_class: str
    published_date: dt.date | None
    effective_date: dt.date | None
    date_precision: str
    verified_on: dt.date
    supersedes: tuple[str, ...]
    applies_to: str
    card: str
    paraphrase_note: str
    withdrawn_date: dt.date | None = None  # withdrawn by its publisher: never retrieved from this date on
    withdrawn_reason: str | None = None
    # An undated source is eligible only from the earliest date the project can vouch for: this
    # one (e.g. the newest dated event its own text mentions), else `verified_on`.
    not_before: dt.date | None = None
    # Partial supersession: (superseded source id, the sections of it this source replaces);
    # the older source's other sections stay current. Whole-source supersession is `supersedes`.
    replaces_sections: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def eligible_from(self) -> dt.date | None:
        """The first date the source can count: its publication, or for an undated one the date
        the project can vouch for (not_before, else verified_on)."""
        if self.published_date is not None:
            return self.published_date
        return self.not_before or self.verified_on

    def sections_replaced(self, target: str) -> tuple[str, ...] | None:
        """The sections of `target` this source replaces; None when it replaces all of it."""
        return dict(self.replaces_sections).get(target)

    def withdrawal_note(self) -> str | None:
        """One line saying the source was withdrawn, when and why (None if it never was)."""
        if self.withdrawn_date is None:
            return None
        return f"{self.id} was withdrawn on {self.withdrawn_date.isoformat()}: {self.withdrawn_reason}"


@dataclass(frozen=True)
class Chunk:
    """One `##` section of a card: the unit that is indexed and retrieved."""

    id: str  # "<source-id>#<section-slug>"
    document_id: str
    organization: str
    heading: str
    text: str  # the section body, without the heading
    line: int  # line of the heading in the card file

    @property
    def content_hash(self) -> str:
        """Hash of the text a reviewer sees: a judgment records it, so an edited card never
        silently inherits labels given to its old text."""
        return hashlib.sha256(f"{self.heading}\n{self.text}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class EmbeddingSpec:
    """Which embedder gives the semantic scores: a provider and, except for hashing, a model.

    `hashing` (the default) needs no model; `sentence-transformers` takes a model name or a
    local folder; `openai` takes the model name an OpenAI-compatible endpoint serves.
    """

    provider: str = "hashing"
    model: str | None = None

    @property
    def label(self) -> str:
        return self.provider if self.model is None else f"{self.provider} {self.model}"

    def to_json(self) -> dict[str, str | None]:
        return {"provider": self.provider, "model": self.model}


@dataclass(frozen=True)
class Settings:
    """Everything that changes a retrieval decision. Defaults live in `settings.py`."""

    mode: str
    top_k: int
    reference_date: dt.date
    threshold: float
    diversify: bool
    status_scoring: bool = True  # off only in the ablation arm that measures its effect
    embedding: EmbeddingSpec = EmbeddingSpec()  # recorded beside the settings (see Decision.to_json)
    # Given by the person (a flag, a setting, a case's reference_date): a time stated in the
    # question then does not move it. The pinned default gives way to the question's time.
    reference_date_explicit: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "top_k": self.top_k,
            "reference_date": self.reference_date.isoformat(),
            "threshold": self.threshold,
            "diversify": self.diversify,
        }


@dataclass(frozen=True)
class Result:
    """One retrieved chunk with its evidence-map entry."""

    rank: int
    chunk_id: str
    document_id: str
    organization: str
    title: str
    status: str
    published_date: dt.date | None
    effective_date: dt.date | None
    rank_score: float
    support_score: float
    signals: dict[str, float | int | bool]
    excerpt: str

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "chunk_id": self.chunk_id,
            "document_id": self.document_id,
            "organization": self.organization,
            "title": self.title,
            "status": self.status,
            "published_date": _iso(self.published_date),
            "effective_date": _iso(self.effective_date),
            "rank_score": round(self.rank_score, 6),
            "support_score": round(self.support_score, 6),
            "signals": {k: (round(v, 6) if isinstance(v, float) else v) for k, v in self.signals.items()},
            "excerpt": self.excerpt,
        }


@dataclass(frozen=True)
class Decision:
    """The pipeline's answer-or-abstain decision for one question, with its evidence."""

    question: str
    abstain: bool
    abstain_reason: str | None
    scope_flags: tuple[str, ...]
    max_support_score: float
    settings: Settings
    results: tuple[Result, ...]
    historical_intent: bool = False
    off_topic: str | None = None  # the other topic the question names, when the guard saw one
    corpus_version: str = ""  # the corpus the decision was made on
    notes: tuple[str, ...] = ()  # e.g. a retrieved source withdrawn after the reference date
    reference_date_source: str = "pinned"  # pinned, explicit, or question (a time the question states)
    reference_date_phrase: str | None = None  # the question's words that set it
    organizations_absent: tuple[str, ...] = ()  # named, but with no eligible source in the corpus
    scope_findings: tuple[dict[str, str], ...] = ()  # each concept a scope rule matched, with its context
    normalized_question: str = ""  # after the pack's shorthand and phrase rewrites: what support is computed on
    patient: dict[str, Any] = field(default_factory=dict)  # the patient's ages and the relatives named
    aspects: tuple[str, ...] = ()  # what the question asks about (the pack's aspects)
    aspects_default: bool = False  # the question named no aspect: the pack's defaults
    answer_chunks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # aspect -> answer-bearing results
    aspects_missing: dict[str, tuple[str, ...]] = field(default_factory=dict)  # aspect -> organizations without one

    @property
    def retrieved_document_ids(self) -> list[str]:
        """Distinct sources of the results, in rank order."""
        return list(dict.fromkeys(r.document_id for r in self.results))

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "abstain": self.abstain,
            "abstain_reason": self.abstain_reason,
            "scope_flags": list(self.scope_flags),
            "max_support_score": round(self.max_support_score, 6),
            "settings": self.settings.to_json(),
            "embedding": self.settings.embedding.to_json(),
            "results": [r.to_json() for r in self.results],
            "reference_date": self.settings.reference_date.isoformat(),
            "reference_date_source": self.reference_date_source,
            "reference_date_phrase": self.reference_date_phrase,
            "patient": dict(self.patient),
            "normalized_question": self.normalized_question,
            "aspects": list(self.aspects),
            "aspects_default": self.aspects_default,
            "answer_chunks": {a: list(c) for a, c in self.answer_chunks.items()},
            "aspects_missing": {a: list(o) for a, o in self.aspects_missing.items()},
            "scope_findings": [dict(f) for f in self.scope_findings],
            "organizations_absent": list(self.organizations_absent),
            "notes": list(self.notes),
            "corpus_version": self.corpus_version,
        }


@dataclass(frozen=True)
class Evidence:
    """A cited chunk with its gold claim-support label."""

    chunk_id: str
    label: str
    reason: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Claim:
    id: str
    text: str
    evidence: tuple[Evidence, ...]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Case:
    """One labelled question of a slice (a line of a label file)."""

    id: str
    question: str
    should_abstain: bool
    gold_document_ids: tuple[str, ...]
    expected_scope_flags: tuple[str, ...]
    reference_date: dt.date | None
    claims: tuple[Claim, ...] = ()
    notes: str = ""
    extra: dict[str, Any] = field(default_factory=dict)  # unknown fields, kept on round trips
    line: int = 0
    # The chunks whose text answers the question; None when the file does not say (chunk-level
    # metrics are then "not available", never perfect).
    gold_chunk_ids: tuple[str, ...] | None = None
    tags: tuple[str, ...] = ()  # style and probe kinds, for per-tag reporting


def _iso(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None
