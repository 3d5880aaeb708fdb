"""What `bench` is given and returns, and the small pieces its stages share.

BenchSettings holds every stage's options as values; BenchResult is how a bench ended;
a stage's inputs are fingerprinted here so an unchanged stage can be skipped.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ragstress.core.rundir import (
    BENCH_MANIFEST,
    CASES_FILE,
    REPORT_FILES,
    RESPONSES_FILE,
    RUN_MANIFEST,
    SCORE_MANIFEST,
    SCORES_FILE,
)
from ragstress.llm.config import Endpoint
from ragstress.running.run_dir import file_sha256

BENCH_FILE = BENCH_MANIFEST
STAGES = ("build", "generate", "run", "score", "report")
# What each stage leaves in RUN_DIR; removed when an upstream stage's output changes.
DERIVED: dict[str, tuple[str, ...]] = {
    "run": (CASES_FILE, RESPONSES_FILE, RUN_MANIFEST),
    "score": (SCORES_FILE, SCORE_MANIFEST),
    "report": REPORT_FILES,
}


class StageFailed(RuntimeError):
    """A stage failed; `code` is the exit code it stands for (2: bad input or configuration; 1: every call
    to an LLM role failed, llm.EveryCallFailed)."""

    def __init__(self, stage: str, code: int, cause: str = ""):
        super().__init__(f"stage {stage!r} failed" + (f": {cause}" if cause else f" with exit code {code}"))
        self.stage = stage
        self.code = code


@dataclass
class BenchSettings:
    """Everything bench needs, as values: the stages' options and each LLM role's resolved Endpoint."""

    corpus: Path
    out: Path
    target: str | None = "baseline"
    target_config: Path | None = None
    mode: str = "contexts"
    testbeds: Sequence[str] | None = None
    styles: tuple[str, ...] = ()
    executor: str = "local"
    """local, or ray: the target asked through Ray actors (`ray_address`, `actors`, `actor_resources`)."""
    ray_address: str | None = None
    actors: int | None = None
    actor_resources: dict[str, float] | None = None
    seeds: int | None = None
    pairs: int | None = None
    seed_file: Path | None = None
    random_seed: int = 13
    embedding: str | None = None
    metrics: str | Sequence[str] | None = None
    concurrency: int = 4
    fail_under: Sequence[str] = ()
    fail_over: Sequence[str] = ()
    thresholds_file: Path | None = None
    max_error_rate: float | None = None
    gate_on: str = "point"
    exclude_errors: bool = False
    endpoints: dict[str, Endpoint] = field(default_factory=dict)
    cache_dir: Path | None = None
    reuse_answers: bool = False
    judge_noise: bool | None = None
    ratio_policy: str = "drop"
    include: Sequence[str] = ()
    notebook_outputs: bool = False
    follow_symlinks: bool = False
    resolve_uncertain: bool = False
    judge_budget: float | None = None
    """Seconds of judged work the score stage may spend (None: the default, see `ragstress.score`)."""


@dataclass
class BenchResult:
    """How a bench ended: bench.json's content, the Report and each stage's seconds (0 when skipped)."""

    record: dict[str, Any]
    report: Any
    durations: dict[str, float]

    @property
    def exit_code(self) -> int:
        """0, or 1 when a threshold was missed."""
        return int(self.record.get("exit_code") or 0)


def file_digest(path: Path | None) -> str | None:
    """sha256 of a file's bytes, or None when it does not exist."""
    return file_sha256(path) if path is not None and Path(path).is_file() else None


def fingerprint(*parts: Any) -> str:
    """A stable hash of a stage's inputs."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def input_errors() -> tuple[type[BaseException], ...]:
    """The failures that are the user's input or configuration (exit 2), not a bug in a stage."""
    from ragstress.core.registry import UnknownNameError
    from ragstress.distributed import RayUnavailable
    from ragstress.llm.failures import LLMError
    from ragstress.llm.local import LocalModelError
    from ragstress.prompts import PromptError

    return (ValueError, OSError, UnknownNameError, LLMError, LocalModelError, PromptError, RayUnavailable)


def check_settings(settings: BenchSettings) -> None:
    """Every name bench is given, checked before the first stage: a typo must not cost a build and a run.

    Raises ThresholdError for a gate that cannot hold (a misspelt metric or testbed, a minimum on a
    lower-is-better metric), UnknownNameError for a misspelt testbed, metric or style, ValueError for
    a mode or gate_on that does not exist; each message names the closest known names.
    """
    from ragstress.core.registry import check_names
    from ragstress.core.types import TESTBEDS
    from ragstress.generators.testbeds.styles import STYLES
    from ragstress.reports.gates.check import GATE_ON_CHOICES
    from ragstress.reports.gates.thresholds import gates
    from ragstress.scoring.metrics import METRICS

    if settings.mode not in ("contexts", "e2e"):
        raise ValueError(f"mode must be 'contexts' or 'e2e', not {settings.mode!r}")
    if settings.gate_on not in GATE_ON_CHOICES:
        raise ValueError(f"gate_on {settings.gate_on!r}: choose one of {', '.join(GATE_ON_CHOICES)}")
    if settings.testbeds is not None:
        check_names("testbed", ",".join(settings.testbeds), TESTBEDS)
    if settings.metrics:
        METRICS.resolve(settings.metrics if isinstance(settings.metrics, str) else list(settings.metrics))
    if settings.styles:
        check_names("question style", ",".join(settings.styles), STYLES)
    gates(settings.fail_under, settings.fail_over, settings.thresholds_file, settings.max_error_rate)


def config_url(target_config: Path | None) -> str:
    """The URL of an http target given by its config file only."""
    from ragstress.running.targets import TargetError
    from ragstress.running.targets.http_target import load_http_config

    if target_config is None:
        raise TargetError("a target spec (or a target config with a url) is required")
    return load_http_config(target_config).url


def public_endpoint(roles: dict[str, Endpoint], role: str) -> dict[str, Any] | None:
    """A role's endpoint as bench.json may show it (never the key); None for the bundled default."""
    endpoint = roles.get(role)
    return None if endpoint is None else endpoint.public_dict()


def stage_summary(result: Any) -> str:
    """One line on what a stage produced, for the progress lines."""
    from ragstress.api.running import RunSummary
    from ragstress.api.stages import IndexResult, TestsetSummary

    if isinstance(result, IndexResult):
        return f"{result.chunks} chunks ({result.embedded} embedded, {result.reused} reused)"
    if isinstance(result, TestsetSummary):
        return f"{result.cases} cases from {result.seeds} seeds ({result.rejected} rejected)"
    if isinstance(result, RunSummary):
        earlier = f"; {result.answered_earlier} answered earlier" if result.answered_earlier else ""
        failed = f"; {result.failure}" if result.failure else ""
        return f"{result.answered} answered, {result.errors} error(s){earlier}{failed}"
    return ""
