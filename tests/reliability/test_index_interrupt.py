"""`kill -9` of the real `ragstress build` while it embeds; the next build repairs the index."""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest
from chromadb.api.client import SharedSystemClient

from ragstress import corpora
from ragstress.core.jsonl import read_records
from ragstress.core.types import Chunk
from ragstress.indexing.collection import (
    BUILDING_NAME,
    CHROMA_DIRNAME,
    COLLECTION_NAME,
    StoreError,
    iter_collection_ids,
    open_chroma,
)
from ragstress.indexing.store import IndexStore

SAMPLE_DOCS = Path(corpora.__file__).parent / "samples" / "en" / "docs"


def test_a_build_killed_mid_embedding_is_finished_by_the_next_build(tmp_path, cli, rel):
    rng = random.Random(5)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    # ~200 chunks, four batches of 64, so a kill after the first batch lands mid-build even where
    # embedding is fast. MiniLM is uncased: the capitalised copies cost a real embedding each (their
    # texts differ) and rank like their originals.
    for doc in sorted(SAMPLE_DOCS.glob("*.txt")):
        (corpus / doc.name).write_bytes(doc.read_bytes())
        (corpus / f"{doc.stem}-caps.txt").write_text(doc.read_text(encoding="utf-8").upper(), encoding="utf-8")
    index = tmp_path / "index"
    database = index / CHROMA_DIRNAME / "chroma.sqlite3"
    _kill_build_once_it_stores(cli, rel, corpus, index, rng, already=0)
    assert not (index / "index.json").exists() and not (index / "chunks.jsonl").exists(), (
        "the build was not interrupted"
    )
    collection = _fresh(open_chroma, index).get_collection(COLLECTION_NAME, embedding_function=None)
    partial = len(list(iter_collection_ids(collection)))
    assert partial > 0

    # Before the repair, the index says what to do rather than serve a half-built collection.
    with pytest.raises(StoreError, match="run `ragstress build` first"):
        _fresh(IndexStore.open, index)
    repaired = cli.run("build", corpus, "--index", index)
    assert repaired.returncode == 0, repaired.stderr
    reused = int(re.search(r"reused\s*│\s*(\d+)", repaired.stdout)[1])
    embedded = int(re.search(r"embedded\s*│\s*(\d+)", repaired.stdout)[1])
    assert reused == partial  # what the killed build upserted is kept, not embedded twice

    chunks = read_records(index / "chunks.jsonl", Chunk)
    store = _fresh(IndexStore.open, index)
    assert (
        sorted(store.all_chunk_ids()) == sorted(c.id for c in chunks)
        and store.count() == len(chunks) == reused + embedded
    )
    stored = store.get_chunks([c.id for c in chunks])
    assert [s.text for s in stored] == [c.text for c in chunks]
    hit = store.query("Who were the first people to walk on the Moon?", k=3)[0]
    assert hit.doc_id.startswith("apollo_11"), hit
    print(f"\nbuild killed after {partial} of {len(chunks)} chunks were stored; the next build embedded {embedded}")

    # Now a rebuild over an edited corpus dies half-way: the old index.json and chunks.jsonl are still
    # there, but the collection already holds some new chunks and all the stale ones.
    for doc in corpus.glob("*.txt"):
        doc.write_text("Revised edition.\n\n" + doc.read_text(encoding="utf-8"), encoding="utf-8")
    _kill_build_once_it_stores(cli, rel, corpus, index, rng, already=_stored(database))
    with pytest.raises(StoreError, match="did not finish.*run `ragstress build` on its corpus again"):
        _fresh(IndexStore.open, index)
    finished = cli.run("build", corpus, "--index", index)
    assert finished.returncode == 0, finished.stderr
    chunks = read_records(index / "chunks.jsonl", Chunk)
    store = _fresh(IndexStore.open, index)
    assert sorted(store.all_chunk_ids()) == sorted(c.id for c in chunks)  # new chunks in, stale ones gone
    assert all(c.text.startswith("Revised edition.") for c in chunks if c.start == 0)
    assert store.query("Who were the first people to walk on the Moon?", k=3)[0].doc_id.startswith("apollo_11")


def _kill_build_once_it_stores(cli, rel, corpus: Path, index: Path, rng: random.Random, already: int) -> None:
    """Start `ragstress build`, SIGKILL it once it has stored a batch beyond `already`, while the next one embeds."""
    database = index / CHROMA_DIRNAME / "chroma.sqlite3"
    process = cli.start("build", corpus, "--index", index)
    try:
        deadline = time.monotonic() + 180
        while _stored(database) <= already:
            assert process.poll() is None, (
                f"the build ended before it could be killed: {process.stderr.read().decode()}"
            )
            assert time.monotonic() < deadline, "no chunk was stored within 180s"
            time.sleep(0.05)
        time.sleep(rng.uniform(0, 0.3))
        os.kill(process.pid, signal.SIGKILL)
    finally:
        rel.kill_hard(process)
    assert (index / BUILDING_NAME).exists(), "the build was not interrupted"


def _stored(database: Path) -> int:
    """The last write Chroma committed (its log only grows), read without waiting on the writer: 0 if none yet."""
    if not database.exists():
        return 0
    try:
        with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=0)) as connection:
            return connection.execute("SELECT COALESCE(MAX(seq_id), 0) FROM embeddings_queue").fetchone()[0]
    except sqlite3.Error:  # not created yet, or locked by a commit in progress
        return 0


def _fresh(opener, index: Path):
    """Open `index` as a new reader would: Chroma keeps one client per path in a process, and its cached
    vector index would still show what the collection held before another process rebuilt it."""
    SharedSystemClient.clear_system_cache()
    return opener(index)
