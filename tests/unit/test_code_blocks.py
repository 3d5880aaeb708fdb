"""Code is known as code where a chunk cuts it: fences, rst literal blocks and doctest sessions.

A chunk that begins inside a block opened in the chunk before it cannot see the opening
fence; read on its own, its lines were prose (a question was made from a doctest comment) and
the prose after the closing fence was code (the closing fence was taken for an opening one).
"""

from __future__ import annotations

import hashlib
import json
import random

from ragstress.core.types import Chunk, Document
from ragstress.corpora.chunking import ChunkParams, chunk_document
from ragstress.corpora.code_blocks import code_lines, code_states
from ragstress.generators.questions.seeds import usable_spans
from ragstress.generators.questions.synthesis import insitu_candidates
from ragstress.generators.questions.techdoc import entries

CODE = "\n".join(
    [">>> import uuid", ">>> u = uuid.uuid4()", ">>> # get the raw 16 bytes of the UUID", ">>> u.bytes"]
    + [f">>> # step {i}: the Harbour Board rebuilt it in {1900 + i} with 40 metres of steel" for i in range(12)]
)
MARKDOWN = (
    "# Station notes\n\n"
    "The Alder Street station opened in 1887 and was rebuilt by the Harbour Board.\n\n"
    "```python\n" + CODE + "\n```\n\n"
    "The Birch Lane depot was extended in 1952 by the Eastern Railway Company.\n"
)


def _doc(text: str, name: str = "notes.md") -> Document:
    return Document(id=name, source=name, lang="en", text=text, sha=hashlib.sha256(text.encode()).hexdigest())


def _chunks(text: str, size: int = 300) -> list[Chunk]:
    return chunk_document(_doc(text), ChunkParams(size=size, overlap=0, unit="chars"))


def test_a_long_code_block_split_across_chunks_gives_no_seed_and_the_prose_after_it_does():
    chunks = _chunks(MARKDOWN)
    fence_start, fence_end = MARKDOWN.index("```python"), MARKDOWN.rindex("```") + 3
    inside = [c for c in chunks if fence_start < c.start < fence_end]
    assert len(inside) >= 2 and all(c.code_state == "```" for c in inside)  # begun inside the fence
    assert {c.code_state for c in chunks if c not in inside} == {None}
    spans = [(c, s) for c in chunks for s in usable_spans(c, "en")]
    assert not [s.text for c, s in spans if fence_start <= c.start + s.start < fence_end]
    # The prose after the closing fence is read, in the chunk that began inside the fence too.
    after = {s.text for c, s in spans if c.start + s.start > fence_end}
    assert "1952" in after, after
    langs = {c.id: "en" for c in chunks}
    questions = [c.question for c in insitu_candidates(chunks, langs, random.Random(3))]
    assert questions and not [q for q in questions if ">>>" in q or "UUID" in q or "Harbour Board rebuilt" in q]
    assert any("1952" in c.answers[0] for c in insitu_candidates(chunks, langs, random.Random(3)))


def test_rst_literal_blocks_code_directives_and_doctest_sessions_are_code():
    lines = [
        ("For example::", False),  # the paragraph introducing a literal block is prose
        ("", True),
        ("    opened = 1887", True),
        ("", True),
        ("    rebuilt = 1952", True),
        ("The depot opened in 1901.", False),  # dedented: the block is over
        (".. note::", False),  # a directive that is not code
        ("   A note is prose.", False),
        (".. code-block:: python", True),
        ("", True),
        ("   x = 1", True),
        ("Back to prose.", False),
        (">>> 1 + 1", True),
        ("2", True),  # the session's output
        ("", False),
        ("Prose again.", False),
        ("~~~~", True),
        ("```", True),  # another fence character inside a tilde fence
        ("~~~~", True),
        ("After the tildes.", False),
    ]
    text = "\n".join(line for line, _ in lines)
    assert code_lines(text) == [code for _, code in lines]


def test_a_chunk_records_the_block_it_begins_in_and_is_read_from_it():
    text = "Intro::\n\n    a = 1\n    b = 2\nProse.\n```sh\nls -a\n```\nMore.\n>>> x\n1\n\nEnd."
    offsets = [text.index(s) for s in ("b = 2", "Prose.", "ls -a", "```\nMore", "More.", "1\n\nEnd", "End.")]
    assert code_states(text, offsets) == ["rst:0", None, "```", "```", None, ">>>", None]
    # The stripped first line of a chunk cut inside the rst block is still the block's.
    assert code_lines("b = 2\nProse.", "rst:0") == [True, False]
    assert code_lines("```\nMore.", "```") == [True, False]


def test_a_term_inside_a_block_begun_in_an_earlier_chunk_is_no_entry_and_one_after_it_is():
    chunk = "--color=never\n    never colour the output\n```\n\n--all\n    Show every entry, hidden ones too."
    found = [e.term for e in entries(chunk, None, "```")]
    assert found == ["--all"]
    assert [e.term for e in entries(chunk)] == ["--color=never"]  # read alone, the fence seemed to open


def test_chunks_without_code_state_keep_their_old_lines_and_old_lines_still_read():
    old = {"id": "c1", "doc_id": "d", "text": "x", "start": 0, "end": 1}
    assert json.loads(Chunk.model_validate(old).model_dump_json()) == old
    coded = Chunk(**old, code_state="```")
    assert Chunk.model_validate_json(coded.model_dump_json()) == coded
