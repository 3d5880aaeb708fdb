"""The Python API's generate stage: `ragstress.generate(index_dir, out, ...)` writes a test set.

Seeds come from the index (generated, answer-first) or a curated seed file; the testbeds'
cases are built around them and every candidate passes the gates (src/ragstress/generators/testset.py).
`ragstress generate` calls this function with its options; so do `bench` and
`import-testset`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ragstress.api.endpoints import ClientSettings, Endpoint, cache_file, role_endpoint
from ragstress.core.rundir import CASES_FILE


@dataclass(frozen=True)
class TestsetSummary:
    """What generate wrote: the cases file and its counts, testset.json's content and the LLM calls made."""

    __test__ = False

    cases_path: Path
    cases: int
    seeds: int
    rejected: int
    manifest: dict[str, Any] = field(default_factory=dict, repr=False)
    """testset.json's content: gates passed, cases per testbed and ratio, seeds by origin."""
    usage: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)
    """Per LLM role asked: calls, cache_hits, failures."""
    shortfall: str | None = None
    """Why fewer generated seeds than wanted were kept, in a sentence; None when none are missing."""


def generate(
    index_dir: str | Path,
    out: str | Path,
    *,
    seeds: int | None = None,
    pairs: int | None = None,
    seed_file: str | Path | None = None,
    testbeds: Sequence[str] | None = None,
    random_seed: int = 13,
    judge_noise: bool | None = None,
    ratio_policy: str = "drop",
    styles: Sequence[str] = (),
    executor: str = "local",
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: Mapping[str, float] | None = None,
    generator_base_url: str | None = None,
    generator_model: str | None = None,
    generator_api_key: str | None = None,
    judge_base_url: str | None = None,
    judge_model: str | None = None,
    judge_api_key: str | None = None,
    endpoints: Mapping[str, Endpoint] | None = None,
    cache_dir: str | Path | None = None,
    noise: str = "hard",
    round_trip_k: int = 5,
    polish: bool | None = None,
    proposal_chunks: int | None = None,
    chroma_url: str | None = None,
    client_settings: ClientSettings | None = None,
) -> TestsetSummary:
    """Generate verified test cases from the index at `index_dir` into `out` (cases.jsonl, testset.json).

    `seeds` defaults to 20, or to 0 (curated seeds only, no generator calls) with a `seed_file`.
    `endpoints["generator"]`/`["judge"]`, Endpoints, replace the generator_*/judge_* values.
    `judge_noise`: judge each noise passage for a hidden answer (None: unless the judge is the bundled model).
    `ratio_policy`: a noise ratio a seed cannot hold exactly is dropped ("drop") or replaced by the
    nearest one it can ("nearest").
    `styles`: the style testbed's question styles (src/ragstress/generators/testbeds/styles.py; empty: every style).
    `executor="ray"`: the generator's and the judge's calls are made by Ray actors (see `run`).
    `noise` picks the noise passages (hard: the nearest alias-free chunks; random), `round_trip_k`
    the top k a question must retrieve its source chunk in, `polish` whether the generator
    rephrases in-situ questions and `proposal_chunks` how many chunks it may propose answer spans
    for (None: the defaults of src/ragstress/generators/testset.py). `chroma_url` opens an index kept on a
    Chroma server; `client_settings` sets the LLM clients' timeout, retries and concurrency.
    EveryCallFailed (nothing written) when every call to the generator or the judge failed.
    """
    from ragstress.distributed import parse_executor
    from ragstress.distributed.llm_actors import remote_clients
    from ragstress.generators.testset import GenerateOptions, generate_testset
    from ragstress.generators.testset_manifest import shortfall
    from ragstress.indexing.store import IndexStore
    from ragstress.llm import LLMSession

    if seeds is None:
        seeds = 0 if seed_file is not None else 20
    options = GenerateOptions(
        n_seeds=seeds,
        n_pairs=pairs,
        random_seed=random_seed,
        seed_file=Path(seed_file) if seed_file is not None else None,
        noise_mode=noise,  # type: ignore[arg-type]
        judge_noise=judge_noise,
        ratio_policy=ratio_policy,  # type: ignore[arg-type]
        round_trip_k=round_trip_k,
        polish=polish,
        styles=tuple(styles),
        proposal_chunks=proposal_chunks,
    )
    if testbeds is not None:
        options = replace(options, testbeds=tuple(testbeds))
    roles = {
        "generator": role_endpoint(endpoints, "generator", generator_base_url, generator_model, generator_api_key),
        "judge": role_endpoint(endpoints, "judge", judge_base_url, judge_model, judge_api_key),
    }
    store = IndexStore.open(Path(index_dir), chroma_url=chroma_url)
    ray = parse_executor(executor, ray_address, actors, actor_resources)

    async def go():
        async with LLMSession(roles, client_settings, cache_path=cache_file(cache_dir)) as llm:
            with remote_clients(llm, ("generator", "judge"), ray, llm.settings.concurrency):
                result = await generate_testset(store, llm, Path(out), options)
            return result, llm.usage()

    result, usage = asyncio.run(go())
    return TestsetSummary(
        Path(out) / CASES_FILE,
        len(result.cases),
        len(result.seeds),
        len(result.rejected),
        manifest=result.manifest,
        usage=usage,
        shortfall=shortfall(result.manifest, seeds, proposing=not roles["generator"].is_bundled),
    )


__all__ = ["TestsetSummary", "generate"]
