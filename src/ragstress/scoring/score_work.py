"""What a score still has to do: the run's responses read, earlier scores dropped or resumed, the work listed.

Before any metric runs, score_run reads the run directory and decides which (case, response,
metrics) remain: pairs already in scores.jsonl are resumed, pairs asked for again (`rescore`,
`retry_errors`, or left over budget) are dropped first, and responses the target failed on or
never gave are counted instead of scored. These are reads of the run's files with no judge in
sight, so they stand apart from the scoring loop in scoring.scorer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ragstress.core.jsonl import RecordFileError, read_records, write_records
from ragstress.core.manifests import ScoreManifest, read_manifest
from ragstress.core.rundir import RunDir
from ragstress.core.types import Case, Score, TargetResponse
from ragstress.scoring.metrics import metrics_for

PROBES = ("case", "closed_book")
"""The probes a case may be answered under: as built, and closed-book (the question alone, for counterfactuals)."""


def drop_scores(scores_path: Path, names: Sequence[str], drop: Callable[[Score], bool]) -> Counter[str]:
    """Remove the scores of `names` that `drop` picks, so they are scored again; counts them by label."""
    if not scores_path.exists():
        return Counter()
    scores = read_records(scores_path, Score)
    kept = [s for s in scores if s.metric not in names or not drop(s)]
    if len(kept) < len(scores):
        write_records(scores_path, kept)
    return Counter(s.label for s in scores if s.metric in names and drop(s))


def previous_summary(run_dir: Path) -> dict[str, Any] | None:
    """The run's score.json from its previous score, if there is a readable one."""
    try:
        return read_manifest(RunDir(run_dir).score_manifest, ScoreManifest).model_dump(mode="json")
    except RecordFileError:
        return None


def judges_in_scores(run_dir: Path, current: dict[str, Any] | None, rescore: bool) -> list[dict[str, Any]]:
    """Every judge whose verdicts scores.jsonl holds: earlier runs' (kept unless rescored) plus this one's."""
    judges: list[dict[str, Any]] = []
    if not rescore and RunDir(run_dir).score_manifest.exists():
        try:
            judges = list(read_manifest(RunDir(run_dir).score_manifest, ScoreManifest).judges_in_scores)
        except RecordFileError:
            judges = []
    if current is not None and current not in judges:
        judges.append(current)
    return judges


def read_responses(path: Path) -> list[TargetResponse]:
    """The run's responses; a last line torn by a crash is named as such, with the command that repairs it."""
    try:
        return read_records(path, TargetResponse)
    except RecordFileError as exc:
        data = path.read_bytes()
        last_line = data.count(b"\n") + 1
        if data.endswith(b"\n") or f" line {last_line}:" not in str(exc):
            raise
        # The scorer never rewrites the run's files: the run itself repairs its torn line.
        raise RecordFileError(
            f"{exc} (the run was interrupted while writing it: `ragstress run ... --resume` "
            f"with --out {path.parent} repairs it and asks the rest)"
        ) from None


Work = list[tuple[Case, TargetResponse, list[str]]]


def plan_work(
    cases: list[Case], responses: dict[tuple[str, str], TargetResponse], names: list[str], done: set[tuple[str, str]]
) -> tuple[Work, dict[str, int]]:
    """Which (case, response, metrics) still need scoring, and what was skipped and why."""
    counts = {
        "cases": len(cases),
        "responses_scored": 0,
        "target_errored": 0,
        "missing_responses": 0,
        "pairs_resumed": 0,
    }
    work: Work = []
    for case in cases:
        for probe in PROBES:
            applicable = [m.name for m in metrics_for(case, names, probe)]
            if not applicable:
                continue
            response = responses.get((case.id, probe))
            if response is None:
                counts["missing_responses"] += 1
            elif response.error is not None:
                counts["target_errored"] += 1
            else:
                pending = [n for n in applicable if (case.id, n) not in done]
                counts["pairs_resumed"] += len(applicable) - len(pending)
                if pending:
                    work.append((case, response, pending))
    counts["unknown_case_responses"] = len({cid for cid, _ in responses} - {c.id for c in cases})
    return work, counts
