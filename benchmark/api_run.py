"""The Python API's run stage: `ragstress.run(testset, out, target=...)` asks a target every case.

It runs the same runner code as `ragstress run`: contexts mode (each case hands its
passages) or e2e mode (the target retrieves, from per-testbed variants of an index when
it takes a retriever); responses are appended to the run directory as they arrive.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ragstress.core.rundir import RunDir
from ragstress.llm.config import Endpoint, resolve_endpoint

DEFAULT_TOP_K = 5


@dataclass(frozen=True)
class RunSummary:
    """What run recorded: answered and errored responses, and the run directory."""

    run_dir: Path
    answered: int
    errors: int
    answered_earlier: int = 0


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
) -> RunSummary:
    """Ask the target every case of `testset` (a cases.jsonl); responses go to the run directory `out`.

    `target` is a spec as on the command line: `python:pkg.module:function`, an http(s) URL,
    `langchain:...` or `baseline` (which answers with the target endpoint's model); an http
    target may instead come from `target_config` (JSON/TOML: url, headers, field mapping).
    `mode="e2e"` lets the target retrieve; `index_dir` then gives targets that take a
    retriever (and the baseline) the index to retrieve from. `endpoints["target"]`, an
    Endpoint, replaces the target_* values. `resume` continues a run, skipping answered cases.
    """
    from ragstress.core.jsonl import read_records
    from ragstress.core.types import Case
    from ragstress.running.runner import prepare_run_dir, select_cases
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
    if mode not in ("contexts", "e2e"):
        raise ValueError(f"mode must be 'contexts' or 'e2e', not {mode!r}")
    if mode == "e2e" and target_kind(target) == "baseline" and index_dir is None:
        raise ValueError("the baseline target needs index_dir in e2e mode: it retrieves from that index")
    testset, out = Path(testset), Path(out)
    selected = select_cases(read_records(testset, Case), testbeds)
    if not selected:
        raise ValueError(f"{testset}: no cases selected (testbeds {list(testbeds or [])})")
    llm_endpoint = (endpoints or {}).get("target") or resolve_endpoint(
        "target", {}, base_url=target_base_url, model=target_model, api_key=target_api_key
    )
    if target_kind(target) == "baseline" and llm_endpoint.is_bundled:
        concurrency = 1  # the bundled server answers one request at a time: more would only queue
    run_dir = prepare_run_dir(out, testset, selected, target_spec=public_spec(target), mode=mode, resume=resume)
    options = {
        "mode": mode,
        "index_dir": index_dir,
        "top_k": top_k,
        "concurrency": concurrency,
        "target_timeout": target_timeout,
        "testset": testset,
        "selection": {"testbeds": list(testbeds) if testbeds else None, "limit": None},
    }
    cache = Path(cache_dir) / "llm-cache.sqlite" if cache_dir is not None else None
    counts = asyncio.run(_ask(run_dir, target, http_settings, llm_endpoint, cache, options))
    return RunSummary(out, counts.answered, counts.errors, len(run_dir.done))


async def _ask(
    run_dir: Any, spec: str, http_settings: Any, llm_endpoint: Endpoint, cache: Path | None, options: dict[str, Any]
) -> Any:
    from ragstress.core.manifests import RunManifest, write_manifest
    from ragstress.llm import LLMSession
    from ragstress.running.runner import RUN_FILE, now, plan_jobs, run_cases, run_record
    from ragstress.running.targets import load_target

    jobs = plan_jobs(run_dir.cases, run_dir.done)
    # Only the baseline talks to an LLM: other targets need no cache file.
    async with LLMSession({"target": llm_endpoint}, cache_path=cache) as llm:
        rag = load_target(spec, llm=llm, http_config=http_settings)
        e2e = None
        try:
            if options["mode"] == "e2e" and options["index_dir"] is not None and rag.accepts_retriever:
                e2e = _e2e_index(Path(options["index_dir"]), run_dir.cases, options["top_k"])
            models = {"target": llm_endpoint.public_dict()} if rag.kind == "baseline" else {}
            extra = {
                "settings": {"concurrency": options["concurrency"], "target_timeout_s": options["target_timeout"]},
                "e2e": None
                if e2e is None
                else {"index": str(options["index_dir"]), "top_k": options["top_k"], "variants": e2e.stats},
            }
            started = now()

            def record(status: str) -> None:
                write_manifest(
                    run_dir.path / RUN_FILE,
                    RunManifest.model_validate(
                        run_record(
                            run_dir,
                            target=rag.describe(),
                            mode=options["mode"],
                            testset=options["testset"],
                            shard=None,
                            selection=options["selection"],
                            started_at=started,
                            status=status,
                            models=models,
                            llm_usage=llm.usage(),
                            extra=extra,
                        )
                    ),
                )

            record("running")
            status = "interrupted"
            try:
                counts = await run_cases(
                    jobs,
                    rag,
                    RunDir(run_dir.path).responses,
                    mode=options["mode"],
                    retriever_for=None if e2e is None else e2e.retriever,
                    concurrency=options["concurrency"],
                    target_timeout_s=options["target_timeout"],
                )
                status = "complete"
            finally:
                record(status)
        finally:
            if e2e is not None:
                e2e.close()
            await rag.aclose()
    return counts


def _e2e_index(index_dir: Path, cases: list, top_k: int) -> Any:
    """The per-testbed index variants e2e mode retrieves from (stored vectors are reused)."""
    from ragstress.indexing.store import IndexStore
    from ragstress.running.e2e import build_e2e_index

    return build_e2e_index(IndexStore.open(index_dir), cases, top_k=top_k)


__all__ = ["RunSummary", "run"]
