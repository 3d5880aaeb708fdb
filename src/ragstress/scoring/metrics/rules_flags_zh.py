"""Chinese error flags of the default rules, compiled from the lexicon (lexicon.zh.flags).

The engine in rules.py decides scope: a negation before a flag in its clause (NEGATOR) undoes it, and a flag in a
sentence about popular belief (POPULAR_BELIEF) disputes the belief, not the sources.
"""

from __future__ import annotations

from ragstress.scoring.lexicon.zh import flags
from ragstress.scoring.metrics.rules_base import NamedPattern, compile_phrases

ERROR_FLAG = compile_phrases(flags.ERROR_FLAG)
DOUBTS = NamedPattern.of(flags.DOUBTS)
NEGATOR = NamedPattern.of(flags.NEGATOR)
POPULAR_BELIEF = NamedPattern.of(flags.POPULAR_BELIEF)
