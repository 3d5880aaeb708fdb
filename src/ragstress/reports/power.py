"""Power notes for gates: how many seed questions a gate needs to notice a real drop.

The variance used is the one the report measured, clustering included: the squared
half-width of the 95% interval over 1.96² is the variance of the estimate, and times the
number of seed questions it is the per-seed variance. A one-sided test at level α with
power 1 − β then needs k = (z_α + z_β)² · σ²_seed / Δ² seed questions to tell a drop of Δ
from noise. The design effect (that variance over the one independent cases would give,
p(1 − p)/n for a rate) says how much the clustering costs.
"""

from __future__ import annotations

import math

from ragstress.reports.model import Estimate
from ragstress.reports.stats.intervals import Z_95

DEFAULT_DROP = 0.05
Z_ALPHA_ONE_SIDED = 1.6448536269514722  # α = 0.05
Z_POWER_80 = 0.8416212335729143  # β = 0.20


def seeds_needed(est: Estimate, drop: float = DEFAULT_DROP) -> int | None:
    """Seed questions needed to detect `drop` with 80% power at one-sided α = 0.05; None if unmeasurable."""
    if est.value is None or est.low is None or est.high is None or not est.n_clusters or drop <= 0:
        return None
    variance = ((est.high - est.low) / (2 * Z_95)) ** 2
    if variance <= 0:
        return None
    per_seed = variance * est.n_clusters
    return math.ceil((Z_ALPHA_ONE_SIDED + Z_POWER_80) ** 2 * per_seed / drop**2)


def design_effect(est: Estimate) -> float | None:
    """Measured variance of a rate over its variance with independent cases (None for graded or degenerate)."""
    if est.value is None or est.low is None or est.high is None or est.method == "none":
        return None
    n = est.n_scored + (est.n_target_errors if est.errors_counted else 0)
    naive = est.value * (1 - est.value) / n if n else 0.0
    if naive <= 0:
        return None
    return ((est.high - est.low) / (2 * Z_95)) ** 2 / naive


def power_note(est: Estimate, drop: float = DEFAULT_DROP) -> str:
    """One sentence for the report beside a gate."""
    needed = seeds_needed(est, drop)
    if needed is None:
        return (
            f"power: no spread measured on {est.n_clusters or 0} seed question(s); a drop of {drop:g} cannot be sized"
        )
    deff = design_effect(est)
    cases_per_seed = est.n / est.n_clusters if est.n_clusters else 1.0
    text = (
        f"power: detecting a drop of {drop:g} (80% power, one-sided 5%) needs about {needed} seed questions "
        f"(~{math.ceil(needed * cases_per_seed)} cases); this run has {est.n_clusters}"
    )
    return text + (f"; design effect {deff:.2f}" if deff is not None else "")
