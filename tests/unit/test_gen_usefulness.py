"""The usefulness check: a question whose answer a user could guess without any passage is not asked."""

from __future__ import annotations

import pytest

from ragstress.generators.questions.usefulness import guessable


@pytest.mark.parametrize(
    ("question", "answers", "lang", "why"),
    [
        ("Which option of grep ignores case distinctions in patterns?", [["-i", "--ignore-case"]], "en", "repeats"),
        ("Which exception is raised when a mapping key is not found?", [["KeyError"]], "en", "repeats"),
        ("Which exception is raised when an assert statement fails?", [["AssertionError"]], "en", "repeats"),
        ("Which option of ls lists all entries?", [["-a", "--all"]], "en", "repeats"),
        ("Which method of str splits a string at a separator?", [["str.split()", "split"]], "en", "repeats"),
        ("Does grep read standard input when no file is given?", [["yes"]], "en", "yes/no"),
        ("What does the flag default to?", [["None"]], "en", "generic"),
        ("What is the default value of the srcExclude option in Kettle?", [["undefined"]], "en", "generic"),
        ("ls 命令是否默认排序？", [["是"]], "zh", "yes/no"),
        ("ls 命令会列出隐藏文件吗？", [["不会"]], "zh", "yes/no"),
        ("哪个函数返回 read_config 的结果？", [["read_config()"]], "zh", "repeats"),
    ],
)
def test_a_guessable_question_is_named_with_its_reason(question, answers, lang, why):
    reason = guessable(question, answers, lang)
    assert reason is not None and why in reason


@pytest.mark.parametrize(
    ("question", "answers", "lang"),
    [
        ("Which option of ls does not ignore entries starting with a dot?", [["-a", "--all"]], "en"),
        ("Which function of the os module returns the current working directory?", [["os.getcwd()", "getcwd"]], "en"),
        ("What carried the Hubble Space Telescope into orbit?", [["Space Shuttle Discovery"]], "en"),
        ("Who designed the Eiffel Tower?", [["Gustave Eiffel"]], "en"),
        ("In what year was the Eiffel Tower completed?", [["1889"]], "en"),
        ("Which exception is raised when a file operation fails for a system reason?", [["OSError"]], "en"),
        ("ls 命令的哪个选项表示“不要忽略以点号起始的条目”？", [["-a", "--all"]], "zh"),
        ("埃菲尔铁塔于哪一年建成？", [["1889年", "1889"]], "zh"),
        ("ls 命令的哪个选项决定是否显示隐藏文件？", [["-a", "--all"]], "zh"),
        ("Is the tower located in which district of Paris?", [["Champ de Mars"]], "en"),
        ("pagekit 命令的 -w 选项默认值是什么？", [["5"]], "zh"),
    ],
)
def test_a_question_that_needs_its_passage_passes(question, answers, lang):
    assert guessable(question, answers, lang) is None


def test_every_alias_counts_and_a_number_the_question_lacks_is_not_guessed():
    # The long spelling gives the answer away even when the short one would not.
    assert guessable("Which option of sort reverses the result?", [["-r", "--reverse"]], "en")
    question = "Which method is the same as http_error_301, but called for the 'temporary redirect' response?"
    assert guessable(question, [["http_error_307()", "http_error_307"]], "en") is None
