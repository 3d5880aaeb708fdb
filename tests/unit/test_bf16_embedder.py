"""The default MiniLM, whichever backend this CPU gets, stands in for the fp32 reference model."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np
import pytest

import ragstress.corpora.bf16 as bf16
from ragstress import corpora
from ragstress.corpora.embeddings import MINILM_NAME, SentenceTransformerEmbedder, make_embedder

SAMPLES = Path(corpora.__file__).parent / "samples"


def sample_texts() -> list[str]:
    """Passages of both sample corpora (English and Chinese) and every curated question."""
    texts = []
    for lang in ("en", "zh"):
        for doc in sorted((SAMPLES / lang / "docs").glob("*.txt"))[:12]:
            texts += [p.strip() for p in doc.read_text(encoding="utf-8").split("\n\n") if p.strip()]
        seeds = (SAMPLES / lang / "seeds.jsonl").read_text(encoding="utf-8").splitlines()
        texts += [json.loads(line)["question"] for line in seeds if line.strip()]
    return texts


def test_default_minilm_vectors_match_the_fp32_reference():
    default, reference = make_embedder("minilm"), SentenceTransformerEmbedder()
    texts = sample_texts()
    assert len(texts) > 150
    for ours, theirs in (
        (default.embed_passages(texts), reference.embed_passages(texts)),
        (default.embed_queries(texts), reference.embed_queries(texts)),
    ):
        cosines = np.sum(ours * theirs, axis=1)
        print(f"\n{default.backend}: cosine to fp32 min {cosines.min():.6f}, mean {cosines.mean():.6f}")
        assert cosines.min() >= bf16.MIN_COSINE, (default.backend, cosines.min())
    # The same texts rank the same way: the nearest passage of each question does not move.
    questions, passages = texts[-40:], texts[:-40]
    nearest = lambda e: np.argmax(e.embed_queries(questions) @ e.embed_passages(passages).T, axis=1)  # noqa: E731
    assert (nearest(default) == nearest(reference)).mean() >= 0.97


def test_bf16_runs_only_where_the_cpu_advertises_it(tmp_path):
    with_amx, without = tmp_path / "amx", tmp_path / "plain"
    with_amx.write_text("processor\t: 0\nflags\t\t: fpu sse avx2 avx512f amx_bf16 amx_tile amx_int8\n")
    without.write_text("processor\t: 0\nflags\t\t: fpu sse avx2 avx512f avx512_bf16\n")
    assert bf16.cpu_multiplies_bf16(with_amx) and not bf16.cpu_multiplies_bf16(without)
    assert not bf16.cpu_multiplies_bf16(tmp_path / "no-such-file")


def test_bf16_embedder_is_the_same_model_in_bfloat16():
    fast = SentenceTransformerEmbedder(bf16=True)
    reference = SentenceTransformerEmbedder()
    assert (fast.name, fast.dim, fast.max_tokens) == (MINILM_NAME, reference.dim, reference.max_tokens)
    assert fast.backend == "torch-bf16" and reference.backend == "torch"
    vectors = fast.embed_passages(["Paris", "巴黎"])
    assert vectors.dtype == np.float32 and np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_vectors_that_drift_send_the_model_back_to_full_precision(monkeypatch, caplog):
    monkeypatch.setattr(bf16, "cpu_multiplies_bf16", lambda: True)
    monkeypatch.setattr(bf16, "MIN_COSINE", 1.01)  # no backend can pass: the check must refuse it
    with caplog.at_level(logging.WARNING, logger="ragstress.corpora.bf16"):
        assert bf16.bf16_minilm() is None
    assert "using full precision" in caplog.text
    monkeypatch.setattr(bf16, "MIN_COSINE", 0.9999)
    chosen = bf16.bf16_minilm()
    assert chosen is not None and chosen.backend == "torch-bf16"


@pytest.mark.skipif(not bf16.cpu_multiplies_bf16(), reason="this CPU has no AMX-BF16: MiniLM runs in fp32")
def test_this_cpu_gets_the_bf16_default():
    assert make_embedder("minilm").backend == "torch-bf16"


def test_environment_can_turn_the_bf16_path_off(monkeypatch):
    monkeypatch.setattr(bf16, "cpu_multiplies_bf16", lambda: True)
    for off in ("0", "off", "No", "false"):
        monkeypatch.setenv(bf16.DISABLE_ENV, off)
        assert bf16.bf16_disabled() and bf16.bf16_minilm() is None
    monkeypatch.setenv(bf16.DISABLE_ENV, "1")
    assert not bf16.bf16_disabled()
