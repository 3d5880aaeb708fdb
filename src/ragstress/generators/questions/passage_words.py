"""Words a docs question carries over from its passage that only the passage gives a sense to.

Documentation states a change against what came before ("loadConfig now returns the file's path", "现在
会返回……") and a fact against its neighbour ("source.entry 同样支持……", "it accepts a function as well").
Taken into a question, "now" points to a release the question does not name, and "also" to a thing it
does not name. Where the question is about the thing described ("What does loadConfig now return?"), the
word goes and the question stands as the page states the fact today. Where the question asks which thing
does it ("Which property also supports …?", "哪个属性同样支持……"), others do it too, so no one name
answers: the question is not asked. "此时" (at this point) names a moment of the passage's own steps, so a
question keeping it is not asked either.

Reference prose also points back to what it has just named: "使用该选项设置……" (with this option), "这类变量"
(variables of this kind), "上述配置", "相应的 glob 表达式" (the corresponding one), and a list item opens with its
label ("bundleless 模式：……"). "使用该选项" and "相应的" say nothing a question needs, so they go; a pointer or a
label carries the passage's context, so a question keeping one is not asked. An English sentence that runs on
into its default (", the default value is info") is cut there, and "what stands for …" (an abbreviation read
backwards) is not asked.
"""

from __future__ import annotations

import re

# English: "also", "as well", "too" at the end, "now" (not "know", "nowadays" or "for now" in a quote).
_ALSO_EN = re.compile(r"\s+also\b|,?\s+as well\b|,?\s+too(?=[?.!]?$)", re.IGNORECASE)
_NOW_EN = re.compile(r"\s+now\b(?!\s*[-:])|^now,?\s+", re.IGNORECASE)
# Chinese: 同样/也 said of the subject, 现在/目前/如今 of the time; 此时/这时 of the passage's step.
_ALSO_ZH = re.compile(r"同样(?:地)?|也(?=[会能可是支要需应将都])")
_NOW_ZH = re.compile(r"现在|目前|如今")
_AT_THIS_POINT_ZH = re.compile(r"此时|这时(?:候)?|此刻")
# "使用该选项设置……": the option the question already asks for; 相应的: what the passage paired it with.
_WITH_THIS_ZH = re.compile(r"(?:使用|通过)该(?:选项|配置项?|属性|参数)(?:来)?|相应(?:的)?")
# 该选项, 这类, 上述: a pointer to the passage; "bundleless 模式：": a list item's label with its colon.
_POINTER_ZH = re.compile(r"该(?:选项|配置|属性|参数|方法|函数|插件|命令|模式)|这(?:类|种|些)|上述|前述|如下")
_LABEL_ZH = re.compile(r"(?:^|[，,])[^，,：:？]{1,16}[：:](?!//)")
_DEFAULT_RUN_ON_EN = re.compile(r",\s+(?:and\s+)?the default(?: value)? is [^,?]+(?=\?$)", re.IGNORECASE)
_STANDS_FOR_EN = re.compile(r"\bwhat (?:stands|is short) for\b", re.IGNORECASE)
# The wh-phrase is the subject the word is said of: "Which option also …", "哪个属性同样……".
_WH_SUBJECT_EN = re.compile(r"^(?:which|what)\b(?:\s+[\w.-]+){0,3}?\s+(?:also|as well)\b", re.IGNORECASE)
_WH_SUBJECT_ZH = re.compile(r"(?:哪个|哪些|哪一个|哪种|什么)[^，。？\s]{0,8}?(?:同样|也)")


def without_passage_words(question: str, lang: str) -> str | None:
    """The question without "also"/"now" (同样/也/现在) when it stands without them; None when the word
    is what the question turns on (see the module's docstring). A question in Chinese script is read as
    Chinese whatever its chunk's language (a code-heavy page's chunk may read as English)."""
    if lang == "zh" or re.search(r"[\u4e00-\u9fff]", question):
        if _AT_THIS_POINT_ZH.search(question) or _WH_SUBJECT_ZH.search(question):
            return None
        question = _WITH_THIS_ZH.sub("", question)
        if _POINTER_ZH.search(question) or _LABEL_ZH.search(question):
            return None
        bare = _NOW_ZH.sub("", _ALSO_ZH.sub("", question))
        return re.sub(r"，，+", "，", bare)
    if _WH_SUBJECT_EN.search(question) or _STANDS_FOR_EN.search(question):
        return None
    question = _DEFAULT_RUN_ON_EN.sub("", question)
    bare = _NOW_EN.sub(" ", _ALSO_EN.sub("", question)).strip()
    bare = re.sub(r"\s{2,}", " ", bare)
    bare = re.sub(r"\s+([?,])", r"\1", bare)
    return bare[:1].upper() + bare[1:] if bare != question else question
