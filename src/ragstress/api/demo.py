"""The demo's bench and the seed samples bench can start from.

`demo_settings` is one language's bench of the built-in baseline on a bundled sample corpus
(the bundled model as generator, target and judge): a few curated seeds, every testbed, at the
noise ratios those seeds hold. `sample_seed_file` keeps the first single-fact and two-part
seeds of a seed file, for the demo and for `bench --seed-sample`'s quick first report.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ragstress.api.endpoints import Endpoint
from ragstress.api.settings import BenchSettings

# Per language: enough seeds for every testbed and the noise ratios they hold exactly, few enough that the demo,
# both languages on the bundled model, takes minutes on 2 cores (a real bench uses 20+ seeds).
DEMO_SEEDS_PER_LANG = 2
DEMO_PAIRS_PER_LANG = 1
# English also takes the nearest noise ratio its seeds can hold where a ratio is out of reach (each fact sits in one
# or two chunks): more points on the robustness curve, and enough judged cases for the example labels to calibrate.
DEMO_RATIO_POLICY = {"en": "nearest", "zh": "drop"}
DEMO_LANGS = ("en", "zh")
# Deterministic scores plus the judge metrics with short verdicts.
DEMO_METRICS = (
    "answer_match,answer_match_partial,accuracy,rejection,over_refusal,error_detection,error_correction,"
    "closed_book_accuracy,semantic_similarity,answer_accuracy,rejection_judged,error_detection_judged"
)
SEED_SAMPLE_FILE = "seed-sample.jsonl"
"""Where bench's seed sample is written, in the run directory (so the run says what it asked)."""


def sample_dir(lang: str) -> Path:
    """The bundled sample corpus of `lang` (en or zh): docs/, seeds.jsonl and the demo's example labels."""
    from ragstress import corpora

    return Path(corpora.__file__).parent / "samples" / lang


def sample_seed_file(source: Path, dest: Path, singles: int, pairs: int) -> tuple[Path, int]:
    """The first `singles` single-fact and `pairs` two-part seeds of `source`, written to `dest`; and how many
    seeds `source` holds. ValueError names the file and line of a line that is not JSON."""
    rows = []
    for number, line in enumerate(Path(source).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as error:
                raise ValueError(f"{source}:{number}: not a JSON line ({error.msg})") from None
    picked = [r for r in rows if len(r.get("answers") or []) <= 1][:singles]
    picked += [r for r in rows if len(r.get("answers") or []) > 1][:pairs]
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in picked), encoding="utf-8")
    return dest, len(rows)


@dataclass(frozen=True)
class SeedSample:
    """A sample of a seed file written into the run directory: where, how many kept of how many."""

    path: Path
    kept: int
    total: int


def seed_sample(seed_file: Path, size: int, out: Path) -> SeedSample:
    """`size` seeds of `seed_file` (the first single-fact ones, and a third two-part), written into the run
    directory `out`. FileNotFoundError when there is no such file; ValueError for a line that is not JSON."""
    if not Path(seed_file).is_file():
        raise FileNotFoundError(f"{seed_file}: no such file")
    # Two-part seeds make the integration cases: about one in three of the sample, at least one.
    pairs = max(1, size // 3) if size > 1 else 0
    sample, total = sample_seed_file(seed_file, Path(out) / SEED_SAMPLE_FILE, size - pairs, pairs)
    kept = sum(1 for line in sample.read_text(encoding="utf-8").splitlines() if line.strip())
    return SeedSample(sample, kept, total)


def demo_seed_file(lang: str, dest: Path) -> Path:
    """The first single-fact and two-part curated seeds of a sample corpus: small enough for the bundled model."""
    return sample_seed_file(sample_dir(lang) / "seeds.jsonl", dest, DEMO_SEEDS_PER_LANG, DEMO_PAIRS_PER_LANG)[0]


def demo_labels(lang: str, curated: bool) -> Path | None:
    """The sample's example label file, when there is one for these cases (they describe the curated seeds' only)."""
    example = sample_dir(lang) / "demo-labels.csv"
    return example if curated and example.is_file() else None


def demo_settings(
    lang: str,
    out: Path,
    endpoints: Mapping[str, Endpoint],
    *,
    metrics: str = DEMO_METRICS,
    curated: bool = True,
    cache_dir: Path | None = None,
) -> BenchSettings:
    """One language's demo bench into `out`/`lang`: the baseline on the sample corpus, with its curated seeds
    (written to `out`) or, with `curated=False`, seeds generated from the corpus."""
    if curated:
        seed_file = demo_seed_file(lang, out / f"demo-seeds-{lang}.jsonl")
        sizes: dict = {"seeds": 0, "seed_file": seed_file}
    else:
        sizes = {"seeds": DEMO_SEEDS_PER_LANG, "pairs": DEMO_PAIRS_PER_LANG}
    return BenchSettings(
        corpus=sample_dir(lang) / "docs",
        out=out / lang,
        target="baseline",
        metrics=metrics,
        cache_dir=cache_dir,
        endpoints=dict(endpoints),
        ratio_policy=DEMO_RATIO_POLICY[lang],
        **sizes,
    )


__all__ = [
    "DEMO_LANGS",
    "DEMO_METRICS",
    "DEMO_PAIRS_PER_LANG",
    "DEMO_RATIO_POLICY",
    "DEMO_SEEDS_PER_LANG",
    "SEED_SAMPLE_FILE",
    "SeedSample",
    "demo_labels",
    "demo_seed_file",
    "demo_settings",
    "sample_dir",
    "sample_seed_file",
    "seed_sample",
]
