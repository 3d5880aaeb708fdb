"""`ragstress bench` (every stage in one run directory) and `ragstress demo` (bench on the samples)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.markup import escape

from ragstress.cli import common as cc
from ragstress.core.rundir import RunDir
from ragstress.pipeline import BenchPlan, StageFailed, run_bench

DEMO_SEEDS_PER_LANG = 4
DEMO_PAIRS_PER_LANG = 1
# Deterministic scores plus the judge metrics with short verdicts: with the bundled model
# on 2 cores the demo must stay near 15 minutes for both languages.
DEMO_METRICS = (
    "answer_match,answer_match_partial,accuracy,rejection,over_refusal,error_detection,error_correction,"
    "closed_book_accuracy,semantic_similarity,answer_accuracy,rejection_judged,error_detection_judged"
)


def _stage_app() -> typer.Typer:
    """An app with the stage commands bench runs, built here so that nothing imports ragstress.cli."""
    from ragstress.cli import common, generate, index, report, run, score
    from ragstress.corpora.embeddings import set_model_cache_dir

    app = typer.Typer(name="ragstress", add_completion=False, pretty_exceptions_enable=False)

    @app.callback()
    def root() -> None:
        set_model_cache_dir(common.cache_path(None).parent)

    for module in (index, generate, run, score, report):
        module.register(app)
    return app


def _invoke(args: Sequence[str]) -> int:
    """Run one ragstress command in this process; its exit code (0 on success)."""
    from typer.main import get_command

    app = _stage_app() if args and args[0] != "bench" else _bench_app()
    result = get_command(app).main(list(args), prog_name="ragstress", standalone_mode=False)
    return result if isinstance(result, int) else 0


def _bench_app() -> typer.Typer:
    app = typer.Typer(name="ragstress", add_completion=False, pretty_exceptions_enable=False)
    register(app)
    return app


def _role_args(role: str, base_url: str | None, model: str | None, api_key: str | None) -> list[str]:
    args: list[str] = []
    for flag, value in (("base-url", base_url), ("model", model), ("api-key", api_key)):
        if value:
            args += [f"--{role}-{flag}", value]
    return args


def bench(
    corpus: Annotated[Path, typer.Argument(help="Corpus directory (or file) to test against.")],
    out: Annotated[Path, typer.Option("--out", help="Run directory: index/, testset/, responses, scores, report.")],
    target: Annotated[str, typer.Option("--target", help="Target spec (see `ragstress run --help`).")] = "baseline",
    target_config: Annotated[Optional[Path], typer.Option("--target-config", help="Config file of an http target.")] = None,
    mode: Annotated[str, typer.Option("--mode", help="contexts (RGB-controlled) or e2e.")] = "contexts",
    testbeds: Annotated[Optional[str], typer.Option("--testbeds", help="Comma-separated testbeds (default: all four).")] = None,
    seeds: Annotated[Optional[int], typer.Option("--seeds", help="Generated seeds wanted (0: curated seeds only).")] = None,
    pairs: Annotated[Optional[int], typer.Option("--pairs", help="Two-part seeds wanted for integration.")] = None,
    seed_file: Annotated[Optional[Path], typer.Option("--seed-file", help="Curated seeds (JSONL).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed of test-set generation.")] = 13,
    embedding: Annotated[Optional[str], typer.Option("--embedding", help="Embedding model (default by corpus language).")] = None,
    metrics: Annotated[Optional[str], typer.Option("--metrics", help="Comma-separated metrics (default: all).")] = None,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, help="Cases in flight when running and scoring.")] = 4,
    fail_under: Annotated[Optional[list[str]], typer.Option("--fail-under", help="Gate: METRIC[@testbed]=VALUE (repeatable).")] = None,
    thresholds: Annotated[Optional[Path], typer.Option("--thresholds", help="Gate file (JSON or TOML).")] = None,
    generator_base_url: cc.GeneratorBaseUrl = None,
    generator_model: cc.GeneratorModel = None,
    generator_api_key: cc.GeneratorApiKey = None,
    target_base_url: cc.TargetBaseUrl = None,
    target_model: cc.TargetModel = None,
    target_api_key: cc.TargetApiKey = None,
    judge_base_url: cc.JudgeBaseUrl = None,
    judge_model: cc.JudgeModel = None,
    judge_api_key: cc.JudgeApiKey = None,
    no_cache: cc.NoCache = False,
    cache_dir: cc.CacheDir = None,
) -> None:
    """Build, generate, run, score and report in one run directory; unchanged stages are skipped."""
    _check_names(testbeds, metrics)
    common = (["--no-cache"] if no_cache else []) + (["--cache-dir", str(cache_dir)] if cache_dir else [])
    gen_roles = _role_args("generator", generator_base_url, generator_model, generator_api_key)
    judge_roles = _role_args("judge", judge_base_url, judge_model, judge_api_key)
    target_roles = _role_args("target", target_base_url, target_model, target_api_key)
    plan = BenchPlan(corpus=corpus, out=out, seed_file=seed_file)
    plan.build_args = ["build", str(corpus), "--index", str(plan.index_dir)] + (["--embedding", embedding] if embedding else [])
    plan.generate_args = ["generate", str(plan.index_dir), "--out", str(plan.testset_dir), "--seed", str(seed),
                          *gen_roles, *judge_roles, *common]  # fmt: skip
    for flag, value in (("--testbeds", testbeds), ("--seeds", seeds), ("--pairs", pairs), ("--seed-file", seed_file)):
        if value is not None:
            plan.generate_args += [flag, str(value)]
    plan.run_args = ["run", str(RunDir(out).testset_cases), "--out", str(out), "--target", target,
                     "--mode", mode, "--concurrency", str(concurrency), "--resume", *target_roles, *common]  # fmt: skip
    if mode == "e2e":
        plan.run_args += ["--index", str(plan.index_dir)]
    if target_config is not None:
        plan.run_args += ["--target-config", str(target_config)]
    plan.score_args = ["score", str(out), "--concurrency", str(concurrency), *judge_roles, *common]
    if metrics:
        plan.score_args += ["--metrics", metrics]
    plan.report_args = ["report", str(out)] + [a for f in fail_under or [] for a in ("--fail-under", f)]
    if thresholds is not None:
        plan.report_args += ["--thresholds", str(thresholds)]
    endpoints = [cc.endpoint_for("generator", generator_base_url, generator_model, generator_api_key),
                 cc.endpoint_for("target", target_base_url, target_model, target_api_key),
                 cc.endpoint_for("judge", judge_base_url, judge_model, judge_api_key)]  # fmt: skip
    # Before any stage starts: where every role's requests will go (the target role only serves the baseline).
    cc.announce_endpoints(e for e in endpoints if e.role != "target" or target == "baseline")
    plan.generator_identity, plan.target_identity, plan.judge_identity = (e.public_dict() for e in endpoints)
    try:
        record = run_bench(plan, _invoke, say=lambda line: cc.err_console.print(escape(line), soft_wrap=True))
    except StageFailed as failed:
        cc.err_console.print(f"bench stopped: {failed}")
        raise typer.Exit(failed.code) from None
    cc.console.print(f"report: {escape(str(RunDir(out).report_html))}")
    if record.get("exit_code"):
        raise typer.Exit(record["exit_code"])


def _check_names(testbeds: str | None, metrics: str | None) -> None:
    """Misspelt testbed or metric names fail before the first stage: a typo must not cost a build."""
    from ragstress.scoring.metrics import METRICS
    from ragstress.core.registry import UnknownNameError, check_names
    from ragstress.core.types import TESTBEDS

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
    rows = [json.loads(line) for line in (samples / "seeds.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
    singles = [r for r in rows if len(r["answers"]) == 1][:DEMO_SEEDS_PER_LANG]
    pairs = [r for r in rows if len(r["answers"]) > 1][:DEMO_PAIRS_PER_LANG]
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in singles + pairs), encoding="utf-8")
    return dest


def demo(
    out: Annotated[Path, typer.Option("--out", help="Where the two demo runs go.")] = Path("runs/demo"),
    metrics: Annotated[str, typer.Option("--metrics", help="Metrics to score (default: a set sized for the bundled model).")] = DEMO_METRICS,
    curated: Annotated[bool, typer.Option("--curated/--no-curated", help="Use the samples' curated seeds, or generate seeds from the corpus (in-situ questions).")] = True,
    cache_dir: cc.CacheDir = None,
) -> None:
    """Bench the built-in baseline on both sample corpora with the bundled model as generator, target and judge."""
    from ragstress import corpora

    reports = []
    for lang in ("en", "zh"):
        corpus = Path(corpora.__file__).parent / "samples" / lang / "docs"
        args = ["bench", str(corpus), "--out", str(out / lang), "--target", "baseline", "--metrics", metrics]
        if curated:
            seed_file = _demo_seed_file(lang, out / f"demo-seeds-{lang}.jsonl")
            args += ["--seeds", "0", "--seed-file", str(seed_file)]
        else:
            args += ["--seeds", str(DEMO_SEEDS_PER_LANG), "--pairs", str(DEMO_PAIRS_PER_LANG)]
        if cache_dir is not None:
            args += ["--cache-dir", str(cache_dir)]
        cc.err_console.print(f"== demo: {lang} sample corpus ==")
        code = _invoke(args)
        if code not in (0, 1):
            raise typer.Exit(code)
        reports.append(RunDir(out / lang).report_html)
    cc.console.print("The judge in this demo is the bundled SmolLM2-135M model: its verdicts show the pipeline, not real quality.")
    for path in reports:
        cc.console.print(f"report: {escape(str(path.resolve()))}")


def register(app: typer.Typer) -> None:
    app.command()(bench)
    app.command()(demo)
