"""A four-document index for e2e and baseline tests (chunks of 40 tokens, no overlap)."""

from __future__ import annotations

from pathlib import Path

from ragstress.core.jsonl import read_records
from ragstress.core.types import Chunk
from ragstress.corpora.chunking import ChunkParams
from ragstress.indexing.build import build_index

DOCS = {
    "etna.txt": (
        "Mount Etna is an active stratovolcano on the east coast of Sicily, one of the most active volcanoes "
        "in the world.\n\nFarmers grow vineyards and orchards on the fertile volcanic soil of its slopes.\n\n"
        "Mount Etna was added to the list of UNESCO World Heritage Sites in 2013."
    ),
    "vesuvius.txt": (
        "Mount Vesuvius is a volcano on the Gulf of Naples in Campania, Italy.\n\n"
        "Its eruption in the year 79 buried the Roman towns of Pompeii and Herculaneum under ash."
    ),
    "bread.txt": (
        "Sourdough bread is leavened by a culture of wild yeast and lactic acid bacteria called a starter.\n\n"
        "Bakers feed the starter with flour and water every day."
    ),
    "whales.txt": (
        "The blue whale is the largest animal known to have ever lived, reaching lengths of up to 30 metres.\n\n"
        "Blue whales feed almost exclusively on krill."
    ),
}
PARAMS = ChunkParams(size=40, overlap=0, unit="tokens")


def build_small_index(root: Path, embedder) -> tuple[Path, list[Chunk]]:
    """Write the corpus under `root`, build `root/index` with `embedder`; returns the index dir and its chunks."""
    corpus = root / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for name, text in DOCS.items():
        (corpus / name).write_text(text, encoding="utf-8")
    index = root / "index"
    build_index(corpus, index, embedder, PARAMS)
    return index, read_records(index / "chunks.jsonl", Chunk)


def chunk_with(chunks: list[Chunk], text: str) -> Chunk:
    """The one chunk containing `text`."""
    (found,) = [c for c in chunks if text in c.text]
    return found
