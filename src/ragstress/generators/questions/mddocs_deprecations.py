"""Questions on a migration guide's list of deprecations: which name replaces a deprecated one, of what.

A migration guide lists what each component, command or module deprecates as a nested Markdown list: the
owner as an item of its own, its deprecated names as items under it.

    - Kettle
      - warmTime is deprecated and replaced by heat.duration.
      - spout 弃用，变为 pourer。

Each deprecated name is asked with its owner, since many owners deprecate a name alike (a `size` or an
`onClose` of several components): "In Kettle, what replaces the deprecated warmTime of Teapot?",
"在 Kettle 中，Teapot 已弃用的 spout 由什么替代？". The owner must stand in the same chunk, above the item;
an item without it, a name of two words ("Anchor children") or a replacement naming several ("a or b") is
not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.mddocs_terms import Question

_ITEM = re.compile(r"^(?P<indent>[ \t]*)[-*+]\s+(?P<text>\S.*?)\s*$")
_NAME = r"[A-Za-z_$][\w.$]*(?:\(\))?"
_OWNER = re.compile(rf"^(?P<name>{_NAME})$")
_REPLACED_EN = re.compile(
    rf"^(?P<old>{_NAME}) (?:is|are|has been|have been) deprecated(?:,| and)? "
    rf"(?:(?:is |has been )?replaced (?:by|with)|in favou?r of|(?:please )?use) (?P<new>{_NAME})(?: instead)?[.;]?$"
)
_REPLACED_ZH = re.compile(
    rf"^(?P<old>{_NAME}) ?(?:已)?(?:被)?(?:弃用|废弃)[，,] ?(?:变为|改为|请改用|改用|请使用|使用) ?(?P<new>{_NAME})"
    r" ?(?:替代|代替|替换)?[。；;]?$"
)


def deprecation_items(text: str) -> list[tuple[str, str, str, bool]]:
    """(owner, deprecated name, replacement, Chinese) for each deprecation item under its owner's item."""
    found = []
    owners: list[tuple[int, str]] = []  # the open items above, by indentation: (indent, name or "")
    for line in text.split("\n"):
        m = _ITEM.match(line)
        if not m:
            if line.strip() and not line.startswith((" ", "\t")):
                owners = []  # a paragraph or heading at the margin ends the list
            continue
        indent = len(m["indent"].expandtabs(4))
        owners = [o for o in owners if o[0] < indent]
        item = m["text"]
        owner = next((name for level, name in reversed(owners) if name), None)
        replaced = _REPLACED_EN.match(item) or _REPLACED_ZH.match(item)
        if replaced and owner and replaced["old"] != replaced["new"] and owners and owners[-1][1] == owner:
            zh = bool(re.search(r"[\u4e00-\u9fff]", item))
            found.append((owner, replaced["old"], replaced["new"].rstrip("."), zh))  # the item's full stop
        named = _OWNER.match(item)
        owners.append((indent, named["name"] if named else ""))
    return found


def deprecation_questions(text: str, product: str | None) -> list[Question]:
    """The question on each deprecation item: what replaces the deprecated name of its owner."""
    questions = []
    for owner, old, new, zh in deprecation_items(text):
        # "BackTop" under "BackTop", "Teapot.Lid" under "Teapot": the name says its owner already.
        named = old == owner or old.startswith(f"{owner}.")
        if zh:
            frame = f"在 {product} 中，" if product else ""
            question = f"{frame}{'' if named else f'{owner} '}已弃用的 {old} 由什么替代？"
        else:
            where = "" if named else f" of {owner}"
            question = f"In {product}, what replaces the deprecated {old}{where}?" if product else None
            question = question or f"What replaces the deprecated {old}{where}?"
        spellings = list(dict.fromkeys([new, new.removesuffix("()")]))
        questions.append((question, spellings, "name", "doc_replaced_item", f"{old} of {owner}"))
    return questions
