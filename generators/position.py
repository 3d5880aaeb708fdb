"""Position sweep: the noise case's one positive passage placed first, in the middle, and last.

Models often miss evidence in the middle of a long context ("lost in the middle", Liu et
al. 2024). For every noise case with exactly one positive among at least three passages
(the highest noise ratio below 1), this makes three copies whose passages are the same
but ordered with the positive first, in the middle or last, the noise keeping its
order. Each copy records `params["position"]` and the case it was swept from; the
report draws accuracy against position as its own curve and keeps these copies out of
the noise-ratio figures, so no ratio is counted twice. A pure function of the cases.
"""

from __future__ import annotations

from ragstress.core.types import Case

POSITIONS = ("first", "middle", "last")


def _index(position: str, n_passages: int) -> int:
    return {"first": 0, "middle": n_passages // 2, "last": n_passages - 1}[position]


def sweepable(case: Case) -> bool:
    """A noise case (not already a variant) with one positive and room for a middle."""
    roles = [c.role for c in case.contexts]
    return (
        case.testbed == "noise"
        and roles.count("positive") == 1
        and len(roles) >= 3
        and "position" not in case.params
        and "style" not in case.params
    )


def position_cases(cases: list[Case]) -> list[Case]:
    """Three copies (first, middle, last) of each sweepable noise case."""
    out = []
    for case in cases:
        if not sweepable(case):
            continue
        ranks = case.params.get("passage_rank") or [0] * len(case.contexts)
        paired = list(zip(case.contexts, ranks, strict=True))
        positive = next(p for p in paired if p[0].role == "positive")
        noise = [p for p in paired if p is not positive]
        for position in POSITIONS:
            ordered = list(noise)
            ordered.insert(_index(position, len(paired)), positive)
            params = {
                **case.params,
                "position": position,
                "positive_index": _index(position, len(paired)),
                "swept_from": case.id,
                "passage_rank": [rank for _, rank in ordered],
            }
            out.append(
                case.model_copy(
                    update={"id": f"{case.id}:pos-{position}", "contexts": [c for c, _ in ordered], "params": params}
                )
            )
    return out
