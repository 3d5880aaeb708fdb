"""`ragstress export-dataset`: a test set as a folder the `datasets` library loads, with a dataset card."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ragstress.cli import common as cc


def export_dataset(
    source: Annotated[Path, typer.Argument(help="A run directory (with testset/) or a test set folder.")],
    out: Annotated[Path, typer.Option("--out", help="New folder for data/<testbed>.jsonl and README.md.")],
    licence: Annotated[
        str, typer.Option("--license", "--licence", help="Licence of the dataset, e.g. cc-by-4.0 (required).")
    ],
    name: Annotated[str | None, typer.Option("--name", help="Dataset name for the card.")] = None,
) -> None:
    """Export generated cases as a publishable dataset: JSONL splits per testbed and a dataset card.

    data/<testbed>.jsonl loads as is with datasets.load_dataset(DIR). Each item
    keeps its provenance; the card (README.md with a YAML header) records the
    licence, corpus fingerprint, models, prompt shas, seed, gate and noise-check
    statistics, counts per testbed, ratio and language, the near-duplicate rate,
    source-document coverage and the question-type mix.
    """
    from ragstress.api.errors import ExportError, RecordFileError
    from ragstress.api.formats import export_dataset as export

    try:
        summary = export(source, out, licence=licence, name=name)
    except (ExportError, RecordFileError) as error:
        cc.fail(str(error))
    for split, rows in summary.splits.items():
        cc.console.print(f"{split}: {rows} rows", highlight=False)
    cc.console.print(f"wrote {escape(str(summary.out))}/data/*.jsonl and README.md")


def register(app: typer.Typer) -> None:
    app.command("export-dataset")(export_dataset)
