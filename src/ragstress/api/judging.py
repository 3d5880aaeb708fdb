"""How steady the judge is: its verdicts repeated on a sample of cases, and a second judge's beside them.

`repeat_judge` judges a sample of a scored run's cases k more times (each a distinct sampled
request) and, with a second judge, once more by it; judge_repeats.jsonl keeps the verdicts and
every later report shows self-consistency, flipped verdicts and two-judge agreement
(docs/calibration.md#judge-reliability). `demo_judge_checks` is the small version the demo runs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ragstress.api.endpoints import ClientSettings, Endpoint
from ragstress.scoring.repeats import REPEATS_FILE

if TYPE_CHECKING:
    from ragstress.reports.model import Report as ReportModel
    from ragstress.reports.model.judge import Reliability

DEMO_REPEATS, DEMO_SAMPLE = 3, 4
"""The demo's reliability check: small, since the bundled judge answers one request at a time."""


def judged_metrics(run_dir: str | Path, metrics: str | Sequence[str] | None = None) -> list[str]:
    """The judged metrics among `metrics` (default: those the run scored), in order.

    UnknownNameError for a misspelt name; FileNotFoundError or RecordFileError for a missing or
    malformed run file.
    """
    from ragstress.api.names import judged_only, resolve_metrics
    from ragstress.reports.reading.rundir import load_run

    data = load_run(Path(run_dir))
    return judged_only(resolve_metrics(metrics) if metrics else data.metric_names())


def repeat_judge(
    run_dir: str | Path,
    metrics: Sequence[str],
    judge: Endpoint,
    *,
    second: Endpoint | None = None,
    repeats: int = 3,
    sample: int = 20,
    temperature: float = 0.7,
    seed: int = 0,
    client_settings: ClientSettings | None = None,
    cache_file: Path | None = None,
) -> Reliability | None:
    """Judge `sample` cases `repeats` more times with `judge` (and once with `second`); returns the run's
    reliability section as the report will show it. ValueError for fewer than 2 repeats."""
    from ragstress.llm import LLMSession
    from ragstress.reports.judge.reliability import load_reliability
    from ragstress.reports.reading.rundir import load_run
    from ragstress.scoring.repeats import judge_repeats

    options = {"metrics": list(metrics), "repeats": repeats, "sample": sample, "temperature": temperature, "seed": seed}

    async def go() -> None:
        async with LLMSession({"judge": judge}, client_settings, cache_path=cache_file) as llm:
            if second is None:
                await judge_repeats(Path(run_dir), judge=llm.judge, **options)
                return
            async with LLMSession({"judge": second}, client_settings, cache_path=cache_file) as llm2:
                await judge_repeats(Path(run_dir), judge=llm.judge, judge2=llm2.judge, **options)

    asyncio.run(go())
    return load_reliability(load_run(Path(run_dir)))


@dataclass(frozen=True)
class DemoJudgeCheck:
    """What the demo's judge check did: the metric it repeated, the report it then wrote, and why the
    example labels were not used (None when they were, or when none were given)."""

    metric: str
    report: ReportModel
    labels_refused: str | None = None


def demo_judge_checks(
    run_dir: str | Path,
    judge: Endpoint,
    cache_file: Path | None,
    labels: Path | None = None,
    on_start: Callable[[str], None] | None = None,
) -> DemoJudgeCheck | None:
    """For the demo: repeat the judge on a few cases, then write the report, calibrated with `labels` if given.

    `labels` is the sample's example label file, written by reading the demo's answers to its
    curated seeds; a label whose answer has changed is left out, and a file that names cases
    this run does not have (another test set) is not used, with the reason in `labels_refused`.
    `on_start` hears what is about to be repeated. None when the run scored no judged metric.
    """
    from ragstress.reports.curves import JUDGED_CORRECTNESS
    from ragstress.reports.judge.labelfile import LabelFileError
    from ragstress.reports.render.writer import write_report

    judged = judged_metrics(run_dir)
    # One metric keeps the bundled judge's sampled replies (slow on a small CPU) to a few minutes:
    # the judged correctness, which the example labels calibrate too.
    names = [n for n in JUDGED_CORRECTNESS if n in judged][:1] or judged[:1]
    if not names:
        return None
    if on_start is not None:
        on_start(f"reliability: judging {names[0]} on {DEMO_SAMPLE} cases {DEMO_REPEATS} more times")
    # The bundled judge answers one request at a time: a sampled reply may wait its turn.
    settings = ClientSettings(timeout_s=120.0)
    repeat_judge(
        run_dir,
        names,
        judge,
        repeats=DEMO_REPEATS,
        sample=DEMO_SAMPLE,
        client_settings=settings,
        cache_file=cache_file,
    )
    refused = None
    if labels is not None:
        try:
            return DemoJudgeCheck(names[0], write_report(Path(run_dir), labels=labels).report)
        except LabelFileError as exc:
            refused = str(exc)
    return DemoJudgeCheck(names[0], write_report(Path(run_dir)).report, refused)


__all__ = [
    "DEMO_REPEATS",
    "DEMO_SAMPLE",
    "REPEATS_FILE",
    "DemoJudgeCheck",
    "demo_judge_checks",
    "judged_metrics",
    "repeat_judge",
]
