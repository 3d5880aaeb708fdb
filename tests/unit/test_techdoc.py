"""Definition entries of manuals and references, and the questions asked of them (en and zh)."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions import techdoc_en, techdoc_zh
from ragstress.generators.questions.synthesis import technical_questions
from ragstress.generators.questions.techdoc import Subject, classify_term, entries
from ragstress.generators.questions.techdoc_sentences_en import first_sentence
from ragstress.generators.questions.techdoc_subjects import document_subjects
from ragstress.values.reading import read

MAN_EN = """OPTIONS
       -q, --quiet
              Suppress all normal output.

       -n     Print line numbers before each matching line.

       --color[=WHEN]
              Highlight the matched text; WHEN defaults to auto.

ENVIRONMENT
       PAGEKIT_HOME
              The directory holding the user's saved pages.
"""

MAN_ZH = """选项
       -s, --silent
              不显示任何进度信息

       -w 宽度
              设置每行的最大宽度，默认值为 72

       --dry-run
              只列出将要执行的操作，不真正执行
"""

REFERENCE = """tarpit --- Slow down unwanted clients

tarpit.delay(seconds, jitter=0.25)

Pause the current connection for the given number of seconds. The default value of jitter is 0.25.

Added in version 2.7.

class tarpit.Trap(port)

A listener that accepts connections and never answers them.

exception tarpit.TrapClosed

Raised when a trap is used after it was closed.

```
tarpit.delay(3)
Return nothing useful here.
```
"""


def test_terms_are_classified_by_their_shape():
    assert classify_term("-q, --quiet")[:2] == ("option", ("-q", "--quiet"))
    assert classify_term("--color[=WHEN]")[:2] == ("option", ("--color",))
    kind, names, params = classify_term("tarpit.delay(seconds, jitter=0.25)")
    assert kind == "function" and names[0] == "tarpit.delay()" and params == ("seconds", "jitter")
    assert classify_term("class tarpit.Trap(port)")[0] == classify_term("tarpit.Trap(port)")[0] == "class"
    assert classify_term("PyObject* Trap_New(int port)")[0] == "cfunction"
    assert classify_term("tarpit.TrapError")[0] == "exception"
    assert classify_term("Pause the current connection.") is None
    assert classify_term("OPTIONS") is None


def test_a_man_page_gives_options_and_environment_variables():
    found = entries(MAN_EN, Subject("pagekit", "command"))
    by_name = {e.names[0]: e for e in found}
    assert by_name["-q"].names == ("-q", "--quiet") and by_name["-q"].description == "Suppress all normal output."
    assert by_name["-n"].description.startswith("Print line numbers")  # tag and description on one line
    assert by_name["PAGEKIT_HOME"].kind == "envvar"


def test_questions_on_english_options_put_the_verb_in_the_third_person():
    subject = Subject("pagekit", "command")
    asked = [techdoc_en.definition_question(e, subject) for e in entries(MAN_EN, subject)]
    questions = {q[0]: q[1] for q in asked if q}
    # "-q, --quiet / Suppress all normal output": a question any user answers without the page is not asked.
    assert not any("suppresses all normal output" in q for q in questions)
    assert "Which option of pagekit prints line numbers before each matching line?" in questions
    assert questions["Which environment variable of pagekit is the directory holding the user's saved pages?"] == [
        "PAGEKIT_HOME"
    ]


def test_chinese_options_are_asked_with_their_description_quoted_and_defaults_asked_too():
    subject = Subject("pagekit", "command")
    found = entries(MAN_ZH, subject)
    asked = {q[0]: q[1] for e in found if (q := techdoc_zh.definition_question(e, subject))}
    # "不显示……" is asked as what the option turns off, not as an option that "means not showing".
    assert asked["pagekit 命令的哪个选项让它不显示任何进度信息？"] == ["-s", "--silent"]
    assert asked["pagekit 命令的哪个选项表示“只列出将要执行的操作，不真正执行”？"] == ["--dry-run"]
    width = next(e for e in found if e.names[0] == "-w")
    defaults = techdoc_zh.value_questions(width, subject, MAN_ZH)
    assert [(q[0], q[1]) for q in defaults] == [("pagekit 命令的 -w 选项默认值是什么？", ["72"])]


def test_a_reference_page_gives_functions_classes_exceptions_versions_and_defaults():
    chunk = Chunk(id="c1", doc_id="tarpit.rst", text=REFERENCE, start=0, end=len(REFERENCE))
    subject = document_subjects([chunk])["tarpit.rst"]
    assert subject == Subject("tarpit", "module")
    asked = {q[0]: (q[1], q[3]) for q in technical_questions(chunk, subject, "en")}
    assert asked["Which function of the tarpit module pauses the current connection for the given number of seconds?"][
        0
    ][:2] == ["tarpit.delay()", "tarpit.delay"]
    assert asked["Which class of the tarpit module is a listener that accepts connections and never answers them?"]
    assert (
        asked["Which exception of the tarpit module is raised when a trap is used after it was closed?"][1]
        == "definition"
    )
    assert asked["In which version was tarpit.delay() added?"] == (["2.7"], "version_added")
    assert asked["What is the default value of the jitter parameter of tarpit.delay()?"] == (
        ["0.25"],
        "default_value",
    )
    # The code block's lines are neither terms nor descriptions.
    assert not any("nothing useful" in q for q in asked)


def test_a_question_two_terms_would_answer_alike_is_not_asked():
    text = "pk_open(name)\n\nOpen a page by name.\n\npk_open_ex(name, mode)\n\nOpen a page by name.\n"
    chunk = Chunk(id="c2", doc_id="pk.rst", text=text, start=0, end=len(text))
    assert technical_questions(chunk, Subject("pk", "module"), "en") == []


def test_a_noun_description_is_not_read_as_a_verb():
    text = "Trap.limit\n\nLimit on the number of connections held at once.\n"
    found = entries(text, Subject("tarpit", "module"))
    assert found and techdoc_en.definition_question(found[0], Subject("tarpit", "module")) is None


def test_a_glued_argument_is_split_off_the_option():
    text = "-ffam   Use fam as the default font family.\n"
    (entry,) = entries(text, Subject("typeset", "command"))
    assert entry.names == ("-f", "-ffam")


def test_a_technical_answer_gets_a_fake_of_its_own_shape_from_the_corpus():
    import random

    from ragstress.generators.testbeds.counterfactual import make_fake_answer, name_inventory, plant_passage

    other = "-x, --exclude\n       Skip the named pages.\n"
    reference = "os.getcwd()\n\nReturn the directory.\n\nos.listdir(path)\n\nReturn the entries.\n"
    names = name_inventory([MAN_EN, other, reference], "en")
    fake = make_fake_answer(["-q", "--quiet"], "en", random.Random(1), source_text=MAN_EN, names=names)
    # -n is in the passage already, so only -x can stand in for -q.
    assert fake.aliases == ["-x"] and fake.kind == "name (tech:option)"
    assert plant_passage(MAN_EN, ["-q", "--quiet"], fake)[0].startswith("OPTIONS\n       -x, -x\n")
    aliases = ["os.getcwd()", "os.getcwd", "getcwd()", "getcwd"]
    fake = make_fake_answer(aliases, "en", random.Random(1), source_text="Call os.getcwd() first.", names=names)
    assert fake.replacements == dict(zip(aliases, ["os.listdir()", "os.listdir", "listdir()", "listdir"]))


def test_a_description_ends_at_its_first_full_stop_even_before_a_lower_case_name():
    assert first_sentence("Return true if ob is a delta. ob must not be NULL.") == ("Return true if ob is a delta")
    assert first_sentence("Write data (e.g. bytes) to the file. Then stop.") == ("Write data (e.g. bytes) to the file")
    text = "pk_write(data)\n\nWrite data to the page and return the number of bytes written.\n"
    (entry,) = entries(text, Subject("pk", "module"))
    question = techdoc_en.definition_question(entry, Subject("pk", "module"))[0]
    assert (
        question == "Which function of the pk module writes data to the page and returns the number of bytes written?"
    )


def test_error_codes_and_files_of_a_man_page_are_asked_with_their_description_quoted():
    page = (
        "ERRORS\n       EACCES Search permission is denied on a component of the path.\n\n"
        "       ENOENT\n              The named file does not exist.\n\nFILES\n       /etc/pagekit.conf\n"
        "              The system-wide configuration.\n"
    )
    subject = Subject("pagekit", "command")
    asked = {q[0]: (q[1], q[2]) for e in entries(page, subject) if (q := techdoc_en.definition_question(e, subject))}
    assert asked["Which error code of pagekit is documented as “The named file does not exist”?"] == (
        ["ENOENT"],
        "error_code",
    )
    assert asked["Which file used by pagekit is documented as “The system-wide configuration”?"] == (
        ["/etc/pagekit.conf"],
        "path",
    )
    zh = "错误\n       ENOENT\n              文件不存在\n"
    (entry,) = entries(zh, subject)
    assert techdoc_zh.definition_question(entry, subject)[0] == "pagekit 手册页中哪个错误码表示“文件不存在”？"


def test_one_letter_options_keep_their_case_in_scoring_and_in_planted_passages():
    from ragstress.scoring.metrics.rules import facts_stated
    from ragstress.values.spans import contains_alias, replace_aliases

    assert facts_stated(read("Use -a."), [["-a", "--all"]])[0]
    assert not facts_stated(read("Use -A."), [["-a", "--all"]])[0]
    assert not facts_stated(read("应该用 -A 选项。"), [["-a", "--all"]])[0]
    assert not facts_stated(read("不是 -a，而是 -A。"), [["-a", "--all"]])[
        0
    ]  # the -a is disputed, -A is another option
    assert facts_stated(read("Use -A."), [["-A"]])[0]
    assert not contains_alias("use -A", ["-a"]) and contains_alias("see PARIS", ["Paris"])
    page = "-a, --all  do not ignore.\n-A, --almost-all  do not list."
    assert (
        replace_aliases(page, {"-a": "-x", "--all": "-x"}) == "-x, -x  do not ignore.\n-A, --almost-all  do not list."
    )


def test_a_version_does_not_match_inside_a_longer_one():
    from ragstress.scoring.metrics.rules import facts_stated

    assert facts_stated(read("It was added in Python 3.8."), [["3.8"]])[0]
    assert not facts_stated(read("It was added in Python 3.8.1."), [["3.8"]])[0]
    assert not facts_stated(read("Added in 13.8."), [["3.8"]])[0]
    assert facts_stated(read("3.8 版本起提供。"), [["3.8"]])[0]


def test_an_option_left_in_english_on_a_chinese_page_is_not_asked_in_english():
    text = (
        "名称\n       pagekit - 把保存的页面按编号排序并打印出它们的名字\n\n选项\n"
        "       -d     以只读方式挂载页面存储，不写入任何数据\n\n"
        "       -f STYLE\n              use STYLE for numbering footer lines\n"
    )
    chunk = Chunk(id="z1", doc_id="man1/pagekit.1.gz", text=text, start=0, end=len(text))
    subject = Subject("pagekit", "command")
    asked = [q[0] for q in technical_questions(chunk, subject, "en")]
    assert asked == ["pagekit 命令的哪个选项表示“以只读方式挂载页面存储，不写入任何数据”？"]


def test_a_property_or_function_is_not_asked_with_its_description_in_quotes():
    from ragstress.generators.questions.techdoc import Entry

    def asked(name: str, kind: str, description: str) -> str | None:
        entry = Entry(name, (name,), kind, description, description)
        made = techdoc_zh.definition_question(entry, None)
        return made[0] if made else None

    assert asked("kettle.removeSteeps", "method", "移除一个或多个冲泡步骤，可以被多次调用") is None
    assert (
        asked("kettle.logger", "attribute", "提供统一日志输出格式的实例")
        == "kettle 的哪个属性是提供统一日志输出格式的实例？"
    )
    assert asked("kettle.clearSteeps", "function", "移除全部冲泡步骤") == "kettle 的哪个函数移除全部冲泡步骤？"
