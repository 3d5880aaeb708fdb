"""`ragstress bench` (every stage in one run directory) and `ragstress demo` (bench on the samples)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ragstress.api.pipeline import BenchResult, BenchSettings, StageFailed, run_bench
from ragstress.cli import common as cc
from ragstress.cli import executor as ex
from ragstress.cli.progress import StageProgress
from ragstress.cli.reliability import demo_judge_checks
from ragstress.cli.report import FailOver, FailUnder, MlflowUri, log_to_mlflow, mlflow_uri, thresholds_or_exit
from ragstress.core.rundir import RunDir

# Per language: enough seeds for every testbed and the noise ratios they hold exactly, few enough that the demo,
# both languages on the bundled model, takes minutes on 2 cores (a real bench uses 20+ seeds).
DEMO_SEEDS_PER_LANG = 2
DEMO_PAIRS_PER_LANG = 1
# English also takes the nearest noise ratio its seeds can hold where a ratio is out of reach (each fact sits in one
# or two chunks): more points on the robustness curve, and enough judged cases for the example labels to calibrate.
DEMO_RATIO_POLICY = {"en": "nearest", "zh": "drop"}
SEED_SAMPLE_FILE = "seed-sample.jsonl"
"""Where --seed-sample writes the seeds it keeps, in the run directory (so the run says what it asked)."""
# Deterministic scores plus the judge metrics with short verdicts.
DEMO_METRICS = (
    "answer_match,answer_match_partial,accuracy,rejection,over_refusal,error_detection,error_correction,"
    "closed_book_accuracy,semantic_similarity,answer_accuracy,rejection_judged,error_detection_judged"
)


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
    resolve_uncertain: cc.ResolveUncertain = "rules",
    judge_budget: cc.JudgeBudget = None,
    mlflow: MlflowUri = None,
) -> None:
    """Build, generate, run, score and report in one run directory; unchanged stages are skipped.

    An edited target (a python target's module, an http target's URL or config, the
    baseline's model or prompts) is asked again, unless --reuse-answers.
    """
    from ragstress.corpora.embeddings import set_model_cache_dir
    from ragstress.running.targets import TargetError, target_kind

    _check_names(testbeds, metrics)
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
    set_model_cache_dir(cc.cache_path(None).parent)  # as the ragstress app does: models are not in --cache-dir
    if kind in ("python", "langchain") and "" not in sys.path:
        sys.path.insert(0, "")  # like `python -m`: modules in the current directory can be targets
    settings = BenchSettings(
        corpus=corpus,
        out=out,
        target=None if target_config is not None and target == "baseline" else target,
        target_config=target_config,
        mode=mode,
        testbeds=testbeds.split(",") if testbeds else None,
        styles=cc.check_styles(styles),
        **ex.bench_settings(executor, ray_address, actors, actor_resources),
        seeds=seeds,
        pairs=pairs,
        seed_file=_seed_sample(seed_file, seed_sample, out),
        random_seed=seed,
        judge_noise=judge_noise,
        embedding=embedding,
        metrics=metrics,
        concurrency=concurrency,
        fail_under=tuple(fail_under or ()),
        fail_over=tuple(fail_over or ()),
        thresholds_file=thresholds,
        max_error_rate=max_errors,
        gate_on=gate_on,
        exclude_errors=exclude_errors,
        cache_dir=None if no_cache else cache_file.parent,
        reuse_answers=reuse_answers,
        include=tuple(include or ()),
        notebook_outputs=notebook_outputs,
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
    # Before any stage starts: where the requests of each role that will be asked go.
    cc.announce_endpoints(settings.endpoints[role] for role in roles_asked(settings))
    _say_scope(settings)
    _preflight(settings)
    result = run_and_print(settings)
    if mlflow and result.report is not None:
        log_to_mlflow(result.report.model, result.report.paths, out, mlflow)
    if result.exit_code:
        raise typer.Exit(result.exit_code)


def roles_asked(settings: BenchSettings) -> list[str]:
    """The LLM roles this bench will ask: a role configured but never asked is not announced as running."""
    from ragstress.scoring.metrics import METRICS

    # As generate counts them: 20 seeds unless a seed file is given, and any two-part seeds asked for.
    wanted = settings.seeds if settings.seeds is not None else (0 if settings.seed_file is not None else 20)
    generates = bool(wanted or settings.pairs)
    judge = settings.endpoints["judge"]
    judged = any(METRICS.get(name).kind == "judged" for name in _metric_names(settings.metrics))
    judges_noise = settings.judge_noise if settings.judge_noise is not None else not judge.is_bundled
    roles = ["generator"] if generates else []
    # Generated candidates pass the judge's answerability gate; noise passages are judged unless told not to.
    if generates or judged or judges_noise or settings.resolve_uncertain:
        roles.append("judge")
    if settings.target == "baseline":
        roles.append("target")
    return roles


def _metric_names(metrics: str | None) -> list[str]:
    from ragstress.scoring.metrics import METRICS

    return METRICS.resolve(metrics) if metrics else METRICS.names()


def _say_scope(settings: BenchSettings) -> None:
    """A run without judged metrics says so up front: its report holds the rule-based scores only."""
    from ragstress.scoring.metrics import METRICS

    names = _metric_names(settings.metrics)
    if not any(METRICS.get(name).kind == "judged" for name in names):
        cc.err_console.print(
            f"note: {len(names)} metric(s) selected, none judged ({', '.join(names)}): no judge model runs, "
            "and the report shows these metrics only; leave out --metrics to score every metric"
        )


def _preflight(settings: BenchSettings) -> None:
    """An unreachable target fails before the build, not as one error per case after generation."""
    from ragstress.running.targets import target_kind

    if settings.target and target_kind(settings.target) == "baseline":
        cc.check_endpoint(settings.endpoints["target"])
    elif settings.target and target_kind(settings.target) == "http":
        cc.check_reachable(settings.target, "http target")


def run_and_print(settings: BenchSettings) -> BenchResult:
    """Run bench with its progress on stderr, then the gate verdicts, stage times and report path."""
    progress = StageProgress(cc.err_console)
    try:
        result = run_bench(settings, say=lambda line: cc.err_console.print(escape(line)), progress=progress)
    except StageFailed as failed:
        cc.err_console.print(f"bench stopped: {escape(str(failed))}")
        raise typer.Exit(failed.code) from None
    finally:
        progress.close()
    from ragstress.reports.render.labels import fmt_estimate, scored_rows

    report, model = result.report, result.report.model
    headline = [
        ("noise accuracy", model.noise.overall),
        ("rejection", model.negative.rejection),
        ("integration", model.integration.overall),
        ("error detection", model.counterfactual.error_detection),
    ]
    # Only what was scored: neither a metric left out of --metrics nor a testbed without cases shows as "none scored".
    shown = [(label, est) for label, est in scored_rows(model.header, headline) if est.n]
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
    cc.console.print(f"report: {escape(str(RunDir(settings.out).report_html))}")
    return result


def _check_names(testbeds: str | None, metrics: str | None) -> None:
    """Misspelt testbed or metric names fail before the first stage: a typo must not cost a build."""
    from ragstress.core.registry import UnknownNameError, check_names
    from ragstress.core.types import TESTBEDS
    from ragstress.scoring.metrics import METRICS

    try:
        if testbeds:
            check_names("testbed", testbeds, TESTBEDS)
        if metrics:
            METRICS.resolve(metrics)
    except UnknownNameError as exc:
        cc.fail(str(exc))


def _demo_seed_file(lang: str, dest: Path) -> Path:
    """The first single-fact and two-part curated seeds of a sample corpus: small enough for the bundled model."""
    from ragstress import corpora

    samples = Path(corpora.__file__).parent / "samples" / lang
    return sample_seed_file(samples / "seeds.jsonl", dest, DEMO_SEEDS_PER_LANG, DEMO_PAIRS_PER_LANG)[0]


def sample_seed_file(source: Path, dest: Path, singles: int, pairs: int) -> tuple[Path, int]:
    """The first `singles` single-fact and `pairs` two-part seeds of `source`, written to `dest`; and how many
    seeds `source` holds. A line that is not JSON stops with its file and line number (exit 2)."""
    rows = []
    for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as error:
                cc.fail(f"{source}:{number}: not a JSON line ({error.msg})")
    picked = [r for r in rows if len(r.get("answers") or []) <= 1][:singles]
    picked += [r for r in rows if len(r.get("answers") or []) > 1][:pairs]
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in picked), encoding="utf-8")
    return dest, len(rows)


def _seed_sample(seed_file: Path | None, size: int | None, out: Path) -> Path | None:
    """--seed-sample: the seed file bench uses, a sample of `seed_file` written into the run directory."""
    if size is None:
        return seed_file
    if seed_file is None:
        cc.fail("--seed-sample takes its sample from --seed-file: give one")
    if not seed_file.is_file():
        cc.fail(f"--seed-file {seed_file}: no such file")
    # Two-part seeds make the integration cases: about one in three of the sample, at least one.
    pairs = max(1, size // 3) if size > 1 else 0
    sample, total = sample_seed_file(seed_file, out / SEED_SAMPLE_FILE, size - pairs, pairs)
    kept = sum(1 for line in sample.read_text(encoding="utf-8").splitlines() if line.strip())
    cc.err_console.print(
        f"note: a sample of {kept} of the {total} seeds in {escape(seed_file.name)} ({SEED_SAMPLE_FILE} in the run "
        "directory): a quick first report with wide intervals; leave out --seed-sample for the whole set"
    )
    return sample


def demo(
    out: Annotated[Path, typer.Option("--out", help="Where the two demo runs go.")] = Path("runs/demo"),
    metrics: Annotated[
        str, typer.Option("--metrics", help="Metrics to score (default: a set sized for the bundled model).")
    ] = DEMO_METRICS,
    curated: Annotated[
        bool,
        typer.Option(
            "--curated/--no-curated",
            help="Use the samples' curated seeds, or generate seeds from the corpus (in-situ questions).",
        ),
    ] = True,
    cache_dir: cc.CacheDir = None,
) -> None:
    """Bench the built-in baseline on both sample corpora with the bundled model as generator, target and judge.

    Two single-fact seeds and one two-part seed per language, RGB's four
    testbeds at the noise ratios those seeds hold exactly (English also at the
    nearest ones they can hold). Prints each stage's seconds, the judge's
    self-consistency on a few English cases and its English answer accuracy
    calibrated with a shipped example label file. --no-curated generates the
    seeds from the corpus instead of using the curated ones.
    """
    from ragstress import corpora

    reports = []
    started = time.perf_counter()
    cc.err_console.print(
        f"demo: {DEMO_SEEDS_PER_LANG} single-fact seeds and {DEMO_PAIRS_PER_LANG} two-part seed per language, "
        "every testbed, at the noise ratios those seeds hold exactly (English: the nearest ones they can hold too); "
        "a real bench uses 20 or more seeds"
    )
    for lang in ("en", "zh"):
        corpus = Path(corpora.__file__).parent / "samples" / lang / "docs"
        if curated:
            seed_file = _demo_seed_file(lang, out / f"demo-seeds-{lang}.jsonl")
            sizes = dict(seeds=0, seed_file=seed_file)
        else:
            sizes = dict(seeds=DEMO_SEEDS_PER_LANG, pairs=DEMO_PAIRS_PER_LANG)
        settings = BenchSettings(
            corpus=corpus,
            out=out / lang,
            target="baseline",
            metrics=metrics,
            cache_dir=cc.cache_path(cache_dir).parent,
            endpoints={role: cc.endpoint_for(role, None, None, None) for role in ("generator", "target", "judge")},
            ratio_policy=DEMO_RATIO_POLICY[lang],
            **sizes,
        )
        cc.err_console.print(f"== demo: {lang} sample corpus ==")
        lang_started = time.perf_counter()
        run_and_print(settings)
        if lang == "en":
            # One language shows the judge's reliability: the zh judge prompts are several times
            # longer, and repeating them would double the demo's time on two cores.
            # The example labels describe the answers to the curated seeds' cases only.
            example = Path(corpora.__file__).parent / "samples" / lang / "demo-labels.csv"
            labels = example if curated and example.is_file() else None
            demo_judge_checks(out / lang, settings.endpoints["judge"], cc.cache_path(cache_dir), labels)
        cc.err_console.print(f"== demo: {lang} took {time.perf_counter() - lang_started:.1f} s ==")
        reports.append(RunDir(out / lang).report_html)
    cc.console.print(
        "The judge in this demo is the bundled SmolLM2-135M model: its verdicts show the pipeline, not real quality."
    )
    for path in reports:
        cc.console.print(f"report: {escape(str(path.resolve()))}")
    cc.console.print(f"demo took {time.perf_counter() - started:.1f} s in all")


def register(app: typer.Typer) -> None:
    app.command()(bench)
    app.command()(demo)
