"""`langchain:pkg.module:object` targets: a LangChain Runnable, or a factory that builds one.

The Runnable is invoked with a dict, so prompt templates and retrieval chains can
pick the keys they use:

    {"input": question, "question": question, "lang": "en", "case_id": "...",
     "context": [Document, ...], "contexts": ["passage", ...]}

and, for an imported conversational item, `chat_history` (its earlier turns as messages).

`context`/`contexts` are left out in e2e mode (the chain retrieves) and are empty for
the closed-book probe. If `object` is not a Runnable but a callable, it is a factory
`make_chain(retriever) -> Runnable`, and it always gets a retriever, so a standard chain
such as `RunnablePassthrough.assign(context=itemgetter("input") | retriever) | ...` runs
unchanged in every mode: in contexts mode one over the case's passages (it returns all
of them, in the case's order, whatever the query: the chain reads exactly what contexts
mode hands a Runnable), in e2e mode the runner's retriever over the case's variant of
the index (built once per variant), and for the closed-book probe one that finds no
documents (the chain answers from what it knows instead of failing). A factory in e2e
mode without an index has no variant to retrieve from: TargetError. A fixed Runnable cannot be
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


class GivenPassages(BaseRetriever):
    """Contexts mode's retriever: every query finds the case's passages, all of them, in the case's order."""

    passages: list[str]

    def _get_relevant_documents(self, query: str, *, run_manager: Any = None) -> list[Document]:
        return [Document(page_content=text) for text in self.passages]


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
            self.accepts_retriever = self.needs_retriever = True
        else:
            raise TargetError(f"target {spec!r}: {type(obj).__name__} is neither a Runnable nor a factory of one")
        self._built: dict[int, tuple[Any, Runnable]] = {}

    def _build(self, retriever: Any) -> Runnable:
        runnable = self._factory(retriever)
        if not isinstance(runnable, Runnable):
            raise TargetError(f"target {self.spec!r}: the factory returned {type(runnable).__name__}, not a Runnable")
        return runnable

    def _runnable_for(self, request: TargetRequest) -> Runnable:
        if self._fixed is not None:
            return self._fixed
        if request.retriever is None and request.contexts:  # contexts mode: a chain over this case's passages
            return self._build(GivenPassages(passages=list(request.contexts)))
        if request.retriever is None and request.contexts is None:
            raise TargetError(
                f"target {self.spec!r} is a chain factory: in e2e mode it needs a retriever, which the run "
                "builds over the index (--index, or index_dir; `ragstress bench` passes its own)"
            )
        retriever = request.retriever if request.retriever is not None else CLOSED_BOOK
        # Keyed by identity, with the retriever kept alive so its id cannot be reused.
        if id(retriever) not in self._built:
            self._built[id(retriever)] = (retriever, self._build(retriever))
        return self._built[id(retriever)][1]

    async def answer(self, request: TargetRequest) -> TargetOutput:
        return langchain_output(await self._runnable_for(request).ainvoke(chain_input(request)))


@TARGET_KINDS.register("langchain")
def make_langchain_target(spec: str, **_: Any) -> LangChainTarget:
    return LangChainTarget(spec, import_object(spec, spec.removeprefix("langchain:")))
