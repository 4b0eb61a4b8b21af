"""Command line: parses arguments, calls the package, turns its errors into one-line messages.

    python -m review_app ask "QUESTION" [--mode bm25|semantic|hybrid] [--top-k 6]
            [--reference-date YYYY-MM-DD] [--compare-date YYYY-MM-DD] [--threshold T] [--no-diversify]
            [--json]
    python -m review_app evaluate --slice canonical|holdout [--labels FILE.jsonl] [--mode ...] [--json]
    python -m review_app ablation --slice canonical|holdout [--json] [--write-naive-predictions FILE.jsonl]
    python -m review_app questions --slice canonical|holdout [--labels FILE.jsonl] [--json]
    python -m review_app score --predictions FILE.jsonl --slice canonical|holdout [--labels FILE.jsonl]
            [--by-tag] [--json]
    python -m review_app dataset OUT_DIR
    python -m review_app verify --slice canonical [--labels FILE.jsonl] [--json]
    python -m review_app sweep --slice canonical [--labels FILE.jsonl] [--json]
    python -m review_app generate --slice canonical [--labels FILE.jsonl] [--json]   (needs ENABLE_GENERATION)
    python -m review_app history
    python -m review_app export [--dry-run] [--json]
    python -m review_app corpus diff [--from VERSION] [--json]
    python -m review_app corpus versions [--json]
    python -m review_app corpus text CHUNK_HASH [--json]
    python -m review_app snapshots [--check]

ask, evaluate, ablation and sweep also take --embedding-provider hashing|sentence-transformers|openai
and --embedding-model MODEL (environment: EMBEDDING_PROVIDER, EMBEDDING_MODEL).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from .claims.generation import generate_slice, generator_from_environment
from .claims.synthesis import get_synthesizer
from .engine import embeddings
from .engine.pipeline import get_engine
from .engine.settings import (
    PROJECT_ROOT,
    data_dir,
    database_path,
    default_reviewer,
    default_settings,
    parse_date,
    parse_mode,
    parse_threshold,
    parse_top_k,
)
from .errors import ReviewAppError, SnapshotDrift, ValidationError
from .evaluation import history, report, snapshots
from .evaluation.evaluate import ablation
from .evaluation.labels import SLICES, load_slice, references, slice_path
from .records import MODES
from .review import reliability, usecases
from .review.agreement import agreement, format_agreement
from .review.service import ReviewService
from .review.store import ReviewStore
from .review.versions import chunk_for_hash, registry

DISCLAIMER = "Research demonstration only — not medical advice."


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not argparse's usage block
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value!r} must be 1 or more")
    return number


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m review_app",
                     formatter_class=argparse.RawDescriptionHelpFormatter,
                     description="Evidence Drift Review: a retrieval benchmark over a corpus pack of dated guidance\n"
                                 f"(the bundled one, or --corpus DIR / REVIEW_APP_CORPUS).\n{DISCLAIMER}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    ask = commands.add_parser("ask", help="retrieve evidence for a question and decide answer or abstain")
    ask.add_argument("question", help="the question, in quotes")
    ask.add_argument("--mode", type=parse_mode, help="retrieval mode: " + ", ".join(MODES) + " (default hybrid)")
    ask.add_argument("--top-k", type=parse_top_k, help="number of results (default 6)")
    ask.add_argument("--reference-date", type=parse_date, help="date at which source status is computed "
                     "(YYYY-MM-DD, default: the corpus pack's pinned date)")
    ask.add_argument("--threshold", type=parse_threshold, help="abstention threshold on the support score "
                     "(default: the corpus pack's calibrated threshold)")
    ask.add_argument("--no-diversify", action="store_true", help="turn organization-aware diversification off")
    ask.add_argument("--compare-date", type=lambda value: parse_date(value, "compare_date"), metavar="YYYY-MM-DD",
                     help="also decide the question at this earlier date and list what changed per organization")
    ask.add_argument("--json", action="store_true", help="print one JSON object")

    ev = commands.add_parser("evaluate", help="evaluate a slice or any label file")
    ev.add_argument("--slice", choices=SLICES, help="which bundled slice")
    ev.add_argument("--labels", type=Path, help="a JSON Lines label file to evaluate instead")
    ev.add_argument("--mode", type=parse_mode, help="retrieval mode (default hybrid)")
    ev.add_argument("--json", action="store_true", help="print one JSON object")
    ev.add_argument("--by-tag", action="store_true", help="also report the metrics of each tag's cases")
    ev.add_argument("--trec-out", type=Path, metavar="DIR",
                    help="also write the run and qrels in TREC format to DIR (for trec_eval, ir_measures, ranx), "
                         "by document and by chunk")
    ev.add_argument("--write-predictions", type=Path, metavar="FILE",
                    help="also write the pipeline's predictions (JSON Lines, the format `score` reads) to FILE")

    ab = commands.add_parser("ablation", help="compare retrieval modes and layers on a slice")
    ab.add_argument("--slice", choices=SLICES, required=True, help="which bundled slice")
    ab.add_argument("--json", action="store_true", help="print one JSON object")
    ab.add_argument("--write-naive-predictions", type=Path, metavar="FILE",
                    help="also write the naive baseline's predictions (the format `score` reads) to FILE")

    qs = commands.add_parser("questions", help="the questions a system must answer (no gold), and the corpus "
                             "as chunks")
    qs.add_argument("--slice", choices=SLICES, help="which bundled slice")
    qs.add_argument("--labels", type=Path, help="a JSON Lines label file instead")
    qs.add_argument("--json", action="store_true", help="print one JSON object with the corpus chunks (default: "
                    "the questions as JSON Lines; the whole set is written under exports/)")

    sc = commands.add_parser("score", help="score any system's predictions (JSON Lines) with evaluate's metrics")
    sc.add_argument("--predictions", type=Path, required=True, metavar="FILE",
                    help='one JSON object per line: {"id", "abstain", "retrieved": [chunk or document ids], '
                         '"answer", "claims": [{"text", "chunk_ids"}]}')
    sc.add_argument("--slice", choices=SLICES, help="which bundled slice")
    sc.add_argument("--labels", type=Path, help="a JSON Lines label file instead")
    sc.add_argument("--top-k", type=parse_top_k, help="how many retrieved ids count (default 6)")
    sc.add_argument("--by-tag", action="store_true", help="also report the metrics of each tag's cases")
    sc.add_argument("--json", action="store_true", help="print one JSON object")

    ds = commands.add_parser("dataset", help="write the benchmark as a dataset folder (corpus, questions, qrels, "
                             "claims; loadable with datasets.load_dataset(FOLDER, CONFIG))")
    ds.add_argument("out_dir", type=Path, metavar="OUT_DIR", help="the folder to write (created if needed)")

    ver = commands.add_parser("verify", help="check every claim's citations against the cards")
    ver.add_argument("--slice", choices=SLICES, help="which bundled slice")
    ver.add_argument("--labels", type=Path, help="a JSON Lines label file with claims to check instead")
    ver.add_argument("--json", action="store_true", help="print one JSON object")
    ver.add_argument("--by-tag", action="store_true", help="also report agreement per claim tag (trap kind)")

    sw = commands.add_parser("sweep", help="calibrate the abstention threshold: distributions, gap, risk-coverage")
    sw.add_argument("--slice", choices=SLICES, help="which bundled slice")
    sw.add_argument("--labels", type=Path, help="a JSON Lines label file instead")
    sw.add_argument("--json", action="store_true", help="print one JSON object")

    gen = commands.add_parser("generate", help="generated answers over a slice, gated by the claim verifier "
                              "(needs ENABLE_GENERATION=true and OPENAI_GENERATION_MODEL)")
    gen.add_argument("--slice", choices=SLICES, help="which bundled slice")
    gen.add_argument("--labels", type=Path, help="a JSON Lines label file instead")
    gen.add_argument("--json", action="store_true", help="print one JSON object")

    commands.add_parser("history", help="print the evaluation history, flagging drops")
    ag = commands.add_parser("agreement", help="inter-annotator agreement over submitted judgments")
    ag.add_argument("--json", action="store_true", help="print one JSON object")

    exp = commands.add_parser("export", help="write a new holdout version from the review database")
    exp.add_argument("--dry-run", action="store_true", help="only say what would be written and reported")
    exp.add_argument("--reviewer", help="who exports (default REVIEW_APP_REVIEWER); the team's review policy "
                     "decides whether that name may (labels/team.yaml)")
    exp.add_argument("--json", action="store_true", help="print one JSON object")

    corpus = commands.add_parser("corpus", help="corpus versions: what changed, and what needs re-review")
    corpus_commands = corpus.add_subparsers(dest="corpus_command", required=True, parser_class=_Parser)
    cd = corpus_commands.add_parser("diff", help="sources and chunks changed since a recorded version, and the "
                                    "label cases and judgments that need re-review")
    cd.add_argument("--from", dest="from_version", metavar="VERSION",
                    help="a recorded corpus version (default: the last recorded one different from the current)")
    cd.add_argument("--json", action="store_true", help="print one JSON object")
    cv = corpus_commands.add_parser("versions", help="every corpus version recorded in the review database")
    cv.add_argument("--json", action="store_true", help="print one JSON object")
    ct = corpus_commands.add_parser("text", help="the chunk text a content hash stands for (a judgment's or an "
                                    "exported review's chunk_hash), from this corpus or any version recorded")
    ct.add_argument("chunk_hash", help="a chunk content hash")
    ct.add_argument("--json", action="store_true", help="print one JSON object")

    bk = commands.add_parser("backup", help="copy the review database (SQLite online backup)")
    bk.add_argument("target", type=Path, help="where to write the copy")
    rs = commands.add_parser("restore", help="replace the review database's content with a backup")
    rs.add_argument("source", type=Path, help="a file written by backup")

    rel = commands.add_parser("reliability", help="concurrency, crash and export checks, with figures")
    rel.add_argument("--writers", type=_positive, default=8, help="writer processes (default 8)")
    rel.add_argument("--per-writer", type=_positive, default=500, help="judgments per writer process (default 500)")
    rel.add_argument("--kills", type=_positive, default=5, help="times a writer is killed with SIGKILL (default 5)")
    rel.add_argument("--clients", type=_positive, default=8, help="concurrent API clients (default 8)")
    rel.add_argument("--per-client", type=_positive, default=250, help="saves per API client (default 250)")
    rel.add_argument("--saves", type=_positive, default=300,
                     help="sequential saves timed with synchronous NORMAL and FULL (default 300)")
    rel.add_argument("--json", action="store_true", help="print one JSON object")

    bench = commands.add_parser("bench", help="speed and scale against rank_bm25 and exact cosine, with figures")
    bench.add_argument("--sizes", default="1000,10000,100000", help="comma-separated corpus sizes (chunks)")
    bench.add_argument("--seed", type=int, default=0, help="seed of the synthetic corpus")
    bench.add_argument("--json", action="store_true", help="print one JSON object")

    for command in (ask, ev, ab, sw):
        command.add_argument("--embedding-provider", choices=embeddings.PROVIDERS,
                             help="semantic embedder (default hashing, or EMBEDDING_PROVIDER)")
        command.add_argument("--embedding-model", metavar="MODEL",
                             help="model name or local folder of the provider (or EMBEDDING_MODEL; sentence-"
                                  f"transformers defaults to the bundled {embeddings.BUNDLED_MODEL}, openai has no "
                                  "default)")

    snap = commands.add_parser("snapshots", help="rewrite the metric snapshots and README tables")
    snap.add_argument("--check", action="store_true", help="only compare; exit 1 on any drift")
    for command in _all_commands(commands):
        command.add_argument("--corpus", type=Path, metavar="DIR",
                             help="the corpus pack folder (default ./corpus, or REVIEW_APP_CORPUS)")
    return parser


def _all_commands(commands: argparse._SubParsersAction) -> list[argparse.ArgumentParser]:
    """Every command parser, nested ones (corpus diff, ...) included."""
    out = []
    for parser in dict.fromkeys(commands.choices.values()):
        nested = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        out.extend(_all_commands(nested[0]) if nested else [parser])
    return out


def _settings(args: argparse.Namespace):
    """Defaults, then the environment, then the flags; a provider's own threshold unless one is set."""
    provider, model = getattr(args, "embedding_provider", None), getattr(args, "embedding_model", None)
    spec = None
    if provider or model:
        spec = embeddings.parse_spec(provider or os.environ.get("EMBEDDING_PROVIDER"),
                                     model or (None if provider else os.environ.get("EMBEDDING_MODEL")))
    settings = default_settings(embedding=spec)
    changes = {}
    for name in ("mode", "top_k", "reference_date", "threshold"):
        value = getattr(args, name, None)
        if value is not None:
            changes[name] = value
    if getattr(args, "reference_date", None) is not None:
        changes["reference_date_explicit"] = True  # a time stated in the question does not move it
    if getattr(args, "no_diversify", False):
        changes["diversify"] = False
    return dataclasses.replace(settings, **changes)


def _case_set(args: argparse.Namespace, engine, labels_dir: Path) -> usecases.CaseSet:
    """The cases named by --slice or --labels, checked against the corpus."""
    if args.labels is None and args.slice is None:
        raise ReviewAppError(f"{args.command} needs --slice canonical|holdout or --labels FILE.jsonl")
    return usecases.load_case_set(engine, labels_dir, args.slice, args.labels)


def _record(engine, command: str, name: str, settings: dict, metrics: dict, args: argparse.Namespace,
            labels_dir: Path, embedding: dict) -> None:
    labels = [args.labels] if getattr(args, "labels", None) else [slice_path(labels_dir, name)]
    history.record(data_dir("exports"), command, name, settings, metrics, engine.corpus.version, labels,
                   embedding=embedding)


def _emit(result: dict, filename: str, formatter, as_json: bool) -> int:
    """Write the result under exports/ and print it as JSON or as the formatter's text."""
    written = report.write_atomic_json(data_dir("exports") / filename, result)
    print(report.dumps_json(result) if as_json else formatter(result) + "\n", end="")
    print(f"wrote {written}", file=sys.stderr)
    return 0


def run(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.corpus is None:
        return _run(args)
    # Every read of the corpus folder (and its labels) during this command follows --corpus.
    saved = os.environ.get("REVIEW_APP_CORPUS")
    os.environ["REVIEW_APP_CORPUS"] = str(args.corpus.resolve())
    try:
        return _run(args)
    finally:
        if saved is None:
            os.environ.pop("REVIEW_APP_CORPUS", None)
        else:
            os.environ["REVIEW_APP_CORPUS"] = saved


def _run(args: argparse.Namespace) -> int:
    """Each command: parse (done by argparse), call the package, render; one function per command."""
    return COMMANDS[args.command](args, get_engine(data_dir("corpus")), data_dir("labels"))


def _ask(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    if args.compare_date is not None:
        comparison = usecases.compare(engine, args.question, _settings(args), args.compare_date)
        print(report.dumps_json(comparison.to_json()) if args.json else comparison.text() + f"\n\n{DISCLAIMER}",
              end="" if args.json else "\n")
        return 0
    answer = usecases.ask(engine, args.question, _settings(args))
    if args.json:
        print(report.dumps_json(answer.to_json()), end="")
    else:
        print(report.format_decision(answer.decision, answer.synthesis))
    return 0


def _verify(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    case_set = _case_set(args, engine, labels_dir)
    result = usecases.run_verification(engine, case_set, default_settings().reference_date, data_dir("exports"))
    if not args.by_tag:
        result = {k: v for k, v in result.items() if k != "by_tag"}
    return _emit(result, f"verification-{case_set.name}.json", report.format_verification, args.json)


def _generate(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    generator = generator_from_environment(engine, get_synthesizer(engine).verifier)
    if generator is None:
        raise ReviewAppError("generation is off: set ENABLE_GENERATION=true, OPENAI_GENERATION_MODEL and, for "
                             "a server other than the openai package's default, OPENAI_BASE_URL")
    case_set = _case_set(args, engine, labels_dir)
    cases, name = case_set.cases, case_set.name
    settings = default_settings()

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} questions", end="" if done < total else "\n", file=sys.stderr, flush=True)

    result = {"slice": name, **generate_slice(engine, generator, cases, settings, progress)}
    _record(engine, "generate", name, {**settings.to_json(), "model": generator.chat.model}, result, args,
            labels_dir, engine.embedding_info(settings.embedding))
    return _emit(result, f"generation-{name}.json", report.format_generation, args.json)


def _evaluate(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    settings = _settings(args)
    run = usecases.run_evaluation(engine, _case_set(args, engine, labels_dir), settings, data_dir("exports"),
                                  trec_dir=args.trec_out, predictions_file=args.write_predictions)
    evaluation, written = run.evaluation, run.written
    if args.json:
        record = evaluation.to_json()
        if args.by_tag:
            record = {**{k: v for k, v in record.items() if k != "per_case"}, "by_tag": evaluation.by_tag(),
                      "per_case": record["per_case"]}
        print(report.dumps_json(record), end="")
    else:
        print(report.summary_table([evaluation.summary()], settings.top_k))
        print("\n".join(report.per_case_lines(evaluation)))
        if args.by_tag:
            print("\n" + report.tag_table(evaluation.by_tag(), settings.top_k))
        print(f"\n{DISCLAIMER}")
    print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    return 0


def _ablation(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    settings = _settings(args)
    cases = load_slice(labels_dir, args.slice, **references(engine))
    rows = ablation(engine, cases, settings, args.slice, [settings.embedding, *embeddings.available()])
    for row in rows:
        _record(engine, "ablation", args.slice, {**settings.to_json(), "arm": row["arm"]}, row, args, labels_dir,
                row.get("embedding") or engine.embedding_info(settings.embedding))
    if args.json:
        print(report.dumps_json({"slice": args.slice, "arms": rows}), end="")
    else:
        print(report.ablation_table(rows, settings.top_k), end="")
    if args.write_naive_predictions is not None:
        written = usecases.write_naive_predictions(engine, labels_dir, cases, settings, args.write_naive_predictions)
        print(f"wrote {written}", file=sys.stderr)
    return 0


def _questions(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    case_set = _case_set(args, engine, labels_dir)
    record = usecases.questions(engine, case_set, _settings(args))
    return _emit(record, f"questions-{case_set.name}.json", lambda r: report.questions_jsonl(r).rstrip("\n"),
                 args.json)


def _score(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    case_set = _case_set(args, engine, labels_dir)
    scoring = usecases.score_predictions(engine, case_set, args.predictions, _settings(args))
    record = scoring.to_json()
    if args.by_tag:
        record = {**{k: v for k, v in record.items() if k != "per_case"}, "by_tag": scoring.by_tag(),
                  "per_case": record["per_case"]}
    name = re.sub(r"[^A-Za-z0-9.]+", "-", f"{case_set.name}-{scoring.system}").strip("-")
    return _emit(record, f"score-{name}.json", lambda r: report.format_scoring(r) + f"\n\n{DISCLAIMER}", args.json)


def _dataset(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    written = usecases.publish_dataset(engine, labels_dir, args.out_dir, default_settings())
    for config, splits in written.rows.items():
        print(f"{config}: " + (", ".join(f"{split} {n} rows" for split, n in splits.items()) or "no rows"))
    print(f"corpus version {written.corpus_version}; {len(written.files)} files under {written.directory} "
          f"(load with datasets.load_dataset({str(written.directory)!r}, CONFIG))")
    return 0


def _sweep(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    run = usecases.run_sweep(engine, _case_set(args, engine, labels_dir), _settings(args), data_dir("exports"))
    record = run.sweep.to_json()
    if args.json:
        print(report.dumps_json(record), end="")
    else:
        print(report.format_sweep(record))
    print("wrote " + ", ".join(str(p) for p in run.images), file=sys.stderr)
    return 0


def _agreement(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    result = agreement(ReviewStore(database_path()).judgments())
    if args.json:
        print(report.dumps_json(result), end="")
    else:
        print(format_agreement(result))
    return 0


def _history(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    problems: list[str] = []
    rows = history.trend(history.read(data_dir("exports"), problems))
    for problem in problems:  # a bad line is reported and skipped, never blocking
        print(f"warning: {problem}", file=sys.stderr)
    print(report.format_history(rows))
    return 0


def _export(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    service = ReviewService(engine, ReviewStore(database_path()), labels_dir, default_settings())
    actor = args.reviewer if args.reviewer is not None else default_reviewer()
    summary = usecases.export(service, actor or None, data_dir("exports"), args.dry_run).summary
    if args.json:
        print(report.dumps_json(summary), end="")
    else:
        print(report.format_export(summary))
    return 0


def _corpus(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    service = ReviewService(engine, ReviewStore(database_path()), labels_dir, default_settings())
    service.record_version()
    if args.corpus_command == "versions":
        recorded = [{"version": r.version, "recorded_at": r.recorded_at, "sources": len(r.sources),
                     "chunks": len(r.chunks), "current": r.version == engine.corpus.version}
                    for r in registry(service.store)]
        print(report.dumps_json({"versions": recorded}) if args.json else report.format_versions(recorded),
              end="" if args.json else "\n")
        return 0
    if args.corpus_command == "text":
        found = chunk_for_hash(service.store, engine.corpus, args.chunk_hash)
        if found is None:
            raise ReviewAppError(f"chunk_hash: {args.chunk_hash!r} is not a chunk of this corpus or of any "
                                 "version recorded in the review database")
        if args.json:
            print(report.dumps_json(found), end="")
        else:
            where = "current" if found["current"] else f"no longer current; first seen in {found['first_seen_in']}"
            print(f"{found['chunk_id']} ({where})\n## {found['heading']}\n{found['text']}")
        return 0
    queue = service.rereview_queue(args.from_version)
    if args.json:
        print(report.dumps_json(usecases.rereview_record(queue)), end="")
    else:
        print(report.format_corpus_diff(queue))
    return 0


def _backup(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    print(f"wrote {ReviewStore(database_path()).backup(args.target)}")
    return 0


def _restore(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    ReviewStore(database_path()).restore(args.source)
    print(f"restored {database_path()} from {args.source}")
    return 0


def _reliability(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    results = [r.to_json() for r in reliability.run_suite(args.writers, args.per_writer, args.kills, args.clients,
                                                          args.per_client, saves=args.saves)]
    if args.json:
        print(report.dumps_json({"checks": results}), end="")
    else:
        print(report.reliability_table(results))
    lost = sum(r["lost"] for r in results)
    bad = [r for r in results if r["integrity"] not in ("ok", "identical")]
    return 1 if lost or bad else 0


def _bench(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    if str(PROJECT_ROOT) not in sys.path:  # benchmarks live beside the package, loaded on demand
        sys.path.insert(0, str(PROJECT_ROOT))
    from benchmarks.bench import main as bench_main

    try:
        sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        raise ReviewAppError(f"--sizes: {args.sizes!r} is not a comma-separated list of whole numbers") from None

    bench_main(sizes, args.seed, args.json, data_dir("exports"))
    return 0


def _snapshots(args: argparse.Namespace, engine, labels_dir: Path) -> int:
    if args.check:
        snapshots.check_snapshots(engine, labels_dir, engine.pack.snapshots, engine.pack.readme)
        print("snapshots match: metrics and README tables are as committed")
    else:
        for path in snapshots.write_snapshots(engine, labels_dir, engine.pack.snapshots, engine.pack.readme):
            print(f"wrote {path}")
    return 0


COMMANDS = {
    "ask": _ask,
    "verify": _verify,
    "generate": _generate,
    "evaluate": _evaluate,
    "ablation": _ablation,
    "questions": _questions,
    "score": _score,
    "dataset": _dataset,
    "sweep": _sweep,
    "agreement": _agreement,
    "history": _history,
    "export": _export,
    "corpus": _corpus,
    "backup": _backup,
    "restore": _restore,
    "reliability": _reliability,
    "bench": _bench,
    "snapshots": _snapshots,
}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return run(argv)
    except ValidationError as exc:
        first, rest = exc.problems[0], exc.problems[1:]
        more = f" (and {len(rest)} more problem{'s' if len(rest) != 1 else ''})" if rest else ""
        print(f"error: {first}{more}", file=sys.stderr)
        for problem in rest:
            print(f"  {problem}", file=sys.stderr)
        return 2
    except SnapshotDrift as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except ReviewAppError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
