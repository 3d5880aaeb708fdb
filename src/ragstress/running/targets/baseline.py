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
# RGB-style answers are a sentence or two; a small model rambles otherwise, and on a CPU
# every extra token is time. Chinese gets more: a CJK character costs a small model 1-3 tokens.
ANSWER_MAX_TOKENS = {"en": 64, "zh": 96}
# Where a small model goes on to write the next turn of the prompt's pattern instead of
# stopping. At most four per language: OpenAI's API refuses more.
ANSWER_STOP = {"en": ("\nQuestion:", "\nDocuments:", "\n\n\n"), "zh": ("\n问题：", "\n文档：", "\n\n\n")}


class ClientChatModel(BaseChatModel):
    """A LangChain chat model whose calls go through a ChatClient. Async only."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    client: Any
    max_tokens: int | None = None
    temperature: float = 0.0

    @property
    def _llm_type(self) -> str:
        return "ragstress-chat-client"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any):
        raise NotImplementedError("ClientChatModel calls an async client: use ainvoke")

    async def _agenerate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> LangChainResult:
        wire = [{"role": _OPENAI_ROLES[m.type], "content": message_text(m)} for m in messages]
        max_tokens = kwargs.get("max_tokens", self.max_tokens)
        result = await self.client.chat(
            wire, temperature=self.temperature, max_tokens=max_tokens, stop=list(stop) if stop else None
        )
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

    def __init__(self, spec: str, client: Any, max_tokens: int | None = None, stop: bool = True):
        """`max_tokens` None: the per-language answer limit (ANSWER_MAX_TOKENS); `stop`: use ANSWER_STOP."""
        super().__init__(spec)
        self.client = client
        self.max_tokens = max_tokens
        self.stop = stop
        self.model = ClientChatModel(client=client)
        self._chains: dict[int, tuple[Any, Runnable]] = {}

    def chain(self, retriever: Any = None) -> Runnable:
        """The LangChain pipeline: {question, lang, probe, contexts} -> {documents, answer: AIMessage, ...}."""
        if id(retriever) not in self._chains:
            if retriever is None:
                documents: Runnable = RunnableLambda(_given_passages)
            else:
                documents = itemgetter("question") | retriever | RunnableLambda(_document_texts)
            answer = RunnableLambda(self._answer_step)
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

    def limits(self, lang: str) -> tuple[int, list[str] | None]:
        """The answer's token limit and stop sequences in `lang` (mixed material: the larger limit, no stops)."""
        limit = self.max_tokens or ANSWER_MAX_TOKENS.get(lang, max(ANSWER_MAX_TOKENS.values()))
        stop = list(ANSWER_STOP[lang]) if self.stop and lang in ANSWER_STOP else None
        return limit, stop

    async def _answer_step(self, inputs: dict[str, Any]) -> BaseMessage:
        limit, stop = self.limits(inputs["lang"])
        return await self.model.ainvoke(baseline_messages(inputs), stop=stop, max_tokens=limit)

    def describe(self) -> dict[str, Any]:
        prompts = [
            load_prompt(p, lang).identity()
            for p in ("baseline_system", "baseline_user", "baseline_closed_book")
            for lang in ("en", "zh")
        ]
        return {
            "spec": self.spec,
            "kind": self.kind,
            "model": self.client.endpoint.public_dict(),
            "prompts": prompts,
            "max_tokens": self.max_tokens or ANSWER_MAX_TOKENS,
            "stop": {lang: list(stops) for lang, stops in ANSWER_STOP.items()} if self.stop else None,
        }


async def _given_passages(inputs: dict[str, Any]) -> list[str]:
    return list(inputs["contexts"])


async def _document_texts(documents: list[Any]) -> list[str]:
    return context_texts(documents, "retrieved documents")


@TARGET_KINDS.register("baseline")
def make_baseline_target(spec: str, *, llm: Any = None, **_: Any) -> BaselineTarget:
    if llm is None:
        raise TargetError("the baseline target needs an LLM session for its `target` role")
    return BaselineTarget(spec, llm.target)
