"""`ragstress score` (judge a run's responses) and `ragstress metrics` (what can be scored)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from ragstress.api.endpoints import Endpoint
from ragstress.api.scoring import over_budget_lines
from ragstress.cli import common as cc
from ragstress.cli import executor as ex


def metrics(
    lang: Annotated[str, typer.Option("--lang", help="Language of the descriptions: en or zh.")] = "en",
) -> None:
    """List every metric from the registry: kind, testbeds, LLM calls when scored alone, labels, description.

    Kinds are deterministic, judged and embedding; each row gives the metric's
    direction and its English and Chinese labels.
    """
    if lang not in ("en", "zh"):
        raise typer.BadParameter(f"--lang must be en or zh, not {lang!r}", param_hint="--lang")
    table = Table(title="Metrics · 指标")
    for column in (
        "name",
        "kind",
        "testbeds",
        "LLM calls",
        "shared call",
        "better",
        "label · 标签",
        "inputs",
        "description",
    ):
        # A name is looked up and copied: it stays whole, and the prose columns wrap around it.
        whole = column in ("name", "kind", "LLM calls", "better")
        table.add_column(column, overflow="fold", no_wrap=whole)
    from ragstress.api.names import metric_table

    for name, info in metric_table().items():
        testbeds = ", ".join(info["testbeds"]) + (" (closed-book probe)" if info["probe"] == "closed_book" else "")
        table.add_row(
            name,
            info["kind"],
            testbeds,
            str(info["llm_calls"]),
            ", ".join(info["shared_calls"]) or "-",
            "higher" if info["higher_is_better"] else "lower",
            escape(f"{info['label_en']} · {info['label_zh']}"),
            ", ".join(info["inputs"]),
            escape(info[f"description_{lang}"]),
        )
    cc.console.print(table)
    cc.console.print("Metrics naming the same shared call make that call once per case between them.")


def _print_summary(summary: dict[str, Any], run_dir: Path) -> None:
    # score.json names its own folder "." (it sits in it); the title names the folder the user gave.
    table = Table(title=f"Scores in {escape(str(run_dir))}")
    for column in ("metric", "scored", "unscored", "errored", "mean (scored only)"):
        table.add_column(column)
    for name, row in summary["per_metric"].items():
        mean = "-" if row["mean"] is None else f"{row['mean']:.3f}"
        table.add_row(name, str(row["scored"]), str(row["unscored"]), str(row["errored"]), mean)
    cc.console.print(table)
    cc.console.print(
        f"responses scored: {summary['responses_scored']}; target errored (not scored): {summary['target_errored']}; "
        f"missing responses: {summary['missing_responses']}; pairs already scored: {summary['pairs_resumed']}"
        + (f"; errored scores retried: {summary['retried_errors']}" if summary.get("retried_errors") else "")
    )
    calls = summary["llm_calls"]
    if calls["cases_judged"]:
        cc.console.print(
            f"judge LLM calls per case: {calls['actual_per_case']:.2f} actual vs {calls['naive_per_case']:.2f} naive "
            f"(sum of each metric scored alone; {calls['actual_total']} vs {calls['naive_total']} over "
            f"{calls['cases_judged']} cases, cache hits included)"
        )
    for line in over_budget_lines(summary):
        cc.console.print(escape(line))
    judge = summary.get("judge")
    if judge and judge.get("bundled"):
        cc.console.print("note: the judge is the bundled SmolLM2-135M model: fine for a demo, not for real judging.")


def _note_judge_change(run_dir: Path, endpoint: Endpoint, rescore: bool) -> None:
    """Say so when existing scores came from another judge and will be kept (no --rescore)."""
    from ragstress.api.scoring import previous_judges

    others = previous_judges(run_dir, endpoint)
    if others and not rescore:
        cc.console.print(
            f"note: scores already in scores.jsonl came from judge {escape(', '.join(sorted(others)))}; they are kept. "
            "Pass --rescore to judge them again with this judge."
        )


def score(
    run_dir: Annotated[Path, typer.Argument(help="Run directory holding cases.jsonl and responses.jsonl.")],
    metric_names: Annotated[
        str | None,
        typer.Option("--metrics", help="Comma-separated metric names (default: all; see `ragstress metrics`)."),
    ] = None,
    rescore: Annotated[
        bool,
        typer.Option(
            "--rescore", help="Recompute these metrics even where scores.jsonl has them (e.g. with another judge)."
        ),
    ] = False,
    retry_errors: Annotated[
        bool,
        typer.Option("--retry-errors", help="Score again the pairs whose recorded score is an error (judge failures)."),
    ] = False,
    concurrency: Annotated[int, typer.Option("--concurrency", help="Cases scored at once.")] = 4,
    resolve_uncertain: cc.ResolveUncertain = "rules",
    judge_budget: cc.JudgeBudget = None,
    executor: ex.Executor = ex.ExecutorName.local,
    ray_address: ex.RayAddress = None,
    actors: ex.Actors = None,
    actor_resources: ex.ActorResources = None,
    judge_base_url: cc.JudgeBaseUrl = None,
    judge_model: cc.JudgeModel = None,
    judge_api_key: cc.JudgeApiKey = None,
    judge_json_mode: cc.JudgeJsonMode = None,
    timeout: cc.Timeout = 120.0,
    max_retries: cc.MaxRetries = 4,
    llm_concurrency: cc.Concurrency = 8,
    no_cache: cc.NoCache = False,
    cache_dir: cc.CacheDir = None,
    retry_backoff: cc.RetryBackoff = 0.5,
) -> None:
    """Score a run's responses (the target is not called again) into scores.jsonl and score.json.

    The deterministic scores (default and RGB-exact *_rgb rules,
    docs/scoring.md), each default verdict marked clear or uncertain, and the
    LLM judges. --resolve-uncertain judge has a judge endpoint (not the bundled
    model) decide only the uncertain rejection, over-refusal and error-detection
    verdicts, recorded as such. Prints LLM calls per case, actual against naive.
    With the bundled judge the judged work is held to --judge-budget (300 s by
    default): the plan is printed first, and judged metrics that do not fit are
    left unscored with the reason, for a later score with a larger budget.
    """
    from ragstress.api.errors import EveryCallFailed, RayUnavailable, RecordFileError, UnknownNameError
    from ragstress.api.names import is_judged, resolve_metrics
    from ragstress.api.scoring import score as score_run

    if not run_dir.is_dir():
        cc.fail(f"run directory {run_dir} does not exist")
    try:
        names = resolve_metrics(metric_names) if metric_names else None
    except UnknownNameError as exc:
        cc.fail(str(exc))
    if concurrency < 1:
        cc.fail("--concurrency must be at least 1")
    where = ex.executor_settings(executor, ray_address, actors, actor_resources)
    endpoint = cc.endpoint_for("judge", judge_base_url, judge_model, judge_api_key, judge_json_mode)
    cc.check_resolve_uncertain(resolve_uncertain, endpoint)
    if resolve_uncertain == "judge" or any(is_judged(name) for name in names or resolve_metrics(None)):
        cc.announce_endpoints([endpoint])
        cc.check_endpoint(endpoint)  # a wrong URL or key fails here, not once per case
    _note_judge_change(run_dir, endpoint, rescore)
    settings = cc.client_settings(timeout, max_retries, llm_concurrency, no_cache, retry_backoff)

    progress = Progress(
        SpinnerColumn(),
        TextColumn("{task.completed} responses scored"),
        TimeElapsedColumn(),
        console=cc.err_console,
        transient=True,
    )
    task = progress.add_task("score", total=None)
    try:
        with cc.interrupts(), progress:
            summary = score_run(
                run_dir,
                metrics=names,
                endpoints={"judge": endpoint},
                client_settings=settings,
                cache_dir=cc.cache_path(cache_dir).parent,
                concurrency=concurrency,
                rescore=rescore,
                retry_errors=retry_errors,
                on_progress=lambda done, _total: progress.update(task, completed=done),
                resolve_uncertain=resolve_uncertain == "judge",
                judge_budget=judge_budget,
                on_judge_plan=lambda plan: cc.console.print(escape("\n".join(plan.lines()))),
                **where,
            )
    except (RecordFileError, ValueError, RayUnavailable) as exc:
        cc.fail(str(exc))
    except EveryCallFailed as exc:
        cc.fail(f"score failed: {exc}; the errors are in scores.jsonl (--retry-errors asks again)", code=1)
    _print_summary(summary, run_dir)


def register(app: typer.Typer) -> None:
    """Add the `score` and `metrics` commands to the app."""
    app.command()(score)
    app.command()(metrics)
