"""Split documents into retrievable chunks that know exactly where they came from.

Splitting is done by langchain's RecursiveCharacterTextSplitter with separators that
suit both English and Chinese: paragraphs, lines, sentence ends (`. ! ?` and the
full-width `。！？；…`), clause punctuation, spaces, and finally single characters.
Separators stay at the *end* of the piece they close, so a Chinese sentence keeps its
`。` and chunks tend to end on sentence boundaries.

Structure is respected as `ragstress.corpora.structured` lays it out: a fenced code block
(``` lines) is held together across its blank lines, so it stays whole when it fits the
window, and a table row is one line, which is only ever cut when it alone exceeds it. A
chunk that begins inside a code block (one too long for the window) records it
(`Chunk.code_state`, see `ragstress.corpora.code_blocks`), so its lines are read as code.

Two guarantees are enforced here rather than trusted to the splitter:

* offsets: `doc.text[chunk.start:chunk.end] == chunk.text` for every chunk, placed
  by `ragstress.corpora.spans` (robust to overlap and repeated passages);
* size: no chunk exceeds `params.size` in `params.unit`. The splitter adds up piece
  lengths, which for a real tokenizer is not the token count of the joined text, so
  each chunk is re-measured and, if still too long, cut by characters.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from typing import Literal

from langchain_text_splitters import RecursiveCharacterTextSplitter
from pydantic import BaseModel, ConfigDict, Field, model_validator

from ragstress.core.types import Chunk, Document
from ragstress.corpora.code_blocks import code_states
from ragstress.corpora.spans import locate_chunks

LengthFunction = Callable[[str], int]

# Tried in order; a level is used only when the text has no match for earlier ones.
# All are regexes whose match is kept at the end of the preceding piece.
SEPARATORS: tuple[str, ...] = (
    r"\n[ \t\u3000]*\n\s*",  # paragraph: a blank line (possibly holding spaces)
    r"\n",  # line
    # Sentence ends. Full-width Chinese marks need no following space; the ASCII ones
    # do, so "3.14" or "e.g.x" are not sentence ends. Closing quotes/brackets stay
    # with their sentence.
    r"[。！？；…]+[”’」』）》]*\s*|[.!?]+[\"'”’)\]]*\s+",
    r"[，、：]\s*|[,;:]\s+",  # clauses (ASCII comma needs a space: "1,000" is a number)
    r"\s+",  # words
    "",  # characters: the last resort for unbreakable runs
)


# Bump whenever the same document and parameters would give other chunks: builds reuse the
# previous build's chunk boundaries for unchanged documents only while this matches.
CHUNKER_VERSION = 2  # 2: fenced code blocks held together across their blank lines


class ChunkParams(BaseModel):
    """How to chunk: maximum size and overlap, measured in tokens or characters."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    size: int = Field(default=200, ge=1, description="Maximum chunk length in `unit`.")
    overlap: int = Field(default=30, ge=0, description="Overlap between neighbouring chunks in `unit`; < size.")
    unit: Literal["tokens", "chars"] = Field(
        default="tokens", description="tokens (the embedding model's tokenizer) or chars."
    )

    @model_validator(mode="after")
    def _overlap_below_size(self) -> ChunkParams:
        if self.overlap >= self.size:
            raise ValueError(f"overlap ({self.overlap}) must be smaller than size ({self.size})")
        return self


def chunk_id(doc: Document, start: int, end: int) -> str:
    """Stable chunk id: 24 hex chars of sha256(doc id, doc sha, start, end)."""
    key = f"{doc.id}\0{doc.sha}\0{start}\0{end}"
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


def chunk_document(doc: Document, params: ChunkParams, count_tokens: LengthFunction | None = None) -> list[Chunk]:
    """Split one document into chunks with exact character offsets into `doc.text`.

    `count_tokens` must be given when `params.unit == "tokens"`: it should count the
    content tokens of a string with the embedding model's tokenizer (without special
    tokens such as [CLS]/[SEP], which the embedder adds once per chunk). The same
    document and parameters always produce the same chunks and ids.
    """
    return list(_chunks_of(doc, _make_splitter(params, count_tokens), params, count_tokens))


def chunk_documents(
    docs: Iterable[Document], params: ChunkParams, count_tokens: LengthFunction | None = None
) -> Iterator[Chunk]:
    """Chunk documents one at a time, yielding chunks in document order (streaming)."""
    splitter = _make_splitter(params, count_tokens)
    for doc in docs:
        yield from _chunks_of(doc, splitter, params, count_tokens)


def _length_function(params: ChunkParams, count_tokens: LengthFunction | None) -> LengthFunction:
    if params.unit == "chars":
        return len
    if count_tokens is None:
        raise ValueError("unit='tokens' needs count_tokens (the embedding model's tokenizer)")
    return count_tokens


def _make_splitter(params: ChunkParams, count_tokens: LengthFunction | None) -> RecursiveCharacterTextSplitter:
    return RecursiveCharacterTextSplitter(
        separators=list(SEPARATORS),
        keep_separator="end",
        is_separator_regex=True,
        chunk_size=params.size,
        chunk_overlap=params.overlap,
        length_function=_length_function(params, count_tokens),
        strip_whitespace=True,
    )


def _chunks_of(
    doc: Document,
    splitter: RecursiveCharacterTextSplitter,
    params: ChunkParams,
    count_tokens: LengthFunction | None,
) -> Iterator[Chunk]:
    text = doc.text
    if not text.strip():
        return
    length = _length_function(params, count_tokens)
    emitted: dict[tuple[int, int], None] = {}
    previous = (0, 0)
    held, original = _hold_code_blocks(text)
    for held_start, held_end in locate_chunks(held, splitter.split_text(held)):
        # The splitter strips merged chunks but not pieces from its last-resort level.
        span = _strip_span(text, original(held_start), original(held_end))
        if span[0] == span[1]:
            continue
        for start, end in _within_limit(text, span, params.size, length):
            # A span inside the previous one adds nothing (it happens when the splitter's
            # only new piece was whitespace that stripping removed).
            if (start, end) in emitted or (previous[0] <= start and end <= previous[1]):
                continue
            emitted[start, end] = None
            previous = (start, end)
    yield from chunks_at(doc, list(emitted))


def chunks_at(doc: Document, spans: list[tuple[int, int]]) -> list[Chunk]:
    """`doc`'s chunks at these (start, end) spans, each knowing the code block it begins inside, if any."""
    states = code_states(doc.text, [start for start, _ in spans])
    return [
        Chunk(
            id=chunk_id(doc, start, end),
            doc_id=doc.id,
            text=doc.text[start:end],
            start=start,
            end=end,
            code_state=state,
        )
        for (start, end), state in zip(spans, states)
    ]


_FENCED = re.compile(r"^[ \t]*```[^\n]*\n.*?^[ \t]*```[ \t]*$", re.MULTILINE | re.DOTALL)
_BLANK_LINE = re.compile(r"\n(?=[ \t]*\n)")
_HOLD = "\u2060"  # WORD JOINER: not whitespace, so no separator matches across it


def _hold_code_blocks(text: str) -> tuple[str, Callable[[int], int]]:
    """The text with a joiner at the start of every blank line inside a fenced code block (so the
    paragraph separator cannot split it), and the map from its offsets back to `text`'s."""
    inserted: list[int] = []  # positions in `text` before which a joiner was inserted
    for block in _FENCED.finditer(text):
        inserted += [m.end() for m in _BLANK_LINE.finditer(text, block.start(), block.end())]
    if not inserted:
        return text, lambda offset: offset
    pieces, last = [], 0
    for position in inserted:
        pieces += [text[last:position], _HOLD]
        last = position
    held = "".join(pieces) + text[last:]
    shifted = [position + k + 1 for k, position in enumerate(inserted)]  # joiner ends in the held text

    def original(offset: int) -> int:
        return offset - bisect_right(shifted, offset)

    return held, original


def _within_limit(text: str, span: tuple[int, int], size: int, length: LengthFunction) -> Iterator[tuple[int, int]]:
    """The span itself if it fits `size`, else consecutive character cuts that do."""
    start, end = span
    if length(text[start:end]) <= size:
        yield span
        return
    while start < end:
        cut = _longest_fitting_end(text, start, end, size, length)
        if cut < end:
            cut = _soft_cut(text, start, cut)
        piece_start, piece_end = _strip_span(text, start, cut)
        if piece_start < piece_end:
            yield piece_start, piece_end
        start = cut


def _longest_fitting_end(text: str, start: int, end: int, size: int, length: LengthFunction) -> int:
    """Largest cut in (start, end] with length(text[start:cut]) <= size (at least one char)."""
    low, high = start + 1, end  # invariant: the answer lies in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if length(text[start:middle]) <= size:
            low = middle
        else:
            high = middle - 1
    return low


# Characters after which a forced cut reads least badly.
_SOFT_BREAKS = frozenset("。！？；，、.!?;,:：")


def _soft_cut(text: str, start: int, cut: int) -> int:
    """Move a forced cut back to just after a space or punctuation mark, if one is
    in the second half of the piece; otherwise keep the hard character cut."""
    for position in range(cut - 1, start + (cut - start) // 2, -1):
        if text[position].isspace() or text[position] in _SOFT_BREAKS:
            return position + 1
    return cut


def _strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
