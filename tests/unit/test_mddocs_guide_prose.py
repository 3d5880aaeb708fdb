"""Questions on what guides and design prose state in sentences: what a named thing is used for, and a
measure's stated quantity."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_quantities import quantity_questions
from ragstress.generators.questions.mddocs_used_for import used_for_questions


def _used(sentence: str, zh: bool = False, kinds: dict[str, str] | None = None) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in used_for_questions(sentence, "Kettle", kinds or {}, zh)}


def _measured(sentence: str, zh: bool = False) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in quantity_questions(sentence, "Kettle", zh)}


def test_a_named_thing_is_asked_by_what_it_is_used_for():
    assert _used("Sieve is used to strain the leaves from the cup, keeping the tea clear.") == {
        "What is used to strain the leaves from the cup in Kettle?": ["Sieve"]
    }
    assert _used("Steep Timer is mainly used for long infusions.") == {
        "What is mainly used for long infusions in Kettle?": ["Steep Timer"]
    }
    # A name the corpus documents keeps its kind.
    assert _used("Pourer is used to fill two cups at once.", kinds={"Pourer": "component"}) == {
        "Which component is used to fill two cups at once in Kettle?": ["Pourer"]
    }


def test_no_name_no_question():
    # A common noun, a pronoun, an opener before the subject, a negation: nothing a reader could name.
    assert _used("The prompt is used to tell the drinker what to do next.") == {}
    assert _used("It is used to brew green tea slowly.") == {}
    assert _used("By default, slow pouring is used to keep the foam.") == {}
    assert _used("Sieve is not used to strain the leaves.") == {}


def test_chinese_used_for():
    assert _used("滤网用来过滤杯中的茶叶。", zh=True) == {"在 Kettle 中，用来过滤杯中的茶叶的是什么？": ["滤网"]}
    assert _used("保温模式：用于长时间保持水温。", zh=True) == {
        "在 Kettle 中，用于长时间保持水温的是什么？": ["保温模式"]
    }
    # A person, a pronoun, or an adverb opening the sentence is no named thing.
    assert _used("品茶用户用来记录每次冲泡的心得。", zh=True) == {}
    assert _used("它用于过滤茶叶。", zh=True) == {}
    assert _used("一般用于冷泡或者热泡。", zh=True) == {}


def test_a_measure_is_asked_for_its_quantity():
    assert _measured("The base width of a cup is 80px, which fits most saucers.") == {
        "What is the base width of a cup in Kettle?": ["80px", "80"]
    }
    assert _measured("In the Kettle brewing system, our recommended base steep time is 180 seconds.") == {
        "In the Kettle brewing system, what is the recommended base steep time?": ["180 seconds", "180"]
    }


def test_lists_ranges_and_vague_measures_are_not_asked():
    assert _measured("The common cup sizes are 8px, 16px and 24px.") == {}
    assert _measured("The size is 8.") == {}
    assert _measured("Its handle width is 12.") == {}
    assert _measured("The lid weight is 8 times the cup weight.") == {}


def test_chinese_quantity():
    assert _measured("杯子的基础宽度为 80px，能适配多数茶碟。", zh=True) == {
        "在 Kettle 中，杯子的基础宽度是多少？": ["80px", "80"]
    }
    assert _measured("常用杯子尺寸为 8、16 和 24。", zh=True) == {}
    assert _measured("标签文字长度为 2-6 个字。", zh=True) == {}
    assert _measured("它的宽度为 8。", zh=True) == {}
