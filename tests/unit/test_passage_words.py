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
        # "使用该选项" and "相应的" say nothing the question needs; a pointer or a list label carries the passage.
        ("brew 的哪个属性用于使用该选项设置茶壶的容量？", "zh", "brew 的哪个属性用于设置茶壶的容量？"),
        ("在 Kettle 中，使用哪个属性配置相应的过滤规则？", "zh", "在 Kettle 中，使用哪个属性配置过滤规则？"),
        ("在 Kettle 中，这类茶叶无法通过哪个属性保留香气？", "zh", None),
        ("在 Kettle 中，上述配置由哪个函数合并？", "zh", None),
        ("在 Kettle 中，冷泡模式：使用哪个属性设置浸泡时长？", "zh", None),
        ("在 Kettle 中，Node 18 以上由哪个选项启用？", "zh", "在 Kettle 中，Node 18 以上由哪个选项启用？"),
        # A default the sentence ran on into is cut; an abbreviation read backwards is not asked.
        (
            "What is the type of the brewLevel option, which sets the strength, the default value is mild?",
            "en",
            "What is the type of the brewLevel option, which sets the strength?",
        ),
        ("In Kettle's Glossary guide, what stands for Cold Brew Extraction?", "en", None),
    ],
)
def test_the_passage_word_goes_or_the_question_is_not_asked(question: str, lang: str, expected: str | None):
    assert without_passage_words(question, lang) == expected


def test_a_chinese_question_is_read_as_chinese_whatever_its_chunk_s_language():
    assert without_passage_words("在 Kettle 中，哪个方法现在会返回配置文件的路径？", "en") == (
        "在 Kettle 中，哪个方法会返回配置文件的路径？"
    )
    assert without_passage_words("在 Kettle 中，哪个属性同样支持对象写法？", "en") is None
