"""The ONNX export of all-MiniLM-L6-v2 that `onnx_embedder` runs, made once and cached.

The ONNX file is not shipped: it is exported here from the bundled PyTorch weights
on first use and cached under `<cache>/onnx/<weights-sha>/`. The export folds the
model's mean pooling and L2 normalisation into the graph, so one session run yields
the final vectors. A cached file is trusted only if its sha256 matches the one
recorded beside it when it was written; files are renamed into place, so a crash
mid-export leaves at most a stray temporary file, never a half model.

`int8` precision quantises the exported weights (dynamic int8). It is faster but its
vectors differ measurably from the reference model, so it carries its own model name
and an index built with it is never mixed with full-precision vectors.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

# Bump when the exported graph changes: the cache key includes it, so old exports are not reused.
EXPORT_RECIPE = "mean-pool-l2-opset17-v1"
PRECISIONS = ("fp32", "int8")
_MODEL_FILE = "model-{precision}.onnx"
_RECORD_FILE = "model-{precision}.json"
_log = logging.getLogger(__name__)


class OnnxExportError(RuntimeError):
    """The ONNX model could not be exported or loaded; callers fall back to PyTorch."""


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def weights_key(model_dir: Path) -> str:
    """The cache folder name: a hash of the weights, model config, tokenizer and export recipe."""
    digest = hashlib.sha256(EXPORT_RECIPE.encode())
    for name in ("model.safetensors", "config.json", "tokenizer.json", "1_Pooling/config.json"):
        path = model_dir / name
        if path.is_file():
            digest.update(name.encode() + b"\0" + file_sha256(path).encode())
    return digest.hexdigest()[:24]


@contextlib.contextmanager
def _exclusive(folder: Path) -> Iterator[None]:
    """Hold a lock on `folder` so that concurrent processes export once and the others wait and reuse."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _write_atomically(final: Path, produce) -> None:
    """Let `produce(tmp_path)` write a temporary file beside `final`, then rename it into place."""
    handle, tmp = tempfile.mkstemp(dir=final.parent, prefix=f".{final.name}.", suffix=".tmp")
    os.close(handle)
    try:
        produce(Path(tmp))
        with open(tmp, "rb") as written:
            os.fsync(written.fileno())
        os.replace(tmp, final)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def cached_model_is_valid(folder: Path, precision: str) -> bool:
    """True if the model file exists and matches the sha256 recorded when it was written."""
    model, record = folder / _MODEL_FILE.format(precision=precision), folder / _RECORD_FILE.format(precision=precision)
    try:
        recorded = json.loads(record.read_text(encoding="utf-8"))
        return model.stat().st_size == recorded["bytes"] and file_sha256(model) == recorded["sha256"]
    except (OSError, ValueError, KeyError, TypeError):
        return False


def _export_fp32(model_dir: Path, target: Path) -> None:
    try:
        import onnx  # noqa: F401  (torch's exporter needs it; failing here gives the clearer message)
        import torch
        from transformers import AutoModel
    except ImportError as error:
        raise OnnxExportError(f"cannot export to ONNX: {error}") from error

    class Pooled(torch.nn.Module):
        """The transformer plus the sentence-transformers head: masked mean, then unit length."""

        def __init__(self, transformer):
            super().__init__()
            self.transformer = transformer

        def forward(self, input_ids, attention_mask, token_type_ids):
            hidden = self.transformer(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            mean = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, p=2.0, dim=1)

    # Eager attention: the fused kernels trace into graphs the TorchScript exporter handles less well.
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # a per-tensor loading bar would interleave with our CLI's progress
    transformer = AutoModel.from_pretrained(str(model_dir), local_files_only=True, attn_implementation="eager")
    model = Pooled(transformer).eval()
    sample = torch.ones((2, 8), dtype=torch.long)
    # A padded row in the sample: an all-ones mask lets the tracer drop the masking as a constant.
    mask = sample.clone()
    mask[1, 5:] = 0
    axes = {0: "batch", 1: "tokens"}
    raw = target.with_name(target.name + ".raw")
    try:
        # Tracer warnings (shape-dependent branches, a deprecated exporter) are about our fixed recipe, not the user's data.
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                model,
                (sample, mask, torch.zeros_like(sample)),
                str(raw),
                dynamo=False,
                opset_version=17,
                input_names=["input_ids", "attention_mask", "token_type_ids"],
                output_names=["embedding"],
                dynamic_axes={
                    "input_ids": axes,
                    "attention_mask": axes,
                    "token_type_ids": axes,
                    "embedding": {0: "batch"},
                },
            )
        _fuse_bert_operators(raw, target, transformer.config)
    finally:
        raw.unlink(missing_ok=True)


def _fuse_bert_operators(source: Path, target: Path, config) -> None:
    """Rewrite attention, GELU and layer norms into ONNX Runtime's fused kernels (same arithmetic, fewer passes)."""
    from onnxruntime.transformers import optimizer

    with _quiet_logging():
        fused = optimizer.optimize_model(
            str(source),
            model_type="bert",
            num_heads=config.num_attention_heads,
            hidden_size=config.hidden_size,
            opt_level=1,
        )
        fused.save_model_to_file(str(target))


@contextlib.contextmanager
def _quiet_logging() -> Iterator[None]:
    # The optimiser and quantiser log advice at WARNING level through the root logger: not news for our users.
    logging.disable(logging.WARNING)
    try:
        yield
    finally:
        logging.disable(logging.NOTSET)


def _quantise(source: Path, target: Path) -> None:
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # The fused kernels are not in ONNX's own type inference; their tensors are float32 like the rest.
    with _quiet_logging():
        quantize_dynamic(
            str(source),
            str(target),
            weight_type=QuantType.QInt8,
            extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
        )


def ensure_exported(model_dir: Path, cache_root: Path, precision: str = "fp32") -> Path:
    """Path of a verified ONNX export of `model_dir` at `precision`, exporting it first if needed."""
    if precision not in PRECISIONS:
        raise ValueError(f"precision must be one of {PRECISIONS}, got {precision!r}")
    folder = Path(cache_root) / "onnx" / weights_key(Path(model_dir))
    final = folder / _MODEL_FILE.format(precision=precision)
    if cached_model_is_valid(folder, precision):
        return final
    # int8 is quantised from the fp32 export, fetched before taking the lock (flock does not nest).
    source = ensure_exported(model_dir, cache_root, "fp32") if precision != "fp32" else None
    with _exclusive(folder):
        # Another process may have finished the export while we waited for the lock.
        if not cached_model_is_valid(folder, precision):
            # Seconds of silence on a first run deserve a word; later runs reuse the file quietly.
            _log.warning("note: exporting the embedding model to ONNX (%s) once, into %s", precision, folder)
            if source is None:
                _write_exported(folder, precision, lambda tmp: _export_fp32(Path(model_dir), tmp))
            else:
                _write_exported(folder, precision, lambda tmp: _quantise(source, tmp))
    return final


def _write_exported(folder: Path, precision: str, produce) -> None:
    model = folder / _MODEL_FILE.format(precision=precision)
    try:
        _write_atomically(model, produce)
    except OnnxExportError:
        raise
    except Exception as error:  # the exporter raises many unrelated types; all mean "no ONNX model"
        raise OnnxExportError(f"ONNX export of {model.name} failed: {type(error).__name__}: {error}") from error
    # The record is written last: a model without a matching record is re-exported.
    record = {"sha256": file_sha256(model), "bytes": model.stat().st_size, "recipe": EXPORT_RECIPE}
    _write_atomically(
        folder / _RECORD_FILE.format(precision=precision),
        lambda tmp: tmp.write_text(json.dumps(record, indent=2), encoding="utf-8"),
    )
