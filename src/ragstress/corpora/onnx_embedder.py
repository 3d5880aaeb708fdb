"""all-MiniLM-L6-v2 through ONNX Runtime: the same vectors as sentence-transformers, in less CPU time.

The model file comes from `onnx_export` (exported once from the bundled weights and
cached). Texts are cut into runs of near-equal length that fit a token budget, and
the runs go to several single-threaded sessions at once (one stream per core): a
small encoder's kernels are too short to split well across cores, so independent
runs use the cores better than one session whose every kernel waits for all of them.
"""

from __future__ import annotations

import functools
import os
import queue
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from ragstress.corpora.embedding_base import Embedder, normalise_rows
from ragstress.corpora.onnx_export import OnnxExportError, ensure_exported

__all__ = ["OnnxEmbedder", "OnnxExportError", "batch_tokens_for", "token_batches"]

# Tokens per session run and core. Measured on 2-core AMD EPYC (AVX2) over the Python manual's
# 200-token chunks: 8 chunks of ~160 tokens per run beat 16 and 32, as a small batch's
# activations stay in the per-core caches; single chunks lose to per-run overhead.
TOKENS_PER_CORE = 640


def batch_tokens_for(cores: int) -> int:
    """The padded-token budget of one session run on `cores` cores."""
    return TOKENS_PER_CORE * max(1, cores)


def token_batches(lengths: Sequence[int], budget: int) -> Iterator[range]:
    """Split positions of `lengths` (sorted longest first) into runs whose padded size fits `budget`.

    A run pads every row to its first (longest) row, so its cost is rows x that width;
    a single row longer than the budget still forms a run of its own.
    """
    begin = 0
    while begin < len(lengths):
        rows = max(1, budget // max(lengths[begin], 1))
        end = min(len(lengths), begin + rows)
        yield range(begin, end)
        begin = end


class OnnxEmbedder(Embedder):
    """A sentence-transformers BERT model with mean pooling, run by ONNX Runtime from a cached export.

    Tokenises with the model's own tokenizer.json and cuts at `max_length` tokens
    including [CLS]/[SEP], exactly as sentence-transformers does with max_seq_length.
    `streams` sessions run at once, sharing `threads` cores (default: one stream per core).
    """

    def __init__(
        self,
        model_dir: Path,
        cache_root: Path,
        *,
        name: str,
        precision: str = "fp32",
        max_length: int = 256,
        batch_tokens: int | None = None,
        threads: int | None = None,
        streams: int | None = None,
    ):
        from tokenizers import Tokenizer

        self.name, self.precision, self.backend = name, precision, f"onnx-{precision}"
        self.onnx_path = ensure_exported(Path(model_dir), Path(cache_root), precision)
        tokenizer_file = str(Path(model_dir) / "tokenizer.json")
        self._counter = Tokenizer.from_file(tokenizer_file)
        self._counter.no_truncation()
        self._counter.no_padding()
        self._tokenizer = Tokenizer.from_file(tokenizer_file)
        self._tokenizer.enable_truncation(max_length=max_length)
        self._tokenizer.no_padding()
        cores = threads or len(os.sched_getaffinity(0))
        self.streams = max(1, min(streams or cores, cores))
        threads_per_stream = max(1, cores // self.streams)
        self.path = f"{self.backend}, {self.streams} stream(s) x {threads_per_stream} thread(s)"
        # A session serves one run at a time; a stream takes whichever session is free.
        self._sessions: queue.SimpleQueue = queue.SimpleQueue()
        for _ in range(self.streams):
            self._sessions.put(self._load_session(threads_per_stream))
        self._pool = ThreadPoolExecutor(self.streams, "onnx-stream") if self.streams > 1 else None
        session = self._sessions.get()
        self.dim = int(session.get_outputs()[0].shape[-1])
        self._sessions.put(session)
        self.max_tokens = max_length - len(self._counter.encode("", add_special_tokens=True).ids)
        self._batch_tokens = batch_tokens or batch_tokens_for(threads_per_stream)

    def _load_session(self, threads: int):
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        # One graph, one stream of kernels: the session's cores go to the matrix products inside each kernel.
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # notes about unused initialisers are not the user's business
        try:
            return onnxruntime.InferenceSession(str(self.onnx_path), options, providers=["CPUExecutionProvider"])
        except Exception as error:  # onnxruntime raises its own unrelated types for an unreadable model
            raise OnnxExportError(f"ONNX Runtime cannot load {self.onnx_path}: {error}") from error

    @functools.lru_cache(maxsize=16384)
    def count_tokens(self, text: str) -> int:
        return len(self._counter.encode(text, add_special_tokens=False).ids)

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        encodings = self._tokenizer.encode_batch(list(texts))
        # Batches of near-equal token length waste little on padding; the order is restored on the way out.
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids), reverse=True)
        runs = [
            [order[i] for i in rows]
            for rows in token_batches([len(encodings[i].ids) for i in order], self._batch_tokens)
        ]

        def embed_run(chosen: list[int]) -> None:
            out[chosen] = normalise_rows(self._run([encodings[i] for i in chosen]), self.dim)

        if self._pool is None or len(runs) == 1:
            for chosen in runs:
                embed_run(chosen)
        else:
            list(self._pool.map(embed_run, runs))  # list(): re-raise the first error here
        return out

    def _run(self, encodings) -> np.ndarray:
        width = len(encodings[0].ids)  # the longest: batches come longest first
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask, types = np.zeros_like(ids), np.zeros_like(ids)
        for row, encoding in enumerate(encodings):
            n = len(encoding.ids)
            ids[row, :n], mask[row, :n], types[row, :n] = encoding.ids, encoding.attention_mask, encoding.type_ids
        session = self._sessions.get()
        try:
            return session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})[0]
        finally:
            self._sessions.put(session)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        # all-MiniLM-L6-v2 has no query or passage prompt: both sides are embedded alike.
        return self._embed(texts)
