"""Chinese entry descriptions asked as a user would ask them: no quoted definition, no 用于 before a time,
a config group never called a module."""

from ragstress.generators.questions import techdoc_zh
from ragstress.generators.questions.conditions_zh import OPENS_CONDITION, is_setting
from ragstress.generators.questions.entry_predicates_zh import called_when, set_predicate, value_held
from ragstress.generators.questions.headed_zh import which_is
from ragstress.generators.questions.mddocs_roles_zh import chinese_roles
from ragstress.generators.questions.techdoc import Entry, Subject


def _asked(name: str, kind: str, description: str, about: Subject | None = None) -> str | None:
    made = techdoc_zh.definition_question(Entry(name, (name,), kind, description, description), about)
    return made[0] if made else None


def test_a_yes_no_setting_is_asked_by_what_it_controls():
    assert set_predicate("是否在壶空时发出提示") == "控制是否在壶空时发出提示"
    assert (
        _asked("kettle.warnEmpty", "attribute", "是否在壶空时发出提示") == "kettle 的哪个属性控制是否在壶空时发出提示？"
    )


def test_a_setting_verb_phrase_is_asked_with_yong_yu():
    assert set_predicate("配置茶叶浸泡的方式") == "用于配置茶叶浸泡的方式"
    assert (
        _asked("brew.steep.mode", "attribute", "配置茶叶浸泡的方式") == "brew.steep 的哪个属性用于配置茶叶浸泡的方式？"
    )


def test_a_value_noun_phrase_is_asked_as_what_the_entry_sets():
    assert value_held("保温的最长时间") == "设置保温的最长时间"
    assert value_held("展示的茶杯数量") == "设置展示的茶杯数量"
    assert value_held("打印的标签的命名风格") == "设置打印的标签的命名风格"
    # An opening verb on its object is a task, not a value.
    assert value_held("读取水壶的版本") is None
    assert _asked("kettle.keepWarmMax", "attribute", "保温的最长时间") == "kettle 的哪个属性设置保温的最长时间？"


def test_a_noun_phrase_of_no_value_is_not_quoted_but_dropped():
    assert set_predicate("壶身颜色的说明") is None
    assert _asked("kettle.colorNote", "attribute", "壶身颜色的说明") is None


def test_a_module_page_keeps_its_module_and_a_config_group_is_not_one():
    about = Subject("kettle", "module")
    assert (
        _asked("kettle.clearSteeps", "function", "移除全部冲泡步骤", about) == "kettle 模块中哪个函数移除全部冲泡步骤？"
    )
    assert (
        _asked("stove.flame.clear", "function", "移除全部冲泡步骤", about) == "stove.flame 的哪个函数移除全部冲泡步骤？"
    )


def test_a_hook_is_asked_by_when_it_runs():
    assert called_when("当水烧开时触发") == "在水烧开时触发"
    assert called_when("在 pour hook 执行完毕后调用") == "在 pour hook 执行完毕后调用"
    assert called_when("当水烧开时，关闭加热器") is None
    assert which_is("当水烧开时触发", "属性", "property") == "哪个钩子在水烧开时触发"
    assert which_is("当水烧开时触发", "事件", "event") == "哪个事件在水烧开时触发"
    assert _asked("afterBoil", "attribute", "在 boil hook 执行完毕后调用") == "哪个钩子在 boil hook 执行完毕后调用？"


def test_an_entry_line_of_a_hook_is_not_asked_with_yong_yu():
    made = chinese_roles("afterPour: 在 pour hook 执行完毕后调用", "Kettle", {"afterPour": "property"})
    assert [q[0] for q in made] == ["在 Kettle 中，哪个钩子在 pour hook 执行完毕后调用？"]


def test_the_condition_marks_are_shared():
    assert is_setting("如果壶是空的") and is_setting("对于大茶壶") and is_setting("水烧开的时候")
    assert not is_setting("移除全部冲泡步骤")
    assert OPENS_CONDITION.match("一旦开始") and not OPENS_CONDITION.match("当前的温度")


def test_a_usage_heading_lists_no_methods():
    from ragstress.generators.questions.mddocs_fields import section_kind as field_section
    from ragstress.generators.questions.mddocs_sections import section_kind

    assert section_kind("使用方法") is None and field_section("使用方法") is None
    assert section_kind("安装方法") is None
    assert section_kind("扩展方法") == "method" and field_section("实例方法") == "method"


def test_a_chinese_title_qualifying_one_code_name_is_the_page_subject():
    from ragstress.generators.questions.reference_pages import owning_title

    assert owning_title("内置 brew-loader") == "brew-loader"
    assert owning_title("使用 useKettle") == "useKettle"
    # A product or a plain word after the qualifier is what the page is about, not a code name it documents.
    assert owning_title("使用 TypeScript") is None
    assert owning_title("关于茶壶") is None


def test_a_role_question_keeps_its_condition_or_is_not_asked():
    kinds = {"BrewPlugin": "class", "SteepPlugin": "class"}
    glued = "壶的默认温度 如果未指定温度，BrewPlugin 将从水壶的配置中推断出温度"
    assert chinese_roles(glued, "Kettle", kinds) == []
    hedged = chinese_roles("SteepPlugin 可能会通过元数据读取茶叶的种类", "Kettle", kinds)
    assert hedged == []
    plain = chinese_roles("SteepPlugin 会通过元数据读取茶叶的种类", "Kettle", kinds)
    assert [q[0] for q in plain] == ["在 Kettle 中，哪个类会通过元数据读取茶叶的种类？"]


def test_a_table_row_is_asked_by_what_it_controls_and_a_bare_meaning_stays_quoted():
    from ragstress.generators.questions.mddocs_table_wording import headed_zh, page_zh

    row = page_zh("warm", "参数", "steep-timer 插件", None)
    assert row.which("是否在茶泡好后保温") == "在 steep-timer 插件中，哪个参数控制是否在茶泡好后保温？"
    assert row.which("茶泡好时播放的声音") == "在 steep-timer 插件中，哪个参数表示“茶泡好时播放的声音”？"
    headed = headed_zh("cups", "选项", "pour 函数", "Kettle")
    assert headed.which("一次最多能倒的杯数") == "在 Kettle 中，pour 函数的哪个选项设置一次最多能倒的杯数？"


def test_a_getter_a_pointer_or_a_pointing_phrase_is_no_value_set():
    assert value_held("访问当前茶杯的名称") is None
    assert value_held("此钩子用于将茶叶转换为便于冲泡的格式") is None
    assert set_predicate("请使用 kettle.pourMax 代替") is None
    assert _asked("kettle.showSteam", "attribute", "是否展示蒸汽的信息") == "kettle 的哪个属性控制是否展示蒸汽的信息？"


def test_configure_after_a_name_is_its_verb_and_a_contrast_word_goes():
    kinds = {"pot.minCups": "property", "RegExp": "class"}
    made = chinese_roles("我们可以通过 pot.minCups 配置最少倒出的杯数为 2", "Kettle", kinds)
    assert [q[0] for q in made] == ["在 Kettle 中，可以通过哪个属性配置最少倒出的杯数为 2？"]
    made = chinese_roles("纯字符串按前缀匹配，而 RegExp 则会匹配茶名中的任何位置", "Kettle", kinds)
    assert [q[0] for q in made] == ["在 Kettle 中，哪个类会匹配茶名中的任何位置？"]


def test_a_parameter_described_after_a_modal_is_not_a_task():
    assert set_predicate("应该创建一个链接的地址") is None
    assert set_predicate("要注册的沸腾处理器") is None
    assert which_is("包括茶名和产地在内的完整地址", "属性", "property") == "哪个属性是包括茶名和产地在内的完整地址"
