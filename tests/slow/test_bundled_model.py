"""The real bundled SmolLM2 model, served by llama.cpp, through the same client as remote endpoints."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from pydantic import BaseModel

from ragstress.llm import ClientSettings, LLMSession, LocalModelServer, ask_structured, resolve_endpoint
from ragstress.llm.local import bundled_gguf_path

pytestmark = pytest.mark.slow


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill(0); it is dead for our purposes.
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(")")[-1].split()[0] != "Z"


def wait_gone(pid: int, seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not pid_alive(pid):
            return True
        time.sleep(0.2)
    return False


class CityAnswer(BaseModel):
    city: str
    country: str
    confident: bool


@pytest.fixture
def local_server():
    server = LocalModelServer()
    yield server
    pid = server.pid
    server.stop()
    if pid is not None:
        assert wait_gone(pid), f"bundled server pid {pid} still running after stop()"


async def test_bundled_model_answers_through_the_client(local_server):
    endpoints = {"target": resolve_endpoint("target", {})}
    async with LLMSession(endpoints, ClientSettings(timeout_s=120), local=local_server) as llm:
        reply = await llm.target.chat(
            [{"role": "user", "content": "What is the capital of France? One sentence."}], max_tokens=30
        )
        assert "Paris" in reply.text
        assert reply.usage.prompt_tokens > 0 and reply.usage.completion_tokens > 0
        assert llm.target.stats.requests == 1
    # Served from the F16 copy made on first use, kept beside the other converted models.
    assert local_server.weights().startswith("F16 copy of ") and local_server.f16_path(bundled_gguf_path()).is_file()


QUESTIONS = {
    "en": "Which city is the capital of Japan? Reply in JSON with the keys city, country and confident.",
    "zh": "日本的首都是哪座城市？请用 JSON 回答，包含 city、country 和 confident 三个键。",
}


async def test_schema_constrained_request_returns_json_that_validates(local_server):
    endpoints = {"judge": resolve_endpoint("judge", {})}
    async with LLMSession(endpoints, ClientSettings(timeout_s=120), local=local_server) as llm:
        for lang, question in QUESTIONS.items():
            messages = [{"role": "user", "content": question}]
            result = await ask_structured(llm.judge, messages, CityAnswer, lang=lang, max_tokens=120)
            assert result.ok, result.error
            assert isinstance(result.value, CityAnswer)
            assert CityAnswer.model_validate_json(result.raw) == result.value  # the raw reply is pure JSON


def test_server_restarts_after_a_crash(local_server):
    first = local_server.ensure_started()
    pid = local_server.pid
    os.kill(pid, signal.SIGKILL)
    # A killed multi-threaded process shows as a zombie before its last thread exits;
    # only once it can be reaped is it dead to its parent.
    deadline = time.monotonic() + 15
    while local_server.is_alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not local_server.is_alive()
    second = local_server.ensure_started()
    assert local_server.pid != pid and local_server.restarts == 1
    assert second.startswith("http://127.0.0.1:") and first.startswith("http://127.0.0.1:")


PARENT = """
import sys, time
from ragstress.llm import LocalModelServer
server = LocalModelServer()
server.ensure_started()
print(server.pid, flush=True)
time.sleep(600)
"""


def test_no_orphan_when_the_parent_is_killed():
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    try:
        child_pid = int(parent.stdout.readline())
        assert pid_alive(child_pid)
        parent.send_signal(signal.SIGKILL)  # no atexit, no cleanup: only the watchdog can end the server
        parent.wait(timeout=10)
        assert wait_gone(child_pid), f"server {child_pid} outlived its killed parent"
    finally:
        if parent.poll() is None:
            parent.kill()
