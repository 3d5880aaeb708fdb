"""Which named thing a product gives its users for a task, read from a guide's sentence.

Guides introduce their API as something the product provides for a purpose rather than as an entry:
"Kettle provides a variable kettle.env to represent the current brewing mode", "框架提供了 app.brew() 方法
来冲泡茶叶". The named thing is the answer, the purpose the question, with the product named as the one that
provides it:

| the sentence | the question |
|---|---|
| "Kettle provides a variable kettle.env to represent the current brewing mode" | Which variable does Kettle provide to represent the current brewing mode? |
| "The framework offers the pour() method for filling several cups at once" | Which method does Kettle offer for filling several cups at once? |
| "Kettle 提供了 kettle.env 变量来表示当前的冲泡模式" | 在 Kettle 中，可以用哪个变量来表示当前的冲泡模式？ |

English is read from the parse (the name is the object of a providing verb whose subject is the product, and
a "to …" or "for …" phrase says what for); Chinese from the clause after the name (来/用来/用于/以 …). The
words (which verbs provide, which subjects stand for the product) are in `mddocs_roles_en` and
`mddocs_roles_zh`; a negated sentence, a list of names or a purpose pointing outside itself is not asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.mddocs_code import KIND_NOUNS_EN, KIND_WORD_ZH, answer_spellings, code_names
from ragstress.generators.questions.mddocs_roles_en import PROVIDERS_EN, PROVIDING_EN, with_placeholders
from ragstress.generators.questions.mddocs_roles_zh import PROVIDED_FOR_ZH, PROVIDERS_ZH, PROVIDING_ZH
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, Question, points_out_zh

if TYPE_CHECKING:
    from spacy.tokens import Token


def provided_questions(sentence: str, product: str | None, kinds: dict[str, str], zh: bool) -> list[Question]:
    """The question on which named thing the product provides for the sentence's task, or none."""
    if not product:
        return []  # "Which function does it provide …": the provider must be named
    asked = _provided_zh(sentence, product, kinds) if zh else _provided_en(sentence, product, kinds)
    return [asked] if asked else []


def _provided_en(sentence: str, product: str, kinds: dict[str, str]) -> Question | None:
    sentence = sentence.strip().rstrip(".!:; ")
    names = code_names(sentence, kinds, product)
    if len(names) != 1 or len(sentence.split()) > 40:
        return None  # two names: which of them the purpose belongs to is the parse's guess
    text, written = with_placeholders(sentence, names)
    doc = parse(text)
    name = names[0]
    token = next((t for t in doc if t.text in written), None)
    if token is None or token.dep_ == "conj" or any(c.dep_ in ("conj", "cc") for c in token.children):
        return None
    kind = name.kind
    # "a variable app.config.env", "the function createKettle()": the noun before the name is its kind.
    noun = token.doc[token.i - 1] if token.i else None
    if noun is not None and noun.lower_ in KIND_NOUNS_EN and noun.head in (token, token.head):
        kind, token = noun.lower_, (noun if token.dep_ == "appos" else token)
    verb = token.head
    if token.dep_ != "dobj" or verb.lemma_ not in PROVIDING_EN or any(c.dep_ == "neg" for c in verb.children):
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or " ".join(t.lower_ for t in subject.subtree) not in PROVIDERS_EN | {product.lower()}:
        return None
    task = _purpose_words(token) or _purpose_words(verb)
    if not task or POINTS_OUT.search(task) or any(w in task for w in written):
        return None
    tense = "did" if verb.tag_ == "VBD" else "does"
    question = f"Which {kind} {tense} {product} {verb.lemma_} {task}?"
    return question, answer_spellings(name.name), kind, "doc_identifier", f"{kind}: {question}"


def _purpose_words(head: Token) -> str | None:
    """ "to represent the current mode" or "for filling cups", up to a comma or a second clause joined on."""
    for child in head.children:
        to = child.dep_ in ("relcl", "acl", "advcl", "xcomp") and any(
            c.dep_ == "aux" and c.lower_ == "to" for c in child.children
        )
        # "for filling cups": a purpose; "for developer use" or "for details" says whom or where, not what for.
        purpose_for = (
            child.dep_ == "prep"
            and child.lower_ == "for"
            and child.i > head.i
            and any(c.dep_ == "pcomp" and c.tag_ == "VBG" for c in child.children)
        )
        if not (to or purpose_for):
            continue
        words = [t for t in child.subtree if t.i >= child.i or t.lower_ == "to"]
        cut = next((k for k, t in enumerate(words) if t.text in (",", ";", ":", "(") or t.dep_ == "cc"), len(words))
        words = words[:cut]
        if len(words) < 3 or words[-1].pos_ in ("ADP", "DET", "CCONJ", "PART"):
            return None
        return "".join(t.text_with_ws for t in words).strip()
    return None


def _provided_zh(sentence: str, product: str, kinds: dict[str, str]) -> Question | None:
    sentence = sentence.strip().rstrip("。！；：.!;: ")
    names = code_names(sentence, kinds, product)
    if len(names) != 1:
        return None
    name = names[0]
    before, after = sentence[: name.start], sentence[name.end :]
    provider = PROVIDING_ZH.search(before)
    if provider is None or re.search(r"不|没有|无法", before):
        return None
    if before[: provider.start()].strip() not in {product, *PROVIDERS_ZH}:
        return None
    m = PROVIDED_FOR_ZH.match(after.strip())
    if m is None:
        return None
    task = re.split(r"[，,；;]", m["task"])[0].strip()
    # "来表示该模式": which mode the page says; a call or the reader in the task is no fact of the name.
    if len(task) < 4 or points_out_zh(task) or re.search(r"[A-Za-z_$][\w$.]*\(\)|你|您", task):
        return None
    kind = name.kind
    word = KIND_WORD_ZH.get(kind, "")
    if not word:
        return None
    question = f"在 {product} 中，可以用哪个{word}来{task}？"
    return question, answer_spellings(name.name), kind, "doc_identifier", f"{kind}: {question}"
