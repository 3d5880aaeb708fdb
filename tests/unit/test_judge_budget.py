"""The judge budget's planner (a pure function) and its scheduling, on a clock the test moves."""

from __future__ import annotations

import math

import pytest

from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.scoring.judge_budget import JudgeBudget, budget_for, earlier_timings, score_judged
from ragstress.scoring.judge_plan import ASSUMED_CALL_S, CallGroup, call_groups, plan_judged
from ragstress.scoring.metrics import OVER_BUDGET


def group(key: str, calls: int = 1) -> CallGroup:
    return CallGroup(key=key, metrics=(key,), calls_per_case=calls)


def test_metrics_sharing_a_judge_call_form_one_group_and_only_judged_metrics_enter():
    names = [
        "accuracy",
        "faithfulness",
        "answer_accuracy",
        "factual_accuracy",
        "context_precision",
        "answer_correctness",
        "context_recall",
    ]
    groups = {g.key: g for g in call_groups(names)}
    assert set(groups) == {"statement_audit", "answer_accuracy", "context_audit"}
    assert groups["statement_audit"].metrics == ("faithfulness", "factual_accuracy", "answer_correctness")
    assert groups["statement_audit"].calls_per_case == 1  # the shared call, counted once
    assert groups["context_audit"].metrics == ("context_precision", "context_recall")
    assert groups["answer_accuracy"].calls_per_case == 2  # two templates


def test_the_plan_takes_the_cheapest_groups_first_while_their_total_fits():
    a, b, c = group("a"), group("b", calls=2), group("c")
    demand = {a: 100, b: 100, c: 10}
    per_case = {"a": 1.0, "b": 2.0, "c": 1.0}
    plan = plan_judged(demand, per_case, left_s=150.0)
    assert [row.group.key for row in plan.rows] == ["c", "a", "b"]
    fits = {row.group.key: row.fits for row in plan.rows}
    assert fits == {"c": True, "a": True, "b": False}  # 10 + 100 fit; 200 more do not
    assert {row.group.key: row.calls for row in plan.rows} == {"c": 10, "a": 100, "b": 200}
    # A group that does not fit leaves room for a cheaper one after it.
    plan = plan_judged({a: 100, b: 10, c: 45}, {"a": 2.0, "b": 1.0, "c": 1.0}, left_s=60.0)
    assert {row.group.key: row.fits for row in plan.rows} == {"b": True, "c": True, "a": False}


def test_concurrency_divides_the_wall_time_and_a_zero_budget_holds_nothing():
    a = group("a")
    assert plan_judged({a: 100}, {"a": 1.0}, left_s=50.0, concurrency=4).rows[0].fits
    assert not plan_judged({a: 100}, {"a": 1.0}, left_s=50.0).rows[0].fits
    assert not plan_judged({a: 1}, {"a": 0.5}, left_s=0.0).rows[0].fits
    assert plan_judged({a: 0}, {"a": 1.0}, left_s=1.0).rows == ()  # nothing left to judge: no row


def test_a_group_still_calibrating_is_charged_one_case_and_the_lines_say_so():
    a, b = group("a"), group("b")
    plan = plan_judged({a: 100, b: 100}, {"a": 3.0, "b": 1.0}, left_s=20.0, calibrating=["a"], measured=["b"])
    rows = {row.group.key: row for row in plan.rows}
    assert rows["a"].fits and rows["a"].calibrating and rows["a"].seconds == 300.0
    assert not rows["b"].fits  # 100 measured seconds do not fit in the 17 left after a's one case
    text = "\n".join(plan.lines())
    assert "a: 100 cases, 100 calls, ~300 s" in text and "calibrating" in text
    assert f"assumed {ASSUMED_CALL_S:g} s/call" in text and "b: 100 cases" in text and "does not fit" in text


def test_the_default_budget_is_for_the_bundled_judge_only():
    assert budget_for(None, bundled_judge=True) == 300.0
    assert budget_for(None, bundled_judge=False) is None  # a configured endpoint judges everything
    assert budget_for(12.0, bundled_judge=False) == 12.0 and budget_for(math.inf, bundled_judge=True) == math.inf
    with pytest.raises(ValueError, match="0 or more seconds"):
        budget_for(-1.0, bundled_judge=True)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def item(n: int) -> tuple[Case, TargetResponse, list[str]]:
    case = Case(
        id=f"c{n}",
        seed_id=f"s{n}",
        testbed="noise",
        lang="en",
        question="Where?",
        answers=[["Paris"]],
        contexts=[Context(text="Paris.", role="positive")],
        expected="answer",
    )
    return case, TargetResponse(case_id=case.id, answer="Paris.", latency_s=0.1), ["cheap", "slow"]


async def test_a_group_whose_measured_cost_no_longer_fits_is_stopped_and_its_pairs_say_why():
    clock = Clock()
    cheap, slow = group("cheap"), group("slow")
    seconds = {"cheap": 1.0, "slow": 10.0}  # what a case of each really takes
    written: list[Score] = []
    finished: dict[str, list[str]] = {}

    async def score(case, response, names):
        clock.now += seconds[names[0]]
        return [Score(case_id=case.id, metric=n, value=1.0) for n in names], 1

    async def write(scores):
        written.extend(scores)

    budget = JudgeBudget(60.0, [cheap, slow], clock=clock)
    items = [item(n) for n in range(10)]
    await score_judged(items, budget, score, write, lambda it, calls, names: finished.setdefault(it[0].id, names))

    by_metric = {m: [s for s in written if s.metric == m] for m in ("cheap", "slow")}
    assert all(s.value == 1.0 for s in by_metric["cheap"]) and len(by_metric["cheap"]) == 10
    scored_slow = [s for s in by_metric["slow"] if s.value is not None]
    left = [s for s in by_metric["slow"] if s.value is None]
    # Assumed 3 s a case, "slow" runs; measured at 10 s it cannot finish in the budget left and stops.
    assert len(scored_slow) == 2 and len(left) == 8 and len(written) == 20
    assert all(s.label == OVER_BUDGET and s.error is None and "judge budget of 60 s" in s.explanation for s in left)
    assert "larger --judge-budget" in left[0].explanation
    assert set(finished) == {f"c{n}" for n in range(10)}  # every item is reported finished once
    assert finished["c0"] == ["cheap", "slow"] and finished["c9"] == ["cheap"]
    assert [p.event for p in budget.plans] == ["plan", "stopped"]
    assert budget.stopped.keys() == {"slow"} and clock.now <= 60.0


async def test_a_budget_of_zero_judges_nothing_and_no_limit_judges_everything():
    for seconds, expect_scored in ((0.0, 0), (math.inf, 6)):
        clock = Clock()
        written: list[Score] = []

        async def score(case, response, names):
            clock.now += 5.0
            return [Score(case_id=case.id, metric=n, value=0.5) for n in names], 1

        async def write(scores):
            written.extend(scores)

        budget = JudgeBudget(seconds, [group("cheap"), group("slow")], clock=clock)
        await score_judged([item(n) for n in range(3)], budget, score, write, lambda *_: None)
        assert len(written) == 6
        assert sum(s.value is not None for s in written) == expect_scored


def test_a_later_score_starts_from_what_the_previous_score_of_the_run_measured_with_the_same_judge():
    judge = {"model": "SmolLM2-135M-Instruct", "base_url": None}
    previous = {
        "judge": judge,
        "judge_budget": {"seconds_per_case": {"slow": 10.0}, "cases_measured": {"slow": 4}},
    }
    earlier = earlier_timings(previous, judge)
    assert earlier == {"slow": (10.0, 4)}
    assert earlier_timings(previous, {"model": "gpt-4o-mini", "base_url": "http://judge/v1"}) == {}
    assert earlier_timings({"judge": judge}, judge) == {} and earlier_timings(None, judge) == {}

    budget = JudgeBudget(30.0, [group("slow"), group("new")], earlier=earlier, clock=Clock())
    budget.start()
    budget.samples["slow"] = [20.0]
    rows = {row.group.key: row for row in budget.plan({group("slow"): 5, group("new"): 5}).rows}
    assert rows["slow"].measured and not rows["slow"].calibrating and rows["slow"].seconds_per_case == 12.0
    assert not rows["slow"].fits  # (4 x 10 + 20) / 5 = 12 s a case: 60 s for five do not fit in 30
    assert rows["new"].calibrating and not rows["new"].measured
