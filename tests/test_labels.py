import json
import shutil

import pytest

from review_app.errors import LabelError
from review_app.evaluation.labels import dumps_cases, file_sha256, load_cases, load_slice, references, verify_frozen

from .conftest import LABELS_DIR


def case(**changes):
    record = {"id": "t-1", "question": "When should screening start?", "should_abstain": False,
              "gold_document_ids": ["uspstf-2024"], "expected_scope_flags": [], "reference_date": None,
              "notes": ""}
    record.update(changes)
    return json.dumps(record)


def write(tmp_path, *lines, name="cases.jsonl"):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def problems(path, engine=None):
    with pytest.raises(LabelError) as info:
        load_cases(path, **(references(engine) if engine else {}))
    return info.value.problems


def test_slices_meet_their_requirements(engine):
    canonical = load_slice(LABELS_DIR, "canonical", **references(engine))
    holdout = load_slice(LABELS_DIR, "holdout", **references(engine))
    answerable = [c for c in canonical if not c.should_abstain]
    abstaining = [c for c in canonical if c.should_abstain]
    assert len(canonical) >= 16 and len(answerable) >= 11 and len(abstaining) >= 5
    assert sum(1 for c in answerable if c.reference_date) >= 1
    assert len({f for c in abstaining for f in c.expected_scope_flags}) >= 4
    assert any(not c.expected_scope_flags for c in abstaining)  # an off-topic question
    assert sum(1 for c in answerable if {"uspstf-2016", "acog-2017"} & set(c.gold_document_ids)
               and not c.reference_date) >= 2  # historical questions
    assert len(holdout) >= 10
    questions = {c.question.lower() for c in canonical}
    assert not questions & {c.question.lower() for c in holdout}


def test_holdout_is_frozen_by_its_recorded_hash():
    recorded = (LABELS_DIR / "holdout.jsonl.sha256").read_text(encoding="utf-8").split()[0]
    assert file_sha256(LABELS_DIR / "holdout.jsonl") == recorded


def test_a_changed_frozen_file_is_refused(tmp_path):
    for name in ("holdout.jsonl", "holdout.jsonl.sha256"):
        shutil.copy(LABELS_DIR / name, tmp_path / name)
    verify_frozen(tmp_path / "holdout.jsonl")
    with open(tmp_path / "holdout.jsonl", "a", encoding="utf-8") as handle:
        handle.write(case(id="sneaked-in") + "\n")
    with pytest.raises(LabelError, match="frozen file changed"):
        verify_frozen(tmp_path / "holdout.jsonl")
    with pytest.raises(LabelError, match="frozen file changed"):
        load_slice(tmp_path, "holdout")


def test_malformed_json_names_file_and_line(tmp_path):
    path = write(tmp_path, case(), "{not json", case(id="t-2"))
    (problem,) = problems(path)
    assert problem.line == 2 and problem.file == str(path) and problem.field == "json"
    assert str(problem).startswith(f"{path}:2: json: malformed JSON")


def test_non_utf8_file(tmp_path):
    path = tmp_path / "latin1.jsonl"
    latin1_line = case(id="t-2").replace("When", "Caf\u00e9").encode("latin-1")  # a raw 0xE9 byte
    path.write_bytes((case() + "\n").encode() + latin1_line + b"\n")
    (problem,) = problems(path)
    assert problem.line == 2 and "not UTF-8" in problem.message


def test_every_bad_field_is_reported(tmp_path, engine):
    path = write(tmp_path,
                 case(),
                 case(),  # duplicate id
                 case(id="t-3", gold_document_ids=["uspstf-1999"]),
                 case(id="t-4", should_abstain=True),  # abstention with gold
                 case(id="t-5", reference_date="2020-02-30"),
                 case(id="t-6", claims=[{"id": "c1", "text": "x", "evidence": [{"chunk_id": "acs-2015#nope",
                                                                               "label": "supports"}]}]),
                 case(id="t-7", expected_scope_flags=["left_handed"], should_abstain=True, gold_document_ids=[]),
                 case(id="t-8", should_abstain="yes"))
    found = {(p.line, p.field) for p in problems(path, engine)}
    assert found >= {(2, "id"), (3, "gold_document_ids"), (4, "gold_document_ids"), (5, "reference_date"),
                     (6, "claims[0].evidence[0].chunk_id"), (7, "expected_scope_flags"), (8, "should_abstain")}


def test_missing_and_empty_files(tmp_path):
    assert problems(tmp_path / "absent.jsonl")[0].message == "not found"
    assert problems(write(tmp_path, ""))[0].message == "no cases"


def test_unknown_fields_survive_a_round_trip(tmp_path):
    original = json.dumps({"id": "t-1", "question": "q?", "should_abstain": False, "gold_document_ids": ["acs-2015"],
                           "expected_scope_flags": [], "reference_date": "2020-06-01",
                           "claims": [{"id": "c1", "text": "x", "evidence": [
                               {"chunk_id": "acs-2015#ages-45-to-54", "label": "partially_supports",
                                "reason": "missing_fact", "reviewer": "dr-a"}], "priority": 2}],
                           "notes": "n", "source_of_case": "clinic", "batch": ["a", "b"]}, ensure_ascii=False) + "\n"
    path = tmp_path / "round.jsonl"
    path.write_text(original, encoding="utf-8")
    cases = load_cases(path)
    assert cases[0].extra == {"source_of_case": "clinic", "batch": ["a", "b"]}
    assert dumps_cases(cases) == original


def test_bundled_files_round_trip_byte_for_byte():
    for name in ("canonical.jsonl", "holdout.jsonl"):
        path = LABELS_DIR / name
        assert dumps_cases(load_cases(path)) == path.read_text(encoding="utf-8")


def test_gold_chunks_and_tags_are_read_checked_and_written_in_place(tmp_path):
    case = {"id": "t-1", "question": "q?", "should_abstain": False, "gold_document_ids": ["acs-2015", "uspstf-2024"],
            "gold_chunk_ids": ["acs-2015#ages-45-to-54", "uspstf-2024#recommendation"],
            "expected_scope_flags": [], "reference_date": None, "tags": ["vignette"], "notes": ""}
    path = tmp_path / "chunks.jsonl"
    path.write_text(json.dumps(case) + "\n", encoding="utf-8")
    loaded = load_cases(path)[0]
    assert loaded.gold_chunk_ids == ("acs-2015#ages-45-to-54", "uspstf-2024#recommendation")
    assert loaded.tags == ("vignette",) and loaded.extra == {}
    assert dumps_cases([loaded]) == json.dumps(case, ensure_ascii=False) + "\n"
    without = {k: v for k, v in case.items() if k != "gold_chunk_ids"}
    path.write_text(json.dumps(without) + "\n", encoding="utf-8")
    assert load_cases(path)[0].gold_chunk_ids is None  # not available, never "perfect"
    bad = {**case, "gold_chunk_ids": ["acs-2015#ages-45-to-54", "acr-current#dense-breasts", "nope#x"]}
    path.write_text(json.dumps(bad) + "\n", encoding="utf-8")
    chunk_ids = ["acs-2015#ages-45-to-54", "acr-current#dense-breasts", "uspstf-2024#recommendation"]
    with pytest.raises(LabelError) as info:
        load_cases(path, chunk_ids=chunk_ids)
    text = str(info.value)
    assert "unknown chunk id 'nope#x'" in text and "belongs to no source" in text and "none for uspstf-2024" in text


SEPARATORS = "a\u2028b\u2029c\u0085d"


def test_line_separators_inside_text_are_escaped_on_write_and_never_split_a_line(tmp_path):
    raw = json.loads(case(notes=SEPARATORS, question=f"When should screening start{SEPARATORS}?"))
    path = tmp_path / "raw.jsonl"  # as another tool writes it: the characters raw inside the strings
    path.write_text(json.dumps(raw, ensure_ascii=False) + "\n" + case(id="t-2") + "\n", encoding="utf-8")
    cases = load_cases(path)
    assert [c.id for c in cases] == ["t-1", "t-2"] and cases[0].notes == SEPARATORS
    written = dumps_cases(cases)
    assert not set("\u2028\u2029\u0085") & set(written) and "\\u2028" in written
    assert len(written.splitlines()) == 2  # safe for readers that split at them too
    path.write_text(written, encoding="utf-8")
    assert load_cases(path) == cases


def test_a_question_longer_than_ask_accepts_is_refused(tmp_path):
    from review_app.engine.pipeline import MAX_QUESTION_CHARS

    path = write(tmp_path, case(question="q" * MAX_QUESTION_CHARS), case(id="t-2", question="q" * 2003))
    (problem,) = problems(path)
    assert problem.line == 2 and problem.field == "question" and "2,003 characters" in problem.message
    assert "2,000" in problem.message


def test_a_lone_surrogate_is_a_located_problem(tmp_path):
    path = write(tmp_path, case(), case(id="t-2", notes="half \ud800 a pair"))
    assert "\\ud800" in path.read_text(encoding="utf-8")
    (problem,) = problems(path)
    assert (problem.line, problem.field) == (2, "notes") and "lone surrogate" in problem.message


def test_deep_nesting_is_a_clear_problem_not_a_recursion_error(tmp_path):
    path = write(tmp_path, case(), "[" * 100_000, case(id="t-3", notes={"a": [[[["deep"]]]]}))
    found = problems(path)
    assert [(p.line, p.field) for p in found] == [(2, "json"), (3, "notes")]
    assert "nested too deeply" in found[0].message


def test_at_most_twenty_problems_are_listed_then_a_count(tmp_path):
    path = write(tmp_path, *["{bad" for _ in range(500)])
    with pytest.raises(LabelError) as info:
        load_cases(path)
    listed = info.value.problems
    assert len(listed) == 21 and all(p.line == n for n, p in enumerate(listed[:20], start=1))
    assert listed[-1].message == "480 more problems not shown (500 problems in all)"
    text = str(info.value)
    assert text.startswith("500 problems found (the first 20 shown)") and len(text.splitlines()) == 22


def test_size_and_case_limits_are_configurable_and_stated(tmp_path, monkeypatch):
    from review_app.errors import SettingsError

    path = write(tmp_path, *[case(id=f"t-{n}") for n in range(12)])
    assert len(load_cases(path)) == 12  # the defaults
    monkeypatch.setenv("REVIEW_APP_MAX_LABEL_CASES", "10")
    (problem,) = problems(path)
    assert problem.message == "12 cases, more than the limit of 10 (REVIEW_APP_MAX_LABEL_CASES sets it)"
    monkeypatch.setenv("REVIEW_APP_MAX_LABEL_CASES", "12")
    monkeypatch.setenv("REVIEW_APP_MAX_LABEL_BYTES", "1000")
    (problem,) = problems(path)
    assert problem.message == (f"{path.stat().st_size:,} bytes, more than the limit of 1,000 "
                               "(REVIEW_APP_MAX_LABEL_BYTES sets it)")
    monkeypatch.setenv("REVIEW_APP_MAX_LABEL_BYTES", "lots")
    with pytest.raises(SettingsError, match="REVIEW_APP_MAX_LABEL_BYTES"):
        load_cases(path)
    monkeypatch.delenv("REVIEW_APP_MAX_LABEL_BYTES")
    monkeypatch.delenv("REVIEW_APP_MAX_LABEL_CASES")
    big = tmp_path / "big.jsonl"
    big.write_text(case() + "\n" + "\n".join(case(id=f"x-{n}") for n in range(10_001)) + "\n", encoding="utf-8")
    (problem,) = problems(big)
    assert "10,002 cases, more than the limit of 10,000" in problem.message
