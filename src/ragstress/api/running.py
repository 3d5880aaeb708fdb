"""The Python API's run stage: `ragstress.run(testset, out, target=...)` asks a target every case.

contexts mode hands each case's passages; e2e mode lets the target retrieve (from per-testbed
variants of an index when one is given: a retriever object, and the loopback retrieval
endpoint for every target); responses are appended to the run directory as they arrive.
`run` is three steps, which a front end may take one at a time to speak in between:
`plan_run` (what to ask, and whom; nothing written), `start_run` (the run directory, ready
to resume) and `ask` (the target answers). `merge` joins the run directories of shards.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ragstress.api.endpoints import ClientSettings, Endpoint, resolve_endpoint
from ragstress.api.endpoints import cache_file as llm_cache_file

if TYPE_CHECKING:
    from ragstress.core.types import Case
    from ragstress.running.run_dir import PreparedRun
    from ragstress.running.runner import RunCounts, Shard

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


@dataclass(frozen=True)
class RunPlan:
    """What a run will ask and whom: the target, its kind and http settings, the selected cases."""

    testset: Path
    target: str
    kind: str
    """python, langchain, http or baseline."""
    mode: str
    cases: list[Case]
    http_settings: Any = None
    shard: Shard | None = None
    selection: dict[str, Any] | None = None
    index_dir: Path | None = None

    @property
    def needs_index(self) -> bool:
        """True when the baseline would retrieve (e2e mode) with no index to retrieve from."""
        return self.kind == "baseline" and self.mode == "e2e" and self.index_dir is None

    def one_at_a_time(self, endpoint: Endpoint, on_ray: bool) -> bool:
        """True when the target is the bundled model in this process: it answers one request at a time, so more
        cases in flight would only spend their timeout waiting in its queue."""
        return self.kind == "baseline" and endpoint.is_bundled and not on_ray


def plan_run(
    testset: str | Path,
    *,
    target: str | None = None,
    target_config: str | Path | None = None,
    mode: str = "contexts",
    index_dir: str | Path | None = None,
    testbeds: Sequence[str] | None = None,
    limit: int | None = None,
    shard: str | None = None,
    env: Mapping[str, str] | None = None,
) -> RunPlan:
    """Which cases of `testset` to ask and of which target; nothing is written or asked yet.

    `target_config` (an http target's JSON/TOML) may give the URL; its headers' `env:NAME`
    secrets are read from `env` (default: this process's environment). `shard` is "K/N".
    TargetError (a ValueError) for a target spec or config that cannot work, RecordFileError for
    a bad test set, UnknownNameError for a misspelt testbed, ValueError for a repeated case id,
    an empty selection or a testbed e2e mode cannot ask.
    """
    from ragstress.core.jsonl import read_records
    from ragstress.core.registry import check_names
    from ragstress.core.types import TESTBEDS, Case
    from ragstress.running.runner import Shard, check_mode, repeated_ids, select_cases
    from ragstress.running.targets import TargetError, target_kind

    if mode not in ("contexts", "e2e"):
        raise ValueError(f"mode must be 'contexts' or 'e2e', not {mode!r}")
    testset = Path(testset)
    slice_ = Shard.parse(shard) if shard else None
    http_settings = None
    if target_config is not None:
        from ragstress.running.targets.http_target import load_http_config, resolve_settings

        config = load_http_config(Path(target_config))
        target = target or config.url
        # Headers name their secrets as env:NAME in the config file: resolving them is asked for.
        http_settings = resolve_settings(config, dict(os.environ if env is None else env), str(target_config))
    if not target:
        raise TargetError("a target spec (or a target config with a url) is required")
    kind = target_kind(target)
    if http_settings is not None and kind != "http":
        raise TargetError(f"a target config applies to http targets only, not {kind!r}")
    all_cases = read_records(testset, Case)
    if repeated := repeated_ids(all_cases):
        raise ValueError(f"{testset}: case id(s) {repeated[:3]} occur more than once; each case needs its own id")
    # check_names first: a misspelt testbed gets a "did you mean".
    chosen = check_names("testbed", ",".join(testbeds), TESTBEDS) if testbeds else None
    selected = select_cases(all_cases, chosen, limit)
    if not selected:
        raise ValueError(f"{testset}: no cases selected (testbeds {list(testbeds or [])})")
    check_mode(selected, mode)
    return RunPlan(
        testset,
        target,
        kind,
        mode,
        selected,
        http_settings,
        slice_,
        {"testbeds": list(testbeds) if testbeds else None, "limit": limit},
        Path(index_dir) if index_dir is not None else None,
    )


def start_run(plan: RunPlan, out: str | Path, *, resume: bool = False, retry_errors: bool = False) -> PreparedRun:
    """The run directory `out`, ready for `plan`: its cases written, what an earlier attempt answered loaded.

    Without `resume` a directory holding responses is refused (RunDirError); with it the test set,
    target and mode must be those recorded. `retry_errors` asks again the cases whose response is an
    error. The PreparedRun says how many were retried and whether a torn last line was repaired.
    """
    from ragstress.running.run_dir import prepare_run_dir
    from ragstress.running.targets import public_spec

    return prepare_run_dir(
        Path(out),
        plan.testset,
        plan.cases,
        target_spec=public_spec(plan.target),
        mode=plan.mode,  # type: ignore[arg-type]
        resume=resume,
        retry_errors=retry_errors,
    )


def ask(
    plan: RunPlan,
    prepared: PreparedRun,
    *,
    endpoint: Endpoint,
    top_k: int = DEFAULT_TOP_K,
    chroma_url: str | None = None,
    concurrency: int = 4,
    target_timeout: float = 120.0,
    retrieval_host: str = "127.0.0.1",
    client_settings: ClientSettings | None = None,
    cache_file: Path | None = None,
    executor: str = "local",
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: Mapping[str, float] | None = None,
    on_response: Callable[[Any], None] | None = None,
    say: Callable[[str], None] | None = None,
) -> RunCounts:
    """Ask the planned target every case of `prepared` not answered yet (this shard's only); returns the counts.

    `endpoint` is the baseline's model (other targets ask no LLM, and use no `cache_file`).
    `on_response` hears each response as it is recorded, `say` the run's notes.
    TargetError when the target cannot load, StoreError/EmbeddingModelError when the e2e index
    cannot open, EveryCallFailed (run.json says failed) when every call of the baseline failed.
    """
    from ragstress.distributed import parse_executor
    from ragstress.running.execute import RunOptions, execute_run

    options = RunOptions(
        testset=plan.testset,
        mode=plan.mode,
        index_dir=plan.index_dir,
        top_k=top_k,
        chroma_url=chroma_url,
        concurrency=concurrency,
        target_timeout=target_timeout,
        shard=plan.shard,
        selection=plan.selection or {},
        ray=parse_executor(executor, ray_address, actors, actor_resources),
        retrieval_host=retrieval_host,
    )
    return asyncio.run(
        execute_run(
            prepared,
            plan.target,
            options,
            endpoint=endpoint,
            http_settings=plan.http_settings,
            client_settings=client_settings,
            cache=cache_file if plan.kind == "baseline" else None,  # only the baseline talks to an LLM
            on_response=on_response,
            **({"say": say} if say is not None else {}),
        )
    )


def jobs_to_ask(plan: RunPlan, prepared: PreparedRun) -> int:
    """How many answers `ask` will wait for: this shard's cases not answered yet, with their closed-book probes."""
    from ragstress.running.runner import plan_jobs

    mine = [case for case in prepared.cases if plan.shard is None or plan.shard.holds(case.id)]
    return len(plan_jobs(mine, prepared.done))


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


__all__ = ["RunPlan", "RunSummary", "ask", "jobs_to_ask", "merge", "plan_run", "run", "start_run", "target_kind"]
