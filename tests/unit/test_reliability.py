"""Self-consistency and flips from repeated judgments, graded and pass/fail."""

from __future__ import annotations

import pytest

from ragstress.reports.judge.reliability import metric_reliability
from ragstress.scoring.repeats import Judgment


def _repeats(case_id: str, values: list[float | None], who: str = "judge") -> list[Judgment]:
    return [
        Judgment(
            case_id=case_id, metric="m", judge=who, model="j", repeat=r, value=v, error=None if v is not None else "x"
        )
        for r, v in enumerate(values)
    ]


def test_graded_verdicts_that_move_a_step_count_as_disagreeing():
    judgments = _repeats("a", [0.75, 0.5, 0.5]) + _repeats("b", [1.0, 1.0, 1.0]) + _repeats("c", [0.8, 0.85, None])
    row = metric_reliability("m", judgments, {"a": 0.5, "b": 1.0, "c": 0.8})
    # a: 1 agreeing pair of 3; b: all agree; c: two usable values 0.05 apart agree.
    assert row.self_consistency == pytest.approx((1 / 3 + 1 + 1) / 3)
    assert row.flip_share == pytest.approx(1 / 3) and row.n_errors == 1 and row.n_cases == 3
    assert row.low is True  # 0.78 < 0.8


def test_a_split_pass_fail_judge_is_low_and_a_second_judge_is_compared_as_pass_fail():
    judgments = _repeats("a", [1, 0, 1]) + _repeats("b", [0, 1, 0]) + _repeats("a", [0.9], "judge2")
    row = metric_reliability("m", judgments, {"a": 1.0, "b": 0.0})
    assert row.self_consistency == pytest.approx(1 / 3) and row.low is True and row.flip_share == 1.0
    assert row.judge2_n == 1 and row.judge2_agreement == 1.0
