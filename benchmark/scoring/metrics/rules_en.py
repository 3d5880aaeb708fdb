"""English patterns of the default rules, one named pattern per way of saying a thing.

Patterns match normalised text (matching.normalise: NFKC, case-folded, curly quotes
made straight), so they are written lower-case and half-width. The engine in rules.py
decides scope and negation; a pattern only says what a phrase looks like.
"""

from __future__ import annotations

from ragstress.scoring.metrics.rules_base import NamedPattern

_SOURCES = r"(?:documents?|passages?|sources?|texts?|context|articles?|retrieved (?:text|passages?|documents?))"
"""The words a response uses for the passages it was given."""

REFUSAL = (
    NamedPattern(
        "en.insufficient_info",
        r"insufficient (?:information|data|context|evidence|details)"
        r"|(?:not|n't) (?:have |contain |provide |include )?(?:enough|sufficient) (?:information|context|data|details|evidence)"
        r"|not enough (?:information|context|data|details|evidence)",
        "The response says the information it has is not enough.",
    ),
    NamedPattern(
        "en.cannot_answer",
        r"(?:cannot|can't|can not|unable to|not able to|impossible to) (?:\w+ )?(?:answer|determine|tell|say|find|confirm|"
        r"identify|provide|give|verify|be determined|be answered|know)"
        r"|(?:cannot|can't|can not|unable to|not able to|no way (?:for me )?to|won't|will not|not going to|not "
        r"comfortable|not enough to) (?:\w+ ){0,2}?(?:choose|choosing|pick|decide|settle|resolve|reconcile|commit|"
        r"adjudicate|tell)\b|\bno way (?:for me )?to (?:tell|know)\b|(?:would|'d) be guessing\b"
        r"|\bno answer (?:can be|could be|is|was) (?:found|given|provided)|\b(?:i'd|i would) rather not (?:guess|answer|say|speculate)\b",
        "The response says it cannot answer, determine or find the answer, or will not choose between what its "
        "sources say ('I won't pick', 'no way to reconcile them', 'I'd be guessing').",
    ),
    NamedPattern(
        "en.sources_silent",
        r"(?:do|does|did)(?: not|n't) (?:contain|mention|provide|include|say|specify|state|give|indicate|address|cover)"
        r"|\bnone of (?:the |these |those |them|the provided )?(?:\w+ )?(?:documents?|passages?|sources?|texts?|them)? ?(?:says?|mentions?|states?|contains?|gives?|provides?|specif(?:y|ies))"
        r"|(?:answer|information) is not (?:in|found in|available in|given in|contained in) the"
        r"|beyond (?:what|the scope of) (?:the |these |this )?(?:supplied |provided |given |retrieved )?(?:context|documents?|passages?|sources?|information)"
        r"|(?:is|are|was|were)(?: not|n't) (?:mentioned|provided|specified|stated|given|included|found|available)"
        r"|(?:there is |there's |contains? |provides? )?no (?:relevant |specific )?(?:information|mention|details?|data) (?:about|on|regarding|of|is|in|was)",
        "The response says the passages do not say (so the answer is unknown to it).",
    ),
    NamedPattern("en.dont_know", r"\bi (?:do not|don't) know\b", "The response says it does not know."),
    NamedPattern(
        "en.none_given",
        r"\bno (?:details?|(?:specific )?information|data|specifics|figures?|dates?|names?)(?: (?:is|are|was|were))? "
        r"(?:given|provided|available|stated|mentioned|offered|supplied)\b|\b(?:is|are|was|were|remains?|stays?) silent "
        rf"(?:on|about|regarding|as to|concerning)\b|\bnothing (?:in|from) (?:the |these |this |those )?(?:provided |given "
        rf"|retrieved )?{_SOURCES} (?:says?|mentions?|states?|indicates?|covers?|tells?)\b",
        "Tersely, nothing on it is given: 'No details given.', 'the text is silent on this', 'nothing in the documents "
        "says so'.",
    ),
    NamedPattern(
        "en.only_covers",
        r"\b(?:only|just|merely) (?:cover(?:s|ed)?|discuss(?:es|ed)?|describe[sd]?|mention(?:s|ed)?|talks? about|"
        r"deals? with|address(?:es)?|concerns?|focus(?:es)? on)\b[^.;!?]{1,80}?,?\s(?:not|but not|and not|rather than|"
        r"nothing (?:about|on))\b",
        "The passages are said to cover something else only: 'the passages only cover its height, not its age'.",
    ),
    NamedPattern(
        "en.will_not_guess",
        r"\b(?:won't|will not|wouldn't|would not|can't|cannot|can not|(?:do not|don't) want to|not going to|rather not|"
        r"refrain from|avoid) (?:\w+ )?(?:guess|guessing|speculate|speculating)\b|\b(?:please )?(?:provide|share|supply|"
        rf"send|give me|upload|add) (?:some |the )?(?:more|additional|further|other|relevant) (?:{_SOURCES}|information|"
        rf"material)\b|\b(?:need|needs|would need|requires?) (?:more|additional|further|other) (?:{_SOURCES}|information)\b",
        "The response declines to guess, or asks for more documents before it answers.",
    ),
)


_WRONG = (
    r"(?:incorrect|wrong|inaccurate|false|erroneous|mistaken|outdated|out of date|unreliable|in error|an error|a mistake|"
    r"a typo|a misprint|not (?:entirely |quite |fully |completely |totally |exactly )?(?:correct|accurate|true|right|reliable))"
)
"""What a claim is called when it is wrong."""

ERROR_FLAG = (
    NamedPattern(
        "en.factual_errors",
        r"factual(?:ly)? (?:error|incorrect|inaccura|wrong|mistake)\w*",
        "'factual errors', 'factually incorrect' and the like.",
    ),
    NamedPattern(
        "en.contains_errors",
        r"(?:contain|contains|containing|has|have|having|with|include|includes) (?:an |some |several |a few )?"
        r"(?:error|errors|mistake|mistakes|inaccuracy|inaccuracies|incorrect information|inaccurate information|false information)\b",
        "The passages are said to contain errors or inaccuracies.",
    ),
    NamedPattern(
        "en.wrong_information",
        r"\b(?:incorrect|inaccurate|false|wrong|erroneous|mistaken) (?:information|claim|statement|fact|data|date|year|figure|answer|number)"
        r"|misinformation|\b(?:error|mistake|typo|inaccurac(?:y|ies)|misprint)s? in (?:the |these |this |that |both |one of the )?"
        rf"(?:provided |given |retrieved |first |second |third |\w+ )?(?:{_SOURCES}|information|data)"
        r"|\bthe wrong (?!way\b|side\b|turn\b|foot\b|idea\b|impression\b)[a-z]+",
        "Something in the sources is called wrong information, an error in the passages, or the wrong person, "
        "place or year.",
    ),
    NamedPattern(
        "en.sources_wrongly",
        r"\b(?:incorrectly|wrongly|mistakenly|falsely|erroneously) (?:\w+ )?(?:stat|nam|say|said|claim|list|giv|gave|attribut|"
        r"report|dat|plac|put|credit|identif|describ|record|writ|wrote|show|call|label|assign|cit|mention|suggest|indicat|"
        r"quot|assert)\w*|\b(?:stated|states?|given|gives?|listed|lists?|reported|dated|says?|said) [^,;.]{1,30} "
        r"(?:incorrectly|wrongly|mistakenly|falsely|erroneously)\b"
        r"|\b(?:have|has|had|got|gets|get|gotten) (?:the |this |that |it |its )?(?:\w+ )?wrong\b"
        r"|\bnot [^,;.]{1,30} as (?:the |these )?(?:documents?|passages?|sources?|texts?|context) (?:claims?|says?|states?|suggests?)"
        r"|\bnot [^,;.]{1,30} as (?:stated|given|claimed|reported|written|listed|suggested) (?:in|by) (?:the |these )?"
        r"(?:documents?|passages?|sources?|texts?|context)|\berr(?:s|ed)? (?:in|on|about|when|by)\b",
        "The sources are said to state something wrongly: 'the documents incorrectly name X', 'they have the year wrong', "
        "'not 1895 as stated in the passages', 'they incorrectly identify', 'gives 1895 incorrectly', 'the passage errs in'.",
    ),
    NamedPattern(
        "en.is_wrong",
        r"\b(?:is|are|was|were|'s|seems?(?: to be)?|appears? to be) (?:clearly |probably |likely |simply |definitely |"
        r"possibly |perhaps |apparently |evidently |obviously |certainly |partly |partially )?"
        rf"{_WRONG}\b"
        r"|\b(?:isn't|aren't|wasn't|weren't|can't be|cannot be|couldn't be|could not be) (?:entirely |quite |fully |exactly )?"
        r"(?:correct|accurate|right|true|reliable)\b|\b(?:is|are|was|were|'s) (?:slightly |way |well |a bit |a little )?off\b"
        r"(?! (?:the|to|in|on|at|from|of|for|with)\b)",
        "Something is said to be incorrect, wrong, false, outdated, unreliable, off, a mistake or a typo, or not to be "
        "right or reliable ('is not quite right', 'can't be right', 'is possibly wrong').",
    ),
    NamedPattern(
        "en.may_be_wrong",
        r"(?<!\bi )(?<!answer )\b(?:may|might|could|must) (?:well |also )?(?:be|have been) (?:slightly |somewhat |partly )?"
        rf"{_WRONG}\b|\b(?:may|might|could) not be (?:entirely |fully |quite |completely )?(?:correct|accurate|right|true|reliable)\b"
        r"|\b(?:looks?|sounds?)(?: to be)? (?:a bit |a little |slightly |somewhat )?(?:off|incorrect|wrong|inaccurate|"
        r"mistaken|erroneous|outdated)\b|\b(?:seems?|appears?)(?: to be)? (?:a bit |a little |slightly |somewhat )?off\b",
        "A hedged flag: something may be wrong, looks off or sounds mistaken ('the date might be outdated', "
        "'1895 looks off'); the response's own hedge ('I may be wrong', 'this answer could be inaccurate') is not one.",
    ),
    NamedPattern(
        "en.sources_confused",
        r"\bmis(?:attribut|stat|dat|report|quot|identif|nam|label|spell|credit|plac)\w*"
        r"|(?<!often )(?<!easily )(?<!commonly )(?<!sometimes )(?<!frequently )"
        r"(?:\b(?:confus|conflat)(?:e|es|ed|ing)\b[^,;.]{0,40}?\bwith\b|\bconflat(?:e|es|ed|ing)\b|\bmix(?:es|ed|ing)? up\b)",
        "The sources are said to mix things up: they misattribute, misstate or misdate something, or confuse one thing "
        "with another ('X is often confused with Y' is not about the sources).",
    ),
    NamedPattern(
        "en.needs_correction",
        r"\b(?:needs?|requires?) (?:a )?correct(?:ion|ing)\b|\b(?:needs? to|should|must) be corrected\b"
        rf"|\bto correct (?:the |these |this |that )?(?:{_SOURCES}|record)\b|\bcorrection:",
        "Something in the sources is said to need correcting: 'the date needs correcting', 'to correct the passages', "
        "'a correction: ...'.",
    ),
    NamedPattern(
        "en.should_read",
        r"(?<!according to the )(?<!according to these )(?<!based on the )(?<!based on these )(?<!from the )"
        rf"\b{_SOURCES}(?:'s?)? (?:[^,;.]{{0,25}} )?(?:should|ought to) (?:be|read|say|have (?:been|said|read))\b"
        r"(?! (?:the answer|an answer|a |correct|right|accurate|true|fine|ok|noted|consulted|checked|used|treated|trusted|read "
        r"carefully)\b)",
        "A value in the sources is replaced by another: 'the passage's 1895 should be 1889', 'the year in the documents "
        "should read 1889' ('according to the documents, the answer should be 1895' is not a flag).",
    ),
    NamedPattern(
        "en.contradicts_facts",
        r"(?:contradicts?|inconsistent with|at odds with|conflicts? with|disagrees? with|differs? from|does not match|doesn't match) "
        r"(?:known|established|historical|the|"
        r"well-known|widely known|commonly known|common|my) (?:facts?|record|records|knowledge|historical record)"
        r"|(?:contradicts?|inconsistent with|at odds with|conflicts? with|does not match|doesn't match) (?:what (?:is|we|i) know\w*|"
        r"history|reality|the (?:actual|real|true|correct) \w+)",
        "The sources are said to contradict (or disagree with, differ from) known facts, the record, history, what is "
        "known or the actual value.",
    ),
    NamedPattern(
        "en.contrary_to_sources",
        r"\b(?:contrary to|despite|unlike|in contrast to) (?:what )?(?:the |these |those )?(?:provided |given )?"
        r"(?:documents?|passages?|sources?|texts?|context)\b",
        "The answer is set against the sources: 'contrary to the passages', 'despite what the documents say' "
        "(popular belief set aside is not a flag).",
    ),
    NamedPattern(
        "en.said_but_actually",
        rf"(?:\b{_SOURCES}(?:'s?)? (?:(?!not\b|never\b)\w+ ){{0,2}}?(?:says?|states?|claims?|lists?|gives?|puts?|places?|"
        r"dates?|names?|credits?|attributes?|reports?|suggests?|mentions?)\b|\baccording to (?:the |these )?"
        rf"{_SOURCES})[^.!?\n]{{0,80}}?(?:\bbut\b|\bhowever\b|\byet\b|\bwhereas\b|;)[^.!?\n]{{0,60}}?"
        r"\b(?:actually|in fact|in reality|in truth|in actuality)\b",
        "What the sources say is set against what is actually so: 'the documents say 1915, but it actually sank in 1912'.",
    ),
)

NEGATOR = NamedPattern(
    "en.negated",
    r"\b(?:no|not|never|without|none|nothing|nor|neither|avoid(?:s|ing)?)\b|n't\b|free (?:of|from)|\bfound no\b",
    "A negation in the same clause before a flag undoes it: 'no factual errors', 'does not contain errors', "
    "'neither date is wrong', 'to avoid giving wrong information'.",
)
"""The clause words that cancel an error flag standing after them."""

POPULAR_BELIEF = NamedPattern(
    "en.popular_belief",
    r"\b(?:popular|common|widespread|general|conventional) (?:belief|view|wisdom|opinion|misconception|assumption|myth)"
    r"|\b(?:many|most|some) people\b|\bpeople (?:often |commonly |usually |sometimes )?(?:think|believe|assume|say)\b"
    r"|\b(?:commonly|widely|popularly|often) (?:believed|thought|assumed|said)\b|\bmyth\b|\bmisconception\b",
    "A flag in a sentence about popular belief that names no source disputes the belief, not the documents: "
    "'the popular belief that it opened in 1895 is wrong'.",
)

SOURCE_WORDS = rf"\b{_SOURCES}\b"
"""A sentence that names the sources keeps its flag even when it also mentions popular belief."""

DISPUTE_BEFORE = NamedPattern(
    "en.disputed",
    r"(?:\bnot(?! only\b)|n't|\bnever|rather than|instead of|as opposed to|\bno longer|\bincorrectly|\bwrongly|\bmistakenly|\bfalsely)\b"
    r"(?!.*\b(?:until|till)\b)[^,;]{0,40}$",
    "A negation before the mention, in its clause: 'not 1895', 'wasn't completed in 1895', 'rather than 1895'. "
    "'Not until 1895' and 'did not finish until 1895' assert 1895; 'not only' negates nothing.",
)

DISPUTE_AFTER = (
    NamedPattern(
        "en.called_wrong",
        r"^[^,;.\d]{0,25}?(?:\b(?:is|was|are|were|'s|seems|being)\b|, which is|which is|—|-)\s*(?:clearly |simply |actually |probably |definitely |certainly |obviously |surely )?"
        r"(?:incorrect|wrong|inaccurate|false|erroneous|mistaken|outdated|an error|a mistake|a typo|a misprint|not correct|"
        r"not accurate|not true|not right)\b",
        "The mention is called wrong right after it: '1895 is incorrect', '1895, which is wrong', '1895 is a typo'.",
    ),
    NamedPattern(
        "en.replaced",
        r"^[^,;.\d]{0,25}?\b(?:should (?:be|read|say|have been)|was meant to be)\b"
        r"(?! (?:the|a|an|correct|right|accurate|true|fine|ok|noted)\b)",
        "The mention is replaced by another value right after it: '1895 should be 1889', '1895 should read 1889' "
        "('1889 should be correct' and '1889 should be the answer' do not count).",
    ),
)

ATTRIBUTED = NamedPattern(
    "en.attributed",
    r"(?:document|passage|source|text|context|article|report|record)s? (?:\w+ )?(?:says?|states?|claims?|mentions?|reports?|lists?|gives?|"
    r"suggests?|indicates?|shows?|records?|puts?|places?|dates?)\b"
    r"|\bthey (?:\w+ )?(?:say|state|claim|place|put|list|give|report|date)\b|(?:claimed|stated|reported|said|listed) (?:as|to be)|\bclaims?\b",
    "The mention is reported as what the sources say; it is not asserted when the response also disputes or corrects it.",
)

HEARSAY = NamedPattern(
    "en.hearsay",
    r"\b(?:some|others|many|some people|many people|people)\b[^,;.]{0,15}?\b(?:says?|said|claims?|believes?|"
    r"thinks?|credits?|suggests?|argues?|assumes?|assumed)\b[^,;.]{0,30}$"
    r"|\b(?:commonly|popularly|widely|often|sometimes) (?:said|believed|thought|claimed|credited|cited)\b[^,;.]{0,30}$",
    "The mention is what other people say, not the answer: 'some say Paris', 'it is often said to be 1889'.",
)

OTHER_ROLE_BEFORE = NamedPattern(
    "en.other_role",
    r"\b(?:before|after|(?<!rather )than|prior to)\s+(?:the\s+)?$",
    "The mention is a point of comparison, not the answer: 'two years before 1889', 'later than 1889'.",
)

OTHER_ROLE_AROUND = (r"\bthe\s+$", r"^\s+(?!in\b|on\b|at\b|and\b|or\b|is\b|was\b|by\b)[a-z]")
"""'the <number> <word>': the number names something else ('the 1889 World's Fair', 'the 1903 event')."""

DOUBT = NamedPattern(
    "en.doubted",
    r"not sure (?:that|this|it|if that|whether that)(?:'s| is)? ?(?:right|correct|accurate|true)?|\bi doubt\b|(?:seems|looks) (?:doubtful|questionable)",
    "The response doubts what the sources say, so a mention reported from them is not asserted.",
)

CLAUSE_BREAK = r"[.;:!?,()\n—–]|--|\s-\s|\bbut\b|\bhowever\b|\balthough\b|\bwhereas\b"
"""Where a clause ends for negation scope: punctuation and contrastive conjunctions."""

RIVAL_BEFORE = NamedPattern(
    "en.rival",
    r"\b(?:beat(?:ing)?|defeat(?:ed|ing)?|overc(?:ame|oming)|edg(?:ed|ing) out|outscor(?:ed|ing)|w(?:in|inning|on) "
    r"(?:over|against)|victory over|succeed(?:ed|ing)|replac(?:ed|ing)|supersed(?:ed|ing)|t(?:ook|aking) over from|"
    r"rival(?:s|led|ling)?|runners?-up)\s+(?:the\s+)?$",
    "The mention is the loser, the one replaced or a rival: 'Brazil won it, beating Uruguay', 'it replaced the Model T'.",
)
RIVAL_AFTER = r"^\s+(?:lost|(?:was|were) (?:beaten|defeated|replaced|succeeded|(?:the )?runners?-up)|(?:finished|came|placed) second)\b"
"""en.rival written after the mention: 'Uruguay lost to Brazil', 'the Model T was replaced by ...'."""

DEMOTED = NamedPattern(
    "en.demoted",
    r"^(?:'s)?\s+(?:(?:is|was|are|were)\s+(?:(?:only|merely)\s+(?:a|an|one|part|the)\s|(?:just|simply)\s+"
    r"(?:(?:a|an|one|part)\s|the (?=(?:year|date|day|month|time|place|site|name|one)\b)))"
    r"|(?:only|merely)\s+(?:later|afterwards|subsequently)\b)",
    "The mention is given a lesser role right after it, so it is not the answer: 'Fleming only later helped popularise "
    "it', '1998 is merely the year the domain was registered'.",
)

PEER = NamedPattern(
    "en.peer",
    r"\b(?:rank(?:s|ed)? (?:with|alongside)|(?:mentioned|named|listed) alongside|on a par with|as famous as|comparable to|"
    r"compared (?:with|to))\s+(?:the\s+)?$",
    "The mention is named as a peer of the answer, not as the answer: 'it ranks alongside the Humble Administrator's "
    "Garden', 'on a par with Everest'.",
)

APPROXIMATE = NamedPattern(
    "en.approximate",
    r"\b(?:around|about|circa|approximately|roughly|some ?time around|c\.)\s+$",
    "A year given only approximately ('around 2008'); after a refusal phrase, a guess: no refusal, no fact stated.",
)

APPROXIMATE_AFTER = r"^(?:\s+or so\b|-ish\b)"
"""en.approximate written after the figure: '2008 or so'."""

SURNAME = NamedPattern(
    "en.surname",
    r"(?P<given>[A-Z][a-z'’-]+(?: [A-Z]\.)?) (?P<surname>[A-Z][a-z'’-]{2,})",
    "A full-name alias, a given name (and initial) then a surname ('Larry Page', 'John F. Kennedy'), is also found "
    "by its surname written alone as a name ('Page and Brin'), unless the response writes the surname after another "
    "given name. Matched on the alias as written, capitals kept ('East China Sea' is no such name).",
)
