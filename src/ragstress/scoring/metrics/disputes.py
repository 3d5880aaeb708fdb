"""More ways a response disputes a value it mentions, beside the dispute role patterns (role_patterns.py).

- English: the value called a slip after it ("the 1915 in passage 1 looks like a typo", "npm — I'm fairly sure
  that's a copy-paste slip", "Osaka, but that's not right"), or posed as a question and answered no ("1971? No,
  it was 1969");
- French, Spanish, German, Portuguese, Italian, Russian, Japanese, Korean: a negation before the value in its
  clause ("n'a pas été peinte par Michel-Ange", "no fue Osaka", "nicht Osaka"), "and not" ("et non Dalton", "y no
  Osaka", "und nicht", "e não", "e non", "а не", "ではなく", "가 아니라"), or the value called wrong right after it
  ("Osaka, pero eso no es correcto", "la rate, ce qui est inexact", "Osaka ist falsch").

A value disputed this way is not stated (accuracy) and not asserted (`corrections.asserts_fake`).
"""

from __future__ import annotations

from ragstress.scoring.lexicon.en import disputes as en_disputes
from ragstress.scoring.lexicon.intl import disputes as intl_disputes
from ragstress.scoring.metrics.rules_base import NamedPattern, compile_phrases

EN_AFTER = compile_phrases(en_disputes.EN_AFTER)
OTHER_BEFORE = NamedPattern.of(intl_disputes.OTHER_BEFORE)
OTHER_AFTER = NamedPattern.of(intl_disputes.OTHER_AFTER)
BEFORE = (OTHER_BEFORE,)
AFTER = (*EN_AFTER, OTHER_AFTER)
