"""Run every perf section, print the table, write results.json and results.md beside this code (results/).

`python -m ragstress.perf [--only SECTION ...] [--quick] [--out DIR]`; `--quick`
shrinks every workload for a smoke run (its figures are not the published ones).
Exit status is 0 even when a target is missed: misses are findings, printed and saved.
With `--only`, the other sections' earlier rows stay in the results, each section
saying when and where it was measured.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
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
    "cases": "ragstress.perf.case_building",
    "retrieval": "ragstress.perf.retrieval_speed",
    "ray": "ragstress.perf.ray_scale",
}

# The figures live beside the code that measures them.
RESULTS = Path(__file__).resolve().parent / "results"


def _fmt(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        if 0.99 < value < 1:  # a cosine such as 0.99995 must not print as 1
            return f"{value:.6f}"
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return str(value)


def render_markdown(rows: list[Row], sections: dict[str, dict]) -> str:
    lines = ["# ragstress performance", ""]
    for name, run in sections.items():
        lines.append(
            f"- **{name}**: measured {run['finished']} on {run['machine']} ({run['cores']} cores, "
            f"Python {run.get('python', '?')}), {run['seconds']:.0f} s"
            + (" (quick: a smoke run, not figures to publish)" if run.get("quick") else "")
            + (f"; {run['note']}" if run.get("note") else "")
        )
    lines += [
        "",
        "Every reference was measured in the same run as the figure beside it.",
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


def _earlier(out: Path, measured: set[str]) -> tuple[list[Row], dict[str, dict]]:
    """Rows and run facts of the sections not measured now, kept from an earlier results.json."""
    results, environment = out / "results.json", out / "environment.json"
    if not results.is_file():
        return [], {}
    rows = [Row(**row) for row in json.loads(results.read_text(encoding="utf-8"))]
    kept = [row for row in rows if row.section not in measured]
    facts = json.loads(environment.read_text(encoding="utf-8")) if environment.is_file() else {}
    # An environment.json from before per-section facts describes one run of every section.
    sections = facts.get("sections") or {row.section: facts for row in rows if facts}
    return kept, {name: run for name, run in sections.items() if name not in measured and name in SECTIONS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragstress.perf", description=__doc__)
    parser.add_argument("--only", action="append", choices=sorted(SECTIONS), help="run only these sections")
    parser.add_argument("--quick", action="store_true", help="small workloads: a smoke run, not figures to publish")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where results.json and results.md go")
    args = parser.parse_args(argv)

    workdir = args.out / "work"
    workdir.mkdir(parents=True, exist_ok=True)
    names = args.only or list(SECTIONS)
    # Sections not measured now keep their earlier figures, each with the date and machine it ran on.
    rows, sections = _earlier(args.out, set(names)) if args.only else ([], {})
    for name in names:
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        section = importlib.import_module(SECTIONS[name])
        section_rows = section.measure(quick=args.quick, workdir=workdir / name)
        for row in section_rows:
            print(f"   {row.figure}: {_fmt(row.ours)} {row.unit} vs {_fmt(row.reference)} → {row.status}", flush=True)
        rows.extend(section_rows)
        sections[name] = {
            "finished": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": platform.machine(),
            "cores": len(os.sched_getaffinity(0)),
            "python": platform.python_version(),
            "quick": args.quick,
            "seconds": time.perf_counter() - started,
        }
    order = list(SECTIONS)
    rows.sort(key=lambda row: order.index(row.section) if row.section in order else len(order))
    sections = {name: sections[name] for name in order if name in sections}
    write_json(args.out / "results.json", [row.as_dict() for row in rows])
    write_json(args.out / "environment.json", {"sections": sections})
    markdown = render_markdown(rows, sections)
    write_text(args.out / "results.md", markdown)
    print()
    print(markdown)
    misses = sum(row.status == "miss" for row in rows)
    print(f"{len(rows)} figures, {misses} missed their target", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
