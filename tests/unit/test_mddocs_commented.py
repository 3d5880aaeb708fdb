"""Defaults a guide states in the comments of its configuration examples, in English and Chinese."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.mddocs_commented import commented_defaults

_EXAMPLE = """Brewing

```js
// config/config.default.js
config.brew = {
  steep: {
    leafName: 'green', // the leaf to brew, default is black
    useTimer: true, // 默认为 false，设置为 true 时会计时
    cupName: 'mug', // 杯子的名称，默认为 cup
    cups: [
      { size: 2 }, // default is 1
    ],
  },
  enable: true, // default is false
};
```
"""


def _asked(text: str) -> dict[str, list[str]]:
    chunk = Chunk(id="c1", doc_id="brew.md", text=text, start=0, end=len(text))
    return {q[0]: q[1] for q in commented_defaults(chunk, "Kettle")}


def test_the_comment_default_is_asked_by_the_key_path():
    asked = _asked(_EXAMPLE)
    assert asked["What is the default value of the brew.steep.leafName setting, the leaf to brew, in Kettle?"] == [
        "black"
    ]
    assert asked["在 Kettle 中，brew.steep.useTimer 配置项的默认值是什么？"] == ["false"]
    assert asked["在 Kettle 中，brew.steep.cupName（杯子的名称）的默认值是什么？"] == ["cup"]
    assert asked["What is the default value of the brew.enable setting in Kettle?"] == ["false"]


def test_a_key_inside_an_array_or_outside_code_is_not_asked():
    asked = _asked(_EXAMPLE)
    assert not any("size" in q for q in asked)
    assert not _asked("leafName: 'green', // default is black\n")


def test_an_object_with_no_start_the_path_can_name_is_not_asked():
    assert not _asked("```js\nfoo({\n  leafName: 'green', // default is black\n});\n```\n")
