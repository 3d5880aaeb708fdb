"""Each documentation format builds into a real index whose search finds a passage by its content."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.index import register
from ragstress.indexing.store import IndexStore

FORMATS = Path(__file__).parents[1] / "data" / "formats"
QUERIES = {  # question -> (the file that answers it, words of the passage)
    "What is the maximum depth of frobnication?": ("widgets.rst", "depth | 16 levels"),
    "Which tension limit range is allowed for sprockets?": ("sprockets.adoc", "limit | 1 to 99 newtons"),
    "How many gear changes does the gearbox log record?": ("gearbox.ipynb", "1287 gear changes recorded"),
    "How do I set the target chain tension in newtons?": ("chainctl.1.gz", "Set the target tension to N newtons"),
    "How fast must the pump move water?": ("pump.docx", "P-200 | 40 litres per minute"),
}


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def _word_file(path: Path) -> None:
    docx = pytest.importorskip("docx")
    document = docx.Document()
    document.add_heading("Pump Manual", 0)
    document.add_paragraph("The pump moves water from the cistern to the roof tank.")
    table = document.add_table(rows=2, cols=2)
    for (row, col), text in {(0, 0): "Model", (0, 1): "Flow", (1, 0): "P-200", (1, 1): "40 litres per minute"}.items():
        table.cell(row, col).text = text
    document.save(path)


def test_every_format_builds_and_its_passages_are_found(tmp_path):
    corpus = tmp_path / "docs"
    corpus.mkdir()
    for name in ("widgets.rst", "sprockets.adoc", "gearbox.ipynb"):
        shutil.copy(FORMATS / name, corpus / name)
    (corpus / "chainctl.1.gz").write_bytes(gzip.compress((FORMATS / "chainctl.1").read_bytes()))
    _word_file(corpus / "pump.docx")
    index = tmp_path / "index"
    runner = CliRunner()
    args = ["build", str(corpus), "--index", str(index), "--embedding", "minilm", "--notebook-outputs"]
    built = runner.invoke(_app(), args)
    assert built.exit_code == 0, built.output
    assert "skipped files" in built.output
    store = IndexStore.open(index)
    for question, (source, words) in QUERIES.items():
        hits = store.query(question, k=3)
        assert any(hit.doc_id == source and words in hit.text for hit in hits), (question, hits)
    assert runner.invoke(_app(), ["search", str(index), "chain tension", "-k", "2"]).exit_code == 0


def test_a_chinese_man_page_builds_and_is_found(tmp_path):
    corpus = tmp_path / "zh"
    corpus.mkdir()
    (corpus / "liantiao.1.gz").write_bytes(gzip.compress((FORMATS / "zh" / "liantiao.1").read_bytes()))
    index = tmp_path / "index"
    runner = CliRunner()
    built = runner.invoke(_app(), ["build", str(corpus), "--index", str(index), "--embedding", "e5"])
    assert built.exit_code == 0, built.output
    (hit,) = IndexStore.open(index).query("怎样设置链条的目标张力？", k=1)
    assert hit.doc_id == "liantiao.1.gz" and "牛顿" in hit.text
