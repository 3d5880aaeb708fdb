"""English refusal phrases: the ways a response says its sources do not hold the answer. The ways it declines to
answer (it cannot, does not know, will not guess) are in `declining`; the engine reads both as refusals.

Patterns match normalised text (matching.normalise: NFKC, case-folded, curly quotes made
straight, runs of white space one space), so they are written lower-case and half-width.
Whether a phrase refuses the question, or only a side detail before an answer, is decided
by the engine (scoring.metrics.refusal); a phrase only says what the words look like.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase
from ragstress.scoring.lexicon.en import sources

_SOURCES = sources.SOURCES.alternation
"""The words a response uses for the passages it was given (lexicon.en.sources)."""

_SOURCE_NOUNS = rf"(?:{sources.SOURCES_IN_REFUSALS.alternation}|what (?:you|was|i was|i(?:'ve| have) been) \w+|what i(?:'ve| have)\b)"
"""The passages, also as notes or files (lexicon.en.sources), or as 'what you sent' or 'what I've been given'."""

_THE_SOURCES = (
    r"(?:the |these |this |those |that |any of the |any |my |our |your )?(?:provided |given |retrieved |supplied "
    rf"|available |shared |attached |cited |above |same )?(?:\w+ )?{_SOURCE_NOUNS}"
)
"""A mention of the passages: 'the provided documents', 'these runbooks', 'the retrieved spec sheet excerpt'."""

_NOT_ABOUT_ERRORS = (
    r"(?![^.;!?]{0,60}\b(?:errors?|mistakes?|wrong|inaccura\w*|incorrect|disput\w*|contradict\w*|conflicts?|disagree\w*|"
    r"discrepanc\w*|inconsisten\w*|problems?|issues?|reason to)\b)"
)
"""A 'found nothing' that is about errors ('I can't find any error in the passages') is no refusal."""

_FOUND_NOT = (
    r"(?:cannot|can't|can not|couldn't|could not|unable to|not able to|wasn't able to|was not able to|weren't able to|"
    r"haven't been able to|have not been able to|didn't|did not|failed to|fail to|don't|do not)"
)
"""The negated forms of a search verb: 'couldn't', 'wasn't able to', 'failed to', 'didn't'."""

INFO_NOUNS = (
    r"(?:information|info|figures?|numbers?|dates?|years?|names?|values?|details?|data|mention|records?|indication|"
    r"answer|period|amount|count|total|statistics?|specifics|entry|entries|results?|guidance|breakdown|timings?|deadlines?)"
)
"""What a response says is missing: 'no 2019 figure', 'no orbital period', 'no patent number', 'no such guidance'."""

_SAYING = (
    r"(?:contain|mention|provide|include|say|specify|state|give|indicate|address|cover|name|identify|list|note|report|"
    r"record|describe|compare|explain|reveal|show|tell|answer|define|expand|discuss|clarify|disclose|document|go into|"
    r"touch on|refer to|establish|confirm)"
)
"""What the passages are said not to do: 'they don't name the ship', 'the documents do not compare heights'."""

_SOURCE_VERBS = (
    r"(?:says?|gives?|mentions?|names?|states?|specif(?:y|ies)|lists?|provides?|contains?|includes?|expands?|"
    r"identif(?:y|ies)|answers?|covers?|addresses?|reports?|tells?|talks? about|discuss(?:es)?|touch(?:es)? on)"
)
"""What none of the sources, or neither, is said to do: 'none of the passages covers it', 'neither names him'."""

REFUSAL = (
    Phrase(
        "en.insufficient_info",
        r"insufficient (?:information|data|context|evidence|details)"
        r"|(?:not|n't) (?:have |contain |provide |include )?(?:enough|sufficient) (?:information|context|data|details|evidence)"
        r"|not enough (?:information|info|context|data|details|evidence)"
        r"|\b(?:is|are|was|were|seems?|remains?) (?:\w+ )?(?:insufficient|inadequate|not sufficient|not enough) (?:to|for)\b"
        r"|\b(?:context|information|data|evidence|material) (?:is |are )?(?:insufficient|inadequate)\b",
        "The response says the information it has is not enough ('Context insufficient.').",
        examples=(
            "There is insufficient information to answer.",
            "Context insufficient.",
            "The documents do not contain enough information about it.",
            "Not enough info in the notes to answer, sorry.",
        ),
        near_misses=("The report was insufficiently funded.",),
    ),
    Phrase(
        "en.not_found",
        rf"\b{_FOUND_NOT} (?:\w+ )?(?:find|locate|see|spot|pin down|track down|come across|turn up)\b{_NOT_ABOUT_ERRORS}"
        r"(?! any(?:thing)?\s*(?:$|[.;!?]))(?! why\b| how\b(?! (?:many|much|long|old|often|far|tall|high|big)\b)"
        r"| (?:a |any )?(?:reason|problem|issue)s?\b)"
        rf"|\b(?:i'm|i am) not (?:seeing|finding)\b{_NOT_ABOUT_ERRORS}(?! any(?:thing)?\s*(?:$|[.;!?]))"
        rf"|\bno (?:such |relevant |matching |specific )?(?:[\w-]+ )?{INFO_NOUNS} (?:\w+ ){{0,3}}?(?:found|located|turned up)\b"
        r"|\b(?:nothing|none) (?:was |were )?(?:found|located|turned up)\b|\b(?:cannot|can't|could not|couldn't) be (?:found|located)\b",
        "The response says it could not find the answer: 'I couldn't find this', 'unable to locate', 'I don't see a "
        "figure for it', 'I'm not seeing it', 'no information found' ('I can't find any error in the passages' is not one).",
        examples=(
            "I couldn't find this in the documents.",
            "No relevant information was found.",
            "No tariff figures found in the attached brochure.",
            "The figure cannot be located in these pages.",
            "I'm not seeing the toll for trucks in these leaflets.",
            "I couldn't find how many laps the race ran.",
        ),
        near_misses=(
            "I can't find any error in the passages.",
            "I'm not seeing any problem with the second figure.",
            "I don't see how the second leaflet could be right.",
        ),
    ),
    Phrase(
        "en.sources_silent",
        rf"(?:do|does|did)(?: not|n't) (?:actually |explicitly |directly |specifically |clearly |really )?{_SAYING}"
        rf"{_NOT_ABOUT_ERRORS}"
        rf"|\b(?:don't|do not) (?:think|believe) {_THE_SOURCES} (?:\w+ )?{_SAYING}{_NOT_ABOUT_ERRORS}"
        rf"|\bnever (?:actually )?(?:says?|mentions?|gives?|names?|states?|specif(?:y|ies)|lists?|identif(?:y|ies))\b"
        rf"|\bnone of (?:the |these |those |them|the provided )?(?:[\w-]+ ){{0,2}}?(?:{sources.SOURCES_NONE_OF.alternation}|them)? ?"
        rf"{_SOURCE_VERBS}|\bnone {_SOURCE_VERBS}\b(?! otherwise\b| so\b)|\bnothing (?:in |here|there)(?:[\w-]+ ){{0,3}}?{_SOURCE_VERBS}\b(?! otherwise\b| so\b)"
        r"|\b(?:do|does|did)(?: not|n't) (?:appear|show up|feature|come up)(?: anywhere)? (?:in|within|among)\b"
        r"|\b(?:is|are)(?: not|n't) in (?:there|here)\b"
        rf"|\bneither (?:one |of them |of the \w+ |\w+ )?{_SOURCE_VERBS}\b"
        r"|\bneither\b[^.;!?]{1,60}?\bnor\b[^.;!?]{1,60}?\b(?:appears?|is|are) (?:given|mentioned|stated|listed|provided|"
        r"specified|found|covered|named|included|available|in (?:the|these|any|my))\b"
        r"|(?:answer|information) is not (?:in|found in|available in|given in|contained in) the"
        rf"|beyond (?:what|the scope of) (?:{_THE_SOURCES}|(?:the |these |this )?(?:supplied |provided |given |retrieved )?(?:context|information))"
        r"|(?:is|are|was|were)(?: not|n't) (?:mentioned|provided|specified|stated|given|included|found|available|listed|"
        r"covered|documented|recorded|named|identified|addressed|answered|answerable|disclosed|reported|shown|indicated)\b"
        rf"|(?:is|are|was|were|'s)(?: not|n't) (?:anywhere |actually |explicitly |(?:fully )?present )?(?:in|within|among|part of) "
        rf"(?:{_THE_SOURCES}|them\b)|\b(?:is|are|was|were)(?: not|n't) there\s*(?:[.;!]|$)"
        r"|(?:there is |there's |contains? |provides? )?no (?:relevant |specific )?(?:information|mention|details?|data) (?:about|on|regarding|of|is|in|was)"
        rf"|\b(?:there(?:'s| is| are)|(?:gives?|gave|provides?|contains?|includes?|lists?|offers?|has|have|mentions?|"
        rf"names?|states?)) no (?:\w+ ){{0,3}}?{INFO_NOUNS}\b{_NOT_ABOUT_ERRORS}"
        rf"|\bthere(?:'s| is| are) no {_NOT_ABOUT_ERRORS}(?!doubt\b)[^.;!?]{{1,40}}? (?:in|from) "
        rf"{_THE_SOURCES}{_NOT_ABOUT_ERRORS}",
        "The response says the passages do not say (so the answer is unknown to it): 'the documents don't name it', "
        "'neither passage gives it', 'it isn't in the context', 'there's no 2019 figure', 'none of the supplied pages "
        "talk about it', 'none says how long', 'nothing in these notes addresses it', 'it doesn't appear anywhere in the filings', 'it's beyond "
        "what the notes cover', 'I don't think the passages cover that'.",
        examples=(
            "The documents don't name the architect.",
            "Neither passage gives the year.",
            "It isn't in the context.",
            "Henley's figure isn't in them.",
            "The passages discuss 2019, but the 2021 tally isn't there.",
            "There's no 2019 figure in the provided documents.",
            "The tide table isn't anywhere in what I've been given.",
            "What's needed to answer this isn't fully present in the notes provided.",
            "That question is beyond what the notes clearly cover.",
            "The handbook contains no such guidance.",
            "I don't think the brochures cover that.",
            "I do not believe these notes mention the architect.",
            "Three leaflets describe the ferry, but none says how long the crossing takes.",
        ),
        near_misses=(
            "The documents don't contain any errors.",
            "I don't think the brochures mention any mistake.",
            "I don't think the brochures are wrong: it opened in 1911.",
            "Two notes give 1911 and none says otherwise.",
        ),
    ),
    Phrase(
        "en.not_given",
        r"(?:^|[:|(\-—–]\s*|\b(?:information|answer|data|details?|figures?|date|year|name|number|value)\s+)\**\s*not "
        r"(?:stated|specified|mentioned|given|provided|found|available|covered|listed|documented|included|addressed|"
        r"answerable|recorded|reported|known|disclosed|identified|named|indicated)\b"
        r"|\bnot (?:stated|specified|mentioned|given|provided|found|available|covered|listed|documented|included|"
        rf"addressed|answerable|recorded|reported|disclosed|identified|named|indicated) (?:anywhere )?(?:in|by|from|within) "
        rf"{_THE_SOURCES}|\bnot (?:anywhere )?in {_THE_SOURCES}|\bunavailable (?:in|from) {_THE_SOURCES}"
        rf"|(?:\bnot|n't) (?:something|anything|a detail|a question|a point) (?:that )?(?:the |these |those |this |my |any )?"
        rf"(?:\w+ ){{0,2}}?(?:{sources.SOURCE_NOUNS.alternation} )?(?:address|cover|mention|say|answer|discuss|go into|touch on|include|give)",
        "Tersely, the answer is not there: 'Not stated.', 'Information not found.', 'Base clock: not stated', 'not "
        "available in the provided documents', 'not covered by the sources', 'Not in context'.",
        examples=(
            "Not stated.",
            "Base clock: not stated",
            "It is not available in the provided documents.",
            "**Verdict:** not specified.",
            "Opening hours unavailable in supplied documents.",
        ),
    ),
    Phrase(
        "en.no_answer_value",
        r"(?:^|\banswer\W{0,4}(?:is\W{0,2})?|\bso:\s*|\|\s*|[—–]\s*)\W{0,4}(?:n ?/ ?a|n\.a\.|unknown|unanswerable|not answerable|not available|"
        r"not known|unavailable|unclear|undetermined|indeterminate|no answer|no data|none found|not found|no information|"
        r"(?:i'm |i am )?not sure)\b"
        r"(?=\s*(?:$|[^\w\s'/]|\b(?:from|based|given|in|per|according|with|here|on|for now)\b))",
        "The answer itself is given as no answer: 'N/A', 'Unknown.', 'Answer: unknown (…)', 'Unknown based on the "
        "given sources', 'UNANSWERABLE', 'Unclear — …'.",
        examples=(
            "N/A",
            "Answer: unknown (the passages disagree)",
            "UNANSWERABLE",
            "Result: 0 matches. Answer: unavailable",
            "The guide covers the 2019 model only. So: unknown.",
            "N / A - no relevant page.",
        ),
        near_misses=("The unknown soldier is buried there.",),
    ),
    Phrase(
        "en.none_given",
        r"\bno (?:[\w-]+ )?(?:details?|information|data|specifics|figures?|dates?|names?)(?: (?:is|are|was|were))? "
        r"(?:given|provided|available|stated|mentioned|offered|supplied)\b|\b(?:is|are|was|were|remains?|stays?) silent "
        rf"(?:on|about|regarding|as to|concerning)\b|\bnothing (?:in|from) {_THE_SOURCES} (?:\w+ )?(?:says?|mentions?|"
        r"states?|indicates?|covers?|tells?|names?|gives?|lists?|specifies|answers?|identifies)\b(?! otherwise\b)"
        rf"|\bnothing (?:in|from) {_THE_SOURCES} (?:about|on|regarding|concerning)\b"
        rf"|(?:^|(?<=\n))no (?:[\w-]+ )?{INFO_NOUNS}(?:\s*(?:[,.;!]|$)| (?:in|from) {_THE_SOURCES})"
        r"|(?:\b(?:says?|said|mentions?|tells?|gives?|contains?|includes?|provides?|offers?|reveals?|there(?:'s| is)|but)"
        r"|,|\s[—–]) nothing (?:(?:definitive|specific|concrete|conclusive|clear|firm|useful|relevant) )?"
        r"(?:about|on|regarding|concerning|as to)\b",
        "Tersely, nothing on it is given: 'No details given.', 'the text is silent on this', 'nothing in the documents "
        "says so', 'they say nothing about it', 'no release date is given', 'No area figure, sorry.' opening the response "
        "or a line.",
        examples=(
            "No details given.",
            "The text is silent on this.",
            "They say nothing about it.",
            "The leaflet is about the museum café — nothing on its opening year.",
            "I have nothing in the retrieved notes about the toll.",
            "No toll figure, I'm afraid.",
            "No opening date.",
            "No toll figures in the leaflets.",
            "The passages only say the trailer came out in June; no release date is given.",
            "The leaflet lists the day-ticket fares, but nothing definitive on the weekly pass.",
        ),
        near_misses=("No, the figure is 720.", "No figure in the survey was higher than 720."),
    ),
    Phrase(
        "en.only_covers",
        r"\b(?:only|just|merely) (?:cover(?:s|ed)?|discuss(?:es|ed)?|describe[sd]?|mention(?:s|ed)?|talks? about|"
        r"deals? with|address(?:es)?|concerns?|focus(?:es)? on)\b[^.;!?]{1,80}?,?\s(?:not|but not|and not|rather than|"
        r"nothing (?:about|on))\b"
        rf"|\b{_THE_SOURCES} (?:\w+ )?(?:lists?|gives?|mentions?|covers?|includes?|states?|provides?|names?|specif(?:y|ies))"
        r"\b[^.;!?]{1,80}?,?\s(?:but|and) not (?:the|its|their|an?|any)\b"
        # what the passages hold named beside what they lack: 'I can find its campus size, but neither its enrolment nor ...'
        r"|\bi can (?:find|see|locate|spot)\b[^.;!?]{1,80}?,?\s(?:but|and) (?:not|neither|nothing)\b"
        # what they cover, then the asker sent elsewhere for the rest: 'only covers tuition. For the fee, please contact ...'
        r"|\b(?:only|just|merely) (?:cover(?:s|ed)?|discuss(?:es|ed)?|describe[sd]?|mention(?:s|ed)?|deals? with|"
        r"address(?:es)?)\b[^.;!?]{1,80}?[.;]\s(?:for|as for|regarding|on) [^.;!?]{1,60}?,\s(?:please |you(?:'ll| will)? "
        r"(?:need|have|want) to |i'd suggest |try )?(?:contact|check|consult|ask|refer to|see|visit)\b",
        "The passages are said to cover something else only: 'the passages only cover its height, not its age', 'the "
        "documents list the copay but not the visit limit', 'I can find X but neither Y nor Z'), or cover something else "
        "and send the asker elsewhere for the rest ('only covers tuition. For the fee, please contact the office').",
        examples=(
            "The passages only cover its height, not its age.",
            "The documents list the PT copay ($40 per visit) but not the annual visit limit.",
            "I can find the library's opening hours in the passages, but neither its address nor its phone number.",
            "The notes only cover parking and seating. For the ticket price, please contact the box office.",
        ),
    ),
)
