"""Fixtures shared across test folders."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pytest

from corpora.embeddings import Embedder, make_embedder


class CountingEmbedder(Embedder):
    """Wraps a real embedder and records every text it is asked to embed as a passage."""

    def __init__(self, inner: Embedder):
        self.inner = inner
        self.name, self.dim, self.max_tokens = inner.name, inner.dim, inner.max_tokens
        self.passage_calls: list[list[str]] = []

    @property
    def passages_embedded(self) -> list[str]:
        return [text for call in self.passage_calls for text in call]

    def reset(self) -> None:
        self.passage_calls.clear()

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.passage_calls.append(list(texts))
        return self.inner.embed_passages(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_queries(texts)


@pytest.fixture
def counting_minilm() -> CountingEmbedder:
    """The bundled MiniLM (loaded once per process) behind a call counter."""
    return CountingEmbedder(make_embedder("minilm"))
