"""Questions on a code name by its role in its clause, and on entries documented under their own heading."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions import mddocs
from ragstress.generators.questions.mddocs_code import answer_spellings, code_names
from ragstress.generators.questions.mddocs_headed import headed_questions
from ragstress.generators.questions.mddocs_roles_en import role_questions
from ragstress.generators.questions.mddocs_roles_zh import chinese_roles

# What an invented tea-brewing library's code calls: the corpus's code names by kind.
_KINDS = {
    "brewCup": "function",
    "createKettle": "function",
    "attachLid": "function",
    "kettle.$warm": "function",
    "$pour": "function",
    "onEmpty": "function",
    "mapLeaves": "function",
}


def _asked(sentence: str) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in role_questions(sentence, "Kettle", _KINDS)}


def _asked_zh(sentence: str) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in chinese_roles(sentence, "Kettle", _KINDS)}


def test_code_names_are_known_by_shape_and_kind_noun():
    names = code_names("You can call the $pour method or brewCup() to fill a <TeaCup> with Vue.", _KINDS, "Kettle")
    assert [(n.name, n.kind) for n in names] == [
        ("$pour", "method"),
        ("brewCup()", "function"),
        ("<TeaCup>", "component"),
    ]
    # A word is no code name, whatever noun follows it; a file name is not either.
    assert code_names("Set the name option in kettle.config.js.", _KINDS, "Kettle") == []
    assert answer_spellings("kettle.$warm()") == ["kettle.$warm()", "kettle.$warm", "$warm()", "$warm"]


def test_a_code_name_as_subject_is_asked_by_what_it_does():
    assert _asked("The main difference is that brewCup() allows you to pour two cups at once.") == {
        "Which function allows you to pour two cups at once in Kettle?": ["brewCup()", "brewCup"]
    }
    assert _asked("onEmpty() is called when the last cup has been poured.") == {
        "Which function is called when the last cup has been poured in Kettle?": ["onEmpty()", "onEmpty"]
    }
    # A when-clause before the subject stays: it is half of the fact.
    assert list(_asked("When the pot is empty, onEmpty() switches the heater off.")) == [
        "When the pot is empty, which function switches the heater off in Kettle?"
    ]


def test_a_code_name_used_or_called_for_a_purpose_is_asked_by_the_purpose():
    assert list(_asked("To warm the pot before brewing, call kettle.$warm().")) == [
        "Which method do you call to warm the pot before brewing in Kettle?"
    ]
    assert list(_asked("You can empty the pot by calling the $pour method.")) == [
        "Which method do you call to empty the pot in Kettle?"
    ]
    assert list(_asked("The kettle is created by calling createKettle().")) == [
        "Which function do you call to create the kettle in Kettle?"
    ]
    # Only the reader's use is asked: what another function calls is no task of the reader's.
    assert _asked("Internally, brewCup() calls attachLid() to close the pot.") == {
        "Which function calls attachLid() to close the pot in Kettle?": ["brewCup()", "brewCup"]
    }


def test_a_code_name_as_the_means_and_in_a_relative_clause():
    assert list(_asked("Lids are attached to the pot with attachLid().")) == [
        "With which function are lids attached to the pot in Kettle?"
    ]
    assert list(_asked("A pot is brewed with createKettle(), which returns a kettle ready to pour.")) == [
        "Which function returns a kettle ready to pour in Kettle?"
    ]


def test_sentences_a_question_cannot_stand_on_are_not_asked():
    assert _asked("It is warmed with attachLid().") == {}  # "it": which?
    assert _asked("brewCup() does not pour the tea.") == {}  # negated
    assert _asked("brewCup() and mapLeaves() return a cup.") == {}  # one of a list
    assert _asked("brewCup() is a function.") == {}  # a bare copula: many right answers
    assert _asked('With createKettle(), the pot will look "new, e.g. shiny.') == {}  # a quotation cut short


def test_a_list_entry_line_is_asked_by_its_imperative():
    assert _asked("kettle.$warm(): heat the water to the chosen temperature.") == {
        "Which method heats the water to the chosen temperature in Kettle?": [
            "kettle.$warm()",
            "kettle.$warm",
            "$warm()",
            "$warm",
        ]
    }


def test_chinese_code_names_are_asked_in_place():
    assert _asked_zh("两种方式的区别是，brewCup() 允许你一次冲泡两杯茶。") == {
        "在 Kettle 中，哪个函数允许你一次冲泡两杯茶？": ["brewCup()", "brewCup"]
    }
    assert list(_asked_zh("冲泡之前，你可以通过 kettle 的 $pour 方法倒掉剩余的水。")) == [
        "在 Kettle 中，冲泡之前，可以通过 kettle 的哪个方法倒掉剩余的水？"
    ]
    assert list(_asked_zh("为了在冲泡前预热水壶，你需要调用 kettle.$warm()。")) == [
        "在 Kettle 中，要在冲泡前预热水壶，需要调用哪个方法？"
    ]


def test_chinese_sentences_a_question_cannot_stand_on_are_not_asked():
    assert _asked_zh("它可以通过 attachLid() 函数盖上壶盖。") == {}  # 它: which?
    assert _asked_zh("brewCup() 和 mapLeaves() 都会返回一杯茶。") == {}  # one of a list
    assert _asked_zh("brewCup() 就是冲泡函数。") == {}  # a copula
    assert _asked_zh("水壶中的变更(包括调用 kettle.$warm())都会记录下来。") == {}  # a name in an aside
    assert _asked_zh("除了使用 attachLid() 函数盖上壶盖，还可以手动盖上。") == {}  # 除了: not what is asked
    assert _asked_zh("你需要一个在调用 kettle.$warm() 后等待水烧开的方法。") == {}  # inside a noun's modifier


_REFERENCE_EN = """API Documentation / kettle / brewCup

Function: brewCup()

> brewCup(leaves, options): Cup

Creates a cup of tea from the leaves in the pot.

Parameters

Interface: KettleOptions<Leaves>

Options passed to createKettle() when a kettle is made.

steepTime

> steepTime: number

Number of minutes the leaves stay in the water.
"""

_REFERENCE_ZH = """类型别名

KettleLeaves %{#kettleleaves}%

Ƭ KettleLeaves: Record<string, number>

描述壶中茶叶的类型

KettleCup %{#kettlecup}%

Ƭ KettleCup: Record<string, number>

壶中茶叶的计量单位

Parameters

Ƭ Parameters: string

壶的参数列表

函数

pourCup() %{#pourcup}%

▸ pourCup(cup): void

把茶倒入杯中。
"""


def test_headed_entries_are_asked_by_their_first_sentence():
    asked = {q[0]: (q[1], q[2]) for q in headed_questions(_REFERENCE_EN, "Kettle")}
    assert asked == {
        "Which function creates a cup of tea from the leaves in the pot in Kettle?": (
            ["brewCup()", "brewCup"],
            "function",
        ),
        "Which interface describes the options passed to createKettle() when a kettle is made?": (
            ["KettleOptions"],
            "interface",
        ),
    }  # "steepTime" is a plain property line: its sentence, a count, is no name's description to ask by
    asked_zh = {q[0]: q[1] for q in headed_questions(_REFERENCE_ZH, "Kettle")}
    assert asked_zh == {
        "在 Kettle 中，哪个类型描述壶中茶叶？": ["KettleLeaves"],
        "在 Kettle 中，哪个类型是壶中茶叶的计量单位？": ["KettleCup"],
        "在 Kettle 中，哪个函数用于把茶倒入杯中？": ["pourCup()", "pourCup"],
    }


def test_doc_questions_read_roles_and_headings_of_a_chunk():
    chunk = Chunk(id="c1", doc_id="guide/brewing.md", text=_REFERENCE_EN, start=0, end=len(_REFERENCE_EN))
    questions = [q[0] for q in mddocs.doc_questions(chunk, "en", "Kettle", _KINDS)]
    assert "Which function creates a cup of tea from the leaves in the pot in Kettle?" in questions


def test_a_table_of_undescribed_rows_is_read_and_type_parameter_bounds_are_not_asked():
    from ragstress.generators.questions.mddocs_tables import TableReading

    text = (
        "The kettle.brew page documents the brew call of the kettle.brew function.\n\n"
        "Name | Type\nleaf_count | LeafCount\nwater_ml | number\nLeaves | extends string\n"
    )
    chunk = Chunk(id="t1", doc_id="api/kettle.brew.md", text=text, start=0, end=len(text))
    reading = TableReading([chunk], {"api/kettle.brew.md": "API Documentation / kettle / kettle.brew"})
    asked = {q[0]: q[1] for q in reading.questions(chunk, "Kettle")}
    assert asked, "rows with a type and no description are still asked"
    assert not any("Leaves" in q for q in asked)  # "extends string" bounds a type parameter; it is no type
    assert not any("/" in q for q in asked)  # a breadcrumb title is named by its last part


def test_chinese_entry_lines_steps_and_other_products():
    assert _asked_zh("kettle.pot：当前壶中的茶叶。") == {"在 Kettle 中，哪个属性是当前壶中的茶叶？": ["kettle.pot"]}
    assert _asked_zh("kettle.pour()：倒出一杯已泡好的茶。") == {
        "在 Kettle 中，哪个方法用于倒出一杯已泡好的茶？": ["kettle.pour()", "kettle.pour", "pour()", "pour"]
    }
    assert _asked_zh("kettle.steam：在模板中直接读取当前的蒸汽温度。") == {
        "在 Kettle 中，哪个属性用于在模板中直接读取当前的蒸汽温度？": ["kettle.steam"]
    }
    assert not _asked_zh("kettle.hot：如果壶已烧开，则返回温度。")  # a condition is not pasted in
    # A step of the page's walk-through, a name the passage picks out, a sentence about another product.
    assert not _asked_zh("然后通过 kettle.register() 注册即可。")
    assert not _asked_zh("或者通过 kettle.onPour() 钩子把茶倒进指定的杯子里。")
    assert not _asked_zh("kettle.preheat() 也就提前被触发了。")
    assert not _asked_zh("在这种情况下要用 kettle.pick() 指定相应的茶壶。")
    assert not _asked_zh("在 Teapot 中，我们通过 teapot.env 来判断运行环境。")


def test_a_chinese_means_clause_then_what_it_does():
    assert _asked_zh("通过 kettle.lid，可在冲泡时安全地打开和关闭壶盖。") == {
        "在 Kettle 中，通过哪个属性可在冲泡时安全地打开和关闭壶盖？": ["kettle.lid"]
    }
    assert _asked_zh("水壶内置了计时插件，提供了 kettle.timer 用于记录每次冲泡的时长。") == {
        "在 Kettle 中，哪个属性用于记录每次冲泡的时长？": ["kettle.timer"]
    }


def test_an_english_entry_line_naming_what_the_name_is():
    assert _asked("kettle.config: the kettle's run-time configuration, read at start") == {
        "Which property is the kettle's run-time configuration in Kettle?": ["kettle.config"]
    }
    assert not _asked("kettle.name: the name")


def test_a_blockquote_or_admonition_mark_is_no_part_of_the_sentence():
    chunk = Chunk(id="c", doc_id="d.md", text="> set kettle.warmup to false to skip the first boil.\n", start=0, end=60)
    assert mddocs.prose_sentences(chunk) == ["set kettle.warmup to false to skip the first boil."]
    chunk = Chunk(id="c", doc_id="d.md", text="::: warning Call brewCup() only once per pot.\n", start=0, end=50)
    assert mddocs.prose_sentences(chunk) == ["Call brewCup() only once per pot."]


def test_a_sentence_about_another_product_is_not_asked():
    assert not _asked("In Teapot, we use teapot.env to tell the brewing environments apart.")
    assert _asked("In Kettle, we use kettle.env to tell the brewing environments apart.")
    # The product's first word ("With Kettle Pro, …" where the product is Kettle Pro) is the product.
    assert {
        q[0]
        for q in role_questions("In Kettle, we use kettle.env to tell the environments apart.", "Kettle Pro", _KINDS)
    }


def test_a_copula_cut_from_what_narrows_it_is_not_asked_and_a_hyphened_word_stays_whole():
    # "a brewing hook, called when …": the comma leaves a category several hooks share.
    assert _asked("brewCup() is a brewing hook, called when the water boils.") == {}
    assert _asked("brewCup() is a brewing hook to pour the water into the pot.") == {
        "Which function is a brewing hook to pour the water into the pot in Kettle?": ["brewCup()", "brewCup"]
    }
    # "Kettle-powered": the hyphen joins a word; the clause does not end on "get Kettle".
    assert _asked("The brewCup() function can be used to get Kettle-powered tea for the guests, as with tea.") == {
        "Which function can be used to get Kettle-powered tea for the guests?": ["brewCup()", "brewCup"]
    }


def test_a_name_the_chinese_sentence_calls_an_interface_is_asked_as_one():
    from ragstress.core.types import Chunk
    from ragstress.generators.questions import mddocs

    text = "使用 agent.brew 接口对 Leaves 进行封装：\n\n使用 app.brew 接口对 Leaves 进行封装：\n\n使用 kettle.pour 接口把茶倒进杯子。"
    chunk = Chunk(id="c", doc_id="p.md", text=text, start=0, end=len(text))
    kinds = {"agent.brew": "function", "app.brew": "function", "kettle.pour": "function"}
    asked = {q[0]: q[1] for q in mddocs.doc_questions(chunk, "zh", "Kettle", kinds)}
    # "哪个方法接口" doubled the kind; said once, the two wrappers' question has two answers and is not asked.
    assert asked == {"在 Kettle 中，使用哪个接口把茶倒进杯子？": ["kettle.pour"]}


def test_a_chinese_sentence_naming_its_kind_noun_does_not_get_a_second_one():
    kinds = {"steep.icon": "property"}
    asked = {q[0] for q in chinese_roles("可以使用 steep.icon 配置项来设置 Kettle 应用图标", "Kettle", kinds)}
    assert asked == {"可以使用哪个配置项来设置 Kettle 应用图标？"}, asked


def test_a_chinese_name_the_page_advises_against_is_not_asked_as_the_one_to_use():
    kinds = {"path.join": "function"}
    assert chinese_roles("请勿使用 path.join() 构造 glob 模式", "Kettle", kinds) == []
    assert chinese_roles("避免使用 path.join() 构造 glob 模式", "Kettle", kinds) == []
    assert chinese_roles("可以使用 path.join() 构造相对路径", "Kettle", kinds)


def test_chinese_descriptions_said_once_and_not_read_backwards():
    text = "pourCup()\n\n用于把茶倒入杯中。\n\nonBoil\n\n检查水温时。\n\nuseSteep 返回冲泡状态的钩子函数。\n"
    chunk = Chunk(id="c1", doc_id="guide/zh.md", text=text, start=0, end=len(text))
    kinds = {"pourCup": "function", "useSteep": "function", "onBoil": "method"}
    asked = {q[0]: q[1] for q in mddocs.doc_questions(chunk, "zh", "Kettle", kinds)}
    assert asked.get("在 Kettle 中，哪个函数用于把茶倒入杯中？") == ["pourCup()", "pourCup"]
    assert not any("用于用于" in q or q.endswith("时？") for q in asked)  # a when-clause cut from its main clause
    assert not any(q.endswith("的钩子函数？") and "是" not in q for q in asked)  # what useSteep is, read as a task


def test_names_paired_respectively_are_not_asked_one_by_one():
    assert _asked("Lids are attached to the pot with attachLid()")
    assert not _asked("brewCup() and mapLeaves() have been replaced with attachLid() and createKettle() respectively")


def test_a_headed_entry_opening_on_its_return_type_is_not_asked_as_returning():
    from ragstress.generators.questions.mddocs_headed import _ask_en

    assert _ask_en("Return type of brewCup() with a setup function", "interface", "Kettle") is None
    assert _ask_en("Changes the suffix added by brewCup()", "function", "Kettle")


def test_a_sentence_set_in_the_pages_example_is_not_asked():
    # The fact holds of the example the page shows; cut from its opening, the question asks it of the product.
    assert (
        role_questions("In the example above, you get the string 'hello' through this.props.greeting.", "Kettle", {})
        == []
    )
    assert role_questions("You get the greeting string through this.props.greeting.", "Kettle", {})
    # Chinese already reads the pointing words of the whole sentence (上面, 例子).
    assert chinese_roles("在上面的例子中，可以通过 this.props.greeting 拿到字符串 hello。", "Kettle", {}) == []
