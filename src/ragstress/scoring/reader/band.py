"""Each head's band of doubt: which probabilities count as confident, chosen on lines the band is not measured on.

A rule verdict is clear when the reader, confident, reaches the same verdict and the rule itself does not
hesitate; in a weak zone of the rule (`scoring.metrics.reader_marks.weak_zone`) a verdict that would be
uncertain is decided by the reader when it is confident. `outcomes` plays that out for a band (low, high) on
out-of-fold predictions, exactly as `scoring.metrics.certainty.with_certainty` does on a response; `sweep` tries
every band on a grid over the whole range of probabilities and keeps the one that leaves fewest verdicts
uncertain while the clear ones reach the target agreement with the labels, and the reader's decisions leave
the agreement of all decided verdicts no lower than the rule's alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

GRID = np.round(np.arange(0.0, 1.0001, 0.01), 2)
MIN_WIDTH = 0.2
"""No band of doubt is narrower: a probability within 0.1 of the reader's lean is never confident, on any head."""
MARGIN_SE = 2.0
"""The target agreement is met with this many standard errors to spare on the lines a band is chosen on. A holdout
gives 46-92 clear lines per label and language, where one line is one to two points: with one standard error the
conflict heads' bands met 98% on the lines that chose them and fell just short of it on the rest."""


@dataclass(frozen=True)
class RuleReading:
    """The default rule's verdict on a line (None: it decides nothing there), whether it hesitates itself, and
    whether the line lies in a weak zone of the rule."""

    verdict: bool | None
    hesitates: bool
    weak: bool = False


@dataclass(frozen=True)
class Lines:
    """Labels, reader probabilities and rule readings of the lines of one head, as arrays."""

    p: np.ndarray
    y: np.ndarray  # bool
    decided: np.ndarray
    verdict: np.ndarray
    steady: np.ndarray
    weak: np.ndarray

    @classmethod
    def of(cls, p: np.ndarray, y: np.ndarray, rules: Sequence[RuleReading]) -> Lines:
        return cls(
            p=np.asarray(p, dtype=np.float64),
            y=np.asarray(y) == 1,
            decided=np.array([r.verdict is not None for r in rules], dtype=bool),
            verdict=np.array([bool(r.verdict) for r in rules], dtype=bool),
            steady=np.array([not r.hesitates for r in rules], dtype=bool),
            weak=np.array([r.weak for r in rules], dtype=bool),
        )

    def part(self, mask: np.ndarray) -> Lines:
        return Lines(
            self.p[mask], self.y[mask], self.decided[mask], self.verdict[mask], self.steady[mask], self.weak[mask]
        )


def outcomes(
    lines: Lines, band: tuple[float, float], decide: tuple[float, float] = (0.0, 1.0)
) -> tuple[np.ndarray, np.ndarray]:
    """The final verdict and whether it is clear, per line, with the band of doubt `band` and, in the rule's weak
    zones, the band `decide` outside which the reader decides a verdict the rule leaves uncertain."""
    p = lines.p
    low, high = band
    confident = (p <= low) | (p >= high)
    holds = (p >= high) | ((p > low) & (p >= (low + high) / 2))
    clear_by_rule = lines.steady & confident & (holds == lines.verdict)
    decisive = (p <= decide[0]) | (p >= decide[1])
    decided_by_reader = lines.weak & ~lines.steady & decisive & ~clear_by_rule
    verdict = np.where(decided_by_reader, p >= (decide[0] + decide[1]) / 2, lines.verdict)
    return verdict, clear_by_rule | decided_by_reader


def figures(
    lines: Lines, band: tuple[float, float], decide: tuple[float, float] = (0.0, 1.0)
) -> dict[str, float | int | None]:
    """Clear agreement, agreement of all decided lines, uncertain share and how many verdicts the reader changed."""
    verdict, clear = outcomes(lines, band, decide)
    decided = lines.decided
    clear &= decided
    right = verdict == lines.y
    return {
        "lines": int(decided.sum()),
        "rule_agreement": _share(lines.verdict == lines.y, decided),
        "reader_agreement": _share((lines.p >= 0.5) == lines.y, np.ones_like(decided)),
        "clear_agreement": _share(right, clear),
        "decided_agreement": _share(right, decided),
        "uncertain_share": round(1 - float(clear.sum()) / max(int(decided.sum()), 1), 4),
        "changed_by_reader": int((decided & (verdict != lines.verdict)).sum()),
    }


def _share(right: np.ndarray, among: np.ndarray) -> float | None:
    return round(float(right[among].mean()), 4) if among.any() else None


def sweep(lines: Lines, target: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The band of doubt, then the band for deciding in the rule's weak zones, each on GRID.

    The band of doubt leaves the fewest verdicts uncertain among those whose clear verdicts agree with the labels
    at `target`; the deciding band then lets the reader decide as many weak-zone verdicts as it can while the clear
    verdicts still reach `target` and all decided verdicts agree with the labels no less than the rule's alone.
    Ties go to the higher clear agreement, then the wider band. A band that nothing reaches is (0, 1): nothing is
    confident, and the reader decides nothing."""
    never = (0.0, 1.0)
    decided = lines.decided
    if not decided.any():
        return never, never
    rule_right = float((lines.verdict == lines.y)[decided].mean())
    band = _best(lines, target, lambda b: (b, never), rule_right) or never
    decide = _best(lines, target, lambda b: (band, b), rule_right) if (lines.weak & ~lines.steady).any() else None
    return band, decide or never


def _best(lines: Lines, target: float, bands, rule_right: float) -> tuple[float, float] | None:
    best: tuple[float, float, float] | None = None
    chosen = None
    for low in GRID:
        for high in GRID[GRID >= low + MIN_WIDTH - 1e-9]:
            verdict, clear = outcomes(lines, *bands((float(low), float(high))))
            clear &= lines.decided
            if not clear.any():
                continue
            right = verdict == lines.y
            clear_right = float(right[clear].mean())
            # The target is met with MARGIN_SE standard errors to spare: a band chosen on few lines must clear more.
            if (
                clear_right - MARGIN_SE * np.sqrt(clear_right * (1 - clear_right) / clear.sum()) < target
                or float(right[lines.decided].mean()) < rule_right - 1e-12
            ):
                continue
            key = (float(clear.sum()), clear_right, float(high - low))
            if best is None or key > best:
                best, chosen = key, (float(low), float(high))
    return chosen
