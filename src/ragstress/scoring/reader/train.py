"""Training the learned reader: seeded, reproducible, from labelled response files in the repository.

Each head (model.HEADS) gets an L2-regularised logistic regression over the hashed features, fitted with L-BFGS.
Its band of doubt (`band.sweep`) is chosen on out-of-fold predictions (seeded folds) of one seeded part of the
training lines (CHOOSING_SHARE of them), read beside the default rules' verdicts on the same lines; the figures
`weights.json` reports for the head are measured on the other part, which the band was not chosen on. No holdout
is read here.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from scipy import optimize, sparse

from ragstress.scoring.metrics import reader_marks
from ragstress.scoring.reader.band import MARGIN_SE, MIN_WIDTH, Lines, RuleReading, figures, sweep
from ragstress.scoring.reader.features import DIM, hashed_features, reader_text
from ragstress.scoring.reader.model import HEADS, Head, ReaderModel
from ragstress.values.reading import bounded, read

REQUIRED = ("id", "response", "answers", "labels")
CHOOSING_SHARE = 0.7
"""The share of the training lines each band is chosen on; the rest measure it."""


@dataclass(frozen=True)
class Example:
    id: str
    text: str
    labels: dict[str, bool | None]
    source: str
    row: dict[str, Any]

    @property
    def fake(self) -> list[str]:
        fake = self.row.get("fake_answer")
        return [fake] if isinstance(fake, str) else list(fake or [])

    def features(self) -> dict[int, float]:
        """What the reader sees of the line, as `CaseJudging.reader_view` makes it of a response."""
        row = self.row
        reading = read(row["response"], row.get("lang", "en"))
        marks = reader_marks.marks(reading, row["answers"], self.fake, row.get("question", ""), row.get("testbed", ""))
        return hashed_features(self.text, row.get("question", ""), marks)


def read_examples(path: Path) -> list[Example]:
    """Labelled lines of one file; a malformed line is named by file and line number."""
    examples = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            missing = [f for f in REQUIRED if f not in row]
            if missing:
                raise ValueError(f"missing field(s) {', '.join(missing)}")
            fake = row.get("fake_answer")
            text = reader_text(bounded(row["response"])[0], row["answers"], [fake] if isinstance(fake, str) else fake)
        except (ValueError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path}:{number}: {exc}") from None
        examples.append(Example(str(row["id"]), text, dict(row["labels"]), path.name, row))
    return examples


def feature_matrix(examples: Sequence[Example]) -> sparse.csr_matrix:
    rows, cols, vals = [], [], []
    for i, example in enumerate(examples):
        for k, v in example.features().items():
            rows.append(i)
            cols.append(k)
            vals.append(v)
    return sparse.csr_matrix((vals, (rows, cols)), shape=(len(examples), DIM), dtype=np.float64)


def fit_logistic(x: sparse.csr_matrix, y: np.ndarray, l2: float) -> tuple[np.ndarray, float]:
    """Weights and bias minimising the mean log loss plus l2/2 |w|^2, classes weighted to equal mass."""
    positive = y.mean()
    sample = np.where(y == 1, 0.5 / max(positive, 1e-9), 0.5 / max(1 - positive, 1e-9))

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = theta[:-1], theta[-1]
        z = x @ w + b
        p = 1.0 / (1.0 + np.exp(-z))
        nll = np.logaddexp(0, z) - y * z
        value = float((sample * nll).mean() + 0.5 * l2 * w @ w)
        residual = sample * (p - y) / len(y)
        grad = np.concatenate([x.T @ residual + l2 * w, [residual.sum()]])
        return value, grad

    result = optimize.minimize(loss, np.zeros(DIM + 1), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    return result.x[:-1], float(result.x[-1])


def _predict(x: sparse.csr_matrix, w: np.ndarray, b: float) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(x @ w + b)))


def out_of_fold(x: sparse.csr_matrix, y: np.ndarray, l2: float, folds: int, seed: int) -> np.ndarray:
    order = np.random.default_rng(seed).permutation(len(y))
    p = np.zeros(len(y))
    for k in range(folds):
        held = order[k::folds]
        kept = np.setdiff1d(order, held)
        w, b = fit_logistic(x[kept], y[kept], l2)
        p[held] = _predict(x[held], w, b)
    return p


def rule_readings(examples: Sequence[Example], label: str) -> list[RuleReading]:
    """The default rules' verdicts for `label`, read without the learned reader (on a conflict line, the
    conflict testbed's own verdict: truth kept for `correct`, adoption for `asserts_fake`), and whether each
    line lies in a weak zone of the rule."""
    from ragstress.scoring.agreement import CHECKS, LabelledResponse  # the rules sit above the reader they consult

    check = CHECKS[label]["default"]

    async def read_all() -> list[RuleReading]:
        readings = []
        for example in examples:
            item = LabelledResponse.model_validate(example.row)
            verdict, certainty = await check.verdict_and_certainty(item, use_reader=False)
            weak = reader_marks.weak_zone(label, read(item.response, item.lang), item.answers) is not None
            readings.append(RuleReading(verdict, certainty == "uncertain", weak))
        return readings

    return asyncio.run(read_all())


def choosing_part(examples: Sequence[Example], seed: int) -> np.ndarray:
    """Which lines the bands are chosen on (True) and which measure them (False): a seeded draw of CHOOSING_SHARE."""
    order = np.random.default_rng(seed + 1).permutation(len(examples))
    chosen = np.zeros(len(examples), dtype=bool)
    chosen[order[: round(CHOOSING_SHARE * len(examples))]] = True
    return chosen


def train(
    files: Sequence[Path], *, seed: int = 7, l2: float = 1e-4, folds: int = 5, target: float = 0.98
) -> ReaderModel:
    """Fit every head on the labelled lines of `files`; the model records what it was trained on, each head's
    band, and the band's figures on the part of the lines it was not chosen on."""
    examples = [e for path in files for e in read_examples(path)]
    x_all = feature_matrix(examples)
    chosen_all = choosing_part(examples, seed)
    weights = np.zeros((len(HEADS), DIM), dtype=np.float32)
    bias = np.zeros(len(HEADS), dtype=np.float32)
    band = np.tile(np.array([0.0, 1.0], dtype=np.float32), (len(HEADS), 1))
    decide = band.copy()
    per_head: dict[str, Any] = {}
    for row, head in enumerate(HEADS):
        idx = [i for i, e in enumerate(examples) if reads(head, e)]
        y = np.array([bool(examples[i].labels[head.label]) for i in idx], dtype=np.float64)
        if len(idx) < 2 * folds or y.min() == y.max():
            per_head[head.name] = {"lines": len(idx), "trained": False}
            continue
        x = x_all[idx]
        lines = Lines.of(out_of_fold(x, y, l2, folds, seed), y, rule_readings([examples[i] for i in idx], head.label))
        chosen = chosen_all[idx]
        band[row], decide[row] = bands = sweep(lines.part(chosen), target)
        weights[row], bias[row] = fit_logistic(x, y, l2)
        langs = np.array([examples[i].row.get("lang", "") for i in idx])
        reported = figures(lines.part(~chosen), *bands)
        reported["by_language"] = {
            str(lang): figures(lines.part(~chosen & (langs == lang)), *bands) for lang in sorted(set(langs[~chosen]))
        }
        per_head[head.name] = {
            "lines": len(idx),
            "positive": int(y.sum()),
            "band": [round(x, 2) for x in bands[0]],
            "decide_in_weak_zone": [round(x, 2) for x in bands[1]],
            "chosen_on": {"part": f"{CHOOSING_SHARE:.0%} of the lines, out of fold"}
            | figures(lines.part(chosen), *bands),
            "reported_on": {"part": f"the other {1 - CHOOSING_SHARE:.0%}, out of fold"} | reported,
        }
    provenance = {
        "trained": datetime.now(UTC).date().isoformat(),
        "seed": seed,
        "l2": l2,
        "folds": folds,
        "target_agreement": target,
        "band_rules": {"min_width": MIN_WIDTH, "margin_standard_errors": MARGIN_SE, "grid_step": 0.01},
        "features": {
            "dim": DIM,
            "ngrams": "characters 1-4 of the response, answers masked; characters 1-3 of the question",
            "marks": "the rules' reading (scoring.metrics.reader_marks)",
            "hash": "crc32",
        },
        "files": [{"name": p.name, "sha256": hashlib.sha256(p.read_bytes()).hexdigest()} for p in files],
        "lines": len(examples),
        "heads": per_head,
    }
    return ReaderModel(tuple(h.name for h in HEADS), weights, bias, band, decide, provenance)


def reads(head: Head, example: Example) -> bool:
    """Whether `head` learns from this line: its label is set, on the testbeds the head reads."""
    if example.labels.get(head.label) is None:
        return False
    return head.conflict is None or head.conflict == (example.row.get("testbed") == "conflict")
