"""What a guide page names under its own headings, and how a question on its prose names the page.

A design guide or a tutorial documents a component, a pattern or a term under a heading of its own ("Sieve",
"Steep Timer", "滤网（Sieve）") and its first sentence says what the thing does: "Sieve keeps the leaves out of
the cup". That sentence's subject is a name because the page heads a section with it, whatever its case. The
thing is the answer, what it does the question:

| the sentence, under its heading | the question |
|---|---|
| "Sieve keeps the leaves out of the cup, even for fine teas." | In Kettle's Brewing Tools guide, what keeps the leaves out of the cup? |
| "滤网让茶叶留在壶中。" | 在 Kettle 的“冲泡工具”文档中，让茶叶留在壶中的是什么？ |

Every chunk of such docs is about the product, so a question naming only the product does not tell its chunk
from the others; the page it is asked on is what a reader (and a retriever) narrows it by. A question on a
page's prose names that page's title with the product ("In Kettle's Brewing Tools guide, …"), as `framed`
does for this reading and for `mddocs_used_for`.
"""

from __future__ import annotations

import re

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines
from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, POINTS_OUT_ZH, Question

# Code or quotes left in what a thing does (target="_blank"), or the reader it speaks to (使你可以…).
_NOT_ASKABLE_ZH = re.compile(r"[=<>\"“”：:]|你|您")

# "① Default Button", "1. Left-Right Layout", "Template - Member Management", "文本框（Input）".
_NUMBERING = re.compile(r"^(?:[\u2460-\u2473]|\d+[.、)]|[-*•]|#+)\s*")
_HEADING = re.compile(r"^[^.。!?！？,，:：;；|`<>\[\]()]{2,48}$")


def document_headings(chunks: list[Chunk]) -> dict[str, set[str]]:
    """Each document's heading names, lower-cased: short lines standing alone between blank lines, outside code."""
    found: dict[str, set[str]] = {}
    for chunk in chunks:
        lines = chunk.text.split("\n")
        for n, (line, code) in enumerate(zip(lines, code_lines(chunk.text, chunk.code_state))):
            alone = (n == 0 or not lines[n - 1].strip()) and (n + 1 >= len(lines) or not lines[n + 1].strip())
            text = _NUMBERING.sub("", line.strip())
            text = re.sub(r"（([^）]+)）$", r" (\1)", text)
            bare = re.sub(r"\s*\(([^)]+)\)$", "", text)
            if code or not alone or len(bare.split()) > 6 or not _HEADING.match(bare):
                continue
            names = {bare, *re.findall(r"\(([^)]+)\)$", text), *bare.split(" - ")[1:]}
            found.setdefault(chunk.doc_id, set()).update(_key(n) for n in names if n.strip())
    return found


def _key(name: str) -> str:
    """A heading's name as compared: lower case, a plural's "s" gone ("Default Buttons" and "default button")."""
    name = re.sub(r"\s+", " ", name.strip().lower())
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def framed(said: str, product: str | None, title: str | None, zh: bool) -> str:
    """ "What <said>?" framed by the page and the product: "In Kettle's Brewing Tools guide, what keeps …?",
    "在 Kettle 的“冲泡工具”文档中，<said>的是什么？"; with no title, the product alone."""
    if title and product and (product.lower() in title.lower() or title.lower() in product.lower()):
        title = None  # "Ant Design of React": the page's title says no more than the product
    if zh:
        where = f"{product} 的“{title}”文档" if product and title else f"{product} " if product else ""
        return f"在 {where}中，{said}的是什么？" if where else f"{said}的是什么？"
    if product and title and title.lower() != product.lower():
        return f"In {product}'s {title} guide, what {said}?"
    return f"What {said} in {product}?" if product else f"What {said}?"


def named_subject_questions(
    sentence: str, product: str | None, title: str | None, headings: set[str], zh: bool
) -> list[Question]:
    """The question on what the sentence says a thing its page heads a section with does, or none."""
    asked = _named_zh(sentence, product, title, headings) if zh else _named_en(sentence, product, title, headings)
    return [asked] if asked else []


_NOT_DOING = frozenset("be have need seem appear become remain".split())


def _named_en(sentence: str, product: str | None, title: str | None, headings: set[str]) -> Question | None:
    sentence = sentence.strip().rstrip(".!;: ")
    doc = parse(sentence)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.tag_ not in ("VBZ", "VBP") or root.lemma_ in _NOT_DOING:
        return None
    children = list(root.children)
    if any(c.dep_ in ("neg", "aux", "auxpass") for c in children):
        return None  # "does not", "can", "is shown": a limit or a passive, not what the thing does
    subjects = [c for c in children if c.dep_ == "nsubj"]
    if len(subjects) != 1 or subjects[0].left_edge.i != 0:
        return None
    tokens = [t for t in subjects[0].subtree if t.lower_ != "the"]
    if not tokens or len(tokens) > 4 or any(t.pos_ not in ("NOUN", "PROPN", "ADJ") for t in tokens):
        return None
    name = " ".join(t.text for t in tokens)
    if _key(name) not in headings:
        return None
    # "what keeps", never "what keep": a plural subject's verb is asked in the third person singular.
    verb = root.text if root.tag_ == "VBZ" else third_person(root.lemma_)
    said = re.split(r"[,:;]", f"{verb} {doc[root.i + 1 :].text}")[0].strip()
    if re.search(r"\b(?:only|also)\b|[<>=|]|\.\s", said):  # a limit; a table cell or a stop read on
        return None  # a limit or an "also" does not pick one thing out; nor text past a full stop
    if re.match(r"\w+ to ", said):
        return None  # "allows to select …": the source's object left out, which a question cannot mend
    if len(said.split()) < 4 or POINTS_OUT.search(said) or said.endswith((" and", " or", " of", " to")):
        return None
    return framed(said, product, title, False), [name], "name", "doc_named_subject", said


def third_person(lemma: str) -> str:
    """ "display" -> "displays", "reach" -> "reaches", "apply" -> "applies", "have" -> "has"."""
    if lemma == "have":
        return "has"
    if re.search(r"(?:s|sh|ch|x|z|o)$", lemma):
        return f"{lemma}es"
    return f"{lemma[:-1]}ies" if re.search(r"[^aeiou]y$", lemma) else f"{lemma}s"


# What a thing is (是, 为), has, may or must do (可以, 需, 应): not what it does.
# 使用 after a heading's name is mostly the reader's instruction ("配置使用 antd 的样式": configure it to use).
_NOT_DOING_ZH = frozenset("是 为 有 可以 可 能 会 需 需要 应 应该 应当 必须 要 使用".split())


def _named_zh(sentence: str, product: str | None, title: str | None, headings: set[str]) -> Question | None:
    sentence = sentence.strip().rstrip("。！；.!; ")
    for heading in sorted(headings, key=len, reverse=True):
        if len(heading) >= 2 and sentence.lower().startswith(heading) and re.search(r"[\u4e00-\u9fff]", heading):
            name, rest = sentence[: len(heading)], sentence[len(heading) :]
            break
    else:
        return None
    words = tagged(rest)
    # A verb of doing opens the rest: not 是/为 (what the thing is), not 的 (the name modifies a noun), not a modal.
    if not words or not words[0][1].startswith("v") or words[0][0] in _NOT_DOING_ZH:
        return None
    said = re.split(r"[，;；]", rest)[0].rstrip("：:")
    if (
        len(said) < 6
        or _NOT_ASKABLE_ZH.search(said)
        or POINTS_OUT_ZH.search(said)
        or said.endswith(("的", "和", "或", "等", "时"))
    ):
        return None
    if "是" in said:  # "…导航的作用是…": what a thing is, read as what it does
        return None
    return framed(said, product, title, True), [name], "name", "doc_named_subject", said
