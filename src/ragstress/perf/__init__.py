"""`make perf`: speed and memory figures, each measured beside its baseline in the same run.

These machines are noisy, so no figure is judged alone: every row pairs ours with a
reference measured minutes apart on the same cores (a baseline tool, a ceiling, or
a computed lower bound) and judges the ratio. Section modules return `Row`s; the
entry point (`python -m ragstress.perf`) prints them and writes `src/ragstress/perf/results/results.json`
and `src/ragstress/perf/results/results.md`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

Status = Literal["pass", "miss", "info"]


@dataclass(frozen=True)
class Row:
    """One figure. `target` is the rule in words ("≥ 1.5×"), `status` whether ours met it.

    `ratio` is ours / reference (None when there is no reference); `unit` says what
    `ours` and `reference` are measured in. Rows with no target are `info`.
    """

    section: str
    figure: str
    ours: float | None
    reference: float | None
    unit: str
    ratio: float | None
    target: str
    status: Status
    note: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


def ratio_of(ours: float | None, reference: float | None) -> float | None:
    if ours is None or reference in (None, 0):
        return None
    return ours / reference


def at_least(section: str, figure: str, ours, reference, unit: str, minimum: float, note: str = "") -> Row:
    """A row that passes when ours / reference >= minimum (faster, larger is better)."""
    ratio = ratio_of(ours, reference)
    status: Status = "pass" if ratio is not None and ratio >= minimum else "miss"
    return Row(section, figure, ours, reference, unit, ratio, f"≥ {minimum:g}×", status, note)


def at_most(section: str, figure: str, ours, reference, unit: str, maximum: float, note: str = "") -> Row:
    """A row that passes when ours / reference <= maximum (time against a bound, smaller is better)."""
    ratio = ratio_of(ours, reference)
    status: Status = "pass" if ratio is not None and ratio <= maximum else "miss"
    return Row(section, figure, ours, reference, unit, ratio, f"≤ {maximum:g}×", status, note)


def below(section: str, figure: str, ours, limit: float, unit: str, note: str = "") -> Row:
    """A row with an absolute limit: passes when ours <= limit (the limit is the reference)."""
    status: Status = "pass" if ours is not None and ours <= limit else "miss"
    return Row(section, figure, ours, limit, unit, ratio_of(ours, limit), f"≤ {limit:g} {unit}", status, note)


def info(section: str, figure: str, ours, unit: str, reference=None, note: str = "") -> Row:
    """A figure printed for the record, with no target."""
    return Row(section, figure, ours, reference, unit, ratio_of(ours, reference), "", "info", note)
