"""Compare the scope guard's own ConText-style context (review_app/engine/scope.py) with medspaCy's
ConText on the same cue cases.

A cue case is one scope flag of one question whose concept the flag's patterns find, and whether
it should fire (the patient's current finding) or be set aside (negated, a relative's or another
person's, a state that has ended). The cases are the scope-relevant questions of the clinician
development sets (every flag whose patterns match; it should fire when the label lists it among
`expected_scope_flags`) and the hand-written cases of scripts/context_cases.yaml, one or more per
kind the issue names.

Three arms, each finding concepts with the same patterns of the pack's scope.yaml and applying
the same flag exceptions (`unless_before`, `unless_after`, `unless_anywhere`), so only the
context differs:
- project: ScopeGuard.check (the cues of scope.yaml's `context` section);
- medspacy: medspaCy's ConText with its default rules on a blank English pipeline (a concept
  counts unless negated, family, hypothetical, or historical for a flag whose condition ends);
- medspacy+pack cues: the same, with the pack's own cue words added as ConText rules.

medspaCy is not a dependency of the project (it pins an older numpy); give a Python that has it:

    python scripts/compare_context.py --medspacy-python /path/to/venv/bin/python [--json]

Without --medspacy-python only the project arm is measured.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABEL_FILES = [ROOT / "tests/data/clinician" / f"questions_{s}.jsonl" for s in "abc"]
CASES_FILE = Path(__file__).with_name("context_cases.yaml")


def cue_cases(scope) -> list[dict]:
    """The clinician sets' scope-relevant (question, flag) pairs, then the hand-written cases."""
    import yaml

    cases = []
    for path in LABEL_FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            question = case["question"]
            for flag in dict.fromkeys(f["flag"] for f in scope.findings(question)):
                counts = flag in case["expected_scope_flags"]
                cases.append({"source": path.stem, "id": case["id"], "question": question, "flag": flag,
                              "counts": counts, "kind": _kind(counts, case.get("tags", []))})
    hand = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))["cases"]
    cases += [{"source": "context_cases", "id": f"hand-{i:02d}", **c} for i, c in enumerate(hand, 1)]
    return cases


def _kind(counts: bool, tags: list[str]) -> str:
    if counts:
        return "affirmed"
    for tag, kind in (("negated-finding", "negated"), ("relative-history", "relative"), ("ended-state", "ended")):
        if tag in tags:
            return kind
    return "set aside (other)"


def rules_for_worker(scope) -> dict:
    """What the medspaCy worker needs of the pack, as plain strings."""
    context = scope.context

    def text(pattern):
        return pattern.pattern if pattern is not None else None

    return {
        "window_chars": scope.window_chars,
        "ends_with_time": sorted(context.ends_with_time),
        "experiencer_exempt": sorted(context.experiencer_exempt),
        "flags": {r.flag: {"patterns": [p.pattern for p in r.patterns], "unless_before": text(r.unless_before),
                           "unless_after": text(r.unless_after), "unless_anywhere": text(r.unless_anywhere)}
                  for r in scope.rules},
        # the pack's cue words without their window anchors, as ConText modifier patterns
        "cues": {"NEGATED_EXISTENCE": _core(text(scope.negation)), "NEGATED_AFTER": _core(text(context.negation_after)),
                 "FAMILY": _core(text(context.experiencer)), "HISTORICAL": _core(text(context.ended))},
    }


def _core(pattern: str | None) -> str | None:
    """A cue pattern without its window: "^[...]{0,30}" before it, "[...]{0,60}$" after it."""
    if pattern is None:
        return None
    pattern = re.sub(r"^\^\[[^\]]*\]\{\d+,\d+\}", "", pattern)
    return re.sub(r"\[[^\]]*\]\{\d+,\d+\}\$$", "", pattern)


def project_predictions(scope, cases: list[dict]) -> tuple[list[bool], float]:
    start = time.perf_counter()
    out = [c["flag"] in scope.check(c["question"]) for c in cases]
    return out, (time.perf_counter() - start) * 1000 / max(1, len(cases))


def medspacy_predictions(python: str, cases: list[dict], rules: dict) -> dict:
    payload = json.dumps({"cases": cases, "rules": rules})
    done = subprocess.run([python, str(Path(__file__).resolve()), "--worker"], input=payload, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


# ---- the medspaCy side: runs in the Python that has medspaCy, imports nothing of the project ----

def _worker() -> None:
    from loguru import logger

    logger.remove()  # PyRuSH logs every token at DEBUG
    import medspacy
    from medspacy.context import ConTextRule
    from medspacy.target_matcher import TargetRule

    data = json.loads(sys.stdin.read())
    rules, cases = data["rules"], data["cases"]
    result = {}
    for arm, with_pack_cues in (("medspacy", False), ("medspacy+pack cues", True)):
        nlp = medspacy.load()
        nlp.get_pipe("medspacy_target_matcher").add(
            [TargetRule(flag, flag, pattern="(?i)" + p) for flag, spec in rules["flags"].items()
             for p in spec["patterns"]])
        if with_pack_cues:
            cues = rules["cues"]
            extra = []
            for category, direction, key in (("NEGATED_EXISTENCE", "FORWARD", "NEGATED_EXISTENCE"),
                                             ("NEGATED_EXISTENCE", "BACKWARD", "NEGATED_AFTER"),
                                             ("FAMILY", "FORWARD", "FAMILY"),
                                             ("HISTORICAL", "BIDIRECTIONAL", "HISTORICAL")):
                if cues.get(key):
                    extra.append(ConTextRule(f"pack {key.lower()}", category, direction=direction,
                                             pattern="(?i)" + cues[key]))
            nlp.get_pipe("medspacy_context").add(extra)
        start = time.perf_counter()
        predictions = [_counts(nlp(c["question"]), c, rules) for c in cases]
        result[arm] = {"predictions": predictions,
                       "ms_per_case": (time.perf_counter() - start) * 1000 / max(1, len(cases))}
    print(json.dumps(result))


def _counts(doc, case: dict, rules: dict) -> bool:
    """Whether the flag fires: a concept of it that ConText leaves affirmed and current."""
    flag, text = case["flag"], case["question"]
    spec = rules["flags"][flag]
    if spec["unless_anywhere"] and re.search(spec["unless_anywhere"], text, re.I):
        return False
    for ent in doc.ents:
        if ent.label_ != flag:
            continue
        if ent._.is_negated or ent._.is_hypothetical:
            continue
        if ent._.is_family and flag not in rules["experiencer_exempt"]:
            continue
        if ent._.is_historical and flag in rules["ends_with_time"]:
            continue
        before = text[max(0, ent.start_char - rules["window_chars"]):ent.start_char]
        sentence = re.split(r"[.;!?]", before)[-1]
        if spec["unless_before"] and re.search(spec["unless_before"], sentence, re.I):
            continue
        after = text[ent.end_char:ent.end_char + rules["window_chars"]]
        if spec["unless_after"] and re.search(spec["unless_after"], after, re.I):
            continue
        return True
    return False


# ---- the report ----

def score(cases: list[dict], predictions: list[bool]) -> dict:
    by_kind: dict[str, list[bool]] = defaultdict(list)
    for case, predicted in zip(cases, predictions, strict=True):
        by_kind[case["kind"]].append(predicted == case["counts"])
    right = [p == c["counts"] for c, p in zip(cases, predictions, strict=True)]
    return {"accuracy": round(sum(right) / len(right), 3), "right": sum(right), "cases": len(right),
            "by_kind": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(by_kind.items())},
            "misses": [f"{c['id']} {c['flag']}: {c['question'][:90]}" for c, p in zip(cases, predictions, strict=True)
                       if p != c["counts"]]}


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--medspacy-python", help="a Python interpreter with medspacy installed")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        _worker()
        return {}
    sys.path.insert(0, str(ROOT))
    from review_app.engine.scope import load_scope

    scope = load_scope(ROOT / "corpus")
    cases = cue_cases(scope)
    predictions, ms = project_predictions(scope, cases)
    report = {"cases": len(cases), "arms": {"project": {**score(cases, predictions), "ms_per_case": round(ms, 3)}}}
    if args.medspacy_python:
        for arm, out in medspacy_predictions(args.medspacy_python, cases, rules_for_worker(scope)).items():
            report["arms"][arm] = {**score(cases, out["predictions"]), "ms_per_case": round(out["ms_per_case"], 3)}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        kinds = sorted({k for arm in report["arms"].values() for k in arm["by_kind"]})
        print("| arm | accuracy | " + " | ".join(kinds) + " | ms per case |")
        print("|---|---|" + "---|" * len(kinds) + "---|")
        for name, arm in report["arms"].items():
            print(f"| {name} | {arm['right']}/{arm['cases']} ({arm['accuracy']:.3f}) | "
                  + " | ".join(arm["by_kind"].get(k, "-") for k in kinds) + f" | {arm['ms_per_case']} |")
        for name, arm in report["arms"].items():
            for miss in arm["misses"]:
                print(f"  {name} misses {miss}")
    return report


if __name__ == "__main__":
    main()
