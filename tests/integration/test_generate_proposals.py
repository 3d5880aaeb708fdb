"""Model-proposed answer spans, end to end against a real OpenAI-protocol server on 127.0.0.1.

The scripted generator proposes, for every chunk it is shown, one span of each fate: a good one
(a year of the passage, asked with its sentence), one the judge will call unanswerable, one
that is not in the passage, one that is too long, and one whose question gives the answer away.
The counts in testset.json must say which gate took each, per kind.
"""

from __future__ import annotations

import json
import re
import shutil
import zlib
from pathlib import Path

import pytest

from ragstress.corpora.chunking import ChunkParams
from ragstress.corpora.embeddings import make_embedder
from ragstress.generators.questions.proposals import PER_CHUNK
from ragstress.generators.testset import GenerateOptions, generate_testset
from ragstress.indexing.build import build_index
from ragstress.indexing.store import IndexStore
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeRequest
from ragstress.values.spans import sentences

SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples" / "en" / "docs"
DOCS = ["eiffel_tower.txt", "golden_gate_bridge.txt", "toyota.txt"]
SETTINGS = ClientSettings(timeout_s=10.0, max_retries=1, backoff_base_s=0.01, backoff_max_s=0.01)
DOUBTFUL = "(as recorded)"


def _passage(prompt: str) -> str:
    return prompt.split("<<<", 1)[1].split(">>>", 1)[0].strip()


def _year_question(passage: str) -> tuple[str, str] | None:
    """A year stated once in the passage, and its sentence with the year asked for."""
    for sentence in sentences(passage):
        for year in re.findall(r"\b1[89]\d\d\b", sentence):
            if passage.count(year) == 1:
                return year, sentence.replace(year, "what year").rstrip(".") + "?"
    return None


def proposer(req: FakeRequest) -> str:
    prompt = req.last_user_text
    if "Does the passage below answer the question" in prompt:
        return json.dumps({"verdict": "no", "reason": "unrelated"})
    if '"verdict"' in prompt:
        doubtful = DOUBTFUL in prompt.split("Question:", 1)[-1]
        return json.dumps({"verdict": "no" if doubtful else "yes", "reason": "checked"})
    if "Pick up to" not in prompt:  # a polish request keeps the question; anything else gets nothing usable
        asked = prompt.split("\nQuestion:", 1)[1].split("\n", 1)[0].strip() if "\nQuestion:" in prompt else ""
        return json.dumps({"question": asked})
    passage = _passage(prompt)
    good = _year_question(passage)
    word = next((w for w in re.findall(r"\b[A-Z][a-z]{5,}\b", passage) if passage.count(w) == 1), None)
    proposals = []
    if good:
        # Every other chunk's year question is marked so the judge turns it down.
        doubtful = len(passage) % 2 == 1
        question = good[1].replace("?", f" {DOUBTFUL}?") if doubtful else good[1]
        proposals.append({"answer": good[0], "question": question, "kind": "number" if doubtful else "date"})
    proposals.append({"answer": "Zanzibar Quux", "question": "Who built it in the end?", "kind": "name"})
    if word:
        proposals.append({"answer": word, "question": f"Is {word} named in the text?", "kind": "identifier"})
    longest = max(sentences(passage), key=len)
    if len(longest.split()) > 6:
        proposals.append({"answer": longest, "question": "What does the passage say at length?", "kind": "other"})
    return json.dumps({"proposals": proposals})


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory) -> Path:
    corpus = tmp_path_factory.mktemp("corpus")
    for name in DOCS:
        shutil.copy(SAMPLES / name, corpus / name)
    index = tmp_path_factory.mktemp("index")
    build_index(corpus, index, make_embedder("minilm"), ChunkParams(size=120, overlap=0, unit="tokens"))
    return index


async def test_proposals_pass_or_fail_the_same_gates_and_are_counted_per_kind(index_dir, tmp_path):
    with FakeOpenAIServer(proposer) as fake:
        endpoints = {
            role: Endpoint(role=role, model="fake-model", base_url=fake.base_url, api_key="k")
            for role in ("generator", "judge")
        }
        async with LLMSession(endpoints, SETTINGS) as llm:
            options = GenerateOptions(testbeds=("noise",), n_seeds=8, n_pairs=0, candidates_per_seed=12)
            result = await generate_testset(IndexStore.open(index_dir), llm, tmp_path / "out", options)
        asked = [r for r in fake.chat_requests() if "Pick up to" in r.last_user_text]
    manifest = json.loads((tmp_path / "out" / "testset.json").read_text(encoding="utf-8"))
    stats, proposals = manifest["generation_stats"], manifest["generation_stats"]["proposals"]
    # The fake server takes json_schema: detected (auto, the default) and recorded per role.
    assert {role: m["json_mode"] for role, m in manifest["models"].items()} == {
        "generator": "json_schema",
        "judge": "json_schema",
    }
    # A first round asks as many chunks as seeds are wanted; further rounds go on while seeds are short.
    assert proposals["chunks_asked"] == len(asked) >= 8
    by_kind = proposals["by_kind"]
    # At most PER_CHUNK proposals are taken from a reply: the over-long fourth is cut before it is looked at.
    assert proposals["proposed"] <= PER_CHUNK * len(asked)
    assert by_kind["name"]["not_a_span"] == by_kind["name"]["proposed"] > 0  # not in the passage
    leaks = by_kind["identifier"]
    assert leaks["rejected"].get("answer_not_in_question", 0) > 0 and set(leaks["rejected"]) == {
        "answer_not_in_question"
    }
    # Candidates left when enough seeds were kept are counted too, so every proposal is accounted for.
    for row in by_kind.values():
        assert row["not_a_span"] + sum(row["rejected"].values()) + row["not_gated"] + row["kept"] == row["proposed"]
    assert by_kind["number"]["rejected"].get("answerable", 0) > 0 and by_kind["number"]["kept"] == 0
    assert by_kind["date"]["kept"] > 0
    too_long = by_kind.get("other", {"proposed": 0, "not_a_span": 0})
    assert too_long["not_a_span"] == too_long["proposed"]  # over-long answers, when a reply had room for them
    kept = [s for s in result.seeds if s.question_type and s.question_type.origin == "proposed"]
    assert len(kept) == proposals["kept"] == by_kind["date"]["kept"]
    chunks = {c.id: c.text for c in IndexStore.open(index_dir).get_chunks([cid for s in kept for cid in s.chunk_ids])}
    for seed in kept:
        assert seed.question_type.template == "model" and seed.question_type.span_kinds == ["date"]
        assert chunks[seed.chunk_ids[0]].count(seed.answers[0][0]) == 1
    assert stats["by_lang"]["en"]["kept_by_path"]["proposed"] == len(kept)
    assert stats["by_lang"]["en"]["question_types"]["origin"]["proposed"] == len(kept)


MARK = "(per the passage)"


def sparse_proposer(every: int):
    """A generator with a good proposal for one chunk in `every` (none for the others), and a judge that
    finds only those proposals answerable: a model whose proposals often miss. Which chunks yield is read
    from the passage itself, so the outcome does not hang on the order concurrent requests arrive in."""

    def answer(req: FakeRequest) -> str:
        prompt = req.last_user_text
        if "Does the passage below answer the question" in prompt:
            return json.dumps({"verdict": "no", "reason": "unrelated"})
        if '"verdict"' in prompt:
            return json.dumps({"verdict": "yes" if MARK in prompt else "no", "reason": "checked"})
        if "Pick up to" not in prompt:
            asked_q = prompt.split("\nQuestion:", 1)[1].split("\n", 1)[0].strip() if "\nQuestion:" in prompt else ""
            return json.dumps({"question": asked_q})
        passage = _passage(prompt)
        good = _year_question(passage)
        if zlib.crc32(passage.encode()) % every or good is None:
            return json.dumps({"proposals": []})
        question = good[1].replace("?", f" {MARK}?")
        return json.dumps({"proposals": [{"answer": good[0], "question": question, "kind": "date"}]})

    return answer


async def generate_with(index_dir: Path, out: Path, handler, **options):
    with FakeOpenAIServer(handler) as fake:
        endpoints = {
            role: Endpoint(role=role, model="fake-model", base_url=fake.base_url, api_key="k")
            for role in ("generator", "judge")
        }
        async with LLMSession(endpoints, SETTINGS) as llm:
            result = await generate_testset(
                IndexStore.open(index_dir), llm, out, GenerateOptions(testbeds=("noise",), n_pairs=0, **options)
            )
        asked = [r for r in fake.chat_requests() if "Pick up to" in r.last_user_text]
    return result, result.manifest["generation_stats"]["proposals"], asked


async def test_proposals_go_on_over_further_chunks_until_the_seeds_wanted_are_kept(index_dir, tmp_path):
    result, proposals, asked = await generate_with(index_dir, tmp_path / "out", sparse_proposer(every=3), n_seeds=3)
    # One chunk in three yields a proposal, so the first round (3 chunks) cannot keep 3 seeds: more rounds were asked.
    assert proposals["kept"] == len(result.seeds) == 3
    assert proposals["stopped"] == "seeds_kept"
    assert 3 < proposals["chunks_asked"] == len(asked) <= proposals["chunk_budget"] == 15


async def test_proposals_stop_when_their_budget_of_chunks_is_spent(index_dir, tmp_path):
    never = sparse_proposer(every=10**9)  # next to no chunk yields a proposal
    result, proposals, asked = await generate_with(index_dir, tmp_path / "out", never, n_seeds=4, proposal_chunks=6)
    assert proposals["chunks_asked"] == len(asked) == proposals["chunk_budget"] == 6
    assert proposals["stopped"] == "budget_spent" and len(result.seeds) < 4
