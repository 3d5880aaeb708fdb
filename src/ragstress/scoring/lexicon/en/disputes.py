"""More ways an English response disputes a value it mentions, right after it (compiled by scoring.metrics.disputes):
called a slip ('looks like a typo'), or posed as a question and answered no ('1971? No, it was 1969'; the 'no'
may be written in the response's other languages too).
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase

_SLIP = (
    r"(?:typo|slip|misprint|mistake|error|mix[- ]?up|confusion|transcription error|copy[- ]?paste (?:error|slip|mistake)|"
    r"copy[- ]?paste slip)"
)

EN_AFTER = (
    Phrase(
        "en.called_a_slip",
        # not across 'and' to what is called a slip next ('1887, and 1907 looks like a typo' calls 1907 one)
        r"^(?:(?!\band\b)[^.;?!]){0,40}?\b(?:looks|seems|appears|sounds) (?:like|to be) (?:a |an )?(?:simple |obvious |clear )?"
        rf"(?:{_SLIP}|wrong|incorrect|off)\b"
        r"|^[^.;?!]{0,40}?\b(?:that's|that is|this is|it's|it is) (?:(?:fairly |very |most |pretty )?(?:probably|likely|"
        r"clearly|surely|certainly|just|simply|definitely|sure) )?(?:a |an )?(?:simple |obvious |clear )?"
        rf"(?:copy[- ]?paste |typographical |transcription )?{_SLIP}\b"
        r"|^[^.;?!]{0,40}?,?\s*but (?:that|this|it)(?:'s| is| was) (?:not (?:correct|right|accurate|true)|wrong|incorrect|"
        r"inaccurate|mistaken)\b"
        r"|^[^.;?!]{0,40}?,?\s*but (?:that|this|it|he|she|they) (?:isn't|is not|wasn't|was not|aren't|are not|'s not)"
        r"(?=\s*(?:[—–-]|[.;,!]|$))",
        "The mention is called a slip or wrong right after it: 'the 1915 in passage 1 looks like a typo', 'npm — "
        "that's a copy-paste slip', 'Osaka, but that's not right', or what is said of it denied at the end of its "
        "clause: 'Istanbul is often taken for the capital, but it isn't'.",
        examples=(
            "the ⟨1915⟩ in passage 1 looks like a typo",
            "⟨npm⟩ — that's a copy-paste slip",
            "⟨Osaka⟩, but that's not right",
            "⟨Istanbul⟩ is often mistaken for the capital, but it isn't — the capital is Ankara",
            "⟨1879⟩ is given in one passage, but it was not correct",
        ),
        near_misses=(
            "⟨Paris⟩ is large, but it isn't the capital of the region",
            "so it opened in ⟨1887⟩, and 1907 looks like a typo",
        ),
        reads="after",
    ),
    Phrase(
        "en.answered_no",
        r"^\s*\?+\s*(?:no|nope|non|nein|não|нет|不是|不对)\b",
        "The mention is posed as a question and answered no: '1971? No, it was 1969', '¿Dos? No'.",
        examples=("⟨1971⟩? No, it was 1969", "¿⟨Dos⟩? No", "⟨1895年⟩？不是，是1889年"),
        reads="after",
    ),
)
