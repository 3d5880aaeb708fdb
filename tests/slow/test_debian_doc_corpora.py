"""The documentation users index: Python's manual (reStructuredText) and the Chinese man pages (roff).

`ragstress build` on the Debian python3.11-doc sources as Sphinx ships them (`_sources/*.rst.txt`), and on
manpages-zh's gzipped roff sources, must give chunks that hold the text, not its markup: no
role (`:func:`len``), no man macro (`.TH`), no font escape (`\\fB`) in a seeded sample of 200
chunks of each. `make test` installs both packages where it may (root); elsewhere this skips.
"""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.index import register
from ragstress.core.jsonl import read_records
from ragstress.core.types import Chunk

pytestmark = pytest.mark.slow

PYTHON_SOURCES = Path("/usr/share/doc/python3.11/html/_sources/library")
ZH_PAGES = Path("/usr/share/man/zh_CN/man1")
MARKUP = re.compile(r":[a-z][\w:+-]*:`|^\.(?:TH|SH|SS|PP|TP|IP|BR|IR|nf|fi|B|I)\b|\\f[BIRP(\[]", re.MULTILINE)
SAMPLE = 200


def _build(corpus: Path, index: Path, embedding: str) -> list[Chunk]:
    app = typer.Typer()
    register(app)
    result = CliRunner().invoke(app, ["build", str(corpus), "--index", str(index), "--embedding", embedding])
    assert result.exit_code == 0, result.output
    return read_records(index / "chunks.jsonl", Chunk)


def _take(files: list[Path], budget: int, copy) -> None:
    """Copy files in name order until `budget` bytes of source are in."""
    for path in files:
        if budget <= 0:
            break
        budget -= copy(path)


def _no_markup(chunks: list[Chunk]) -> None:
    assert len(chunks) >= SAMPLE, len(chunks)
    sample = random.Random(33).sample(chunks, SAMPLE)
    found = [(c.doc_id, m[0]) for c in sample if (m := MARKUP.search(c.text))]
    assert not found, found[:5]


@pytest.mark.skipif(not PYTHON_SOURCES.is_dir(), reason="python3.11-doc is not installed")
def test_the_python_manual_in_restructuredtext_builds_without_markup(tmp_path):
    corpus = tmp_path / "python" / "_sources"
    corpus.mkdir(parents=True)

    def copy(path: Path) -> int:
        shutil.copy(path, corpus / path.name)  # as shipped: page.rst.txt, read as reStructuredText
        return path.stat().st_size

    _take(sorted(PYTHON_SOURCES.glob("*.rst.txt")), 400_000, copy)
    chunks = _build(corpus, tmp_path / "index", "minilm")
    _no_markup(chunks)
    assert any("Added in version" in c.text for c in chunks)  # version directives read as sentences


@pytest.mark.skipif(not ZH_PAGES.is_dir(), reason="manpages-zh is not installed")
def test_the_chinese_man_pages_build_without_markup(tmp_path):
    corpus = tmp_path / "man"
    corpus.mkdir()

    def copy(path: Path) -> int:
        shutil.copy(path, corpus / path.name)
        return path.stat().st_size * 3  # gzipped: about a third of the source

    _take(sorted(ZH_PAGES.glob("*.gz")), 150_000, copy)
    chunks = _build(corpus, tmp_path / "index", "e5")
    _no_markup(chunks)
    assert any("名称" in c.text for c in chunks)
