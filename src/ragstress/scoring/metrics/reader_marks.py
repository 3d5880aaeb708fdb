"""What the rules read of a response, in the form the learned reader takes it: the one place that calls them.

The learned reader (`ragstress.scoring.reader`) sees a response's character n-grams, its question, and these
marks: the value the response concludes with, the role of each mention of a required fact and of the planted
value, whether the rules find a refusal, an error flag, a hedge or an undecided list of candidates, and on a
conflict case whether the rule reads the conflict as acknowledged (and by which family, or which denial). The marks
are names, not verdicts of a metric: the reader learns how far each one counts for each label.

The weak zones are the places where the rules are known to misread and a confident reader may decide a verdict
the rules leave uncertain (`certainty.with_certainty`): accuracy when the response hedges or names the fact as one
candidate among others, and whether a conflict is acknowledged (writers differ on it, and so do the rules).

Every rule function the reader reads is called here, so a change to how the rules read a response changes
this module and nothing in the reader.
"""

from __future__ import annotations

from collections.abc import Sequence

from ragstress.scoring.metrics import candidates, conclusion, conflict_rules, refusal, rules
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.reading import Reading

WEAK_LABELS = ("correct", "acknowledges_conflict")
"""The labels whose rules have a weak zone."""


def marks(
    reading: Reading, answers: Sequence[Sequence[str]], fake: Sequence[str] | None, question: str, testbed: str
) -> tuple[str, ...]:
    """The rules' reading of a response as named marks (each a feature of the reader)."""
    fake = tuple(fake or ())
    found = [f"testbed={testbed}"]
    # Which value is concluded, and an error flag, are read where a planted value stands beside the truth
    # (counterfactual and conflict cases): elsewhere there is one value to conclude and no error to flag, and
    # reading them on every response cost a third of the scoring time.
    if fake:
        found += _conclusion(reading, answers, fake, question)
        if testbed == "conflict":
            found += _acknowledged(reading, answers, fake, question)
        flag = rules.error_flag(reading)
        found.append(f"flag={flag.value}")
        if flag.hit is not None:
            found.append(f"flag_rule={flag.hit.rule}")
    for side, facts in (("truth", answers), ("fake", [fake] if fake else [])):
        roles = {m.role for aliases in facts for m in rules.mentions(reading, aliases)}
        found += [f"{side}:{role}" for role in sorted(roles)] or [f"{side}:absent"]
    declined = refusal.refusal(reading, answers, fake if testbed == "conflict" else (), question)
    found.append(f"refusal={declined.value}")
    if declined.hit is not None:
        found.append(f"refusal_rule={declined.hit.rule}")
    if declined.uncertain:
        found.append("refusal_mixed")
    if declined.guess is not None:
        found.append("guess")
    found += [name for name, pattern in (("hedge", candidates.HEDGE), ("undecided", candidates.UNDECIDED))
              if pattern.pattern.search(reading.comparable)]  # fmt: skip
    if _candidate(reading, answers):
        found.append("candidate")
    return tuple(found)


def _conclusion(reading: Reading, answers: Sequence[Sequence[str]], fake: tuple[str, ...], question: str) -> list[str]:
    concluded = conclusion.read(reading, answers, fake, question)
    found = [f"concluded={concluded.concluded or 'neither'}"]
    if concluded.hit is not None:
        found.append(f"conclusion={concluded.hit.rule}")
    found += [name for name, on in (("both_given", concluded.both_given), ("split", concluded.split)) if on]
    if concluded.uncertain:
        found.append("conclusion_uncertain")
    return found


def _acknowledged(
    reading: Reading, answers: Sequence[Sequence[str]], fake: tuple[str, ...], question: str
) -> list[str]:
    # Without the rule's own reading the reader judged acknowledgement from n-grams alone and stayed unsure of
    # plain wordings ("the passages disagree only because of that mix-up"): a quarter of the English lines of
    # holdout_m were uncertain though the rule read them right. The family that matched, or the denial that
    # undid it, is the mark, so the reader learns how far each one holds.
    said = conflict_rules.acknowledges_conflict(reading, answers, fake, question)
    found = [f"acknowledged={said.value}"]
    if said.hit is not None:
        found.append(f"acknowledged_{'by' if said.value else 'denied_by'}={said.hit.rule}")
    if said.uncertain:
        found.append("acknowledged_uncertain")
    return found


def weak_zone(label: str, reading: Reading, answers: Sequence[Sequence[str]]) -> str | None:
    """Why the rule for `label` is in a zone where it is known to be weak on the response read, else None."""
    if label == "acknowledges_conflict":
        return "whether a conflict is acknowledged (writers and rules differ on it)"
    if label != "correct":
        return None
    if hit := _candidate(reading, answers):
        return f"the response names a candidate ({hit.span!r})"
    for pattern in (candidates.UNDECIDED, candidates.HEDGE):
        if found := pattern.pattern.search(reading.comparable):
            return f"the response hedges ({found[0]!r})"
    return None


def _candidate(reading: Reading, answers: Sequence[Sequence[str]]) -> Hit | None:
    return next((hit for aliases in answers if (hit := candidates.only_candidate(reading, aliases, answers))), None)
