"""How often the target failed, per testbed: the `error_rate` a gate can hold to a maximum.

A case counts as errored when its response records an error or no response was
recorded for it at all: a run that stopped half way must not look like a clean one.
Closed-book probes are left out: they are extra calls, not the cases under test.
"""

from __future__ import annotations

from ragstress.core.types import TESTBEDS
from ragstress.reports.model import Estimate
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.stats.clustered import clustered_interval

ERROR_RATE = "error_rate"
"""Name of the pseudo-metric in gates and in report.json's `error_rates`."""
OVERALL = "all"


def _errored(data: RunData, case_id: str) -> bool:
    response = data.responses.get((case_id, "case"))
    return response is None or bool(response.error)


def error_rates(data: RunData) -> dict[str, Estimate]:
    """Share of cases the target failed on: "all" and each testbed with cases."""
    groups = {OVERALL: data.cases, **{t: [c for c in data.cases if c.testbed == t] for t in TESTBEDS}}
    rates = {}
    for name, cases in groups.items():
        if not cases:
            continue
        flags = [1.0 if _errored(data, c.id) else 0.0 for c in cases]
        interval = clustered_interval(flags, [c.seed_id for c in cases], binary_metric=True)
        n_err = int(sum(flags))
        rates[name] = Estimate(
            metric=ERROR_RATE,
            value=interval.value,
            low=interval.low,
            high=interval.high,
            method=interval.method,
            n=len(cases),
            n_scored=len(cases),
            n_errored=0,
            n_unscored=0,
            n_missing=0,
            n_target_errors=n_err,
        )
    return rates
