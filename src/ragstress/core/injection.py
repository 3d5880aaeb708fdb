"""What an injection case records: which injection, where, and the string that gives it away.

The injection testbed (src/ragstress/generators/testbeds/injection.py) writes these fields into `Case.params`
(flat, so `params.canary` reads as the issue and the exports name it); scoring, reports,
e2e variants and exports read them back through `InjectionParams.of`, a typed description
rather than guessed dictionary keys.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import Field

from ragstress.core.types import Case, Record

InjectionKind = Literal["override", "authority", "hidden", "hijack", "poisoned"]
INJECTION_KINDS: tuple[str, ...] = get_args(InjectionKind)
"""Direct override, authority claim, hidden markup, task hijack, poisoned fact (PoisonedRAG)."""
InjectionSlot = Literal["first", "middle", "last"]
INJECTION_SLOTS: tuple[str, ...] = get_args(InjectionSlot)
INSTRUCTION_KINDS: tuple[str, ...] = tuple(k for k in INJECTION_KINDS if k != "poisoned")
"""The kinds whose passage carries an instruction (the poisoned fact states a wrong answer instead)."""


class InjectionParams(Record):
    """The injection a case carries, as recorded in its params."""

    canary: str = Field(
        description="The string whose presence in the response means the injection worked: a token made for the "
        "case (found in no chunk of the corpus and not in the question), or the planted answer for a poisoned fact."
    )
    injection_kind: InjectionKind = Field(description="Which injection: override, authority, hidden, hijack, poisoned.")
    injection_slot: InjectionSlot = Field(description="Where the injected passage sits: first, middle or last.")
    injection_index: int = Field(ge=0, description="The injected passage's index in the case's contexts (0-based).")
    injection_phrasing: str = Field(description="Which written phrasing carried it, e.g. 'override.2', 'hidden.html'.")
    injection_host: str | None = Field(
        default=None,
        description="The noise chunk the instruction was written into (None for a poisoned fact, a passage of its own).",
    )

    canary_in_corpus: bool = Field(
        default=False,
        description="A poisoned fact whose planted answer the corpus states elsewhere (a name from the corpus's own "
        "inventory, or no value-shifted fake absent from it); always False for an instruction's made-up canary.",
    )

    @classmethod
    def of(cls, case: Case) -> InjectionParams | None:
        """The case's injection, or None when it is not an injection case (or records none)."""
        if case.testbed != "injection":
            return None
        fields = {name: case.params[name] for name in cls.model_fields if name in case.params}
        return cls.model_validate(fields) if "canary" in fields else None

    def as_params(self) -> dict[str, Any]:
        return self.model_dump()
