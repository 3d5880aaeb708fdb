"""How a parameter table's row is asked: its default, its type and what its description says it sets.

"brew_seconds | integer | 180 | The time a brew steeps" gives "What is the default value of brew_seconds
for the steep-timer plugin?" and "Which parameter of the steep-timer plugin sets the time a brew steeps?";
a row under a heading naming a code name is asked of that name ("… of the toc helper in Kettle?").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from ragstress.generators.questions.entry_predicates_zh import set_predicate
from ragstress.generators.questions.mddocs_components import telling_default
from ragstress.generators.questions.mddocs_table_subjects import spaced
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, POINTS_OUT_ZH, Question, telling_type, value_aliases
from ragstress.generators.questions.techdoc import Entry, term_spellings
from ragstress.generators.questions.techdoc_en import predicate

_OBJECT_OPENERS = frozenset(
    "a an the whether if how which what when where all any each every one its their to by from in on for with "
    "up out off more less".split()
)


def said_en(name: str, description: str) -> str | None:
    """What a row's description says its parameter does: "sets the window algorithm used by the plugin"."""
    first = re.split(r"(?<=[a-z0-9)])\. ", description.strip(), maxsplit=1)[0].rstrip(". ")
    # "Sets a maximum time ...", "Enables the cache": a verb and its object; "Request body original media
    # type" is a noun phrase that only looks like one.
    second = (first.split() + ["", ""])[1]
    verb_like = second in _OBJECT_OPENERS or second.endswith("ing")
    said = predicate(Entry(name, term_spellings(name), "attribute", first, first)) if verb_like else None
    if not said and re.match(r"(?:The|A|An) [a-z]", first) and len(first.split()) <= 14:
        said = "sets " + first[0].lower() + first[1:]
    if not said or POINTS_OUT.search(said) or name in said or ":" in said or len(said.split()) < 4:
        return None
    return said


def said_zh(name: str, description: str) -> str | None:
    """A Chinese row description's first clause, when it is short and says something without the row's name."""
    # "弹出位置，可选值为 top left": what it sets, without the values it takes or its default.
    first = re.split(r"[。；]|，(?:可选|默认|支持)", description, maxsplit=1)[0].strip()
    pointing = POINTS_OUT_ZH.search(first) or re.search(r"[上下]方|见下|详见", first)
    if 6 <= len(first) <= 40 and not pointing and name not in first:
        return first
    return None


class Wording(NamedTuple):
    """How one row's questions are put: its default, its type, and the name a description says ("which ...")."""

    default: str
    type: str
    which: Callable[[str], str]
    noun: str  # the parameter noun as the questions say it


# A default cell that says there is none ("未设置", "none") is no value to ask for.
_NO_DEFAULT = frozenset({"未设置", "无", "无默认值", "none", "not set", "n/a", "-", "—"})


_CALLBACK_TYPES = frozenset({"function", "() => void", "(() => void)", "fn"})


def row_questions(name: str, cells: dict[str, str], zh: bool, wording: Wording) -> list[Question]:
    """A row's default, its type and the name its description says, each when the row gives it plainly."""
    made: list[Question] = []
    default = cells.get("default", "")
    if (
        default
        and len(default) <= 40
        and default.strip("'\"").lower() not in _NO_DEFAULT
        and telling_default(name, default)
    ):
        made.append((wording.default, value_aliases(default), "default", "default_value", wording.default))
    kind = cells.get("type", "")
    # "Function" for before-read or onChange: what any callback is, guessed from its name.
    if kind and len(kind) <= 30 and telling_type(kind) and kind.lower() not in _CALLBACK_TYPES:
        made.append((wording.type, [kind], "name", "doc_type", wording.type))
    said = (said_zh if zh else said_en)(name, cells.get("description", ""))
    if said:
        spellings = list(term_spellings(name))
        made.append((wording.which(said), spellings, "parameter", "doc_identifier", f"{wording.noun}: {said}"))
    return made


def page_en(name: str, noun: str, subject: str, product: str | None) -> Wording:
    # A question that names what its page documents stands alone, as one naming a code name does (see
    # mddocs._unframed): the product, which every page's text shares, would only draw other pages.
    if re.fullmatch(r"[A-Z]{2,4}", subject):  # "CLI", "API": the kind of an interface, the product's own
        subject = f"the {product} {subject}" if product else f"the {subject}"
    where = f" for {subject}" if subject else f" in {product}"
    of = f" of {subject}" if subject else f" in {product}"
    return Wording(
        f"What is the default value of {name}{where}?",
        f"What is the type of {name}{where}?",
        lambda said: f"Which {noun}{of} {said}?",
        noun,
    )


def page_zh(name: str, noun: str, subject: str, product: str | None) -> Wording:
    where = (
        spaced("在", subject or product or "", "中，") if subject or product else ""
    )  # 在 Card 中, 在 steep-timer 插件中, 在变量中
    noun = "参数" if noun.isascii() else noun
    return Wording(
        f"{where}{name} 的默认值是什么？",
        f"{where}{name} 是什么类型？",
        lambda said: f"{where}哪个{noun}{_said_zh(said)}？",
        noun,
    )


def headed_en(name: str, noun: str, subject: str, product: str | None) -> Wording:
    """ "... of the max_depth option of the toc helper in Kettle?": a table a heading names."""
    where = f" in {product}" if product else ""
    return Wording(
        f"What is the default value of the {name} {noun} of {subject}{where}?",
        f"What is the type of the {name} {noun} of {subject}{where}?",
        lambda said: f"Which {noun} of {subject}{where} {said}?",
        noun,
    )


def headed_zh(name: str, noun: str, subject: str, product: str | None) -> Wording:
    """在 Kettle 中，toc 辅助函数的 max_depth 选项的默认值是什么？"""
    noun = "参数" if noun.isascii() else noun
    where = spaced("在", product, "中，") if product else ""
    owner = spaced(subject, "的")
    return Wording(
        where + spaced(owner, name, noun, "的默认值是什么？"),
        where + spaced(owner, name, noun, "是什么类型？"),
        lambda said: where + spaced(owner, f"哪个{noun}{_said_zh(said)}？"),
        noun,
    )


def _said_zh(said: str) -> str:
    """A row's description as the question says it: what the entry sets or controls when the phrase tells
    (控制是否……, 用于配置……, 设置……的数量); else quoted after 表示, as a name's meaning is."""
    return set_predicate(said) or f"表示“{said}”"
