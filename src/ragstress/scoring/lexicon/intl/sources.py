"""What a response in a third language calls its sources: 'los documentos', 'die Quellen', '資料', '자료'.

Each word's `lists` marks the entry that holds it:

- b: SPACED, words of languages written with spaces between words, matched between word boundaries.
- k: UNSPACED, Japanese and Korean words, matched wherever they stand.

conflict_rules_intl.SOURCE_NOUNS joins the two; conclusion.py reads both values given beside one of them
as an acknowledgement that the sources disagree.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Word, select

WORDS: tuple[Word, ...] = (
    Word("fuentes?", "Las fuentes dan dos fechas.", "b"),
    Word("documentos?", "Uno de los documentos indica 1890.", "b"),
    Word("pasajes?", "El pasaje 2 dice 1908.", "b"),
    Word("textos?", "Los textos no coinciden.", "b"),
    Word("fontes?", "As fontes divergem.", "b"),
    Word("passagens?", "Uma das passagens diz 1890.", "b"),
    Word("fonti", "Le fonti si contraddicono.", "b"),
    Word("documenti", "Uno dei documenti indica 1890.", "b"),
    Word("passaggi", "I passaggi non concordano.", "b"),
    Word("quellen?", "Die Quellen widersprechen sich.", "b"),
    Word("dokumente?", "Ein Dokument nennt 1890.", "b"),
    Word("passagen", "Die Passagen nennen zwei Jahre.", "b"),
    Word("abschnitte?", "Ein Abschnitt nennt 1890.", "b"),
    Word("extraits?", "Un extrait donne 1890.", "b"),
    Word(r"источник\w*", "В источниках указаны разные даты.", "b"),
    Word(r"документ\w*", "Один документ называет 1890 год.", "b"),
    Word(r"фрагмент\w*", "Фрагменты противоречат друг другу.", "b"),
    Word("資料", "資料によって異なる。", "k"),
    Word("文書", "文書では1890年とある。", "k"),
    Word("出典", "出典によって年が違う。", "k"),
    Word("자료", "자료마다 다르다.", "k"),
    Word("문서", "한 문서는 1890년이라고 한다.", "k"),
    Word("출처", "출처마다 연도가 다르다.", "k"),
)
"""Every third-language word for the sources, in the order the entries try them."""

SPACED = select("intl.sources_spaced", WORDS, "b", "Words of spaced scripts, matched between word boundaries.")
UNSPACED = select("intl.sources_unspaced", WORDS, "k", "Japanese and Korean words, matched wherever they stand.")
ENTRIES = (SPACED, UNSPACED)
