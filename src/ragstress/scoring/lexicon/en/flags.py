"""English error flags (compiled by scoring.metrics.rules_flags_en): the ways a response calls its sources wrong (the
ways it corrects them, or sets the facts against them, are in `flag_corrections`).

Patterns match normalised text (matching.normalise: NFKC, case-folded, curly quotes made
straight), so they are written lower-case and half-width. The engine in rules.py decides
scope: a negation before a flag in its clause (NEGATOR, NEGATED_FRAME) undoes it, and a
flag in a sentence about popular belief (POPULAR_BELIEF) disputes the belief, not the sources.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase
from ragstress.scoring.lexicon.en import sources

_SOURCES = sources.SOURCES_IN_FLAGS.alternation
"""The words a response uses for the passages it was given, or for the kind of page a passage is (lexicon.en.sources)."""

_SLIP = r"(?:error|mistake|typo|misprint|slip|mix-?up|oversight|misconception|inaccuracy)"
"""What one wrong value is called, after 'a' and a word or two ('a documentation error', 'a copy-paste slip')."""

_WRONG = (
    r"(?:incorrect|wrong|inaccurate|false|erroneous|mistaken|outdated|out of date|stale|obsolete|unreliable|misleading|"
    r"bogus|backwards|in error|inconsistent(?! with\b)|an? (?:[\w-]+ ){0,2}?" + _SLIP + r"|"
    r"not (?:entirely |quite |fully |completely |totally |exactly )?(?:correct|accurate|true|right|reliable))"
)
"""What a claim is called when it is wrong ('inconsistent' alone: one source at odds with itself or the facts)."""

ERROR_FLAG = (
    Phrase(
        "en.factual_errors",
        r"factual(?:ly)? (?:error|incorrect|inaccura|wrong|mistake)\w*",
        "'factual errors', 'factually incorrect' and the like.",
        examples=("The passages contain factual errors.", "This is factually incorrect."),
    ),
    Phrase(
        "en.contains_errors",
        r"(?:contain|contains|containing|has|have|having|with|include|includes|suggests?|indicates?|points? to) "
        r"(?:an? |some |several |a few |one or two |"
        r"at least (?:one |an? |some )?|one |two |multiple |a couple of |\d+ )?"
        r"(?:(?:obvious|clear|small|minor|major|serious|glaring|apparent|possible|likely) )?"
        # what the errors are in, one word: 'some numbering inaccuracies', 'a unit error'
        r"(?:(?!no\b|not\b)[a-z]+ )?"
        r"(?:errors?|mistakes?|typos?|misprints?|inaccurac(?:y|ies)|(?:incorrect|inaccurate|false|wrong) information|"
        r"inconsistenc(?:y|ies) with)\b",
        "The passages are said to contain errors, a typo or inaccuracies, or something is said to suggest one ('the "
        "context seems to contain a mistake', 'I suspect the runbook has a typo', 'contains inconsistencies with the "
        "rules', 'the odd unit points to a typo').",
        examples=(
            "The odd unit in the leaflet points to a typo.",
            "The context seems to contain a mistake.",
            "I suspect the runbook has a typo.",
            "The leaflet contains inconsistencies with the official rules.",
            "The documents seem to have some numbering inaccuracies.",
        ),
    ),
    Phrase(
        "en.wrong_information",
        # one word may name what kind of value it is ('a wrong RFC number', 'an incorrect release date')
        r"\b(?:incorrect|inaccurate|false|wrong|erroneous|mistaken) (?:[\w.-]+ )?"
        r"(?:information|claim|statement|fact|data|date|year|figure|answer|number)"
        r"|misinformation|\b(?:error|mistake|typo|inaccurac(?:y|ies)|misprint)s? in (?:the |these |this |that |both |one of the )?"
        rf"(?:provided |given |retrieved |first |second |third |\w+ )?(?:{_SOURCES}|information|data)"
        r"|\bthe wrong (?!way\b|side\b|turn\b|foot\b|idea\b|impression\b)[a-z]+",
        "Something in the sources is called wrong information, an error in the passages, or the wrong person, "
        "place or year.",
        examples=(
            "The documents give incorrect information.",
            "There is an error in the provided passages.",
            "They name the wrong person.",
            "The passages seem to give a wrong version number.",
            "The notes carry an incorrect release date.",
        ),
        near_misses=("I went the wrong way.", "A wrong turn at the second junction.", "Incorrectly formatted dates."),
    ),
    Phrase(
        "en.sources_wrongly",
        r"\b(?:incorrectly|wrongly|mistakenly|falsely|erroneously) (?:\w+ )?(?:stat|nam|say|said|claim|list|giv|gave|attribut|"
        r"report|dat|plac|put|credit|identif|describ|record|writ|wrote|show|call|label|assign|cit|mention|suggest|indicat|"
        r"quot|assert)\w*|\b(?:stated|states?|given|gives?|listed|lists?|reported|dated|says?|said) [^,;.]{1,30} "
        r"(?:incorrectly|wrongly|mistakenly|falsely|erroneously)\b"
        r"|(?<!\bi )(?<!\bwe )\b(?:have|has|had|got|gets|get|gotten) (?:the |this |that |it |its |them )?(?:[\w-]+ ){0,3}?wrong\b"
        rf"|\b(?:not|instead of|rather than) [^,;.]{{1,30}},? (?:as|whatever) (?:the |these )?{_SOURCES}(?: \d+)? (?:claims?|says?|states?|suggests?)"
        r"|\b(?:not|instead of|rather than) [^,;.]{1,30},? as (?:stated|given|claimed|reported|written|listed|suggested) "
        rf"(?:in|by) (?:the |these )?{_SOURCES}|\berr(?:s|ed)? (?:in|on|about|when|by)\b",
        "The sources are said to state something wrongly: 'the documents incorrectly name X', 'they have the year wrong', "
        "'not 1895 as stated in the passages', 'not in 1911, whatever the wiki says', 'instead of Aldrin as the documents state', 'not 1997 as passage 3 states', 'gives 1895 incorrectly', "
        "'the passage errs in'.",
        examples=(
            "The documents incorrectly name Edison.",
            "They have the year wrong.",
            "Not 1895 as stated in the passages.",
            "Not in 1911, whatever the wiki says.",
            "The passage errs in its date.",
        ),
    ),
    Phrase(
        "en.is_wrong",
        r"\b(?:is|are|was|were|'s|'re|seems?(?: to be)?|appears? to be) (?:clearly |probably |likely |simply |definitely |"
        r"possibly |perhaps |apparently |evidently |obviously |certainly |partly |partially )?"
        rf"{_WRONG}\b"
        # a verdict of its own after a dash: '960 mm is what the record says — probably a data-entry error'
        rf"|[—–] (?:probably|likely|most likely|possibly|perhaps|almost certainly|clearly) an? (?:[\w-]+ ){{0,2}}?{_SLIP}\b"
        r"|\b(?:isn't|aren't|wasn't|weren't|can't be|cannot be|couldn't be|could not be) (?:entirely |quite |fully |exactly )?"
        r"(?:correct|accurate|right|true|reliable)\b"
        # no longer right: 'has not been right since the 1965 expansion' (outdated, from a date on)
        r"|\b(?:hasn't|has not|haven't|have not) been (?:right|correct|accurate|true|valid|current) since\b"
        # not to be trusted on a point: said of the sources, not of the response itself ('I can't be trusted ...')
        r"|(?<!\bi )(?<!\bwe )\b(?:can't|cannot|can not|shouldn't|should not) be (?:fully |entirely )?trusted "
        r"(?:on|here|about|for|in|regarding)\b"
        # a value the sources give that has since been replaced: 'but that's the old value', 'is the pre-2016 figure'
        r"|\b(?:is|are|was|were|'s) (?:just |only |simply |still )?(?:the|an?) (?:old|older|outdated|superseded|former|"
        r"pre-\d{4}) (?:[\w-]+ )?(?:value|figure|price|number|rate|limit|amount|fee|standard|rule|data|version|record)s?\b"
        r"|\b(?:is|are|was|were|'s) (?:slightly |way |well |a bit |a little |"
        r"(?:[\d.]+|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|some) [a-z]+ )?off\b"
        r"(?! (?:the|to|in|on|at|from|of|for|with)\b)|\boff by (?:one|an?|\d|two|three|several|a few|some)\b"
        r"|\b(?:i (?:don't|do not) think|i doubt) (?:that|this|it|the \w+)(?:'s| is| was| are)? ?(?:right|correct|accurate|true)\b"
        r"|\b(?:doubts?|reservations|concerns?|questions) (?:about|over|regarding|as to) (?:the )?(?:accuracy|reliability|"
        r"correctness|veracity) of\b|\bi (?:doubt|question) (?:the )?(?:accuracy|reliability|correctness) of\b"
        rf"|\bpush(?:ing)? back on (?:the |these |this )?{_SOURCES}",
        "Something is said to be incorrect, wrong, false, outdated, stale, misleading, backwards, off (by a figure), a "
        "mistake or a (documentation) error, or not to be right ('is not quite right', 'can't be right', 'is ten degrees "
        "off', 'I don't think that's right', 'I'd push back on the source', 'I have doubts about the accuracy of that "
        "source'), or the old value that has since been replaced ('25 g is what they show, but that's the old value'); a "
        "verdict after a dash counts as one ('— probably a data-entry error').",
        examples=(
            "1895 is incorrect.",
            "The leaflet gives 25 g, but that's the old value.",
            "The passage's 119 dollars is the pre-2022 price.",
            "That is not quite right.",
            "The figure is ten degrees off.",
            "I don't think that's right.",
            "I'd push back on the source.",
            "Iron is Fe, so the worksheet is inconsistent here.",
            "The leaflet gives 1,200 staff, a figure that hasn't been right since the merger.",
            "This manual can't be trusted on the torque value.",
            "The leaflets give 40 pupils, but they're out of date on this.",
            "The gauge shows 960 mm — probably a data-entry error.",
        ),
        near_misses=(
            "The figure has been right since the merger.",
            "I can't be trusted on dates, but the leaflet gives 1902.",
            "The spare key can't be trusted to a stranger.",
            "The leaflet gives 25 g, which is not the old value.",
            "The old value was 25 g.",
            "You're out of luck on parking — probably a sign of the season.",
        ),
    ),
    Phrase(
        "en.may_be_wrong",
        r"(?<!\bi )(?<!answer )\b(?:may|might|could|must) (?:well |also )?(?:be|have been) (?:slightly |somewhat |partly )?"
        rf"(?:{_WRONG}\b|off\b(?! (?:the|to|in|on|at|from|of|for|with|duty)\b))"
        r"|\b(?:may|might|could) not be (?:entirely |fully |quite |completely )?(?:correct|accurate|right|true|reliable)\b"
        # a source that may rest on old figures: 'the source may be using pre-pandemic data'
        r"|\b(?:may|might|could) be (?:using|citing|quoting|based on|drawing on|working from) (?:old|older|outdated|stale|"
        r"out-of-date|pre-[\w-]+) (?:[\w-]+ )?(?:data|figures?|numbers?|values?|information|estimates?|statistics)\b"
        # a value judged implausible by the writer's own sense of it: 'which seems high to me'
        r"|\b(?:seems?|looks?|sounds?) (?:too |rather |a bit |a little |very |suspiciously |oddly |implausibly )?"
        r"(?:high|low|large|small|big|early|late) to me\b"
        # the value read as another figure: 'looks like the allowance for travellers' goods rather than the threshold'
        r"|\b(?:looks?|seems?) (?:to be |like )(?:the|an?) [^,;.]{1,50}? rather than (?:the|an?)\b"
        r"|(?<!\bi )(?<!answer )\b(?:may|might|could|must) (?:well |also )?be confused\b"
        r"|\b(?:looks?|sounds?)(?: to be)? (?:a bit |a little |slightly |somewhat |[a-z]+ly )?(?:off|incorrect|wrong|inaccurate|"
        r"mistaken|erroneous|outdated|stale|unreliable|dubious|doubtful|questionable|suspicious|suspect|fishy|implausible)\b"
        rf"|\b(?:looks?|sounds?|seems?) like (?:an? |some )(?:[\w-]+ ){{0,2}}?{_SLIP}"
        r"|\b(?:seems?|appears?)(?: to be)? (?:a bit |a little |slightly |somewhat )?off\b"
        r"|\b(?:doesn't|does not|don't|do not) (?:look|sound|seem) (?:quite |entirely |very |fully |too )?"
        r"(?:right|correct|accurate|reliable|trustworthy|dependable)\b"
        r"|\b(?:treat|regard|consider|see|view)\w* (?:that|this|the|these|those|it|them)(?: [\w-]+){0,2} as (?:unreliable|"
        r"untrustworthy|suspect|wrong|inaccurate|erroneous)\b|\bsomething(?:'s| is| seems| looks) (?:\w+ )?off\b",
        "A hedged flag: something may be wrong, looks off, unreliable or like a typo, or sounds mistaken ('the date "
        "might be outdated', '1895 looks off', 'the documents don't look reliable', 'the claim looks scientifically wrong', 'this looks like a mix-up in the "
        "source', 'I'd treat that source as unreliable', 'something is off in these notes'); the response's own hedge "
        "('I may be wrong', 'this answer could be inaccurate') is not one. So is a doubt worded beside an answer that "
        "still goes by the passage: 'the passage's figure may be off', 'which seems high to me', 'the source may be "
        "using pre-pandemic data', or the value read as another figure ('looks like the fee for X rather than the "
        "limit').",
        examples=(
            "The leaflet's figure may be off, but going by it, the hall seats 900.",
            "The notice says 48 days, which seems high to me.",
            "The report may be using pre-2020 figures.",
            "The 30 kg looks like the hold allowance rather than the cabin limit.",
            "The date might be outdated.",
            "1895 looks off.",
            "The leaflet's attribution looks doubtful to me.",
            "This looks like a mix-up in the source.",
            "The figure in the documents (5) doesn't look right to me.",
            "Sorry, the documents don't look reliable on this point.",
        ),
        near_misses=(
            "I may be wrong.",
            "The documents look reliable on this point.",
            "The offer might be off the table.",
        ),
    ),
    Phrase(
        "en.sources_confused",
        r"\bmis(?:attribut|stat|dat|report|quot|identif|nam|label|spell|credit|plac)\w*"
        r"|(?<!often )(?<!easily )(?<!commonly )(?<!sometimes )(?<!frequently )"
        r"(?:\b(?:confus|conflat)(?:e|es|ed|ing)\b[^,;.]{0,40}?\bwith\b|\bconflat(?:e|es|ed|ing)\b"
        # 'the document may be mixing this up', not the response's own hedge ('I may be mixing this up')
        r"|(?<!\bi )(?<!\bi'm )(?<!\bi am )(?<!\bi may be )(?<!\bi might be )(?<!\bi could be )"
        r"\bmix(?:es|ed|ing)? (?:(?:the two|them|these|both|things|this|that|it|the \w+) )?up\b"
        r"|\bmix(?:es|ed|ing)? up (?:the two|two|both)\b"
        r"|\b(?:confus|swapp?|switch|revers|transpos|flipp?)(?:e|es|ed|ing)? (?:the two|them|these two|both|the (?:\w+ )?"
        r"(?:digits|numbers|figures|values|dates|names|two)|(?:[\w-]+ )?and [\w-]+ around)\b"
        r"|\ba confusion with\b"
        r"|\b(?:digits?|numbers?|zeros?|figures?) (?:got |were |was |has been |have been |(?:may|might|could) have been )?(?:dropped|transposed|swapped|"
        r"flipped|reversed|misplaced)\b)",
        "The sources are said to mix things up: they misattribute, misstate or misdate something, confuse one thing "
        "with another (or show a confusion with it), confuse or swap the two, or drop or transpose a digit ('X is often confused with Y' is not "
        "about the sources).",
        examples=(
            "The document misattributes the quote.",
            "The passage confuses Tesla with Edison.",
            "The digits were transposed.",
            "The two digits may have been transposed in the scan.",
            "The 1962 in the leaflet looks like a confusion with the sister ship.",
            "The worksheet's 100 km mixes up the two units.",
            "The document may be mixing this up with the year of its listing.",
        ),
        near_misses=("X is often confused with Y.", "I may be mixing this up with another ship."),
    ),
)

NEGATOR = Phrase(
    "en.negated",
    # 'I wouldn't be surprised if the source is wrong' negates the surprise, and so asserts the flag
    r"\b(?:no|not|never|without|none|nothing|nor|neither|avoid(?:s|ing)?)\b(?! (?:be )?surpris(?:ed|ing|e)\b)"
    r"|n't\b(?! (?:be )?surpris(?:ed|ing)\b)|free (?:of|from)|\bfound no\b",
    "A negation in the same clause before a flag undoes it: 'no factual errors', 'does not contain errors', "
    "'neither date is wrong', 'to avoid giving wrong information'; a negated surprise ('I wouldn't be surprised if "
    "the documents have this wrong', 'it would be no surprise if') does not.",
    examples=(
        "There are no factual errors.",
        "The text does not contain errors.",
        "Neither date is wrong.",
        "To avoid giving wrong information.",
    ),
    near_misses=("I wouldn't be surprised if", "It would not be surprising if", "It would be no surprise if"),
)
"""The clause words that cancel an error flag standing after them."""

NEGATED_FRAME = Phrase(
    "en.negated_frame",
    r"(?:\b(?:no|not|nothing|never|without)\b(?! doubt\b| only\b| question\b)|n't\b)[^.;!?]{0,60}?"
    r"\b(?:that|to (?:say|think|believe|suggest|suspect|call|claim|conclude|show))\b",
    "A negation further back in the clause that governs the flag through 'that' or 'to say': 'there's no indication "
    "in the text that this is wrong', 'I have no grounds to say the documents are wrong'.",
    examples=(
        "There's no indication in the text that this is wrong.",
        "I have no grounds to say the documents are wrong.",
    ),
)

POPULAR_BELIEF = Phrase(
    "en.popular_belief",
    r"\b(?:popular|common|widespread|general|conventional) (?:belief|view|wisdom|opinion|misconception|assumption|myth)"
    r"|\b(?:many|most|some) people\b|\bpeople (?:often |commonly |usually |sometimes )?(?:think|believe|assume|say)\b"
    r"|\b(?:commonly|widely|popularly|often) (?:believed|thought|assumed|said)\b|\bmyth\b|\bmisconception\b",
    "A flag in a sentence about popular belief that names no source disputes the belief, not the documents: "
    "'the popular belief that it opened in 1895 is wrong'.",
    examples=("The popular belief that it opened in 1895 is wrong.", "Many people think it was 1895."),
)
