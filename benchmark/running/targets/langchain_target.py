"""`langchain:pkg.module:object` targets: a LangChain Runnable, or a factory that builds one.

The Runnable is invoked with a dict, so prompt templates and retrieval chains can
pick the keys they use:

    {"input": question, "question": question, "lang": "en", "case_id": "...",
     "context": [Document, ...], "contexts": ["passage", ...]}

and, for an imported conversational item, `chat_history` (its earlier turns as messages).

`context`/`contexts` are left out in e2e mode (the chain retrieves) and are empty for
the closed-book probe. If `object` is not a Runnable but a callable, it is a factory
`make_chain(retriever) -> Runnable`, called once per retriever: with the runner's
variant retriever in e2e mode, with a retriever that finds no documents for the
closed-book probe (so a standard chain such as `{"context": itemgetter("input") |
retriever, ...} | prompt | llm` answers from what it knows instead of failing), and with
None in contexts mode, where the passages are in the input's `context`. A fixed Runnable cannot be
handed a retriever: in e2e mode with an index its input also holds
`"retrieval": {"url", "collection", "k"}`, the case's variant on the run's loopback
retrieval endpoint (see retrieval_server), which a chain step can POST the question to.

The result may be a `str`, a message (`AIMessage`), or a dict with `answer` (str or
message) and optional `context` (Documents), as retrieval chains return.
"""

from __future__ import annotations

from typing import Any

from langchain_core.documents import Document
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import Runnable

from ragstress.core.types import Usage
from ragstress.running.targets.base import (
    TARGET_KINDS,
    Target,
    TargetError,
    TargetOutput,
    TargetOutputError,
    TargetRequest,
    coerce_output,
    context_texts,
    import_object,
)


def chain_input(request: TargetRequest) -> dict[str, Any]:
    """The dict a Runnable target is invoked with (see the module docstring)."""
    data: dict[str, Any] = {
        "input": request.question,
        "question": request.question,
        "lang": request.lang,
        "case_id": request.case_id,
    }
    if request.contexts is not None:
        data["context"] = [Document(page_content=text) for text in request.contexts]
        data["contexts"] = list(request.contexts)
    if request.retrieval is not None:
        data["retrieval"] = request.retrieval.as_json()
    if request.history:  # a conversational item's earlier turns, as chat prompts' MessagesPlaceholder takes them
        data["chat_history"] = [
            AIMessage(turn["content"]) if turn["role"] == "assistant" else HumanMessage(turn["content"])
            for turn in request.history
        ]
    return data


def message_text(message: BaseMessage) -> str:
    """A message's text; multi-part content keeps only its text parts."""
    content = message.content
    if isinstance(content, str):
        return content
    return "".join(part if isinstance(part, str) else str(part.get("text", "")) for part in content)


def message_usage(message: BaseMessage) -> Usage:
    meta = getattr(message, "usage_metadata", None) or {}
    return Usage(prompt_tokens=meta.get("input_tokens", 0), completion_tokens=meta.get("output_tokens", 0))


def langchain_output(result: Any) -> TargetOutput:
    """Normalise a Runnable's result: str, message, or a retrieval chain's {answer, context} dict."""
    if isinstance(result, BaseMessage):
        return TargetOutput(message_text(result), usage=message_usage(result))
    if isinstance(result, dict) and "answer" in result:
        answer, usage = result["answer"], Usage()
        if isinstance(answer, BaseMessage):
            answer, usage = message_text(answer), message_usage(answer)
        if not isinstance(answer, str):
            raise TargetOutputError(f"chain's 'answer' is a {type(answer).__name__}, not a string or message")
        context = result.get("context", result.get("contexts"))
        contexts = None if context is None else context_texts(context, "chain's 'context'")
        return TargetOutput(answer, contexts, usage)
    if isinstance(result, dict):
        raise TargetOutputError(f"chain returned a dict without 'answer' (keys: {sorted(result)})")
    return coerce_output(result)


class NoDocuments(BaseRetriever):
    """The closed-book probe's retriever: every query finds nothing."""

    def _get_relevant_documents(self, query: str, *, run_manager: Any = None) -> list[Document]:
        return []


CLOSED_BOOK = NoDocuments()


class LangChainTarget(Target):
    """Invokes a Runnable asynchronously (`ainvoke`) per request."""

    kind = "langchain"

    def __init__(self, spec: str, obj: Any):
        super().__init__(spec)
        if isinstance(obj, Runnable):
            self._fixed: Runnable | None = obj
            self._factory = None
        elif callable(obj):
            self._fixed, self._factory = None, obj
            self.accepts_retriever = True
        else:
            raise TargetError(f"target {spec!r}: {type(obj).__name__} is neither a Runnable nor a factory of one")
        self._built: dict[int, tuple[Any, Runnable]] = {}

    def _runnable_for(self, retriever: Any) -> Runnable:
        if self._fixed is not None:
            return self._fixed
        # Keyed by identity, with the retriever kept alive so its id cannot be reused.
        if id(retriever) not in self._built:
            runnable = self._factory(retriever)
            if not isinstance(runnable, Runnable):
                raise TargetError(
                    f"target {self.spec!r}: the factory returned {type(runnable).__name__}, not a Runnable"
                )
            self._built[id(retriever)] = (retriever, runnable)
        return self._built[id(retriever)][1]

    async def answer(self, request: TargetRequest) -> TargetOutput:
        closed_book = request.contexts == [] and request.retriever is None
        runnable = self._runnable_for(CLOSED_BOOK if closed_book and self._factory is not None else request.retriever)
        return langchain_output(await runnable.ainvoke(chain_input(request)))


@TARGET_KINDS.register("langchain")
def make_langchain_target(spec: str, **_: Any) -> LangChainTarget:
    return LangChainTarget(spec, import_object(spec, spec.removeprefix("langchain:")))
