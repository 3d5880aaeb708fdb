"""English patterns of the default rules, one named pattern per way of saying a thing.

Patterns match normalised text (matching.normalise: NFKC, case-folded, curly quotes
made straight), so they are written lower-case and half-width. The engine in rules.py
decides scope and negation; a pattern only says what a phrase looks like.
"""

from __future__ import annotations

from ragstress.scoring.metrics.rules_base import NamedPattern

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
        r"identify|provide|give|be determined|be answered|know)"
        r"|\bno answer (?:can be|could be|is|was) (?:found|given|provided)|\bi'd rather not guess",
        "The response says it cannot answer, determine or find the answer.",
    ),
    NamedPattern(
        "en.sources_silent",
        r"(?:do|does|did)(?: not|n't) (?:contain|mention|provide|include|say|specify|state|give|indicate|address|cover)"
        r"|\bnone of (?:the |these |those |them|the provided )?(?:\w+ )?(?:documents?|passages?|sources?|texts?|them)? ?(?:says?|mentions?|states?|contains?|gives?|provides?|specif(?:y|ies))"
        r"|(?:answer|information) is not (?:in|found in|available in|given in|contained in) the"
        r"|beyond (?:what|the scope of) (?:the |these |this )?(?:context|documents?|passages?|sources?|information)"
        r"|(?:is|are|was|were)(?: not|n't) (?:mentioned|provided|specified|stated|given|included|found|available)"
        r"|(?:there is |there's |contains? |provides? )?no (?:relevant |specific )?(?:information|mention|details?|data) (?:about|on|regarding|of|is|in|was)",
        "The response says the passages do not say (so the answer is unknown to it).",
    ),
    NamedPattern("en.dont_know", r"\bi (?:do not|don't) know\b", "The response says it does not know."),
)

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
        r"|misinformation|\b(?:an|a) (?:error|mistake|typo) in the (?:document|passage|source|text|context)",
        "Something in the sources is called wrong information / a wrong claim.",
    ),
    NamedPattern(
        "en.sources_wrongly",
        r"\b(?:incorrectly|wrongly|mistakenly|falsely|erroneously) (?:\w+ )?(?:states?|names?|says?|claims?|lists?|gives?|"
        r"attributes?|reports?|dates?|places?|puts?|credits?)\b"
        r"|\b(?:have|has|had|got|gets|get|gotten) (?:the |this |that |it |its )?(?:\w+ )?wrong\b"
        r"|\bnot [^,;.]{1,30} as (?:the |these )?(?:documents?|passages?|sources?|texts?|context) (?:claims?|says?|states?|suggests?)"
        r"|\bnot [^,;.]{1,30} as (?:stated|given|claimed|reported|written|listed|suggested) (?:in|by) (?:the |these )?"
        r"(?:documents?|passages?|sources?|texts?|context)",
        "The sources are said to state something wrongly: 'the documents incorrectly name X', 'they have the year wrong', 'not 1895 as stated in the passages'.",
    ),
    NamedPattern(
        "en.is_wrong",
        r"\b(?:is|are|was|were|'s|seems?(?: to be)?|appears? to be) (?:clearly |probably |likely )?(?:incorrect|wrong|inaccurate|false|erroneous|"
        r"mistaken|outdated|an error|a mistake|a typo|a misprint|not correct|not accurate|not true|not right)\b",
        "Something is said to be incorrect, wrong, false, outdated, a mistake or a typo.",
    ),
    NamedPattern(
        "en.contradicts_facts",
        r"(?:contradicts?|inconsistent with|at odds with|conflicts? with|does not match|doesn't match) (?:known|established|historical|the|"
        r"well-known|widely known|commonly known|common|my) (?:facts?|record|records|knowledge|historical record)"
        r"|(?:contradicts?|inconsistent with|at odds with|conflicts? with) (?:what is known|history|reality)\b",
        "The sources are said to contradict known facts, history or what is known.",
    ),
    NamedPattern(
        "en.contrary_to_sources",
        r"\b(?:contrary to|despite|unlike|in contrast to) (?:what )?(?:the |these |those )?(?:provided |given )?"
        r"(?:documents?|passages?|sources?|texts?|context)\b",
        "The answer is set against the sources: 'contrary to the passages', 'despite what the documents say' "
        "(popular belief set aside is not a flag).",
    ),
)

NEGATOR = NamedPattern(
    "en.negated",
    r"\b(?:no|not|never|without|none|nothing|nor)\b|n't\b|free (?:of|from)|\bfound no\b",
    "A negation in the same clause before a flag undoes it: 'no factual errors', 'does not contain errors'.",
)
"""The clause words that cancel an error flag standing after them."""

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
        r"^[^,;.\d]{0,25}?(?:\b(?:is|was|are|were|'s|seems|being)\b|, which is|which is|—|-)\s*(?:clearly |simply |actually |probably )?"
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
    r"thinks?|credits?|suggests?|argues?)\b[^,;.]{0,30}$"
    r"|\b(?:commonly|popularly|widely|often|sometimes) (?:said|believed|thought|claimed|credited|cited)\b[^,;.]{0,30}$",
    "The mention is given as what other people say, not as the answer: 'some say Paris', 'many people credit Fleming', "
    "'it is often said to be 1889'.",
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
