"""The manifest of a generated test set (`testset.json`): options, index, counts, gates, models, prompts."""

from __future__ import annotations

import hashlib
import importlib.metadata
from dataclasses import asdict
from pathlib import Path

from ragstress.core.paths import recorded_path
from ragstress.core.types import Case
from ragstress.indexing.collection import read_manifest
from ragstress.prompts import load_prompt

PROMPT_IDS = ("seed_polish", "seed_answerable", "gen_noise_check", "seed_cross_alias", "seed_propose")


def case_counts(cases: list[Case]) -> dict[str, dict[str, int]]:
    """Number of cases per testbed and noise ratio."""
    counts: dict[str, dict[str, int]] = {}
    for case in cases:
        ratio = f"{case.params.get('noise_ratio', 0):g}"
        per_ratio = counts.setdefault(case.testbed, {})
        per_ratio[ratio] = per_ratio.get(ratio, 0) + 1
    return {testbed: dict(sorted(r.items(), key=lambda kv: float(kv[0]))) for testbed, r in sorted(counts.items())}


def _seed_file(path: Path, out_dir: Path) -> str | dict[str, str]:
    """The seed file as the manifest names it: relative when it lies beside the test set (in its bench
    directory), else by name and content, never by a path on the machine that wrote it."""
    recorded = recorded_path(path, out_dir, reach=out_dir.parent)
    if not Path(recorded).is_absolute():
        return recorded
    return {"name": Path(path).name, "sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest()}


def models_used(llm) -> dict[str, dict]:
    """The endpoints of the roles that answered at least one request while the test set was made.

    A role configured but never asked (the generator when every seed is curated, the judge when
    no noise passage was judged) is not a model behind this test set, so it is not listed. A cache
    hit counts: that model's earlier answer was used.
    """
    return {role: llm.public_endpoint(role) for role in sorted(llm.endpoints) if llm.asked(role)}


def testset_manifest(store, llm, options, testbeds, seeds, cases, stats, langs, out_dir: Path) -> dict:
    """Everything testset.json records except the generation and noise-check statistics."""
    index_manifest = read_manifest(store.index_dir) or {}
    origins: dict[str, int] = {}
    for seed in seeds:
        origins[seed.origin] = origins.get(seed.origin, 0) + 1
    try:
        version = importlib.metadata.version("ragstress")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    opts = asdict(options)
    opts["seed_file"] = _seed_file(options.seed_file, Path(out_dir)) if options.seed_file else None
    opts["testbeds"] = testbeds
    return {
        "ragstress_version": version,
        "random_seed": options.random_seed,
        "options": opts,
        "index": {
            "dir": recorded_path(store.index_dir, out_dir, reach=Path(out_dir).parent),
            "embedding_model": index_manifest.get("embedding_model", store.embedder.name),
            "chunks": index_manifest.get("chunks"),
            # exact-cosine, or hnsw (approximate) past the exact search's size limit
            "retrieval": store.retrieval,
        },
        "seeds": {
            "total": len(seeds),
            "by_origin": dict(sorted(origins.items())),
            "two_part": sum(len(s.answers) > 1 for s in seeds),
        },
        "cases": {"total": len(cases), "by_testbed": case_counts(cases)},
        "gates": stats.as_dict(),
        # The roles that answered (no secrets), each with the JSON mode its structured calls used.
        "models": models_used(llm),
        # Mixed-language material uses the English prompts.
        "prompts": [
            load_prompt(pid, lang).identity()
            for lang in sorted({"en" if lang == "mixed" else lang for lang in langs})
            for pid in PROMPT_IDS
        ],
    }


def shortfall(manifest: dict, wanted: int, proposing: bool) -> str | None:
    """Why fewer generated seeds than `wanted` were kept, in a sentence for the user; None when none are missing.

    `proposing`: whether a configured generator also proposed answer spans (the offline generator only
    reads the kinds it knows)."""
    kept = (manifest.get("seeds", {}).get("by_origin") or {}).get("generated", 0)
    if wanted <= 0 or kept >= wanted:
        return None
    by_lang = (manifest.get("generation_stats") or {}).get("by_lang") or {}
    candidates = sum(row.get("candidates", 0) for row in by_lang.values())
    gates = manifest.get("gates") or {}
    dropped = {gate: row["tried"] - row["passed"] for gate, row in gates.items() if row["tried"] > row["passed"]}
    head = f"{kept} of the {wanted} seeds wanted were generated"
    if candidates < wanted:
        why = (
            f"the corpus gave {candidates} candidates: few answer spans of the kinds the offline generator reads "
            "(years, numbers, names, dates; a manual's entries; the defaults, status codes, versions, limits and "
            "class or function names that docs state)"
        )
        if not proposing:
            why += "; a configured generator (--generator-base-url) proposes others"
        return f"{head}: {why}"
    worst = max(dropped, key=dropped.get) if dropped else None
    where = f", most at the {worst} gate ({dropped[worst]})" if worst else ""
    return f"{head}: {candidates - kept} of {candidates} candidates were dropped{where}; see rejected.jsonl"
