"""Test sets in other formats: RGB's JSONL files both ways, and a folder the `datasets` library loads.

`import_rgb` turns RGB's data (plain, _int and _fact files) into a ragstress test set;
`export_rgb` writes a test set's seeds and passages back in RGB's format; `export_dataset`
publishes a test set as JSONL splits per testbed with a dataset card. Tests sets of Ragas,
DeepEval, Giskard RAGET or a CSV come in through ragstress.api.importing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ragstress.core.rundir import CASES_FILE, SEEDS_FILE, TESTSET_MANIFEST

if TYPE_CHECKING:
    from ragstress.generators.interop.dataset_export import ExportSummary


def import_rgb(files: Sequence[str | Path], out: str | Path, *, seed: int = 13, lang: str | None = None) -> dict:
    """Write cases.jsonl, seeds.jsonl and testset.json in `out` from RGB files; returns testset.json's content.

    `seed` drives the per-instance shuffle, `lang` (en or zh) overrides the language detected per
    question. RecordFileError names the line of a bad record; ValueError when two files would
    give the same case ids (the same file name twice), before anything is written.
    """
    from ragstress.core.jsonl import write_records
    from ragstress.core.manifests import TestsetManifest, write_manifest
    from ragstress.core.paths import recorded_path
    from ragstress.generators.interop.rgb import read_rgb, rgb_cases
    from ragstress.generators.testset_manifest import case_counts

    if lang not in (None, "en", "zh"):
        raise ValueError(f"lang must be en or zh, not {lang!r}")
    out = Path(out)
    all_seeds: list[Any] = []
    all_cases: list[Any] = []
    sources = []
    for path in map(Path, files):
        kind, records = read_rgb(path)
        # The file name keeps ids apart across files (RGB numbers each file's records from 0).
        seeds, cases = rgb_cases(records, kind, base_seed=seed, lang=lang, source=f"rgb-{path.stem}")
        all_seeds += seeds
        all_cases += cases
        sources.append({"file": recorded_path(path, out), "kind": kind, "records": len(records)})
    ids = [c.id for c in all_cases]
    if len(set(ids)) != len(ids):
        raise ValueError("two input files give the same case ids (same file name twice?): import them separately")
    write_records(out / CASES_FILE, all_cases)
    write_records(out / SEEDS_FILE, all_seeds)
    manifest = {
        "random_seed": seed,
        "sources": sources,
        "seeds": {
            "total": len(all_seeds),
            "by_origin": {"rgb": len(all_seeds)},
            "two_part": sum(len(s.answers) > 1 for s in all_seeds),
        },
        "cases": {"total": len(all_cases), "by_testbed": case_counts(all_cases)},
    }
    write_manifest(out / TESTSET_MANIFEST, manifest, TestsetManifest)
    return manifest


def export_rgb(cases: str | Path, out: str | Path) -> dict[str, Path]:
    """Write the RGB files (plain, _int, _fact as needed) for the cases in `cases` (a cases.jsonl or its folder).

    Returns each kind written and its file. FileNotFoundError when there is no cases file,
    RecordFileError for a bad record, ValueError when it holds no case to export.
    """
    from ragstress.core.jsonl import read_records
    from ragstress.core.types import Case
    from ragstress.generators.interop.rgb import write_rgb

    cases = Path(cases)
    path = cases / CASES_FILE if cases.is_dir() else cases
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such file")
    written = write_rgb(read_records(path, Case), Path(out))
    if not written:
        raise ValueError(f"{path} holds no cases to export")
    return dict(written)


def export_dataset(source: str | Path, out: str | Path, *, licence: str, name: str | None = None) -> ExportSummary:
    """Publish a test set (or a run directory's) as data/<testbed>.jsonl and a dataset card in the new folder `out`.

    The card records the licence (required), the corpus fingerprint, models, prompt shas, seed,
    gate and noise-check statistics and the counts per testbed, ratio and language. ExportError
    says what is missing or refused; RecordFileError names a bad record.
    """
    from ragstress.generators.interop.dataset_export import export_dataset as export

    return export(Path(source), Path(out), licence=licence, name=name)


__all__ = ["export_dataset", "export_rgb", "import_rgb"]
