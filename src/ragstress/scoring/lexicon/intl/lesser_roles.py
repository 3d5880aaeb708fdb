"""A mention named only in a lesser role, right after it ("only as the director", 仅以顾问身份出现, "seulement comme
producteur"): one phrase for English, Chinese, French, Spanish, German, Portuguese and Italian, kept whole because its
name is cited in explanations (compiled by scoring.metrics.lesser_roles).
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase

ONLY_AS = Phrase(
    "roles.only_as",
    r"^(?:'s)?\s*,?\s*(?:but\s+)?(?:(?:is|are|was|were|gets|get)\s+)?(?:(?:mentioned|named|listed|cited|described|"
    r"identified|credited|given|shown|referred to|introduced|appears?|appearing|featured?|included|present)\s+)?"
    r"(?:only|merely|solely|just|simply)\s+(?:as(?! of\b| well\b| long\b| soon\b)|in (?:the|a|an|his|her|their) (?:role|capacity) of)\b"
    r"|^\s*(?:的)?(?:只|仅|仅仅|只是|仅是)(?:作为|以|是以|在)[^，,。；;]{0,12}(?:出现|被提及|被提到|身份|的身份|提到)"
    r"|^\s*,?\s*(?:(?:est |sont |apparaît |figure )?(?:mentionnée?s? |citée?s? )?(?:seulement|uniquement|simplement) "
    r"(?:comme|en tant que)|(?:aparece |es mencionad[oa] |figura )?(?:solo|solamente|únicamente) como|(?:wird |ist )?"
    r"(?:nur|lediglich) als|(?:aparece |é mencionad[oa] )?(?:apenas|somente) como|(?:compare |è citat[oa] )?"
    r"(?:solo|soltanto|solamente) come)\b",
    "The mention is given only a lesser role right after it: 'X only as the director of another film', 'X appears "
    "only as the 1974 recipient', 'X仅以顾问身份出现', 'X seulement comme producteur'.",
    examples=(
        "the documents mention ⟨Bong Joon-ho⟩ only as the director of Snowpiercer",
        "⟨Ruth Amado⟩ appears only as the 1974 recipient",
        "⟨Oluwaseun Bello⟩, but only as chair of the panel",
        "⟨林慧芳⟩仅以顾问身份出现",
        "⟨X⟩ mentionné seulement comme producteur",
    ),
    near_misses=("⟨1889⟩ only as of last year",),
    reads="after",
)
