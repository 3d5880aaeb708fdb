"""What each case's question retrieves in e2e mode: exactly as many passages as the case holds, in its shares.

A case built in contexts mode holds n passages, p of them answer-bearing (positive, or
the planted passages of a counterfactual case) and the rest distractors; its noise
ratio is their share. In e2e mode the target retrieves for itself, and a case is held
to the same composition by an `Arrangement` of its question on its variant's retriever:

1. depth: the question retrieves exactly the case's passage count (`passage_count`), so
   a fact stated once, asked at ratio 0, retrieves that one chunk and nothing else;
2. keep: the p answer-bearing chunks the case may see, always among what it retrieves:
   the best-ranked chunks of the base ranking (the embedder the variant's retriever
   uses; the first `window(k)` chunks) that bear the answer, one per required fact first
   (an integration case needs every part), the case's own positives when none ranks in
   the window; a counterfactual case keeps its planted passages;
3. hide: every other chunk of the variant that bears the case's answer (found by alias
   and restated number or date, as everywhere in e2e mode), so the rest of the depth is
   filled by the best-ranked distractors, and the case sees its labelled share of noise.

An arrangement is keyed by the case's question on its own variant's retriever
(`noise@0.8`, `integration@0.4`, ...), so cases of one variant never disturb each
other. A noise variant's store is also thinned for targets that rewrite the question
(which then get the run's top-k): at a ratio above 0 the chunks bearing a case's answer
that no case of the variant keeps are removed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ragstress.core.types import Case
from ragstress.running.e2e_answers import bears_answer

SIGNAL_ROLES = ("positive", "counterfactual")
"""The roles of a case's passages that carry its answer (the true one or the planted one)."""


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


def passage_count(case: Case, top_k: int) -> int:
    """How many passages the case's question retrieves: as many as the case holds (top-k for a case with none)."""
    return len(case.contexts) or top_k


def signal_count(case: Case, top_k: int) -> int:
    """How many answer-bearing passages the case holds (by the ratio when it holds no passages)."""
    if not case.contexts:
        return positives_allowed(case_ratio(case), top_k)
    return sum(c.role in SIGNAL_ROLES for c in case.contexts)


@dataclass(frozen=True)
class Arrangement:
    """What one question retrieves from its variant: `depth` passages, all of `keep` among them, none of `hide`."""

    depth: int
    keep: tuple[str, ...] = ()
    hide: frozenset[str] = frozenset()


@dataclass
class VariantArrangement:
    """A variant's arrangements (by case id) and the chunks its store drops."""

    arranged: dict[str, Arrangement] = field(default_factory=dict)
    remove: set[str] = field(default_factory=set)

    def by_question(self, cases: Iterable[Case]) -> dict[str, Arrangement]:
        """The arrangements keyed by question, as the retriever looks them up (the first case by id wins a tie)."""
        out: dict[str, Arrangement] = {}
        for case in sorted(cases, key=lambda c: c.id):
            if case.id in self.arranged:
                out.setdefault(case.question, self.arranged[case.id])
        return out


def _bears_fact(text: str, fact: list[str]) -> bool:
    return bears_answer(text, [fact])


def choose_positives(case: Case, texts: Mapping[str, str], order: list[str], count: int) -> list[str]:
    """The `count` answer-bearing chunks the case keeps: one per fact first, best-ranked first (see the module doc)."""
    bearing = [cid for cid in order if cid in texts and bears_answer(texts[cid], case.answers)]
    chosen: list[str] = []
    for fact in case.answers:  # every part of an integration case is findable
        if len(chosen) < count:
            chosen += [cid for cid in bearing if cid not in chosen and _bears_fact(texts[cid], fact)][:1]
    chosen += [cid for cid in bearing if cid not in chosen][: max(0, count - len(chosen))]
    if len(chosen) < count:  # nothing (more) in reach: the case's own positives, so its answer stays findable
        own = [c.chunk_id for c in case.contexts if c.role == "positive" and c.chunk_id in texts]
        chosen += [cid for cid in own if cid not in chosen][: count - len(chosen)]
    return chosen


def arrange(
    cases: Iterable[Case],
    texts: Mapping[str, str],
    ranked: Mapping[str, list[str]],
    top_k: int,
    *,
    thin: bool = False,
    planted: Mapping[str, list[str]] | None = None,
) -> VariantArrangement:
    """Arrange one variant's cases (see the module docstring).

    `texts`: every chunk of the variant by id; `ranked[case.id]`: base chunk ids, best first;
    `thin`: drop from the store the answer-bearing chunks no case keeps (noise variants above
    ratio 0); `planted[case.id]`: the ids of a counterfactual case's planted passages, kept
    in place of positives.
    """
    plan = VariantArrangement()
    kept_by_any: set[str] = set()
    for case in sorted(cases, key=lambda c: c.id):
        bearing = {cid for cid, text in texts.items() if bears_answer(text, case.answers)}
        if planted and case.id in planted:
            keep = [cid for cid in planted[case.id] if cid in texts]
        else:
            keep = choose_positives(case, texts, ranked.get(case.id, []), signal_count(case, top_k))
        depth = max(passage_count(case, top_k), len(keep))
        plan.arranged[case.id] = Arrangement(depth, tuple(keep), frozenset(bearing - set(keep)))
        kept_by_any |= set(keep)
        if thin and case_ratio(case) > 0:
            plan.remove |= bearing - set(keep)
    plan.remove -= kept_by_any
    return plan
