"""Word documents (`.docx`, through python-docx) and Jupyter notebooks (`.ipynb`, through nbformat).

Word: paragraphs and tables in document order; Title and Heading styles become heading
lines (the title is the core properties' title, else the first Title or Heading 1), list
styles "- " items, code-like styles (Code, Source Code, HTML Preformatted, Macro Text)
fenced code, and each table one line per row.

Notebooks: markdown cells as text (their source, as Markdown files are read), code cells as
fenced code in the kernel's language; outputs are dropped unless `outputs` is set, when text
outputs (streams and text/plain results) follow their cell as a fenced `output` block. The
title is the first level-1 heading of a markdown cell.
"""

from __future__ import annotations

from pathlib import Path

from ragstress.corpora.structured import fenced, inline, join_blocks, table_rows

_CODE_STYLES = ("code", "source code", "html preformatted", "macro text", "preformatted")


def read_docx_text(path: Path) -> tuple[str, str]:
    """(title, text) of a Word document."""
    import docx  # imported here: only corpora holding Word files need it
    from docx.table import Table

    document = docx.Document(str(path))
    title = (document.core_properties.title or "").strip()
    blocks: list[str] = []
    for item in document.iter_inner_content():
        if isinstance(item, Table):
            blocks.append(table_rows([[cell.text for cell in row.cells] for row in item.rows]))
            continue
        style = (item.style.name if item.style is not None else "").lower()
        text = item.text
        if not text.strip():
            continue
        if style.startswith(("heading", "title")):
            title = title or inline(text) if style in ("title", "heading 1") else title
            blocks.append(inline(text))
        elif any(name in style for name in _CODE_STYLES):
            blocks.append(fenced(text))
        elif style.startswith("list"):
            blocks.append("- " + inline(text))
        else:
            blocks.append(inline(text))
    return title, _merge_runs(blocks)


def _merge_runs(blocks: list[str]) -> str:
    """Consecutive list items, and consecutive code paragraphs, kept together."""
    merged: list[str] = []
    for block in blocks:
        previous = merged[-1] if merged else ""
        if block.startswith("- ") and previous.split("\n")[-1].startswith("- "):
            merged[-1] += "\n" + block
        elif block.startswith("```") and previous.endswith("```") and previous.startswith("```"):
            merged[-1] = previous[: -len("\n```")] + "\n" + block.split("\n", 1)[1]
        else:
            merged.append(block)
    return join_blocks(merged)


def read_notebook_text(text: str, *, outputs: bool = False) -> tuple[str, str]:
    """(title, text) of a notebook's JSON."""
    import nbformat  # imported here: only corpora holding notebooks need it

    from ragstress.corpora.formats import markdown_title

    notebook = nbformat.reads(text, as_version=4)
    metadata = notebook.get("metadata", {})
    language = (metadata.get("kernelspec", {}) or {}).get("language") or (metadata.get("language_info", {}) or {}).get(
        "name", ""
    )
    blocks, title = [], ""
    for cell in notebook.cells:
        source = cell.get("source", "")
        if cell.cell_type == "markdown":
            title = title or markdown_title(source)
            blocks.append(source)
        elif cell.cell_type == "code":
            blocks.append(fenced(source, language))
            if outputs:
                blocks.append(fenced("\n".join(_output_texts(cell)), "output"))
    return title, join_blocks(blocks)


def _output_texts(cell) -> list[str]:
    texts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            texts.append(output.get("text", ""))
        elif output.get("output_type") in ("execute_result", "display_data"):
            texts.append(output.get("data", {}).get("text/plain", ""))
    return [t if isinstance(t, str) else "".join(t) for t in texts if t]
