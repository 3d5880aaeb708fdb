"""Which command does a task: a man page's NAME line asked backwards, in English and Chinese."""

from __future__ import annotations

import random

from ragstress.core.types import Chunk
from ragstress.generators.questions.synthesis import insitu_candidates
from ragstress.generators.questions.techdoc_commands import CommandPurposes, purpose_question
from ragstress.generators.questions.techdoc_subjects import document_subjects


def _page(doc_id: str, text: str) -> Chunk:
    return Chunk(id=doc_id + "#0", doc_id=doc_id, text=text, start=0, end=len(text))


def _asked(*pages: tuple[str, str]) -> dict[str, list[str]]:
    chunks = [_page(doc_id, text) for doc_id, text in pages]
    purposes = CommandPurposes(chunks, document_subjects(chunks))
    return {q[0]: q[1] for chunk in chunks for q in purposes.questions(chunk)}


def test_an_english_name_line_is_asked_as_which_command_does_its_task():
    text = (
        "NAME\n       msgcat - combines several message catalogs\n\nSYNOPSIS\n       msgcat [OPTION] [INPUTFILE]...\n"
    )
    assert _asked(("man1/msgcat.1.gz", text)) == {"Which command combines several message catalogs?": ["msgcat"]}
    imperative = "NAME\n       pgs - sort saved pages by size and print their names\n"
    assert _asked(("man1/pgs.1.gz", imperative)) == {
        "Which command sorts saved pages by size and prints their names?": ["pgs"]
    }
    assert purpose_question(["pas"], "the portable page assembler") == (
        "Which command is the portable page assembler?",
        ["pas"],
        "command",
        "command_purpose",
        "Which command is the portable page assembler?",
    )


def test_a_command_of_a_family_is_asked_as_one_of_that_family():
    text = "NAME\n    pagekit alpha stores list - list page stores in a project\n\nSYNOPSIS\n    pagekit alpha stores list\n"
    assert _asked(("man1/pagekit_alpha_stores_list.1.gz", text)) == {
        "Which pagekit alpha command lists page stores in a project?": ["pagekit alpha stores list"]
    }
    general = "NAME\n    pagekit stores list - list page stores in a project\n"
    assert _asked(("man1/pagekit_stores_list.1.gz", general)) == {
        "Which pagekit command lists page stores in a project?": ["pagekit stores list"]
    }


def test_a_general_command_sharing_its_task_with_a_track_is_not_asked_but_the_track_one_is():
    line = " - delete a Pagestore Memcached instance\n"
    asked = _asked(
        ("man1/pagekit_cache_delete.1.gz", "NAME\n    pagekit cache delete" + line),
        ("man1/pagekit_alpha_cache_delete.1.gz", "NAME\n    pagekit alpha cache delete" + line),
    )
    assert asked == {
        "Which pagekit alpha command deletes a Pagestore Memcached instance?": ["pagekit alpha cache delete"]
    }


def test_a_generic_task_of_a_family_is_not_asked():
    for said in (
        "delete a queue",
        "list private connections",
        "describe the node group",
        "get the policy for the table",
    ):
        assert purpose_question(["pagekit queues delete"], said) is None, said
    assert purpose_question(["pagekit queues delete"], "delete a Pagestore queue")[0] == (
        "Which pagekit command deletes a Pagestore queue?"
    )


def test_a_command_of_a_suite_names_its_suite():
    pages = [
        (f"man1/pg-{name}.1.gz", f"NAME\n       pg-{name} - {verb} saved pages by their number\n")
        for name, verb in (("op", "open"), ("ls", "list"), ("pr", "print"))
    ]
    asked = _asked(*pages)
    assert asked["Which pg command opens saved pages by their number?"] == ["pg-op"]
    assert len(asked) == 3
    # One hyphenated page alone is no suite.
    assert _asked(pages[0]) == {"Which command opens saved pages by their number?": ["pg-op"]}


def test_a_chinese_name_line_is_asked_in_chinese():
    chgrp = "名称\n       chgrp - 修改文件所属组\n概述\n       chgrp [选项列表]... 组 文件...\n"
    cal = "NAME(名称)\n       cal, ncal - 显示一个日历\n"
    cron = "NAME\n       cron - 定期执行指定命令的守护程序 (Vixie Cron)\n"
    assert _asked(("man1/chgrp.1.gz", chgrp), ("man1/cal.1.gz", cal), ("man8/cron.8.gz", cron)) == {
        "哪个命令可以修改文件所属组？": ["chgrp"],
        "哪个命令可以显示一个日历？": ["cal", "ncal"],
        "定期执行指定命令的守护程序是哪个命令？": ["cron"],
    }


def test_a_chinese_name_line_naming_what_the_command_is_or_is_for_reads_as_such():
    assert purpose_question(["pgd"], "向客户提供页面服务的服务器")[0] == "向客户提供页面服务的服务器是哪个命令？"
    assert purpose_question(["pgq"], "用于页面查询的高级交互式语言")[0] == "用于页面查询的高级交互式语言是哪个命令？"
    assert purpose_question(["pgu"], "用于管理页面用户")[0] == "哪个命令用于管理页面用户？"
    assert purpose_question(["pgt"], "告知页面保存了多久时间.")[0] == "哪个命令可以告知页面保存了多久时间？"
    assert purpose_question(["pgs"], "更改登录 shell")[0] == "哪个命令可以更改登录 shell？"


def test_only_commands_a_person_runs_are_asked():
    text = "NAME\n       pgo - open a saved page by its number\n"
    assert _asked(("man3/pgo.3.gz", text)) == {}
    assert _asked(("man1/pgo.1.gz", text)) == {"Which command opens a saved page by its number?": ["pgo"]}


def test_a_task_two_pages_share_or_that_names_its_command_is_not_asked():
    line = " - list page stores in a project\n"
    shared = _asked(
        ("man1/pagekit_stores_list.1.gz", "NAME\n    pagekit stores list" + line),
        ("man1/pagekit_alpha_stores_list.1.gz", "NAME\n    pagekit alpha stores list" + line),
    )
    assert shared == {"Which pagekit alpha command lists page stores in a project?": ["pagekit alpha stores list"]}
    assert _asked(("man1/pagesort.1.gz", "NAME\n       pagesort - sort pages with pagesort rules\n")) == {}
    # A group page: "commands" is what it holds, not what it does.
    assert _asked(("man1/pk_stores.1.gz", "NAME\n       pk stores - commands for managing page stores\n")) == {}
    # "pagesort - sort saved pages": a name run together from the question's words is no fact to ask.
    assert _asked(("man1/pagesort.1.gz", "NAME\n       pagesort - sort saved pages\n")) == {}


def test_a_chunk_of_options_gives_up_to_four_option_questions():
    options = "".join(
        f"       --{flag}\n              {said}\n\n"
        for flag, said in (
            ("tidy", "Sort the saved pages by size."),
            ("plain", "Strip colour from the listing."),
            ("stamp", "Print the time each page was saved."),
            ("skip-old", "Ignore pages older than a week."),
            ("trim", "Cut long titles to one line."),
        )
    )
    text = "OPTIONS\n" + options
    chunk = Chunk(id="pg#1", doc_id="man1/pgs.1.gz", text=text, start=0, end=len(text))
    made = insitu_candidates([chunk], {"pg#1": "en"}, random.Random(0))
    assert len([c for c in made if c.question_type.span_kinds == ["option"]]) == 4


def test_a_synopsis_line_is_not_asked_as_a_sentence():
    text = (
        "NAME\npagekit stores describe - describe a Pagekit page store\n\nSYNOPSIS\n"
        "pagekit stores describe (STORE : --location=LOCATION) [PAGEKIT_WIDE_FLAG ...]\n\n"
        "DESCRIPTION\nDescribe a page store.\n"
    )
    chunk = Chunk(id="st#0", doc_id="man1/pagekit_stores_describe.1.gz", text=text, start=0, end=len(text))
    made = insitu_candidates([chunk], {"st#0": "en"}, random.Random(0))
    assert made and not [c.question for c in made if "LOCATION" in c.answers[0] or ":" in c.question]


def test_a_family_command_keeps_its_words_in_option_questions():
    # The docs pages' grammar mending reads "alpha stores" as a noun and its verb; a man page's command is a name.
    text = (
        "NAME\n    pagekit alpha stores import - import a page store\n\nSYNOPSIS\n"
        "    pagekit alpha stores import STORE [--source=SOURCE]\n\n"
        "FLAGS\n    --source=SOURCE\n        Path to a YAML file containing configuration export data.\n"
    )
    chunk = Chunk(id="im#0", doc_id="man1/pagekit_alpha_stores_import.1.gz", text=text, start=0, end=len(text))
    asked = {c.question for c in insitu_candidates([chunk], {"im#0": "en"}, random.Random(0))}
    assert (
        "Which option of pagekit alpha stores import sets the path to a YAML file containing configuration export data?"
        in asked
    )
