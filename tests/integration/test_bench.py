"""`ragstress bench` end to end on a sample corpus, every role on a scripted loopback LLM."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ragstress import corpora
from ragstress.cli import app as cli_app
from ragstress.core.jsonl import read_json
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeRequest
from ragstress.testing.scripted_judge import ScriptedJudge, identify_prompt

SAMPLES = Path(corpora.__file__).parent / "samples" / "en"
METRICS = "answer_match,accuracy,rejection,over_refusal,error_detection,error_correction,closed_book_accuracy,faithfulness,answer_accuracy,rejection_judged"

STATEMENTS = json.dumps(
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
JUDGE = ScriptedJudge(
    {
        "judge_statements": STATEMENTS,
        "judge_statements_reference": STATEMENTS,
        "judge_answer_accuracy_1": "Same facts. [[4]]",
        "judge_answer_accuracy_2": "Partly. [[2]]",
        "judge_rejection": json.dumps({"reason": "it declines", "refuses": "yes"}),
    }
)


def llm(request: FakeRequest) -> str:
    """Judge prompts get the scripted verdicts; everything else is the target answering."""
    if identify_prompt(request) is not None:
        return JUDGE(request)
    text = request.last_user_text
    if text.startswith("Does the passage below answer the question"):  # generation's noise check: all clear
        return json.dumps({"verdict": "no", "reason": "It is about something else."})
    if "Eiffel Tower" in text:  # a target that knows this one fact, with or without passages
        return "The Eiffel Tower was completed in 1889."
    return "I can not answer the question because of the insufficient information in documents."


def seed_file(tmp_path: Path) -> Path:
    rows = [json.loads(line) for line in (SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines()]
    picked = [r for r in rows if len(r["answers"]) == 1][:3] + [r for r in rows if len(r["answers"]) == 2][:1]
    path = tmp_path / "seeds.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in picked), encoding="utf-8")
    return path


@pytest.fixture
def fake_llm(monkeypatch, tmp_path):
    with FakeOpenAIServer(llm) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-bench-SECRET-77")
        monkeypatch.setenv("RAGSTRESS_CACHE_DIR", str(tmp_path / "cache"))
        yield server


def test_bench_writes_every_report_file_and_skips_unchanged_stages(tmp_path, fake_llm):
    app = cli_app  # the whole app: bench alone would make a one-command app with no `bench` name
    out = tmp_path / "run"
    args = [
        "bench",
        str(SAMPLES / "docs"),
        "--out",
        str(out),
        "--seeds",
        "0",
        "--seed-file",
        str(seed_file(tmp_path)),
        "--metrics",
        METRICS,
        "--fail-under",
        "rejection@negative=0.5",
    ]

    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    for name in ("report.json", "report.md", "report.html", "scores.csv", "bench.json", "run.json", "score.json"):
        assert (out / name).is_file(), name
    report = read_json(out / "report.json")
    assert report["noise"]["points"] and report["negative"]["rejection"]["n"] > 0
    assert report["integration"]["points"] and report["counterfactual"]["error_detection"]["n"] > 0
    assert {row["metric"] for row in report["metrics"]} >= {"faithfulness", "answer_accuracy"}
    assert "Noise" in (out / "report.md").read_text(encoding="utf-8")
    requests_after_first = len(fake_llm.chat_requests())
    assert requests_after_first > 0

    second = CliRunner().invoke(app, args)
    assert second.exit_code == 0, second.output
    stages = read_json(out / "bench.json")["stages"]
    assert stages["generate"]["skipped"] is True
    assert len(fake_llm.chat_requests()) == requests_after_first, "an unchanged bench asked the LLM again"

    for path in out.rglob("*"):
        if path.is_file() and path.suffix in {".json", ".jsonl", ".md", ".html", ".csv"}:
            assert "SECRET" not in path.read_text(encoding="utf-8", errors="replace"), path


def test_bench_gate_fails_with_exit_1(tmp_path, fake_llm):
    app = cli_app  # the whole app: bench alone would make a one-command app with no `bench` name
    # The scripted target answers the Eiffel Tower seed only: noise accuracy stays far below 0.9.
    args = [
        "bench",
        str(SAMPLES / "docs"),
        "--out",
        str(tmp_path / "run"),
        "--seeds",
        "0",
        "--testbeds",
        "noise",
        "--seed-file",
        str(seed_file(tmp_path)),
        "--metrics",
        "accuracy",
        "--fail-under",
        "accuracy@noise=0.9",
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.output
    assert "accuracy" in result.output and (tmp_path / "run" / "report.html").is_file()
