"""The Python API, the one place each stage's wiring is written; the command line calls nothing else.

The stages: `indexing` (build_index, search), `generating`, `running`, `scoring`, `reporting`,
gathered in `stages`; `bench` (`benching`, `pipeline`, `settings`, `demo`); beside them
`importing` and `formats` (test sets in other formats), `comparing`, `calibrating`, `judging`,
`checking` (is this machine ready), `tracking` (MLflow). A caller checks its options against
`names`, catches `errors`, resolves LLM roles and runs preflights with `endpoints` and
`executors`, and prints numbers with `text`.

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
