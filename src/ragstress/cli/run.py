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

from ragstress.api.names import DEFAULT_TARGET_TIMEOUT_S
from ragstress.cli import common as cc
from ragstress.cli import executor as ex


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
    from ragstress.api.errors import RecordFileError, RunDirError, TargetError, UnknownNameError
    from ragstress.api.run_steps import plan_run, start_run

    if target_timeout <= 0:
        cc.fail("--target-timeout must be > 0")
    where = ex.executor_settings(executor, ray_address, actors, actor_resources)
    if not target and target_config is None:
        cc.fail("--target is required (or a --target-config with a url)")
    try:
        plan = plan_run(
            cases,
            target=target,
            target_config=target_config,
            mode=mode.value,
            index_dir=index,
            testbeds=testbeds.split(",") if testbeds else None,
            limit=limit,
            shard=shard,
            env=cc.environment(),
        )
    except (TargetError, RecordFileError, UnknownNameError, ValueError) as error:
        cc.fail(str(error))
    if plan.needs_index:
        cc.fail("the baseline target needs --index in e2e mode: it retrieves from that index")
    if index is not None and mode is RunMode.contexts:
        cc.err_console.print("note: --index is used in e2e mode only; contexts mode hands each case's passages")
    endpoint = cc.endpoint_for("target", target_base_url, target_model, target_api_key)
    if plan.kind == "baseline":  # only the baseline talks to an LLM; checked before the run directory is touched
        cc.announce_endpoints([endpoint])
        cc.check_endpoint(endpoint)
    elif plan.kind == "http":
        cc.check_reachable(plan.target, "http target")
    try:
        run_dir = start_run(plan, out, resume=resume, retry_errors=retry_errors)
    except (RunDirError, RecordFileError) as error:
        cc.fail(str(error))
    if run_dir.retried_errors:
        cc.err_console.print(f"asking again {run_dir.retried_errors} case(s) whose response was an error")
    if run_dir.repaired_tail:
        cc.err_console.print(f"repaired a torn last line in {out / 'responses.jsonl'} (a crash interrupted its write)")
    if plan.kind in ("python", "langchain") and "" not in sys.path:
        sys.path.insert(0, "")  # like `python -m`: modules in the current directory can be targets

    if concurrency > 1 and plan.one_at_a_time(endpoint, on_ray=bool(where)):
        # The bundled server answers one request at a time: more cases in flight would only
        # spend their --target-timeout waiting in its queue.
        cc.err_console.print("note: the bundled model answers one request at a time; running one case at a time")
        concurrency = 1
    settings = cc.client_settings(timeout, max_retries, llm_concurrency, no_cache, retry_backoff)
    options = dict(
        top_k=top_k,
        chroma_url=chroma_url,
        concurrency=concurrency,
        target_timeout=target_timeout,
        retrieval_host=retrieval_host,
        client_settings=settings,
        cache_file=cc.cache_path(cache_dir),
        **where,
    )
    counts, seconds = _ask_with_progress(plan, run_dir, endpoint, options)
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


def _ask_with_progress(plan: Any, run_dir: Any, endpoint: Any, options: dict[str, Any]) -> tuple[Any, float]:
    """Ask the target with a progress bar on stderr (answers, errors, rate, ETA); the counts and the seconds taken."""
    from ragstress.api.errors import EmbeddingModelError, EveryCallFailed, RayUnavailable, TargetError
    from ragstress.api.indexing import StoreError
    from ragstress.api.run_steps import ask, jobs_to_ask

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
    with Progress(*columns, console=cc.err_console) as bar:
        task = bar.add_task("asking the target", total=jobs_to_ask(plan, run_dir), errors=0, rate="")
        state = {"done": 0, "errors": 0}

        def on_response(response: Any) -> None:
            state["done"] += 1
            state["errors"] += response.error is not None
            elapsed = time.perf_counter() - started
            bar.update(
                task, advance=1, errors=state["errors"], rate=f"{state['done'] / elapsed:.2f}/s" if elapsed else ""
            )

        try:
            with cc.interrupts():
                counts = ask(
                    plan,
                    run_dir,
                    endpoint=endpoint,
                    on_response=on_response,
                    say=lambda text: cc.err_console.print(escape(text)),
                    **options,
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
    from ragstress.api.errors import RecordFileError, RunDirError
    from ragstress.api.running import merge as merge_runs

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
