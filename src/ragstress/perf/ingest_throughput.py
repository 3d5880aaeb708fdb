"""Build throughput against LangChain: interleaved repeated runs, compared by their medians."""

from __future__ import annotations

import json
import shutil
import statistics
from pathlib import Path

from ragstress.corpora.bf16 import DISABLE_ENV, cpu_multiplies_bf16
from ragstress.perf import Row, at_least, info
from ragstress.perf.ingest_children import build_child, run_child

SECTION = "ingest"


def throughput_runs(sample: Path, workdir: Path, env: dict[str, str], repeats: int) -> tuple[dict, dict, dict | None]:
    """LangChain, our default build and (on AMX CPUs) our build with bfloat16 off, `repeats` times interleaved.

    Each result is the run of median build time, with `seconds_all` listing every run. Where the CPU
    lacks AMX-BF16 the default already is the ONNX path, so it is not built twice (None).
    """
    onnx_env = dict(env, **{DISABLE_ENV: "0"})
    runs: dict[str, list[dict]] = {"langchain": [], "default": [], "onnx": []}
    for attempt in range(repeats):
        baseline_dir = workdir / "langchain"
        shutil.rmtree(baseline_dir, ignore_errors=True)
        baseline_dir.mkdir()
        stdout, _ = run_child(
            ["-m", "ragstress.perf.ingest_workers", "langchain", str(sample), str(baseline_dir)],
            env,
            workdir / "langchain",
        )
        runs["langchain"].append(json.loads(stdout.strip().splitlines()[-1]))
        runs["default"].append(build_child(sample, workdir / "en-sample-index", env, workdir / "build-sample"))
        if cpu_multiplies_bf16():
            runs["onnx"].append(
                build_child(sample, workdir / "en-sample-onnx", onnx_env, workdir / "build-sample-onnx")
            )
        print(
            f"   throughput run {attempt + 1}/{repeats}: LangChain {runs['langchain'][-1]['seconds']:.1f} s, "
            f"ours {runs['default'][-1]['build_seconds']:.1f} s",
            flush=True,
        )

    def median_run(results: list[dict], key: str) -> dict | None:
        if not results:
            return None
        ordered = sorted(results, key=lambda r: r[key])
        middle = dict(ordered[(len(ordered) - 1) // 2])
        middle[key] = statistics.median(r[key] for r in results)
        return {**middle, "seconds_all": [round(r[key], 1) for r in results]}

    return (
        median_run(runs["langchain"], "seconds"),
        median_run(runs["default"], "build_seconds"),
        median_run(runs["onnx"], "build_seconds"),
    )


def throughput_rows(baseline: dict, ours: dict, onnx_build: dict | None, chars: int, note: str) -> list[Row]:
    """Build vs LangChain for each MiniLM path: bfloat16 where the CPU has AMX-BF16, and the ONNX fp32 path."""
    base_rate = baseline["chars"] / baseline["seconds"]
    runs_note = f"median of {len(baseline['seconds_all'])} runs each"

    def row(built: dict, path: str) -> Row:
        return at_least(
            SECTION,
            f"build throughput, {path}: ragstress build vs LangChain",
            chars / built["build_seconds"] / 1000,
            base_rate / 1000,
            "kchar/s",
            1.5,
            note=f"path {built['embedding_backend']}; ours {built['chunks']} chunks at "
            f"{built['chunks'] / built['build_seconds']:.1f}/s (runs {built['seconds_all']} s), LangChain "
            f"{baseline['chunks']} chunks at {baseline['chunks'] / baseline['seconds']:.1f}/s "
            f"(runs {baseline['seconds_all']} s); {runs_note}; {note}",
        )

    if onnx_build is not None:
        return [row(ours, "bf16 path (AMX-BF16 CPU)"), row(onnx_build, f"ONNX path ({DISABLE_ENV}=0)")]
    return [
        info(
            SECTION,
            "build throughput, bf16 path",
            None,
            "kchar/s",
            note="not measured: this CPU lacks AMX-BF16, so the default MiniLM is the ONNX path",
        ),
        row(ours, "ONNX path (CPU without AMX-BF16)"),
    ]
