"""Markdown product docs read as their rendered page, and Sphinx's published sources in their own format."""

from __future__ import annotations

import re
from pathlib import Path

from ragstress.corpora.code_blocks import code_lines
from ragstress.corpora.loaders import load_corpus
from ragstress.corpora.md_reader import markdown_to_text, render_inline
from ragstress.corpora.readers import FILE_READERS, reader_for

MDDOCS = Path(__file__).parents[1] / "data" / "formats" / "mddocs"
MARKUP = re.compile(r"`|\*\*|\{[*#]|\*\}|--8<--|/{3}|!!!|<[a-z]+|\]\(|^#+ ", re.MULTILINE)


def _prose(text: str) -> str:
    return "\n".join(line for line, code in zip(text.split("\n"), code_lines(text)) if not code)


def test_each_markup_kind_is_read_as_the_page_shows_it():
    title, text = markdown_to_text((MDDOCS / "tuning.md").read_text(encoding="utf-8"))
    assert title == "Tuning the Kettle Server"
    assert "\nTimeouts\n" in text and "{ #timeouts }" not in text
    assert "The timeout parameter of Kettle() sets how long a request may run." in text
    assert "Use Infuser to declare a brewing step on a route." in text  # an admonition's body is prose
    assert "Technical Details" not in text and "note" not in text
    assert "The retries parameter defaults to 3." in text.replace("\n", " ")  # `!!!` body, dedented
    assert "- Send a keep-alive ping every 15 seconds" in text
    assert "- Read the deployment guide for the rest." in text
    assert "The KML loader reads recipes." in text
    assert "snippets/footer.md" not in text and "tuning_001.py" not in text
    assert "setting | default" in text and "pool | 8" in text and "-----" not in text
    assert MARKUP.search(_prose(text)) is None, MARKUP.search(_prose(text))
    # A code block stays code, its comment included.
    assert "```python\n# a comment, not a heading\nkettle = Kettle(timeout=30)\n```" in text


def test_chinese_docs_lose_their_markup_too():
    title, text = markdown_to_text((MDDOCS / "tuning.zh.md").read_text(encoding="utf-8"))
    assert title == "调优 Kettle 服务器"
    assert "Kettle() 的 timeout 参数设置单个请求可运行的时长，默认值为 30 秒。" in text
    assert "- 在没有事件发送时，每 15 秒发送一次保活 ping。" in text  # emphasis beside Han characters
    assert "- 其余内容请阅读部署指南。" in text
    assert "使用 Infuser 来声明路由上的冲泡步骤。" in text and "提示" not in text
    assert MARKUP.search(_prose(text)) is None


def test_inline_markup_keeps_names_with_underscores_and_stars_in_code():
    assert render_inline("set `max_length` to **50** and `a*b*c`") == "set max_length to 50 and a*b*c"
    assert render_inline("snake_case_name stays, _this_ goes") == "snake_case_name stays, this goes"
    assert render_inline(r"an escaped \*star\*") == "an escaped *star*"
    assert render_inline("see {func}`~pkg.mod.run` and {ref}`the guide <guide>`") == "see run and the guide"


def test_myst_directive_fences_are_prose_and_code_fences_code():
    source = "# Page\n\n```{note}\n:class: small\nRead this first.\n```\n\n```{code-block} python\nx = 1\n```\n"
    _, text = markdown_to_text(source)
    assert "Read this first." in text and "class" not in text and "{note}" not in text
    assert "```python\nx = 1\n```" in text


def test_sphinx_sources_are_read_in_their_own_format(tmp_path: Path):
    sources = tmp_path / "_sources"
    sources.mkdir()
    (sources / "kettle.rst.txt").write_text(
        "Kettle\n======\n\n.. function:: brew(cups=2)\n\n   Brew *cups* cups of tea.\n\n   .. versionadded:: 2.4\n",
        encoding="utf-8",
    )
    (sources / "guide.md.txt").write_text("# Guide\n\nUse `Brew` to **declare** a step.\n", encoding="utf-8")
    (sources / "notes.txt").write_text("Plain *notes* stay as written.\n", encoding="utf-8")
    assert reader_for("_sources/kettle.rst.txt") is FILE_READERS[".rst"]
    assert reader_for("_sources/guide.md.txt") is FILE_READERS[".md"]
    docs = {d.id: d for d in load_corpus(tmp_path).documents}
    kettle = docs["_sources/kettle.rst.txt"]
    assert kettle.title == "Kettle" and "brew(cups=2)" in kettle.text and "Added in version 2.4." in kettle.text
    assert ".. function::" not in kettle.text and "*cups*" not in kettle.text
    assert docs["_sources/guide.md.txt"].title == "Guide"
    assert "Use Brew to declare a step." in docs["_sources/guide.md.txt"].text
    assert docs["_sources/notes.txt"].text == "Plain *notes* stay as written.\n"


def test_soft_wrapped_lines_join_their_paragraph_or_item():
    source = (
        "# Wrapped\n\nThe dns module enables name\nresolution through the system.\n\n"
        "* an item that goes\n  on here\n* a second item\n\n调优服务器时，请先\n阅读本页。\n\n```js\na = 1\nb = 2\n```\n"
    )
    _, text = markdown_to_text(source)
    assert "The dns module enables name resolution through the system." in text
    assert "- an item that goes on here\n- a second item" in text
    assert "调优服务器时，请先阅读本页。" in text
    assert "```js\na = 1\nb = 2\n```" in text  # code keeps its lines


def test_a_front_matter_title_heads_a_page_without_a_level_one_heading():
    title, text = markdown_to_text("---\ncategory: Widgets\ntitle: Dial\n---\n\n## When to use\n\nTurn it.\n")
    assert title == "Dial" and text.startswith("Dial\n\nWhen to use")
    title, text = markdown_to_text("---\ntitle: 'Ignored'\n---\n\n# Dial knob\n\nTurn it.\n")
    assert title == "Dial knob" and "Ignored" not in text


def test_a_front_matter_description_leads_a_page_its_front_matter_titles():
    page = (
        "---\ntitle: 'useSteam'\ndescription: 'Read the <SteamGauge> state of the pot.'\n---\n\n## Usage\n\nCall it.\n"
    )
    title, text = markdown_to_text(page)
    assert title == "useSteam"
    assert text.startswith("useSteam\n\nRead the <SteamGauge> state of the pot.\n\nUsage")
    # A page with its own heading renders no front matter: its description stays out, as before.
    title, text = markdown_to_text("---\ntitle: Dial\ndescription: Meta text.\n---\n\n# Dial knob\n\nTurn it.\n")
    assert "Meta text" not in text
    # A folded block scalar ("description: >") is not read as the text ">".
    _, text = markdown_to_text("---\ntitle: Dial\ndescription: >\n  Turn it.\n---\n\nBody.\n")
    assert text.startswith("Dial\n\nBody.")


def test_container_admonitions_and_alerts_leave_no_marker_in_the_text():
    page = (
        "# Cache\n\nThe cache lives on disk.\n\n:::tip\nClear it after an upgrade.\n:::\n\n"
        "::: warning Breaking change\nThe folder moved in v3.\n:::\n\n"
        "> [!NOTE]\n> Only the CLI reads it.\n\n> [!caution] Never commit the folder.\n"
    )
    _, text = markdown_to_text(page)
    assert ":::" not in text and "[!" not in text.upper()
    lines = text.split("\n")
    assert "Clear it after an upgrade." in lines  # the body is its own paragraph, not joined to "tip"
    assert "tip" not in text and "warning" not in text
    assert "Breaking change" in lines and "The folder moved in v3." in lines
    assert "Never commit the folder." in lines


def test_a_myst_colon_directive_still_reads_as_before():
    _, text = markdown_to_text("# T\n\n:::{note} Title\nBody text.\n:::\n")
    assert text == "T\n\nBody text."
