"""More ways a response disputes a value it mentions, beside rules_en / rules_zh DISPUTE_BEFORE and DISPUTE_AFTER.

- English: the value called a slip after it ("the 1915 in passage 1 looks like a typo", "npm — I'm fairly sure
  that's a copy-paste slip", "Osaka, but that's not right"), or posed as a question and answered no ("1971? No,
  it was 1969");
- French, Spanish, German, Portuguese, Italian, Russian, Japanese, Korean: a negation before the value in its
  clause ("n'a pas été peinte par Michel-Ange", "no fue Osaka", "nicht Osaka"), "and not" ("et non Dalton", "y no
  Osaka", "und nicht", "e não", "e non", "а не", "ではなく", "가 아니라"), or the value called wrong right after it
  ("Osaka, pero eso no es correcto", "la rate, ce qui est inexact", "Osaka ist falsch").

A value disputed this way is not stated (accuracy) and not asserted (`corrections.asserts_fake`).
"""

from __future__ import annotations

from ragstress.scoring.metrics.rules_base import NamedPattern

_SLIP = (
    r"(?:typo|slip|misprint|mistake|error|mix[- ]?up|confusion|transcription error|copy[- ]?paste (?:error|slip|mistake)|"
    r"copy[- ]?paste slip)"
)

EN_AFTER = (
    NamedPattern(
        "en.called_a_slip",
        r"^[^.;?!]{0,40}?\b(?:looks|seems|appears|sounds) (?:like|to be) (?:a |an )?(?:simple |obvious |clear )?"
        rf"(?:{_SLIP}|wrong|incorrect|off)\b"
        r"|^[^.;?!]{0,40}?\b(?:that's|that is|this is|it's|it is) (?:(?:fairly |very |most |pretty )?(?:probably|likely|"
        r"clearly|surely|certainly|just|simply|definitely|sure) )?(?:a |an )?(?:simple |obvious |clear )?"
        rf"(?:copy[- ]?paste |typographical |transcription )?{_SLIP}\b"
        r"|^\s*,?\s*but (?:that|this|it)(?:'s| is| was) (?:not (?:correct|right|accurate|true)|wrong|incorrect|"
        r"inaccurate|mistaken)\b",
        "The mention is called a slip or wrong right after it: 'the 1915 in passage 1 looks like a typo', 'npm — "
        "that's a copy-paste slip', 'Osaka, but that's not right'.",
    ),
    NamedPattern(
        "en.answered_no",
        r"^\s*\?+\s*(?:no|nope|non|nein|não|нет|不是|不对)\b",
        "The mention is posed as a question and answered no: '1971? No, it was 1969', '¿Dos? No'.",
    ),
)

OTHER_BEFORE = NamedPattern(
    "other.disputed",
    r"(?:\b(?:ne|n')\s?\S+ pas\b|\bpas (?:par|en|à|de|du|le|la|les)\b|\bet non\b|\bet pas\b|\bplutôt que\b|\bau lieu de\b"
    r"|\bno (?:fue|es|era|fueron|son|está|estaba|en|por)\b|\by no\b|\ben lugar de\b|\ben vez de\b"
    r"|\b(?:nicht|kein|keine|keinen)\b|\bund nicht\b|\bstatt\b|\banstatt\b"
    r"|\bnão (?:foi|é|era|em|por)\b|\be não\b|\bem vez de\b"
    r"|\bnon (?:è|fu|era|in|da)\b|\be non\b|\binvece di\b"
    r"|\bне\b|\bа не\b|\bвместо\b)[^,;.]{0,30}$",
    "A negation before the mention, in its clause, in French, Spanish, German, Portuguese, Italian or Russian: "
    "'n'a pas été peinte par Michel-Ange', 'et non Dalton', 'no fue Osaka', 'nicht Osaka', 'а не Осака'.",
)

OTHER_AFTER = NamedPattern(
    "other.called_wrong",
    r"^[^.;?!]{0,30}?(?:\b(?:c'est|ce qui est|qui est|est|cela est|ce n'est|es|eso es|lo cual es|que es|ist|das ist|"
    r"é|isso é|o que é|è|ciò è|questo è|это)\s+)?(?:(?:une |un )?(?:erreur|faux|fausse|inexact|inexacte|erroné|erronée)"
    r"|(?:no es |no está )?(?:correcto|incorrecto|un error|falso|equivocado|errónea|erróneo)|(?:falsch|nicht richtig|"
    r"ein fehler|fehlerhaft)|(?:errado|errada|incorreto|incorreta|um erro)|(?:sbagliato|sbagliata|errato|un errore)"
    r"|(?:неверно|неправильно|ошибка|ошибочно))\b"
    r"|^\s*(?:ではなく|じゃなく|は誤り|は間違い)|^\s*(?:가|이) 아니라|^\s*(?:는|은) (?:틀렸|잘못)",
    "The mention is called wrong right after it, or set aside by 'not X but', in French, Spanish, German, "
    "Portuguese, Italian, Russian, Japanese or Korean: 'Osaka, pero eso no es correcto', 'la rate, ce qui est "
    "inexact', 'ミケランジェロではなく'.",
)

BEFORE = (OTHER_BEFORE,)
AFTER = (*EN_AFTER, OTHER_AFTER)
