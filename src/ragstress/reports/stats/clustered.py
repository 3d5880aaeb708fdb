"""Intervals and paired tests that respect the clustering of cases by seed question.

Every testbed derives several cases from one seed question (one per noise ratio, one
per language variant, ...). Those cases share the question's difficulty, so they are
correlated: treating them as independent draws makes an interval too narrow. Here the
seed question is the unit of resampling (a cluster bootstrap): each replicate draws
seeds with replacement and keeps all of a drawn seed's cases together; the statistic
is the ratio of summed values to summed case counts, which is the plain mean when
every seed contributes once.

Wilson's interval is kept for the one case where it is right: pass/fail values with a
single case per seed (independent observations), and so is its paired form (Newcombe's
interval) for paired pass/fail differences. Where resampling cannot vary (one seed, or
every case alike) an interval that still says how few seeds there were replaces the
bootstrap's zero-width one. See docs/statistics.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ragstress.reports.stats.intervals import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    Interval,
    is_binary,
    newcombe_paired_interval,
    wilson_interval,
)


def cluster_totals(values: Sequence[float], clusters: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Per-cluster sum of values and case count, clusters in first-seen order."""
    if len(values) != len(clusters):
        raise ValueError("every value needs its cluster id")
    index: dict[str, int] = {}
    codes = np.fromiter((index.setdefault(c, len(index)) for c in clusters), dtype=np.int64, count=len(clusters))
    sums = np.bincount(codes, weights=np.asarray(values, dtype=float), minlength=len(index))
    counts = np.bincount(codes, minlength=len(index)).astype(float)
    return sums, counts


def resampled_ratio_means(sums: np.ndarray, counts: np.ndarray, resamples: int, seed: int) -> np.ndarray:
    """Replicate means of a cluster bootstrap: clusters drawn with replacement, whole.

    Clusters with the same (sum, count) are interchangeable, and pass/fail metrics over a
    few cases per seed have only a handful of such kinds: drawing k clusters is then a
    multinomial over the kinds, far cheaper than drawing k indices per replicate on a
    large run and the same resampling. Otherwise each replicate draws k indices, in
    batches that bound the memory.
    """
    k = sums.size
    rng = np.random.default_rng(seed)
    kinds, frequency = np.unique(np.stack([sums, counts], axis=1), axis=0, return_counts=True)
    if kinds.shape[0] <= min(256, k // 4):  # few kinds among many clusters: the multinomial is cheaper
        draws = rng.multinomial(k, frequency / k, size=resamples).astype(float)
        return (draws @ kinds[:, 0]) / (draws @ kinds[:, 1])
    means = np.empty(resamples)
    batch = max(1, min(resamples, 4_000_000 // max(k, 1)))
    for start in range(0, resamples, batch):
        size = min(batch, resamples - start)
        drawn = rng.integers(0, k, size=(size, k))
        means[start : start + size] = sums[drawn].sum(axis=1) / counts[drawn].sum(axis=1)
    return means


def clustered_interval(
    values: Sequence[float],
    clusters: Sequence[str],
    *,
    binary_metric: bool,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = BOOTSTRAP_SEED,
) -> Interval:
    """95% interval for the mean of `values`, resampling whole clusters (seed questions).

    Pass/fail values with one case per cluster get Wilson's interval; everything else a
    percentile cluster bootstrap (method "cluster_bootstrap"), except pass/fail cells the
    bootstrap cannot vary (a single seed, or all alike), which get Wilson's interval over
    seeds (method "wilson").
    """
    if not values:
        raise ValueError("a mean needs at least one value")
    sums, counts = cluster_totals(values, clusters)
    mean = float(sums.sum() / counts.sum())
    if binary_metric and is_binary(values) and np.all(counts == 1):
        return wilson_interval(int(sums.sum()), int(counts.sum()))
    data = np.asarray(values, dtype=float)
    if sums.size == 1 or np.all(data == data[0]):
        if binary_metric and is_binary(values):
            # Resampling cannot vary here (one seed, or every case alike), yet 3/3 or one seed's
            # cases are no proof: Wilson's interval with each seed counted once says how little is known.
            wilson = wilson_interval(round(mean * sums.size), int(sums.size))
            return Interval(mean, min(wilson.low, mean), max(wilson.high, mean), "wilson")
        return bounded_mean_interval(data, int(sums.size))
    low, high = np.quantile(resampled_ratio_means(sums, counts, resamples, seed), [0.025, 0.975])
    return Interval(mean, float(low), float(high), "cluster_bootstrap")


def bounded_mean_interval(values: np.ndarray, n_clusters: int, alpha: float = 0.05) -> Interval:
    """Hoeffding's interval for a mean of values in a known range, with each seed counted once.

    For graded values the bootstrap cannot vary (one seed, or all alike): a zero-width
    interval would claim certainty, so this one is as wide as n seeds of a bounded score
    allow, whatever they showed (method "hoeffding"). Scores live in [0, 1]; a value outside
    widens the range to include it.
    """
    mean = float(values.mean())
    span = max(1.0, float(values.max())) - min(0.0, float(values.min()))
    half = span * float(np.sqrt(np.log(2 / alpha) / (2 * n_clusters)))
    low, high = max(min(0.0, float(values.min())), mean - half), min(max(1.0, float(values.max())), mean + half)
    return Interval(mean, low, high, "hoeffding")


def design_effect(values: Sequence[float], clusters: Sequence[str]) -> float:
    """Variance of the clustered mean over the variance it would have with independent cases.

    Uses the standard linearised variance of a ratio mean over clusters; 1.0 when the
    values do not vary or there is a single cluster (nothing to measure).
    """
    sums, counts = cluster_totals(values, clusters)
    k, n = sums.size, counts.sum()
    data = np.asarray(values, dtype=float)
    naive = data.var(ddof=1) / n if n > 1 else 0.0
    if k < 2 or naive <= 0:
        return 1.0
    mean = sums.sum() / n
    residuals = sums - mean * counts
    clustered = k / (k - 1) * float(np.sum(residuals**2)) / n**2
    return max(clustered / naive, 1e-9)


EXACT_FLIP_LIMIT = 16
"""Up to this many discordant seeds the sign-flip test enumerates every flip (2**16 = 65,536)."""
RANDOM_FLIPS = 20_000


@dataclass(frozen=True)
class ClusteredDifference:
    """Mean of B − A over paired cases, with a cluster-bootstrap interval and a sign-flip p over seeds."""

    n_pairs: int
    n_clusters: int
    difference: float
    low: float
    high: float
    p_value: float
    n_discordant: int = 0
    """Seeds whose cases differ between the runs: the only ones that carry evidence."""
    min_p: float = 1.0
    """The smallest p the test could give on these seeds: above alpha, no difference can be significant."""
    method: str = "cluster_bootstrap"
    """How the interval was made: cluster_bootstrap, newcombe (paired pass/fail) or hoeffding (see below)."""


def sign_flip_p(seed_sums: np.ndarray, *, flips: int = RANDOM_FLIPS, seed: int = BOOTSTRAP_SEED) -> tuple[float, float]:
    """Two-sided p of a paired permutation test over seeds, and the smallest p attainable.

    Under "no difference" each seed's summed difference B − A is as likely to have the
    other sign (the runs' labels are exchangeable within a seed). The p-value is the share
    of sign assignments whose total is at least as far from 0 as the observed one: exact
    (every assignment) for up to EXACT_FLIP_LIMIT discordant seeds, otherwise estimated from
    `flips` random ones, counting the observed assignment, so it is never 0. Seeds with no
    difference change nothing and are left out. One seed going from pass to fail gives
    p = 1; five all in one direction give 2/32 = 0.0625.
    """
    d = seed_sums[seed_sums != 0]
    m = d.size
    if m == 0:
        return 1.0, 1.0
    observed = abs(float(d.sum()))
    tolerance = 1e-9 * max(1.0, observed)
    if m <= EXACT_FLIP_LIMIT:
        signs = 1 - 2 * ((np.arange(2**m)[:, None] >> np.arange(m)) & 1)
        totals = np.abs(signs @ d)
        return float(np.mean(totals >= observed - tolerance)), 2.0 / 2**m
    rng = np.random.default_rng(seed)
    hits = 0
    for start in range(0, flips, 2000):
        signs = rng.choice((-1.0, 1.0), size=(min(2000, flips - start), m))
        hits += int(np.sum(np.abs(signs @ d) >= observed - tolerance))
    return (hits + 1) / (flips + 1), 1.0 / (flips + 1)


def clustered_paired_difference(
    a: Sequence[float],
    b: Sequence[float],
    clusters: Sequence[str],
    *,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = BOOTSTRAP_SEED,
) -> ClusteredDifference:
    """Paired difference resampled by seed question, tested by flipping signs over seeds.

    The interval is a cluster bootstrap of the mean difference; the p-value comes from the
    sign-flip test over seeds (`sign_flip_p`), which stays valid with a handful of seeds where
    a bootstrap p would not: a difference the same for every pair is no longer "certain".

    As for a rate, the bootstrap gives way where its assumption fails or it cannot vary:
    pass/fail pairs with one pair per seed get Newcombe's interval (the paired form of
    Wilson's), and so do pass/fail pairs whose differences are all alike, with each seed
    counted once; graded differences all alike get Hoeffding's interval for a mean of values
    in [-1, 1] over the seeds. Thirty seeds all going from pass to fail print -1.000 [-1.000,
    -0.839], not a zero-width [-1.000, -1.000].
    """
    if len(a) != len(b) or not a:
        raise ValueError("paired scores need the same, non-zero number of values on both sides")
    first, second = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    deltas = second - first
    sums, counts = cluster_totals(deltas.tolist(), clusters)
    difference = float(deltas.mean())
    p, min_p = sign_flip_p(sums, seed=seed)
    found = (len(a), sums.size, difference)
    tested = (p, int(np.count_nonzero(sums)), min_p)
    binary = is_binary(a) and is_binary(b)
    alike = sums.size == 1 or bool(np.all(deltas == deltas[0]))
    if binary and (alike or np.all(counts == 1)):
        newcombe = _seed_newcombe(first, second, clusters, counts)
        return ClusteredDifference(*found, newcombe.low, newcombe.high, *tested, method="newcombe")
    if alike:
        low, high = _bounded_difference(difference, int(sums.size))
        return ClusteredDifference(*found, low, high, *tested, method="hoeffding")
    means = resampled_ratio_means(sums, counts, resamples, seed)
    low, high = (float(x) for x in np.quantile(means, [0.025, 0.975]))
    return ClusteredDifference(*found, low, high, *tested)


def _seed_newcombe(a: np.ndarray, b: np.ndarray, clusters: Sequence[str], counts: np.ndarray) -> Interval:
    """Newcombe's interval over the 2x2 table of paired outcomes, each seed weighing one pair.

    A seed of m pairs adds 1/m of a pair per pair, so the table's total is the number of seeds:
    the interval is as wide as the seeds (not the correlated cases) allow.
    """
    index: dict[str, int] = {}
    codes = np.fromiter((index.setdefault(c, len(index)) for c in clusters), dtype=np.int64, count=len(clusters))
    weight = 1.0 / counts[codes]
    cells = [float(np.sum(weight * mask)) for mask in (a * b, a * (1 - b), (1 - a) * b, (1 - a) * (1 - b))]
    return newcombe_paired_interval(*cells)


def _bounded_difference(difference: float, n_clusters: int, alpha: float = 0.05) -> tuple[float, float]:
    """Hoeffding's bounds for a mean difference of values in [0, 1] (range 2), each seed counted once."""
    half = 2.0 * float(np.sqrt(np.log(2 / alpha) / (2 * n_clusters)))
    return max(min(-1.0, difference), difference - half), min(max(1.0, difference), difference + half)
