"""English patterns of the default rules, compiled from the lexicon (lexicon.en.roles), one per way of saying a thing.

Patterns match normalised text (matching.normalise: NFKC, case-folded, curly quotes
made straight), so they are written lower-case and half-width. The engine in rules.py
decides scope and negation; a pattern only says what a phrase looks like.
"""

from __future__ import annotations

from ragstress.scoring.lexicon.en import roles, sources
from ragstress.scoring.metrics.rules_base import NamedPattern, compile_phrases

_SOURCES = sources.SOURCES.alternation
"""The words a response uses for the passages it was given (lexicon.en.sources)."""

SOURCE_WORDS = rf"\b{_SOURCES}\b"
"""A sentence that names the sources keeps its flag even when it also mentions popular belief."""

DISPUTE_BEFORE = NamedPattern.of(roles.DISPUTE_BEFORE)
ATTRIBUTED = NamedPattern.of(roles.ATTRIBUTED)
HEARSAY = NamedPattern.of(roles.HEARSAY)
OTHER_ROLE_BEFORE = NamedPattern.of(roles.OTHER_ROLE_BEFORE)
DOUBT = NamedPattern.of(roles.DOUBT)
RIVAL_BEFORE = NamedPattern.of(roles.RIVAL_BEFORE)
DEMOTED = NamedPattern.of(roles.DEMOTED)
PEER = NamedPattern.of(roles.PEER)
APPROXIMATE = NamedPattern.of(roles.APPROXIMATE)
SURNAME = NamedPattern.of(roles.SURNAME)
DISPUTE_AFTER = compile_phrases(roles.DISPUTE_AFTER)
HEARSAY_AFTER = roles.HEARSAY_AFTER.regex
RIVAL_AFTER = roles.RIVAL_AFTER.regex
APPROXIMATE_AFTER = roles.APPROXIMATE_AFTER.regex
CLAUSE_BREAK = roles.CLAUSE_BREAK.regex
OTHER_ROLE_AROUND = roles.OTHER_ROLE_AROUND
