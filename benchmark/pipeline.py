"""The one-command benchmark: build -> generate -> run -> score -> report in one run directory.

Each stage is the same command a user would type, invoked in-process, so `bench`
behaves exactly like the stages run by hand. A stage whose inputs have not changed
since the last bench in this directory is skipped (its fingerprint is kept in
bench.json); when a stage's inputs change, the files derived from its old output are
removed first, so no report ever mixes two test sets or two targets.

    RUN_DIR/index/       chunks.jsonl, index.json, chroma/      (build)
    RUN_DIR/testset/     cases.jsonl, testset.json, seeds, rejected (generate)
    RUN_DIR/             cases.jsonl, responses.jsonl, run.json (run)
                         scores.jsonl, score.json                 (score)
                         report.json/.md/.html, scores.csv        (report)
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ragstress.core.manifests import BenchManifest, read_manifest, write_manifest
from ragstress.core.rundir import BENCH_MANIFEST, CASES_FILE, REPORT_FILES, RESPONSES_FILE, RUN_MANIFEST, SCORE_MANIFEST, SCORES_FILE, RunDir
from ragstress.running.runner import file_sha256

BENCH_FILE = BENCH_MANIFEST
STAGES = ("build", "generate", "run", "score", "report")
# What each stage leaves in RUN_DIR; removed when an upstream stage's output changes.
DERIVED: dict[str, tuple[str, ...]] = {
    "run": (CASES_FILE, RESPONSES_FILE, RUN_MANIFEST),
    "score": (SCORES_FILE, SCORE_MANIFEST),
    "report": REPORT_FILES,
}


class StageFailed(RuntimeError):
    """A stage exited non-zero; `code` is its exit code (2: input error)."""

    def __init__(self, stage: str, code: int):
        super().__init__(f"stage {stage!r} failed with exit code {code}")
        self.stage = stage
        self.code = code


def file_digest(path: Path) -> str | None:
    """sha256 of a file's bytes, or None when it does not exist."""
    return file_sha256(path) if Path(path).is_file() else None


def fingerprint(*parts: Any) -> str:
    """A stable hash of a stage's inputs."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


@dataclass
class BenchPlan:
    """Everything bench needs: the argument lists of each stage and the inputs that fingerprint them."""

    corpus: Path
    out: Path
    build_args: list[str] = field(default_factory=list)
    generate_args: list[str] = field(default_factory=list)
    run_args: list[str] = field(default_factory=list)
    score_args: list[str] = field(default_factory=list)
    report_args: list[str] = field(default_factory=list)
    seed_file: Path | None = None
    # Endpoint descriptions (no secrets) that change what a stage produces.
    generator_identity: dict[str, Any] = field(default_factory=dict)
    target_identity: dict[str, Any] = field(default_factory=dict)
    judge_identity: dict[str, Any] = field(default_factory=dict)

    @property
    def index_dir(self) -> Path:
        return RunDir(self.out).index

    @property
    def testset_dir(self) -> Path:
        return RunDir(self.out).testset


Invoke = Callable[[Sequence[str]], int]


def run_bench(plan: BenchPlan, invoke: Invoke, say: Callable[[str], None] = print) -> dict[str, Any]:
    """Run the stages in order, skipping those whose inputs are unchanged. Returns bench.json's content.

    `invoke(args)` runs one `ragstress` command and returns its exit code. A report whose
    thresholds are missed (exit 1) still completes the bench; any other failure stops it.
    """
    out = plan.out
    out.mkdir(parents=True, exist_ok=True)
    state_path = out / BENCH_FILE
    previous = (
        read_manifest(state_path, BenchManifest).model_dump(mode="json")["stages"] if state_path.is_file() else {}
    )
    stages: dict[str, dict[str, Any]] = {}
    record = {"corpus": str(plan.corpus), "stages": stages}

    def stage(name: str, args: list[str], inputs: str | None, output_ready: bool) -> int:
        unchanged = inputs is not None and previous.get(name, {}).get("inputs") == inputs and output_ready
        if unchanged and previous[name].get("exit_code") == 0:
            say(f"[{name}] inputs unchanged: skipped")
            stages[name] = {**previous[name], "skipped": True}
            return 0
        if inputs is not None and previous.get(name, {}).get("inputs") not in (None, inputs):
            for downstream in STAGES[STAGES.index(name):]:
                for stale in DERIVED.get(downstream, ()):
                    (out / stale).unlink(missing_ok=True)
        say(f"[{name}] ragstress {' '.join(_shown(args))}")
        started = time.perf_counter()
        code = invoke(args) or 0
        stages[name] = {"inputs": inputs, "exit_code": code, "seconds": round(time.perf_counter() - started, 2),
                        "skipped": False}  # fmt: skip
        write_manifest(state_path, record, BenchManifest)
        if code not in (0, 1) or (code == 1 and name != "report"):
            raise StageFailed(name, code)
        return code

    # Build is incremental by itself (an unchanged corpus costs seconds), so it always runs.
    stage("build", plan.build_args, None, True)
    chunks = file_digest(RunDir(out).chunks)
    generate_inputs = fingerprint(chunks, plan.generate_args, file_digest(plan.seed_file) if plan.seed_file else None,
                                  plan.generator_identity, plan.judge_identity)  # fmt: skip
    stage("generate", plan.generate_args, generate_inputs, RunDir(out).testset_cases.is_file())
    cases = file_digest(RunDir(out).testset_cases)
    run_inputs = fingerprint(cases, plan.run_args, plan.target_identity)
    # The runner resumes: a run interrupted last time continues where it stopped.
    stage("run", plan.run_args, run_inputs, False)
    score_inputs = fingerprint(run_inputs, plan.score_args, plan.judge_identity)
    stage("score", plan.score_args, score_inputs, False)
    gate = stage("report", plan.report_args, None, True)
    record["exit_code"] = gate
    write_manifest(state_path, record, BenchManifest)
    return record


def _shown(args: Sequence[str]) -> list[str]:
    """The arguments as safe to print: values of --*-api-key flags are hidden."""
    shown: list[str] = []
    hide_next = False
    for arg in args:
        shown.append("***" if hide_next else arg)
        hide_next = arg.endswith("-api-key")
    return shown
