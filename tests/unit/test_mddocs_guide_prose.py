"""Questions on what guides and design prose state in sentences: what a named thing is used for, and a
measure's stated quantity."""

from __future__ import annotations

import numpy as np

from ragstress.core.types import Chunk
from ragstress.generators.questions.mddocs_named import document_headings, named_subject_questions
from ragstress.generators.questions.mddocs_quantities import quantity_questions
from ragstress.generators.questions.mddocs_used_for import used_for_questions
from ragstress.generators.questions.page_scope import PageScope


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


def test_a_question_on_a_guide_page_names_the_page_with_the_product():
    asked = used_for_questions("Sieve is used to strain the leaves from the cup.", "Kettle", {}, False, "Brewing Tools")
    assert asked[0][0] == "In Kettle's Brewing Tools guide, what is used to strain the leaves from the cup?"
    asked = used_for_questions("滤网用来过滤杯中的茶叶。", "Kettle", {}, True, "冲泡工具")
    assert asked[0][0] == "在 Kettle 的“冲泡工具”文档中，用来过滤杯中的茶叶的是什么？"


def test_a_thing_its_page_heads_a_section_with_is_asked_by_what_it_does():
    headings = {"sieve", "steep timer", "滤网"}
    asked = named_subject_questions(
        "Sieve keeps the leaves out of the cup, even for fine teas.", "Kettle", "Brewing Tools", headings, False
    )
    assert [(q[0], q[1]) for q in asked] == [
        ("In Kettle's Brewing Tools guide, what keeps the leaves out of the cup?", ["Sieve"])
    ]
    # No heading names it, it is negated, or the sentence says what the thing is rather than what it does.
    assert named_subject_questions("Spout keeps the tea warm for an hour.", "Kettle", "Tools", headings, False) == []
    assert named_subject_questions("Sieve does not keep the leaves out.", "Kettle", "Tools", headings, False) == []
    assert named_subject_questions("Sieve is the finest tool of all.", "Kettle", "Tools", headings, False) == []
    asked = named_subject_questions("滤网让茶叶留在壶中。", "Kettle", "冲泡工具", headings, True)
    assert [(q[0], q[1]) for q in asked] == [("在 Kettle 的“冲泡工具”文档中，让茶叶留在壶中的是什么？", ["滤网"])]
    assert named_subject_questions("滤网是一种常见的工具。", "Kettle", "冲泡工具", headings, True) == []


def test_heading_names_are_read_from_the_markdown_structure():
    text = "Brewing Tools\n\nSome words.\n\n① Default Buttons\n\nThey mark things.\n\n滤网（Sieve）\n\n说明。\n\nNot a heading, it ends."
    headings = document_headings([Chunk(id="c1", doc_id="d1", text=text, start=0, end=len(text))])["d1"]
    assert {"brewing tool", "default button", "滤网", "sieve"} <= headings
    assert not any("heading" in h for h in headings)


class _Collection:
    def __init__(self, rows):
        self.rows = rows

    def get(self, where, include):
        rows = [r for r in self.rows if r[2]["doc_id"] == where["doc_id"]]
        return {"ids": [r[0] for r in rows], "documents": [r[1] for r in rows], "metadatas": [r[2] for r in rows],
                "embeddings": [r[3] for r in rows]}  # fmt: skip


class _Embedder:
    def __init__(self, table):
        self.table = table

    def embed_queries(self, texts):
        return np.array([self.table[t] for t in texts], dtype=np.float32)


class _Store:
    def __init__(self, rows, table):
        self.collection, self.embedder = _Collection(rows), _Embedder(table)


def test_a_guide_page_is_found_by_the_title_its_question_names():
    page = "guide/tools.md"
    intro = "Brewing Tools\n\nThe tools a brewer keeps at hand.\n"
    sieve = "Sieve\n\nSieve keeps the leaves out of the cup.\n"
    rows = [
        ("intro", intro, {"doc_id": page, "start": 0, "end": len(intro)}, [1.0, 0.0]),
        ("sieve", sieve, {"doc_id": page, "start": 200, "end": 200 + len(sieve)}, [0.0, 1.0]),
    ]
    probe = "In Kettle's guide, what keeps the leaves out of the cup?"
    pages = PageScope(_Store(rows, {probe: [0.1, 0.9]}))
    question = "In Kettle's Brewing Tools guide, what keeps the leaves out of the cup?"
    assert pages.found_on_page(question, ["Sieve"], "sieve", page, [page])
    # The page must be among the question's hits, and a question that does not name it gets no second reading.
    assert not pages.found_on_page(question, ["Sieve"], "sieve", page, ["other.md"])
    assert not pages.found_on_page(probe, ["Sieve"], "sieve", page, [page])


def test_what_a_thing_must_do_or_a_verb_missing_its_object_is_not_asked():
    headings = {"sieve", "滤网"}
    assert named_subject_questions("Sieve allows to pour the tea slowly.", "Kettle", "Tools", headings, False) == []
    assert named_subject_questions("滤网需清楚区分粗细两种茶叶。", "Kettle", "冲泡工具", headings, True) == []
    # A first piece too short to say what the thing is for is not joined to the next.
    assert used_for_questions("保温模式：用于冲泡时，保持水温不变。", "Kettle", {}, True) == []


def test_chinese_verbs_numbers_code_and_the_reader_are_not_named_things():
    assert used_for_questions("构建用于生产环境的 Kettle 站点。", "Kettle", {}, True) == []
    assert used_for_questions("一个用于冲泡的壶必须以陶土制成。", "Kettle", {}, True) == []
    headings = {"外部链接", "茶盘布局"}
    assert named_subject_questions('外部链接带有 target="_blank"：', "Kettle", "茶具", headings, True) == []
    assert named_subject_questions("茶盘布局使你可以自行摆放所有茶具。", "Kettle", "茶具", headings, True) == []


def test_a_name_cut_inside_a_verb_or_an_event_is_not_asked():
    assert used_for_questions("此滤网适用于需要慢慢冲泡的场景。", "Kettle", {}, True) == []
    assert used_for_questions("warm 可用于让水保持温热。", "Kettle", {}, True) == []
    assert _measured("壶盖设置了一个保温的刻度值为 1。", zh=True) == {}


def test_a_limit_or_a_clause_cut_at_its_colon_is_not_what_picks_a_thing_out():
    headings = {"sieve"}
    said = "Sieve supports only two kinds of leaves: the first is green tea."
    assert named_subject_questions(said, "Kettle", "Tools", headings, False) == []
    asked = named_subject_questions("Sieve holds the leaves back: fine or coarse.", "Kettle", "Tools", headings, False)
    assert asked[0][0] == "In Kettle's Tools guide, what holds the leaves back?"


def test_prose_of_no_product_is_not_read_as_a_guide():
    from ragstress.generators.questions.mddocs_guide import guide_questions

    page = ("Tea Hills", {"泰茶山"})
    assert guide_questions("泰茶山位于山东省中部的丘陵地带。", None, {}, True, page) == []
    assert guide_questions("泰茶山位于山东省中部的丘陵地带。", "Kettle", {}, True, page) != []


def test_text_read_on_past_a_full_stop_is_not_asked():
    headings = {"sieve"}
    said = "Sieve works together with the pour action for state. > 2 cups are poured."
    assert named_subject_questions(said, "Kettle", "Tools", headings, False) == []


def test_a_thing_said_to_be_a_tool_for_a_task_is_asked_as_that_tool():
    asked = used_for_questions("steeper 用于在冲泡阶段向茶杯输出热水的工具。", "Kettle", {}, True, "API")
    assert asked[0][0] == "在 Kettle 的“API”文档中，用于在冲泡阶段向茶杯输出热水的工具是什么？"
