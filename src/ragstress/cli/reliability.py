"""`ragstress reliability`: judge a sample of a scored run again to measure how steady the judge is.

Exit codes: 0 written (however unsteady the judge); 2 a usage or input error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from ragstress.api.endpoints import Endpoint
from ragstress.api.judging import REPEATS_FILE
from ragstress.cli import common as cc


def _judge2_option(field: str, help_text: str) -> Any:
    return typer.Option(f"--judge2-{field}", help=help_text, show_default=False, rich_help_panel="second judge LLM")


def reliability(
    run_dir: Annotated[Path, typer.Argument(help="A scored run directory.")],
    repeats: Annotated[int, typer.Option("--repeats", help="Judgments per sampled case (k, at least 2).")] = 3,
    sample: Annotated[int, typer.Option("--sample", help="Cases to judge again.")] = 20,
    temperature: Annotated[
        float, typer.Option("--temperature", help="Sampling temperature of the repeated judgments.")
    ] = 0.7,
    metric_names: Annotated[
        str | None, typer.Option("--metrics", help="Comma-separated judged metrics (default: those the run scored).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the case sample.")] = 0,
    judge_base_url: cc.JudgeBaseUrl = None,
    judge_model: cc.JudgeModel = None,
    judge_api_key: cc.JudgeApiKey = None,
    judge_json_mode: cc.JudgeJsonMode = None,
    judge2_base_url: Annotated[
        str | None, _judge2_option("base-url", "Second judge's base URL (else $RAGSTRESS_JUDGE2_BASE_URL).")
    ] = None,
    judge2_model: Annotated[
        str | None, _judge2_option("model", "Second judge's model (else $RAGSTRESS_JUDGE2_MODEL).")
    ] = None,
    judge2_api_key: Annotated[
        str | None, _judge2_option("api-key", "Second judge's key (prefer $RAGSTRESS_JUDGE2_API_KEY).")
    ] = None,
    timeout: cc.Timeout = 120.0,
    max_retries: cc.MaxRetries = 4,
    llm_concurrency: cc.Concurrency = 8,
    no_cache: cc.NoCache = False,
    cache_dir: cc.CacheDir = None,
) -> None:
    """Judge a sample of cases k more times (and with a second judge): self-consistency and agreement.

    Each repeat is a distinct sampled request; --judge2-* adds a second judge.
    Self-consistency, flipped verdicts and two-judge agreement appear in every
    later report (docs/calibration.md#judge-reliability).
    """
    from ragstress.api.endpoints import second_judge
    from ragstress.api.errors import RecordFileError, UnknownNameError
    from ragstress.api.judging import judged_metrics, repeat_judge

    try:
        names = judged_metrics(run_dir, metric_names)
    except (FileNotFoundError, RecordFileError, UnknownNameError) as exc:
        raise cc.fail(str(exc)) from None
    if not names:
        raise cc.fail(f"{run_dir}: no judged metric to repeat (score the run with a judge first)")
    endpoint = cc.endpoint_for("judge", judge_base_url, judge_model, judge_api_key, judge_json_mode)
    second = second_judge(cc.environment(), judge2_base_url, judge2_model, judge2_api_key)
    cc.announce_endpoints([endpoint] + ([second] if second else []))
    for e in [endpoint] + ([second] if second else []):
        cc.check_endpoint(e)
    settings = cc.client_settings(timeout, max_retries, llm_concurrency, no_cache)
    try:
        with cc.interrupts():
            result = repeat_judge(
                run_dir,
                names,
                endpoint,
                second=second,
                repeats=repeats,
                sample=sample,
                temperature=temperature,
                seed=seed,
                client_settings=settings,
                cache_file=cc.cache_path(cache_dir),
            )
    except (RecordFileError, ValueError) as exc:
        raise cc.fail(str(exc)) from None
    cc.console.print(f"wrote {escape(str(Path(run_dir) / REPEATS_FILE))}")
    for m in result.metrics if result else []:
        consistency = "—" if m.self_consistency is None else f"{m.self_consistency:.2f}"
        flips = "—" if m.flip_share is None else f"{m.flip_share:.0%}"
        line = f"{m.metric}: self-consistency {consistency} over {m.n_cases} cases x {m.repeats}, {flips} flipped"
        if m.judge2_agreement is not None:
            kappa = "—" if m.judge2_kappa is None else f"{m.judge2_kappa:.2f}"
            line += f"; second judge agrees {m.judge2_agreement:.2f} (κ {kappa}, n={m.judge2_n})"
        (cc.err_console if m.low else cc.console).print(escape(line) + (" [bold red]LOW[/]" if m.low else ""))
    cc.console.print("`ragstress report` shows this in the report's reliability section.")


def register(app: typer.Typer) -> None:
    """Add `reliability` to the ragstress command line."""
    app.command()(reliability)


def demo_judge_checks(run_dir: Path, endpoint: Endpoint, cache: Path, labels: Path | None = None) -> None:
    """For `ragstress demo`: repeat the bundled judge on a few cases, then report, calibrated with `labels` if given;
    prints the judge's self-consistency and the calibrated rate beside the raw one."""
    from ragstress.api.judging import demo_judge_checks as check

    with cc.interrupts():
        done = check(run_dir, endpoint, cache, labels, on_start=cc.err_console.print)
    if done is None:
        return
    if done.labels_refused is not None:
        cc.console.print(f"calibration: the example labels were not used: {escape(done.labels_refused)}")
    report = done.report
    for m in report.reliability.metrics if report.reliability else []:
        consistency = "—" if m.self_consistency is None else f"{m.self_consistency:.2f}"
        cc.console.print(f"{m.metric}: judge self-consistency {consistency}" + (" (LOW)" if m.low else ""))
    if report.calibration is not None:
        _print_demo_calibration(report.calibration)


def _print_demo_calibration(calibration: Any) -> None:
    """The example labels' effect: how many paired with this run's answers, and the calibrated rate beside the raw."""
    from ragstress.api.text import fmt_span

    for row in calibration.metrics:
        paired = f"{row.n_labels} example labels paired with this run's answers, {row.n_judged} judged cases"
        if row.calibrated is None:
            cc.console.print(
                escape(f"{row.metric}: judge {fmt_span(row.judge)}, not calibrated ({paired}): {row.note}")
            )
            continue
        cc.console.print(
            escape(
                f"{row.metric}: judge {fmt_span(row.judge)} → calibrated {fmt_span(row.calibrated)} "
                f"(PPI; {paired}): a demonstration on a handful of cases, not a measurement"
            )
        )
    for note in calibration.notes:
        cc.console.print(f"calibration: {escape(note)}")
