"""A value an English response gives as what others believe, cite or expect, not as its answer
(compiled by scoring.metrics.beliefs: 'often quoted as 1969', 'a common misconception is that it's Canberra').
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Phrase

_WHO_EN = (
    r"(?:(?:some|many|most|other|a lot of|lots of|plenty of) (?:people|places|readers|sources|references|books|"
    r"accounts|textbooks|"
    r"historians|scholars|websites|sites|users|lists|guides|articles|reports|tutorials|fans|folks)|people|others|"
    r"everyone|everybody|the public|popular accounts|popular histories|the internet|the web|common knowledge)"
)
_SAY_EN = (
    r"(?:says?|said|claims?|claimed|believes?|believed|thinks?|thought|credits?|credited|suggests?|argues?|assumes?|"
    r"assumed|attributes?|attributed|expects?|lists?|listed|gives?|gave|quotes?|quoted|cites?|cited|recalls?|"
    r"remembers?|confuses?|mistakes?|mix(?:es)? up|call|calls|name|names|put|puts)"
)
# "usually credited to Fleming", "一般认为是高鹗" state the consensus a response answers with: not hearsay.
_HOW_EN = (
    r"(?:commonly|popularly|widely|often|sometimes|frequently|more often|most often|mistakenly|wrongly|erroneously)"
)
_PARTICIPLE_EN = (
    r"(?:said|believed|thought|claimed|credited|cited|quoted|given|listed|attributed|assumed|reported|named|called|"
    r"described|taught|remembered|assigned)"
)

EN_BEFORE = Phrase(
    "en.belief",
    rf"\b{_WHO_EN}\b[^,;.]{{0,20}}?\b(?:might |may |would |will |often |usually |sometimes |commonly |still )?{_SAY_EN}\b"
    r"[^,;.]{0,30}$"
    rf"|\b{_HOW_EN} {_PARTICIPLE_EN}\b[^,;.]{{0,30}}$"
    r"|\b(?:popular|common|widespread|general|conventional|mistaken|received|familiar) (?:belief|view|wisdom|"
    r"opinion|misconception|assumption|myth|notion|account|answer|claim|story|version|figure)\b[^,;.]{0,30}$"
    r"|\b(?:you'll|you will|you may|you might|you'd|you often|one might|one may|one often) (?:often |also |sometimes |"
    r"usually )?(?:see|hear|find|read)\b[^,;.]{0,30}$"
    r"|\bmisconception\b[^,;.]{0,30}$",
    "The mention is what other people or other sources believe, cite or expect: 'it's often quoted as 1969', "
    "'many sources list UTC+8', 'a common misconception is that it's Canberra'.",
    examples=(
        "it's often quoted as ⟨1969⟩",
        "many sources list ⟨UTC+8⟩",
        "a common misconception is that it's ⟨Canberra⟩",
    ),
    reads="before",
)

EN_AFTER = Phrase(
    "en.belief_after",
    rf"^\s*,?\s*(?:(?:is|are|was|were|gets|get) )?(?:also )?{_HOW_EN} {_PARTICIPLE_EN}\b"
    rf"|^\s*,?\s*as (?:is )?{_HOW_EN} {_PARTICIPLE_EN}\b"
    rf"|^\s*,?\s*as {_WHO_EN} {_SAY_EN}\b",
    "The mention is called what others believe right after it: 'Ottawa is sometimes cited', 'Shakespeare, as is "
    "commonly believed'.",
    examples=("⟨Ottawa⟩ is sometimes cited", "⟨Shakespeare⟩, as is commonly believed"),
    reads="after",
)
