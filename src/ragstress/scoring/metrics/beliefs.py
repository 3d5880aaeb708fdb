"""A value given as what others believe, cite or expect, not as the response's answer.

rules_en.HEARSAY and rules_zh.HEARSAY catch the plainest forms ("some say Paris", "有人说是巴黎"). These are
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

from ragstress.scoring.metrics.rules_base import Hit, NamedPattern
from ragstress.values.breaks import search_ending_at

_WHO_EN = (
    r"(?:(?:some|many|most|other|a lot of|plenty of) (?:people|readers|sources|references|books|accounts|textbooks|"
    r"historians|scholars|websites|sites|users|lists|guides|articles|reports|tutorials|fans|folks)|people|others|"
    r"everyone|everybody|the public|popular accounts|popular histories|the internet|the web|common knowledge)"
)
_SAY_EN = (
    r"(?:says?|said|claims?|claimed|believes?|believed|thinks?|thought|credits?|credited|suggests?|argues?|assumes?|"
    r"assumed|attributes?|attributed|expects?|lists?|listed|gives?|gave|quotes?|quoted|cites?|cited|recalls?|"
    r"remembers?|confuses?|mistakes?|mix(?:es)? up|call|calls|name|names|put|puts)"
)
# "usually credited to Fleming", "一般认为是高鹗" state the consensus a response answers with: not hearsay.
_HOW_EN = (
    r"(?:commonly|popularly|widely|often|sometimes|frequently|more often|most often|mistakenly|wrongly|erroneously)"
)
_PARTICIPLE_EN = (
    r"(?:said|believed|thought|claimed|credited|cited|quoted|given|listed|attributed|assumed|reported|named|called|"
    r"described|taught|remembered|assigned)"
)

EN_BEFORE = NamedPattern(
    "en.belief",
    rf"\b{_WHO_EN}\b[^,;.]{{0,20}}?\b(?:might |may |would |will |often |usually |sometimes |commonly |still )?{_SAY_EN}\b"
    r"[^,;.]{0,30}$"
    rf"|\b{_HOW_EN} {_PARTICIPLE_EN}\b[^,;.]{{0,30}}$"
    r"|\b(?:popular|common|widespread|general|conventional|mistaken|received|familiar) (?:belief|view|wisdom|"
    r"opinion|misconception|assumption|myth|notion|account|answer|claim|story|version|figure)\b[^,;.]{0,30}$"
    r"|\b(?:you'll|you will|you may|you might|you'd|you often|one might|one may|one often) (?:often |also |sometimes |"
    r"usually )?(?:see|hear|find|read)\b[^,;.]{0,30}$"
    r"|\bmisconception\b[^,;.]{0,30}$",
    "The mention is what other people or other sources believe, cite or expect: 'it's often quoted as 1969', "
    "'many sources list UTC+8', 'a common misconception is that it's Canberra'.",
)

EN_AFTER = NamedPattern(
    "en.belief_after",
    rf"^\s*,?\s*(?:(?:is|are|was|were|gets|get) )?(?:also )?{_HOW_EN} {_PARTICIPLE_EN}\b"
    rf"|^\s*,?\s*as (?:is )?{_HOW_EN} {_PARTICIPLE_EN}\b"
    rf"|^\s*,?\s*as {_WHO_EN} {_SAY_EN}\b",
    "The mention is called what others believe right after it: 'Ottawa is sometimes cited', 'Shakespeare, as is "
    "commonly believed'.",
)

_WHO_ZH = r"(?:有人|有些人|也有人|很多人|许多人|不少人|人们|大家|一些人|大多数人|多数人|一般人|外界|坊间|民间|网上|有些书|很多书|不少书|教科书|课本|一些资料|很多资料|其他资料)"

ZH_BEFORE = NamedPattern(
    "zh.belief",
    rf"{_WHO_ZH}(?:上|里|中)?(?:的)?(?:说法)?(?:常|通常|一般|普遍|都|也|往往|常常|经常|总|误)?"
    r"(?:说|认为|以为|称|觉得|记成|记作|写成|写的是|写作|误以为|误认为|误记为|当成|当作|会说|相信|传说)[^，,。；;]{0,10}$"
    r"|(?:通常|一般|普遍|常见|流行|通行)的(?:认识|看法)[^，,。；;]{0,10}$"
    r"|(?:误以为|误认为|常被误认为|常被认为|被误传为|误传为|以讹传讹)[^，,。；;]{0,10}$",
    "提及被说成别人的看法、书上的说法或常见的误解，而不是回答给出的答案：“很多人记成206块”“大家一般说的是南京条约”“许多人误以为长江更长”。",
)

ZH_AFTER = NamedPattern(
    "zh.belief_after",
    r"^[^，,。；;]{0,4}?(?:是(?:很多|许多|不少|一些)?人(?:的|们的)?(?:误解|误会|印象|说法)|是常见的(?:误解|说法)|的说法(?:流传|很常见))",
    "提及之后紧接着被说成别人的看法：“阿姆斯特朗是很多人的误解”“这是常见的说法”。",
)

OTHER_BEFORE = NamedPattern(
    "other.belief",
    r"(?:on (?:croit|dit|pense) (?:souvent|généralement|parfois)|beaucoup (?:de gens )?(?:croient|pensent|disent)"
    r"|se (?:suele|cree|dice) (?:decir|creer)?|mucha gente (?:cree|piensa|dice)|man (?:sagt|glaubt|denkt) (?:oft|häufig)?"
    r"|viele (?:glauben|denken|sagen)|muitos (?:acham|dizem|pensam)|costuma-se dizer|molti (?:pensano|credono|dicono)"
    r"|si (?:dice|crede) spesso)[^,;.]{0,30}$",
    "The common forms of 'people often believe' in French, Spanish, German, Portuguese and Italian.",
)

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
