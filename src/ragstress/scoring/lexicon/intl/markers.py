"""The short words that tell a third language written in Latin letters from English: articles, prepositions,
conjunctions and copulas, which nearly every sentence holds and which English does not spell the same way.

`scoring.metrics.response_language` counts them to see that a response is mostly written in French, German,
Spanish, Portuguese or Italian, where the rules know only set phrases (refusals, flags, disagreement) and
cannot read an answer written in other words. A word two of these languages share stands in both lists;
which of them a response is in matters less than that it is not English. Words English spells the same way
('a', 'as', 'no', 'on', 'die', 'do', 'per') are left out, so an English response naming 'Charles de Gaulle' or 'Die Hard'
does not read as foreign. `ENGLISH` holds the English words the count weighs them against; `SCRIPTS` the other scripts a response
may be written in.
"""

from __future__ import annotations

FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "French": frozenset(
        "le la les des du au aux est sont une dans avec pour pas et ont été sur selon mais qui que cette ces".split()
    ),
    "German": frozenset(
        "der das den dem des ist sind und nicht mit durch ein eine einen auf von wurde wurden für im zum zur".split()
    ),
    "Spanish": frozenset("el los las del una por con fue son y es está como pero sus según entre".split()),
    "Portuguese": frozenset("os da dos das não são uma com foi em é pelo pela na mas segundo".split()),
    "Italian": frozenset("il gli della delle dei è sono non con una di nel nella fu che secondo".split()),
}

ENGLISH: frozenset[str] = frozenset(
    "the is are was were of and in to it not by with from at for this that which has have be an".split()
)

# Scripts that are neither English nor Chinese, each named by the language a response in it is most likely in,
# with what one of its characters weighs against a Han character and the share of the weighed text it must reach:
# Japanese writes its particles and endings in hiragana between Han, so a fifth is already Japanese (a brand name
# in Chinese is written in katakana, which is not counted);
# Cyrillic letters weigh as Latin ones, about four to a Han character.
SCRIPTS = (
    ("Japanese", "\u3040", "\u309f", 1.0, 0.2),
    ("Korean", "\uac00", "\ud7af", 1.0, 0.5),
    ("Russian", "\u0400", "\u04ff", 0.25, 0.5),
)


EXAMPLES: dict[str, str] = {
    "French": "Selon le passage, la tour a été achevée en 1889 et elle est à Paris.",
    "German": "Die Brücke wurde 1932 eröffnet und ist aus Stahl.",
    "Spanish": "El puente fue inaugurado en 1932 y es de acero.",
    "Portuguese": "A ponte foi inaugurada em 1932 e não é de madeira.",
    "Italian": "Il ponte è stato inaugurato nel 1932 ed è di acciaio.",
}
"""A sentence in each language that must read as that language (tests/unit/test_response_language.py)."""
