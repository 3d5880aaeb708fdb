"""Pairing two runs' scores case by case, for `compare` and its regression check.

Both read a case the way the report does: a case whose target failed (or never
answered) counts as that side failing, the metric's worst value, unless errors are
excluded; a pair where a side has no score at all is dropped and counted. Cases keep
their seed question so the difference can be resampled and tested by seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ragstress.core.types import Case
from ragstress.reports.model import MetricInfo
from ragstress.reports.reading.metric_table import info_for
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.reading.scoring import TARGET_ERROR_LABEL, Scores


@dataclass
class Pairs:
    """Paired values of one metric (A's, B's), each pair's seed, and what was lost on the way."""

    a: list[float] = field(default_factory=list)
    b: list[float] = field(default_factory=list)
    seeds: list[str] = field(default_factory=list)
    a_errors: int = 0
    b_errors: int = 0
    dropped: int = 0


def paired_scores(
    a: RunData,
    b: RunData,
    cases: Iterable[Case],
    metric: str,
    table: Mapping[str, MetricInfo],
    *,
    errors_as_failures: bool = True,
) -> Pairs:
    """A's and B's values of `metric` on `cases` (A's cases; B holds the same ids)."""
    worst = 0.0 if info_for(metric, table).higher_is_better else 1.0
    sides = (Scores(a, table), Scores(b, table))
    out = Pairs()
    for case in cases:
        values, errors = [], []
        for scores in sides:
            s = scores.get(case, metric)
            failed = s is not None and s.value is None and s.label == TARGET_ERROR_LABEL
            errors.append(failed)
            values.append(worst if failed and errors_as_failures else None if s is None else s.value)
        out.a_errors += errors[0]
        out.b_errors += errors[1]
        if values[0] is None or values[1] is None:
            out.dropped += 1
            continue
        out.a.append(values[0])
        out.b.append(values[1])
        out.seeds.append(case.seed_id)
    return out
