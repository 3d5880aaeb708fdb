"""What e2e variants do to the chunks of the index that bear a case's answer, and which variant a case uses.

A case's own passages name only some of the chunks that hold its answer; a real
corpus often states a fact in several places. Each variant therefore scans every
chunk of the index (alias match plus the numeric/date check of
`src/ragstress/values/restated.py`) and:

- negative: removes every chunk holding the answer of any negative case, so the
  target cannot find it however it retrieves;
- counterfactual: rewrites every chunk holding a counterfactual case's answer with
  the planted one (the case's `fake_replacements`, else each true alias -> the fake's
  first alias); a chunk that still shows the truth after rewriting, or that would hold a
  date no calendar has, is removed;
- noise: one variant per noise ratio (`noise@0.8`), arranged by `e2e_noise.py` so
  that a case's top-k holds its labelled share of noise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ragstress.core.types import Case
from ragstress.values.forms import impossible_dates
from ragstress.values.restated import restates_any_answer
from ragstress.values.spans import contains_alias, contains_any_answer, replace_aliases

UNCHANGED = ("integration", "style")
"""Testbeds whose variants retrieve from the index itself."""
PLACED_BY_TESTBED = ("conflict", "position")
"""Testbeds whose passages are placed by the case, not retrieved: contexts mode only."""


class E2EError(ValueError):
    """A test set e2e mode cannot run, with the reason."""


def refuse_placed(cases: Iterable[Case]) -> None:
    """E2EError when `cases` hold a testbed whose passages the case places (conflict, position)."""
    placed = sorted({c.testbed for c in cases if c.testbed in PLACED_BY_TESTBED})
    if placed:
        raise E2EError(
            f"e2e mode cannot run the {', '.join(placed)} testbed: it places its passages itself, which the "
            "target's own retrieval would undo; run it in contexts mode"
        )


RATIO_VARIANTS = ("noise", "integration")
"""Testbeds whose cases are held to a noise ratio: one variant (and retriever) per ratio."""


def variant_key(case: Case) -> str:
    """The variant a case retrieves from: its testbed, `noise@<ratio>` / `integration@<ratio>`, or
    `injection@<kind>` for injection cases (a seed's kinds share its question, so each kind's passage
    needs a variant of its own)."""
    if case.testbed == "injection":
        return f"injection@{case.params.get('injection_kind')}"
    if case.testbed in RATIO_VARIANTS:
        ratio = case.params.get("noise_ratio")
        return f"{case.testbed}@{ratio:g}" if isinstance(ratio, (int, float)) else case.testbed
    return case.testbed


def bears_answer(text: str, answers: list[list[str]]) -> bool:
    """True when the text holds an alias of a fact, or restates its number or date."""
    return bool(answers) and (contains_any_answer(text, answers) or restates_any_answer(text, answers) is not None)


def _replacements(case: Case) -> dict[str, str]:
    recorded = case.params.get("fake_replacements")
    if isinstance(recorded, dict) and recorded:
        return {str(k): str(v) for k, v in recorded.items()}
    fake = case.fake_answer or []
    true = case.answers[0] if case.answers else []
    return {alias: fake[min(i, len(fake) - 1)] for i, alias in enumerate(true)} if fake else {}


def rewrite_with_fake(text: str, case: Case) -> str | None:
    """The chunk with the case's true answer replaced by its planted one; None if the truth still shows
    or a date would not exist."""
    replacements = _replacements(case)
    if not replacements:
        return None
    rewritten = replace_aliases(text, replacements)
    if contains_alias(rewritten, case.answers[0]) or restates_any_answer(rewritten, case.answers) is not None:
        return None
    # A bare number alias ("24") replaced inside a date may make one no calendar has ("2月37日").
    return None if impossible_dates(rewritten) - impossible_dates(text) else rewritten


def store_changes(key: str, cases: Iterable[Case], texts: Mapping[str, str]) -> tuple[set[str], dict[str, str]]:
    """(chunk ids to remove, {chunk id: rewritten text}) for the negative or counterfactual variant.

    Chunks a case already replaces with its own counterfactual passage are left to that passage.
    """
    cases = list(cases)
    remove: set[str] = set()
    rewritten: dict[str, str] = {}
    if key == "negative":
        remove = {cid for cid, text in texts.items() if any(bears_answer(text, c.answers) for c in cases)}
    elif key == "counterfactual":
        replaced = {c.chunk_id for case in cases for c in case.contexts if c.role == "counterfactual"}
        for cid, text in texts.items():
            if cid in replaced:
                continue
            current = text
            for case in cases:
                if current is not None and bears_answer(current, case.answers):
                    current = rewrite_with_fake(current, case)
            if current is None:
                remove.add(cid)
            elif current != text:
                rewritten[cid] = current
    return remove, rewritten
