"""An option written as a path is asked of the group it belongs to, as a user who configures it would.

Configuration references document nested options by their path (`output.library.auxiliaryComment`,
`devServer.port`, `jsc.target`). Asked "Which Kettle option adds a comment to the lid?", the question
leaves out where the option lives, and two groups may hold options described alike (a loader's
`jsc.target` and the top-level `target` both "specify the ECMAScript version"). A user names the group:
"Which output.library option adds a comment in the UMD wrapper?", "Which jsc option specifies the ECMA
version?". The group also names the page that documents it (`page_scope` reads an option path's first part
as its configuration page), and the option's own last name becomes a right answer beside its full path.
"""

from __future__ import annotations

import re

# A lower-case path of two parts or more: `output.library.type`, `devServer.port`, `import.meta.dirname`.
_PATH = re.compile(r"[a-z_$][\w$]*(?:\.[a-z_$][\w$]*)+")
_KIND_WORDS = {"option": "option", "property": "property", "attribute": "property", "setting": "setting"}


def asked_by_group(question: str, answers: list[str], product: str | None) -> tuple[str, list[str]]:
    """ "Which Kettle option adds a note to the lid?" (answer `lid.caption`) → ("Which lid option adds a note
    to the lid?", ["lid.caption", "caption"]); any other question as it was."""
    path = answers[0] if answers else ""
    if not _PATH.fullmatch(path):
        return question, answers
    group, leaf = path.rsplit(".", 1)
    maker = rf"(?:{re.escape(product)} )?" if product else ""
    where = rf"(?: in {re.escape(product)})?" if product else ""
    kinds = "|".join(_KIND_WORDS)
    framed = re.match(rf"^Which {maker}(?P<kind>{kinds})(?: of (?P<owner>[\w.$]+))? (?P<rest>.+?){where}\?$", question)
    if not framed or (framed["owner"] and not group.endswith(framed["owner"])):
        return question, answers
    rest = framed["rest"]
    if re.search(rf"(?<![\w.]){re.escape(group)}(?![\w])", rest):
        return question, answers  # the question names the group already
    asked = f"Which {group} {_KIND_WORDS[framed['kind']]} {rest}?"
    if re.search(rf"\b{re.escape(leaf)}\b", rest, re.I):
        return asked, answers  # "sets the port": the last name alone would be given away
    return asked, list(dict.fromkeys([*answers, leaf]))
