"""ragstress: stress-test RAG systems on your own corpus.

The pipeline core: record types, LLM access, the vector store, targets, the runner,
metrics and the command line.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("ragstress")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0+unknown"
