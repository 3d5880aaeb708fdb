"""The chat client against a real loopback HTTP server with injected faults."""

from __future__ import annotations

import time

import pytest

from ragstress.llm import ClientSettings, Endpoint, LLMError, LLMSession
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeReply, FakeRequest

FAST = ClientSettings(timeout_s=5.0, max_retries=3, backoff_base_s=0.01, backoff_max_s=0.05, concurrency=4)
SECRET = "sk-test-VERYSECRET-0123456789"


def endpoint(server: FakeOpenAIServer, role: str = "judge", **kw) -> Endpoint:
    return Endpoint(role=role, model="fake-model", base_url=server.base_url, api_key=SECRET, source="test", **kw)


def session(server: FakeOpenAIServer, settings: ClientSettings = FAST, cache_path=None) -> LLMSession:
    return LLMSession(
        {"judge": endpoint(server), "generator": endpoint(server, "generator")}, settings, cache_path=cache_path
    )


def scripted(*replies: FakeReply | str):
    """A handler answering the n-th chat request with replies[n] (the last one repeats)."""

    def handler(req: FakeRequest) -> FakeReply | str:
        n = len(handler.seen)
        handler.seen.append(req)
        return replies[min(n, len(replies) - 1)]

    handler.seen = []
    return handler


USER = [{"role": "user", "content": "What is the capital of France?"}]


async def test_transient_faults_are_retried_and_succeed():
    handler = scripted(
        FakeReply.error(429), FakeReply.error(500), FakeReply.malformed(), FakeReply.truncated(), "Paris"
    )
    with FakeOpenAIServer(handler) as server:
        async with session(server, ClientSettings(**{**FAST.__dict__, "max_retries": 5})) as llm:
            result = await llm.judge.chat(USER)
            stats = llm.judge.stats
    assert result.text == "Paris"
    assert len(server.chat_requests()) == 5
    assert (stats.requests, stats.retries, stats.failures) == (5, 4, 0)


async def test_gives_up_after_max_retries_with_cause():
    with FakeOpenAIServer(lambda req: FakeReply.error(503, "overloaded")) as server:
        async with session(server) as llm:
            with pytest.raises(LLMError) as info:
                await llm.judge.chat(USER)
            stats = llm.judge.stats
    assert len(server.chat_requests()) == FAST.max_retries + 1
    assert stats.failures == 1 and stats.retries == FAST.max_retries
    message = str(info.value)
    assert "HTTP 503" in message and "overloaded" in message and "gave up after 4 attempts" in message
    assert server.base_url in message


@pytest.mark.parametrize("status", [400, 404, 422])
async def test_non_retryable_errors_fail_at_once(status):
    with FakeOpenAIServer(lambda req: FakeReply.error(status, f"bad thing {status}")) as server:
        async with session(server) as llm:
            with pytest.raises(LLMError) as info:
                await llm.judge.chat(USER)
    assert len(server.chat_requests()) == 1
    assert f"HTTP {status}" in str(info.value) and f"bad thing {status}" in str(info.value)
    assert server.base_url in str(info.value)


async def test_wrong_key_is_named_and_never_printed():
    # Real providers echo part of the key back in their 401 message.
    echo = FakeReply.error(401, f"Incorrect API key provided: {SECRET}")
    with FakeOpenAIServer(lambda req: echo) as server:
        async with session(server) as llm:
            with pytest.raises(LLMError) as info:
                await llm.judge.chat(USER)
    message = str(info.value)
    assert "authentication failed" in message and "API key" in message
    assert SECRET not in message and "VERYSECRET" not in message
    assert len(server.chat_requests()) == 1


async def test_timeout_fires_and_is_retried():
    settings = ClientSettings(timeout_s=0.5, max_retries=1, backoff_base_s=0.01, backoff_max_s=0.01)
    with FakeOpenAIServer(lambda req: FakeReply(hang=True), hang_limit_s=5) as server:
        async with session(server, settings) as llm:
            start = time.monotonic()
            with pytest.raises(LLMError, match="timed out after 0.5s"):
                await llm.judge.chat(USER)
            elapsed = time.monotonic() - start
    assert len(server.chat_requests()) == 2
    assert 0.9 < elapsed < 4.0


async def test_retry_after_is_honoured():
    handler = scripted(FakeReply.error(429, retry_after=0.4), "ok")
    with FakeOpenAIServer(handler) as server:
        async with session(server) as llm:
            start = time.monotonic()
            await llm.judge.chat(USER)
            elapsed = time.monotonic() - start
    assert elapsed >= 0.4
    assert len(server.chat_requests()) == 2


async def test_concurrency_limit_holds_across_roles_on_one_endpoint():
    import asyncio

    with FakeOpenAIServer(lambda req: "ok", latency_s=0.1) as server:
        async with session(server, ClientSettings(**{**FAST.__dict__, "concurrency": 3})) as llm:
            calls = [
                (llm.judge if i % 2 else llm.generator).chat([{"role": "user", "content": f"q{i}"}]) for i in range(15)
            ]
            await asyncio.gather(*calls)
    assert len(server.chat_requests()) == 15
    assert server.peak_in_flight == 3


async def test_cache_hit_makes_no_request_and_errors_are_not_cached(tmp_path):
    cache = tmp_path / "cache.sqlite"
    handler = scripted(FakeReply.error(400, "first call fails"), "Paris")
    with FakeOpenAIServer(handler) as server:
        async with session(server, cache_path=cache) as llm:
            with pytest.raises(LLMError):
                await llm.judge.chat(USER)
            first = await llm.judge.chat(USER)  # the error was not cached: this asks again
            assert len(server.chat_requests()) == 2
        async with session(server, cache_path=cache) as llm:  # a new session reads the same file
            second = await llm.judge.chat(USER)
            assert llm.judge.stats.cache_hits == 1 and llm.judge.stats.requests == 0
        assert len(server.chat_requests()) == 2
        async with session(server, ClientSettings(**{**FAST.__dict__, "use_cache": False}), cache_path=cache) as llm:
            await llm.judge.chat(USER)  # --no-cache bypasses it
        assert len(server.chat_requests()) == 3
    assert first.text == second.text == "Paris" and second.cached and not first.cached


async def test_cache_key_covers_sampling_params(tmp_path):
    with FakeOpenAIServer(lambda req: "x") as server:
        async with session(server, cache_path=tmp_path / "c.sqlite") as llm:
            await llm.judge.chat(USER, temperature=0.0)
            await llm.judge.chat(USER, temperature=0.7)
            await llm.judge.chat(USER, temperature=0.0, max_tokens=5)
            await llm.judge.chat(USER, temperature=0.0)
    assert len(server.chat_requests()) == 3


async def test_usage_accounting_matches_what_the_server_saw():
    import asyncio

    answers = ["Paris is the capital.", "巴黎是法国的首都。", "Berlin", "one two three four"]
    with FakeOpenAIServer(lambda req: answers[int(req.last_user_text[1:]) % 4]) as server:
        async with session(server) as llm:
            await asyncio.gather(*(llm.judge.chat([{"role": "user", "content": f"q{i}"}]) for i in range(12)))
            stats = llm.judge.stats
    assert stats.requests == len(server.chat_requests()) == 12
    assert stats.prompt_tokens == server.served_prompt_tokens > 0
    assert stats.completion_tokens == server.served_completion_tokens > 0
    assert stats.calls == 12 and stats.cache_hits == 0


async def test_session_usage_reports_roles_without_secrets():
    with FakeOpenAIServer(lambda req: "ok") as server:
        async with session(server) as llm:
            await llm.judge.chat(USER)
            usage = llm.usage()
    assert usage["judge"]["requests"] == 1
    assert usage["judge"]["api_key"] == "set"
    assert SECRET not in repr(usage)
