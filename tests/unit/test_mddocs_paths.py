"""Which file or directory of a project's layout does a task, in English and Chinese."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_paths import path_questions


def _asked(sentence: str, zh: bool = False) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in path_questions(sentence, "Kettle", zh)}


def test_a_file_and_a_directory_of_the_layout():
    assert _asked("app/router.js used to configure URL routing rules, see Router for details.") == {
        "Which file is used to configure URL routing rules in Kettle?": ["app/router.js"]
    }
    assert _asked("app/schedule/** used for scheduled tasks, optional, see Scheduled Task for details.") == {
        "Which directory is used for scheduled tasks in Kettle?": ["app/schedule/**", "app/schedule", "app/schedule/"]
    }


def test_chinese_layout_lines():
    assert _asked("app/router.js 用于配置 URL 路由规则，具体参见 Router。", zh=True) == {
        "在 Kettle 中，哪个文件用于配置 URL 路由规则？": ["app/router.js"]
    }
    assert _asked("app/view/** 用于放置模板文件，具体参见模板渲染。", zh=True) == {
        "在 Kettle 中，哪个目录用于放置模板文件？": ["app/view/**", "app/view", "app/view/"]
    }


def test_two_paths_a_placeholder_or_a_pointing_purpose_are_not_asked():
    assert not _asked("app.js and agent.js are used to customize the initialization works at startup.")
    assert not _asked("config/config.{env}.js used to write configuration files.")
    assert not _asked("app/foo/** used for it.")
    assert not _asked("app/foo/** 用于此功能，可选。", zh=True)
    assert not path_questions("app/router.js used to configure URL routing rules.", None, False)


def test_layout_list_lines_count_as_entries():
    from ragstress.generators.questions.mddocs_paths import layout_lines

    text = (
        "Layout\n\n- app/router.js used to configure URL routing rules.\n- app/view/** 用于放置模板文件。\n"
        "- app.js and agent.js are used to customize startup.\napp/router.js used to route, outside a list.\n"
    )
    assert layout_lines(text) == 2
