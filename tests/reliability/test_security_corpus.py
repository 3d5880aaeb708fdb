"""Corpora that cannot hurt: a man page reads nothing outside the corpus folder, a looping page is
stopped whole at its time limit, and a small file that expands to a huge one is skipped as it expands.

Each check runs the real groff (Debian groff-base; skipped without it), the real `ragstress build`
in this process (so renders can be counted) and real gzip and zip archives.
"""

from __future__ import annotations

import ctypes
import gzip
import os
import shutil
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from fixtures_run.inprocess import invoke

from ragstress.corpora import man_reader
from ragstress.corpora.limits import ReadScope
from ragstress.corpora.loaders import ReadOptions, load_corpus
from ragstress.corpora.readers import read_man

needs_groff = pytest.mark.skipif(not shutil.which("groff"), reason="groff is not installed (Debian groff-base)")
ENV_SECRET = "sk-ENVIRON-roff-5d0c9e21"
FILE_SECRET = "FILE-SECRET-outside-corpus-8b7f"
GROFF_FAMILY = {"groff", "troff", "grotty", "tbl", "preconv", "mandoc"}


def _page(name: str, body: str) -> str:
    return f".TH {name.upper()} 1\n.SH NAME\n{name} \\- {name} test page\n.SH DESCRIPTION\n{body}\n"


def _every_byte(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


# --- nothing outside the corpus -------------------------------------------------------------


@needs_groff
def test_a_man_page_reads_no_file_outside_the_corpus_folder(tmp_path, monkeypatch):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(f"{FILE_SECRET}\n", encoding="utf-8")
    corpus = tmp_path / "corpus"
    (corpus / "man1").mkdir(parents=True)
    (corpus / ".env").write_text(f"OPENAI_API_KEY={FILE_SECRET}\n", encoding="utf-8")
    (corpus / "man1" / "environ.1").write_text(_page("environ", "Reads the environment.\n.so /proc/self/environ"))
    (corpus / "man1" / "sibling.1").write_text(_page("sibling", "Reads a sibling.\n.so ../../outside/secret.txt"))
    (corpus / "man1" / "hidden.1").write_text(_page("hidden", "Reads a hidden file.\n.so ../.env"))
    # The same reads dressed up so that no `.so` line shows: groff itself must refuse them.
    tricks = [
        ".ds x so",
        f".\\*x {outside}/secret.txt",
        ".als include so",
        f".include {outside}/secret.txt",
        f".mso {outside}/secret.txt",
        f".cf {outside}/secret.txt",
        f".trf {outside}/secret.txt",
        f".nx {outside}/secret.txt",
        f".pso cat {outside}/secret.txt",
        f".sy cat {outside}/secret.txt > {outside}/written.txt",
        f".open leak {outside}/written.txt",
        "Environment: \\V[RAGSTRESS_ROFF_SECRET] \\V[HOME] done.",
    ]
    (corpus / "man1" / "tricks.1").write_text(_page("tricks", "Tries every request that reads.\n" + "\n".join(tricks)))
    (corpus / "man1" / "frame.1").write_text(_page("frame", "The frame holds the bolts.\n.so man1/bolts.inc"))
    (corpus / "man1" / "bolts.inc").write_text("Tighten the bolts to 12 newton metres.\n", encoding="utf-8")
    (corpus / "man1" / "bolt.1").write_text(".so man1/frame.1\n", encoding="utf-8")  # a link page
    index = tmp_path / "index"

    result = invoke(
        "build", corpus, "--index", index, "--embedding", "minilm", env={"RAGSTRESS_ROFF_SECRET": ENV_SECRET}
    )
    assert result.exit_code == 0, result.output
    everything = _every_byte(index)
    for secret in (ENV_SECRET, FILE_SECRET, "PATH="):
        assert secret.encode() not in everything, f"{secret} reached the index"
    assert not (outside / "written.txt").exists()
    chunks = (index / "chunks.jsonl").read_text(encoding="utf-8")
    assert "Tighten the bolts to 12 newton metres." in chunks  # an include inside the corpus still reads
    assert "Tries every request that reads." in chunks and "Environment:" in chunks
    for page, target in (("environ", "/proc/self/environ"), ("sibling", "../../outside/secret.txt")):
        assert f"skipped man1/{page}.1: .so {target}: not a file inside the corpus folder" in result.flat
    assert "skipped man1/hidden.1: .so ../.env: not a file inside the corpus folder" in result.flat
    assert "skipped man1/frame.1: same text as man1/bolt.1" in result.flat  # the link page read its target


@needs_groff
def test_a_build_renders_each_man_page_once(tmp_path, monkeypatch):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("alpha", "beta"):
        (corpus / f"{name}.1").write_text(_page(name, f"The {name} command counts {name} particles."))
    renders = []
    real = man_reader.render_roff
    monkeypatch.setattr(man_reader, "render_roff", lambda source, **kw: renders.append(1) or real(source, **kw))
    # --strict reads the whole corpus three times: the check for a document, its language, the build.
    result = invoke("build", corpus, "--index", tmp_path / "index", "--embedding", "minilm", "--strict")
    assert result.exit_code == 0, result.output
    assert len(renders) == 2


# --- a page that loops ----------------------------------------------------------------------


def _descendants_alive() -> list[str]:
    """Living processes below this one (orphans included: this process is their subreaper)."""
    children: dict[int, list[int]] = {}
    names: dict[int, tuple[str, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name, fields = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :].split()
        names[int(entry.name)] = (name, fields[0])
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        name, state = names.get(pid, ("?", "Z"))
        if state != "Z":
            found.append(f"{pid} {name}")
        todo.extend(children.get(pid, []))
    return found


@pytest.fixture
def subreaper():
    """Make this process the reaper of its orphans, so a child left behind by a killed groff stays visible."""
    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_child_subreaper = 36
    if libc.prctl(pr_set_child_subreaper, 1, 0, 0, 0) != 0:
        pytest.skip("prctl(PR_SET_CHILD_SUBREAPER) is not available")
    yield
    libc.prctl(pr_set_child_subreaper, 0, 0, 0, 0)
    for _ in range(50):  # reap whatever was reparented to us
        try:
            if os.waitpid(-1, os.WNOHANG) == (0, 0):
                break
        except ChildProcessError:
            break


@needs_groff
@pytest.mark.parametrize(
    "body",
    [".while 1 .", ".while 1 \\{\\\nthe same words again and again\n.\\}", ".de L\n.nop \\n[.c]\n.L\n..\n.L"],
    ids=["empty-loop", "printing-loop", "recursive-macro"],
)
def test_a_looping_page_stops_at_its_limit_and_leaves_no_process(tmp_path, subreaper, body):
    page = tmp_path / "loop.1"
    page.write_text(_page("loop", body), encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(ValueError) as failure:
        text = read_man(page, ReadScope(root=tmp_path, render_seconds=2)).text
        if "loop test page" in text:  # groff may stop a deep recursion itself: then it must be quick
            raise ValueError("ended by groff")
    elapsed = time.monotonic() - started
    assert elapsed < 6, f"took {elapsed:.1f} s against a 2 s limit"
    if str(failure.value) != "ended by groff":
        assert "did not finish rendering within 2 s" in str(failure.value)
    _assert_none_left()


def _assert_none_left() -> None:
    """No descendant process still alive a moment after the call (SIGKILL takes effect asynchronously)."""
    deadline = time.monotonic() + 3
    while (alive := _descendants_alive()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive == [], f"left running: {alive}"


@needs_groff
def test_a_looping_page_in_a_corpus_is_skipped_with_the_reason(tmp_path):
    (tmp_path / "loop.1").write_text(_page("loop", ".while 1 ."), encoding="utf-8")
    (tmp_path / "fine.1").write_text(_page("fine", "A page that ends."), encoding="utf-8")
    result = load_corpus(tmp_path, options=ReadOptions(render_seconds=1))
    assert [d.id for d in result.documents] == ["fine.1"]
    assert [s.reason for s in result.skipped] == [
        "groff did not finish rendering within 1 s (a page that loops?); skipped"
    ]


# --- files that expand ----------------------------------------------------------------------


def _zip_bomb_docx(path: Path, paragraphs: int) -> None:
    """A valid Word file whose document.xml inflates to `paragraphs` short paragraphs (~40 bytes each)."""
    docx = pytest.importorskip("docx")
    template = path.with_suffix(".template.docx")
    docx.Document().save(template)
    with zipfile.ZipFile(template) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as bomb:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "word/document.xml":
                body = b"<w:p><w:r><w:t>gear</w:t></w:r></w:p>" * paragraphs
                data = data.replace(b"<w:body>", b"<w:body>" + body, 1)
            bomb.writestr(item, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    template.unlink()


def test_a_small_docx_that_unzips_past_the_limit_is_skipped_unparsed(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    _zip_bomb_docx(corpus / "bomb.docx", 2_000_000)  # ~80 MB of XML in a ~0.3 MB file
    (corpus / "note.txt").write_text("The gearbox has five gears.", encoding="utf-8")
    assert (corpus / "bomb.docx").stat().st_size < 1_000_000
    tracemalloc.start()
    started = time.monotonic()
    result = load_corpus(corpus)
    elapsed, (_, peak) = time.monotonic() - started, tracemalloc.get_traced_memory()
    tracemalloc.stop()
    (skipped,) = result.skipped
    assert skipped.path == "bomb.docx"
    assert skipped.reason == (
        "Word document (unzipped) expands to 74.8 MB, over the per-document limit of 20 MB "
        "(raise it with --max-document-mb)"
    )
    assert peak < 20_000_000, f"peak {peak / 1e6:.1f} MB: the archive was inflated"
    assert elapsed < 10


def test_a_gzipped_man_page_that_inflates_past_the_limit_is_skipped_as_it_inflates(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    page = _page("huge", "x") + "\\&" + "padding " * 25_000_000  # 200 MB of roff, ~0.2 MB gzipped
    (corpus / "huge.1.gz").write_bytes(gzip.compress(page.encode(), compresslevel=9))
    assert (corpus / "huge.1.gz").stat().st_size < 1_000_000
    tracemalloc.start()
    with pytest.raises(Exception) as failure:
        load_corpus(corpus, max_document_bytes=2_000_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert "huge.1.gz: gzipped man page expands to more than the per-document limit of 2 MB" in str(failure.value)
    assert peak < 12_000_000, f"peak {peak / 1e6:.1f} MB: the page was inflated whole"


def test_a_corpus_whose_only_files_are_skipped_says_why(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "huge.1.gz").write_bytes(gzip.compress(b".TH HUGE 1\n" + b"a" * 3_000_000))
    (corpus / "empty.txt").write_bytes(b"")
    result = invoke("build", corpus, "--index", tmp_path / "index", "--max-document-mb", "1")
    assert result.exit_code == 2
    assert f"no documents found in {corpus} (2 files skipped: empty.txt: empty file; huge.1.gz: gzipped" in result.flat
    assert "the index was left unchanged" in result.flat
    assert not (tmp_path / "index").exists()
