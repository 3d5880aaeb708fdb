"""The ingestion figures' child processes: each workload in its own interpreter, with its own peak memory.

Every contender (LangChain, our build, an encoder) runs as `python ...` in a child so
that none inherits another's caches, threads or imported models.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

_CHILD_TIMEOUT_S = 1800


class ChildFailed(RuntimeError):
    """A measured child process exited non-zero; the message carries its stderr tail."""


# A child's ru_maxrss counts the pages it had at fork, i.e. its parent's: a small launcher
# process forks the measured one, so the figure is the workload's own, whatever our size.
_LAUNCHER = (
    "import os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[2:])\n"
    "_, status, usage = os.wait4(child.pid, 0)\n"
    "open(sys.argv[1], 'w').write(str(usage.ru_maxrss))\n"
    "sys.exit(os.waitstatus_to_exitcode(status))\n"
)


def run_child(args: list[str], env: dict[str, str], log: Path) -> tuple[str, float]:
    """Run `python args...`, returning (stdout, peak RSS in MiB of that child alone)."""
    peak_file = log.with_suffix(".maxrss")
    with open(log.with_suffix(".out"), "w+") as out, open(log.with_suffix(".err"), "w+") as err:
        proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCHER, str(peak_file), sys.executable, *args],
            stdout=out,
            stderr=err,
            env=env,
            start_new_session=True,
        )
        try:
            proc.wait(timeout=_CHILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the launcher and the workload, nothing else
            proc.wait()
            raise ChildFailed(f"{' '.join(args[:3])} timed out after {_CHILD_TIMEOUT_S} s") from None
        out.seek(0), err.seek(0)
        stdout, stderr = out.read(), err.read()
    if proc.returncode != 0:
        raise ChildFailed(f"{' '.join(args[:3])} exited {proc.returncode}: {stderr.strip()[-800:]}")
    return stdout, int(peak_file.read_text()) / 1024  # Linux reports KiB


def build_child(corpus: Path, index: Path, env: dict[str, str], log: Path, fresh: bool = True) -> dict:
    """Our real build through the CLI in a child; index.json's figures plus the child's peak RSS."""
    if fresh and index.exists():
        shutil.rmtree(index)
    _, rss = run_child(["-m", "ragstress.cli", "build", str(corpus), "--index", str(index)], env, log)
    manifest = json.loads((index / "index.json").read_text(encoding="utf-8"))
    return {**manifest, "rss_mib": rss}


def encode_child(kind: str, chunks: Path, work: Path, env: dict[str, str]) -> tuple[dict, np.ndarray]:
    out = work / f"vectors-{kind}.npy"
    stdout, _ = run_child(
        ["-m", "ragstress.perf.ingest_workers", "encode", kind, str(chunks), str(out), env["RAGSTRESS_CACHE_DIR"]],
        env,
        work / f"encode-{kind}",
    )
    return json.loads(stdout.strip().splitlines()[-1]), np.load(out)


def export_seconds(env: dict[str, str], work: Path) -> float:
    started = time.perf_counter()
    run_child(
        [
            "-c",
            "import ragstress.corpora.embeddings as e, sys, pathlib; e.set_model_cache_dir(pathlib.Path(sys.argv[1])); "
            "e.make_embedder('minilm')",
            env["RAGSTRESS_CACHE_DIR"],
        ],
        env,
        work / "export",
    )
    return time.perf_counter() - started
