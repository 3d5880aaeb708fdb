"""A real OpenAI-protocol HTTP server on 127.0.0.1, scripted per request, for tests.

It serves `/v1/chat/completions`, `/v1/embeddings` and `/v1/models`. A handler
callable decides each chat answer; faults (latency, 429 / 500, hangs past the
client's timeout, malformed or truncated JSON) are injected per reply or at random
rates; `refusing_formats` makes it refuse response_format types as real servers do. It records every request and the peak number in flight, so tests can check
concurrency limits and usage accounting against what the server really saw.

    with FakeOpenAIServer(lambda req: "Paris") as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="test")
"""

from __future__ import annotations

import json
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ragstress.testing.fake_protocol import (
    REFUSALS,
    STATS_PATH,
    FakeReply,
    FakeRequest,
    FaultPlan,
    Handler,
    completion_body,
    count_tokens,
    fake_embedding,
    refusing_formats,
)

__all__ = [
    "REFUSALS",
    "STATS_PATH",
    "FakeOpenAIServer",
    "FakeReply",
    "FakeRequest",
    "FaultPlan",
    "Handler",
    "count_tokens",
    "fake_embedding",
    "refusing_formats",
]


class _Listener(ThreadingHTTPServer):
    # One thread per connection; the stock backlog of 5 would make a burst of new
    # connections (16 clients starting at once) wait on SYN retries.
    daemon_threads = True
    request_queue_size = 128


class FakeOpenAIServer:
    """A threaded HTTP server on a free loopback port. Use as a context manager."""

    def __init__(
        self,
        handler: Handler | None = None,
        *,
        latency_s: float = 0.0,
        faults: FaultPlan | None = None,
        hang_limit_s: float = 30.0,
        embedding_dim: int = 64,
    ):
        self.handler: Handler = handler or (lambda req: "OK")
        self.latency_s = latency_s
        self.faults = faults
        self.hang_limit_s = hang_limit_s
        self.embedding_dim = embedding_dim
        self.requests: list[FakeRequest] = []
        self.served_prompt_tokens = 0
        self.served_completion_tokens = 0
        self.in_flight = 0
        self.peak_in_flight = 0
        self.faults_injected: dict[str, int] = {}
        self._lock = threading.Lock()
        self._rng = random.Random(faults.seed if faults else 0)
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._port: int | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        assert self._port is not None, "server not started"
        return f"http://127.0.0.1:{self._port}/v1"

    def chat_requests(self) -> list[FakeRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def stats(self) -> dict[str, Any]:
        """What the server has seen so far (also served as JSON at `GET <base_url>/fake/stats`)."""
        with self._lock:
            return {
                "chat_requests": sum(r.path.endswith("/chat/completions") for r in self.requests),
                "peak_in_flight": self.peak_in_flight,
                "faults_injected": dict(self.faults_injected),
                "prompt_tokens": self.served_prompt_tokens,
                "completion_tokens": self.served_completion_tokens,
            }

    def start(self) -> FakeOpenAIServer:
        server = self

        class _Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out as two writes; with Nagle's algorithm the body would
            # wait for the client's delayed ACK, adding ~40 ms to every reply.
            disable_nagle_algorithm = True

            def log_message(self, *args: object) -> None:  # keep test output clean
                pass

            def do_GET(self) -> None:
                server._serve(self, "GET")

            def do_POST(self) -> None:
                server._serve(self, "POST")

        self._httpd = _Listener(("127.0.0.1", 0), _Handler)
        self._port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _record(self, method: str, path: str, headers: dict[str, str], body: dict[str, Any] | None) -> FakeRequest:
        with self._lock:
            request = FakeRequest(len(self.requests), method, path, headers, body)
            self.requests.append(request)
            self.in_flight += 1
            self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
            return request

    def _serve(self, http: BaseHTTPRequestHandler, method: str) -> None:
        length = int(http.headers.get("Content-Length") or 0)
        raw = http.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            body = None
        request = self._record(method, http.path, dict(http.headers), body)
        finished = False
        try:
            reply = self._reply_for(request)
            if reply.hang:
                self._stopping.wait(self.hang_limit_s)
                return  # the client gave up long ago; close without answering
            wait = self.latency_s + reply.delay_s
            if wait:
                time.sleep(wait)
            payload = reply.raw_body if reply.raw_body is not None else self._body_for(request, reply)
            http.send_response(reply.status)
            http.send_header("Content-Type", "application/json")
            http.send_header("Content-Length", str(len(payload)))
            for name, value in reply.headers.items():
                http.send_header(name, value)
            http.end_headers()
            # The request stops counting as in flight before its last byte goes out: once the client has
            # the reply it may send the next one, which must not overlap this one in the count.
            self._finish()
            finished = True
            http.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client hung up (its timeout fired); nothing to answer
        finally:
            if not finished:
                self._finish()

    def _finish(self) -> None:
        with self._lock:
            self.in_flight -= 1

    def _reply_for(self, request: FakeRequest) -> FakeReply:
        if request.method == "GET" or not request.path.endswith("/chat/completions"):
            return FakeReply()
        if self.faults is not None:
            fault = self._draw_fault()
            if fault is not None:
                with self._lock:
                    self.faults_injected[fault] = self.faults_injected.get(fault, 0) + 1
                return {
                    "429": FakeReply.error(429, "rate limited", self.faults.retry_after_s),
                    "500": FakeReply.error(500, "internal error"),
                    "hang": FakeReply(hang=True),
                    "malformed": self._rng_choice(FakeReply.malformed(), FakeReply.truncated()),
                }[fault]
        reply = self.handler(request)
        return FakeReply(content=reply) if isinstance(reply, str) else reply

    def _draw_fault(self) -> str | None:
        assert self.faults is not None
        with self._lock:
            x = self._rng.random()
        for name, rate in (
            ("429", self.faults.rate_429),
            ("500", self.faults.rate_500),
            ("hang", self.faults.rate_hang),
            ("malformed", self.faults.rate_malformed),
        ):
            if x < rate:
                return name
            x -= rate
        return None

    def _rng_choice(self, *options: FakeReply) -> FakeReply:
        with self._lock:
            return self._rng.choice(options)

    def _body_for(self, request: FakeRequest, reply: FakeReply) -> bytes:
        if request.path.endswith(STATS_PATH):
            return json.dumps(self.stats()).encode()
        if request.path.endswith("/models"):
            return json.dumps({"object": "list", "data": [{"id": "fake-model", "object": "model"}]}).encode()
        body = request.body or {}
        if request.path.endswith("/embeddings"):
            inputs = body.get("input", [])
            inputs = [inputs] if isinstance(inputs, str) else inputs
            data = [
                {"object": "embedding", "index": i, "embedding": fake_embedding(str(t), self.embedding_dim)}
                for i, t in enumerate(inputs)
            ]
            tokens = sum(count_tokens(str(t)) for t in inputs)
            return json.dumps(
                {
                    "object": "list",
                    "data": data,
                    "model": body.get("model", "fake"),
                    "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
                }
            ).encode()
        if reply.status != 200:
            return json.dumps({"error": {"message": reply.content or "error", "code": reply.status}}).encode()
        prompt_tokens = sum(count_tokens(str(m.get("content", ""))) for m in request.messages)
        completion_tokens = count_tokens(reply.content)
        with self._lock:
            self.served_prompt_tokens += prompt_tokens
            self.served_completion_tokens += completion_tokens
        return json.dumps(
            completion_body(reply.content, body.get("model", "fake"), prompt_tokens, completion_tokens)
        ).encode()
