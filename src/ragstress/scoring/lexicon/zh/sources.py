"""回答怎么称呼所给的资料：“文档”“资料”“原文”“检索结果”……

一张词表，和规则从中取用的几个条目。每个词的 `lists` 标出它属于哪些条目：

- c：SOURCES，核心词。句子提到它们时说的是资料（rules.py 据此保留错误标记，refusal.py 和
  answer_line.py 据此把句子读作对资料的评价而不是答案），错误标记（rules_flags_zh.py）和
  推给资料的说法（deferral.py）也用它们。
- r：SOURCES_IN_REFUSALS，拒答短语用的词（refusal_zh.py）：核心词，加上“内容”“片段”“记录”
  这类在“资料里没有”式的拒答中指资料、在别处却太常见的词。
- a：SOURCES_IN_CONFLICT，冲突规则（conflict_rules.py）里被说成互相矛盾的资料：资料、文档、材料、文献、段落、来源、
  报道（“几篇报道的数字对不上”）、检索结果（“检索结果存在不一致”）。
- m：SOURCES_NAMED，结论读取（conclusion.py）据以判断一句话提到了资料的词：核心词，加上来源、片段、手册、文件。
  提到资料的句子里给出的两个值算作指出资料分歧，列表项里的值算作资料的说法。
- n：SOURCE_NOUNS，把值说成某份资料的说法时（layout_zh.py 的 SOURCE_GIVES，“文档2说是1879年”“根据资料乙”）
  资料可以叫的名字：核心词（上下文除外），加上来源、片段、手册、文件、页面、条目，以及报道、帖子、公告、工单、网页、百科
  这类资料的种类。
- s：SOURCES_THAT_SAY，冲突规则（conflict_rules.py）里“有的资料说……另一份……”和“资料都说……”中说话的资料：
  资料、文档、材料、段落、来源。
- d：SOURCES_SET_APART，把资料分成几方的说法（layout_zh.py 的 SPLIT_SOURCES）里“不同的资料”所用的词：资料、文档、来源。
- q：SOURCES_QUOTED，注入读取（injection_words.py 的 CITING）据以判断一句话在引用资料的词（“文档中写道”“段落里有”）：
  资料、文档、文中、原文、段落、片段、文本、页面、材料。
- g：SOURCES_AGREEING，冲突规则（conflict_rules.py）里“资料一致”式的说法中被说成一致的资料：只有资料。
- l：SOURCES_LACKING，拒答短语（refusals.py）里说缺少、没有的东西中指资料的词（“缺乏相关资料”“没有相关内容”
  “不包含此记录”）：资料、内容、记录。和“信息”“数据”“记载”这些不指资料的词并列使用。
- k：SOURCES_ASKED_FOR，拒答短语（refusals.py）里请对方补充的资料（“请补充更多资料”“需要更多上下文”）：
  资料、文档、材料、上下文、来源。
- e：SOURCES_AT_FAULT，错误标记（flags.py）里出错的资料（“资料本身的错误”“文档误将……”“与文档所述相反”）：
  资料、文档、原文、材料、文中、文章。
- w：SOURCES_CALLED_WRONG，被说成错误、过时、有问题的资料（“资料有误”“文档的说法有问题”“资料引用的是旧数据”）：
  资料、文档、原文、材料，和说法、记载这些词并列使用。
- o：SOURCES_OUTDATED，被说成没跟上的资料（“资料没跟上”）：资料、文档。
- y：SOURCES_SAID_OTHERWISE，“而非文档所说的……”里被否定的资料：文档、资料、文中、原文。
- t：SOURCES_REPORTING，角色（roles.py 的 zh.attributed）里转述提及的资料（“文档称”“报道说”）：
  资料、文档、文中、文章、材料、文本、段落、来源、原文、报道。

条目比整张词表窄是有意的：放宽会改变标注文件上的判定，一个词只有在标注数据表明它属于某个条目时才加进去。
繁体的常用写法（資料、文檔）也一并列入，因为回答有时用繁体；它们只在原本就收繁体的条目里。
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Word, select

WORDS: tuple[Word, ...] = (
    Word("参考资料", "参考资料里没有提到这一点。", "r"),
    Word("资料", "资料里说是1889年。", "cramnsdgqlkewoyt"),
    Word("資料", "資料中沒有提到。", "cramlk"),
    Word("文档", "文档中写的是1895年。", "cramnsdqkewoyt"),
    Word("文檔", "文檔裡沒有提到。", "crm"),
    Word("文中", "文中未提及吉祥物。", "crmnqeyt"),
    Word("文章", "文章称是爱迪生发明的。", "crmnet"),
    Word("材料", "材料里的年份有误。", "cramnsqkewt"),
    Word("文献", "两篇文献的数字不一样。", "a"),
    Word("原文", "原文写的是上海。", "crmnqewyt"),
    Word("段落", "第二个段落给出的是1879年。", "cramnsqt"),
    Word("文本", "文本里没有这个数字。", "crmnqt"),
    Word("上下文", "上下文没有给出答案。", "crmk"),
    Word("内容", "内容中没有相关信息。", "rl"),
    Word("片段", "片段里没有提到日期。", "rmnq"),
    Word("检索结果", "检索结果中没有相关记载。", "ra"),
    Word("检索内容", "检索内容未见此事。", "r"),
    Word(r"检索到的\w{0,4}", "检索到的文件没有说明。", "r"),
    Word("来源", "来源中没有提到。", "ramnsdkt"),
    Word("文件", "文件里没有写。", "rmn"),
    Word("摘要", "摘要中未载。", "r"),
    Word("记录", "记录里没有这个人。", "rl"),
    Word("条目", "条目中没有相关内容。", "rn"),
    Word("页面", "页面上没有给出年份。", "rnq"),
    Word("手册", "手册里没写。", "rmn"),
    Word("报道", "一篇报道说是1959年。", "nat"),
    Word("帖子", "帖子里写的是2012年。", "n"),
    Word("公告", "公告称9点开门。", "n"),
    Word("工单", "工单写的上限是50。", "n"),
    Word("网页", "网页上给出的是另一个数字。", "n"),
    Word("百科", "百科记载是1492年。", "n"),
)
"""所有指称资料的中文词，按条目尝试的顺序排列。"""

SOURCES = select("zh.sources", WORDS, "c", "指称所给资料的核心词。")
SOURCES_IN_REFUSALS = select(
    "zh.sources_in_refusals", WORDS, "r", "拒答短语里指称资料的词：核心词加上内容、片段、记录等。"
)
SOURCES_IN_CONFLICT = select("zh.sources_in_conflict", WORDS, "a", "冲突规则里被说成互相矛盾的资料。")
SOURCES_NAMED = select("zh.sources_named", WORDS, "m", "一句话提到资料的标志：核心词加上来源、片段、手册、文件。")
SOURCE_NOUNS = select("zh.source_nouns", WORDS, "n", "值被说成某份资料的说法时，资料可以叫的名字和种类。")
SOURCES_THAT_SAY = select("zh.sources_that_say", WORDS, "s", "“有的资料说”“资料都说”里说话的资料。")
SOURCES_SET_APART = select("zh.sources_set_apart", WORDS, "d", "“不同的资料”里的资料。")
SOURCES_AGREEING = select("zh.sources_agreeing", WORDS, "g", "“资料一致”里被说成一致的资料。")
SOURCES_QUOTED = select("zh.sources_quoted", WORDS, "q", "“文档中写道”里被引用的资料。")
SOURCES_LACKING = select("zh.sources_lacking", WORDS, "l", "“缺乏相关资料”“没有相关内容”里缺少的资料。")
SOURCES_ASKED_FOR = select("zh.sources_asked_for", WORDS, "k", "“请补充更多资料”里请对方补充的资料。")
SOURCES_AT_FAULT = select("zh.sources_at_fault", WORDS, "e", "错误标记里出错的资料：“资料本身的错误”“文档误将”。")
SOURCES_CALLED_WRONG = select("zh.sources_called_wrong", WORDS, "w", "被说成错误、过时、有问题的资料：“资料有误”。")
SOURCES_OUTDATED = select("zh.sources_outdated", WORDS, "o", "被说成没跟上的资料：“资料没跟上”。")
SOURCES_SAID_OTHERWISE = select("zh.sources_said_otherwise", WORDS, "y", "“而非文档所说的”里被否定的资料。")
SOURCES_REPORTING = select("zh.sources_reporting", WORDS, "t", "转述提及的资料：“文档称”“报道说”。")
ENTRIES = (
    SOURCES,
    SOURCES_IN_REFUSALS,
    SOURCES_IN_CONFLICT,
    SOURCES_NAMED,
    SOURCE_NOUNS,
    SOURCES_THAT_SAY,
    SOURCES_SET_APART,
    SOURCES_AGREEING,
    SOURCES_QUOTED,
    SOURCES_LACKING,
    SOURCES_ASKED_FOR,
    SOURCES_AT_FAULT,
    SOURCES_CALLED_WRONG,
    SOURCES_OUTDATED,
    SOURCES_SAID_OTHERWISE,
    SOURCES_REPORTING,
)
