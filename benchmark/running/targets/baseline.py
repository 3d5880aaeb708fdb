"""`baseline`: our own RAG, composed with LangChain, so every report has a reference system.

retriever (Chroma over the index, e2e mode) or the case's passages -> RGB-style
prompt (en/zh) -> the `target` role's chat model. The chat model is our ChatClient
wrapped as a LangChain chat model: LangChain composes the chain while our client
makes the calls, with its retries, cache and accounting.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration
from langchain_core.outputs import ChatResult as LangChainResult
from langchain_core.runnables import Runnable, RunnableLambda, RunnablePassthrough
from pydantic import ConfigDict

from ragstress.prompts import load_prompt
from ragstress.running.targets.base import TARGET_KINDS, Target, TargetError, TargetOutput, TargetRequest, context_texts
from ragstress.running.targets.langchain_target import message_text, message_usage

_OPENAI_ROLES = {"system": "system", "human": "user", "ai": "assistant"}
DEFAULT_MAX_TOKENS = 128  # RGB-style answers are a sentence or two; a small model rambles otherwise


class ClientChatModel(BaseChatModel):
    """A LangChain chat model whose calls go through a ChatClient. Async only."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    client: Any
    max_tokens: int | None = DEFAULT_MAX_TOKENS
    temperature: float = 0.0

    @property
    def _llm_type(self) -> str:
        return "ragstress-chat-client"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any):
        raise NotImplementedError("ClientChatModel calls an async client: use ainvoke")

    async def _agenerate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> LangChainResult:
        if stop:
            raise ValueError("stop sequences are not supported by ClientChatModel")
        wire = [{"role": _OPENAI_ROLES[m.type], "content": message_text(m)} for m in messages]
        result = await self.client.chat(wire, temperature=self.temperature, max_tokens=self.max_tokens)
        usage = result.usage
        message = AIMessage(
            content=result.text,
            usage_metadata={
                "input_tokens": usage.prompt_tokens,
                "output_tokens": usage.completion_tokens,
                "total_tokens": usage.prompt_tokens + usage.completion_tokens,
            },
            response_metadata={"finish_reason": result.finish_reason, "cached": result.cached},
        )
        return LangChainResult(generations=[ChatGeneration(message=message)])


def number_documents(texts: list[str]) -> str:
    """Documents as the prompt shows them: `[1] text`, one blank line apart."""
    return "\n\n".join(f"[{i}] {' '.join(text.split())}" for i, text in enumerate(texts, 1))


def baseline_messages(inputs: dict[str, Any]) -> list[BaseMessage]:
    """The prompt for one request: RGB-style with documents, or a plain question for the closed-book probe."""
    lang = inputs["lang"]
    if inputs["probe"] == "closed_book":
        return [HumanMessage(load_prompt("baseline_closed_book", lang).render(question=inputs["question"]))]
    user = load_prompt("baseline_user", lang).render(
        documents=number_documents(inputs["documents"]), question=inputs["question"]
    )
    return [SystemMessage(load_prompt("baseline_system", lang).render()), HumanMessage(user)]


class BaselineTarget(Target):
    """The reference RAG system. Retrieves with the runner's retriever in e2e mode."""

    kind = "baseline"
    accepts_retriever = True

    def __init__(self, spec: str, client: Any, max_tokens: int | None = DEFAULT_MAX_TOKENS):
        super().__init__(spec)
        self.client = client
        self.model = ClientChatModel(client=client, max_tokens=max_tokens)
        self._chains: dict[int, tuple[Any, Runnable]] = {}

    def chain(self, retriever: Any = None) -> Runnable:
        """The LangChain pipeline: {question, lang, probe, contexts} -> {documents, answer: AIMessage, ...}."""
        if id(retriever) not in self._chains:
            if retriever is None:
                documents: Runnable = RunnableLambda(_given_passages)
            else:
                documents = itemgetter("question") | retriever | RunnableLambda(_document_texts)
            answer = RunnableLambda(_prompt_step) | self.model
            # The retriever is kept alive with its chain so its id cannot be reused.
            self._chains[id(retriever)] = (
                retriever,
                RunnablePassthrough.assign(documents=documents) | RunnablePassthrough.assign(answer=answer),
            )
        return self._chains[id(retriever)][1]

    async def answer(self, request: TargetRequest) -> TargetOutput:
        retrieve = request.contexts is None and request.probe == "case"
        if retrieve and request.retriever is None:
            raise TargetError("the baseline needs --index in e2e mode: it has no documents and no retriever")
        chain = self.chain(request.retriever if retrieve else None)
        inputs = {
            "question": request.question,
            "lang": request.lang,
            "probe": request.probe,
            "contexts": request.contexts or [],
        }
        result = await chain.ainvoke(inputs)
        message = result["answer"]
        return TargetOutput(message_text(message), result["documents"] if retrieve else None, message_usage(message))

    def describe(self) -> dict[str, Any]:
        prompts = [
            load_prompt(p, lang).identity()
            for p in ("baseline_system", "baseline_user", "baseline_closed_book")
            for lang in ("en", "zh")
        ]
        return {"spec": self.spec, "kind": self.kind, "model": self.client.endpoint.public_dict(), "prompts": prompts}


async def _given_passages(inputs: dict[str, Any]) -> list[str]:
    return list(inputs["contexts"])


async def _document_texts(documents: list[Any]) -> list[str]:
    return context_texts(documents, "retrieved documents")


async def _prompt_step(inputs: dict[str, Any]) -> list[BaseMessage]:
    return baseline_messages(inputs)


@TARGET_KINDS.register("baseline")
def make_baseline_target(spec: str, *, llm: Any = None, **_: Any) -> BaselineTarget:
    if llm is None:
        raise TargetError("the baseline target needs an LLM session for its `target` role")
    return BaselineTarget(spec, llm.target)
