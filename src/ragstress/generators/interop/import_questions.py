"""What an imported question asks for: the kind of span its wording wants, whether it is open, its parts.

The wording alone decides: a date or year only where it asks one ("When …?" opening the question or
one of its parts, "in what year", "what date"; a "when" inside a clause asks nothing), a quantity
("how many", "what is the number of" …), a name ("Who …", "Where …", "which company / city …"), an
identifier ("which version / port / protocol / command …"). An open question ("What are the key
features of …", "How does …", "Why …", "Explain …") asks for an account, not a fact. A question of
two parts ("When was it completed and who designed it?") is split so each part is asked apart.

These read the question only, never the reference, so they stand apart from the span picking in
import_answers.py, which is told the kinds wanted.
"""

from __future__ import annotations

import re

# The span kinds a question may want, each with the kinds of span that answer it.
DATE = frozenset({"year", "date"})
COUNT = frozenset({"number"})
NAME = frozenset({"name", "identifier"})
IDENTIFIER = frozenset({"identifier", "number", "name"})
# Of several kinds a question accepts, the one it names first wins: "which protocol" takes HTTP/2 over a name.
PREFERENCE = {IDENTIFIER: ("identifier", "number", "name"), NAME: ("name", "identifier")}

# Question words, tried in order on each part of a question. A part's opening words are where it asks.
_OPENING = r"^\W*(?:(?:and|but|so|also|then)\s+)?(?:(?:by|to|for|from|with|in|on|at|since|until)\s+)?"
_WANTS: dict[str, list[tuple[frozenset[str], re.Pattern[str]]]] = {
    "en": [
        (
            DATE,
            re.compile(
                _OPENING + r"(?:when|since when)\b"
                r"|\b(?:what|which) (?:year|date|day|month|decade|century)\b|\bhow long ago\b",
                re.I,
            ),
        ),
        (
            COUNT,
            re.compile(
                r"\bhow (?:many|much|long|tall|high|far|big|large|wide|deep|old|heavy|fast|often)\b"
                r"|\bwhat (?:is |was |are |were )?(?:the )?(?:total )?(?:number|amount|height|length|population|size"
                r"|capacity|cost|price|percentage|share|count|rate|speed|weight|distance|duration)\b",
                re.I,
            ),
        ),
        (
            IDENTIFIER,
            re.compile(
                r"\b(?:what|which) (?:\w+ )?(?:version|release|port|protocol|command|flag|option|status code"
                r"|error code|endpoint|file ?name|extension|model|identifier|id|code|standard)\b",
                re.I,
            ),
        ),
        (
            NAME,
            re.compile(
                _OPENING + r"(?:who|whom|whose|where)\b"
                r"|\b(?:what|which) (?:\w+ )?(?:city|country|company|firm|organi[sz]ation|person|place|river|team"
                r"|library|framework|tool|language|database|product|service|platform|vendor|university|author"
                r"|state|town|region|engineer|architect|founder)\b|\bwhat is the name of\b|\bwhat is \w+(?: \w+)? called\b",
                re.I,
            ),
        ),
    ],
    "zh": [
        (DATE, re.compile(r"哪一?年|何年|何时|什么时候|哪一?天|几月|哪个月|哪个年代")),
        (COUNT, re.compile(r"多少|几[个座层人次天年岁名位]|多[长高大远重深宽久]")),
        (IDENTIFIER, re.compile(r"哪个版本|什么版本|哪个端口|什么协议|哪个协议|什么命令|哪个命令")),
        (NAME, re.compile(r"谁|哪位|何人|哪里|哪儿|何处|哪个(?:城市|国家|公司|地方|库|框架|工具)|哪座|哪家")),
    ],
}
# Questions that ask for an account, not a fact.
_OPEN = {
    "en": re.compile(
        r"^\W*(?:why|explain|describe|discuss|summari[sz]e|outline|elaborate|compare|contrast)\b"
        r"|^\W*how (?:does|do|did|can|could|should|is|are|was|were|might|would|will|has|have)\b"
        r"|\b(?:what|which) (?:are|were|is|was) (?:some of )?(?:the |some )?(?:\w+ )?"
        r"(?:features|benefits|advantages|disadvantages|drawbacks|challenges|differences|implications"
        r"|considerations|limitations|steps|components|characteristics|purpose|significance|importance|impact"
        r"|goals|principles|practices|strategies|factors|reasons|lessons|trade-?offs|risks|uses|applications)\b"
        r"|\b(?:the )?(?:role|purpose|significance|importance|impact) of\b|\bin what ways?\b|\bhow (?:and|or) why\b",
        re.I,
    ),
    "zh": re.compile(
        r"为什么|为何|如何|怎样|怎么|哪些|有什么(?:特点|作用|优势|意义|区别|影响)|起到什么作用|解释|描述|介绍一下"
    ),
}
_PART_SPLIT = re.compile(
    r",?\s+and\s+(?=(?:who|whom|whose|when|where|what|which|how|in what|in which)\b)|\?\s*(?=\S)", re.I
)


def wanted_kinds(question: str, lang: str) -> frozenset[str] | None:
    """The span kinds the question asks for, or None when its wording does not say."""
    for kinds, pattern in _WANTS.get(lang, _WANTS["en"]):
        if pattern.search(question):
            return kinds
    return None


def open_question(question: str, lang: str) -> str | None:
    """The words that make the question ask for an account rather than a fact, or None."""
    found = _OPEN.get(lang, _OPEN["en"]).search(question)
    return found[0].strip() if found else None


def question_parts(question: str) -> list[str]:
    """A two-part question ("When was it completed and who designed it?") as its parts; else the question."""
    parts = [p.strip(" ,;") for p in _PART_SPLIT.split(question.strip()) if p.strip(" ,;?")]
    return parts if len(parts) == 2 else [question]
