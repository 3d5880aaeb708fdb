"""Which option questions are worth asking: the first clause only, nothing the question gives away, once a family."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions import techdoc_en, techdoc_zh
from ragstress.generators.questions.synthesis import technical_questions
from ragstress.generators.questions.techdoc import Subject, entries
from ragstress.generators.questions.techdoc_shared import SharedOptions
from ragstress.generators.questions.techdoc_subjects import document_subjects
from ragstress.generators.questions.techdoc_useful import first_clause, guessable

PAGEKIT = Subject("pagekit", "command")

OPTIONS = """OPTIONS
       --before-fetch
              Run the hook of the queue format (since pagekit 1.15.8).

       -m, --mirror=URL
              Fetch the pages from a mirror, e.g. https://example.org/pages; see MIRRORS below.

       -N, --noheadings
              Do not print a header line.

       -Tqueue-file
              Read the queue in queue-file instead of the default one.

       --region=REGION
              The region of the fetching cluster.

       --async
              Return immediately, without waiting for the fetch to complete.

       -R, --recurse
              Fetch linked pages recursively.
"""


def _asked(text: str) -> dict[str, list[str]]:
    return {q[0]: q[1] for e in entries(text, PAGEKIT) if (q := techdoc_en.definition_question(e, PAGEKIT))}


def test_only_the_first_clause_is_asked_without_version_notes_examples_or_pointers():
    assert first_clause("Run the hook (since dpkg 1.15.8)") == "Run the hook"
    assert first_clause("Use a mirror, e.g. https://x; see MIRRORS below") == "Use a mirror"
    assert first_clause("List the flags (one per line); the default is all") == "List the flags"
    asked = _asked(OPTIONS)
    assert asked["Which option of pagekit runs the hook of the queue format?"] == ["--before-fetch"]
    assert not any("since" in q or "e.g." in q or "see" in q.split() for q in asked)


def test_a_negated_description_is_asked_as_what_the_option_prevents():
    asked = _asked(OPTIONS)
    assert asked["Which option of pagekit prevents printing a header line?"] == ["-N", "--noheadings"]
    assert not any("does not" in q for q in asked)
    zh = "       -N, --noheadings\n              不要打印标题行\n\n       --strict\n              禁止抓取外部页面\n"
    asked_zh = {q[0]: q[1] for e in entries(zh, PAGEKIT) if (q := techdoc_zh.definition_question(e, PAGEKIT))}
    assert asked_zh == {
        "pagekit 命令的哪个选项让它不打印标题行？": ["-N", "--noheadings"],
        "pagekit 命令的哪个选项禁止抓取外部页面？": ["--strict"],
    }


def test_a_glued_placeholder_is_no_spelling_of_the_answer():
    asked = _asked(OPTIONS)
    assert [names for q, names in asked.items() if "queue" in q and "reads" in q] == [["-T"]]
    text = "       -lchangelog-file\n              Specifies the changelog file to read.\n"
    assert [e.names for e in entries(text, PAGEKIT)] == [("-l", "-lchangelog-file")]


def test_an_option_the_question_names_is_not_asked():
    asked = _asked(OPTIONS)
    assert not any("region" in q or "immediately" in q or "recursively" in q for q in asked)
    assert guessable(("-i", "--ignore-case"), "ignores case distinctions in patterns")
    assert guessable(("--serverlist",), "lists the names of all servers")
    assert not guessable(("-L", "--dereference"), "follows symbolic links")
    assert guessable(("-mspe",), "generates code for Motorola SPE instructions")
    assert guessable(("--noplugin",), "skips loading plugins")
    assert guessable(("-Xmaxwarns",), "sets the maximum number of warnings to print")
    assert not guessable(("-A", "--almost-all"), "lists every entry except . and ..")


def test_an_option_a_family_of_pages_shares_is_asked_on_one_page_only():
    common = "OPTIONS\n       --log-http\n              Log all HTTP server requests and responses to stderr.\n"
    own = "       --watch\n              Follow the {}'s log until it ends.\n"
    chunks = []
    for name in ("pagekit-build", "pagekit-deploy"):
        text = f"NAME\n       {name} - x\n\n" + common + own.format(name.split("-")[1])
        chunks.append(Chunk(id=name, doc_id=f"man1/{name}.1.gz", text=text, start=0, end=len(text)))
    subjects = document_subjects(chunks)
    shared = SharedOptions(chunks, subjects)
    asked = [q[0] for c in chunks for q in technical_questions(c, subjects[c.doc_id], "en", shared)]
    assert sum("HTTP server requests" in q for q in asked) == 1
    assert sum("Follow" in q or "follows" in q for q in asked) == 2


def test_a_chinese_option_is_asked_on_its_first_clause():
    zh = (
        "       -p, --interactive\n              提示用户是否运行每个命令行, 然后从终端读入一行\n\n"
        "       -o     即 -t o2，指定双字节单位八进制数的对照输出格式\n\n"
        "       -n, --numeric\n              这个选项阻止 pagekit 把动作码翻译成符号名\n"
    )
    asked = {q[0]: q[1] for e in entries(zh, PAGEKIT) if (q := techdoc_zh.definition_question(e, PAGEKIT))}
    assert asked == {
        "pagekit 命令的哪个选项表示“提示用户是否运行每个命令行”？": ["-p", "--interactive"],
        "pagekit 命令的哪个选项表示“指定双字节单位八进制数的对照输出格式”？": ["-o"],
        "pagekit 命令的哪个选项阻止 pagekit 把动作码翻译成符号名？": ["-n", "--numeric"],
    }


def test_an_option_on_many_pages_of_one_family_is_asked_once_whatever_each_page_says():
    chunks = []
    for name, thing in (("stores list", "store"), ("pages list", "page"), ("sites list", "site")):
        command = f"pagekit {name}"
        text = f"NAME\n       {command} - x\n\nFLAGS\n       --pin\n              Keep the {thing}s in one zone.\n"
        doc_id = f"man1/{command.replace(' ', '_')}.1.gz"
        chunks.append(Chunk(id=doc_id, doc_id=doc_id, text=text, start=0, end=len(text)))
    subjects = document_subjects(chunks)
    shared = SharedOptions(chunks, subjects)
    asked = [q[0] for c in chunks for q in technical_questions(c, subjects[c.doc_id], "en", shared)]
    assert asked == ["Which option of pagekit pages list keeps the pages in one zone?"]
    # On two pages only, each says its own thing of it: both are asked.
    two = SharedOptions(chunks[:2], subjects)
    assert len([q for c in chunks[:2] for q in technical_questions(c, subjects[c.doc_id], "en", two)]) == 2
