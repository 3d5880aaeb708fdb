"""E2E variants on the English sample corpus: every answer-bearing chunk is removed, rewritten or thinned.

The noise variants are checked by what a retriever returns (each case's passage count,
holding its labelled share of noise), and the baseline is run over them with a scripted reader on a
loopback OpenAI server that copies the first retrieved document about the question's
subject: what it answers depends only on what it retrieved, and in what order.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
from pathlib import Path

import pytest

from ragstress.core.jsonl import read_records
from ragstress.core.types import TargetResponse
from ragstress.corpora.chunking import ChunkParams
from ragstress.corpora.embeddings import make_embedder
from ragstress.generators.testset import GenerateOptions, generate_testset
from ragstress.indexing.build import build_index
from ragstress.indexing.store import IndexStore
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.running.composition import mean_shares, retrieve_compositions
from ragstress.running.e2e import build_e2e_index
from ragstress.running.e2e_answers import bears_answer, variant_key
from ragstress.running.retrieval_server import RetrievalServer
from ragstress.running.runner import plan_jobs, run_cases
from ragstress.running.targets import load_target
from ragstress.scoring.metrics import refusal, rules
from ragstress.testing.fake_openai import FakeOpenAIServer
from ragstress.values.reading import read
from ragstress.values.spans import contains_alias, contains_any_answer

SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples" / "en"
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
        for case in high:  # thinned, never emptied: each case's answer stays retrievable
            assert any(bears_answer(text, case.answers) for text in texts("noise@0.8"))
        assert _bearing(texts("noise@0"), low) == _bearing(base, low)  # at ratio 0 every answer chunk stays

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


def _noise_cases(cases):
    return [c for c in cases if c.testbed == "noise" and "style" not in c.params and "position" not in c.params]


def test_noise_variants_hold_the_labelled_share_of_noise_in_the_top_k(sample):
    store, cases, _ = sample
    noisy = _noise_cases(cases)
    e2e = build_e2e_index(store, noisy, top_k=5)
    try:
        found = retrieve_compositions(e2e.retriever, noisy)
        shares = mean_shares(noisy, found)
        # An http service asking the retrieval endpoint gets the same depth as the retriever object.
        with RetrievalServer(e2e.retrievers, top_k=5) as server:
            depths = []
            for case in [c for c in noisy if variant_key(c) == "noise@0"][:3] + noisy[-3:]:
                key = variant_key(case)
                depths.append(len(e2e.retriever(key).invoke(case.question)))
                assert server.reference(key, case.question).k == depths[-1]
                assert len(server.retrieve(key, case.question)) == depths[-1]
            assert min(depths) < 5  # a one-chunk fact at ratio 0 is answered with fewer passages
    finally:
        e2e.close()
    assert {"noise@0", "noise@0.8"} <= set(shares)
    for key, row in shares.items():
        assert row["n_with_contexts"] == row["n_cases"]
        assert row["noise"] == pytest.approx(float(key.split("@")[1])), key
    for case in noisy:  # each case, not just on average: its passage count, its share of noise
        assert len(found[case.id].roles) == len(case.contexts), case.id
        assert found[case.id].noise == pytest.approx(case.params["noise_ratio"]), (case.id, found[case.id].roles)


_STOP = set(
    "a an the in of which what who when where how was were is are did do does to for on at by and its it".split()
)


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOP}


DECLINE = "I can not answer the question because of the insufficient information in documents."


def first_match_reader(request) -> str:
    """Trusts the retrieval order: answers with the first document sharing two words with the question, as a
    reader with a strong primacy bias would; what it says depends only on what was retrieved and in what order."""
    documents, _, question = request.last_user_text.partition("\n\nQuestion: ")
    wanted = _words(question.split("\n")[0])
    texts = re.findall(r"^\[\d+\] (.+)$", documents, re.M)
    for text in texts:
        if len(_words(text) & wanted) >= 2:
            return text
    return DECLINE


def _accurate(answer: str, case) -> bool:
    return not refusal.refusal(read(answer), case.answers).value and rules.facts_stated(read(answer), case.answers)[0]


async def test_the_baseline_reads_what_each_variant_leaves(sample, tmp_path):
    store, cases, _ = sample
    chosen = [c for c in _noise_cases(cases) if variant_key(c) in ("noise@0", "noise@0.8")]
    chosen += [c for c in cases if c.testbed == "negative"]
    e2e = build_e2e_index(store, chosen, top_k=5)
    out = tmp_path / "responses.jsonl"
    try:
        with FakeOpenAIServer(first_match_reader) as server:
            endpoint = Endpoint(role="target", model="reader", base_url=server.base_url, api_key="k", source="flag")
            settings = ClientSettings(timeout_s=10, max_retries=0, use_cache=False)
            async with LLMSession({"target": endpoint}, settings) as llm:
                target = load_target("baseline", llm=llm)
                counts = await run_cases(
                    plan_jobs(chosen), target, out, mode="e2e", retriever_for=e2e.retriever, chunk_id_of=e2e.chunk_id_of
                )
        negative_texts = set(_texts(e2e.retriever("negative").vectorstore._collection))
    finally:
        e2e.close()
    assert counts.errors == 0
    responses = {r.case_id: r for r in read_records(out, TargetResponse)}
    accuracy = {}
    for key in ("noise@0", "noise@0.8"):
        group = [c for c in chosen if variant_key(c) == key]
        accuracy[key] = sum(_accurate(responses[c.id].answer, c) for c in group) / len(group)
        retrieved = [responses[c.id].retrieved for c in group]
        assert all(r is not None and r.roles and None not in r.chunk_ids for r in retrieved)
        assert key == "noise@0" or all(len(r.roles) == 5 for r in retrieved)
    assert accuracy["noise@0"] > accuracy["noise@0.8"]
    for case in (c for c in chosen if c.testbed == "negative"):
        response = responses[case.id]
        assert response.retrieved.positive == 0.0 and set(response.contexts) <= negative_texts
        assert not any(bears_answer(text, case.answers) for text in negative_texts)  # none remains to be read
        # The reader copied a retrieved document (as the prompt shows it) or declined.
        assert response.answer in {" ".join(text.split()) for text in response.contexts} | {DECLINE}
        assert not contains_any_answer(response.answer, case.answers)
