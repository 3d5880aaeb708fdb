"""Misbehaving targets and unusable endpoints, through the `ragstress` CLI.

target      a non-string, an exception, a hang, an HTML error page: one error per case, the run completes
endpoints   a closed port fails fast naming the endpoint; a refused key is named as such, never printed
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from fixtures_run.inprocess import closed_port, copy_run, invoke, make_echo_run

from ragstress.core.jsonl import read_json, read_records
from ragstress.core.types import Score
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeReply

API_KEY = "sk-wrong-KEY-5d1e9a"


@pytest.fixture(scope="module")
def echo_run(tmp_path_factory) -> tuple[Path, Path]:
    """(cases.jsonl of 4 cases, a run of the echo target on them); copy the run before changing it."""
    return make_echo_run(tmp_path_factory.mktemp("echo"))


# --- target -----------------------------------------------------------------------------


class HtmlErrorService:
    """A loopback service that answers like a misconfigured proxy: HTML instead of JSON."""

    def __init__(self):
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                status = 502 if self.path == "/bad-gateway" else 200
                page = b"<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"
                self.send_response(status)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_misbehaving_targets_become_per_case_errors_and_the_run_completes(tmp_path, cli, echo_run):
    cases, _ = echo_run  # case-3 is counterfactual: a closed-book probe too
    out = tmp_path / "python-run"
    result = cli.run(
        "run", cases, "--target", "python:fixtures_run.targets:misbehaves", "--out", out, "--target-timeout", "1"
    )
    assert result.returncode == 0, result.stderr
    errors = {
        r["case_id"]: r["error"]
        for r in map(json.loads, (out / "responses.jsonl").read_text().splitlines())
        if r["probe"] == "case"
    }
    assert errors["case-0"].startswith("TargetOutputError: target returned list; expected str")
    assert errors["case-1"] == "RuntimeError: retriever offline for case-1"
    assert errors["case-2"] == "TimeoutError: the target did not answer within 1s"
    assert errors["case-3"] is None
    record = read_json(out / "run.json")
    assert record["status"] == "complete", record

    service = HtmlErrorService()
    try:
        for path, cause in (
            ("/bad-gateway", "RuntimeError: HTTP 502 from"),
            ("/html-ok", "TargetOutputError: reply is not JSON"),
        ):
            out = tmp_path / f"http-run{path.replace('/', '-')}"
            result = invoke("run", cases, "--target", service.url + path, "--out", out)
            # Every case failed: each is recorded with its cause, and the run says so and exits 1.
            assert result.exit_code == 1 and "all 4 cases failed: " + cause in result.output, result.output
            responses = [json.loads(x) for x in (out / "responses.jsonl").read_text().splitlines()]
            assert len(responses) == 5 and all(cause in r["error"] and "Bad Gateway" in r["error"] for r in responses)
    finally:
        service.close()


# --- endpoints --------------------------------------------------------------------------


def test_an_unreachable_endpoint_fails_fast_naming_it(tmp_path, cli, echo_run):
    cases, _ = echo_run
    run = copy_run(echo_run[1], tmp_path)
    url = f"http://127.0.0.1:{closed_port()}/v1"
    started = time.perf_counter()
    result = cli.run("score", run, "--metrics", "faithfulness", "--judge-base-url", url, "--judge-model", "m")
    seconds = time.perf_counter() - started
    assert result.returncode == 2, result.stderr
    assert f"judge endpoint {url} is unreachable" in result.stderr and "Connection refused" in result.stderr
    print(f"\nscore against a closed port exited {result.returncode} after {seconds:.2f}s (process start included)")
    assert seconds < 20, f"took {seconds:.1f}s to notice a closed port"
    assert not (run / "scores.jsonl").exists()
    baseline = invoke(
        "run", cases, "--target", "baseline", "--out", tmp_path / "b", "--target-base-url", url, "--target-model", "m"
    )
    assert baseline.exit_code == 2 and f"target endpoint {url} is unreachable" in baseline.flat, baseline.output
    assert not (tmp_path / "b").exists(), "a refused run created its run directory"
    generate = invoke(
        "generate",
        tmp_path / "index",
        "--out",
        tmp_path / "g",
        "--seeds",
        "1",
        "--generator-base-url",
        url,
        "--generator-model",
        "m",
    )
    assert generate.exit_code == 2 and f"generator endpoint {url} is unreachable" in generate.flat, generate.output
    assert not (tmp_path / "g").exists()
    service_url = url.replace("/v1", "/ask?token=never-shown")
    http = invoke("run", cases, "--target", service_url, "--out", tmp_path / "h")
    assert http.exit_code == 2 and "is unreachable (Connection refused)" in http.flat, http.output
    assert "never-shown" not in http.output and not (tmp_path / "h").exists()


class RejectingService:
    """An OpenAI-style server that refuses every request with HTTP 401, as a wrong key gets."""

    def __init__(self):
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _refuse(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                body = json.dumps(
                    {"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}}
                ).encode()
                self.send_response(401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _refuse

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_a_wrong_api_key_is_named_and_never_printed(tmp_path, cli, echo_run):
    run = copy_run(echo_run[1], tmp_path)

    service = RejectingService()
    try:  # the preflight sees the 401 before any case is judged
        result = cli.run(
            "score",
            run,
            "--metrics",
            "faithfulness",
            "--judge-base-url",
            service.url,
            "--judge-model",
            "m",
            "--judge-api-key",
            API_KEY,
        )
    finally:
        service.close()
    assert result.returncode == 2
    assert f"judge endpoint {service.url} answered HTTP 401: the API key was refused: wrong key" in result.stderr
    assert API_KEY not in result.stdout + result.stderr
    assert not (run / "scores.jsonl").exists()

    # A server that lists models without a key but refuses completions: each score says why.
    refusing = lambda request: FakeReply.error(401, f"Incorrect API key provided: {API_KEY}")  # noqa: E731
    with FakeOpenAIServer(refusing) as server:
        result = invoke(
            "score",
            run,
            "--metrics",
            "faithfulness",
            "--judge-base-url",
            server.base_url,
            "--judge-model",
            "m",
            env={"RAGSTRESS_JUDGE_API_KEY": API_KEY},
        )
    # Every judge call failed: the stage fails with the cause (no score.json), the scores keep each error.
    assert result.exit_code == 1, result.output
    assert "every judge call failed" in result.output and "authentication failed (HTTP 401)" in result.output
    assert API_KEY not in result.output and not (run / "score.json").exists()
    scores = read_records(run / "scores.jsonl", Score)
    assert scores and all(
        s.value is None and "authentication failed (HTTP 401): the API key is wrong or missing" in s.error
        for s in scores
    )
    for path in run.rglob("*"):
        assert API_KEY.encode() not in path.read_bytes(), path
    assert API_KEY not in result.output
