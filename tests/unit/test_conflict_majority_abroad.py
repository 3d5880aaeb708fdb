"""Acknowledging a conflict read this round: a majority named in Italian, Spanish, Portuguese or Japanese sets it
against the rest ("la maggior parte dei documenti indica ...", "資料の多くは...としている"), as "most passages say" does
in English and 多数资料 in Chinese; one source's value explained away ("one of the articles says the 12th, but that's
...") acknowledges a difference. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.conflict_rules import acknowledges_conflict
from ragstress.values.reading import read

ANSWERS = [["3.1 billion", "3,1 miliardi", "3,1 mil millones"]]
FAKE = ["2.7 billion", "2,7 miliardi", "2,7 mil millones"]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("La maggior parte delle fonti indica 3,1 miliardi, quindi direi 3,1 miliardi.", "en"),
        ("La mayoría de los documentos da 3,1 mil millones, así que diría 3,1 mil millones.", "en"),
        ("資料の大半は31億ドルとしているので、31億ドルだと思います。", "en"),
        ("Most of the passages give 3.1 billion, so 3.1 billion.", "en"),
        ("3.1 billion. (One of the articles says 2.9, but that's last year's total getting mixed in.)", "en"),
        ("多数资料写的是31亿美元，所以答案是31亿美元。", "zh"),
    ],
)
def test_a_majority_or_a_value_explained_away_acknowledges(text, lang):
    assert acknowledges_conflict(read(text, lang), ANSWERS, FAKE).value


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("La maggior parte del fatturato viene dall'Europa: 3,1 miliardi.", "en"),
        ("One of the articles says 3.1 billion, and it gives the full breakdown.", "en"),
        ("资料显示是31亿美元。", "zh"),
    ],
)
def test_a_majority_of_something_else_or_one_source_alone_does_not(text, lang):
    assert not acknowledges_conflict(read(text, lang), ANSWERS, FAKE).value
