"""Incremental builds reuse vectors by chunk text: an edit re-embeds only the chunks whose text changed."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ragstress.corpora.chunking import ChunkParams
from ragstress.corpora.embeddings import MIN_COSINE
from ragstress.indexing.build import build_index
from ragstress.indexing.store import IndexStore

PARAMS = ChunkParams(size=30, overlap=0, unit="tokens")
PARAGRAPHS = [
    "Glaciers form where snow accumulates faster than it melts, compacting over centuries into dense ice.",
    "A glacier flows under its own weight, sliding over meltwater at its base and deforming internally.",
    "Crevasses open where the ice speeds up or bends, and they can be tens of metres deep.",
    "Moraines are ridges of rock and soil that a glacier pushes ahead of it or leaves along its sides.",
    "Meltwater from glaciers feeds rivers that supply drinking water to hundreds of millions of people.",
    "Since the nineteenth century most mountain glaciers have retreated as summers grew warmer.",
]
OTHER = "Lighthouses guided ships with fires and later lamps and lenses.\n\nThe Fresnel lens focused light into a beam."


def _corpus(root: Path, paragraphs: list[str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "glaciers.txt").write_text("\n\n".join(paragraphs), encoding="utf-8")
    (root / "lighthouses.txt").write_text(OTHER, encoding="utf-8")
    return root


def _collection(index: Path) -> dict[str, tuple[str, np.ndarray]]:
    got = IndexStore.open(index).collection.get(include=["documents", "embeddings"])
    return {cid: (text, np.asarray(vec)) for cid, text, vec in zip(got["ids"], got["documents"], got["embeddings"])}


def test_an_edit_in_the_middle_embeds_only_the_changed_chunk(tmp_path, counting_minilm):
    corpus = _corpus(tmp_path / "corpus", PARAGRAPHS)
    index = tmp_path / "index"
    first = build_index(corpus, index, counting_minilm, PARAMS)
    # One chunk per glacier paragraph (each near the 30-token size), one for the short lighthouse file.
    assert first.embedded == first.chunks == len(PARAGRAPHS) + 1 and first.copied == 0

    edited = list(PARAGRAPHS)
    edited[2] = "Crevasses open where the ice accelerates or bends over a rock step, some forty metres deep."
    _corpus(corpus, edited)
    counting_minilm.reset()
    second = build_index(corpus, index, counting_minilm, PARAMS)

    # Every glacier chunk has a new id (the document's sha changed), yet only the edited text is embedded.
    assert counting_minilm.passages_embedded == [edited[2]]
    assert (second.embedded, second.chunks) == (1, first.chunks)
    assert second.copied == len(PARAGRAPHS) - 1
    assert second.reused == second.chunks - 1 and second.deleted == len(PARAGRAPHS)

    fresh_index = tmp_path / "fresh"
    build_index(corpus, fresh_index, counting_minilm, PARAMS)
    incremental, fresh = _collection(index), _collection(fresh_index)
    assert sorted(incremental) == sorted(fresh)
    for cid, (text, vector) in fresh.items():
        assert incremental[cid][0] == text
        # The copied vector is this text's own: as close to a fresh one as any two runs of the model
        # (bfloat16 kernels round differently by batch shape), far from any other chunk's.
        assert float(np.dot(incremental[cid][1], vector)) >= MIN_COSINE


def test_duplicate_texts_are_embedded_once_and_moved_files_cost_nothing(tmp_path, counting_minilm):
    corpus = _corpus(tmp_path / "corpus", PARAGRAPHS)
    # The same paragraph in a second file: one embedding serves both chunks.
    (corpus / "copy.txt").write_text(PARAGRAPHS[0], encoding="utf-8")
    index = tmp_path / "index"
    first = build_index(corpus, index, counting_minilm, PARAMS)
    assert counting_minilm.passages_embedded.count(PARAGRAPHS[0]) == 1
    assert first.embedded == first.chunks - 1 and first.copied == 1

    (corpus / "lighthouses.txt").rename(corpus / "moved-lighthouses.txt")
    counting_minilm.reset()
    moved = build_index(corpus, index, counting_minilm, PARAMS)
    assert counting_minilm.passage_calls == [] and moved.embedded == 0
    assert moved.copied == 1 and moved.deleted == 1 and moved.reused == moved.chunks
    hit = IndexStore.open(index).query("What focused a lighthouse's light into a beam?", k=1)[0]
    assert hit.doc_id == "moved-lighthouses.txt"


def test_unchanged_documents_keep_their_chunk_boundaries_without_being_chunked_again(
    tmp_path, counting_minilm, monkeypatch
):
    import ragstress.indexing.build as index_build

    chunked: list[str] = []
    real_chunk_document = index_build.chunk_document

    def counted(doc, params, count_tokens):
        chunked.append(doc.id)
        return real_chunk_document(doc, params, count_tokens)

    monkeypatch.setattr(index_build, "chunk_document", counted)
    corpus = _corpus(tmp_path / "corpus", PARAGRAPHS)
    index = tmp_path / "index"
    build_index(corpus, index, counting_minilm, PARAMS)
    assert sorted(chunked) == ["glaciers.txt", "lighthouses.txt"]
    first_chunks = (index / "chunks.jsonl").read_bytes()

    chunked.clear()
    again = build_index(corpus, index, counting_minilm, PARAMS)
    assert chunked == [] and again.truncated == 0 and (index / "chunks.jsonl").read_bytes() == first_chunks

    (corpus / "lighthouses.txt").write_text(OTHER + "\n\nModern lighthouses run on their own.", encoding="utf-8")
    chunked.clear()
    build_index(corpus, index, counting_minilm, PARAMS)
    assert chunked == ["lighthouses.txt"]  # only the edited document is chunked again
    fresh = tmp_path / "fresh"
    build_index(corpus, fresh, counting_minilm, PARAMS)
    assert (index / "chunks.jsonl").read_bytes() == (fresh / "chunks.jsonl").read_bytes()

    # Other chunk sizes make other boundaries: nothing is reused.
    chunked.clear()
    other_size = ChunkParams(size=20, overlap=0, unit="tokens")
    build_index(corpus, index, counting_minilm, other_size)
    assert sorted(chunked) == ["glaciers.txt", "lighthouses.txt"]
    build_index(corpus, tmp_path / "fresh-20", counting_minilm, other_size)
    assert (index / "chunks.jsonl").read_bytes() == (tmp_path / "fresh-20" / "chunks.jsonl").read_bytes()
