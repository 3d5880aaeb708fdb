"""The judge's time budget: which judged metrics a score can afford, planned before the work and after each batch.

On the bundled model a judge call takes seconds on two cores, and the default metric set asks
about ten calls per case: hours for a test set of a few hundred cases. So with the bundled judge
(and with any judge given `--judge-budget`), `score_run` scores every deterministic metric first,
then plans the judged ones:

- Judged metrics are grouped by the judge calls they share (`call_groups`): the statement audit
  serves faithfulness, factual accuracy and answer correctness, the context audit context
  precision and recall, every other judged metric stands alone. A group is scored or left whole.
- A group's cost is the cases it still has to judge times its seconds per case: assumed
  (ASSUMED_CALL_S per call) until measured on this machine, then the mean of its measured cases.
  The plan (`plan_judged`, a pure function in scoring.judge_plan) takes the groups cheapest
  first while their total fits the budget left, so as many metrics as possible are scored whole.
- A group not yet measured on CALIBRATION_SAMPLES cases is kept while one case of it fits: its
  first cases are its calibration. After each batch the plan is made again with what was
  measured; a group that no longer fits is stopped, and each of its pairs still to judge gets a
  Score with no value, label OVER_BUDGET and the reason. Such a score is no verdict: the next
  `score` of the run asks for it again (score_work.drop_scores), so a larger budget fills it in.

This module holds the scheduling that acts on the plan (the clock, the batches, the scores left
over budget) and what score.json keeps of it; the plan itself is scoring.judge_plan.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace

from ragstress.core.types import Case, Score, TargetResponse
from ragstress.scoring.judge_plan import (
    ASSUMED_CALL_S,
    CallGroup,
    GroupPlan,
    JudgePlan,
    plan_judged,
)
from ragstress.scoring.metrics import OVER_BUDGET

DEFAULT_BUNDLED_BUDGET_S = 300.0
"""The judged work a score with the bundled judge does unless told otherwise (`--judge-budget`)."""
CALIBRATION_SAMPLES = 2
"""Cases a group is measured on before the plan may stop it for its measured cost."""


Item = tuple[Case, TargetResponse, list[str]]
ScoreFn = Callable[[Case, TargetResponse, list[str]], Awaitable[tuple[list[Score], int]]]


@dataclass
class JudgeBudget:
    """The judged work of one score under a time budget: its demand, its measurements, what was stopped."""

    budget_s: float
    groups: list[CallGroup]
    concurrency: int = 1
    clock: Callable[[], float] = time.monotonic
    started: float = 0.0
    samples: dict[str, list[float]] = field(default_factory=dict)
    earlier: Mapping[str, tuple[float, int]] = field(default_factory=dict)
    """Group key -> (seconds per case, cases measured) from the run's previous score with the same judge."""
    stopped: dict[str, str] = field(default_factory=dict)
    plans: list[JudgePlan] = field(default_factory=list)

    def start(self) -> None:
        self.started = self.clock()

    def left(self) -> float:
        return self.budget_s - (self.clock() - self.started)

    def measured(self, key: str) -> tuple[float, int]:
        """(seconds per case, cases measured) of a group: this score's measurements and the earlier ones."""
        mean, count = self.earlier.get(key, (0.0, 0))
        done = self.samples.get(key, [])
        total = count + len(done)
        return ((mean * count + sum(done)) / total if total else 0.0), total

    def per_case(self, group: CallGroup) -> float:
        mean, count = self.measured(group.key)
        return mean if count else group.calls_per_case * ASSUMED_CALL_S

    def plan(self, demand: Mapping[CallGroup, int], event: str = "plan") -> JudgePlan:
        """The plan for the groups still running, over the budget left now."""
        running = {g: n for g, n in demand.items() if g.key not in self.stopped}
        return plan_judged(
            running,
            {g.key: self.per_case(g) for g in running},
            max(0.0, self.left()),
            budget_s=self.budget_s,
            measured=[g.key for g in running if self.measured(g.key)[1]],
            calibrating=[g.key for g in running if self.measured(g.key)[1] < CALIBRATION_SAMPLES],
            concurrency=self.concurrency,
            event=event,
        )

    def reason(self, row: GroupPlan) -> str:
        """Why a group's pairs are left unscored, with what would score them."""
        how = "measured" if row.measured else "assumed"
        return (
            f"not scored: the judge budget of {self.budget_s:g} s (--judge-budget) could not hold it: "
            f"{row.cases} cases left at {row.seconds_per_case:.1f} s a case ({how}), ~{row.seconds:.0f} s, "
            f"with {max(0.0, self.left()):.0f} s left; `ragstress score` again with a larger --judge-budget scores it"
        )


def over_budget(case: Case, metric: str, reason: str) -> Score:
    """The Score of a judged pair the budget left: no value, no error, the reason."""
    return Score(case_id=case.id, metric=metric, value=None, label=OVER_BUDGET, explanation=reason)


async def score_judged(
    items: list[Item],
    budget: JudgeBudget,
    score: ScoreFn,
    write: Callable[[list[Score]], Awaitable[None]],
    item_done: Callable[[Item, int, list[str]], None],
    on_plan: Callable[[JudgePlan], None] | None = None,
) -> None:
    """Score the judged metrics of `items` group by group within the budget, `budget.concurrency` cases at a time.

    `score(case, response, metrics)` returns the scores and the judge calls made; `write` appends
    scores; `item_done(item, calls, metrics scored)` is called once per item when it is finished.
    The cases of a batch run at once; within a case its groups run one after another, each timed.
    """
    pending = {id(item): {g.key: [m for m in item[2] if m in g.metrics] for g in budget.groups} for item in items}
    calls = {id(item): 0 for item in items}
    scored_names: dict[int, list[str]] = {id(item): [] for item in items}

    def demand(start: int) -> dict[CallGroup, int]:
        return {g: sum(1 for it in items[start:] if pending[id(it)][g.key]) for g in budget.groups}

    def tell(plan: JudgePlan) -> None:
        budget.plans.append(plan)
        if on_plan is not None:
            on_plan(plan)

    async def stop(plan: JudgePlan, start: int) -> None:
        for row in plan.rows:
            if row.fits or row.group.key in budget.stopped:
                continue
            reason = budget.stopped[row.group.key] = budget.reason(row)
            for item in items[start:]:
                names = pending[id(item)][row.group.key]
                if names:
                    await write([over_budget(item[0], name, reason) for name in names])
                pending[id(item)][row.group.key] = []

    async def one(item: Item) -> None:
        case, response, _ = item
        for group in budget.groups:
            names = pending[id(item)][group.key]
            if not names or group.key in budget.stopped:
                continue
            began = budget.clock()
            scores, made = await score(case, response, names)
            budget.samples.setdefault(group.key, []).append(budget.clock() - began)
            calls[id(item)] += made
            scored_names[id(item)].extend(names)
            pending[id(item)][group.key] = []
            await write(scores)

    budget.start()
    tell(first := budget.plan(demand(0)))
    await stop(first, 0)
    # A plan made from measurements alone (the previous score's) needs no second telling once measured.
    told_measured = all(row.measured and not row.calibrating for row in first.rows)
    step = max(1, budget.concurrency)
    for start in range(0, len(items), step):
        batch = items[start : start + step]
        await asyncio.gather(*(one(item) for item in batch))
        for item in batch:
            item_done(item, calls[id(item)], scored_names[id(item)])
        plan = budget.plan(demand(start + step), event="measured")
        if any(not row.fits for row in plan.rows):
            told_measured = True  # a revised plan shows the measurements already
            tell(replace(plan, event="stopped"))
        elif plan.rows and not told_measured and all(r.measured and not r.calibrating for r in plan.rows):
            told_measured = True
            tell(plan)
        await stop(plan, start + step)


async def score_within_budget(
    work: list[Item],
    budget: JudgeBudget,
    score_some: Callable[[Case, TargetResponse, list[str]], Awaitable[int]],
    scored: Callable[[Case, TargetResponse, list[str]], Awaitable[tuple[list[Score], int]]],
    write: Callable[[list[Score]], Awaitable[None]],
    finish: Callable[[Case, int, list[str]], None],
    on_plan: Callable[[JudgePlan], None] | None,
    ready: Callable[[], Awaitable[None]] | None,
) -> None:
    """Every deterministic and embedding score of `work` first, then the judged ones the budget holds.

    `score_some(case, response, metrics)` scores and writes, returning the judge calls made; `scored`
    scores only; `finish(case, calls, metrics scored)` is told once per item; `ready()` starts the judge.
    """
    judged = {name for group in budget.groups for name in group.metrics}
    earlier: dict[tuple[str, str], tuple[int, list[str]]] = {}

    async def rules_first(case: Case, response: TargetResponse, pending: list[str]) -> None:
        rest = [n for n in pending if n not in judged]
        made = await score_some(case, response, rest) if rest else 0
        if len(rest) == len(pending):
            finish(case, made, rest)
        else:
            earlier[(case.id, response.probe)] = (made, rest)

    await asyncio.gather(*(rules_first(*item) for item in work))

    def judged_done(item: tuple[Case, TargetResponse, list[str]], made: int, names: list[str]) -> None:
        case, response, _ = item
        before, rest = earlier[(case.id, response.probe)]
        finish(case, before + made, rest + names)

    items = [(c, r, [n for n in p if n in judged]) for c, r, p in work if (c.id, r.probe) in earlier]
    if items and ready is not None:
        await ready()  # the budget's clock starts once the judge can answer
    await score_judged(items, budget, scored, write, judged_done, on_plan)


def budget_for(given: float | None, bundled_judge: bool) -> float | None:
    """The judge budget a score works to: the one given, else DEFAULT_BUNDLED_BUDGET_S with the bundled
    judge, else none (a configured endpoint judges everything, as it always did). `math.inf` is no limit."""
    if given is None:
        return DEFAULT_BUNDLED_BUDGET_S if bundled_judge else None
    if math.isnan(given) or given < 0:
        raise ValueError(f"the judge budget must be 0 or more seconds, not {given}")
    return given


def earlier_timings(previous: Mapping[str, object] | None, judge: Mapping[str, object]) -> dict[str, tuple[float, int]]:
    """The seconds per case measured by a run's previous score (its score.json as a dict), when its judge
    was this one (same model and URL); empty otherwise, so another judge's speed never plans this one's."""
    if not previous:
        return {}
    before, record = previous.get("judge") or {}, previous.get("judge_budget") or {}
    if not isinstance(before, Mapping) or not isinstance(record, Mapping):
        return {}
    if (before.get("model"), before.get("base_url")) != (judge.get("model"), judge.get("base_url")):
        return {}
    means, counts = record.get("seconds_per_case") or {}, record.get("cases_measured") or {}
    return {
        key: (float(mean), int(counts[key]))  # type: ignore[call-overload]
        for key, mean in means.items()  # type: ignore[union-attr]
        if key in counts and int(counts[key]) > 0  # type: ignore[operator,call-overload]
    }


def budget_summary(budget: JudgeBudget | None, given: float | None) -> dict[str, object] | None:
    """What score.json records of the budget: its seconds (None: no limit), measurements and what it left."""
    if budget is None:
        return None
    measured = [g for g in budget.groups if budget.measured(g.key)[1]]
    return {
        "budget_s": None if math.isinf(budget.budget_s) else budget.budget_s,
        "default": given is None,
        # Every measurement so far, this score's and the earlier ones: the next score starts from them.
        "seconds_per_case": {g.key: round(budget.measured(g.key)[0], 3) for g in measured},
        "cases_measured": {g.key: budget.measured(g.key)[1] for g in measured},
        "stopped": {
            metric: budget.stopped[g.key] for g in budget.groups if g.key in budget.stopped for metric in g.metrics
        },
        "plans": [plan.lines() for plan in budget.plans],
    }
