"""A slow judge under a time budget: every deterministic score is made, the judged ones that do not fit are
left unscored with the reason, and a later score with a larger budget fills them in."""

from __future__ import annotations

import asyncio
import json
import math
from pathlib import Path

import typer
from typer.testing import CliRunner

import ragstress
from ragstress.cli import score as cli_score
from ragstress.core.jsonl import read_json, read_records, write_json, write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.scoring.metrics import OVER_BUDGET
from ragstress.scoring.scorer import score_run
from ragstress.testing.fake_openai import FakeOpenAIServer
from ragstress.testing.scripted_judge import ScriptedJudge

SETTINGS = ClientSettings(timeout_s=10.0, max_retries=0, backoff_base_s=0.01, backoff_max_s=0.01)
STATEMENTS = json.dumps(
    {
        "statements": [
            {"statement": "It is in Paris.", "reason": "passage 1", "supported": "yes", "in_reference": "yes"}
        ],
        "missing_from_response": [],
    }
)
REPLIES = {
    "judge_statements_reference": STATEMENTS,
    "judge_answer_accuracy_1": "Matches. [[4]]",
    "judge_answer_accuracy_2": "Partly. [[2]]",
}
DETERMINISTIC = ("answer_match", "accuracy")
JUDGED = ("faithfulness", "answer_accuracy")
METRICS = ",".join(DETERMINISTIC + JUDGED)
CASES = 4
LATENCY_S = 0.2  # a slow judge: every request waits this long


def make_run(run_dir: Path) -> Path:
    run_dir.mkdir(parents=True, exist_ok=True)
    cases = [
        Case(
            id=f"c{n}",
            seed_id=f"s{n}",
            testbed="noise",
            lang="en",
            question="Where is the Eiffel Tower?",
            answers=[["Paris"]],
            contexts=[Context(text="The Eiffel Tower is in Paris.", role="positive")],
            expected="answer",
        )
        for n in range(CASES)
    ]
    write_records(run_dir / "cases.jsonl", cases)
    write_records(
        run_dir / "responses.jsonl",
        [TargetResponse(case_id=c.id, answer="It is in Paris.", latency_s=0.1) for c in cases],
    )
    write_json(run_dir / "run.json", {"target": "baseline", "mode": "contexts"})
    return run_dir


async def score(run_dir: Path, server: FakeOpenAIServer, **kwargs):
    endpoint = Endpoint(role="judge", model="judge-m", base_url=server.base_url, api_key="k")
    async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
        return await score_run(run_dir, metrics=METRICS, llm=llm, **kwargs)


async def test_a_budget_too_small_leaves_judged_metrics_unscored_with_the_reason_and_a_larger_one_fills_them_in(
    tmp_path,
):
    run_dir = make_run(tmp_path / "run")
    plans = []
    with FakeOpenAIServer(ScriptedJudge(REPLIES), latency_s=LATENCY_S) as server:
        # 5 s, one case at a time: the statement audit (1 call a case, measured at ~0.2 s) fits; answer
        # accuracy, whose one case is assumed at 2 calls x 3 s, cannot even be measured.
        first = await score(run_dir, server, judge_budget=5.0, concurrency=1, on_judge_plan=plans.append)
        asked_first = len(server.chat_requests())
        scores = read_records(run_dir / "scores.jsonl", Score)
        await asyncio.to_thread(ragstress.report, run_dir)
        markdown = " ".join((run_dir / "report.md").read_text(encoding="utf-8").split())
        second = await score(run_dir, server, judge_budget=math.inf)
        asked_second = len(server.chat_requests()) - asked_first

    by_pair = {(s.case_id, s.metric): s for s in scores}
    assert len(by_pair) == len(scores) == CASES * 4  # every pair once
    for name in DETERMINISTIC:
        assert all(by_pair[(f"c{n}", name)].value == 1.0 for n in range(CASES))
    assert all(by_pair[(f"c{n}", "faithfulness")].value == 1.0 for n in range(CASES))
    left = [by_pair[(f"c{n}", "answer_accuracy")] for n in range(CASES)]
    assert all(s.value is None and s.error is None and s.label == OVER_BUDGET for s in left)
    assert "judge budget of 5 s" in left[0].explanation and "larger --judge-budget" in left[0].explanation
    assert asked_first == CASES  # one statement audit a case; answer accuracy never asked
    assert first["per_metric"]["answer_accuracy"] == {
        "scored": 0,
        "unscored": CASES,
        "over_budget": CASES,
        "errored": 0,
        "mean": None,  # never a 0 averaged in
    }
    assert first["judge_budget"]["budget_s"] == 5.0 and first["judge_budget"]["stopped"].keys() == {"answer_accuracy"}
    assert plans[0].event == "plan" and {r.group.key: r.fits for r in plans[0].rows} == {
        "statement_audit": True,
        "answer_accuracy": False,
    }

    # The report counts them apart, in both languages, and never as 0.
    assert f"unscored {CASES} ({CASES} over the judge budget)" in markdown
    assert f"{CASES} of them are judged scores the judge's time budget could not hold" in markdown
    assert f"其中 {CASES} 个是评审用时预算" in markdown

    # The later score asks only for what the budget left, and nothing is left unscored.
    assert asked_second == CASES * 2
    assert second["pairs_resumed"] == CASES * 3 and second["retried_errors"] == 0
    assert second["per_metric"]["answer_accuracy"]["scored"] == CASES
    assert second["per_metric"]["answer_accuracy"]["mean"] == 0.75
    assert all(row["over_budget"] == 0 for row in second["per_metric"].values())
    # What each score measured is kept for the next one's plan.
    assert second["judge_budget"]["cases_measured"] == {"statement_audit": CASES, "answer_accuracy": CASES}
    final = read_records(run_dir / "scores.jsonl", Score)
    assert len(final) == CASES * 4 and not any(s.label == OVER_BUDGET for s in final)


async def test_a_judge_endpoint_without_a_budget_judges_everything_as_before(tmp_path):
    run_dir = make_run(tmp_path / "run")
    with FakeOpenAIServer(ScriptedJudge(REPLIES), latency_s=0.05) as server:
        summary = await score(run_dir, server)
    assert summary["judge_budget"] is None
    assert all(row["scored"] == CASES for row in summary["per_metric"].values())


def test_cli_prints_the_plan_and_what_the_budget_left(tmp_path):
    run_dir = make_run(tmp_path / "run")
    app = typer.Typer()
    cli_score.register(app)
    with FakeOpenAIServer(ScriptedJudge(REPLIES), latency_s=LATENCY_S) as server:
        result = CliRunner().invoke(
            app,
            ["score", str(run_dir), "--metrics", METRICS, "--judge-base-url", server.base_url]
            + ["--judge-model", "judge-m", "--no-cache", "--judge-budget", "0"],
            env={"COLUMNS": "200"},
        )
        assert not server.chat_requests()  # a budget of 0 asks the judge nothing
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "judge plan: budget 0 s" in text and "faithfulness, factual_accuracy" not in text
    assert "faithfulness: 4 cases, 4 calls" in text and "does not fit: left unscored" in text
    assert "left unscored by the judge budget of 0 s: faithfulness 4, answer_accuracy 4" in text
    assert read_json(run_dir / "score.json")["judge_budget"]["budget_s"] == 0.0


def test_the_python_api_takes_the_budget_and_hands_over_the_plan(tmp_path):
    run_dir = make_run(tmp_path / "run")
    plans = []
    with FakeOpenAIServer(ScriptedJudge(REPLIES)) as server:
        summary = ragstress.score(
            run_dir,
            metrics=METRICS,
            judge_base_url=server.base_url,
            judge_model="judge-m",
            judge_budget=0,
            on_judge_plan=plans.append,
        )
    assert [row["over_budget"] for row in summary["per_metric"].values()] == [0, 0, CASES, CASES]
    assert plans and plans[0].lines()[0] == "judge plan: budget 0 s (0 s left) (--judge-budget)"
