"""Durability under load and faults. Figures are printed (pytest -s shows them)."""

import pytest

from review_app.evaluation.report import reliability_table
from review_app.review import reliability

pytestmark = pytest.mark.slow


def show(result):
    print("\n" + reliability_table([result.to_json()]))


def test_eight_writer_processes_two_thousand_judgments(tmp_path):
    result = reliability.concurrent_writes(tmp_path / "db.sqlite", writers=8, per_writer=250)
    show(result)
    assert result.attempted == result.acknowledged == result.found == 2000
    assert result.lost == 0 and not result.errors and result.integrity == "ok"


def test_writers_killed_mid_stream_lose_nothing_acknowledged(tmp_path):
    result = reliability.killed_writers(tmp_path / "db.sqlite", kills=3)
    show(result)
    assert result.acknowledged >= 60 and result.lost == 0 and result.integrity == "ok"


def test_api_clients_on_a_live_server_while_asks_are_answered(app_server, tmp_path):
    url, context = app_server
    result = reliability.server_writes(url, context.store.path, clients=8, per_client=40,
                                       save=reliability.api_saver(context.service))
    show(result)
    assert result.acknowledged == result.found == 320 and result.lost == 0 and not result.errors
    assert result.integrity == "ok" and "asks answered meanwhile: 0" not in result.notes


def test_exports_are_atomic_and_repeatable(service, tmp_path):
    result = reliability.exports_check(lambda: service, tmp_path / "exports")
    show(result)
    assert result.integrity == "identical" and "temporary files left: 0" in result.notes


def test_the_suite_starts_the_app_as_a_space_does(tmp_path, engine, settings):
    from review_app.review.service import ReviewService
    from review_app.review.store import ReviewStore

    from .conftest import LABELS_DIR

    db = tmp_path / "server.sqlite"
    with reliability.app_process(db, tmp_path / "exports") as url:
        service = ReviewService(engine, ReviewStore(db), LABELS_DIR, settings)
        result = reliability.server_writes(url, db, clients=2, per_client=5, save=reliability.api_saver(service))
    show(result)
    assert result.acknowledged == result.found == 10 and result.lost == 0 and result.integrity == "ok"


def test_what_synchronous_full_costs_is_measured_beside_normal(tmp_path):
    normal, full = reliability.synchronous_cost(tmp_path, saves=40)
    show(normal)
    show(full)
    assert normal.check == "40 sequential saves, synchronous NORMAL" and "FULL" in full.check
    for result in (normal, full):
        assert result.acknowledged == result.found == 40 and result.lost == 0 and result.integrity == "ok"
    assert full.notes.startswith("the store's setting (FULL): ") and "ms p50" in full.notes
    assert "FULL" in reliability_table([normal.to_json(), full.to_json()])


def test_text_with_line_separators_survives_every_step(engine, settings, tmp_path):
    from review_app.review.service import ReviewService
    from review_app.review.store import ReviewStore

    from .conftest import LABELS_DIR

    result = reliability.line_separator_text(
        lambda: ReviewService(engine, ReviewStore(tmp_path / "db.sqlite"), LABELS_DIR, settings), tmp_path / "run")
    show(result)
    assert result.attempted == result.found == 5 and not result.errors and result.integrity == "ok"


def test_exports_during_writes_read_one_consistent_state(engine, settings, tmp_path):
    """#20 item 9 in the reliability table: plans made while a writer reviews claims and approves
    cases never hold an approval without the reviews committed before it."""
    from review_app.review.export import plan_export
    from review_app.review.service import ReviewService
    from review_app.review.store import ReviewStore

    from .conftest import LABELS_DIR

    result = reliability.export_during_writes(
        lambda: ReviewService(engine, ReviewStore(tmp_path / "during.sqlite"), LABELS_DIR, settings), rounds=12)
    show(result)
    assert result.attempted >= 1 and result.found == result.acknowledged == result.attempted
    assert result.lost == 0 and not result.errors and result.integrity == "ok"
    plan = plan_export(ReviewService(engine, ReviewStore(tmp_path / "during.sqlite"), LABELS_DIR, settings))
    assert len(plan.new_cases) == len(plan.claims_added) == 12  # every round's writes are exportable


def test_server_killed_mid_stream_and_restarted_loses_no_acknowledged_save(tmp_path, engine, settings):
    """The app as a Space starts it, API clients saving, SIGKILL twice mid-stream and a restart on
    the same file each time: every acknowledged save is there, the file is sound, and the server
    started after the last kill saves again."""
    from review_app.review.service import ReviewService
    from review_app.review.store import ReviewStore

    from .conftest import LABELS_DIR

    db = tmp_path / "server.sqlite"
    service = ReviewService(engine, ReviewStore(db), LABELS_DIR, settings)
    result = reliability.killed_server(db, tmp_path / "exports", kills=2, save=reliability.api_saver(service),
                                       clients=3)
    show(result)
    assert result.acknowledged >= 2 * 10 + 3 and result.found == result.acknowledged and result.lost == 0
    assert result.attempted >= result.acknowledged and not result.errors and result.integrity == "ok"
    assert "saves acknowledged after the last restart: 0;" not in result.notes + ";"
    saved = {j.id for j in ReviewStore(db).judgments(current_only=False)}
    assert len(saved) >= result.acknowledged  # a save cut off by a kill may be stored without its answer


def test_reviewers_pressing_submit_at_once_lose_nothing_and_see_their_own_progress(tmp_path, engine, settings):
    """Eight browsers press the Review tab's Submit together (the page's own event, as many at once
    as reviewers): every row is saved once per reviewer, each Submit shows that reviewer's own
    progress, and progress afterwards equals a fresh service's."""
    from concurrent.futures import ThreadPoolExecutor

    from review_app.review.service import ReviewService
    from review_app.review.store import ReviewStore

    from .conftest import LABELS_DIR, served_app
    from .test_server_access import call_event

    with served_app(tmp_path) as (url, context):
        case = context.service.case("canonical", "canonical-001")
        rows = context.service.rows(case, None)[:4]

        def reviewer(n: int) -> list[dict]:
            session, name = f"submit-{n}", f"rel-ui-{n}"
            return [call_event(url, {"elem_id": "save-judgment"},
                               ["canonical", case.id, row.key, name, row.gold_label or "supports",
                                row.gold_reason or "", "checked against the card"], session=session)
                    for row in rows]

        with ThreadPoolExecutor(8) as pool:
            outcomes = list(pool.map(reviewer, range(8)))
        counted = {n: context.service.progress("canonical", f"rel-ui-{n}") for n in range(8)}
    for n, submits in enumerate(outcomes):
        assert all(s["success"] and s["data"][0].startswith("Saved") for s in submits), submits
        assert f"you (rel-ui-{n}): {len(rows)} / " in submits[-1]["data"][2]
    saved = ReviewStore(tmp_path / "review.sqlite").judgments()
    assert sorted((j.reviewer, j.claim_id, j.chunk_id) for j in saved) == sorted(
        (f"rel-ui-{n}", row.claim_id, row.chunk_id) for n in range(8) for row in rows)
    fresh = ReviewService(engine, ReviewStore(tmp_path / "review.sqlite"), LABELS_DIR, settings)
    assert counted == {n: fresh.progress("canonical", f"rel-ui-{n}") for n in range(8)}
    assert {mine for mine, _, anyone in counted.values()} == {len(rows)} and counted[0][2] == len(rows)
