"""Questions on a quantity a guide states of a named measure: "The base width of a cup is 80px" asks "What is
the base width of a cup in Kettle?", "杯子的基础宽度为 80px" asks "在 Kettle 中，杯子的基础宽度是多少？".

Design guides and style guides give their measures in sentences, not tables (a grid's base unit, a board's
width, a base font size). The measure is the sentence's subject, the number (with its unit) the whole of
what the clause states; the answer is that number as written, with its bare digits as a second spelling.

Not asked: a list of numbers ("are 8px, 16px and 24px": no one answer), a range ("2-6"), a subject that
points outside the sentence (it, this, 它) or that is too vague to pick a measure out (one noun: "the
size"), and a number that does not end its clause ("is 8 times as wide").
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, POINTS_OUT_ZH, Question, in_product

_UNITS_EN = r"px|pt|em|rem|ms|s|%|KB|MB|GB|kb|mb|gb|bytes|pixels|points|seconds|minutes|hours|days|columns|characters"
_NUMBER_EN = rf"\d+(?:\.\d+)?(?: ?(?:{_UNITS_EN})\b)?"
_STATED_EN = re.compile(
    rf"^(?:(?P<opener>(?:In|For|On|Across|Within) [^,]{{3,60}}), )?"
    rf"(?P<subject>[A-Za-z][\w' -]{{4,80}}?) (?:is|are) (?P<value>{_NUMBER_EN})(?:(?P<tail>, .*)|$)"
)
# "our recommended base size" is the guide's own recommendation: asked of the product, not of "our".
_OWN = re.compile(r"^our\b", re.I)


def quantity_questions(sentence: str, product: str | None, zh: bool) -> list[Question]:
    """The question on the quantity the sentence states of its measure, or none."""
    asked = _quantity_zh(sentence, product) if zh else _quantity_en(sentence, product)
    return [asked] if asked else []


def _quantity_en(sentence: str, product: str | None) -> Question | None:
    m = _STATED_EN.match(sentence.strip().rstrip(".!;: "))
    if not m or (m["tail"] and not re.match(r", (?:which|and|so|but|as)\b", m["tail"])):
        return None
    subject = _OWN.sub("the", m["subject"].strip())
    if POINTS_OUT.search(subject) or (m["opener"] and POINTS_OUT.search(m["opener"])):
        return None
    tokens = [t for t in parse(subject) if not t.is_punct]
    # A measure named by a noun phrase of two content words or more, with no verb of its own ("the width
    # the cup takes" is a clause, not a measure's name).
    content = [t for t in tokens if t.pos_ in ("NOUN", "PROPN", "ADJ")]
    if len(content) < 2 or any(t.pos_ in ("VERB", "AUX", "PRON") and t.tag_ != "VBN" for t in tokens):
        return None
    subject = subject[0].lower() + subject[1:] if subject[:2].istitle() and tokens[0].pos_ == "DET" else subject
    if not re.match(r"(?:the|a|an)\b", subject, re.I):
        subject = f"the {subject}" if tokens[0].pos_ != "PROPN" else subject
    value = m["value"]
    spellings = list(dict.fromkeys([value, re.match(r"[\d.]+", value)[0]]))
    if m["opener"]:
        question = f"{m['opener']}, what is {subject}{in_product(product, m['opener'] + subject)}?"
    else:
        question = f"What is {subject}{in_product(product, subject)}?"
    return question, spellings, "number", "doc_quantity", subject


_UNITS_ZH = r"px|pt|em|rem|ms|%|KB|MB|GB|像素|毫秒|秒|分钟|小时|天|列|个字符|个字|位"
_STATED_ZH = re.compile(
    rf"^(?:(?P<opener>[^，。；]{{2,24}})，)?(?P<subject>[^，。；：:]{{3,30}}?)(?:为|是)\s?"
    rf"(?P<value>\d+(?:\.\d+)?\s?(?:{_UNITS_ZH})?)(?:(?P<tail>，.*)|$)"
)


def _quantity_zh(sentence: str, product: str | None) -> Question | None:
    m = _STATED_ZH.match(sentence.strip().rstrip("。！；.!; "))
    if not m:
        return None
    subject = re.sub(r"^(?:我们|本文|官方)", "", m["subject"].strip())
    opener = (m["opener"] or "").strip()
    # An opener that is itself cut ("的视觉体系中": its name was a link the reader dropped) or points out is left.
    if opener and (opener.startswith(("的", "和", "与")) or POINTS_OUT_ZH.search(opener)):
        opener = ""
    if POINTS_OUT_ZH.search(subject) or len(re.findall(r"[\u4e00-\u9fff]", subject)) < 3:
        return None
    if re.search(r"[、和及或了]|\d", subject) or subject.endswith(("都", "也", "则", "就")):
        return None  # a list, or an event ("服务器设置了一个 … 值为 1"), not a measure's name
    first = tagged(subject)[:1]
    if first and first[0][1] == "v":
        return None  # "设置…的值为 1": what to do, not what a measure is
    value = m["value"].strip()
    spellings = list(dict.fromkeys([value, re.match(r"[\d.]+", value)[0]]))
    said = f"{opener}，{subject}" if opener else subject
    frame = f"在 {product} 中，" if product and product not in said else ""
    return f"{frame}{said}是多少？", spellings, "number", "doc_quantity", subject
