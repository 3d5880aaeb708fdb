"""`ragstress generate` against llama-cpp-python's own OpenAI-compatible server, as a user runs it.

The server refuses `response_format` of type json_schema (HTTP 500, "Input should be 'text' or
'json_object'") and takes json_object with a schema. Given as the generator's and the judge's
endpoint (a remote endpoint to ragstress, not the bundled model), the client must detect that,
fall back, make seeds with no failed call, and record the mode in testset.json.

The server is started through ragstress.llm.local_main: that is llama-cpp-python's server
(`llama_cpp.server`'s own main) with a watchdog that ends it with this process, and the switch
that keeps llama.cpp off the AMX kernels that crash on some virtual machines (ours among them).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ragstress.llm import bundled_gguf_path

pytestmark = pytest.mark.slow
SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples" / "en" / "docs"
DOCS = ["eiffel_tower.txt", "golden_gate_bridge.txt", "toyota.txt"]
RAGSTRESS = Path(sys.executable).parent / "ragstress"
READY_WITHIN_S = 120.0
MODEL = "smollm2-local"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """llama-cpp-python's server on a free loopback port serving the bundled .gguf: (base URL, its log)."""
    port, log = _free_port(), tmp_path_factory.mktemp("llama") / "server.log"
    command = [
        sys.executable,
        "-m",
        "ragstress.llm.local_main",
        "--parent-pid",
        str(os.getpid()),
        "--",
        "--model",
        str(bundled_gguf_path()),
        "--model_alias",
        MODEL,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        "4096",
    ]
    with open(log, "wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + READY_WITHIN_S
        while True:
            assert process.poll() is None, f"server exited: {log.read_text(errors='replace')[-2000:]}"
            try:
                with urllib.request.urlopen(base_url + "/models", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, f"server not ready within {READY_WITHIN_S:.0f}s"
            time.sleep(0.5)
        yield base_url, log
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


def test_generate_with_a_llama_cpp_server_as_generator_and_judge(llama_server, tmp_path):
    base_url, log = llama_server
    corpus, index, out = tmp_path / "corpus", tmp_path / "index", tmp_path / "testset"
    corpus.mkdir()
    for name in DOCS:
        shutil.copy(SAMPLES / name, corpus / name)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAGSTRESS_", "OPENAI_"))}
    env.update(RAGSTRESS_CACHE_DIR=str(tmp_path / "cache"), COLUMNS="200")
    built = subprocess.run([RAGSTRESS, "build", corpus, "--index", index], env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    roles = [f"--{role}-{flag}={value}" for role in ("generator", "judge") for flag, value in
             (("base-url", base_url), ("model", MODEL))]  # fmt: skip
    started = time.perf_counter()
    made = subprocess.run(
        [RAGSTRESS, "generate", index, "--out", out, "--seeds", "2", "--testbeds", "noise", "--no-judge-noise",
         "--proposal-chunks", "2", "--llm-concurrency", "2", *roles],
        env=env, capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    output = made.stdout + made.stderr
    assert made.returncode == 0, output
    manifest = json.loads((out / "testset.json").read_text(encoding="utf-8"))
    print(f"\n{output}\ngenerate took {seconds:.0f}s; seeds {manifest['seeds']}")
    # The server really refused json_schema, and no call failed for it.
    assert "Input should be 'text' or 'json_object'" in log.read_text(errors="replace")
    for role in ("generator", "judge"):
        assert f"{role}: " in made.stdout and ", 0 failed" in made.stdout.split(f"{role}: ", 1)[1].splitlines()[0]
        assert manifest["models"][role]["json_mode"] == "json_object"
    assert manifest["seeds"]["total"] > 0
