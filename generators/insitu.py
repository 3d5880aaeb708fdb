"""In-situ question synthesis: turn the sentence holding an answer span into a question about it.

No model is involved, so the same sentence and span always give the same question.
The span is replaced by a wh-phrase chosen by its kind (year -> "what year", number
-> "how many <unit>", ...); in English the wh-phrase is also fronted with auxiliary
inversion when the clause has the simple shape "<subject> <aux> <rest> in <year>".

A question must make sense without its passage, so a pronoun subject ("It", "This",
"He", ...) or a definite noun phrase naming the document's topic ("The tower") is
replaced by the document title; when that is impossible the sentence is dropped
(`None`). Chinese lives in `insitu_zh`; `insitu_question` dispatches by language.
"""

from __future__ import annotations

import re

from ragstress.generators.spans import _MONTHS, FactSpan, sentences

_PRONOUN_SUBJECT = re.compile(
    r"^(It|This|That|He|She|They|These|Those)\b(?!\s+(?:is|was)\s+(?:also\s+)?(?:the|a|an)\s+\w+\s+(?:that|which|who)\b)"
)
_POSSESSIVE_SUBJECT = re.compile(r"^(Its|His|Her|Their)\b")
_DEFINITE_SUBJECT = re.compile(r"^(?:The|This|That)\s+([a-z][\w-]*)\b")
_AUXILIARIES = "was|were|is|are|has|have|had"
_APPROXIMATORS = re.compile(
    r"\b(?:roughly|about|around|some|nearly|almost|approximately|over|more than|less than|just over|just under|up to)\s+$",
    re.I,
)
_LOCATION_PREP = re.compile(r"\b(in|at|on|near|from|to|into)\s+(?:the\s+)?$", re.I)
_CLAUSE_BREAK = re.compile(r",\s+(?=(?:and|but|while|whereas|which|where|when|so)\s)|;\s+")
_PRONOUN_ANYWHERE = re.compile(r"\b(?:it|its|he|his|she|her|they|their|this|these)\b", re.I)
_LOCATED_VERBS = r"\w+ed|is|was|are|were|lies|lie|stands|sits|rises|flows|lives|lived|born|based"
_COMMON_HEADS = frozenset(
    "River Tower Bridge Canal Wall Games Cup Telescope Building Tunnel Press Station Dam Lake Sea Ocean Cathedral Palace".split()
)
# A definite phrase that points back to something the question does not name.
_POINTS_BACK = re.compile(
    r"\b(?:the|that|this|his|her|their)\s+(?:company|canal|wreck|site|race|club|mission|building|structure|river|"
    r"tower|bridge|findings|title|city|wall|project|team|firm|ship|probe|craft|tournament|event|island)\b"
    r"|\b(?:there|then|when|where),?\s+(?:it|they|he|she)\b",
    re.I,
)
_MEASURE_UNITS = {
    "metres",
    "meters",
    "metre",
    "meter",
    "kilometres",
    "kilometers",
    "kilometre",
    "kilometer",
    "km",
    "feet",
    "foot",
    "miles",
    "mile",
    "tonnes",
    "tons",
}


def insitu_question(span: FactSpan, text: str, title: str | None, lang: str) -> str | None:
    """A standalone question whose answer is `span` (found in `text`), or None when the sentence will not do."""
    if lang == "zh":
        from ragstress.generators.insitu_zh import insitu_question_zh

        return insitu_question_zh(span, text, title)
    return insitu_question_en(span, text, title)


def _sentence_with(span: FactSpan, text: str) -> tuple[str, int] | None:
    """The sentence of `text` holding the span's first occurrence, and the span's offset in it."""
    for sentence in sentences(text):
        at = sentence.find(span.text)
        if at >= 0:
            return sentence, at
    return None


def _clause_with(sentence: str, at: int, length: int) -> tuple[str, int]:
    """The clause holding the span (text after a trailing comma dropped), and the span's offset in it."""
    start = 0
    for m in _CLAUSE_BREAK.finditer(sentence):
        if m.end() <= at:
            start = m.end()
    clause = sentence[start:]
    at -= start
    clause = re.sub(r"^(?:and|but|while|whereas|so)\s+", "", clause)
    if start and re.match(r"(?!(?:the|a|an|its|his|her|their|in|on|by|since)\b)[a-z]", clause):
        return "", -1  # a verb phrase whose subject is in another clause
    at -= len(sentence[start:]) - len(clause)
    tail = clause[at + length :]
    cut = re.search(r",(?!\d)|;|\s+\(|—|\s-\s", tail)
    if cut:
        clause = clause[: at + length + cut.start()]
    return clause.rstrip(" .!?:;"), at


def _standalone_subject(clause: str, title: str | None) -> str | None:
    """The clause with a pronoun or topic noun-phrase subject replaced by the title; None if unresolvable."""
    clause = clause[:1].upper() + clause[1:]
    named = _with_article(title).capitalize()[:1] + _with_article(title)[1:] if title else None
    m = _POSSESSIVE_SUBJECT.match(clause)
    if m:
        return f"{named}'s{clause[m.end() :]}" if named else None
    m = _PRONOUN_SUBJECT.match(clause)
    if m:
        if m[1] == "This" and re.match(r"This\s+[a-z]", clause):
            pass  # "This tower ..." is a definite noun phrase, handled below
        else:
            return f"{named}{clause[m.end() :]}" if named else None
    m = _DEFINITE_SUBJECT.match(clause)
    if m and title and m[1].lower() == title.lower().split()[-1]:
        return f"The {title}{clause[m.end() :]}" if not title.lower().startswith("the ") else title + clause[m.end() :]
    if m and m[0].startswith(("This", "That")):
        return None  # "This method ..." refers back to something we cannot name
    return clause


def _with_article(title: str) -> str:
    """The title as a subject: "the" before names headed by a common noun ("the Mississippi River")."""
    if title.split()[-1] in _COMMON_HEADS or title.startswith("Tour "):
        return "the " + title if not title.lower().startswith("the ") else title
    return title


def _wh_phrase(span: FactSpan, before: str, after: str) -> tuple[str, str, str] | None:
    """(text before, wh-phrase, text after) with the span and the words that belong to it replaced."""
    before = _APPROXIMATORS.sub("", before)
    if span.kind == "year":
        m = re.search(r"\b(in|since|from|by|until|of)\s+$", before, re.I)
        return (before, "what year", after) if m else (before, "what year", after)
    if span.kind == "date":
        has_day = bool(re.search(r"\d{1,2} [A-Z]|[A-Z][a-z]+ \d{1,2},", span.text))
        before = re.sub(r"\b(?:on|in)\s+$", "", before, flags=re.I)
        return (before, "on what date" if has_day else "in what month and year", after)
    if span.kind == "number":
        words = span.text.split()
        unit = words[-1] if len(words) > 1 and not re.search(r"\d", words[-1]) else ""
        if unit in ("million", "billion"):
            m = re.match(r"\s+([a-z]+)\b", after)
            if m:
                unit, after = m[1], after[m.end() :]
        if unit in ("per", "percent", "%", "cent"):
            return (before, "what percentage", "")
        if not unit or unit in ("million", "billion"):
            return (before, "how many", after)
        return (before, f"how many {unit}", after)
    # A name: where after a location preposition, whom after "by", otherwise which one.
    if re.search(r"\bby\s+$", before):
        return (before, "whom", after)
    m = _LOCATION_PREP.search(before)
    verb = re.search(r"\b(\w+)\s+$", before[: m.start()]) if m else None
    if (
        m
        and m[1].lower() in ("in", "at", "near")
        and re.fullmatch(r"|\s+(?:on|in|at|by|and)\b.*", after)
        and verb
        and re.fullmatch(_LOCATED_VERBS, verb[1])
    ):
        return (before[: m.start()], "where", after)
    return None


def insitu_question_en(span: FactSpan, text: str, title: str | None) -> str | None:
    """The English in-situ question (fronted when the clause allows), or None."""
    found = _sentence_with(span, text)
    if found is None:
        return None
    clause, at = _clause_with(*found, len(span.text))
    if at < 0:
        return None
    if not _askable(span, found[0], found[1], clause[:at], clause[at + len(span.text) :]):
        return None
    intro = re.fullmatch(r"(In|On|By|Since|During)\s+", clause[:at], re.I)
    if intro:
        # "In 1984, Apple introduced the Macintosh" -> "Apple introduced the Macintosh in what year"
        main = _main_clause_after(found[0], found[1] + len(span.text))
        if main is None:
            return None
        phrase = _wh_phrase(span, intro[0].lower(), "")
        before, wh, after = main + " " + (phrase[0] if phrase else ""), phrase[1] if phrase else "", ""
        if not wh:
            return None
    else:
        phrase = _wh_phrase(span, clause[:at], clause[at + len(span.text) :])
        if phrase is None:
            return None
        before, wh, after = phrase
    if before.strip():
        before = _standalone_subject(before, title)
        if before is None:
            return None
    question = _front(before, wh, after) or f"{before}{wh}{after}"
    if len(question.split()) < 5 or not _names_something(question) or _POINTS_BACK.search(question):
        return None
    if not _has_verb(question):
        return None  # "Kennedy in what year of landing a man on the Moon": a fragment
    # A pronoun left in a question usually points outside it; the subject must be named.
    if _PRONOUN_ANYWHERE.search(question.split(" ", 3)[-1]) and not title:
        return None
    question = re.sub(r"\s+", " ", question).strip()
    return question[:1].upper() + question[1:] + "?"


_IRREGULAR_PAST = frozenset(
    """began became begun been born bought brought built came chose drew fell flew found gave got grew held hit kept
    knew laid lay led left made meant met paid put ran rose sank saw set shut sold spent split spread stood struck
    swam took taught told thought threw won wore wrote""".split()
)
_AUXILIARY = frozenset(
    "is was were are am be has have had did does do can could will would shall should may might must".split()
)


def _has_verb(question: str) -> bool:
    """Is there a word that can be a finite verb (an auxiliary, a past form, or a third-person -s form)?"""
    words = re.findall(r"[a-z][a-z'-]*", question)
    return any(w in _AUXILIARY or w in _IRREGULAR_PAST or w.endswith(("ed", "s")) for w in words)


def _names_something(question: str) -> bool:
    """Does the question name its subject (a capitalised word that is not just the sentence opener)?"""
    words = re.findall(r"[A-Za-z][\w'-]*", question)
    return any(w[:1].isupper() for w in words[1:]) or (bool(words) and words[0] not in _OPENERS)


_OPENERS = frozenset("The A An In On At By Since During After Before When What How Construction Work".split())


def _askable(span: FactSpan, sentence: str, at: int, before: str, after: str) -> bool:
    """Shapes that give broken questions: a year inside a date, lists, a relative clause, a cut-off name."""
    if span.kind == "year" and re.search(rf"(?:{_MONTHS})\s+(?:\d{{1,2}},?\s+)?$", sentence[:at]):
        return False  # the year of "16 July 1969" belongs to its date
    if re.search(r"\d\s*(?:and|or|to|-|–)\s*$", before) or re.match(r"\s*(?:and|or|to|-|–)\s*\d", after):
        return False  # one end of a range or list
    if ":" in before or "," in before or re.match(r"(?:which|where|when|who)\b", before, re.I):
        return False
    if re.match(r"(?:If|Unless|Although|Because|Whether)\b", before):
        return False  # a condition, not a statement: "If key is a handle returned by ..."
    if (
        span.kind == "year"
        and re.search(r"\b(?:the|a|an)(?:\s+[a-z]+)?\s+$", before, re.I)
        and re.match(r"\s+[A-Za-z]", after)
    ):
        return False  # "the original 1903 Flyer": the year modifies a noun
    if re.match(r"(?:By|In|On|At|During|After|Before|Since|Until|From)\s+\S+\s", before):
        return False  # inside an opening phrase ("By the time of the landings in 1944 there was ..."): no clause to ask
    if (
        span.kind == "name"
        and re.search(r"\bby\s+$", before)
        and not re.search(r"\b(?:is|was|were|are|been|be)\b", before)
    ):
        return False  # "a team led by whom": no finite verb, a fragment
    if re.search(r"\bof\s+$", before) and span.kind == "date":
        return False
    if span.kind == "name" and (
        span.text[:1].islower()
        or span.text.endswith(("'s", "’s"))
        or re.match(r"\s+and\s", after)
        or re.match(r"\s+[A-Z]", after)
        or re.search(r"\b[A-Z]$", span.text)
    ):
        return False  # part of a longer name ("New York" of "New York City", "John F")
    return True


def _main_clause_after(sentence: str, end: int) -> str | None:
    """The clause after an introductory phrase ("In 1984, <clause>"), cut at the next clause break."""
    rest = sentence[end:]
    m = re.match(r"\s*,?\s*(?=[A-Z]|the\s)", rest)
    if not m:
        return None
    main = rest[m.end() :]
    cut = re.search(r",(?!\d)|;|\s+\(|—|\s-\s", main)
    main = (main[: cut.start()] if cut else main).rstrip(" .!?:;")
    return main if len(main.split()) >= 3 and "," not in main else None


def _front(before: str, wh: str, after: str) -> str | None:
    """Wh-fronting with inversion for "<subject> <aux> <rest> in <year>": "In what year was <subject> <rest>"."""
    if wh != "what year" or after.strip():
        return None
    m = re.fullmatch(rf"(?P<subj>[A-Z][^,]*?) (?P<aux>{_AUXILIARIES}) (?P<rest>[^,]*?)\s*\bin\s*", before)
    if not m or len(m["subj"].split()) > 8 or not m["rest"]:
        return None
    subj = m["subj"]
    if re.match(r"(?:The|A|An)\s", subj):
        subj = subj[0].lower() + subj[1:]
    if _PRONOUN_SUBJECT.match(subj) or _POSSESSIVE_SUBJECT.match(subj):
        return None  # resolved by the caller on the in-situ form instead
    return f"In what year {m['aux']} {subj} {m['rest']}"
