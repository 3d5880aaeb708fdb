"""Refusal phrases in third languages, compiled from the lexicon (lexicon.intl.refusals): one pattern per language."""

from __future__ import annotations

from ragstress.scoring.lexicon.intl import refusals
from ragstress.scoring.metrics.rules_base import compile_phrases

REFUSAL = compile_phrases(refusals.REFUSAL)
