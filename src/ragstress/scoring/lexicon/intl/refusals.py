"""Refusal phrases in third languages (compiled by scoring.metrics.refusal_intl): a response to an English or Chinese question may decline in French,
Spanish, German, Portuguese, Italian, Dutch, Swedish, Russian, Japanese, Korean, Vietnamese, Indonesian,
Turkish, Arabic or Hindi.

One pattern per language, each the common ways of saying "I can't find / can't answer / the documents don't
say / I can't decide between them". Patterns match normalised text (matching.normalise: NFKC, case-folded,
curly quotes straight), so they are lower-case; NFKC leaves Latin accents composed.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase

REFUSAL = (
    Phrase(
        "fr.refusal",
        r"\bje ne (?:\w+ )?(?:peux|pourrais|sais|trouve|suis pas en mesure|parviens|vois)\b(?! que\b)"
        r"|\bje n'(?:ai|arrive|y)\b[^.;!?]{0,30}?\b(?:pas|aucune?|rien)\b"
        r"|\bne (?:le |l'|les |en |y )?(?:mentionnent|mentionne|précisent|précise|contiennent|contient|indiquent|indique|"
        r"donnent|donne|disent|dit|fournissent|fournit|citent|cite|nomment|nomme|abordent|aborde|permettent|permet)\b"
        r"[^.;!?]{0,10}?\b(?:pas|aucune?|rien)\b|\b(?:pas|aucune?) (?:d'|de |)(?:informations?|données|précisions?|mentions?|"
        r"indications?|réponses?)\b|\bimpossible de (?:répondre|déterminer|trouver|trancher|dire|savoir|confirmer)\b"
        r"|\b(?:information|réponse) (?:non disponible|introuvable|inconnue)\b|\bintrouvable\b|\bne sais pas\b"
        r"|\b(?:n'est|ne sont|n'a pas été|n'ont pas été) (?:pas )?(?:précisée?s?|indiquée?s?|mentionnée?s?|spécifiée?s?|"
        r"donnée?s?|fournie?s?)\b|\b(?:il )?n'est pas possible de (?:répondre|déterminer|trancher|dire|savoir|confirmer)\b"
        r"|\b(?:je )?préf[èé]re(?:rais)? ne pas (?:trancher|répondre|me prononcer|deviner|choisir)\b",
        "French: 'je ne trouve pas', 'je ne peux pas répondre / trancher', 'les documents ne mentionnent pas', "
        "'aucune information', 'impossible de répondre', 'ce n'est pas précisé', 'il n'est pas possible de trancher', 'je "
        "préfère ne pas trancher'.",
        examples=(
            "Je ne trouve pas cette information.",
            "Les documents ne mentionnent pas la date.",
            "Aucune information sur ce point.",
            "Impossible de répondre.",
            "Ce n'est pas précisé dans les documents.",
            "Il n'est pas possible de trancher : les documents se contredisent.",
            "Les deux brochures divergent ; je préfère ne pas me prononcer.",
        ),
        near_misses=("Je ne peux que confirmer 1889.",),
    ),
    Phrase(
        "es.refusal",
        r"\bno (?:lo |la |los |las |le |les |se |me |te )?(?:encuentro|encontré|encuentra|encuentran|encontramos|puedo|"
        r"podría|pude|sé|sabría|mencionan|menciona|indican|indica|contienen|contiene|especifican|especifica|dicen|dice|"
        r"aparece|aparecen|figura|figuran|incluyen|incluye|detallan|detalla|proporcionan|proporciona|aportan|aporta|"
        r"permiten|permite|consta|hay (?:datos|información|informaci[oó]n|menci[oó]n|referencias?))\b"
        r"|\b(?:ninguna|sin|no hay|no tengo|no dispongo de) (?:\w+ )?(?:informaci[oó]n|datos|menci[oó]n|respuesta)\b"
        r"|\bno (?:está|están|se ha|se han) (?:disponible|disponibles|en los|indicad|mencionad|especificad|recogid)\w*"
        r"|\b(?:imposible|no es posible|no fue posible|no se puede|no se pudo) (?:de )?(?:responder|determinar|saber|"
        r"decir|confirmar|precisar)\w*",
        "Spanish: 'no encuentro', 'no puedo responder', 'los documentos no mencionan / no lo indican', 'no hay "
        "información', 'sin datos', 'no es posible determinarlo'.",
        examples=(
            "No encuentro la fecha.",
            "No puedo responder.",
            "Los documentos no lo indican.",
            "No hay información sobre eso.",
            "No es posible determinarlo: los documentos se contradicen.",
            "No se puede saber con estos documentos.",
        ),
    ),
    Phrase(
        "de.refusal",
        r"\bkeine(?:n|rlei)? (?:\w+ )?(?:angaben?|informationen?|hinweise?|daten|erwähnung|auskunft|antwort)\b"
        r"|\b(?:kann|konnte|können|lässt sich|ließ sich|ist)\b[^.;!?]{0,40}?\bnicht\b[^.;!?]{0,25}?\b(?:beantworten|"
        r"finden|bestimmen|sagen|feststellen|entscheiden|bestätigen|ermitteln|beantwortet|gefunden|erwähnt|angegeben|"
        r"genannt|enthalten|festgelegt)\b|\b(?:nennen|erwähnen|enthalten|geben|sagen|liefern|steht|stehen)\b[^.;!?]{0,40}?\b(?:nicht|"
        r"nichts|kein(?:e[nmrs]?)?)\b|\bnichts (?:\w+ )?(?:finden|gefunden)\b|\bfinde\b[^.;!?]{0,40}?\bnichts\b|\bich weiß (?:es |das )?nicht\b"
        r"|\bgeht (?:aus|in)\b[^.;!?]{0,50}?\bnicht hervor\b",
        "German: 'keine Angaben', 'ich kann das nicht beantworten', 'die Dokumente nennen ... nicht', 'in den Unterlagen "
        "steht kein ...', 'nichts "
        "gefunden', 'dazu finde ich nichts', 'das geht aus den Unterlagen nicht hervor'.",
        examples=(
            "Keine Angaben dazu.",
            "Ich kann das nicht beantworten.",
            "Die Dokumente nennen das Jahr nicht.",
            "Die Unterlagen nennen kein Eröffnungsdatum für das Museum.",
            "In den Broschüren steht leider kein Baujahr.",
            "Dazu finde ich nichts.",
            "Der Preis geht aus dem Katalog nicht hervor.",
        ),
    ),
    Phrase(
        "pt.refusal",
        r"\bnão (?:o |a |os |as |se |me )?(?:encontrei|encontro|encontra|consigo|consegui|posso|pude|sei|mencionam|"
        r"menciona|informam|informa|indicam|indica|contêm|contém|especificam|especifica|dizem|diz|trazem|traz|citam|"
        r"cita|apresentam|apresenta|há (?:informação|informações|dados|menção))\b"
        r"|\b(?:nenhuma|sem) (?:\w+ )?(?:informação|informações|dados|menção)\b|\bimpossível (?:responder|determinar)\b",
        "Portuguese: 'não encontrei', 'não consigo responder', 'os documentos não informam', 'nenhuma informação'.",
        examples=(
            "Não encontrei essa informação.",
            "Não consigo responder.",
            "Os documentos não informam a data.",
            "Nenhuma informação.",
        ),
    ),
    Phrase(
        "it.refusal",
        r"\bnon (?:\w+ )?(?:c'è|ci sono|trovo|ho trovato|so|posso|riesco|sono in grado|menzionano|menziona|indicano|"
        r"indica|contengono|contiene|specificano|specifica|riportano|riporta|forniscono|fornisce|dicono|dice|citano|cita)\b"
        r"|\bnessuna (?:\w+ )?(?:informazione|menzione|indicazione)\b|\bnon è (?:indicat|specificat|menzionat|riportat|"
        r"disponibil)\w*|\bimpossibile (?:rispondere|determinare|stabilire)\b",
        "Italian: 'non trovo', 'non posso rispondere', 'i documenti non menzionano', 'nessuna informazione'.",
        examples=(
            "Non trovo la data.",
            "Non posso rispondere.",
            "I documenti non menzionano l'anno.",
            "Nessuna informazione.",
        ),
    ),
    Phrase(
        "nl.refusal",
        r"\b(?:vermelden|noemen|bevatten|geven|zeggen|vermeldt|noemt|bevat|geeft|zegt)\b[^.;!?]{0,40}?\b(?:niet|geen|niets)\b"
        r"|\b(?:kan|kon)\b[^.;!?]{0,50}?\bniet\b[^.;!?]{0,20}?\b(?:vinden|beantwoorden|bepalen|zeggen)\b"
        r"|\bgeen (?:\w+ )?(?:informatie|gegevens|vermelding)\b",
        "Dutch: 'de documenten vermelden niet', 'ik kan het niet vinden' (the place searched may come between: 'ik kan "
        "in de bijgevoegde teksten niet vinden'), 'geen informatie'.",
        examples=(
            "De documenten vermelden het jaar niet.",
            "Ik kan het niet vinden.",
            "Ik kan in de meegestuurde brochures niet vinden wie de brug ontwierp.",
            "Geen informatie.",
        ),
    ),
    Phrase(
        "ru.refusal",
        r"не удалось (?:\w+ )?(?:найти|определить|установить|выяснить)|нет (?:\w+ )?(?:информации|данных|сведений|"
        r"упоминани\w*|ответа)|отсутству\w+|не (?:могу|смог|смогла|знаю|нашёл|нашел|нашла|указан\w*|упомина\w*|"
        r"содерж\w*|привод\w*|сказано|найден\w*|говорится|называ\w*|сообща\w*)|невозможно (?:ответить|определить|сказать)",
        "Russian: 'не удалось найти', 'нет информации', 'отсутствует', 'не могу ответить', 'не указано'.",
        examples=("Не удалось найти дату.", "Нет информации.", "Не могу ответить.", "Год не указан."),
    ),
    Phrase(
        "ja.refusal",
        r"(?:記載|情報|言及|記述|データ|答え|回答)(?:は|が|も)?(?:ありません|ない|ございません|見当たりません|見つかりません|含まれていません)"
        r"|(?:見つかりません|見つけられません|見当たりません|見つかりませんでした)|(?:分かりません|わかりません|判りません|不明です)"
        r"|(?:答えられません|回答できません|お答えできません|判断できません|特定できません|確認できません|断定できません|決められません)"
        r"|(?:書かれて|記されて|触れられて|言及されて|含まれて|載って)(?:い)?ません",
        "Japanese: '記載がありません', '見つかりません', 'わかりません', '回答できません', '触れられていません'.",
        examples=(
            "記載がありません。",
            "見つかりません。",
            "わかりません。",
            "回答できません。",
            "触れられていません。",
        ),
        near_misses=("記載があります。",),
    ),
    Phrase(
        "ko.refusal",
        r"(?:찾을|알|답변할|답할|확정할|판단할|확인할|결정할|말씀드릴|특정할) 수 (?:없|없습니다|없어|없네)"
        r"|(?:답변|대답|판단|확정)(?:드리기|하기) (?:어렵|힘들)|(?:정보|내용|언급|기록|자료|데이터)(?:가|이|는|은)? (?:없|찾을 수 없)"
        r"|(?:나와|적혀|언급되어|포함되어|기재되어) 있지 않|모르겠",
        "Korean: '찾을 수 없습니다', '알 수 없습니다', '답변드리기 어렵습니다', '정보가 없습니다', '나와 있지 않습니다'.",
        examples=(
            "찾을 수 없습니다.",
            "알 수 없습니다.",
            "답변드리기 어렵습니다.",
            "정보가 없습니다.",
            "나와 있지 않습니다.",
        ),
    ),
    Phrase(
        "sv.refusal",
        r"\b(?:hittar|hittade|kan|kunde|nämner|anger|innehåller|framgår)\b[^.;!?]{0,30}?\b(?:inte|ingen|inga|inget)\b"
        r"|\bingen (?:\w+ )?(?:information|uppgift|uppgifter)\b",
        "Swedish: 'jag hittar inte uppgiften', 'dokumenten nämner inte', 'ingen information'.",
        examples=("Jag hittar inte uppgiften.", "Dokumenten nämner inte året.", "Ingen information."),
    ),
    Phrase(
        "vi.refusal",
        r"không (?:\w+ )?(?:đề cập|nêu|nhắc|có thông tin|tìm thấy|tìm được|thể trả lời|thể xác định|biết|ghi)"
        r"|chưa (?:tìm thấy|có thông tin)",
        "Vietnamese: 'tài liệu không đề cập', 'không có thông tin', 'không tìm thấy', 'không thể trả lời'.",
        examples=("Tài liệu không đề cập năm.", "Không có thông tin.", "Không tìm thấy.", "Không thể trả lời."),
    ),
    Phrase(
        "id.refusal",
        r"\btidak (?:\w+ )?(?:menyebutkan|menyebut|mencantumkan|memuat|berisi|ada informasi|ditemukan|menemukan|dapat "
        r"menjawab|bisa menjawab|tahu|diketahui)\b|\b(?:tidak ada|tanpa) (?:\w+ )?(?:informasi|data|keterangan)\b",
        "Indonesian: 'dokumen tidak menyebutkan', 'tidak ada informasi', 'tidak ditemukan'.",
        examples=("Dokumen tidak menyebutkan tahunnya.", "Tidak ada informasi.", "Tidak ditemukan."),
    ),
    Phrase(
        "tr.refusal",
        r"\b(?:bulunmuyor|bulunmamaktadır|bulamadım|bulunamadı|belirtilmemiş|belirtilmiyor|bahsedilmiyor|yer almıyor|"
        r"bilmiyorum)\b|\b(?:bilgi|veri) (?:yok|bulunmuyor)\b"
        # a verb with the ending of inability (-(y)amıyorum, -(y)emedim): 'I cannot determine / answer / find'
        r"|\b\w+(?:amıyorum|emiyorum|amadım|emedim)\b",
        "Turkish: 'bilgi bulunmuyor', 'belirtilmemiş', 'bulamadım', and any verb ending in inability: "
        "'cevaplayamıyorum', 'belirleyemiyorum', 'bulamadım'.",
        examples=(
            "Bilgi bulunmuyor.",
            "Belirtilmemiş.",
            "Bulamadım.",
            "Cevaplayamıyorum.",
            "Hangisi doğru, belirleyemiyorum.",
        ),
        near_misses=("Köprü 1973'te açıldı.",),
    ),
    Phrase(
        "ar.refusal",
        r"لا (?:تحتوي|تذكر|يذكر|تتضمن|يتضمن|توجد|يوجد|أعرف|أستطيع|يمكنني|تشير)|لم (?:أجد|أعثر|تذكر|يذكر|ترد|يرد|تشر)"
        r"|(?:غير|ليس) (?:متوفر|متوفرة|مذكور|مذكورة|معروف)",
        "Arabic: 'لا تحتوي الوثائق', 'لا توجد معلومات', 'لم أجد', 'غير مذكور'.",
        examples=("لا تحتوي الوثائق على التاريخ.", "لا توجد معلومات.", "لم أجد الإجابة.", "غير مذكور."),
    ),
    Phrase(
        "hi.refusal",
        r"(?:जानकारी|उल्लेख|विवरण|जवाब|उत्तर) (?:\S+ )?नहीं|नहीं (?:मिल|मिली|मिला|बता सकता|बता सकती|दे सकता|दे सकती|पता)"
        r"|पता नहीं",
        "Hindi: 'कोई जानकारी नहीं है', 'उल्लेख नहीं है', 'नहीं मिली', 'पता नहीं'.",
        examples=("कोई जानकारी नहीं है।", "उल्लेख नहीं है।", "जानकारी नहीं मिली।", "पता नहीं।"),
    ),
)

MARKS_A_GUESS = (
    "たしか", "確か", "思います", "と思う", "かもしれ", "たぶん", "おそらく", "아마", "것 같",
    "probablement", "peut-être", "probablemente", "quizá", "предполож", "вероятно", "наверное", "wahrscheinlich", "vielleicht", "provavelmente",
    "probabilmente", "forse",
)  # fmt: skip
"""Words by which a response in a third language marks a value as its own guess (たしか1970年設立だったと思います,
'probablement en 1970'): after a refusal of the question asked, the guessed value is not the answer
(scoring.metrics.refusal_guess). Matched as words_in matches them: Latin ones as whole words, others as characters."""

DISCLAIMS_A_GUESS = (
    "念のため", "ご確認", "あくまで推測", "только догадка", "solo una suposición", "juste une supposition",
    "nur eine vermutung", "sans garantie", "no estoy seguro", "no estoy segura",
)  # fmt: skip
"""Words by which a response in a third language takes back its guess (念のため公式サイトでご確認ください, 'это только
догадка'): with a refusal and a guess they make the guess no answer (scoring.metrics.refusal_guess)."""
