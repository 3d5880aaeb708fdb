"""A range given for one value is not the value: neither end of "在98 MB到120 MB之间" states 98 MB, as neither end of
"somewhere between 98 and 120 MB" does in English. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.rules import facts_stated
from ragstress.values.reading import read


@pytest.mark.parametrize(
    ("text", "lang", "answer"),
    [
        ("安装包大小在 98 MB 到 120 MB 之间，视机型而定。", "zh", ["98MB", "98 MB"]),
        ("安装包大小在 98 MB 到 120 MB 之间。", "zh", ["120MB", "120 MB"]),
        ("The download is somewhere between 98 and 120 MB.", "en", ["98 MB", "98MB"]),
    ],
)
def test_an_end_of_a_range_is_not_stated(text, lang, answer):
    assert not facts_stated(read(text, lang), [answer])[0]


@pytest.mark.parametrize(
    ("text", "lang", "answer"),
    [
        ("安装包大小为 98 MB，更新包在 5 MB 到 10 MB 之间。", "zh", ["98MB", "98 MB"]),
        ("The download is 98 MB.", "en", ["98 MB", "98MB"]),
    ],
)
def test_a_value_beside_a_range_is_stated(text, lang, answer):
    assert facts_stated(read(text, lang), [answer])[0]
