"""`ragstress score` with the bundled SmolLM2-135M as judge: it completes and reports its calls.

The 135M model's verdicts are not worth much; this proves the whole path works
offline (grammar-constrained JSON, rating tokens, {{score}} tokens) and that every
outcome is a number, an explained unscored, or an error with the raw reply.
"""

from __future__ import annotations

import time

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli import score as cli_score
from ragstress.core.jsonl import read_json, read_records, write_json, write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.llm.local import shared_server

pytestmark = pytest.mark.slow

# One metric per verdict format: JSON (Rej*), rating tokens (answer accuracy), {{score}} tokens (RAG judge).
METRICS = "accuracy,rejection,answer_accuracy,rag_judge,rejection_judged"
UNSET = {
    name: None
    for name in (
        "OPENAI_BASE_URL",
        "OPENAI_API_KEY",
        "RAGSTRESS_JUDGE_BASE_URL",
        "RAGSTRESS_JUDGE_API_KEY",
        "RAGSTRESS_JUDGE_MODEL",
    )
}


@pytest.fixture
def bundled_server():
    yield
    shared_server().stop()


def make_run(run_dir):
    tower = Context(text="The Eiffel Tower was completed in 1889 in Paris.", role="positive")
    cases = [
        Case(
            id="n1",
            seed_id="s1",
            testbed="noise",
            lang="en",
            question="When was the Eiffel Tower completed?",
            answers=[["1889"]],
            contexts=[tower],
            expected="answer",
        ),
        Case(
            id="g1",
            seed_id="s2",
            testbed="negative",
            lang="en",
            question="Who designed the Lumen Bridge?",
            answers=[["Ada Kim"]],
            contexts=[Context(text="The Lumen Prize rewards digital art.", role="noise")],
            expected="reject",
        ),
        Case(
            id="z1",
            seed_id="s3",
            testbed="noise",
            lang="zh",
            question="埃菲尔铁塔是哪一年建成的？",
            answers=[["1889年", "1889"]],
            contexts=[Context(text="埃菲尔铁塔于1889年在巴黎建成。", role="positive")],
            expected="answer",
        ),
    ]
    responses = [
        TargetResponse(case_id="n1", answer="It was completed in 1889.", latency_s=1.0),
        TargetResponse(case_id="g1", answer="Insufficient information.", latency_s=1.0),
        TargetResponse(case_id="z1", answer="埃菲尔铁塔于1889年建成。", latency_s=1.0),
    ]
    run_dir.mkdir()
    write_records(run_dir / "cases.jsonl", cases)
    write_records(run_dir / "responses.jsonl", responses)
    write_json(run_dir / "run.json", {"target": "fixture"})


def test_score_with_the_bundled_judge(tmp_path, bundled_server):
    run_dir = tmp_path / "run"
    make_run(run_dir)
    app = typer.Typer()
    cli_score.register(app)
    started = time.monotonic()
    result = CliRunner().invoke(
        app,
        ["score", str(run_dir), "--metrics", METRICS, "--cache-dir", str(tmp_path / "cache")],
        env={**UNSET, "COLUMNS": "200"},
    )
    elapsed = time.monotonic() - started
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "judge LLM calls per case:" in text and "bundled SmolLM2-135M" in text
    summary = read_json(run_dir / "score.json")
    assert summary["judge"]["bundled"] is True and summary["llm_calls"]["cases_judged"] == 3
    scores = read_records(run_dir / "scores.jsonl", Score)
    assert {s.metric for s in scores} == {"accuracy", "rejection", "answer_accuracy", "rag_judge", "rejection_judged"}
    assert summary["llm_calls"]["actual_total"] >= 7  # 2 ratings + RAG judge on two cases, Rej* on one
    for score in scores:  # a number, an explained unscored, or an error that keeps the cause
        assert score.value is not None or score.error or score.explanation
    assert {s.metric: s.value for s in scores if s.case_id == "n1" and s.metric == "accuracy"} == {"accuracy": 1.0}
    # Speed belongs to `make perf`; here the figure is only printed.
    print(f"\nbundled judge: {elapsed:.0f}s, calls per case {summary['llm_calls']['actual_per_case']:.2f}")
