"""The review tables show times as a person reads them (#20 item 20), not raw ISO 8601."""

import re

from review_app.review.service import ClaimRow
from review_app.ui import render


def test_a_stored_time_reads_to_the_minute_in_utc():
    assert render.when("2026-11-30T14:09:16.310397+00:00") == "2026-11-30 14:09 UTC"
    assert render.when("2026-11-30T15:09:16+01:00") == "2026-11-30 14:09 UTC"  # another zone, the same moment
    assert render.when("2026-11-30T14:09:16") == "2026-11-30 14:09"  # no zone stored: none claimed


def _row(**changes) -> ClaimRow:
    values = {"case_id": "canonical-001", "claim_id": "c1", "claim_text": "A claim.", "chunk_id": "a#b",
              "chunk_text": "text", "suggestion_label": "supports", "suggestion_reason": None, "explanation": "why",
              "gold_label": "supports", "gold_reason": None}
    return ClaimRow(**(values | changes))


def test_the_saved_column_says_what_and_when_without_iso_syntax():
    table = render.claim_table((_row(my_label="supports", my_status="submitted",
                                     saved_at="2026-11-30T14:09:16.310397+00:00"),
                                _row(claim_id="c2", my_label="contradicts", my_status="draft",
                                     saved_at="2026-11-30T14:10:02.000001+00:00"),
                                _row(claim_id="c3")))
    assert list(table["saved"]) == ["submitted · 2026-11-30 14:09 UTC", "DRAFT, not submitted · 2026-11-30 14:10 UTC",
                                    ""]
    assert not any(re.search(r"\d{2}:\d{2}:\d{2}|T\d{2}:|\+00:00", cell) for cell in table["saved"])
