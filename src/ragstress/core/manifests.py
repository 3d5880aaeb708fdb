"""The manifests of a run directory as typed, versioned models.

Each stage writes one JSON manifest (index.json, testset.json, run.json, score.json,
bench.json). Writers build them through these models and readers parse them through the
same models, so a field has one spelling. `schema_version` is 1 for files written since
the models exist; a file without it was written by release 0.1.0 and reads as version 0.
Fields a model does not name are kept as they are (a newer writer's additions survive a
read-modify-write by an older reader); a missing required field is an error naming the
file and the field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ragstress.core.jsonl import RecordFileError, write_json

SCHEMA_VERSION = 1
M = TypeVar("M", bound="Manifest")


class Manifest(BaseModel):
    """Common to every manifest: the schema version and tolerance of fields it does not name."""

    model_config = ConfigDict(extra="allow")

    schema_version: int = 0
    """0: written before manifests were versioned (release 0.1.0); 1: this schema."""

    def to_json(self) -> dict[str, Any]:
        """The document as written, extra fields included, stamped with the current schema version."""
        return {**self.model_dump(mode="json"), "schema_version": SCHEMA_VERSION}


class IndexManifest(Manifest):
    """index/index.json: how the index was built."""

    embedding_model: str
    embedding_backend: str | None = None
    embedding_dim: int | None = None
    max_tokens: int | None = None
    chunk_params: dict[str, Any] = Field(default_factory=dict)
    corpus_root: str | None = None
    collection: str | None = None
    documents: int | None = None
    chunks: int | None = None
    built_at: str | None = None


class TestsetManifest(Manifest):
    """testset/testset.json: how the test set was generated."""

    __test__ = False  # a pydantic model, not a pytest class

    random_seed: int | None
    ragstress_version: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    index: dict[str, Any] = Field(default_factory=dict)
    seeds: dict[str, Any] = Field(default_factory=dict)
    cases: dict[str, Any] = Field(default_factory=dict)
    models: dict[str, Any] = Field(default_factory=dict)


class TestsetRef(BaseModel):
    """The test set a run read: its path and the sha256 of its bytes."""

    model_config = ConfigDict(extra="allow")

    path: str | None = None
    sha256: str | None = None


class RunManifest(Manifest):
    """run.json: what ran, against which test set, with which endpoints, and how far it got."""

    target: dict[str, Any] | str
    mode: str | None = None
    status: str | None = None
    version: str | None = None
    models: dict[str, Any] = Field(default_factory=dict)
    testset: TestsetRef | None = None
    started_at: str | None = None
    finished_at: str | None = None
    counts: dict[str, int] = Field(default_factory=dict)
    target_usage: dict[str, Any] = Field(default_factory=dict)
    llm_usage: dict[str, Any] = Field(default_factory=dict)
    retried_errors: int = 0


class ScoreManifest(Manifest):
    """score.json: which metrics were scored, by which judge, with per-metric summaries."""

    metrics: list[str]
    target: dict[str, Any] | str | None = None
    judge: dict[str, Any] | None = None
    judges_in_scores: list[Any] = Field(default_factory=list)
    judge_prompts: list[dict[str, Any]] = Field(default_factory=list)
    """Identity (id, lang, version, sha) of each judge prompt in the languages scored."""
    started_at: str | None = None
    finished_at: str | None = None
    wall_time_s: float | None = None
    llm_calls: dict[str, Any] = Field(default_factory=dict)
    usage: dict[str, Any] = Field(default_factory=dict)
    per_metric: dict[str, Any] = Field(default_factory=dict)
    metric_table: dict[str, Any] | None = None
    """name -> the metadata of each metric scored (absent in runs scored before it was recorded)."""
    judge_budget: dict[str, Any] | None = None
    """The judge's time budget (scoring.judge_budget): its seconds (None: no limit), the seconds per case
    measured per group of judged metrics, the reason per metric it stopped; None when there was none."""


class BenchStage(BaseModel):
    """One stage of a bench: the fingerprint of its inputs and how it ended."""

    model_config = ConfigDict(extra="allow")

    inputs: str | None = None
    exit_code: int
    seconds: float | None = None
    skipped: bool = False


class BenchManifest(Manifest):
    """bench.json: the stages of the last bench in this directory."""

    corpus: str
    stages: dict[str, BenchStage] = Field(default_factory=dict)
    exit_code: int | None = None


def read_manifest(path: Path, model: type[M]) -> M:
    """Parse the manifest at `path`; a RecordFileError names the file and every bad field."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordFileError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordFileError(f"{path}: not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise RecordFileError(f"{path}: expected a JSON object, found {type(data).__name__}")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"field {'.'.join(str(p) for p in error['loc']) or '(document)'}: "
            + ("missing" if error["type"] == "missing" else error["msg"])
            for error in exc.errors()
        )
        raise RecordFileError(f"{path}: not a valid {path.name} ({model.__name__}): {problems}") from None


def write_manifest(path: Path, manifest: Manifest | dict[str, Any], model: type[Manifest] | None = None) -> Manifest:
    """Validate and write a manifest atomically (a writer cannot produce a file its reader refuses)."""
    if not isinstance(manifest, Manifest):
        if model is None:
            raise TypeError("write_manifest needs the model of a plain dict")
        manifest = model.model_validate(manifest)
    write_json(Path(path), manifest.to_json())
    return manifest
