"""Reading a run directory for reporting, defensively.

cases.jsonl is required (without it there is nothing to report on). Every other file
is optional: a missing file or field becomes a warning and shows as "not recorded",
never a crash. A malformed file that exists is an input error (RecordFileError).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ragstress.core.jsonl import RecordFileError, read_records
from ragstress.core.manifests import Manifest, RunManifest, ScoreManifest, TestsetManifest, read_manifest
from ragstress.core.paths import resolve_recorded
from ragstress.core.rundir import TESTSET_MANIFEST, RunDir
from ragstress.core.types import Case, Score, TargetResponse

# Token *counts* (prompt_tokens) are not secrets; access/auth tokens are.
_SECRET_KEY = re.compile(
    r"(api[_-]?key|secret|password|passwd|authorization|credential|bearer|access[_-]?token|auth[_-]?token|^token$)",
    re.IGNORECASE,
)
_URL_CREDENTIALS = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)[^/@\s]+@", re.IGNORECASE)
_URL_SECRET_PARAM = re.compile(
    r"([?&](?:api[_-]?key|key|token|access[_-]?token|auth|secret|password|sig|signature)=)[^&#\s]*", re.IGNORECASE
)
REDACTED = "***"
M = TypeVar("M", bound=Manifest)


@dataclass
class RunData:
    """The records and manifests of one run directory."""

    run_dir: Path
    cases: list[Case]
    responses: dict[tuple[str, str], TargetResponse] = field(default_factory=dict)
    """(case_id, probe) -> the last response recorded for it."""
    scores: dict[str, dict[str, Score]] = field(default_factory=dict)
    """case_id -> metric -> the last score recorded for it (a re-score supersedes)."""
    n_score_records: int = 0
    run_manifest: RunManifest | None = None
    score_manifest: ScoreManifest | None = None
    testset_manifest: TestsetManifest | None = None
    testset_dir: Path | None = None
    """The folder testset.json was read from: the paths it records are relative to it."""
    warnings: list[str] = field(default_factory=list)

    def metric_names(self) -> list[str]:
        """Every metric name in scores.jsonl, in first-seen order."""
        seen: dict[str, None] = {}
        for per_case in self.scores.values():
            seen.update(dict.fromkeys(per_case))
        return list(seen)


def load_run(run_dir: Path) -> RunData:
    """Read `run_dir`; raises FileNotFoundError without cases.jsonl, RecordFileError on a bad file."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise FileNotFoundError(f"{run_dir}: not a directory")
    files = RunDir(run_dir)
    cases_path = files.cases
    if not cases_path.exists():
        raise FileNotFoundError(f"{run_dir}: no cases.jsonl, so nothing to report on")
    data = RunData(run_dir=run_dir, cases=read_records(cases_path, Case))
    known_ids = {case.id for case in data.cases}

    responses_path = files.responses
    if responses_path.exists():
        for response in read_records(responses_path, TargetResponse):
            data.responses[(response.case_id, response.probe)] = response
    else:
        data.warnings.append("responses.jsonl not found: responses are not recorded")

    scores_path = files.scores
    if scores_path.exists():
        records = read_records(scores_path, Score)
        data.n_score_records = len(records)
        for score in records:
            data.scores.setdefault(score.case_id, {})[score.metric] = score
    else:
        data.warnings.append("scores.jsonl not found: nothing is scored yet (run `ragstress score`)")

    stray = sorted({cid for cid, _ in data.responses} - known_ids) + sorted(set(data.scores) - known_ids)
    if stray:
        data.warnings.append(
            f"{len(stray)} response/score record(s) name case ids not in cases.jsonl (ignored), e.g. {stray[0]!r}"
        )
    data.run_manifest = _optional_manifest(files.run_manifest, RunManifest, data.warnings)
    data.score_manifest = _optional_manifest(files.score_manifest, ScoreManifest, data.warnings)
    testset_manifest = _testset_manifest(files, data.run_manifest)
    data.testset_manifest = _optional_manifest(testset_manifest, TestsetManifest, data.warnings, quiet=True)
    data.testset_dir = testset_manifest.parent if data.testset_manifest is not None else None
    return data


def _testset_manifest(files: RunDir, run_manifest: RunManifest | None) -> Path:
    """Where testset.json is: in the run directory first (beside cases.jsonl, or testset/ in a bench
    directory), then beside the test set run.json names, a relative path taken from the run directory.
    An absolute path recorded by an older release is tried last, so a moved run still reads."""
    candidates = [files.path / TESTSET_MANIFEST, files.testset_manifest]
    ref = run_manifest.testset if run_manifest else None
    if ref is not None and ref.path:
        candidates.append(resolve_recorded(ref.path, files.path).parent / TESTSET_MANIFEST)
    return next((path for path in candidates if path.exists()), candidates[0])


def _optional_manifest(path: Path, model: type[M], warnings: list[str], quiet: bool = False) -> M | None:
    """The manifest at `path`, or None with a warning: a report shows what it can of a damaged run."""
    if not path.exists():
        if not quiet:
            warnings.append(f"{path.name} not found: its fields show as not recorded")
        return None
    try:
        return read_manifest(path, model)
    except RecordFileError as exc:
        warnings.append(f"{exc} (ignored)")
        return None


def redact(value: Any) -> Any:
    """A copy with secret-looking fields and URL credentials masked.

    run.json is meant to be redacted already; a published report must not depend on
    that, so this masks again: any key naming a secret keeps only "set"/None.
    """
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if (
                _SECRET_KEY.search(str(key))
                and item not in (None, "set", False, True)
                and not isinstance(item, (dict, list))
            ):
                out[key] = REDACTED
            else:
                out[key] = redact(item)
        return out
    if isinstance(value, list):
        return [redact(item) for item in value]
    if isinstance(value, str):
        value = _URL_CREDENTIALS.sub(lambda m: m.group("scheme") + REDACTED + "@", value)
        return _URL_SECRET_PARAM.sub(lambda m: m.group(1) + REDACTED, value)
    return value
