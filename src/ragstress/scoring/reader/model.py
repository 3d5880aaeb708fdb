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

from ragstress.scoring.reader.features import DIM

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
    """What one head of the reader thinks of one response: the probability its label holds, and the head's band
    of doubt. A probability counts as confident only outside the band: at or below `low` the label confidently
    does not hold, at or above `high` it confidently does; inside it the reader leans to the nearer edge. In a
    weak zone of the rules the reader decides a verdict the rule leaves uncertain only outside a second band,
    `decide` (`scoring.metrics.certainty.with_certainty`)."""

    head: str
    probability: float
    low: float = 0.5
    high: float = 0.5
    decide: tuple[float, float] = (0.0, 1.0)

    @property
    def confident(self) -> bool:
        return self.probability <= self.low or self.probability >= self.high

    @property
    def holds(self) -> bool:
        return _leans(self.probability, self.low, self.high)

    @property
    def decisive(self) -> bool:
        """Whether the reader is sure enough to decide a verdict in a weak zone of the rules."""
        return self.probability <= self.decide[0] or self.probability >= self.decide[1]

    @property
    def decision(self) -> bool:
        return _leans(self.probability, *self.decide)

    def __str__(self) -> str:
        band = f"band {self.low:.2f}–{self.high:.2f}"
        sure = f"confident (outside its {band})" if self.confident else f"unsure (inside its {band})"
        return f"reader p({self.head})={self.probability:.2f}, {sure}"


def _leans(p: float, low: float, high: float) -> bool:
    """Whether a probability reads as 'holds' with the band (low, high): outside it by its side, inside by the
    nearer edge."""
    if p >= high:
        return True
    return p > low and p >= (low + high) / 2


@dataclass(frozen=True)
class ReaderModel:
    """Per-head weights, biases, bands of doubt (`band[row]` is (low, high); see ReaderView) and bands for
    deciding in the rules' weak zones (`decide[row]`)."""

    heads: tuple[str, ...]
    weights: np.ndarray  # (len(heads), DIM) float32
    bias: np.ndarray  # (len(heads),)
    band: np.ndarray  # (len(heads), 2)
    decide: np.ndarray  # (len(heads), 2)
    provenance: dict[str, Any]

    def probability(self, head: str, features: dict[int, float]) -> float:
        row = self.heads.index(head)
        keys = np.fromiter(features.keys(), dtype=np.intp, count=len(features))
        values = np.fromiter(features.values(), dtype=np.float64, count=len(features))
        z = float(self.bias[row]) + float(self.weights[row, keys] @ values)
        return 1.0 / (1.0 + math.exp(-max(min(z, 40.0), -40.0)))

    def view(self, head: str, features: dict[int, float]) -> ReaderView:
        """The head's reading of a response from its `hashed_features` (made once for the several heads asked of
        one response)."""
        row = self.heads.index(head)
        low, high = (float(x) for x in self.band[row])
        decide = (float(self.decide[row, 0]), float(self.decide[row, 1]))
        return ReaderView(head, self.probability(head, features), low, high, decide)

    def save(self, folder: Path) -> None:
        np.savez_compressed(
            folder / WEIGHTS_FILE,
            heads=np.array(self.heads),
            weights=self.weights.astype(np.float16),
            bias=self.bias.astype(np.float32),
            band=self.band.astype(np.float32),
            decide=self.decide.astype(np.float32),
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
    if "band" not in data or "decide" not in data:
        raise ValueError(
            f"{folder / WEIGHTS_FILE}: no band of doubt per head: retrain with `python -m ragstress.scoring.reader train`"
        )
    return ReaderModel(
        tuple(str(x) for x in data["heads"]), weights, data["bias"], data["band"], data["decide"], provenance
    )


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@functools.lru_cache(maxsize=1)
def bundled_model() -> ReaderModel:
    """The reader shipped with ragstress (loaded once per process)."""
    return load_model(Path(str(resources.files("ragstress.scoring.reader"))))
