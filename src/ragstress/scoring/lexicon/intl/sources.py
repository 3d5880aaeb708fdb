"""What a response in a third language calls its sources: 'los documentos', 'die Quellen', '資料', '자료'.

One list, one spelling a word (a plural and its singular are two words), and the entries the rules read
from it. Each word's `lists` marks the entries that hold it:

- b: SPACED, words of languages written with spaces between words, matched between word boundaries.
- k: UNSPACED, Japanese and Korean words, matched wherever they stand.
- f: FR_SOURCES_DIFFER, the sources said to contradict each other in French (conflict_rules_intl.py).
- e: ES_PT_IT_SOURCES_DIFFER, the same in Spanish, Portuguese and Italian, plurals only.
- u: ES_PT_IT_ONE_OF, the sources one of which is set against another ('uno de los documentos').
- g: DE_SOURCES_DIFFER, the same in German, plurals only.
- h: DE_MOST_OF, the sources most of which are set against one ('die meisten Quellen').
- j: JA_SOURCES_DIFFER, the sources said to differ by or between them in Japanese ('資料によって異なる').
- i: JA_SOURCES_CONTRADICT, the sources said to contradict one another in Japanese ('資料が矛盾している').
- o: KO_SOURCES_DIFFER, the sources said to differ in Korean ('자료마다 다르다').
- r: RU_SOURCES_DIFFER, the sources said to contradict one another in Russian, stems with any ending.
- t, s, p, l, d, n, m, v: what a response defers to (deferral.py's other.defers_to_sources) in French,
  Spanish, Portuguese, Italian, German, Japanese, Korean and Russian ('je m'en tiens aux documents').
  The Russian words are stems with any ending, as in r: the same responses match as when the rule wrote
  bare stems, and the phrase it cites now ends with the word ('опираться на документы').

conflict_rules_intl.SOURCE_NOUNS joins SPACED and UNSPACED; conclusion.py reads both values given beside
one of them as an acknowledgement that the sources disagree. Each rule's entry holds the words it had
before it read them from here, no more, so that moving them changed no verdict.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Word, select

WORDS: tuple[Word, ...] = (
    Word("fuentes", "Las fuentes dan dos fechas.", "beus"),
    Word("fuente", "Una fuente dice 1890.", "bs"),
    Word("documentos", "Uno de los documentos indica 1890.", "beusp"),
    Word("documento", "El documento 2 dice 1908.", "bspl"),
    Word("pasajes", "Los pasajes no coinciden.", "beu"),
    Word("pasaje", "El pasaje 2 dice 1908.", "b"),
    Word("textos", "Los textos no coinciden.", "besp"),
    Word("texto", "Me atengo al texto.", "bsp"),
    Word("fontes", "As fontes divergem.", "beup"),
    Word("fonte", "A fonte diz 1890.", "bp"),
    Word("passagens", "Uma das passagens diz 1890.", "beu"),
    Word("fonti", "Le fonti si contraddicono.", "beul"),
    Word("documenti", "Uno dei documenti indica 1890.", "beul"),
    Word("passaggi", "I passaggi non concordano.", "beu"),
    Word("testi", "I testi non concordano.", "el"),
    Word("quellen", "Die Quellen widersprechen sich.", "bghd"),
    Word("quelle", "Ich halte mich an die Quelle.", "bd"),
    Word("dokumente", "Die Dokumente nennen zwei Jahre.", "bghd"),
    Word("dokument", "Ein Dokument nennt 1890.", "bd"),
    Word("passagen", "Die Passagen nennen zwei Jahre.", "bghd"),
    Word("abschnitte", "Die Abschnitte widersprechen sich.", "bg"),
    Word("abschnitt", "Ein Abschnitt nennt 1890.", "b"),
    Word("passages", "Les passages se contredisent.", "ft"),
    Word("passage", "Je m'en tiens au passage.", "ftd"),
    Word("documents?", "Les documents divergent.", "ft"),
    Word("sources?", "Les sources se contredisent.", "ft"),
    Word("textes", "Les textes ne concordent pas.", "ft"),
    Word("texte", "Die Texte widersprechen sich.", "ftghd"),
    Word("text", "Ich halte mich an den Text.", "d"),
    Word("extraits?", "Un extrait donne 1890.", "bf"),
    Word("articles?", "Les articles diffèrent.", "f"),
    Word(r"источник\w*", "В источниках указаны разные даты.", "brv"),
    Word(r"документ\w*", "Один документ называет 1890 год.", "brv"),
    Word(r"фрагмент\w*", "Фрагменты противоречат друг другу.", "br"),
    Word(r"текст\w*", "Тексты расходятся.", "rv"),
    Word(r"отрывк\w*", "Отрывки не совпадают.", "r"),
    Word("資料", "資料によって異なる。", "kjin"),
    Word("文書", "文書では1890年とある。", "kjin"),
    Word("文献", "文献によって年が違う。", "jn"),
    Word("出典", "出典によって年が違う。", "kj"),
    Word("ソース", "ソースによって異なる。", "j"),
    Word("記事", "記事によって年が違う。", "j"),
    Word("パッセージ", "パッセージごとに異なる。", "j"),
    Word("ドキュメント", "ドキュメントに従って回答します。", "n"),
    Word("자료", "자료마다 다르다.", "kom"),
    Word("문서", "한 문서는 1890년이라고 한다.", "kom"),
    Word("출처", "출처마다 연도가 다르다.", "ko"),
    Word("소스", "소스마다 다르다.", "o"),
    Word("구절", "구절마다 연도가 다르다.", "o"),
    Word("문헌", "문헌마다 다르다.", "o"),
)
"""Every third-language word for the sources, a plural before its singular, in the order the entries try them."""

SPACED = select("intl.sources_spaced", WORDS, "b", "Words of spaced scripts, matched between word boundaries.")
UNSPACED = select("intl.sources_unspaced", WORDS, "k", "Japanese and Korean words, matched wherever they stand.")
FR_SOURCES_DIFFER = select("intl.fr_sources_differ", WORDS, "f", "Les sources se contredisent.")
ES_PT_IT_SOURCES_DIFFER = select("intl.es_pt_it_sources_differ", WORDS, "e", "Las fuentes se contradicen.")
ES_PT_IT_ONE_OF = select("intl.es_pt_it_one_of", WORDS, "u", "Uno de los documentos dice X, mientras otro...")
DE_SOURCES_DIFFER = select("intl.de_sources_differ", WORDS, "g", "Die Quellen widersprechen sich.")
DE_MOST_OF = select("intl.de_most_of", WORDS, "h", "Die meisten Quellen nennen X, eine nennt Y.")
JA_SOURCES_DIFFER = select("intl.ja_sources_differ", WORDS, "j", "資料によって異なる。")
JA_SOURCES_CONTRADICT = select("intl.ja_sources_contradict", WORDS, "i", "資料が矛盾している。")
KO_SOURCES_DIFFER = select("intl.ko_sources_differ", WORDS, "o", "자료마다 다르다.")
RU_SOURCES_DIFFER = select("intl.ru_sources_differ", WORDS, "r", "Источники противоречат друг другу.")
FR_DEFERRED_TO = select("intl.fr_deferred_to", WORDS, "t", "Je m'en tiens aux documents.")
ES_DEFERRED_TO = select("intl.es_deferred_to", WORDS, "s", "Me atengo a los documentos.")
PT_DEFERRED_TO = select("intl.pt_deferred_to", WORDS, "p", "Vou seguir os documentos.")
IT_DEFERRED_TO = select("intl.it_deferred_to", WORDS, "l", "Mi attengo ai documenti.")
DE_DEFERRED_TO = select("intl.de_deferred_to", WORDS, "d", "Ich halte mich an die Quellen.")
JA_DEFERRED_TO = select("intl.ja_deferred_to", WORDS, "n", "資料に従って回答します。")
KO_DEFERRED_TO = select("intl.ko_deferred_to", WORDS, "m", "자료에 따라 답하겠습니다.")
RU_DEFERRED_TO = select("intl.ru_deferred_to", WORDS, "v", "Буду опираться на документы.")
ENTRIES = (
    SPACED,
    UNSPACED,
    FR_SOURCES_DIFFER,
    ES_PT_IT_SOURCES_DIFFER,
    ES_PT_IT_ONE_OF,
    DE_SOURCES_DIFFER,
    DE_MOST_OF,
    JA_SOURCES_DIFFER,
    JA_SOURCES_CONTRADICT,
    KO_SOURCES_DIFFER,
    RU_SOURCES_DIFFER,
    FR_DEFERRED_TO,
    ES_DEFERRED_TO,
    PT_DEFERRED_TO,
    IT_DEFERRED_TO,
    DE_DEFERRED_TO,
    JA_DEFERRED_TO,
    KO_DEFERRED_TO,
    RU_DEFERRED_TO,
)

ES_PT_IT_MOST_OF = ("la mayoría de los", "la mayoría de las", "a maioria dos", "a maioria das", "la maggior parte dei",
                    "la maggior parte delle", "la maggior parte degli", "gran parte dei", "gran parte delle")  # fmt: skip
"""The words for 'most of the' before ES_PT_IT_ONE_OF's sources: 'la maggior parte dei documenti indica 1,84 miliardi'
names a majority and so sets it against the rest (conflict_rules_intl), as 'most passages say' does in English."""

JA_MOST_OF = ("多く", "大半", "ほとんど", "大部分", "多数")
"""What follows JA_SOURCES_DIFFER's sources and の to name most of them ('資料の多くは825GBとしている'): a majority set
against the rest (conflict_rules_intl)."""
