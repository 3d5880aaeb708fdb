"""Saying the sources disagree in a third language: French, Spanish, Portuguese, Italian, German,
Japanese, Korean and Russian, for answers written in neither English nor Chinese.

Each language has the same two families as `conflict_rules`: the sources are the subject of a verb
of disagreeing ("les sources se contredisent", "資料によって異なる", "자료마다 다르다"), or the
values are named as conflicting ("cifras contradictorias", "zwei verschiedene Zahlen"). Its denials
("no se contradicen", "矛盾はない") undo an acknowledgement, as in English and Chinese. Matched on
`matching.normalise` text (case-folded, NFKC).
"""

from __future__ import annotations

import re

from ragstress.scoring.lexicon.intl import sources
from ragstress.scoring.metrics.rules_base import NamedPattern

SOURCE_NOUNS = rf"\b{sources.SPACED.alternation}\b|{sources.UNSPACED.alternation}"
"""What a response in a third language calls its sources (lexicon.intl.sources); conclusion.py reads both values given beside one as an
acknowledgement ("La respuesta es 1908, aunque uno de los documentos indica 1890")."""

_GAP = r"[^.;!?。]{0,30}?"
_ES_PT_IT_MOST_OF = "|".join(re.escape(words) for words in sources.ES_PT_IT_MOST_OF)
_JA_MOST_OF = "|".join(
    re.escape(words) for words in sources.JA_MOST_OF
)  # what may stand between the sources and their verb, inside one sentence

ACKNOWLEDGE: tuple[NamedPattern, ...] = (
    NamedPattern(
        "fr.sources_differ",
        rf"\b{sources.FR_SOURCES_DIFFER.alternation}\b{_GAP}(?<!ne )"
        r"(?:se contredi\w+|diverg\w+|sont contradictoires|ne (?:concordent|s'accordent|coïncident) pas|"
        r"ne sont pas d'accord|diffèrent|donnent (?:deux|plusieurs|des) \w+ différent\w*)"
        r"|\b(?:informations?|données|chiffres|dates|réponses|valeurs|versions) (?:contradictoires|divergentes)\b",
        "Les sources se contredisent, divergent, ne concordent pas; des chiffres contradictoires.",
    ),
    NamedPattern(
        "es_pt_it.sources_differ",
        rf"\b{sources.ES_PT_IT_SOURCES_DIFFER.alternation}\b{_GAP}"
        r"(?<!no )(?<!não )(?<!non )(?:se contradicen|discrepan|difieren|no coinciden|no concuerdan|"
        r"no están de acuerdo|non sono d'accordo|não estão de acordo|son contradictori[oa]s|se contradizem|divergem|discordam|não coincidem|não concordam|"
        r"são contraditóri[oa]s|si contraddicono|divergono|discordano|non concordano|non coincidono|"
        r"sono contraddittori[ei])"
        rf"|\b(?:{_ES_PT_IT_MOST_OF}) {sources.ES_PT_IT_ONE_OF.alternation}\b"
        rf"|\b(?:uno|una|um|uma) de (?:los|las|os|as|i|le) {sources.ES_PT_IT_ONE_OF.alternation}\b[^.;]{{0,40}}?"
        r"(?:mientras|pero|aunque|otro|otra|enquanto|mas|embora|outro|outra|mentre|ma|altro|altra)\b"
        r"|\b(?:información|datos|cifras|fechas|respuestas|informações|dados|números|datas|informazioni|dati|cifre|"
        r"date|risposte) (?:contradictori[ao]s|contraditóri[ao]s|contraddittori[ei])\b",
        "Las fuentes se contradicen / as fontes divergem / le fonti si contraddicono; uno de los documentos dice X, "
        "mientras otro...; cifras contradictorias; la maggior parte dei documenti indica X (a majority named sets it "
        "against the rest).",
    ),
    NamedPattern(
        "de.sources_differ",
        rf"\b(?:{sources.DE_SOURCES_DIFFER.alternation}|angaben)\b{_GAP}"
        r"(?:widersprechen sich(?! nicht)|sind (?:sich )?(?:nicht einig|uneinig|widersprüchlich)|"
        r"weichen (?:\w+ ){0,3}voneinander ab|stimmen nicht überein|unterscheiden sich|nennen (?:zwei|verschiedene|"
        r"unterschiedliche) )"
        rf"|\b(?:die meisten|einige|manche|zwei|eine) (?:der )?{sources.DE_MOST_OF.alternation}\b[^.;]{{1,60}}?"
        r"(?:eine|andere|die anderen|eine andere|die übrigen) (?:nennt|sagt|gibt|nennen|sagen|geben|spricht)"
        r"|\bwidersprüchliche (?:angaben|informationen|daten|zahlen)\b"
        rf"|\bdie meisten (?:der )?{sources.DE_MOST_OF.alternation}\b (?:nennen|sagen|geben|datieren|sprechen|setzen)\b",
        "Die Quellen widersprechen sich, weichen voneinander ab; die meisten Quellen nennen X, eine nennt Y; die "
        "meisten Quellen nennen X (a majority named sets it against the rest, as 'most passages say' does).",
    ),
    NamedPattern(
        "ja.sources_differ",
        rf"(?:{sources.JA_SOURCES_DIFFER.alternation}|情報)(?:によって(?:は)?|ごとに|の間で|間で|同士で|では)"
        r"[^。]{0,25}?(?:矛盾(?!し(?:ない|ません|ていない)|はない|はありません)|食い違|異な|違|一致しな|一致していな|"
        r"分かれ|ものもあ|(?:二|2|ふた|複数|いくつか)つ?の説)"
        # two accounts named as such, with or without the sources: 二つの説がある, 説が分かれている
        r"|説が(?:分かれ|割れ)|(?:二|2|ふた)つの説が(?:あ|存在)"
        rf"|(?:{sources.JA_SOURCES_CONTRADICT.alternation}|情報)[^。]{{0,10}}?(?:矛盾して(?:い|お)|食い違って|一致していません)"
        rf"|(?:{sources.JA_SOURCES_DIFFER.alternation})の(?:{_JA_MOST_OF})(?:は|が)",
        "資料によって異なる、資料の間で食い違いがある、資料によっては1966年としているものもある、資料の多くは825GBとしている、"
        "資料によって120リットルと240リットルの二つの説がある、説が分かれている。",
    ),
    NamedPattern(
        "ko.sources_differ",
        rf"{sources.KO_SOURCES_DIFFER.alternation}(?:마다|들이|들은|들마다|간에|사이에|끼리)[^.。]{{0,25}}?"
        r"(?:다르(?!지 않)|다릅니|다른|달라|상충|모순(?!이 없|되지 않)|엇갈|일치하지 않)",
        "자료마다 다르게 나와 있다, 문서 간에 상충한다, 출처마다 엇갈린다.",
    ),
    NamedPattern(
        "ru.sources_differ",
        rf"{sources.RU_SOURCES_DIFFER.alternation}[^.;]{{0,30}}?(?<!не )(?:противореч\w+|расходятся|"
        r"не совпадают|не согласуются|различаются)"
        r"|\bпротиворечив\w+ (?:данные|сведения|информаци\w+)",
        "Источники противоречат друг другу, расходятся; противоречивые сведения.",
    ),
)

DENIAL: tuple[NamedPattern, ...] = (
    NamedPattern(
        "intl.no_conflict",
        r"\bne se contredisent pas\b|\baucune (?:contradiction|divergence)\b|\bno se contradicen\b|"
        r"\bno (?:hay|existe) (?:ninguna )?(?:contradicción|discrepancia)\b|\bnão (?:há|existe) (?:contradição|divergência)\b|"
        r"\bnon (?:c'è|ci sono) (?:alcuna )?(?:contraddizion\w+|discrepanz\w+)\b|\bwidersprechen sich nicht\b|"
        r"\bkein(?:en)? widerspruch\b|矛盾(?:は|も)?(?:ない|ありません|しない|しません|していない)|"
        r"(?:모순|상충)(?:이|은|되는 것은)? ?(?:없|되지 않|하지 않)|\bне противореч\w+|\bпротиворечий нет\b",
        "Les sources ne se contredisent pas / no hay contradicción / kein Widerspruch / 矛盾はない / 모순이 없다.",
    ),
)
