"""The learned reader's weights: one logistic regression per head (a label, read on some testbeds) over the hashed
features.

The weights ship in the package (`weights.npz`, written by `python -m ragstress.scoring.reader train`),
with `weights.json` beside them saying what they were trained on. Loading needs numpy only.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ragstress.scoring.reader.features import DIM, hashed_features

WEIGHTS_FILE = "weights.npz"
PROVENANCE_FILE = "weights.json"


@dataclass(frozen=True)
class Head:
    """One logistic regression of the reader: the label it reads, and on which lines. On a conflict case the
    same label asks another question (was the truth *concluded*, was the planted value *adopted*, with both
    values usually in the text), so those labels get a head of their own there."""

    name: str
    label: str
    conflict: bool | None = None  # True: conflict lines only; False: all but conflict lines; None: every line


HEADS = (
    Head("correct", "correct", conflict=False),
    Head("truth_kept", "correct", conflict=True),
    Head("rejects", "rejects"),
    Head("flags_error", "flags_error"),
    Head("corrects", "corrects"),
    Head("asserts_fake", "asserts_fake", conflict=False),
    Head("adoption", "asserts_fake", conflict=True),
    Head("acknowledges_conflict", "acknowledges_conflict"),
)


def head_for(label: str, testbed: str) -> str:
    """The head that reads `label` on a case of `testbed`."""
    for head in HEADS:
        if head.label == label and head.conflict in (None, testbed == "conflict"):
            return head.name
    raise KeyError(f"no reader head reads {label!r}")


@dataclass(frozen=True)
class ReaderView:
    """What one head of the reader thinks of one response: the probability its label holds, and whether the
    reader is confident (the probability is past the head's threshold, on either side)."""

    head: str
    probability: float
    confident: bool

    @property
    def holds(self) -> bool:
        return self.probability >= 0.5

    def __str__(self) -> str:
        sure = "confident" if self.confident else "unsure"
        return f"reader p({self.head})={self.probability:.2f}, {sure}"


@dataclass(frozen=True)
class ReaderModel:
    """Per-head weights, biases and confidence thresholds (max(p, 1-p) at or above it is confident)."""

    heads: tuple[str, ...]
    weights: np.ndarray  # (len(heads), DIM) float32
    bias: np.ndarray  # (len(heads),)
    threshold: np.ndarray  # (len(heads),)
    provenance: dict[str, Any]

    def view(self, head: str, text: str = "", features: dict[int, float] | None = None) -> ReaderView:
        """The head's reading of a reader text, or of its `hashed_features` when they are given (made once
        for the several heads asked of one response)."""
        row = self.heads.index(head)
        features = hashed_features(text) if features is None else features
        z = float(self.bias[row]) + sum(float(self.weights[row, k]) * v for k, v in features.items())
        p = 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))
        return ReaderView(head, p, max(p, 1.0 - p) >= float(self.threshold[row]))

    def save(self, folder: Path) -> None:
        np.savez_compressed(
            folder / WEIGHTS_FILE,
            heads=np.array(self.heads),
            weights=self.weights.astype(np.float16),
            bias=self.bias.astype(np.float32),
            threshold=self.threshold.astype(np.float32),
        )
        # The provenance names the exact weights it describes: a weights file edited by hand no longer loads.
        provenance = {**self.provenance, "weights_sha256": _sha256(folder / WEIGHTS_FILE)}
        (folder / PROVENANCE_FILE).write_text(json.dumps(provenance, indent=2, ensure_ascii=False) + "\n")


def load_model(folder: Path) -> ReaderModel:
    """The reader saved in `folder`; a clear error when its files are missing, of another size, or when
    the weights are not the ones `weights.json` records."""
    provenance = json.loads((folder / PROVENANCE_FILE).read_text())
    recorded, found = provenance.get("weights_sha256"), _sha256(folder / WEIGHTS_FILE)
    if recorded != found:
        raise ValueError(
            f"{folder / WEIGHTS_FILE}: sha256 {found[:12]}… is not the {PROVENANCE_FILE} record "
            f"({(recorded or 'none')[:12]}…): retrain with `python -m ragstress.scoring.reader train`"
        )
    data = np.load(folder / WEIGHTS_FILE)
    weights = data["weights"].astype(np.float32)
    if weights.shape[1] != DIM:
        raise ValueError(f"{folder / WEIGHTS_FILE}: weights of width {weights.shape[1]}, features of width {DIM}")
    return ReaderModel(tuple(str(x) for x in data["heads"]), weights, data["bias"], data["threshold"], provenance)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@functools.lru_cache(maxsize=1)
def bundled_model() -> ReaderModel:
    """The reader shipped with ragstress (loaded once per process)."""
    return load_model(Path(str(resources.files("ragstress.scoring.reader"))))
