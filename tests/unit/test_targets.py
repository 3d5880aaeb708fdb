"""Target specs, loading, and how each kind's return values become answers."""

from __future__ import annotations

import json

import pytest
from langchain_core.documents import Document
from langchain_core.messages import AIMessage

from ragstress.core.types import TargetResponse, Usage
from ragstress.running.targets import (
    TargetError,
    TargetOutput,
    TargetOutputError,
    TargetRequest,
    coerce_output,
    context_texts,
    load_target,
    public_spec,
    target_kind,
)
from ragstress.running.targets.http_target import (
    HttpTargetConfig,
    load_http_config,
    lookup,
    redact_url,
    resolve_settings,
)
from ragstress.running.targets.langchain_target import chain_input, langchain_output

REQUEST = TargetRequest(case_id="case-1", question="Who?", lang="en", contexts=["p1", "p2"])


def test_spec_kinds():
    assert target_kind("https://x.test/ask") == "http"
    assert target_kind("http://127.0.0.1:8/") == "http"
    assert target_kind("baseline") == "baseline"
    assert target_kind("python:m:f") == "python"
    assert target_kind("langchain:m:o") == "langchain"
    with pytest.raises(TargetError, match="expected python:"):
        target_kind("justaname")


def test_unknown_kind_suggests_the_closest():
    with pytest.raises(TargetError, match="did you mean 'python'"):
        load_target("pyhton:fixtures_run.targets:echo")


@pytest.mark.parametrize(
    "spec, message",
    [
        ("python:no_such_module_xyz:f", "cannot import module 'no_such_module_xyz'"),
        ("python:fixtures_run.targets:missing", "has no attribute 'missing'"),
        ("python:fixtures_run.targets:not_a_target", "not callable"),
        ("python:fixtures_run.targets", "expected the form"),
        ("langchain:fixtures_run.targets:not_a_target", "neither a Runnable"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(TargetError, match=message):
        load_target(spec)


def test_baseline_needs_a_session():
    with pytest.raises(TargetError, match="needs an LLM session"):
        load_target("baseline")


def test_coerce_output_accepts_the_documented_shapes():
    assert coerce_output("hi") == TargetOutput("hi")
    out = coerce_output({"answer": "a", "contexts": ["c", Document(page_content="d")], "usage": {"prompt_tokens": 3}})
    assert out == TargetOutput("a", ["c", "d"], Usage(prompt_tokens=3))
    record = TargetResponse(case_id="x", answer="r", latency_s=1, contexts=["k"])
    assert coerce_output(record) == TargetOutput("r", ["k"], Usage(), None)


@pytest.mark.parametrize(
    "value, message",
    [
        (42, "target returned int"),
        ({"text": "a"}, "unknown key"),
        ({"answer": 3}, "needs 'answer' as a string"),
        ({"answer": "a", "contexts": "one string"}, "must be a list"),
        ({"answer": "a", "contexts": [1]}, r"contexts\[0\] is a int"),
        ({"answer": "a", "usage": {"tokens": 1}}, "usage"),
    ],
)
def test_coerce_output_rejects_anything_else(value, message):
    with pytest.raises(TargetOutputError, match=message):
        coerce_output(value)


def test_context_texts_reads_dicts_and_documents():
    assert context_texts([{"text": "a"}, {"page_content": "b"}, Document(page_content="c")]) == ["a", "b", "c"]


async def test_python_targets_sync_and_async():
    sync = load_target("python:fixtures_run.targets:echo")
    assert not sync.is_async and sync.accepts_retriever
    assert await sync.answer(REQUEST) == TargetOutput("echo: Who?", ["p1", "p2"])
    asynchronous = load_target("python:fixtures_run.targets:async_echo")
    assert asynchronous.is_async
    assert (await asynchronous.answer(REQUEST)).answer == "async echo: Who? (case, 2 passages)"
    with pytest.raises(TargetOutputError):
        await load_target("python:fixtures_run.targets:bad_type").answer(REQUEST)


def test_chain_input_follows_the_mode():
    data = chain_input(REQUEST)
    assert data["input"] == data["question"] == "Who?"
    assert [d.page_content for d in data["context"]] == data["contexts"] == ["p1", "p2"]
    e2e = chain_input(TargetRequest(case_id="c", question="q", lang="zh"))
    assert "context" not in e2e and "contexts" not in e2e


def test_langchain_output_shapes():
    message = AIMessage(content="m", usage_metadata={"input_tokens": 5, "output_tokens": 2, "total_tokens": 7})
    assert langchain_output(message) == TargetOutput("m", None, Usage(prompt_tokens=5, completion_tokens=2))
    chain = langchain_output({"input": "q", "context": [Document(page_content="d")], "answer": "a"})
    assert chain == TargetOutput("a", ["d"])
    assert langchain_output("s") == TargetOutput("s")
    with pytest.raises(TargetOutputError, match="without 'answer'"):
        langchain_output({"output": "x"})


async def test_langchain_targets():
    chain = load_target("langchain:fixtures_run.targets:retrieval_chain")
    assert not chain.accepts_retriever
    out = await chain.answer(REQUEST)
    assert out == TargetOutput("chain: Who?", ["p1", "p2"], Usage(prompt_tokens=7, completion_tokens=3))
    assert (await load_target("langchain:fixtures_run.targets:string_chain").answer(REQUEST)).answer == "plain: Who?"
    assert (await load_target("langchain:fixtures_run.targets:message_chain").answer(REQUEST)).answer == "a message"
    factory = load_target("langchain:fixtures_run.targets:make_chain")
    assert factory.accepts_retriever
    assert (await factory.answer(REQUEST)).answer == "factory: 2 documents"


async def test_a_factory_chain_that_pipes_into_its_retriever_answers_the_closed_book_probe():
    lcel = load_target("langchain:fixtures_run.targets:make_lcel_chain")
    probe = TargetRequest(case_id="case-1", question="Who?", lang="en", contexts=[], probe="closed_book")
    # Before: the factory was handed None, and `itemgetter("input") | None` raised on every probe.
    out = await lcel.answer(probe)
    assert out.answer == "lcel: 0 documents" and out.contexts == []


def test_lookup_paths():
    data = {"data": {"answer": "x", "sources": [{"text": "a"}, {"text": "b"}]}, "list": [1, 2]}
    assert lookup(data, "data.answer") == "x"
    assert lookup(data, "data.sources.*.text") == ["a", "b"]
    assert lookup(data, "list.1") == 2
    with pytest.raises(KeyError, match="data.nope"):
        lookup(data, "data.nope")


def test_redact_url():
    assert redact_url("https://user:pw@h.test/a?api_key=s3cret&model=m") == (
        "https://user:[redacted]@h.test/a?api_key=[redacted]&model=m"
    )
    assert public_spec("https://h.test/?token=abc") == "https://h.test/?token=[redacted]"
    assert public_spec("python:m:f") == "python:m:f"


def test_http_config_files(tmp_path):
    toml = tmp_path / "target.toml"
    toml.write_text(
        'timeout_s = 5\n[headers]\nAuthorization = "Bearer env:RAG_TOKEN"\n'
        '[request]\nquestion = "query"\ncase_id = ""\n[response]\nanswer = "data.answer"\n'
    )
    config = load_http_config(toml)
    assert config.request == {"question": "query", "case_id": ""} and config.response.answer == "data.answer"
    settings = resolve_settings(config, {"RAG_TOKEN": "t0k"})
    assert settings.headers == {"Authorization": "Bearer t0k"}
    with pytest.raises(TargetError, match="env:RAG_TOKEN, which is not set"):
        resolve_settings(config, {})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"request": {"questoin": "q"}}))
    with pytest.raises(TargetError, match="bad.json: field request: .*unknown request field"):
        load_http_config(bad)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(TargetError, match="broken.json: invalid JSON"):
        load_http_config(broken)
    assert HttpTargetConfig().request == {
        "question": "question",
        "contexts": "contexts",
        "lang": "lang",
        "case_id": "case_id",
    }


def test_a_conversational_request_carries_its_earlier_turns():
    history = [{"role": "user", "content": "Tell me about the tower."}, {"role": "assistant", "content": "Sure."}]
    data = chain_input(
        TargetRequest(case_id="c", question="When was it finished?", lang="en", contexts=[], history=history)
    )
    assert [type(m).__name__ for m in data["chat_history"]] == ["HumanMessage", "AIMessage"]
    assert data["chat_history"][0].content == "Tell me about the tower."
    assert "chat_history" not in chain_input(REQUEST)
