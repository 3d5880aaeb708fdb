"""A person's surname alone as an alias of their full name, when the response uses it so.

"Page and Brin" names Larry Page and Sergey Brin; "安德鲁设计的" names 保罗·安德鲁. The
surname counts only where the response writes it as a name (capitalised, in English, and not
followed by another capitalised word, a numeral or a number: "King Charles III", "Page 4") and
never after another given name: "Jimmy Page" elsewhere, or two people who share a surname
("Marie Curie" for an alias "Pierre Curie"), leave the surname alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.metrics import role_patterns

_OTHER_NAME_AFTER = re.compile(r"\s+(?:[A-Z][a-z]|[IVXLC]+\b|\d)")
"""After an English surname: it is part of another name ("King Charles III") or a label ("Page 4")."""


_EN_NAME_CHAR = re.compile(r"[\w'’-]")
_ZH_DOTS = "·・•‧"
_ZH_NOT_NAME = set("·・•‧，,。；;:：、")


def _name_before(text: str, start: int, lang_en: bool) -> str:
    """The word written just before a surname at `start`: a capitalised word (en) or a name before a middle dot (zh).

    Read backwards from `start`, so each surname costs the length of the word before it, not of the text."""
    if lang_en:  # the first capital of the run of word characters that ends where the spaces before `start` begin
        end = start
        while end > 0 and text[end - 1].isspace():
            end -= 1
        begin = end
        while begin > 0 and _EN_NAME_CHAR.match(text[begin - 1]):
            begin -= 1
        word = text[begin:end] if end < start else ""
        capital = next((i for i, c in enumerate(word) if "A" <= c <= "Z"), None)
        return word[capital:] if capital is not None else ""
    dot = start - 2 if text[start - 1 : start] == "\n" else start - 1  # "$" also matches before a final line break
    if dot < 0 or text[dot] not in _ZH_DOTS:
        return ""
    begin = dot
    while begin > 0 and not text[begin - 1].isspace() and text[begin - 1] not in _ZH_NOT_NAME:
        begin -= 1
    return text[begin:dot]


def surname_aliases(text: str, aliases: Sequence[str]) -> list[str]:
    """The surnames of full-name aliases (en.surname, zh.surname) that `text` uses alone as names."""
    extra = []
    for alias in aliases:
        for pattern, lang_en in ((role_patterns.EN.surname, True), (role_patterns.ZH.surname, False)):
            full = pattern.pattern.fullmatch(alias.strip())
            if full is None or any(a.strip() == full["surname"] for a in aliases):
                continue
            edges = r"(?<![\w'’-])" if lang_en else ""
            found = [
                m.start()
                for m in re.finditer(edges + re.escape(full["surname"]) + (r"\b" if lang_en else ""), text)
                if not (lang_en and _OTHER_NAME_AFTER.match(text, m.end()))
            ]
            before = [_name_before(text, start, lang_en) for start in found]
            given = full["given"].split()[-1] if lang_en else re.split("[·・•‧]", full["given"])[-1]
            if "" in before and all(name in ("", given) for name in before):
                extra.append(full["surname"])
    return extra
