"""Passage counts that make a case's noise ratio true, and an account of ratios no seed could reach.

RGB fills five passages with `ceil(5 x ratio)` noise and the rest positives. On a
real corpus a fact often sits in one or two chunks, so the positives run out and a
case labelled 0.2 would hold 1 positive : 1 noise. Here the counts are chosen per
seed: the largest passage count (at most `n_passages`) whose noise share equals
the requested ratio exactly, using no more positives and noise than the seed has.

A ratio a seed cannot reach exactly is dropped (`policy="drop"`, the default), or
replaced by the nearest reachable ratio not already taken by another ratio of the
same seed (`policy="nearest"`); the case then records the ratio it achieved in
`noise_ratio` and the configured one in `noise_ratio_requested`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

RatioPolicy = Literal["drop", "nearest"]
RATIO_POLICIES: tuple[str, ...] = ("drop", "nearest")


@dataclass(frozen=True)
class PassagePlan:
    """How many positives and noise passages one case holds, and the ratio that gives."""

    n_positive: int
    n_noise: int
    requested: float

    @property
    def achieved(self) -> float:
        """n_noise / n_passages, rounded to 4 places so equal shares compare equal."""
        return round(self.n_noise / (self.n_positive + self.n_noise), 4)

    @property
    def exact(self) -> bool:
        return Fraction(self.n_noise, self.n_positive + self.n_noise) == Fraction(self.requested).limit_denominator(
            1000
        )


@functools.lru_cache(maxsize=4096)  # asked again for every ratio of every seed, with a few distinct counts
def _candidates(positives: int, noise: int, n_passages: int, min_positive: int) -> tuple[tuple[int, int], ...]:
    """Every (n_positive, n_noise) within the limits, largest passage count first."""
    # No more noise than could fit: a corpus of thousands of noise chunks gives the same pairs as n_passages.
    noise = min(noise, n_passages)
    pairs = [
        (p, q) for p in range(max(1, min_positive), positives + 1) for q in range(0, noise + 1) if p + q <= n_passages
    ]
    return tuple(sorted(pairs, key=lambda pq: (-(pq[0] + pq[1]), -pq[0])))


def exact_plan(ratio: float, positives: int, noise: int, n_passages: int, min_positive: int = 1) -> PassagePlan | None:
    """The counts whose noise share equals `ratio` exactly, most passages first; None when out of reach.

    `positives` and `noise` are how many answer-bearing and answer-free chunks the seed
    can draw on; `min_positive` keeps one positive per required fact.
    """
    wanted = Fraction(ratio).limit_denominator(1000)
    for p, q in _candidates(positives, noise, n_passages, min_positive):
        if Fraction(q, p + q) == wanted:
            return PassagePlan(p, q, ratio)
    return None


def plan_ratios(
    ratios: tuple[float, ...],
    positives: int,
    noise: int,
    n_passages: int,
    *,
    min_positive: int = 1,
    policy: RatioPolicy = "drop",
) -> list[PassagePlan]:
    """One plan per reachable ratio, in the order of `ratios` (see the module docstring for `policy`)."""
    plans: dict[float, PassagePlan] = {}
    for ratio in ratios:
        plan = exact_plan(ratio, positives, noise, n_passages, min_positive)
        if plan is not None:
            plans[ratio] = plan
    if policy == "nearest":
        taken = {plan.achieved for plan in plans.values()}
        for ratio in ratios:
            if ratio in plans:
                continue
            options = [PassagePlan(p, q, ratio) for p, q in _candidates(positives, noise, n_passages, min_positive)]
            # Noise-free stays noise-free and noisy stays noisy; a share another ratio already shows is no new point.
            options = [o for o in options if (o.n_noise > 0) == (ratio > 0) and o.achieved not in taken]
            if options:
                best = min(options, key=lambda o: (abs(o.achieved - ratio), -(o.n_positive + o.n_noise)))
                plans[ratio] = best
                taken.add(best.achieved)
    return [plans[r] for r in ratios if r in plans]


def ratios_requested(seeds: list, testbeds: list[str], settings) -> dict:
    """Per ratio testbed, the ratios the settings ask for and how many seeds could hold each (for ratio_coverage)."""
    singles = sum(len(s.answers) == 1 for s in seeds)
    wanted = {
        "noise": (settings.noise_ratios, singles),
        "integration": (settings.integration_ratios, len(seeds) - singles),
    }
    return {tb: {f"{r:g}": n for r in ratios} for tb, (ratios, n) in wanted.items() if tb in testbeds}


def ratio_coverage(requested: dict[str, dict[str, int]], cases: list) -> dict[str, dict[str, dict[str, int]]]:
    """Per testbed and requested ratio: seeds that asked for it, cases made exactly, made at another ratio, dropped.

    `requested[testbed][ratio_label]` is how many seeds the testbed tried at that ratio.
    """
    made: dict[str, dict[str, dict[str, int]]] = {}
    for testbed, per_ratio in requested.items():
        made[testbed] = {label: {"seeds": n, "exact": 0, "nearest": 0, "dropped": n} for label, n in per_ratio.items()}
    for case in cases:
        if case.testbed not in made or "style" in case.params:
            continue
        requested_ratio = case.params.get("noise_ratio_requested", case.params.get("noise_ratio"))
        row = made[case.testbed].get(f"{requested_ratio:g}")
        if row is None:
            continue
        row["nearest" if "noise_ratio_requested" in case.params else "exact"] += 1
        row["dropped"] -= 1
    return made
