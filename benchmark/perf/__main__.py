"""Run every perf section, print the table, write perf/results.json and perf/results.md.

`python -m ragstress.perf [--only SECTION ...] [--quick] [--out DIR]`; `--quick`
shrinks every workload for a smoke run (its figures are not the published ones).
Exit status is 0 even when a target is missed: misses are findings, printed and saved.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from ragstress.core.jsonl import write_json, write_text
from ragstress.perf import Row

# Section name -> module with `measure(quick: bool, workdir: Path) -> list[Row]`.
SECTIONS = {
    "ingest": "ragstress.perf.ingest",
    "evaluate": "ragstress.perf.evaluate",
    "local_model": "ragstress.perf.local_model",
    "generation": "ragstress.perf.generation_quality",
}


def _fmt(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        if 0.99 < value < 1:  # a cosine such as 0.99995 must not print as 1
            return f"{value:.6f}"
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return str(value)


def render_markdown(rows: list[Row], header: dict) -> str:
    lines = [
        "# ragstress performance",
        "",
        f"Measured {header['finished']} on {header['machine']} ({header['cores']} cores), "
        f"{header['seconds']:.0f} s in all. Every reference was measured in the same run.",
        "",
        "| section | figure | ours | baseline or bound | unit | ratio | target | status | note |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        ratio = f"{row.ratio:.2f}×" if row.ratio is not None else "—"
        lines.append(
            f"| {row.section} | {row.figure} | {_fmt(row.ours)} | {_fmt(row.reference)} | {row.unit} | "
            f"{ratio} | {row.target} | {row.status} | {row.note} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragstress.perf", description=__doc__)
    parser.add_argument("--only", action="append", choices=sorted(SECTIONS), help="run only these sections")
    parser.add_argument("--quick", action="store_true", help="small workloads: a smoke run, not figures to publish")
    parser.add_argument("--out", type=Path, default=Path("perf"), help="where results.json and results.md go")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    workdir = args.out / "work"
    workdir.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    for name in args.only or list(SECTIONS):
        print(f"== {name}", flush=True)
        section = importlib.import_module(SECTIONS[name])
        section_rows = section.measure(quick=args.quick, workdir=workdir / name)
        for row in section_rows:
            print(f"   {row.figure}: {_fmt(row.ours)} {row.unit} vs {_fmt(row.reference)} → {row.status}", flush=True)
        rows.extend(section_rows)

    header = {
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": platform.machine(),
        "cores": len(__import__("os").sched_getaffinity(0)),
        "python": platform.python_version(),
        "quick": args.quick,
        "seconds": time.perf_counter() - started,
    }
    write_json(args.out / "results.json", [row.as_dict() for row in rows])
    write_json(args.out / "environment.json", header)
    markdown = render_markdown(rows, header)
    write_text(args.out / "results.md", markdown)
    print()
    print(markdown)
    misses = sum(row.status == "miss" for row in rows)
    print(f"{len(rows)} figures, {misses} missed their target", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
