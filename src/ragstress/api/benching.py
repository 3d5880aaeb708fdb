"""`ragstress.bench(...)`: the whole pipeline from Python, with the command's options as arguments.

`bench_settings` turns those arguments into the BenchSettings that `run_bench`
(ragstress.api.pipeline) runs; `ragstress bench` builds its settings the same way. Before the
first stage, `roles_asked` says which LLM roles the bench will ask and `unjudged_metrics`
whether it scores without a judge.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ragstress.api.endpoints import Endpoint, endpoint
from ragstress.api.pipeline import BenchSettings, run_bench
from ragstress.api.reporting import Report


def bench_settings(
    corpus: str | Path,
    out: str | Path,
    *,
    target: str | None = None,
    target_config: str | Path | None = None,
    mode: str = "contexts",
    seed: int = 13,
    seeds: int | None = None,
    pairs: int | None = None,
    seed_file: str | Path | None = None,
    testbeds: Sequence[str] | None = None,
    styles: Sequence[str] = (),
    executor: str = "local",
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: Mapping[str, float] | None = None,
    metrics: str | Sequence[str] | None = None,
    fail_under: Iterable[str] = (),
    fail_over: Iterable[str] = (),
    thresholds_file: str | Path | None = None,
    max_error_rate: float | None = None,
    gate_on: str = "point",
    exclude_errors: bool = False,
    concurrency: int = 4,
    embedding: str | None = None,
    base_url: str | None = None,
    model: str | None = None,
    api_key: str | None = None,
    endpoints: Mapping[str, Endpoint] | None = None,
    cache_dir: str | Path | None = None,
    reuse_answers: bool = False,
    judge_noise: bool | None = None,
    ratio_policy: str = "drop",
    include: Sequence[str] = (),
    notebook_outputs: bool = False,
    follow_symlinks: bool = False,
    resolve_uncertain: bool = False,
    judge_budget: float | None = None,
) -> BenchSettings:
    """The BenchSettings `bench` runs with these arguments (see `bench`): each LLM role's endpoint resolved,
    a target config alone meaning its http target, no target at all the built-in baseline."""
    return BenchSettings(
        corpus=Path(corpus),
        out=Path(out),
        target=target if target is not None or target_config is not None else "baseline",
        target_config=Path(target_config) if target_config is not None else None,
        mode=mode,
        random_seed=seed,
        seeds=seeds,
        pairs=pairs,
        testbeds=testbeds,
        styles=tuple(styles),
        executor=executor,
        ray_address=ray_address,
        actors=actors,
        actor_resources=dict(actor_resources) if actor_resources else None,
        seed_file=Path(seed_file) if seed_file is not None else None,
        metrics=metrics,
        fail_under=tuple(fail_under),
        fail_over=tuple(fail_over),
        thresholds_file=Path(thresholds_file) if thresholds_file is not None else None,
        max_error_rate=max_error_rate,
        gate_on=gate_on,
        exclude_errors=exclude_errors,
        concurrency=concurrency,
        embedding=embedding,
        reuse_answers=reuse_answers,
        judge_noise=judge_noise,
        ratio_policy=ratio_policy,
        include=tuple(include),
        notebook_outputs=notebook_outputs,
        follow_symlinks=follow_symlinks,
        resolve_uncertain=resolve_uncertain,
        judge_budget=judge_budget,
        cache_dir=Path(cache_dir) if cache_dir is not None else None,
        endpoints={
            role: (endpoints or {}).get(role) or endpoint(role, base_url, model, api_key)
            for role in ("generator", "target", "judge")
        },
    )


def bench(
    corpus: str | Path,
    out: str | Path,
    *,
    progress: Callable[[str], None] | None = None,
    **options: Any,
) -> Report:
    """Build, generate, run, score and report in one run directory `out`; returns the Report.

    The same options as `ragstress bench`. `target` is a spec as for `run` (an http target may
    come from `target_config` alone; without either, the built-in baseline); `mode="e2e"` lets
    the target retrieve, from this run's index changed per testbed (docs/e2e.md); `seed` is the
    random seed of test-set generation (`--seed`).

    Stages whose inputs are unchanged since the last bench in `out` are skipped; an edited
    target (its module's source and the project files it imports, its URL or config, the
    baseline's model and prompts) is asked again unless `reuse_answers`. `base_url`/`model`/`api_key`
    name one OpenAI-protocol endpoint for every LLM role (generator, baseline target, judge);
    `endpoints` (role -> Endpoint, see `ragstress.endpoint`) sets roles one by one; without either
    each role is the bundled model. The gates (`fail_under`, `fail_over`, `thresholds_file`,
    `max_error_rate`, `gate_on`, `exclude_errors`) mean what they mean for `report`, `judge_noise`,
    `ratio_policy` and `styles` what they mean for `generate`, `executor`, `ray_address`, `actors`
    and `actor_resources` what they mean for `run`, `include`, `notebook_outputs` and `follow_symlinks` for
    `build_index`, `resolve_uncertain` and `judge_budget` for `score`. `progress` receives one line per stage. The
    Report's `stage_seconds` says how long each stage took (0 when skipped).

    Every name (gate, metric, testbed, style, mode) is checked before the first stage: a misspelt
    one raises ThresholdError or UnknownNameError with a "did you mean". A stage that fails on bad
    input raises StageFailed. When every case failed in the target, the Report says
    `all N cases failed: <first cause>` (`Report.failure`) and does not pass.
    """
    settings = bench_settings(corpus, out, **options)
    result = run_bench(settings, say=progress or (lambda line: None))
    result.report.stage_seconds = result.durations
    return result.report


# The options are defined once, by bench_settings; help(bench) and inspect show them with `progress` after them.
_options = inspect.signature(bench_settings)
bench.__signature__ = _options.replace(
    parameters=[
        *_options.parameters.values(),
        inspect.Parameter(
            "progress", inspect.Parameter.KEYWORD_ONLY, default=None, annotation="Callable[[str], None] | None"
        ),
    ],
    return_annotation="Report",
)


def roles_asked(settings: BenchSettings) -> list[str]:
    """The LLM roles this bench will ask: a role configured but never asked is not announced as running."""
    from ragstress.api.names import is_judged, resolve_metrics

    # As generate counts them: 20 seeds unless a seed file is given, and any two-part seeds asked for.
    wanted = settings.seeds if settings.seeds is not None else (0 if settings.seed_file is not None else 20)
    generates = bool(wanted or settings.pairs)
    judge = settings.endpoints["judge"]
    judged = any(is_judged(name) for name in resolve_metrics(settings.metrics))
    judges_noise = settings.judge_noise if settings.judge_noise is not None else not judge.is_bundled
    roles = ["generator"] if generates else []
    # Generated candidates pass the judge's answerability gate; noise passages are judged unless told not to.
    if generates or judged or judges_noise or settings.resolve_uncertain:
        roles.append("judge")
    if settings.target == "baseline":
        roles.append("target")
    return roles


def unjudged_metrics(settings: BenchSettings) -> list[str] | None:
    """The metrics this bench scores when none of them is judged (no judge runs, the report shows these only);
    None when a judged metric is among them."""
    from ragstress.api.names import is_judged, resolve_metrics

    names = resolve_metrics(settings.metrics)
    return None if any(is_judged(name) for name in names) else names
