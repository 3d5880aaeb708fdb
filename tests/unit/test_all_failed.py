"""A run in which every case failed tells one story: the report, its gates and the API's Report say so."""

from __future__ import annotations

from ragstress.api.reporting import Report
from ragstress.core.types import Case, Context, TargetResponse
from ragstress.reports.aggregate import build_report
from ragstress.reports.errors import all_failed, all_failed_zh
from ragstress.reports.gates.check import check_thresholds
from ragstress.reports.gates.thresholds import gates
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.render.html import render_html
from ragstress.reports.render.markdown import render_markdown
from ragstress.running.composition import passage_role


def case(case_id: str) -> Case:
    return Case(
        id=case_id,
        seed_id=case_id,
        testbed="noise",
        lang="en",
        question="When was the Eiffel Tower completed?",
        answers=[["1889"]],
        contexts=[Context(text="The Eiffel Tower was completed in 1889.", role="positive")],
        expected="answer",
        params={"noise_ratio": 0.0},
    )


def response(case_id: str, error: str | None) -> TargetResponse:
    return TargetResponse(case_id=case_id, answer="" if error else "1889", latency_s=0.1, error=error)


def run(tmp_path, errors: dict[str, str | None]) -> RunData:
    cases = [case(cid) for cid in errors]
    responses = {(cid, "case"): response(cid, error) for cid, error in errors.items() if error != "missing"}
    return RunData(run_dir=tmp_path, cases=cases, responses=responses)


def test_every_case_failing_is_said_once_with_the_first_cause_and_fails_every_gate(tmp_path):
    cause = "TypeError: unsupported operand type(s) for |: 'operator.itemgetter' and 'NoneType'"
    data = run(tmp_path, {"a": cause, "b": "TimeoutError: late", "c": "missing"})
    said = f"all 3 cases failed: {cause}"
    assert all_failed(data) == said
    assert all_failed_zh(said) == f"全部 3 个用例均失败：{cause}"
    model = build_report(data)
    assert model.failure == said
    gating = check_thresholds(model, gates(["accuracy@noise=0.5"], [], None, 0.5))
    assert not gating.passed and [c.message for c in gating.checks] == [
        f"accuracy@noise >= 0.5: {said}",
        f"error_rate <= 0.5: {said}",
    ]
    report = Report(model)
    assert not report.passed and report.failed_checks == [said]  # no gate given: the failure itself
    markdown = render_markdown(model)  # Markdown escapes the cause's "|"
    assert "all 3 cases failed: TypeError: unsupported operand" in markdown and "全部 3 个用例均失败" in markdown
    assert "全部 3 个用例均失败" in render_html(model)


def test_a_partly_failed_or_never_asked_run_is_not_all_failed(tmp_path):
    assert all_failed(run(tmp_path, {"a": "ValueError: x", "b": None})) is None
    assert all_failed(run(tmp_path, {"a": "missing", "b": "missing"})) is None  # not run yet, not failed
    assert build_report(run(tmp_path, {"a": None})).failure is None and Report(build_report(run(tmp_path, {}))).passed


def test_a_planted_passage_is_counterfactual_even_when_an_answer_word_survives_in_it():
    planted = "Five years later, the bridge had seven lanes."
    cf = case("cf").model_copy(
        update={
            "testbed": "counterfactual",
            "answers": [["five", "5"]],
            "fake_answer": ["seven", "7"],
            "contexts": [Context(text=planted, role="counterfactual")],
        }
    )
    assert passage_role(planted, cf) == "counterfactual"
    assert passage_role("It had five lanes, rewritten.", cf, "e2e-cf-0123456789abcdef") == "counterfactual"
    assert passage_role("The bridge had five lanes.", cf, "chunk-1") == "positive"
    assert passage_role("Paris hosted the fair.", cf) == "noise"
