"""The retrieval pipeline: question -> scores -> status -> diversification -> scope -> Decision.

An `Engine` holds the corpus and its indexes, built once; `ask` is cheap and pure given
the engine. `run` also returns the `Trace` of every intermediate array, which the evaluator
uses to say which layer lost a case.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from pathlib import Path

import numpy as np

from ..errors import CorpusError, Problem, ReviewAppError
from ..records import Decision, EmbeddingSpec, Result, Settings
from . import embedding_cache, embeddings, index_cache, ranking
from .aspects import AnswerPlan, AspectRules, answer_chunks, load_aspects
from .background import BackgroundWeights
from .corpus import Corpus, load_corpus
from .datafiles import read_mapping
from .dates import QuestionTime, question_time, without_event_years
from .density import DensityParams, FactualDensity, rerank
from .facts import ClaimRules, FactReader, load_claim_rules
from .pack import load_pack
from .query import PatientAttributes, QueryFeatures, card_age_ranges, parse_question, patient_age_patterns, read_patient
from .retrieval import Bm25Index, Bm25Params, SemanticIndex
from .scope import ScopeGuard, asked_part, load_scope
from .status import chunk_statuses_at, statuses_at
from .text import Vocabulary, any_of, load_vocabulary

RANKING_FILE = "ranking.yaml"
EXCERPT_CHARS = 320
MAX_QUESTION_CHARS = 2000


class QuestionError(ReviewAppError):
    """The question cannot be asked (empty or too long)."""


@dataclass(frozen=True)
class RankingParams:
    bm25: Bm25Params
    bm25_weight: float
    semantic_weight: float
    age_match_boost: float
    named_organization_boost: float
    year_match_boost: float
    status_weights: dict[str, float]
    class_weights: dict[str, float]
    support_semantic_weight: float
    support_lexical_weight: float
    background: BackgroundWeights
    off_topic_factor: float
    density: DensityParams


@dataclass(frozen=True)
class Trace:
    """Every per-chunk array behind a Decision (index i is corpus.chunks[i])."""

    features: QueryFeatures
    statuses: dict[str, str]
    bm25: np.ndarray
    semantic: np.ndarray
    coverage: np.ndarray
    support: np.ndarray  # of the results; NaN for every other chunk
    fused: np.ndarray
    rank_score: np.ndarray
    published: np.ndarray  # source published by the reference date (status scoring aside)
    eligible: np.ndarray
    selected: np.ndarray  # chunk indices of the results, in rank order
    undiversified: np.ndarray  # what plain top-k by rank score would have returned


@dataclass(frozen=True, eq=False)
class _Scores:
    """The retrievers' per-chunk scores for one question (the steps of `Engine.run` pass them on)."""

    bm25: np.ndarray
    semantic: np.ndarray
    coverage: np.ndarray
    bm25_norm: np.ndarray
    semantic_norm: np.ndarray
    expanded: str  # the question after the vocabulary's expansions: what the semantic index scored
    semantic_index: SemanticIndex | embeddings.DenseIndex
    told_unknown: frozenset[str] = frozenset()  # context words no card uses: not counted in support


@dataclass(frozen=True, eq=False)
class _Boosts:
    """Per chunk, 1.0 where it matches what the question names, else 0.0."""

    age_match: np.ndarray
    named_match: np.ndarray
    year_match: np.ndarray


@dataclass(frozen=True, eq=False)
class _Ranked:
    """Per chunk: the status weight, the fused retriever score and the rank score built on them."""

    status_weight: np.ndarray
    fused: np.ndarray
    rank_score: np.ndarray


# a run of any characters but a few ("[^.?!]{0,60}"): a pattern with one spans words, it is no name
_FREE_SPAN = re.compile(r"\[\^[^\]]*\]\{\d*,\d+\}")


class Engine:
    """Corpus, vocabulary, scope rules and indexes of one corpus folder, built once."""

    def __init__(self, corpus: Corpus, vocabulary: Vocabulary, scope: ScopeGuard, params: RankingParams,
                 claim_rules: ClaimRules, cache_dir: Path | None = None, aspects: AspectRules | None = None):
        self.corpus, self.vocabulary, self.scope, self.params = corpus, vocabulary, scope, params
        self.claim_rules = claim_rules
        self.cache_dir = cache_dir
        self.pack = load_pack(corpus.directory)
        # (a pattern with a free span, "in <country> ... program", finds a mention over the question's own
        # words: those stay words, only names are kept whole)
        vocabulary = dataclasses.replace(vocabulary, kept_names=any_of(
            pattern for _, patterns in self.pack.other_organizations for pattern in patterns
            if not _FREE_SPAN.search(pattern.pattern)))
        self.vocabulary = vocabulary
        chunks = corpus.chunks
        texts = [corpus.index_text(c) for c in chunks]
        cached = index_cache.load(cache_dir, corpus) if cache_dir else None
        if cached is not None:
            self.semantic, self.bm25 = cached
        else:
            self.semantic = SemanticIndex(texts, vocabulary)  # normalizes and tokenizes each text once
            self.bm25 = Bm25Index(self.semantic.tokens, params.bm25)
            self.semantic.tokens = None  # only the BM25 build needed them; at 100k chunks they weigh hundreds of MB
            if cache_dir:
                index_cache.save(cache_dir, corpus, (self.semantic, self.bm25))
        # Other embedding providers' indexes are built on first use (see `semantic_index`).
        self._semantic_indexes: dict[EmbeddingSpec, SemanticIndex | embeddings.DenseIndex] = {
            embeddings.DEFAULT: self.semantic}
        self._embedding_versions: dict[EmbeddingSpec, str] = {}
        self.organizations = [c.organization for c in chunks]
        self._org_list = list(corpus.organizations)
        # (organization, year) of every dated source: a version a question names by a year it is not
        self._held_versions = {(s.organization, s.published_date.year) for s in corpus.sources if s.published_date}
        self._org_code = np.array([self._org_list.index(c.organization) for c in chunks], dtype=np.int64)
        self._doc_list = [s.id for s in corpus.sources]
        self._doc_code = np.array([self._doc_list.index(c.document_id) for c in chunks], dtype=np.int64)
        # An organization is represented by its primary kind of source first (the pack's first
        # knowledge class); other kinds get a reserved place only for organizations that have no
        # eligible chunk of the primary kind.
        primary = np.array([corpus.source_by_id[c.document_id].knowledge_class == self.pack.primary_class
                            for c in chunks], dtype=bool)
        self._primary_org_code = np.where(primary, self._org_code, -1)
        self._chunk_kind = np.array([corpus.source_by_id[c.document_id].knowledge_class for c in chunks])
        self.document_ids = np.array([c.document_id for c in chunks])
        self._source_year = np.array([s.published_date.year if s.published_date else 0 for s in corpus.sources])
        source = corpus.source_by_id
        self.class_weight = np.array([params.class_weights.get(source[c.document_id].knowledge_class, 1.0)
                                      for c in chunks])
        lows, highs, owners = [], [], []
        for i, chunk in enumerate(chunks):
            for low, high in card_age_ranges(f"{chunk.heading}. {chunk.text}"):
                lows.append(low)
                highs.append(high)
                owners.append(i)
        self._age_low, self._age_high = np.array(lows, dtype=int), np.array(highs, dtype=int)
        self._age_owner = np.array(owners, dtype=np.int64)
        self._statuses: dict[dt.date, dict[str, str]] = {}
        self._chunk_statuses: dict[dt.date, dict[str, str]] = {}
        self._superseded_years: dict[dt.date, tuple[int, ...]] = {}
        # Partial supersession: (successor, superseded source, the chunk indices it replaces).
        position = {c.id: i for i, c in enumerate(chunks)}
        self._partial = [(s.id, target, np.array([position[f"{target}#{section}"] for section in sections
                                                  if f"{target}#{section}" in position], dtype=np.int64))
                         for s in corpus.sources for target, sections in s.replaces_sections
                         if target in corpus.source_by_id]
        self._organization_tokens = {org: vocabulary.stems([org.lower()])[0] for org in corpus.organizations}
        self._organization_names = {name.lower(): org for org, full in corpus.organizations.items()
                                    for name in (org, full)}
        self.aspects = aspects if aspects is not None else load_aspects(corpus)
        self._chunk_index = position
        self._current: dict[dt.date, np.ndarray] = {}

    def semantic_index(self, spec: EmbeddingSpec) -> SemanticIndex | embeddings.DenseIndex:
        """The semantic index of an embedding provider: the hashing index built with the engine,
        any other built on first use from corpus embeddings cached on disk (keyed by provider,
        model version and corpus version). Raises EmbeddingError when the provider cannot run."""
        index = self._semantic_indexes.get(spec)
        if index is None:
            embedder = embeddings.create(spec, self.vocabulary)
            texts = [self.corpus.index_text(c) for c in self.corpus.chunks]
            matrix = embedding_cache.load(self.cache_dir, embedder, self.corpus.version, texts) \
                if self.cache_dir else None
            if matrix is None:
                matrix = embedder.embed(texts)
                if self.cache_dir:
                    embedding_cache.save(self.cache_dir, embedder, self.corpus.version, texts, matrix)
            index = self._semantic_indexes[spec] = embeddings.DenseIndex(embedder, matrix)
            self._embedding_versions[spec] = embedder.version
        return index

    def embedding_info(self, spec: EmbeddingSpec) -> dict[str, str | None]:
        """Provider, model and model version of a spec (the version once its index is built)."""
        if spec == embeddings.DEFAULT and spec not in self._embedding_versions:
            self._embedding_versions[spec] = embeddings.HashingEmbedder(self.vocabulary).version
        version = self._embedding_versions.get(spec)
        return {**spec.to_json(), "version": version}

    @classmethod
    def from_directory(cls, corpus_dir: Path, cache_dir: Path | None = None) -> Engine:
        corpus_dir = Path(corpus_dir)
        problems: list[Problem] = []
        parts = []
        for loader in (load_corpus, load_vocabulary, load_scope, load_ranking_params, load_claim_rules):
            try:
                parts.append(loader(corpus_dir))
            except CorpusError as exc:
                problems.extend(exc.problems)
        if problems:
            raise CorpusError(problems)
        return cls(*parts, cache_dir=cache_dir)

    @cached_property
    def density(self) -> FactualDensity:
        """Factual density of every chunk, computed on first use (only the fd mode needs it)."""
        reader = FactReader(self.vocabulary, self.claim_rules, list(self.corpus.organizations))
        source = self.corpus.source_by_id
        return FactualDensity.build([f"{c.heading}. {c.text}" for c in self.corpus.chunks],
                                    [source[c.document_id].knowledge_class for c in self.corpus.chunks], reader,
                                    self.params.density)

    def _absent_organizations(self, question: str, features: QueryFeatures,
                              eligible: np.ndarray) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(organizations the question names, those of them with no eligible source): held ones
        without an eligible chunk at the date, and the pack's other organizations the corpus does
        not hold at all."""
        declared = self.pack.held_organizations_in(question)
        if declared is not None:  # a misspelt name ("usptf") is named too, once the vocabulary corrects it
            corrected = self.pack.held_organizations_in(
                self.vocabulary.correct(self.pack.without_other_organizations(question)))
            declared = tuple(o for o, _ in self.pack.organization_names if o in set(declared) | set(corrected or ()))
        named = sorted(declared if declared is not None else self.named_organizations(features.tokens))
        present = {self._org_list[c] for c in np.unique(self._org_code[eligible])}
        # a version named by a year the corpus holds no source of ("ORG-A's 2009 recommendation"):
        # not held, like an organization the corpus does not hold; the organization stays named only
        # where the question names it otherwise too
        versions = [v for v in self.pack.versions_named(question) if (v[0], v[1]) not in self._held_versions]
        if versions:
            rest = question
            for _, _, start, end in versions:
                rest = rest[:start] + " " * (end - start) + rest[end:]
            still = set(self.pack.held_organizations_in(rest) or ())
            named = [o for o in named if o not in {v[0] for v in versions} or o in still]
            labels = tuple(dict.fromkeys(f"the {org} {year} version" for org, year, _, _ in versions))
            return tuple(named) + labels, tuple(o for o in named if o not in present) + labels
        # also as the vocabulary writes it ("the n c c n" dictated letter by letter is the nccn)
        others = tuple(dict.fromkeys(self.pack.other_organizations_in(question)
                                     + self.pack.other_organizations_in(self.vocabulary.normalize(question))))
        return tuple(named) + others, tuple(o for o in named if o not in present) + others

    def stated_time(self, question: str) -> QuestionTime | None:
        """The time a question states as its own ("back in mid-2020", "as of 2019"), if any, read
        as the vocabulary writes the question ("en 2013" is "in 2013")."""
        return question_time(self.vocabulary.normalize(question), self.corpus.sources, self._organization_names,
                             self.scope.context.events)

    def named_organizations(self, tokens: tuple[str, ...]) -> set[str]:
        """Organizations the question names (after the vocabulary's alias rewrites)."""
        return {org for org, token in self._organization_tokens.items() if token in tokens}

    def statuses(self, date: dt.date) -> dict[str, str]:
        """Each source's status at `date` (whole-source; see chunk_statuses for partial supersession)."""
        if date not in self._statuses:
            self._statuses[date] = statuses_at(self.corpus.sources, date)
        return self._statuses[date]

    def chunk_statuses(self, date: dt.date) -> dict[str, str]:
        """Each chunk's status at `date`: its source's, or `superseded` for a replaced section."""
        if date not in self._chunk_statuses:
            self._chunk_statuses[date] = chunk_statuses_at(self.corpus.sources, self.corpus.chunks, date,
                                                           self.statuses(date))
        return self._chunk_statuses[date]

    def superseded_years(self, date: dt.date) -> tuple[int, ...]:
        """The publication years of the sources superseded at `date`, in whole or in part (a question
        naming one, "what did the 2017 bulletin say on the start age?", asks about the past)."""
        if date not in self._superseded_years:
            statuses = self.statuses(date)
            replaced = {self.corpus.chunk_by_id[c].document_id
                        for c, status in self.chunk_statuses(date).items() if status == "superseded"}
            self._superseded_years[date] = tuple(s.published_date.year for s in self.corpus.sources
                                                 if (statuses[s.id] == "superseded" or s.id in replaced)
                                                 and s.published_date)
        return self._superseded_years[date]

    def ask(self, question: str, settings: Settings) -> Decision:
        return self.run(question, settings)[0]

    def run(self, question: str, settings: Settings) -> tuple[Decision, Trace]:
        """Decide answer-or-abstain for one question. Raises QuestionError on an empty question."""
        question = _validate(question)
        stated = None if settings.reference_date_explicit else self.stated_time(question)
        if stated is not None and stated.date < settings.reference_date:
            settings = dataclasses.replace(settings, reference_date=stated.date)
        else:
            stated = None
        statuses = self.statuses(settings.reference_date)
        features = self._features(question, statuses, settings.reference_date)
        published, status_weight = self._status_weights(statuses, features.historical, settings.status_scoring)
        status_weight = self._partial_weights(status_weight, statuses, features.historical, settings.status_scoring)
        eligible = status_weight > 0
        scores = self._scores(question, features, eligible, settings.embedding)
        boosts = self._boosts(features)
        ranked = self._rank(scores, boosts, status_weight, eligible, settings.mode)
        on_topic = self.scope.on_topic(question)
        organizations = self._absent_organizations(question, features, eligible)
        # what support and the aspects read; shown in the map
        normalized = self.vocabulary.normalize(self.vocabulary.name_documents(question))
        asked_kind = self.aspects.asked_class(normalized)
        plan = self._answer_plan(normalized, features, organizations[0], eligible, settings, asked_kind,
                                 self.pack.set_aside_organizations_in(question))
        # an answer-bearing chunk the retrievers did not score at all is not evidence for this question
        reserved = sorted((i for i in (self._chunk_index[c] for c in plan.chunk_ids) if ranked.rank_score[i] > 0),
                          key=lambda i: -ranked.rank_score[i]) if settings.diversify else []
        selected, undiversified = self._select(ranked.rank_score, eligible, boosts.named_match, settings, reserved)
        # an answer needing more chunks than k holds ("start age and interval, for all four?") shows
        # its other answer-bearing chunks after the top k; the top k alone decides answer-or-abstain
        in_top_k = set(selected.tolist())
        extension = [i for i in reserved if i not in in_top_k][:settings.top_k]
        deciding = len(selected)
        selected = np.concatenate([selected, np.array(extension, dtype=selected.dtype)])
        support = self._result_support(question, scores, selected, on_topic, settings.mode)
        results = self._results(selected, undiversified, support, scores, boosts, ranked, features.historical,
                                on_topic, self.chunk_statuses(settings.reference_date), deciding)
        decision = self._decision(question, normalized, settings, features, statuses, results, on_topic,
                                  organizations, self._unanswered(plan, organizations[0], normalized), deciding)
        shown = {r.chunk_id for r in results}
        decision = dataclasses.replace(
            decision, aspects=plan.aspects, aspects_default=plan.default,
            answer_chunks={a: tuple(c for c in ids if c in shown) for a, ids in plan.chunks.items()},
            aspects_missing={a: orgs for a, orgs in plan.missing.items() if orgs})
        decision = dataclasses.replace(
            decision, reference_date_source="question" if stated else (
                "explicit" if settings.reference_date_explicit else "pinned"),
            reference_date_phrase=stated.phrase if stated else None,
            historical_intent=decision.historical_intent or stated is not None,  # asked about a past time
            notes=((f"Reference date {settings.reference_date.isoformat()}, from the question "
                    f"(\"{stated.phrase}\")",) if stated else ()) + decision.notes)
        trace = Trace(features, statuses, scores.bm25, scores.semantic, scores.coverage, support, ranked.fused,
                      ranked.rank_score, published, eligible, selected, undiversified)
        return decision, trace

    def _features(self, question: str, statuses: dict[str, str], date: dt.date) -> QueryFeatures:
        """The question's tokens, ages, years and intent (the years of superseded sources tell
        a question about the past)."""
        return parse_question(question, self.vocabulary, self.params.background, date, self.superseded_years(date),
                              self._patient(question, date), self.scope.context.events)

    def stated_flags(self, question: str, date: dt.date) -> tuple[str, ...]:
        """The scope flags a question states about the person it asks about, as its decision reads them."""
        patient = self._patient(question, date)
        findings = self.scope.findings(question, patient.proxy, patient.ages)
        return tuple(dict.fromkeys(f["flag"] for f in findings if f["context"] == "affirmed"))

    def _patient(self, question: str, date: dt.date) -> PatientAttributes:
        """The patient, read from the question as the scope guard reads it (another language's words in
        English: "mama mmoja" is a woman, not a mother); her age, when it is told only in words the
        pack's vocabulary writes out ("una paciente de 46 años"), from the rewritten question."""
        read = partial(read_patient, others=self.scope.context.experiencer, history=self.scope.context.history,
                       today=date, reading=patient_age_patterns(self.vocabulary))
        patient = read(self.vocabulary.correct(question))
        if not patient.ages:
            rewritten = read(self.vocabulary.normalize(question))
            if rewritten.ages and rewritten.proxy == patient.proxy:  # the same person asked about
                patient = dataclasses.replace(patient, ages=rewritten.ages)
        return patient

    def _status_weights(self, statuses: dict[str, str], historical: bool,
                        status_scoring: bool) -> tuple[np.ndarray, np.ndarray]:
        """(published per source, status weight per chunk); a chunk is eligible when its weight is above 0."""
        p = self.params
        # Per-source values first, then one gather per chunk array: at 100,000 chunks, string
        # comparisons and np.isin over every chunk cost milliseconds a question.
        source_status = np.array([statuses[d] for d in self._doc_list])
        published = ~np.isin(source_status, ("not_yet_published", "withdrawn"))  # never retrievable
        if status_scoring:
            source_weight = np.where(source_status == "current", p.status_weights["current"], 0.0)
            if historical:
                source_weight = np.where(source_status == "superseded",
                                         p.status_weights["superseded_when_historical"], source_weight)
        else:
            source_weight = published.astype(float)
        return published, source_weight[self._doc_code]

    def _partial_weights(self, weight: np.ndarray, statuses: dict[str, str], historical: bool,
                         status_scoring: bool) -> np.ndarray:
        """Sections a successor in force replaces weigh as superseded while their source is current
        (`weight` is the per-chunk array _status_weights just gathered: changed in place)."""
        if not status_scoring:
            return weight
        superseded = self.params.status_weights["superseded_when_historical"] if historical else 0.0
        for successor, target, indices in self._partial:
            if statuses[target] == "current" and statuses[successor] != "not_yet_published":
                weight[indices] = superseded
        return weight

    def _scores(self, question: str, features: QueryFeatures, eligible: np.ndarray,
                embedding: EmbeddingSpec) -> _Scores:
        """BM25, semantic (over the lexical candidates) and lexical coverage, raw and max-normalized."""
        semantic_index = self.semantic_index(embedding)
        bm25 = self.bm25.scores(features.tokens)
        lexical_candidates = ranking.top_k(bm25, eligible, semantic_index.CANDIDATES)
        expanded = self.vocabulary.expand(question)
        semantic = semantic_index.scores(expanded, lexical_candidates)
        # (the support tokens are the stems of these words, one each: parse_question)
        words = self.vocabulary.content_words(question)
        told = self._told_unknown_words(question, words, features.support_tokens)
        kept = [i for i, w in enumerate(words) if w not in told]
        coverage = self.bm25.coverage([features.support_tokens[i] for i in kept], [features.weights[i] for i in kept])
        return _Scores(bm25=bm25, semantic=semantic, coverage=coverage,
                       bm25_norm=ranking.max_normalize(bm25, eligible),
                       semantic_norm=ranking.max_normalize(semantic, eligible),
                       expanded=expanded, semantic_index=semantic_index, told_unknown=told)

    def _told_unknown_words(self, question: str, words: list[str], stems: Sequence[str]) -> frozenset[str]:
        """Words of the context a question tells before it asks (a comorbidity, a medication, the
        scheduling of the visit) that no card uses: they do not count against its support. The
        words of what it asks always count, so an uncovered subject asked about still lowers it."""
        asked = asked_part(question)
        if asked.strip() == question.strip():
            return frozenset()
        asked_words = set(self.vocabulary.content_words(asked))
        return frozenset(w for w, s in zip(words, stems, strict=True)
                         if w not in asked_words and s not in self.bm25.vocabulary and not w.isdigit())

    def _boosts(self, features: QueryFeatures) -> _Boosts:
        """Per chunk, 1.0 where it matches the question's ages, named organizations or years."""
        age_match = ranking.age_overlap(features.ages, self._age_low, self._age_high, self._age_owner,
                                        len(self.corpus.chunks))
        named = self.named_organizations(features.tokens)
        org_named = np.zeros(len(self._org_list))
        org_named[[self._org_list.index(org) for org in named]] = 1.0
        named_match = org_named[self._org_code]
        year_match = np.isin(self._source_year, features.years).astype(float)[self._doc_code]
        return _Boosts(age_match=age_match, named_match=named_match, year_match=year_match)

    def _rank(self, scores: _Scores, boosts: _Boosts, status_weight: np.ndarray, eligible: np.ndarray,
              mode: str) -> _Ranked:
        """The fused score and the rank score (fused, boosted, times status and class weights)."""
        p = self.params
        if mode == "fd":  # the reranker alone: cosine and FD*, then status scoring
            fused = rerank(scores.semantic, self.density.scaled, eligible, p.density)
            rank_score = fused * status_weight
        else:
            fused = ranking.fuse(scores.bm25_norm, scores.semantic_norm, mode, p.bm25_weight, p.semantic_weight)
            boost = p.age_match_boost * boosts.age_match + p.named_organization_boost * boosts.named_match \
                + p.year_match_boost * boosts.year_match
            rank_score = (fused + boost) * status_weight * self.class_weight
        return _Ranked(status_weight=status_weight, fused=fused, rank_score=rank_score)

    def _unanswered(self, plan: AnswerPlan, named: tuple[str, ...], normalized: str) -> str | None:
        """When the organizations a question names are the whole question and none of them has an
        eligible statement on any aspect it asks about ("do ORG-A and ORG-B recommend test X?"),
        what is missing, in words: the aspect-level counterpart of an organization absent. (The
        aspects are read from what the question asks, so a word told in passing does not count.)"""
        held = [o for o in named if o in self.corpus.organizations]
        if plan.default or not held or not plan.aspects \
                or self.aspects.asks_every_organization(normalized, len(held)) \
                or any(self.aspects.aspects[a].relational for a in plan.aspects):
            return None
        if not all(o in plan.missing.get(a, ()) for a in plan.aspects for o in held):
            return None
        labels = self.aspects.labels
        return f"{', '.join(held)} on {', '.join(labels[a] for a in plan.aspects)}"

    def _answer_plan(self, normalized: str, features: QueryFeatures, named: tuple[str, ...], eligible: np.ndarray,
                     settings: Settings, asked_kind: str | None = None,
                     set_aside: tuple[str, ...] = ()) -> AnswerPlan:
        """The aspects the (normalized) question asks about and, per aspect and organization in play
        (those it names, else every one with an eligible source but those it sets aside), the chunks
        that answer it."""
        # (the year of something that happened is no version asked about: "diagnosed in 2016. has that changed?")
        named_held = [o for o in named if o in self.corpus.organizations]
        read = self.aspects.read_asked(without_event_years(normalized, self.scope.context.events), features.ages,
                                       bool(named_held))
        asked, default = read.aspects, read.default
        every_organization = self.aspects.asks_every_organization(normalized, len(named_held))
        held = [] if every_organization else named_held
        present = {self._org_list[c] for c in np.unique(self._org_code[eligible])}
        organizations = [o for o in self._org_list if (o in held if held else o in present)]
        if not held and set(organizations) - set(set_aside):  # "apart from ORG-A, what do the others say?"
            organizations = [o for o in organizations if o not in set_aside]
        # the kinds of source to answer from, best first: the one asked for, and the primary one beside it
        # when the question asks for both ("... and did it repeat that in its statement?")
        besides = asked_kind is not None and (self.aspects.asks_besides_primary(normalized)
                                              or self.aspects.kind_asked_of_reaction_only(
                                                  normalized, asked_kind, asked,
                                                  lambda clause: bool(self.pack.held_organizations_in(clause))))
        preferred = (asked_kind, self.pack.primary_class) if besides else (asked_kind or self.pack.primary_class,)
        if asked_kind is not None and not besides and not held and not every_organization:
            # "is there something written for patients on X?", no organization named: the sources of
            # that kind answer (every organization, when none has one)
            having = {self._org_list[c] for c in np.unique(self._org_code[eligible & (self._chunk_kind == asked_kind)])}
            organizations = [o for o in organizations if o in having] or organizations
        per_aspect = {}
        if len(held) > 1 and not default:  # "does ORG-A's advice cover her? and what interval does ORG-B want?"
            for aspect in asked:
                there = {o for s in self.aspects.sentences_asking(normalized, aspect)
                         for o in (self.pack.held_organizations_in(s) or ())} & set(held)
                # (a point they are asked to disagree on asks each of them by name: none is only the one reacted to)
                if there and (set(held) - there or aspect in read.disputed):
                    per_aspect[aspect] = [o for o in organizations if o in there]
        of_holders = [a for a in asked if self.aspects.aspects[a].of_the_holders]
        held_points = [a for a in asked if not self.aspects.aspects[a].relational and a not in of_holders]
        if every_organization and of_holders and held_points and not default:  # "which organization says X, and why?"
            holders = {o for a in held_points for o in self.aspects.speaking_on(
                a, eligible, self._chunk_index, lambda c: self.corpus.chunk_by_id[c].organization)}
            for aspect in of_holders if holders else ():
                per_aspect[aspect] = [o for o in organizations if o in holders]
        narrowing = [a for a in asked if self.aspects.aspects[a].narrows]
        if narrowing and not held and not default:  # "I'm a trans man: how often?": those who speak of it answer
            speaking = set(self.aspects.speaking_on(narrowing[0], eligible, self._chunk_index,
                                                    lambda c: self.corpus.chunk_by_id[c].organization))
            for aspect in self.aspects.aspects[narrowing[0]].qualifies:  # the points it qualifies (start, interval)
                if aspect in asked and speaking:
                    per_aspect.setdefault(aspect, [o for o in organizations if o in speaking])

        clauses = self.aspects.interrogative_clauses(normalized) if len(held) > 1 else []
        # "what did ORG-A recommend, and how did ORG-B react?": a clause asking one organization's advice with no
        # point named asks its default points, beside the reaction asked of the other
        if asked and not default and len(held) > 1 and all(self.aspects.aspects[a].relational for a in asked):
            plain = {o for c in self.aspects.clauses_asking_nothing(clauses)
                     if len(named_in := self.pack.held_organizations_in(c) or ()) == 1 for o in named_in}
            if plain:
                asked = tuple(a for a in self.aspects.aspects if a in asked or a in self.aspects.default)
                for aspect in self.aspects.default:
                    per_aspect[aspect] = [o for o in organizations if o in plain]

        # a clause that asks a point of one organization by name asks it of that one, even one reacted to
        asked_by_name = {}
        if len(held) > 1:
            for aspect in asked:
                alone = [named_in[0] for c in self.aspects.clauses_asking(clauses, aspect)
                         if len(named_in := self.pack.held_organizations_in(c) or ()) == 1]
                if alone:
                    asked_by_name[aspect] = alone

        def plan(aspects: tuple[str, ...]) -> AnswerPlan:
            # a point of age bands asked in words ("is she late to start?") is answered with the bands behind her too
            # (a start she could have taken): her band's alone answers it when it is one of the defaults
            behind_too = () if default else tuple(a for a in aspects if self.aspects.aspects[a].ahead_every_band)
            return answer_chunks(self.aspects, self.corpus, aspects, default, organizations, eligible,
                                 self._current_chunks(settings.reference_date), features.ages, preferred,
                                 features.historical, features.years, self._chunk_index, per_aspect,
                                 () if held else read.implied,  # an organization named is asked about even unchanged
                                 read.framing, self.aspects.asks_old_version(normalized), read.on_point,
                                 read.granted, self.aspects.checks_the_past(normalized), self.chunk_statuses,
                                 every_organization, read.unaged, read.whole, asked_by_name, behind_too)

        answer = plan(asked)
        restored = self._qualified_points(normalized, answer, held)
        return plan(tuple(a for a in self.aspects.aspects if a in asked or a in restored)) if restored else answer

    def _qualified_points(self, normalized: str, plan: AnswerPlan, held: list[str]) -> tuple[str, ...]:
        """The points a question asks in words that an aspect told only as who the patient is took in
        ("nonbinary, 48 ... by ORG's definition am I still counted as average risk?"), when none of the
        organizations it names speaks of that aspect: they answer the point itself, and say they have no
        statement on the aspect."""
        asking = asked_part(normalized)
        return tuple(dict.fromkeys(
            point for aspect in plan.aspects if self.aspects.aspects[aspect].qualifies and held
            and not self.aspects.aspects[aspect].asked_in(asking)
            and all(o in plan.missing.get(aspect, ()) for o in held)
            for point in self.aspects.aspects[aspect].subsumes
            if point not in plan.aspects and self.aspects.aspects[point].asked_in(asking)))

    def _current_chunks(self, date: dt.date) -> np.ndarray:
        """Per chunk, whether it is current at `date` (built once per date)."""
        if date not in self._current:
            statuses = self.chunk_statuses(date)
            self._current[date] = np.array([statuses[c.id] == "current" for c in self.corpus.chunks], dtype=bool)
        return self._current[date]

    def _select(self, rank_score: np.ndarray, eligible: np.ndarray, named_match: np.ndarray,
                settings: Settings, reserved: list[int] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(selected, undiversified): the results in rank order, and plain top-k by rank score.
        The best-ranked chunk first, then the `reserved` ones (the answer-bearing chunks, best first)
        as k allows; the rest of the places follow the diversification rounds."""
        undiversified = ranking.top_k(rank_score, eligible, settings.top_k)
        if not settings.diversify:
            return undiversified, undiversified
        by_source = np.where(named_match > 0, self._doc_code, -1)
        rounds = [self._primary_org_code, self._org_code, by_source]
        first = undiversified[:1].tolist()
        return ranking.diversify(rank_score, eligible, rounds, settings.top_k, first + (reserved or [])), undiversified

    def _result_support(self, question: str, scores: _Scores, selected: np.ndarray, on_topic: bool,
                        mode: str) -> np.ndarray:
        """Support per chunk: computed for the results, NaN for every other chunk."""
        # Support reads the question's own words only (an expansion helps ranking, never support),
        # and only the results need it.
        if scores.told_unknown:
            question = _without_words(self.vocabulary.normalize(question), scores.told_unknown)
        raw_semantic = scores.semantic[selected] if scores.expanded == question \
            else scores.semantic_index.row_scores(question, selected)
        support = np.full(len(self.corpus.chunks), np.nan)
        support[selected] = self._support(mode, raw_semantic, scores.coverage[selected]) * (
            1.0 if on_topic else self.params.off_topic_factor)
        return support

    def _results(self, selected: np.ndarray, undiversified: np.ndarray, support: np.ndarray, scores: _Scores,
                 boosts: _Boosts, ranked: _Ranked, historical: bool, on_topic: bool,
                 statuses: dict[str, str], deciding: int | None = None) -> list[Result]:
        """One Result per selected chunk, in rank order, with the signals behind its scores
        (`statuses` per chunk); those after the first `deciding` extend the answer past the top k."""
        reserved = set(selected.tolist()) - set(undiversified.tolist())
        deciding = len(selected) if deciding is None else deciding
        results = []
        for rank, i in enumerate(selected, start=1):
            chunk = self.corpus.chunks[i]
            source = self.corpus.source_by_id[chunk.document_id]
            signals = self._signals(i, scores, boosts, ranked, historical, bool(i in reserved), on_topic)
            signals["beyond_top_k"] = rank > deciding
            results.append(Result(
                rank=rank, chunk_id=chunk.id, document_id=chunk.document_id, organization=chunk.organization,
                title=source.title, status=statuses[chunk.id], published_date=source.published_date,
                effective_date=source.effective_date, rank_score=float(ranked.rank_score[i]),
                support_score=float(support[i]), signals=signals, excerpt=_excerpt(chunk.text)))
        return results

    def _signals(self, i: int, scores: _Scores, boosts: _Boosts, ranked: _Ranked, historical: bool,
                 diversified_in: bool, on_topic: bool) -> dict[str, float | int | bool]:
        """Every signal behind chunk i's scores, as a Result shows them."""
        return {
            "bm25": float(scores.bm25[i]), "bm25_norm": float(scores.bm25_norm[i]),
            "semantic": float(scores.semantic[i]), "semantic_norm": float(scores.semantic_norm[i]),
            "lexical_coverage": float(scores.coverage[i]), "fused": float(ranked.fused[i]),
            "age_match": bool(boosts.age_match[i]), "named_organization": bool(boosts.named_match[i]),
            "year_match": bool(boosts.year_match[i]), "status_weight": float(ranked.status_weight[i]),
            "class_weight": float(self.class_weight[i]), "historical_intent": historical,
            "fd_star": float(self.density.star[i]),
            "diversified_in": diversified_in, "on_topic": on_topic,
        }

    def _decision(self, question: str, normalized: str, settings: Settings, features: QueryFeatures,
                  statuses: dict[str, str], results: list[Result], on_topic: bool,
                  organizations: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
                  unanswered: str | None = None, deciding: int | None = None) -> Decision:
        """Answer or abstain, with the reason and the notes a reader must see; the first `deciding`
        results (the top k) decide, the rest only extend the answer."""
        max_support = max((r.support_score for r in results[:deciding]), default=0.0)
        findings = self.scope.findings(question, features.patient.proxy if features.patient else None,
                                       features.patient.ages if features.patient else ())
        flags = tuple(dict.fromkeys(f["flag"] for f in findings if f["context"] == "affirmed"))
        off_topic = self.scope.other_topic(question)
        named, absent = organizations
        date = settings.reference_date.isoformat()
        reason = self._abstain_reason(settings, flags, off_topic, results, max_support, on_topic)
        notes = list(self.withdrawal_notes(results, statuses, features.historical, settings.reference_date))
        if absent and reason is None:
            names = ", ".join(absent)
            # the organizations asked about are the whole question (unless it asks the held ones as a group:
            # "I moved here from abroad: what do the American groups recommend?")
            if set(named) <= set(absent) and not self.pack.asks_held_group(question):
                reason = (f"no source from {names} in this corpus as of {date}: the question asks only about "
                          f"{'it' if len(absent) == 1 else 'them'}")
            else:
                notes.append(f"No source from {names} in this corpus as of {date}; the answer comes from the "
                             "other organizations named.")
        if unanswered and reason is None:  # the aspect-level counterpart of an organization absent
            reason = f"no statement from {unanswered} in this corpus as of {date}: the question asks only about that"
        return Decision(question=question, abstain=reason is not None, abstain_reason=reason,
                        scope_flags=flags, max_support_score=max_support, settings=settings,
                        results=tuple(results), historical_intent=features.historical, off_topic=off_topic,
                        corpus_version=self.corpus.version, notes=tuple(notes), organizations_absent=absent,
                        scope_findings=findings,
                        patient=features.patient.to_json() if features.patient else {},
                        normalized_question=normalized)

    def _abstain_reason(self, settings: Settings, flags: tuple[str, ...], off_topic: str | None,
                        results: list[Result], max_support: float, on_topic: bool) -> str | None:
        """Why the pipeline abstains, in a reader's words (None when it answers); the first reason wins."""
        if flags:
            return "outside the declared scope: " + "; ".join(f"{f} ({self.scope.label(f)})" for f in flags)
        if off_topic:
            return f"off-topic: the question is about {off_topic}, which this corpus does not cover"
        if not results:
            first = min((s.eligible_from for s in self.corpus.sources if s.eligible_from), default=None)
            if first is not None and settings.reference_date < first:
                return (f"no source in this corpus existed by {settings.reference_date.isoformat()} "
                        f"(the earliest counts from {first.isoformat()})")
            return f"no source in the corpus is eligible at {settings.reference_date.isoformat()}"
        if max_support < settings.threshold:
            reason = (f"weak support: the best evidence scores {max_support:.3f}, "
                      f"below the abstention threshold {settings.threshold:.3f}")
            if not on_topic:
                reason += (f" (the question names nothing of {self.scope.topic.label}, "
                           f"so its support is scaled by {self.params.off_topic_factor:g})")
            return reason
        return None

    def withdrawal_notes(self, results: list[Result], statuses: dict[str, str], historical: bool,
                         date: dt.date) -> tuple[str, ...]:
        """What a reader must know about withdrawn sources: a result withdrawn after the reference date
        (shown because the question is asked as of an earlier date), and, for a question about the
        past, the sources withdrawn by the reference date that are no longer retrieved."""
        source = self.corpus.source_by_id
        notes = []
        for document_id in dict.fromkeys(r.document_id for r in results):
            note = source[document_id].withdrawal_note()
            if note:
                notes.append(f"{note} (after the reference date {date.isoformat()}, so it is shown as it was then)")
        if historical:
            notes += [f"{s.withdrawal_note()}; it is not retrieved for questions asked after that date"
                      for s in self.corpus.sources if statuses[s.id] == "withdrawn"]
        return tuple(notes)

    def _support(self, mode: str, semantic: np.ndarray, coverage: np.ndarray) -> np.ndarray:
        """Absolute support per chunk: raw signals only, never normalized within the question."""
        if mode == "bm25":
            return coverage
        if mode == "semantic":
            return semantic
        p = self.params
        total = p.support_semantic_weight + p.support_lexical_weight
        return (p.support_semantic_weight * semantic + p.support_lexical_weight * coverage) / total


def _validate(question: str) -> str:
    """The question, stripped. Raises QuestionError when it is empty or too long."""
    question = (question or "").strip()
    if not question:
        raise QuestionError("the question is empty")
    if len(question) > MAX_QUESTION_CHARS:
        raise QuestionError(f"the question is {len(question)} characters long; the limit is {MAX_QUESTION_CHARS}")
    if any("\ud800" <= ch <= "\udfff" for ch in question):
        raise QuestionError("the question holds a lone surrogate (text that is not valid Unicode); retype it")
    return question


def _without_words(text: str, words: frozenset[str]) -> str:
    return re.sub(r"\b(?:" + "|".join(re.escape(w) for w in sorted(words)) + r")\b", " ", text)


def _excerpt(text: str) -> str:
    if len(text) <= EXCERPT_CHARS:
        return text
    cut = text[:EXCERPT_CHARS].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + " …"


def load_ranking_params(corpus_dir: Path) -> RankingParams:
    """Read corpus/ranking.yaml. Raises CorpusError naming the file and the field."""
    path = Path(corpus_dir) / RANKING_FILE
    name = str(path)
    data = read_mapping(path)
    problems: list[Problem] = []
    try:
        classes = load_pack(corpus_dir).knowledge_classes
    except CorpusError as exc:
        problems.extend(exc.problems)
        classes = ()

    def number(section: str, key: str, low: float = 0.0, high: float = 10.0) -> float:
        block = data.get(section) if section else data
        value = block.get(key) if isinstance(block, dict) else None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            problems.append(Problem(name, f"{section + '.' if section else ''}{key}",
                                    f"{value!r} is not a number from {low:g} to {high:g}"))
            return 0.0
        return float(value)

    params = RankingParams(
        bm25=Bm25Params(k1=number("bm25", "k1", 0, 10), b=number("bm25", "b", 0, 1),
                        epsilon=number("bm25", "epsilon", 0, 1)),
        bm25_weight=number("hybrid", "bm25_weight", 0, 1),
        semantic_weight=number("hybrid", "semantic_weight", 0, 1),
        age_match_boost=number("", "age_match_boost", 0, 1),
        named_organization_boost=number("", "named_organization_boost", 0, 1),
        year_match_boost=number("", "year_match_boost", 0, 1),
        status_weights={"current": number("status_weights", "current", 0, 1),
                        "superseded_when_historical": number("status_weights", "superseded_when_historical", 0, 1)},
        class_weights={k: number("knowledge_class_weights", k, 0, 1)
                       for k in classes},
        support_semantic_weight=number("support", "semantic_weight", 0, 1),
        support_lexical_weight=number("support", "lexical_weight", 0, 1),
        background=BackgroundWeights(ceiling=number("support", "background_ceiling", 0, 10),
                                     floor=number("support", "background_floor", 0, 10),
                                     cap=number("support", "background_cap", 0, 10)),
        off_topic_factor=number("support", "off_topic_factor", 0, 1),
        density=DensityParams(
            candidates=int(number("density", "candidates", 1, 10_000)),
            cosine_weight=number("density", "cosine_weight", 0, 1),
            fact_weights={k: _nested(data, "density", "fact_weights", k, name, problems) for k in FACT_KINDS},
            authority={k: _nested(data, "density", "authority", k, name, problems)
                       for k in classes}),
    )
    if params.bm25_weight + params.semantic_weight <= 0:
        problems.append(Problem(name, "hybrid", "the two weights cannot both be 0"))
    if params.support_semantic_weight + params.support_lexical_weight <= 0:
        problems.append(Problem(name, "support", "the two weights cannot both be 0"))
    if problems:
        raise CorpusError(problems)
    return params


FACT_KINDS = ("grade", "percent", "age", "interval", "insufficient", "against", "topic", "option", "year", "for",
              "organization")


def _nested(data: dict, section: str, group: str, key: str, file: str, problems: list[Problem]) -> float:
    value = ((data.get(section) or {}).get(group) or {}).get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 10:
        problems.append(Problem(file, f"{section}.{group}.{key}", f"{value!r} is not a number from 0 to 10"))
        return 0.0
    return float(value)


@lru_cache(maxsize=8)
def _cached_engine(corpus_dir: str) -> Engine:
    from .settings import data_dir

    return Engine.from_directory(Path(corpus_dir), cache_dir=data_dir("exports") / "cache")


def get_engine(corpus_dir: Path) -> Engine:
    """The engine of a corpus folder, built once per process and reused."""
    return _cached_engine(str(Path(corpus_dir).resolve()))
