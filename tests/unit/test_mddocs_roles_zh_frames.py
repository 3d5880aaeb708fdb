"""Chinese code-name questions: the product frame beside a place of the question's own, kind words, cut-off examples."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_roles_zh import chinese_roles

# An invented tea-brewing library's code names by kind.
_KINDS = {"useLid": "function", "TeaPanel": "class", "Strainer": "class"}


def _asked(sentence: str) -> list[str]:
    return [q[0] for q in chinese_roles(sentence, "Kettle", _KINDS)]


def test_a_place_of_the_question_takes_the_product_as_its_owner():
    # Not "在 Kettle 中，在组件中，…": one place, owned by the product.
    assert _asked("在组件中，你可以通过 useLid() 获取当前壶盖的状态。") == [
        "在 Kettle 的组件中，可以通过哪个函数获取当前壶盖的状态？"
    ]


def test_a_class_that_renders_is_asked_as_a_component():
    assert _asked("TeaPanel 用于渲染首页的茶单区域。") == ["在 Kettle 中，哪个组件用于渲染首页的茶单区域？"]
    assert all("组件" not in q for q in _asked("Strainer 用于过滤壶中的茶叶碎末。"))


def test_a_clause_cut_off_before_its_example_is_not_asked():
    assert _asked("TeaPanel 用于显示冲泡的剩余时间. 比如") == []


def test_a_vague_setting_is_not_asked():
    assert _asked("在某些场景中，你需要使用 useLid() 来记住壶盖的状态。") == []


def test_a_latin_place_keeps_its_space_after_the_owner():
    assert _asked("在 src 目录中，你可以通过 useLid() 获取当前壶盖的状态。") == [
        "在 Kettle 的 src 目录中，可以通过哪个函数获取当前壶盖的状态？"
    ]


def test_a_topic_keeps_its_place_before_the_asked_means():
    # "<topic>可以通过 X 来……": the topic stays where it stands, the modifier before the name goes.
    assert _asked("茶单数据可以通过特殊的 useLid() 函数来读取。") == ["在 Kettle 中，茶单数据可以通过哪个函数来读取？"]
    # A reader or a pointing word is no topic.
    assert _asked("你可以通过 useLid() 来读取。") == []
    assert _asked("它可以通过 useLid() 来读取。") == []


def test_a_condition_pointing_at_a_list_a_removal_or_a_colon_is_not_asked():
    # Without "以下条件" the fact would be another one.
    assert _asked("当满足以下条件时，TeaPanel 被认为是已经冲泡好的：") == []
    # "哪个函数现在被删除": a migration guide removes many names.
    assert _asked("useLid() 函数现在被删除，因为壶盖可以从别处获取。") == []
    # Two statements joined by a colon.
    assert _asked("useLid() 返回的对象与旧版类似：open 改名为 lift。") == []
    # A condition of its own stays.
    assert _asked("当水烧开时，useLid() 会自动打开壶盖。") == ["在 Kettle 中，当水烧开时，哪个函数会自动打开壶盖？"]
