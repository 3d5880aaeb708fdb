"""A docs question without the "now" or "also" its passage gave a sense to."""

from __future__ import annotations

import pytest

from ragstress.generators.questions.passage_words import without_passage_words


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("What does brewConfig now return in Kettle?", "en", "What does brewConfig return in Kettle?"),
        ("Now, which file does Kettle read first?", "en", "Which file does Kettle read first?"),
        ("Which types does steep() accept as well?", "en", "Which types does steep() accept?"),
        ("Which option does Kettle also read from the environment?", "en", None),
        ("Which option also accepts a function in Kettle?", "en", None),
        ("Which option is known as the pot size in Kettle?", "en", "Which option is known as the pot size in Kettle?"),
        ("在 Kettle 中，哪个方法现在会返回配置文件的路径？", "zh", "在 Kettle 中，哪个方法会返回配置文件的路径？"),
        ("Kettle 也支持哪些文件格式？", "zh", "Kettle 支持哪些文件格式？"),
        ("在 Kettle 中，哪个属性同样支持对象写法？", "zh", None),
        ("在 Kettle 中，哪个选项也可以是一个函数？", "zh", None),
        ("此时 Kettle 会调用哪个钩子？", "zh", None),
        ("在 Kettle 中，哪个选项用于设置输出目录？", "zh", "在 Kettle 中，哪个选项用于设置输出目录？"),
    ],
)
def test_the_passage_word_goes_or_the_question_is_not_asked(question: str, lang: str, expected: str | None):
    assert without_passage_words(question, lang) == expected


def test_a_chinese_question_is_read_as_chinese_whatever_its_chunk_s_language():
    assert without_passage_words("在 Kettle 中，哪个方法现在会返回配置文件的路径？", "en") == (
        "在 Kettle 中，哪个方法会返回配置文件的路径？"
    )
    assert without_passage_words("在 Kettle 中，哪个属性同样支持对象写法？", "en") is None
