"""Error flags in a third language (compiled by scoring.metrics.rules_flags_intl): how a response in French, Spanish, German, Portuguese, Italian,
Japanese, Korean or Russian says its sources are wrong.

Patterns match normalised text (matching.normalise: NFKC, case-folded). A negation before a flag
in its clause undoes it (NEGATOR, applied by rules.py as for English: "ne contiennent pas
d'erreur", "no hay errores", "keine Fehler", "не содержат ошибок"). Japanese and Korean put the
negation after the verb, so their patterns themselves refuse the negated ending (誤りはありません,
오류가 없습니다 do not match).
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase
from ragstress.scoring.lexicon.intl import sources

_FR_SOURCES = sources.FR_SOURCES_DIFFER.alternation
"""What a response in French calls its sources ('le texte', 'les documents'; lexicon.intl.sources)."""
_SPACED_SOURCES = sources.SPACED.alternation
"""What a response in Spanish and the other spaced scripts calls its sources ('el documento'; lexicon.intl.sources)."""

ERROR_FLAG = (
    Phrase(
        "fr.sources_wrong",
        r"\b(?:contien(?:t|nent)|contenir|comport(?:e|ent)|présent(?:e|ent)|il y a) (?:une |des |quelques |plusieurs |deux )?"
        r"(?:erreurs?|inexactitudes?|coquilles?|fautes?)\b"
        r"|\b(?:est|sont|semble|semblent|paraît|paraissent|parait)(?: être)? (?:\w+ )?(?:faux|fausses?|erron[ée]e?s?|"
        r"inexacte?s?|incorrecte?s?)\b|\bc'est (?:une|un) (?:\w+ )?(?:erreur|coquille|faute)\b"
        r"|\b(?:informations?|données|chiffres?|dates?) (?:\w+ )?(?:erron[ée]e?s?|fausses?|inexacte?s?)\b"
        r"|\bse tromp(?:e|ent|ait|aient)\b|\bn'(?:est|sont) pas (?:tout à fait |vraiment )?(?:correcte?s?|exacte?s?|justes?)\b"
        r"|\b(?:et )?non (?:pas )?[^.;!?]{1,60}? comme (?:l'|le |la |les )?(?:affirm|indiqu|di|écri|prétend)\w*"
        rf" (?:le |la |les |l'){_FR_SOURCES}\b",
        "French: the documents contain an error, are wrong, inexact or mistaken ('les documents se trompent', 'ce qui "
        "est inexact', 'c'est une erreur', 'n'est pas exact', 'et non à Paris comme l'indique le texte').",
        examples=(
            "Les documents se trompent.",
            "Ce qui est inexact.",
            "C'est une erreur.",
            "Ce n'est pas exact.",
            "Elle est née à Varsovie, et non à Paris comme l'indique le texte.",
            "Les documents semblent contenir une erreur sur ce point.",
        ),
    ),
    Phrase(
        "es.sources_wrong",
        r"\b(?:contiene|contienen|contener|tiene|tienen|tener|hay|incluye|incluyen) (?:un |una |algún |algun |algunos "
        r"|algunas |varios |varias |dos )?(?:error(?:es)?|equivocaci[oó]n(?:es)?|inexactitud(?:es)?|erratas?)\b"
        r"|\b(?:es|son|está|están|parece|parecen)(?: ser| estar)? (?:\w+ )?(?:incorrect[oa]s?|err[oó]ne[oa]s?|fals[oa]s?|"
        r"inexact[oa]s?|equivocad[oa]s?|dudos[oa]s?)\b|\bse equivoc(?:a|an|ó|aron)\b|\bes (?:un|una) (?:\w+ )?(?:error|errata)\b"
        r"|\bno (?:es|son|está|están|parece) (?:del todo |muy )?(?:correct|ciert|exact)[oa]s?\b"
        r"|\b(?:información|informaciones|datos?|cifras?|fechas?) (?:\w+ )?(?:err[oó]ne[oa]s?|fals[oa]s?|incorrect[oa]s?)\b"
        r"|\by no (?:en |por |de )?[^.;!?]{1,60}? como (?:afirma|indica|dice|sostiene)n? (?:el|la|los|las) "
        rf"{_SPACED_SOURCES}\b",
        "Spanish: the documents contain an error, are wrong or mistaken ('los documentos están equivocados', 'el "
        "documento se equivoca', 'eso no es correcto', 'tiene un error').",
        examples=(
            "Los documentos están equivocados.",
            "El documento se equivoca.",
            "Eso no es correcto.",
            "Tiene un error.",
            "Nació en Lima, y no en Quito como afirma el texto.",
            "El dato me parece dudoso.",
        ),
    ),
    Phrase(
        "de.sources_wrong",
        r"\b(?:enthält|enthalten|hat|haben|gibt es) (?:einen |eine |einige |mehrere |ein paar |zwei )?(?:fehler|irrtum|"
        r"irrtümer|ungenauigkeiten?)\b|\b(?:ist|sind|scheint|scheinen|wirkt|wirken)(?: hier)? (?:\w+ )?(?:falsch|"
        r"fehlerhaft|inkorrekt|unrichtig|ungenau|veraltet)\b|\birr(?:t|en) sich\b|\bein (?:\w+ )?(?:fehler|irrtum)\b"
        r"|\bnicht (?:ganz )?(?:korrekt|richtig|zutreffend)\b"
        # 'stimmt nicht' is 'is not right'; 'stimmt nicht überein' is 'does not match', a conflict
        r"|\b(?:das|dies|es|dieser? \w+|die \w+) stimm(?:t|en) (?:aber |jedoch |allerdings |so |hier )?nicht\b(?! überein)"
        # the sources' value said to be something else: 'die Unterlagen nennen C2H6, aber das ist Ethan'
        r"|\b(?:nennt|nennen|sagt|sagen|gibt|geben|steht|stehen|schreibt|schreiben)\b[^.;!?]{0,40}?,? (?:aber|doch) "
        r"(?:das|dies) ist (?!(?:richtig|korrekt|auch|so|genau|zutreffend|plausibel|möglich)\b)",
        "German: the documents contain an error, are wrong or mistaken ('die Dokumente irren sich', 'das ist falsch', "
        "'enthält einen Fehler', 'nicht korrekt', 'das stimmt aber nicht'), or its value is something else ('der Text "
        "nennt 1912, aber das ist das Jahr der Planung').",
        examples=(
            "Die Dokumente irren sich.",
            "Das ist falsch.",
            "Der Text enthält einen Fehler.",
            "Das ist nicht korrekt.",
            "Laut dem Text war es 1912, das stimmt aber nicht.",
            "Diese Angabe stimmt so nicht.",
            "Der Text nennt 1912, aber das ist das Jahr der Planung.",
        ),
        near_misses=(
            "Die Angaben stimmen nicht überein.",
            "Ob das stimmt, kann ich nicht sagen.",
            "Der Text nennt 1912, aber das ist richtig.",
        ),
    ),
    Phrase(
        "pt.sources_wrong",
        r"\b(?:contém|contêm|contem|tem|têm|há|possui|possuem) (?:um |uma |alguns |algumas |vários |várias |dois )?"
        r"(?:erros?|equívocos?|imprecis(?:ão|ões))\b|\b(?:está|estão|é|são|parece|parecem)(?: estar| ser)? (?:\w+ )?"
        r"(?:incorret[oa]s?|errad[oa]s?|equivocad[oa]s?|fals[oa]s?|imprecis[oa]s?)\b|\bé um (?:\w+ )?erro\b"
        r"|\bnão (?:é|está|são|estão|parece) (?:totalmente |muito )?(?:corret|cert|exat)[oa]s?\b",
        "Portuguese: the documents contain an error, are wrong or mistaken ('os documentos estão errados', 'contém "
        "um erro', 'não está correto').",
        examples=("Os documentos estão errados.", "O texto contém um erro.", "Não está correto."),
    ),
    Phrase(
        "it.sources_wrong",
        r"\b(?:contiene|contengono|ha|hanno|c'è|ci sono) (?:un |un'|una |alcuni |alcune |diversi |degli |delle |due )?"
        r"(?:errori|errore|inesattezz[ae]|sbagli)\b|\b(?:è|sono|sembra|sembrano)(?: essere)? (?:\w+ )?(?:sbagliat[oaie]|"
        r"errat[oaie]|inesatt[oaie]|scorrett[oaie]|fals[oaie])\b|\bsi sbaglia(?:no)?\b|\bè un (?:\w+ )?errore\b"
        r"|\bnon (?:è|sono|sembra) (?:del tutto |proprio )?(?:corrett|esatt|giust)[oaie]\b",
        "Italian: the documents contain an error, are wrong or mistaken ('i documenti si sbagliano', 'contiene un "
        "errore', 'non è corretto').",
        examples=("I documenti si sbagliano.", "Il testo contiene un errore.", "Non è corretto."),
    ),
    Phrase(
        "ja.sources_wrong",
        r"(?:誤り|間違い|誤記|誤植|錯誤)(?:が|も)(?:あ(?:る|り(?!ません))|含ま(?:れ(?:る|て(?!いません)))|見られ(?!ません))"
        r"|(?:誤り|間違い|誤記|誤植)(?:です|だ|である|のようです|と思われます|で[、,]|の可能性が)|(?:誤って|間違って)(?:いる|います|いた|おり)"
        r"|(?:正しく|正確で)(?:は)?(?:ない|ありません)",
        "Japanese: the documents contain an error or are wrong ('資料には誤りがあります', '間違っています', '正しくありません'); "
        "'誤りはありません' does not match.",
        examples=("資料には誤りがあります。", "間違っています。", "正しくありません。"),
        near_misses=("誤りはありません。",),
    ),
    Phrase(
        "ko.sources_wrong",
        r"(?:오류|잘못|착오|실수|오기)(?:가|이)? (?:있(?:습니다|어요|다|는|음|네요)|포함)|잘못(?:된|되었|됐|되어|돼)"
        r"|틀(?:렸|린|립니다|려요)|(?:정확하|올바르|맞)지 않|(?:오류|착오|실수|오기)(?:인| 인)? ?것? ?같(?:습니다|아요|다|네요)",
        "Korean: the documents contain an error or are wrong ('문서에 오류가 있습니다', '잘못된 것 같습니다', '틀렸습니다', "
        "'정확하지 않습니다'); '오류가 없습니다' does not match.",
        examples=(
            "문서에 오류가 있습니다.",
            "잘못된 것 같습니다.",
            "틀렸습니다.",
            "정확하지 않습니다.",
            "너무 싸서 오류 같습니다.",
        ),
        near_misses=("오류가 없습니다.",),
    ),
    Phrase(
        "ru_pl.sources_wrong",
        r"(?:содерж(?:ит|ат|ится|атся)|есть|имеется|имеются|закралась|закрались) (?:\w+ )?(?:ошибк[аиу]|ошибок|"
        r"неточност(?:ь|и|ей))|\bошибочн\w*|\bневерн\w*|\bнеправильн\w*|\bнекорректн\w*|\bошибают?ся\b|\bэто (?:\w+ )?ошибка\b"
        # Polish, the other Slavic language the responses use: 'to błąd', 'błędne', 'dokumenty się mylą'
        r"|\bto (?:jest )?(?:\w+ )?błąd\b|\bbłędn\w*|\bnieprawidłow\w*|\bniepoprawn\w*|\bmyl(?:i|ą) się\b|\bsię myl(?:i|ą)\b"
        r"|\bzawiera(?:ją)? (?:\w+ )?błąd\b",
        "Russian and Polish: the documents contain an error or are wrong ('в документах есть ошибка', 'это неверно', "
        "'документы ошибаются', 'это явная ошибка', 'to błąd', 'dane są błędne', 'dokumenty się mylą').",
        examples=(
            "В документах есть ошибка.",
            "Это неверно.",
            "Документы ошибаются.",
            "В документах указано 50 кг, но это явная ошибка.",
            "Broszura podaje 1912, ale to błąd.",
            "Te dane są błędne.",
        ),
        near_misses=("To nie jest błąd.",),
    ),
)

NEGATOR = Phrase(
    "intl.negated",
    r"\b(?:pas|ne|aucun\w*|sans|jamais|nicht|kein\w*|ohne|nie|não|nem|nenhum\w*|sem|nunca|non|nessun\w*|senza|nada|"
    r"ningún|ninguna|ninguno|sin|не|нет|ни|без)\b|\bn'",
    "A negation in a third language before a flag in its clause undoes it: 'ne contiennent pas d'erreur', 'keine "
    "Fehler', 'não há erros', 'не содержат ошибок'.",
    examples=("Les documents ne contiennent pas d'erreur.", "Keine Fehler.", "Não há erros.", "Не содержат ошибок."),
)
