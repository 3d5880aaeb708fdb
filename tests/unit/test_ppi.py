"""Prediction-powered inference: coverage under a biased judge, clustering, agreement."""

from __future__ import annotations

import numpy as np
import pytest

from ragstress.reports.stats.ppi import agreement, ppi_mean, ppi_mean_batch, t_quantile_95

TRUE_RATE = 0.6
SENSITIVITY, FALSE_POSITIVE = 0.9, 0.3  # the judge passes 90% of true passes and 30% of true fails
JUDGE_RATE = TRUE_RATE * SENSITIVITY + (1 - TRUE_RATE) * FALSE_POSITIVE  # 0.66: biased up by 0.06


def _replications(reps: int, n_labels: int, n_unlabelled: int, seed: int):
    rng = np.random.default_rng(seed)
    truth = (rng.random((reps, n_labels + n_unlabelled)) < TRUE_RATE).astype(float)
    draws = rng.random(truth.shape)
    judge = np.where(truth == 1, draws < SENSITIVITY, draws < FALSE_POSITIVE).astype(float)
    return truth, judge


def test_ppi_interval_covers_the_true_rate_where_the_biased_judge_misses_it():
    truth, judge = _replications(200, 100, 1000, seed=0)
    value, low, high = ppi_mean_batch(truth[:, :100], judge[:, :100], judge[:, 100:])
    covered = np.mean((low <= TRUE_RATE) & (TRUE_RATE <= high))
    assert covered >= 0.93, covered
    assert abs(value.mean() - TRUE_RATE) < 0.01  # unbiased across replications

    raw = judge.mean(axis=1)
    assert abs(raw.mean() - JUDGE_RATE) < 0.005 and raw.mean() - TRUE_RATE > 0.05
    raw_se = np.sqrt(raw * (1 - raw) / judge.shape[1])
    raw_covered = np.mean(np.abs(raw - TRUE_RATE) <= 1.96 * raw_se)
    assert raw_covered < 0.05, raw_covered  # the judge's own interval almost never holds the truth

    labels_only_width = 2 * 1.984 * np.sqrt(truth[:, :100].var(axis=1, ddof=1) / 100)
    assert np.mean(high - low) < np.mean(labels_only_width)  # the judge buys precision


def test_one_replication_matches_the_batch_and_reports_effective_n():
    truth, judge = _replications(1, 100, 1000, seed=3)
    single = ppi_mean(truth[0, :100], judge[0, :100], judge[0, 100:])
    value, low, high = ppi_mean_batch(truth[:, :100], judge[:, :100], judge[:, 100:])
    assert (single.value, single.low, single.high) == pytest.approx((value[0], low[0], high[0]))
    assert single.weight == 1.0 and single.n_labels == 100 and single.n_unlabelled == 1000
    assert single.effective_n > 100  # a judge that tracks the labels is worth more labels than were given


def test_zero_weight_is_the_labels_alone_and_a_tuned_weight_stays_in_range():
    y = [1, 0, 1, 1, 0, 1, 0, 1]
    alone = ppi_mean(y, [1] * 8, [1] * 50, weight=0.0)
    assert alone.value == pytest.approx(np.mean(y))
    assert alone.std_error == pytest.approx(np.std(y, ddof=1) / np.sqrt(8))
    tuned = ppi_mean(y, [1, 0, 1, 0, 0, 1, 1, 1], [1, 0] * 25, weight="tuned")
    assert 0.0 <= tuned.weight <= 1.0


def test_clustered_variance_widens_the_interval_when_cases_of_a_seed_agree():
    rng = np.random.default_rng(5)
    seed_truth = (rng.random(40) < 0.5).astype(float)
    y = np.repeat(seed_truth, 3)  # three cases per seed question, all alike
    f_l = y.copy()
    f_l[:6] = 1 - f_l[:6]
    f_u = np.repeat((rng.random(100) < 0.5).astype(float), 3)
    plain = ppi_mean(y, f_l, f_u)
    clustered = ppi_mean(
        y,
        f_l,
        f_u,
        label_clusters=[str(i // 3) for i in range(y.size)],
        unlabelled_clusters=[f"u{i // 3}" for i in range(f_u.size)],
    )
    assert clustered.value == pytest.approx(plain.value)
    assert clustered.std_error > 1.4 * plain.std_error


def test_ppi_refuses_too_little_data():
    with pytest.raises(ValueError, match="at least 2 labels"):
        ppi_mean([1.0], [1.0], [0.0, 1.0])
    with pytest.raises(ValueError, match="same case"):
        ppi_mean([1.0, 0.0], [1.0], [0.0])


def test_t_quantile_approaches_the_normal_one():
    assert t_quantile_95(1) == pytest.approx(12.706, abs=1e-3)
    assert t_quantile_95(29) == pytest.approx(2.0452, abs=1e-3)
    assert t_quantile_95(99) == pytest.approx(1.9842, abs=1e-3)
    assert t_quantile_95(10_000) == pytest.approx(1.96, abs=1e-3)


def test_agreement_and_kappa():
    perfect = agreement([1, 0, 1, 0], [1, 0, 1, 0])
    assert perfect.accuracy == 1.0 and perfect.kappa == 1.0
    # 8 of 10 agree; both raters pass half: chance agreement 0.5, kappa (0.8-0.5)/0.5 = 0.6
    half = agreement([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], [1, 1, 1, 1, 0, 1, 0, 0, 0, 0])
    assert half.accuracy == pytest.approx(0.8) and half.kappa == pytest.approx(0.6)
    one_sided = agreement([1, 1, 1], [1, 1, 1])
    assert one_sided.accuracy == 1.0 and one_sided.kappa is None
    assert agreement([0.9, 0.2], [1, 0]).accuracy == 1.0  # graded values cut at 0.5


def test_labels_without_spread_give_no_effective_sample_size():
    est = ppi_mean([0.0] * 12, [0.5, 0.75] * 6, [0.5, 0.75, 1.0] * 10)
    assert est.effective_n is None and est.low <= est.value <= est.high
    assert est.value == pytest.approx(0.75 - 0.625)  # judge mean 0.75 on unlabelled, corrected by -0.625
