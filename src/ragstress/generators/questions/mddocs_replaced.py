"""What replaced what: a deprecation or a change a guide states in one sentence, in English and Chinese.

| shape | English | Chinese |
|---|---|---|
| deprecated in favour of | Which hook replaces the deprecated onSteep hook in Kettle? | 在 Kettle 中，已弃用的 onSteep 应改用哪个钩子？ |
| use X instead of Y | What should you use instead of steep.heat to warm the pot in Kettle? | |
| now used instead | What does Kettle now use for water filtering instead of charcoal_bag? | |

Both names must read as code (called, dotted, camelCase, snake_case, or documented by the corpus); the
kind asked for is the one the corpus documents for either name, and "what" when it documents neither.
For "now used instead" the new name is a capitalised one ("Oxc is now used for … instead of esbuild").
"""

from __future__ import annotations

import re

from ragstress.generators.questions.mddocs_terms import (
    KIND_ZH,
    POINTS_OUT,
    POINTS_OUT_ZH,
    Question,
    code_kind,
    in_product,
)
from ragstress.generators.questions.techdoc import term_spellings

_CODE = r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?"
_KIND_WORDS = r"(?: plugin)?(?: option| hook| function| method| class| property| setting)s?"
_LOOKS_CODE = re.compile(r"\(\)$|[a-z][A-Z]|[._$]")  # emit(), hotUpdate, css.modules, snake_case

_IN_FAVOUR = re.compile(
    rf"\b(?:[Dd]eprecate (?:the )?(?P<old>{_CODE})(?:{_KIND_WORDS})? in favou?r of (?:the )?(?P<new>{_CODE})"
    rf"|(?P<old2>{_CODE})(?:{_KIND_WORDS})? (?:is|are|has been|have been) (?:now )?deprecated in favou?r of "
    rf"(?:the )?(?P<new2>{_CODE}))"
)
_INSTEAD_OF = re.compile(
    rf"^(?:To (?P<task>[a-z][^,]{{3,60}}), )?you (?:should|can|must|need to) (?:now )?use (?:the )?(?P<new>{_CODE})"
    rf"(?:{_KIND_WORDS})? instead of (?:the )?(?P<old>{_CODE})\b"
)
_NOW_USED = re.compile(
    r"^(?:The )?(?P<new>[A-Z]\w+(?: [A-Z]\w+)?) (?:is|are) now used (?P<task>for [A-Za-z][\w ]{3,50}?) instead of "
    rf"(?P<old>{_CODE})$"
)

# "The footer option is moved to themeConfig.footer", "head was renamed to headTags".
_MOVED = re.compile(
    rf"^(?:The )?(?P<old>{_CODE})(?P<kind>{_KIND_WORDS})? (?:is|was|has been|have been|are|were) (?:now )?"
    rf"(?P<verb>moved|renamed) to (?:the )?(?P<new>{_CODE})(?:{_KIND_WORDS})?$"
)
_MOVED_ZH = re.compile(
    rf"^(?P<old>{_CODE}) ?(?:选项|配置|属性)? ?(?:已经?|现已)?(?:被)?(?P<verb>移动到|移至|移到|重命名为|更名为|改名为) ?(?P<new>{_CODE})$"
)
_DEPRECATED_ZH = re.compile(
    rf"(?P<old>{_CODE}) ?(?:已经?)?(?:被)?(?:弃用|废弃)(?:了)?，(?:请|应|推荐)?(?:改用|使用) ?(?P<new>{_CODE})"
    rf"|(?:使用|改用) ?(?P<new2>{_CODE}) ?(?:来)?(?:代替|取代|替代) ?(?P<old2>{_CODE})"
)

# "router.onReady() 函数已被 router.isReady() 取代", "X 已被替换为 Y": what replaced the old name, asked as it is said.
_KIND_NOUN_ZH = r"(?:函数|方法|选项|属性|钩子|组件|配置项|配置|参数)"
_REPLACED_BY_ZH = re.compile(
    rf"(?P<old>{_CODE}) ?{_KIND_NOUN_ZH}? ?(?:已经?|现已|现在)?被 ?(?:(?P<new>{_CODE}) ?{_KIND_NOUN_ZH}? ?(?:所)?"
    rf"(?P<verb>取代|替代|代替|替换)|(?P<verb2>替换|替代)(?:为|成) ?(?P<new2>{_CODE}))"
)


def _is_code(name: str, kinds: dict[str, str]) -> bool:
    return name in kinds or bool(_LOOKS_CODE.search(name)) or code_kind(name, kinds) is not None


def _kind(new: str, old: str, kinds: dict[str, str]) -> str | None:
    """What the new name is, as the corpus documents it (or the old one, which it replaces in kind)."""
    return kinds.get(new.removesuffix("()")) or kinds.get(old.removesuffix("()"))


def _new_spellings(new: str, old: str) -> list[str]:
    """The new name's spellings, less the old name ("footer" moved to themeConfig.footer: "footer" is asked about)."""
    return [s for s in term_spellings(new) if s.removesuffix("()") != old.removesuffix("()")]


def _replaced_by_zh(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """ "router.onReady() 函数已被 router.isReady() 取代" → "在 Kettle 中，router.onReady() 已被哪个方法取代？"."""
    m = _REPLACED_BY_ZH.search(sentence)
    if not m or POINTS_OUT_ZH.search(sentence[: m.start()]):
        return []
    old, new = m["old"], m["new"] or m["new2"]
    if not (_is_code(new, kinds) and _is_code(old, kinds)) or old.removesuffix("()") == new.removesuffix("()"):
        return []
    kind = _kind(new, old, kinds)
    which = f"哪个{KIND_ZH[kind]}" if kind in KIND_ZH else "什么"
    lead = f"在 {product} 中，" if product and product not in old else ""
    asked = f"被{which}{m['verb']}" if m["verb"] else f"被{m['verb2']}为{which}"
    question = f"{lead}{old} 已{asked}？"
    return [(question, list(term_spellings(new)), kind or "name", "doc_identifier", question)]


def replaced_questions(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The questions one sentence states about a name that replaces another."""
    made: list[Question] = []
    if re.search(r"[\u4e00-\u9fff]", sentence):
        m = _DEPRECATED_ZH.search(sentence)
        old, new = ((m["old"], m["new"]) if m["old"] else (m["old2"], m["new2"])) if m else ("", "")
        if m and _is_code(new, kinds) and _is_code(old, kinds) and old != new and not POINTS_OUT_ZH.search(sentence):
            lead = f"在 {product} 中，" if product else ""
            kind = _kind(new, old, kinds)
            which = f"哪个{KIND_ZH[kind]}" if kind in KIND_ZH else "什么"
            # "使用 X 代替 Y" says Y can be replaced, not that it is deprecated.
            question = f"{lead}已弃用的 {old} 应改用{which}？" if m["old"] else f"{lead}可以使用{which}代替 {old}？"
            made.append((question, list(term_spellings(new)), kind or "name", "doc_identifier", question))
        made += _replaced_by_zh(sentence, product, kinds)
        m = _MOVED_ZH.match(sentence)
        if m and _is_code(m["new"], kinds) and _is_code(m["old"], kinds) and m["old"] != m["new"]:
            lead = f"在 {product} 中，" if product else ""
            verb = "移到了哪里" if m["verb"].startswith("移") else "改名为什么"
            question = f"{lead}{m['old']} {verb}？"
            made.append((question, _new_spellings(m["new"], m["old"]), "name", "doc_identifier", question))
        return made
    if re.search(rf"{_CODE} / {_CODE}", sentence):
        return made  # "a / b are deprecated in favor of c / d": which replaces which, the sentence does not say
    if re.search(rf"{_CODE} and {_CODE} .*\bin favou?r of {_CODE} and {_CODE}", sentence):
        return made  # "a and b are deprecated in favour of c and d": a pairing in order, the reader must guess
    for m in _IN_FAVOUR.finditer(sentence):
        old, new = (m["old"], m["new"]) if m["old"] else (m["old2"], m["new2"])
        if _is_code(new, kinds) and _is_code(old, kinds) and old != new:
            kind = _kind(new, old, kinds)
            named = f"the deprecated {old} {kind}" if kind else f"the deprecated {old}"
            ask = f"Which {kind} replaces" if kind else "What replaces"
            question = f"{ask} {named}{in_product(product, old)}?"
            made.append((question, list(term_spellings(new)), kind or "name", "doc_identifier", question))
    m = _INSTEAD_OF.search(sentence)
    if m and _is_code(m["new"], kinds) and _is_code(m["old"], kinds) and not POINTS_OUT.search(m["task"] or ""):
        kind = _kind(m["new"], m["old"], kinds)
        task = f" to {m['task']}" if m["task"] else ""
        ask = f"Which {kind} should you use" if kind else "What should you use"
        question = f"{ask} instead of {m['old']}{task}{in_product(product, task + m['old'])}?"
        made.append((question, list(term_spellings(m["new"])), kind or "name", "doc_identifier", question))
    m = _MOVED.match(sentence)
    if m and _is_code(m["new"], kinds) and _is_code(m["old"], kinds) and m["old"] != m["new"]:
        kind = (m["kind"] or "").strip() or _kind(m["new"], m["old"], kinds)
        named = f"the {m['old']} {kind}" if kind else m["old"]
        question = f"What was {named} {m['verb']} to{in_product(product, m['old'])}?"
        made.append((question, _new_spellings(m["new"], m["old"]), kind or "name", "doc_identifier", question))
    m = _NOW_USED.search(sentence)
    if m and product and m["new"] != product and not POINTS_OUT.search(m["task"]):
        # The product inside the question, not as a frame: "in Vite" alone would be dropped beside a code name.
        question = f"What does {product} now use {m['task']} instead of {m['old']}?"
        made.append((question, [m["new"]], "name", "doc_identifier", question))
    return made
