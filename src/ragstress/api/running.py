"""The Python API's run stage: `ragstress.run(testset, out, target=...)` asks a target every case.

It runs the same runner code as `ragstress run`: contexts mode (each case hands its
passages) or e2e mode (the target retrieves, from per-testbed variants of an index when
one is given: a retriever object, and the loopback retrieval endpoint for every target);
responses are appended to the run directory as they arrive.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ragstress.llm.config import Endpoint, resolve_endpoint

DEFAULT_TOP_K = 5


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
    from ragstress.core.jsonl import read_records
    from ragstress.core.types import Case
    from ragstress.running.execute import RunOptions, execute_run
    from ragstress.running.run_dir import prepare_run_dir
    from ragstress.running.runner import check_mode, select_cases
    from ragstress.running.targets import TargetError, public_spec, target_kind

    http_settings = None
    if target_config is not None:
        from ragstress.running.targets.http_target import load_http_config, resolve_settings

        config = load_http_config(Path(target_config))
        target = target or config.url
        # Headers name their secrets as env:NAME in the config file: resolving them is asked for.
        http_settings = resolve_settings(config, dict(os.environ), str(target_config))
    if not target:
        raise TargetError("a target spec (or a target_config with a url) is required")
    if http_settings is not None and target_kind(target) != "http":
        raise TargetError(f"target_config applies to http targets only, not {target_kind(target)!r}")
    from ragstress.distributed import parse_executor

    ray_options = parse_executor(executor, ray_address, actors, actor_resources)
    if mode not in ("contexts", "e2e"):
        raise ValueError(f"mode must be 'contexts' or 'e2e', not {mode!r}")
    if mode == "e2e" and target_kind(target) == "baseline" and index_dir is None:
        raise ValueError("the baseline target needs index_dir in e2e mode: it retrieves from that index")
    testset, out = Path(testset), Path(out)
    selected = select_cases(read_records(testset, Case), testbeds)
    if not selected:
        raise ValueError(f"{testset}: no cases selected (testbeds {list(testbeds or [])})")
    check_mode(selected, mode)
    llm_endpoint = (endpoints or {}).get("target") or resolve_endpoint(
        "target", {}, base_url=target_base_url, model=target_model, api_key=target_api_key
    )
    if target_kind(target) == "baseline" and llm_endpoint.is_bundled and ray_options is None:
        concurrency = 1  # the bundled server answers one request at a time: more would only queue
    run_dir = prepare_run_dir(out, testset, selected, target_spec=public_spec(target), mode=mode, resume=resume)
    options = RunOptions(
        testset=testset,
        mode=mode,
        index_dir=Path(index_dir) if index_dir is not None else None,
        top_k=top_k,
        concurrency=concurrency,
        target_timeout=target_timeout,
        selection={"testbeds": list(testbeds) if testbeds else None, "limit": None},
        ray=ray_options,
    )
    # Only the baseline talks to an LLM: other targets need no cache file.
    cache = Path(cache_dir) / "llm-cache.sqlite" if cache_dir is not None else None
    on_response = None
    if on_progress is not None:
        from ragstress.running.runner import plan_jobs

        on_response = _counting(on_progress, len(plan_jobs(run_dir.cases, run_dir.done)))

    counts = asyncio.run(
        execute_run(
            run_dir,
            target,
            options,
            endpoint=llm_endpoint,
            http_settings=http_settings,
            cache=cache,
            on_response=on_response,
        )
    )
    return RunSummary(out, counts.answered, counts.errors, len(run_dir.done), counts.failure)


def _counting(on_progress: Callable[[int, int], None], total: int) -> Callable[[object], None]:
    """A runner's on_response hook that reports (answered so far, total) to `on_progress`, starting at 0."""
    done = 0
    on_progress(0, total)

    def on_response(_response: object) -> None:
        nonlocal done
        done += 1
        on_progress(done, total)

    return on_response


__all__ = ["RunSummary", "run"]
