"""English error flags that correct the sources (compiled with `flags.ERROR_FLAG` by scoring.metrics.rules_flags_en):
the response says a passage needs correcting or what it should read, sets the facts against it ("contradicts the
historical record", "contrary to the documents"), or gives the passage's value and then the actual one ("the
passage says 1962, but actually it was 1959"). The ways a response calls its sources wrong outright, and the words
that undo a flag (a negation, popular belief), are in `flags`.

Patterns match normalised text (matching.normalise), written lower-case and half-width.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase
from ragstress.scoring.lexicon.en import sources

_SOURCES = sources.SOURCES_IN_FLAGS.alternation
"""The words a response uses for the passages it was given, or for the kind of page a passage is (lexicon.en.sources)."""

ERROR_FLAG = (
    Phrase(
        "en.needs_correction",
        r"\b(?:needs?|requires?) (?:a )?correct(?:ion|ing)\b|\b(?:needs? to|should|must) be corrected\b"
        rf"|\bto correct (?:the |these |this |that )?(?:{_SOURCES}|record)\b|\bcorrection:"
        rf"|\bcorrections? (?:to|of|for) (?:the |these |this |that |one )?(?:provided |given |retrieved |supplied )?"
        rf"{_SOURCES}\b",
        "Something in the sources is said to need correcting: 'the date needs correcting', 'to correct the passages', "
        "'a correction: ...'.",
        examples=(
            "The date needs correcting.",
            "To correct the passages: it was 1889.",
            "Correction: 1889.",
            "Correction to the source: the sonata is by Beethoven.",
            "Correction to the supplied passage: the bridge opened in 1932.",
        ),
    ),
    Phrase(
        "en.should_read",
        r"(?<!according to the )(?<!according to these )(?<!based on the )(?<!based on these )(?<!from the )"
        rf"\b{_SOURCES}(?:'s?)? (?:[^,;.]{{0,25}} )?(?:should|ought to) (?:be|read|say|have (?:been|said|read))\b"
        r"(?! (?:the answer|an answer|a |correct|right|accurate|true|fine|ok|noted|consulted|checked|used|treated|trusted|read "
        r"carefully)\b)",
        "A value in the sources is replaced by another: 'the passage's 1895 should be 1889', 'the year in the documents "
        "should read 1889' ('according to the documents, the answer should be 1895' is not a flag).",
        examples=("The passage's 1895 should be 1889.", "The year in the documents should read 1889."),
        near_misses=("According to the documents, the answer should be 1895.",),
    ),
    Phrase(
        "en.contradicts_facts",
        r"(?:contradict(?:s|ing)?|inconsistent with|at odds with|conflicts? with|disagrees? with|differs? from|"
        r"(?:does|do)(?: not|n't) (?:match|agree with|fit|square with|tally with|line up with)) (?:any |all |the |my )?(?:known|established|well-established|"
        r"historical|accepted|standard|documented|official|scientific|generally accepted|widely known|commonly known|"
        r"well-known|common|my|own|the)? ?(?:[\w-]+ )?(?:facts?|record|records|knowledge|data|figures?|values?|"
        r"conventions?|physics|science|history|consensus|understanding|references?|definitions?|rules?|"
        r"specifications?|documentation|schedules?|guidelines?|guidance|recommendations?|labell?ing)\b"
        r"|(?:contradict(?:s|ing)?|inconsistent with|at odds with|conflicts? with|clash(?:es|ing)? with"
        r"|(?:does|do)(?: not|n't) (?:match|square with|tally with|agree with|line up with|fit with)) "
        r"(?:what (?:is|we|i|i'd|i would|we'd|one would) (?:know|recall|remember|understand|expect)\w*|(?:anything|everything) i know|any [\w-]+ (?:[\w-]+ )?i know|"
        r"history|reality|the (?:actual|real|true|correct) \w+)",
        "The sources are said to contradict (or disagree with, differ from, not match) known facts, the record, "
        "established data, the standard figure, the official schedule or guidelines, history, what is known or "
        "expected, or the actual value.",
        examples=(
            "The passages contradict known historical facts.",
            "This is at odds with the record.",
            "It doesn't match what I know.",
            "The date in the memo clashes with everything I know about the launch.",
            "Note 2 says the filter is changed yearly. That doesn't match the maintenance schedule.",
            "This conflicts with the official dosing guidelines.",
            "The bulletin's date doesn't square with what I remember of the launch.",
            "The fares in these leaflets look inconsistent with what I'd expect for a peak ticket.",
        ),
        near_misses=("The fare is consistent with what I'd expect.", "The date squares with what I remember."),
    ),
    Phrase(
        "en.contrary_to_sources",
        r"\b(?:contrary to|despite|unlike|in contrast to) (?:what )?(?:the |these |those )?(?:provided |given )?"
        rf"{_SOURCES}\b",
        "The answer is set against the sources: 'contrary to the passages', 'despite what the documents say' "
        "(popular belief set aside is not a flag).",
        examples=("Contrary to the passages, it opened in 1889.", "Despite what the documents say, it was 1889."),
    ),
    Phrase(
        "en.said_but_actually",
        rf"(?:\b{_SOURCES}(?:'s?)? (?:(?!not\b|never\b)\w+ ){{0,2}}?(?:says?|states?|claims?|lists?|gives?|puts?|places?|"
        r"dates?|names?|credits?|attributes?|reports?|suggests?|mentions?)\b|\baccording to (?:the |these )?"
        rf"{_SOURCES})(?:[^.!?\n]|(?<=\d)\.(?=\d)){{0,80}}?(?:(?:\bbut\b|\bhowever\b|\byet\b|\bwhereas\b|;)[^.!?\n]{{0,60}}?"
        r"\b(?:actually|in fact|in reality|in truth|in actuality|(?:probably|likely|presumably|must) comes? from)\b"
        # 'but that's the STP value': the value the sources give belongs to something else
        r"|\bbut (?:that|this)(?:'s| is| was) (?:the|an?) (?!(?:right|correct|true|accurate|same|answer|one)\b)"
        # '... was founded in 1925. That's actually the year it added a faculty': the next sentence gives it away
        r"|[.;] (?:that|this)(?:'s| is| was) actually (?:the|an?) "
        r"(?!(?:right|correct|true|accurate|same|answer|one|case|real|actual|official)\b))"
        # the sources' value denied by name: 'not 2017 as the passage has it', 'not in Leeds, as the notes say'
        r"|\bnot (?!exactly\b|quite\b|just\b|only\b|necessarily\b)[^.;!?]{1,40}? as (?:the |this |that |these )?"
        rf"{_SOURCES} (?:has|have|says?|claims?|puts?|gives?|states?)\b",
        "What the sources say is set against what is actually so: 'the documents say 1915, but it actually sank in 1912', "
        "'the excerpt says 22.4, but that's the value at another temperature' (a decimal point ends no sentence), "
        "'the passage says it opened in 1920. That's actually the year the east wing opened', or the sources' value "
        "denied by name ('not 2017 as the passage has it'), or explained as coming from elsewhere ('the passage says eight, "
        "but ...; the eight probably comes from the long-range plan').",
        examples=(
            "The documents say 1915, but it actually sank in 1912.",
            "The document says 1.2 m, but that's the width of the old gate.",
            "The passage says the museum opened in 1920. That's actually the year the east wing opened.",
            "Not 1921 as the passage has it: the pier opened in 1923.",
            "The document says nine, but the line has seven stops; the nine probably comes from the extension plan.",
        ),
        near_misses=(
            "The document says 1.2 m, but that's the right figure for the new gate too.",
            "The passage says the museum opened in 1920. That is actually the case.",
            "The passage says the museum opened in 1920. That's actually the correct year.",
        ),
    ),
)
