"""One run of a prepared run directory: load the target, build and serve e2e variants, ask, keep run.json current.

`ragstress run` and the Python API's `ragstress.run` both end here, so a run made
either way is the same run: they differ only in how they check their input and
show progress.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ragstress.core.jsonl import RecordFileError
from ragstress.core.manifests import RunManifest, read_manifest, write_manifest
from ragstress.core.paths import recorded_path
from ragstress.core.rundir import RESPONSES_FILE
from ragstress.core.rundir import RUN_MANIFEST as RUN_FILE
from ragstress.core.types import Case
from ragstress.running.retrieval_server import RetrievalServer
from ragstress.running.run_dir import PreparedRun, now, run_record
from ragstress.running.runner import RunCounts, Shard, plan_jobs, run_cases


@dataclass
class RunOptions:
    """How to ask: mode, e2e index and retrieval depth, concurrency and per-case timeout, what was selected."""

    testset: Path
    mode: str = "contexts"
    index_dir: Path | None = None
    top_k: int = 5
    chroma_url: str | None = None
    concurrency: int = 4
    target_timeout: float = 120.0
    shard: Shard | None = None
    selection: dict[str, Any] = field(default_factory=dict)
    ray: Any = None
    """RayOptions: ask through a pool of Ray actors (running.ray_run) instead of in this process."""
    retrieval_host: str = "127.0.0.1"
    """Where the e2e retrieval endpoint listens: loopback, or an address of this machine the workers reach."""


async def execute_run(
    run_dir: PreparedRun,
    spec: str,
    options: RunOptions,
    *,
    endpoint: Any,
    http_settings: Any = None,
    client_settings: Any = None,
    cache: Path | None = None,
    on_response: Callable[[Any], None] | None = None,
    say: Callable[[str], None] = print,
) -> RunCounts:
    """Ask `spec`'s target every case of `run_dir` not yet answered (this shard's only).

    Raises TargetError when the target cannot load and StoreError/EmbeddingModelError when
    the e2e index cannot open; run.json records the run as running, then complete or interrupted.
    When every call the baseline made to its model failed, run.json says failed and EveryCallFailed
    is raised after it is written.
    """
    from ragstress.llm import EveryCallFailed, LLMSession
    from ragstress.running.targets import TargetError, load_target

    shard = options.shard
    mine = [case for case in run_dir.cases if shard is None or shard.holds(case.id)]
    jobs = plan_jobs(mine, run_dir.done)
    cause: str | None = None
    async with LLMSession({"target": endpoint}, client_settings, cache_path=cache) as llm:
        if options.ray is not None:
            from ragstress.running.ray_run import ActorTargets

            target = await ActorTargets.start(
                spec,
                options.ray,
                options.concurrency,
                endpoint=endpoint,
                http_settings=http_settings,
                client_settings=client_settings,
                timeout_s=options.target_timeout,
            )
            llm_usage = target.llm_usage
        else:
            target = load_target(spec, llm=llm, http_config=http_settings)
            llm_usage = llm.usage
        e2e = endpoint_server = None
        try:
            previous_e2e = None
            if options.mode == "e2e" and options.index_dir is not None and not jobs:
                # Nothing left to ask: the variants would be built for no question; keep what run.json says of them.
                say("every case is answered: the e2e variants are not built again")
                previous_e2e = _recorded_e2e(run_dir.path / RUN_FILE)
            elif options.mode == "e2e" and options.index_dir is not None:
                # From every selected case, not just this shard's: each shard must see the same variants.
                e2e = _e2e_index(options, run_dir.cases, say)
                endpoint_server = RetrievalServer(e2e.retrievers, options.top_k).start(options.retrieval_host)
                say(f"serving the e2e variants to the target at {endpoint_server.url}")
            elif options.mode == "e2e" and target.needs_retriever:
                raise TargetError(
                    f"target {spec!r} retrieves with the retriever the run hands it, which e2e mode builds over an "
                    "index: pass --index (index_dir in Python), or run in contexts mode"
                )
            elif options.mode == "e2e" and not target.accepts_retriever:
                say(f"note: without --index the {target.kind} target retrieves from its own store, unperturbed")
            models = {"target": endpoint.public_dict()} if target.kind == "baseline" else {}
            extra = {
                "settings": {"concurrency": options.concurrency, "target_timeout_s": options.target_timeout},
                "e2e": previous_e2e
                if e2e is None
                else {
                    # A bench's index/ is inside the run directory: recorded relative, so the run can move.
                    "index": recorded_path(options.index_dir, run_dir.path),
                    "top_k": options.top_k,
                    "variants": e2e.stats,
                },
            }
            started = now()

            def record(status: str) -> None:
                if options.ray is not None:
                    extra["executor"] = target.executor()
                if endpoint_server is not None:
                    extra["e2e"]["retrieval_endpoint"] = endpoint_server.describe()
                manifest = run_record(
                    run_dir,
                    target=target.describe(),
                    mode=options.mode,
                    testset=options.testset,
                    shard=shard,
                    selection=options.selection,
                    started_at=started,
                    status=status,
                    models=models,
                    llm_usage=llm_usage(),
                    extra=extra,
                )
                write_manifest(run_dir.path / RUN_FILE, RunManifest.model_validate(manifest))

            record("running")
            status = "interrupted"
            try:
                counts = await run_cases(
                    jobs,
                    target,
                    run_dir.path / RESPONSES_FILE,
                    mode=options.mode,
                    retriever_for=e2e.retriever if e2e is not None and target.accepts_retriever else None,
                    retrieval_for=None if endpoint_server is None else endpoint_server.reference,
                    concurrency=options.concurrency,
                    target_timeout_s=options.target_timeout,
                    on_response=on_response,
                    chunk_id_of=None if e2e is None else e2e.chunk_id_of,
                )
                # The baseline's every model call failed: run.json says so and the stage fails (no answers to score).
                cause = llm.every_call_failed(llm_usage()) if target.kind == "baseline" else None
                status = "complete" if cause is None else "failed"
            finally:
                record(status)
        finally:
            if endpoint_server is not None:
                endpoint_server.stop()
            if e2e is not None:
                e2e.close()
            await target.aclose()
    if cause is not None:
        raise EveryCallFailed(cause)
    return counts


def _recorded_e2e(path: Path) -> dict[str, Any] | None:
    """What an earlier run.json recorded of the e2e variants (None when there is no such record)."""
    try:
        return read_manifest(path, RunManifest).model_dump(mode="json").get("e2e")
    except RecordFileError:
        return None


def _e2e_index(options: RunOptions, cases: list[Case], say: Callable[[str], None]) -> Any:
    """The per-testbed index variants e2e mode retrieves from (stored vectors are reused)."""
    from ragstress.indexing.store import IndexStore
    from ragstress.running.e2e import build_e2e_index

    store = IndexStore.open(options.index_dir, chroma_url=options.chroma_url)
    say("building the e2e index variants (stored vectors are reused)...")
    return build_e2e_index(store, cases, top_k=options.top_k, chroma_url=options.chroma_url)
