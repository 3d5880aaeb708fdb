"""Training the learned reader: seeded, reproducible, from labelled response files in the repository.

Each head (model.HEADS) gets an L2-regularised logistic regression over the hashed features, fitted with L-BFGS.
Its confidence threshold comes from out-of-fold predictions on the training lines themselves (seeded
folds), read beside the default rules' verdicts on the same lines: the lowest threshold at which the
verdicts that would be marked clear (rule and reader agree, the reader that confident, the rule itself
not hesitating) reach `target` agreement with the labels. No holdout is read here, so thresholds never
see the lines that measure the reader.
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

from ragstress.scoring.reader.features import DIM, hashed_features, reader_text
from ragstress.scoring.reader.model import HEADS, Head, ReaderModel

REQUIRED = ("id", "response", "answers", "labels")


@dataclass(frozen=True)
class Example:
    id: str
    text: str
    labels: dict[str, bool | None]
    source: str
    row: dict[str, Any]


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
            text = reader_text(row["response"], row["answers"], [fake] if isinstance(fake, str) else fake)
        except (ValueError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path}:{number}: {exc}") from None
        examples.append(Example(str(row["id"]), text, dict(row["labels"]), path.name, row))
    return examples


def feature_matrix(texts: Sequence[str]) -> sparse.csr_matrix:
    rows, cols, vals = [], [], []
    for i, text in enumerate(texts):
        for k, v in hashed_features(text).items():
            rows.append(i)
            cols.append(k)
            vals.append(v)
    return sparse.csr_matrix((vals, (rows, cols)), shape=(len(texts), DIM), dtype=np.float64)


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


@dataclass(frozen=True)
class RuleReading:
    """The default rule's verdict on a line (None: it decides nothing there) and whether it hesitates itself."""

    verdict: bool | None
    hesitates: bool


def rule_readings(examples: Sequence[Example], label: str) -> list[RuleReading]:
    """The default rules' verdicts for `label`, read without the learned reader (on a conflict line, the
    conflict testbed's own verdict: truth kept for `correct`, adoption for `asserts_fake`)."""
    from ragstress.scoring.agreement import CHECKS, LabelledResponse  # the rules sit above the reader they consult

    check = CHECKS[label]["default"]

    async def read_all() -> list[RuleReading]:
        readings = []
        for example in examples:
            item = LabelledResponse.model_validate(example.row)
            verdict, certainty = await check.verdict_and_certainty(item, use_reader=False)
            readings.append(RuleReading(verdict, certainty == "uncertain"))
        return readings

    return asyncio.run(read_all())


def choose_threshold(
    p: np.ndarray, y: np.ndarray, rules: Sequence[RuleReading], target: float
) -> tuple[float, dict[str, float | None]]:
    """The lowest reader confidence at which the verdicts marked clear agree with the labels at `target`."""
    decided = np.array([r.verdict is not None for r in rules])
    verdict = np.array([bool(r.verdict) for r in rules])
    steady = np.array([not r.hesitates for r in rules])
    rule_right = verdict == (y == 1)
    agrees = (p >= 0.5) == verdict
    confidence = np.maximum(p, 1 - p)
    summary: dict[str, float | None] = {
        "rule_agreement": round(float(rule_right[decided].mean()), 4) if decided.any() else None,
        "reader_agreement": round(float(((p >= 0.5) == (y == 1)).mean()), 4),
    }
    for threshold in np.arange(0.5, 1.0, 0.01):
        clear = decided & steady & agrees & (confidence >= threshold)
        if clear.any() and rule_right[clear].mean() >= target:
            summary["clear_agreement"] = round(float(rule_right[clear].mean()), 4)
            summary["uncertain_share"] = round(1 - float(clear.sum() / max(decided.sum(), 1)), 4)
            return float(threshold), summary
    return 1.0, summary | {"clear_agreement": None, "uncertain_share": 1.0}


def train(
    files: Sequence[Path], *, seed: int = 7, l2: float = 1e-4, folds: int = 5, target: float = 0.98
) -> ReaderModel:
    """Fit every head on the labelled lines of `files`; the model records what it was trained on."""
    examples = [e for path in files for e in read_examples(path)]
    x_all = feature_matrix([e.text for e in examples])
    weights = np.zeros((len(HEADS), DIM), dtype=np.float32)
    bias = np.zeros(len(HEADS), dtype=np.float32)
    threshold = np.ones(len(HEADS), dtype=np.float32)
    per_head: dict[str, Any] = {}
    for row, head in enumerate(HEADS):
        idx = [i for i, e in enumerate(examples) if reads(head, e)]
        y = np.array([bool(examples[i].labels[head.label]) for i in idx], dtype=np.float64)
        if len(idx) < 2 * folds or y.min() == y.max():
            per_head[head.name] = {"lines": len(idx), "trained": False}
            continue
        x = x_all[idx]
        readings = rule_readings([examples[i] for i in idx], head.label)
        threshold[row], oof = choose_threshold(out_of_fold(x, y, l2, folds, seed), y, readings, target)
        w, b = fit_logistic(x, y, l2)
        weights[row], bias[row] = w, b
        per_head[head.name] = {
            "lines": len(idx),
            "positive": int(y.sum()),
            "threshold": round(float(threshold[row]), 2),
        }
        per_head[head.name]["out_of_fold"] = oof
    provenance = {
        "trained": datetime.now(UTC).date().isoformat(),
        "seed": seed,
        "l2": l2,
        "folds": folds,
        "target_agreement": target,
        "features": {"dim": DIM, "ngrams": "characters 1-4, answers masked", "hash": "crc32"},
        "files": [{"name": p.name, "sha256": hashlib.sha256(p.read_bytes()).hexdigest()} for p in files],
        "lines": len(examples),
        "heads": per_head,
    }
    return ReaderModel(tuple(h.name for h in HEADS), weights, bias, threshold, provenance)


def reads(head: Head, example: Example) -> bool:
    """Whether `head` learns from this line: its label is set, on the testbeds the head reads."""
    if example.labels.get(head.label) is None:
        return False
    return head.conflict is None or head.conflict == (example.row.get("testbed") == "conflict")
