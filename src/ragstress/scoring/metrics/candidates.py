"""A fact offered only as one candidate among others is not stated as the answer.

"It might be Charlotte Brontë or George Eliot", "可能是长江，也可能是汨罗江，我不确定", "Perhaps carbon or tungsten",
"可能的人选有李清远和王观澜，但我无法确定是哪一位", {"answer": "3306", "alternatives": ["5432"]}: the response names
the true value but does not choose it. Three shapes, each read on every mention of the fact (one mention that is
not a candidate states it):

- a JSON answer: a mention only under a key for alternatives ("alternatives", "candidates", "options", ...) and
  not in the answer field;
- a hedged alternative: the mention is joined to another value by "or" ("or", "either ... or", 或者, 或是, 还是,
  也可能是) and the response hedges ("might", "perhaps", "not sure", 可能, 也许, 不确定, ...);
- an undecided list: the response says it cannot tell which ("not certain which", "any of them could", "无法确定是
  哪一位", "possible answers", "可能的答案") and the mention stands in a list with another value.

A neighbour that is another required fact ("Finnish or Swedish" when both are asked for), or another alias of the
same fact ("Ulaanbaatar, or Ulan Bator"), does not make a candidate.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from ragstress.scoring.metrics.rules import mentions
from ragstress.scoring.metrics.rules_base import Hit, NamedPattern
from ragstress.values.matching import alias_patterns, comparable
from ragstress.values.reading import Reading

_OR_BEFORE = re.compile(
    r"(?:\bor\b|\beither\b|或者|或是|或|还是|也可能是|也可能在|也许是|又或)\s*(?:perhaps |maybe |possibly )?$"
)
_OR_AFTER = re.compile(r"^\s*(?:[,，]\s*)?(?:\bor\b|或者|或是|或|还是|[,，]?\s*也可能|[,，]?\s*也许)")
_LIST_BEFORE = re.compile(
    r"(?:(?:[,，、]|\band\b|\bor\b|和|与|及|或者?)\s*(?:(?:the|his|her|its|their) (?:\w+ ){0,2})?|(?:^|\s)(?:[-*•]|\d+[.)])\s*)$"
)
_LIST_AFTER = re.compile(r"^\s*(?:[,，、]|\band\b|\bor\b|和|与|及|或者?|\s(?:[-*•]|\d+[.)])\s)")
_REACH = 200  # characters before a mention in which a connector that joins it to another value is looked for
_NEAR = 30  # characters on the other side of the connector where a neighbour that is a required fact is looked for

HEDGE = NamedPattern(
    "candidates.hedged",
    r"\b(?:might|may|could|perhaps|possibly|maybe|probably|presumably|either|guess|not (?:certain|sure)|unsure|"
    r"unclear)\b|可能|也许|或许|大概|估计|不确定|无法确定|说不准|不好说|没有说死|吧",
    "The response hedges: 'it might be', 'perhaps', 'not sure', '可能', '也许', '不确定'.",
)

UNDECIDED = NamedPattern(
    "candidates.undecided",
    r"\bnot (?:certain|sure) which\b|\bcan(?:'t|not) (?:tell|say|decide|be sure) which\b|\bany of (?:them|these|those)"
    r"\b|\b(?:possible|candidate|potential) answers?\b|\bcandidates?\b|\bone of (?:them|these|those|the two)\b"
    r"|(?:无法|不能|没法|难以)(?:确定|判断|断定)(?:是)?哪|不确定是哪|可能的(?:答案|人选|选项)|候选|其中之一|都有可能",
    "The response says it cannot tell which value is the answer: 'not certain which', 'any of them could be', "
    "'无法确定是哪一位', '可能的答案'.",
)

_ALTERNATIVE_KEYS = {"alternatives", "alternative", "candidates", "options", "other_candidates", "possible_answers",
                     "also_possible", "候选", "备选", "其他可能"}  # fmt: skip
_ANSWER_KEYS = {"answer", "answers", "final_answer", "result", "答案", "回答"}


def _in_any(text: str, aliases: Sequence[str]) -> bool:
    norm = comparable(text)
    return any(p.search(norm) for alias in aliases for p in alias_patterns(alias))


def _json_candidate(text: str, aliases: Sequence[str]) -> Hit | None:
    """A JSON response naming the fact only under an alternatives key, not in its answer field."""
    try:
        data = json.loads(text.strip())
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    keys = {str(k).casefold(): v for k, v in data.items()}
    answer = " ".join(json.dumps(v, ensure_ascii=False) for k, v in keys.items() if k in _ANSWER_KEYS)
    others = " ".join(json.dumps(v, ensure_ascii=False) for k, v in keys.items() if k in _ALTERNATIVE_KEYS)
    if others and _in_any(others, aliases) and not _in_any(answer, aliases):
        return Hit("candidates.json", others[:60])
    return None


def _ends_at(pattern: re.Pattern[str], norm: str, position: int) -> bool:
    """Whether `pattern` (anchored by `$`) matches the text just before `position`. Only the last _REACH characters
    are searched: in normalised text, where spaces come one at a time, a connector and the words it allows span a few
    dozen; searching all the text before every mention cost the square of the response's length."""
    return pattern.search(norm, max(0, position - _REACH), position) is not None


def _neighbour_is_a_fact(norm: str, start: int, end: int, before: bool, others: Sequence[Sequence[str]]) -> bool:
    near = norm[max(0, start - _NEAR) : start] if before else norm[end : end + _NEAR]
    return any(_in_any(near, aliases) for aliases in others)


def only_candidate(reading: Reading, aliases: Sequence[str], answers: Sequence[Sequence[str]]) -> Hit | None:
    """Why the fact `aliases` is named only as one candidate among others (see the module docstring), else None.
    `answers` are all the case's required facts: a neighbour that is one of them is not a rival candidate."""
    if hit := _json_candidate(reading.text, aliases):
        return hit
    norm = reading.comparable
    hedge, undecided = HEDGE.pattern.search(norm), UNDECIDED.pattern.search(norm)
    if not hedge and not undecided:
        return None
    # Neighbours that do not make a rival: the other required facts and this fact's own aliases.
    others = [list(a) for a in answers] + [list(aliases)]
    found = None
    for mention in (m for m in mentions(reading, aliases) if m.role == "asserted"):
        after = norm[mention.end :]
        or_before, list_before = (_ends_at(p, norm, mention.start) for p in (_OR_BEFORE, _LIST_BEFORE))
        joined = None
        if hedge and (or_before or _OR_AFTER.search(after)):
            joined = Hit(HEDGE.name, f"{hedge[0]} … {mention.span}", mention.start)
        elif undecided and (list_before or _LIST_AFTER.search(after)):
            joined = Hit(UNDECIDED.name, f"{undecided[0]} … {mention.span}", mention.start)
        side_before = or_before or list_before
        if joined is None or _neighbour_is_a_fact(norm, mention.start, mention.end, side_before, others):
            return None
        found = found or joined
    return found
