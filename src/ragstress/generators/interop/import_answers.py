"""What an imported question asks for, and which span of its reference answers it.

Another tool's reference answer is a sentence or a paragraph; a ragstress seed needs the one
short span a rule can check. The question's wording says which kind of span it wants:

- a date or year only where it asks one: "When …?" opening the question (or one of its parts),
  "in what year", "what date"; a "when" inside a clause ("…when analysing images?") asks nothing;
- a quantity: "how many", "how much", "how long", "what is the number of" …; a count is a quantity
  even when it looks like a year ("1063 labourers");
- a name: "Who …", "Where …", "which company / city / library …";
- an identifier: "which version / port / protocol / command …" ("HTTP/2", "v1.4.2", "252").

An open question ("What are the key features of …", "What is the role of …", "How does …",
"Why …", "Explain …", "Describe …"), or one whose wording asks for no kind while its reference
is more than a short span, has no one checkable answer: it is kept for judged metrics only.
A reference that is the tool's own failure ("The answer to given question is not present in
context") is no expected answer. A question of two parts ("When was it completed and who
designed it?") needs both facts.

Every span weighed is returned with its verdict, so judged_only.jsonl can say why each lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ragstress.values.spans import contains_alias, extract_spans, kind_of

SHORT_WORDS, SHORT_CHARS_ZH = 6, 20
LONG_WORDS, LONG_CHARS_ZH = 25, 60
"""A reference longer than this is a passage, not an answer, unless the question asks for a kind of span."""

_DATE = frozenset({"year", "date"})
_COUNT = frozenset({"number"})
_NAME = frozenset({"name", "identifier"})
_IDENTIFIER = frozenset({"identifier", "number", "name"})
_PREFERENCE = {_IDENTIFIER: ("identifier", "number", "name"), _NAME: ("name", "identifier")}

# Question words, tried in order on each part of a question. A part's opening words are where it asks.
_OPENING = r"^\W*(?:(?:and|but|so|also|then)\s+)?(?:(?:by|to|for|from|with|in|on|at|since|until)\s+)?"
_WANTS: dict[str, list[tuple[frozenset[str], re.Pattern[str]]]] = {
    "en": [
        (
            _DATE,
            re.compile(
                _OPENING + r"(?:when|since when)\b"
                r"|\b(?:what|which) (?:year|date|day|month|decade|century)\b|\bhow long ago\b",
                re.I,
            ),
        ),
        (
            _COUNT,
            re.compile(
                r"\bhow (?:many|much|long|tall|high|far|big|large|wide|deep|old|heavy|fast|often)\b"
                r"|\bwhat (?:is |was |are |were )?(?:the )?(?:total )?(?:number|amount|height|length|population|size"
                r"|capacity|cost|price|percentage|share|count|rate|speed|weight|distance|duration)\b",
                re.I,
            ),
        ),
        (
            _IDENTIFIER,
            re.compile(
                r"\b(?:what|which) (?:\w+ )?(?:version|release|port|protocol|command|flag|option|status code"
                r"|error code|endpoint|file ?name|extension|model|identifier|id|code|standard)\b",
                re.I,
            ),
        ),
        (
            _NAME,
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
        (_DATE, re.compile(r"哪一?年|何年|何时|什么时候|哪一?天|几月|哪个月|哪个年代")),
        (_COUNT, re.compile(r"多少|几[个座层人次天年岁名位]|多[长高大远重深宽久]")),
        (_IDENTIFIER, re.compile(r"哪个版本|什么版本|哪个端口|什么协议|哪个协议|什么命令|哪个命令")),
        (_NAME, re.compile(r"谁|哪位|何人|哪里|哪儿|何处|哪个(?:城市|国家|公司|地方|库|框架|工具)|哪座|哪家")),
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
# The tool's own failure in place of a reference. The first family says the context lacks the answer.
_LACKS = re.compile(
    r"answer to (?:the )?given question is not present|not (?:present|found|mentioned|available|provided|stated|given)"
    r" in (?:the |this )?(?:given |provided )?context|(?:the |this )?(?:given |provided )?context (?:does not|doesn't)"
    r" (?:contain|provide|mention|include|specify|say|state|answer)|can ?not be answered (?:by|from|with|using) the"
    r"|no (?:sufficient |relevant )?information (?:is )?(?:provided|available|given) in the"
    r"|上下文中?(?:没有|未|并未|不包含)|无法(?:从|根据)(?:给定的?|所给)?上下文",
    re.I,
)
_FAILED = re.compile(r"^\W*(?:nan|none|null|n/?a|-1|error|unknown|i don'?t know|no answer|不知道|无)\W*$", re.I)

# Spans the fact patterns do not type: bare numbers ("252"), identifiers ("HTTP/2", "v1.4.2", "GPT-4o", "C3").
_BARE_NUMBER = re.compile(r"(?<![\w.,/-])\d+(?:\.\d+)?(?![\w/-]|[.,]\d)")
_IDENT = re.compile(
    r"(?<![\w./-])(?:v?\d+(?:\.\d+){1,3}[a-z]?\b"  # versions
    r"|[A-Za-z][\w+]*(?:[./-][\w+]+)+(?:\(\))?"  # HTTP/2, GPT-4o, os.path, pre-commit
    r"|[A-Za-z]+\d\w*"  # C3, H100, ISO8601
    r"|[A-Z]{2,}[a-z]?s?\b)"  # RAG, GPS, LLMs
)
_STRAY = "'’\"“”‘`()[]{},.;:!?*"
_POSSESSIVE = re.compile(r"['’]s$")  # "Gustave Eiffel's firm": the name is "Gustave Eiffel"
_JOINERS = frozenset("of de du da bin von van la le del der the and".split())
_ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "a.m", "p.m"})
_AFTER_YEAR = re.compile(r"^\s+(?!and\b|or\b|to\b|the\b)[a-z]{3,}")  # "1063 labourers": a count, not a year
_YEAR_PREPOSITION = re.compile(r"\b(?:in|since|by|from|until|of|to|before|after|during|circa|c\.)\s*$", re.I)
_PART_SPLIT = re.compile(
    r",?\s+and\s+(?=(?:who|whom|whose|when|where|what|which|how|in what|in which)\b)|\?\s*(?=\S)", re.I
)


@dataclass(frozen=True)
class WeighedSpan:
    """A span of the reference that could have been the answer, and what became of it."""

    text: str
    kind: str
    verdict: str
    """"answer", or why it lost ("not the kind asked (year or date)", "in the question", …)."""

    def as_dict(self) -> dict[str, str]:
        return {"span": self.text, "kind": self.kind, "verdict": self.verdict}


@dataclass(frozen=True)
class Reading:
    """What an imported reference gives: one answer per fact the question asks, or why none, with the spans weighed."""

    answers: list[str]
    why: str | None
    weighed: list[WeighedSpan]


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


def failure_reference(reference: str) -> str | None:
    """'lacks' when the reference says the context does not hold the answer, 'failed' when it is another
    non-answer the tool wrote ("nan", "-1", "I don't know"), else None."""
    if _LACKS.search(reference):
        return "lacks"
    if _FAILED.fullmatch(reference):
        return "failed"
    return None


def question_parts(question: str) -> list[str]:
    """A two-part question ("When was it completed and who designed it?") as its parts; else the question."""
    parts = [p.strip(" ,;") for p in _PART_SPLIT.split(question.strip()) if p.strip(" ,;?")]
    return parts if len(parts) == 2 else [question]


def trim(span: str) -> str:
    """A span without stray quotes, apostrophes, brackets or punctuation at its ends (`C3'` -> `C3`)."""
    text = _POSSESSIVE.sub("", span.strip())
    keep_call = text.endswith("()")
    text = text.strip(_STRAY + " ")
    return text + "()" if keep_call and not text.endswith("()") else text


def spans(reference: str, lang: str, counting: bool = False) -> list[tuple[str, str, int, int]]:
    """The reference's candidate spans as (text, kind, start, end): the fact patterns' spans, bare numbers and
    identifiers. For a question `counting` things, a number a plain noun follows is a count even when it looks
    like a year ("1063 labourers"); elsewhere "the 2019 release" keeps its year."""
    found: dict[tuple[int, int], tuple[str, str, int, int]] = {}
    for s in extract_spans(reference, lang):
        kind = s.kind
        if (
            counting
            and kind == "year"
            and _AFTER_YEAR.match(reference[s.end :])
            and not _YEAR_PREPOSITION.search(reference[: s.start])
        ):
            kind = "number"  # "1063 labourers"
        found[(s.start, s.end)] = (s.text, kind, s.start, s.end)
    if lang != "zh":
        for m in _IDENT.finditer(reference):
            text = trim(m[0])
            if _identifier(text):
                found[(m.start(), m.start() + len(text))] = (text, "identifier", m.start(), m.start() + len(text))
    for m in _BARE_NUMBER.finditer(reference):
        if not any(start <= m.start() and m.end() <= end for start, end in found):
            found[(m.start(), m.end())] = (m[0], "number", m.start(), m.end())
    ordered = sorted(found.values(), key=lambda s: (s[2], -s[3]))
    unique: dict[str, tuple[str, str, int, int]] = {}
    for text, kind, start, end in ordered:
        text = trim(text) if kind in ("name", "identifier") else text
        if text and text not in unique:
            unique[text] = (text, kind, start, end)
    return list(unique.values())


def _subject_words(question: str) -> set[str]:
    return {w.lower() for w in re.findall(r"\w+", question) if len(w) > 2}


def _identifier(text: str) -> bool:
    """A token shaped like an identifier: a digit, a slash, dot or underscore inside, or two capitals; not a plain
    number and not an abbreviation such as "e.g"."""
    if not text or re.fullmatch(r"\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?", text) or text.lower() in _ABBREVIATIONS:
        return False
    return bool(re.search(r"\d|[/._]|\(\)$", text) or len(re.findall(r"[A-Z]", text)) >= 2)


def _short(reference: str, lang: str) -> bool:
    return len(reference) <= SHORT_CHARS_ZH if lang == "zh" else len(reference.split()) <= SHORT_WORDS


def _long(reference: str, lang: str) -> bool:
    return len(reference) > LONG_CHARS_ZH if lang == "zh" else len(reference.split()) > LONG_WORDS


def _is_kind(answer: str, wants: frozenset[str], lang: str) -> bool:
    if re.fullmatch(r"[\d,.]+", answer):  # a bare number may be a year or a quantity
        return bool(wants & {"year", "number", "identifier"})
    if "identifier" in wants and _IDENT.fullmatch(answer) and _identifier(answer):
        return True
    kind = kind_of(answer, lang)
    if kind == "name" and lang != "zh":  # kind_of calls anything else a name; a name is capitalised
        return "name" in wants and all(w[0].isupper() or w[0].isdigit() or w in _JOINERS for w in answer.split())
    return kind in wants


def _kinds(wants: frozenset[str]) -> str:
    return " or ".join(sorted(wants))


def pick(
    reference: str,
    question: str,
    wants: frozenset[str] | None,
    lang: str,
    taken: tuple[str, ...] = (),
    *,
    part: bool = False,
) -> Reading:
    """The one span of `reference` answering a question that wants `wants`, or one `part` of it (which the whole
    reference never answers); `taken` are spans another part of the question claims."""
    weighed: list[WeighedSpan] = []
    alive: list[tuple[str, str, int, int]] = []
    for span in spans(reference, lang, counting=wants == _COUNT):
        text, kind = span[0], span[1]
        if contains_alias(question, [text]):
            weighed.append(WeighedSpan(text, kind, "in the question"))
        elif kind == "name" and _subject_words(question) & {w.lower() for w in text.split() if len(w) > 2}:
            weighed.append(
                WeighedSpan(text, kind, "names the question's subject")
            )  # "the Pellin Canal" for "the canal"
        elif text in taken:
            weighed.append(WeighedSpan(text, kind, "the answer to the other part of the question"))
        elif wants is not None and kind not in wants:
            weighed.append(WeighedSpan(text, kind, f"not the kind asked ({_kinds(wants)})"))
        else:
            alive.append(span)
    # "31 March 1889" and "1889" are one answer: keep the outermost of nested spans.
    outer = []
    for s in alive:
        holder = next((o for o in alive if o is not s and o[2] <= s[2] and s[3] <= o[3]), None)
        if holder is None:
            outer.append(s)
        else:
            weighed.append(WeighedSpan(s[0], s[1], f"inside {holder[0]!r}"))
    # Of several kinds the question accepts, the one it names first wins: "which protocol" takes HTTP/2 over a name.
    for kind in _PREFERENCE.get(wants, ()) if len(outer) > 1 else ():
        preferred = [s for s in outer if s[1] == kind]
        if preferred:
            weighed += [WeighedSpan(s[0], s[1], f"a {kind} span is asked first") for s in outer if s[1] != kind]
            outer = preferred
            break
    whole = trim(reference.rstrip("。.").strip())
    if len(outer) == 1:
        return Reading([outer[0][0]], None, [*weighed, WeighedSpan(outer[0][0], outer[0][1], "answer")])
    if len(outer) > 1:
        if _short(reference, lang) and wants is None and not contains_alias(question, [whole]):
            lost = [WeighedSpan(s[0], s[1], f"part of the short reference {whole!r}") for s in outer]
            return Reading([whole], None, weighed + lost)
        asked = _kinds(wants) if wants else "answer"
        lost = [WeighedSpan(s[0], s[1], f"one of {len(outer)} {asked} spans") for s in outer]
        return Reading([], f"the reference has several {asked} spans; which one answers is unclear", weighed + lost)
    if _short(reference, lang) and whole and not contains_alias(question, [whole]) and not part:
        if wants is None or _is_kind(whole, wants, lang):
            return Reading([whole], None, weighed)  # "Paris", "埃菲尔": a short answer the span patterns do not catch
    if wants is not None:
        return Reading(
            [], f"the reference has no {_kinds(wants)} span apart from the question, which asks for one", weighed
        )
    return Reading([], "the reference has no short span (year, date, quantity, name) apart from the question", weighed)


def _unweighed(reference: str, lang: str, why: str) -> Reading:
    """No answer, for a reason that holds whatever the spans: each is listed as not weighed, and why."""
    verdict = "not weighed: " + why.split(":")[0]
    return Reading([], why, [WeighedSpan(text, kind, verdict) for text, kind, _, _ in spans(reference, lang)])


def read_reference(reference: str, question: str, lang: str) -> Reading:
    """The answers (one per fact) an imported reference gives its question, or why it gives none."""
    parts = question_parts(question)
    asked = [wanted_kinds(part, lang) for part in parts]
    opened = open_question(question, lang)
    if opened:
        return _unweighed(reference, lang, f"an open question ({opened!r}): no one span answers it")
    if all(a is None for a in asked) and _long(reference, lang):
        size = f"{len(reference)} characters" if lang == "zh" else f"{len(reference.split())} words"
        why = f"the question asks for no name, date, quantity or identifier and the reference is {size}"
        return _unweighed(reference, lang, why)
    if len(parts) == 1:
        return pick(reference, question, asked[0], lang)
    # A two-part question: each part's span, found apart; both or none.
    if any(a is None for a in asked):
        return Reading([], "a two-part question with a part that asks for no name, date, quantity or identifier", [])
    readings = [pick(reference, question, kinds, lang, part=True) for kinds in asked]
    for i in (0, 1):  # a span one part claims alone is not the other's ("HTTP/2 … 252" for "which protocol … how many")
        claimed = tuple(readings[1 - i].answers)
        if not readings[i].answers and claimed:
            readings[i] = pick(reference, question, asked[i], lang, claimed, part=True)
    weighed = [replace(w, verdict=f"fact {i + 1}: {w.verdict}") for i, r in enumerate(readings) for w in r.weighed]
    answers = [r.answers[0] if r.answers else None for r in readings]
    if None in answers or answers[0] == answers[1]:
        missing = next((r.why for r in readings if r.why), "both parts gave the same span")
        return Reading([], f"a two-part question whose second fact is not found apart: {missing}", weighed)
    return Reading([a for a in answers if a], None, weighed)
