"""Question styles: pure functions of (question, rng), written natively in en and zh."""

from __future__ import annotations

import random

import pytest

from ragstress.generators.testbeds.styles import check_styles, grammar, informal, typo
from ragstress.values.spans import contains_alias


def test_typos_never_touch_the_answer_words():
    question = "Which company manufactures Walkman devices according to Sony documentation?"
    for n in range(20):
        changed = typo(question, "en", random.Random(n), [["Walkman"]])
        assert changed != question and contains_alias(changed, ["Walkman"])


def test_informal_register_in_both_languages():
    en = informal("What is the height of the tower, please?", "en", random.Random(1))
    assert en[:1].islower() and "what's" in en and "pls" in en
    zh = informal("这座塔是什么时候建成的？", "zh", random.Random(1))
    assert zh.endswith(("啊？", "呀？", "来着？", "？？")) and "这座塔" in zh


def test_grammar_errors_in_both_languages():
    en = grammar("When was the tower completed?", "en", random.Random(2), [["1889"]])
    assert "the" not in en.split() and "were" in en.split()
    zh = grammar("埃菲尔铁塔是在哪一年建成的？", "zh", random.Random(2), [["1889年"]])
    assert zh.startswith("哪一年") and "的" not in zh


def test_an_unknown_style_is_an_error_and_none_means_every_style():
    with pytest.raises(ValueError, match="unknown question style 'tpyo'"):
        check_styles(("tpyo",))
    assert check_styles(()) == ("typo", "informal", "grammar", "distracting", "preamble")
