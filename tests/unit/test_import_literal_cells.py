"""A Python literal cell of an imported test set is parsed only up to a size a real test set has.

pandas writes lists and dicts as Python literals; a file saved through JSON keeps them as strings.
CSV itself caps a field at 131,072 characters; a JSON line has no cap of its own.
"""

from __future__ import annotations

import json

import pytest

from ragstress.generators.interop.importers import LITERAL_LIMIT, TestsetImportError, read_items


def _write(tmp_path, history: str):
    row = {
        "id": "r1",
        "question": "Which protocol does the edge proxy speak?",
        "reference_answer": "HTTP/2",
        "reference_context": "The proxy speaks HTTP/2.",
        "conversation_history": history,
        "metadata": "{'question_type': 'simple'}",
    }
    path = tmp_path / "raget.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return path


def _history(chars: int) -> str:
    # pandas writes lists of dicts as Python literals (single quotes), which JSON cannot read.
    turn = "{'role': 'user', 'content': 'I am reading about the proxy.'}, "
    body = turn * max(1, (chars - 2) // len(turn))
    return "[" + body.rstrip(", ") + "]"


def test_a_literal_cell_of_a_real_size_is_read(tmp_path):
    history = _history(LITERAL_LIMIT - 100)
    (item,) = read_items(_write(tmp_path, history), "raget")
    assert item.question.startswith("Which protocol")


def test_an_oversized_literal_cell_is_refused_unparsed_naming_file_line_and_field(tmp_path):
    path = _write(tmp_path, _history(1_500_000))
    with pytest.raises(TestsetImportError) as caught:
        read_items(path, "raget")
    message = str(caught.value)
    assert f"{path}:1: field conversation_history" in message
    assert "over the limit of 65,536" in message and "JSON" in message
