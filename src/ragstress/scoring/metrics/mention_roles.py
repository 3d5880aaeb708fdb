"""The role what surrounds a mention gives it (the default rules' `mentions`, rules.py): a mention that names
something else, is a point of comparison, a peer or a rival (`other_role`); one given as what other people say or
believe (`hearsay`); one negated, called wrong or replaced (`dispute`). What is said of a mention is read past a
gloss in parentheses right after it (`past_gloss`). Each returns the Hit that gave the role, or None.
"""

from __future__ import annotations

import re

from ragstress.scoring.metrics import beliefs, disputes, lesser_roles, role_patterns
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.breaks import search_ending_at
from ragstress.values.reading import Reading

_LIST_BREAK = re.compile(r"[,;。.!?\n:]")  # a clause, but a list with 、 stays whole


def other_role(reading: Reading, norm: str, start: int, end: int, prefix: str) -> Hit | None:
    """A mention that names something else, is only a point of comparison, a peer or given a lesser role, is neither stated nor disputed."""
    numeric = norm[start].isdigit()  # "the 1889 exhibition", but not "the Soyuz 2 rocket"
    for pattern in (role_patterns.EN.demoted, role_patterns.ZH.demoted, lesser_roles.ONLY_AS):
        if found := pattern.pattern.search(norm[end:]):
            return Hit(pattern.name, found[0].strip(), end)
    if found := role_patterns.EN.peer.pattern.search(prefix):
        return Hit(role_patterns.EN.peer.name, found[0].strip(), start)
    # The list the mention stands in, searched back only as far as zh.peer reaches (it looks at nothing before it).
    listed = reading.breaks(_LIST_BREAK, norm).start_of(start)
    if (found := search_ending_at(role_patterns.ZH.peer.pattern, norm, start, listed)) and re.search(
        role_patterns.ZH.peer_after, norm[end:]
    ):
        return Hit(role_patterns.ZH.peer.name, found[0], start)
    for lang in role_patterns.LANGUAGES:
        if found := lang.other_role_before.pattern.search(prefix):
            return Hit(lang.other_role_before.name, found[0].strip(), start)
        if found := lang.rival_before.pattern.search(prefix) or re.search(lang.rival_after, norm[end:]):
            return Hit(lang.rival_before.name, found[0].strip(), start)
        before, after = lang.other_role_around
        if numeric and re.search(before, prefix) and re.search(after, norm[end:]):
            return Hit(lang.other_role_before.name, norm[max(0, start - 4) : end + 6], start)
    return None


def hearsay(norm: str, start: int, end: int, prefix: str) -> Hit | None:
    """A mention given as what other people say ("some say Paris", "Adams is sometimes named") or believe ("often
    quoted as 1969", "Ottawa is sometimes cited", "通常的认识（王实甫）"; `beliefs`) is not stated by the response."""
    for lang in role_patterns.LANGUAGES:
        if found := lang.hearsay.pattern.search(prefix) or re.search(lang.hearsay_after, norm[end:]):
            return Hit(lang.hearsay.name, found[0].strip(), start)
    bracketed = not prefix.strip() and _last_visible(norm, start) == "(" and norm[end:].lstrip().startswith(")")
    bracket = norm.rfind("(", 0, start) if bracketed else 0  # nothing before a bracket that opens the text
    return beliefs.belief(prefix, norm[end:], start, (norm, bracket) if bracket > 0 else None)


def _last_visible(text: str, end: int) -> str:
    """The last character before `end` that is not a space ("" if there is none), read backwards from `end`."""
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return text[end - 1] if end else ""


_GLOSS_REACH = 40  # how long a parenthesis right after a mention may be and still gloss it


def past_gloss(norm: str, end: int) -> int:
    """Where what is said of a mention begins: after a gloss in parentheses right after it ("古罗马（今意大利），这个说法
    有误", "Constantinople (now Istanbul), which is wrong"), else at its end."""
    opening = end + (norm[end : end + 1] == " ")
    close = norm.find(")", opening, opening + _GLOSS_REACH) if norm[opening : opening + 1] == "(" else -1
    return close + 1 if close > 0 and "(" not in norm[opening + 1 : close] else end


def dispute(norm: str, start: int, end: int, prefix: str, sources_disputed: bool) -> Hit | None:
    for pattern in (role_patterns.EN.dispute_before, role_patterns.ZH.dispute_before, *disputes.BEFORE):
        if found := pattern.pattern.search(prefix):
            return Hit(pattern.name, found[0].strip(), start)
    after = past_gloss(norm, end)
    for pattern in role_patterns.EN.dispute_after + role_patterns.ZH.dispute_after + disputes.AFTER:
        if found := pattern.pattern.search(norm[after:]):
            return Hit(pattern.name, found[0].strip(), after)
    if sources_disputed:
        for pattern in (role_patterns.EN.attributed, role_patterns.ZH.attributed):
            if found := pattern.pattern.search(prefix):
                return Hit(pattern.name, found[0].strip(), start)
    return None
