"""ragstress: stress-test RAG systems on your own corpus.

This folder (benchmark/) is installed as the package `ragstress`; the other code folders
of the checkout become its subpackages (`ragstress.corpora`, `ragstress.generators`,
`ragstress.reports`, `ragstress.prompts`), so the wheel adds one top-level name only.
The stages are subpackages in data-flow order: `indexing` -> `ragstress.generators` ->
`running` -> `scoring` -> `ragstress.reports`, all on `core`; `cli` is their face.
"""

from ragstress.core.version import __version__

__all__ = ["__version__"]
