"""The learned reader: a second, independent reading of free-text responses beside the named rules.

A rule's verdict is marked clear only when this reader agrees with it confidently (see
`ragstress.scoring.metrics.deterministic`). It is a logistic regression per label (and, on conflict cases, per conflict verdict) over hashed
character n-grams of the response with its answers masked, trained by
`python -m ragstress.scoring.reader train` on labelled responses kept in the repository.
"""

from ragstress.scoring.reader.features import hashed_features, reader_text
from ragstress.scoring.reader.model import HEADS, ReaderModel, ReaderView, bundled_model, head_for, load_model

__all__ = [
    "HEADS",
    "ReaderModel",
    "ReaderView",
    "bundled_model",
    "hashed_features",
    "head_for",
    "load_model",
    "reader_text",
]
