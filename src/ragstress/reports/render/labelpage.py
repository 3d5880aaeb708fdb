"""A static HTML page for filling a label file: no server, no network, saves the CSV itself.

The rows (question, passages, response, what the metric asks) are JSON inside the page;
the script shows them with textContent only and builds the same CSV as `label_csv`, with
the chosen labels, as a download. A Content-Security-Policy allows only that script.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable
from html import escape
from importlib import resources

from ragstress.reports.judge.labelfile import COLUMNS, LabelRow

UI = {
    "title": "Label judged cases · 标注评审用例",
    "help": (
        "For each row, answer what the metric asks about the response (1 = yes, 0 = no), then save the file and "
        "give it to `ragstress calibrate`. · 对每一行，按指标所问判断回答（1 = 是，0 = 否），保存文件后交给 "
        "`ragstress calibrate`。"
    ),
    "yes": "1 yes · 是",
    "no": "0 no · 否",
    "skip": "skip · 跳过",
    "passages": "passages · 段落",
    "save": "Save label file · 保存标注文件",
}
_CSS = """
body { font-family: system-ui, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; max-width: 900px;
  margin: 0 auto; padding: 1rem; line-height: 1.45; }
fieldset.row { margin: 1rem 0; border: 1px solid #ccc; border-radius: 6px; }
.asks { color: #555; font-size: .9em; } .question { font-weight: 600; }
pre.response { white-space: pre-wrap; background: #f6f8fa; padding: .5rem; }
label { margin-right: 1.2rem; } #bar { position: sticky; top: 0; background: #fff; padding: .5rem 0; }
"""


def _script() -> str:
    return resources.files("ragstress.reports.render").joinpath("templates", "label.js").read_text(encoding="utf-8")


def label_page(rows: Iterable[LabelRow], filename: str) -> str:
    """The labelling page for `rows`; its Save button downloads `filename`."""
    data = {
        "columns": list(COLUMNS),
        "filename": filename,
        "labels": {k: UI[k] for k in ("yes", "no", "skip", "passages")},
        "rows": [
            {
                "case_id": r.case_id,
                "metric": r.metric,
                "testbed": r.testbed,
                "lang": r.lang,
                "question": r.question,
                "response": r.response,
                "asks": r.asks,
                "passages": list(r.passages),
            }
            for r in rows
        ],
    }
    payload = (
        json.dumps(data, ensure_ascii=False).replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
    )
    script = _script()
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    csp = f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'; base-uri 'none'; form-action 'none'"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{escape(csp)}">'
        f'<meta name="referrer" content="no-referrer"><title>{escape(UI["title"])}</title><style>{_CSS}</style></head>'
        f"<body><h1>{escape(UI['title'])}</h1><p>{escape(UI['help'])}</p>"
        f'<div id="bar"><button id="save" type="button">{escape(UI["save"])}</button> <span id="status"></span></div>'
        '<div id="rows"></div>'
        f'<script type="application/json" id="label-data">{payload}</script>'
        f"<script>{script}</script></body></html>\n"
    )
