"""Wording faults the docs templates' questions are mended of or checked for, in English and Chinese.

Each reading builds its question from a sentence or an entry; what those sentences leave behind is the same
whichever template read them: a space a link's text left between Chinese characters, a 用于 said twice, a
capital read on after "Which <kind>", a file asked for as a property, a Chinese sentence read backwards.
"""

from __future__ import annotations

import re


def unspaced_zh(question: str) -> str:
    """ "服务器的 基础路径": a space a link's text left between two Chinese characters is no word break; "用于用于"
    (a description opening with 用于 behind the template's own) is said once; a leftover 就 goes."""
    question = re.sub(r"(?<=[\u4e00-\u9fff]) +(?=[\u4e00-\u9fff])", "", question).replace("用于用于", "用于")
    # "哪个函数就可以…": the 就 that tied the sentence to the clause before it has nothing left to tie to.
    question = re.sub(r"(哪个[\u4e00-\u9fff]{1,3})就(?=[\u4e00-\u9fff])", r"\1", question)
    # "哪个方法允许你将……": the reader after 允许, 方便 or 便于 is no part of the fact ("让你在" would leave 让在).
    return _ENABLES_READER.sub(r"\1", question)


_ENABLES_READER = re.compile(r"(?<=[\u4e00-\u9fff])(允许|方便|便于)(?:你|您)(?=[\u4e00-\u9fff ])")


# "loading.tsx", "plugin.ts": a file, which a question asking for a property, method or function misnames.
_FILE_NAME = re.compile(r"\.(?:tsx?|jsx?|mjs|cjs|json|vue|mdx?|txt|toml|lock|xml|css|less|scss|html|ya?ml)$")
_CODE_KIND_ASKED = re.compile(
    r"\b[Ww]hich (?:\w+ )?(?:property|method|function|hook|class)\b|哪个(?:属性|方法|函数|钩子|类)"
)
# "From which parameter does Kettle import styles?": things are imported or loaded from a folder, a file or a
# package; a setting or a function is no place to import from.
_FROM_CODE_KIND = re.compile(
    r"\b[Ff]rom which (?:\w+ )?(?:property|method|function|hook|class|parameter|option|attribute)\b"
    r"|从哪个(?:属性|方法|函数|钩子|类|参数|选项)"
)


def misnames_a_file(question: str, answers: list[str]) -> bool:
    """Whether a question asks for a property, method or function whose answer is a file (`loading.tsx`,
    `llms.txt`), or asks from which of them a thing is imported (see `_FROM_CODE_KIND`)."""
    if _FROM_CODE_KIND.search(question):
        return True
    return bool(answers) and bool(_FILE_NAME.search(answers[0])) and bool(_CODE_KIND_ASKED.search(question))


# Chinese sentences read the wrong way round: "X 返回……的钩子函数" says what X is, so "哪个函数返回……的钩子函数？"
# asks for a function that returns a function (the kind asked for ends the question again); "哪个方法用于检查代码时？" lost the clause its 时 led into.
# "哪个属性是可以对 URL 进行重定向处理？", "哪个属性是由于 delete 是一个保留字？": an entry's description that is a
# clause (what it can do, why it exists) read as what the name is; "因为 roadhog 默认启动端口是多少？": a reason's
# clause asked without the clause it gives the reason for.
MISREAD_ZH = re.compile(
    r"哪个(函数|方法|组件|钩子)(?!是)[^？]*的[^，的？]{0,6}\1？$|时？$"
    r"|哪个[\u4e00-\u9fff]{1,3}是(?:可以|可|能|由于|因为|为了)"
    r"|^(?:在 ?[^，]{1,30} ?中，)?(?:因为|由于|所以|因此|但是?)"
)


# "Which function Will modify …", "Which function Get the Currently Selected Language": a heading's title case
# or a sentence's capital read on after the template's words.
CAPITAL_AFTER_KIND = re.compile(r"^Which (?:\w+ ){1,2}(?:Will|Can|Should|May|Must|Is|Are|Get|Set|Add|Return|Returns)\b")
