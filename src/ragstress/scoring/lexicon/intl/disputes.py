"""How a response in French, Spanish, German, Portuguese, Italian, Russian, Japanese or Korean disputes a value it
mentions: a negation before it in its clause, 'and not', or the value called wrong right after it (compiled by
scoring.metrics.disputes).
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase

OTHER_BEFORE = Phrase(
    "other.disputed",
    r"(?:\b(?:ne|n')\s?\S+ pas\b|\bpas (?:par|en|à|de|du|le|la|les)\b|\bet non\b|\bet pas\b|\bplutôt que\b|\bau lieu de\b"
    r"|\bno (?:fue|es|era|fueron|son|está|estaba|en|por)\b|\by no\b|\ben lugar de\b|\ben vez de\b"
    r"|\b(?:nicht|kein|keine|keinen)\b|\bund nicht\b|\bstatt\b|\banstatt\b"
    r"|\bnão (?:foi|é|era|em|por)\b|\be não\b|\bem vez de\b"
    r"|\bnon (?:è|fu|era|in|da)\b|\be non\b|\binvece di\b"
    r"|\bне\b|\bа не\b|\bвместо\b)[^,;.]{0,30}$",
    "A negation before the mention, in its clause, in French, Spanish, German, Portuguese, Italian or Russian: "
    "'n'a pas été peinte par Michel-Ange', 'et non Dalton', 'no fue Osaka', 'nicht Osaka', 'а не Осака'.",
    examples=(
        "n'a pas été peinte par ⟨Michel-Ange⟩",
        "et non ⟨Dalton⟩",
        "no fue ⟨Osaka⟩",
        "nicht ⟨Osaka⟩",
        "а не ⟨Осака⟩",
    ),
    reads="before",
)

OTHER_AFTER = Phrase(
    "other.called_wrong",
    r"^[^.;?!]{0,30}?(?:\b(?:c'est|ce qui est|qui est|est|cela est|ce n'est|es|eso es|lo cual es|que es|ist|das ist|"
    r"é|isso é|o que é|è|ciò è|questo è|это)\s+)?(?:(?:une |un )?(?:erreur|faux|fausse|inexact|inexacte|erroné|erronée)"
    r"|(?:no es |no está )(?:correct|ciert)[oa]|(?:incorrecto|un error|falso|equivocado|errónea|erróneo)|(?:falsch|nicht richtig|"
    r"ein fehler|fehlerhaft|stimmt (?:aber |jedoch |allerdings |so )?nicht(?! überein))|(?:errado|errada|incorreto|incorreta|um erro)|(?:sbagliato|sbagliata|errato|un errore)"
    r"|(?:неверно|неправильно|ошибка|ошибочно))\b"
    r"|^\s*(?:ではなく|じゃなく|は誤り|は間違い)|^\s*(?:가|이) 아니라|^\s*(?:는|은) (?:틀렸|잘못)",
    "The mention is called wrong right after it, or set aside by 'not X but', in French, Spanish, German, "
    "Portuguese, Italian, Russian, Japanese or Korean: 'Osaka, pero eso no es correcto', 'la rate, ce qui est "
    "inexact', 'Osaka – das stimmt aber nicht', 'ミケランジェロではなく'.",
    examples=(
        "⟨Osaka⟩, pero eso no es correcto",
        "la ⟨rate⟩, ce qui est inexact",
        "⟨Osaka⟩ – das stimmt aber nicht",
        "⟨ミケランジェロ⟩ではなく",
    ),
    near_misses=("el ⟨cobre⟩, que es lo correcto", "⟨Osaka⟩, ob das stimmt, weiß ich nicht"),
    reads="after",
)
