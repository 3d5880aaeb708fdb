"""English error flags of the default rules, compiled from the lexicon (lexicon.en.flags and .flag_corrections).

The engine in rules.py decides scope: a negation before a flag in its clause (NEGATOR, NEGATED_FRAME) undoes it, and
a flag in a sentence about popular belief (POPULAR_BELIEF) disputes the belief, not the sources.
"""

from __future__ import annotations

from ragstress.scoring.lexicon.en import flag_corrections, flags, sources
from ragstress.scoring.metrics.rules_base import NamedPattern, compile_phrases

_SOURCES = sources.SOURCES_IN_FLAGS.alternation
"""The words for the passages in a flag (lexicon.en.sources.SOURCES_IN_FLAGS), read by tests of the source words."""

ERROR_FLAG = compile_phrases((*flags.ERROR_FLAG, *flag_corrections.ERROR_FLAG))
NEGATOR = NamedPattern.of(flags.NEGATOR)
NEGATED_FRAME = NamedPattern.of(flags.NEGATED_FRAME)
POPULAR_BELIEF = NamedPattern.of(flags.POPULAR_BELIEF)
