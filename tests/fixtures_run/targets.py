"""Targets for tests, named by specs such as `python:fixtures_run.targets:echo`."""

from __future__ import annotations

import asyncio
import os
import threading
import time

import httpx
from langchain_core.documents import Document
from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableLambda

from ragstress.core.types import TargetResponse


def echo(request):
    """Sync: repeats the question, returns the passages it was given."""
    return {"answer": f"echo: {request.question}", "contexts": request.contexts}


async def async_echo(request):
    await asyncio.sleep(0.01)
    return f"async echo: {request.question} ({request.probe}, {len(request.contexts or [])} passages)"


def slow_echo(request):
    """Sleeps RAGSTRESS_TEST_SLEEP seconds (default 0.1) per case, for timing and kill tests."""
    time.sleep(float(os.environ.get("RAGSTRESS_TEST_SLEEP", "0.1")))
    return f"slow echo: {request.question}"


IN_FLIGHT = {"now": 0, "most": 0}
_in_flight_lock = threading.Lock()


def counting_echo(request):
    """Sleeps 0.1 s per case and records how many calls were in flight at once (IN_FLIGHT["most"])."""
    with _in_flight_lock:
        IN_FLIGHT["now"] += 1
        IN_FLIGHT["most"] = max(IN_FLIGHT["most"], IN_FLIGHT["now"])
    try:
        time.sleep(0.1)
    finally:
        with _in_flight_lock:
            IN_FLIGHT["now"] -= 1
    return f"counted echo: {request.question}"


def fails_on_odd(request):
    if int(request.case_id.rsplit("-", 1)[-1]) % 2:
        raise ValueError(f"no answer for {request.case_id}")
    return "even"


def hangs(request):
    time.sleep(30)
    return "too late"


async def async_hangs(request):
    await asyncio.sleep(3600)


def bad_type(request):
    return 42


def full_response(request):
    return TargetResponse(case_id=request.case_id, answer="as a record", latency_s=0.0, contexts=["x"])


def retrieving(request):
    """Uses the runner's e2e retriever when it is given one."""
    documents = request.retriever.invoke(request.question) if request.retriever is not None else []
    return {"answer": "retrieved", "contexts": [d.page_content for d in documents]}


def _chain_reply(inputs):
    return {
        "input": inputs["input"],
        "context": inputs.get("context", []),
        "answer": AIMessage(
            content=f"chain: {inputs['question']}",
            usage_metadata={"input_tokens": 7, "output_tokens": 3, "total_tokens": 10},
        ),
    }


retrieval_chain = RunnableLambda(_chain_reply)
string_chain = RunnableLambda(lambda inputs: f"plain: {inputs['question']}")
message_chain = RunnableLambda(lambda inputs: AIMessage(content="a message"))
hanging_chain = RunnableLambda(async_hangs)


def make_chain(retriever):
    """A factory: the runner calls it with its e2e retriever (None in contexts mode)."""

    async def answer(inputs):
        documents = await retriever.ainvoke(inputs["question"]) if retriever is not None else inputs.get("context", [])
        return {"answer": f"factory: {len(documents)} documents", "context": documents}

    return RunnableLambda(answer)


def conversational(request):
    """Answers from its passages, and says how many earlier turns it was sent."""
    turns = f" (history: {len(request.history)} turns)" if request.history else ""
    return (" ".join(request.contexts or []) or "I can not answer the question.") + turns


def make_lcel_chain(retriever):
    """A factory as LangChain's docs write one: the question piped straight into the retriever."""
    from operator import itemgetter

    def reply(inputs):
        return {"answer": f"lcel: {len(inputs['context'])} documents", "context": inputs["context"]}

    return {"context": itemgetter("input") | retriever, "input": itemgetter("input")} | RunnableLambda(reply)


not_a_target = 3


def misbehaves(request):
    """A different failure per case number (mod 4): a non-string, an exception, a hang, or a proper answer."""
    number = int(request.case_id.rsplit("-", 1)[-1]) % 4
    if number == 0:
        return ["not", "a", "string"]
    if number == 1:
        raise RuntimeError(f"retriever offline for {request.case_id}")
    if number == 2:
        time.sleep(30)  # abandoned by the runner's --target-timeout
    return f"answer for {request.case_id}"


def _endpoint_passages(inputs):
    """Retrieve over the run's loopback endpoint, as a chain that cannot take a retriever object would."""
    retrieval = inputs.get("retrieval")
    if retrieval is None:
        return {"answer": "no retrieval endpoint", "context": []}
    body = {"collection": retrieval["collection"], "query": inputs["question"], "k": retrieval["k"]}
    reply = httpx.post(retrieval["url"], json=body, timeout=10)
    reply.raise_for_status()
    documents = [Document(page_content=p["text"], id=p["id"]) for p in reply.json()["passages"]]
    return {"answer": documents[0].page_content if documents else "", "context": documents}


endpoint_chain = RunnableLambda(_endpoint_passages)
"""A fixed Runnable (no factory): in e2e mode it retrieves from the endpoint named in its input."""
