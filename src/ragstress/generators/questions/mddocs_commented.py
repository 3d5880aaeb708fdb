"""Defaults a guide states in the comments of its configuration examples.

A guide shows its settings as a config object and says each one's default in the line's comment rather than
in prose:

```js
config.security = {
  csrf: {
    cookieName: 'csrfToken', // the cookie field, default is csrfToken
    useSession: true, // 默认为 false，设置为 true 时……
  },
};
```

The key's path through the object's braces (`security.csrf.cookieName`) names the setting; the comment's value
is the answer, whatever the example sets the line to:

| the line | the question |
|---|---|
| `cookieName: 'csrfToken', // default is csrfToken` under `config.security = { csrf: {` | What is the default value of the security.csrf.cookieName setting in Kettle? |
| `useSession: true, // 默认为 false` under the same | 在 Kettle 中，security.csrf.useSession 配置项的默认值是什么？ |

The object must open with an assignment or an export the path can start from (`config.x =`, `exports.x =`,
`module.exports = {`, `return {`); a key under an array, a call or a function's body is not asked, and nor is a
path of one short key: "enable" alone names no one setting. The words saying "default" are
`mddocs_defaults.DEFAULT_SAID`.
"""

from __future__ import annotations

import re

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines
from ragstress.generators.questions.mddocs_defaults import DEFAULT_SAID
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, Question, in_product, points_out_zh, value_aliases

# Where an object the path starts from opens: "config.security = {", "exports.view = {", "module.exports = {".
_OPENS = re.compile(
    r"^\s*(?:(?:const|let|var)\s+)?(?:(?:config|exports|module\.exports|app\.config)(?:\.(?P<path>[\w$.]+))?|return)"
    r"\s*=?\s*\{\s*$"
)
_NESTED = re.compile(r"^\s*['\"]?(?P<key>[A-Za-z_$][\w$-]*)['\"]?\s*:\s*\{\s*(?://.*)?$")
_ENTRY = re.compile(r"^\s*['\"]?(?P<key>[A-Za-z_$][\w$-]*)['\"]?\s*:\s*(?P<set>[^/]+?),?\s*//\s*(?P<comment>.+?)\s*$")
_CLOSES = re.compile(r"^\s*[}\])]")


def commented_defaults(chunk: Chunk, product: str | None) -> list[Question]:
    """The defaults the comments of a chunk's config examples state, one question a key."""
    made: list[Question] = []
    path: list[str | None] = []  # the keys of the open objects; None where the path is lost (an array, a call)
    lines = chunk.text.split("\n")
    for line, code in zip(lines, code_lines(chunk.text, chunk.code_state)):
        if not code:
            path = []
            continue
        opened = _OPENS.match(line)
        if opened:
            path = [opened["path"] or ""]
            continue
        nested = _NESTED.match(line)
        if nested and path:
            path.append(nested["key"])
            continue
        if _CLOSES.match(line) and path:
            path.pop()
            continue
        if line.rstrip().endswith(("{", "[", "(")) and path:
            path.append(None)  # an object inside a call or an array: no setting's path
            continue
        entry = _ENTRY.match(line)
        if not entry or not path or None in path:
            continue
        stated = _stated_default(entry["comment"])
        keys = [k for k in path if k] + [entry["key"]]
        if stated is None or len(keys) < 2 and len(keys[0]) < 8:
            continue
        zh = bool(re.search(r"[\u4e00-\u9fff]", entry["comment"]))
        made.append(_asked(".".join(keys), *stated, product, zh))
    return made


def _stated_default(comment: str) -> tuple[str, str | None] | None:
    """The value a comment says is the default ("default is false", "默认为 ws") and what the comment says the key
    is before that ("Field in Cookie, default is csrfToken": the field in Cookie), or None."""
    for said in DEFAULT_SAID:
        m = said.search(comment)
        if not m:
            continue
        value = m["val"].strip("`'\" ").rstrip(".。")
        if not re.fullmatch(r"[\w./${}:*-]{1,40}", value):
            return None
        # What the key is, when the comment opens with it: it tells the key from its siblings to a retriever.
        desc = comment[: m.start()].strip(" ,，;；")
        plain = 2 <= len(desc) <= 40 and not re.search(r"[`()（）:：=]|默认|[Dd]efault", desc)
        pointing = POINTS_OUT.search(desc) or points_out_zh(desc)
        return value, desc if plain and not pointing else None
    return None


def _asked(key: str, value: str, desc: str | None, product: str | None, zh: bool) -> Question:
    if zh:
        where = f"在 {product} 中，" if product else ""
        question = f"{where}{key}（{desc}）的默认值是什么？" if desc else f"{where}{key} 配置项的默认值是什么？"
    else:
        # "Field in Cookie" reads on as "field in Cookie"; "CSRF token …" keeps its capitals.
        desc = desc[0].lower() + desc[1:] if desc and desc[1:2].islower() else desc
        said = f"the {key} setting, {desc}," if desc else f"the {key} setting"
        question = f"What is the default value of {said}{in_product(product, key)}?".replace(",?", "?")
    return question, value_aliases(value), "default", "default_value", question
