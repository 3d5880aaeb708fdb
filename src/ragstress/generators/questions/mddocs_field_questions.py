"""Questions on the field-list entries of a reference (see `mddocs_fields` for the shapes).

An entry's paragraph opens with what the name does, in one of a few ways a reference writes it: an
imperative ("Specify the output directory"), a verb in the third person ("Enables the cache"),
"Whether …", "Called after …", or a noun phrase naming what an option holds ("Directory to save
cache files"). The English shape is read from the parse of that sentence (is its first word a verb,
is its root a noun), the Chinese one from its opening word. Anything else is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.headed_zh import first_clause_zh
from ragstress.generators.questions.mddocs_fields import KIND_WORD_ZH, FieldEntry
from ragstress.generators.questions.mddocs_terms import (
    POINTS_OUT,
    POINTS_OUT_ZH,
    Question,
    telling_type,
    value_aliases,
)
from ragstress.generators.questions.techdoc import term_spellings
from ragstress.generators.questions.techdoc_parse import conjugate, last_is_verb
from ragstress.generators.questions.techdoc_sentences_en import RETURN_NOUN, first_sentence, third_person
from ragstress.values.spans import contains_alias

_MAX_WORDS = 16

_TO_THE_READER = frozenset("Use Set See Note Make Check Learn Read Refer".split())

_PREPOSITION_AFTER = re.compile(r"(?:of|on|for|in|to|with|that|which)\b")

# A default stated as one value ('dist', 5173, process.cwd(), ['.mjs', '.js']), not as prose about values.
_ONE_VALUE = re.compile(r"^(?:[\"'][^\"']{0,40}[\"']|[\w$./@:|-]{1,40}(?:\(\))?|\[[^\[\]]{1,60}\]|\{[^{}]{1,40}\})$")

# What a deprecated entry says replaces it: "use x instead", "renamed to x", "an alias of x", "改用 x".
_REPLACED = re.compile(
    r"\b(?:[Uu]se|[Rr]enamed to|alias of|in favou?r of|[Rr]eplaced by|superseded by) (?:the )?"
    r"(?P<name>[A-Za-z_$][\w$.]*(?:\(\))?)(?: (?:option|hook|function|method|property|setting))?"
    r"(?: instead)?\b"
    r"|(?:改用|请使用|使用|替换为|别名为?) ?(?P<name2>[A-Za-z_$][\w$.]*(?:\(\))?)"
)

# A description opening with what the name does ("指定输出目录", "启用/禁用 CSS 代码拆分"); a callback's
# with when it is called ("在解析配置后调用"); "用于设置……" says what it is for, and is said as it stands.
# "设为 false …", "使用 …" tell the reader how to use it instead.
_VERB_OPENINGS_ZH = re.compile(
    r"^(?:指定|指明|规定|设置|设定|启用|禁用|定义|配置|选择|决定|调整|允许|控制|覆盖|提供|注入|添加|限制|为|用于|用来)"
)
_WHEN_OPENINGS_ZH = re.compile(r"^(?:在|当)")
_TO_THE_READER_ZH = re.compile(r"^(?:设为|设置为|使用|请|可以|如果)|[此该]")


def field_questions(entry: FieldEntry, product: str | None, zh: bool) -> list[Question]:
    """The entry's questions: its default, the name that does what it describes, what replaces it."""
    if entry.kind is None:
        return []
    ask = _chinese if zh else _english
    # A page headed by the entry's own name can leave that name as the product: "the x option in x".
    if product and product.casefold() == entry.name.casefold():
        product = None
    return ask(entry, product)


def _english(entry: FieldEntry, product: str | None) -> list[Question]:
    made: list[Question] = []
    kind = entry.kind or "option"
    where = f" in {product}" if product else ""
    said = _predicate_en(entry)
    default = _default(entry)
    if default:
        # What the option does, said beside its name, is what a retriever finds its passage by.
        if said and len(said.split()) <= 10:
            owner = f"{product}'s {entry.name} {kind}" if product else f"the {entry.name} {kind}"
            question = f"What is the default value of {owner}, which {said}?"
        else:
            question = f"What is the default value of the {entry.name} {kind}{where}?"
        made.append((question, value_aliases(default), "default", "default_value", question))
    if said:
        owner = f"{product} {kind}" if product else kind
        question = f"Which {owner} {said}?"
        made.append((question, _unsaid(entry.name, question), kind, "doc_identifier", f"{kind}: {said}"))
    value_type = _type(entry)
    if value_type:
        owner = f"{product}'s {entry.name} {kind}" if product else f"the {entry.name} {kind}"
        # As with its default: a reference's entries all look alike but for what each does.
        question = f"What is the type of {owner}, which {said}?" if said and len(said.split()) <= 10 else None
        question = question or f"What is the type of {owner}?"
        made.append((question, [value_type], "name", "doc_type", question))
    replacement = _replacement(entry)
    if replacement:
        question = f"Which {kind} replaces the deprecated {entry.name} {kind}{where}?"
        made.append((question, _unsaid(replacement, question), kind, "doc_identifier", question))
    return [q for q in made if q[1]]


def _chinese(entry: FieldEntry, product: str | None) -> list[Question]:
    made: list[Question] = []
    word = KIND_WORD_ZH.get(entry.kind or "option", "选项")
    lead = f"在 {product} 中，" if product else ""
    said = _predicate_zh(entry)
    default = _default(entry)
    if default:
        # "用于指定用于加载 … 的目录": a description already saying 用于 is not said beside the name.
        purpose = f"用于{said}的 " if said and len(said) <= 20 and "用于" not in said else ""
        question = f"{lead}{purpose}{entry.name} {word}的默认值是什么？"
        made.append((question, value_aliases(default), "default", "default_value", question))
    if said:
        question = f"{lead}哪个{word}{said}？"
        made.append((question, _unsaid(entry.name, question), entry.kind or "option", "doc_identifier", question))
    value_type = _type(entry)
    if value_type:
        purpose = f"用于{said}的 " if said and len(said) <= 20 and "用于" not in said else ""
        question = f"{lead}{purpose}{entry.name} {word}的类型是什么？"
        made.append((question, [value_type], "name", "doc_type", question))
    replacement = _replacement(entry)
    if replacement:
        question = f"{lead}已弃用的 {entry.name} {word}应改用哪个{word}？"
        made.append((question, _unsaid(replacement, question), entry.kind or "option", "doc_identifier", question))
    return [q for q in made if q[1]]


def _unsaid(name: str, question: str) -> list[str]:
    """The spellings of a name the question does not hold: server.cors, not cors, for "… configures CORS …"."""
    return [spelling for spelling in term_spellings(name) if not contains_alias(question, [spelling])]


def _default(entry: FieldEntry) -> str | None:
    """The default as one value, without a note after it ("['a', 'b'] (defaultClientConditions)")."""
    value = re.sub(r"\s+\([^()]*\)$", "", entry.fields.get("default", "")).strip()
    if not value or not _ONE_VALUE.match(value) or value in ("-", "—", "none listed"):
        return None
    if re.fullmatch(r"(?:如下|见下文?|详见下文|see below|as shown below|below)", value, re.I):
        return None  # "默认值：如下": the value stands in an example the field points at, not in the field
    return value


def _type(entry: FieldEntry) -> str | None:
    """An option's type when it is short and written as a type (string | false), not a signature or prose."""
    if entry.kind not in ("option", "setting", "property", "prop", "attribute", "parameter"):
        return None
    value = entry.fields.get("type", "").strip()
    if not value or len(value) > 40 or "=>" in value or re.search(r"[\u4e00-\u9fff]|\b(?:the|a|an)\b", value):
        return None
    if not telling_type(value) or _lost_separators(value):
        return None
    return value


# Words a type expression may set before another without an operator between ("keyof Options").
_TYPE_PREFIXES = frozenset("keyof typeof readonly unique infer new asserts".split())


def _lost_separators(value: str) -> bool:
    """Does a type hold two types side by side with nothing between ("string RegExp [string, RegExp]")?
    That is a union whose "|" the page's rendering dropped; asked as it stands, its answer is not a type."""
    # Only the top level counts: what a bracket or a quoted literal holds is blanked out, its opening kept.
    outer = re.sub(r"'[^']*'|\"[^\"]*\"", "'", value)
    while re.search(r"[\[(<{][^\[\](){}<>]*[\])>}]", outer):
        outer = re.sub(r"([\[(<{])[^\[\](){}<>]*[\])>}]", r"\1", outer)
    tokens = re.findall(r"[|&,:?=]|[^\s|&,:?=]+", outer)
    operators = "|&,:?="
    return any(
        before not in operators and after not in operators and before.lower() not in _TYPE_PREFIXES
        for before, after in zip(tokens, tokens[1:])
    )


def _replacement(entry: FieldEntry) -> str | None:
    if "deprecated" not in entry.fields:
        return None
    for text in (entry.fields["deprecated"], entry.description):
        m = _REPLACED.search(text)
        name = (m["name"] or m["name2"]) if m else None
        if name and name != entry.name and re.search(r"[A-Z._$]|\(\)", name[1:] + name[-2:]):
            return name  # a code name (camelCase, dotted, called), not a plain word ("use absolute paths")
    return None


def _predicate_en(entry: FieldEntry) -> str | None:
    """What the entry's paragraph says it does, as the predicate of "Which option …?", or None."""
    sentence = re.sub(r"\s*\([^()]*\)", "", first_sentence(entry.description)).strip(" ,")
    words = sentence.split()
    if not 2 <= len(words) <= _MAX_WORDS or POINTS_OUT.search(sentence) or ":" in sentence:
        return None
    if re.search(rf"(?<![\w.]){re.escape(entry.name.removesuffix('()'))}(?![\w(])", sentence):
        return None  # the paragraph names the entry itself: the question would hold its answer
    first, rest = words[0], " ".join(words[1:])
    if first in _TO_THE_READER:
        return None  # "Use a custom logger …", "Set to false to …": how to use it, not what it is
    if first == "Whether":
        return f"controls whether {rest}"
    if first in ("Called", "Invoked"):
        return f"is {first.lower()} {rest}"
    doc = parse(sentence)
    # "Build target for …", "Output format for …": a noun compound, though its first word is also a verb.
    noun_first = (
        len(doc) > 2 and doc[0].pos_ == "NOUN" and doc[1].tag_ == "NN" and doc[1].is_lower and doc[2].pos_ == "ADP"
    )
    if (
        third_person(first)
        and not noun_first
        and not _PREPOSITION_AFTER.match(words[1])
        and not RETURN_NOUN.match(sentence)
    ):
        # "Disable or configure HMR behavior": a verb joined by "or"/"and" agrees too.
        rest = re.sub(r"^(or|and) ([a-z]+)\b", lambda m: f"{m[1]} {conjugate(m[2])}", rest)
        return f"{third_person(first)} {rest}"
    if any(third_person(base) == first.lower() for base in (first[:-1], first[:-2], first[:-3] + "y")):
        return f"{first.lower()} {rest}"
    if first.isalpha() and len(doc) > 1 and doc[1].tag_ == "RP":
        return f"{conjugate(first)} {rest}"  # "Warm up files …": a phrasal verb
    if doc[0].pos_ == "ADJ" and last_is_verb(first.lower()):
        return None  # "Base public path …", "Forward events to …": a noun phrase or a verb, the parse cannot tell
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    holds = entry.kind in ("option", "setting", "property", "prop", "attribute", "parameter")
    # An adjective the parse joins as a compound ("Forward browser events …") is a verb it did not know.
    adjective = doc[0].pos_ == "ADJ" and doc[0].dep_ != "compound"
    if holds and root is not None and root.pos_ == "NOUN" and (doc[0].pos_ in ("NOUN", "PROPN") or adjective):
        opening = first if re.search(r"[A-Z]", first[1:]) else first.lower()
        return f"sets the {opening} {rest}"
    return None


def _predicate_zh(entry: FieldEntry) -> str | None:
    """The Chinese paragraph's first sentence as the predicate of "哪个选项……？", or None."""
    sentence = re.split(r"[。；！？]", entry.description, maxsplit=1)[0]
    sentence = re.sub(r"（[^（）]*）|\([^()]*\)", "", sentence).strip(" ，,：:")
    sentence = first_clause_zh(sentence)
    if not 4 <= len(sentence) <= 40 or POINTS_OUT_ZH.search(sentence) or "，" in sentence:
        return None
    if not re.search(r"[\u4e00-\u9fff]", sentence) or entry.name.removesuffix("()") in sentence:
        return None
    holds = entry.kind in ("option", "setting", "property", "prop", "attribute", "parameter")
    if _TO_THE_READER_ZH.search(sentence):
        return None
    if _VERB_OPENINGS_ZH.match(sentence) or (not holds and _WHEN_OPENINGS_ZH.match(sentence)):
        return sentence
    if holds and "是否" in sentence:
        return f"决定{sentence}"
    # A noun phrase ends in what the option holds, after 的 ("存储缓存文件的目录", "项目根目录").
    if holds and (
        re.search(r"的(?:[\u4e00-\u9fff]{1,6}| ?[A-Za-z]+ ?[\u4e00-\u9fff]{0,4})$", sentence)
        or re.fullmatch(r"[\u4e00-\u9fff]{2,8}", sentence)
    ):
        return f"指定 {sentence}" if re.match(r"[A-Za-z]", sentence) else f"指定{sentence}"
    return None
