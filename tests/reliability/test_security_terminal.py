"""Corpus and response text is printed as text: never read as the terminal library's markup.

A chunk holding `[link=file:///etc/passwd]` must not become a hyperlink, `[/]` must not end a style
it never opened (which raised MarkupError and exited 1), and a skip reason quoting the page's own
`.so [/]` line must print as it is.
"""

from __future__ import annotations

import shutil

import pytest
from fixtures_run.inprocess import invoke

LINK = "[link=file:///etc/passwd]the lock keeper's notes[/link]"
STRAY = "Close the gate [/] before the tide [bold red]turns[/bold red]."
needs_groff = pytest.mark.skipif(not shutil.which("groff"), reason="groff is not installed (Debian groff-base)")


@pytest.fixture
def hostile_corpus(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "man1").mkdir(parents=True)
    (corpus / "gates.md").write_text(
        f"# Lock gates\n\nThe lock gates of the canal open at dawn. See {LINK}.\n\n{STRAY}\n", encoding="utf-8"
    )
    (corpus / "man1" / "tide.1").write_text(
        ".TH TIDE 1\n.SH NAME\ntide \\- tide tables\n.SH DESCRIPTION\nTables.\n.so [/]\n", encoding="utf-8"
    )
    return corpus


def _no_escape_codes(text: str) -> bool:
    return "\x1b]8;" not in text and "\x1b[" not in text


@needs_groff
def test_build_prints_a_skip_reason_with_markup_characters_as_text(tmp_path, hostile_corpus):
    result = invoke("build", hostile_corpus, "--index", tmp_path / "index", "--embedding", "minilm")
    assert result.exit_code == 0, result.output
    assert "skipped man1/tide.1: .so [/]" in result.flat
    assert _no_escape_codes(result.output)


def test_search_prints_chunks_as_text(tmp_path, hostile_corpus):
    (hostile_corpus / "man1" / "tide.1").unlink()
    index = tmp_path / "index"
    assert invoke("build", hostile_corpus, "--index", index, "--embedding", "minilm").exit_code == 0
    result = invoke("search", index, "when do the lock gates open [/]", "-k", "2", env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert "[link=file:///etc/passwd]" in result.flat and "[/link]" in result.flat
    assert "Close the gate [/] before the tide [bold red]" in result.flat  # the excerpt ends soon after
    assert "when do the lock gates open [/]" in result.flat  # the query in the title, too
    assert _no_escape_codes(result.output)
