"""Fake answers of the same type as the true one, and passages rewritten to carry them.

A year, date or quantity gets another value of its kind, written in each alias's form
(src/ragstress/generators/testbeds/value_fakes.py); a quantity is never planted as a name. A name becomes another
name of the same kind found in the corpus: for Chinese the same suffix (市, 江, 公司 ...), for
English a place (a name the corpus uses after "in", "at", "from" ...) or another name with
the same number of words. A technical term gets a term of the same shape (an acronym another
acronym, `GPT-4o` another name with a digit, `v1.4.2` another version); a word the corpus
uses as a technical term ("Python code", "written in Rust") gets another such word, and a
word it uses for a person ("Peter said") is never the fake of anything but a person.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from ragstress.generators.questions.techdoc import PATH, entries, term_spellings
from ragstress.generators.testbeds.name_choices import other_names
from ragstress.generators.testbeds.value_fakes import (
    AnswerValue,
    answer_kind,
    answer_value,
    planted_value,
    written_fakes,
)
from ragstress.values.forms import Date, impossible_dates
from ragstress.values.restated import restated_answer
from ragstress.values.rewriting import mention_written, replace_value
from ragstress.values.spans import contains_alias, extract_spans, replace_aliases, unique

_PLACE_WORDS = re.compile(r"\b(?:in|at|near|from|to|into|across)\s+(?:the\s+)?$", re.IGNORECASE)
_PERSON_CUES = re.compile(
    r"\b(?:by|engineer|architect|founder|founded by|designer|inventor|scientist|president|astronaut|"
    r"cosmonaut|pilot|named after|son|daughter|brother|led by|physician|businessman|explorer)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
_NUMBER_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_ZH_ROLES = (
    "创始人|创办人|科学家|药学家|物理学家|工程师|建筑师|设计师|航天员|宇航员|驾驶员|指令长|运动员|工匠|知州|太守|"
    "长官|总统|总理|皇帝|发明家|作家|诗人|将军|船长|导演|投资家|向导|教练"
)
# After a role word: a Chinese name of 2-3 characters, or a transliterated one with "·" between its parts,
# ending where punctuation or a common following word begins.
_ZH_PERSON = re.compile(
    rf"(?:{_ZH_ROLES})([\u4e00-\u9fff]{{2,5}}(?:·[\u4e00-\u9fff]{{2,5}}?)+|[\u4e00-\u9fff]{{2,3}})"
    r"(?=[，。、；）]|[于在的是和与主领率发提设创带乘从首拍也旗])"
)
_TERM_NOUNS = (
    r"code|library|libraries|package|packages|version|versions|api|apis|sdk|model|models|framework|frameworks|"
    r"language|file|files|server|servers|script|scripts|module|modules|tool|tools|app|apps|client|pipeline|"
    r"database|cli|plugin|plugins|extension|runtime|interpreter|compiler|syntax|developers|project|repository|"
    r"release|bindings|wrapper|ecosystem|community|notebook|notebooks|backend|frontend|endpoint|implementation"
)
_TERM_AFTER = re.compile(rf"^\s+(?:\d[\d.]*\b|(?:{_TERM_NOUNS})\b)", re.IGNORECASE)
_TERM_BEFORE = re.compile(
    r"\b(?:(?:written|built|implemented|coded|programmed|developed|runs?|running|available) (?:in|with|on|for)"
    r"|using|via|install|installed|import|switched to|migrated to|ported to)\s+$",
    re.IGNORECASE,
)
_PERSON_AFTER = re.compile(
    r"^,?\s+(?:said|says|wrote|writes|explains|explained|notes|noted|told|tells|argues|argued|added|adds|recalls"
    r"|recalled|believes|thinks|thought|asked|asks|replied|joined|himself|herself)\b",
    re.IGNORECASE,
)
_PERSON_BEFORE = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof|Sir|Dame)\.?\s+$")
# Identifier-shaped tokens a plain text may hold: GPT-4o, H100, HTTP/2, v1.4.2, and acronyms.
_TECH_TOKEN = re.compile(
    r"(?<![\w./-])(?:v?\d+(?:\.\d+){2,3}|v\d+(?:\.\d+)?|[A-Za-z][\w]*(?:[-/][\w]+)+|[A-Za-z]+\d\w*)(?![\w/-])"
)
_ZH_SUFFIX = re.compile(r"(省|市|县|江|河|湖|海|山|峰|岛|港|公司|集团|大学|大桥|铁路|运河|寺|宫|塔)$")


@dataclass(frozen=True)
class FakeAnswer:
    """The planted answer: its aliases (first is the main one), how each true alias is rewritten, and for a
    year, date or quantity the (true, planted) values, written wherever a passage writes the true one."""

    aliases: list[str]
    replacements: dict[str, str]
    kind: str
    values: tuple[Date | Decimal, Date | Decimal] | None = None


def name_category(name: str, context_before: str, lang: str) -> str:
    """The kind of a name, used to pick a fake of the same kind."""
    if lang == "zh" or re.search(r"[\u4e00-\u9fff]", name):
        suffix = _ZH_SUFFIX.search(name)
        return f"zh:{suffix[1]}" if suffix else "zh:other"
    if _PLACE_WORDS.search(context_before[-20:]):
        return "en:place"
    if len(name.split()) >= 2 and _PERSON_CUES.search(context_before[-40:]):
        return "en:person"
    return f"en:words{min(len(name.split()), 3)}"


def question_category(question: str) -> str | None:
    """The kind of name a question asks for, when its wording says so."""
    q = question.strip().lower()
    if re.match(r"(who|whose|by whom)\b", q) or re.search(r"\b(who|whom)\b", q) or "谁" in q:
        return "person"
    if re.search(r"[\u4e00-\u9fff]", q):
        return None  # Chinese places are typed by their suffix (市, 江, 海 ...), which is sharper
    if re.search(
        r"\b(where|which|what) (city|country|place|town|river|sea|ocean|state|island|continent)\b|^where\b|\bcapital\b",
        q,
    ):
        return "place"
    return None


def technical_category(name: str) -> str | None:
    """The category of a technical answer (an option, a callable, a constant, a dotted name, a version, an
    acronym, a name with a digit or a slash), else None."""
    if re.fullmatch(r"-{1,2}[A-Za-z0-9][\w-]*", name):
        return "tech:option"
    if re.fullmatch(r"[A-Za-z_][\w.]*\(\)", name):
        return "tech:callable"
    if re.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|E[A-Z0-9]{2,15}", name):
        return "tech:constant"
    if PATH.fullmatch(name):
        return "tech:path"
    if re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+", name):
        return "tech:dotted"
    if re.fullmatch(r"v?\d+(?:\.\d+){2,3}|v\d+(?:\.\d+)?", name):
        return "tech:version"
    if re.fullmatch(r"[A-Z]{2,6}s?", name):
        return "tech:acronym"
    if re.fullmatch(r"[A-Za-z][\w]*(?:/[\w]+)+", name):
        return "tech:slashed"  # HTTP/2, TCP/IP
    if re.fullmatch(r"[A-Za-z][\w]*(?:-[\w]+)*", name) and re.search(r"\d", name):
        return "tech:alnum"  # GPT-4o, H100, C3
    return None


def word_usage(name: str, before: str, after: str) -> str | None:
    """How the text uses a name at one place: "en:person" ("Peter said", "Dr. Novak"), "en:term" for a
    one-word technical term ("Python code", "written in Rust"), or None when it does not say."""
    if _PERSON_AFTER.match(after) or _PERSON_BEFORE.search(before[-12:]):
        return "en:person"
    if len(name.split()) == 1 and (_TERM_AFTER.match(after) or _TERM_BEFORE.search(before[-30:])):
        return "en:term"
    return None


def name_inventory(texts: Iterable[str], lang: str) -> dict[str, tuple[str, ...]]:
    """Names found in the corpus by category, sorted, so the choice of a fake is reproducible.

    A manual's defined terms are listed too, by their shape (`technical_category`): an option's
    fake is another option of the corpus, a function's another function."""
    found: dict[str, set[str]] = {}
    for text in texts:
        for entry in entries(text):
            category = technical_category(entry.names[0])
            if category:
                found.setdefault(category, set()).add(entry.names[0])
        if lang == "zh":
            # Chinese person names are not capitalised: find them after a role word, or by the "·" of foreign names.
            for m in _ZH_PERSON.finditer(text):
                found.setdefault("zh:person", set()).add(m[1])
        for span in extract_spans(text, lang):
            if span.kind == "name":
                category = technical_category(span.text) or name_category(span.text, text[: span.start], lang)
                found.setdefault(category, set()).add(span.text)
                # How the text uses it, at every place it occurs (spans are listed once, at the first).
                for m in re.finditer(rf"(?<![\w-]){re.escape(span.text)}(?![\w-])", text) if lang != "zh" else ():
                    usage = word_usage(span.text, text[: m.start()], text[m.end() :])
                    if usage:
                        found.setdefault(usage, set()).add(span.text)
        if lang != "zh":
            for m in _TECH_TOKEN.finditer(text):
                category = technical_category(m[0].rstrip(".-/"))
                if category in ("tech:version", "tech:slashed", "tech:alnum"):
                    found.setdefault(category, set()).add(m[0].rstrip(".-/"))
    return {category: tuple(sorted(names)) for category, names in sorted(found.items())}


def answer_category(aliases: list[str], source_text: str, lang: str, question: str = "") -> str:
    """The category of a true name answer: from the question's wording, else where it first occurs in its source."""
    asked = question_category(question)
    if asked:
        return f"{'zh' if lang == 'zh' else 'en'}:{asked}"
    for alias in aliases:
        m = re.search(re.escape(alias), source_text, re.IGNORECASE)
        if m:
            return name_category(alias, source_text[: m.start()], lang)
    return name_category(aliases[0], "", lang)


def make_fake_answer(
    aliases: list[str],
    lang: str,
    rng: random.Random,
    *,
    source_text: str,
    names: Mapping[str, tuple[str, ...]],
    question: str = "",
    deviation: str | None = None,
) -> FakeAnswer | str:
    """A fake for the true `aliases`, or the reason none of the same kind can be made.

    A year, date or quantity gets a value of its own kind (src/ragstress/generators/testbeds/value_fakes.py); a name another
    name of its kind from the corpus. `deviation` (small, medium, large: see value_fakes.DEVIATIONS)
    sets how far a value moves; a name has no such scale, so with a deviation it gets no fake.
    """
    value = answer_value(aliases[0], lang)
    technical = technical_category(aliases[0])
    if value is not None and not technical:
        return _value_fake(aliases, value, rng, deviation)
    kind = answer_kind(aliases[0], lang)
    if kind != "name" and aliases[0].lower() not in _NUMBER_WORDS:
        # Never planted as a name: "six million", 二百五十万, a version such as 3.8.1.
        return f"a {kind} in a form that cannot be planted"
    if deviation is not None:
        return "a name has no distance from the truth"
    if aliases[0].lower() in _NUMBER_WORDS:
        # A spelled-out count ("five") is a number: another count, not a name.
        word = aliases[0].lower()
        fake_word = rng.choice([w for w in _NUMBER_WORDS if w != word])
        return FakeAnswer([fake_word], {alias: fake_word for alias in aliases}, "number (word)")
    if technical:
        return _technical_fake(aliases, technical, names, rng, source_text)
    category = answer_category(aliases, source_text, lang, question)
    if category != "en:person" and aliases[0] in names.get("en:term", ()):
        category = "en:term"  # the corpus uses it as a technical term: its fake is another term, never a person
    # Sharing no word with the truth, neither holding it nor held in it, and no person for a place or a thing.
    choices = other_names(names, category, aliases)
    if not choices:
        return f"no other name of its kind ({category}) in the corpus"
    fake = rng.choice(choices)
    return FakeAnswer([fake], {alias: fake for alias in aliases}, f"name ({category})")


def _value_fake(aliases: list[str], value: AnswerValue, rng: random.Random, deviation: str | None) -> FakeAnswer | str:
    """The planted year, date or quantity written in each alias's form, plus the bare value ("2.9 million")."""
    new = planted_value(value, rng, deviation)
    if isinstance(new, str):
        return new
    replacements = written_fakes(aliases, value, new)
    if aliases[0] not in replacements:
        return "the answer's form cannot hold the planted value"
    bare = mention_written(value.text, value.mention, new) or replacements[aliases[0]]
    main = replacements[aliases[0]]
    return FakeAnswer(unique([main, bare, *replacements.values()]), replacements, value.kind, (value.value, new))


def _technical_fake(
    aliases: list[str], category: str, names: Mapping[str, tuple[str, ...]], rng: random.Random, source_text: str
) -> FakeAnswer | str:
    """Another term of the same shape from the corpus and not in the passage (two `-n` entries would say
    nothing), each true spelling replaced by the fake's like spelling (`os.getcwd()` -> `os.listdir()`)."""
    taken = {a.lower() for a in aliases}
    choices = [
        n
        for n in names.get(category, ())
        if not {s.lower() for s in term_spellings(n)} & taken and not contains_alias(source_text, [n])
    ]
    if not choices:
        return f"no other term of its shape ({category}) in the corpus"
    fake = rng.choice(choices)
    spellings = term_spellings(fake)
    if len(spellings) == len(aliases):
        replacements = dict(zip(aliases, spellings))
    else:
        replacements = dict.fromkeys(aliases, fake)
    return FakeAnswer(unique([fake, *replacements.values()]), replacements, f"name ({category})")


def plant_passage(text: str, true_aliases: list[str], fake: FakeAnswer) -> tuple[str, None] | tuple[None, str]:
    """(the passage carrying `fake`, None), or (None, why it cannot).

    A planted year, date or quantity is written wherever the passage writes the true value, in each
    place's own form; then every true alias is replaced. The result must show no alias of the truth,
    restate it in no other form (src/ragstress/values/restated.py, the check noise passages pass), hold no date
    that would not exist, and carry the fake.
    """
    planted: str | None = text
    if fake.values is not None:
        planted = replace_value(text, *fake.values)
        if planted is None:
            return None, "a place in the passage cannot hold the planted value"
    planted = replace_aliases(planted, fake.replacements)
    if impossible_dates(planted) - impossible_dates(text):
        return None, "a planted date would not exist"
    if contains_alias(planted, true_aliases):
        return None, "an alias of the truth survives"
    if restated_answer(planted, true_aliases):
        return None, "the truth is restated in another form"
    if not contains_alias(planted, fake.aliases):
        return None, "the planted value does not appear"
    return planted, None
