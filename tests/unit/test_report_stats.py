"""Confidence intervals and paired tests, checked against values computed by hand."""

from __future__ import annotations

import math

import pytest

from ragstress.reports.stats.intervals import (
    bootstrap_mean_interval,
    interval_for,
    mcnemar_exact_p,
    paired_difference,
    wilson_interval,
)


def test_wilson_seven_of_ten_matches_the_hand_computation():
    # p = 0.7, z² = 3.8415: centre (0.7 + 0.19207) / 1.38415 = 0.64449,
    # half-width 1.95996 / 1.38415 * sqrt(0.021 + 0.0096037) = 0.24771.
    interval = wilson_interval(7, 10)
    assert interval.value == pytest.approx(0.7)
    assert interval.low == pytest.approx(0.39678, abs=5e-5)
    assert interval.high == pytest.approx(0.89221, abs=5e-5)
    assert interval.method == "wilson"


def test_wilson_stays_inside_the_unit_interval_at_the_ends():
    none, every = wilson_interval(0, 10), wilson_interval(10, 10)
    assert none.low == 0.0 and none.high == pytest.approx(0.27753, abs=5e-5)
    assert every.high == 1.0 and every.low == pytest.approx(1 - 0.27753, abs=5e-5)


@pytest.mark.parametrize("k, n", [(1, 0), (-1, 5), (6, 5)])
def test_wilson_refuses_impossible_counts(k, n):
    with pytest.raises(ValueError):
        wilson_interval(k, n)


def test_bootstrap_is_reproducible_with_a_seed_and_depends_on_it():
    values = [0.1, 0.4, 0.35, 0.8, 0.9, 0.55, 0.2, 0.65]
    first, again = bootstrap_mean_interval(values, seed=7), bootstrap_mean_interval(values, seed=7)
    other = bootstrap_mean_interval(values, seed=8)
    assert first == again
    assert (other.low, other.high) != (first.low, first.high)
    assert first.value == pytest.approx(sum(values) / len(values))
    assert first.low < first.value < first.high
    assert first.method == "bootstrap"


def test_bootstrap_of_a_constant_or_single_value_is_a_point():
    assert bootstrap_mean_interval([0.5]) == bootstrap_mean_interval([0.5, 0.5, 0.5])
    assert bootstrap_mean_interval([0.5]).low == bootstrap_mean_interval([0.5]).high == 0.5
    with pytest.raises(ValueError):
        bootstrap_mean_interval([])


def test_interval_for_chooses_wilson_only_for_pass_fail_values():
    assert interval_for([1, 0, 1], binary_metric=True).method == "wilson"
    assert interval_for([1, 0.5, 1], binary_metric=True).method == "bootstrap"
    assert interval_for([1, 0, 1], binary_metric=False).method == "bootstrap"


def test_mcnemar_exact_p_on_small_tables():
    # b=1, c=6: 2 * (C(7,0) + C(7,1)) / 2^7 = 16/128.
    assert mcnemar_exact_p(1, 6) == pytest.approx(0.125)
    assert mcnemar_exact_p(6, 1) == pytest.approx(0.125)
    assert mcnemar_exact_p(0, 10) == pytest.approx(2 / 1024)
    assert mcnemar_exact_p(5, 5) == 1.0
    assert mcnemar_exact_p(0, 0) == 1.0
    # b=2, c=9: 2 * (1 + 11 + 55) / 2048.
    assert mcnemar_exact_p(2, 9) == pytest.approx(134 / 2048)


def test_paired_difference_counts_discordant_pairs_and_orients_b_minus_a():
    a = [1, 1, 1, 1, 1, 1, 1, 0, 1, 1]
    b = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    result = paired_difference(a, b, seed=3)
    assert (result.n_pairs, result.a_only, result.b_only) == (10, 6, 0)
    assert result.difference == pytest.approx(-0.6)
    assert result.high < 0
    assert result.mcnemar_p == pytest.approx(2 / 64)
    assert paired_difference(a, b, seed=3) == result


def test_paired_difference_of_graded_scores_has_no_mcnemar():
    result = paired_difference([0.2, 0.4, 0.6], [0.3, 0.5, 0.9])
    assert result.mcnemar_p is None
    assert math.isclose(result.difference, (0.1 + 0.1 + 0.3) / 3)
    with pytest.raises(ValueError):
        paired_difference([1.0], [])


@pytest.mark.parametrize("values", [[0.0, 1.0] * 50, [i / 99 for i in range(100)]])
def test_bootstrap_agrees_with_the_normal_approximation_on_a_large_sample(values):
    # Few distinct values take the multinomial shortcut, many take index resampling: both
    # must give the textbook interval mean ± 1.96 · sd / sqrt(n) on a large symmetric sample.
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / n)
    interval = bootstrap_mean_interval(values)
    assert interval.low == pytest.approx(mean - 1.96 * sd / math.sqrt(n), abs=0.015)
    assert interval.high == pytest.approx(mean + 1.96 * sd / math.sqrt(n), abs=0.015)
