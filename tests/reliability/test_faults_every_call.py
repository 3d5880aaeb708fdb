"""A stage whose every call to an LLM role failed fails: exit 1, the cause in one line, no result claimed.

The judge endpoint here is the fake server with a fault plan that answers every request with
HTTP 500. `generate`, `score` and `bench` (through its generate stage) must say which role failed,
at which endpoint and model, with the first error, and leave no testset.json, score.json or
report claiming a result; a baseline `run` whose every target call failed records status failed.
A stage where only some calls fail still completes (test_faults.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from fixtures_run.cases import make_case

from ragstress.core.jsonl import read_json, write_records
from ragstress.testing.fake_openai import FakeOpenAIServer, FaultPlan

SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples" / "en" / "docs"
DOCS = ["eiffel_tower.txt", "golden_gate_bridge.txt", "toyota.txt"]
EVERY_REQUEST_FAILS = FaultPlan(rate_500=1.0)
# No retries: each failed call costs one request.
FAST = ["--max-retries", 0, "--timeout", 5]


def small_corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in DOCS:
        shutil.copy(SAMPLES / name, corpus / name)
    return corpus


def assert_one_line_cause(stderr: str, base_url: str) -> None:
    lines = [line for line in stderr.splitlines() if "every judge call failed" in line]
    assert len(lines) == 1, stderr
    assert f"judge endpoint {base_url} (model judge-m)" in lines[0] and "HTTP 500" in lines[0]


def test_score_with_a_judge_that_always_fails_exits_1_and_writes_no_score_json(tmp_path, cli, loopback_llm, rel):
    cases = [make_case(number) for number in range(6)]
    write_records(tmp_path / "cases.jsonl", cases)
    out = tmp_path / "run"
    with FakeOpenAIServer(loopback_llm) as target:
        cli.point_at(target.base_url)
        ran = cli.run("run", tmp_path / "cases.jsonl", "--target", "baseline", "--out", out)
    assert ran.returncode == 0, ran.stderr
    with FakeOpenAIServer(faults=EVERY_REQUEST_FAILS) as judge:
        cli.env.update(RAGSTRESS_JUDGE_BASE_URL=judge.base_url, RAGSTRESS_JUDGE_MODEL="judge-m")
        scored = cli.run("score", out, "--metrics", rel.METRICS, *FAST)
        requests = len(judge.chat_requests())
    assert scored.returncode == 1, scored.stdout + scored.stderr
    assert_one_line_cause(scored.stderr, judge.base_url)
    assert not (out / "score.json").exists()
    # The failures are on record, each with its cause, for --retry-errors to ask again.
    judged = [s for s in rel.unique_scores(out).values() if s.metric in rel.JUDGED_METRICS]
    assert judged and requests > 0 and all(s.value is None and "HTTP 500" in (s.error or "") for s in judged)


def test_generate_with_a_judge_that_always_fails_exits_1_and_writes_no_test_set(tmp_path, cli):
    index = tmp_path / "index"
    assert cli.run("build", small_corpus(tmp_path), "--index", index).returncode == 0
    out = tmp_path / "testset"
    with FakeOpenAIServer(faults=EVERY_REQUEST_FAILS) as judge:
        cli.env.update(RAGSTRESS_JUDGE_BASE_URL=judge.base_url, RAGSTRESS_JUDGE_MODEL="judge-m")
        made = cli.run("generate", index, "--out", out, "--seeds", 2, "--testbeds", "noise", *FAST)
    assert made.returncode == 1, made.stdout + made.stderr
    assert_one_line_cause(made.stderr, judge.base_url)
    assert "nothing written" in made.stderr
    assert not (out / "testset.json").exists() and not (out / "cases.jsonl").exists()


def test_bench_stops_at_the_stage_whose_judge_always_fails(tmp_path, cli):
    out = tmp_path / "bench"
    with FakeOpenAIServer(faults=EVERY_REQUEST_FAILS) as judge:
        cli.env.update(RAGSTRESS_JUDGE_BASE_URL=judge.base_url, RAGSTRESS_JUDGE_MODEL="judge-m")
        benched = cli.run("bench", small_corpus(tmp_path), "--out", out, "--seeds", 2, "--testbeds", "noise")
    assert benched.returncode == 1, benched.stdout + benched.stderr
    assert "bench stopped: stage 'generate' failed" in benched.stderr
    assert_one_line_cause(benched.stderr, judge.base_url)
    stages = read_json(out / "bench.json")["stages"]
    assert stages["generate"]["exit_code"] == 1 and "run" not in stages
    assert not (out / "testset" / "testset.json").exists() and not (out / "report.html").exists()


def test_a_baseline_run_whose_every_target_call_failed_exits_1_and_says_failed(tmp_path, cli):
    write_records(tmp_path / "cases.jsonl", [make_case(number) for number in range(4)])
    out = tmp_path / "run"
    with FakeOpenAIServer(faults=EVERY_REQUEST_FAILS) as target:
        cli.point_at(target.base_url)
        ran = cli.run("run", tmp_path / "cases.jsonl", "--target", "baseline", "--out", out, *FAST)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    lines = [line for line in ran.stderr.splitlines() if "every target call failed" in line]
    assert len(lines) == 1 and f"target endpoint {target.base_url}" in lines[0] and "HTTP 500" in lines[0]
    assert read_json(out / "run.json")["status"] == "failed"
