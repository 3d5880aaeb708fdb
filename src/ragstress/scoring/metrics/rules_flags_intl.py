"""Error flags in a third language, compiled from the lexicon (lexicon.intl.flags); rules.py applies NEGATOR before a
flag in its clause as for English."""

from __future__ import annotations

from ragstress.scoring.lexicon.intl import flags
from ragstress.scoring.metrics.rules_base import NamedPattern, compile_phrases

ERROR_FLAG = compile_phrases(flags.ERROR_FLAG)
NEGATOR = NamedPattern.of(flags.NEGATOR)
