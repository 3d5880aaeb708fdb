"""`compare --fail-on-regression`: is any selected metric significantly worse in a later run?

Each later run (B) is tested against the baseline (A) on the cases both hold, one row
per compared metric and testbed group: the paired difference B − A resampled by seed
question (cases of one seed move together) with a bootstrap interval, the p-value of a
sign-flip permutation test over seeds (exact for few discordant seeds: one seed going
from pass to fail can never regress), and Holm's step-down correction across the rows of
that pair of runs, so comparing a dozen metrics does not turn noise into a regression. A
row regresses when B is worse and its Holm-adjusted p is below `alpha`; a row whose seeds
cannot reach significance at all says so.

As in the report, a case the target failed on counts as a failure of that side (its
metric's worst value) unless errors are excluded; either way each row says how many
pairs each side lost to target errors, and how many were dropped for having no score.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from ragstress.reports.compare import PAIRED_METRICS, CompareError, _restrict, _shared_cases, _unique_names
from ragstress.reports.pairing import paired_scores
from ragstress.reports.reading.metric_table import info_for, registry_table
from ragstress.reports.reading.rundir import RunData, load_run
from ragstress.reports.reading.scoring import ROLE_METRICS
from ragstress.reports.stats.clustered import clustered_paired_difference

DEFAULT_ALPHA = 0.05


class RegressionRow(BaseModel):
    """B against A on one metric and testbed group, clustered by seed question."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    """metric@dimension, the name `--regression-metric` selects by."""
    run_a: str
    run_b: str
    n_pairs: int
    n_seeds: int
    a_errors: int
    """Pairs where A's target failed (counted as A failing unless errors are excluded)."""
    b_errors: int
    dropped: int
    """Pairs left out: a side has no score, or a target error while errors are excluded."""
    difference: float | None
    low: float | None
    high: float | None
    p_value: float | None
    p_holm: float | None
    worse: bool
    regressed: bool
    n_discordant: int = 0
    """Seeds whose paired cases differ between the runs (the sign-flip test's sample size)."""
    min_p: float | None = None
    """The smallest p these seeds allow; above alpha the row cannot reach significance at all."""


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the input order (monotone, capped at 1)."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def _row(
    a: RunData,
    b: RunData,
    names: tuple[str, str],
    key: str,
    metric: str,
    testbeds: tuple[str, ...],
    errors_as_failures: bool,
) -> RegressionRow | None:
    table = registry_table()
    lower_better = not info_for(metric, table).higher_is_better
    pairs = paired_scores(
        a, b, (c for c in a.cases if c.testbed in testbeds), metric, table, errors_as_failures=errors_as_failures
    )
    clusters, dropped, a_errors, b_errors = pairs.seeds, pairs.dropped, pairs.a_errors, pairs.b_errors
    if not pairs.a and not dropped:
        return None  # the metric never applied here in either run
    base = dict(
        key=key,
        run_a=names[0],
        run_b=names[1],
        n_pairs=len(pairs.a),
        n_seeds=len(set(clusters)),
        a_errors=a_errors,
        b_errors=b_errors,
        dropped=dropped,
    )
    if not pairs.a:
        return RegressionRow(
            **base, difference=None, low=None, high=None, p_value=None, p_holm=None, worse=False, regressed=False
        )
    d = clustered_paired_difference(pairs.a, pairs.b, clusters)
    worse = d.difference > 0 if lower_better else d.difference < 0
    return RegressionRow(
        **base,
        difference=d.difference,
        low=d.low,
        high=d.high,
        p_value=d.p_value,
        p_holm=None,
        worse=worse,
        regressed=False,
        n_discordant=d.n_discordant,
        min_p=d.min_p,
    )


def selectable_keys() -> list[str]:
    """Every metric@dimension a regression check can select."""
    return [f"{ROLE_METRICS.get(role, role)}@{dimension}" for dimension, role, _ in PAIRED_METRICS]


def check_regressions(
    run_dirs: list[Path],
    *,
    selected: list[str] | None = None,
    strict: bool = False,
    alpha: float = DEFAULT_ALPHA,
    errors_as_failures: bool = True,
) -> list[RegressionRow]:
    """Rows for every later run against the first; raises CompareError on unusable input or an unknown key."""
    known = selectable_keys()
    unknown = [k for k in selected or [] if k not in known]
    if unknown:
        raise CompareError(f"unknown regression metric {', '.join(unknown)} (choose from: {', '.join(known)})")
    runs = [load_run(Path(d)) for d in run_dirs]
    shared, _ = _shared_cases(runs, strict)
    restricted = [_restrict(r, set(shared)) for r in runs]
    names = _unique_names([Path(d).resolve().name for d in run_dirs])
    rows: list[RegressionRow] = []
    for i in range(1, len(runs)):
        rows += regression_rows(
            restricted[0],
            restricted[i],
            (names[0], names[i]),
            selected,
            alpha=alpha,
            errors_as_failures=errors_as_failures,
        )
    return rows


def regression_rows(
    a: RunData,
    b: RunData,
    names: tuple[str, str],
    selected: list[str] | None = None,
    *,
    alpha: float = DEFAULT_ALPHA,
    errors_as_failures: bool = True,
) -> list[RegressionRow]:
    """B against A on every selected metric@dimension, Holm-adjusted across those rows."""
    group = []
    for dimension, role, testbeds in PAIRED_METRICS:
        metric = ROLE_METRICS.get(role, role)
        key = f"{metric}@{dimension}"
        if selected and key not in selected:
            continue
        row = _row(a, b, names, key, metric, testbeds, errors_as_failures)
        if row is not None:
            group.append(row)
    tested = [r for r in group if r.p_value is not None]
    for row, p in zip(tested, holm([r.p_value for r in tested])):
        group[group.index(row)] = row.model_copy(update={"p_holm": p, "regressed": row.worse and p < alpha})
    return group


def reachable(row: RegressionRow, alpha: float = DEFAULT_ALPHA) -> bool:
    """Whether any outcome on this row's seeds could have been significant at `alpha`."""
    return row.min_p is None or row.min_p < alpha


def describe(row: RegressionRow, alpha: float = DEFAULT_ALPHA) -> str:
    """One console line per row."""
    if row.difference is None:
        effect = "no pair scored on both sides"
    else:
        effect = (
            f"{row.difference:+.3f} [{row.low:+.3f}, {row.high:+.3f}] over {row.n_pairs} pairs / {row.n_seeds} seeds, "
            f"p {row.p_value:.4g}, Holm {row.p_holm:.4g}"
        )
    status = "REGRESSED" if row.regressed else "worse, not significant" if row.worse else "ok"
    if row.difference is not None and not reachable(row, alpha):
        status += (
            f" (cannot reach significance: {row.n_discordant} seed(s) differ, so no p below {row.min_p:.3g} "
            f"is possible; at least {_seeds_for(alpha)} discordant seeds are needed at alpha {alpha:g})"
        )
    return (
        f"{row.run_b} vs {row.run_a}: {row.key}: {effect}; target errors A {row.a_errors}, B {row.b_errors}; "
        f"dropped {row.dropped} → {status}"
    )


def _seeds_for(alpha: float) -> int:
    """Discordant seeds the exact sign-flip test needs before p = 2 / 2**m can fall below alpha."""
    m = 1
    while 2.0 / 2**m >= alpha:
        m += 1
    return m
