"""A mention named only in a lesser role, right after it: "the documents mention Bong Joon-ho only as the director of
Snowpiercer", "Ruth Amado appears only as the 1974 recipient", "Oluwaseun Bello, but only as chair of the panel",
"林慧芳仅以顾问身份出现", "mentionné seulement comme producteur". Beside the demoted role pattern (role_patterns.py) ("is only a",
"只是"), this is the "only as" family, in English, Chinese, French, Spanish, German, Portuguese and Italian. A mention
in a lesser role is neither stated nor disputed.
"""

from __future__ import annotations

from ragstress.scoring.lexicon.intl import lesser_roles
from ragstress.scoring.metrics.rules_base import NamedPattern

ONLY_AS = NamedPattern.of(lesser_roles.ONLY_AS)
