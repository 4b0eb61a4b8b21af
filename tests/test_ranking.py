import numpy as np
import pytest

from review_app.engine import ranking


def test_max_normalize_masks_ineligible():
    scores = np.array([2.0, 4.0, 8.0])
    out = ranking.max_normalize(scores, np.array([True, True, False]))
    np.testing.assert_allclose(out, [0.5, 1.0, 0.0])
    assert ranking.max_normalize(np.zeros(3), np.ones(3, bool)).max() == 0


def test_fuse_by_mode_and_unknown_mode():
    a, b = np.array([1.0, 0.0]), np.array([0.0, 1.0])
    np.testing.assert_allclose(ranking.fuse(a, b, "bm25", 0.5, 0.5), a)
    np.testing.assert_allclose(ranking.fuse(a, b, "semantic", 0.5, 0.5), b)
    np.testing.assert_allclose(ranking.fuse(a, b, "hybrid", 0.5, 0.5), [0.5, 0.5])
    with pytest.raises(ValueError, match="bm25, semantic, hybrid"):
        ranking.fuse(a, b, "dense", 0.5, 0.5)


def test_top_k_breaks_ties_by_chunk_order_and_skips_ineligible():
    scores = np.array([0.5, 0.9, 0.5, 1.0])
    assert ranking.top_k(scores, np.array([True, True, True, False]), 3).tolist() == [1, 0, 2]


def test_age_overlap():
    hit = ranking.age_overlap([(48, 48)], np.array([40, 75]), np.array([74, 130]), np.array([0, 2]), 3)
    assert hit.tolist() == [1.0, 0.0, 0.0]


ORGS = ["A", "A", "A", "A", "B", "C"]


def test_diversify_keeps_one_organization_from_crowding_out_others():
    scores = np.array([1.0, 0.9, 0.8, 0.7, 0.2, 0.1])
    eligible = np.ones(6, bool)
    plain = ranking.top_k(scores, eligible, 3)
    assert plain.tolist() == [0, 1, 2]
    diverse = ranking.diversify(scores, eligible, [ORGS], 3)
    assert sorted(diverse.tolist()) == [0, 4, 5]
    assert diverse.tolist() == [0, 4, 5]  # shown in score order


def test_diversify_fills_by_score_and_skips_zero_score_groups():
    scores = np.array([1.0, 0.9, 0.8, 0.7, 0.0, 0.3])
    out = ranking.diversify(scores, np.ones(6, bool), [ORGS], 4)
    assert out.tolist() == [0, 1, 2, 5]  # B scored 0: no reserved place


def test_second_round_reserves_sources_of_named_organizations():
    scores = np.array([1.0, 0.9, 0.8, 0.2, 0.5, 0.4])
    sources = ["a1", "a1", "a1", "a2", "", ""]
    out = ranking.diversify(scores, np.ones(6, bool), [ORGS, sources], 4)
    assert 3 in out.tolist()  # a2, the organization's other source, made the cut
    assert set(out.tolist()) == {0, 3, 4, 5}


def test_diversify_respects_k_and_eligibility():
    scores = np.array([1.0, 0.9, 0.8, 0.7, 0.6, 0.5])
    out = ranking.diversify(scores, np.array([True] * 4 + [False, True]), [ORGS], 2)
    assert out.tolist() == [0, 5]
