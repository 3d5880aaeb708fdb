"""A run directory's files: preparing it for a run or a resume, and the run.json it ends with.

`prepare_run_dir` checks that a directory may take a run (a resume must be of the same
test set, target and mode), writes the selected cases and reads what is already
answered; `run_record` makes the run.json document from responses.jsonl itself, so its
counts hold across resumes. See `runner` for how the responses are appended.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ragstress.core.jsonl import read_records, repair_torn_tail, write_records
from ragstress.core.manifests import RunManifest, read_manifest
from ragstress.core.paths import recorded_path
from ragstress.core.rundir import CASES_FILE, RESPONSES_FILE
from ragstress.core.rundir import RUN_MANIFEST as RUN_FILE
from ragstress.core.types import Case, TargetResponse
from ragstress.core.version import __version__
from ragstress.running.runner import Mode, Shard, plan_jobs


class RunDirError(ValueError):
    """A run directory that cannot be used as asked; the message says what to do instead."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with Path(path).open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass
class PreparedRun:
    """A prepared run directory: the cases to ask and what an earlier attempt already answered."""

    path: Path
    testset_sha256: str
    cases: list[Case]
    done: set[tuple[str, str]] = field(default_factory=set)
    repaired_tail: bool = False
    previous: dict[str, Any] | None = None
    retried_errors: int = 0


def prepare_run_dir(
    out_dir: Path,
    testset: Path,
    cases: list[Case],
    *,
    target_spec: str,
    mode: Mode,
    resume: bool,
    retry_errors: bool = False,
) -> PreparedRun:
    """Check that `out_dir` may take this run, write its cases.jsonl, and load what is already answered.

    Without `resume`, existing responses are an error; with it, the test set (by sha256),
    the target spec and the mode must be those recorded in run.json. `retry_errors`
    (with `resume`) removes errored responses so that their pairs are asked again.
    """
    if retry_errors and not resume:
        raise RunDirError("--retry-errors continues an earlier run: pass --resume too")
    out_dir = Path(out_dir)
    responses = out_dir / RESPONSES_FILE
    sha = file_sha256(testset)
    # Parsed through the model (a damaged run.json is an error naming its field), used as a dict.
    previous = (
        read_manifest(out_dir / RUN_FILE, RunManifest).model_dump(mode="json")
        if (out_dir / RUN_FILE).is_file()
        else None
    )
    has_responses = responses.is_file() and responses.stat().st_size > 0
    if has_responses and not resume:
        raise RunDirError(
            f"{responses} already holds responses: pass --resume to continue that run, or choose another --out"
        )
    if resume and previous is not None:
        recorded = {
            "test set sha256": previous["testset"]["sha256"],
            "target": previous["target"]["spec"],
            "mode": previous["mode"],
        }
        given = {"test set sha256": sha, "target": target_spec, "mode": mode}
        for what in recorded:
            if recorded[what] != given[what]:
                raise RunDirError(
                    f"cannot resume {out_dir}: its {what} is {recorded[what]!r}, this run's is {given[what]!r}"
                )
    repaired = repair_torn_tail(responses)
    answered = read_records(responses, TargetResponse) if responses.is_file() else []
    errored = [r for r in answered if r.error is not None] if retry_errors else []
    if errored:
        # Rewritten, not appended to: readers (score, merge) then never see two lines for one pair.
        write_records(responses, [r for r in answered if r.error is None])
    done = {(r.case_id, r.probe) for r in answered if r.error is None or not retry_errors}
    write_records(out_dir / CASES_FILE, cases)
    return PreparedRun(out_dir, sha, cases, done, repaired, previous, len(errored))


def run_record(
    run_dir: PreparedRun,
    *,
    target: dict[str, Any],
    mode: Mode,
    testset: Path,
    shard: Shard | None,
    selection: dict[str, Any],
    started_at: str,
    status: str,
    models: dict[str, Any] | None = None,
    llm_usage: dict[str, Any] | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The run.json document; counts come from responses.jsonl itself, so they hold across resumes."""
    responses = run_dir.path / RESPONSES_FILE
    answered = read_records(responses, TargetResponse) if responses.is_file() else []
    mine = [case for case in run_dir.cases if shard is None or shard.holds(case.id)]
    wanted = {(job.case.id, job.probe) for job in plan_jobs(mine)}
    done = [r for r in answered if (r.case_id, r.probe) in wanted]
    first_started = (run_dir.previous or {}).get("started_at", started_at)
    return {
        "tool": "ragstress",
        "version": __version__,
        "status": status,
        "target": target,
        "mode": mode,
        "models": models or {},
        "testset": {"path": recorded_path(testset, run_dir.path), "sha256": run_dir.testset_sha256},
        "selection": selection,
        "shard": None if shard is None else {"index": shard.index, "count": shard.count},
        "started_at": first_started,
        "finished_at": now() if status != "running" else None,
        "counts": {
            "cases": len(mine),
            "jobs": len(wanted),
            "done": len(done),
            "errors": sum(r.error is not None for r in done),
            "pending": len(wanted) - len(done),
        },
        "target_usage": {
            "calls": len(done),
            "prompt_tokens": sum(r.usage.prompt_tokens for r in done),
            "completion_tokens": sum(r.usage.completion_tokens for r in done),
        },
        "llm_usage": llm_usage or {},
        "retried_errors": (run_dir.previous or {}).get("retried_errors", 0) + run_dir.retried_errors,
        **(extra or {}),
    }
