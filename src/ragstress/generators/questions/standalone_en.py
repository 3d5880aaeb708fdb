"""Does an English question name what it asks about, as a reader outside its page would know it?

A page documents one plugin, hook or option, and its prose says "the channel", "the exception", "the selected
parser": definite noun phrases whose owner is the page's subject. Copied into a question that names no owner
("Through which option can the channel be modified?"), they point at nothing a reader knows. Whether a noun is
known without its page is read from the corpus itself: a noun that most of the docs' pages write ("the site",
"the page", "the build") is the product's common ground; one written on a few pages only belongs to those
pages' subject, and a question using it definitely must name a code name (the owner) or the noun phrase must
name itself ("the Hero buttons", "the isMounted ref").

| question | its definite noun phrases | kept? |
|---|---|---|
| Which Kettle option sets the timeout of the pot? | "the pot" (on most pages) | yes |
| Through which option can the channel be modified in Kettle? | "the channel" (one page) | no |
| Which property of useSteep sets the channel? | "the channel", owner useSteep named | yes |
| Which Kettle option sets the channel? | "the channel" of the product's own settings | yes |
| Which function renders the Hero buttons? | "the Hero buttons" names itself | yes |
"""

from __future__ import annotations

import re
from collections import Counter

from ragstress.core.types import Chunk
from ragstress.generators.questions.english_parse import parse

# A noun written on this share of the documents (and on three at least) is common ground for the corpus.
COMMON_SHARE = 0.08
COMMON_AT_LEAST = 3

_WORD = re.compile(r"[a-z][a-z-]+")
# A code name: camelCase, dotted, snake_case, called, or a capitalised word past the question's first.
_CODE_NAME = re.compile(r"[a-z][a-z0-9]*[A-Z]\w*|\w+\.\w+|\w+_\w+|\w+\(\)|`")
_HAN = re.compile(r"[\u4e00-\u9fff]")


def noun_key(word: str) -> str:
    """A noun as counted: lower case, a regular plural's "s" dropped ("tags" and "tag" count alike)."""
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


class CommonNouns:
    """The nouns a corpus's pages share: each word's count of documents that write it."""

    def __init__(self, chunks: list[Chunk]):
        seen: dict[str, set[str]] = {}
        latin: Counter[str] = Counter()
        han: Counter[str] = Counter()
        for chunk in chunks:
            words = _WORD.findall(chunk.text.lower())
            for word in set(words):
                seen.setdefault(noun_key(word), set()).add(chunk.doc_id)
            latin[chunk.doc_id] += sum(map(len, words))
            han[chunk.doc_id] += len(_HAN.findall(chunk.text))
        # Shares are of the pages written in English: a bilingual corpus's Chinese pages write its code, not its nouns.
        self.documents = sum(1 for doc in latin if latin[doc] > han[doc]) or len(latin)
        self.pages: Counter[str] = Counter({w: len(d) for w, d in seen.items()})

    def common(self, noun: str) -> bool:
        """Is the noun written on enough of the corpus's documents to be known without its page?"""
        # A corpus of a page or two shares what all its pages write.
        needed = min(max(COMMON_AT_LEAST, COMMON_SHARE * self.documents), self.documents)
        return self.pages[noun_key(noun)] >= needed


def names_an_owner(question: str, product: str | None) -> bool:
    """Does the question name a code name or a proper name other than its product (an owner for its nouns)?"""
    if product and re.search(rf"\bWhich {re.escape(product)} \w+|{re.escape(product)}'s ", question):
        return True  # "Which Kettle option …", "Kettle's lid option": the product's own settings, owned by it
    if product:  # the product's name owns nothing by itself, but its constructor ("Kettle()") is a code name
        question = re.sub(rf"{re.escape(product)}(?!\()", "", question)
    if _CODE_NAME.search(question):
        return True
    words = re.findall(r"[A-Za-z][\w.-]*", question)[1:]  # the first word is capitalised as any opening is
    return any(w[:1].isupper() and w != "I" for w in words)


def unowned_phrases(question: str, nouns: CommonNouns) -> list[str]:
    """The question's definite noun phrases ("the <...> noun") that hold a noun few of the corpus's pages write."""
    doc = parse(question)
    found = []
    for token in doc:
        if token.lower_ != "the" or token.dep_ != "det":
            continue
        head = token.head
        if head.pos_ not in ("NOUN", "PROPN"):
            continue
        phrase = [t for t in head.subtree if t.i >= token.i and t.i <= head.i]
        if any(t.pos_ == "PROPN" or _CODE_NAME.search(t.text) or t.text[:1].isupper() for t in phrase):
            continue  # "the Hero buttons", "the isMounted ref": the phrase names itself
        rare = [t for t in phrase if t.pos_ == "NOUN" and not nouns.common(t.text)]
        if rare:
            found.append(" ".join(t.text for t in phrase))
    return found


def standalone(question: str, product: str | None, nouns: CommonNouns) -> bool:
    """Is an English question understood without its page? (A Chinese one is judged elsewhere.)"""
    if not question or _HAN.search(question) or names_an_owner(question, product):
        return True
    return not unowned_phrases(question, nouns)
