"""The Python API's stages: `import ragstress`, then one stage at a time: `build_index`,
`generate`, `run` (ragstress.api.running), `score`, `report` (ragstress.api.reporting); or all of
them with `ragstress.bench(...)` (ragstress.api.benching, built on these functions).

Plain keyword arguments in, typed results out, synchronous: each function runs the same
stage code as the command line (over its async internals where there are any). Nothing
here reads the environment: an LLM role is the bundled local model unless its base URL
(and model, key) are passed in as values.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ragstress.api.reporting import Report, report
from ragstress.api.running import RunSummary, run
from ragstress.core.rundir import CASES_FILE
from ragstress.llm.config import Endpoint, resolve_endpoint


def endpoint(
    role: str,
    base_url: str | None = None,
    model: str | None = None,
    api_key: str | None = None,
    json_mode: str | None = None,
) -> Endpoint:
    """An LLM role's endpoint from plain values; without a base URL, the bundled local model.

    `json_mode` forces how structured output is asked (json_schema, json_object, text); by
    default (auto) it is detected per endpoint (ragstress.llm.json_modes).
    """
    # An empty environment: the API takes its configuration as arguments only.
    return resolve_endpoint(role, {}, base_url=base_url, model=model, api_key=api_key, json_mode=json_mode)  # type: ignore[arg-type]


@dataclass(frozen=True)
class IndexResult:
    """What build_index did: the index folder, its embedding model and its chunk counts."""

    index_dir: Path
    embedding_model: str
    chunks: int
    embedded: int
    reused: int


def build_index(
    corpus: str | Path,
    index_dir: str | Path,
    *,
    embedding: str | None = None,
    include: Sequence[str] = (),
    notebook_outputs: bool = False,
    executor: str = "local",
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: Mapping[str, float] | None = None,
) -> IndexResult:
    """Chunk and embed the corpus at `corpus` into a Chroma index at `index_dir` (incremental).

    `embedding` names the model (default: by corpus language, a bundled model); `include` globs
    load other text files as plain text; `notebook_outputs` keeps Jupyter notebooks' text outputs.
    `executor="ray"` embeds the new chunks in Ray actors (see `run`), one core each.
    """
    from ragstress.corpora.loaders import ParsedCache, ReadOptions
    from ragstress.distributed import parse_executor
    from ragstress.distributed.embedding import embedding_executor, record_executor
    from ragstress.indexing.build import build_index as build
    from ragstress.indexing.build import choose_embedder

    corpus, index_dir = Path(corpus), Path(index_dir)
    options = ReadOptions(include=tuple(include), notebook_outputs=notebook_outputs, cache=ParsedCache())
    embedder = choose_embedder(corpus, index_dir, embedding, options=options)
    with embedding_executor(embedder, parse_executor(executor, ray_address, actors, actor_resources)) as embedder:
        stats = build(corpus, index_dir, embedder, read_options=options)
        record_executor(index_dir, embedder)
    return IndexResult(index_dir, embedder.name, stats.chunks, stats.embedded, stats.reused)


def score(
    run_dir: str | Path,
    *,
    metrics: str | Sequence[str] | None = None,
    judge_base_url: str | None = None,
    judge_model: str | None = None,
    judge_api_key: str | None = None,
    concurrency: int = 4,
    rescore: bool = False,
    endpoints: Mapping[str, Endpoint] | None = None,
    cache_dir: str | Path | None = None,
    resolve_uncertain: bool = False,
    executor: str = "local",
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: Mapping[str, float] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    judge_budget: float | None = None,
    on_judge_plan: Callable[[Any], None] | None = None,
) -> dict[str, Any]:
    """Score the responses of `run_dir` into scores.jsonl and score.json; returns score.json's content.

    Judged metrics use the judge at `judge_base_url` (OpenAI protocol), or the bundled model;
    `endpoints["judge"]`, an Endpoint, replaces the judge_* values. `cache_dir` caches LLM
    answers (none by default). `resolve_uncertain` has the judge (not the bundled model) decide
    the rule verdicts marked uncertain. `executor="ray"` scores the cases in Ray actors (see `run`),
    their judge calls going through the same cache file. EveryCallFailed (score.json not written)
    when every judge call failed. `on_progress(done, total)` is called once before the first case
    is scored and after each one.

    `judge_budget` caps the seconds of judged work: by default 300 with the bundled judge (whose
    calls take seconds each) and no cap with a judge endpoint, `math.inf` for none. Every
    deterministic metric is scored; judged metrics that do not fit are left unscored with the
    reason, and a later `score` with a larger budget scores them. `on_judge_plan` receives each
    plan (a scoring.judge_budget.JudgePlan, `.lines()` to print) as it is made.
    """
    from ragstress.distributed import parse_executor
    from ragstress.llm import LLMSession
    from ragstress.scoring.scorer import score_run

    judge = _role(endpoints, "judge", judge_base_url, judge_model, judge_api_key)
    ray = parse_executor(executor, ray_address, actors, actor_resources)

    async def go() -> dict[str, Any]:
        async with LLMSession({"judge": judge}, cache_path=_cache(cache_dir)) as llm:
            return await score_run(
                Path(run_dir),
                metrics=metrics,
                llm=llm,
                concurrency=concurrency,
                rescore=rescore,
                resolve_uncertain=resolve_uncertain,
                ray=ray,
                judge_budget=judge_budget,
                on_judge_plan=on_judge_plan,
                **progress_hooks(on_progress),
            )

    return asyncio.run(go())


def progress_hooks(on_progress: Callable[[int, int], None] | None) -> dict[str, Any]:
    """score_run's on_planned/on_case_done hooks, turned into on_progress(done, total) calls."""
    if on_progress is None:
        return {}
    state = {"done": 0, "total": 0}

    def planned(total: int) -> None:
        state["total"] = total
        on_progress(0, total)

    def case_done(_case_id: str) -> None:
        state["done"] += 1
        on_progress(state["done"], state["total"])

    return {"on_planned": planned, "on_case_done": case_done}


@dataclass(frozen=True)
class TestsetSummary:
    """What generate wrote: the cases file and its counts."""

    __test__ = False

    cases_path: Path
    cases: int
    seeds: int
    rejected: int


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
) -> TestsetSummary:
    """Generate verified test cases from the index at `index_dir` into `out` (cases.jsonl, testset.json).

    `seeds` defaults to 20, or to 0 (curated seeds only, no generator calls) with a `seed_file`.
    `endpoints["generator"]`/`["judge"]`, Endpoints, replace the generator_*/judge_* values.
    `judge_noise`: judge each noise passage for a hidden answer (None: unless the judge is the bundled model).
    `ratio_policy`: a noise ratio a seed cannot hold exactly is dropped ("drop") or replaced by the
    nearest one it can ("nearest").
    `styles`: the style testbed's question styles (generators/styles.py; empty: every style).
    `executor="ray"`: the generator's and the judge's calls are made by Ray actors (see `run`).
    EveryCallFailed (nothing written) when every call to the generator or the judge failed.
    """
    from ragstress.distributed import parse_executor
    from ragstress.distributed.llm_actors import remote_clients
    from ragstress.generators.testset import GenerateOptions, generate_testset
    from ragstress.indexing.store import IndexStore
    from ragstress.llm import LLMSession

    if seeds is None:
        seeds = 0 if seed_file is not None else 20
    options = GenerateOptions(
        n_seeds=seeds,
        n_pairs=pairs,
        random_seed=random_seed,
        seed_file=Path(seed_file) if seed_file is not None else None,
        judge_noise=judge_noise,
        ratio_policy=ratio_policy,
        styles=tuple(styles),
    )
    if testbeds is not None:
        options = replace(options, testbeds=tuple(testbeds))
    endpoints = {
        "generator": _role(endpoints, "generator", generator_base_url, generator_model, generator_api_key),
        "judge": _role(endpoints, "judge", judge_base_url, judge_model, judge_api_key),
    }
    store = IndexStore.open(Path(index_dir))

    ray = parse_executor(executor, ray_address, actors, actor_resources)

    async def go():
        async with LLMSession(endpoints, cache_path=_cache(cache_dir)) as llm:
            with remote_clients(llm, ("generator", "judge"), ray, llm.settings.concurrency):
                return await generate_testset(store, llm, Path(out), options)

    result = asyncio.run(go())
    return TestsetSummary(Path(out) / CASES_FILE, len(result.cases), len(result.seeds), len(result.rejected))


def _role(
    endpoints: Mapping[str, Endpoint] | None, role: str, base_url: str | None, model: str | None, api_key: str | None
) -> Endpoint:
    """The role's Endpoint: the one given in `endpoints`, else one made from the plain values."""
    given = (endpoints or {}).get(role)
    return given if given is not None else endpoint(role, base_url, model, api_key)


def _cache(cache_dir: str | Path | None) -> Path | None:
    """The LLM answer cache file under `cache_dir`; None (no cache) when no folder is given."""
    return Path(cache_dir) / "llm-cache.sqlite" if cache_dir is not None else None


__all__ = [
    "IndexResult",
    "Report",
    "RunSummary",
    "TestsetSummary",
    "build_index",
    "endpoint",
    "generate",
    "report",
    "run",
    "score",
]
