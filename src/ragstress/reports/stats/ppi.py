"""Prediction-powered inference (PPI) for a judged metric's mean, and judge-label agreement.

A judge scores every case (N of them); people label a small random sample (n cases).
The judge's mean over all cases is precise but biased by however the judge errs; the
labels' mean is unbiased but noisy. PPI (Angelopoulos et al., Science 2023) adds the
two: the judge's mean over the unlabelled cases plus the mean correction (label minus
judge) measured on the labelled ones. The correction removes the judge's bias in
expectation, and its interval is narrower than the labels' alone whenever the judge
tracks the labels.

The judge's share can be weighted (PPI++, Angelopoulos, Duchi and Zrnic 2023: lambda =
cov(label, judge) / ((1 + n/N) var(judge)), clipped to [0, 1]). The weight tuned on the
same labels makes the interval too short at the label counts people write (coverage
0.92 at 100 labels of a 0.9 rate in our simulation), so the default is the classic
estimator (lambda = 1), which held 0.95 in every setting we simulated. Intervals use
Student's t with n - 1 degrees of freedom and are clipped to [0, 1] (every judged
metric is a share or a mean of values in [0, 1]). Variances can be clustered (cases of
one seed question are correlated): each cluster's summed deviation enters once; when
labelled and unlabelled cases share seeds their covariance is counted too, and the
degrees of freedom are the labelled seeds' count less one.

`ppi_mean_batch` takes many replications at once (rows of 2-D arrays) for simulation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ragstress.reports.stats.intervals import Z_95


def t_quantile_95(degrees: int) -> float:
    """Two-sided 95% quantile of Student's t: tabled below 5 degrees, else a Cornish-Fisher expansion (within 3e-2)."""
    if degrees < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if degrees < 5:
        return (12.7062, 4.3027, 3.1824, 2.7764)[degrees - 1]
    z, v = Z_95, float(degrees)
    return z + (z**3 + z) / (4 * v) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)


Weight = float | Literal["tuned"]
"""The judge's share in the estimate: a fixed lambda, or PPI++'s tuned one."""


@dataclass(frozen=True)
class PPIEstimate:
    """A calibrated mean with its 95% interval and the quantities behind it."""

    value: float
    low: float
    high: float
    std_error: float
    weight: float
    """lambda: how much the judge's unlabelled mean counts (0 = labels alone, 1 = classic PPI)."""
    n_labels: int
    n_unlabelled: int
    labels_only_std_error: float
    """Standard error of the labels' own mean: what the labels give without the judge."""
    effective_n: float | None
    """How many labels alone would give this precision (None when the estimate or the labels have no spread)."""


def _lambda(y: np.ndarray, f_l: np.ndarray, f_u: np.ndarray) -> np.ndarray:
    """Power-tuning weight per row (last axis = cases), clipped to [0, 1]."""
    n, big_n = y.shape[-1], f_u.shape[-1]
    f_all = np.concatenate([f_l, f_u], axis=-1)
    cov = ((y - y.mean(axis=-1, keepdims=True)) * (f_l - f_l.mean(axis=-1, keepdims=True))).sum(axis=-1) / max(n - 1, 1)
    var_f = f_all.var(axis=-1, ddof=1) if f_all.shape[-1] > 1 else np.zeros(f_all.shape[:-1])
    with np.errstate(divide="ignore", invalid="ignore"):
        weight = np.where(var_f > 0, cov / ((1 + n / big_n) * var_f), 0.0)
    return np.clip(weight, 0.0, 1.0)


def _mean_variance(x: np.ndarray, clusters: Sequence[str] | None = None) -> np.ndarray:
    """Variance of the mean of `x` along its last axis; clustered when `clusters` names each value's group."""
    n = x.shape[-1]
    if n < 2:
        return np.zeros(x.shape[:-1])
    if clusters is None:
        return x.var(axis=-1, ddof=1) / n
    if x.ndim != 1:
        raise ValueError("clustered variances take one replication at a time")
    _, group = np.unique(np.asarray(clusters), return_inverse=True)
    sums = np.bincount(group, weights=x - x.mean())
    groups = sums.size
    if groups < 2:
        return np.zeros(())
    # The usual small-sample factor G/(G-1); with one case per group this is var(ddof=1)/n.
    return np.asarray(groups / (groups - 1) * (sums**2).sum() / n**2)


def ppi_mean_batch(
    labels: np.ndarray, judged_labelled: np.ndarray, judged_unlabelled: np.ndarray, *, weight: Weight = 1.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(value, low, high) per row: the PPI estimate for each replication (unclustered)."""
    y, f_l, f_u = (np.atleast_2d(np.asarray(a, dtype=float)) for a in (labels, judged_labelled, judged_unlabelled))
    weight = _lambda(y, f_l, f_u) if weight == "tuned" else np.full(y.shape[0], float(weight))
    value, se = _combine(y, f_l, f_u, weight, None, None)
    half = t_quantile_95(y.shape[-1] - 1) * se
    return np.clip(value, 0, 1), np.clip(value - half, 0, 1), np.clip(value + half, 0, 1)


def _combine(y, f_l, f_u, weight, label_clusters, unlabelled_clusters):
    """Point estimate and standard error for weight(s) `weight` (one per row)."""
    weight = np.asarray(weight, dtype=float)
    residual = y - weight[..., None] * f_l
    value = weight * f_u.mean(axis=-1) + residual.mean(axis=-1)
    if label_clusters is not None and unlabelled_clusters is not None:
        return value, np.sqrt(_joint_clustered_variance(residual, f_u, weight, label_clusters, unlabelled_clusters))
    variance = weight**2 * _mean_variance(f_u, unlabelled_clusters) + _mean_variance(residual, label_clusters)
    return value, np.sqrt(variance)


def _joint_clustered_variance(residual, f_u, weight, label_clusters, unlabelled_clusters) -> float:
    """Variance of the estimate when labelled and unlabelled cases share seed questions.

    The two means are then correlated (a hard seed lowers both the judge's unlabelled mean and
    the labels), so the variance is not the sum of the two: each seed's contribution to the
    whole estimate (its share of the unlabelled mean's deviation plus its share of the mean
    correction's) enters once, with the small-sample factor G/(G-1) over the seeds.
    """
    names = np.asarray([*label_clusters, *unlabelled_clusters])
    _, group = np.unique(names, return_inverse=True)
    n, big_n = residual.size, f_u.size
    deviation = np.concatenate([(residual - residual.mean()) / n, float(weight) * (f_u - f_u.mean()) / big_n])
    contributions = np.bincount(group, weights=deviation)
    groups = contributions.size
    if groups < 2:
        return 0.0
    return float(groups / (groups - 1) * (contributions**2).sum())


def ppi_mean(
    labels: Sequence[float],
    judged_labelled: Sequence[float],
    judged_unlabelled: Sequence[float],
    *,
    label_clusters: Sequence[str] | None = None,
    unlabelled_clusters: Sequence[str] | None = None,
    weight: Weight = 1.0,
) -> PPIEstimate:
    """The PPI estimate of a mean in [0, 1].

    `labels[i]` and `judged_labelled[i]` are a person's and the judge's value for the same
    case; `judged_unlabelled` are the judge's values on the cases nobody labelled. At least
    two labels and one unlabelled case are needed. `weight` is the judge's share: 1 is
    classic PPI, 0 the labels alone, "tuned" PPI++'s lambda.
    """
    y, f_l, f_u = (np.asarray(a, dtype=float) for a in (labels, judged_labelled, judged_unlabelled))
    if y.shape != f_l.shape:
        raise ValueError("every label needs the judge's value for the same case")
    if y.size < 2 or f_u.size < 1:
        raise ValueError(f"PPI needs at least 2 labels and 1 unlabelled case (got {y.size} and {f_u.size})")
    weight = float(_lambda(y[None], f_l[None], f_u[None])[0]) if weight == "tuned" else float(weight)
    value, se = _combine(y, f_l, f_u, weight, label_clusters, unlabelled_clusters)
    value, se = float(value), float(se)
    labels_se = float(np.sqrt(_mean_variance(y, label_clusters)))
    # Labels without spread (all alike) say nothing about how many labels the judge is worth.
    effective = None if se == 0 or labels_se == 0 else y.size * (labels_se / se) ** 2
    # With seed clustering the labels are as many independent draws as their seeds, not their cases.
    degrees = (len(set(label_clusters)) if label_clusters is not None else y.size) - 1
    t = t_quantile_95(max(1, degrees))
    return PPIEstimate(
        value=min(1.0, max(0.0, value)),
        low=min(1.0, max(0.0, value - t * se)),
        high=min(1.0, max(0.0, value + t * se)),
        std_error=se,
        weight=weight,
        n_labels=int(y.size),
        n_unlabelled=int(f_u.size),
        labels_only_std_error=labels_se,
        effective_n=effective,
    )


@dataclass(frozen=True)
class Agreement:
    """How often the judge's pass/fail verdict matches the label's (both cut at 0.5)."""

    n: int
    accuracy: float
    kappa: float | None
    """Cohen's kappa; None when chance agreement is total (both sides gave one verdict only)."""


def agreement(first: Sequence[float], second: Sequence[float]) -> Agreement:
    """Raw agreement and Cohen's kappa between two raters' verdicts on the same cases."""
    if len(first) != len(second) or not first:
        raise ValueError("agreement needs the same, non-zero number of verdicts on both sides")
    a = np.asarray(first, dtype=float) >= 0.5
    b = np.asarray(second, dtype=float) >= 0.5
    observed = float(np.mean(a == b))
    p_a, p_b = a.mean(), b.mean()
    chance = float(p_a * p_b + (1 - p_a) * (1 - p_b))
    kappa = None if chance >= 1.0 else (observed - chance) / (1 - chance)
    return Agreement(n=len(first), accuracy=observed, kappa=kappa)
