"""How an English answer is laid out, for the conflict testbed's reader (conclusion.py).

A conflict case gives passages that disagree; the reader sorts each mention of either value by its
place in the answer. Each pattern names one part of that structure: what the sources are called
(SOURCE_NOUNS), a value reported as what a source says (SOURCE_GIVES), where a response commits to
its answer (CONCLUDES, CONCLUDES_AFTER, ANSWER_LABEL), a turn (CONTRAST), two values side by side
(LISTED), sources set against each other (SPLIT_SOURCES), and declining to choose (DECLINES_CHOICE).
Matched on `matching.comparable` text.
"""

from __future__ import annotations

from ragstress.scoring.lexicon.en import sources
from ragstress.scoring.metrics.rules_base import NamedPattern

SOURCE_NOUNS = sources.SOURCE_NOUNS.alternation
"""What a response may call the passages it was given, beyond SOURCE_WORDS (a wiki page, a ticket, a snippet):
lexicon.en.sources."""

_REPORTERS = (
    rf"(?:{SOURCE_NOUNS}|one|two|three|four|five|both|all|several|a few|a couple|another|others|the other|some|most|"
    r"the rest|(?:the|a) (?:second|third|fourth|fifth|last)|majority|they)"
)
"""Who can be said to give a value: the sources, by name or by count ('one', 'another', 'most')."""

SOURCE_GIVES = NamedPattern(
    "en.source_gives",
    rf"(?:\b{_REPORTERS}\b|\[\d+\])(?: (?:[a-z]|\d+)\b(?:(?:\s*[–—-]\s*|,? (?:and|&) |, )(?:[a-z]|\d+)\b){{0,4}})?(?: (?!not\b|never\b)[\w'’]+){{0,3}}? ?"
    r"(?:says?|said|states?|stated|gives?|gave|lists?|listed|names?|named|credits?|credited|claims?|puts?|places?|"
    r"dates?|reports?|mentions?|shows?|writes?|wrote|reads?|calls?|attributes?|cites?|suggests?|indicates?|describes?|"
    r"records?|has|have|goes with|points? to|supports?|:|→|->|=)(?: (?:that|it|is|was|as|at|to be|the|a|an|of|on|in))*"
    r"[^,;:]{0,20}$"
    rf"|\b(?:according to|as per|per) (?:the |its |these |those )?(?:{_REPORTERS}\b|\[\d+\])(?: (?:[a-z]|\d+)\b)?[^,;:]{{0,30}}$"
    # the second camp with its verb left out: 'some passages give 8.1%, others 7.7%'
    r"|(?:^|[,;])\s*(?:and |while |whereas )?(?:others|another|the others?|the rest|one)(?: at| as)? $",
    "A value reported as what a source says, not concluded: 'passage 2 says 1879', 'Doc B: 1879', 'one credits "
    "Lucas, another Spielberg', 'two put it at $11.99, one at $12.99', 'passages 1–2 say 1889', '[2] dates it to 1879', 'according to Doc B it is 1879' "
    "(read on the text between the value and the value or sentence before it).",
)

SOURCE_GIVES_AFTER = (
    # a camp of the sources, also after a word of whom the value is for: '£8 for adults according to one source'
    r"^\s*(?:(?:for|at) [\w-]+ )?(?:in|from|according to|as per|per) (?:one|some|another|others|the other|two|three|a few)\b"
    # one numbered source among several, ending the clause ('per the source' alone may be the answer's own ground)
    rf"|^\s*(?:according to|as per|per) (?:the )?(?:{SOURCE_NOUNS} (?:[a-z]|\d+)\b|\[\d+\])\s*(?:[,;.)]|$)"
    # the value named as a figure given somewhere ('the 24% figure in one passage')
    r"|^\s*(?:figure|value|number|date|claim|estimate|entry)s?\b"
    # the source named after the value, ending the clause: '$13.99 in the help-centre excerpt, $12.99 in the news piece'
    rf"|^\s*(?:in|from) (?:the|one|another|a) (?:[\w-]+ ){{0,2}}?(?:{SOURCE_NOUNS})\s*(?:[,;.)]|$)"
)
"""en.source_gives written after the value: '1666 in some, 1676 in another', '£8 for adults according to one source
and £12 according to another', '9092 according to document 1, 9093
according to document 3' (the value and its numbered source end the clause), 'the 331 figure', '$12.99 in the
news piece' (a source named after the value, ending its clause)."""

CONCLUDES = NamedPattern(
    "en.concludes",
    r"(?<!'s )(?<!’s )\b(?:final |short |my |the |best )?answer\"?\s*(?:is|would be|should be|[:=])|\b(?:in short|in conclusion|to "
    r"conclude|conclusion|bottom line|verdict)\b|\b(?:so|thus|therefore|hence|which means)\b"
    r"|\b(?:i'd|i would|i'll|i will|i|we'd|we)\s+(?!not\b|never\b)(?:\w+\s+)?(?:go|going|stick|side|lean|trust|pick|"
    r"choose|opt|say|answer|settle|take|favou?r|rely|use)\b|\b(?:going|go) with\b|\btaking\b"
    r"|\bif (?:i|we) (?:had|have|were|was|must)(?: forced)? to (?:pick|choose|guess|bet|say|answer|commit)\b"
    r"|\bif (?:pressed|forced)\b|\bat a push\b|\b(?:most|more) likely\b"
    r"|\bprobably\b|\bbest[- ]supported\b|\bcurrently\b|\b(?:either|maybe|perhaps|possibly|could be|might be)\b"
    r"|\*\*",
    "Where a response commits to its answer: an answer label ('Answer:', 'final answer is', a JSON \"answer\" key, "
    "bold text), a conclusive connective ('so', 'therefore'), a choice in the first person ('I'd go with', 'I'll "
    "trust', 'if I had to pick'), or a hedge that commits ('most likely', 'either ... or ...').",
)

CONCLUDES_AFTER = (
    r"^\W{0,3}(?:is|would be|seems|looks like|remains) (?:the |my )?(?:correct |right |true |likeliest |most likely |"
    r"best[- ]supported |actual )?(?:answer|one|figure|value)\b|^\W{0,3}is (?:correct|right)\b"
    r"|^\W{0,3}(?:is|seems|looks|appears|sounds) (?:the )?(?:more|most) (?:likely|plausible|probable|credible|reliable)\b"
    r"|^\W{0,3}(?:is|seems|looks) (?:likelier|more likely to be right)\b"
    # a value a source gives, then the response's own clause taking it: '3 of 5 say $549.99, so that's my answer'
    r"|^\s*[,;]\s*(?:so|and|hence|therefore) (?:that's|that is|this is|it's) (?:my|our|the) (?:final )?(?:answer|pick|choice)\b"
)
"""en.concludes written after the value: '1889 is the answer', 'India is the correct one', '1889 is right', '1847
seems more likely'; after a value a source gives, only a clause of the response's own set off by a comma ('most say
$549.99, so that's my answer') takes it: 'Doc A says 1879 is the answer' stays what Doc A says."""

ANSWER_LABEL = (
    r"(?<!'s )(?<!’s )\b(?:(?:final|short|best|overall|majority|consensus|my|our|the)\s+)*"
    r"(?:answer|view|verdict|pick|choice|conclusion|call)\b\"?\s*(?:is|would be|[:=])\s*(?:the |an? )?$"
    r"|(?:\b(?:i'd|i would|i'll|i will|i|we'll|we'd)\s+(?:go with|trust|pick|choose|take|side with|follow|believe)"
    r"|^\W*(?:going|go|siding|side|sticking|stick) with)\b[^.;:]{0,30}:\s*(?:the |an? )?$"
)
"""A label right before a value makes it the answer, even after a word that names sources: 'Majority answer: 10',
'Majority view: Caesar', 'I'll trust the two that agree: 1,642 m', a choice without its subject at the start of a
statement, 'Going with the majority: 29', 'Going with the majority: the Euphrates' (a source's own answer, 'Doc A's answer: 10', stays what that source
says)."""

DECLINES_CHOICE = NamedPattern(
    "en.declines_choice",
    r"\b(?:i'm not|i am not|i won't|i will not|i can't|i cannot|i couldn't|i'd rather not|i would rather not|"
    r"not going to|unable to|no way to|not comfortable|impossible to|hard to|can't|cannot|won't)\b[^.;!?]{0,25}?"
    r"\b(?:choos\w*|chose|pick\w*|decid\w*|determin\w*|tell which|say which|resolve|settle|adjudicate|"
    r"take sides|side with)\b|\bwithout (?:picking|choosing) (?:a side|one|either)\b|\bleave it to you\b",
    "The response declines to choose between the values its sources give: 'I won't pick', 'I can't tell which is "
    "right', 'not comfortable choosing between them'.",
)

CONTRAST = r"\b(?:but|however|though|although|yet|whereas)\b"
"""A turn that ends the reach of a commitment marker: 'so the passages differ, but Raphael was ...'."""

LISTED = r"(?:\bor\b|\band\b|\bvs\.?|\bversus\b|\bnor\b|/|–|(?<! )—|—(?! )|-|\bto\b)"
"""Words joining two values named side by side ('1912 or 1913', 'Ankara and Istanbul', '11 vs 9'); a dash spaced on
both sides breaks a clause instead ('I'd say Martin — Fowler wrote another book')."""

SPLIT_SOURCES = NamedPattern(
    "en.split_sources",
    r"\b(?:(?<!\bthe )most|majority|minority|the rest|the others|remaining|outnumbered|odd one out|outliers?|stands alone|(?:one|two|"
    r"three|four|\d) (?:of|out of) (?:the )?(?:\w+ )?(?:two|three|four|five|\d)|depending on|depends on|(?<!\bevery )(?<!\bfor )(?<!\bover )(?<!\bwithin )(?<!\bafter )(?<!\blast )(?<!\bnext )(?:two|both|"
    r"different|various|varying|multiple|several) (?:different )?(?:answers?|values?|figures?|numbers?|dates?|years?|"
    r"names?|limits?|versions?|accounts?|claims?|readings?)|split|(?:don't|do not|doesn't|does not) (?:line up|match)"
    r"|can't both be right|cannot both be right|at odds|ambiguous)\b",
    "Words that set some sources against others, in a sentence that names a source: 'most passages say 2005', "
    "'two of the three documents', 'depending on which passage', 'reports split', 'two different years'.",
)
