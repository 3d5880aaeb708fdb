"""The learned reader's weights: one logistic regression per label over the hashed features.

The weights ship in the package (`weights.npz`, written by `python -m ragstress.scoring.reader train`),
with `weights.json` beside them saying what they were trained on. Loading needs numpy only.
"""

from __future__ import annotations

import functools
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
class ReaderView:
    """What the reader thinks of one label on one response: the probability it holds, and whether the
    reader is confident (its probability is past the label's threshold, on either side)."""

    label: str
    probability: float
    confident: bool

    @property
    def holds(self) -> bool:
        return self.probability >= 0.5

    def __str__(self) -> str:
        sure = "confident" if self.confident else "unsure"
        return f"reader p({self.label})={self.probability:.2f}, {sure}"


@dataclass(frozen=True)
class ReaderModel:
    """Per-label weights, biases and confidence thresholds (max(p, 1-p) at or above it is confident)."""

    labels: tuple[str, ...]
    weights: np.ndarray  # (len(labels), DIM) float32
    bias: np.ndarray  # (len(labels),)
    threshold: np.ndarray  # (len(labels),)
    provenance: dict[str, Any]

    def view(self, label: str, text: str) -> ReaderView:
        row = self.labels.index(label)
        features = hashed_features(text)
        z = float(self.bias[row]) + sum(float(self.weights[row, k]) * v for k, v in features.items())
        p = 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))
        return ReaderView(label, p, max(p, 1.0 - p) >= float(self.threshold[row]))

    def save(self, folder: Path) -> None:
        np.savez_compressed(
            folder / WEIGHTS_FILE,
            labels=np.array(self.labels),
            weights=self.weights.astype(np.float16),
            bias=self.bias.astype(np.float32),
            threshold=self.threshold.astype(np.float32),
        )
        (folder / PROVENANCE_FILE).write_text(json.dumps(self.provenance, indent=2, ensure_ascii=False) + "\n")


def load_model(folder: Path) -> ReaderModel:
    """The reader saved in `folder`; a clear error when its files are missing or of another size."""
    data = np.load(folder / WEIGHTS_FILE)
    weights = data["weights"].astype(np.float32)
    if weights.shape[1] != DIM:
        raise ValueError(f"{folder / WEIGHTS_FILE}: weights of width {weights.shape[1]}, features of width {DIM}")
    provenance = json.loads((folder / PROVENANCE_FILE).read_text())
    return ReaderModel(tuple(str(x) for x in data["labels"]), weights, data["bias"], data["threshold"], provenance)


@functools.lru_cache(maxsize=1)
def bundled_model() -> ReaderModel:
    """The reader shipped with ragstress (loaded once per process)."""
    return load_model(Path(str(resources.files("ragstress.scoring.reader"))))
