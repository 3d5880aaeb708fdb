"""Questions on settings stated in prose: environment variables, command-line options, defaults, quoted status names."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_settings import chinese_settings, english_settings


def _en(sentence: str) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in english_settings(sentence, "Kettle")}


def _zh(sentence: str) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in chinese_settings(sentence, "Kettle")}


def test_an_environment_variable_its_value_and_what_it_does():
    asked = _en(
        "When the KETTLE_MODE environment variable is set to quiet, Kettle only shows a light if the pot is empty"
    )
    assert asked["To which value must KETTLE_MODE be set for Kettle to only show a light if the pot is empty?"] == [
        "quiet"
    ]
    asked = _en("The KETTLE_TEMP environment variable sets the brewing temperature in degrees")
    assert asked["Which environment variable sets the brewing temperature in degrees in Kettle?"] == ["KETTLE_TEMP"]
    assert _en("The KETTLE_TEMP environment variable sets it for you") == {}


def test_a_command_line_option_and_where_a_default_puts_a_file():
    asked = _en("Pass the --keep-warm option to the kettle brew command to hold the water at 60 degrees")
    assert asked["Which option do you pass to the kettle brew command to hold the water at 60 degrees?"] == [
        "--keep-warm"
    ]
    asked = _en("The --quiet flag of the kettle pour command suppresses the whistle on completion")
    assert asked["Which option of the kettle pour command suppresses the whistle on completion?"] == ["--quiet"]
    asked = _en("By default, the brewing log is written to /var/log/kettle.log")
    assert asked["Where is the brewing log written by default in Kettle?"] == ["/var/log/kettle.log"]


def test_a_default_in_prose_and_status_codes_named_in_quotes():
    asked = _en('By default, pour_rate has a value of pour_rate="slow"')
    assert asked["What is the default value of the pour_rate parameter in Kettle?"] == ['"slow"', "slow"]
    assert _en("By default, it has a value of 3") == {}
    asked = _en('A special case is 204, "No Content", which carries no body')
    assert asked["Which HTTP status code means No Content?"] == ["204"]
    asked = _en('You can answer "Accepted" (HTTP 202) and brew later')
    assert asked["Which HTTP status code means Accepted?"] == ["202"]
    assert _en('It returns 200, "Fine"') == {}
    assert (
        _en('See PEP 587 "Python Initialization Configuration"') == {}
    )  # a PEP's number, not a status  # one plain word: not a status name a reader would ask about


def test_chinese_settings_too():
    asked = _zh("当 KETTLE_MODE 环境变量设置为 quiet 时，Kettle 只会在壶空时亮灯")
    assert asked["当 KETTLE_MODE 环境变量设置为什么值时，Kettle 只会在壶空时亮灯？"] == ["quiet"]
    assert _zh("KETTLE_TEMP 环境变量用于设置冲泡温度")["在 Kettle 中，哪个环境变量用于设置冲泡温度？"] == [
        "KETTLE_TEMP"
    ]
    assert _zh("kettle brew 命令的 --keep-warm 选项用于让水保持温热")[
        "kettle brew 命令的哪个选项用于让水保持温热？"
    ] == ["--keep-warm"]
    assert _zh("默认情况下，冲泡日志写入 /var/log/kettle.log")["在 Kettle 中，冲泡日志默认写入哪里？"] == [
        "/var/log/kettle.log"
    ]
    assert _zh('默认情况下，pour_rate 的值为 pour_rate="slow"')["在 Kettle 中，pour_rate 的默认值是什么？"] == [
        '"slow"',
        "slow",
    ]
    assert _zh("- 201 表示“已创建”，通常在新建记录后使用")["哪个 HTTP 状态码表示“已创建”？"] == ["201"]
    assert _zh("这个环境变量用于设置它") == {}


def test_a_code_name_with_its_noun_says_what_it_does_and_what_to_install():
    asked = _en("The steep_time parameter receives the brewing time in seconds, and the pot waits that long")
    assert asked["Which parameter receives the brewing time in seconds in Kettle?"] == ["steep_time"]
    assert _en("The steep_time parameter is optional") == {}  # says nothing one parameter alone does
    assert _en("The steep_time parameter sets it to the default") == {}
    asked = _en("To use TeaClient, first install teapot-http")
    assert asked["Which package do you install to use TeaClient in Kettle?"] == ["teapot-http"]
    asked = _zh("steep_time 参数用于指定冲泡时间")
    assert asked["在 Kettle 中，哪个参数用于指定冲泡时间？"] == ["steep_time"]
    assert _zh("要使用 TeaClient，请先安装 teapot-http")["要使用 TeaClient，需要先安装哪个包？"] == ["teapot-http"]


def test_the_version_a_feature_needs_and_where_a_page_is_served():
    asked = _en("Make sure you upgrade the Kettle version to at least 2.4.1 before using Annotated")
    assert asked["Which version of Kettle do you need at least to use Annotated?"] == ["2.4.1"]
    assert _en("TeaClient requires Kettle 3.0 or later")[
        "Which version of Kettle do you need at least to use TeaClient?"
    ] == ["3.0"]
    assert _en("Brew Dashboard: served at /dashboard")["Where is Brew Dashboard served in Kettle?"] == ["/dashboard"]
    asked = _zh("在使用 Annotated 之前，请确保升级 Kettle 版本到至少 2.4.1")
    assert asked["使用 Annotated 至少需要哪个版本的 Kettle？"] == ["2.4.1"]
    assert _zh("steep_time 参数接收表示冲泡秒数的数字")["在 Kettle 中，哪个参数接收表示冲泡秒数的数字？"] == [
        "steep_time"
    ]
