"""The Python API: the stages (`stages`, `running`, `reporting`) and `bench` (`pipeline`, `settings`).

`import ragstress` exports the public names; see ragstress/__init__.py."""

from ragstress.api.reporting import Report, report
from ragstress.api.running import RunSummary, run
from ragstress.api.stages import IndexResult, TestsetSummary, build_index, endpoint, generate, score

__all__ = [
    "IndexResult",
    "Report",
    "RunSummary",
    "TestsetSummary",
    "build_index",
    "endpoint",
    "generate",
    "report",
    "run",
    "score",
]
