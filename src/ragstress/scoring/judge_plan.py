"""The judge plan: which groups of judged metrics fit a time budget, as pure data and one pure function.

Judged metrics that share a judge call are grouped (`call_groups`), each group costed at its
seconds per case (assumed until measured), and `plan_judged` takes the cheapest groups first while
their total fits the seconds left. Nothing here reads a clock or calls a judge: the plan is a value
that scoring.judge_budget makes again after each batch and that score.json records as lines, so
it is kept apart from the scheduling that acts on it and can be tested without any waiting.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ragstress.scoring.metrics import METRICS

ASSUMED_CALL_S = 3.0
"""Seconds per judge call before any is measured: the bundled model's typical call on two cores."""


@dataclass(frozen=True)
class CallGroup:
    """Judged metrics that share their judge calls (or one metric alone): scored together or left together."""

    key: str
    metrics: tuple[str, ...]
    calls_per_case: int


def call_groups(names: Sequence[str]) -> list[CallGroup]:
    """The judged metrics among `names`, grouped by shared judge call, in the order of `names`."""
    groups: list[tuple[set[str], list[str], int]] = []  # (shared call names, metrics, calls per case)
    for name in names:
        metric = METRICS.get(name)
        if metric.kind != "judged":
            continue
        shared = set(metric.shared_calls)
        joined = next((g for g in groups if shared and g[0] & shared), None)
        if joined is None:
            groups.append((shared, [name], len(shared) if shared else metric.llm_calls))
        else:
            joined[0].update(shared)
            joined[1].append(name)
    return [
        CallGroup(key="+".join(sorted(calls)) if calls else metrics[0], metrics=tuple(metrics), calls_per_case=n)
        for calls, metrics, n in groups
    ]


@dataclass(frozen=True)
class GroupPlan:
    """One group's line of a plan: its cases still to judge, their estimated seconds, and whether they fit."""

    group: CallGroup
    cases: int
    seconds_per_case: float
    measured: bool
    calibrating: bool
    fits: bool
    seconds: float

    @property
    def calls(self) -> int:
        return self.cases * self.group.calls_per_case


@dataclass(frozen=True)
class JudgePlan:
    """What the judged work would cost and which of it the budget left can hold."""

    budget_s: float
    left_s: float
    rows: tuple[GroupPlan, ...]
    event: str = "plan"
    """plan (before judging), measured (every group measured), or stopped (a group no longer fits)."""

    @property
    def fitting(self) -> set[str]:
        return {row.group.key for row in self.rows if row.fits}

    def lines(self) -> list[str]:
        """The plan for a person: one line per group, then the total that fits."""
        budget = "no limit" if math.isinf(self.budget_s) else f"{self.budget_s:g} s ({self.left_s:.0f} s left)"
        head = {"plan": "judge plan", "measured": "judge plan, measured", "stopped": "judge plan, revised"}[self.event]
        lines = [f"{head}: budget {budget} (--judge-budget)"]
        for row in self.rows:
            how = "measured" if row.measured else f"assumed {ASSUMED_CALL_S:g} s/call"
            verdict = "calibrating" if row.calibrating else "fits" if row.fits else "does not fit: left unscored"
            lines.append(
                f"  {', '.join(row.group.metrics)}: {row.cases} cases, {row.calls} calls, "
                f"~{row.seconds:.0f} s ({row.seconds_per_case:.1f} s/case, {how}): {verdict}"
            )
        total = sum(row.seconds for row in self.rows if row.fits and not row.calibrating)
        calibrating = sum(row.calibrating for row in self.rows)
        lines.append(
            f"  judged work that fits: ~{total:.0f} s"
            + (f", then the plan is made again once {calibrating} more group(s) are measured" if calibrating else "")
        )
        return lines


def plan_judged(
    demand: Mapping[CallGroup, int],
    seconds_per_case: Mapping[str, float],
    left_s: float,
    *,
    budget_s: float | None = None,
    measured: Collection[str] = (),
    calibrating: Collection[str] = (),
    concurrency: int = 1,
    event: str = "plan",
) -> JudgePlan:
    """Which groups fit in `left_s` seconds: cheapest total first, while the running total fits.

    `demand` maps each group to its cases still to judge, `seconds_per_case` each group's key to
    its estimate; `concurrency` cases run at once, dividing the wall time. A group in
    `calibrating` is charged one case only (the case that measures it) and fits when that does.
    """
    costs = {
        group: (1 if group.key in calibrating else cases) * seconds_per_case[group.key] / concurrency
        for group, cases in demand.items()
        if cases
    }
    spent, rows = 0.0, []
    for group in sorted(costs, key=lambda g: costs[g]):  # sorted() is stable: ties keep the metric order
        fits = spent + costs[group] <= left_s
        spent += costs[group] if fits else 0.0
        cases = demand[group]
        rows.append(
            GroupPlan(
                group=group,
                cases=cases,
                seconds_per_case=seconds_per_case[group.key],
                measured=group.key in measured,
                calibrating=fits and group.key in calibrating,
                fits=fits,
                seconds=cases * seconds_per_case[group.key] / concurrency,
            )
        )
    return JudgePlan(budget_s=left_s if budget_s is None else budget_s, left_s=left_s, rows=tuple(rows), event=event)
