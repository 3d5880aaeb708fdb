"""Seed generation on both sample corpora with the bundled SmolLM2-135M as generator and judge.

Small on purpose (a few candidates per corpus): questions are made in place from the
answer's sentence, the bundled model judges them through grammar-constrained output
(and, being the bundled model, never rewrites them), and the test prints the gate pass
rates and the cases per testbed. What is asserted is that the generator was not asked,
that every candidate is accounted for and that the curated seeds yield all four testbeds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ragstress.generators.questions.gates import GATES
from ragstress.generators.testset import GenerateOptions, generate_testset
from ragstress.indexing.build import build_index, choose_embedder, default_chunk_params
from ragstress.indexing.store import IndexStore
from ragstress.llm import ClientSettings, LLMSession, LocalModelServer, resolve_endpoint

pytestmark = pytest.mark.slow
SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples"


@pytest.fixture(scope="module")
def local_server():
    server = LocalModelServer()
    yield server
    server.stop()


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_generation_with_the_bundled_model(lang, local_server, tmp_path):
    corpus, index = SAMPLES / lang / "docs", tmp_path / "index"
    embedder = choose_embedder(corpus, index, None)
    build_index(corpus, index, embedder, default_chunk_params(embedder))
    endpoints = {role: resolve_endpoint(role, {}) for role in ("generator", "judge")}
    assert all(e.is_bundled for e in endpoints.values())
    options = GenerateOptions(
        n_seeds=2, n_pairs=1, candidates_per_seed=2, seed_file=SAMPLES / lang / "seeds.jsonl", random_seed=13
    )
    async with LLMSession(endpoints, ClientSettings(timeout_s=120), local=local_server) as llm:
        result = await generate_testset(IndexStore.open(index), llm, tmp_path / "out", options)
        usage = llm.usage()

    gates, counts = result.manifest["gates"], result.manifest["cases"]["by_testbed"]
    print(f"\n[{lang}] gate pass rates (bundled {endpoints['generator'].model}):")
    for gate, row in gates.items():
        rate = "-" if row["pass_rate"] is None else f"{row['pass_rate']:.0%}"
        print(f"  {gate:24s} {row['passed']:3d}/{row['tried']:<3d} {rate}")
    print(f"[{lang}] seeds: {result.manifest['seeds']}")
    print(f"[{lang}] cases per testbed: {json.dumps({t: sum(r.values()) for t, r in counts.items()})}")
    generator_calls = usage.get("generator", {}).get("calls", 0)
    print(f"[{lang}] calls: generator {generator_calls}, judge {usage.get('judge', {}).get('calls', 0)}")
    assert generator_calls == 0, "with the bundled model the in-situ question is kept, never rewritten"

    generated = [s for s in result.seeds if s.origin == "generated"]
    drafted = gates["draft"]["tried"]
    assert 0 < drafted <= 2 * 2 + 2 * 1
    # Every drafted candidate was either kept or logged with the gate that dropped it.
    logged = [r for r in result.rejected if r.gate in (*GATES, "surplus")]
    assert len(generated) + len(logged) == drafted
    assert set(counts) == {"noise", "negative", "integration", "counterfactual"}
    assert (tmp_path / "out" / "cases.jsonl").stat().st_size > 0
