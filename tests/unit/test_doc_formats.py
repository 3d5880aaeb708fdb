"""Documentation formats read as a reader sees them: reStructuredText, AsciiDoc, Word, notebooks, man pages."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from ragstress.core.types import Document
from ragstress.corpora import man_reader
from ragstress.corpora.chunking import ChunkParams, chunk_document
from ragstress.corpora.loaders import ReadOptions, load_corpus
from ragstress.corpora.readers import read_docx, read_man, reader_for

FORMATS = Path(__file__).parents[1] / "data" / "formats"
MARKUP = (":func:", ":mod:", ":ref:", ":class:", "..", "\\f", ".TH", ".SH", "|===", "link:", "{product}")


def _load(name: str, **options) -> Document:
    (doc,) = load_corpus(FORMATS / name, options=ReadOptions(**options)).documents
    return doc


def _no_markup(text: str) -> None:
    leftovers = [m for m in MARKUP if m in text.replace("...", "")]
    assert not leftovers, leftovers


def test_restructuredtext_keeps_titles_code_and_tables_and_drops_roles_and_options():
    doc = _load("widgets.rst")
    assert doc.title == "widgets --- Frobnicating widgets"
    text = doc.text
    _no_markup(text.replace("--- Frobnicating", ""))
    assert "The widgets module frobnicates widgets; see the tutorial and frobnicate for details." in text
    assert "Added in version 3.8. The depth parameter." in text
    assert "frobnicate(widget, *, depth=4)" in text and ":noindex:" not in text
    assert '```\n>>> import widgets\n>>> widgets.frobnicate("gear")\n\nReport(depth=4)\n```' in text
    assert "Setting | Maximum\ndepth | 16 levels\nname | 255 characters" in text
    assert "The sprocket cache is cleared after every run." in text and "replace::" not in text


def test_asciidoc_reads_its_common_subset():
    doc = _load("sprockets.adoc")
    assert doc.title == "Sprocket Handbook"
    text = doc.text
    _no_markup(text)
    assert "Sprocketeer aligns sprockets since version 5.1; see the full guide." in text
    assert '```toml\n[tension]\nmode = "adaptive"\n\nlimit = 42\n```' in text
    assert "Setting | Allowed range\nmode | adaptive or fixed\nlimit | 1 to 99 newtons" in text
    assert "- Loosen the chain before replacing a sprocket.\n- Never exceed the rated tension." in text
    assert "internal note" not in text


def test_notebooks_keep_markdown_and_code_and_drop_outputs_unless_asked():
    doc = _load("gearbox.ipynb")
    assert doc.title == "Counting gears"
    assert "```python\nimport csv\n" in doc.text and "齿轮统计" in doc.text
    assert "1287 gear changes" not in doc.text
    kept = _load("gearbox.ipynb", notebook_outputs=True)
    assert "```output\n1287 gear changes recorded\n```" in kept.text


def test_word_documents_keep_headings_lists_and_tables(tmp_path):
    docx = pytest.importorskip("docx")
    document = docx.Document()
    document.add_heading("Pump Manual", 0)
    document.add_heading("Priming", 1)
    document.add_paragraph("Open the bleed valve before priming the pump.")
    document.add_paragraph("close the intake", style="List Bullet")
    document.add_paragraph("fill the casing", style="List Bullet")
    table = document.add_table(rows=2, cols=2)
    for (row, col), text in {(0, 0): "Model", (0, 1): "Flow", (1, 0): "P-200", (1, 1): "40 litres per minute"}.items():
        table.cell(row, col).text = text
    path = tmp_path / "pump.docx"
    document.save(path)
    parsed = read_docx(path)
    assert parsed.title == "Pump Manual"
    assert parsed.text == (
        "Pump Manual\n\nPriming\n\nOpen the bleed valve before priming the pump.\n\n"
        "- close the intake\n- fill the casing\n\nModel | Flow\nP-200 | 40 litres per minute"
    )


@pytest.mark.parametrize("renderer", ["installed", "macros"])
def test_man_pages_in_english_and_chinese_gzipped_or_not(tmp_path, monkeypatch, renderer):
    if renderer == "macros":
        monkeypatch.setattr(man_reader, "render_man", lambda source, scope=None: None)
    elif not (shutil.which("groff") or shutil.which("mandoc")):
        pytest.skip("neither groff nor mandoc is installed")
    page = read_man(FORMATS / "chainctl.1")
    assert page.title == "chainctl(1)"
    _no_markup(page.text)
    for line in ("NAME", "SYNOPSIS", "DESCRIPTION", "chainctl - adjust bicycle chain tension"):
        assert line in page.text.split("\n")
    assert "-t, --tension=N" in page.text and "Set the target tension to N newtons (default 40)." in page.text
    gz = tmp_path / "liantiao.1.gz"
    gz.write_bytes(gzip.compress((FORMATS / "zh" / "liantiao.1").read_bytes()))
    zh = read_man(gz)
    assert zh.title == "liantiao(1)" and "名称" in zh.text.split("\n")
    assert "liantiao - 调整自行车链条张力" in zh.text and "\\f" not in zh.text
    assert "默认 40" in zh.text


def test_other_text_files_load_only_when_included_and_the_skip_says_how(tmp_path):
    (tmp_path / "settings.cfg").write_text("[server]\nport = 8080\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("Some notes.", encoding="utf-8")
    skipped = load_corpus(tmp_path)
    assert [s.reason for s in skipped.skipped] == [
        "unsupported file type .cfg (to read it as plain text: --include '*.cfg')"
    ]
    included = load_corpus(tmp_path, options=ReadOptions(include=("*.cfg",)))
    assert sorted(d.id for d in included.documents) == ["notes.txt", "settings.cfg"]
    assert reader_for("notes.1") is not None and reader_for("archive.tar") is None


def test_a_fenced_code_block_that_fits_stays_whole_and_table_rows_are_never_cut():
    text = (
        "Intro paragraph about widgets.\n\n```python\ndef a():\n    return 1\n\n\ndef b():\n    return 2\n```\n\n"
        "After the code comes more prose about the widgets.\n\n"
        + "\n".join(f"setting_{i} | value {i} | a short description of setting {i}" for i in range(12))
    )
    doc = Document(id="d", source="d", lang="en", title="", text=text, sha="s")
    code = text[text.index("```python") : text.index("```\n\nAfter") + 3]
    held = chunk_document(doc, ChunkParams(size=80, overlap=0, unit="chars"))
    assert all(text[c.start : c.end] == c.text for c in held)
    assert any(code in c.text for c in held)  # before: the intro took the block's first half, split at its blank line
    chunks = chunk_document(doc, ChunkParams(size=120, overlap=20, unit="chars"))
    assert all(text[c.start : c.end] == c.text for c in chunks)
    rows = [line for line in text.split("\n") if line.startswith("setting_")]
    for chunk in chunks:
        for line in chunk.text.split("\n"):
            if "setting_" in line or "a short description" in line:
                assert line in rows, line  # a whole row, never a piece of one


@pytest.mark.skipif(not shutil.which("groff"), reason="groff is not installed (Debian groff-base)")
def test_man_pages_keep_no_justification_spaces_and_chinese_lines_join_without_one(tmp_path):
    words = " ".join(f"word{i}" for i in range(1500))  # past the line width: groff wraps it
    page = tmp_path / "justify.1"
    page.write_text(
        ".TH JUSTIFY 1\n.SH 描述\n.ad b\n"
        f"{words}\n.PP\n.I Gzip\n只尝试压缩常规文件。\n.PP\n如果文件名只由较小的段\n组成，最长的段将被截断。\n"
        ".PP\n译者 在 词语 之间\n留的 空格 保留。\n.TP\n\\-t\n设置张力。\n",
        encoding="utf-8",
    )
    text = read_man(page).text
    assert "Gzip 只尝试压缩常规文件。" in text
    assert "如果文件名只由较小的段组成，最长的段将被截断。" in text  # a line break between Han is no space
    assert "译者 在 词语 之间留的 空格 保留。" in text  # a space the source has stays
    assert "-t     设置张力。" in text.split("\n")  # a short tag keeps its column beside the description
    prose = [line for line in text.split("\n") if line.startswith("word")]
    assert prose and all("  " not in line for line in prose), "justification spaces in the text"
    assert " ".join(prose) == words


@pytest.mark.skipif(not Path("/usr/share/man/zh_CN/man1/gzip.1.gz").is_file(), reason="manpages-zh is not installed")
@pytest.mark.skipif(not shutil.which("groff"), reason="groff is not installed (Debian groff-base)")
def test_the_chinese_gzip_page_reads_without_justification_spaces():
    text = read_man(Path("/usr/share/man/zh_CN/man1/gzip.1.gz")).text
    assert "太长， gzip 会将其截断。 Gzip 只尝试截断文件名中大于3个字符的段" in text
    assert "如果文件名只由较小的段组成，最长的段将被截断。" in text
