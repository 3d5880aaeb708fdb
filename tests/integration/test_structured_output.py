"""The structured-output helper end to end against the loopback server."""

from __future__ import annotations

import json

from pydantic import BaseModel

from ragstress.llm import ClientSettings, Endpoint, LLMSession, ask_structured
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeReply, FakeRequest

SETTINGS = ClientSettings(timeout_s=5.0, max_retries=1, backoff_base_s=0.01, backoff_max_s=0.01)


class Capital(BaseModel):
    city: str
    country: str


def sequence(*replies):
    seen: list[FakeRequest] = []

    def handler(req: FakeRequest):
        seen.append(req)
        return replies[min(len(seen) - 1, len(replies) - 1)]

    return handler, seen


def judge(server, json_mode="auto") -> LLMSession:
    ep = Endpoint(role="judge", model="m", base_url=server.base_url, api_key="k", json_mode=json_mode)
    return LLMSession({"judge": ep}, SETTINGS)


ASK = [{"role": "user", "content": "Capital of France as JSON"}]


async def test_valid_reply_first_time_sends_the_schema():
    handler, seen = sequence('```json\n{"city": "Paris", "country": "France",}\n```')
    with FakeOpenAIServer(handler) as server:
        async with judge(server) as llm:
            result = await ask_structured(llm.judge, ASK, Capital)
    assert result.ok and result.value == Capital(city="Paris", country="France") and result.attempts == 1
    fmt = seen[0].body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["schema"]["required"] == ["city", "country"]


async def test_reasks_once_with_the_validation_error_in_the_right_language():
    handler, seen = sequence('{"city": "Paris"}', '{"city": "Paris", "country": "France"}')
    with FakeOpenAIServer(handler) as server:
        async with judge(server) as llm:
            result = await ask_structured(llm.judge, ASK, Capital, lang="zh")
    assert result.ok and result.attempts == 2
    followup = seen[1].messages
    assert followup[-2] == {"role": "assistant", "content": '{"city": "Paris"}'}
    assert "country" in followup[-1]["content"] and "JSON" in followup[-1]["content"]
    assert "请重新回复" in followup[-1]["content"]


async def test_failure_keeps_the_raw_text():
    handler, seen = sequence("I cannot answer that.", "Still no JSON, sorry.")
    with FakeOpenAIServer(handler) as server:
        async with judge(server) as llm:
            result = await ask_structured(llm.judge, ASK, Capital)
    assert not result.ok and result.value is None
    assert result.raw == "Still no JSON, sorry." and "no JSON object" in result.error
    assert len(seen) == 2


async def test_transport_failure_is_a_structured_failure():
    with FakeOpenAIServer(lambda req: FakeReply.error(500)) as server:
        async with judge(server) as llm:
            result = await ask_structured(llm.judge, ASK, Capital)
    assert not result.ok and "HTTP 500" in result.error


async def test_endpoint_without_schema_support_falls_back_to_prompt_only():
    def handler(req: FakeRequest):
        if "response_format" in req.body:
            return FakeReply.error(400, "response_format is not supported")
        return '{"city": "Paris", "country": "France"}'

    with FakeOpenAIServer(handler) as server:
        async with judge(server) as llm:
            result = await ask_structured(llm.judge, ASK, Capital)
            assert llm.judge.stats.json_mode == "text" and llm.judge.stats.failures == 0
    assert result.ok
    # json_schema, then json_object, refused once each; then the schema in the prompt alone.
    sent = server.chat_requests()
    assert [(r.body.get("response_format") or {}).get("type") for r in sent] == ["json_schema", "json_object", None]
    assert '"country"' in sent[-1].last_user_text and "JSON" in sent[-1].last_user_text


async def test_llama_cpp_mode_sends_a_grammar():
    handler, seen = sequence('{"city": "Paris", "country": "France"}')
    with FakeOpenAIServer(handler) as server:
        async with judge(server, json_mode="grammar") as llm:
            await ask_structured(llm.judge, ASK, Capital)
    assert "response_format" not in seen[0].body
    assert seen[0].body["grammar"].startswith("char ::=") and '"\\"country\\""' in seen[0].body["grammar"]


def test_grammar_bounds_free_strings_but_validation_does_not():
    """The bundled model's grammar stops a reason at GRAMMAR_STRING_CHARS; a longer one from an endpoint
    without grammars is still valid, and enums stay as they are."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    from ragstress.llm.structured import GRAMMAR_STRING_CHARS, gbnf_for, json_schema_of, parse_structured
    from ragstress.scoring.metrics.judge import StatementAudit

    schema = json_schema_of(StatementAudit)
    assert "char*" in json_schema_to_gbnf(json.dumps(schema))  # unbounded as llama.cpp writes it
    grammar = gbnf_for(schema)
    assert "char*" not in grammar and '"\\"unclear\\""' in grammar
    assert grammar.count("(char") >= 2 * GRAMMAR_STRING_CHARS  # statement and reason, each a bounded run
    long_reason = "r" * (3 * GRAMMAR_STRING_CHARS)
    reply = f'{{"statements": [{{"statement": "s", "reason": "{long_reason}", "supported": "yes"}}]}}'
    assert parse_structured(reply, StatementAudit).statements[0].reason == long_reason
