"""Which span of an imported reference answers its question, or why none does.

Another tool's reference answer is a sentence or a paragraph; a ragstress seed needs the one
short span a rule can check. What kind of span the question wants (a date or year, a quantity, a
name, an identifier, or none: an open question) is read from its wording by import_questions.py;
here the reference's spans are found and weighed against that: spans the question itself holds or
that name its subject lose, so do spans of another kind, and of nested spans the outermost stays.
A count is a quantity even when it looks like a year ("1063 labourers").

An open question, or one whose wording asks for no kind while its reference is more than a short
span, has no one checkable answer: it is kept for judged metrics only. A reference that is the
tool's own failure ("The answer to given question is not present in context") is no expected
answer. A question of two parts ("When was it completed and who designed it?") needs both facts.

Every span weighed is returned with its verdict, so judged_only.jsonl can say why each lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ragstress.generators.interop.import_questions import COUNT, PREFERENCE, open_question, question_parts, wanted_kinds
from ragstress.values.spans import contains_alias, extract_spans, kind_of

SHORT_WORDS, SHORT_CHARS_ZH = 6, 20
LONG_WORDS, LONG_CHARS_ZH = 25, 60
"""A reference longer than this is a passage, not an answer, unless the question asks for a kind of span."""

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


def failure_reference(reference: str) -> str | None:
    """'lacks' when the reference says the context does not hold the answer, 'failed' when it is another
    non-answer the tool wrote ("nan", "-1", "I don't know"), else None."""
    if _LACKS.search(reference):
        return "lacks"
    if _FAILED.fullmatch(reference):
        return "failed"
    return None


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
    for span in spans(reference, lang, counting=wants == COUNT):
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
    for kind in PREFERENCE.get(wants, ()) if len(outer) > 1 else ():
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
