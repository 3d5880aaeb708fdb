"""The run stage in steps a front end may take one at a time, to speak in between.

`plan_run` decides what to ask and whom (nothing written), `start_run` makes the run directory
ready to resume, `ask` has the target answer, and `jobs_to_ask` says how many answers to wait
for. `ragstress run` takes them one by one to announce the plan and show progress; the API's
`run` (api/running.py) takes all three at once.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ragstress.api.endpoints import ClientSettings, Endpoint

if TYPE_CHECKING:
    from ragstress.core.types import Case
    from ragstress.running.run_dir import PreparedRun
    from ragstress.running.runner import RunCounts, Shard

DEFAULT_TOP_K = 5
"""Passages a target retrieving for itself (e2e mode) gets per question unless told otherwise."""


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


__all__ = ["DEFAULT_TOP_K", "RunPlan", "ask", "jobs_to_ask", "plan_run", "start_run"]
