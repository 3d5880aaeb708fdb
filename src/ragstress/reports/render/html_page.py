"""The HTML building blocks every ragstress page is made of, and the rules that keep them safe with hostile text.

Safety rules, in order of defence:
1. every piece of corpus or model text in the static markup goes through `esc`
   (html.escape with quote=True, so it is safe in attributes too);
2. case data for the drill-down is JSON inside <script type="application/json"> with
   <, > and & written as \\u003c etc., so no text can close the script element; the
   script reads it with JSON.parse and writes it with textContent only;
3. a Content-Security-Policy allows only the one inline script (by its hash) and no
   network at all, so even a missed escape could neither run code nor fetch anything.

report.html (render.html) and the comparison page (render.compare_render) are both built from
these, so the rules hold in one place for both.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from html import escape
from importlib import resources
from typing import Any

from ragstress.reports.model import MetricInfo
from ragstress.reports.render.labels import LABELS, bi_span, metric_label

_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


def esc(text: object) -> str:
    """Escape any text for HTML content or a quoted attribute."""
    return escape(str(text), quote=True)


def json_for_script(data: Any) -> str:
    """JSON that is inert inside a <script> element, whatever strings it holds."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _template(name: str) -> str:
    return resources.files("ragstress.reports.render").joinpath("templates", name).read_text(encoding="utf-8")


def page(title: str, body: str, data: Any) -> str:
    """A complete HTML page around `body` (already escaped markup) with `data` for the script."""
    script = _template("report.js")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    values = {
        "title": esc(title),
        "css": _template("report.css"),
        "body": body,
        "data": json_for_script(data),
        "script": script,
        "script_hash": f"sha256-{digest}",
    }
    # One pass: text substituted in is never scanned for placeholders again.
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], _template("report.html"))


def bi(key: str, tag: str = "span") -> str:
    """A label in both languages; CSS shows the one the toggle selects."""
    return bi_span(LABELS[key], tag)


def bi_metric(metric: str, table: Mapping[str, MetricInfo]) -> str:
    en, zh = metric_label(metric, table)
    return f'<span class="en" lang="en">{esc(en)}</span><span class="zh" lang="zh">{esc(zh)}</span>'


def table(header: list[str], rows: list[list[str]], css_class: str = "") -> str:
    """A table from already-escaped cells."""
    head = "".join(f"<th>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{esc(css_class)}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
