"""Shared pieces of the reliability tests: the real `ragstress` CLI as a subprocess, and a loopback LLM
that answers both as the baseline target and as a scripted judge."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from ragstress.core.jsonl import read_records
from ragstress.core.types import Case, Score, TargetResponse
from ragstress.scoring.metrics import metrics_for
from ragstress.testing.fake_openai import FakeReply, FakeRequest
from ragstress.testing.scripted_judge import ScriptedJudge, identify_prompt

TESTS_DIR = Path(__file__).resolve().parents[1]
RAGSTRESS = Path(sys.executable).parent / "ragstress"
# Judged metrics (faults hit the score stage) plus one deterministic metric.
JUDGED_METRICS = ["faithfulness", "answer_accuracy", "rejection_judged"]
METRICS = ",".join([*JUDGED_METRICS, "answer_match"])

_STATEMENTS = json.dumps(
    {
        "statements": [
            {
                "statement": "The answer is in the passages.",
                "reason": "stated",
                "supported": "yes",
                "in_reference": "yes",
            }
        ],
        "missing_from_response": [],
    }
)
_JUDGE_REPLIES = {
    "judge_statements": _STATEMENTS,
    "judge_statements_reference": _STATEMENTS,
    "judge_answer_accuracy_1": "Same facts. [[4]]",
    "judge_answer_accuracy_2": "Partly. [[2]]",
    "judge_rejection": json.dumps({"reason": "it declines", "refuses": "yes"}),
}
_QUESTION_NUMBER = re.compile(r"question (\d+)\?")


def question_number(request: FakeRequest) -> int | None:
    """The N of `What is the answer to question N?` (the cases of fixtures_run.cases), if the request holds one."""
    found = _QUESTION_NUMBER.findall(request.last_user_text)
    return int(found[-1]) if found else None


class LoopbackLLM:
    """A FakeOpenAIServer handler: judge prompts get scripted verdicts, anything else is the target answering.

    `fail_target` / `fail_judge` decide, per question number, to answer 500 instead: a
    fault that no retry cures while it is switched on.
    """

    def __init__(self) -> None:
        self.judge = ScriptedJudge(_JUDGE_REPLIES)
        self.fail_target: Callable[[int], bool] = lambda number: False
        self.fail_judge: Callable[[int], bool] = lambda number: False
        self.target_calls: list[int | None] = []

    def __call__(self, request: FakeRequest) -> str | FakeReply:
        number = question_number(request)
        if identify_prompt(request) is not None:
            if number is not None and self.fail_judge(number):
                return FakeReply.error(500, f"judge down for question {number}")
            return self.judge(request)
        self.target_calls.append(number)
        if number is not None and self.fail_target(number):
            return FakeReply.error(500, f"target down for question {number}")
        return f"The answer is {number}."


@pytest.fixture
def loopback_llm() -> LoopbackLLM:
    return LoopbackLLM()


@dataclass
class Cli:
    """Runs the installed `ragstress` console script as a real process, against one LLM base URL."""

    env: dict[str, str]

    def command(self, *args: object) -> list[str]:
        return [str(RAGSTRESS), *map(str, args)]

    def run(self, *args: object, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self.command(*args), env=self.env, capture_output=True, text=True, timeout=timeout)

    def invoke(self, *args: object) -> subprocess.CompletedProcess[str]:
        """The same command in this process (no interpreter start-up): for tests about results, not processes."""
        from typer.testing import CliRunner

        from ragstress.cli import app

        unset = {name: None for name in os.environ if name not in self.env}
        result = CliRunner().invoke(app, [str(a) for a in args], env={**unset, **self.env})
        crash = "" if result.exception is None or isinstance(result.exception, SystemExit) else repr(result.exception)
        return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr + crash)

    def start(self, *args: object) -> subprocess.Popen[bytes]:
        return subprocess.Popen(self.command(*args), env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def point_at(self, base_url: str) -> None:
        self.env.update(OPENAI_BASE_URL=base_url, OPENAI_API_KEY="sk-test-reliability")


@pytest.fixture
def cli(tmp_path) -> Cli:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAGSTRESS_", "OPENAI_"))}
    env.update(PYTHONPATH=str(TESTS_DIR), RAGSTRESS_CACHE_DIR=str(tmp_path / "llm-cache"), COLUMNS="200")
    return Cli(env)


def wait_for_lines(path: Path, count: int, process: subprocess.Popen, timeout_s: float = 60) -> int:
    """Wait until `path` has `count` complete lines (or the process ends); returns the count seen."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        seen = path.read_bytes().count(b"\n") if path.exists() else 0
        if seen >= count:
            return seen
        if process.poll() is not None:
            raise AssertionError(f"the process ended before {count} lines: {process.stderr.read().decode()[-2000:]}")
        time.sleep(0.02)
    raise AssertionError(f"{path} did not reach {count} lines within {timeout_s}s")


def kill_hard(process: subprocess.Popen) -> None:
    """SIGKILL the process and reap it."""
    if process.poll() is None:
        process.kill()
    process.wait(timeout=30)


def expected_pairs(cases: list[Case]) -> set[tuple[str, str]]:
    """Every (case id, probe) a run must answer: counterfactual cases also get the closed-book probe."""
    return {(c.id, "case") for c in cases} | {(c.id, "closed_book") for c in cases if c.testbed == "counterfactual"}


def unique_responses(run_dir: Path) -> dict[tuple[str, str], TargetResponse]:
    """responses.jsonl by (case id, probe); fails if the file does not parse or repeats a pair."""
    responses = read_records(run_dir / "responses.jsonl", TargetResponse)
    keyed = {(r.case_id, r.probe): r for r in responses}
    assert len(keyed) == len(responses), f"{len(responses) - len(keyed)} repeated response line(s)"
    return keyed


def expected_score_pairs(
    cases: list[Case], responses: dict[tuple[str, str], TargetResponse], names: list[str]
) -> set[tuple[str, str]]:
    """(case id, metric) pairs that scoring must produce: applicable metrics of every response without error."""
    pairs = set()
    for case in cases:
        for probe in ("case", "closed_book"):
            response = responses.get((case.id, probe))
            if response is not None and response.error is None:
                pairs |= {(case.id, m.name) for m in metrics_for(case, names, probe)}
    return pairs


def unique_scores(run_dir: Path) -> dict[tuple[str, str], Score]:
    """scores.jsonl by (case id, metric); fails if the file does not parse or repeats a pair."""
    scores = read_records(run_dir / "scores.jsonl", Score)
    keyed = {(s.case_id, s.metric): s for s in scores}
    assert len(keyed) == len(scores), f"{len(scores) - len(keyed)} repeated score line(s)"
    return keyed


@pytest.fixture
def rel():
    """This module's helpers (a test module cannot import a conftest by name: tests/conftest.py is one too)."""
    return sys.modules[__name__]
