"""The noise variants of e2e mode: what a case's question retrieves holds its labelled share of noise.

A noise case labelled r should, when its question is put to the variant's retriever,
get back passages of which the share r holds no answer. One variant per ratio
(`noise@0.8`) over all cases of that ratio is arranged from the base ranking of each
case's question (the embedder the variant's retriever uses; the first `window(k)`
chunks):

1. keep: the case may see `positives_allowed(r, k)` answer-bearing chunks (found by
   alias and restated number/date, as everywhere in e2e mode). The best-ranked ones
   are kept (the case's own positives when none ranks in the window). Every other chunk
   holding its answer goes, except at r = 0, where none is thinned.
2. depth: the number of passages that holds r with the kept positives, n / (1 - r)
   rounded, at most k (the e2e counterpart of the per-seed passage count of generated
   cases). On a corpus that states a fact once, r = 0 retrieves that one chunk and
   r = 0.8 five; the variant's retriever returns `depth` passages for the question.
3. promote: chunks that rank above the case's last kept positive but do not fit in the
   depth beside the kept positives are removed, the lowest-ranked first and the case's
   own noise passages last, so what remains on top is the kept positives and the
   hardest distractors, the case's noise passages first.

Conflicts between the cases of one ratio: a chunk kept as a positive for any case is
never removed, even when it holds another case's answer or outranks another case's
positives; that case then sees more positives (or fewer distractors) than its ratio
asks, which its response records (`retrieved`). Promotion runs in case id order, and what one case's promotion removes
is gone for every case of the variant. Two cases of one variant asking the same
question retrieve the larger depth. Distractors from outside the index (noise passages
without a chunk in it) are added after this arrangement and are not ranked beforehand;
a target that rewrites the question gets the run's top-k.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ragstress.core.types import Case
from ragstress.running.e2e_answers import bears_answer


def window(top_k: int) -> int:
    """How many of the base ranking's chunks the arrangement looks at per case."""
    return max(4 * top_k, 20)


def case_ratio(case: Case) -> float:
    """The case's noise ratio: `params.noise_ratio`, else the share of its passages that are noise."""
    ratio = case.params.get("noise_ratio")
    if isinstance(ratio, (int, float)):
        return float(ratio)
    return sum(c.role == "noise" for c in case.contexts) / len(case.contexts) if case.contexts else 0.0


def positives_allowed(ratio: float, top_k: int) -> int:
    """Answer-bearing passages a top-`top_k` at noise share `ratio` holds: k - round(k·r), at least 1 below r = 1."""
    if ratio >= 1:
        return 0
    noise = math.floor(round(top_k * ratio, 9) + 0.5)  # half up, and 5 x 0.6 = 3.0000000000000004 counts as 3
    return max(1, top_k - noise)


@dataclass
class NoiseArrangement:
    """The chunks a noise variant removes, and the answer-bearing chunks kept for each case."""

    remove: set[str] = field(default_factory=set)
    kept: dict[str, list[str]] = field(default_factory=dict)
    depth: dict[str, int] = field(default_factory=dict)
    """Passages the case's question retrieves (by case id)."""
    promoted: int = 0
    """Chunks removed only to lift kept positives into the depth."""


def arrange_noise(
    cases: Iterable[Case], texts: Mapping[str, str], ranked: Mapping[str, list[str]], top_k: int
) -> NoiseArrangement:
    """Arrange one noise variant (see the module docstring). `ranked[case.id]`: base chunk ids, best first."""
    cases = sorted(cases, key=lambda c: c.id)
    bearing = {case.id: {cid for cid, text in texts.items() if bears_answer(text, case.answers)} for case in cases}
    plan = NoiseArrangement()
    for case in cases:
        order = ranked.get(case.id, [])
        mine = bearing[case.id]
        candidates = [cid for cid in order if cid in mine]
        if not candidates:  # nothing in reach: keep the case's own positives so the answer stays in the store
            candidates = [c.chunk_id for c in case.contexts if c.role == "positive" and c.chunk_id in texts]
        plan.kept[case.id] = candidates[: positives_allowed(case_ratio(case), top_k)]
        if case_ratio(case) > 0:  # at 0 nothing is thinned
            plan.remove |= mine - set(plan.kept[case.id])
    protected = set().union(*plan.kept.values())
    plan.remove -= protected
    for case in cases:
        plan.depth[case.id] = depth_for(case_ratio(case), len(plan.kept[case.id]), top_k)
        _promote(case, ranked.get(case.id, []), plan, protected, plan.depth[case.id])
    return plan


def depth_for(ratio: float, n_positive: int, top_k: int) -> int:
    """Passages that hold `ratio` beside `n_positive` answer-bearing ones: n / (1 - r) rounded, within [n, top_k]."""
    if n_positive == 0 or ratio >= 1:
        return top_k
    return max(1, min(top_k, max(n_positive, math.floor(round(n_positive / (1 - ratio), 9) + 0.5))))


def _promote(case: Case, order: list[str], plan: NoiseArrangement, protected: set[str], depth: int) -> None:
    """Remove what keeps `case`'s kept positives out of its top `depth` (never a protected chunk)."""
    kept = set(plan.kept[case.id])
    ranks = [i for i, cid in enumerate(order) if cid in kept]
    if not ranks:
        return
    above = [cid for cid in order[: ranks[-1] + 1] if cid not in plan.remove]
    excess = len(above) - depth
    if excess <= 0:
        return
    own_noise = {c.chunk_id for c in case.contexts if c.role == "noise" and c.chunk_id}
    droppable = [cid for cid in above if cid not in protected]
    # The lowest-ranked go first, the case's own distractors last.
    droppable.sort(key=lambda cid: (cid in own_noise, -above.index(cid)))
    for cid in droppable[:excess]:
        plan.remove.add(cid)
        plan.promoted += 1
