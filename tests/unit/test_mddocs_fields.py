"""Reference entries under a heading with a field list: what they are, their defaults, what replaces them."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions import corpus_names, mddocs
from ragstress.generators.questions.mddocs_fields import field_entries, heading_name, section_kind

# An invented tool's configuration reference, as the Markdown reader renders it.
_OPTIONS_EN = """Steeping Options

These options apply to every brew.

steep.minutes

- Type: number
- Default: 4

Specify how long the leaves stay in the water.

steep.vessel

- Type: string
- Default: 'teapot'

Vessel to brew the tea in.

steep.cozy

- Type: boolean | 'auto'
- Default: false

Whether to keep the pot warm after brewing.

steep.warmer

- Type: boolean
- Deprecated use steep.cozy instead

Keep the pot warm after brewing.
"""

_HOOKS_EN = """Brewing Hooks

beforePour

- Type: (cup: Cup) => void
- Kind: async, sequential

Called before the tea is poured into a cup.
"""

_OPTIONS_ZH = """冲泡选项

steep.minutes

- 类型： number
- 默认值： 4

指定茶叶在水中浸泡的时间。

steep.vessel

- 类型： string
- 默认值： 'teapot'

冲泡所用的器皿。

steep.warmer

- 类型： boolean
- 已弃用

此选项是 steep.cozy 的别名。请改用 steep.cozy。
"""


def _chunks(*texts: str) -> list[Chunk]:
    return [
        Chunk(id=f"p{n}.md#0", doc_id=f"p{n}.md", text=text, start=0, end=len(text)) for n, text in enumerate(texts)
    ]


def _asked(chunks: list[Chunk], product: str = "Kettle") -> dict[str, list[str]]:
    kinds = corpus_names.identifier_kinds(chunks)
    shared = mddocs.shared_entry_questions(chunks, product, kinds)
    return {q[0]: q[1] for c in chunks for q in mddocs.doc_questions(c, "en", product, kinds, shared)}


def test_headings_and_sections_name_code_and_its_kind():
    assert heading_name("steep.minutes") == ("steep.minutes", None)
    assert heading_name("The beforePour Hook") == ("beforePour", "hook")
    assert heading_name("Steeping with the cozy option") == ("cozy", "option")
    assert heading_name("How to steep tea") is None
    assert section_kind("Steeping Options") == "option"
    assert section_kind("冲泡选项") == "option"
    assert section_kind("Why steep?") is None


def test_entries_give_defaults_what_they_do_and_their_replacement():
    asked = _asked(_chunks(_OPTIONS_EN, _HOOKS_EN))
    # What the option does, said beside its name, is what finds its passage.
    minutes = "What is the default value of Kettle's steep.minutes option, which specifies how long the leaves stay in the water?"
    assert asked[minutes] == ["4"]
    assert asked[
        "What is the default value of Kettle's steep.vessel option, which sets the vessel to brew the tea in?"
    ] == [
        "'teapot'",
        "teapot",
    ]
    assert asked["Which Kettle option specifies how long the leaves stay in the water?"][0] == "steep.minutes"
    assert asked["Which Kettle option sets the vessel to brew the tea in?"][0] == "steep.vessel"
    assert asked["Which Kettle option controls whether to keep the pot warm after brewing?"][0] == "steep.cozy"
    assert asked["Which option replaces the deprecated steep.warmer option in Kettle?"][0] == "steep.cozy"
    assert asked["Which Kettle hook is called before the tea is poured into a cup?"] == ["beforePour"]
    # A type is asked beside what its option does too: entries of one reference differ in little else.
    cozy = "What is the type of Kettle's steep.cozy option, which controls whether to keep the pot warm after brewing?"
    assert asked[cozy] == ["boolean | 'auto'"]
    # A lone primitive is every such option's type, guessed without the passage: steep.warmer's is not asked.
    assert "What is the type of Kettle's steep.warmer option?" not in asked
    assert not any("beforePour" in q for q in asked)  # a hook's signature is not a type to ask
    assert not any("`" in q or "**" in q for q in asked)


def test_an_entry_cut_by_the_chunk_end_or_without_fields_is_not_read():
    assert field_entries(_chunks("steep.minutes\n\n- Type: number\n- Default: 4\n")[0]) == []
    assert field_entries(_chunks("steep.minutes\n\nSpecify how long the leaves stay in the water.\n")[0]) == []


def test_two_entries_said_alike_are_not_asked_what_does_it():
    twice = "\n".join(
        f"{name}\n\n- Type: number\n- Default: {n}\n\nSpecify the water temperature.\n"
        for n, name in enumerate(("kettle.heat", "pot.heat"))
    )
    asked = _asked(_chunks("Heating Options\n\n" + twice))
    assert "Which Kettle option specifies the water temperature?" not in asked
    assert asked["What is the default value of Kettle's pot.heat option, which specifies the water temperature?"] == [
        "1"
    ]


def test_a_default_stated_as_prose_or_a_reader_instruction_is_not_asked():
    text = (
        "Serving Options\n\nserve.mode\n\n- Type: ServeMode\n- Default: 'hot' for tea, 'cold' for juice\n\n"
        "Use a tray to carry the cups.\n"
    )
    assert _asked(_chunks(text)) == {"What is the type of Kettle's serve.mode option?": ["ServeMode"]}


def test_chinese_entries():
    chunks = _chunks(_OPTIONS_ZH)
    kinds = corpus_names.identifier_kinds(chunks)
    asked = {q[0]: q[1] for q in mddocs.doc_questions(chunks[0], "zh", "Kettle", kinds)}
    assert asked["在 Kettle 中，用于指定茶叶在水中浸泡的时间的 steep.minutes 选项的默认值是什么？"] == ["4"]
    assert asked["在 Kettle 中，哪个选项指定茶叶在水中浸泡的时间？"][0] == "steep.minutes"
    assert asked["在 Kettle 中，哪个选项指定冲泡所用的器皿？"][0] == "steep.vessel"
    assert asked["在 Kettle 中，已弃用的 steep.warmer 选项应改用哪个选项？"][0] == "steep.cozy"
    assert not any("此选项" in q for q in asked)  # a description pointing at itself is not asked


def test_a_documented_option_in_a_product_sentence_is_asked_as_an_option_not_a_module():
    chunks = _chunks(_OPTIONS_EN + "\nKettle can keep a log of every brew with the steep.journal option.\n")
    kinds = corpus_names.identifier_kinds(chunks) | {"steep.journal": "option"}
    asked = {q[0]: q[1] for q in mddocs.doc_questions(chunks[0], "en", "Kettle", kinds)}
    assert asked["With which option can Kettle keep a log of every brew?"][0] == "steep.journal"
    zh = _chunks("Kettle 通过特殊的 kettle.meta.pot 对象暴露冲泡接口。\n")
    asked_zh = {q[0] for q in mddocs.doc_questions(zh[0], "zh", "Kettle", {})}
    assert "Kettle 通过特殊的哪个对象暴露冲泡接口？" in asked_zh  # the noun is written there: no 模块 added


def test_what_replaced_what():
    from ragstress.generators.questions.mddocs_replaced import replaced_questions

    kinds = {"onSteep": "hook", "afterSteep": "hook"}
    asked = {
        q[0]: q[1]
        for s in (
            "The onSteep hook is now deprecated in favor of afterSteep",
            "To warm the pot, you should use steep.cozy instead of steep.warmer",
            "Ceramic is now used for water filtering instead of charcoal_bag",
            "onSteep 已被弃用，请改用 afterSteep",
            "It is deprecated in favor of steep.cozy",
            "brewSync / brewAsync are deprecated in favor of pourSync / pour",
            "steep.cold and steep.warmerOptions are deprecated in favour of steep.ice and steep.heatOptions",
        )
        for q in replaced_questions(s, "Kettle", kinds)
    }
    assert asked["Which hook replaces the deprecated onSteep hook in Kettle?"] == ["afterSteep"]
    assert asked["What should you use instead of steep.warmer to warm the pot in Kettle?"][0] == "steep.cozy"
    assert asked["What does Kettle now use for water filtering instead of charcoal_bag?"] == ["Ceramic"]
    assert asked["在 Kettle 中，已弃用的 onSteep 应改用哪个钩子？"] == ["afterSteep"]
    assert len(asked) == 4  # "It" names nothing to replace; paired lists do not say which replaces which


def test_a_parent_is_a_name_alone_not_the_first_word_of_a_phrase():
    from ragstress.generators.questions.mddocs_zh import chinese_questions

    asked = {q[0]: q[1] for q in chinese_questions("BrewOptions 继承自 Steep 冲泡选项", "Kettle", {})}
    assert "在 Kettle 中，BrewOptions 继承自哪个类？" not in asked
    asked = {q[0]: q[1] for q in chinese_questions("Mug 是直接继承自 Cup 的类", "Kettle", {})}
    assert asked["在 Kettle 中，Mug 继承自哪个类？"] == ["Cup"]


def test_a_corpus_of_reference_pages_gives_its_entry_questions_as_candidates():
    # Through the corpus-level generator, where the docs' shared questions and the manuals' shared options meet.
    import random

    from ragstress.generators.questions.synthesis import insitu_candidates

    chunks = _chunks(_OPTIONS_EN, _HOOKS_EN)
    made = insitu_candidates(chunks, dict.fromkeys((c.id for c in chunks), "en"), random.Random(3))
    questions = {c.question for c in made}
    assert "Which hook is called before the tea is poured into a cup?" in questions  # no product name in two pages
    assert any(q.startswith("What is the default value of the steep.minutes option") for q in questions)


def test_what_a_name_was_moved_or_renamed_to():
    from ragstress.generators.questions.mddocs_replaced import replaced_questions

    asked = {
        q[0]: q[1]
        for s in (
            "The footer option is moved to themeConfig.footer",
            "brewLog 已重命名为 steep.journal",
            "It was renamed to pour",
        )
        for q in replaced_questions(s, "Kettle", {"footer": "option"})
    }
    assert asked == {
        "What was the footer option moved to in Kettle?": ["themeConfig.footer"],
        "在 Kettle 中，brewLog 改名为什么？": ["steep.journal", "journal"],
    }


def test_a_chinese_type_is_asked_beside_what_its_option_does():
    text = "冲泡选项\n\nsteep.leaves\n\n- 类型： LeafSpec[]\n\n指定每次冲泡放入的茶叶。\n"
    chunks = _chunks(text)
    asked = {q[0]: q[1] for q in mddocs.doc_questions(chunks[0], "zh", "Kettle", corpus_names.identifier_kinds(chunks))}
    assert asked["在 Kettle 中，用于指定每次冲泡放入的茶叶的 steep.leaves 选项的类型是什么？"] == ["LeafSpec[]"]


def test_a_default_field_pointing_at_an_example_below_is_not_asked():
    text = "冲泡选项\n\nsteep.recipe\n\n- 类型： Recipe\n- 默认值： 如下\n\n指定冲泡所用的配方。\n"
    chunks = _chunks(text)
    asked = {q[0]: q[1] for q in mddocs.doc_questions(chunks[0], "zh", "Kettle", corpus_names.identifier_kinds(chunks))}
    assert not any("默认值" in q for q in asked)
    assert asked["在 Kettle 中，哪个选项指定冲泡所用的配方？"][0] == "steep.recipe"


def test_a_product_that_is_the_entry_name_is_not_named_beside_it():
    from ragstress.generators.questions.mddocs_field_questions import field_questions
    from ragstress.generators.questions.mddocs_fields import FieldEntry

    entry = FieldEntry("steamDir", "option", {"type": "string", "default": "'.kettle/steam'"}, "Where steam logs go.")
    asked = [q[0] for q in field_questions(entry, "steamDir", zh=False)]
    assert any("default value of the steamDir option?" in q for q in asked), asked
    assert not any("in steamDir" in q for q in asked)
    kept = [q[0] for q in field_questions(entry, "Kettle", zh=False)]
    assert any("steamDir option in Kettle?" in q for q in kept), kept


def test_a_doubled_colon_after_a_field_label_is_not_part_of_its_value():
    text = "Steeping Options\n\nsteep.minutes\n\n- Type:: number | 'auto'\n- Default:: 4\n\nSpecify how long the leaves steep.\n"
    chunks = _chunks(text)
    asked = {q[0]: q[1] for q in mddocs.doc_questions(chunks[0], "en", "Kettle", corpus_names.identifier_kinds(chunks))}
    types = [a for q, a in asked.items() if q.startswith("What is the type")]
    defaults = [a for q, a in asked.items() if q.startswith("What is the default")]
    assert types == [["number | 'auto'"]], asked
    assert defaults and defaults[0][0] == "4", asked


def test_a_type_whose_union_bars_were_lost_is_not_asked():
    from ragstress.generators.questions.mddocs_field_questions import field_questions
    from ragstress.generators.questions.mddocs_fields import FieldEntry

    def types(value: str) -> list[list[str]]:
        entry = FieldEntry("steep.filter", "option", {"type": value}, "Leaves to keep out of the pot.")
        return [q[1] for q in field_questions(entry, "Kettle", zh=False) if q[3] == "doc_type"]

    assert types("string Leaf [string, Leaf]") == []
    assert types("number (grams)") == []
    assert types("string | Leaf | [string, Leaf]") == [["string | Leaf | [string, Leaf]"]]
    assert types("{ grams: number } | 'all'") == [["{ grams: number } | 'all'"]]
    assert types("keyof LeafTable") == [["keyof LeafTable"]]


def test_a_description_saying_what_it_is_for_is_asked_as_it_stands():
    text = "冲泡选项\n\nsteep.logDir\n\n- 类型： string\n- 默认值： 'logs'\n\n用于设置冲泡日志的输出目录。\n"
    asked = _asked(_chunks(text))
    assert asked["在 Kettle 中，哪个选项用于设置冲泡日志的输出目录？"][0] == "steep.logDir"
    assert not any("指定用于" in q for q in asked)
