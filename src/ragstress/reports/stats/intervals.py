"""Confidence intervals and paired tests used by the report and the comparison.

- Proportions (pass/fail metrics) get a Wilson score interval: unlike the normal
  approximation it stays inside [0, 1] and behaves at 0/n and n/n.
- Means of graded metrics get a percentile bootstrap with a fixed seed, so the same
  scores always give the same interval.
- Two runs on the same cases are compared pairwise: a paired bootstrap of the mean
  difference, and McNemar's exact test when both metrics are pass/fail. Paired pass/fail
  outcomes with one pair per seed get Newcombe's interval for the difference of paired
  proportions, built from the two rates' Wilson intervals.

Nothing here ever sees an unscored value: callers pass only scored values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Z_95 = 1.959963984540054
"""Two-sided 95% quantile of the standard normal."""
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 20240917
"""Fixed so that a report rebuilt from the same scores shows the same intervals."""


@dataclass(frozen=True)
class Interval:
    """A point estimate with its 95% interval and the method that produced it."""

    value: float
    low: float
    high: float
    method: str


def wilson_interval(successes: int, n: int, z: float = Z_95) -> Interval:
    """Wilson score interval for `successes` out of `n` (n must be positive)."""
    if n <= 0:
        raise ValueError("a proportion needs at least one observation")
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} outside 0..{n}")
    p = successes / n
    low, high = _wilson_bounds(p, n, z)
    return Interval(p, low, high, "wilson")


def _wilson_bounds(p: float, n: float, z: float = Z_95) -> tuple[float, float]:
    """Wilson's score bounds for a proportion p observed over n (n may be a weighted count)."""
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(max(0.0, p * (1 - p)) / n + z2 / (4 * n * n))
    # At 0/n and n/n the exact end is 0 or 1; floating point lands a hair off it.
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return low, high


def newcombe_paired_interval(both: float, a_only: float, b_only: float, neither: float, z: float = Z_95) -> Interval:
    """95% interval for B's pass rate minus A's over paired pass/fail outcomes (Newcombe 1998, method 10).

    The four counts are the pairs where both passed, only A, only B, neither. Each rate gets
    its Wilson interval; the difference's bounds combine their distances from the rates,
    corrected by the pairs' correlation φ (a "square-and-add" interval). It cannot be zero-width
    when the pairs all agree: 30 pairs all going from pass to fail give -1 [-1, -0.839], two
    give [-1, -0.070]. Counts may be fractional (a seed counted once over its pairs).
    """
    n = both + a_only + b_only + neither
    if n <= 0:
        raise ValueError("a paired difference needs at least one pair")
    p_a, p_b = (both + a_only) / n, (both + b_only) / n
    low_a, high_a = _wilson_bounds(p_a, n, z)
    low_b, high_b = _wilson_bounds(p_b, n, z)
    margins = (both + a_only) * (b_only + neither) * (both + b_only) * (a_only + neither)
    # Newcombe's correlation with his continuity correction: a positive cross-product loses n/2 first.
    cross = both * neither - a_only * b_only
    cross = max(0.0, cross - n / 2) if cross > 0 else cross
    phi = min(1.0, max(-1.0, cross / math.sqrt(margins))) if margins > 0 else 0.0
    difference = p_b - p_a
    below = math.sqrt(max(0.0, (p_b - low_b) ** 2 - 2 * phi * (p_b - low_b) * (high_a - p_a) + (high_a - p_a) ** 2))
    above = math.sqrt(max(0.0, (high_b - p_b) ** 2 - 2 * phi * (high_b - p_b) * (p_a - low_a) + (p_a - low_a) ** 2))
    return Interval(difference, max(-1.0, difference - below), min(1.0, difference + above), "newcombe")


def bootstrap_mean_interval(
    values: Sequence[float], *, resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED
) -> Interval:
    """Percentile bootstrap interval for the mean of `values` (at least one value)."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        raise ValueError("a mean needs at least one value")
    mean = float(data.mean())
    if data.size == 1 or np.all(data == data[0]):
        return Interval(mean, mean, mean, "bootstrap")
    means = _resampled_means(data, resamples, seed)
    low, high = np.quantile(means, [0.025, 0.975])
    return Interval(mean, float(low), float(high), "bootstrap")


def _resampled_means(data: np.ndarray, resamples: int, seed: int) -> np.ndarray:
    """Means of `resamples` samples drawn with replacement from `data`."""
    rng = np.random.default_rng(seed)
    values, counts = np.unique(data, return_counts=True)
    if values.size <= 64:
        # How often each distinct value is drawn is multinomial: the same resampling as
        # drawing indices, and far cheaper for judge scores, which take few distinct values.
        return rng.multinomial(data.size, counts / data.size, size=resamples) @ values / data.size
    # In batches, so that a cell of many thousand cases never holds resamples x n indices at once.
    batch = max(1, min(resamples, 2_000_000 // data.size))
    means = [
        data[rng.integers(0, data.size, size=(min(batch, resamples - done), data.size))].mean(axis=1)
        for done in range(0, resamples, batch)
    ]
    return np.concatenate(means)


def is_binary(values: Sequence[float]) -> bool:
    """Whether every value is exactly 0 or 1 (a pass/fail metric)."""
    return all(v in (0.0, 1.0) for v in values)


def interval_for(values: Sequence[float], *, binary_metric: bool) -> Interval:
    """Wilson for a pass/fail metric whose values are all 0/1, bootstrap for anything else."""
    if binary_metric and is_binary(values):
        return wilson_interval(int(sum(values)), len(values))
    return bootstrap_mean_interval(values)


@dataclass(frozen=True)
class PairedDifference:
    """B minus A over cases both runs scored, with a bootstrap interval and McNemar's p."""

    n_pairs: int
    mean_a: float
    mean_b: float
    difference: float
    low: float
    high: float
    mcnemar_p: float | None
    """Exact two-sided McNemar p-value when both sides are pass/fail, else None."""
    a_only: int
    """Pairs where A passed and B failed (McNemar's discordant count for A)."""
    b_only: int


def paired_difference(
    a: Sequence[float], b: Sequence[float], *, resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED
) -> PairedDifference:
    """Compare paired scores (a[i] and b[i] belong to the same case)."""
    if len(a) != len(b) or not a:
        raise ValueError("paired scores need the same, non-zero number of values on both sides")
    first, second = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    deltas = second - first
    difference = float(deltas.mean())
    if np.all(deltas == deltas[0]):
        low = high = difference
    else:
        low, high = (float(x) for x in np.quantile(_resampled_means(deltas, resamples, seed), [0.025, 0.975]))
    a_only = b_only = 0
    p_value = None
    if is_binary(a) and is_binary(b):
        a_only = int(np.sum((first == 1) & (second == 0)))
        b_only = int(np.sum((first == 0) & (second == 1)))
        p_value = mcnemar_exact_p(a_only, b_only)
    return PairedDifference(
        len(a), float(first.mean()), float(second.mean()), difference, low, high, p_value, a_only, b_only
    )


def mcnemar_exact_p(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value from the two discordant counts.

    Under the null each discordant pair goes either way with probability 1/2, so the
    smaller count is Binomial(b + c, 1/2); the p-value doubles its lower tail.
    """
    if b < 0 or c < 0:
        raise ValueError("discordant counts cannot be negative")
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1)) / 2**n
    return min(1.0, 2 * tail)
