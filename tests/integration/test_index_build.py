"""Incremental index build against a real embedded Chroma and the bundled MiniLM."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.index import register
from ragstress.core.types import Chunk
from ragstress.corpora.chunking import ChunkParams
from ragstress.corpora.embeddings import make_embedder
from ragstress.corpora.loaders import CorpusError
from ragstress.indexing import store as store_module
from ragstress.indexing.build import build_index, default_chunk_params
from ragstress.indexing.collection import EmbeddingMismatchError
from ragstress.indexing.store import IndexStore

DOCS = {
    "volcanoes.txt": (
        "Mount Etna is an active stratovolcano on the east coast of Sicily. It is one of the most active "
        "volcanoes in the world and is in an almost constant state of activity.\n\n"
        "Etna's eruptions are mostly effusive: lava flows descend its slopes while ash plumes rise from "
        "the summit craters. Farmers grow vineyards and orchards on its fertile volcanic soil.\n\n"
        "The volcano was added to the list of UNESCO World Heritage Sites in 2013."
    ),
    "bread.txt": (
        "Sourdough bread is leavened by a culture of wild yeast and lactic acid bacteria called a starter. "
        "The bacteria give the bread its tangy flavour.\n\n"
        "Bakers feed the starter with flour and water every day. A long, cool fermentation overnight "
        "develops flavour and makes the crumb open and chewy.\n\n"
        "Sourdough was the usual way to raise bread until baker's yeast became common in the 19th century."
    ),
    "chess.txt": (
        "Chess is a board game for two players on a checkered board of 64 squares arranged in an eight by "
        "eight grid. Each player begins with sixteen pieces.\n\n"
        "The object is to checkmate the opponent's king. The queen is the most powerful piece, able to move "
        "any number of squares along a rank, file or diagonal.\n\n"
        "Magnus Carlsen became world chess champion in 2013 by defeating Viswanathan Anand."
    ),
    "whales.txt": (
        "The blue whale is a marine mammal and the largest animal known to have ever lived, reaching "
        "lengths of up to 30 metres.\n\n"
        "Blue whales feed almost exclusively on krill, tiny crustaceans, and can eat several tonnes a day "
        "during the summer feeding season in polar waters.\n\n"
        "Commercial whaling brought the species close to extinction before it was protected in 1966."
    ),
}
PARAMS = ChunkParams(size=40, overlap=0, unit="tokens")


def write_corpus(root: Path, docs: dict[str, str] = DOCS) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in docs.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def read_chunks(index_dir: Path) -> list[Chunk]:
    lines = (index_dir / "chunks.jsonl").read_text(encoding="utf-8").splitlines()
    return [Chunk.model_validate_json(line) for line in lines]


@pytest.fixture
def built(tmp_path, counting_minilm):
    corpus, index = write_corpus(tmp_path / "corpus"), tmp_path / "index"
    stats = build_index(corpus, index, counting_minilm, PARAMS)
    return corpus, index, stats


def test_first_build_embeds_every_chunk_and_records_it(built, counting_minilm):
    corpus, index, stats = built
    chunks = read_chunks(index)
    assert stats.documents == 4 and stats.skipped == []
    assert stats.chunks == len(chunks) > 4, "small chunk size should split each document"
    assert stats.embedded == stats.chunks == len(counting_minilm.passages_embedded)
    assert stats.reused == stats.deleted == stats.truncated == 0
    assert [c.doc_id for c in chunks] == sorted(c.doc_id for c in chunks), "chunks.jsonl is in corpus order"
    for chunk in chunks:
        assert counting_minilm.count_tokens(chunk.text) <= PARAMS.size
        assert (corpus / chunk.doc_id).read_text(encoding="utf-8")[chunk.start : chunk.end] == chunk.text

    manifest = json.loads((index / "index.json").read_text(encoding="utf-8"))
    assert manifest["embedding_model"] == "all-MiniLM-L6-v2"
    assert manifest["chunk_params"] == PARAMS.model_dump()
    assert manifest["documents"] == 4 and manifest["chunks"] == len(chunks)

    store = IndexStore.open(index)
    assert store.count() == len(chunks)
    assert sorted(store.all_chunk_ids()) == sorted(c.id for c in chunks)
    assert store.get_chunks([chunks[3].id, chunks[0].id]) == [chunks[3], chunks[0]]
    with pytest.raises(KeyError):
        store.get_chunks(["no-such-chunk"])


def test_query_ranks_the_relevant_document_first(built):
    _, index, _ = built
    store = IndexStore.open(index)
    hits = store.query("What do blue whales eat?", k=3)
    assert len(hits) == 3
    assert hits[0].doc_id == "whales.txt" and "krill" in hits[0].text
    assert 0.0 < hits[0].score <= 1.0 and hits[0].score >= hits[1].score >= hits[2].score
    answers = store.query_many(["Which volcano is in Sicily?", "Who became chess champion in 2013?"], k=1)
    assert [hits[0].doc_id for hits in answers] == ["volcanoes.txt", "chess.txt"]
    # Thousands of queries at once (a large corpus's seeds) go to Chroma in batches, answers in order.
    many = ["Which volcano is in Sicily?", "Who became chess champion in 2013?"] * 700
    assert len(many) > 5 * store_module.QUERY_BATCH
    found = store.query_many(many, k=30)
    assert len(found) == len(many) and [h[0].doc_id for h in found[:2]] == ["volcanoes.txt", "chess.txt"]
    assert [h[0].doc_id for h in found[-2:]] == ["volcanoes.txt", "chess.txt"]


def test_unchanged_rebuild_embeds_nothing(built, counting_minilm):
    corpus, index, first = built
    counting_minilm.reset()
    again = build_index(corpus, index, counting_minilm, PARAMS)
    assert counting_minilm.passage_calls == []
    assert (again.embedded, again.reused, again.deleted, again.chunks) == (0, first.chunks, 0, first.chunks)
    print(f"unchanged rebuild of {again.chunks} chunks: {again.seconds:.3f}s")


def test_editing_a_document_re_embeds_only_its_chunks(built, counting_minilm):
    corpus, index, first = built
    before = read_chunks(index)
    old_bread = {c.id for c in before if c.doc_id == "bread.txt"}
    edited = DOCS["bread.txt"].replace("every day", "twice a day at the same hours")
    (corpus / "bread.txt").write_text(edited, encoding="utf-8")
    counting_minilm.reset()

    stats = build_index(corpus, index, counting_minilm, PARAMS)

    after = read_chunks(index)
    new_bread = [c for c in after if c.doc_id == "bread.txt"]
    old_texts = {c.text for c in before}
    changed = [c.text for c in new_bread if c.text not in old_texts]
    # Only chunks whose text changed are embedded; the rest of the edited document is copied by text.
    assert stats.embedded == len(changed) == len(counting_minilm.passages_embedded) > 0
    assert sorted(counting_minilm.passages_embedded) == sorted(changed)
    assert stats.copied == len(new_bread) - len(changed) > 0
    assert stats.deleted == len(old_bread) and not old_bread & {c.id for c in new_bread}
    assert stats.reused == first.chunks - len(old_bread) + stats.copied
    others = lambda chunks: [c.id for c in chunks if c.doc_id != "bread.txt"]  # noqa: E731
    assert others(after) == others(before)
    assert sorted(IndexStore.open(index).all_chunk_ids()) == sorted(c.id for c in after)
    assert "twice a day" in IndexStore.open(index).query("How often is the starter fed?", k=1)[0].text


def test_removing_a_document_deletes_its_chunks(built, counting_minilm):
    corpus, index, first = built
    chess_ids = {c.id for c in read_chunks(index) if c.doc_id == "chess.txt"}
    (corpus / "chess.txt").unlink()
    counting_minilm.reset()

    stats = build_index(corpus, index, counting_minilm, PARAMS)

    assert (stats.documents, stats.embedded, stats.deleted) == (3, 0, len(chess_ids))
    store = IndexStore.open(index)
    assert not chess_ids & set(store.all_chunk_ids())
    assert store.count() == first.chunks - len(chess_ids)
    assert all(hit.doc_id != "chess.txt" for hit in store.query("checkmate the king", k=10))
    assert all(c.doc_id != "chess.txt" for c in read_chunks(index))


def test_another_embedding_model_is_refused_with_both_names(built):
    corpus, index, _ = built
    e5 = make_embedder("e5")
    with pytest.raises(EmbeddingMismatchError) as refused:
        build_index(corpus, index, e5, default_chunk_params(e5))
    message = str(refused.value)
    assert "all-MiniLM-L6-v2" in message and "multilingual-e5-small" in message
    assert "--embedding" in message and "another index directory" in message
    with pytest.raises(EmbeddingMismatchError, match="all-MiniLM-L6-v2"):
        IndexStore.open(index, embedder="e5")


def test_empty_corpus_fails_and_leaves_the_index_alone(built, tmp_path, counting_minilm):
    _, index, first = built
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(CorpusError, match="no documents"):
        build_index(empty, index, counting_minilm, PARAMS)
    assert IndexStore.open(index).count() == first.chunks
    assert len(read_chunks(index)) == first.chunks


def test_skipped_files_are_reported_and_strict_refuses_them(tmp_path, counting_minilm):
    corpus = write_corpus(tmp_path / "corpus", {"whales.txt": DOCS["whales.txt"]})
    (corpus / "broken.pdf").write_bytes(b"not a pdf at all")
    stats = build_index(corpus, tmp_path / "index", counting_minilm, PARAMS)
    assert stats.documents == 1
    assert [s.path for s in stats.skipped] == ["broken.pdf"] and stats.skipped[0].reason
    with pytest.raises(CorpusError, match="broken.pdf"):
        build_index(corpus, tmp_path / "index", counting_minilm, PARAMS, strict=True)


def cli_app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def test_cli_build_then_search(tmp_path):
    corpus, index = write_corpus(tmp_path / "corpus"), tmp_path / "index"
    runner = CliRunner()
    built = runner.invoke(cli_app(), ["build", str(corpus), "--index", str(index), "--chunk-size", "40"])
    assert built.exit_code == 0, built.output
    assert "all-MiniLM-L6-v2" in built.output and "embedded" in built.output and "truncated" in built.output

    again = runner.invoke(cli_app(), ["build", str(corpus), "--index", str(index), "--chunk-size", "40"])
    assert again.exit_code == 0 and "reused" in again.output

    found = runner.invoke(cli_app(), ["search", str(index), "largest animal ever", "-k", "2"])
    assert found.exit_code == 0, found.output
    assert "whales.txt" in found.output and "score" in found.output


def test_cli_chunks_by_characters_when_asked(tmp_path):
    corpus, index = write_corpus(tmp_path / "corpus"), tmp_path / "index"
    args = [
        "build",
        str(corpus),
        "--index",
        str(index),
        "--chunk-unit",
        "chars",
        "--chunk-size",
        "120",
        "--chunk-overlap",
        "0",
    ]
    result = CliRunner().invoke(cli_app(), args)
    assert result.exit_code == 0, result.output
    chunks = read_chunks(index)
    assert chunks and all(len(c.text) <= 120 for c in chunks)
    assert json.loads((index / "index.json").read_text())["chunk_params"] == {
        "size": 120,
        "overlap": 0,
        "unit": "chars",
    }


def test_cli_errors_exit_2_with_a_message(tmp_path):
    corpus, index = write_corpus(tmp_path / "corpus"), tmp_path / "index"
    runner = CliRunner()
    assert runner.invoke(cli_app(), ["build", str(corpus), "--index", str(index), "--chunk-size", "60"]).exit_code == 0

    mismatch = runner.invoke(cli_app(), ["build", str(corpus), "--index", str(index), "--embedding", "e5"])
    assert mismatch.exit_code == 2 and "all-MiniLM-L6-v2" in mismatch.output and "error" in mismatch.output

    missing = runner.invoke(cli_app(), ["build", str(tmp_path / "nope"), "--index", str(tmp_path / "i2")])
    assert missing.exit_code == 2 and "does not exist" in missing.output
    assert missing.output.startswith("error:")  # the error alone: no progress display was ever shown

    bad_overlap = ["build", str(corpus), "--index", str(index), "--chunk-size", "20", "--chunk-overlap", "30"]
    refused = runner.invoke(cli_app(), bad_overlap)
    assert refused.exit_code == 2 and "overlap (30) must be smaller than size (20)" in " ".join(refused.output.split())

    no_index = runner.invoke(cli_app(), ["search", str(tmp_path / "i3"), "anything"])
    assert no_index.exit_code == 2 and "ragstress build" in no_index.output
