"""Which file or directory of a project does a task, from a guide's list of its layout.

A framework's guide describes the project it expects as a list of paths, each with what it is for:
"`app/router.js` used to configure URL routing rules", "`app/schedule/**` 用于定时任务". The path is the
answer, its purpose the question, with the product named:

| the line | the question |
|---|---|
| app/router.js used to configure URL routing rules, see Router for details | Which file is used to configure URL routing rules in Kettle? |
| app/schedule/** used for scheduled tasks, optional | Which directory is used for scheduled tasks in Kettle? |
| app/router.js 用于配置 URL 路由规则，具体参见 Router | 在 Kettle 中，哪个文件用于配置 URL 路由规则？ |

A path is a name with a slash or a file's extension, opening the sentence; one ending in `/**` or `/` is a
directory, answered with or without its glob. Two paths ("app.js and agent.js are used to …") share a purpose,
so neither is asked; nor is a path with a placeholder (`config.{env}.js`), nor a purpose pointing outside
itself. The purpose is read up to its first comma: "optional, see … for details" is no part of it. The words
saying "used for" are `mddocs_roles_en.USED_FOR_EN` and `mddocs_roles_zh.USED_FOR_ZH`.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.mddocs_roles_en import USED_FOR_EN
from ragstress.generators.questions.mddocs_roles_zh import USED_FOR_ZH
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, Question, in_product, points_out_zh

# "app/controller/**", "config/plugin.js", "typings/", "app.js": a path, or a file named by its extension.
_PATH = re.compile(
    r"^(?P<path>(?:[\w.@-]+/)+(?:\*\*?(?:/\*)?|[\w.-]+)?|[\w-]+\.(?:js|ts|mjs|cjs|json|yml|yaml|toml))(?=\s)"
)


def layout_lines(text: str) -> int:
    """How many of a text's list lines say what a path is for: like a table's rows, each may give a question."""
    count = 0
    for line in text.split("\n"):
        item = re.sub(r"^\s*[-*+]\s+", "", line).replace("`", "")
        if item == line.replace("`", ""):
            continue  # not a list item
        m = _PATH.match(item)
        if m and (USED_FOR_ZH if re.search(r"[\u4e00-\u9fff]", item) else USED_FOR_EN).match(item[m.end() :].strip()):
            count += 1
    return count


def path_questions(sentence: str, product: str | None, zh: bool) -> list[Question]:
    """The question on which file or directory the sentence says does a task, or none."""
    sentence = sentence.strip().rstrip(".。!！;； ")
    m = _PATH.match(sentence)
    if not m or not product:
        return []
    path = m["path"]
    rest = sentence[m.end() :].strip()
    said = (USED_FOR_ZH if zh else USED_FOR_EN).match(rest)
    if said is None:
        return []
    task = re.split(r"[,，;；]", rest[said.end() :])[0].strip()
    pointing = points_out_zh(task) if zh else POINTS_OUT.search(task)
    if pointing or len(task) < (4 if zh else 8) or re.search(r"[`{}<>]", task):
        return []
    directory = path.endswith(("/", "*"))
    bare = re.sub(r"/(?:\*\*?(?:/\*)?)?$", "", path)
    answers = list(dict.fromkeys([path, bare, f"{bare}/"] if directory else [path]))
    if zh:
        kind = "目录" if directory else "文件"
        question = f"在 {product} 中，哪个{kind}{said['how']}{task}？"
    else:
        kind = "directory" if directory else "file"
        question = f"Which {kind} is {said['how']} {task}{in_product(product, task)}?"
    return [(question, answers, "directory" if directory else "file", "doc_identifier", question)]
