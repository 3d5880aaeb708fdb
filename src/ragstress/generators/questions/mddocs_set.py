"""Which option a reader sets to do a task, from "set `foo` to X to do Y" / "将 `foo` 设置为 X 可以……".

Guides state most of their configuration as instructions: "To enable local search, set the
`themeConfig.search.provider` option to `'local'`", "Set `cleanUrls` to true to drop the .html
suffix", "将 `siteTitle` 选项设置为 `false` 可以隐藏站点标题". The option is the answer; the value and
the task stay in the question, since they are what tells one option from another:

| the sentence | the question |
|---|---|
| To enable local search, set the themeConfig.search.provider option to 'local' | Which Kettle option do you set to 'local' to enable local search? |
| Set cleanUrls to true to drop the .html suffix | Which Kettle option do you set to true to drop the .html suffix? |
| (under the heading "ignoreDeadLinks") When set to true, Kettle will not fail builds due to dead links | Which Kettle option do you set to true so that Kettle will not fail builds due to dead links? |
| 要隐藏站点标题，请将 siteTitle 选项设置为 false | 在 Kettle 中，要隐藏站点标题，应将哪个选项设置为 false？ |
| 将 lazyLoad 设置为 true 可以为图片启用懒加载 | 在 Kettle 中，将哪个选项设置为 true 可以为图片启用懒加载？ |
| （标题 aside 下）将此值设置为 false 可禁用 aside 容器 | 在 Kettle 中，将哪个选项设置为 false 可禁用 aside 容器？ |

The option must read as code (dotted, camelCase, snake_case, named an option by the sentence, or documented
by the corpus); a sentence that says "this value" or "when set to" is asked only under a heading that is one
code name, which it then means. A task pointing outside itself (it, this, them, 此, 该) is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.mddocs_code import answer_spellings
from ragstress.generators.questions.mddocs_fields import lines_under_headings
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, POINTS_OUT_ZH, Question, code_kind
from ragstress.values.spans import sentences

_KEY = r"(?P<key>\$?[A-Za-z_][\w$]*(?:\.[A-Za-z_$][\w$]*)*)"
_NOUN = r"(?P<noun> (?:option|config option|config|setting|property|field|key))?"
_NOUN_ZH = r" ?(?P<noun>选项|配置项|配置|属性|字段)?"
_VALUE = (
    r"(?P<val>true|false|null|'[^']{1,30}'|\"[^\"]{1,30}\"|-?\d+(?:\.\d+)?|/[\w./-]*|a function|an object|an array)"
)
_VALUE_ZH = _VALUE.replace("a function|an object|an array", "[a-z][\\w-]{1,20}")
_TASK = r"(?P<task>[a-z][^,;:()]{8,90})"
_TASK_ZH = r"(?P<task>[^，。；：（）()]{4,40})"
_SET_ZH = r" ?(?:设置为|设为|设置成|配置为) ?"

_MODAL = r"(?:(?:You|you) (?:can|may|should|need to|must|will need to) (?:also )?)?(?:[Ss]imply |[Jj]ust )?"
_VERB_EN = r"(?P<verb>[Ss]et|[Ee]nable|[Dd]isable|[Dd]efine|[Cc]onfigure|[Uu]se|[Aa]dd|[Pp]ass|[Cc]all)"
_KIND_EN = (
    r"(?: (?P<noun>option|config option|config|setting|property|field|key|hook|build hook|helper|function|method|"
    r"component|prop|flag|runtime API|API))?"
)
_TO_VALUE = rf"(?: to {_VALUE}|: ?{_VALUE.replace('val', 'val2')})?"
_SET_EN = (
    re.compile(
        rf"^(?:To|In order to|If you (?:want|would like|need|wish) to) {_TASK}, {_MODAL}{_VERB_EN} (?:the )?"
        rf"{_KEY}{_KIND_EN}{_TO_VALUE}(?: in [^,;]+)?$"
    ),
    re.compile(rf"^{_MODAL}{_VERB_EN} (?:the )?{_KEY}{_KIND_EN}{_TO_VALUE} (?:in order )?to {_TASK}$"),
    re.compile(rf"^(?:The )?{_KEY}{_KIND_EN} can be (?P<verb>set|used|enabled) (?:to {_VALUE} )?to {_TASK}$"),
    re.compile(
        rf"^{_MODAL}(?P<verb>configure|customize|define|change|control) (?P<what>[a-z][^,;]{{4,60}}) (?:in|via|with|through) "
        rf"(?:the )?{_KEY}{_KIND_EN}$"
    ),
)
# Verbs whose object is an option, whatever its spelling; "use" or "call" take a function, a hook, a component.
_OPTION_VERBS = frozenset("set enable disable define configure".split())
_SET_ZH_SHAPES = (
    re.compile(
        rf"^(?:要|如果(?:你)?(?:想要|想|希望|需要|要)|若要|为了)(?P<task>[^，。；]{{4,30}})，(?:你)?(?:可以|请|应该|需要|只需|只需要)?"
        rf"(?:在[^，。；]{{0,20}}中)?将 ?{_KEY}{_NOUN_ZH}{_SET_ZH}{_VALUE_ZH}(?: ?即可)?$"
    ),
    re.compile(
        rf"^(?:你)?(?:可以)?(?:通过)?(?:在[^，。；]{{0,20}}中)?将 ?{_KEY}{_NOUN_ZH}{_SET_ZH}{_VALUE_ZH} ?(?:可以|可|以|来|即可)"
        rf"{_TASK_ZH}$"
    ),
)
# Under a heading that is one code name, the sentence means it: "When set to true, …", "将此值设置为 false 可……".
_HEADED_EN = (
    re.compile(rf"^(?:Set|Setting) (?:this|it)(?: value| option)? to {_VALUE} (?:to )?{_TASK}$"),
    re.compile(rf"^(?:The|This) option can be set to {_VALUE} to {_TASK}$"),
    re.compile(rf"^When set to {_VALUE}, (?P<clause>[A-Za-z][^;:()]{{10,90}})$"),
)
_HEADED_ZH = (
    re.compile(rf"^将(?:此值|该值|此选项|该选项){_SET_ZH}{_VALUE_ZH} ?(?:可以|可|以|来){_TASK_ZH}$"),
    re.compile(rf"^(?:该|此)选项可以{_SET_ZH}{_VALUE_ZH} ?(?:以|来){_TASK_ZH}$"),
    re.compile(rf"^(?:当)?(?:设置为|设为|设置成|配置为) ?{_VALUE_ZH} ?时，(?P<clause>[^。；：]{{6,40}})$"),
)
_CODE_SHAPED = re.compile(r"\.|_|[a-z][A-Z]|^\$")
_THIRD_PERSON = re.compile(r"^(?:prevents|renders|disables|enables|hides|shows|removes|adds|turns|makes|keeps)\b")
_POINTS_ZH = re.compile(r"此|该")
# A task that opens with a conjunction is the condition the value is for ("Set it to false when a
# supervisor handles signals"), said after the value as it stands, not as a purpose ("to when …").
_CONDITION = re.compile(r"^(?:when|whenever|if|unless|while|once|before|after|so that|in case)\b", re.I)


def _after_value(task: str) -> str:
    """What follows "do you set to <value>": "to <task>", or a condition as written."""
    return task[0].lower() + task[1:] if _CONDITION.match(task) else f"to {task}"


def _is_key(key: str, noun: str | None, kinds: dict[str, str]) -> bool:
    if POINTS_OUT.fullmatch(key):
        return False  # "define this option": the page says which
    return bool(noun or key in kinds or _CODE_SHAPED.search(key)) and len(key) >= 3 and not key[0].isupper()


def _kind(key: str, kinds: dict[str, str]) -> str:
    return kinds.get(key) if kinds.get(key) in ("option", "setting", "property") else "option"


def _task_en(task: str) -> str | None:
    task = re.split(r" (?:in your|in the config|in \.?[\w/]+\.(?:ts|js|mjs)\b)", task)[0].rstrip(" .")
    if POINTS_OUT.search(task) or not 3 <= len(task.split()) <= 16:
        return None
    return task


def _task_zh(task: str) -> str | None:
    task = task.removesuffix("即可").rstrip(" 。")
    if POINTS_OUT_ZH.search(task) or _POINTS_ZH.search(task) or len(task) < 4:
        return None
    return task


def set_questions(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The "which option do you set" question one sentence states, with the option as its answer."""
    sentence = sentence.rstrip(".。!！:：; ")
    zh = bool(re.search(r"[\u4e00-\u9fff]", sentence))
    if zh:
        for shape in _SET_ZH_SHAPES:
            m = shape.match(sentence)
            task = _task_zh(m["task"]) if m and _is_key(m["key"], m["noun"], kinds) else None
            if task:
                return [_asked(m["key"], m["val"], task, None, product, kinds, zh, before=shape is _SET_ZH_SHAPES[0])]
        return []
    for shape in _SET_EN:
        m = shape.match(sentence)
        if not m or not _is_key(m["key"], m["noun"], kinds):
            continue
        found = m.groupdict()
        verb, key = m["verb"].lower(), m["key"]
        kind = _kind_en(key, found.get("noun"), verb, kinds)
        if kind is None:
            return []
        if found.get("what"):
            # "customize the text in X": which text? What is configured must say more than a noun.
            task = _task_en(f"{verb} {found['what']}") if len(found["what"].split()) >= 3 else None
            verb, value = "use", None
        else:
            task, value = _task_en(m["task"]), found.get("val") or found.get("val2")
        if not task or key in task or (verb == "set" and not value):
            return []
        spellings = answer_spellings(key) if kind in ("function", "method", "component") else [key]
        return [_asked_en(key, spellings, kind, verb, value, task, product)]
    return []


def _kind_en(key: str, noun: str | None, verb: str, kinds: dict[str, str]) -> str | None:
    """What the question calls the name: the noun the sentence gives, an option for what is set or enabled, else
    the kind its spelling or the corpus gives (None: a word as much as code)."""
    if noun:
        return {"config option": "option", "config": "option", "key": "option", "field": "option"}.get(noun, noun)
    if verb in _OPTION_VERBS:
        return _kind(key, kinds)
    return code_kind(key, kinds)


def _asked_en(
    key: str, spellings: list[str], kind: str, verb: str, value: str | None, task: str, product: str | None
) -> Question:
    named = f"{product} {kind}" if product else kind
    valued = f" to {value}" if value else ""
    question = f"Which {named} do you {verb}{valued} {_after_value(task)}?"
    return question, spellings, kind, "doc_setting", question


def headed_set_questions(text: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The questions of sentences that mean the code name their heading names ("When set to true, …"), in a
    chunk's prose lines (`text`: code lines blank, headings on lines of their own)."""
    made: list[Question] = []
    for heading, line in lines_under_headings(text):
        for sentence in sentences(line.rstrip("\\ ")):
            sentence = sentence.rstrip(".。!！:：;\\ ")
            zh = bool(re.search(r"[\u4e00-\u9fff]", sentence))
            made += _headed(sentence, heading, product, kinds, zh)
    return made


def _headed(sentence: str, key: str, product: str | None, kinds: dict[str, str], zh: bool) -> list[Question]:
    for shape in _HEADED_ZH if zh else _HEADED_EN:
        m = shape.match(sentence)
        if not m:
            continue
        if "clause" in m.groupdict() and m["clause"]:
            clause = m["clause"]
            pointing = (POINTS_OUT_ZH.search(clause) or _POINTS_ZH.search(clause)) if zh else POINTS_OUT.search(clause)
            if pointing or key in clause:
                return []
            return [_asked(key, m["val"], None, clause, product, kinds, zh)]
        task = m["task"]
        if not zh and _THIRD_PERSON.match(task):  # "Setting this value to false prevents rendering …"
            return []
        task = _task_zh(task) if zh else _task_en(task)
        return [_asked(key, m["val"], task, None, product, kinds, zh)] if task and key not in task else []
    return []


def _asked(
    key: str,
    value: str,
    task: str | None,
    clause: str | None,
    product: str | None,
    kinds: dict[str, str],
    zh: bool,
    before: bool = False,
) -> Question:
    kind = _kind(key, kinds)
    if zh:
        word = {"option": "选项", "setting": "设置", "property": "属性"}[kind]
        where = f"在 {product} 中，" if product else ""
        if clause:
            question = f"{where}哪个{word}设置为 {value} 时，{clause}？"
        elif before:
            question = f"{where}要{task}，应将哪个{word}设置为 {value}？"
        else:
            question = f"{where}将哪个{word}设置为 {value} 可以{task}？"
    else:
        named = f"{product} {kind}" if product else kind
        tail = f"so that {clause}" if clause else _after_value(task or "")
        question = f"Which {named} do you set to {value} {tail}?"
    return question, [key], kind, "doc_setting", question
