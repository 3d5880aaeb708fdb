"""What a target retrieved in e2e mode, passage by passage: positive, noise or counterfactual.

A passage is classified against its case: `injected` when it is an injection case's injected
passage; `counterfactual` when the case plants an answer and the passage is one the planting made
(one of the case's planted passages, a chunk the variant rewrote, or any text stating the planted
answer), even when a word of the true answer survives in it ("five" elsewhere in a rewritten
sentence); else `positive` when it holds the answer (an alias, or its number or date restated, as
the variants find answer-bearing chunks); `noise` otherwise. The shares say what the target really
had to work with, beside the noise ratio the case is labelled with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from statistics import fmean
from typing import Any

from ragstress.core.types import Case, ContextRole, Retrieved, TargetResponse
from ragstress.running.e2e_answers import bears_answer, variant_key
from ragstress.values.spans import contains_alias

ROLES: tuple[ContextRole, ...] = ("positive", "noise", "counterfactual")


def _is_injected(text: str, case: Case) -> bool:
    """The passage is the injection case's injected one: its very text, or a copy holding its canary."""
    injected = [c.text.strip() for c in case.contexts if c.role == "injected"]
    if not injected:
        return False
    canary = case.params.get("canary")
    instruction = case.params.get("injection_kind") != "poisoned"
    return text.strip() in injected or (instruction and isinstance(canary, str) and canary in text)


REWRITTEN_PREFIX = "e2e-cf-"
"""The id prefix of the passages an e2e counterfactual variant planted or rewrote (see running.e2e)."""


def passage_role(text: str, case: Case, chunk_id: str | None = None) -> ContextRole:
    """The role `text` (with its chunk id, when known) plays for `case` (see the module docstring)."""
    if case.testbed == "injection" and _is_injected(text, case):
        return "injected"
    if case.fake_answer and (
        (chunk_id or "").startswith(REWRITTEN_PREFIX)
        or any(c.role == "counterfactual" and c.text == text for c in case.contexts)
        or contains_alias(text, case.fake_answer)
    ):
        return "counterfactual"
    return "positive" if bears_answer(text, case.answers) else "noise"


def compose(case: Case, texts: list[str], chunk_id_of: Callable[[str], str | None] | None = None) -> Retrieved:
    """The composition of the passages `texts` that a target returned for `case`."""
    ids = [chunk_id_of(text) if chunk_id_of is not None else None for text in texts]
    roles = [passage_role(text, case, cid) for text, cid in zip(texts, ids)]
    shares = {role: (roles.count(role) / len(roles) if roles else None) for role in ROLES}
    if case.testbed == "injection":
        shares["injected"] = roles.count("injected") / len(roles) if roles else None
    return Retrieved(chunk_ids=ids, roles=roles, **shares)


def with_composition(
    response: TargetResponse, case: Case, chunk_id_of: Callable[[str], str | None] | None = None
) -> TargetResponse:
    """`response` with `retrieved` filled in when the target returned its contexts (else unchanged)."""
    if response.contexts is None or response.error is not None:
        return response
    return response.model_copy(update={"retrieved": compose(case, response.contexts, chunk_id_of)})


def retrieve_compositions(retriever_for: Callable[[str], Any], cases: Iterable[Case]) -> dict[str, Retrieved]:
    """Each case's question put to its variant's retriever, and what came back: a check of the variants alone."""
    found = {}
    for case in cases:
        documents = retriever_for(variant_key(case)).invoke(case.question)
        found[case.id] = compose(case, [d.page_content for d in documents])
    return found


def mean_shares(
    cases: Iterable[Case], retrieved: Mapping[str, Retrieved | None], key: Callable[[Case], str] = variant_key
) -> dict[str, dict[str, float | int | None]]:
    """Per group (by default the variant, e.g. `noise@0.8`): cases, cases with contexts, and mean share per role."""
    groups: dict[str, list[Retrieved | None]] = {}
    for case in cases:
        groups.setdefault(key(case), []).append(retrieved.get(case.id))
    out: dict[str, dict[str, float | int | None]] = {}
    for name, items in sorted(groups.items()):
        known = [r for r in items if r is not None and r.noise is not None]
        row: dict[str, float | int | None] = {"n_cases": len(items), "n_with_contexts": len(known)}
        for role in ROLES:
            row[role] = round(fmean(getattr(r, role) for r in known), 4) if known else None
        out[name] = row
    return out
