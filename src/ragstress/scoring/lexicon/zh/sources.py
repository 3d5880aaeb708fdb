"""回答怎么称呼所给的资料：“文档”“资料”“原文”“检索结果”……

一张词表，和规则从中取用的几个条目。每个词的 `lists` 标出它属于哪些条目：

- c：SOURCES，核心词。句子提到它们时说的是资料（rules.py 据此保留错误标记，refusal.py 和
  answer_line.py 据此把句子读作对资料的评价而不是答案），错误标记（rules_flags_zh.py）和
  推给资料的说法（deferral.py）也用它们。
- r：SOURCES_IN_REFUSALS，拒答短语用的词（refusal_zh.py）：核心词，加上“内容”“片段”“记录”
  这类在“资料里没有”式的拒答中指资料、在别处却太常见的词。
- a：SOURCES_IN_CONFLICT，冲突规则（conflict_rules.py）里被说成互相矛盾的资料：资料、文档、材料、文献、段落、来源。

条目比整张词表窄是有意的：放宽会改变标注文件上的判定，一个词只有在标注数据表明它属于某个条目时才加进去。
繁体的常用写法（資料、文檔）也一并列入，因为回答有时用繁体。
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Word, select

WORDS: tuple[Word, ...] = (
    Word("参考资料", "参考资料里没有提到这一点。", "r"),
    Word("[资資]料", "资料里说是1889年。", "cra"),
    Word("文档", "文档中写的是1895年。", "cra"),
    Word("文檔", "文檔裡沒有提到。", "cr"),
    Word("文中", "文中未提及吉祥物。", "cr"),
    Word("文章", "文章称是爱迪生发明的。", "cr"),
    Word("材料", "材料里的年份有误。", "cra"),
    Word("文献", "两篇文献的数字不一样。", "a"),
    Word("原文", "原文写的是上海。", "cr"),
    Word("段落", "第二个段落给出的是1879年。", "cra"),
    Word("文本", "文本里没有这个数字。", "cr"),
    Word("上下文", "上下文没有给出答案。", "cr"),
    Word("内容", "内容中没有相关信息。", "r"),
    Word("片段", "片段里没有提到日期。", "r"),
    Word("检索结果", "检索结果中没有相关记载。", "r"),
    Word("检索内容", "检索内容未见此事。", "r"),
    Word(r"检索到的\w{0,4}", "检索到的文件没有说明。", "r"),
    Word("来源", "来源中没有提到。", "ra"),
    Word("文件", "文件里没有写。", "r"),
    Word("摘要", "摘要中未载。", "r"),
    Word("记录", "记录里没有这个人。", "r"),
    Word("条目", "条目中没有相关内容。", "r"),
    Word("页面", "页面上没有给出年份。", "r"),
    Word("手册", "手册里没写。", "r"),
)
"""所有指称资料的中文词，按条目尝试的顺序排列。"""

SOURCES = select("zh.sources", WORDS, "c", "指称所给资料的核心词。")
SOURCES_IN_REFUSALS = select(
    "zh.sources_in_refusals", WORDS, "r", "拒答短语里指称资料的词：核心词加上内容、片段、记录等。"
)
SOURCES_IN_CONFLICT = select("zh.sources_in_conflict", WORDS, "a", "冲突规则里被说成互相矛盾的资料。")
ENTRIES = (SOURCES, SOURCES_IN_REFUSALS, SOURCES_IN_CONFLICT)
