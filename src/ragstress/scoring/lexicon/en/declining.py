"""English refusal phrases: the ways a response declines to answer: it cannot, does not know, will not guess or
commit, or sends the asker to someone who knows (the ways it says its sources lack the answer are in `refusals`);
and the words by which what a refusal declines is compared with the question (scoring.metrics.refusal_detail).

Patterns match normalised text (matching.normalise), written lower-case and half-width; whether a phrase refuses
the question or only a side detail is decided by the engine (scoring.metrics.refusal).
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase
from ragstress.scoring.lexicon.en import sources
from ragstress.scoring.lexicon.en.refusals import INFO_NOUNS

_SOURCES = sources.SOURCES.alternation
"""The words a response uses for the passages it was given (lexicon.en.sources)."""

_WHO_KNOWS = r"(?:[\w-]+ ){0,2}?(?:teacher|tutor|lecturer|instructor|examiner|exams? officer|exams office|school office|head of year)\b"
"""Whom a response sends the asker to instead of answering. A doctor or pharmacist is left out: 'please consult your
doctor' after a dose is a safety note beside the answer, not a refusal of it."""

DECLINES = (
    Phrase(
        "en.cannot_answer",
        r"(?:cannot|can't|can not|couldn't|could not|unable to|not able to|impossible to|not possible to) (?:\w+ )?(?:answer|determine|tell|"
        r"say|confirm|"
        r"identify|provide|give|supply|verify|be determined|be answered|know|(?:state|name|quote)\b|(?:piece|put) (?:\w+ ){0,2}?together\b"
        r"|work out\b|combine\b"
        r"|help (?:you )?with (?:that|this|it)\b)"
        r"|(?:cannot|can't|can not|unable to|not able to|no way (?:for me )?to|won't|will not|not going to|not "
        r"comfortable|not enough to|rather not|not want to) (?:\w+ ){0,2}?(?:choose|choosing|pick|decide|settle|resolve|reconcile|commit|"
        r"adjudicate|tell|answer|answering|quote|name)\b|\bno way (?:for me )?to (?:tell|know)\b|(?:would|'d) be guessing\b"
        r"|\bno answer (?:can be|could be|is|was) (?:found|given|provided)|\b(?:i'd|i would) rather not (?:guess|answer|say|speculate|give|provide|offer|state)\b"
        r"|\b(?:don't|do not) think (?:i|we) can (?:answer|determine|tell|say|confirm|give|verify|know)\b"
        r"|\b(?:doesn't|does not|don't|do not) (?:let|allow|enable) (?:me|us|one) (?:to )?(?:answer|determine|say|tell|confirm|"
        r"give|pin down|name|state)"
        r"|\b(?:doesn't|does not|don't|do not) (?:permit|allow|support) (?:an? |any )?(?:reliable |firm |definitive |confident )?"
        r"(?:answer|conclusion)\b",
        "The response says it cannot answer, determine or find the answer, or will not choose between what its "
        "sources say ('I won't pick', 'I'd rather not pick one', 'no way to reconcile them', 'I'd be guessing'); "
        "also 'I can't piece (put) it together', 'I can't combine these notes', 'I can't work out the year', 'I can't help "
        "with that', 'I'd rather not "
        "give you a number', 'I don't think I can confirm it'.",
        examples=(
            "I cannot determine the year from these passages.",
            "The memo doesn't let me pin down the month.",
            "These files don't allow me to give a firm count.",
            "I won't pick one of the two dates.",
            "I'd rather not pick either figure.",
            "I would not want to choose between the two tallies.",
            "I'd be guessing.",
            "I couldn't piece the timeline together from these notes.",
            "I can't work out the founding year from the excerpts.",
            "Unfortunately I can't help with this using the attached files.",
            "With two prices in the leaflets, I'd rather not give you a figure.",
            "I don't think we can confirm the opening date from these notes.",
            "Sorry, I can't put the route together from these leaflets.",
            "I can't combine the two timetables reliably.",
            "I can't supply the exact tariff from this brochure.",
            "Two leaflets, two fares: not possible to answer definitively.",
            "The notes provided do not permit a reliable answer.",
        ),
        near_misses=("I can answer that: 1889.",),
    ),
    Phrase(
        "en.dont_know",
        r"\bi (?:do not|don't) know\b|\bno idea\b"
        rf"|\bi (?:do not|don't|did not|didn't) (?:have|get|see) (?:a|an|any|the) (?:[\w-]+ ){{0,2}}?(?:{INFO_NOUNS}|prices?|rates?|fees?|costs?) (?:for|on|about|here|with me|to hand|to (?:give|offer|share)(?: with)? you)\b",
        "The response says it does not know, has no idea, or has no figure for what was asked ('I don't have a "
        "figure for the 2022 model', 'I don't have the fee breakdown here', 'I don't have a confirmed figure to give you').",
        examples=(
            "I don't know.",
            "No idea, going by these pages.",
            "The brochure covers the basic plan; I don't have a price for the premium tier.",
            "Apologies, I don't have the fee breakdown here.",
            "I don't have a confirmed 2024 figure to give you.",
        ),
        near_misses=("I didn't have any trouble with the figures.",),
    ),
    Phrase(
        "en.will_not_guess",
        r"\b(?:won't|will not|wouldn't|would not|can't|cannot|can not|(?:do not|don't) want to|not going to|rather not|"
        r"refrain from|avoid) (?:\w+ )?(?:guess|guessing|speculate|speculating)\b|\b(?:please )?(?:provide|share|supply|"
        rf"send|give me|upload|add) (?:some |the )?(?:more|additional|further|other|relevant) (?:{_SOURCES}|information|"
        rf"material)\b|\b(?:need|needs|would need|requires?) (?:more|additional|further|other) (?:{_SOURCES}|information)\b",
        "The response declines to guess, or asks for more documents before it answers.",
        examples=("I won't guess.", "Please provide more documents."),
    ),
    Phrase(
        "en.declines",
        r"\b(?:refrain|abstain|hold off|stop short) (?:from |on |of )?(?:answering|giving|stating|providing|offering|committing|naming)\b"
        r"|\bdeclin(?:e|ing) to (?:answer|give|state|provide|offer|commit|name)\b"
        r"|\b(?:won't|will not|wouldn't|would not|rather not|'d rather not|not going to|can't|cannot|can not|unable to) "
        r"(?:\w+ ){0,2}?(?:give|offer|provide|state|venture|commit to) (?:an? |any |the |a (?:definitive|definite|firm) )?"
        r"(?:answer|year|date|figure|number|name|value|definitive|definite|reliable|firm|confident)\b"
        r"|\b(?:leave|treat|mark) (?:it|this|that|this one|that one|the question|the \w+) (?:as )?(?:unresolved|unanswered|open|"
        r"unknown|blank)\b|\b(?:'ll|will|must|have to|going to) decline(?: to answer)?\s*(?:[.;!]|$)"
        r"|\b(?:prefer not to|(?:would|'d) rather not|(?:would|'d|do) not want to|(?:don't|wouldn't) want to) (?:\w+ ){0,2}?"
        r"(?:name|confirm|supply|publish|commit to|attribute|date|quote|say)\b"
        r"|\b(?:won't|will not|not going to|can't|cannot|rather not) put an? (?:number|figure|date|name|year) on (?:it|that|this)\b"
        r"|\b(?:rather than|instead of|before|(?:do not|don't)) (?:rely|relying|depend|depending) on (?:my|this|any|an) "
        r"(?:answer|reply)\b|\b(?:have to|'ll|will|must|going to|i'd|i would) pass on (?:this|that|it|the question|answering)\b"
        r"|\bnot (?:certain|sure|confident) enough (?:\w+ ){0,5}?to (?:give|name|state|offer|answer|commit)\b"
        r"|\b(?:don't|do not|would not|wouldn't|won't|will not|rather not|not going to) (?:want to )?(?:repeat|present|pass along|state) "
        r"(?:it|that|this|the \w+|an? \w+ from an? \w+ that) (?:as (?:fact|true|correct|the answer)|appears? to be (?:in error|wrong))\b"
        r"|\bnot comfortable (?:answering|giving|stating|naming|committing)\b"
        r"|\b(?:reluctant|hesitant|hesitate|not prepared|unwilling) to (?:answer|give|offer|state|name|provide|extract|commit)\b"
        r"|\b(?:can't|cannot|can not|unable to) (?:rely on|trust|go by) (?:\w+ ){0,3}?(?:to|for) (?:answer|give|an answer)"
        r"|\b(?:i don't|i do not|don't|do not) have (?:that|this|the (?:answer|information|data|figure|number|details?)|"
        r"(?:any|enough|reliable|a reliable|another|other|any other|a better) (?:\w+ )?(?:information|data|sources?|"
        r"details?|evidence|figure|record|date|year|value|tie-breaker))\b"
        # sending the asker to a person who knows in place of an answer (beside an answer the engine keeps the answer)
        rf"|\b(?:check|confirm|verify|double-check)(?: (?:this|that|it|the [\w-]+(?: [\w-]+)?))? with (?:your {_WHO_KNOWS}|them\b)"
        rf"|\b(?:ask|consult|talk to|speak to|contact) your {_WHO_KNOWS}(?! (?:for|about|before|if|when)\b)"
        r"|\bis the (?:place|person|people|one) to ask\b"
        # a promise to find out and answer later: no answer now
        r"|\b(?:get|come|circle|report) back to you\b|\bfollow (?:it |this |that )?up with you\b"
        r"|\b(?:teacher|tutor|officer|office|syllabus|specification|booklet|handbook) (?:\w+ ){0,3}?will (?:be able to )?tell you\b",
        "The response declines to answer, often after doubting its passages: 'so I'll refrain from answering', 'I'd "
        "rather not give a year', 'treat this as unresolved', 'I don't have a reliable source for it', 'I'll have to pass on this "
        "one', 'not certain enough of the name to give one', 'I don't want to repeat it as fact'; or sends the asker to someone "
        "who knows instead ('please check with your tutor', 'ask your chemistry teacher', 'the school office is the place to "
        "ask'), or promises to find out and answer later ('I'll check and get back to you', 'and follow up with you').",
        examples=(
            "So I'll refrain from answering.",
            "So I'll hold off on answering.",
            "So I'll hold off on naming a river.",
            "I'd rather not give a year.",
            "Treat this as unresolved.",
            "I don't have a reliable source for it.",
            "Please consult a pharmacist rather than rely on my answer.",
            "Double-check with the vendor before relying on any answer I give.",
            "Since the wiki page is thin, I'll have to pass on this question.",
            "I'm not sure enough of the real date to offer one.",
            "The brochure's figure looks off and I won't present it as fact.",
            "I do not want to repeat a date from a page that appears to be wrong.",
            "I would not want to repeat a price from a flyer that appears to be in error.",
            "So I'll stop short of naming anyone.",
            "Better to leave this one open.",
            "I'll leave the date blank.",
            "With the records split, I'll decline.",
            "I'd prefer not to confirm a tonnage from these clippings.",
            "I would not want to commit to either spelling.",
            "I wouldn't want to say without a timetable that covers Sundays.",
            "My memory is hazy, so I won't put a figure on it.",
            "The bus times vary by term, so please check with your tutor.",
            "Best to confirm the mark scheme with your teacher.",
            "Ask your chemistry teacher which value the exam uses.",
            "The school office is the place to ask.",
            "Your tutor or the course handbook will tell you.",
            "The leaflet stops at 2019; I'll ask the registry and get back to you.",
            "Let me confirm the fare with the operator and come back to you.",
            "I'll look through the full tariff and follow up with you.",
            "The notes are thin, and I am reluctant to answer on that basis.",
            "I'd hesitate to offer a figure from these extracts.",
        ),
        near_misses=(
            "The cut-off is 7.0 mmol/L; see your doctor for a repeat test.",
            "Adults need about 700 mg a day, but please confirm with your doctor if you take other supplements.",
            "The museum came back to life in 1995.",
        ),
    ),
)
"""The phrases by which a response declines to answer, read as refusals with `refusals.REFUSAL`."""

DECLINES_THE_QUESTION = Phrase(
    "en.declines_question",
    r"(?:cannot|can't|can not|unable to|not able to|won't|will not|rather not|refrain from|decline to|not comfortable) "
    r"(?:\w+ )?(?:answer|answering)(?: (?:(?:this|that|the) question|this|it|that))?(?= ?(?:$|[.!;,)—–-]|from\b|based\b|reliably\b|"
    r"with\b|confidently\b|here\b|for now\b|definitively\b))"
    r"|\b(?:won't|will not|rather not|refrain from|not going to) (?:\w+ )?(?:guess|guessing|speculate)\b"
    r"|\b(?:won't|will not|wouldn't|would not|rather not|'d rather not|not going to|can't|cannot|unable to) (?:\w+ ){0,2}?"
    r"give (?:an? |any )?(?!complete\b|full\b|whole\b)(?:\w+ )?answer\b|\bgive (?:an? |any |the )?(?:definitive|definite|"
    r"reliable|firm|confident|certain|single) (?:\w+ )?(?:year|date|figure|number|name|value)\b|\bthe answer (?:is not|isn't) in\b|\b(?:can't|cannot|unable to) "
    r"(?:\w+ )?tell which\b|\b(?:won't|will not|not going to|can't|cannot|can not|unable to|not comfortable|no way to) "
    r"(?:\w+ ){0,2}?(?:choose|choosing|pick|decide|resolve|settle)\b",
    "A refusal of the question as a whole, not of a detail ('so I can't answer', 'I'll refrain from answering', 'I "
    "won't give an answer', 'can't tell which', 'I won't pick'): when it comes last, the facts named before it were not the answer.",
    examples=(
        "So I can't answer.",
        "I'll refrain from answering this.",
        "I can't tell which one is right.",
        "I won't pick.",
    ),
    near_misses=("I can't give a complete answer, but the first part is 1889.",),
)

SIDE_DETAIL = ("exact", "precise", "specific", "particular", "detailed")
"""Words that narrow what a refusal declines to a finer detail ('the exact opening day', 'the precise figure'):
beside a date or number of the kind the question asks, stated as the answer, such a refusal declines the finer
part, not the question (scoring.metrics.refusal). Whole words: 'the documents don't specifically say' is no detail."""

FUNCTION_WORDS = (
    "the", "its", "his", "her", "their", "this", "that", "these", "those", "any", "and", "for", "was", "are",
    "were", "has", "have", "had", "did", "does", "who", "what", "which", "when", "where", "how", "you", "from",
    "him", "them", "they", "she", "one", "ones", "our", "your", "can", "not", "but", "with", "sorry",
)  # fmt: skip
"""Short words that name nothing: what a refusal declines is compared with the question without them, and a refusal
left with nothing else ('the documents don't say') declines the question itself."""

ASKS_A_DATE = ("when", "year", "date", "day", "month")
"""Question words asking for a date: the value that answers it holds a year ('opened in June 2011')."""

FINER_THAN_A_YEAR = ("day", "days", "month", "months")
"""Words for a part of a date finer than its year: declined beside a year, when the year is asked, they decline
another thing; when the question asks the day, a month stated beside the exact day declined is a coarser answer.
'Date' is not one: 'a date I doubt' is the date asked."""

ASKS_A_NUMBER = (
    "how many", "how much", "how tall", "how high", "how long", "how far", "how deep", "how wide", "how big",
    "how large", "how old", "how heavy", "how fast", "what percentage",
    "capacity", "weight", "volume", "size", "displacement", "payload",
)  # fmt: skip
"""Question words asking for a number: the value that answers it holds one ('holds 38,000 spectators'). A quantity
named as a noun asks for one as plainly ('What is the seating capacity of the arena?', 'the weight of the bag')."""

ASKS_A_NAME = ("who", "whom", "whose")
"""Question words asking for a name: the value that answers it is stated with a copula ('the curator is Mark Chen')."""

NEIGHBOURING_REPORT = (
    "only", "just", "instead", "mention", "mentions", "mentioned", "discuss", "discusses", "describe",
    "describes", "cover", "covers", "about", "focus", "focuses",
)  # fmt: skip
"""Words by which a clause about the sources reports what lies beside the answer ('they only mention the 1908
show'), not the value asked: such a clause states no answer, whatever value it holds."""

THE_ANSWER_ITSELF = (
    "answer", "answers", "reply", "response", "figure", "figures", "number", "numbers", "value", "values",
    "amount", "total", "count",
)  # fmt: skip
"""Words for the answer itself, or for a value of any kind: 'I can't give a precise answer' or 'I won't give a
figure' narrows nothing, it declines the question."""

STATES_A_VALUE = ("is", "was", "are", "were")
"""Copulas by which a clause states a value that is no number ('the curator is Mark Chen')."""

FIRST_PLACE = ("number one", "number 1", "no. 1", "no.1", "#1", "top spot", "first place")
"""Words by which a question names first place ('How many weeks was it at number one?'): the 1 of 'No. 1' in a
refusal of such a question repeats the question's words and is no answer (scoring.metrics.refusal_clauses)."""

MARKS_A_GUESS = (
    "if i had to guess", "if i had to bet", "my guess", "my best guess", "only a guess", "just a guess",
    "a guess", "at a guess", "i'd guess", "i would guess", "i guess", "probably", "might be", "may be",
    "could be", "i think", "i suspect", "my hunch", "i'd imagine", "i would imagine", "presumably",
)  # fmt: skip
"""Words by which a response marks a value as its own guess ('My guess would be 9 kcal per gram', 'Probably Mozart',
'It might be around 15,000 t'): after a refusal of the question asked, the value they offer is not given as the
answer, so the response still refuses (scoring.metrics.refusal_guess). Whole words and phrases, lower-case."""

NAMES_A_PART = ("this part", "that part", "this detail", "that detail")
"""Words naming a part of the question: a refusal in their clause ('that part I can't answer') declines a detail,
not the question (scoring.metrics.refusal, refusal_guess)."""

DISCLAIMS_A_GUESS = (
    "only a guess", "just a guess", "that's a guess", "that is a guess", "only guessing", "just guessing",
    "can't confirm", "cannot confirm", "can not confirm", "couldn't confirm", "unable to confirm", "can't verify",
    "cannot verify", "unable to verify", "don't quote me", "check that elsewhere", "check elsewhere",
    "please check", "please verify", "please double-check", "i'd check", "i would check", "please ask",
    "please contact", "best to ask", "best to check",
)  # fmt: skip
"""Words by which a response takes back the value it guessed: it is only a guess, it cannot be confirmed, check it
elsewhere or ask someone who knows ('My guess would be 9 kcal per gram, but I can't confirm that', '…, but please ask
the front desk'). With a refusal of the question and a value marked by MARKS_A_GUESS they make the guess no answer
(scoring.metrics.refusal_guess); a guess the response lets stand ('If I had to guess, I'd say 1718.') is still read
as an answer."""
