"""The Python API's run stage: `ragstress.run(testset, out, target=...)` asks a target every case.

contexts mode hands each case's passages; e2e mode lets the target retrieve (from per-testbed
variants of an index when one is given: a retriever object, and the loopback retrieval
endpoint for every target); responses are appended to the run directory as they arrive.
`run` is three steps, which a front end may take one at a time to speak in between
(api/run_steps.py: `plan_run`, `start_run`, `ask`). `merge` joins the run directories of shards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ragstress.api.endpoints import Endpoint, resolve_endpoint
from ragstress.api.endpoints import cache_file as llm_cache_file
from ragstress.api.run_steps import DEFAULT_TOP_K, ask, jobs_to_ask, plan_run, start_run


@dataclass(frozen=True)
class RunSummary:
    """What run recorded: answered and errored responses, and the run directory."""

    run_dir: Path
    answered: int
    errors: int
    answered_earlier: int = 0
    failure: str | None = None
    """`all N cases failed: <first cause>` when every case asked this time failed, else None."""


def run(
    testset: str | Path,
    out: str | Path,
    *,
    target: str | None = None,
    target_config: str | Path | None = None,
    mode: str = "contexts",
    index_dir: str | Path | None = None,
    top_k: int = DEFAULT_TOP_K,
    testbeds: Sequence[str] | None = None,
    concurrency: int = 4,
    resume: bool = False,
    target_timeout: float = 120.0,
    target_base_url: str | None = None,
    target_model: str | None = None,
    target_api_key: str | None = None,
    endpoints: Mapping[str, Endpoint] | None = None,
    cache_dir: str | Path | None = None,
    executor: str = "local",
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: Mapping[str, float] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> RunSummary:
    """Ask the target every case of `testset` (a cases.jsonl); responses go to the run directory `out`.

    `target` is a spec as on the command line: `python:pkg.module:function`, an http(s) URL,
    `langchain:...` or `baseline` (which answers with the target endpoint's model); an http
    target may instead come from `target_config` (JSON/TOML: url, headers, field mapping).
    `mode="e2e"` lets the target retrieve; `index_dir` then gives it the case's variant of
    that index (a retriever for targets that take one, an address on the run's loopback
    retrieval endpoint for every target: `TargetRequest.retrieval`). `executor="ray"` asks through
    `actors` Ray actors (each reserving `actor_resources`, e.g. `{"GPU": 1}`) on the cluster at
    `ray_address` (default: the running one, else a local instance). `endpoints["target"]`, an
    Endpoint, replaces the target_* values. `resume` continues a run, skipping answered cases.
    A LangChain chain factory retrieves with the retriever the run hands it: in e2e mode it needs
    `index_dir` (TargetError, a ValueError, before any case otherwise). The RunSummary's `failure`
    says `all N cases failed: <first cause>` when every case asked failed.
    `on_progress(done, total)` is called once before the first question and after each answer.
    """
    from ragstress.distributed import parse_executor

    plan = plan_run(
        testset, target=target, target_config=target_config, mode=mode, index_dir=index_dir, testbeds=testbeds
    )
    on_ray = parse_executor(executor, ray_address, actors, actor_resources) is not None
    if plan.needs_index:
        raise ValueError("the baseline target needs index_dir in e2e mode: it retrieves from that index")
    llm_endpoint = (endpoints or {}).get("target") or resolve_endpoint(
        "target", {}, base_url=target_base_url, model=target_model, api_key=target_api_key
    )
    if plan.one_at_a_time(llm_endpoint, on_ray):
        concurrency = 1
    prepared = start_run(plan, out, resume=resume)
    counts = ask(
        plan,
        prepared,
        endpoint=llm_endpoint,
        top_k=top_k,
        concurrency=concurrency,
        target_timeout=target_timeout,
        cache_file=llm_cache_file(cache_dir),
        executor=executor,
        ray_address=ray_address,
        actors=actors,
        actor_resources=actor_resources,
        on_response=None if on_progress is None else _counting(on_progress, jobs_to_ask(plan, prepared)),
    )
    return RunSummary(Path(out), counts.answered, counts.errors, len(prepared.done), counts.failure)


def _counting(on_progress: Callable[[int, int], None], total: int) -> Callable[[object], None]:
    """A runner's on_response hook that reports (answered so far, total) to `on_progress`, starting at 0."""
    done = 0
    on_progress(0, total)

    def on_response(_response: object) -> None:
        nonlocal done
        done += 1
        on_progress(done, total)

    return on_response


def target_kind(spec: str) -> str:
    """The kind of target a spec names: python, langchain, http (a URL) or baseline; TargetError for an unknown
    kind, with a "did you mean"."""
    from ragstress.running.targets import target_kind as kind_of

    return kind_of(spec)


def merge(run_dirs: Sequence[str | Path], out: str | Path) -> dict[str, Any]:
    """Join the run directories of several shards into one run in `out`; returns its run.json content.

    RunDirError when they overlap or come from different test sets, targets or modes.
    """
    from ragstress.running.merge import merge_runs

    return merge_runs([Path(d) for d in run_dirs], Path(out))


__all__ = ["RunSummary", "merge", "run", "target_kind"]
