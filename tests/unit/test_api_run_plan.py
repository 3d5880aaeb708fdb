"""The run stage's steps in the API: plan_run decides what to ask and whom before anything is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from ragstress.api.endpoints import endpoint
from ragstress.api.errors import TargetError, UnknownNameError
from ragstress.api.run_steps import jobs_to_ask, plan_run, start_run

CASES = Path(__file__).resolve().parents[1] / "data" / "legacy_run_v0" / "cases.jsonl"


def test_a_plan_selects_cases_and_names_the_target_kind_without_writing(tmp_path):
    plan = plan_run(CASES, target="python:some_module:answer", testbeds=["negative"], limit=2)
    assert plan.kind == "python" and [c.testbed for c in plan.cases] == ["negative", "negative"]
    assert plan.selection == {"testbeds": ["negative"], "limit": 2} and not plan.needs_index
    assert plan_run(CASES, target="baseline", mode="e2e").needs_index
    assert not plan_run(CASES, target="baseline", mode="e2e", index_dir=tmp_path).needs_index
    assert not list(tmp_path.iterdir())


def test_the_bundled_baseline_is_asked_one_case_at_a_time_unless_on_ray():
    plan = plan_run(CASES, target="baseline")
    assert plan.one_at_a_time(endpoint("target"), on_ray=False)
    assert not plan.one_at_a_time(endpoint("target"), on_ray=True)
    assert not plan.one_at_a_time(endpoint("target", "http://127.0.0.1:9/v1", "m"), on_ray=False)


def test_a_plan_refuses_bad_input_with_its_cause(tmp_path):
    with pytest.raises(UnknownNameError, match="did you mean 'noise'"):
        plan_run(CASES, target="baseline", testbeds=["nosie"])
    with pytest.raises(TargetError, match="required"):
        plan_run(CASES)
    repeated = tmp_path / "cases.jsonl"
    line = CASES.read_text(encoding="utf-8").splitlines()[0]
    repeated.write_text(f"{line}\n{line}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="occur more than once"):
        plan_run(repeated, target="baseline")
    config = tmp_path / "target.json"
    config.write_text('{"url": "http://127.0.0.1:9/answer"}', encoding="utf-8")
    with pytest.raises(TargetError, match="http targets only"):
        plan_run(CASES, target="baseline", target_config=config)


def test_starting_a_run_writes_its_cases_and_counts_the_answers_to_wait_for(tmp_path):
    plan = plan_run(CASES, target="baseline", testbeds=["counterfactual"])
    prepared = start_run(plan, tmp_path / "run")
    assert (tmp_path / "run" / "cases.jsonl").is_file() and not prepared.done
    # Each counterfactual case is asked twice: with its passages and closed-book.
    assert jobs_to_ask(plan, prepared) == 2 * len(plan.cases)
