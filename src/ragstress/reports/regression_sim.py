"""How often `compare --fail-on-regression` cries wolf, and how often it sees a real drop: a seeded simulation.

Each replication builds two runs of noise cases in memory: `seeds` seed questions with
`cases_per_seed` cases each, every seed with its own pass probability (Beta(1.4, 0.6), mean
0.7) shared by its cases in both runs, so cases are correlated as a generated test set's
are. Run A and run B draw their pass/fail values independently from those probabilities;
with a planted `drop`, B's probabilities are scaled so that its expected accuracy is `drop`
lower. The regression check (src/ragstress/reports/regression.py, the same rows and Holm correction that
`compare` uses) then decides, and the share of replications it flags is the false-alarm
rate (no drop) or the power (a drop). Run `python -m ragstress.reports.regression_sim`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.regression import regression_rows

MEAN_RATE = 0.7
KEY = "accuracy@noise"


@dataclass(frozen=True)
class SimulationRow:
    seeds: int
    cases_per_seed: int
    drop: float
    replications: int
    flagged: int

    @property
    def rate(self) -> float:
        return self.flagged / self.replications


def _cases(seeds: int, per_seed: int) -> list[Case]:
    return [
        Case(
            id=f"s{s}-c{c}",
            seed_id=f"s{s}",
            testbed="noise",
            lang="en",
            question="q",
            answers=[["a"]],
            contexts=[Context(text="a", role="positive")],
            expected="answer",
            params={"noise_ratio": c / per_seed},
        )
        for s in range(seeds)
        for c in range(per_seed)
    ]


def _run(cases: list[Case], passed: np.ndarray) -> RunData:
    data = RunData(run_dir=Path("."), cases=cases)
    for case, value in zip(cases, passed.ravel()):
        data.responses[(case.id, "case")] = TargetResponse(case_id=case.id, answer="a", latency_s=0.0)
        data.scores[case.id] = {"accuracy": Score(case_id=case.id, metric="accuracy", value=float(value))}
    return data


def simulate(
    seeds: int, *, cases_per_seed: int = 5, drop: float = 0.0, replications: int = 200, seed: int = 26
) -> SimulationRow:
    """The share of `replications` in which the check flags accuracy@noise as regressed."""
    rng = np.random.default_rng([seed, seeds, cases_per_seed, round(drop * 1000)])
    cases = _cases(seeds, cases_per_seed)
    flagged = 0
    for _ in range(replications):
        p = rng.beta(1.4, 0.6, size=(seeds, 1))
        a = rng.random((seeds, cases_per_seed)) < p
        b = rng.random((seeds, cases_per_seed)) < p * (1 - drop / MEAN_RATE)
        rows = regression_rows(_run(cases, a), _run(cases, b), ("A", "B"), [KEY])
        flagged += any(row.regressed for row in rows)
    return SimulationRow(seeds, cases_per_seed, drop, replications, flagged)


def table(sizes=(1, 3, 10, 50), drops=(0.0, 0.15), replications: int = 200) -> list[SimulationRow]:
    return [simulate(k, drop=d, replications=replications) for d in drops for k in sizes]


def main() -> None:
    replications = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print("| seeds | cases per seed | planted drop | replications | flagged as regressed |")
    print("|---|---|---|---|---|")
    for row in table(replications=replications):
        print(f"| {row.seeds} | {row.cases_per_seed} | {row.drop:.2f} | {row.replications} | {row.rate:.1%} |")


if __name__ == "__main__":
    main()
