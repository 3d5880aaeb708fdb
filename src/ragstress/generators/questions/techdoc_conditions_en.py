"""An option described by what holds once it is given: "If set, the backend service is global."

Many flags are described by a condition and its consequence: "If specified, the function will be
retried in case of a failure", "When set, starts the rollout at the given phase", "If enabled, this
command will use Cloud Functions". The condition is the option being given, so a question reads past
it and asks for the consequence:

- a consequence with a subject of its own is asked as what the option makes that subject do or be
  ("makes the backend service global", "makes the command use Cloud Functions"), or, in the passive,
  what it causes ("causes the function to be retried in case of a failure");
- one without ("starts the rollout …") is an ordinary description, read as any other;
- a further condition joined to the first ("If set, and the node pool is not found, the request will
  succeed") is kept, after the consequence: "makes the request succeed when the node pool is not found".

A condition on the option being absent or off ("If not specified", "If unspecified", "If false", "If
disabled") says what happens without it, and leaves the description unread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ragstress.generators.questions.english_parse import english_pipeline

_GIVEN = re.compile(
    r"(?:If|When|Once)\s+(?:(?:this|the)\s+(?:flag|option)\s+is\s+)?"
    r"(?:specified|set|given|provided|present|enabled|used|true|passed|supplied)\s*,\s*"
    r"(?:and\s+(?P<also>[^,]{3,80}?),\s*)?(?:then\s+)?"
)
# Auxiliaries a consequence may carry before its verb: "will be retried", "is global", "can be read".
_AUXILIARY = ("aux", "auxpass", "advmod")


@dataclass(frozen=True)
class Given:
    """A description read past the condition that the option is given."""

    consequence: str  # what follows the condition, first letter as written
    also: str | None  # a further condition joined to it ("and the node pool is not found")


def past_condition(sentence: str) -> Given | None:
    """The consequence of a description opening with the option being given ("If set, …"), or None."""
    m = _GIVEN.match(sentence)
    if m is None:
        return None
    rest = sentence[m.end() :].strip()
    # "… will succeed but no action will be taken": what the option does ends where its contrast begins.
    rest = re.split(r",?\s+but\s+", rest, maxsplit=1)[0]
    return Given(rest, m["also"]) if rest else None


def consequence_predicate(clause: str, also: str | None = None) -> str | None:
    """What an option does, said of a consequence with its own subject (see the module docstring), or None
    when the clause has no subject of its own, is negated, or its subject points at the page ("this flag")."""
    doc = english_pipeline()(clause)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ not in ("VERB", "AUX"):
        return None
    subjects = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(subjects) != 1 or subjects[0].left_edge.i != 0 or any(c.dep_ == "neg" for c in root.children):
        return None
    subject = doc[: subjects[0].right_edge.i + 1].text
    # "this command" is the page's own; "this flag", "this value" point at a text the question does not show.
    subject = re.sub(r"^[Tt]his (?=command\b)", "the ", subject)
    if re.search(r"\b(?:this|these|it|they)\b", subject, re.I):
        return None
    between = doc[subjects[0].right_edge.i + 1 : root.i]
    if any(t.dep_ not in _AUXILIARY for t in between):
        return None
    rest = doc[root.i + 1 :].text if root.i + 1 < len(doc) else ""
    passive = any(c.dep_ == "auxpass" for c in root.children)
    if root.lemma_ == "be" and not passive:
        if not any(c.dep_ in ("acomp", "attr") for c in root.children):
            return None  # "the request is in progress": no state the option puts it in
        said = f"makes {subject} {rest}"
    elif passive:
        said = f"causes {subject} to be {root.text} {rest}"
    else:
        said = f"makes {subject} {root.lemma_} {rest}"
    said = re.sub(r"\s+", " ", said).strip()
    return f"{said} when {_lowered_start(also)}" if also else said


def _lowered_start(clause: str) -> str:
    """ "The node pool is not found" → "the node pool is not found"; "VMware …" keeps its capital."""
    first = clause.split(" ", 1)[0]
    return clause if re.search(r"[A-Z]", first[1:]) else clause[:1].lower() + clause[1:]
