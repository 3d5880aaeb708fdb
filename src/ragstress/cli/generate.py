"""`ragstress generate`, `import-rgb` and `export-rgb`: make test cases, or move them to and from RGB's format."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ragstress.cli import common as cc
from ragstress.cli import executor as ex

ALL_TESTBEDS = "noise,negative,integration,counterfactual"


class NoiseChoice(str, enum.Enum):
    hard = "hard"
    random = "random"


def _summary(manifest: dict) -> None:
    gates = Table(title="Gates", title_justify="left")
    for column in ("gate", "tried", "passed", "pass rate"):
        gates.add_column(column, justify="left" if column == "gate" else "right")
    for gate, row in manifest.get("gates", {}).items():
        rate = "-" if row["pass_rate"] is None else f"{row['pass_rate']:.0%}"
        gates.add_row(gate, str(row["tried"]), str(row["passed"]), rate)
    cases = Table(title="Cases", title_justify="left")
    for column in ("testbed", "noise ratio", "cases"):
        cases.add_column(column)
    for testbed, per_ratio in manifest["cases"]["by_testbed"].items():
        for ratio, count in per_ratio.items():
            cases.add_row(testbed, ratio, str(count))
    if manifest.get("gates"):
        cc.console.print(gates)
    cc.console.print(cases)
    cc.console.print(
        f"seeds: {manifest['seeds']['total']} {manifest['seeds']['by_origin']}; cases: {manifest['cases']['total']}"
    )


def generate(
    index: Annotated[Path, typer.Argument(help="Index directory made by `ragstress build`.")],
    out: Annotated[
        Path, typer.Option("--out", help="Output directory for cases.jsonl, seeds.jsonl, rejected.jsonl, testset.json.")
    ],
    testbeds: Annotated[
        str, typer.Option("--testbeds", help="Comma-separated testbeds (also conflict, style, position, injection).")
    ] = ALL_TESTBEDS,
    seeds: Annotated[
        int | None, typer.Option("--seeds", help="Generated seeds wanted (default 20; 0 with --seed-file alone).")
    ] = None,
    pairs: Annotated[
        int | None,
        typer.Option("--pairs", help="Two-part seeds wanted for integration (default: a quarter of --seeds)."),
    ] = None,
    seed_file: Annotated[
        Path | None, typer.Option("--seed-file", help="Curated seeds (JSONL: id, question, answers, doc_ids, lang).")
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Random seed: same inputs, seed and cache give identical files.")
    ] = 13,
    noise: Annotated[
        NoiseChoice, typer.Option("--noise", help="Noise passages: nearest alias-free chunks (hard) or random ones.")
    ] = NoiseChoice.hard,
    judge_noise: Annotated[
        bool | None,
        typer.Option(
            "--judge-noise/--no-judge-noise",
            help="Ask the judge whether each noise passage answers the question; an unclear verdict excludes it "
            "(default: on when the judge is an endpoint, off for the bundled model).",
        ),
    ] = None,
    ratio_policy: Annotated[
        str,
        typer.Option(
            "--ratio-policy",
            help="A noise ratio a seed cannot hold exactly: drop it, or use the nearest reachable share (nearest).",
        ),
    ] = "drop",
    round_trip_k: Annotated[
        int, typer.Option("--round-trip-k", help="A question must retrieve its source chunk in this top k.")
    ] = 5,
    polish: Annotated[
        bool | None,
        typer.Option(
            "--polish/--no-polish",
            help="Let the generator rephrase in-situ questions (default: unless it is the bundled model).",
        ),
    ] = None,
    proposal_chunks: Annotated[
        int | None,
        typer.Option(
            "--proposal-chunks",
            help="Chunks a generator endpoint may be asked for answer spans of its own, until the seeds wanted are "
            "kept (default: 5 per seed wanted, at most 200; 0: none).",
        ),
    ] = None,
    styles: cc.Styles = "",
    executor: ex.Executor = ex.ExecutorName.local,
    ray_address: ex.RayAddress = None,
    actors: ex.Actors = None,
    actor_resources: ex.ActorResources = None,
    chroma_url: Annotated[
        str | None, typer.Option("--chroma-url", help="Chroma server, if the index lives there.")
    ] = None,
    generator_base_url: cc.GeneratorBaseUrl = None,
    generator_model: cc.GeneratorModel = None,
    generator_api_key: cc.GeneratorApiKey = None,
    generator_json_mode: cc.GeneratorJsonMode = None,
    judge_base_url: cc.JudgeBaseUrl = None,
    judge_model: cc.JudgeModel = None,
    judge_api_key: cc.JudgeApiKey = None,
    judge_json_mode: cc.JudgeJsonMode = None,
    timeout: cc.Timeout = 120.0,
    max_retries: cc.MaxRetries = 4,
    concurrency: cc.Concurrency = 8,
    no_cache: cc.NoCache = False,
    cache_dir: cc.CacheDir = None,
) -> None:
    """Generate verified seed questions and the testbeds' cases from an index.

    Seeds are answer-first: in-situ questions from the answer's sentence; on
    manuals and API references, questions on the terms they define (options,
    functions, classes, exceptions, variables, with their versions and
    defaults); bridge questions that reach a second fact through the entity a
    first names. A configured generator polishes questions and proposes answer
    spans of its own, all kept only when the five gates pass; rejections are
    logged, and each seed records its template, answer kind and shape. RGB's
    four testbeds by default; --testbeds adds conflict, style and position
    (docs/testbeds.md). --seed-file takes curated seeds, --styles picks the
    style testbed's question styles (docs/generation.md).
    """
    from ragstress.api.errors import EveryCallFailed, RayUnavailable, RecordFileError, UnknownNameError
    from ragstress.api.generating import generate as generate_testset
    from ragstress.api.indexing import StoreError
    from ragstress.api.names import RATIO_POLICIES, generator_testbeds

    try:
        chosen = generator_testbeds(testbeds)
    except UnknownNameError as error:
        cc.fail(str(error))
    if not chosen:
        cc.fail("--testbeds names no testbed")
    if (seeds is not None and seeds < 0) or (pairs is not None and pairs < 0) or round_trip_k < 1:
        cc.fail("--seeds and --pairs must be >= 0 and --round-trip-k >= 1")
    if proposal_chunks is not None and proposal_chunks < 0:
        cc.fail("--proposal-chunks must be >= 0")
    if seed_file is not None and not seed_file.is_file():
        cc.fail(f"--seed-file {seed_file}: no such file")
    chosen_styles = cc.check_styles(styles)
    where = ex.executor_settings(executor, ray_address, actors, actor_resources)
    if ratio_policy not in RATIO_POLICIES:
        cc.fail(f"--ratio-policy must be one of {', '.join(RATIO_POLICIES)}, not {ratio_policy!r}")
    wanted = seeds if seeds is not None else (0 if seed_file is not None else 20)
    if wanted == 0 and not pairs and seed_file is None:
        cc.fail("nothing to do: give --seeds N (> 0) and/or --seed-file F")
    settings = cc.client_settings(timeout, max_retries, concurrency, no_cache)
    endpoints = {
        "generator": cc.endpoint_for(
            "generator", generator_base_url, generator_model, generator_api_key, generator_json_mode
        ),
        "judge": cc.endpoint_for("judge", judge_base_url, judge_model, judge_api_key, judge_json_mode),
    }
    judged = judge_noise if judge_noise is not None else not endpoints["judge"].is_bundled
    if wanted or pairs or judged:  # curated seeds alone, unjudged, ask no model
        cc.announce_endpoints(endpoints.values())
        for endpoint in endpoints.values():
            cc.check_endpoint(endpoint)
    try:
        with cc.interrupts():
            result = generate_testset(
                index,
                out,
                testbeds=chosen,
                seeds=wanted,
                pairs=pairs,
                seed_file=seed_file,
                random_seed=seed,
                noise=noise.value,
                judge_noise=judge_noise,
                ratio_policy=ratio_policy,
                round_trip_k=round_trip_k,
                polish=polish,
                styles=chosen_styles,
                proposal_chunks=proposal_chunks,
                chroma_url=chroma_url,
                endpoints=endpoints,
                client_settings=settings,
                cache_dir=cc.cache_path(cache_dir).parent,
                **where,
            )
    except (StoreError, RecordFileError, RayUnavailable) as error:
        cc.fail(str(error))
    except EveryCallFailed as error:
        cc.fail(f"generate failed, nothing written: {error}", code=1)
    _summary(result.manifest)
    if result.shortfall:
        cc.console.print(f"note: {escape(result.shortfall)}", highlight=False)
    for role, stats in result.usage.items():
        cc.console.print(
            f"{role}: {stats['calls']} calls, {stats['cache_hits']} from cache, {stats['failures']} failed",
            highlight=False,
        )
    if any(e.is_bundled for role, e in endpoints.items() if role in result.usage):
        cc.console.print(
            "note: the bundled SmolLM2-135M model judged (or polished) these seeds; its verdicts are weak."
        )
    cc.console.print(f"wrote {escape(str(out))}/cases.jsonl, seeds.jsonl, rejected.jsonl, testset.json")


def import_rgb(
    files: Annotated[list[Path], typer.Argument(help="RGB JSONL file(s): plain, *_int.json or *_fact.json.")],
    out: Annotated[Path, typer.Option("--out", help="Output directory for cases.jsonl, seeds.jsonl, testset.json.")],
    seed: Annotated[int, typer.Option("--seed", help="Random seed for the per-instance shuffle.")] = 13,
    lang: Annotated[str | None, typer.Option("--lang", help="en or zh (default: detected per question).")] = None,
) -> None:
    """Turn RGB-format data into ragstress cases (noise, negative, integration, counterfactual).

    Reads RGB's JSONL formats: plain, _int and _fact.
    """
    from ragstress.api.formats import import_rgb as read_files

    if lang not in (None, "en", "zh"):
        cc.fail(f"--lang must be en or zh, not {lang!r}")
    try:
        manifest = read_files(files, out, seed=seed, lang=lang)
    except ValueError as error:  # a bad record (RecordFileError) or case ids two files share
        cc.fail(str(error))
    _summary(manifest)


def export_rgb(
    cases: Annotated[Path, typer.Argument(help="cases.jsonl, or a directory holding one.")],
    out: Annotated[
        Path, typer.Option("--out", help="RGB file to write, e.g. en.json (adds en_int.json, en_fact.json as needed).")
    ],
) -> None:
    """Write cases' seeds and passages in RGB's format.

    Writes RGB's JSONL formats (plain, _int, _fact), which import-rgb reads
    back.
    """
    from ragstress.api.formats import export_rgb as write_files

    try:
        written = write_files(cases, out)
    except (FileNotFoundError, ValueError) as error:  # ValueError: a bad record, or no case to export
        cc.fail(str(error))
    for kind, target in written.items():
        cc.console.print(f"wrote {escape(str(target))} ({kind})", highlight=False)


def register(app: typer.Typer) -> None:
    """Add `generate`, `import-rgb` and `export-rgb` to the app."""
    app.command()(generate)
    app.command("import-rgb")(import_rgb)
    app.command("export-rgb")(export_rgb)
