"""Building every testbed's cases from a built index and 10,000 curated seeds (`--only cases`).

The workload (perf/case_workload.py) is a made-up corpus of bridges and a seed file of 10,000
questions about them. The index is built once (and reused by later runs); the figure is
`ragstress generate INDEX --seed-file seeds.jsonl --testbeds <all>` in a child process, start
to finish, against the issue's bound of 3 minutes. Two figures beside it compare with the
paths they replaced, measured in the same run on a sample: the noise rule read chunk by chunk
for every seed (before the chunk index), and the questions embedded 32 to a batch.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ragstress.perf import Row, at_least, below, info
from ragstress.perf.ingest_children import run_child

SECTION = "cases"
BOUND_S = 180.0


def _engine() -> str:
    from ragstress.corpora.embeddings import make_embedder

    embedder = make_embedder(None)
    return getattr(embedder, "path", None) or embedder.backend


def _build(corpus: Path, index: Path) -> tuple[float, int]:
    from ragstress.api.stages import build_index

    started = time.perf_counter()
    result = build_index(corpus, index)
    return time.perf_counter() - started, result.chunks


def _generate(index: Path, seeds: Path, out: Path) -> tuple[float, int]:
    """Seconds of the CLI generating every testbed's cases from `seeds`, and the cases written."""
    from ragstress.generators.testbeds.build import TESTBEDS

    out.mkdir(parents=True, exist_ok=True)
    args = ["-m", "ragstress.cli", "generate", str(index), "--seed-file", str(seeds), "--out", str(out)]
    args += ["--testbeds", ",".join(TESTBEDS.names())]
    started = time.perf_counter()
    run_child(args, dict(os.environ), out / "generate")
    seconds = time.perf_counter() - started
    with open(out / "cases.jsonl", encoding="utf-8") as handle:
        return seconds, sum(1 for _ in handle)


def _noise_rule(index: Path, seeds: Path, sample: int) -> tuple[float, float]:
    """Seconds to build every testbed's cases for the first `sample` seeds: (with the chunk index, reading every
    chunk per seed as before it). The same pool, neighbours and seeds either way; the cases are compared too."""
    from ragstress.core.types import SeedQuestion
    from ragstress.generators.questions.curated import map_curated, read_seed_file
    from ragstress.generators.testbeds.build import TESTBEDS, TestbedSettings, build_cases
    from ragstress.generators.testbeds.counterfactual import name_inventory
    from ragstress.generators.testbeds.pool import ChunkPool
    from ragstress.generators.testset import load_chunks
    from ragstress.indexing.store import IndexStore
    from ragstress.values.restated import restates_any_answer
    from ragstress.values.spans import contains_any_answer

    class ChunkByChunkPool(ChunkPool):
        """The noise rule as it was: every chunk of the corpus read again for every question asked of a seed."""

        def _not_noise(self, seed: SeedQuestion) -> frozenset[str]:
            banned = {cid for ids in self.positives_per_fact(seed) for cid in ids} | set(
                self.not_noise.get(seed.id, ())
            )
            return frozenset(
                cid
                for cid, chunk in self.chunks.items()
                if cid in banned
                or contains_any_answer(chunk.text, seed.answers)
                or restates_any_answer(chunk.text, seed.answers) is not None
            )

    store = IndexStore.open(index)
    chunks = load_chunks(store)
    chosen, _ = map_curated(read_seed_file(seeds)[:sample], chunks)
    hits = store.query_many([s.question for s in chosen], k=30)
    fields = {
        "chunks": {c.id: c for c in chunks},
        "neighbours": {s.id: tuple(h.chunk_id for h in found) for s, found in zip(chosen, hits)},
        "names": name_inventory([c.text for c in chunks], "en"),
    }
    testbeds, settings, timings, built = TESTBEDS.names(), TestbedSettings(), [], []
    for kind in (ChunkPool, ChunkByChunkPool):
        started = time.perf_counter()
        built.append(build_cases(chosen, kind(**fields), testbeds, settings))
        timings.append(time.perf_counter() - started)
    if built[0] != built[1]:
        raise AssertionError("the chunk index and the chunk-by-chunk noise rule built different cases")
    return timings[0], timings[1]


def _questions(seeds: Path, sample: int) -> tuple[float, float]:
    """Seconds to embed the first `sample` questions: (as queries are embedded now, 32 to a batch as before)."""
    import json

    from ragstress.corpora.embedding_base import encode_by_length
    from ragstress.corpora.embeddings import make_embedder

    with open(seeds, encoding="utf-8") as handle:
        questions = [json.loads(line)["question"] for line in handle][:sample]
    embedder = make_embedder(None)
    embedder.embed_queries(questions[:64])  # kernels for the first shapes, outside either figure
    started = time.perf_counter()
    embedder.embed_queries(questions)
    ours = time.perf_counter() - started
    encode = getattr(embedder, "_encoder", None)
    if encode is None:  # not the sentence-transformers path: its queries are batched as before
        return ours, ours
    started = time.perf_counter()
    encode_by_length(questions, encode(getattr(embedder, "_query_prompt", None)), embedder.dim, 32)
    return ours, time.perf_counter() - started


def measure(quick: bool, workdir: Path) -> list[Row]:
    from ragstress.perf.case_workload import write_workload

    n_seeds = 500 if quick else 10_000
    corpus, seeds = write_workload(workdir / f"workload-{n_seeds}", n_seeds)
    index = workdir / f"index-{n_seeds}"
    build_s, n_chunks = _build(corpus, index)
    engine = _engine()
    load = os.getloadavg()[0]
    seconds, n_cases = _generate(index, seeds, workdir / f"testset-{n_seeds}")
    after = os.getloadavg()[0]
    sample = 5 if quick else 16
    fast, slow = _noise_rule(index, seeds, sample)
    n_questions = 500 if quick else 2000
    embedded, batched_32 = _questions(seeds, n_questions)
    note = (
        f"{n_cases:,} cases from {n_chunks:,} chunks; every testbed; query embedding on {engine}; "
        f"load average {load:.1f} before, {after:.1f} after (2 cores)"
    )
    projected = slow / sample * n_seeds
    return [
        below(SECTION, f"cases for {n_seeds:,} seeds (ragstress generate --seed-file)", seconds, BOUND_S, "s", note),
        at_least(
            SECTION,
            f"seeds per second building cases ({sample} seeds): chunk index vs reading every chunk",
            sample / fast if fast else None,
            sample / slow if slow else None,
            "seeds/s",
            10.0,
            f"{fast:.1f} s vs {slow:.1f} s, the same cases; chunk by chunk, {n_seeds:,} seeds would take "
            f"about {projected / 60:,.0f} min",
        ),
        at_least(
            SECTION,
            f"questions embedded per second ({n_questions:,}): batches by characters vs 32 a batch",
            n_questions / embedded if embedded else None,
            n_questions / batched_32 if batched_32 else None,
            "questions/s",
            1.5,
            f"{engine}; {embedded:.1f} s vs {batched_32:.1f} s",
        ),
        info(SECTION, "index build for the workload", build_s, "s", note=f"{n_chunks:,} chunks (reused when present)"),
    ]
