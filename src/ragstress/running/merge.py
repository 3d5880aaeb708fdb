"""`merge`: join the run directories of several shards into one run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ragstress.core.jsonl import read_records, write_records
from ragstress.core.manifests import RunManifest, read_manifest, write_manifest
from ragstress.core.paths import recorded_path, resolve_recorded
from ragstress.core.rundir import CASES_FILE, RESPONSES_FILE
from ragstress.core.rundir import RUN_MANIFEST as RUN_FILE
from ragstress.core.types import Case, TargetResponse
from ragstress.running.run_dir import RunDirError, file_sha256
from ragstress.running.runner import plan_jobs


def merge_runs(run_dirs: list[Path], out_dir: Path) -> dict[str, Any]:
    """Join shard run directories into `out_dir`; refuses mixed test sets, targets or modes, and overlaps.

    Responses are written in case order (probes in order), so merged shards equal one unsharded run.
    """
    if not run_dirs:
        raise RunDirError("merge needs at least one run directory")
    out_dir = Path(out_dir)
    if (out_dir / RESPONSES_FILE).is_file() and (out_dir / RESPONSES_FILE).stat().st_size > 0:
        raise RunDirError(f"{out_dir / RESPONSES_FILE} already holds responses: choose another --out")
    records, case_shas = [], []
    for run in map(Path, run_dirs):
        if not (run / RUN_FILE).is_file() or not (run / CASES_FILE).is_file():
            raise RunDirError(f"{run} is not a run directory (no {RUN_FILE} or {CASES_FILE})")
        records.append(read_manifest(run / RUN_FILE, RunManifest).model_dump(mode="json"))
        case_shas.append(file_sha256(run / CASES_FILE))
    first = records[0]
    for run, record, cases_sha in zip(run_dirs[1:], records[1:], case_shas[1:]):
        for what, ours, theirs in (
            ("test set", first["testset"]["sha256"], record["testset"]["sha256"]),
            ("selected cases", case_shas[0], cases_sha),
            ("target", first["target"]["spec"], record["target"]["spec"]),
            ("mode", first["mode"], record["mode"]),
        ):
            if ours != theirs:
                raise RunDirError(f"cannot merge: {run} has another {what} than {run_dirs[0]} ({theirs!r} vs {ours!r})")
    answered: dict[tuple[str, str], tuple[TargetResponse, Path]] = {}
    for run in map(Path, run_dirs):
        for response in read_records(run / RESPONSES_FILE, TargetResponse) if (run / RESPONSES_FILE).is_file() else []:
            key = (response.case_id, response.probe)
            if key in answered:
                raise RunDirError(
                    f"cannot merge: case {key[0]!r} ({key[1]}) is answered in both {answered[key][1]} and {run}"
                )
            answered[key] = (response, run)
    cases = read_records(Path(run_dirs[0]) / CASES_FILE, Case)
    order = [(job.case.id, job.probe) for job in plan_jobs(cases)]
    stray = set(answered) - set(order)
    if stray:
        raise RunDirError(
            f"cannot merge: {len(stray)} response(s) belong to no selected case, e.g. {sorted(stray)[:3]}"
        )
    write_records(out_dir / CASES_FILE, cases)
    write_records(out_dir / RESPONSES_FILE, [answered[key][0] for key in order if key in answered])
    # The first shard recorded its test set relative to itself; the merged run records it relative to itself.
    testset = first["testset"].get("path")
    if testset:
        testset = recorded_path(resolve_recorded(testset, run_dirs[0]), out_dir)
    merged = {
        **{k: v for k, v in first.items() if k not in ("shard", "started_at", "finished_at", "status")},
        "testset": {**first["testset"], "path": testset},
        "status": "complete" if len(answered) == len(order) else "incomplete",
        "shard": None,
        "merged_from": [{"dir": recorded_path(d, out_dir), "shard": r.get("shard")} for d, r in zip(run_dirs, records)],
        "started_at": min(r["started_at"] for r in records),
        "finished_at": max((r.get("finished_at") or "") for r in records) or None,
        "counts": {
            "cases": len(cases),
            "jobs": len(order),
            "done": len(answered),
            "pending": len(order) - len(answered),
            "errors": sum(r.error is not None for r, _ in answered.values()),
        },
        "target_usage": _sum_numbers([r.get("target_usage", {}) for r in records]),
        "llm_usage": {
            role: _sum_numbers([r.get("llm_usage", {}).get(role, {}) for r in records])
            for role in {role for r in records for role in r.get("llm_usage", {})}
        },
    }
    write_manifest(out_dir / RUN_FILE, merged, RunManifest)
    return merged


def _sum_numbers(dicts: list[dict[str, Any]]) -> dict[str, Any]:
    """Add up numeric fields; other fields (model names, urls) are taken from the first that has them."""
    total: dict[str, Any] = {}
    for item in dicts:
        for key, value in item.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                total[key] = total.get(key, 0) + value
            else:
                total.setdefault(key, value)
    return total
