"""The labelling page in a real headless Chromium: rows render as text, and Save writes a file calibrate reads."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ragstress.reports.judge.labelfile import LabelRow, read_labels
from ragstress.reports.render.labelpage import label_page

_spec = importlib.util.spec_from_file_location("report_browser", Path(__file__).parent / "test_report_browser.py")
_browser = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_browser)
browser_page = _browser.browser_page

HOSTILE = '<img src=x onerror="alert(1)"> "quoted, with comma"'
FORMULA = '=HYPERLINK("http://127.0.0.1/x","click")'


def _rows() -> list[LabelRow]:
    return [
        LabelRow("case-1", "rag_judge", "noise", "en", "Where is it?", "In Paris.", "Is it correct?", ("Paris.",)),
        LabelRow("case-2", "rag_judge", "noise", "zh", "它在哪里？", HOSTILE, "回答正确吗？", ("巴黎。", "噪声")),
        LabelRow("case-3", "rejection_judged", "negative", "en", "Who?", "I can not answer.", "Refuses?", ()),
        LabelRow("case-4", "rag_judge", "noise", "en", "@SUM(1)?", FORMULA, "Is it correct?", ("=1+1",)),
    ]


def test_label_page_saves_a_label_file_that_calibrate_reads(tmp_path, browser_page):
    page = browser_page
    html = tmp_path / "labels.html"
    html.write_text(label_page(_rows(), "labels.csv"), encoding="utf-8")
    dialogs, errors, requests = [], [], []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(html.as_uri())
    page.wait_for_selector("fieldset.row")
    assert page.locator("fieldset.row").count() == 4
    assert page.locator("fieldset.row >> nth=1").locator("pre.response").inner_text() == HOSTILE
    page.check('input[name="row-0"][value="1"]')
    page.check('input[name="row-1"][value="0"]')
    page.check('input[name="row-3"][value="1"]')
    assert page.locator("#status").inner_text() == "3 / 4"
    with page.expect_download() as download_info:
        page.click("#save")
    saved = tmp_path / "saved.csv"
    download_info.value.save_as(saved)
    # A response that starts like a formula is saved as text, and read back as the response it was.
    assert "'=HYPERLINK(" in saved.read_text(encoding="utf-8-sig")
    assert ',"=HYPERLINK(' not in saved.read_text(encoding="utf-8-sig")
    labels = read_labels(saved, answers={"case-1": "In Paris.", "case-2": HOSTILE, "case-4": FORMULA})
    assert labels.labels == {("case-1", "rag_judge"): 1.0, ("case-2", "rag_judge"): 0.0, ("case-4", "rag_judge"): 1.0}
    assert labels.n_rows == 4 and labels.n_blank == 1 and labels.n_stale == 0
    assert dialogs == [] and errors == []
    assert all(url.startswith(("file:", "blob:")) for url in requests), requests


def test_report_curves_render_in_the_browser(tmp_path, browser_page):
    from ragstress.reports.render.writer import write_report

    page = browser_page
    run = _browser.make_runs.write_run(tmp_path / "run", "fragile")
    html_path = write_report(run).paths["report.html"]
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(html_path.as_uri())
    charts = page.locator("#curves svg.curve-chart")
    assert charts.count() == 2  # accuracy and the judged correctness
    box = charts.first.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
    assert page.locator("#curves svg.curve-chart polygon.band").count() >= 2
    assert errors == []
