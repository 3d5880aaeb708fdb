"""The publishable front of a report: the header's fields in words, the prompt lists and the methods.

Shared by report.md and report.html, so both say the same thing. Values are plain text
here; each renderer escapes them its own way.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from ragstress.reports.describe import endpoint_in_words
from ragstress.reports.model import MethodNote, PromptRef, Report, RunHeader
from ragstress.reports.render.labels import bi_span, errors_by_testbed

METHODS_TITLE = ("Methods", "方法说明")
FIELD_LABELS: dict[str, tuple[str, str]] = {
    "run": ("Run", "运行"),
    "target": ("Target", "被测系统"),
    "mode": ("Mode", "模式"),
    "generator": ("Test-set generator", "测试集生成模型"),
    "judge": ("Judge", "评审模型"),
    "rule_sets": ("Rule sets", "规则集"),
    "corpus": ("Corpus fingerprint", "语料指纹"),
    "testset": ("Test-set fingerprint", "测试集指纹"),
    "tool_version": ("Tool version", "工具版本"),
    "seed": ("Random seed", "随机种子"),
    "time": ("Started / ended", "开始 / 结束"),
    "wall": ("Wall time (s)", "耗时（秒）"),
    "cases": ("Cases", "用例"),
    "responses": ("Responses", "回答"),
    "target_errors": ("Target errors by testbed", "各测试集的目标出错数"),
    "scores": ("Scores", "评分"),
    "target_prompts": ("Target prompts", "被测系统提示词"),
    "judge_prompts": ("Judge prompts", "评审提示词"),
}


def _judge(h: RunHeader) -> str | None:
    if h.judge is None or not h.judge.model:
        return None
    words = endpoint_in_words({"model": h.judge.model, "base_url": h.judge.base_url, "bundled": h.judge.bundled})
    if words and h.judge_calls_per_case is not None:
        words += f"; {h.judge_calls_per_case:.2f} calls per judged case"
    return words


def header_fields(h: RunHeader) -> list[tuple[str, str | None]]:
    """(field key, plain-text value or None for not recorded), in display order."""
    c = h.counts
    by = ", ".join(f"{k} {v}" for k, v in {**c.cases_by_testbed, **c.cases_by_lang}.items())
    started = f"{h.started_at or '—'} / {h.ended_at or '—'}" if h.started_at or h.ended_at else None
    return [
        ("run", h.run_name),
        ("target", h.target_summary),
        ("mode", h.mode),
        ("generator", h.generator),
        ("judge", _judge(h)),
        ("rule_sets", "; ".join(h.rule_sets) or None),
        ("corpus", h.corpus_fingerprint),
        ("testset", h.testset_fingerprint),
        ("tool_version", f"ragstress {h.tool_version}" if h.tool_version else None),
        ("seed", None if h.random_seed is None else str(h.random_seed)),
        ("time", started),
        ("wall", ", ".join(f"{k} {v:.1f}" for k, v in h.wall_time_s.items()) or None),
        ("cases", f"{c.cases} ({by})" if by else str(c.cases)),
        ("responses", f"{c.responses}; errors {c.response_errors}; missing {c.missing_responses}"),
        ("target_errors", errors_by_testbed(h)),
        (
            "scores",
            f"{c.scores}; scored {c.scored}; unscored {c.unscored}"
            + (f" ({c.unscored_over_budget} over the judge budget)" if c.unscored_over_budget else "")
            + f"; errors {c.score_errors}",
        ),
    ]


def prompt_line(p: PromptRef) -> str:
    """'baseline_system (en) v1 · 8f02ab3c'."""
    parts = [p.id + (f" ({p.lang})" if p.lang else "")]
    if p.version is not None:
        parts.append(f"v{p.version}")
    return " ".join(parts) + (f" · {p.sha8}" if p.sha8 else "")


def prompt_lists(h: RunHeader) -> list[tuple[str, list[PromptRef]]]:
    """The header's prompt lists that are not empty: (field key, prompts)."""
    return [
        (key, refs) for key, refs in (("target_prompts", h.target_prompts), ("judge_prompts", h.judge_prompts)) if refs
    ]


def prompts_html(h: RunHeader) -> str:
    """Each prompt list as a collapsed <details>: its summary says how many, opening it lists them."""
    blocks = []
    for key, refs in prompt_lists(h):
        items = "".join(f"<li><code>{escape(prompt_line(p), quote=True)}</code></li>" for p in refs)
        blocks.append(
            f'<details class="prompts"><summary>{bi_span(FIELD_LABELS[key])} ({len(refs)})</summary>'
            f"<ul>{items}</ul></details>"
        )
    return "".join(blocks)


def prompts_markdown(h: RunHeader, cell: Callable[[object], str]) -> list[str]:
    """Each prompt list as a collapsed <details> block (GitHub renders it; plain viewers show a short list)."""
    lines = []
    for key, refs in prompt_lists(h):
        lines += [f"<details><summary>{' · '.join(FIELD_LABELS[key])} ({len(refs)})</summary>", ""]
        lines += [f"- {cell(prompt_line(p))}" for p in refs]
        lines += ["", "</details>", ""]
    return lines


def _paragraphs(note: MethodNote, lang: str) -> list[str]:
    return note.text_en if lang == "en" else note.text_zh


def methods_html(report: Report) -> str:
    """The methods section: each note's title and paragraphs, English and Chinese in their own spans."""
    if not report.methods:
        return ""
    parts = [f'<section id="methods"><h2>{bi_span(METHODS_TITLE)}</h2>']
    for note in report.methods:
        parts.append(f'<h3 id="methods-{escape(note.key, quote=True)}">{bi_span((note.title_en, note.title_zh))}</h3>')
        for lang in ("en", "zh"):
            items = "".join(f"<li>{escape(text, quote=True)}</li>" for text in _paragraphs(note, lang))
            parts.append(f'<ul class="{lang} methods-{lang}" lang="{lang}">{items}</ul>')
    return "".join(parts) + "</section>"


def methods_markdown(report: Report, cell: Callable[[object], str]) -> list[str]:
    """The methods section in Markdown: English, then Chinese, under each note's bilingual title."""
    if not report.methods:
        return []
    lines = [f"## {' · '.join(METHODS_TITLE)}", ""]
    for note in report.methods:
        lines += [f"### {cell(note.title_en)} · {cell(note.title_zh)}", ""]
        lines += [f"- {cell(text)}" for text in note.text_en] + [""]
        lines += [f"- {cell(text)}" for text in note.text_zh] + [""]
    return lines
