"""The Python API's stages: `import ragstress`, then one stage at a time: `build_index`
(ragstress.api.indexing), `generate` (generating), `run` (running), `score` (scoring), `report`
(reporting); or all of them with `ragstress.bench(...)` (ragstress.api.benching, built on these
functions). This module gathers them under one name.

Plain keyword arguments in, typed results out, synchronous: each function runs the same
stage code as the command line (over its async internals where there are any). Nothing
here reads the environment: an LLM role is the bundled local model unless its base URL
(and model, key) are passed in as values.
"""

from __future__ import annotations

from ragstress.api.endpoints import endpoint
from ragstress.api.generating import TestsetSummary, generate
from ragstress.api.indexing import IndexResult, build_index
from ragstress.api.reporting import Report, report
from ragstress.api.running import RunSummary, run
from ragstress.api.scoring import score

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
