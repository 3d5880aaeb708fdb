"""The predicate of "哪个<kind>……" made from a Chinese reference entry's description.

A reference states each property, option or hook in one phrase without a subject. Quoted whole
after 表示 ("哪个属性表示“是否展示被缓存的资源”") the phrase reads as a template, not as a question a
user types; what the phrase is decides the verb that joins it:

| the description | what it is | the question |
|---|---|---|
| 是否保温 | a yes-no setting | 哪个属性控制是否保温？ |
| 配置壶的加热方式 | a verb phrase that sets | 哪个属性用于配置壶的加热方式？ |
| 保温的最长时间 | a noun phrase of a value | 哪个属性设置保温的最长时间？ |
| 当水烧开时触发 | when a hook is called | 哪个钩子在水烧开时触发？ |

A noun phrase of any other kind ("壶的颜色说明") names no task nor value, and is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import tagged

# "当……时触发", "在……后调用": a hook or event is documented by when it runs.
_CALLED_WHEN = re.compile(
    r"^(?:当|在)\s*(?P<when>[^，,；;。]{2,30}?)\s*(?P<end>时|之后|后|之前|前)(?:被)?(?P<verb>触发|调用|执行|运行)$"
)
# Verbs of setting a value: the phrase after them is the task of the entry.
_SETS = re.compile(r"^(?:配置|设置|设定|指定|控制|决定|定义|调整|修改|开启|启用|关闭|禁用)")
# Nouns naming a value a setting holds: a phrase ending on one is what the entry sets.
_VALUE_NOUN = re.compile(
    r"(?:数量|数目|个数|上限|下限|大小|体积|时长|时间|长度|宽度|高度|深度|间隔|阈值|格式|方式|名称|路径|目录|"
    r"前缀|后缀|编码|级别|顺序|版本|端口|地址|比例|精度|风格|样式|模式|策略|(?<![函参常变])数)$"
)
# Verbs that hand a value out: a phrase opening on one says what a getter returns, not a value it holds.
_GIVES = re.compile(r"^(?:获取|返回|读取|得到|取得|获得|查询|访问)")
# A note pointing elsewhere ("请使用……代替", "查看……了解详情") says nothing the entry does.
_POINTER = re.compile(r"^(?:请|参考|参见|参看|查看|详见|见)")
# "应该创建……的地址", "要注册的处理器": a modal before a verb opens a noun's modifier, not a task.
_MODAL = re.compile(r"^(?:应该|应当|要|需要|可以|能够|将要)")
# A phrase pointing back (此钩子, 该选项) or naming a purpose of its own is not a value's name.
_NOT_A_VALUE = re.compile(r"用于|用来|[此该这]")
# Verbs of equality: the phrase says what the entry is, and is asked as it stands (哪个属性等于……).
_EQUALS = re.compile(r"^(?:等于|等同于|相当于|即为)")
_HAN = re.compile(r"[\u4e00-\u9fff]")


def called_when(phrase: str) -> str | None:
    """ "在<when>时触发" from a description saying when an entry runs (当……时触发, 在……后调用), else None."""
    m = _CALLED_WHEN.match(phrase.strip())
    if not m or re.search(r"[，,“”\"]", m["when"]):
        return None
    space = " " if re.match(r"[A-Za-z0-9_$]", m["when"]) else ""
    return f"在{space}{m['when']}{m['end']}{m['verb']}"


def when_kind(word: str) -> str:
    """The kind word of an entry said to run at a time: an event stays one; anything else is a hook."""
    return word if word in ("事件", "钩子") else "钩子"


def set_predicate(phrase: str) -> str | None:
    """What "哪个属性……" says of a setting described by `phrase`: 控制是否……, 用于配置……, 设置<value>; None for a
    phrase of another shape."""
    phrase = phrase.strip()
    if (
        re.search(r"[，,；;：:“”\"]", phrase)
        or len(_HAN.findall(phrase)) < 4
        or _POINTER.match(phrase)
        or _MODAL.match(phrase)
    ):
        return None
    if phrase.startswith("是否"):
        return f"控制{phrase}"
    if _SETS.match(phrase):
        return f"用于{phrase}"
    if _EQUALS.match(phrase):
        return phrase
    held = value_held(phrase)
    if held:
        return held
    words = tagged(phrase)
    # A verb opening a verb phrase, not a modifier before 的 ("展示的……" is a noun phrase).
    if len(words) >= 2 and words[0][1].startswith("v") and words[0][0] not in ("是", "有") and words[1][0] != "的":
        return f"用于{phrase}"
    return None


def value_held(phrase: str) -> str | None:
    """ "设置<phrase>" when a setting's phrase names a value (展示的模块数量, 展示单个错误时的最大行数), else None.

    A setting holds a value: its phrase ending on a noun of value names that value, whatever verb modifies
    it, unless it opens on a verb that sets (用于配置……) or one that hands a value out (获取……的版本 is what
    a getter returns)."""
    phrase = phrase.strip()
    words = tagged(phrase)
    if not _VALUE_NOUN.search(phrase) or len(words) < 2 or not words[-1][1].startswith("n"):
        return None
    if _SETS.match(phrase) or _GIVES.match(phrase) or _NOT_A_VALUE.search(phrase):
        return None
    return f"设置{phrase}"
