"""Chinese patterns of the default rules, one named pattern per way of saying a thing.

Patterns match normalised text (matching.normalise: NFKC, so full-width punctuation is
half-width, and spaces next to CJK characters removed). The engine in rules.py decides
scope and negation; a pattern only says what a phrase looks like.
"""

from __future__ import annotations

from ragstress.scoring.metrics.rules_base import NamedPattern

REFUSAL = (
    NamedPattern(
        "zh.insufficient_info",
        r"信息不足|资料不足|证据不足|信息不够|资料不够|信息有限|缺乏(?:相关|足够)?的?(?:信息|资料|依据)|没有足够的?(?:信息|资料|依据)",
        "回答说掌握的信息不够。",
    ),
    NamedPattern(
        "zh.cannot_answer",
        r"(?:无法|不能|没法|不便|无从)[^，,。；;!?]{0,12}?(?:回答|作答|确定|判断|得知|给出|提供|找到|确认|获知|知道)"
        r"|无法从|不得而知|不知道|不清楚|找不到(?:相关|有关)?的?(?:信息|答案|资料|内容)|超出了?[^，,。；;]{0,10}范围",
        "回答说无法回答、无法确定或不知道。",
    ),
    NamedPattern(
        "zh.sources_silent",
        r"(?:没有|并没有|未|并未|均未|都没有|没)(?:提到|提及|提供|说明|给出|找到|记载|涉及|包含|列出|写明)"
        r"|没有(?:相关|关于)|没有[^，,。；;]{1,20}?的(?:相关|有关)?(?:信息|资料|内容|记载)",
        "回答说资料里没有提到（因而不知道答案）。",
    ),
)

ERROR_FLAG = (
    NamedPattern(
        "zh.factual_error",
        r"事实性?的?错误|与事实不符|不符合事实|事实不符|违背事实|与史实不符",
        "“事实性错误”“与事实不符”等说法。",
    ),
    NamedPattern(
        "zh.wrong_info",
        r"错误的?信息|信息(?:有误|错误)|(?<!没)有误(?![会解导差])|存在(?:错误|误差之外的错误)|有(?:错误|错)(?!过)|是错误的|是错的|写错|错了|不正确|不准确|不属实|并非事实|不是事实",
        "资料里有错误信息，或某个说法被说成错误、不正确。",
    ),
    NamedPattern(
        "zh.sources_wrongly",
        r"(?:文档|资料|文中|文章|材料|原文)[^，,。；;]{0,4}?(?:错误地|误将|误把|错将|错把|误称|错称|误写)"
        r"|(?:并非|不是|而非|而不是)[^，,。；;]{0,15}?(?:文档|资料|文中|原文)(?:中)?所(?:说|称|述|写|载)",
        "资料把某事说错了：“文档误将……”“而非文档所说的……”。",
    ),
    NamedPattern(
        "zh.contradicts",
        r"(?:与|和)(?:常识|史实|已知事实|公认的?事实|实际情况)(?:相矛盾|矛盾|不一致|相悖|冲突)",
        "资料与常识或已知事实相矛盾。",
    ),
)

NEGATOR = NamedPattern(
    "zh.negated",
    r"没|无(?!论|法|疑)|未|不存在|不含|不包含|并非|不是|不认为|不觉得|并无",
    "同一分句里、错误说法之前的否定词会抵消它：“没有错误信息”“不存在事实性错误”。",
)

DISPUTE_BEFORE = NamedPattern(
    "zh.disputed",
    r"(?:不是|并非|而非|而不是|并不是|不在|并不|并没有|没有|从未|未曾|并未|未在|不会是|绝非|误将|误把|错将|错把)[^，,；;]{0,6}$",
    "提及之前、同一分句里的否定：“不是1895年”“并非1895年”“而不是1895年”。",
)

DISPUTE_AFTER = NamedPattern(
    "zh.called_wrong",
    r"^[^，,；;。]{0,8}?(?:是错误的|是错的|有误|错误|不正确|不准确|不对|是不对的|并不正确|是不正确的|不属实)",
    "提及之后紧接着说它错误：“1895年是错误的”“1895年有误”。",
)

ATTRIBUTED = NamedPattern(
    "zh.attributed",
    r"(?:文档|资料|文中|文章|材料|文本|段落|来源|原文|报道)[^，,；;。]{0,6}?(?:称|声称|说|写|写道|提到|提及|记载|显示|表示|指出|认为|给出)",
    "提及被说成资料里的说法；回答同时指出错误或给出正确答案时，它不算被断言。",
)

OTHER_ROLE_BEFORE = NamedPattern(
    "zh.other_role",
    r"(?:比|距|距离|早于|晚于|先于)$",
    "提及是比较的参照，而不是答案：“比1889年的博览会早两年”“距1889年已有五年”。",
)

OTHER_ROLE_AROUND = ("", r"^的(?!时候)")
"""数字后接“的”修饰另一事物：“1889年的博览会”（只用于含数字的提及）。"""

DOUBT = NamedPattern(
    "zh.doubted",
    r"不确定(?:这|是否|它)|存疑|值得怀疑|未必(?:正确|准确|属实)",
    "回答对资料的说法表示怀疑，因此转述资料的提及不算断言。",
)

CLAUSE_BREAK = r"[.;:!?,()\n、。]|但是?|不过|然而|而是|其实"
"""分句的边界：标点和转折词。"""
