"""Logging a report to MLflow: `Report.log_to_mlflow()` and `--mlflow URI` on report, bench and compare.

One MLflow run per report, in experiment "ragstress" unless named. Parameters say what was
tested: the target in words and its fingerprint, each LLM role's model, every prompt's version
and sha, the test set's and corpus's fingerprints, the random seed, the rule sets. Metrics are
every rate of the report with its interval and counts: `<metric>.<testbed>` (and `.low`,
`.high`, `.n`, `.n_scored`) for each testbed and overall ("all"), and the results card per
language as `card.<testbed>.<lang>` (same suffixes). Artifacts are the report's files:
report.json, report.md, report.html, scores.csv and the curves' SVG files.

MLflow (an optional extra, `ragstress[mlflow]`) is imported only here. Its file store (`file:`
URIs) needs MLFLOW_ALLOW_FILE_STORE=true in the environment since MLflow 3; a database or
server URI needs nothing more. With no URI given, MLFLOW_TRACKING_URI says where to log.
`tracking_uri` checks all this before any work starts, so a bench that cannot log stops at
once rather than after hours of running.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ragstress.reports.model import Estimate
from ragstress.reports.model import Report as ReportModel

EXPERIMENT = "ragstress"
_KEY = re.compile(r"[^0-9A-Za-z_\-. /]")


class TrackingError(RuntimeError):
    """MLflow is not installed, or refused the run (the message says why and what to do)."""


def _key(text: str) -> str:
    return _KEY.sub("_", text)


def _estimate_metrics(prefix: str, est: Estimate | None) -> dict[str, float]:
    if est is None:
        return {}
    out = {f"{prefix}.n": float(est.n), f"{prefix}.n_scored": float(est.n_scored)}
    if est.value is not None:
        out[prefix] = est.value
        out.update({f"{prefix}.low": est.low, f"{prefix}.high": est.high})
    return {_key(k): v for k, v in out.items() if v is not None}


def report_metrics(model: ReportModel) -> dict[str, float]:
    """Every rate of the report with its interval and counts, as MLflow metric names."""
    metrics: dict[str, float] = {}
    for row in model.metrics:
        metrics.update(_estimate_metrics(f"{row.metric}.all", row.overall))
        for testbed, est in row.by_testbed.items():
            metrics.update(_estimate_metrics(f"{row.metric}.{testbed}", est))
    for card in model.card:
        metrics.update(_estimate_metrics(f"card.{card.testbed}.{card.lang}", card.headline))
    return metrics


def report_params(model: ReportModel, run_dir: Path | None) -> dict[str, str]:
    """What was tested, by what and how, as MLflow parameters (no secret: the header holds none)."""
    header = model.header
    params: dict[str, Any] = {
        "target": header.target_summary or (header.target or {}).get("spec"),
        "target_fingerprint": _target_fingerprint(run_dir),
        "testset_fingerprint": header.testset_fingerprint or header.testset_hash,
        "corpus_fingerprint": header.corpus_fingerprint,
        "random_seed": header.random_seed,
        "mode": header.mode,
        "rule_sets": "; ".join(header.rule_sets),
        "generator": header.generator,
        "ragstress_version": header.tool_version,
    }
    for role in header.roles:
        params[f"model.{role.stage}.{role.role}"] = role.model
    for prompt in [*header.target_prompts, *header.judge_prompts]:
        params[f"prompt.{prompt.id}.{prompt.lang}"] = f"v{prompt.version} {prompt.sha8}"
    return {_key(k): str(v)[:500] for k, v in params.items() if v not in (None, "")}


def _target_fingerprint(run_dir: Path | None) -> str | None:
    """The target's fingerprint a bench recorded (bench.json), when there is one."""
    if run_dir is None or not (run_dir / "bench.json").is_file():
        return None
    from ragstress.core.manifests import BenchManifest, read_manifest

    run = read_manifest(run_dir / "bench.json", BenchManifest).model_dump(mode="json")["stages"].get("run", {})
    return run.get("target_fingerprint")


def tracking_uri(uri: str | None) -> str:
    """The URI to log to (`uri`, else MLFLOW_TRACKING_URI), once MLflow is known to accept it."""
    import os

    try:
        import mlflow  # noqa: F401
    except ImportError as exc:
        raise TrackingError("MLflow is not installed: pip install 'ragstress[mlflow]'") from exc
    uri = uri or os.environ.get("MLFLOW_TRACKING_URI")
    if not uri:
        raise TrackingError("--mlflow without a URI needs MLFLOW_TRACKING_URI set; or give --mlflow URI")
    scheme = uri.split(":", 1)[0].lower() if ":" in uri and not re.match(r"^[A-Za-z]:[\\/]", uri) else "file"
    allowed = os.environ.get("MLFLOW_ALLOW_FILE_STORE", "").lower() in ("true", "1")
    if scheme == "file" and not allowed:
        raise TrackingError(
            f"MLflow's file store ({uri}) is refused unless MLFLOW_ALLOW_FILE_STORE=true is set; "
            "set it, or log to a tracking server (http:) or database URI"
        )
    return uri


def log_report(
    model: ReportModel, files: dict[str, Path], run_dir: Path | None, uri: str | None, experiment: str = EXPERIMENT
) -> str:
    """Log one report as one MLflow run; returns the run id."""
    try:
        import mlflow
    except ImportError as exc:
        raise TrackingError("MLflow is not installed: pip install 'ragstress[mlflow]'") from exc
    try:
        client = mlflow.MlflowClient(tracking_uri=uri)
        found = client.get_experiment_by_name(experiment)
        experiment_id = found.experiment_id if found else client.create_experiment(experiment)
        run = client.create_run(experiment_id, run_name=model.header.run_name)
        run_id = run.info.run_id
        for key, value in report_params(model, run_dir).items():
            client.log_param(run_id, key, value)
        for key, value in report_metrics(model).items():
            client.log_metric(run_id, key, value)
        if model.failure is not None:  # the run measured nothing: the tag says why, where the rates would be
            client.set_tag(run_id, "ragstress.failure", model.failure[:5000])
            client.set_tag(run_id, "mlflow.note.content", model.failure[:5000])
        artifacts = [*files.values(), *(sorted(run_dir.glob("curve-*.svg")) if run_dir else [])]
        for path in artifacts:
            if Path(path).is_file():
                client.log_artifact(run_id, str(path))
        client.set_terminated(run_id)
    except mlflow.exceptions.MlflowException as exc:
        raise TrackingError(f"MLflow refused the run at {uri or 'its default URI'}: {exc}") from exc
    return run_id
