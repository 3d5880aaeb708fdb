"""Each gate drops the candidate that fails it and logs the gate and reason; pass rates add up."""

from __future__ import annotations

import json

import numpy as np

from ragstress.generators.questions.gates import (
    GATES,
    GatePipeline,
    alias_in_chunk,
    answer_not_in_question,
    well_formed,
)
from ragstress.generators.questions.seeds import Candidate
from ragstress.indexing.store import Hit
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeRequest

SETTINGS = ClientSettings(timeout_s=5.0, max_retries=0, backoff_base_s=0.01, backoff_max_s=0.01)
TEXT = {
    "c1": "The Aurora Observatory opened in 1962 on a ridge above the lake.",
    "c2": "The Sable River runs for 412 kilometres to the sea.",
    "c3": "Kestrel Motors was founded in 1931 by the Kestrel brothers.",
}


class StubEmbedder:
    """Questions are embedded by a fixed table, so similarity is chosen by the test."""

    def __init__(self, vectors: dict[str, list[float]]):
        self.vectors = vectors

    def embed_queries(self, texts):
        rows = np.array([self.vectors.get(t, [0.0, 0.0, 1.0]) for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


class StubStore:
    """Retrieval by a fixed table: question -> ranked chunk ids."""

    def __init__(self, ranking: dict[str, list[str]], vectors: dict[str, list[float]]):
        self.ranking, self.embedder = ranking, StubEmbedder(vectors)

    def query_many(self, texts, k=5):
        return [[Hit(cid, "doc", TEXT.get(cid, ""), 1.0) for cid in self.ranking.get(t, [])[:k]] for t in texts]


def candidate(cid, question, answers, chunk_id, error=None):
    return Candidate(cid, question, answers, [chunk_id], "en", error, [TEXT[chunk_id]])


GOOD = candidate("good", "When did the Aurora Observatory open?", [["1962"]], "c1")
TWIN = candidate("twin", "In which year did the Aurora Observatory open?", [["1962"]], "c1")
CANDIDATES = [
    candidate("no-draft", "", [["1931"]], "c3", error="invalid structured output"),
    candidate("phrase", "The Tower of London", [["1931"]], "c3"),
    candidate("wrong-span", "Which year is it?", [["1975"]], "c1"),
    candidate("leaky", "Did the Sable River run 412 kilometres?", [["412 kilometres", "412"]], "c2"),
    candidate("guessed", "Which brothers founded the company Kestrel Motors?", [["Kestrel brothers"]], "c3"),
    candidate("lost", "What is the lake near?", [["1962"]], "c1"),
    candidate("unanswerable", "Who founded Kestrel Motors in which year?", [["1931"]], "c3"),
    GOOD,
    TWIN,
]
BY_ID = {c.id: c for c in CANDIDATES}
RANKING = {c.question: [c.chunk_ids[0], "c2"] for c in CANDIDATES}
RANKING["What is the lake near?"] = ["c2", "c3"]
RANKING["How long is the Sable River?"] = ["c2", "c1"]
VECTORS = {
    GOOD.question: [1.0, 0.0, 0.0],
    TWIN.question: [0.99, 0.05, 0.0],
    BY_ID["unanswerable"].question: [0.0, 1.0, 0.0],
}


def judge_handler(req: FakeRequest):
    text = req.last_user_text
    if "Kestrel" in text:
        return json.dumps({"verdict": "no", "reason": "the question asks two things at once"})
    return json.dumps({"verdict": "yes", "reason": "the text states it"})


def test_single_gates_give_reasons():
    assert alias_in_chunk(BY_ID["wrong-span"]).startswith("fact 1: none of ['1975']")
    assert alias_in_chunk(GOOD) is None
    assert "not a question" in well_formed(BY_ID["phrase"]) and well_formed(GOOD) is None
    empty_literal = candidate("blank", "What is the default prefix of the Sable River?", [['""', ""]], "c2")
    assert "an answer spelling is blank" in well_formed(empty_literal)
    # A JSDoc type pasted from a reference line marks the question as copied, in either language.
    pasted = candidate("typed", "Which flag is {boolean} whether the kettle whistles?", [["whistle"]], "c2")
    assert "type markup" in well_formed(pasted)
    pasted_zh = Candidate(
        "typed-zh", "在壶中，哪个属性是{string[] | undefined} 的列表？", [["tags"]], ["c2"], "zh", None, [""]
    )
    assert "type markup" in well_formed(pasted_zh)
    addressed = Candidate("you-zh", "在壶的你的厨房中，可以使用哪个属性烧水？", [["boil"]], ["c2"], "zh", None, [""])
    assert "address to its reader" in well_formed(addressed)
    joined = candidate("to-if", "Which Kettle option do you set to 0 to if you want no whistle?", [["w"]], "c2")
    assert "joined as a purpose" in well_formed(joined)
    placeholder = candidate("slot", "What does the {name} placeholder expand to in Sable?", [["the river"]], "c2")
    assert well_formed(placeholder) is None
    assert "412 kilometres" in answer_not_in_question(BY_ID["leaky"])
    assert answer_not_in_question(GOOD) is None


async def test_every_gate_drops_its_failure_with_the_reason_logged():
    with FakeOpenAIServer(judge_handler) as server:
        endpoint = Endpoint(role="judge", model="fake", base_url=server.base_url, api_key="k")
        async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
            pipeline = GatePipeline(StubStore(RANKING, VECTORS), llm.judge, k=2, duplicate_threshold=0.9)
            kept = await pipeline.run(CANDIDATES)
        judged = [r for r in server.chat_requests()]
    assert [c.id for c in kept] == ["good"]
    by_gate = {r.gate: r for r in pipeline.rejected}
    assert {r.candidate_id: r.gate for r in pipeline.rejected} == {
        "no-draft": "draft",
        "phrase": "draft",
        "wrong-span": "alias_in_chunk",
        "leaky": "answer_not_in_question",
        "guessed": "useful",
        "lost": "round_trip",
        "unanswerable": "answerable",
        "twin": "near_duplicate",
    }
    assert "generator failed" in pipeline.rejected[0].reason and "not a question" in pipeline.rejected[1].reason
    assert "not in the top 2" in by_gate["round_trip"].reason
    assert "two things" in by_gate["answerable"].reason
    assert "near-duplicate of good" in by_gate["near_duplicate"].reason
    # The judge only saw candidates that survived the cheaper gates.
    assert len(judged) == 3
    stats = pipeline.stats.as_dict()
    assert list(stats) == list(GATES)
    assert stats["draft"] == {"tried": 9, "passed": 7, "pass_rate": 0.7778}
    assert stats["near_duplicate"] == {"tried": 2, "passed": 1, "pass_rate": 0.5}
    assert [stats[g]["tried"] for g in GATES] == [9, 7, 6, 5, 4, 3, 2]


async def test_a_judge_without_a_usable_verdict_rejects_and_says_so():
    with FakeOpenAIServer(lambda req: "I think so.") as server:
        endpoint = Endpoint(role="judge", model="fake", base_url=server.base_url, api_key="k")
        async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
            pipeline = GatePipeline(StubStore(RANKING, VECTORS), llm.judge, k=2)
            kept = await pipeline.run([GOOD])
    assert kept == [] and pipeline.rejected[0].gate == "answerable"
    assert "no usable verdict" in pipeline.rejected[0].reason


async def test_remembered_seeds_count_as_kept_and_the_limit_stops_early():
    with FakeOpenAIServer(judge_handler) as server:
        endpoint = Endpoint(role="judge", model="fake", base_url=server.base_url, api_key="k")
        async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
            pipeline = GatePipeline(StubStore(RANKING, VECTORS), llm.judge, k=2, duplicate_threshold=0.9)
            pipeline.remember(["curated-1"], [GOOD.question])
            assert await pipeline.run([TWIN]) == []
            assert "curated-1" in pipeline.rejected[0].reason
            other = candidate("other", "How long is the Sable River?", [["412 kilometres"]], "c2")
            kept = await pipeline.run([other, GOOD], limit=1)
    assert [c.id for c in kept] == ["other"]
    assert pipeline.rejected[-1].candidate_id == "good" and pipeline.rejected[-1].gate == "surplus"


async def test_in_situ_candidates_are_not_asked_of_a_judge_told_so_and_are_counted_apart():
    from dataclasses import replace

    insitu = replace(BY_ID["unanswerable"], path="insitu")  # the judge would reject it, were it asked
    polished = replace(GOOD, path="polished")
    with FakeOpenAIServer(judge_handler) as server:
        endpoint = Endpoint(role="judge", model="fake", base_url=server.base_url, api_key="k")
        async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
            pipeline = GatePipeline(StubStore(RANKING, VECTORS), llm.judge, k=2, judge_insitu=False)
            kept = await pipeline.run([polished, insitu])
        asked = len(server.chat_requests())
    assert [c.id for c in kept] == ["good", "unanswerable"] and asked == 1  # only the polished one was judged
    stats = pipeline.stats.as_dict()
    assert stats["answerable"]["tried"] == 1 and stats["answerable_not_asked"] == {
        "tried": 1,
        "passed": 1,
        "pass_rate": 1.0,
    }


async def test_one_wording_asked_of_two_answers_is_not_asked_in_any_wave():
    river = candidate("river", "Which feature of the valley runs for 412 kilometres?", [["Sable River"]], "c2")
    road = candidate("road", "Which feature of the valley runs for 412 kilometres?", [["412 kilometres"]], "c2")
    with FakeOpenAIServer(judge_handler) as server:
        endpoint = Endpoint(role="judge", model="fake", base_url=server.base_url, api_key="k")
        async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
            pipeline = GatePipeline(StubStore(RANKING, VECTORS), llm.judge, k=2)
            await pipeline.run([river])
            await pipeline.run([road])
    reasons = {r.candidate_id: r.reason for r in pipeline.rejected if r.gate == "draft"}
    assert "road" in reasons and "2 different answers" in reasons["road"]
