"""`ragstress build` and `ragstress search`: make a chunk index from a corpus and look into it."""

from __future__ import annotations

import enum
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from ragstress.api.names import DEFAULT_MAX_DOCUMENT_MB
from ragstress.cli import common as cc
from ragstress.cli import executor as ex

_EXCERPT_CHARS = 160


class ChunkUnit(str, enum.Enum):
    tokens = "tokens"
    chars = "chars"


def _stop(bar: Progress, started: bool) -> None:
    """Take the progress bars down; one never started (the build failed before its plan) prints nothing."""
    if started:
        bar.stop()


def _summary_table(stats) -> Table:
    table = Table(title="Index build", show_header=False, title_justify="left")
    table.add_column(style="bold")
    table.add_column(justify="right")
    rows = [
        ("documents", stats.documents),
        ("chunks", stats.chunks),
        ("skipped files", len(stats.skipped)),
        ("embedded", stats.embedded),
        ("reused", stats.reused),
        ("deleted", stats.deleted),
        ("truncated", stats.truncated),
        ("seconds", f"{stats.seconds:.1f}"),
        ("chunks/s", f"{stats.chunks_per_second:.1f}"),
    ]
    for label, value in rows:
        table.add_row(label, str(value))
    return table


def build(
    corpus: Path = typer.Argument(..., help="Corpus directory (or a single file) to index."),
    index: Path = typer.Option(..., "--index", help="Index directory (created if missing)."),
    chroma_url: str | None = typer.Option(
        None, "--chroma-url", help="Use a Chroma server, e.g. http://127.0.0.1:8000."
    ),
    embedding: str | None = typer.Option(
        None, "--embedding", help="minilm, e5, or a local sentence-transformers model; default by corpus language."
    ),
    chunk_size: int | None = typer.Option(None, "--chunk-size", min=1, help="Chunk size (default 200 tokens)."),
    chunk_overlap: int | None = typer.Option(None, "--chunk-overlap", min=0, help="Overlap between chunks."),
    chunk_unit: ChunkUnit = typer.Option(
        ChunkUnit.tokens, "--chunk-unit", help="Count size in model tokens or characters."
    ),
    strict: bool = typer.Option(
        False, "--strict", help="Fail on any unreadable or over-large file instead of skipping it."
    ),
    max_document_mb: float = typer.Option(
        DEFAULT_MAX_DOCUMENT_MB,
        "--max-document-mb",
        help="Skip (with --strict: refuse) any document larger than this; 0 means no limit.",
    ),
    collection: str | None = typer.Option(
        None,
        "--collection",
        help="Chroma collection name (default: on a server, one derived from the index directory; "
        "embedded, ragstress_chunks).",
    ),
    include: list[str] = typer.Option(
        [], "--include", help="Also load files matching this glob as plain text, e.g. '*.cfg' (repeatable)."
    ),
    notebook_outputs: bool = typer.Option(
        False, "--notebook-outputs", help="Keep Jupyter notebooks' text outputs (dropped by default)."
    ),
    follow_symlinks: cc.FollowSymlinks = False,
    executor: ex.Executor = ex.ExecutorName.local,
    ray_address: ex.RayAddress = None,
    actors: ex.Actors = None,
    actor_resources: ex.ActorResources = None,
) -> None:
    """Chunk and embed a corpus into an index; only new or changed chunks are embedded.

    Reads .txt .md .html .pdf .jsonl and BEIR folders; reStructuredText (.rst,
    .rest), AsciiDoc (.adoc, .asciidoc), Word (.docx), Jupyter (.ipynb;
    --notebook-outputs keeps text outputs), man pages (.1 to .9, gzipped or
    not) and Sphinx's published sources (_sources/*.rst.txt, *.md.txt) in their
    own format; any other text file with --include '*.ext'; UTF-8, a BOM or GBK.
    Chunks are cut in the embedding model's tokens; a code block stays whole
    where it fits and a table row is never cut. The build is incremental.
    --chroma-url writes to a Chroma server (the collection is named after the
    index directory unless --collection names one). Empty, binary and unreadable
    files are skipped with the reason (--strict makes them errors), a text found
    under two names is kept once, and a document over --max-document-mb is
    skipped unread. See docs/formats.md.
    """
    # Imported here so that `ragstress --help` stays fast (these pull in chromadb and torch).
    from ragstress.api.errors import RayUnavailable
    from ragstress.api.indexing import BuildPlan, build_index

    console = Console(stderr=True)
    where = ex.executor_settings(executor, ray_address, actors, actor_resources)
    if max_document_mb < 0:
        cc.fail("--max-document-mb must be >= 0 (0 means no limit)")
    bar = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[note]}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
    tasks = {}

    def on_plan(plan: BuildPlan) -> None:
        console.print(
            f"embedding with [bold]{plan.embedding_model}[/] (window {plan.window_tokens} tokens); "
            f"chunks of {plan.chunk_size} {plan.chunk_unit}, overlap {plan.chunk_overlap}",
            highlight=False,
        )
        bar.start()
        tasks["docs"] = bar.add_task("documents", total=None, note="")
        tasks["embed"] = bar.add_task("embedded chunks", total=None, note="")

    def on_progress(state) -> None:
        bar.update(tasks["docs"], completed=state.documents, note=state.current[-40:])
        # Reused chunks need no embedding, so they are not part of this bar's work.
        bar.update(tasks["embed"], completed=state.embedded, total=max(state.chunks - state.reused, state.embedded))

    try:
        result = build_index(
            corpus,
            index,
            embedding=embedding,
            include=include,
            notebook_outputs=notebook_outputs,
            follow_symlinks=follow_symlinks,
            chunk_size=chunk_size,
            chunk_overlap=chunk_overlap,
            chunk_unit=chunk_unit.value,
            strict=strict,
            max_document_bytes=int(max_document_mb * 1_000_000) or None,
            chroma_url=chroma_url,
            collection=collection,
            on_plan=on_plan,
            on_progress=on_progress,
            **where,
        )
    except (ValueError, RayUnavailable) as error:  # CorpusError, StoreError, EmbeddingModelError are ValueErrors
        _stop(bar, started=bool(tasks))
        cc.fail(str(error))
    _stop(bar, started=bool(tasks))
    stats = result.stats
    out = Console()
    out.print(_summary_table(stats))
    for skipped in stats.skipped:
        out.print(f"  skipped {skipped.path}: {skipped.reason}", highlight=False, markup=False)
    if stats.truncated:
        out.print(
            f"[yellow]warning:[/] {stats.truncated} chunk(s) exceed the model window and are embedded in part; "
            "use a smaller --chunk-size or --chunk-unit tokens"
        )


def search(
    index: Path = typer.Argument(..., help="Index directory made by `ragstress build`."),
    query: str = typer.Argument(..., help="Text to search for."),
    k: int = typer.Option(5, "-k", "--top-k", min=1, help="Number of chunks to show."),
    chroma_url: str | None = typer.Option(None, "--chroma-url", help="Chroma server (default: as recorded at build)."),
) -> None:
    """Show the chunks of an index closest to a query, with cosine similarity scores.

    Each hit shows its rank, score and document id (-k sets how many).
    """
    from ragstress.api.errors import EmbeddingModelError
    from ragstress.api.indexing import StoreError
    from ragstress.api.indexing import search as closest

    try:
        hits = closest(index, query, k, chroma_url=chroma_url)
    except (StoreError, EmbeddingModelError) as error:
        cc.fail(str(error))
    # Chunks and the query are corpus text: printed as text, never read as markup.
    table = Table(title=f"Top {len(hits)} for: {escape(query)}", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("score", justify="right")
    table.add_column("document")
    table.add_column("excerpt", overflow="fold")
    for rank, hit in enumerate(hits, 1):
        excerpt = " ".join(hit.text.split())
        if len(excerpt) > _EXCERPT_CHARS:
            excerpt = excerpt[:_EXCERPT_CHARS] + "…"
        table.add_row(str(rank), f"{hit.score:.3f}", escape(hit.doc_id), escape(excerpt))
    Console().print(table)


def register(app: typer.Typer) -> None:
    """Add the `build` and `search` commands to the `ragstress` app."""
    app.command("build")(build)
    app.command("search")(search)
