"""Generation yield and quality with only the bundled models (`--only generation`).

For the two bundled samples and two real corpora that Debian packages ship (the
Python manual, Chinese man pages), it builds an index, generates seeds with no seed
file (in-situ questions, the bundled SmolLM2-135M as judge, no polish) and reports
verified seeds per 100 chunks, the in-situ share and each gate's pass rate.

Quality is read, not computed: the run writes a blind-read sample of each corpus's seeds (40
drawn with a fixed seed, each {n, question, answers, chunk}, no origin or template), and the
share read as well-formed, answerable and answered right comes from the readers' verdicts
committed in `docs/blind_reads/` (the shared blind-read protocol: docs/generation.md). A verdict
counts only for a question that this run produced word for word, so a change in the synthesis
that alters questions shows up as unread ones instead of stale figures.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path

from ragstress.core.jsonl import write_text
from ragstress.perf import Row, at_least, info

SECTION = "generation"
PACKAGE = Path(__file__).resolve().parents[1]
SAMPLES = PACKAGE / "corpora" / "samples"
READINGS = PACKAGE.parents[1] / "docs" / "blind_reads"  # a checkout's docs/
SAMPLE_PER_CORPUS = 40
MIN_SEEDS, MIN_WELL_FORMED = 30, 0.85
# Verified seeds per 100 chunks: the samples are encyclopaedic prose, the packaged corpora manuals.
# The samples' floor guards against a collapse, not a target: a sentence that makes no natural
# standalone question is not asked (English: about half the sample's chunks give none).
MIN_YIELD = {"sample-en": 35.0, "sample-zh": 60.0, "python-docs": 15.0, "manpages-zh": 15.0}


def _corpora(quick: bool, workdir: Path) -> list[tuple[str, str, Path]]:
    """(name, language, folder) of every corpus measured; the packaged ones only when installed."""
    from ragstress.perf.ingest_corpora import CorpusUnavailable, native_sources, write_subset

    corpora = [("sample-en", "en", SAMPLES / "en" / "docs"), ("sample-zh", "zh", SAMPLES / "zh" / "docs")]
    # A manual's pages differ widely (entry lists, prose, grammar): a million characters, every k-th page,
    # yields about what the whole manual does (Python manual: 19.5 against 17.0 per 100 chunks).
    chars = 30_000 if quick else 1_000_000
    # In their own formats (reStructuredText, roff), read by the readers a user's build applies.
    for name, lang in (("python-docs", "en"), ("manpages-zh", "zh")):
        try:
            folder = workdir / name
            write_subset(native_sources(lang), chars, folder)
            corpora.append((name, lang, folder))
        except (CorpusUnavailable, OSError) as error:
            print(f"   {name}: skipped ({error})", flush=True)
    return corpora


async def _generate(
    folder: Path, workdir: Path, server, judge_insitu: bool | None = None
) -> tuple[dict, list[tuple[str, list[list[str]], str]], float]:
    """Build and generate on one corpus: (its generation_stats, (question, answers, source passages) of each
    seed, seconds).

    `judge_insitu=True` also asks the bundled judge about in-situ candidates (the path before it
    was dropped there), for the speed comparison."""
    from ragstress.generators.testset import GenerateOptions, generate_testset, load_chunks
    from ragstress.indexing.build import build_index, choose_embedder, default_chunk_params
    from ragstress.indexing.store import IndexStore
    from ragstress.llm import ClientSettings, LLMSession, resolve_endpoint

    index = workdir / "index"
    embedder = choose_embedder(folder, index, None)
    build_index(folder, index, embedder, default_chunk_params(embedder))
    store = IndexStore.open(index)
    endpoints = {role: resolve_endpoint(role, {}) for role in ("generator", "judge")}
    n_chunks = len(load_chunks(store))
    # As many seeds as chunks, so the yield is not capped by the number wanted.
    options = GenerateOptions(
        testbeds=("noise",), n_seeds=n_chunks, n_pairs=0, candidates_per_seed=2, judge_insitu=judge_insitu
    )
    started = time.perf_counter()
    async with LLMSession(endpoints, ClientSettings(timeout_s=120), local=server) as llm:
        result = await generate_testset(store, llm, workdir / "testset", options)
    seconds = time.perf_counter() - started
    texts = {c.id: c.text for c in load_chunks(store)}
    read = [(s.question, s.answers, "\n\n---\n\n".join(texts[cid] for cid in s.chunk_ids)) for s in result.seeds]
    return result.manifest["generation_stats"], read, seconds


def blind_sample(items: list, n: int, seed: int = 13) -> list:
    """Up to `n` items in a shuffled order that hides how they were made."""
    picked = list(items)
    random.Random(seed).shuffle(picked)
    return picked[:n]


def read_judgements(folder: Path = READINGS) -> dict[str, bool]:
    """The readers' verdicts: question -> well-formed, answerable and its answer right ("all three").

    Only verdicts under the current protocol count (they say all three); earlier readings kept in
    the folder for the record say less, so their questions stay unread here. Files are read in name
    order (dated rounds), so a question read again keeps its latest verdict."""
    rows = [
        json.loads(line)
        for path in sorted(folder.glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    return {
        r["question"]: bool(r["well_formed"] and r["answerable"] and r["answer_ok"]) for r in rows if "answer_ok" in r
    }


def _speed(folder: Path, workdir: Path, server, kept: int | None, seconds: float) -> Row:
    """Seeds per minute on the English sample, against the path that also judged in-situ seeds (same run)."""
    stats, _, before = asyncio.run(_generate(folder, workdir / "run-sample-en-judged", server, judge_insitu=True))
    earlier = (stats["by_lang"].get("en") or {}).get("kept")
    ours = 60 * (kept or 0) / seconds if seconds else None
    reference = 60 * (earlier or 0) / before if before else None
    note = f"{kept} seeds in {seconds:.0f} s; with the judge asked about in-situ seeds {earlier} in {before:.0f} s"
    return at_least(SECTION, "offline seeds per minute (sample-en)", ours, reference, "seeds/min", 5.0, note)


def measure(quick: bool, workdir: Path) -> list[Row]:
    from ragstress.llm import LocalModelServer

    workdir.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    judgements = read_judgements()
    server = LocalModelServer()
    try:
        for name, lang, folder in _corpora(quick, workdir):
            stats, questions, seconds = asyncio.run(_generate(folder, workdir / f"run-{name}", server))
            mine = stats["by_lang"].get(lang) or {}
            # Every chunk counts, whatever language it was detected as (a man page's English lines too).
            chunks = sum(row["chunks"] for row in stats["by_lang"].values())
            kept = sum(row["kept"] for row in stats["by_lang"].values())
            candidates = sum(row["candidates"] for row in stats["by_lang"].values())
            per_100 = round(100 * kept / chunks, 2) if chunks else None
            note = f"{kept} seeds of {chunks} chunks, {candidates} candidates, {seconds:.0f} s, bundled judge"
            rows.append(
                at_least(
                    SECTION, f"verified seeds per 100 chunks ({name})", per_100, MIN_YIELD[name], "seeds", 1.0, note
                )
            )
            mix = (mine.get("question_types") or {}).get("template", {})
            rows.append(
                info(
                    SECTION,
                    f"question templates ({name})",
                    len(mix),
                    "templates",
                    note=", ".join(f"{k} {v}" for k, v in mix.items()),
                )
            )
            rows.append(
                info(
                    SECTION,
                    f"in-situ share of kept seeds ({name})",
                    (mine.get("share_by_path") or {}).get("insitu"),
                    "share",
                )
            )
            for gate, row in (mine.get("gates") or {}).items():
                rows.append(
                    info(
                        SECTION,
                        f"{gate} pass rate ({name})",
                        row["pass_rate"],
                        "share",
                        note=f"{row['passed']}/{row['tried']}",
                    )
                )
            if name == "sample-en":
                rows.append(_speed(folder, workdir, server, mine.get("kept"), seconds))
            if name.startswith("sample-"):
                rows.append(
                    at_least(
                        SECTION, f"verified seeds, no seed file ({name})", mine.get("kept"), MIN_SEEDS, "seeds", 1.0
                    )
                )
            sample = blind_sample(questions, SAMPLE_PER_CORPUS)
            lines = [{"n": n, "question": q, "answers": a, "chunk": p} for n, (q, a, p) in enumerate(sample, 1)]
            write_text(
                workdir / f"blind-read-{name}.jsonl", "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)
            )
            read = [judgements[q] for q, _, _ in sample if q in judgements]
            share = sum(read) / len(read) if read else None
            note = f"{sum(read)}/{len(read)} read well-formed, answerable and right; {len(sample) - len(read)} unread"
            figure = f"well-formed, answerable and answer right, blind read ({name})"
            rows.append(at_least(SECTION, figure, share, MIN_WELL_FORMED, "share", 1.0, note))
    finally:
        server.stop()
    return rows
