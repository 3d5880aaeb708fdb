"""The http target against a real server on 127.0.0.1: normal answers, a 500, and a hang past the timeout."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from fixtures_run.cases import make_case

from ragstress.core.jsonl import read_records
from ragstress.core.types import TargetResponse
from ragstress.running.runner import plan_jobs, run_cases
from ragstress.running.targets import RetrievalRef, load_target
from ragstress.running.targets.http_target import HttpTargetConfig, ResponsePaths, resolve_settings

HANG_LIMIT_S = 5.0  # the hanging handler gives up after this, so no thread outlives the test by long


class RagService:
    """A tiny RAG service: /ok answers, /nested answers in another shape, /fail is a 500, /hang never answers."""

    def __init__(self):
        self.bodies: list[dict] = []
        self.headers: list[dict] = []
        self.stop = threading.Event()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                service.bodies.append(body)
                service.headers.append(dict(self.headers))
                if self.path == "/hang":
                    service.stop.wait(HANG_LIMIT_S)
                    return
                if self.path == "/fail":
                    self._send(500, {"error": "index offline"})
                elif self.path == "/nested":
                    self._send(
                        200,
                        {
                            "data": {"reply": f"nested: {body['query']}", "sources": [{"text": "s1"}, {"text": "s2"}]},
                            "usage": {"in": 11, "out": 4},
                        },
                    )
                else:
                    self._send(200, {"answer": f"ok: {body['question']}", "contexts": body["contexts"]})

            def _send(self, status, payload):
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def service():
    running = RagService()
    yield running
    running.close()


async def test_http_target_answers_fails_and_times_out(service, tmp_path):
    cases = [make_case(0, "noise"), make_case(2, "counterfactual")]
    for path, expect in (("/ok", None), ("/fail", "HTTP 500"), ("/hang", "did not answer within 0.5s")):
        target = load_target(service.url + path)
        out = tmp_path / f"{path.strip('/')}.jsonl"
        started = time.perf_counter()
        try:
            counts = await run_cases(plan_jobs(cases), target, out, target_timeout_s=0.5)
        finally:
            await target.aclose()
        assert time.perf_counter() - started < 3
        responses = {(r.case_id, r.probe): r for r in read_records(out, TargetResponse)}
        assert len(responses) == counts.jobs == 3
        if expect is None:
            assert counts.errors == 0
            assert responses[("case-0", "case")].answer == f"ok: {cases[0].question}"
            assert responses[("case-0", "case")].contexts == [c.text for c in cases[0].contexts]
            assert responses[("case-2", "closed_book")].contexts == []  # the probe sends no passages
        else:
            assert counts.errors == 3 and all(expect in r.error and r.answer == "" for r in responses.values())
    assert "index offline" in str([r.error for r in read_records(tmp_path / "fail.jsonl", TargetResponse)])
    sent = {
        "question": cases[0].question,
        "contexts": [c.text for c in cases[0].contexts],
        "lang": "en",
        "case_id": "case-0",
    }
    assert sent in service.bodies


async def test_http_target_config_maps_fields_and_sends_secret_headers(service, tmp_path):
    config = HttpTargetConfig(
        headers={"Authorization": "Bearer env:RAG_TOKEN", "X-Team": "literal-secret"},
        request={"question": "query", "contexts": "input.documents", "case_id": ""},
        extra_body={"top_k": 3},
        response=ResponsePaths(
            answer="data.reply", contexts="data.sources.*.text", prompt_tokens="usage.in", completion_tokens="usage.out"
        ),
    )
    target = load_target(service.url + "/nested", http_config=resolve_settings(config, {"RAG_TOKEN": "t0ken"}))
    try:
        counts = await run_cases(plan_jobs([make_case(0, "noise")]), target, tmp_path / "r.jsonl", mode="e2e")
    finally:
        await target.aclose()
    response = read_records(tmp_path / "r.jsonl", TargetResponse)[0]
    assert counts.errors == 0 and response.answer.startswith("nested: What is")
    assert response.contexts == ["s1", "s2"] and (response.usage.prompt_tokens, response.usage.completion_tokens) == (
        11,
        4,
    )
    assert service.bodies[-1] == {"top_k": 3, "query": make_case(0).question, "input": {"documents": None}}
    assert service.headers[-1]["Authorization"] == "Bearer t0ken"
    public = json.dumps(target.describe())
    assert "t0ken" not in public and "literal-secret" not in public and "env:RAG_TOKEN" in public


async def test_http_target_names_the_variant_in_e2e_mode_only(service, tmp_path):
    cases = [make_case(0, "negative"), make_case(2, "counterfactual")]
    where = lambda key, question: RetrievalRef("http://127.0.0.1:9/retrieve", key, 4)  # noqa: E731
    renamed = HttpTargetConfig(request={"question": "question", "contexts": "contexts", "retrieval": "options.where"})
    runs = (("contexts", None, None), ("e2e", None, ("retrieval",)), ("e2e", renamed, ("options", "where")))
    for number, (mode, config, path) in enumerate(runs):
        target = load_target(service.url + "/ok", http_config=config and resolve_settings(config, {}))
        service.bodies.clear()
        try:
            await run_cases(plan_jobs(cases), target, tmp_path / f"{number}.jsonl", mode=mode, retrieval_for=where)
        finally:
            await target.aclose()
        assert len(service.bodies) == 3
        for body in service.bodies:
            field = body
            for part in path or ():
                field = field.get(part, {})
            if path is None or body["contexts"] == []:  # contexts mode, or the closed-book probe
                assert "retrieval" not in body and "options" not in body
            else:
                collection = {cases[0].question: "negative", cases[1].question: "counterfactual"}[body["question"]]
                assert field == {"url": "http://127.0.0.1:9/retrieve", "collection": collection, "k": 4}
                assert body["contexts"] is None and ("retrieval" in body) == (path == ("retrieval",))
