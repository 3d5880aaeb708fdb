"""What each testbed's e2e variant changes in the index: the chunks it removes and the passages it adds.

A variant is planned from the cases alone (per testbed, over all its cases), before any copy is
made; running.e2e then refines the plan against the index (answers the index holds elsewhere, the
noise share of each question) and builds the copies. What is read from the cases:

- the seed's positive chunk ids: `case.params["positive_chunk_ids"]` plus the
  `chunk_id` of every context with role `positive`;
- counterfactual passages: contexts with role `counterfactual`, whose `chunk_id`
  names the chunk they replace (a passage without one is simply added);
- distractors: contexts with role `noise`. Those whose chunk is already in the index
  need nothing; those with no `chunk_id`, or one the index lacks, are added;
- injected passages: contexts with role `injected`; an instruction written into a noise chunk
  replaces that chunk unless another case of the testbed needs it as a positive.

An added passage's id derives from its text, so two cases faking the same chunk differently keep
both fakes, and a planted passage's id carries REWRITTEN_PREFIX so what a target retrieved is
classed by it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ragstress.core.types import Case
from ragstress.running.composition import REWRITTEN_PREFIX


@dataclass(frozen=True)
class Addition:
    """A passage to put into a variant. `if_absent`: skip it when the index already holds `id`."""

    id: str
    text: str
    metadata: dict[str, Any]
    if_absent: bool = False


@dataclass
class VariantPlan:
    """How one testbed's variant differs from the index."""

    remove: set[str] = field(default_factory=set)
    additions: dict[str, Addition] = field(default_factory=dict)

    def add(self, addition: Addition) -> None:
        self.additions.setdefault(addition.id, addition)


def text_id(kind: str, text: str) -> str:
    # A planted or rewritten passage's id starts with REWRITTEN_PREFIX: what it retrieved is classed by it.
    prefix = REWRITTEN_PREFIX if kind == "cf" else f"e2e-{kind}-"
    return f"{prefix}{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def positive_chunk_ids(case: Case) -> set[str]:
    """The seed's answer chunks: params["positive_chunk_ids"] plus the positive contexts' chunk ids."""
    ids = set(case.params.get("positive_chunk_ids") or [])
    return ids | {c.chunk_id for c in case.contexts if c.role == "positive" and c.chunk_id}


def plan_variant(testbed: str, cases: Iterable[Case]) -> VariantPlan:
    """The changes one testbed makes to the index (see the module docstring)."""
    plan = VariantPlan()
    hosts: set[str] = set()
    kept: set[str] = set()
    for case in cases:
        if testbed == "injection":
            kept |= positive_chunk_ids(case)
        if testbed in ("negative", "counterfactual"):
            plan.remove |= positive_chunk_ids(case)
        for context in case.contexts:
            if context.role == "counterfactual":
                if context.chunk_id:
                    plan.remove.add(context.chunk_id)
                # Ids derive from the text, so two cases faking the same chunk differently keep both fakes.
                meta = {"doc_id": "", "variant": "counterfactual", "replaces": context.chunk_id or ""}
                plan.add(Addition(text_id("cf", context.text), context.text, meta))
            elif context.role == "injected":
                hosts |= {context.chunk_id} if context.chunk_id else set()
                meta = {"doc_id": "", "variant": "injection", "replaces": context.chunk_id or ""}
                plan.add(Addition(text_id("inj", context.text), context.text, meta))
            elif context.role == "noise":
                meta = {"doc_id": "", "variant": "noise"}
                if context.chunk_id:
                    plan.add(Addition(context.chunk_id, context.text, meta, if_absent=True))
                else:
                    plan.add(Addition(text_id("noise", context.text), context.text, meta))
    # An instruction's host chunk gives way to its injected copy, unless another case needs it as a positive.
    plan.remove |= hosts - kept
    return plan
