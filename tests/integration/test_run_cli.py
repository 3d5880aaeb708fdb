"""`ragstress run` and `ragstress merge` from the command line: run dirs, resume after SIGKILL, shards."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import typer
from fixtures_run.cases import write_cases
from typer.testing import CliRunner

from ragstress.cli.run import register
from ragstress.core.jsonl import read_records, write_records
from ragstress.core.types import Case, TargetResponse

TESTS_DIR = Path(__file__).resolve().parents[1]
APP_SCRIPT = (
    "import typer\nfrom ragstress.cli.run import register\n"
    "app = typer.Typer()\napp.callback()(lambda: None)\nregister(app)\napp()\n"
)


def make_app() -> typer.Typer:
    app = typer.Typer()
    app.callback()(lambda: None)
    register(app)
    return app


def invoke(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(make_app(), [str(a) for a in args], env=env)


def pairs(run_dir: Path) -> list[tuple[str, str]]:
    return [(r.case_id, r.probe) for r in read_records(run_dir / "responses.jsonl", TargetResponse)]


def test_run_writes_a_run_directory(tmp_path):
    testset = tmp_path / "cases.jsonl"
    write_cases(testset, 8)
    out = tmp_path / "run"
    result = invoke(
        "run", testset, "--target", "python:fixtures_run.targets:fails_on_odd", "--out", out, "--concurrency", "3"
    )
    assert result.exit_code == 0, result.output
    assert (out / "cases.jsonl").read_bytes() == testset.read_bytes()
    record = json.loads((out / "run.json").read_text())
    assert record["status"] == "complete" and record["mode"] == "contexts" and record["shard"] is None
    # odd cases fail: 1, 3, 5, 7, and the closed-book probes of counterfactual cases 3 and 7
    assert record["counts"] == {"cases": 8, "jobs": 10, "done": 10, "errors": 6, "pending": 0}
    assert record["target"] == {"spec": "python:fixtures_run.targets:fails_on_odd", "kind": "python"}
    assert len(record["testset"]["sha256"]) == 64 and record["version"] and record["finished_at"]
    errors = [r for r in read_records(out / "responses.jsonl", TargetResponse) if r.error]
    assert all(r.answer == "" and "ValueError: no answer for case-" in r.error for r in errors)

    again = invoke("run", testset, "--target", "python:fixtures_run.targets:echo", "--out", out)
    assert again.exit_code == 2 and "--resume" in again.output
    changed = invoke("run", testset, "--target", "python:fixtures_run.targets:echo", "--out", out, "--resume")
    assert changed.exit_code == 2 and "its target is" in changed.output
    done = invoke("run", testset, "--target", "python:fixtures_run.targets:fails_on_odd", "--out", out, "--resume")
    assert done.exit_code == 0 and len(pairs(out)) == 10  # nothing left to ask, nothing duplicated


def test_bad_input_exits_2_with_the_cause(tmp_path):
    testset = tmp_path / "cases.jsonl"
    write_cases(testset, 2)
    with testset.open("a") as handle:
        handle.write('{"id": "x", "testbed": "noisy"}\n')
    result = invoke("run", testset, "--target", "python:fixtures_run.targets:echo", "--out", tmp_path / "r")
    assert result.exit_code == 2 and "line 3" in result.output and "cases.jsonl" in result.output
    cases = write_cases(testset, 2)
    write_records(tmp_path / "twice.jsonl", cases + cases[:1])
    twice = invoke(
        "run", tmp_path / "twice.jsonl", "--target", "python:fixtures_run.targets:echo", "--out", tmp_path / "t"
    )
    assert twice.exit_code == 2 and "twice.jsonl" in twice.output and "'case-0'" in twice.output
    for args, message in (
        (["--target", "python:fixtures_run.targets:nope"], "has no attribute 'nope'"),
        (["--target", "pythn:x:y"], "did you mean 'python'"),
        (["--target", "python:fixtures_run.targets:echo", "--shard", "4/3"], "K/N"),
        (["--target", "python:fixtures_run.targets:echo", "--testbeds", "noize"], "unknown testbed"),
        (["--target", "baseline", "--mode", "e2e"], "needs --index"),
    ):
        result = invoke("run", testset, "--out", tmp_path / "bad", *args)
        assert result.exit_code == 2 and message in result.output, result.output


def test_a_hanging_target_is_recorded_not_waited_for(tmp_path):
    testset = tmp_path / "cases.jsonl"
    write_cases(testset, 2)
    started = time.perf_counter()
    result = invoke(
        "run",
        testset,
        "--target",
        "python:fixtures_run.targets:hangs",
        "--out",
        tmp_path / "r",
        "--target-timeout",
        "0.3",
    )
    assert time.perf_counter() - started < 5
    # Every case failed, so the run measured nothing: it says so and exits 1.
    assert result.exit_code == 1 and "all 2 cases failed: TimeoutError" in result.output
    assert all(
        "did not answer within 0.3s" in r.error
        for r in read_records(tmp_path / "r" / "responses.jsonl", TargetResponse)
    )


def test_resume_after_sigkill_answers_every_case_exactly_once(tmp_path):
    testset = tmp_path / "cases.jsonl"
    cases = write_cases(testset, 40)
    expected = {(c.id, "case") for c in cases} | {(c.id, "closed_book") for c in cases if c.testbed == "counterfactual"}
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(TESTS_DIR), "RAGSTRESS_TEST_SLEEP": "0.1"}
    command = [
        sys.executable,
        "-c",
        APP_SCRIPT,
        "run",
        str(testset),
        "--target",
        "python:fixtures_run.targets:slow_echo",
        "--out",
        str(out),
        "--concurrency",
        "2",
    ]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        responses = out / "responses.jsonl"
        while time.monotonic() < deadline and (not responses.exists() or responses.read_text().count("\n") < 10):
            assert process.poll() is None, process.stderr.read().decode()
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    before = len(pairs(out))
    assert 10 <= before < len(expected)
    assert json.loads((out / "run.json").read_text())["status"] == "running"  # killed: no chance to record more
    with responses.open("a") as handle:  # as if the kill had landed mid-line
        handle.write('{"case_id": "case-99", "probe": "ca')

    result = invoke(
        "run",
        testset,
        "--target",
        "python:fixtures_run.targets:slow_echo",
        "--out",
        out,
        "--resume",
        "--concurrency",
        "8",
        env={"RAGSTRESS_TEST_SLEEP": "0.01"},
    )
    assert result.exit_code == 0, result.output
    assert "repaired a torn last line" in result.output
    answered = pairs(out)
    assert len(answered) == len(set(answered)) == len(expected) and set(answered) == expected
    record = json.loads((out / "run.json").read_text())
    assert record["status"] == "complete" and record["counts"]["done"] == len(expected)


def test_shards_merged_equal_an_unsharded_run(tmp_path):
    testset = tmp_path / "cases.jsonl"
    write_cases(testset, 30)
    spec = "python:fixtures_run.targets:echo"
    assert invoke("run", testset, "--target", spec, "--out", tmp_path / "whole", "--concurrency", "4").exit_code == 0
    shards = [tmp_path / f"shard{k}" for k in (1, 2, 3)]
    for k, shard in enumerate(shards, 1):
        result = invoke("run", testset, "--target", spec, "--out", shard, "--shard", f"{k}/3")
        assert result.exit_code == 0, result.output
        assert json.loads((shard / "run.json").read_text())["shard"] == {"index": k, "count": 3}
    assert 0 < len(pairs(shards[0])) < len(pairs(tmp_path / "whole"))
    result = invoke("merge", *shards, "--out", tmp_path / "merged")
    assert result.exit_code == 0, result.output

    def answers(run_dir):
        return sorted(
            (r.case_id, r.probe, r.answer, tuple(r.contexts or ()), r.error)
            for r in read_records(run_dir / "responses.jsonl", TargetResponse)
        )

    assert answers(tmp_path / "merged") == answers(tmp_path / "whole")
    assert (tmp_path / "merged" / "cases.jsonl").read_bytes() == (tmp_path / "whole" / "cases.jsonl").read_bytes()
    merged, whole = (json.loads((tmp_path / d / "run.json").read_text()) for d in ("merged", "whole"))
    assert merged["counts"] == whole["counts"] and merged["status"] == "complete"
    overlap = invoke("merge", shards[0], tmp_path / "whole", "--out", tmp_path / "m2")
    assert overlap.exit_code == 2 and "answered in both" in overlap.output
    write_cases(tmp_path / "other.jsonl", 31)
    assert (
        invoke(
            "run", tmp_path / "other.jsonl", "--target", spec, "--out", tmp_path / "other", "--shard", "1/3"
        ).exit_code
        == 0
    )
    mixed = invoke("merge", shards[1], tmp_path / "other", "--out", tmp_path / "m3")
    assert mixed.exit_code == 2 and "another test set" in mixed.output


@pytest.fixture
def echo_service():
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            seen.append(dict(self.headers))
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            data = json.dumps({"result": {"text": body["q"]}}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/ask", seen
    server.shutdown()
    server.server_close()


def test_http_target_from_a_config_file_keeps_secrets_out_of_run_json(tmp_path, echo_service):
    url, seen = echo_service
    config = tmp_path / "target.json"
    config.write_text(
        json.dumps(
            {
                "url": url + "?api_key=in-the-url",
                "headers": {"Authorization": "Bearer env:RAG_TOKEN", "X-Key": "literal-key"},
                "request": {"question": "q", "contexts": "docs"},
                "response": {"answer": "result.text", "contexts": None},
            }
        )
    )
    testset = tmp_path / "cases.jsonl"
    write_cases(testset, 3)
    result = invoke("run", testset, "--target-config", config, "--out", tmp_path / "r", env={"RAG_TOKEN": "s3cr3t"})
    assert result.exit_code == 0, result.output
    assert seen[0]["Authorization"] == "Bearer s3cr3t" and seen[0]["X-Key"] == "literal-key"
    written = (tmp_path / "r" / "run.json").read_text()
    for secret in ("s3cr3t", "literal-key", "in-the-url"):
        assert secret not in written
    assert "env:RAG_TOKEN" in written
    answers = {r.case_id: r.answer for r in read_records(tmp_path / "r" / "responses.jsonl", TargetResponse)}
    assert answers == {case.id: case.question for case in read_records(testset, Case)}
    missing = invoke("run", testset, "--target-config", config, "--out", tmp_path / "r2", env={"RAG_TOKEN": ""})
    assert missing.exit_code == 2 and "env:RAG_TOKEN, which is not set" in missing.output
