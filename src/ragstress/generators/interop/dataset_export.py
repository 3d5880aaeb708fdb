"""Export a test set as a publishable dataset: JSONL splits per testbed, a dataset card, provenance per item.

The folder loads as is with the Hugging Face `datasets` library (`load_dataset(DIR)`):
`data/<testbed>.jsonl` are the splits, named in the card's YAML header. Each row is
one case with flat fields plus `provenance` (seed, source chunks and documents, rng
seed) and `params_json` (the case's params, verbatim, so nothing is lost).

The card (README.md) records the licence the user gives, the corpus fingerprint,
the generator and judge models, prompt shas, the random seed, gate statistics,
counts per testbed / noise ratio / language, the near-duplicate rate of questions,
how many source documents the seeds cover, and the mix of question types.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ragstress.core.jsonl import read_records
from ragstress.core.rundir import CASES_FILE, CHUNKS_FILE, SEEDS_FILE, TESTSET_MANIFEST
from ragstress.core.types import Case, Chunk, SeedQuestion
from ragstress.values.spans import trigram_similarity, trigrams

_EN_TYPES = (
    "how many",
    "how much",
    "how tall",
    "how long",
    "what year",
    "which year",
    "when",
    "who",
    "where",
    "which",
    "what",
    "how",
)
_ZH_TYPES = ("哪一年", "哪一天", "什么时候", "多少", "谁", "哪里", "哪个", "什么", "几")


class ExportError(ValueError):
    """The source is not a test set or run directory, or the options are unusable."""


@dataclass(frozen=True)
class ExportSummary:
    """What was written: the folder, rows per split and the card's path."""

    out: Path
    splits: dict[str, int]
    card: Path


def find_testset(source: Path) -> tuple[Path, Path | None]:
    """(test set folder, chunks.jsonl or None) for a test set folder or a run directory holding `testset/`."""
    source = Path(source)
    for folder in (source, source / "testset"):
        if (folder / CASES_FILE).is_file() and (folder / TESTSET_MANIFEST).is_file():
            chunks = source / "index" / CHUNKS_FILE
            return folder, chunks if chunks.is_file() else None
    raise ExportError(f"{source}: no {CASES_FILE} with {TESTSET_MANIFEST} here or in {source / 'testset'}")


def question_type(question: str, lang: str) -> str:
    """A coarse question type: the wh-phrase (en) or question word (zh) the question asks with."""
    if lang == "zh":
        return next((word for word in _ZH_TYPES if word in question), "other")
    lowered = question.lower()
    return next((kind for kind in _EN_TYPES if re.search(rf"\b{kind}\b", lowered)), "other")


def near_duplicate_rate(questions: list[str], threshold: float = 0.8) -> float | None:
    """Share of distinct seed questions whose character-trigram Jaccard with another one is >= threshold."""
    unique = list(dict.fromkeys(questions))
    if not unique:
        return None
    sets = [trigrams(q) for q in unique]
    flagged = set()
    for i in range(len(sets)):
        for j in range(i + 1, len(sets)):
            if trigram_similarity(sets[i], sets[j]) >= threshold:
                flagged |= {i, j}
    return round(len(flagged) / len(unique), 4)


def _row(case: Case, doc_of: dict[str, str], kinds: dict[str, dict]) -> dict:
    params = case.params
    source_chunks = [str(cid) for cid in params.get("positive_chunk_ids") or []]
    return {
        "id": case.id,
        "seed_id": case.seed_id,
        "testbed": case.testbed,
        "lang": case.lang,
        "question": case.question,
        "answers": case.answers,
        "fake_answer": case.fake_answer or [],
        "expected": case.expected,
        "noise_ratio": float(params.get("noise_ratio", 0.0)),
        "noise_ratio_requested": params.get("noise_ratio_requested"),
        "contexts": [{"text": c.text, "role": c.role, "chunk_id": c.chunk_id} for c in case.contexts],
        "provenance": {
            "source_chunk_ids": source_chunks,
            "source_doc_ids": sorted({doc_of[cid] for cid in source_chunks if cid in doc_of}),
            "rng_seed": params.get("rng_seed"),
            "style": params.get("style"),
            # The injection split: which injection, where, and the string that shows it was followed.
            "injection_kind": params.get("injection_kind"),
            "injection_slot": params.get("injection_slot"),
            "canary": params.get("canary"),
            "question_type": kinds.get(case.seed_id),
        },
        "params_json": json.dumps(params, ensure_ascii=False, sort_keys=True),
    }


def export_dataset(source: Path, out: Path, *, licence: str, name: str | None = None) -> ExportSummary:
    """Write the dataset folder `out` from a test set or run directory (see the module docstring)."""
    if not licence.strip():
        raise ExportError("a licence is required (e.g. cc-by-4.0, or 'other' with terms in the card)")
    folder, chunks_path = find_testset(source)
    cases = read_records(folder / CASES_FILE, Case)
    manifest = json.loads((folder / TESTSET_MANIFEST).read_text(encoding="utf-8"))
    chunks = read_records(chunks_path, Chunk) if chunks_path else []
    doc_of = {c.id: c.doc_id for c in chunks}
    seeds_path = folder / SEEDS_FILE
    seeds = read_records(seeds_path, SeedQuestion) if seeds_path.is_file() else []
    kinds = {s.id: s.question_type.model_dump() for s in seeds if s.question_type is not None}
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        raise ExportError(f"{out} exists and is not empty: choose a new folder")
    (out / "data").mkdir(parents=True, exist_ok=True)
    splits: dict[str, int] = {}
    for testbed in sorted({c.testbed for c in cases}):
        rows = [_row(c, doc_of, kinds) for c in cases if c.testbed == testbed]
        with open(out / "data" / f"{testbed}.jsonl", "w", encoding="utf-8") as handle:
            for row in rows:
                handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        splits[testbed] = len(rows)
    card = out / "README.md"
    card.write_text(_card(cases, manifest, chunks, doc_of, splits, licence, name or folder.resolve().name), "utf-8")
    return ExportSummary(out, splits, card)


def _card(cases, manifest, chunks, doc_of, splits, licence, name) -> str:
    seeds = {c.seed_id: c for c in cases}
    langs = sorted({c.lang for c in cases})
    corpus = hashlib.sha256("\n".join(sorted(f"{c.id}:{c.doc_id}" for c in chunks)).encode()).hexdigest()
    covered = {doc_of[cid] for c in seeds.values() for cid in c.params.get("positive_chunk_ids") or [] if cid in doc_of}
    all_docs = {c.doc_id for c in chunks}
    by_ratio = Counter((c.testbed, f"{c.params.get('noise_ratio', 0):g}", c.lang) for c in cases)
    types = Counter(question_type(c.question, c.lang) for c in seeds.values())
    facts = {
        "licence": licence,
        "corpus_fingerprint": f"sha256:{corpus}" if chunks else None,
        "models": manifest.get("models", {}),
        "prompts": manifest.get("prompts", []),
        "random_seed": manifest.get("random_seed"),
        "gates": manifest.get("gates", {}),
        "noise_check": manifest.get("noise_check"),
        "ratio_coverage": manifest.get("cases", {}).get("ratio_coverage"),
        "counts": [
            {"testbed": t, "noise_ratio": r, "lang": lang, "cases": n} for (t, r, lang), n in sorted(by_ratio.items())
        ],
        "near_duplicate_rate": near_duplicate_rate([c.question for c in seeds.values()]),
        "source_documents": {"covered": len(covered), "total": len(all_docs) or None},
        "question_types": dict(types.most_common()),
        # Per language: the templates, answer kinds and shapes of the generated seeds (testset.json).
        "question_mix": {
            lang: row.get("question_types")
            for lang, row in (manifest.get("generation_stats") or {}).get("by_lang", {}).items()
            if row.get("question_types")
        },
        "ragstress_version": manifest.get("ragstress_version"),
    }
    header = ["---", f"license: {json.dumps(licence)}", f"pretty_name: {json.dumps(name)}", "language:"]
    header += [f"- {lang}" for lang in langs if lang in ("en", "zh")] or ["- en"]
    header += ["configs:", "- config_name: default", "  data_files:"]
    for split in splits:
        header += [f"  - split: {split}", f"    path: data/{split}.jsonl"]
    header += ["---", ""]
    body = [
        f"# {name}",
        "",
        "A RAG robustness test set (noise robustness, negative rejection, information integration,",
        "counterfactual robustness) generated with ragstress from the corpus fingerprinted below.",
        "Each split is one testbed; each row is one case with its passages, the expected behaviour",
        "(`answer`, `reject`, `flag_error`), the achieved noise ratio and per-item provenance.",
        "",
        "| split | rows |",
        "|---|---|",
        *[f"| {split} | {n} |" for split, n in splits.items()],
        "",
        "## Generation facts",
        "",
        "```json",
        json.dumps(facts, ensure_ascii=False, indent=2, sort_keys=True),
        "```",
        "",
    ]
    return "\n".join(header + body)
