"""Symlinks in a corpus folder: one that leaves the folder is not read unless the user asks for it.

Git repositories carry symlinks, and a corpus's text goes to the generator and judge endpoints:
a link to a file or a folder outside the corpus must not bring that text along.
"""

from __future__ import annotations

from pathlib import Path

from fixtures_run.inprocess import invoke

from ragstress.corpora.loaders import ReadOptions, load_corpus

SECRET = "OUTSIDE-SECRET-4f1c9a"
INSIDE = "The lock gates open at dawn and close at dusk every day of the season."


def _corpus(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    (outside / "notes").mkdir(parents=True)
    (outside / "secret.md").write_text(f"# Secret\n\nThe token is {SECRET}.\n", encoding="utf-8")
    (outside / "notes" / "more.md").write_text(f"# More\n\nAgain {SECRET} here.\n", encoding="utf-8")
    corpus = tmp_path / "corpus"
    (corpus / "docs").mkdir(parents=True)
    (corpus / "docs" / "gates.md").write_text(f"# Gates\n\n{INSIDE}\n", encoding="utf-8")
    (corpus / "docs" / "leak.md").symlink_to(outside / "secret.md")
    (corpus / "notes").symlink_to(outside / "notes", target_is_directory=True)
    (corpus / "zz-again.md").symlink_to(Path("docs") / "gates.md")  # a link that stays inside
    (corpus / "docs" / "loop").symlink_to(corpus / "docs", target_is_directory=True)
    return corpus


def test_links_leaving_the_corpus_are_skipped_with_the_reason(tmp_path):
    corpus = _corpus(tmp_path)
    loaded = load_corpus(corpus)
    texts = " ".join(d.text for d in loaded.documents)
    assert SECRET not in texts and INSIDE in texts
    reasons = {s.path: s.reason for s in loaded.skipped}
    assert "outside the corpus folder" in reasons["docs/leak.md"] and "--follow-symlinks" in reasons["docs/leak.md"]
    assert "outside the corpus folder" in reasons["notes"]
    assert "same text as" in reasons["zz-again.md"]  # read, and kept once


def test_a_build_sends_nothing_from_outside_into_the_index_unless_asked(tmp_path):
    corpus = _corpus(tmp_path)
    index = tmp_path / "index"
    result = invoke("build", corpus, "--index", index, "--embedding", "minilm")
    assert result.exit_code == 0, result.output
    assert SECRET.encode() not in b"".join(p.read_bytes() for p in index.rglob("*") if p.is_file())
    assert "skipped docs/leak.md: symlink to 'secret.md' outside the corpus folder" in result.flat

    followed = tmp_path / "followed"
    result = invoke("build", corpus, "--index", followed, "--embedding", "minilm", "--follow-symlinks")
    assert result.exit_code == 0, result.output
    assert SECRET in (followed / "chunks.jsonl").read_text(encoding="utf-8")


def test_a_loop_of_links_is_read_once(tmp_path):
    corpus = _corpus(tmp_path)
    loaded = load_corpus(corpus, options=ReadOptions(follow_symlinks=True))
    sources = [d.source for d in loaded.documents]
    assert "docs/gates.md" in sources and not any(s.startswith("docs/loop/") for s in sources)
    assert any("symlink loop" in s.reason for s in loaded.skipped)
    assert SECRET in " ".join(d.text for d in loaded.documents)
