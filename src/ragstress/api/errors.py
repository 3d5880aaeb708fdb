"""The errors the API's functions raise on bad input, in one place for the code that calls them.

Each is raised by the stage that finds the problem and keeps its own message (the file,
line or field at fault); a front end catches them here instead of reaching into the stages.
StoreError, the index's own error, comes with the index functions (ragstress.api.indexing):
it is defined beside Chroma, which is not loaded for commands that never open an index.
"""

from __future__ import annotations

from ragstress.api.settings import StageFailed
from ragstress.api.tracking import TrackingError
from ragstress.core.jsonl import RecordFileError
from ragstress.core.registry import UnknownNameError
from ragstress.corpora.embedding_base import EmbeddingModelError
from ragstress.corpora.loaders import CorpusError
from ragstress.distributed.cluster import RayUnavailable
from ragstress.generators.interop.dataset_export import ExportError
from ragstress.generators.interop.importers import TestsetImportError
from ragstress.llm.failures import LLMError
from ragstress.llm.session import EveryCallFailed
from ragstress.reports.compare import CompareError
from ragstress.reports.gates.thresholds import ThresholdError
from ragstress.reports.judge.labelfile import LabelFileError
from ragstress.reports.render.pdf import PdfError
from ragstress.running.run_dir import RunDirError
from ragstress.running.targets.base import TargetError

__all__ = [
    "CompareError",
    "CorpusError",
    "EmbeddingModelError",
    "EveryCallFailed",
    "ExportError",
    "LLMError",
    "LabelFileError",
    "PdfError",
    "RayUnavailable",
    "RecordFileError",
    "RunDirError",
    "StageFailed",
    "TargetError",
    "TestsetImportError",
    "ThresholdError",
    "TrackingError",
    "UnknownNameError",
]
