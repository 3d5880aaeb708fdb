"""What every embedding backend shares: the Embedder interface, the bundled model names and helpers.

Backends (ragstress.corpora.st_embedder, bf16, onnx_embedder, e5_embedder) import only this
module; ragstress.corpora.embeddings is the factory that picks among them, so no backend
ever imports the factory back.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np

MINILM_NAME = "all-MiniLM-L6-v2"
# Quantised weights move the vectors, so the int8 variant is a model of its own: never mixed with fp32.
MINILM_INT8_NAME = "all-MiniLM-L6-v2-int8"
E5_NAME = "multilingual-e5-small"


# The bar any backend must meet to stand in for the reference model: the cosine of each of
# its vectors to sentence-transformers' fp32 vector of the same text.
MIN_COSINE = 0.9999


class EmbeddingModelError(ValueError):
    """An embedding model could not be found or loaded (this project never downloads)."""


class Embedder(ABC):
    """Embeds passages and queries into L2-normalised float32 vectors.

    `name` is recorded in the index so that a later run can refuse to mix models;
    `dim` is the vector size; `max_tokens` the content tokens the model sees whole;
    `backend` the engine that computes the vectors (recorded, never compared).
    """

    name: str
    dim: int
    max_tokens: int
    backend: str = "torch"

    @abstractmethod
    def count_tokens(self, text: str) -> int:
        """Content tokens of `text` under the model's own tokenizer."""

    @abstractmethod
    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Embed documents/chunks: array of shape (len(texts), dim), rows of unit length."""

    @abstractmethod
    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed search queries: array of shape (len(texts), dim), rows of unit length."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, dim={self.dim}, max_tokens={self.max_tokens})"


def normalise_rows(vectors: Any, dim: int) -> np.ndarray:
    """Return `vectors` as a contiguous float32 (n, dim) array with unit-length rows."""
    array = np.asarray(vectors, dtype=np.float32).reshape(-1, dim)
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    return np.ascontiguousarray(array / np.maximum(norms, 1e-12))


def encode_by_length(
    texts: Sequence[str], encode_batch, dim: int, batch_size: int, max_chars: int | None = None
) -> np.ndarray:
    """Encode `texts` in batches of similar length, returning rows in the input order.

    Padding makes a batch cost as much as its longest text, so grouping texts of
    similar length wastes far less compute than batching in corpus order. With `max_chars`,
    a batch of short texts grows past `batch_size` up to that many characters (counting each as
    long as the batch's longest): thousands of questions go in a few dozen calls instead of hundreds.
    """
    if not texts:
        return np.zeros((0, dim), dtype=np.float32)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]), reverse=True)
    out = np.empty((len(texts), dim), dtype=np.float32)
    begin = 0
    while begin < len(order):
        size = batch_size
        if max_chars is not None:
            size = max(batch_size, max_chars // max(1, len(texts[order[begin]])))
        batch_ids = order[begin : begin + size]
        out[batch_ids] = normalise_rows(encode_batch([texts[i] for i in batch_ids]), dim)
        begin += size
    return out
