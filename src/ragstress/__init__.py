"""ragstress: stress-test RAG systems on your own corpus.

This folder (src/ragstress/) is installed as the package `ragstress`; the other code folders
of the checkout become its subpackages (`ragstress.corpora`, `ragstress.generators`,
`ragstress.reports`, `ragstress.prompts`), so the wheel adds one top-level name only.
The stages are subpackages in data-flow order: `indexing` -> `ragstress.generators` ->
`running` -> `scoring` -> `ragstress.reports`, all on `core`; `cli` is their face.
"""

from typing import Any

from ragstress.core.version import __version__

# The Python API (ragstress.api, and bench in ragstress.api.benching), loaded on first use:
# every submodule import runs this file, and a process that needs one small module (the
# local model server, say) must not pay for Chroma and the embedding models.
_API_NAMES = ("build_index", "generate", "run", "score", "report", "Report", "endpoint")

__all__ = ["__version__", "bench", *_API_NAMES]


def __getattr__(name: str) -> Any:
    if name == "bench":
        from ragstress.api.benching import bench

        return bench
    if name in _API_NAMES:
        from ragstress import api

        return getattr(api, name)
    raise AttributeError(f"module 'ragstress' has no attribute {name!r}")
