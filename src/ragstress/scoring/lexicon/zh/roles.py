"""How a Chinese response treats a value it mentions: disputes it, reports it from the sources or from others, sets
it against a rival, demotes it, names it as a peer, or gives it only approximately.

Compiled by scoring.metrics.rules_zh, whose engine (rules.py) decides scope and negation; a phrase only says what the
words look like. Patterns match normalised text (matching.normalise: NFKC, so full-width punctuation is half-width,
and spaces next to CJK characters removed); SURNAME is matched on an alias as written.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase
from ragstress.scoring.lexicon.intl import sources as intl_sources
from ragstress.scoring.lexicon.zh import sources as zh_sources

DISPUTE_BEFORE = Phrase(
    "zh.disputed",
    r"(?:不是|并非|而非|而不是|并不是|不在|并不|并没有|没有|从未|未曾|并未|未在|不会是|绝非|误将|误把|错将|错把)[^，,；;]{0,6}$"
    r"|[把将][^，,；;]{0,10}(?:写成|说成|记成|当成|误作)了?$|(?:^|[,;，；])(?:误|错)?(?:写|印)成了?$",
    "提及之前、同一分句里的否定：“不是1895年”“并非1895年”“而不是1895年”；或被说成资料写错的值：“把首都写成了上海”。",
    examples=("不是⟨1895年⟩", "而不是⟨1895年⟩建成的", "资料把首都写成了⟨上海⟩", "这里应该是印错了，印成了⟨1985年⟩"),
    reads="before",
)

DISPUTE_AFTER = (
    Phrase(
        "zh.called_wrong",
        r"^[^，,；;。\d]{0,8}?(?:是错误的|是错的|有误|错误|不正确|不准确|不对|是不对的|并不正确|是不正确的|不属实|笔误|已?过时)"
        r"|^(?:并不是|并非|绝非|不是)(?!只|唯一)",
        "提及之后紧接着说它错误，或被否认：“1895年是错误的”“1895年有误”“1895年是笔误”“洞庭湖并不是最大的”。",
        examples=("⟨1895年⟩是错误的", "⟨1895年⟩有误", "⟨1895年⟩是笔误", "⟨洞庭湖⟩并不是最大的"),
        near_misses=("⟨长江⟩并不是唯一的",),
        reads="after",
    ),
    Phrase(
        "zh.replaced",
        r"^[^，,；;。\d]{0,8}?(?:应(?:该|当)?(?:为|是)|应改为|应作)(?=\d)|^[^，,；;。\d]{0,8}?(?:应为|应改为|应作)(?!正确|准确|答案|对)",
        "提及之后紧接着被换成另一个值：“1895年应为1889年”“文中的李时珍应为屠呦呦”（“1889年应该是对的”不算）。",
        examples=("⟨1895年⟩应为1889年", "文中的⟨李时珍⟩应为屠呦呦"),
        near_misses=("⟨1889年⟩应该是对的",),
        reads="after",
    ),
)

ATTRIBUTED = Phrase(
    "zh.attributed",
    rf"{zh_sources.SOURCES_REPORTING.alternation}[^，,；;。]{{0,6}}?(?:称|声称|说|写|写道|提到|提及|记载|显示|表示|指出|认为|给|署名|列)"
    rf"|{intl_sources.UNSPACED.alternation}(?:には|では|によると|によれば)",
    "提及被说成资料里的说法；回答同时指出错误或给出正确答案时，它不算被断言。日文回答的“資料には……と書かれている”也算。",
    examples=("文档称是⟨1895年⟩", "资料中写的是⟨上海⟩", "資料には⟨1895年⟩と書かれていますが"),
    reads="before",
)

HEARSAY = Phrase(
    "zh.hearsay",
    r"(?:有人|有些人|也有人|很多人|许多人|不少人|人们|大家|一些人)(?:常|通常|普遍|一般|都|也|会)?(?:说|认为|以为|误以为|误认为|称|觉得|记成)"
    r"(?:的是)?[^，,。；;]{0,10}$"
    r"|也有(?:说法|观点)(?:称|认为|说)?[^，,。；;]{0,10}$|(?:有时|常常|经常)?会?(?:看到|听到|见到|听说)[^，,。；;]{0,6}$",
    "提及被说成别人的说法，而不是回答给出的答案：“有人说是巴黎”“也有说法称是1895年”“很多人误以为是长江”“大家一般说的是……”。",
    examples=("有人说是⟨巴黎⟩", "也有说法称是⟨1895年⟩", "很多人误以为是⟨长江⟩"),
    reads="before",
)

HEARSAY_AFTER = Phrase(
    "zh.hearsay_after",
    r"^的?(?:传言|传闻)",
    "zh.hearsay 写在提及之后：“巴黎的传闻”（“我倾向于汉代的说法”是选择，不算）。",
    examples=("⟨巴黎⟩的传闻",),
    reads="after",
)

OTHER_ROLE_BEFORE = Phrase(
    "zh.other_role",
    r"(?:比|距|距离|(?<!不得)(?<!不能)(?<!不应)(?<!不可)(?<!不)(?:早于|晚于|先于))$",
    "提及是比较的参照，而不是答案：“比1889年的博览会早两年”“距1889年已有五年”；“不得早于22周岁”“不晚于3月31日”说的是界限本身，"
    "是答案。",
    examples=("比⟨1889年⟩", "距⟨1889年⟩", "早于⟨1889年⟩"),
    near_misses=("男不得早于⟨22周岁⟩", "最迟不晚于⟨3月31日⟩"),
    reads="before",
)

OTHER_ROLE_AROUND = ("", r"^的(?!时候|(?:说法|记载|版本|数字|数据|答案|结论|价格|价钱|售价|费用|金额|比分|成绩))")
"""数字后接“的”修饰另一事物：“1889年的博览会”（只用于含数字的提及）。“的”后是这个值本身的名称时不算：
“以1.98亿欧元的价格转会”“采用35球的说法”说的就是这个值。"""

DOUBT = Phrase(
    "zh.doubted",
    r"不确定(?:这|是否|它)|存疑|值得怀疑|未必(?:正确|准确|属实)",
    "回答对资料的说法表示怀疑，因此转述资料的提及不算断言。",
    examples=("我不确定这是否正确。", "这个说法存疑。"),
)

CLAUSE_BREAK = Phrase(
    "zh.clause_break",
    r"[.;:!?,()\n、。]|但是?|不过|然而|而是|其实",
    "分句的边界：标点和转折词。",
    examples=("建于1889年，但是", "不过"),
    reads="text",
)

RIVAL_BEFORE = Phrase(
    "zh.rival",
    r"(?:击败|战胜|打败|打赢|力克|胜过|淘汰|接替|取代|代替|顶替)了?$",
    "提及是被击败的一方、被接替或取代的对象：“巴西队击败了乌拉圭队”“新桥取代了老桥”。",
    examples=("巴西队击败了⟨乌拉圭队⟩", "新桥取代了⟨老桥⟩"),
    reads="before",
)

RIVAL_AFTER = Phrase(
    "zh.rival_after",
    r"^[队方]?(?:输给|败给|负于|不敌|屈居亚军|获得亚军|位居第二|被(?:击败|打败|淘汰|取代|接替))",
    "zh.rival 写在提及之后：“乌拉圭队输给了巴西队”“老桥被新桥取代”。",
    examples=("⟨乌拉圭⟩队输给了巴西队", "⟨老桥⟩被取代了"),
    reads="after",
)

DEMOTED = Phrase(
    "zh.demoted",
    r"^[\u4e00-\u9fff]{0,2}?(?:只是|仅仅是|仅是|不过是|只不过是)"
    r"|^年?(?:那次|那一次|那回)是|^年?是[^，,；;。]{0,20}?(?:再次|第二次|又一次|重新|后来)[^，,；;。]{0,20}?的(?:年份|年代|日子|时间)",
    "提及之后（隔最多两个字）被说成次要的东西，因此不是答案：“玉皇顶只是峰顶的一座道观”“2011年只是获得提名的年份”；"
    "或被说成另一回、后来那一次的值：“1999年那次是第二届”“2010年是大桥再次翻修的年份”。",
    examples=(
        "⟨玉皇顶⟩只是峰顶的一座道观",
        "⟨2011年⟩只是获得提名的年份",
        "⟨1999年⟩那次是第二届博览会",
        "⟨2010年⟩是大桥再次翻修的年份",
        "⟨1999⟩年那次是第二届博览会",
    ),
    near_misses=("⟨1889年⟩是铁塔建成的年份",),
    reads="after",
)

PEER = Phrase(
    "zh.peer",
    r"(?:与|和|同|跟)[^,;。.!?\n:]{0,15}$",
    "提及被说成与另一事物并称、齐名，而不是答案本身：“留园与拙政园、网师园并称”。",
    examples=("留园与⟨拙政园⟩",),
    reads="before",
)

PEER_AFTER = Phrase(
    "zh.peer_after",
    r"^[^,;。.!?\n]{0,15}?(?:并称|齐名|并列|相提并论|相媲美|媲美)",
    "zh.peer 的后半：提及之后要有“并称”“齐名”之类的词。",
    examples=("⟨拙政园⟩、网师园并称",),
    reads="after",
)

APPROXIMATE = Phrase(
    "zh.approximate",
    r"(?:大约|约|大致)(?:是|在|于)?$",
    "年份只是个约数（“2008年前后”“约1889年”）；回答先说了无法回答再给出约数时，那是猜测：既不算拒答，也不算写出了事实。",
    examples=("大约在⟨2008年⟩", "约⟨1889年⟩"),
    reads="before",
)

APPROXIMATE_AFTER = Phrase(
    "zh.approximate_after",
    r"^年?(?:前后|左右|上下)",
    "zh.approximate 的另一种写法：约数的词在数值之后。",
    examples=("⟨2008⟩年前后", "⟨1889⟩年左右"),
    reads="after",
)

SURNAME = Phrase(
    "zh.surname",
    r"(?P<given>[^\s·・•‧]+(?:[·・•‧][^\s·・•‧]+)*)[·・•‧](?P<surname>[^\s·・•‧]{2,})",
    "译名全名（“保罗·安德鲁”）单写姓（“安德鲁设计的”）也算；回答里姓氏前出现别的名字（“约翰·安德鲁”）时不算。按别名原样匹配。",
    examples=("保罗·安德鲁",),
    reads="as_written",
)
