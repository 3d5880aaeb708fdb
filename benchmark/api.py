"""The Python API: `import ragstress`, then `ragstress.bench(...)`, or one stage at a time:
`build_index`, `generate`, `run`, `score`, `report`.

Plain keyword arguments in, typed results out, synchronous: each function runs the same
stage code as the command line (over its async internals where there are any). Nothing
here reads the environment: an LLM role is the bundled local model unless its base URL
(and model, key) are passed in as values.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ragstress.core.rundir import CASES_FILE, RunDir
from ragstress.llm.config import Endpoint, resolve_endpoint
from ragstress.api_report import Report, report


def endpoint(role: str, base_url: str | None = None, model: str | None = None, api_key: str | None = None) -> Endpoint:
    """An LLM role's endpoint from plain values; without a base URL, the bundled local model."""
    # An empty environment: the API takes its configuration as arguments only.
    return resolve_endpoint(role, {}, base_url=base_url, model=model, api_key=api_key)  # type: ignore[arg-type]


@dataclass(frozen=True)
class IndexResult:
    """What build_index did: the index folder, its embedding model and its chunk counts."""

    index_dir: Path
    embedding_model: str
    chunks: int
    embedded: int
    reused: int


def build_index(corpus: str | Path, index_dir: str | Path, *, embedding: str | None = None) -> IndexResult:
    """Chunk and embed the corpus at `corpus` into a Chroma index at `index_dir` (incremental).

    `embedding` names the model (default: by corpus language, a bundled model).
    """
    from ragstress.indexing.build import build_index as build, choose_embedder

    corpus, index_dir = Path(corpus), Path(index_dir)
    embedder = choose_embedder(corpus, index_dir, embedding)
    stats = build(corpus, index_dir, embedder)
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
    cache_dir: str | Path | None = None,
) -> dict[str, Any]:
    """Score the responses of `run_dir` into scores.jsonl and score.json; returns score.json's content.

    Judged metrics use the judge at `judge_base_url` (OpenAI protocol), or the bundled model.
    `cache_dir` caches LLM answers (none by default).
    """
    from ragstress.llm import LLMSession
    from ragstress.scoring.scorer import score_run

    judge = endpoint("judge", judge_base_url, judge_model, judge_api_key)

    async def go() -> dict[str, Any]:
        async with LLMSession({"judge": judge}, cache_path=_cache(cache_dir)) as llm:
            return await score_run(Path(run_dir), metrics=metrics, llm=llm, concurrency=concurrency, rescore=rescore)

    return asyncio.run(go())


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
    seeds: int = 20,
    pairs: int | None = None,
    seed_file: str | Path | None = None,
    testbeds: Sequence[str] | None = None,
    random_seed: int = 13,
    generator_base_url: str | None = None,
    generator_model: str | None = None,
    generator_api_key: str | None = None,
    judge_base_url: str | None = None,
    judge_model: str | None = None,
    judge_api_key: str | None = None,
    cache_dir: str | Path | None = None,
) -> TestsetSummary:
    """Generate verified test cases from the index at `index_dir` into `out` (cases.jsonl, testset.json).

    `seeds=0` with a `seed_file` uses curated seeds only (no generator calls).
    """
    from ragstress.generators.testset import GenerateOptions, generate_testset
    from ragstress.indexing.store import IndexStore
    from ragstress.llm import LLMSession

    options = GenerateOptions(n_seeds=seeds, n_pairs=pairs, random_seed=random_seed,
                              seed_file=Path(seed_file) if seed_file is not None else None)  # fmt: skip
    if testbeds is not None:
        options = replace(options, testbeds=tuple(testbeds))
    endpoints = {
        "generator": endpoint("generator", generator_base_url, generator_model, generator_api_key),
        "judge": endpoint("judge", judge_base_url, judge_model, judge_api_key),
    }
    store = IndexStore.open(Path(index_dir))

    async def go():
        async with LLMSession(endpoints, cache_path=_cache(cache_dir)) as llm:
            return await generate_testset(store, llm, Path(out), options)

    result = asyncio.run(go())
    return TestsetSummary(Path(out) / CASES_FILE, len(result.cases), len(result.seeds), len(result.rejected))


@dataclass(frozen=True)
class RunSummary:
    """What run recorded: answered and errored responses, and the run directory."""

    run_dir: Path
    answered: int
    errors: int


def run(
    testset: str | Path,
    out: str | Path,
    *,
    target: str,
    concurrency: int = 4,
    resume: bool = False,
    target_timeout: float = 120.0,
    target_base_url: str | None = None,
    target_model: str | None = None,
    target_api_key: str | None = None,
    cache_dir: str | Path | None = None,
) -> RunSummary:
    """Ask the target every case of `testset` (a cases.jsonl) in contexts mode; responses go to `out`.

    `target` is a spec as on the command line: `python:pkg.module:function`, an http(s) URL,
    `langchain:...` or `baseline` (which answers with the target endpoint's model).
    """
    from ragstress.core.jsonl import read_records
    from ragstress.core.manifests import RunManifest, write_manifest
    from ragstress.core.types import Case
    from ragstress.llm import LLMSession
    from ragstress.running.runner import RUN_FILE, now, plan_jobs, prepare_run_dir, run_cases, run_record
    from ragstress.running.targets import load_target, public_spec

    testset, out = Path(testset), Path(out)
    cases = read_records(testset, Case)
    run_dir = prepare_run_dir(out, testset, cases, target_spec=public_spec(target), mode="contexts", resume=resume)
    llm_endpoint = endpoint("target", target_base_url, target_model, target_api_key)
    jobs = plan_jobs(run_dir.cases, run_dir.done)

    async def go():
        async with LLMSession({"target": llm_endpoint}, cache_path=_cache(cache_dir)) as llm:
            rag = load_target(target, llm=llm)
            models = {"target": llm_endpoint.public_dict()} if rag.kind == "baseline" else {}
            started = now()

            def record(status: str) -> None:
                write_manifest(out / RUN_FILE, RunManifest.model_validate(run_record(
                    run_dir, target=rag.describe(), mode="contexts", testset=testset, shard=None,
                    selection={"testbeds": None, "limit": None}, started_at=started, status=status, models=models,
                    llm_usage=llm.usage(), extra={"settings": {"concurrency": concurrency, "target_timeout_s": target_timeout}})))  # fmt: skip

            record("running")
            status = "interrupted"
            try:
                counts = await run_cases(jobs, rag, RunDir(out).responses, mode="contexts", concurrency=concurrency,
                                         target_timeout_s=target_timeout)  # fmt: skip
                status = "complete"
            finally:
                record(status)
                await rag.aclose()
            return counts

    counts = asyncio.run(go())
    return RunSummary(out, counts.answered, counts.errors)


def bench(
    corpus: str | Path,
    out: str | Path,
    *,
    target: str,
    seeds: int = 20,
    pairs: int | None = None,
    seed_file: str | Path | None = None,
    metrics: str | Sequence[str] | None = None,
    fail_under: Iterable[str] = (),
    concurrency: int = 4,
    embedding: str | None = None,
    base_url: str | None = None,
    model: str | None = None,
    api_key: str | None = None,
    cache_dir: str | Path | None = None,
) -> Report:
    """Build, generate, run, score and report in one run directory `out`; returns the Report.

    `base_url`/`model`/`api_key` name one OpenAI-protocol endpoint for every LLM role
    (generator, baseline target, judge); without them each role is the bundled model.
    """
    files = RunDir(Path(out))
    build_index(corpus, files.index, embedding=embedding)
    roles = {"base_url": base_url, "model": model, "api_key": api_key}
    generate(files.index, files.testset, seeds=seeds, pairs=pairs, seed_file=seed_file, cache_dir=cache_dir,
             **{f"{role}_{key}": value for role in ("generator", "judge") for key, value in roles.items()})  # fmt: skip
    # A fresh test set means fresh answers: responses of an earlier one must not be mixed in.
    for stale in (files.cases, files.responses, files.run_manifest, files.scores, files.score_manifest):
        stale.unlink(missing_ok=True)
    run(files.testset_cases, files.path, target=target, concurrency=concurrency, cache_dir=cache_dir,
        **{f"target_{key}": value for key, value in roles.items()})  # fmt: skip
    score(files.path, metrics=metrics, concurrency=concurrency, cache_dir=cache_dir,
          **{f"judge_{key}": value for key, value in roles.items()})  # fmt: skip
    return report(files.path, fail_under=fail_under)


def _cache(cache_dir: str | Path | None) -> Path | None:
    """The LLM answer cache file under `cache_dir`; None (no cache) when no folder is given."""
    return Path(cache_dir) / "llm-cache.sqlite" if cache_dir is not None else None


__all__ = ["IndexResult", "Report", "RunSummary", "TestsetSummary", "bench", "build_index", "endpoint", "generate",
           "report", "run", "score"]  # fmt: skip
