"""A value given as what others believe, cite or expect, not as the response's answer.

The hearsay role patterns (role_patterns.py) catch the plainest forms ("some say Paris", "有人说是巴黎"). These are
the rest of the family, with the belief named before the mention or right after it:

- who believes it: people, readers, books, references, other sources, the public ("many sources list UTC+8",
  "some readers might expect 1776", "很多书上写的是1955年", "有些网上说法认为是宋应星");
- how it circulates: "often quoted as", "more often credited", "you'll often see 1991 cited", "通常的认识",
  "大家一般说的是" (but not the consensus a response answers with: "usually credited to Fleming", "一般认为是高鹗");
- a belief called a belief: "the popular belief that", "a common misconception is that it's", "there's a
  common belief it was", "很多人误以为", "很多人记成", "常被误认为";
- after the mention: "Ottawa is sometimes cited", "Canberra, as is commonly believed", "阿姆斯特朗是很多人的误解".

The same in French, Spanish, German, Portuguese and Italian for the common forms ("on croit souvent",
"se suele decir", "man sagt oft"). A value said only this way is neither stated nor disputed.
"""

from __future__ import annotations

from ragstress.scoring.lexicon.en import beliefs as en_beliefs
from ragstress.scoring.lexicon.intl import beliefs as intl_beliefs
from ragstress.scoring.lexicon.zh import beliefs as zh_beliefs
from ragstress.scoring.metrics.rules_base import Hit, NamedPattern
from ragstress.values.breaks import search_ending_at

EN_BEFORE = NamedPattern.of(en_beliefs.EN_BEFORE)
EN_AFTER = NamedPattern.of(en_beliefs.EN_AFTER)
ZH_BEFORE = NamedPattern.of(zh_beliefs.ZH_BEFORE)
ZH_AFTER = NamedPattern.of(zh_beliefs.ZH_AFTER)
OTHER_BEFORE = NamedPattern.of(intl_beliefs.OTHER_BEFORE)
BEFORE = (EN_BEFORE, ZH_BEFORE, OTHER_BEFORE)
AFTER = (EN_AFTER, ZH_AFTER)


def belief(prefix: str, after: str, start: int, before_bracket: tuple[str, int] | None = None) -> Hit | None:
    """The phrase that gives a mention as what others believe: in the clause before it (`prefix`), before the
    bracket it alone stands in (`before_bracket`, the text and where its bracket opens: "通常的认识（王实甫）"), or right
    after it (`after`, the text that follows). None when the mention is not given that way."""
    for pattern in BEFORE:
        found = pattern.pattern.search(prefix) or (
            before_bracket and search_ending_at(pattern.pattern, *before_bracket)
        )
        if found:
            return Hit(pattern.name, found[0].strip(), start)
    for pattern in AFTER:
        if found := pattern.pattern.search(after):
            return Hit(pattern.name, found[0].strip(), start)
    return None
