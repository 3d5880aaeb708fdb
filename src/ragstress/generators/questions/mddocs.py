"""Questions on what product docs and tutorials state, in English and Chinese.

A framework's tutorial states its facts in running prose, not in definition entries: "use
Query to declare extra validation", "the default value is 30 seconds", "Kettle returns a 418
status code when the pot is empty", "added in version 2.4.0", "at most 64 kilobytes". Each
shape here becomes a question naming the product (or the function it is about), with the
stated term, value, code or version as the answer:

| kind | English | Chinese |
|---|---|---|
| identifier | Which class do you use to declare a brewing step in Kettle? | 在 Kettle 中，使用哪个类来声明路由上的冲泡步骤？ |
| default | What is the default value of the timeout parameter of Kettle()? | Kettle() 的 timeout 参数的默认值是什么？ |
| error_code | Which status code does Kettle return when the pot is empty? | 当壶为空时，Kettle 会返回哪个状态码？ |
| exception | Which exception does Kettle raise when the pot is empty? | 当壶为空时，Kettle 会抛出哪个异常？ |
| version | In which version of Kettle was the steep() function added? | steep() 函数是在哪个版本中添加的？ |
| limit | In Kettle, a request body may be at most how many kilobytes? | 在 Kettle 中，请求体最多为多少 KB？ |

Sentences are read from the prose of a chunk only (code, tables and notices are skipped, list
bullets dropped), and a sentence that points outside itself ("it", "this", "above") is not asked.
The product is the name a corpus writes most often inside its sentences (see `corpus_names.product_name`).
English shapes are read in `mddocs_en`, Chinese ones in `mddocs_zh`, settings stated in prose
(environment variables, command options, defaults, the version a name needs) in `mddocs_settings`,
with what all share in `mddocs_terms`; parameter tables are read in `mddocs_tables`; which option is set,
enabled or used to do a task in `mddocs_set`, defaults stated in prose in `mddocs_defaults`, a sentence
whose subject is the product in `mddocs_product`, and what a section heading says its entries are
("Environment Variables", "Extended Methods") in `mddocs_sections`; what guide and design prose says a named
thing is for, does or measures in `mddocs_guide`, and a migration guide's deprecation lists in
`mddocs_deprecations`.
"""

from __future__ import annotations

import re
from collections import Counter

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines
from ragstress.generators.questions import mddocs_listline as listline
from ragstress.generators.questions.grammar_en import auxiliary_broken
from ragstress.generators.questions.mddocs_commented import commented_defaults
from ragstress.generators.questions.mddocs_defaults import default_questions, headed_default_questions
from ragstress.generators.questions.mddocs_deprecations import deprecation_items, deprecation_questions
from ragstress.generators.questions.mddocs_en import english_questions
from ragstress.generators.questions.mddocs_field_questions import field_questions
from ragstress.generators.questions.mddocs_fields import field_entries
from ragstress.generators.questions.mddocs_guide import guide_questions
from ragstress.generators.questions.mddocs_headed import headed_questions
from ragstress.generators.questions.mddocs_means_en import means_questions
from ragstress.generators.questions.mddocs_paths import layout_lines, path_questions
from ragstress.generators.questions.mddocs_product import about_product
from ragstress.generators.questions.mddocs_provided import provided_questions
from ragstress.generators.questions.mddocs_replaced import replaced_questions
from ragstress.generators.questions.mddocs_roles_en import role_questions
from ragstress.generators.questions.mddocs_roles_zh import chinese_roles
from ragstress.generators.questions.mddocs_set import headed_set_questions, set_questions
from ragstress.generators.questions.mddocs_settings import chinese_settings, english_settings
from ragstress.generators.questions.mddocs_summary_en import summary_questions
from ragstress.generators.questions.mddocs_terms import (
    BULLET,
    MARKUP,
    POINTS_OUT,
    POINTS_OUT_ZH,
    Question,
)
from ragstress.generators.questions.mddocs_wording import CAPITAL_AFTER_KIND, MISREAD_ZH, misnames_a_file
from ragstress.generators.questions.mddocs_wording import unspaced_zh as _unspaced_zh
from ragstress.generators.questions.mddocs_zh import chinese_questions
from ragstress.generators.questions.reference_pages import misreads_summary, negated
from ragstress.values.spans import sentences


def _prose_lines(chunk: Chunk) -> str:
    """The chunk's text with its code lines blank (a heading stays a line of its own)."""
    lines = chunk.text.split("\n")
    return "\n".join("" if code else line for line, code in zip(lines, code_lines(chunk.text, chunk.code_state)))


def prose_sentences(chunk: Chunk) -> list[str]:
    """The sentences of a chunk's prose: code, table rows and headings left out, list bullets dropped."""
    lines = chunk.text.split("\n")
    kept = []
    for line, code in zip(lines, code_lines(chunk.text, chunk.code_state)):
        if code or " | " in line or not line.strip():
            kept.append("")
            continue
        # A blockquote's marks and an admonition's fence left on its first line ("::: warning For …") go too.
        kept.append(re.sub(r"^(?:>\s*)+|^:::\s*\w+\s+", "", BULLET.sub("", line).strip()).strip())
    return [s for s in sentences("\n".join(kept)) if len(s) >= 12]


def shared_entry_questions(chunks: list[Chunk], product: str | None, kinds: dict[str, str]) -> frozenset[str]:
    """The field-list questions two entries of a corpus answer differently ("Which option specifies server
    port?" of server.port and preview.port): asked of either, the question has no one answer."""
    answers: dict[str, set[str]] = {}
    for chunk in chunks:
        for question in _entry_questions(chunk, product, kinds):
            answers.setdefault(question[0], set()).add(question[1][0])
    return frozenset(q for q, names in answers.items() if len(names) > 1)


def _entry_questions(chunk: Chunk, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """Each entry's first question, then each one's second …: a chunk asks about as many entries as it may."""
    asked: list[list[Question]] = []
    for entry in field_entries(chunk, kinds):
        zh = bool(re.search(r"[\u4e00-\u9fff]", entry.description))
        asked.append([q for q in field_questions(entry, product, zh) if _clean(q[0])])
    return [qs[n] for n in range(max(map(len, asked), default=0)) for qs in asked if n < len(qs)]


def entry_count(chunk: Chunk) -> int:
    """How many reference entries a chunk holds whole: like a table's rows, each may give a question."""
    return max(len(field_entries(chunk)), len(deprecation_items(chunk.text)), layout_lines(chunk.text))


def doc_questions(
    chunk: Chunk,
    lang: str,
    product: str | None,
    kinds: dict[str, str],
    shared: frozenset[str] = frozenset(),
    page: tuple[str | None, set[str]] = (None, set()),
) -> list[Question]:
    """The chunk's questions of every shape above, in the order its sentences state them (`shared`: questions
    that have two answers in the corpus, see `shared_entry_questions`; `page`: its page's title and heading
    names, see `mddocs_named`)."""
    found = [q for q in _entry_questions(chunk, product, kinds) if q[0] not in shared]
    found += summary_questions(chunk, page[0], product, kinds) if lang == "en" else []
    found += deprecation_questions(chunk.text, product)
    found += headed_questions(_prose_lines(chunk), product, kinds)
    found += headed_set_questions(_prose_lines(chunk), product, kinds)
    found += headed_default_questions(_prose_lines(chunk), product, kinds)
    found += commented_defaults(chunk, product)
    before = ""  # the sentence before: a bare "The default value is 30." names its parameter there
    for n, sentence in enumerate(prose_sentences(chunk)):
        zh = bool(re.search(r"[\u4e00-\u9fff]", sentence))
        made = (
            chinese_questions(sentence, product, kinds) + chinese_settings(sentence.rstrip("。！：；.!:; "), product)
            if zh
            else english_questions(sentence, product, kinds, before)
            + english_settings(sentence.rstrip(".!:; "), product)
        )
        made += replaced_questions(sentence.rstrip(".。!！:：; "), product, kinds)
        made += set_questions(sentence, product, kinds)
        made += [] if zh else means_questions(sentence, product, kinds)
        if not any(q[3] == "default_value" for q in made):  # one default a sentence, however many shapes read it
            made += default_questions(sentence, product, kinds)
        if not made:  # a code name's role in its clause: what it does, is called for, is the means of
            made += chinese_roles(sentence, product, kinds) if zh else role_questions(sentence, product, kinds)
        if not made:  # which named thing the product provides for a task ("Kettle provides X to …")
            made += provided_questions(sentence, product, kinds, zh)
        if not made:  # which file or directory of a project's layout does a task
            made += path_questions(sentence, product, zh)
        if not made:  # what a named thing is used for or does, a measure's quantity (guide and design prose)
            made += guide_questions(sentence, product, kinds, zh, page)
        in_place = about_product(sentence.rstrip(".。!！:：; "), product, kinds, zh) if not made else None
        made += [in_place] if in_place else []
        if negated(sentence):  # "useKettle is not compatible with Map" never answers "which is used with Map?"
            made = [q for q in made if negated(q[0])]
        if n <= 1 and chunk.start == 0:  # the title, then a code-named page's summary line of what it does
            made = [q for q in made if not misreads_summary(page[0], q[1])]
        before = sentence
        made = [
            (
                _end_mended(_unspaced_zh(q[0]))
                if q[2] in _OF_THE_PRODUCT
                else _unframed(_end_mended(_unspaced_zh(q[0])), product, kinds),
                *q[1:],
            )
            for q in made
        ]
        found += [q for q in made if _clean(q[0]) and not any(_names(q[0], a) for a in q[1])]
    # Every reading, headed entries too, is mended and checked alike.
    found = [(_unspaced_zh(q[0]), *q[1:]) for q in found]
    found = [q for q in found if not MISREAD_ZH.search(q[0])]
    found = [q for q in found if not misnames_a_file(q[0], q[1])]
    # Two shapes reading one statement alike ask once; one question with two answers is not asked.
    found = list({(q[0], tuple(q[1])): q for q in found}.values())
    found = [q for q in found if not LIMIT_AS_IDENTITY.search(q[0])]
    asked = Counter(q[0] for q in found)
    return [q for q in found if asked[q[0]] == 1]


def list_line_mended(found: list[Question], chunk: Chunk, product: str | None) -> list[Question]:
    """A list line's annotation, separator and bare config key mended, an option asked as an option; a question
    still pointing at its page, holding a placeholder or broken by its auxiliary is not asked (`mddocs_listline`)."""
    kept = []
    for question, answers, *rest in found:
        zh = bool(re.search(r"[\u4e00-\u9fff]", question))
        worded = listline.mended(question, product, "zh" if zh else "en")
        if worded is None or listline.fault(worded, "zh" if zh else "en"):
            continue
        if not zh and auxiliary_broken(worded):
            continue
        if answers:
            worded = listline.kind_of_entry(worded, answers[0], chunk.text, "zh" if zh else "en")
            worded = listline.kind_of_list(worded, answers[0], chunk.text, "zh" if zh else "en")
        # The content (the question without its frame) is what the duplicate check compares: mended alike.
        content = rest[-1] if rest and isinstance(rest[-1], str) else None
        if content:
            rest[-1] = listline.mended(content, product, "zh" if zh else "en") or content
        kept.append((worded, answers, *rest))
    return kept


# "Which property can only inject preload tags?", "哪个属性也可以是一个函数？": a limit or an "also" the page
# states of a name is not what tells it from the others, so a reader cannot pick one name by it.
LIMIT_AS_IDENTITY = re.compile(
    r"\bwhich \w+ (?:(?:can|does|will|may|is|are) )?(?:only|also)\b"
    r"|哪(?:个|些)[^，。？、\s]{0,4}?(?:只能|只会|只有|仅|只(?!读)|也)",
    re.IGNORECASE,
)


# "e.g." and "i.e." are not dotted code names.
_CODE_SHAPED = re.compile(r"[A-Za-z_]\w*\(\)|\b[a-z]+_[a-z_]+\b|\b[A-Z][a-z]+[A-Z]\w*|\b[a-z_]{2,}\.[a-z_]{2,}")


def _end_mended(question: str) -> str:
    """ "… to alter the navigation. in Kettle?": the sentence's full stop left before the frame goes."""
    return re.sub(r"[.。]((?: in [^?]+)?\?)$", r"\1", question)


# A plugin, module, file or directory is the product's own: "可以用哪个插件来访问 MySQL 数据库？" names MySQL, but which
# plugin answers depends on the framework, so its frame stays.
_OF_THE_PRODUCT = frozenset({"plugin", "module", "file", "directory"})


def _unframed(question: str, product: str | None, kinds: dict[str, str]) -> str:
    """The question without its product frame ("… in FastAPI?", "在 FastAPI 中，") when it names a code name
    of its own: "Which class does Form inherit from?" is standalone, and the frame, which every page's
    text shares, only blurs what a retriever looks for."""
    if not product:
        return question
    frames = (f" in {product}?", f"在 {product} 中，", f"In a {product} app, which", f"In {product}, ")
    bare = question
    for frame in frames:
        bare = bare.replace(frame, "?" if frame.endswith("?") else "Which" if frame.endswith("which") else "")
    if bare == question:
        return question
    # A capitalised name the corpus calls or imports (Form, Query); "set" or "list" are words as well.
    names = {w for w in re.findall(r"[A-Z][\w.]*", bare) if w in kinds and w != product}
    if not names and not _CODE_SHAPED.search(bare):
        return question
    # An English question opens with a capital; a Chinese one opening with a code name keeps its spelling.
    english = not re.search(r"[\u4e00-\u9fff]", bare)
    return bare[0].upper() + bare[1:] if bare[:1].islower() and english else bare


_READER = re.compile(r"\b(?:you|your|let's|us)\b", re.I)


def points_outside(question: str) -> bool:
    """Does a question point outside itself (it, this, above …) or speak to the page's reader (you, let's)?"""
    return bool(POINTS_OUT.search(question) or POINTS_OUT_ZH.search(question) or _READER.search(question))


def has_markup(question: str) -> bool:
    """Does a question hold markup (backticks, emphasis, fences, tags, a list bullet, a table row's cells)?"""
    return bool(MARKUP.search(question) or BULLET.match(question))


# "……主题配置数据类型为？", "… the format is?": the sentence ran on into a value or list the question lost.
_CUT_AT_COPULA = re.compile(r"(?:[为是]|\b(?:is|are|the|a|an|of|to|as))[?？]$")


def _clean(question: str) -> bool:
    """No markup, five words or more, no bracket left open ("... a false value (e.g?": a sentence cut short),
    no copula or article left at the end, and no capital word read on after "Which <kind>"."""
    balanced = question.count("(") == question.count(")") and question.count("（") == question.count("）")
    return (
        balanced
        and not CAPITAL_AFTER_KIND.search(question)
        and not _CUT_AT_COPULA.search(question)
        and not has_markup(question)
        and 5 <= len(question.split()) + len(re.findall(r"[\u4e00-\u9fff]", question)) // 2
    )


def _names(question: str, answer: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(answer)}(?![\w(])", question) is not None
