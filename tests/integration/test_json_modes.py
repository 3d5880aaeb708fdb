"""JSON modes against the loopback server refusing response_format as real servers do.

llama-cpp-python's server answers a json_schema request with HTTP 500 ("Input should be 'text'
or 'json_object'"); others answer 400 or 422 naming response_format. The client must not retry a
refusal, must fall back (json_object with the schema, then the schema in the prompt), and must
remember what worked: the next call goes straight to it, in this process and from the cache file.
"""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel

from ragstress.llm import ClientSettings, Endpoint, LLMSession, ask_structured
from ragstress.llm.json_modes import forget_learned, is_format_refusal
from ragstress.testing.fake_openai import REFUSALS, FakeOpenAIServer, FakeReply, FakeRequest, refusing_formats

SETTINGS = ClientSettings(timeout_s=5.0, max_retries=4, backoff_base_s=0.01, backoff_max_s=0.01)
ASK = [{"role": "user", "content": "Capital of France?"}]


class Capital(BaseModel):
    city: str
    country: str


def capital(request: FakeRequest) -> str:
    return json.dumps({"city": "Paris", "country": "France"})


def session(server: FakeOpenAIServer, json_mode: str = "auto", **kwargs) -> LLMSession:
    endpoint = Endpoint(role="judge", model="m", base_url=server.base_url, api_key="k", json_mode=json_mode)
    return LLMSession({"judge": endpoint}, SETTINGS, **kwargs)


def formats(server: FakeOpenAIServer) -> list[str | None]:
    return [((r.body or {}).get("response_format") or {}).get("type") for r in server.chat_requests()]


@pytest.mark.parametrize("shape", sorted(REFUSALS))
async def test_a_refused_json_schema_falls_back_to_json_object_with_the_schema_and_is_remembered(shape):
    with FakeOpenAIServer(refusing_formats(capital, accepts=("json_object",), shape=shape)) as server:
        async with session(server) as llm:
            first = await ask_structured(llm.judge, ASK, Capital)
            second = await ask_structured(llm.judge, ASK, Capital)
            stats = llm.judge.stats
    assert first.ok and second.ok and first.value.city == "Paris"
    # One refusal, not retried; the second call goes straight to the mode that worked.
    assert formats(server) == ["json_schema", "json_object", "json_object"]
    sent = server.chat_requests()[1].body["response_format"]
    assert sent["schema"]["required"] == ["city", "country"]
    assert stats.calls == 2 and stats.failures == 0 and stats.json_mode == "json_object"
    assert llm.public_endpoint("judge")["json_mode"] == "json_object"


async def test_an_endpoint_refusing_both_formats_is_asked_in_text_with_the_schema_in_the_prompt():
    with FakeOpenAIServer(refusing_formats(capital, accepts=(), shape="422")) as server:
        async with session(server) as llm:
            results = [await ask_structured(llm.judge, ASK, Capital, lang="zh") for _ in range(3)]
    assert all(r.ok for r in results)
    assert formats(server) == ["json_schema", "json_object", None, None, None]
    prompt = server.chat_requests()[2].last_user_text
    assert prompt.startswith("Capital of France?") and "JSON Schema" in prompt and '"country"' in prompt


async def test_the_mode_is_remembered_in_the_cache_file_for_the_next_process(tmp_path):
    cache = tmp_path / "llm-cache.sqlite"
    with FakeOpenAIServer(refusing_formats(capital, accepts=("json_object",))) as server:
        async with session(server, cache_path=cache) as llm:
            await ask_structured(llm.judge, [{"role": "user", "content": "first"}], Capital)
        forget_learned()  # as a new process would start
        async with session(server, cache_path=cache) as llm:
            result = await ask_structured(llm.judge, [{"role": "user", "content": "second"}], Capital)
    assert result.ok
    assert formats(server) == ["json_schema", "json_object", "json_object"]


async def test_a_forced_mode_is_never_changed_and_its_refusal_says_so():
    with FakeOpenAIServer(refusing_formats(capital, accepts=("json_object",))) as server:
        async with session(server, json_mode="json_schema") as llm:
            result = await ask_structured(llm.judge, ASK, Capital)
            stats = llm.judge.stats
    assert not result.ok and "refuses this JSON mode" in result.error and "forced" in result.error
    assert "Input should be 'text' or 'json_object'" in result.error  # the one-letter key "k" garbles nothing
    assert formats(server) == ["json_schema"]  # not retried five times
    assert stats.failures == 1 and stats.first_error == result.error


async def test_a_forced_json_object_or_text_mode_is_used_from_the_first_request():
    for mode, expected in (("json_object", "json_object"), ("text", None)):
        with FakeOpenAIServer(capital) as server:
            async with session(server, json_mode=mode) as llm:
                assert (await ask_structured(llm.judge, ASK, Capital)).ok
        assert formats(server) == [expected]


async def test_an_ordinary_server_error_is_still_retried_and_not_taken_for_a_refusal():
    replies = iter([FakeReply.error(500, "internal error"), FakeReply.error(500, "CUDA out of memory")])

    def flaky(request: FakeRequest) -> FakeReply | str:
        return next(replies, None) or capital(request)

    with FakeOpenAIServer(flaky) as server:
        async with session(server) as llm:
            result = await ask_structured(llm.judge, ASK, Capital)
            stats = llm.judge.stats
    assert result.ok and formats(server) == ["json_schema"] * 3 and stats.retries == 2
    assert stats.json_mode == "json_schema"


def test_what_counts_as_a_refusal():
    assert is_format_refusal(500, REFUSALS["llama_cpp"][1])
    assert is_format_refusal(400, "Invalid value for 'response_format'")
    assert is_format_refusal(422, "json_schema is not supported")
    assert not is_format_refusal(500, "internal error")
    assert not is_format_refusal(429, "response_format rate limited")  # a rate limit stays a rate limit
    assert not is_format_refusal(404, "model not found")
