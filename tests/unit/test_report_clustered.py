"""Intervals clustered by seed question: wider than naive ones on correlated data, and they cover."""

from __future__ import annotations

import numpy as np
import pytest

from ragstress.reports.stats.clustered import clustered_interval, clustered_paired_difference, design_effect
from ragstress.reports.stats.intervals import wilson_interval

TRUE_RATE = 0.7


def _correlated_runs(rng: np.random.Generator, replications: int, seeds: int, per_seed: int) -> np.ndarray:
    """Pass/fail values: each seed has its own pass probability (Beta, mean 0.7), shared by its cases."""
    p = rng.beta(1.4, 0.6, size=(replications, seeds))
    return (rng.random((replications, seeds, per_seed)) < p[..., None]).astype(float)


def test_clustered_intervals_cover_the_true_rate_and_naive_ones_do_not():
    seeds, per_seed = 50, 5
    values = _correlated_runs(np.random.default_rng(16), 200, seeds, per_seed)
    clusters = [f"seed-{i}" for i in range(seeds) for _ in range(per_seed)]
    clustered_hits = naive_hits = wider = 0
    for run in values.reshape(200, -1):
        clustered = clustered_interval(run.tolist(), clusters, binary_metric=True)
        naive = wilson_interval(int(run.sum()), run.size)
        assert clustered.method == "cluster_bootstrap" and clustered.value == pytest.approx(run.mean())
        clustered_hits += clustered.low <= TRUE_RATE <= clustered.high
        naive_hits += naive.low <= TRUE_RATE <= naive.high
        wider += (clustered.high - clustered.low) > (naive.high - naive.low)
    assert clustered_hits >= 0.93 * 200  # nominal 95%
    assert naive_hits < 0.88 * 200  # treating the 250 cases as independent overstates the evidence
    assert wider == 200


def test_wilson_only_when_every_seed_gives_one_case():
    assert clustered_interval([1, 0, 1, 1], ["a", "b", "c", "d"], binary_metric=True).method == "wilson"
    assert clustered_interval([1, 0, 1, 1], ["a", "a", "c", "d"], binary_metric=True).method == "cluster_bootstrap"
    assert clustered_interval([0.5, 0.2, 1.0], ["a", "b", "c"], binary_metric=True).method == "cluster_bootstrap"
    # Where resampling cannot vary (all alike, or one seed) the interval still says how little two seeds prove.
    same = clustered_interval([1, 1, 1], ["a", "a", "b"], binary_metric=True)
    assert same.method == "wilson" and same.value == same.high == 1.0 and same.low < 0.5
    one_seed = clustered_interval([1, 0, 0], ["a", "a", "a"], binary_metric=True)
    assert one_seed.value == pytest.approx(1 / 3) and one_seed.low <= one_seed.value <= one_seed.high
    assert one_seed.high - one_seed.low > 0.5
    with pytest.raises(ValueError):
        clustered_interval([1.0], ["a", "b"], binary_metric=True)


def test_design_effect_is_the_cluster_size_when_cases_of_a_seed_agree():
    values = [1.0] * 4 * 10 + [0.0] * 4 * 10  # 20 seeds, 4 identical cases each
    clusters = [f"s{i // 4}" for i in range(80)]
    assert design_effect(values, clusters) == pytest.approx(4 * 79 / 80 * 20 / 19, rel=1e-9)
    independent = [f"s{i}" for i in range(80)]
    assert design_effect(values, independent) == pytest.approx(1.0)


def test_paired_difference_by_seed_sees_a_planted_drop_and_not_an_absent_one():
    rng = np.random.default_rng(3)
    a = (rng.random(200) < 0.8).astype(float)
    clusters = [f"s{i // 5}" for i in range(200)]
    b = a.copy()
    b[:60] = 0.0  # 12 seeds lose every case
    worse = clustered_paired_difference(a.tolist(), b.tolist(), clusters)
    assert worse.difference < 0 and worse.high < 0 and worse.p_value < 0.01 and worse.n_clusters == 40
    same = clustered_paired_difference(a.tolist(), a.tolist(), clusters)
    assert same.difference == 0 and same.p_value == 1.0


def test_holm_adjusts_step_down_and_keeps_order():
    from ragstress.reports.regression import holm

    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.6, 0.6]) == [1.0, 1.0]


def test_large_runs_take_the_multinomial_path_with_the_same_width():
    # 2,000 seeds whose 3 cases always agree: the interval is that of 2,000 independent
    # cases, half-width 1.96 * sqrt(0.7 * 0.3 / 2000), not that of 6,000.
    seeds = (np.random.default_rng(5).random(2000) < 0.7).astype(float)
    values = np.repeat(seeds, 3).tolist()
    clusters = [f"s{i // 3}" for i in range(6000)]
    interval = clustered_interval(values, clusters, binary_metric=True)
    expected = 1.959963984540054 * np.sqrt(seeds.mean() * (1 - seeds.mean()) / 2000)
    assert (interval.high - interval.low) / 2 == pytest.approx(expected, rel=0.1)


def test_paired_differences_that_all_agree_get_an_interval_that_is_not_zero_width():
    # Before: the seed bootstrap cannot vary when every pair differs alike, so these printed [-1, -1] and [0, 0].
    seeds = [f"s{i}" for i in range(30)]
    dropped = clustered_paired_difference([1.0] * 30, [0.0] * 30, seeds)
    assert (dropped.difference, dropped.method) == (-1.0, "newcombe")
    assert dropped.low == -1.0 and round(dropped.high, 3) == -0.839  # Newcombe: Wilson's 30/30 margin, both rates
    two = clustered_paired_difference([1.0, 1.0], [0.0, 0.0], ["a", "b"])
    assert two.low == -1.0 and round(two.high, 3) == -0.070  # two seeds show little
    same = clustered_paired_difference([1.0] * 30, [1.0] * 30, seeds)
    assert same.difference == 0.0 and round(same.low, 3) == -0.114 and round(same.high, 3) == 0.114
    # Several pairs per seed, all alike: each seed weighs one pair, so the width is that of 10 seeds, not 30 pairs.
    clustered = clustered_paired_difference([1.0] * 30, [0.0] * 30, [f"s{i % 10}" for i in range(30)])
    assert round(clustered.high, 3) == round(clustered_paired_difference([1.0] * 10, [0.0] * 10, seeds[:10]).high, 3)
    assert clustered.high > dropped.high
    graded = clustered_paired_difference([0.8] * 30, [0.3] * 30, seeds)
    assert graded.method == "hoeffding" and graded.low < -0.5 < graded.high < 0


def test_newcombe_is_the_wilson_margins_combined_and_turns_over_with_the_runs():
    from ragstress.reports.stats.intervals import newcombe_paired_interval

    # Every pair goes from pass to fail: the rates are 1 and 0, so each end moves by one Wilson margin, squared and added.
    margin = 1 - wilson_interval(30, 30).low
    dropped = newcombe_paired_interval(both=0, a_only=30, b_only=0, neither=0)
    assert dropped.low == -1.0 and dropped.high == pytest.approx(-1 + (2 * margin**2) ** 0.5)
    # Swapping the runs negates the interval; a correlated table is narrower than the same rates uncorrelated.
    forward = newcombe_paired_interval(both=8, a_only=5, b_only=3, neither=14)
    backward = newcombe_paired_interval(both=8, a_only=3, b_only=5, neither=14)
    assert (forward.low, forward.high) == pytest.approx((-backward.high, -backward.low))
    assert forward.value == pytest.approx(-2 / 30) and forward.low < forward.value < forward.high
    loose = newcombe_paired_interval(both=13 * 11 / 30, a_only=13 * 19 / 30, b_only=17 * 11 / 30, neither=17 * 19 / 30)
    assert forward.high - forward.low < loose.high - loose.low
