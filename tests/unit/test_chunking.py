"""Chunking: bilingual boundaries, exact offsets, stable ids, overlap and size limits."""

from __future__ import annotations

import random
import re

import pytest
from pydantic import ValidationError

from ragstress.core.types import Chunk, Document
from ragstress.corpora.chunking import ChunkParams, chunk_document, chunk_documents, chunk_id
from ragstress.corpora.langdetect import detect_lang
from ragstress.corpora.textdecode import text_sha

ZH_SENTENCES = [
    "长城是中国古代的军事防御工程。",
    "它始建于春秋战国时期，历时两千多年！",
    "长城总长度超过两万公里？",
    "明代对长城进行了大规模的修缮；",
    "今天的长城是著名的旅游景点。",
    "每年都有数百万游客前来参观……",
]
EN_SENTENCES = [
    "The Great Wall is a series of fortifications in northern China.",
    "It was built over many centuries by several dynasties!",
    "Is it visible from space?",
    "Not with the naked eye, as astronauts have reported.",
    "Today it is one of the most visited sites in the world.",
]

_CJK = re.compile(r"[\u4e00-\u9fff]")


def fake_tokens(text: str) -> int:
    """One token per Chinese character plus one per whitespace-separated non-CJK word."""
    cjk = len(_CJK.findall(text))
    words = len(_CJK.sub(" ", text).split())
    return cjk + words


def make_doc(text: str, doc_id: str = "doc") -> Document:
    return Document(id=doc_id, source=doc_id, lang=detect_lang(text), text=text, sha=text_sha(text))


def assert_offsets_exact(doc: Document, chunks: list[Chunk]) -> None:
    assert chunks, "expected at least one chunk"
    for chunk in chunks:
        assert doc.text[chunk.start : chunk.end] == chunk.text
        assert chunk.text and chunk.text == chunk.text.strip()
        assert chunk.doc_id == doc.id
    starts = [c.start for c in chunks]
    assert starts == sorted(starts)


def assert_covers_all_text(doc: Document, chunks: list[Chunk]) -> None:
    covered = bytearray(len(doc.text))
    for chunk in chunks:
        covered[chunk.start : chunk.end] = b"\x01" * (chunk.end - chunk.start)
    missing = [i for i, ch in enumerate(doc.text) if not covered[i] and not ch.isspace()]
    assert not missing, f"uncovered offsets {missing[:5]}"


def test_chinese_chunks_end_at_sentence_punctuation() -> None:
    doc = make_doc("".join(ZH_SENTENCES * 3))
    chunks = chunk_document(doc, ChunkParams(size=40, overlap=0, unit="chars"))
    assert len(chunks) > 3
    assert_offsets_exact(doc, chunks)
    for chunk in chunks:
        assert chunk.text[-1] in "。！？；…", chunk.text
        assert len(chunk.text) <= 40


def test_chinese_punctuation_stays_with_its_sentence() -> None:
    doc = make_doc("".join(ZH_SENTENCES))
    chunks = chunk_document(doc, ChunkParams(size=20, overlap=0, unit="chars"))
    assert chunks[0].text == ZH_SENTENCES[0]
    assert not any(c.text[0] in "。！？；，" for c in chunks)


def test_english_chunks_end_at_sentence_ends() -> None:
    doc = make_doc(" ".join(EN_SENTENCES) + "\n\n" + " ".join(EN_SENTENCES))
    chunks = chunk_document(doc, ChunkParams(size=25, overlap=0), count_tokens=fake_tokens)
    assert_offsets_exact(doc, chunks)
    for chunk in chunks:
        assert chunk.text[-1] in ".!?", chunk.text
        assert fake_tokens(chunk.text) <= 25


def test_decimal_points_are_not_sentence_ends() -> None:
    doc = make_doc("Pi is about 3.14159 and e is about 2.71828 in value.")
    chunks = chunk_document(doc, ChunkParams(size=20, overlap=0, unit="chars"))
    assert_offsets_exact(doc, chunks)
    assert not any(c.text.endswith("3.") or c.text.startswith("14159") for c in chunks)


def test_mixed_document_offsets_exact_and_paragraphs_respected() -> None:
    text = "\n\n".join(["".join(ZH_SENTENCES[:3]), " ".join(EN_SENTENCES[:3]), "".join(ZH_SENTENCES[3:])])
    doc = make_doc("  \n" + text + "\n\n\n")
    chunks = chunk_document(doc, ChunkParams(size=30, overlap=5), count_tokens=fake_tokens)
    assert_offsets_exact(doc, chunks)
    assert all(fake_tokens(c.text) <= 30 for c in chunks)


def test_overlap_is_present_between_neighbours() -> None:
    short = [f"Sentence number {i} is short." for i in range(30)]
    doc = make_doc(" ".join(short))
    chunks = chunk_document(doc, ChunkParams(size=120, overlap=40, unit="chars"))
    assert len(chunks) > 3
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert after.start < before.end, "neighbouring chunks should share text"
        assert before.end - after.start <= 40


def test_no_overlap_when_zero() -> None:
    doc = make_doc(" ".join(f"Sentence number {i} is short." for i in range(30)))
    chunks = chunk_document(doc, ChunkParams(size=120, overlap=0, unit="chars"))
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert after.start >= before.end


@pytest.mark.parametrize("size", [1, 3, 7, 16, 50])
def test_size_limit_respected_in_chars_even_for_unbreakable_runs(size: int) -> None:
    text = "x" * 123 + " " + "长" * 77 + "。" + "supercalifragilistic" * 5
    doc = make_doc(text)
    chunks = chunk_document(doc, ChunkParams(size=size, overlap=0, unit="chars"))
    assert_offsets_exact(doc, chunks)
    assert all(len(c.text) <= size for c in chunks)
    # Nothing is lost: without overlap the chunks cover every non-space character.
    assert "".join(c.text for c in chunks) == text.replace(" ", "")


@pytest.mark.parametrize("size", [2, 5, 12])
def test_size_limit_respected_in_tokens(size: int) -> None:
    text = "".join(ZH_SENTENCES) + " " + " ".join(EN_SENTENCES) + " " + "无标点的长句子" * 10
    doc = make_doc(text)
    chunks = chunk_document(doc, ChunkParams(size=size, overlap=1), count_tokens=fake_tokens)
    assert_offsets_exact(doc, chunks)
    assert all(fake_tokens(c.text) <= size for c in chunks)


def test_limit_enforced_when_tokenizer_is_not_additive() -> None:
    # A tokenizer whose count of joined text exceeds the sum of its parts (like
    # subword tokenizers at piece boundaries) must still never yield oversize chunks.
    def superadditive(text: str) -> int:
        return len(text) + text.count("a") * 2

    doc = make_doc("banana " * 40)
    chunks = chunk_document(doc, ChunkParams(size=20, overlap=3), count_tokens=superadditive)
    assert_offsets_exact(doc, chunks)
    assert all(superadditive(c.text) <= 20 for c in chunks)


def test_repeated_passages_get_their_own_offsets() -> None:
    paragraph = "Copyright notice repeated here."
    doc = make_doc("\n\n".join([paragraph, "Unique middle text.", paragraph, paragraph]))
    chunks = chunk_document(doc, ChunkParams(size=35, overlap=0, unit="chars"))
    assert_offsets_exact(doc, chunks)
    assert [c.text for c in chunks] == [paragraph, "Unique middle text.", paragraph, paragraph]
    assert len({c.start for c in chunks}) == 4
    assert len({c.id for c in chunks}) == 4


def test_chunks_and_ids_are_deterministic() -> None:
    doc = make_doc("".join(ZH_SENTENCES) + "\n\n" + " ".join(EN_SENTENCES))
    params = ChunkParams(size=20, overlap=4)
    first = chunk_document(doc, params, count_tokens=fake_tokens)
    again = chunk_document(make_doc(doc.text), params, count_tokens=fake_tokens)
    assert first == again
    assert len({c.id for c in first}) == len(first)
    assert all(re.fullmatch(r"[0-9a-f]{24}", c.id) for c in first)
    assert first[0].id == chunk_id(doc, first[0].start, first[0].end)


def test_chunk_id_changes_with_document_content_and_id() -> None:
    doc = make_doc("Same text.")
    changed_text = make_doc("Same text!")
    renamed = make_doc("Same text.", doc_id="other")
    assert len({chunk_id(doc, 0, 10), chunk_id(changed_text, 0, 10), chunk_id(renamed, 0, 10)}) == 3


def test_chunk_documents_streams_in_document_order() -> None:
    docs = [make_doc(" ".join(EN_SENTENCES), "a"), make_doc("".join(ZH_SENTENCES), "b"), make_doc("   ", "c")]
    params = ChunkParams(size=60, overlap=10, unit="chars")
    streamed = list(chunk_documents(iter(docs), params))
    assert streamed == [c for d in docs for c in chunk_document(d, params)]
    assert [c.doc_id for c in streamed] == sorted(c.doc_id for c in streamed)
    assert "c" not in {c.doc_id for c in streamed}  # whitespace-only: no chunks


def test_short_document_is_one_chunk() -> None:
    doc = make_doc("  A single short line.  \n")
    (chunk,) = chunk_document(doc, ChunkParams(size=200, overlap=30, unit="chars"))
    assert (chunk.start, chunk.end, chunk.text) == (2, 22, "A single short line.")


def test_tokens_unit_requires_a_counter() -> None:
    with pytest.raises(ValueError, match="count_tokens"):
        chunk_document(make_doc("text"), ChunkParams(unit="tokens"))


@pytest.mark.parametrize("kwargs", [{"size": 10, "overlap": 10}, {"size": 0}, {"overlap": -1}, {"unit": "words"}])
def test_invalid_params_are_rejected(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        ChunkParams(**kwargs)


def test_params_are_frozen_with_documented_defaults() -> None:
    params = ChunkParams()
    assert (params.size, params.overlap, params.unit) == (200, 30, "tokens")
    with pytest.raises(ValidationError):
        params.size = 10  # type: ignore[misc]


def test_repeated_short_runs_are_placed_without_gaps() -> None:
    # The splitter emits overlap tails like "长城" right after "b长城" here; a forward
    # search would map the next real "长城" onto that tail and lose text.
    text = "长城。b长城  长城 \n\nabababc abc. x"
    doc = make_doc(text)
    chunks = chunk_document(doc, ChunkParams(size=3, overlap=1, unit="chars"))
    assert_offsets_exact(doc, chunks)
    assert_covers_all_text(doc, chunks)


@pytest.mark.parametrize("seed", range(200))
def test_invariants_hold_on_random_repetitive_text(seed: int) -> None:
    rng = random.Random(seed)
    fragments = ["ab", "a", " ", "  ", "\n", "\n\n", "。", "，", ". ", "长城", "x", "!", "\n \n", "abc abc. "]
    text = "".join(rng.choice(fragments) for _ in range(rng.randint(1, 120)))
    size = rng.randint(1, 30)
    params = ChunkParams(size=size, overlap=rng.randint(0, size - 1), unit=rng.choice(["chars", "tokens"]))
    length = len if params.unit == "chars" else fake_tokens
    doc = make_doc(text)
    chunks = chunk_document(doc, params, count_tokens=fake_tokens)
    if text.strip():
        assert_offsets_exact(doc, chunks)
    assert_covers_all_text(doc, chunks)
    assert all(length(c.text) <= size for c in chunks)
    assert len({c.id for c in chunks}) == len(chunks)
