"""The response cache survives concurrent writers in separate processes."""

from __future__ import annotations

import subprocess
import sys

from ragstress.llm.cache import ResponseCache, request_key

WRITER = """
import sys
from ragstress.llm.cache import ResponseCache
cache = ResponseCache(sys.argv[1])
for i in range(300):
    cache.put(f"{sys.argv[2]}-{i}", {"text": "x" * (i % 50), "n": i})
    cache.get(f"{sys.argv[2]}-{i // 2}")
"""


def test_concurrent_processes_do_not_corrupt_the_cache(tmp_path):
    path = tmp_path / "cache.sqlite"
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), name]) for name in ("a", "b", "c")]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0]
    cache = ResponseCache(path)
    assert len(cache) == 900
    assert cache.get("b-299") == {"text": "x" * (299 % 50), "n": 299}


def test_request_key_is_stable_and_ignores_nothing_that_matters():
    msgs = [{"role": "user", "content": "问题"}]
    base = request_key("u", "m", msgs, {"temperature": 0})
    assert base == request_key("u", "m", [{"content": "问题", "role": "user"}], {"temperature": 0})
    assert base != request_key("u", "m2", msgs, {"temperature": 0})
    assert base != request_key("u", "m", msgs, {"temperature": 0.1})
    assert base != request_key("v", "m", msgs, {"temperature": 0})
