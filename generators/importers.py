"""Test sets made with other tools, read as ragstress seeds: Ragas, DeepEval, Giskard RAGET, or a CSV.

Each item has a question, usually a reference answer, and usually the reference contexts it
was made from. Shapes read (one item per JSONL line, or a JSON list, or CSV rows):
- ragas: `user_input`, `reference`, `reference_contexts` (a list; in CSV a JSON or Python
  list literal), `synthesizer_name` (Testset.to_pandas() / to_jsonl()); a multi-turn sample's
  `user_input` is a list of messages (`type` human/ai/tool), read as its last human message
  with the turns before it as history;
- deepeval: goldens with `input`, `expected_output`, `context` and `retrieval_context` (lists);
- raget: Giskard's QATestset JSONL, `question`, `reference_answer`, `reference_context`,
  `conversation_history` (a list of {role, content}), `metadata.question_type`;
- csv: any CSV, its columns named by a map (`question=q,answer=a,context=ctx`).

A bad item (no question, a field of the wrong type) stops the import with the file, line
and field named. What becomes of each item is decided by `seed_for` (import_seeds.py).
"""

from __future__ import annotations

import ast
import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMATS = ("ragas", "deepeval", "raget", "csv")


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
    """The tool's name for how the item was made (synthesizer, question type), when it records one."""


def read_items(path: Path, fmt: str, columns: dict[str, str] | None = None) -> list[ImportedItem]:
    """Every item of `path` in format `fmt`; TestsetImportError names what is wrong and where."""
    if fmt not in FORMATS:
        raise TestsetImportError(f"--format {fmt!r}: choose one of {', '.join(FORMATS)}")
    if fmt == "csv" and not columns:
        raise TestsetImportError("--format csv needs --columns question=COLUMN[,answer=COLUMN][,context=COLUMN]")
    fields = {
        "ragas": {
            "question": "user_input",
            "answer": "reference",
            "context": "reference_contexts",
            "kind": "synthesizer_name",
        },
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
        "csv": columns or {},
    }[fmt]
    rows = list(_rows(path))
    if fmt == "csv" and rows:
        missing = [column for column in fields.values() if column not in rows[0][1]]
        if missing:
            raise TestsetImportError(
                f"{path}:1: --columns names {', '.join(missing)}, not in the header ({', '.join(rows[0][1])})"
            )
    return [_item(path, line, row, fields) for line, row in rows]


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


def _get(row: dict[str, Any], name: str | None) -> Any:
    value: Any = row
    for part in (name or "").split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value if name else None


def _texts(path: Path, number: int, name: str, value: Any) -> list[str]:
    """A list of strings, from a list, a JSON or Python list literal (as CSV exports write them), or one string."""
    if value is None or value == "":
        return []
    if isinstance(value, str) and value.strip().startswith("["):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            try:
                value = ast.literal_eval(value)
            except (ValueError, SyntaxError):
                pass
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v for v in value if v.strip()]
    raise TestsetImportError(f"{path}:{number}: field {name}: expected a list of strings, got {type(value).__name__}")


def _turns(path: Path, number: int, name: str, value: Any) -> tuple[str, list[dict[str, str]]] | None:
    """A multi-turn question (Ragas's MultiTurnSample: messages of type human/ai/tool) as its last
    human message and the turns before it; None when `value` is not a list of messages."""
    if isinstance(value, str) and value.strip().startswith("[{"):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            try:
                value = ast.literal_eval(value)
            except (ValueError, SyntaxError):
                return None
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


def _item(path: Path, number: int, row: dict[str, Any], fields: dict[str, str]) -> ImportedItem:
    question = _get(row, fields.get("question"))
    conversation = _turns(path, number, fields.get("question", ""), question)
    if conversation is not None:
        question = conversation[0]
    if not isinstance(question, str) or not question.strip():
        raise TestsetImportError(f"{path}:{number}: field {fields.get('question')}: a non-empty question is required")
    reference = _get(row, fields.get("answer"))
    if reference is not None and not isinstance(reference, str):
        raise TestsetImportError(f"{path}:{number}: field {fields['answer']}: expected a string")
    contexts = _texts(path, number, fields.get("context", ""), _get(row, fields.get("context")))
    contexts += _texts(path, number, fields.get("retrieval", ""), _get(row, fields.get("retrieval")))
    history = _get(row, fields.get("history")) or []
    if isinstance(history, str):
        history = json.loads(history) if history.strip().startswith("[") else []
    if not isinstance(history, list) or not all(isinstance(h, dict) for h in history):
        raise TestsetImportError(f"{path}:{number}: field {fields.get('history')}: expected a list of messages")
    kind = _get(row, fields.get("kind"))
    turns = [{"role": str(h.get("role", "")), "content": str(h.get("content", ""))} for h in history]
    return ImportedItem(
        line=number,
        question=question.strip(),
        reference=reference.strip() if isinstance(reference, str) and reference.strip() else None,
        contexts=contexts,
        history=(conversation[1] if conversation else []) + turns,
        kind=str(kind) if kind else None,
    )
