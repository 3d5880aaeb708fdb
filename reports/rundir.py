"""Reading a run directory for reporting, defensively.

cases.jsonl is required (without it there is nothing to report on). Every other file
is optional: a missing file or field becomes a warning and shows as "not recorded",
never a crash. A malformed file that exists is an input error (RecordFileError).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ragstress.core.jsonl import RecordFileError, read_json, read_records
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
    run_meta: dict[str, Any] = field(default_factory=dict)
    score_meta: dict[str, Any] = field(default_factory=dict)
    testset_meta: dict[str, Any] = field(default_factory=dict)
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
    cases_path = run_dir / "cases.jsonl"
    if not cases_path.exists():
        raise FileNotFoundError(f"{run_dir}: no cases.jsonl, so nothing to report on")
    data = RunData(run_dir=run_dir, cases=read_records(cases_path, Case))
    known_ids = {case.id for case in data.cases}

    responses_path = run_dir / "responses.jsonl"
    if responses_path.exists():
        for response in read_records(responses_path, TargetResponse):
            data.responses[(response.case_id, response.probe)] = response
    else:
        data.warnings.append("responses.jsonl not found: responses are not recorded")

    scores_path = run_dir / "scores.jsonl"
    if scores_path.exists():
        records = read_records(scores_path, Score)
        data.n_score_records = len(records)
        for score in records:
            data.scores.setdefault(score.case_id, {})[score.metric] = score
    else:
        data.warnings.append("scores.jsonl not found: nothing is scored yet (run `ragstress score`)")

    stray = sorted({cid for cid, _ in data.responses} - known_ids) + sorted(set(data.scores) - known_ids)
    if stray:
        data.warnings.append(f"{len(stray)} response/score record(s) name case ids not in cases.jsonl (ignored), e.g. {stray[0]!r}")
    data.run_meta = _optional_json(run_dir / "run.json", data.warnings)
    data.score_meta = _optional_json(run_dir / "score.json", data.warnings)
    # testset.json sits beside the test set the run read (testset/ in a bench directory).
    recorded = (data.run_meta.get("testset") or {}).get("path") if isinstance(data.run_meta.get("testset"), dict) else None
    manifest = run_dir / "testset.json"
    if not manifest.exists() and recorded:
        manifest = Path(recorded).parent / "testset.json"
    data.testset_meta = _optional_json(manifest, data.warnings, quiet=True)
    return data


def _optional_json(path: Path, warnings: list[str], quiet: bool = False) -> dict[str, Any]:
    if not path.exists():
        if not quiet:
            warnings.append(f"{path.name} not found: its fields show as not recorded")
        return {}
    try:
        value = read_json(path)
    except RecordFileError as exc:
        warnings.append(f"{exc} (ignored)")
        return {}
    if not isinstance(value, dict):
        warnings.append(f"{path.name} is not a JSON object (ignored)")
        return {}
    return value


def first_field(sources: list[dict[str, Any]], *names: str) -> Any:
    """The first non-empty value among `names` in any of `sources` (dotted names reach into dicts)."""
    for source in sources:
        for name in names:
            value: Any = source
            for part in name.split("."):
                value = value.get(part) if isinstance(value, dict) else None
            if value not in (None, "", {}, []):
                return value
    return None


def redact(value: Any) -> Any:
    """A copy with secret-looking fields and URL credentials masked.

    run.json is meant to be redacted already; a published report must not depend on
    that, so this masks again: any key naming a secret keeps only "set"/None.
    """
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if _SECRET_KEY.search(str(key)) and item not in (None, "set", False, True) and not isinstance(item, (dict, list)):
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
