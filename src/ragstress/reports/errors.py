"""How often the target failed, per testbed: the `error_rate` a gate can hold to a maximum.

A case counts as errored when its response records an error or no response was
recorded for it at all: a run that stopped half way must not look like a clean one.
Closed-book probes are left out: they are extra calls, not the cases under test.

A run in which every case failed has measured nothing about the system, only that it
did not run: `all_failed` says so in one line, with the first cause, and that line is
what every surface shows (the report's banner, each gate, the command line, pytest,
MLflow) instead of rates that read "none scored".
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


def all_failed(data: RunData) -> str | None:
    """`all N cases failed: <first cause>` when the target failed on every case of the run, else None.

    A directory whose target was never asked (no response at all) is not run yet rather than failed.
    """
    if not data.cases or not all(_errored(data, c.id) for c in data.cases):
        return None
    causes = (data.responses.get((c.id, "case")) for c in data.cases)
    cause = next((r.error for r in causes if r is not None and r.error), None)
    return None if cause is None else f"all {len(data.cases)} cases failed: {cause}"


def all_failed_zh(message: str) -> str:
    """The Chinese of `all_failed`'s line (the cause, the target's own message, stays as recorded)."""
    count, _, cause = message.removeprefix("all ").partition(" cases failed: ")
    return f"全部 {count} 个用例均失败：{cause}"


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
