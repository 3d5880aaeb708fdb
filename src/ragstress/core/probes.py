"""Which questions a case asks of the target: the case itself, and for some a closed-book probe.

A fact about the case, read by the runner (what to ask) and by scoring (which answers to expect),
so it lives under both.
"""

from __future__ import annotations

from ragstress.core.types import Case


def needs_closed_book(case: Case) -> bool:
    """Whether the target is also asked the case's question without passages (what it knows).

    Counterfactual cases, and per conflict seed its unplanted case (the prior is the seed's)."""
    if case.testbed == "conflict":
        return case.params.get("conflict_k") == 0 and not case.params.get("deviation")
    return case.testbed == "counterfactual"
