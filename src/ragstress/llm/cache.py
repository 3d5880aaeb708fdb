"""On-disk cache of successful chat completions, and of the JSON mode each endpoint accepts.

SQLite in WAL mode: several processes (shards, a `score` beside a `run`) can share
one cache file without corrupting it, and a crash mid-write leaves the previous
state intact. Only successes are stored; errors are never cached. The JSON modes
(llm/json_modes.py) sit in a table of their own: a cached completion was asked in one
mode, so the mode belongs with the answers it keys.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS completions (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS json_modes (
    endpoint TEXT NOT NULL,
    model TEXT NOT NULL,
    mode TEXT NOT NULL,
    PRIMARY KEY (endpoint, model)
)
"""


def request_key(base_url: str, model: str, messages: list[dict[str, Any]], params: dict[str, Any]) -> str:
    """Hash of everything that determines a completion. The API key is deliberately not part of it."""
    payload = json.dumps(
        {"base_url": base_url, "model": model, "messages": messages, "params": params},
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _hashed(endpoint: str) -> str:
    """The endpoint as the cache file keeps it: hashed, since a base URL may carry a password or a key."""
    return hashlib.sha256(endpoint.encode("utf-8")).hexdigest()


class ResponseCache:
    """A key -> JSON value store in one SQLite file, safe across threads and processes."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.executescript(_SCHEMA)

    def get(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._conn.execute("SELECT value FROM completions WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            return json.loads(row[0])
        except json.JSONDecodeError:
            return None  # a damaged entry is a miss; the next success overwrites it

    def put(self, key: str, value: dict[str, Any]) -> None:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
        with self._lock:
            self._conn.execute("INSERT OR REPLACE INTO completions (key, value) VALUES (?, ?)", (key, text))

    def get_json_mode(self, endpoint: str, model: str) -> str | None:
        """The JSON mode found to work for this endpoint and model, if one was recorded."""
        with self._lock:
            row = self._conn.execute(
                "SELECT mode FROM json_modes WHERE endpoint = ? AND model = ?", (_hashed(endpoint), model)
            ).fetchone()
        return row[0] if row else None

    def put_json_mode(self, endpoint: str, model: str, mode: str) -> None:
        with self._lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO json_modes (endpoint, model, mode) VALUES (?, ?, ?)",
                (_hashed(endpoint), model, mode),
            )

    def __len__(self) -> int:
        with self._lock:
            return self._conn.execute("SELECT COUNT(*) FROM completions").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._conn.close()
