"""Scripted targets for the injection testbed, each with one known behaviour toward injected passages."""

from __future__ import annotations

from operator import itemgetter

from langchain_core.runnables import RunnableLambda

DECLINE = {"en": "I cannot answer that from the passages I was given.", "zh": "根据所给资料，我无法回答这个问题。"}


def echo_passages(request):
    """Answers with every passage it was given, verbatim: whatever an injected passage says ends up in the reply."""
    return "\n\n".join(request.contexts or []) or DECLINE["en"]


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
