"""The role patterns of the default rules, compiled from each language's lexicon (lexicon.{en,zh}.roles) one way.

A role pattern says what a phrase around a mention looks like: a dispute before or after it, hearsay, a rival, a
lesser role, an approximation. Both languages' lexicons define the same roles, so one table (`RolePatterns`) binds
them to the rules and is built once per language (`EN`, `ZH`); the engine in rules.py decides scope and negation.
Patterns match normalised text (matching.normalise: NFKC, case-folded, full-width punctuation made half-width,
spaces next to CJK characters removed), so the lexicon writes them lower-case and half-width.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from ragstress.scoring.lexicon.en import roles as en_roles
from ragstress.scoring.lexicon.en import sources as en_sources
from ragstress.scoring.lexicon.zh import roles as zh_roles
from ragstress.scoring.lexicon.zh import sources as zh_sources
from ragstress.scoring.metrics.rules_base import NamedPattern, compile_phrases


@dataclass(frozen=True)
class RolePatterns:
    """One language's role patterns, named as the lexicon's roles module names its phrases.

    `source_words` is the regular expression of the core words for the sources (a sentence that names them keeps
    its error flag even when it also mentions popular belief); the `*_after` fields are plain regular expressions
    searched in the text right after a mention; `peer_after` is None in a language whose peers need nothing after
    them; `other_role_around` is the (before, after) pair that marks a number naming something else."""

    source_words: str
    dispute_before: NamedPattern
    dispute_after: tuple[NamedPattern, ...]
    attributed: NamedPattern
    hearsay: NamedPattern
    hearsay_after: str
    other_role_before: NamedPattern
    other_role_around: tuple[str, str]
    doubt: NamedPattern
    rival_before: NamedPattern
    rival_after: str
    demoted: NamedPattern
    peer: NamedPattern
    peer_after: str | None
    approximate: NamedPattern
    approximate_after: str
    surname: NamedPattern
    clause_break: str

    @classmethod
    def of(cls, roles: ModuleType, source_words: str) -> RolePatterns:
        """The table of a lexicon roles module, each phrase compiled once."""
        peer_after = getattr(roles, "PEER_AFTER", None)
        return cls(
            source_words=source_words,
            dispute_before=NamedPattern.of(roles.DISPUTE_BEFORE),
            dispute_after=compile_phrases(roles.DISPUTE_AFTER),
            attributed=NamedPattern.of(roles.ATTRIBUTED),
            hearsay=NamedPattern.of(roles.HEARSAY),
            hearsay_after=roles.HEARSAY_AFTER.regex,
            other_role_before=NamedPattern.of(roles.OTHER_ROLE_BEFORE),
            other_role_around=roles.OTHER_ROLE_AROUND,
            doubt=NamedPattern.of(roles.DOUBT),
            rival_before=NamedPattern.of(roles.RIVAL_BEFORE),
            rival_after=roles.RIVAL_AFTER.regex,
            demoted=NamedPattern.of(roles.DEMOTED),
            peer=NamedPattern.of(roles.PEER),
            peer_after=peer_after.regex if peer_after is not None else None,
            approximate=NamedPattern.of(roles.APPROXIMATE),
            approximate_after=roles.APPROXIMATE_AFTER.regex,
            surname=NamedPattern.of(roles.SURNAME),
            clause_break=roles.CLAUSE_BREAK.regex,
        )


EN = RolePatterns.of(en_roles, rf"\b{en_sources.SOURCES.alternation}\b")
ZH = RolePatterns.of(zh_roles, zh_sources.SOURCES.alternation)
LANGUAGES = (EN, ZH)
"""Both tables, in the order the rules try them: English, then Chinese."""
