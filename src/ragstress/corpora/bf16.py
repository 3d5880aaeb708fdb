"""bfloat16 MiniLM for CPUs that multiply bfloat16 in hardware (Intel AMX).

On such CPUs PyTorch's bfloat16 autocast runs all-MiniLM-L6-v2 about 2.5 times as
fast as full precision, and its vectors stay within cosine 0.9999 of the fp32
reference (measured worst case 0.99993 over 6,000 chunks of the Python manual,
Chinese man pages and short questions; the mean is 0.99998). That is within the bar
this project sets for "the same model", so the index records the same model name
either way.

Elsewhere bfloat16 would be emulated and slower, so it is used only where the CPU
advertises AMX-BF16; and every load checks the promise on fixed texts against the
fp32 model before the bfloat16 path is trusted.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import numpy as np

from ragstress.corpora.embedding_base import MIN_COSINE
from ragstress.corpora.st_embedder import SentenceTransformerEmbedder

_CHECK_TEXTS = (
    "x",
    "How do I list the files in a directory?",
    "The os module provides a portable way of using operating system dependent functionality. " * 4,
    "埃菲尔铁塔于1889年建成，位于巴黎。",
    "Mixed: the 巴黎 tower, 330 m tall, opened in 1889.",
)
_log = logging.getLogger(__name__)


def cpu_multiplies_bf16(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """True if the CPU advertises AMX-BF16 (read from /proc/cpuinfo; False where there is none)."""
    try:
        with open(cpuinfo, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.startswith("flags"):
                    return "amx_bf16" in line.split()
    except OSError:
        pass
    return False


# Set to 0 to keep the full-precision (ONNX) path even on an AMX CPU, e.g. to measure both paths.
DISABLE_ENV = "RAGSTRESS_BF16"


def bf16_disabled() -> bool:
    """True if the environment turns the bfloat16 path off (RAGSTRESS_BF16=0/off/no/false)."""
    return os.environ.get(DISABLE_ENV, "").strip().lower() in ("0", "off", "no", "false")


def bf16_minilm() -> SentenceTransformerEmbedder | None:
    """The bundled MiniLM in bfloat16 if this CPU runs it natively and its vectors pass the check, else None."""
    if bf16_disabled() or not cpu_multiplies_bf16():
        return None
    fast = SentenceTransformerEmbedder(bf16=True)
    reference = SentenceTransformerEmbedder()
    worst = float(np.min(np.sum(fast.embed_passages(_CHECK_TEXTS) * reference.embed_passages(_CHECK_TEXTS), axis=1)))
    if worst < MIN_COSINE:
        _log.warning("note: bfloat16 vectors drift on this CPU (cosine %.6f to fp32); using full precision", worst)
        return None
    return fast
