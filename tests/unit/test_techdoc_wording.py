"""How questions on man page options are worded: placeholders, parts of speech, help and version, command names."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions import techdoc_en, techdoc_zh
from ragstress.generators.questions.techdoc import Entry, Subject, entries
from ragstress.generators.questions.techdoc_options_en import option_predicate
from ragstress.generators.questions.techdoc_parse import conjugate
from ragstress.generators.questions.techdoc_placeholders import placeholders, word_placeholders
from ragstress.generators.questions.techdoc_subjects import document_subjects

PAGEKIT = Subject("pagekit", "command")

OPTIONS_EN = """OPTIONS
       -g, --grade=GRADE
              set grade GRADE in the report header

       --outdir DIR
              write the fetched pages into DIR

       -t, --tag=STR
              prefix each saved line with STR

       -n, --count=NUM
              stop after NUM pages

       --shade=WHEN
              shade WHEN the page is long

       --cache dir
              keep downloaded pages in dir

       -s, --sort
              sort the saved pages by size and print their names

       --plain
              Disables colour in the listing.

       --display-title=TITLE
              Display title of the saved page.

       -p port
              Port to fetch the pages from.

       --store=STORE
              Name of an existing store that holds the pages.

       --strict
              Strict mode.

       -q, --quiet
              Quiet fetching of pages.

       --help display this help and exit

       -V, --version
              print version and exit
"""


def _asked_en(text: str, subject: Subject = PAGEKIT) -> dict[str, list[str]]:
    found = entries(text, subject)
    return {q[0]: q[1] for e in found if (q := techdoc_en.definition_question(e, subject))}


def test_placeholders_are_put_into_words_or_the_option_is_not_asked():
    asked = _asked_en(OPTIONS_EN)
    # "--grade" for "sets the grade …" gives the answer away: only its short spelling is asked for, and accepted.
    assert [(q, a) for q, a in asked.items() if "grade" in q] == [
        ("Which short option of pagekit sets the grade in the report header?", ["-g"])
    ]
    assert asked["Which option of pagekit writes the fetched pages into a directory?"] == ["--outdir"]
    assert asked["Which option of pagekit prefixes each saved line with a string?"] == ["-t", "--tag"]
    assert asked["Which option of pagekit stops after a given number of pages?"] == ["-n", "--count"]
    assert asked["Which option of pagekit keeps downloaded pages in a directory?"] == ["--cache"]
    assert not any("WHEN" in q or "shade" in q for q in asked)  # WHEN has no plain wording
    assert not any(word in q for q in asked for word in ("GRADE", "DIR", "STR", "NUM"))


def test_the_wording_keeps_the_sentence_around_a_placeholder():
    assert word_placeholders("apply a Boolean filter EXPR to each item", {"EXPR"}) == (
        "apply a Boolean filter to each item"
    )
    assert word_placeholders("read FILEs from $PAGEDIR/in", {"FILE"}) == "read files from $PAGEDIR/in"
    assert placeholders("-c, --check", "check the FILEs") == {"FILE"}
    assert word_placeholders("use RFILE's owner instead of OWNER values", {"RFILE", "OWNER"}) == (
        "use a reference file's owner instead of owner values"
    )
    assert word_placeholders("show the first NUM pages", {"NUM"}) is None  # "the first a number" keeps no sense
    assert word_placeholders("keep a single page per host", {"page"}) == "keep a single page per host"
    assert word_placeholders("the page at which to start fetching", {"start"}) == "the page at which to start fetching"
    assert word_placeholders("forward the pages to host over ssh", {"host"}) == "forward the pages to a host over ssh"
    assert word_placeholders("merge NEWFILE into MAINFILE", {"NEWFILE", "MAINFILE"}) is None


def test_an_imperative_is_put_in_the_third_person_and_a_noun_phrase_is_what_the_option_sets():
    asked = _asked_en(OPTIONS_EN)
    # "--sort": the question's own word, so only "-s" is asked for.
    assert [a for q, a in asked.items() if "sorts the saved pages" in q] == [["-s"]]
    assert "Which option of pagekit disables colour in the listing?" in asked
    assert not any("display title" in q for q in asked)  # "--display-title": the question's own words
    assert not any("displays title" in q for q in asked)
    assert asked["Which option of pagekit sets the port to fetch the pages from?"] == ["-p"]
    assert not any("existing store" in q for q in asked)  # "--store"
    # A noun phrase says what an option's value is; an option that takes none sets nothing.
    assert not any("strict" in q.lower() or "quiet" in q.lower() for q in asked)
    assert [conjugate(v) for v in ("list", "do", "try", "push", "be")] == ["lists", "does", "tries", "pushes", "is"]


def test_help_and_version_options_are_never_asked():
    names = {n for e in entries(OPTIONS_EN, PAGEKIT) for n in e.names}
    assert not names & {"--help", "-V", "--version"}
    zh = "选项\n       --version\n              显示版本信息并退出\n\n       -a     在标准错误上输出帮助\n"
    assert entries(zh, PAGEKIT) == []


def test_a_command_of_several_words_is_named_as_typed():
    text = "NAME\npagekit fetch - fetch saved pages\n\nOPTIONS\n--all  fetch every saved page\n"
    chunk = Chunk(id="c1", doc_id="man1/pagekit_fetch.1.gz", text=text, start=0, end=len(text))
    subject = document_subjects([chunk])[chunk.doc_id]
    assert subject == Subject("pagekit fetch", "command")
    assert "Which option of pagekit fetch fetches every saved page?" in _asked_en(text, subject)
    hyphened = "NAME\npage-kit - keep pages\n"
    chunk = Chunk(id="c2", doc_id="man1/page-kit.1", text=hyphened, start=0, end=len(hyphened))
    assert document_subjects([chunk])[chunk.doc_id].name == "page-kit"


def test_chinese_option_questions_word_their_placeholders():
    text = """选项
       -o, --output=FILE
              把抓取的页面写入 FILE

       --mark=XQ
              用 XQ 标记每一页

       -k, --keep=NUM
              只保留最近 NUM 个页面

       --retry
              类似 --again

       --again
              对于本地页面，这个选项等同于 --retry

       --tls-key=file
              设置 TLS 加密的 key file

       -u     显示关于命令选项的简要描述．

       -l, --list
              列出每个页面的如下项目：

       -N filename
              只抓取比filename指定页面更新的页面

       -Ddir     在目录 dir 中保存页面

       -r retry    重试次数.(默认情况: 4.)

       -mname    读入宏文件 name.tmac

       -a     和缺省情况一样

       -b     与 “-a” 标识同义

       -l filename
              把日志附加在 filename 文件上

       -P name
              按 name 参数给出的前缀保存页面

       -H     该选项使得 pagekit 显示关于命令选项的简要描述

       -r     等于 -k0

       --trim, --no-trim
              这些选项控制是否裁剪页面
"""
    asked = {q[0]: q[1] for e in entries(text, PAGEKIT) if (q := techdoc_zh.definition_question(e, PAGEKIT))}
    assert asked == {
        "pagekit 命令的哪个选项表示“把抓取的页面写入指定的文件”？": ["-o", "--output"],
        "pagekit 命令的哪个选项表示“只保留最近指定数目的页面”？": ["-k", "--keep"],
        # "--tls-key" for "设置 TLS 加密的 key file" is not asked: the question spells the option.
        "pagekit 命令的哪个选项表示“在指定的目录中保存页面”？": ["-D"],  # "-Ddir" is no spelling anyone types
        "pagekit 命令的哪个选项表示“重试次数”？": ["-r"],  # the aside "(默认情况: 4.)" left out
        "pagekit 命令的哪个选项表示“按 name 参数给出的前缀保存页面”？": ["-P"],
        "pagekit 命令的哪个选项表示“把日志附加在指定的文件上”？": ["-l"],
    }


def test_every_verb_of_an_imperative_description_agrees():
    cases = {
        "Trim, sort or merge the saved pages.": "trims, sorts or merges the saved pages",
        "fetch nothing, only report the queue length": "fetches nothing, only reports the queue length",
        "use the cache to speed up fetching": "uses the cache to speed up fetching",
        "Show the licence and quit": "shows the licence and quits",
        "list the saved pages and folders": "lists the saved pages and folders",
        "don't fetch anything, exit status shows the queue state": "prevents fetching anything",
        "Do not fetch pages over plain HTTP": "prevents fetching pages over plain HTTP",
        "don't fetch or index the pages": "prevents fetching or indexing the pages",
        "fail if the queue is not found running": "fails if the queue is not found running",
        "look up, sort, or wait for pages based on name and other attributes": (
            "looks up, sorts, or waits for pages based on name and other attributes"
        ),
    }
    for description, said in cases.items():
        entry = Entry("--tidy", ("--tidy",), "option", description, description)
        assert option_predicate(entry) == said, description


def test_a_file_sharing_its_description_with_the_files_above_it_is_not_asked():
    text = "FILES\n~/.pagekit/pages.db\n~/.pagekit/pages.idx\n        Hold the saved pages.\n"
    assert _asked_en(text) == {}
    alone = "FILES\n~/.pagekit/pages.db\n        Holds the saved pages.\n"
    assert _asked_en(alone) == {
        "Which file used by pagekit is documented as “Holds the saved pages”?": ["~/.pagekit/pages.db"]
    }


def test_a_slashed_pair_of_verbs_is_conjugated_whole_and_an_upper_case_name_line_names_the_command_as_typed():
    from ragstress.core.types import Chunk
    from ragstress.generators.questions.techdoc_parse import conjugate
    from ragstress.generators.questions.techdoc_subjects import document_subjects

    assert conjugate("enable/disable") == "enables/disables"
    text = "NAME\n  PAGEKIT - arrange pages for printing.\n"
    chunk = Chunk(id="c", doc_id="man/pagekit.1.gz", text=text, start=0, end=len(text))
    assert document_subjects([chunk])["man/pagekit.1.gz"].name == "pagekit"


def test_an_option_takes_the_spellings_written_on_the_lines_above_it_and_on_its_own_line():
    from ragstress.generators.questions.techdoc import Subject, entries

    text = (
        "OPTIONS\n    -R\n    --rotate\n    --rotate=left\n        Turn every page a quarter left.\n\n"
        "-h --help\n    Show summary of options.\n\n"
        "--bleed\n-b     Add a margin for trimming.\n\n"
        "-mcrop-marks\n    -mno-crop-marks\n        Print crop marks at the corners.\n\n"
        "--warn-overlap or --Wo\n        Warn when two pages overlap.\n"
    )
    found = {e.names for e in entries(text, Subject("pagekit", "command"))}
    assert found == {("-R", "--rotate"), ("--bleed", "-b"), ("-mcrop-marks",), ("--warn-overlap", "--Wo")}


def test_a_noun_phrase_the_frames_tag_as_a_verb_is_read_as_what_the_option_sets():
    cases: dict[str, str | None] = {
        "Target number of physical links in the link bundle.": "sets the target number of physical links in the link bundle",
        # Once read as "identifiers for …", a verb; its plain parse has no noun for a root either: not asked.
        "Identifiers for the specific page you want to update.": None,
        "Overrides the saved page's title.": "overrides the saved page's title",
        "Identifier for the specific page you want to update.": None,
    }
    for description, said in cases.items():
        entry = Entry("--mark=MARK", ("--mark",), "option", description, description)
        assert option_predicate(entry) == said, description


def test_an_option_clause_that_fails_the_grammar_check_is_not_asked():
    page = """OPTIONS
       -R, --table-right columns
           Right align text in the specified columns.

       -H, --table-hide columns
           Don't print specified columns.

       --status-fd n
           Write special status strings to the file descriptor n.

       --display-name=DISPLAY_NAME
           Display name of the cluster.

       --log-level=LEVEL
           Logging level used by the server.
"""
    said = {e.term: option_predicate(e) for e in entries(page)}
    assert said["-R, --table-right columns"] is None
    assert said["-H, --table-hide columns"] is None
    assert said["--status-fd n"] is None
    assert said["--display-name=DISPLAY_NAME"] == "sets the display name of the cluster"
    assert said["--log-level=LEVEL"] == "sets the logging level used by the server"


def test_a_chinese_option_clause_that_cannot_stand_alone_in_quotes_is_not_asked():
    page = """选项
       --poweroff
              当与 halt 命令一起使用时关闭页面。

       -H
              当与 halt

       -mmin n
              对文件状态的最近一次修改是在 n 分钟之前

       -l[max-lines]
              每个命令行最多可以有 max-lines 行非空格输入

       -a, --all
              在列出单元时，表示列出所有已加载的单元

       -b
              将给定“数值”行连续的空行视为一行

       -c
              等效于 '--apparent-size --block-size=1'

       -V
              文件 /proc/meminfo-- 内存信息

       -t
              返回true

       -d
              以只读方式挂载页面存储
"""
    asked = {e.term: techdoc_zh.definition_question(e, PAGEKIT) for e in entries(page, PAGEKIT)}
    assert [term for term, q in asked.items() if q] == ["--poweroff", "-c", "-d"]
    assert asked["--poweroff"][0] == "pagekit 命令的哪个选项表示“当与 halt 命令一起使用时关闭页面”？"
    assert asked["-c"][0] == "pagekit 命令的哪个选项等效于 '--apparent-size --block-size=1'？"


def test_a_chinese_clause_ending_on_a_word_or_naming_a_mode_is_still_asked():
    page = """选项
       -c
              检查输入是否被正确排序，即使所有输入行均成对

       -i
              进入 copy-in 模式
"""
    asked = {e.term: techdoc_zh.definition_question(e, PAGEKIT) for e in entries(page, PAGEKIT)}
    assert asked["-c"][0] == "pagekit 命令的哪个选项表示“检查输入是否被正确排序，即使所有输入行均成对”？"
    assert asked["-i"][0] == "pagekit 命令的哪个选项表示“进入 copy-in 模式”？"


def test_a_return_type_opening_a_description_is_a_noun_not_a_verb():
    from ragstress.generators.questions.techdoc_sentences_en import term_predicate

    noun = Entry("BrewDefinition", ("BrewDefinition",), "class", "Return type of brew(). A function.", "")
    assert term_predicate(noun) is None
    verb = Entry("pour", ("pour",), "function", "Return the cup that was filled.", "")
    assert term_predicate(verb) == "returns the cup that was filled"
