"""Targets for the Ray executor's tests: deterministic answers, and one that kills its own process once."""

from __future__ import annotations

import os
from pathlib import Path


def recites(request):
    """Answers with its passages (or a refusal without any): the same answer wherever it runs."""
    return " ".join(request.contexts or []) or "I cannot answer from what I was given."


def dies_once(request):
    """Like `recites`, but the first call for the case named in `die_on` ends its process.

    Both files live in the folder RAGSTRESS_TEST_MARKER names (shared by the nodes, on one machine):
    `die_on` holds the case id, and `died` records that it died, so the case asked again elsewhere answers.
    """
    folder = Path(os.environ["RAGSTRESS_TEST_MARKER"])
    marker = folder / "died"
    victim = (folder / "die_on").read_text(encoding="utf-8").strip()
    if request.case_id == victim and request.probe == "case" and not marker.exists():
        marker.write_text(str(os.getpid()), encoding="utf-8")
        os._exit(1)  # the actor's process dies mid-call, as a crashed or preempted worker would
    return recites(request)
