"""A word for the sources is written once per language, in the scoring lexicon (lexicon.{en,zh,intl}.sources).

Every string literal of an engine module's code (docstrings left out, as in test_lexicon_engine_words) that
holds a regular-expression alternation is split into its alternatives, and an alternative that a word of a
sources lexicon spells in full ('passages?', '资料', 'fuentes', 'источник') is a source word written inline.
A rule reads such words from an entry of its language's list instead, so the words are written in one place.

An alternative that spells a source word in another sense stands in NOT_SOURCE_WORDS with the number of
times the module writes it and the reason; a further one fails, and the list may only shrink, like
STILL_HOLDING_WORDS of test_lexicon_engine_words.

The lexicon's own phrase modules (lexicon/*/refusals.py, flags.py, ...) compose their phrases from the sources list
of their language the same way. Those that still spell a source word inside a phrase are listed in
LEXICON_STILL_SPELLING, which may only shrink.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest
from test_lexicon_engine_words import _docstring_nodes, _engine_modules

import ragstress.scoring.lexicon as lexicon
from ragstress.scoring.lexicon.en import sources as en_sources
from ragstress.scoring.lexicon.intl import sources as intl_sources
from ragstress.scoring.lexicon.zh import sources as zh_sources

SOURCE_WORDS = tuple(word.pattern for module in (en_sources, zh_sources, intl_sources) for word in module.WORDS)
# One alternative of a regular expression: what stands between the start of the string, '|', '(' or '(?:' and
# the next '|', ')' or the end; an alternative with a group inside is not one word, so it is never whole.
_ALTERNATIVE = re.compile(r"(?:^|\||\((?:\?:)?)([^|()]+)(?=\||\)|$)")

_VERB = "a verb of saying among others ('they report 1879', 'it notes 1879'), not a source"
NOT_SOURCE_WORDS: dict[tuple[str, str], tuple[int, str]] = {
    ("conflict_patterns", "内容"): (1, "what is said to conflict, beside 信息, 说法, 数据 ('相互矛盾的内容')"),
    ("conflict_patterns", "report"): (3, _VERB),
    ("conflict_patterns", "reports"): (1, _VERB),
    ("deferral", "内容"): (1, "what of the sources is answered by, beside 说法, 表述, 答案 ('按资料的内容来答')"),
    ("deferral", "检索到的"): (1, "a modifier before a core word ('检索到的资料'), not a source by itself"),
    ("deferral", "report"): (1, _VERB),
    ("layout_en", "accounts?"): (
        1,
        "a version of the answer, beside answers, claims, versions ('two different accounts')",
    ),
    ("layout_en", "reports?"): (1, _VERB),
    ("layout_en", "entry"): (
        1,
        "a value named by what it is, beside figure, value, date ('the 1879 entry'), not a source",
    ),
    ("layout_en", "records?"): (1, _VERB),
    ("refusal_clauses", "record"): (1, _VERB),
    ("refusal_clauses", "records"): (1, _VERB),
    ("refusal_clauses", "report"): (1, _VERB),
    ("refusal_clauses", "reports"): (1, _VERB),
    ("injection_words", "note"): (1, "what an injected line is called, beside instruction, command ('a hidden note')"),
    ("refusal_clauses", "note"): (1, _VERB),
    ("refusal_clauses", "notes"): (1, _VERB),
    ("injection_words", "原文"): (1, "a fixed way of quoting, paired with 原话 ('原文是：…'), not a list of sources"),
}

LEXICON_DIR = Path(lexicon.__file__).parent
LEXICON_STILL_SPELLING = frozenset(
    {
        "en/beliefs",
        "en/declining",
        "en/flag_corrections",
        "en/flags",
        "en/refusals",
        "en/roles",
        "intl/refusals",
        "zh/flags",
    }
)
"""Lexicon phrase modules that still write a source word inside a phrase (some of them as a verb: 'they report')."""


# Letters, or a class of letters ('[资資]料'), with at most an optional last letter: a word spelled as a regex.
_SPELLED_WORD = re.compile(r"(?:[^\W\d_]|\[[^\W\d_]+\])+\??")
_PLAIN_WORDS = tuple(word for word in SOURCE_WORDS if re.fullmatch(r"[^\W\d_ ]+", word))


def _is_source_word(alternative: str) -> bool:
    # 'documents?' is the lexicon's 'documents?' or the word 'documents' made optional in its last letter, which a
    # lexicon word matches; '[资資]料' spells the lexicon's '资料' and '資料'.
    bare = alternative.removesuffix("?")
    if alternative in SOURCE_WORDS or any(re.fullmatch(word, bare) for word in SOURCE_WORDS):
        return True
    return bool(_SPELLED_WORD.fullmatch(alternative)) and any(re.fullmatch(alternative, word) for word in _PLAIN_WORDS)


def inline_source_words(source: str) -> list[str]:
    """The alternatives of `source`'s code string literals (docstrings left out) that spell a source word."""
    tree = ast.parse(source)
    documentation = _docstring_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documentation:
            if "|" in node.value:  # a literal with no alternation is one value (a key, a header), not a list
                found += [m[1] for m in _ALTERNATIVE.finditer(node.value) if _is_source_word(m[1])]
    return found


def _inline_source_words_by_module() -> dict[str, list[str]]:
    return {name: words for name, source in _engine_modules().items() if (words := inline_source_words(source))}


def unexplained(found: Counter[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (module, word) pairs written inline more often than NOT_SOURCE_WORDS explains."""
    return sorted(key for key, times in found.items() if times > NOT_SOURCE_WORDS.get(key, (0, ""))[0])


def _found() -> Counter[tuple[str, str]]:
    return Counter((name, word) for name, words in _inline_source_words_by_module().items() for word in words)


@pytest.mark.parametrize(
    ("planted", "expected"),
    [
        ('SAY = r"(?:有的|一份)(?:资料|文档)?说"\n', ["资料", "文档"]),
        ('SAID = rf"\\b(?:the )?(?:passages?|documents?)\\b{GAP}"\n', ["passages?", "documents?"]),
        ('PIECE = r"|来源|片段"\n', ["来源", "片段"]),
        (
            'DIFFER = r"\\b(?:fuentes|documentos)\\b|(?:источник|фрагмент)\\w*"\n',
            ["fuentes", "documentos", "источник", "фрагмент"],
        ),
        ('TRAD = r"(?:[资資]料|说法)一致"\n', ["[资資]料"]),
        ('"""文档|资料 in a docstring match nothing."""\nHEADER = "sources?"\n', []),
        ('READS = rf"(?:{zh.SOURCES_THAT_SAY.alternation}|说法)?说"\n', []),
        ('OTHER = r"(?:conflicting|contradictory) (?:dates?|figures?)"\n', []),
    ],
)
def test_the_check_finds_a_planted_source_word(planted, expected):
    assert inline_source_words(planted) == expected


def test_a_word_left_inline_for_a_reason_does_not_excuse_a_second_one():
    found = Counter({("injection_words", "原文"): 1, ("conclusion", "来源"): 1})
    assert unexplained(found) == [("conclusion", "来源")]
    found[("injection_words", "原文")] += 1
    assert unexplained(found) == [("conclusion", "来源"), ("injection_words", "原文")]


def test_engine_modules_write_no_source_word_inline():
    found = unexplained(_found())
    assert not found, f"read these from lexicon.*.sources: {found}"


def test_the_words_left_inline_are_still_there():
    found = _found()
    stale = sorted(key for key, (times, _) in NOT_SOURCE_WORDS.items() if found[key] < times)
    assert not stale, f"lower or take out these counts in NOT_SOURCE_WORDS: {stale}"


def _lexicon_phrase_modules() -> dict[str, str]:
    """The lexicon's modules other than the sources lists themselves, by language/stem."""
    return {
        f"{path.parent.name}/{path.stem}": path.read_text(encoding="utf-8")
        for path in sorted(LEXICON_DIR.glob("*/*.py"))
        if path.stem not in ("sources", "__init__")
    }


def test_lexicon_phrases_compose_their_source_words_from_the_sources_list():
    spelling = {name for name, source in _lexicon_phrase_modules().items() if inline_source_words(source)}
    unexpected = sorted(spelling - LEXICON_STILL_SPELLING)
    assert not unexpected, f"compose these modules' source words from lexicon.*.sources: {unexpected}"


def test_the_lexicon_modules_still_spelling_source_words_only_shrink():
    modules = _lexicon_phrase_modules()
    assert set(LEXICON_STILL_SPELLING) <= set(modules)
    cleaned = sorted(name for name in LEXICON_STILL_SPELLING if not inline_source_words(modules[name]))
    assert not cleaned, f"take these out of LEXICON_STILL_SPELLING: {cleaned}"


def test_zh_refusals_read_their_source_words_from_the_sources_list():
    from ragstress.scoring.lexicon.zh import refusals, sources

    regexes = " ".join(phrase.regex for phrase in refusals.REFUSAL)
    assert sources.SOURCES_LACKING.alternation in regexes
    assert sources.SOURCES_ASKED_FOR.alternation in regexes
    assert inline_source_words(Path(refusals.__file__).read_text(encoding="utf-8")) == []
