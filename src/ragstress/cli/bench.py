"""`ragstress bench`: every stage in one run directory (`ragstress demo` is bench on the samples, cli/demo.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ragstress.api.settings import BenchResult, BenchSettings
from ragstress.cli import common as cc
from ragstress.cli import executor as ex
from ragstress.cli.progress import StageProgress
from ragstress.cli.report_options import FailOver, FailUnder, MlflowUri, log_to_mlflow, mlflow_uri, thresholds_or_exit


def bench(
    corpus: Annotated[Path, typer.Argument(help="Corpus directory (or file) to test against.")],
    out: Annotated[Path, typer.Option("--out", help="Run directory: index/, testset/, responses, scores, report.")],
    target: Annotated[str, typer.Option("--target", help="Target spec (see `ragstress run --help`).")] = "baseline",
    target_config: Annotated[
        Path | None, typer.Option("--target-config", help="Config file of an http target.")
    ] = None,
    mode: Annotated[str, typer.Option("--mode", help="contexts (RGB-controlled) or e2e.")] = "contexts",
    testbeds: cc.Testbeds = None,
    seeds: Annotated[
        int | None, typer.Option("--seeds", help="Generated seeds wanted (0: curated seeds only).")
    ] = None,
    pairs: Annotated[int | None, typer.Option("--pairs", help="Two-part seeds wanted for integration.")] = None,
    seed_file: Annotated[Path | None, typer.Option("--seed-file", help="Curated seeds (JSONL).")] = None,
    seed_sample: Annotated[
        int | None,
        typer.Option(
            "--seed-sample",
            min=1,
            help="Use only this many seeds of --seed-file (the first single-fact ones, and a third two-part): "
            "a quick first report.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed of test-set generation.")] = 13,
    embedding: Annotated[
        str | None, typer.Option("--embedding", help="Embedding model (default by corpus language).")
    ] = None,
    metrics: Annotated[str | None, typer.Option("--metrics", help="Comma-separated metrics (default: all).")] = None,
    concurrency: Annotated[
        int, typer.Option("--concurrency", min=1, help="Cases in flight when running and scoring.")
    ] = 4,
    fail_under: FailUnder = None,
    fail_over: FailOver = None,
    thresholds: Annotated[Path | None, typer.Option("--thresholds", help="Gate file (JSON or TOML).")] = None,
    max_errors: Annotated[
        float | None, typer.Option("--max-error-rate", help="Gate: at most this share of cases may fail in the target.")
    ] = None,
    gate_on: Annotated[
        str, typer.Option("--gate-on", help="point: the estimate must clear each threshold; lower: the interval's end.")
    ] = "point",
    exclude_errors: Annotated[
        bool,
        typer.Option("--exclude-errors", help="Leave target failures out of the rates (default: counted as fails)."),
    ] = False,
    judge_noise: cc.JudgeNoise = None,
    generator_base_url: cc.GeneratorBaseUrl = None,
    generator_model: cc.GeneratorModel = None,
    generator_api_key: cc.GeneratorApiKey = None,
    generator_json_mode: cc.GeneratorJsonMode = None,
    target_base_url: cc.TargetBaseUrl = None,
    target_model: cc.TargetModel = None,
    target_api_key: cc.TargetApiKey = None,
    judge_base_url: cc.JudgeBaseUrl = None,
    judge_model: cc.JudgeModel = None,
    judge_api_key: cc.JudgeApiKey = None,
    judge_json_mode: cc.JudgeJsonMode = None,
    no_cache: cc.NoCache = False,
    cache_dir: cc.CacheDir = None,
    reuse_answers: Annotated[
        bool,
        typer.Option(
            "--reuse-answers",
            help="Keep answers recorded for an earlier version of the target (its code, URL or model).",
        ),
    ] = False,
    styles: cc.Styles = "",
    executor: ex.Executor = ex.ExecutorName.local,
    ray_address: ex.RayAddress = None,
    actors: ex.Actors = None,
    actor_resources: ex.ActorResources = None,
    include: cc.Include = None,
    notebook_outputs: cc.NotebookOutputs = False,
    follow_symlinks: cc.FollowSymlinks = False,
    resolve_uncertain: cc.ResolveUncertain = "rules",
    judge_budget: cc.JudgeBudget = None,
    mlflow: MlflowUri = None,
) -> None:
    """Build, generate, run, score and report in one run directory; unchanged stages are skipped.

    An edited target (a python target's module, an http target's URL or config, the
    baseline's model or prompts) is asked again, unless --reuse-answers.
    """
    from ragstress.api.benching import bench_settings, roles_asked
    from ragstress.api.endpoints import use_model_cache
    from ragstress.api.errors import TargetError, ThresholdError, UnknownNameError
    from ragstress.api.running import target_kind
    from ragstress.api.settings import check_settings

    mlflow = mlflow_uri(mlflow)
    judge = cc.endpoint_for("judge", judge_base_url, judge_model, judge_api_key, judge_json_mode)
    cc.check_resolve_uncertain(resolve_uncertain, judge)
    if gate_on not in ("point", "lower"):
        cc.fail(f"--gate-on {gate_on!r}: choose one of point, lower")
    thresholds_or_exit(fail_under, fail_over, thresholds, max_errors)  # a gate that cannot hold stops the bench now
    if mode not in ("contexts", "e2e"):
        cc.fail(f"--mode must be contexts or e2e, not {mode!r}")
    try:
        kind = target_kind(target)
    except TargetError as error:
        cc.fail(str(error))
    cache_file = cc.cache_path(cache_dir)
    use_model_cache(cc.cache_path(None).parent)  # as the ragstress app does: models are not in --cache-dir
    if kind in ("python", "langchain") and "" not in sys.path:
        sys.path.insert(0, "")  # like `python -m`: modules in the current directory can be targets
    settings = bench_settings(
        corpus,
        out,
        target=None if target_config is not None and target == "baseline" else target,
        target_config=target_config,
        mode=mode,
        testbeds=testbeds.split(",") if testbeds else None,
        styles=cc.check_styles(styles),
        **ex.executor_settings(executor, ray_address, actors, actor_resources),
        seeds=seeds,
        pairs=pairs,
        seed_file=seed_file,
        seed=seed,
        judge_noise=judge_noise,
        embedding=embedding,
        metrics=metrics,
        concurrency=concurrency,
        fail_under=fail_under or (),
        fail_over=fail_over or (),
        thresholds_file=thresholds,
        max_error_rate=max_errors,
        gate_on=gate_on,
        exclude_errors=exclude_errors,
        cache_dir=None if no_cache else cache_file.parent,
        reuse_answers=reuse_answers,
        include=include or (),
        notebook_outputs=notebook_outputs,
        follow_symlinks=follow_symlinks,
        resolve_uncertain=resolve_uncertain == "judge",
        judge_budget=judge_budget,
        endpoints={
            "generator": cc.endpoint_for(
                "generator", generator_base_url, generator_model, generator_api_key, generator_json_mode
            ),
            "target": cc.endpoint_for("target", target_base_url, target_model, target_api_key),
            "judge": judge,
        },
    )
    try:  # misspelt testbed or metric names fail before the first stage: a typo must not cost a build
        check_settings(settings)
    except (ThresholdError, UnknownNameError, ValueError) as exc:
        cc.fail(str(exc))
    settings.seed_file = _seed_sample(seed_file, seed_sample, out)
    # Before any stage starts: where the requests of each role that will be asked go.
    cc.announce_endpoints(settings.endpoints[role] for role in roles_asked(settings))
    _say_scope(settings)
    _preflight(settings)
    result = run_and_print(settings)
    if mlflow and result.report is not None:
        log_to_mlflow(result.report.model, result.report.paths, out, mlflow)
    if result.exit_code:
        raise typer.Exit(result.exit_code)


def _say_scope(settings: BenchSettings) -> None:
    """A run without judged metrics says so up front: its report holds the rule-based scores only."""
    from ragstress.api.benching import unjudged_metrics

    names = unjudged_metrics(settings)
    if names is not None:
        cc.err_console.print(
            f"note: {len(names)} metric(s) selected, none judged ({', '.join(names)}): no judge model runs, "
            "and the report shows these metrics only; leave out --metrics to score every metric"
        )


def _preflight(settings: BenchSettings) -> None:
    """An unreachable target fails before the build, not as one error per case after generation."""
    from ragstress.api.running import target_kind

    if settings.target and target_kind(settings.target) == "baseline":
        cc.check_endpoint(settings.endpoints["target"])
    elif settings.target and target_kind(settings.target) == "http":
        cc.check_reachable(settings.target, "http target")


def run_and_print(settings: BenchSettings) -> BenchResult:
    """Run bench with its progress on stderr, then the gate verdicts, stage times and report path."""
    from ragstress.api.errors import StageFailed
    from ragstress.api.pipeline import run_bench
    from ragstress.api.reporting import report_html
    from ragstress.api.text import fmt_estimate, headline, scored_rows

    progress = StageProgress(cc.err_console)
    try:
        result = run_bench(settings, say=lambda line: cc.err_console.print(escape(line)), progress=progress)
    except StageFailed as failed:
        cc.err_console.print(f"bench stopped: {escape(str(failed))}")
        raise typer.Exit(failed.code) from None
    finally:
        progress.close()
    report, model = result.report, result.report.model
    # Only what was scored: neither a metric left out of --metrics nor a testbed without cases shows as "none scored".
    shown = [(label, est) for label, est in scored_rows(model.header, headline(model)) if est.n]
    if shown:
        cc.console.print(" · ".join(f"{label} {fmt_estimate(est)}" for label, est in shown))
    if model.header.judge_warning:
        cc.err_console.print(f"warning: {escape(model.header.judge_warning)}")
    for warning in model.warnings:
        cc.err_console.print(f"note: {escape(warning)}")
    for message in report.failed_checks:
        cc.err_console.print(f"[bold red]threshold missed:[/] {escape(message)}")
    if report.model.gating is not None:
        checks = report.model.gating.checks
        cc.console.print(f"{len(checks) - len(report.failed_checks)}/{len(checks)} thresholds met")
    cc.console.print(
        "stage seconds: " + ", ".join(f"{name} {seconds:.1f}" for name, seconds in result.durations.items())
    )
    cc.console.print(f"report: {escape(str(report_html(settings.out)))}")
    return result


def _seed_sample(seed_file: Path | None, size: int | None, out: Path) -> Path | None:
    """--seed-sample: the seed file bench uses, a sample of `seed_file` written into the run directory."""
    from ragstress.api.demo import SEED_SAMPLE_FILE, seed_sample

    if size is None:
        return seed_file
    if seed_file is None:
        cc.fail("--seed-sample takes its sample from --seed-file: give one")
    if not seed_file.is_file():
        cc.fail(f"--seed-file {seed_file}: no such file")
    try:
        sample = seed_sample(seed_file, size, out)
    except ValueError as error:  # a line that is not JSON, named by file and line
        cc.fail(str(error))
    cc.err_console.print(
        f"note: a sample of {sample.kept} of the {sample.total} seeds in {escape(seed_file.name)} ({SEED_SAMPLE_FILE} "
        "in the run directory): a quick first report with wide intervals; leave out --seed-sample for the whole set"
    )
    return sample.path


def register(app: typer.Typer) -> None:
    app.command()(bench)
