"""Corpus loading: formats, encodings, skip notices, strict mode, ids, language detection."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fpdf import FPDF

from ragstress.core.types import Document
from ragstress.corpora.langdetect import detect_lang
from ragstress.corpora.loaders import CorpusError, SkippedFile, iter_corpus, load_corpus
from ragstress.corpora.textdecode import UndecodableText, decode_text, text_sha

ZH_TEXT = "长城是中国古代的军事防御工程。它始建于春秋战国时期，总长度超过两万公里。"


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


def by_id(result_documents: list[Document]) -> dict[str, Document]:
    return {doc.id: doc for doc in result_documents}


# --- decoding -----------------------------------------------------------------------


def test_gbk_and_utf8_bom_chinese_files_decode(tmp_path: Path) -> None:
    write(tmp_path / "gbk.txt", ZH_TEXT.encode("gbk"))
    # Each file holds its own text: a repeated text would be skipped as a duplicate.
    write(tmp_path / "bom.txt", b"\xef\xbb\xbf" + (ZH_TEXT + "（副本）").encode("utf-8"))
    write(tmp_path / "gb18030.md", ("# 标题\n\n" + ZH_TEXT).encode("gb18030"))
    docs = by_id(load_corpus(tmp_path).documents)
    assert docs["gbk.txt"].text == ZH_TEXT
    assert docs["bom.txt"].text == ZH_TEXT + "（副本）"  # BOM stripped
    assert docs["gb18030.md"].title == "标题"
    assert all(doc.lang == "zh" for doc in docs.values())


def test_newlines_are_normalised(tmp_path: Path) -> None:
    write(tmp_path / "crlf.txt", b"line one\r\nline two\rline three\n")
    (doc,) = load_corpus(tmp_path).documents
    assert doc.text == "line one\nline two\nline three\n"


def test_decoding_is_utf8_first_then_gb18030() -> None:
    # These bytes are valid in both encodings; UTF-8 must win, every time.
    both = "é".encode()
    assert decode_text(both) == "é"
    assert decode_text("中文".encode("gbk")) == "中文"


def test_undecodable_file_is_skipped_with_reason(tmp_path: Path) -> None:
    write(tmp_path / "latin1.txt", "café crème".encode("latin-1"))  # neither UTF-8 nor GBK
    write(tmp_path / "ok.txt", "fine")
    result = load_corpus(tmp_path)
    assert result.skipped == [
        SkippedFile(path="latin1.txt", reason="not decodable as text (tried UTF-8 and GB18030/GBK)")
    ]


def test_control_heavy_bytes_are_not_text() -> None:
    with pytest.raises(UndecodableText):
        decode_text(bytes(range(1, 32)) * 10)


# --- formats ------------------------------------------------------------------------


def test_html_keeps_visible_text_only(tmp_path: Path) -> None:
    page = """<!doctype html><html><head><title>  Great   Wall </title>
    <style>body { color: red }</style><script>var hidden = "SCRIPT";</script></head>
    <body><h1>The Wall</h1><p>It is <b>very</b> long.<br>Built over centuries.</p>
    <script>document.write("ALSO HIDDEN")</script><noscript>NOSCRIPT</noscript>
    <template><p>TEMPLATE</p></template>
    <ul><li>Ming</li><li>Qin &amp; Han</li></ul></body></html>"""
    write(tmp_path / "page.html", page)
    (doc,) = load_corpus(tmp_path).documents
    assert doc.title == "Great Wall"
    for hidden in ("SCRIPT", "HIDDEN", "NOSCRIPT", "TEMPLATE", "color"):
        assert hidden not in doc.text
    assert "It is very long.\nBuilt over centuries." in doc.text
    assert doc.text.startswith("The Wall\n\n")
    assert "Ming\nQin & Han" in doc.text


def test_pdf_loads_with_title_and_text(tmp_path: Path) -> None:
    pdf = FPDF()
    pdf.set_title("A Short Report")
    pdf.set_font("Helvetica", size=12)
    pdf.add_page()
    pdf.multi_cell(0, 10, "The first page talks about the Great Wall.")
    pdf.add_page()
    pdf.multi_cell(0, 10, "The second page is about Beijing.")
    pdf.output(str(tmp_path / "report.pdf"))
    (doc,) = load_corpus(tmp_path).documents
    assert doc.id == "report.pdf"
    assert doc.title == "A Short Report"
    assert "Great Wall" in doc.text and "Beijing" in doc.text
    assert doc.lang == "en"


def test_broken_pdf_is_skipped(tmp_path: Path) -> None:
    write(tmp_path / "broken.pdf", b"%PDF-1.4\nnot really a pdf")
    write(tmp_path / "ok.txt", "fine")
    result = load_corpus(tmp_path)
    assert [s.path for s in result.skipped] == ["broken.pdf"]
    assert "PDF" in result.skipped[0].reason


def test_markdown_title_and_plain_text_title(tmp_path: Path) -> None:
    write(tmp_path / "a.md", "intro\n\n```sh\n# a shell comment\n```\n# The Title #\n\nbody\n\n# Second")
    write(tmp_path / "b.txt", "# not a title in plain text")
    docs = by_id(load_corpus(tmp_path).documents)
    assert docs["a.md"].title == "The Title"
    assert docs["b.txt"].title == ""


def test_document_fields_for_files(tmp_path: Path) -> None:
    write(tmp_path / "sub" / "deeper" / "a.txt", "Some English text.")
    (doc,) = load_corpus(tmp_path).documents
    assert doc.id == doc.source == "sub/deeper/a.txt"
    assert doc.sha == text_sha(doc.text)


def test_single_file_root(tmp_path: Path) -> None:
    path = write(tmp_path / "only.txt", "just this one")
    (doc,) = load_corpus(path).documents
    assert doc.id == "only.txt"


# --- JSONL and BEIR -----------------------------------------------------------------


def test_jsonl_records_ids_titles_and_lang(tmp_path: Path) -> None:
    lines = [
        {"id": "g1", "title": "Wall", "text": "The wall is long.", "lang": "en"},
        {"text": ZH_TEXT},
        {"id": 7, "text": "numeric ids are fine", "lang": "zh-CN"},
    ]
    write(tmp_path / "docs.jsonl", "\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n\n")
    docs = load_corpus(tmp_path).documents
    assert [d.id for d in docs] == ["g1", "docs.jsonl#2", "7"]
    assert [d.source for d in docs] == ["docs.jsonl#1", "docs.jsonl#2", "docs.jsonl#3"]
    assert docs[0].title == "Wall"
    assert docs[1].lang == "zh"  # detected
    assert docs[2].lang == "zh"  # given (locale tag accepted) wins over detection


def test_broken_jsonl_line_is_reported_with_its_line(tmp_path: Path) -> None:
    content = '{"text": "good one"}\n{"text": "broken\n{"title": "no text"}\n{"text": "also good"}\n'
    write(tmp_path / "data.jsonl", content)
    result = load_corpus(tmp_path)
    assert [d.id for d in result.documents] == ["data.jsonl#1", "data.jsonl#4"]
    reasons = [s.reason for s in result.skipped]
    assert reasons[0].startswith("data.jsonl line 2: invalid JSON")
    assert reasons[1] == "data.jsonl line 3: missing required field 'text'"
    assert all(s.path == "data.jsonl" for s in result.skipped)


def test_strict_mode_raises_naming_file_and_line(tmp_path: Path) -> None:
    write(tmp_path / "data.jsonl", '{"text": "good"}\nnot json\n')
    with pytest.raises(CorpusError, match=r"data\.jsonl line 2: invalid JSON"):
        load_corpus(tmp_path, strict=True)


def test_beir_layout_uses_underscore_ids_and_ignores_queries(tmp_path: Path) -> None:
    corpus = [
        {"_id": "doc1", "title": "Wall", "text": "The Great Wall is in China."},
        {"_id": "doc2", "title": "", "text": "Beijing is the capital."},
    ]
    write(tmp_path / "corpus.jsonl", "\n".join(json.dumps(x) for x in corpus))
    write(tmp_path / "queries.jsonl", json.dumps({"_id": "q1", "text": "Where is the wall?"}))
    write(tmp_path / "qrels" / "test.tsv", "query-id\tcorpus-id\tscore\nq1\tdoc1\t1\n")
    result = load_corpus(tmp_path)
    assert [d.id for d in result.documents] == ["doc1", "doc2"]
    assert result.documents[0].title == "Wall"
    assert result.documents[0].source == "corpus.jsonl#1"
    assert result.skipped == []


# --- skipping, duplicates, order ----------------------------------------------------


def test_empty_binary_and_unsupported_files_are_skipped_with_reasons(tmp_path: Path) -> None:
    write(tmp_path / "empty.txt", "")
    write(tmp_path / "blank.md", "  \n\t\n")
    write(tmp_path / "image.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    write(tmp_path / "table.csv", "a,b\n1,2\n")
    write(tmp_path / ".hidden.txt", "never seen")
    write(tmp_path / ".git" / "config", "never seen")
    write(tmp_path / "good.txt", "Real content.")
    result = load_corpus(tmp_path)
    assert [d.id for d in result.documents] == ["good.txt"]
    assert {s.path: s.reason for s in result.skipped} == {
        "blank.md": "empty file",
        "empty.txt": "empty file",
        "image.txt": "binary file (NUL bytes)",
        "table.csv": "unsupported file type .csv (to read it as plain text: --include '*.csv')",
    }


def test_strict_mode_raises_on_unreadable_file_but_not_unsupported_type(tmp_path: Path) -> None:
    write(tmp_path / "notes.csv", "a,b")
    write(tmp_path / "ok.txt", "fine")
    assert len(load_corpus(tmp_path, strict=True).documents) == 1
    write(tmp_path / "zero.txt", "")
    with pytest.raises(CorpusError, match=r"zero\.txt: empty file"):
        load_corpus(tmp_path, strict=True)


def test_duplicate_ids_keep_the_first(tmp_path: Path) -> None:
    write(tmp_path / "a.jsonl", '{"id": "same", "text": "first"}\n{"id": "same", "text": "second"}\n')
    write(tmp_path / "b.jsonl", '{"id": "same", "text": "third"}\n')
    result = load_corpus(tmp_path)
    assert [d.text for d in result.documents] == ["first"]
    assert [s.reason for s in result.skipped] == [
        "a.jsonl line 2: duplicate document id 'same', first seen in a.jsonl#1",
        "b.jsonl line 1: duplicate document id 'same', first seen in a.jsonl#1",
    ]
    with pytest.raises(CorpusError, match=r"a\.jsonl line 2: duplicate document id 'same'"):
        load_corpus(tmp_path, strict=True)


def test_load_order_is_sorted_and_repeatable(tmp_path: Path) -> None:
    for name in ["c.txt", "a.txt", "b/z.txt", "b/a.md", "B.txt"]:
        write(tmp_path / name, f"text of {name}")
    first = [d.id for d in load_corpus(tmp_path).documents]
    assert first == ["B.txt", "a.txt", "b/a.md", "b/z.txt", "c.txt"]
    assert [d.id for d in load_corpus(tmp_path).documents] == first


def test_iter_corpus_streams_and_yields_nothing_for_empty_dir(tmp_path: Path) -> None:
    assert list(iter_corpus(tmp_path)) == []
    write(tmp_path / "x.txt", "")
    assert list(iter_corpus(tmp_path)) == [SkippedFile(path="x.txt", reason="empty file")]


def test_empty_corpus_is_an_error_that_lists_skips(tmp_path: Path) -> None:
    write(tmp_path / "x.txt", "")
    with pytest.raises(CorpusError, match=r"no documents found in .* \(1 files skipped: x\.txt: empty file\)"):
        load_corpus(tmp_path)


def test_missing_root_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="does not exist"):
        load_corpus(tmp_path / "nope")


# --- language detection -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        (ZH_TEXT, "zh"),
        ("The Great Wall of China is a series of fortifications.", "en"),
        # Chinese with English names and identifiers stays Chinese.
        ("苹果公司的CEO Tim Cook在2023年发布了新产品。", "zh"),
        ("使用 Python 的 requests 库发送 HTTP 请求，然后用 json 模块解析返回的 JSON 数据。", "zh"),
        ("北京大学（Peking University）创建于1898年，是中国第一所国立综合性大学。", "zh"),
        # English quoting Chinese names stays English.
        ("The dish 宫保鸡丁 (Kung Pao chicken) comes from Sichuan province and is popular worldwide.", "en"),
        ("In 1949, Mao Zedong (毛泽东) proclaimed the founding of the People's Republic in Beijing (北京).", "en"),
        # Sentence-by-sentence bilingual text is mixed.
        ("Hello, how are you today? 你好，你今天怎么样？", "mixed"),
        ("The Great Wall of China is long. 中国的长城很长。Beijing is the capital city. 北京是首都。", "mixed"),
        ("12345 !!! ---", "en"),
        ("", "en"),
    ],
)
def test_detect_lang(text: str, lang: str) -> None:
    assert detect_lang(text) == lang


# --- size limit and repeated texts --------------------------------------------------


def test_documents_over_the_size_limit_are_skipped_unread(tmp_path: Path) -> None:
    write(tmp_path / "big.txt", "x" * 2_000)
    write(tmp_path / "small.txt", "fits")
    long_line = json.dumps({"id": "long", "text": "y" * 3_000})
    write(tmp_path / "rows.jsonl", f'{{"id": "a", "text": "short"}}\n{long_line}\n{{"id": "b", "text": "after"}}\n')
    result = load_corpus(tmp_path, max_document_bytes=1_000)
    assert [d.id for d in result.documents] == ["a", "b", "small.txt"]
    assert [s.reason for s in result.skipped] == [
        "0.0 MB is over the per-document limit of 0.001 MB (raise it with --max-document-mb)",
        "rows.jsonl line 2: line longer than the per-document limit of 0.001 MB (raise it with --max-document-mb)",
    ]
    with pytest.raises(CorpusError, match=r"big\.txt: .* over the per-document limit"):
        load_corpus(tmp_path, strict=True, max_document_bytes=1_000)
    assert len(load_corpus(tmp_path, max_document_bytes=None).documents) == 5


def test_a_repeated_text_is_kept_once_with_a_note(tmp_path: Path) -> None:
    write(tmp_path / "a.txt", "The same page.")
    write(tmp_path / "b" / "copy.md", "The same page.")
    write(tmp_path / "rows.jsonl", '{"id": "r1", "text": "The same page."}\n')
    result = load_corpus(tmp_path, strict=True)  # a repeat is a note, never fatal
    assert [d.id for d in result.documents] == ["a.txt"]
    assert [s.reason for s in result.skipped] == [
        "same text as a.txt (duplicate document, kept once)",
        "rows.jsonl line 1: same text as a.txt (duplicate document, kept once)",
    ]
