"""'People often believe' in French, Spanish, German, Portuguese and Italian (compiled by scoring.metrics.beliefs)."""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase

OTHER_BEFORE = Phrase(
    "other.belief",
    r"(?:on (?:croit|dit|pense) (?:souvent|généralement|parfois)|beaucoup (?:de gens )?(?:croient|pensent|disent)"
    r"|se (?:suele|cree|dice) (?:decir|creer)?|mucha gente (?:cree|piensa|dice)|man (?:sagt|glaubt|denkt) (?:oft|häufig)?"
    r"|viele (?:glauben|denken|sagen)|muitos (?:acham|dizem|pensam)|costuma-se dizer|molti (?:pensano|credono|dicono)"
    r"|si (?:dice|crede) spesso)[^,;.]{0,30}$",
    "The common forms of 'people often believe' in French, Spanish, German, Portuguese and Italian.",
    examples=("on croit souvent que c'est ⟨Paris⟩", "se suele decir que fue ⟨1890⟩", "man sagt oft ⟨1890⟩"),
    reads="before",
)
