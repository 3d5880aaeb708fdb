"""English refusal phrases of the default rules, compiled from the lexicon (lexicon.en.refusals and .declining).

Whether a phrase refuses the question, or only a side detail before an answer, is decided in refusal.py.
"""

from __future__ import annotations

from ragstress.scoring.lexicon.en import declining, refusals
from ragstress.scoring.metrics.rules_base import NamedPattern, compile_phrases

REFUSAL = compile_phrases((*refusals.REFUSAL, *declining.DECLINES))
DECLINES_THE_QUESTION = NamedPattern.of(declining.DECLINES_THE_QUESTION)
