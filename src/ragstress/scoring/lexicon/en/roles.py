"""How an English response treats a value it mentions: disputes it, reports it from the sources or from others,
sets it against a rival, demotes it, names it as a peer, or gives it only approximately.

Compiled by scoring.metrics.rules_en, whose engine (rules.py) decides scope and negation; a phrase only says what
the words look like. Patterns match normalised text (matching.normalise), so they are lower-case and half-width,
but SURNAME, matched on an alias as written, keeps its capitals.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase
from ragstress.scoring.lexicon.en import sources
from ragstress.scoring.lexicon.intl import sources as intl_sources

DISPUTE_BEFORE = Phrase(
    "en.disputed",
    r"(?:\bnot(?! only\b)|n't|\bnever|rather than|instead of|as opposed to|\bno longer|\bincorrectly|\bwrongly|\bmistakenly|\bfalsely"
    r"|\b(?:mistaken|wrong|in error) (?:in|to) \w+)\b"
    # A negated limit sets the bound, it does not deny it: 'do not exceed 4 g', 'not to go above 4 g' (as 不超过4克).
    r"(?!(?: to| ever)? (?:exceed|surpass|go (?:over|above|beyond|past))\b)"
    # The 40 characters to the end are checked first: a clause long and full of "not" then costs its length, where
    # looking for "until" first, from every "not", cost its square.
    r"(?=[^,;]{0,40}$)(?!.*\b(?:until|till)\b)[^,;]{0,40}$",
    "A negation before the mention, in its clause: 'not 1895', 'wasn't completed in 1895', 'rather than 1895'. "
    "'Not until 1895' and 'did not finish until 1895' assert 1895; 'not only' negates nothing; 'do not exceed 4 g' "
    "sets a limit of 4 g.",
    examples=("it was not ⟨1895⟩", "it wasn't completed in ⟨1895⟩", "built in 1889 rather than ⟨1895⟩"),
    near_misses=("it was not completed until ⟨1895⟩", "not only ⟨1895⟩", "do not exceed ⟨4 g⟩ a day"),
    reads="before",
)

DISPUTE_AFTER = (
    Phrase(
        "en.called_wrong",
        r"^[^,;.\d]{0,40}?(?:\b(?:is|was|are|were|'s|seems|being)\b|, which is|which is|—|-)\s*(?:clearly |simply |actually |probably |definitely |certainly |obviously |surely )?"
        r"(?:incorrect|wrong|inaccurate|false|erroneous|mistaken|outdated|an error|a mistake|a typo|a misprint|not correct|"
        r"not accurate|not true|not right)\b",
        "The mention is called wrong right after it: '1895 is incorrect', '1895, which is wrong', '1895 is a typo'.",
        examples=("⟨1895⟩ is incorrect", "⟨1895⟩, which is wrong", "⟨1895⟩ is a typo"),
        reads="after",
    ),
    Phrase(
        "en.replaced",
        r"^[^,;.\d]{0,25}?\b(?:should (?:be|read|say|have been)|was meant to be)\b"
        r"(?! (?:the|a|an|correct|right|accurate|true|fine|ok|noted)\b)",
        "The mention is replaced by another value right after it: '1895 should be 1889', '1895 should read 1889' "
        "('1889 should be correct' and '1889 should be the answer' do not count).",
        examples=("⟨1895⟩ should be 1889", "⟨1895⟩ should read 1889"),
        near_misses=("⟨1889⟩ should be correct", "⟨1889⟩ should be the answer"),
        reads="after",
    ),
)

ATTRIBUTED = Phrase(
    "en.attributed",
    rf"{sources.SOURCES_REPORTING.alternation} "
    r"(?:(?!correctly |rightly |accurately )\w+ )?(?:says?|states?|claims?|mentions?|reports?|lists?|gives?|"
    r"suggests?|indicates?|shows?|records?|puts?|places?|dates?|credits?|attributes?|names?)\b"
    r"|\bthey (?:(?!correctly |rightly |accurately )\w+ )?(?:say|state|claim|place|put|list|give|report|date)\b"
    r"|\bit (?:says|states|claims|places|puts|lists|gives|reports|dates|credits|names)\b"
    r"|(?:claimed|stated|reported|said|listed) (?:as|to be)|\bclaims?\b"
    rf"|\b{sources.SOURCES_POSSESSING.alternation}(?:'s?)? (?:[\w-]+ ){{0,2}}?(?:of )?$"
    # the sources saying it in a spaced third language (read with the English patterns): 'los documentos dicen'
    rf"|\b(?:{intl_sources.SPACED.alternation}) (?:(?:lo|le|es|das|o|il) )?(?:dicen|dice|indican|indica|señalan|"
    r"disent|dit|indiquent|indique|nennen|nennt|sagen|sagt|dizem|diz|indicam|dicono|riportano)\b",
    "The mention is reported as what the sources say; it is not asserted when the response also disputes or corrects "
    "it. A spaced third language too: 'los documentos dicen', 'les documents indiquent', 'die Unterlagen nennen'.",
    examples=(
        "the documents say ⟨1895⟩",
        "passage 2 puts it at ⟨1895⟩",
        "it was claimed as ⟨1895⟩",
        "los documentos dicen ⟨1895⟩",
    ),
    reads="before",
)

HEARSAY = Phrase(
    "en.hearsay",
    r"\b(?:some|others|many|some people|many people|people)\b[^,;.]{0,15}?\b(?:says?|said|claims?|believes?|"
    r"thinks?|credits?|suggests?|argues?|assumes?|assumed)\b[^,;.]{0,30}$"
    r"|\b(?:commonly|popularly|widely|often|sometimes) (?:said|believed|thought|claimed|credited|cited)\b[^,;.]{0,30}$"
    r"|\b(?:popular|common|widespread|general|conventional) (?:belief|view|claim|assumption|misconception|story) "
    r"(?:is )?that\b[^,;.]{0,30}$",
    "The mention is what other people say, not the answer: 'some say Paris', 'it is often said to be 1889', "
    "'the popular belief that Edison invented it'.",
    examples=("some say ⟨Paris⟩", "it is often said to be ⟨1889⟩", "the popular belief that ⟨Edison⟩"),
    reads="before",
)

HEARSAY_AFTER = Phrase(
    "en.hearsay_after",
    (
        r"^\s+(?:(?:is|was|are|were|gets|got) )?(?:sometimes|often|commonly|widely|occasionally|also|usually) "
        r"(?:named|cited|listed|given|quoted|credited|mentioned|said|called|claimed)\b|^\s+(?:cited|quoted|given|listed) elsewhere\b"
    ),
    "en.hearsay written after the mention: 'John Adams is sometimes named', 'I've also seen 1886 cited elsewhere'.",
    examples=("⟨John Adams⟩ is sometimes named", "I've also seen ⟨1886⟩ cited elsewhere"),
    reads="after",
)

OTHER_ROLE_BEFORE = Phrase(
    "en.other_role",
    # 'less than 2,400 mg' and 'no later than 31 March' give a bound, which is the value itself (as 不晚于 does)
    r"\b(?:before|after|(?<!rather )(?<!\bless )(?<!\bfewer )(?<!\bno more )(?<!\bno later )(?<!\bno earlier )than|prior to)"
    r"\s+(?:the\s+)?$"
    # either end of a range guessed at ('somewhere between 400 and 600 mg'): neither value is the answer
    r"|\b(?:somewhere|anywhere) between (?:[\w.,]+ ){0,2}?(?:and )?$",
    "The mention is a point of comparison, not the answer: 'two years before 1889', 'later than 1889', or an end of "
    "a range guessed at: 'somewhere between 400 and 600 mg'. A bound is the value itself: 'less than 2,400 mg'.",
    examples=(
        "two years before ⟨1889⟩",
        "later than ⟨1889⟩",
        "somewhere between ⟨400⟩",
        "somewhere between 400 and ⟨600 mg⟩",
    ),
    near_misses=(
        "rather than ⟨1889⟩",
        "less than ⟨2,400 mg⟩",
        "no later than ⟨31 March⟩",
        "built between 1931 and ⟨1936⟩",
    ),
    reads="before",
)

OTHER_ROLE_AROUND = (r"\bthe\s+$", r"^\s+(?!in\b|on\b|at\b|and\b|or\b|is\b|was\b|by\b)[a-z]")
"""'the <number> <word>': the number names something else ('the 1889 World's Fair', 'the 1903 event')."""

DOUBT = Phrase(
    "en.doubted",
    r"not sure (?:that|this|it|if that|whether that)(?:'s| is)? ?(?:right|correct|accurate|true)?|\bi doubt\b|(?:seems|looks) (?:doubtful|questionable)",
    "The response doubts what the sources say, so a mention reported from them is not asserted.",
    examples=("I'm not sure that's right.", "I doubt it.", "That seems questionable."),
)

CLAUSE_BREAK = Phrase(
    "en.clause_break",
    r"[.;:!?,()\n—–]|--|\s-\s|\bbut\b|\bhowever\b|\balthough\b|\bwhereas\b",
    "Where a clause ends for negation scope: punctuation and contrastive conjunctions.",
    examples=("it opened in 1889, but the tower", "1889; however"),
    reads="text",
)

RIVAL_BEFORE = Phrase(
    "en.rival",
    r"\b(?:beat(?:ing)?|defeat(?:ed|ing)?|overc(?:ame|oming)|edg(?:ed|ing) out|outscor(?:ed|ing)|w(?:in|inning|on) "
    r"(?:over|against)|victory over|succeed(?:ed|ing)|replac(?:ed|ing)|supersed(?:ed|ing)|t(?:ook|aking) over from|"
    r"rival(?:s|led|ling)?|runners?-up)\s+(?:the\s+)?$",
    "The mention is the loser, the one replaced or a rival: 'Brazil won it, beating Uruguay', 'it replaced the Model T'.",
    examples=("Brazil won it, beating ⟨Uruguay⟩", "it replaced the ⟨Model T⟩"),
    reads="before",
)
RIVAL_AFTER = Phrase(
    "en.rival_after",
    r"^\s+(?:lost|(?:was|were) (?:beaten|defeated|replaced|succeeded|(?:the )?runners?-up)|(?:finished|came|placed) second"
    # the one who held a post before: 'Rørsted stepped down in 2022'
    r"|(?:has |had )?(?:since |already )?(?:stepped down|resigned|retired|left (?:the|his|her|that) (?:role|job|office)))\b",
    "en.rival written after the mention: 'Uruguay lost to Brazil', 'the Model T was replaced by ...', 'Rørsted "
    "stepped down in 2022'.",
    examples=(
        "⟨Uruguay⟩ lost to Brazil",
        "the ⟨Model T⟩ was replaced by the Model A",
        "⟨Kasper Rørsted⟩ stepped down in 2022",
    ),
    reads="after",
)

DEMOTED = Phrase(
    "en.demoted",
    r"^(?:'s)?\s+(?:(?:is|was|are|were)\s+(?:(?:only|merely)\s+(?:a|an|one|part|the)\s|(?:just|simply)\s+"
    r"(?:(?:a|an|one|part)\s|the (?=(?:year|date|day|month|time|place|site|name|one)\b)))"
    r"|(?:only|merely)\s+(?:later|afterwards|subsequently)\b)"
    r"|^\s+(?:is|was)\s+(?:the|a)\s+(?:year|date|figure|number)\s+(?:of|for|when|in which)\s+(?:an?\s+|the\s+|its\s+)?"
    r"(?:later|earlier|subsequent|second|another|different|other|next|previous)\b"
    # a value since replaced, named to explain it away: '$119 is the old price; it is now $139'
    r"|^\s+(?:[\w-]+\s+){0,4}?(?:is|was|are|were)\s+(?:just\s+|only\s+|simply\s+)?(?:the|an?)\s+(?:old|older|outdated|"
    r"superseded|former|pre-\d{4})\s"
    # the value of another quantity, pointed back to: '9 kcal/g — that's the figure for fat'
    r"|^[^.;\d]{0,12}?(?:—|-)?\s*(?:that's|that is)\s+(?:the\s+)?(?:figure|number|value)\s+(?:for|of)\b",
    "The mention is given a lesser role right after it, so it is not the answer: 'Fleming only later helped popularise "
    "it', '1998 is merely the year the domain was registered'; or the value of another, later occurrence: '1931 is "
    "the year of a later renovation'; or a value since replaced: '$119 in passage 2 is the old price'.",
    examples=(
        "⟨$119⟩ in passage 2 is the old price",
        "⟨9 kcal⟩/g — that's the figure for fat",
        "⟨Fleming⟩ only later helped popularise it",
        "⟨1998⟩ is merely the year the domain was registered",
        "⟨1931⟩ is the year of a later renovation",
        "⟨1972⟩ was the date of the second landing",
    ),
    near_misses=("⟨1889⟩ is the year the tower was completed", "⟨4 kcal⟩, that's the figure in the passages"),
    reads="after",
)

PEER = Phrase(
    "en.peer",
    r"\b(?:rank(?:s|ed)? (?:with|alongside)|(?:mentioned|named|listed) alongside|on a par with|as famous as|comparable to|"
    r"compared (?:with|to))\s+(?:the\s+)?$",
    "The mention is named as a peer of the answer, not as the answer: 'it ranks alongside the Humble Administrator's "
    "Garden', 'on a par with Everest'.",
    examples=("it ranks alongside the ⟨Humble Administrator's Garden⟩", "on a par with ⟨Everest⟩"),
    reads="before",
)

APPROXIMATE = Phrase(
    "en.approximate",
    r"\b(?:around|about|circa|approximately|roughly|some ?time around|c\.)\s+$",
    "A year given only approximately ('around 2008'); after a refusal phrase, a guess: no refusal, no fact stated "
    "(unless the response takes the guess back: scoring.metrics.refusal_guess).",
    examples=("around ⟨2008⟩", "circa ⟨1890⟩"),
    reads="before",
)

APPROXIMATE_AFTER = Phrase(
    "en.approximate_after",
    r"^(?:\s+or so\b|-ish\b)",
    "en.approximate written after the figure: '2008 or so'.",
    examples=("⟨2008⟩ or so", "⟨1890⟩-ish"),
    reads="after",
)

SURNAME = Phrase(
    "en.surname",
    r"(?P<given>[A-Z][a-z'’-]+(?: [A-Z]\.)?) (?P<surname>[A-Z][a-z'’-]{2,})",
    "A full-name alias, a given name (and initial) then a surname ('Larry Page', 'John F. Kennedy'), is also found "
    "by its surname written alone as a name ('Page and Brin'), unless the response writes the surname after another "
    "given name. Matched on the alias as written, capitals kept ('East China Sea' is no such name).",
    examples=("Larry Page", "John F. Kennedy"),
    reads="as_written",
)
