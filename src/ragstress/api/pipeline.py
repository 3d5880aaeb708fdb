"""The one-command benchmark: build -> generate -> run -> score -> report in one run directory.

Each stage is the Python API's stage function (ragstress.api.stages), so `bench` behaves exactly
like the stages run one at a time. A stage whose inputs have not changed since the last
bench in this directory is skipped (its fingerprint is kept in bench.json); when a stage's
inputs change, the files derived from its old output are removed first, so no report ever
mixes two test sets or two targets. The run stage's inputs include the target itself (its
code, service or model: running.target_identity), so an edited RAG system is asked again;
`reuse_answers` keeps answers recorded for an earlier version of the target, on purpose.

    RUN_DIR/index/       chunks.jsonl, index.json, chroma/      (build)
    RUN_DIR/testset/     cases.jsonl, testset.json, seeds, rejected (generate)
    RUN_DIR/             cases.jsonl, responses.jsonl, run.json (run)
                         scores.jsonl, score.json                 (score)
                         report.json/.md/.html, scores.csv        (report)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ragstress.api.settings import (
    BENCH_FILE,
    DERIVED,
    STAGES,
    BenchResult,
    BenchSettings,
    StageFailed,
    check_settings,
    config_url,
    file_digest,
    fingerprint,
    input_errors,
    public_endpoint,
    stage_summary,
)
from ragstress.core.manifests import BenchManifest, read_manifest, write_manifest
from ragstress.core.paths import recorded_path
from ragstress.core.rundir import RunDir
from ragstress.llm.session import EveryCallFailed

__all__ = ["BenchResult", "BenchSettings", "StageFailed", "run_bench"]


def run_bench(
    settings: BenchSettings,
    say: Callable[[str], None] = print,
    progress: Callable[[str, int, int], None] | None = None,
) -> BenchResult:
    """Run the stages in order, skipping those whose inputs are unchanged; returns a BenchResult.

    `say` receives one line per stage event; `progress(stage, done, total)` is called as the run
    and score stages start ("run", 0, cases to ask) and after each case.

    A report whose thresholds are missed (exit code 1) still completes the bench; a stage
    that fails on bad input raises StageFailed (code 2) after bench.json records it, and one
    whose every call to an LLM role failed raises StageFailed (code 1) the same way. A gate
    that cannot hold, or a misspelt testbed, metric or style, raises ThresholdError or UnknownNameError
    (check_settings) before any stage runs.
    """
    from ragstress import api
    from ragstress.running.target_identity import fingerprint_of, reload_target_module, target_identity

    check_settings(settings)
    out, files, roles = Path(settings.out), RunDir(Path(settings.out)), settings.endpoints
    out.mkdir(parents=True, exist_ok=True)
    state_path = out / BENCH_FILE
    previous = (
        read_manifest(state_path, BenchManifest).model_dump(mode="json")["stages"] if state_path.is_file() else {}
    )
    stages: dict[str, dict[str, Any]] = {}
    record: dict[str, Any] = {"corpus": recorded_path(settings.corpus, out), "stages": stages}
    durations: dict[str, float] = {}
    common = {"endpoints": roles, "cache_dir": settings.cache_dir}

    def stage(
        name: str,
        action: Callable[[], Any],
        inputs: str | None = None,
        output_ready: bool = True,
        extra: dict[str, Any] | None = None,
        stale: bool = False,
    ) -> Any:
        before = previous.get(name, {})
        if inputs is not None and before.get("inputs") == inputs and output_ready and before.get("exit_code") == 0:
            say(f"[{name}] inputs unchanged: skipped")
            stages[name], durations[name] = {**before, "skipped": True}, 0.0
            return None
        if stale or (inputs is not None and before.get("inputs") not in (None, inputs)):
            for downstream in STAGES[STAGES.index(name) :]:
                for derived in DERIVED.get(downstream, ()):
                    (out / derived).unlink(missing_ok=True)
        say(f"[{name}] running")
        started = time.perf_counter()
        try:
            result, code = action(), 0
        except input_errors() as exc:
            result, code = exc, 2
        except EveryCallFailed as exc:  # the stage's work failed (exit 1), not its input
            result, code = exc, 1
        durations[name] = round(time.perf_counter() - started, 2)
        if name == "report" and code == 0:
            code = 0 if result.passed else 1
        stages[name] = {
            "inputs": inputs,
            "exit_code": code,
            "seconds": durations[name],
            "skipped": False,
            **(extra or {}),
        }
        write_manifest(state_path, record, BenchManifest)
        if isinstance(result, Exception):
            raise StageFailed(name, code, str(result)) from result
        say(
            f"[{name}] done in {durations[name]:.1f}s" + (f": {stage_summary(result)}" if stage_summary(result) else "")
        )
        return result

    # Where the stages' work runs: this process, or Ray actors (docs/scale.md).
    executor = {
        "executor": settings.executor,
        "ray_address": settings.ray_address,
        "actors": settings.actors,
        "actor_resources": settings.actor_resources,
    }

    # Build is incremental by itself (an unchanged corpus costs seconds), so it always runs.
    stage(
        "build",
        lambda: api.build_index(
            settings.corpus,
            files.index,
            embedding=settings.embedding,
            include=settings.include,
            notebook_outputs=settings.notebook_outputs,
            follow_symlinks=settings.follow_symlinks,
            **executor,
        ),
    )
    generate_inputs = fingerprint(
        file_digest(files.chunks),
        [settings.testbeds, settings.seeds, settings.pairs, settings.random_seed, settings.judge_noise]
        # Only a policy other than the default enters: run directories made before it existed stay current.
        + ([settings.ratio_policy] if settings.ratio_policy != "drop" else [])
        + ([list(settings.styles)] if settings.styles else []),
        file_digest(settings.seed_file),
        *(public_endpoint(roles, role) for role in ("generator", "judge")),
    )

    def generate() -> Any:
        return api.generate(
            files.index,
            files.testset,
            seeds=settings.seeds,
            pairs=settings.pairs,
            seed_file=settings.seed_file,
            testbeds=settings.testbeds,
            random_seed=settings.random_seed,
            judge_noise=settings.judge_noise,
            ratio_policy=settings.ratio_policy,
            styles=settings.styles,
            **executor,
            **common,
        )

    stage("generate", generate, generate_inputs, files.testset_cases.is_file())

    # The run's inputs: the test set, how it is asked, and what answers (the target's code or service).
    try:
        spec = settings.target or config_url(settings.target_config)
        identity = target_identity(spec, target_config=settings.target_config, endpoint=roles.get("target"))
    except input_errors() as exc:
        raise StageFailed("run", 2, str(exc)) from exc
    answered_by = fingerprint_of(identity)
    kept = previous.get("run", {}).get("target_fingerprint")
    run_inputs = fingerprint(
        file_digest(files.testset_cases),
        settings.mode,
        settings.testbeds,
        identity["spec"],
        file_digest(settings.target_config),
        public_endpoint(roles, "target"),
    )
    # The target's fingerprint is kept apart from the inputs: --reuse-answers may keep answers it made.
    code_changed = kept not in (None, answered_by)
    target_changed = code_changed and previous.get("run", {}).get("inputs") == run_inputs
    if target_changed and settings.reuse_answers:
        say("[run] the target changed since its answers were recorded; reusing them as asked (--reuse-answers)")
        answered_by = kept  # the answers on file still come from the earlier target
    elif target_changed:
        say("[run] the target changed since its answers were recorded: asking it again")
    if code_changed and not settings.reuse_answers:
        reload_target_module(spec)

    def ask() -> Any:
        # The runner resumes: a run interrupted last time continues where it stopped.
        return api.run(
            files.testset_cases,
            out,
            target=settings.target,
            target_config=settings.target_config,
            mode=settings.mode,
            index_dir=files.index if settings.mode == "e2e" else None,
            concurrency=settings.concurrency,
            resume=True,
            on_progress=None if progress is None else lambda done, total: progress("run", done, total),
            **executor,
            **common,
        )

    stage(
        "run",
        ask,
        run_inputs,
        False,
        {"target_fingerprint": answered_by, "target": identity},
        stale=target_changed and not settings.reuse_answers,
    )
    score_inputs = fingerprint(
        run_inputs,
        answered_by,
        settings.metrics,
        public_endpoint(roles, "judge"),
        # Only when asked: run directories scored before the option existed stay current.
        *(["resolve_uncertain"] if settings.resolve_uncertain else []),
    )
    stage(
        "score",
        lambda: api.score(
            out,
            metrics=settings.metrics,
            concurrency=settings.concurrency,
            resolve_uncertain=settings.resolve_uncertain,
            judge_budget=settings.judge_budget,
            on_judge_plan=lambda plan: say("\n".join(f"[score] {line}" for line in plan.lines())),
            on_progress=None if progress is None else lambda done, total: progress("score", done, total),
            **executor,
            **common,
        ),
        score_inputs,
        False,
    )
    report = stage(
        "report",
        lambda: api.report(
            out,
            fail_under=settings.fail_under,
            fail_over=settings.fail_over,
            thresholds_file=settings.thresholds_file,
            max_error_rate=settings.max_error_rate,
            gate_on=settings.gate_on,
            exclude_errors=settings.exclude_errors,
        ),
    )
    record["exit_code"] = stages["report"]["exit_code"]
    write_manifest(state_path, record, BenchManifest)
    return BenchResult(record, report, durations)
