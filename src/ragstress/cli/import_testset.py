"""`ragstress import-testset`: a Ragas, DeepEval, RAGET or CSV test set, built into cases on your index."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ragstress.cli import common as cc


def import_testset(
    file: Annotated[Path, typer.Argument(help="The test set file (JSONL, JSON list or CSV).")],
    fmt: Annotated[str, typer.Option("--format", help="ragas, deepeval, raget or csv.")],
    index: Annotated[Path, typer.Option("--index", help="The index built from the corpus the test set is about.")],
    out: Annotated[Path, typer.Option("--out", help="Test set folder to write (cases.jsonl, testset.json).")],
    columns: Annotated[
        str | None,
        typer.Option("--columns", help="CSV only: question=COLUMN,answer=COLUMN,context=COLUMN."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Random seed of case building.")] = 13,
) -> None:
    """Import another tool's test set: checkable answers become seeds for every testbed, the rest judged-only.

    Formats: Ragas (0.1 question/ground_truth/contexts or 0.2
    user_input/reference/reference_contexts, told apart by their columns),
    DeepEval goldens, Giskard RAGET (JSONL or its pandas CSV) or any CSV
    (--columns question=q,answer=a,context=ctx). A factoid item whose reference
    gives one span of the kind its question asks (when: a date, how many: a
    quantity, who: a name, which version: an identifier; two-part questions: two
    facts) found in the index becomes a seed for every testbed. Open questions
    and long references become cases only judged metrics score
    (judged_only.jsonl names every span weighed and why it lost). Out-of-scope
    items and references saying the context lacks the answer become cases to be
    declined. Duplicates and the tool's failures are dropped (dropped.jsonl); a
    conversational item is sent with its earlier turns; testset.json counts it
    all under import. See docs/formats.md#imported-test-sets.
    """
    from ragstress.api.errors import RecordFileError, TestsetImportError
    from ragstress.api.importing import import_testset as run_import

    mapping = None
    if columns:
        try:
            mapping = dict(part.split("=", 1) for part in columns.split(","))
        except ValueError:
            cc.fail(f"--columns {columns!r}: write question=COLUMN,answer=COLUMN,context=COLUMN")
    if not file.is_file():
        cc.fail(f"{file}: no such file")
    if not (index / "chunks.jsonl").is_file():
        cc.fail(f"--index {index}: no index there (build it with ragstress build)")
    try:
        summary, report = run_import(file, fmt, index, out, columns=mapping, random_seed=seed)
    except (TestsetImportError, RecordFileError, ValueError) as error:
        cc.fail(str(error))
    cc.console.print(
        f"{escape(report['file'])}: {report['items']} items, {report['span_checkable']} checkable by string, "
        f"{report['judged_only']} for judged metrics only, {report['negative']} to be declined "
        f"({report['out_of_scope']} out of scope), {report['dropped']} dropped, "
        f"{report['conversational']} with a conversation history"
    )
    for label, key in (("judged only", "judged_only_reasons"), ("to be declined", "negative_reasons")):
        for why, count in report[key].items():
            cc.console.print(f"  {label} ({count}): {escape(why)}")
    for why, count in report["dropped_reasons"].items():
        cc.console.print(f"  dropped ({count}): {escape(why)}")
    cc.console.print(f"wrote {escape(str(out))}: {summary.cases} cases")


def register(app: typer.Typer) -> None:
    app.command("import-testset")(import_testset)
