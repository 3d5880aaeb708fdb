"""Build and query an index held by a real Chroma server (`chroma run`) on loopback."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ragstress.corpora.chunking import ChunkParams
from ragstress.indexing import exact
from ragstress.indexing.build import build_index
from ragstress.indexing.store import IndexStore

HEARTBEAT_TIMEOUT_S = 60
DOCS = {
    "lighthouse.txt": "The Lighthouse of Alexandria was built on the island of Pharos in the 3rd century BC. "
    "It guided sailors into the harbour for centuries.",
    "glacier.txt": "The Aletsch Glacier is the largest glacier in the Alps, about 23 kilometres long. "
    "It lies in the Swiss canton of Valais.",
    "tea.txt": "Matcha is a finely ground powder of green tea leaves grown in the shade. "
    "It is whisked with hot water in the Japanese tea ceremony.",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_heartbeat(url: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + HEARTBEAT_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"chroma server exited early with code {server.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise TimeoutError(f"chroma server at {url} gave no heartbeat within {HEARTBEAT_TIMEOUT_S}s")


@contextmanager
def running_chroma_server(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen]]:
    """A `chroma run` process on a free loopback port; yields (url, process), stopped afterwards."""
    executable = Path(sys.executable).with_name("chroma")
    if not executable.exists():
        pytest.fail(f"chroma executable not found next to {sys.executable}")
    port = free_port()
    log = (tmp_path / "chroma.log").open("wb")
    server = subprocess.Popen(
        [str(executable), "run", "--path", str(tmp_path / "server-data"), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_heartbeat(url, server)
        yield url, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=15)
        log.close()
        assert server.poll() is not None, "chroma server is still running"


@pytest.fixture
def chroma_server(tmp_path):
    with running_chroma_server(tmp_path) as running:
        yield running


def test_build_and_query_against_a_chroma_server(tmp_path, chroma_server, counting_minilm, monkeypatch):
    url, server = chroma_server
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, text in DOCS.items():
        (corpus / name).write_text(text, encoding="utf-8")
    index = tmp_path / "index"
    params = ChunkParams(size=200, overlap=30)

    stats = build_index(corpus, index, counting_minilm, params, chroma_url=url)
    assert stats.documents == 3 and stats.embedded == stats.chunks == 3
    assert not (index / "chroma").exists(), "vectors belong on the server, not in the index dir"
    assert json.loads((index / "index.json").read_text())["chroma_url"] == url

    store = IndexStore.open(index)  # the server URL is taken from the manifest
    monkeypatch.setattr(exact, "_PAGE", 2)  # the server's vectors read in two pages
    hits = store.query("Where is the largest glacier of the Alps?", k=2)
    assert hits[0].doc_id == "glacier.txt" and hits[0].score > hits[1].score
    # The exact search over the server's vectors ranks all three chunks as Chroma's own query does.
    vector = counting_minilm.embed_queries(["Where is the largest glacier of the Alps?"])
    exact_hits, (by_chroma,) = store.query_vectors(vector, 3)[0], store.hnsw_query_vectors(vector, 3)
    assert store.retrieval == "exact-cosine" and hits == exact_hits[:2]
    assert [h.chunk_id for h in exact_hits] == [h.chunk_id for h in by_chroma]
    assert [h.score for h in exact_hits] == pytest.approx([h.score for h in by_chroma], abs=1e-5)

    counting_minilm.reset()
    again = build_index(corpus, index, counting_minilm, params, chroma_url=url)
    assert (again.embedded, again.reused) == (0, 3) and counting_minilm.passage_calls == []
    assert server.poll() is None

    # A second index on the same server, in its own collection, leaves the first one whole.
    other_corpus = tmp_path / "other"
    other_corpus.mkdir()
    (other_corpus / "tea.txt").write_text("Green tea is grown on terraced hills in Zhejiang.", encoding="utf-8")
    other = build_index(
        other_corpus, tmp_path / "index2", counting_minilm, params, chroma_url=url, collection_name="second"
    )
    assert (other.documents, other.deleted) == (1, 0)
    assert IndexStore.open(index).count() == 3 and IndexStore.open(tmp_path / "index2").count() == 1

    # No collection named: each index directory gets its own on the server, and keeps it on rebuilds.
    third = build_index(other_corpus, tmp_path / "index3", counting_minilm, params, chroma_url=url)
    names = {json.loads((d / "index.json").read_text())["collection"] for d in (index, tmp_path / "index3")}
    assert third.deleted == 0 and len(names) == 2 and IndexStore.open(index).count() == 3
    assert json.loads((index / "index.json").read_text())["collection"].startswith("ragstress_index_")
    again = build_index(other_corpus, tmp_path / "index3", counting_minilm, params, chroma_url=url)
    assert (again.reused, again.deleted) == (1, 0) and IndexStore.open(tmp_path / "index3").count() == 1


def test_server_process_is_gone_after_teardown(tmp_path):
    with running_chroma_server(tmp_path) as (url, server):
        assert server.poll() is None
    assert server.poll() is not None
    with pytest.raises(OSError):
        urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=2)
