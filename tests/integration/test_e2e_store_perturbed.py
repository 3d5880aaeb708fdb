"""E2E variants on the English sample corpus: every answer-bearing chunk is removed, rewritten or thinned."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from ragstress.core.jsonl import read_records
from ragstress.core.types import TargetResponse
from ragstress.corpora.chunking import ChunkParams
from ragstress.corpora.embeddings import make_embedder
from ragstress.generators.spans import contains_alias
from ragstress.generators.testset import GenerateOptions, generate_testset
from ragstress.indexing.build import build_index
from ragstress.indexing.store import IndexStore
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.running.e2e import build_e2e_index
from ragstress.running.e2e_answers import bears_answer, variant_key
from ragstress.running.runner import plan_jobs, run_cases
from ragstress.running.targets import load_target
from ragstress.testing.fake_openai import FakeOpenAIServer

SAMPLES = Path(__file__).resolve().parents[2] / "corpora" / "samples" / "en"
DOCS = ["eiffel_tower.txt", "tokyo_tower.txt", "cn_tower.txt", "golden_gate_bridge.txt", "brooklyn_bridge.txt"]


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """The index of five sample documents and the cases of their curated seeds (no model asked)."""
    root = tmp_path_factory.mktemp("e2e-sample")
    (root / "docs").mkdir()
    for name in DOCS:
        shutil.copy(SAMPLES / "docs" / name, root / "docs" / name)
    rows = [json.loads(line) for line in (SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines()]
    seeds = root / "seeds.jsonl"
    seeds.write_text("".join(json.dumps(r) + "\n" for r in rows if set(r["doc_ids"]) <= set(DOCS)), encoding="utf-8")
    build_index(root / "docs", root / "index", make_embedder("minilm"), ChunkParams(size=120, overlap=0, unit="tokens"))
    store = IndexStore.open(root / "index")
    with FakeOpenAIServer(lambda request: "unused") as server:
        roles = {r: Endpoint(role=r, model="m", base_url=server.base_url, api_key="k") for r in ("generator", "judge")}

        async def generate():
            async with LLMSession(roles, ClientSettings(timeout_s=5, max_retries=0)) as llm:
                options = GenerateOptions(n_seeds=0, n_pairs=0, seed_file=seeds, judge_noise=False)
                return await generate_testset(store, llm, root / "testset", options)

        cases = asyncio.run(generate()).cases
    return store, cases, root


def _texts(collection) -> list[str]:
    return collection.get(include=["documents"])["documents"]


def _bearing(texts: list[str], cases) -> int:
    return sum(bears_answer(text, case.answers) for case in cases for text in texts)


async def test_each_variant_differs_from_the_index_as_its_testbed_says(sample, tmp_path):
    store, cases, _ = sample
    base = _texts(store.collection)
    e2e = build_e2e_index(store, cases, top_k=3)
    try:
        mine = lambda key: [c for c in cases if variant_key(c) == key]  # noqa: E731
        texts = lambda key: _texts(e2e.retriever(key).vectorstore._collection)  # noqa: E731
        negative = mine("negative")
        assert negative and _bearing(base, negative) > len(negative)  # answers sit in more chunks than the sources
        assert _bearing(texts("negative"), negative) == 0

        counterfactual = mine("counterfactual")
        assert counterfactual and _bearing(texts("counterfactual"), counterfactual) < _bearing(base, counterfactual)
        for case in counterfactual:
            assert any(contains_alias(text, case.fake_answer) for text in texts("counterfactual"))

        high, low = mine("noise@0.8"), mine("noise@0")
        assert high and low
        assert _bearing(texts("noise@0.8"), high) < _bearing(base, high)
        for case in high:  # the case's own positive stays retrievable
            kept = [c.text for c in case.contexts if c.role == "positive"]
            assert set(kept) <= set(texts("noise@0.8"))

        # A python target retrieving for itself finds no answer-bearing passage for a negative case.
        out = tmp_path / "responses.jsonl"
        target = load_target("python:fixtures_run.targets:retrieving")
        counts = await run_cases(plan_jobs(negative), target, out, mode="e2e", retriever_for=e2e.retriever)
        assert counts.errors == 0
        responses = {r.case_id: r for r in read_records(out, TargetResponse)}
        for case in negative:
            got = responses[case.id].contexts
            assert got and not any(bears_answer(text, case.answers) for text in got)
    finally:
        e2e.close()
