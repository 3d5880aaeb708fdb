"""MDX pages read as their rendered page: module statements and MDX comments left out, code kept."""

from __future__ import annotations

from ragstress.corpora.mdx_reader import mdx_to_markdown
from ragstress.corpora.readers import reader_for

PAGE_EN = """---
title: Brewing with Kettle
---
import { Tabs,
  TabItem } from '@kettle/components';
import Aside from '../aside.mdx';
export const steps = {
  first: 'fill',
  second: 'boil',
};

{/* Keep this page in step with the brewing guide. */}
Use `kettle.brew()` to brew a pot of tea.

<Tabs>
  <TabItem label="npm">Install the `kettle-cli` package.</TabItem>
</Tabs>

```js
import { brew } from 'kettle';
export default brew;
```

import statements in your own code are left as they are by Kettle.
"""

PAGE_ZH = """---
title: 使用 Kettle 泡茶
---
import { Steps } from '@kettle/components';

{/* 与英文页面保持同步 */}
调用 `kettle.brew()` 可以泡一壶茶。

<Steps>
1. 安装 `kettle-cli` 包。
</Steps>
"""


def test_an_mdx_page_reads_as_its_rendered_text(tmp_path):
    path = tmp_path / "brewing.mdx"
    path.write_text(PAGE_EN, encoding="utf-8")
    page = reader_for(path.name)(path)
    assert page.title == "Brewing with Kettle"
    assert "Use kettle.brew() to brew a pot of tea." in page.text
    assert "Install the kettle-cli package." in page.text
    for left_out in ("@kettle/components", "aside.mdx", "second: 'boil'", "Keep this page", "<Tabs>", "TabItem"):
        assert left_out not in page.text
    # A code block keeps its module statements; a prose line that opens with the word "import" stays.
    assert "import { brew } from 'kettle';\nexport default brew;" in page.text
    assert "import statements in your own code are left as they are by Kettle." in page.text


def test_a_chinese_mdx_page(tmp_path):
    path = tmp_path / "brewing.mdx"
    path.write_text(PAGE_ZH, encoding="utf-8")
    page = reader_for(path.name)(path)
    assert page.title == "使用 Kettle 泡茶"
    assert "调用 kettle.brew() 可以泡一壶茶。" in page.text
    assert "安装 kettle-cli 包。" in page.text
    assert "Steps" not in page.text and "保持同步" not in page.text


def test_a_statement_left_open_leaves_out_only_itself():
    text = mdx_to_markdown("import {\n  a,\n  b,\n} from 'x';\nKettle boils water.\n")
    assert text == "Kettle boils water.\n"
