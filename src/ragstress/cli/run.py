"""`ragstress run` (ask a target every case) and `ragstress merge` (join shard runs)."""

from __future__ import annotations

import enum
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from ragstress.cli import common as cc
from ragstress.cli import executor as ex
from ragstress.core.jsonl import RecordFileError, read_records
from ragstress.core.registry import UnknownNameError, check_names
from ragstress.core.types import TESTBEDS, Case
from ragstress.running.execute import RunOptions, execute_run
from ragstress.running.merge import merge_runs
from ragstress.running.run_dir import PreparedRun, RunDirError, prepare_run_dir
from ragstress.running.runner import (
    DEFAULT_TARGET_TIMEOUT_S,
    Shard,
    check_mode,
    plan_jobs,
    repeated_ids,
    select_cases,
)


class RunMode(str, enum.Enum):
    contexts = "contexts"
    e2e = "e2e"


def run(
    cases: Annotated[Path, typer.Argument(help="Test set: a cases.jsonl made by `ragstress generate`.")],
    out: Annotated[Path, typer.Option("--out", help="Run directory (cases.jsonl, responses.jsonl, run.json).")],
    target: Annotated[
        str | None,
        typer.Option(
            "--target",
            help="python:pkg.module:callable | langchain:pkg.module:object | http(s)://URL | baseline.",
            show_default=False,
        ),
    ] = None,
    target_config: Annotated[
        Path | None,
        typer.Option(
            "--target-config", help="JSON/TOML config for an http target (url, headers with env:NAME, field mapping)."
        ),
    ] = None,
    mode: Annotated[
        RunMode, typer.Option("--mode", help="contexts: hand the case's passages; e2e: the target retrieves.")
    ] = RunMode.contexts,
    index: Annotated[
        Path | None,
        typer.Option(
            "--index", help="Index directory: its e2e variants, as a retriever and on a loopback retrieval endpoint."
        ),
    ] = None,
    top_k: Annotated[int, typer.Option("--top-k", min=1, help="Passages per question from the e2e retriever.")] = 5,
    chroma_url: Annotated[
        str | None, typer.Option("--chroma-url", help="Chroma server of the index (default: as built).")
    ] = None,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, help="Cases in flight at once.")] = 4,
    target_timeout: Annotated[
        float, typer.Option("--target-timeout", help="Seconds the target may take per case.")
    ] = DEFAULT_TARGET_TIMEOUT_S,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="Only the first N selected cases.")] = None,
    testbeds: Annotated[
        str | None, typer.Option("--testbeds", help="Comma-separated testbeds to run (default: every case).")
    ] = None,
    shard: Annotated[
        str | None, typer.Option("--shard", help="K/N: run slice K of N (by a stable hash of the case id).")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue an interrupted run in --out, skipping answered cases.")
    ] = False,
    retry_errors: Annotated[
        bool,
        typer.Option("--retry-errors", help="With --resume: ask again the cases whose recorded response is an error."),
    ] = False,
    target_base_url: cc.TargetBaseUrl = None,
    target_model: cc.TargetModel = None,
    target_api_key: cc.TargetApiKey = None,
    timeout: cc.Timeout = 60.0,
    max_retries: cc.MaxRetries = 4,
    llm_concurrency: cc.Concurrency = 8,
    no_cache: cc.NoCache = False,
    cache_dir: cc.CacheDir = None,
    retry_backoff: cc.RetryBackoff = 0.5,
    executor: ex.Executor = ex.ExecutorName.local,
    ray_address: ex.RayAddress = None,
    actors: ex.Actors = None,
    actor_resources: ex.ActorResources = None,
    retrieval_host: Annotated[
        str,
        typer.Option(
            "--retrieval-host",
            help="Address the e2e retrieval endpoint listens on (default loopback); on a Ray cluster of "
            "several hosts, one of this machine's addresses the workers reach.",
            rich_help_panel=ex.PANEL,
        ),
    ] = "127.0.0.1",
) -> None:
    """Ask the target every case of a test set and record its answers (resumable, shardable).

    Targets: python:mod:fn, langchain:mod:obj, http(s)://... (with
    --target-config) or baseline. --mode contexts hands each case's passages;
    e2e lets the target retrieve (docs/e2e.md). --resume skips answered cases,
    --shard K/N runs one shard, --executor ray asks through Ray actors on a
    cluster (docs/scale.md). A target failing on a case (an exception, a
    timeout, a non-string answer, an HTTP error page) is recorded as that case's
    error with its cause; the run goes on and exits 0.
    """
    from ragstress.running.targets import TargetError, public_spec, target_kind
    from ragstress.running.targets.http_target import HttpTargetSettings, load_http_config, resolve_settings

    if target_timeout <= 0:
        cc.fail("--target-timeout must be > 0")
    ray = ex.ray_options(executor, ray_address, actors, actor_resources)
    try:
        slice_ = Shard.parse(shard) if shard else None
        http_settings: HttpTargetSettings | None = None
        if target_config is not None:
            config = load_http_config(target_config)
            target = target or config.url
            http_settings = resolve_settings(config, cc.environment(), str(target_config))
        if not target:
            cc.fail("--target is required (or a --target-config with a url)")
        kind = target_kind(target)
        if http_settings is not None and kind != "http":
            cc.fail(f"--target-config applies to http targets only, not {kind!r}")
        all_cases = read_records(cases, Case)
    except (TargetError, RecordFileError, ValueError) as error:
        cc.fail(str(error))
    if repeated := repeated_ids(all_cases):
        cc.fail(f"{cases}: case id(s) {repeated[:3]} occur more than once; each case needs its own id")
    try:
        # check_names first: a misspelt testbed gets a "did you mean".
        selected = select_cases(all_cases, check_names("testbed", testbeds, TESTBEDS) if testbeds else None, limit)
    except (UnknownNameError, ValueError) as error:
        cc.fail(str(error))
    if not selected:
        cc.fail(f"{cases}: no cases selected (check --testbeds)")
    try:
        check_mode(selected, mode.value)
    except ValueError as error:
        cc.fail(str(error))
    if kind == "baseline" and mode is RunMode.e2e and index is None:
        cc.fail("the baseline target needs --index in e2e mode: it retrieves from that index")
    if index is not None and mode is RunMode.contexts:
        cc.err_console.print("note: --index is used in e2e mode only; contexts mode hands each case's passages")
    endpoint = cc.endpoint_for("target", target_base_url, target_model, target_api_key)
    if kind == "baseline":  # only the baseline talks to an LLM; checked before the run directory is touched
        cc.announce_endpoints([endpoint])
        cc.check_endpoint(endpoint)
    elif kind == "http":
        cc.check_reachable(target, "http target")
    try:
        run_dir = prepare_run_dir(
            out,
            cases,
            selected,
            target_spec=public_spec(target),
            mode=mode.value,
            resume=resume,
            retry_errors=retry_errors,
        )
    except (RunDirError, RecordFileError) as error:
        cc.fail(str(error))
    if run_dir.retried_errors:
        cc.err_console.print(f"asking again {run_dir.retried_errors} case(s) whose response was an error")
    if run_dir.repaired_tail:
        cc.err_console.print(f"repaired a torn last line in {out / 'responses.jsonl'} (a crash interrupted its write)")
    if kind in ("python", "langchain") and "" not in sys.path:
        sys.path.insert(0, "")  # like `python -m`: modules in the current directory can be targets

    if kind == "baseline" and endpoint.is_bundled and concurrency > 1 and ray is None:
        # The bundled server answers one request at a time: more cases in flight would only
        # spend their --target-timeout waiting in its queue.
        cc.err_console.print("note: the bundled model answers one request at a time; running one case at a time")
        concurrency = 1
    settings = cc.client_settings(timeout, max_retries, llm_concurrency, no_cache, retry_backoff)
    options = RunOptions(
        testset=cases,
        mode=mode.value,
        index_dir=index,
        top_k=top_k,
        chroma_url=chroma_url,
        concurrency=concurrency,
        target_timeout=target_timeout,
        shard=slice_,
        selection={"testbeds": testbeds.split(",") if testbeds else None, "limit": limit},
        ray=ray,
        retrieval_host=retrieval_host,
    )
    # Only the baseline talks to an LLM: other targets need no cache file.
    cache = cc.cache_path(cache_dir) if kind == "baseline" else None
    counts, seconds = cc.run_async(
        _run_with_progress(run_dir, target, options, endpoint, http_settings, settings, cache)
    )
    previously = len(run_dir.done)
    rate = counts.answered / seconds if seconds > 0 else 0.0
    cc.console.print(
        f"{counts.answered} answered in {seconds:.1f}s ({rate:.2f}/s), {counts.errors} error(s)"
        + (f"; {previously} answered earlier" if previously else "")
        + f" -> {escape(str(run_dir.path))}"
    )
    if counts.errors:
        cc.console.print(f"errors are recorded in responses.jsonl with their cause ({counts.errors} this time)")
    if counts.failure and not previously:  # nothing was measured: the run failed
        cc.err_console.print(f"[bold red]{escape(counts.failure)}[/]", soft_wrap=True)
        raise typer.Exit(1)


async def _run_with_progress(
    run_dir: PreparedRun,
    spec: str,
    options: RunOptions,
    endpoint: Any,
    http_settings: Any,
    settings: Any,
    cache: Path | None,
) -> tuple[Any, float]:
    from ragstress.corpora.embeddings import EmbeddingModelError
    from ragstress.distributed import RayUnavailable
    from ragstress.indexing.store import StoreError
    from ragstress.llm import EveryCallFailed
    from ragstress.running.targets import TargetError

    started = time.perf_counter()
    columns = (
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("errors {task.fields[errors]}"),
        TextColumn("{task.fields[rate]}"),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
    )
    mine = [case for case in run_dir.cases if options.shard is None or options.shard.holds(case.id)]
    with Progress(*columns, console=cc.err_console) as bar:
        task = bar.add_task("asking the target", total=len(plan_jobs(mine, run_dir.done)), errors=0, rate="")
        state = {"done": 0, "errors": 0}

        def on_response(response: Any) -> None:
            state["done"] += 1
            state["errors"] += response.error is not None
            elapsed = time.perf_counter() - started
            bar.update(
                task, advance=1, errors=state["errors"], rate=f"{state['done'] / elapsed:.2f}/s" if elapsed else ""
            )

        try:
            counts = await execute_run(
                run_dir,
                spec,
                options,
                endpoint=endpoint,
                http_settings=http_settings,
                client_settings=settings,
                cache=cache,
                on_response=on_response,
                say=lambda text: cc.err_console.print(escape(text)),
            )
        except (TargetError, StoreError, EmbeddingModelError, RayUnavailable) as error:
            bar.stop()
            cc.fail(str(error))
        except EveryCallFailed as error:
            bar.stop()
            cc.fail(f"run failed: {error}; the errors are in responses.jsonl (--retry-errors asks again)", code=1)
    return counts, time.perf_counter() - started


def merge(
    run_dirs: Annotated[list[Path], typer.Argument(help="Run directories of the shards to join.")],
    out: Annotated[Path, typer.Option("--out", help="Directory for the merged run.")],
) -> None:
    """Join the run directories of several shards into one run (refuses overlaps and mixed test sets)."""
    try:
        merged = merge_runs(run_dirs, out)
    except (RunDirError, RecordFileError) as error:
        cc.fail(str(error))
    counts = merged["counts"]
    cc.console.print(
        f"merged {len(run_dirs)} run(s): {counts['done']}/{counts['jobs']} answered, {counts['errors']} error(s), "
        f"{counts['pending']} pending -> {escape(str(out))}"
    )


def register(app: typer.Typer) -> None:
    """Add the `run` and `merge` commands to the `ragstress` app."""
    app.command("run")(run)
    app.command("merge")(merge)
