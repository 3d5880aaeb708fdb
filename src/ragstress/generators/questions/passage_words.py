"""Words a docs question carries over from its passage that only the passage gives a sense to.

Documentation states a change against what came before ("loadConfig now returns the file's path", "现在
会返回……") and a fact against its neighbour ("source.entry 同样支持……", "it accepts a function as well").
Taken into a question, "now" points to a release the question does not name, and "also" to a thing it
does not name. Where the question is about the thing described ("What does loadConfig now return?"), the
word goes and the question stands as the page states the fact today. Where the question asks which thing
does it ("Which property also supports …?", "哪个属性同样支持……"), others do it too, so no one name
answers: the question is not asked. "此时" (at this point) names a moment of the passage's own steps, so a
question keeping it is not asked either.
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
        bare = _NOW_ZH.sub("", _ALSO_ZH.sub("", question))
        return re.sub(r"，，+", "，", bare)
    if _WH_SUBJECT_EN.search(question):
        return None
    bare = _NOW_EN.sub(" ", _ALSO_EN.sub("", question)).strip()
    bare = re.sub(r"\s{2,}", " ", bare)
    bare = re.sub(r"\s+([?,])", r"\1", bare)
    return bare[:1].upper() + bare[1:] if bare != question else question
