"""Fixtures shared across test folders."""

from __future__ import annotations

import os
import uuid
from collections.abc import Sequence

import numpy as np
import pytest

from ragstress.corpora.embeddings import Embedder, make_embedder

# pytester runs the ragstress pytest plugin in a suite of its own (tests/integration/test_pytest_plugin.py).
pytest_plugins = ("pytester",)


class CountingEmbedder(Embedder):
    """Wraps a real embedder and records every text it is asked to embed as a passage."""

    def __init__(self, inner: Embedder):
        self.inner = inner
        self.name, self.dim, self.max_tokens = inner.name, inner.dim, inner.max_tokens
        self.backend = inner.backend
        self.passage_calls: list[list[str]] = []

    @property
    def passages_embedded(self) -> list[str]:
        return [text for call in self.passage_calls for text in call]

    def reset(self) -> None:
        self.passage_calls.clear()

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        self.passage_calls.append(list(texts))
        return self.inner.embed_passages(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_queries(texts)


@pytest.fixture
def counting_minilm() -> CountingEmbedder:
    """The bundled MiniLM (loaded once per process) behind a call counter."""
    return CountingEmbedder(make_embedder("minilm"))


@pytest.fixture(autouse=True)
def _fresh_json_modes():
    """Each test learns its endpoints' JSON modes afresh: a fake server may reuse a port an earlier one had."""
    from ragstress.llm.json_modes import forget_learned

    forget_learned()
    yield


# --- No process outlives the test session -------------------------------------------
# Servers the tests start (the bundled llama.cpp server, Chroma servers) must be gone when
# the session ends: a leftover is reported by pid and fails the run. Only this session's own
# servers count: each process it starts inherits a token in its environment (one that no
# test's environment filter drops), and a server the user runs beside the tests lacks it.
_SERVER_MARKERS = ("ragstress.llm.local_main", "chroma run", "chroma\x00run")
_OWNER_VARIABLE = "PYTEST_SERVER_OWNER"
_owner_token = f"{os.getpid()}-{uuid.uuid4().hex}"


def _started_here(pid: str) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            environment = f.read().split(b"\x00")
    except OSError:
        return False
    return f"{_OWNER_VARIABLE}={_owner_token}".encode() in environment


def _server_pids() -> dict[int, str]:
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().decode(errors="replace")
        except OSError:
            continue
        if any(marker in cmdline for marker in _SERVER_MARKERS) and _started_here(entry):
            found[int(entry)] = cmdline.replace("\x00", " ").strip()
    return found


def pytest_sessionstart(session):
    # Set once for the whole session, before any test starts a process, so every child inherits it.
    os.environ[_OWNER_VARIABLE] = _owner_token


def pytest_sessionfinish(session, exitstatus):
    import time

    deadline = time.monotonic() + 15
    while (leftover := _server_pids()) and time.monotonic() < deadline:
        time.sleep(0.5)
    if leftover:
        lines = "\n".join(f"  pid {pid}: {cmd}" for pid, cmd in leftover.items())
        print(f"\nERROR: server processes left running after the tests:\n{lines}")
        session.exitstatus = 1
