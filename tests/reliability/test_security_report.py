"""Every piece of corpus and model text in report.html stays text, in a real headless Chromium.

The run is the report fixtures' hostile run with injection payloads planted in every field
the report shows: case ids (attribute values), questions, answers and fake answers,
passages, responses and closed-book answers, target errors, score labels, explanations
and errors, the target spec, model names and the run directory's name. Each payload
would set `window.__pwned` or change `document.title` if it ever ran.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from ragstress.core.jsonl import read_json, write_json
from ragstress.reports.render.writer import write_report

_spec = importlib.util.spec_from_file_location(
    "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
)
make_runs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_runs)

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
PAYLOADS = {
    "script": "<script>window.__pwned='script';document.title='PWNED'</script>",
    "img": "<img src=x onerror=\"window.__pwned='img';document.title='PWNED'\">",
    "attr": '" onmouseover="window.__pwned=\'attr\'" data-x="',
    "attr1": "' onfocus='window.__pwned=1' autofocus x='",
    "break": "</textarea></title></style></script><svg/onload=window.__pwned='svg'>",
    "href": "javascript:window.__pwned='href'",
    "template": "${window.__pwned='tpl'}{{constructor.constructor('window.__pwned=1')()}}",
    "zh": "<b>注入</b>：评分<i>1</i>",
}
HANDLERS = "[onmouseover],[onerror],[onload],[onfocus],[autofocus],a[href^='javascript']"


def _rewrite(path: Path, change) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    path.write_text("".join(json.dumps(change(r), ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def hostile_run(root: Path) -> Path:
    """The report fixtures' hostile run, with payloads added to every other field the report shows."""
    run = make_runs.write_run(root / f"run {PAYLOADS['attr']}{PAYLOADS['zh']}", "fragile", hostile=True)
    new_id = {}

    def case(row):
        new_id[row["id"]] = row["id"] + PAYLOADS["attr"]
        row["id"] = new_id[row["id"]]
        row["seed_id"] += PAYLOADS["attr1"]
        row["answers"] = [[alias, f"{alias} {PAYLOADS['img']}"] for aliases in row["answers"] for alias in aliases[:1]]
        if row.get("fake_answer"):
            row["fake_answer"] = [f"{row['fake_answer'][0]} {PAYLOADS['break']}"]
        for context in row["contexts"]:
            context["text"] += f" {PAYLOADS['template']} {PAYLOADS['zh']}"
            context["chunk_id"] = (context.get("chunk_id") or "c") + PAYLOADS["attr"]
        return row

    def response(row):
        row["case_id"] = new_id[row["case_id"]]
        row["answer"] += f" {PAYLOADS['script']} {PAYLOADS['href']}"
        if row.get("error"):
            row["error"] += f" {PAYLOADS['img']}"
        return row

    def score(row):
        row["case_id"] = new_id[row["case_id"]]
        row["label"] = (row.get("label") or "") + PAYLOADS["attr1"]
        row["explanation"] = (row.get("explanation") or "") + PAYLOADS["script"]
        if row.get("error"):
            row["error"] += PAYLOADS["break"]
        return row

    _rewrite(run / "cases.jsonl", case)
    _rewrite(run / "responses.jsonl", response)
    _rewrite(run / "scores.jsonl", score)
    record = read_json(run / "run.json")
    record["target"]["spec"] = f"python:rag.{PAYLOADS['img']}:answer"
    record["models"]["target"]["model"] = PAYLOADS["script"]
    record["llm_usage"]["target"]["model"] = PAYLOADS["attr"]
    write_json(run / "run.json", record)
    return run


@pytest.fixture
def page():
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (make test installs it when run as root)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        try:
            yield browser.new_page(viewport={"width": 1200, "height": 900})
        finally:
            browser.close()


def test_report_shows_injected_text_as_text_and_runs_none_of_it(tmp_path, page):
    run = hostile_run(tmp_path)
    html = write_report(run).paths["report.html"]
    dialogs, errors, requests = [], [], []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(html.as_uri())
    page.wait_for_selector("details.case")
    title = page.title()

    cases = page.locator("details.case")
    assert cases.count() == 24
    for index in range(cases.count()):  # opening a case builds its body from the embedded data
        cases.nth(index).locator("summary").click()
    page.mouse.move(300, 300)
    page.keyboard.press("Tab")
    page.wait_for_timeout(300)

    assert page.evaluate("window.__pwned") is None
    assert "PWNED" not in page.title() and page.title() == title and title.startswith("RAG robustness report")
    assert page.locator(HANDLERS).count() == 0
    assert (
        page.locator("#case-list script, #case-list img, #case-list svg, #case-list iframe, #case-list b").count() == 0
    )
    assert dialogs == [] and errors == []
    assert all(url.startswith("file://") for url in requests), requests

    body = page.inner_text("body")
    shown = {name: payload in body for name, payload in PAYLOADS.items()}
    assert all(shown.values()), shown  # every payload is on the page, literally
    case_ids = page.locator("details.case").evaluate_all("els => els.map(e => e.dataset.caseId)")
    assert all(cid.endswith(PAYLOADS["attr"]) for cid in case_ids)  # the attribute value kept its quotes, as data
