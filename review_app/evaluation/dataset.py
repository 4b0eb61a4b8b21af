"""The benchmark as a dataset: a folder the Hugging Face `datasets` library loads with
`load_dataset(FOLDER, CONFIG)`, written with nothing but JSON and YAML (the app never imports
`datasets`; the tests load the folder with it).

    README.md                    the dataset card: YAML front matter (configs and their data files,
                                 license), then the disclaimer, license, citation and corpus version
    corpus/chunks.jsonl          config `corpus`: every chunk with provenance, dates and status
    questions/<slice>.jsonl      config `questions`: one split per slice, no gold
    qrels/<slice>.jsonl          config `qrels`: gold sources and chunks, abstention, scope flags, tags
    claims/<slice>.jsonl         config `claims`: gold claim labels, one row per (claim, cited chunk);
                                 a slice without claims has no split
    trec/<slice>.qrels           TREC qrels of the answerable cases, document level
    trec/<slice>.chunks.qrels    ... and chunk level
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..engine.pipeline import Engine
from ..jsonl import dumps_lines
from ..records import Case, Settings
from .predictions import corpus_records, question_records
from .report import trec_qrels, write_atomic

CONFIGS = ("corpus", "questions", "qrels", "claims")
LICENSE = "cc-by-4.0"

# Each config's columns, declared in the card so every split loads with the same types (a
# column empty or null in one split would otherwise be typed apart from the others):
# "string" and "bool" are values, ["string"] a list of them, a dict a struct.
_TEXT = "string"
SCHEMAS: dict[str, dict[str, Any]] = {
    "corpus": {"id": _TEXT, "document_id": _TEXT, "organization": _TEXT, "title": _TEXT, "heading": _TEXT,
               "text": _TEXT, "knowledge_class": _TEXT, "published_date": _TEXT, "effective_date": _TEXT,
               "withdrawn_date": _TEXT, "supersedes": [_TEXT], "url": _TEXT, "citation": _TEXT,
               "content_hash": _TEXT, "status": _TEXT, "status_at": {}},  # status_at: one field per date
    "questions": {"id": _TEXT, "question": _TEXT, "reference_date": _TEXT, "corpus_version": _TEXT},
    "qrels": {"id": _TEXT, "should_abstain": "bool", "gold_document_ids": [_TEXT], "gold_chunk_ids": [_TEXT],
              "expected_scope_flags": [_TEXT], "reference_date": _TEXT, "tags": [_TEXT], "notes": _TEXT},
    "claims": {"case_id": _TEXT, "claim_id": _TEXT, "claim_text": _TEXT, "chunk_id": _TEXT, "label": _TEXT,
               "reason": _TEXT, "trap": _TEXT, "reference_date": _TEXT},
}


def _features(schema: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A schema as the card's `dataset_info.features` YAML list."""
    out = []
    for name, kind in schema.items():
        if isinstance(kind, list):
            out.append({"name": name, "sequence": kind[0]})
        elif isinstance(kind, dict):
            out.append({"name": name, "struct": _features(kind)})
        else:
            out.append({"name": name, "dtype": kind})
    return out


@dataclass(frozen=True)
class DatasetWritten:
    directory: Path
    rows: dict[str, dict[str, int]]  # config -> split -> rows
    files: tuple[Path, ...]
    corpus_version: str


def _jsonl(rows: Sequence[dict[str, Any]]) -> str:
    return dumps_lines(rows)


def qrels_records(cases: Sequence[Case], pinned) -> list[dict[str, Any]]:
    """The gold of each case: sources, chunks (None when the label file does not say), abstention,
    expected scope flags, the reference date it is judged at, tags and notes."""
    return [{"id": c.id, "should_abstain": c.should_abstain, "gold_document_ids": list(c.gold_document_ids),
             "gold_chunk_ids": None if c.gold_chunk_ids is None else list(c.gold_chunk_ids),
             "expected_scope_flags": list(c.expected_scope_flags),
             "reference_date": (c.reference_date or pinned).isoformat(), "tags": list(c.tags), "notes": c.notes}
            for c in cases]


def claim_records(cases: Sequence[Case], pinned) -> list[dict[str, Any]]:
    """One row per (gold claim, cited chunk) with its gold label and reason."""
    return [{"case_id": case.id, "claim_id": claim.id, "claim_text": claim.text, "chunk_id": evidence.chunk_id,
             "label": evidence.label, "reason": evidence.reason,
             "trap": claim.extra.get("trap") if isinstance(claim.extra.get("trap"), str) else None,
             "reference_date": (case.reference_date or pinned).isoformat()}
            for case in cases for claim in case.claims for evidence in claim.evidence]


def write_dataset(engine: Engine, slices: Mapping[str, Sequence[Case]], settings: Settings,
                  directory: Path) -> DatasetWritten:
    """Write every config of the benchmark under `directory` (created if needed); the same
    corpus and labels always give the same bytes."""
    directory = Path(directory)
    pinned = settings.reference_date
    version = engine.corpus.version
    dates = [c.reference_date or pinned for cases in slices.values() for c in cases]
    files: dict[str, dict[str, tuple[str, list[dict[str, Any]]]]] = {
        "corpus": {"corpus": ("corpus/chunks.jsonl", corpus_records(engine, dates, pinned))},
        "questions": {name: (f"questions/{name}.jsonl", question_records(cases, pinned, version))
                      for name, cases in slices.items()},
        "qrels": {name: (f"qrels/{name}.jsonl", qrels_records(cases, pinned)) for name, cases in slices.items()},
        "claims": {name: (f"claims/{name}.jsonl", claim_records(cases, pinned)) for name, cases in slices.items()
                   if any(case.claims for case in cases)},
    }
    written = []
    for splits in files.values():
        for path, rows in splits.values():
            write_atomic(directory / path, _jsonl(rows))
            written.append(directory / path)
    for name, cases in slices.items():
        for suffix, level in ((".qrels", "document"), (".chunks.qrels", "chunk")):
            path = directory / "trec" / f"{name}{suffix}"
            write_atomic(path, "".join(line + "\n" for line in trec_qrels(cases, level)))
            written.append(path)
    rows = {config: {split: len(r) for split, (_, r) in splits.items()} for config, splits in files.items()}
    write_atomic(directory / "README.md", dataset_card(engine, files, rows, settings))
    return DatasetWritten(directory, rows, (*written, directory / "README.md"), version)


def _front_matter(engine: Engine, files: Mapping[str, Mapping[str, tuple[str, Any]]],
                  rows: Mapping[str, Mapping[str, int]]) -> str:
    total = sum(n for splits in rows.values() for n in splits.values())
    chunks = files["corpus"]["corpus"][1]
    dates = chunks[0]["status_at"] if chunks else {}
    schemas = {**SCHEMAS, "corpus": {**SCHEMAS["corpus"], "status_at": dict.fromkeys(dates, _TEXT)}}
    front = {
        "pretty_name": engine.pack.app.title,
        "license": LICENSE,
        "language": ["en"],
        "task_categories": ["question-answering", "text-retrieval"],
        "size_categories": ["n<1K" if total < 1000 else "1K<n<10K" if total < 10_000 else "10K<n<100K"],
        "tags": ["rag", "retrieval", "abstention", "citation-verification", "benchmark"],
        "configs": [{"config_name": config, "data_files": [{"split": split, "path": path}
                                                          for split, (path, _) in files[config].items()]}
                    for config in CONFIGS if files[config]],
        "dataset_info": [{"config_name": config, "features": _features(schemas[config])}
                         for config in CONFIGS if files[config]],
    }
    return "---\n" + yaml.safe_dump(front, sort_keys=False, allow_unicode=True) + "---\n"


def dataset_card(engine: Engine, files: Mapping[str, Mapping[str, tuple[str, Any]]],
                 rows: Mapping[str, Mapping[str, int]], settings: Settings) -> str:
    """README.md of the dataset: front matter, then what it holds, how to load and score it,
    the disclaimer, license, citation and corpus version."""
    pack, corpus = engine.pack, engine.corpus
    version = corpus.version
    counts = {config: ", ".join(f"{split} {n}" for split, n in splits.items()) or "none"
              for config, splits in rows.items()}
    publishers = "; ".join(f"{name} ({short})" for short, name in corpus.organizations.items())
    disclaimer = " ".join(pack.app.disclaimer.split())
    title = pack.app.title
    key = "".join(ch if ch.isalnum() else "_" for ch in title.lower()).strip("_")
    return _front_matter(engine, files, rows) + f"""
# {title}: benchmark data

A retrieval and answering benchmark on {pack.topic}: dated evidence cards, questions to answer
or abstain on, and their gold sources, chunks and claim labels.

> {disclaimer}
> {corpus.disclaimer}

**Corpus version `{version}`**; questions are judged at their own reference date, or at the
pinned `{settings.reference_date.isoformat()}` (every chunk's status at each of those dates is in
`corpus`, field `status_at`).

| config | splits (rows) | what |
|---|---|---|
| `corpus` | {counts["corpus"]} | every chunk: ids, organization, title, heading, text, dates, status, url, citation |
| `questions` | {counts["questions"]} | id, question, reference date, corpus version (no gold) |
| `qrels` | {counts["qrels"]} | gold document and chunk ids, should_abstain, expected scope flags, tags |
| `claims` | {counts["claims"]} | gold claim labels: one row per (claim, cited chunk), with label and reason |

TREC qrels of the answerable cases are in `trec/` (`<slice>.qrels` by document,
`<slice>.chunks.qrels` by chunk), for trec_eval, ir_measures or ranx.

```python
from datasets import load_dataset

corpus = load_dataset("path/to/this/folder", "corpus")["corpus"]
questions = load_dataset("path/to/this/folder", "questions")["holdout"]
```

Score a system: answer `questions`, write one JSON object per line
(`{{"id", "abstain", "retrieved": [chunk or document ids, best first], "answer", "claims"}}`),
then run `python -m review_app score --predictions FILE.jsonl --slice holdout` in the project.

## License

The evidence cards are project-written paraphrases of public guidance, not the guidelines'
text. The text this project wrote (cards, questions, labels, notes) is released under
CC-BY-4.0. The guidelines themselves belong to their publishers ({publishers}); read them at
the `url` of each chunk.

## Citation

```bibtex
@misc{{{key},
  title = {{{title}: a benchmark of dated evidence for retrieval and abstention}},
  note = {{Corpus version {version}; research demonstration only, not medical advice}},
}}
```
"""
