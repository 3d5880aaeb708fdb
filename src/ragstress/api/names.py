"""The names a caller may give: metrics, testbeds, question styles, ratio policies, gate modes.

Each is checked against the registry that defines it, so a misspelt name fails before any
work with UnknownNameError (or ValueError) naming the closest known names. A front end checks
its options here instead of reading the registries itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ragstress.core.registry import check_names
from ragstress.core.types import TESTBEDS
from ragstress.corpora.loaders import DEFAULT_MAX_DOCUMENT_MB
from ragstress.generators.testbeds.ratios import RATIO_POLICIES
from ragstress.reports.gates.check import GATE_ON_CHOICES
from ragstress.running.runner import DEFAULT_TARGET_TIMEOUT_S
from ragstress.scoring.metrics import METRICS
from ragstress.scoring.metrics import metric_table as _metric_table

MODES: tuple[str, ...] = ("contexts", "e2e")
"""How a target is asked: contexts hands each case's passages, e2e lets it retrieve."""


def resolve_metrics(spec: str | Sequence[str] | None) -> list[str]:
    """The metric names a comma-separated `spec` (or a list) selects; every metric when None or empty."""
    if not spec:
        return METRICS.names()
    return METRICS.resolve(spec if isinstance(spec, str) else list(spec))


def metric_names() -> list[str]:
    """Every registered metric, in the registry's order."""
    return METRICS.names()


def is_judged(name: str) -> bool:
    """True when `name` is a registered metric that asks the judge (a name no longer registered is not)."""
    return name in METRICS.names() and METRICS.get(name).kind == "judged"


def judged_only(names: Sequence[str]) -> list[str]:
    """The judged metrics among `names`, in their order."""
    return [name for name in names if is_judged(name)]


def metric_table() -> dict[str, dict[str, Any]]:
    """Every metric's description (kind, testbeds, LLM calls, labels...) with the calls it shares with others."""
    return {
        name: {**info, "shared_calls": list(METRICS.get(name).shared_calls)} for name, info in _metric_table().items()
    }


def check_testbeds(spec: str) -> list[str]:
    """The testbeds a comma-separated `spec` names, each known (UnknownNameError with a "did you mean")."""
    return check_names("testbed", spec, TESTBEDS)


def generator_testbeds(spec: str) -> list[str]:
    """The testbeds test-set generation builds for `spec` (its registry, which also knows every alias)."""
    from ragstress.generators.testbeds.build import TESTBEDS as BUILT

    return BUILT.resolve(spec)


def check_styles(styles: Sequence[str]) -> tuple[str, ...]:
    """The style testbed's question styles, each known (ValueError naming an unknown one)."""
    from ragstress.generators.testbeds.styles import check_styles as known_styles

    return known_styles(tuple(styles))


__all__ = [
    "DEFAULT_MAX_DOCUMENT_MB",
    "DEFAULT_TARGET_TIMEOUT_S",
    "GATE_ON_CHOICES",
    "MODES",
    "RATIO_POLICIES",
    "TESTBEDS",
    "check_styles",
    "check_testbeds",
    "generator_testbeds",
    "is_judged",
    "judged_only",
    "metric_names",
    "metric_table",
    "resolve_metrics",
]
