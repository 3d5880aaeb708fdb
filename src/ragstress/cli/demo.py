"""`ragstress demo`: bench the built-in baseline on both bundled sample corpora with the bundled model.

A command of its own (cli/ holds one module per command): it only builds the demo's settings
per language and hands each to bench's `run_and_print`, then checks the judge on English.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ragstress.api.demo import DEMO_METRICS, DEMO_PAIRS_PER_LANG, DEMO_SEEDS_PER_LANG
from ragstress.cli import common as cc
from ragstress.cli.bench import run_and_print
from ragstress.cli.reliability import demo_judge_checks


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
    from ragstress.api.demo import DEMO_LANGS, demo_labels, demo_settings
    from ragstress.api.reporting import report_html

    reports = []
    started = time.perf_counter()
    cc.err_console.print(
        f"demo: {DEMO_SEEDS_PER_LANG} single-fact seeds and {DEMO_PAIRS_PER_LANG} two-part seed per language, "
        "every testbed, at the noise ratios those seeds hold exactly (English: the nearest ones they can hold too); "
        "a real bench uses 20 or more seeds"
    )
    endpoints = {role: cc.endpoint_for(role, None, None, None) for role in ("generator", "target", "judge")}
    for lang in DEMO_LANGS:
        try:
            settings = demo_settings(
                lang, out, endpoints, metrics=metrics, curated=curated, cache_dir=cc.cache_path(cache_dir).parent
            )
        except ValueError as error:  # a sample seed line that is not JSON
            cc.fail(str(error))
        cc.err_console.print(f"== demo: {lang} sample corpus ==")
        lang_started = time.perf_counter()
        run_and_print(settings)
        if lang == "en":
            # One language shows the judge's reliability: the zh judge prompts are several times
            # longer, and repeating them would double the demo's time on two cores.
            # The example labels describe the answers to the curated seeds' cases only.
            demo_judge_checks(
                out / lang, settings.endpoints["judge"], cc.cache_path(cache_dir), demo_labels(lang, curated)
            )
        cc.err_console.print(f"== demo: {lang} took {time.perf_counter() - lang_started:.1f} s ==")
        reports.append(report_html(out / lang))
    cc.console.print(
        "The judge in this demo is the bundled SmolLM2-135M model: its verdicts show the pipeline, not real quality."
    )
    for path in reports:
        cc.console.print(f"report: {escape(str(path.resolve()))}")
    cc.console.print(f"demo took {time.perf_counter() - started:.1f} s in all")


def register(app: typer.Typer) -> None:
    app.command()(demo)
