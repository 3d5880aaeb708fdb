"""Test sets made with other tools, read as ragstress seeds: Ragas, DeepEval, Giskard RAGET, or a CSV.

Each item has a question, usually a reference answer, and usually the reference contexts it
was made from. Shapes read (one item per JSONL line, or a JSON list, or CSV rows):
- ragas, told apart by their columns:
  - 0.2 and later: `user_input`, `reference`, `reference_contexts`, `synthesizer_name`
    (Testset.to_pandas() / to_jsonl()); a multi-turn sample's `user_input` is a list of messages
    (`type` human/ai/tool), read as its last human message with the turns before it as history;
    a multi-hop synthesizer's contexts start with `<1-hop>`, `<2-hop>` ..., which are dropped;
  - 0.1: `question`, `ground_truth`, `contexts`, `evolution_type` (simple, reasoning,
    multi_context, conditional), `metadata`, `episode_done`;
- deepeval: goldens with `input`, `expected_output`, `context` and `retrieval_context` (lists);
- raget: Giskard's QATestset, `question`, `reference_answer`, `reference_context`,
  `conversation_history` (a list of {role, content}), `metadata.question_type`;
- csv: any CSV, its columns named by a map (`question=q,answer=a,context=ctx`).

A CSV written by pandas (`to_pandas().to_csv()`) holds lists and dicts as Python literals
(`['a', 'b']`, `{'question_type': 'double'}`) or JSON strings: both are read, the Python ones by
`ast.literal_eval`, which evaluates literals only, never code. A missing reference (pandas' NaN,
an empty cell) is no reference.

A bad item (no question, a field of the wrong type or unreadable) stops the import with the file,
line and field named. What becomes of each item is decided by `seed_for` (import_seeds.py).
"""

from __future__ import annotations

import ast
import csv
import io
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMATS = ("ragas", "deepeval", "raget", "csv")

# Each format's fields: question, answer (reference), context, and optionally retrieval, history, kind.
_FIELDS: dict[str, dict[str, str]] = {
    "ragas": {
        "question": "user_input",
        "answer": "reference",
        "context": "reference_contexts",
        "kind": "synthesizer_name",
    },
    "ragas-0.1": {"question": "question", "answer": "ground_truth", "context": "contexts", "kind": "evolution_type"},
    "deepeval": {
        "question": "input",
        "answer": "expected_output",
        "context": "context",
        "retrieval": "retrieval_context",
    },
    "raget": {
        "question": "question",
        "answer": "reference_answer",
        "context": "reference_context",
        "history": "conversation_history",
        "kind": "metadata.question_type",
    },
}
_HOP = re.compile(r"^\s*<\d+-hop>\s*")  # Ragas multi-hop synthesizers mark each context "<1-hop>\n\n..."
# A Python literal cell's parse takes hundreds of times its size in memory; a test set's list of
# contexts or turns stays far below this, and JSON cells (parsed without that cost) have no such limit.
LITERAL_LIMIT = 65_536  # characters


class TestsetImportError(ValueError):
    """An imported file or item that cannot be read; the message names the file, line and field."""

    __test__ = False  # not a pytest class


@dataclass(frozen=True)
class ImportedItem:
    """One question of an imported test set, as its tool wrote it."""

    line: int
    question: str
    reference: str | None
    contexts: list[str] = field(default_factory=list)
    history: list[dict[str, str]] = field(default_factory=list)
    kind: str | None = None
    """The tool's name for how the item was made (synthesizer, evolution, question type), when it records one."""


def read_items(path: Path, fmt: str, columns: dict[str, str] | None = None) -> list[ImportedItem]:
    """Every item of `path` in format `fmt`; TestsetImportError names what is wrong and where."""
    if fmt not in FORMATS:
        raise TestsetImportError(f"--format {fmt!r}: choose one of {', '.join(FORMATS)}")
    if fmt == "csv" and not columns:
        raise TestsetImportError("--format csv needs --columns question=COLUMN[,answer=COLUMN][,context=COLUMN]")
    rows = list(_rows(path))
    found = list(dict.fromkeys(name for _, row in rows for name in row))
    if fmt == "ragas":
        fields = _ragas_fields(path, found)
    else:
        fields = (columns or {}) if fmt == "csv" else _FIELDS[fmt]
    if fmt == "csv" and rows:
        missing = [column for column in fields.values() if column not in rows[0][1]]
        if missing:
            raise TestsetImportError(
                f"{path}:1: --columns names {', '.join(missing)}, not in the header ({', '.join(rows[0][1])})"
            )
    return [_item(path, line, row, fields) for line, row in rows]


def _ragas_fields(path: Path, found: list[str]) -> dict[str, str]:
    """Ragas 0.2's fields or 0.1's, by the columns the file has; an error naming both when neither fits."""
    if "user_input" in found:
        return _FIELDS["ragas"]
    if "question" in found and {"ground_truth", "contexts"} & set(found):
        return _FIELDS["ragas-0.1"]
    shown = ", ".join(c for c in found if c) or "none"
    raise TestsetImportError(
        f"{path}: --format ragas: the columns ({shown}) are neither Ragas 0.2's "
        "(user_input, reference, reference_contexts, synthesizer_name) nor Ragas 0.1's "
        "(question, ground_truth, contexts, evolution_type)"
    )


def _rows(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise TestsetImportError(f"{path}: cannot read: {exc}") from exc
    if path.suffix.lower() == ".csv":
        yield from _csv_rows(path, text)
        return
    stripped = text.lstrip()
    if stripped.startswith("["):  # a JSON list (DeepEval's goldens file, a saved DataFrame)
        try:
            rows = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TestsetImportError(f"{path}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
        for number, row in enumerate(rows, start=1):
            yield number, _object(path, number, row)
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                yield number, _object(path, number, json.loads(line))
            except json.JSONDecodeError as exc:
                raise TestsetImportError(f"{path}:{number}: invalid JSON: {exc.msg}") from exc


def _csv_rows(path: Path, text: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """CSV rows with the line each starts on; a quoted field may span lines."""
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        for row in reader:
            values = [v for v in row.values() if isinstance(v, str)]
            start = reader.line_num - sum(v.count("\n") for v in values)
            if None in row:
                raise TestsetImportError(f"{path}:{start}: more fields than the header names")
            yield start, dict(row)
    except csv.Error as exc:
        raise TestsetImportError(f"{path}:{reader.line_num}: invalid CSV: {exc}") from exc


def _object(path: Path, number: int, row: Any) -> dict[str, Any]:
    if not isinstance(row, dict):
        raise TestsetImportError(f"{path}:{number}: expected an object, got {type(row).__name__}")
    return row


def _literal(path: Path, number: int, name: str, text: str) -> Any:
    """A list or dict written in a CSV cell, as JSON or as a Python literal (pandas writes the latter)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        json_error = f"JSON: {exc.msg} at column {exc.colno}"
    if len(text) > LITERAL_LIMIT:
        raise TestsetImportError(
            f"{path}:{number}: field {name}: a Python literal of {len(text):,} characters, over the limit of "
            f"{LITERAL_LIMIT:,} (write the cell as JSON, which has no such limit)"
        )
    try:
        return ast.literal_eval(text)  # literals only: no names, calls or operators are evaluated
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as exc:
        raise TestsetImportError(
            f"{path}:{number}: field {name}: neither JSON ({json_error}) nor a Python literal ({exc})"
        ) from None


def _get(path: Path, number: int, row: dict[str, Any], name: str | None) -> Any:
    """The value of a field; `a.b` reads key b of field a, a dict or (in a CSV) a dict literal."""
    if not name:
        return None
    value: Any = row
    parts = name.split(".")
    for i, part in enumerate(parts):
        if isinstance(value, str) and value.strip().startswith("{"):
            value = _literal(path, number, ".".join(parts[:i]), value)
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _missing(value: Any) -> bool:
    """None, NaN (pandas' empty cell) or a blank string."""
    return value is None or (isinstance(value, float) and math.isnan(value)) or value == ""


def _texts(path: Path, number: int, name: str, value: Any) -> list[str]:
    """A list of strings, from a list, a JSON or Python list literal (as CSV exports write them), or one string.

    Ragas's multi-hop markers (`<1-hop>`) are dropped: they are no part of the document's text."""
    if _missing(value):
        return []
    if isinstance(value, str) and value.strip().startswith("["):
        try:
            value = _literal(path, number, name, value)
        except TestsetImportError:
            pass  # a context that happens to start with "[" is text
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [_HOP.sub("", v) for v in value if v.strip()]
    raise TestsetImportError(f"{path}:{number}: field {name}: expected a list of strings, got {type(value).__name__}")


def _turns(path: Path, number: int, name: str, value: Any) -> tuple[str, list[dict[str, str]]] | None:
    """A multi-turn question (Ragas's MultiTurnSample: messages of type human/ai/tool) as its last
    human message and the turns before it; None when `value` is not a list of messages."""
    if isinstance(value, str) and value.strip().startswith("[{"):
        value = _literal(path, number, name, value)
    if not isinstance(value, list) or not value or not all(isinstance(m, dict) for m in value):
        return None
    roles = {"human": "user", "user": "user", "ai": "assistant", "assistant": "assistant"}
    turns = [
        {"role": roles[str(m.get("type", m.get("role")))], "content": str(m.get("content", ""))}
        for m in value
        if str(m.get("type", m.get("role"))) in roles  # tool calls and results are not conversation turns
    ]
    asked = [i for i, turn in enumerate(turns) if turn["role"] == "user" and turn["content"].strip()]
    if not asked:
        raise TestsetImportError(f"{path}:{number}: field {name}: a conversation with no human message")
    return turns[asked[-1]]["content"], turns[: asked[-1]]


def _history(path: Path, number: int, name: str, value: Any) -> list[dict[str, str]]:
    if _missing(value):
        return []
    if isinstance(value, str):
        value = _literal(path, number, name, value) if value.strip().startswith("[") else []
    if not isinstance(value, list) or not all(isinstance(h, dict) for h in value):
        raise TestsetImportError(f"{path}:{number}: field {name}: expected a list of messages")
    return [{"role": str(h.get("role", "")), "content": str(h.get("content", ""))} for h in value]


def _item(path: Path, number: int, row: dict[str, Any], fields: dict[str, str]) -> ImportedItem:
    question = _get(path, number, row, fields.get("question"))
    conversation = _turns(path, number, fields.get("question", ""), question)
    if conversation is not None:
        question = conversation[0]
    if not isinstance(question, str) or not question.strip():
        raise TestsetImportError(f"{path}:{number}: field {fields.get('question')}: a non-empty question is required")
    reference = _get(path, number, row, fields.get("answer"))
    if _missing(reference):
        reference = None
    elif not isinstance(reference, str):
        raise TestsetImportError(f"{path}:{number}: field {fields['answer']}: expected a string")
    contexts = _texts(path, number, fields.get("context", ""), _get(path, number, row, fields.get("context")))
    contexts += _texts(path, number, fields.get("retrieval", ""), _get(path, number, row, fields.get("retrieval")))
    turns = _history(path, number, fields.get("history", ""), _get(path, number, row, fields.get("history")))
    kind = _get(path, number, row, fields.get("kind"))
    return ImportedItem(
        line=number,
        question=question.strip(),
        reference=reference.strip() if reference and reference.strip() else None,
        contexts=contexts,
        history=(conversation[1] if conversation else []) + turns,
        kind=str(kind) if not _missing(kind) else None,
    )
