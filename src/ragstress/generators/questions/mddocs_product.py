"""Questions whose sentence has the product as its subject, asked in place for the code name it states.

"FastAPI uses fastapi.middleware to wrap requests" -> "Which module does FastAPI use to wrap requests?";
"FastAPI 在 fastapi.middleware 中提供了中间件" -> "FastAPI 在哪个模块中提供了中间件？".
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.mddocs_terms import KIND_ZH, POINTS_OUT, POINTS_OUT_ZH, Question, code_kind
from ragstress.generators.questions.techdoc import term_spellings

# A code name standing alone: not part of a flag (-x), a path or a pair written with a slash (Tcl/Tk).
_CODE_TOKEN = re.compile(r"(?:\b[Tt]he )?(?<![\w./-])([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*(?:\(\))?)(?![\w(/])")


_KIND_NOUNS_EN = "function|option|class|object|hook|method|module|property|variable|parameter"
_KIND_NOUNS_ZH = "函数|选项|类|对象|钩子|方法|模块|属性|变量|参数|配置项|配置"

_FILES = frozenset("yaml yml json toml ini cfg conf md txt xml html py lua js ts sh env lock log".split())


def _stands_alone_zh(before: str, after: str) -> bool:
    """Does a code name stand as a phrase of its own in a Chinese sentence, so that 哪个<kind> can take its place?
    Not when it is joined to another ("使用 shallowRef() 和 shallowReactive()"), modifies the noun after it
    ("现代 JavaScript 特性") or stands beside a noun naming the same thing ("副作用 watchEffect()")."""
    before, after = before.rstrip(), after.lstrip()
    if before.endswith(_JOINING_ZH) or after.startswith(_JOINING_ZH):
        return False
    if re.match(_KIND_NOUNS_ZH, after):
        return True  # "fastapi.security 模块中": the kind noun is there already
    following, preceding = tagged(after)[:1], tagged(before)[-1:]
    if following and following[0][1].startswith(("n", "eng")):
        return False
    return not (preceding and preceding[0][1].startswith(("n", "eng")))


# A verb that gives a name its value: "sets", "configures", "将……设置为".
_SETS = re.compile(r"\b(?:sets?|configures?|changes?|overrides?|defaults?)\s+$|(?:将|把)\s*$")

_JOINING_ZH = ("和", "与", "及", "、", "或", "以及")


def about_product(sentence: str, product: str | None, kinds: dict[str, str], zh: bool) -> Question | None:
    """A sentence whose subject is the product asks for the code name it states (English: see
    `_fronted_en`); "FastAPI 在 fastapi.middleware 中提供了中间件" -> "FastAPI 在哪个模块中提供了中间件？"."""
    if not product:
        return None
    opener = re.match(rf"^(?:So, |Then |By default, |And )?{re.escape(product)} ", sentence)
    if not opener:
        return None
    for m in _CODE_TOKEN.finditer(sentence, opener.end()):
        name = m[1]
        # A dotted module (fastapi.middleware); "i.e", "e.g" and file names (prod.yaml) are not modules.
        module = (
            re.fullmatch(r"[a-z_]{2,}(?:\.[a-z_]{2,})+", name) is not None
            and name.rsplit(".", 1)[1] not in _FILES
            and name not in kinds  # build.license documented as an option is an option, not a module
        )
        # source.define beside documented options (source.alias) is an option too, not a module.
        module = module and not any(k.startswith(name.split(".")[0] + ".") for k in kinds)
        # "Kettle sets brew.mode to steep by default": what a product sets to a value is a setting, not a module.
        set_to = module and _SETS.search(sentence[opener.end() : m.start()]) is not None
        module = module and not set_to
        kind = "option" if set_to else "module" if module else code_kind(name, kinds)
        # A one-letter name is a language or a variable ("the C API", "x"), not a code name to ask for.
        if kind is None or len(name.removesuffix("()")) < 2 or name == product or name.lower() == product.lower():
            continue
        if re.fullmatch(r"[A-Z][a-z0-9]+", name):
            continue  # "a store library for Vue": a product's name, called in code or not, is no class to ask for
        before, after = sentence[: m.start()], sentence[m.end() :]
        after = re.split(r",|;| \(| - | — |，|；|（", after)[0].rstrip(" .:")
        if zh:
            if not _stands_alone_zh(before, after):
                continue
            word = {"module": "模块", **KIND_ZH}[kind]
            named = re.match(rf"\s*(?:{word}|{_KIND_NOUNS_ZH})", after)
            word = "" if named else word  # "fastapi.security 模块中", "import.meta.glob 函数": the noun is there
            question = f"{before.rstrip()}哪个{word}{after.lstrip()}？"
            pointing = POINTS_OUT_ZH.search(before + after)
        else:
            # "via the special import.meta.glob function": the sentence names the kind itself.
            question = _fronted_en(opener[0], product, before[opener.end() :], kind, after)
            if question is None:
                return None
            pointing = POINTS_OUT.search(before + after)
        if pointing or len(question.split()) < 5 and not zh:
            return None
        names = [name] if module else list(term_spellings(name))
        return question, names, "path" if module else kind, "doc_identifier", question
    return None


_MODALS = ("can", "will", "may", "should", "must")
_PREPOSITIONS = ("with", "through", "via", "in", "from", "by", "to", "into", "on")


def _fronted_en(opener: str, product: str, verb: str, kind: str, after: str) -> str | None:
    """The English question with its wh-phrase in front, as a reader asks it: "By default, Rsbuild uses
    source.define to inject …" -> "By default, which option does Rsbuild use to inject …?"; "Kettle can keep a log
    with steep.journal" -> "With which option can Kettle keep a log?". Only a code name that is the verb's object,
    or ends the sentence after a preposition, can be moved so; a sentence with "which" dropped in its middle
    ("Rsbuild generates the path based on which module and …") is not asked."""
    words = verb.split()
    named = re.match(rf" ({_KIND_NOUNS_EN})\b", after)
    if named:  # "with the steep.journal option": the sentence names the kind itself
        kind, after = named[1], after[named.end() :]
    if words[0] in _MODALS and len(words) > 1:
        auxiliary, main, rest = words[0], words[1], words[2:]
    elif re.fullmatch(r"[a-z]{2,}[^su]s", words[0]) and words[0] not in ("has", "does", "goes"):
        stem = words[0][:-2] if re.search(r"(?:ss|sh|ch|x|z)es$", words[0]) else words[0][:-1]
        auxiliary, main, rest = "does", stem, words[1:]
    else:
        return None
    lead = opener.removesuffix(f"{product} ")
    if not rest:
        which, tail = f"which {kind}", after
    elif rest[-1] in _PREPOSITIONS and not after and len(rest) > 1:
        which, tail = f"{rest[-1]} which {kind}", " " + " ".join(rest[:-1])
    else:
        return None
    which = f"{lead}{which}" if lead else which[0].upper() + which[1:]
    return f"{which} {auxiliary} {product} {main}{tail}?"
