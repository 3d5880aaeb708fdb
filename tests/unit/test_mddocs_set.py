"""Which option a reader sets to do a task, from a guide's instructions, in English and Chinese."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_set import headed_set_questions, set_questions

KINDS = {"siteTitle": "option", "base": "option"}


def _asked(sentence: str) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in set_questions(sentence, "Kettle", KINDS)}


def test_a_purpose_before_the_instruction():
    asked = _asked(
        "To enable local search, simply set the themeConfig.search.provider option to 'local' in your config file."
    )
    assert asked == {
        "Which Kettle option do you set to 'local' to enable local search?": ["themeConfig.search.provider"]
    }


def test_a_purpose_after_the_value():
    asked = _asked("Set cleanUrls to true to drop the .html suffix from every page URL.")
    assert asked == {
        "Which Kettle option do you set to true to drop the .html suffix from every page URL?": ["cleanUrls"]
    }


def test_a_plain_word_is_no_option_unless_the_corpus_documents_it():
    assert not _asked("Set path to /docs to keep the pages apart from the code.")
    assert _asked("Set base to /bar/ to deploy the site under a sub path.")


def test_a_task_pointing_outside_itself_is_not_asked():
    assert not _asked("If you would like them to be closed on load, set the collapsed option to true.")


def test_chinese_purpose_before_and_after():
    asked = {q[0]: q[1] for q in set_questions("要隐藏站点标题，请将 siteTitle 选项设置为 false。", "Kettle", KINDS)}
    assert asked == {"在 Kettle 中，要隐藏站点标题，应将哪个选项设置为 false？": ["siteTitle"]}
    # "如果只需要图标……": a condition, not a purpose, is not asked.
    assert not set_questions(
        "如果只需要图标并且想要隐藏站点标题文本，请将 siteTitle 选项设置为 false。", "Kettle", KINDS
    )
    asked = {q[0]: q[1] for q in set_questions("将 lazyLoad 设置为 true 可以为所有图片启用懒加载。", "Kettle", KINDS)}
    assert asked == {"在 Kettle 中，将哪个选项设置为 true 可以为所有图片启用懒加载？": ["lazyLoad"]}


HEADED = """ignoreDeadLinks

When set to true, Kettle will not fail builds due to dead links.

aside

Setting this value to false prevents rendering of aside container.

将此值设置为 false 可禁用 aside 容器。

sidebar

将此值设置为 false 可禁用侧边栏容器。

cleanUrls

当设置为 true 时，Kettle 将从 URL 中删除 .html 后缀。
"""


def test_a_sentence_under_a_code_name_heading_means_that_name():
    asked = {q[0]: q[1] for q in headed_set_questions(HEADED, "Kettle", {})}
    assert asked == {
        "Which Kettle option do you set to true so that Kettle will not fail builds due to dead links?": [
            "ignoreDeadLinks"
        ],
        "在 Kettle 中，将哪个选项设置为 false 可以禁用侧边栏容器？": ["sidebar"],
        "在 Kettle 中，哪个选项设置为 true 时，Kettle 将从 URL 中删除 .html 后缀？": ["cleanUrls"],
    }
    # "Setting this value to false prevents …" states what the value does, and "禁用 aside 容器" names the answer.
    # Without a heading naming the option, "this value" says nothing.
    assert not headed_set_questions("Setting this value to false disables the footer.", "Kettle", {})


def test_other_verbs_of_configuration_and_use():
    asked = _asked("Enable themeConfig.gradedContainers to use a graded severity scale for alerts.")
    assert asked == {
        "Which Kettle option do you enable to use a graded severity scale for alerts?": ["themeConfig.gradedContainers"]
    }
    asked = _asked("You can use the sitemap.transformItems hook to modify the sitemap items before writing the file.")
    assert asked == {
        "Which Kettle hook do you use to modify the sitemap items before writing the file?": ["sitemap.transformItems"]
    }
    assert _asked("Set markdown.include.silent: true to log a warning and skip the inclusion instead.") == {
        "Which Kettle option do you set to true to log a warning and skip the inclusion instead?": [
            "markdown.include.silent"
        ]
    }
    assert _asked("You can configure the sidebar menu in themeConfig.sidebar.") == {
        "Which Kettle option do you use to configure the sidebar menu?": ["themeConfig.sidebar"]
    }
    assert not _asked("You can customize the text in themeConfig.lastUpdated.text.")
    # "use" takes a code name by its spelling or the corpus: "use type to …" is an English word.
    assert not _asked("Use type to declare the kind of a brew.")


def test_a_condition_after_the_value_is_asked_as_a_condition_not_a_purpose():
    text = "pour.autoStop\n\n- Type: boolean\n\nSet it to false when a timer plugin owns the end of each pour.\n"
    asked = {q[0]: q[1] for q in headed_set_questions(text, "Kettle", {})}
    assert asked == {
        "Which Kettle option do you set to false when a timer plugin owns the end of each pour?": ["pour.autoStop"]
    }, asked
    purpose = "pour.autoStop\n\nSet it to false to let a timer plugin end each pour.\n"
    assert list(headed_set_questions(purpose, "Kettle", {})) and all(
        " to let a timer plugin" in q[0] for q in headed_set_questions(purpose, "Kettle", {})
    )
