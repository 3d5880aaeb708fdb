"""The baseline RAG on a real Chroma index, its chat model a scripted OpenAI server on 127.0.0.1."""

from __future__ import annotations

import pytest
from fixtures_run.index import build_small_index, chunk_with

from ragstress.core.jsonl import read_records
from ragstress.core.types import Case, Context, TargetResponse
from ragstress.indexing.store import IndexStore
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.prompts import load_prompt
from ragstress.running.e2e import build_e2e_index
from ragstress.running.runner import plan_jobs, run_cases
from ragstress.running.targets import load_target
from ragstress.running.targets.baseline import ANSWER_MAX_TOKENS, ANSWER_STOP, number_documents
from ragstress.testing.fake_openai import FakeOpenAIServer


def reply(request) -> str:
    """Answers from the prompt: rejects without 2013 in the documents, and says what it saw."""
    system = [m["content"] for m in request.messages if m["role"] == "system"]
    user = request.last_user_text
    if not system:
        return "closed book: 2013"
    return "2013" if "2013" in user or "2013年" in user else "insufficient information"


def cases(chunks) -> list[Case]:
    answer = chunk_with(chunks, "UNESCO")
    whale = chunk_with(chunks, "krill")
    return [
        Case(
            id="en-noise",
            seed_id="s",
            testbed="noise",
            lang="en",
            expected="answer",
            question="When was Mount Etna added to the UNESCO World Heritage list?",
            answers=[["2013"]],
            contexts=[
                Context(text=whale.text, role="noise", chunk_id=whale.id),
                Context(text=answer.text, role="positive", chunk_id=answer.id),
            ],
        ),
        Case(
            id="en-neg",
            seed_id="s",
            testbed="negative",
            lang="en",
            expected="reject",
            question="When was Mount Etna added to the UNESCO World Heritage list?",
            answers=[["2013"]],
            params={"positive_chunk_ids": [answer.id]},
            contexts=[Context(text=whale.text, role="noise", chunk_id=whale.id)],
        ),
        Case(
            id="zh-cf",
            seed_id="s",
            testbed="counterfactual",
            lang="zh",
            expected="flag_error",
            question="埃特纳火山哪一年被列入世界遗产？",
            answers=[["2013"]],
            fake_answer=["1999"],
            contexts=[
                Context(text="埃特纳火山于1999年被列入世界遗产名录。", role="counterfactual", chunk_id=answer.id)
            ],
        ),
    ]


@pytest.fixture
def session_and_server():
    with FakeOpenAIServer(reply) as server:
        endpoint = Endpoint(role="target", model="fake-model", base_url=server.base_url, api_key="test", source="flag")
        yield LLMSession({"target": endpoint}, ClientSettings(timeout_s=10, max_retries=0, use_cache=False)), server


async def test_baseline_in_contexts_mode(tmp_path, counting_minilm, session_and_server):
    llm, server = session_and_server
    _, chunks = build_small_index(tmp_path, counting_minilm)
    async with llm:
        target = load_target("baseline", llm=llm)
        test_set = cases(chunks)
        counts = await run_cases(plan_jobs(test_set), target, tmp_path / "r.jsonl")
        usage = llm.usage()["target"]
    got = {(r.case_id, r.probe): r for r in read_records(tmp_path / "r.jsonl", TargetResponse)}
    assert counts.errors == 0 and len(got) == 4
    assert got[("en-noise", "case")].answer == "2013" and got[("en-noise", "case")].contexts is None
    assert got[("en-neg", "case")].answer == "insufficient information"
    assert got[("zh-cf", "closed_book")].answer == "closed book: 2013"
    assert got[("en-noise", "case")].usage.prompt_tokens > 0 and usage["requests"] == 4

    by_question = {r.last_user_text: r for r in server.chat_requests()}
    noise_prompt = load_prompt("baseline_user", "en").render(
        documents=number_documents([c.text for c in test_set[0].contexts]), question=test_set[0].question
    )
    sent = by_question[noise_prompt].messages
    assert sent[0] == {"role": "system", "content": load_prompt("baseline_system", "en").text}
    assert "[1] " in noise_prompt and "[2] " in noise_prompt
    zh = [r for r in server.chat_requests() if "埃特纳" in r.last_user_text]
    assert {m["content"] for r in zh for m in r.messages if m["role"] == "system"} == {
        load_prompt("baseline_system", "zh").text
    }
    closed = [r for r in zh if len(r.messages) == 1]
    assert closed[0].last_user_text == load_prompt("baseline_closed_book", "zh").render(question=test_set[2].question)
    assert target.describe()["model"]["base_url"] == server.base_url and "test" not in str(target.describe())
    # Each language's own answer limit and stop sequences travel with every request, closed-book ones too.
    en_body, zh_body = by_question[noise_prompt].body, closed[0].body
    assert (en_body["max_tokens"], en_body["stop"]) == (ANSWER_MAX_TOKENS["en"], list(ANSWER_STOP["en"]))
    assert (zh_body["max_tokens"], zh_body["stop"]) == (ANSWER_MAX_TOKENS["zh"], list(ANSWER_STOP["zh"]))
    assert len(zh_body["stop"]) <= 4 and "\n问题：" in zh_body["stop"]


async def test_baseline_retrieves_in_e2e_mode(tmp_path, counting_minilm, session_and_server):
    llm, server = session_and_server
    index, chunks = build_small_index(tmp_path, counting_minilm)
    test_set = cases(chunks)
    e2e = build_e2e_index(IndexStore.open(index, embedder=counting_minilm), test_set, top_k=3)
    try:
        async with llm:
            target = load_target("baseline", llm=llm)
            counts = await run_cases(
                plan_jobs(test_set), target, tmp_path / "r.jsonl", mode="e2e", retriever_for=e2e.retriever
            )
    finally:
        e2e.close()
    got = {(r.case_id, r.probe): r for r in read_records(tmp_path / "r.jsonl", TargetResponse)}
    assert counts.errors == 0
    # Its passages are half noise: its question retrieves one answer chunk and one distractor, not the top 3.
    noise = got[("en-noise", "case")]
    assert noise.answer == "2013" and len(noise.contexts) == 2 and noise.retrieved.roles.count("positive") == 1
    # The negative variant lacks the answer chunk, so the retrieved documents cannot hold it.
    assert got[("en-neg", "case")].answer == "insufficient information"
    assert not any("UNESCO" in c for c in got[("en-neg", "case")].contexts)
    assert "1999" in got[("zh-cf", "case")].contexts[0] and got[("zh-cf", "closed_book")].contexts is None


async def test_baseline_without_documents_or_retriever_is_an_error(tmp_path, session_and_server):
    llm, _ = session_and_server
    async with llm:
        counts = await run_cases(
            plan_jobs([cases([_chunk("UNESCO"), _chunk("krill")])[0]]),
            load_target("baseline", llm=llm),
            tmp_path / "r.jsonl",
            mode="e2e",
        )
    assert counts.errors == 1
    assert "needs --index in e2e mode" in read_records(tmp_path / "r.jsonl", TargetResponse)[0].error


def _chunk(text):
    from ragstress.core.types import Chunk

    return Chunk(id=text, doc_id="d", text=text, start=0, end=len(text))
