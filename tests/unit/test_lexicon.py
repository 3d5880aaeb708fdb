"""The scoring lexicon: every word catches its example, every entry's regex catches the examples of its words,
and the rule modules read their source words from it instead of writing their own."""

from __future__ import annotations

import re

import pytest

from ragstress.scoring.lexicon import Entry, Word, select
from ragstress.scoring.lexicon.en import refusals as en_refusals
from ragstress.scoring.lexicon.en import roles as en_roles
from ragstress.scoring.lexicon.en import sources as en_sources
from ragstress.scoring.lexicon.en import value_kinds as en_value_kinds
from ragstress.scoring.lexicon.intl import sources as intl_sources
from ragstress.scoring.lexicon.zh import flags as zh_flags
from ragstress.scoring.lexicon.zh import roles as zh_roles
from ragstress.scoring.lexicon.zh import sources as zh_sources
from ragstress.scoring.metrics import (
    conflict_patterns,
    conflict_rules_intl,
    json_answer,
    layout_en,
    refusal_zh,
    role_patterns,
    rules_flags_en,
)
from ragstress.values.matching import normalise

CONCEPTS = {"en": (en_sources, en_value_kinds), "zh": (zh_sources,), "intl": (intl_sources,)}
MODULES = [(lang, module) for lang, modules in CONCEPTS.items() for module in modules]


def _bounded(lang: str, regex: str, lists: str = "") -> str:
    # Words of spaced scripts stand between word boundaries where the rules use them; Chinese, Japanese and
    # Korean have none to stand between.
    return rf"\b{regex}\b" if lang == "en" or (lang == "intl" and "b" in lists) else regex


@pytest.mark.parametrize(("lang", "module"), MODULES, ids=lambda m: getattr(m, "__name__", m))
def test_every_word_catches_its_example(lang, module):
    for word in module.WORDS:
        assert re.search(_bounded(lang, word.pattern, word.lists), normalise(word.example)), (
            word.pattern,
            word.example,
        )


@pytest.mark.parametrize(("lang", "module"), MODULES, ids=lambda m: getattr(m, "__name__", m))
def test_every_entry_catches_the_examples_of_its_words(lang, module):
    for entry in module.ENTRIES:
        for word in entry.words:
            regex = re.compile(_bounded(lang, entry.alternation, word.lists))
            assert regex.search(normalise(word.example)), (entry.name, word.example)


@pytest.mark.parametrize(("lang", "module"), MODULES, ids=lambda m: getattr(m, "__name__", m))
def test_every_word_is_written_once_and_belongs_to_an_entry(lang, module):
    patterns = [word.pattern for word in module.WORDS]
    assert len(patterns) == len(set(patterns))
    held = {word.pattern for entry in module.ENTRIES for word in entry.words}
    assert held == set(patterns)


def test_an_entry_keeps_the_order_of_its_words_and_leaves_out_the_unmarked():
    words = (Word("b", "b.", "xy"), Word("a", "a.", "y"), Word("c", "c.", "x"))
    assert select("t", words, "x", "").alternation == "(?:b|c)"
    assert select("t", words, "y", "").alternation == "(?:b|a)"
    with pytest.raises(ValueError, match="selects no word"):
        select("t", words, "z", "")
    assert isinstance(select("t", words, "y", ""), Entry)


def test_the_narrow_entries_are_inside_the_wide_ones():
    assert set(en_sources.SOURCES.words) <= set(en_sources.SOURCES_IN_FLAGS.words)
    assert set(en_sources.SOURCE_NOUNS.words) <= set(en_sources.SOURCES_IN_CONFLICT.words)
    assert set(zh_sources.SOURCES.words) <= set(zh_sources.SOURCES_IN_REFUSALS.words)


def test_the_rule_modules_read_their_source_words_from_the_lexicon():
    assert role_patterns.EN.source_words == rf"\b{en_sources.SOURCES.alternation}\b"
    assert rules_flags_en._SOURCES == en_sources.SOURCES_IN_FLAGS.alternation
    assert layout_en.SOURCE_NOUNS == en_sources.SOURCE_NOUNS.alternation
    assert conflict_patterns._SOURCES == en_sources.SOURCES_IN_CONFLICT.alternation
    assert role_patterns.ZH.source_words == zh_sources.SOURCES.alternation
    assert any(zh_sources.SOURCES_IN_REFUSALS.alternation in p.regex for p in refusal_zh.REFUSAL)
    assert conflict_patterns._ZH_SOURCES == zh_sources.SOURCES_IN_CONFLICT.alternation
    assert (
        conflict_rules_intl.SOURCE_NOUNS
        == rf"\b{intl_sources.SPACED.alternation}\b|{intl_sources.UNSPACED.alternation}"
    )
    assert en_sources.SOURCES_REPORTING.alternation in en_roles.ATTRIBUTED.regex
    assert en_sources.SOURCES_POSSESSING.alternation in en_roles.ATTRIBUTED.regex
    assert zh_sources.SOURCES_REPORTING.alternation in zh_roles.ATTRIBUTED.regex
    assert en_sources.SOURCES_IN_KEYS.alternation in json_answer._SOURCE_SOUND_KEY.pattern
    silent = next(p for p in en_refusals.REFUSAL if p.name == "en.sources_silent")
    assert en_sources.SOURCES_NONE_OF.alternation in silent.regex
    flags = {p.name: p.regex for p in zh_flags.ERROR_FLAG}
    assert zh_sources.SOURCES_AT_FAULT.alternation in flags["zh.sources_wrongly"]
    assert zh_sources.SOURCES_CALLED_WRONG.alternation in flags["zh.has_problem"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("文檔裡沒有提到。", True), ("資料中沒有。", True), ("内容很丰富。", False), ("the handout is wrong", False)],
)
def test_the_core_words_of_both_languages(text, expected):
    core = re.compile(f"{role_patterns.EN.source_words}|{role_patterns.ZH.source_words}")
    assert bool(core.search(normalise(text))) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Las fuentes dan dos fechas.", True),
        ("Il testo è chiaro.", False),
        ("Ein Sachdokument.", False),
        ("자료마다 다르다", True),
    ],
)
def test_third_language_source_nouns(text, expected):
    assert bool(re.search(conflict_rules_intl.SOURCE_NOUNS, normalise(text))) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One reference says 1879.", True),
        ("The current reference says 100.", True),
        ("WHERE filters rows, so it can't reference aggregates.", False),
        ("You need to reference the column by name.", False),
        ("A query that references the table.", False),
    ],
)
def test_reference_as_a_verb_names_no_source(text, expected):
    nouns = re.compile(rf"\b{en_sources.SOURCE_NOUNS.alternation}\b")
    assert bool(nouns.search(normalise(text))) is expected
