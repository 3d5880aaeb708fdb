"""Reading and writing the pipeline's JSONL and JSON files, safely.

- Reads validate each line against a record type; an error names the file and line.
- Appends are flushed and fsynced per record, so a crash loses at most the line being
  written; a torn last line is detected and cut off before the next append.
- Whole-file writes (manifests, reports) go to a temporary file that is renamed into
  place, so readers never see half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

R = TypeVar("R", bound=BaseModel)


class RecordFileError(ValueError):
    """A JSONL or JSON file that cannot be read as the expected records; names file and line."""


def iter_records(path: Path, record_type: type[R]) -> Iterator[R]:
    """Yield each line of `path` as `record_type`; blank lines are skipped."""
    path = Path(path)
    try:
        handle = path.open("r", encoding="utf-8")
    except OSError as exc:
        raise RecordFileError(f"{path}: cannot open: {exc.strerror or exc}") from exc
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                yield record_type.model_validate_json(line)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"]) or "(line)"
                if first["type"] == "json_invalid":
                    raise RecordFileError(f"{path} line {number}: invalid JSON: {first['msg']}") from None
                raise RecordFileError(f"{path} line {number}: field {where}: {first['msg']}") from None


def read_records(path: Path, record_type: type[R]) -> list[R]:
    """All records of a JSONL file (see iter_records)."""
    return list(iter_records(path, record_type))


def repair_torn_tail(path: Path) -> bool:
    """Cut off a last line that a crash left without its newline. Returns True if it cut."""
    path = Path(path)
    if not path.exists() or path.stat().st_size == 0:
        return False
    with path.open("rb+") as handle:
        handle.seek(0, os.SEEK_END)
        size = handle.tell()
        handle.seek(max(0, size - 1))
        if handle.read(1) == b"\n":
            return False
        # Walk back to the previous newline; everything after it is the torn record.
        position = size - 1
        chunk = 65536
        while position > 0:
            start = max(0, position - chunk)
            handle.seek(start)
            block = handle.read(position - start)
            cut = block.rfind(b"\n")
            if cut != -1:
                handle.truncate(start + cut + 1)
                return True
            position = start
        handle.truncate(0)
        return True


class RecordAppender:
    """Appends records to a JSONL file, one flushed and fsynced line each."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        repair_torn_tail(self.path)
        self._handle = self.path.open("a", encoding="utf-8")

    def append(self, record: BaseModel) -> None:
        self._handle.write(record.model_dump_json() + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> RecordAppender:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _replace_atomically(path: Path, write: Any) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp makes the file private (0600); give it the permissions a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_records(path: Path, records: Iterable[BaseModel]) -> int:
    """Write a whole JSONL file atomically. Returns the number of records."""
    count = 0

    def write(handle: Any) -> None:
        nonlocal count
        for record in records:
            handle.write(record.model_dump_json() + "\n")
            count += 1

    _replace_atomically(path, write)
    return count


def write_json(path: Path, data: Any) -> None:
    """Write a JSON document atomically, pretty-printed, keys in insertion order."""
    _replace_atomically(path, lambda h: h.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n"))


def write_text(path: Path, text: str) -> None:
    """Write a text file (a report) atomically."""
    _replace_atomically(path, lambda h: h.write(text))


def read_json(path: Path) -> Any:
    """Read a JSON document; an error names the file and position."""
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordFileError(f"{path}: cannot open: {exc.strerror or exc}") from exc
    except json.JSONDecodeError as exc:
        raise RecordFileError(f"{path} line {exc.lineno}: invalid JSON: {exc.msg}") from exc
