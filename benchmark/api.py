"""The Python API: `import ragstress`, then `ragstress.build_index(...)`, `score(...)`, `report(...)`.

Plain keyword arguments in, typed results out, synchronous: each function runs the same
stage code as the command line (over its async internals where there are any). Nothing
here reads the environment: an LLM role is the bundled local model unless its base URL
(and model, key) are passed in as values.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ragstress.core.rundir import RunDir
from ragstress.llm.config import Endpoint, resolve_endpoint
from ragstress.reports.model import Estimate, Report as ReportModel


def endpoint(role: str, base_url: str | None = None, model: str | None = None, api_key: str | None = None) -> Endpoint:
    """An LLM role's endpoint from plain values; without a base URL, the bundled local model."""
    # An empty environment: the API takes its configuration as arguments only.
    return resolve_endpoint(role, {}, base_url=base_url, model=model, api_key=api_key)  # type: ignore[arg-type]


@dataclass(frozen=True)
class IndexResult:
    """What build_index did: the index folder, its embedding model and its chunk counts."""

    index_dir: Path
    embedding_model: str
    chunks: int
    embedded: int
    reused: int


def build_index(corpus: str | Path, index_dir: str | Path, *, embedding: str | None = None) -> IndexResult:
    """Chunk and embed the corpus at `corpus` into a Chroma index at `index_dir` (incremental).

    `embedding` names the model (default: by corpus language, a bundled model).
    """
    from ragstress.indexing.build import build_index as build, choose_embedder

    corpus, index_dir = Path(corpus), Path(index_dir)
    embedder = choose_embedder(corpus, index_dir, embedding)
    stats = build(corpus, index_dir, embedder)
    return IndexResult(index_dir, embedder.name, stats.chunks, stats.embedded, stats.reused)


def score(
    run_dir: str | Path,
    *,
    metrics: str | Sequence[str] | None = None,
    judge_base_url: str | None = None,
    judge_model: str | None = None,
    judge_api_key: str | None = None,
    concurrency: int = 4,
    rescore: bool = False,
    cache_dir: str | Path | None = None,
) -> dict[str, Any]:
    """Score the responses of `run_dir` into scores.jsonl and score.json; returns score.json's content.

    Judged metrics use the judge at `judge_base_url` (OpenAI protocol), or the bundled model.
    `cache_dir` caches LLM answers (none by default).
    """
    from ragstress.llm import LLMSession
    from ragstress.scoring.scorer import score_run

    judge = endpoint("judge", judge_base_url, judge_model, judge_api_key)
    cache = Path(cache_dir) / "llm-cache.sqlite" if cache_dir is not None else None

    async def go() -> dict[str, Any]:
        async with LLMSession({"judge": judge}, cache_path=cache) as llm:
            return await score_run(Path(run_dir), metrics=metrics, llm=llm, concurrency=concurrency, rescore=rescore)

    return asyncio.run(go())


class Report:
    """A run's report: per-metric rates overall and per testbed, and whether its thresholds held."""

    def __init__(self, model: ReportModel, paths: dict[str, Path] | None = None):
        self.model = model
        """The full report (report.json's schema, ragstress.reports.model.Report)."""
        self.paths = paths or {}
        """report.json, report.md, report.html and scores.csv, when written."""

    @property
    def rates(self) -> dict[str, float | None]:
        """Metric -> mean over the scored cases of all testbeds (None: nothing scored)."""
        return {row.metric: row.overall.value for row in self.model.metrics}

    def rate(self, metric: str, testbed: str | None = None) -> float | None:
        """One metric's mean, overall or on one testbed; KeyError names the metrics there are."""
        estimate = self.estimate(metric, testbed)
        return None if estimate is None else estimate.value

    def estimate(self, metric: str, testbed: str | None = None) -> Estimate | None:
        """One metric's estimate with its interval and counts (None: it never applied on `testbed`)."""
        for row in self.model.metrics:
            if row.metric == metric:
                return row.overall if testbed is None else row.by_testbed.get(testbed)
        raise KeyError(f"no metric {metric!r} in this report; it has: {', '.join(self.rates) or 'none'}")

    @property
    def passed(self) -> bool:
        """True when every threshold held (or none was given)."""
        return self.model.gating is None or self.model.gating.passed

    @property
    def failed_checks(self) -> list[str]:
        """The thresholds that did not hold, described."""
        gating = self.model.gating
        return [] if gating is None else [c.message for c in gating.checks if not c.passed]

    def to_dataframe(self):
        """One row per metric and testbed ("all" for overall): value, interval and counts. Needs pandas."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError("Report.to_dataframe needs pandas, which is not installed") from exc
        rows = []
        for row in self.model.metrics:
            for testbed, estimate in (("all", row.overall), *row.by_testbed.items()):
                rows.append({"metric": row.metric, "kind": row.kind, "testbed": testbed, **estimate.model_dump()})
        return pd.DataFrame(rows)

    def __repr__(self) -> str:
        return f"Report(passed={self.passed}, rates={self.rates})"


def report(
    run_dir: str | Path,
    *,
    fail_under: Iterable[str] = (),
    thresholds_file: str | Path | None = None,
    write: bool = True,
) -> Report:
    """Aggregate a scored run directory into a Report, checking thresholds.

    `fail_under` takes the command line's gates (`"rejection@negative=0.5"`); `thresholds_file`
    a JSON or TOML gate file. `write` also writes report.json/.md/.html and scores.csv.
    """
    from ragstress.reports.aggregate import build_report
    from ragstress.reports.gating import check_thresholds, load_thresholds, parse_fail_under
    from ragstress.reports.rundir import load_run
    from ragstress.reports.writer import write_report

    thresholds = [parse_fail_under(option) for option in fail_under]
    if thresholds_file is not None:
        thresholds += load_thresholds(Path(thresholds_file))
    if write:
        result = write_report(Path(run_dir), thresholds=thresholds or None)
        return Report(result.report, result.paths)
    model = build_report(load_run(Path(run_dir)))
    if thresholds:
        model = model.model_copy(update={"gating": check_thresholds(model, thresholds)})
    return Report(model)


__all__ = ["IndexResult", "Report", "build_index", "endpoint", "report", "score", "RunDir"]
