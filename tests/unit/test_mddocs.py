"""The docs templates, the product a corpus documents, and why a generation kept fewer seeds than asked."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions import corpus_names, mddocs
from ragstress.generators.testset_manifest import shortfall


def _chunk(text: str, doc: str = "page.md") -> Chunk:
    return Chunk(id=f"{doc}#0", doc_id=doc, text=text, start=0, end=len(text))


def _asked(text: str, product: str | None = "Kettle", kinds: dict[str, str] | None = None) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in mddocs.doc_questions(_chunk(text), "en", product, kinds or {})}


def test_product_is_the_name_written_inside_most_pages_sentences():
    pages = [
        _chunk("The handler returns None here. We use Kettle to brew.", "a.md"),
        _chunk("Then Kettle will pour, and it returns None too.", "b.md"),
        _chunk("Nothing to see.", "c.md"),
    ]
    assert corpus_names.product_name(pages) == "Kettle"  # None is in as many pages, but it is a value


def test_statements_become_questions_naming_their_subject():
    asked = _asked(
        "Kettle added support for Annotated (and started recommending it) in version 0.95.0.\n"
        "Form is a class that inherits directly from Body.\n"
        "max_age - Sets a maximum time in seconds for browsers to cache responses.\n"
        "201 is the status code for Created.\n"
        "- Query from kettle.params\n",
        kinds={"Form": "class", "Query": "class"},
    )
    assert asked["In which version did Kettle add support for Annotated?"] == ["0.95.0"]
    assert asked["Which class does Form inherit from?"] == ["Body"]  # it names Form: no product frame
    assert asked["Which parameter sets a maximum time in seconds for browsers to cache responses in Kettle?"] == [
        "max_age"
    ]
    assert asked["Which HTTP status code means Created?"] == ["201"]
    assert asked["Which module do you import Query from?"] == ["kettle.params"]  # the product's own module


def test_a_sentence_pointing_outside_itself_or_a_plain_word_is_not_asked():
    assert _asked("Use Brew to declare it on a route.", kinds={"Brew": "class"}) == {}
    assert _asked("Use type to declare a brewing step on a route.", kinds={"type": "function"}) == {}
    assert _asked("The optional parameter defaults to 3.") == {}


def test_chinese_statements_too():
    asked = {
        q[0]: q[1]
        for q in mddocs.doc_questions(
            _chunk(
                "Form 是直接继承自 Body 的类。\n- 从 kettle.params 导入 Query\n使用 max_size 来限制请求体的大小。\n"
                "Cookie 、Path 、Query 是兄弟类，都继承自共用的 Param 类。\n200 是默认状态码，表示一切“OK”。\n"
                "- skip，默认值为 0 的 int 类型参数\n"
            ),
            "zh",
            "Kettle",
            {"Query": "class"},
        )
    }
    assert asked["在 Kettle 中，Form 继承自哪个类？"] == ["Body"]  # Form is not known as code here
    assert asked["应从哪个模块导入 Query？"] == ["kettle.params"]
    assert asked["在 Kettle 中，使用哪个参数来限制请求体的大小？"] == ["max_size"]
    assert asked["Cookie、Path、Query 都继承自哪个类？"] == ["Param"]  # Query is code: no frame
    assert asked["Kettle 的默认状态码是哪个？"] == ["200"]
    assert asked["Kettle 示例中 skip 参数的默认值是什么？"] == ["0"]
    assert asked["Kettle 示例中 skip 参数是什么类型？"] == ["int"]


def _manifest(kept: int, candidates: int, dropped_at_round_trip: int) -> dict:
    return {
        "seeds": {"by_origin": {"generated": kept}},
        "generation_stats": {"by_lang": {"en": {"candidates": candidates}}},
        "gates": {"round_trip": {"tried": candidates, "passed": candidates - dropped_at_round_trip}},
    }


def test_a_shortfall_says_why():
    assert shortfall(_manifest(20, 30, 10), 20, proposing=False) is None
    few = shortfall(_manifest(3, 4, 1), 20, proposing=False)
    assert few.startswith("3 of the 20 seeds wanted were generated: the corpus gave 4 candidates")
    assert "a configured generator (--generator-base-url) proposes others" in few
    assert "proposes others" not in shortfall(_manifest(3, 4, 1), 20, proposing=True)
    gated = shortfall(_manifest(12, 40, 28), 20, proposing=False)
    assert (
        gated
        == "12 of the 20 seeds wanted were generated: 28 of 40 candidates were dropped, most at the round_trip gate (28); see rejected.jsonl"
    )


def test_no_question_keeps_markup_a_reader_left_in_an_entry():
    import random

    from ragstress.generators.questions.synthesis import insitu_candidates

    text = "gettext --- Translation services\n\ntranslation(domain)\n\nReturn a *Translations instance for domain.\n"
    chunk = _chunk(text, "library/gettext.rst.txt")
    clean = _chunk(text.replace("*", ""), "library/gettext2.rst.txt")
    asked = [c.question for c in insitu_candidates([chunk, clean], {chunk.id: "en", clean.id: "en"}, random.Random(1))]
    assert asked == ["Which function of the gettext module returns a Translations instance for domain?"]


def test_a_markup_page_asks_in_situ_without_a_regarding_frame_and_never_of_the_reader():
    import random

    from ragstress.generators.questions.synthesis import insitu_candidates

    text = (
        "Kettle Guide\n\nThe Birch Lane depot was extended in 1952 by the Eastern Railway Company.\n\n"
        "Let's say you have a kettle that you bought in 1987.\n"
    )
    chunks = [_chunk(text, "guide.md"), _chunk(text.replace("Guide", "Notes"), "guide.txt")]
    made = insitu_candidates(chunks, {c.id: "en" for c in chunks}, random.Random(1))
    from_md = [c.question for c in made if c.chunk_ids == [chunks[0].id]]
    from_txt = [c.question for c in made if c.chunk_ids == [chunks[1].id]]
    assert sorted(from_md) == [  # never the reader's own kettle
        "In what year was the Birch Lane depot extended by the Eastern Railway Company?",
        "Who extended the Birch Lane depot in 1952?",
    ]
    assert from_txt and not any(q.startswith("Regarding") for q in from_md + from_txt)


def test_markup_is_told_from_operators_and_pointers():
    for question in (
        'Regarding ///, * Send a **"keep alive" `ping` comment** every how many seconds?',
        "关于- 从 `fastapi` 导入 `Query`，哪个？",
        "What is <dfn>ASGI</dfn> used for?",
        "Which heading is Query Parameters { #query }?",
        "Which guide is the [deployment guide](deploy.md)?",
        "Which function returns a *Translations instance?",
        "- Which bullet is this?",
        "名称 | 类型 | 必选项 | 默认值 | 描述允许每个地址有多少个配额？",
        "Which option builds the app in [MPA Mode]?",
        "Which option is read from the [site config][config]?",
        "Which component renders &lt;a&gt; tags?",
        "哪个函数返回&#39;hello&#39;？",
    ):
        assert mddocs.has_markup(question), question
    for question in (
        "Which function returns N such that low <= N <= high?",
        "Which C function takes a const char* key?",
        "Which equivalent of the get* methods returns a tuple?",
        'ls 命令的哪个选项表示“类似，但不追加 "*" 字符”？',
        "What type does the example declare for q, str | None?",
        "Which value may be int | str | None?",
        "What is the default value of css.preprocessorOptions[extension].data?",
        "Which option takes a string[] of paths?",
    ):
        assert not mddocs.has_markup(question), question


def test_a_term_used_for_a_task_keeps_its_preposition():
    asked = _asked("Inspector is used for dispatching messages to the back-end.", kinds={"Inspector": "class"})
    assert asked["Which class do you use for dispatching messages to the back-end in Kettle?"] == ["Inspector"]


def test_abbreviations_and_file_names_are_not_modules_the_product_names():
    asked = _asked(
        "Kettle will now read the -cold.yaml settings files.\n"
        "Kettle reads the KETTLE_MODE variable to pick a mode, i.e. to choose which settings files to read.\n"
        "Kettle provides several timers in kettle.timers for convenience.\n"
    )
    asked.update(_asked("Kettle integers are passed as the default C int type.\n", kinds={"C": "class"}))
    asked.update(_asked("Kettle and Tcl/Tk have very different threading models.\n", kinds={"Tcl": "class"}))
    asked.update(_asked("An ImportError is raised when the name is relative but the package is false (e.g.\n"))
    assert not any(q.count("(") != q.count(")") for q in asked), asked
    answers = [a for names in asked.values() for a in names]
    assert "C" not in answers and "Tcl" not in answers, asked  # a language, not a class
    assert "i.e" not in answers and "cold.yaml" not in answers, asked
    assert not any("which module" in q for q in asked), asked  # the sentence with "which" dropped in


def test_a_code_name_the_product_uses_is_asked_with_the_wh_phrase_in_front():
    asked = _asked(
        "By default, Kettle uses steep.timer to stop the brew at the right time.\n"
        "Kettle generates the final name based on steep.label and steep.folder.\n",
        kinds={"steep.timer": "option", "steep.label": "option", "steep.folder": "option"},
    )
    assert asked["By default, which option does Kettle use to stop the brew at the right time?"] == [
        "steep.timer",
        "timer",
    ]
    assert not any("based on which" in q for q in asked), asked


def test_an_imperative_import_line_asks_for_its_module():
    asked = _asked("Import TeaPot from kettle.pots.\n", kinds={"TeaPot": "class"})
    assert asked["Which module do you import TeaPot from?"] == ["kettle.pots"]


def test_an_entry_written_name_colon_description_asks_for_its_name():
    asked = _asked("pour_rate: Sets how fast the kettle pours, in millilitres a second.\n")
    assert asked["Which parameter sets how fast the kettle pours, in millilitres a second in Kettle?"] == ["pour_rate"]
    assert _asked("Note: Sets nothing a reader would ask about.\n") == {}


def test_an_abbreviation_is_no_code_name_that_lets_a_question_drop_its_product():
    asked = _asked("content_type: A str with the content type of the brew (e.g. oolong/green).\n")
    assert asked["Which parameter is a str with the content type of the brew (e.g. oolong/green) in Kettle?"] == [
        "content_type"
    ]


def test_a_heading_every_page_repeats_is_not_the_product():
    pages = [
        _chunk(
            f"Dial {n}\n\nThe dial turns with Kettle. Set the angle first.\n\nDesign Token\n\nname | Type", f"p{n}.md"
        )
        for n in range(4)
    ]
    assert corpus_names.product_name(pages) == "Kettle"


def test_a_chinese_entry_is_asked_by_what_it_does_or_what_it_is_never_by_quoting_it():
    text = (
        "pourTea() - 将茶水倒入指定的杯子\n"
        "nextBoil() - 等待下一次水烧开的工具方法\n"
        "isHot() - 如果参数是茶壶，则返回温度，否则返回空值\n"
    )
    kinds = {"pourTea()": "function", "nextBoil()": "function", "isHot()": "function"}
    asked = {q[0]: q[1] for q in mddocs.doc_questions(_chunk(text), "zh", None, kinds)}
    assert asked["哪个函数用于将茶水倒入指定的杯子？"][0] == "pourTea()"
    assert asked["哪个函数是等待下一次水烧开的工具方法？"][0] == "nextBoil()"
    assert not any("isHot" in names[0] or "“" in q for q, names in asked.items())  # a condition is not pasted in


def test_a_chinese_code_name_is_asked_in_place_only_where_it_stands_alone():
    kinds = {"Steam": "class", "pour()": "function"}
    ask = {q[0]: q[1] for q in mddocs.doc_questions(_chunk("Kettle 提供了 pour() 来倒茶。"), "zh", "Kettle", kinds)}
    assert ask["Kettle 提供了哪个函数来倒茶？"][0] == "pour()"
    for sentence in (
        "Kettle 用到了现代 Steam 特性。",
        "Kettle 让你用 Kettle 和 Steam 煮茶。",
        "Kettle 提供了倒茶函数 pour()。",
    ):
        assert mddocs.doc_questions(_chunk(sentence), "zh", "Kettle", kinds) == [], sentence


def test_a_reference_description_cut_before_its_colon_or_only_a_condition_is_not_asked():
    from ragstress.generators.questions import techdoc_en, techdoc_zh
    from ragstress.generators.questions.techdoc import Entry, Subject

    module = Subject(name="kettle", kind="module")

    def entry(description: str) -> Entry:
        return Entry("kettle.maxCups", ("kettle.maxCups", "maxCups"), "attribute", description, description)

    # "……的头，通常格式是：a, b, c": what the attribute holds is after the colon, not in the clause.
    assert techdoc_zh.definition_question(entry("传递杯数的头，通常格式是：a, b, c。"), module) is None
    assert techdoc_zh.definition_question(entry("若壶开启了保温功能（见下文）。"), module) is None
    assert techdoc_zh.definition_question(entry("若壶开启了保温功能，此值加倍。"), module) is None
    assert techdoc_en.definition_question(entry("The general format of the cup header is: a, b, c."), module) is None
    kept = techdoc_zh.definition_question(entry("一次最多能倒的杯数。"), module)
    assert kept is not None and kept[0] == "kettle 模块中哪个属性设置一次最多能倒的杯数？"
    kept_en = techdoc_en.definition_question(entry("The most cups poured at once."), module)
    assert kept_en is not None and kept_en[1][0] == "kettle.maxCups"


def test_a_word_before_a_prose_aside_is_no_call_and_a_package_site_name_is_no_property():
    from ragstress.generators.questions.mddocs_roles_zh import chinese_roles

    text = (
        "Framework(app.config.kettle) pours the tea. Call brewCup() to start.\n\n```js\nconst cup = Brewer(3);\n```\n"
    )
    kinds = corpus_names.identifier_kinds([_chunk(text)])
    assert "Framework" not in kinds  # "Framework (…)" in prose: the framework, not a class
    assert kinds["Brewer"] == "class" and kinds["brewCup"] == "function"
    # The framework is what provides helper.escape(), never itself a name asked about (`mddocs_provided`).
    assert _asked("Framework provides helper.escape() to filter strings.", "Egg", kinds) == {
        "Which method does Egg provide to filter strings?": ["helper.escape()", "helper.escape", "escape()", "escape"]
    }
    # socket.io is a library, named by its site; a dotted name the corpus calls in its code stays a property.
    assert chinese_roles("socket.io 支持 websocket 和 polling 两种数据传输方式，以兼容旧的浏览器。", "Egg", {}) == []
    assert chinese_roles(
        "socket.io 支持 websocket 和 polling 两种数据传输方式，以兼容旧的浏览器。", "Egg", {"socket.io": "property"}
    )


def test_an_attribute_spelled_as_a_type_is_asked_as_a_type():
    from ragstress.generators.questions import techdoc_en, techdoc_zh
    from ragstress.generators.questions.techdoc import Entry, Subject

    module = Subject(name="kettle", kind="module")
    said = "传递给壶插件的上下文参数。"
    typed = Entry(
        "kettle.KettlePluginContext", ("kettle.KettlePluginContext", "KettlePluginContext"), "attribute", said, said
    )
    asked = techdoc_zh.definition_question(typed, module)
    assert asked is not None and asked[0] == "kettle 模块中哪个类型描述传递给壶插件的上下文参数？"
    plain = Entry("kettle.maxCups", ("kettle.maxCups", "maxCups"), "attribute", said, said)
    asked = techdoc_zh.definition_question(plain, module)
    assert asked is not None and "哪个属性" in asked[0]
    said = "The context passed to a kettle plugin."
    typed = Entry(
        "kettle.KettlePluginContext", ("kettle.KettlePluginContext", "KettlePluginContext"), "attribute", said, said
    )
    asked = techdoc_en.definition_question(typed, module)
    assert asked is not None and asked[0].startswith("Which type of the kettle module")


def test_a_question_ending_on_a_copula_was_cut_and_is_not_kept():
    assert not mddocs._clean("在 Kettle 中，哪个辅助函数期望默认主题的主题配置数据类型为？")
    assert not mddocs._clean("Which option of Kettle holds the general format of the cup header is?")
    assert mddocs._clean("在 Kettle 中，哪个函数返回一杯热茶？")
    assert mddocs._clean("Which option of Kettle sets the cup header format?")


def test_a_limit_or_an_also_is_not_asked_as_what_tells_a_name_apart():
    kinds = {"steep.exclude": "option", "steep.auto": "option", "steep.preload": "option"}
    asked = _asked(
        "steep.exclude only filters the rules generated by steep.auto.\n"
        "steep.preload 只能为 Kettle 构建生成的静态资源注入 preload 标签。\n"
        "steep.exclude 也可以是一个函数。\n",
        kinds=kinds,
    )
    assert asked == {}, asked
    assert _asked("steep.timer stops the brew at the right time.\n", kinds={"steep.timer": "option"})


def test_a_space_left_by_link_text_between_chinese_characters_is_not_kept():
    asked = mddocs.doc_questions(
        _chunk("steep.base 用于配置服务器的 基础路径。\n"), "zh", "Kettle", {"steep.base": "property"}
    )
    assert [q[0] for q in asked] == ["在 Kettle 中，哪个属性用于配置服务器的基础路径？"]


def test_a_name_the_page_advises_against_is_not_asked_as_the_one_to_use():
    kinds = {"path.join": "method"}
    assert (
        _asked("Avoid using path.join() to construct glob patterns because it produces backslashes.\n", kinds=kinds)
        == {}
    )
    assert _asked("Do not use path.join() to construct glob patterns.\n", kinds=kinds) == {}
    assert _asked("Use path.join() to construct relative file paths.\n", kinds=kinds)


def test_a_dotted_name_beside_documented_options_of_its_group_is_not_asked_as_a_module():
    asked = _asked("Kettle uses steep.timer to stop the brew at the right time.\n", kinds={"steep.label": "option"})
    assert not any("module" in q for q in asked), asked
    assert _asked("Kettle uses kettle.timers to stop the brew at the right time.\n") == {
        "Which module does Kettle use to stop the brew at the right time?": ["kettle.timers"]
    }


def test_a_camel_case_entry_said_to_switch_something_is_a_flag():
    asked = _asked("Lint settings:\n\n - stopEarly : Whether to stop brewing at the first bitter leaf, default false\n")
    assert asked["Which option controls whether to stop brewing at the first bitter leaf in Kettle?"] == ["stopEarly"]
    assert not _asked(" - leaves : Whether to count the leaves, default false\n")  # a plain word is no flag's name


def test_a_capital_read_on_after_the_kind_and_a_leftover_jiu_are_not_asked():
    assert not mddocs._clean("Which function Will pour the tea into the cup in Kettle?")
    assert not mddocs._clean("Which function Get the Current Brewing Temperature in Kettle?")
    assert mddocs._clean("Which function returns the Kettle state in Kettle?")
    assert mddocs._unspaced_zh("在 Kettle 中，哪个函数就可以直接倒茶？") == "在 Kettle 中，哪个函数可以直接倒茶？"


def test_a_file_is_not_asked_as_a_property_or_function():
    text = "You can customise the boiling animation through src/boiling.tsx.\n"
    asked = _asked(text, kinds={"src/boiling.tsx": "property"})
    assert not any(a[0].endswith(".tsx") for a in asked.values())
    assert mddocs.misnames_a_file("在 Kettle 中，通过哪个属性来自定义沸腾动画？", ["boiling.tsx"])
    assert mddocs.misnames_a_file("Which property holds the project's plugins?", ["plugin.ts", "ts"])
    assert not mddocs.misnames_a_file("Which property holds the pot's state?", ["kettle.state"])
    assert not mddocs.misnames_a_file("Which file holds the pot's recipes?", ["recipes.json"])


def test_a_verb_after_to_left_in_the_third_person_is_asked_bare():
    asked = _asked(
        "For example, SteamPlugin allows you to replaces the lid timer with a steam sensor at brew time.\n"
        "Use FilterPlugin for builds of loose leaf tea in a large teapot.\n",
        kinds={"SteamPlugin": "class", "FilterPlugin": "class"},
    )
    replace = [q for q in asked if "SteamPlugin" not in q and "steam sensor" in q]
    assert replace and all(" to replace the lid timer" in q for q in replace), asked
    assert not any("to replaces" in q for q in asked)
    assert any(" for builds of loose leaf tea" in q for q in asked), asked  # a noun after "for" stays
