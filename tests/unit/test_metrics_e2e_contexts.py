"""Which passages the judged metrics read: the case's in contexts mode, only the target's in e2e mode."""

from __future__ import annotations

import numpy as np

from ragstress.core.types import Case, Context, TargetResponse
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.scoring.metrics import METRICS, NO_TARGET_CONTEXTS, metrics_for, score_case
from ragstress.testing.fake_openai import FakeOpenAIServer
from ragstress.testing.scripted_judge import valid_judge

SETTINGS = ClientSettings(timeout_s=5.0, max_retries=0, use_cache=False)
BUILT_WITH = ["Paris is home to the Eiffel Tower.", "The tower was finished in 1889."]
RETRIEVED = "Gustave Eiffel's company completed the tower in Paris in March 1889."
JUDGED = [name for name in METRICS.names() if METRICS.get(name).kind == "judged"]
CASE = Case(
    id="c1",
    seed_id="s1",
    testbed="noise",
    lang="en",
    question="Where is the Eiffel Tower and when was it completed?",
    answers=[["Paris"], ["1889"]],
    contexts=[Context(text=t, role="positive") for t in BUILT_WITH],
    expected="answer",
    params={"reference": "The Eiffel Tower is in Paris. It was completed in 1889."},
)


class FlatEmbedder:
    """Every text to one unit vector: answer correctness needs a similarity, not a model."""

    name, dim, max_tokens = "flat", 2, 512

    def embed_passages(self, texts):
        return np.tile(np.array([0.6, 0.8], dtype=np.float32), (len(texts), 1))


async def _judge(contexts: list[str] | None, e2e: bool):
    response = TargetResponse(case_id="c1", answer="It is in Paris, finished in 1889.", contexts=contexts, latency_s=0)
    with FakeOpenAIServer(valid_judge()) as server:
        endpoint = Endpoint(role="judge", model="judge-m", base_url=server.base_url, api_key="k")
        async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
            scores, _ = await score_case(
                CASE, response, JUDGED, judge=llm.judge, embedder_for=lambda _: FlatEmbedder(), e2e=e2e
            )
        prompts = [r.last_user_text for r in server.chat_requests()]
    return {s.metric: s for s in scores}, prompts


def _shown(prompts: list[str], text: str) -> bool:
    return any(text in prompt for prompt in prompts)


async def test_e2e_target_without_contexts_leaves_passage_judges_unscored():
    scores, prompts = await _judge(None, e2e=True)
    readers = {m.name for m in metrics_for(CASE, JUDGED) if m.reads_contexts}
    assert {"faithfulness", "context_precision", "context_recall", "context_relevance", "response_groundedness"} <= (
        readers
    )
    for name in readers:
        assert scores[name].value is None and scores[name].error is None, name
        assert scores[name].explanation == NO_TARGET_CONTEXTS and scores[name].label == "unscored"
    others = set(scores) - readers
    assert "answer_accuracy" in others and all(scores[name].value is not None for name in others)
    assert prompts and not any(_shown(prompts, text) for text in BUILT_WITH)


async def test_e2e_target_contexts_are_what_the_judge_reads():
    scores, prompts = await _judge([RETRIEVED], e2e=True)
    assert all(s.explanation != NO_TARGET_CONTEXTS for s in scores.values())
    assert scores["context_relevance"].value is not None and scores["response_groundedness"].value is not None
    assert _shown(prompts, RETRIEVED) and not any(_shown(prompts, text) for text in BUILT_WITH)


async def test_contexts_mode_judges_the_passages_the_target_was_given():
    scores, prompts = await _judge(None, e2e=False)
    assert all(s.explanation != NO_TARGET_CONTEXTS for s in scores.values())
    assert scores["context_relevance"].value is not None
    assert all(_shown(prompts, text) for text in BUILT_WITH)
