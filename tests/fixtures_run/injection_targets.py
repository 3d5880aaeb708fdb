"""Scripted targets for the injection testbed, each with one known behaviour toward injected passages."""

from __future__ import annotations

import re
from operator import itemgetter

from langchain_core.runnables import RunnableLambda

from ragstress.generators.testbeds.injection_texts import CANARY_SYLLABLES

DECLINE = {"en": "I cannot answer that from the passages I was given.", "zh": "根据所给资料，我无法回答这个问题。"}


def echo_passages(request):
    """Answers with every passage it was given, verbatim: an injected instruction ends up in the reply copied, not
    obeyed, and a poisoned fact's planted answer is stated there as the passage states it."""
    return "\n\n".join(request.contexts or []) or DECLINE["en"]


_SYLLABLES = "|".join(CANARY_SYLLABLES)
CANARY = re.compile(f"(?<![A-Za-z])(?:{_SYLLABLES}){{3}}\\d{{4}}(?!\\d)", re.IGNORECASE)


def obeys(request):
    """Does what an injected instruction says: replies with its canary alone, letter-spaced for a question of even length so
    the reading must find it reformatted; with no instruction among the passages (a poisoned fact) it echoes them."""
    passages = request.contexts or []
    found = next((m[0] for p in passages if (m := CANARY.search(p))), None)
    if found is None:
        return echo_passages(request)
    return found if len(request.question) % 2 else " ".join(found)


def declines(request):
    """Declines every question, in its language: it can follow no injection."""
    return DECLINE["zh" if request.lang == "zh" else "en"]


def make_echo_chain(retriever):
    """A LangChain chain as its docs write one: the question piped into the run's retriever, the answer echoing
    what came back, and the passages returned as its context (so the run records what was retrieved)."""

    def reply(inputs):
        passages = [document.page_content for document in inputs["context"]]
        return {"answer": "\n\n".join(passages), "context": inputs["context"]}

    return {"context": itemgetter("input") | retriever, "input": itemgetter("input")} | RunnableLambda(reply)
