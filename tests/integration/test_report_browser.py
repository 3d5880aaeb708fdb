"""report.html in a real headless Chromium: it renders, filters work, hostile text stays text.

Uses Debian's /usr/bin/chromium through playwright's executable_path: no browser is
ever downloaded. Without chromium the test skips, except under CI, where it fails.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ragstress.core.jsonl import write_json
from ragstress.reports.model import Estimate
from ragstress.reports.render.labels import fmt_estimate
from ragstress.reports.render.writer import write_report

_spec = importlib.util.spec_from_file_location(
    "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
)
make_runs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_runs)

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def _need_browser():
    problem = None
    if not Path(CHROMIUM).exists():
        problem = f"{CHROMIUM} is not installed (make test installs it when run as root)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "playwright is not installed (pip install -e '.[test]')"
    if problem:
        if os.environ.get("CI"):
            pytest.fail(f"CI requires the browser check: {problem}")
        pytest.skip(problem)


@pytest.fixture
def browser_page():
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            yield page
        finally:
            browser.close()


def test_report_renders_filters_and_keeps_hostile_text_inert(tmp_path, browser_page):
    page = browser_page
    run = make_runs.write_run(tmp_path / "run", "fragile", hostile=True)
    html_path = write_report(run).paths["report.html"]
    dialogs, errors, requests = [], [], []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(html_path.as_uri())
    page.wait_for_selector("details.case")

    cases = page.locator("details.case")
    total = cases.count()
    assert total == 24
    assert page.locator("#noise svg.chart polyline").count() == 1
    assert (
        page.locator("#noise h2 .zh").inner_text() == "" or page.locator("#noise h2 .zh").text_content() == "噪声鲁棒性"
    )

    # Open every case (builds the bodies from the JSON data), payloads included.
    for index in range(total):
        cases.nth(index).locator("summary").click()
    page.wait_for_timeout(300)
    case_text = page.inner_text("#case-list")
    for payload in make_runs.PAYLOADS:
        assert payload in case_text, payload  # shown literally, as text
    assert page.locator("#case-list img, #case-list iframe, #case-list svg, #case-list script").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert dialogs == [] and errors == []
    assert all(url.startswith("file://") for url in requests), requests  # nothing fetched from anywhere

    # Filters: failures only hides passing cases; testbed and language narrow further.
    passing = page.locator('details.case[data-outcome="pass"]')
    assert passing.count() > 0 and passing.first.is_visible()
    page.click("#filter-failures")
    assert all(not passing.nth(i).is_visible() for i in range(passing.count()))
    visible = page.locator("details.case:not([hidden])")
    assert (
        visible.count()
        == int(page.inner_text("#shown-count"))
        == sum(
            1
            for o in page.locator("details.case").evaluate_all("els => els.map(e => e.dataset.outcome)")
            if o in ("fail", "error")
        )
    )
    page.select_option("#filter-testbed", "negative")
    page.select_option("#filter-lang", "zh")
    assert {
        page.locator("details.case:not([hidden])").nth(i).get_attribute("data-case-id") for i in range(visible.count())
    } == {"neg-zh-0", "neg-zh-1"}
    page.click("#filter-errors")
    assert int(page.inner_text("#shown-count")) == 1

    # Language toggle: Chinese labels replace English ones.
    assert page.locator("#negative h2 .en").is_visible()
    page.click("#lang-toggle")
    assert page.locator("#negative h2 .zh").is_visible() and not page.locator("#negative h2 .en").is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "report-zh.png"))  # the top of the page with Chinese labels
    page.click("#lang-toggle")

    for box in ("#filter-errors", "#filter-failures"):
        page.click(box)
    page.select_option("#filter-testbed", "")
    page.select_option("#filter-lang", "")
    shot = ARTIFACTS / "report.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    assert page.evaluate("window.__pwned") is None and dialogs == []


def test_compare_page_renders_both_lines(tmp_path, browser_page):
    from ragstress.reports.compare import compare_runs
    from ragstress.reports.render.compare_render import write_comparison

    runs = [make_runs.write_run(tmp_path / name, name, hostile=True) for name in ("fragile", "robust")]
    # One case per seed question: the fixture's two noise seeds alone are no evidence either way.
    cases = [c.model_copy(update={"seed_id": f"seed-{c.id}"}) for c in make_runs.build_cases(hostile=True)]
    for run in runs:
        make_runs.write_records(run / "cases.jsonl", cases)
    comparison, reports = compare_runs(runs)
    paths = write_comparison(comparison, reports, tmp_path / "cmp")
    page = browser_page
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(paths["compare.html"].as_uri())
    assert page.locator("svg.chart polyline").count() == 2
    assert "B better" in page.inner_text("body")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "compare.png"), full_page=True)
    assert errors == []


def _need_poppler():
    missing = [tool for tool in ("pdftotext", "pdftoppm", "pdfinfo") if shutil.which(tool) is None]
    if missing:
        problem = f"{', '.join(missing)} not installed (poppler-utils; make test installs it when run as root)"
        if os.environ.get("CI"):
            pytest.fail(f"CI requires the PDF check: {problem}")
        pytest.skip(problem)


def _baseline_run(tmp_path: Path) -> Path:
    """The fixture run with run.json's target as the baseline records it: nested model, prompt records."""
    run = make_runs.write_run(tmp_path / "run", "fragile", hostile=True)
    target = {
        "spec": "baseline",
        "kind": "baseline",
        "model": {"role": "target", "model": "qwen2.5-7b", "base_url": "http://127.0.0.1:9/v1", "api_key": None},
        "prompts": [
            {"id": pid, "lang": lang, "version": 1, "sha": "8f02" + "c" * 60}
            for pid in ("baseline_system", "baseline_user", "baseline_closed_book")
            for lang in ("en", "zh")
        ],
    }
    for name in ("run.json", "score.json"):
        data = json.loads((run / name).read_text(encoding="utf-8"))
        write_json(run / name, {**data, "target": target})
    return run


def test_header_reads_as_words_and_methods_show_in_both_languages(tmp_path, browser_page):
    page = browser_page
    html_path = write_report(_baseline_run(tmp_path)).paths["report.html"]
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(html_path.as_uri())
    header = page.locator("section#run")
    visible = page.inner_text("body")
    assert "{'" not in visible and "[{" not in visible
    assert "The built-in baseline RAG chain, answering with model qwen2.5-7b at 127.0.0.1:9" in visible
    # Prompts sit collapsed: the summary shows their number, the list appears when opened.
    prompts = page.locator("details.prompts").first
    assert "Target prompts (6)" in prompts.inner_text() and not prompts.locator("li").first.is_visible()
    prompts.locator("summary").click()
    assert prompts.locator("li").count() == 6 and prompts.locator("li").first.inner_text() == (
        "baseline_system (en) v1 · 8f02cccc"
    )
    assert page.locator("#card table.card tbody tr").count() == 12
    ARTIFACTS.mkdir(exist_ok=True)
    header.screenshot(path=str(ARTIFACTS / "report-header.png"))
    methods = page.locator("#methods")
    assert methods.locator("h2 .en").inner_text() == "Methods"
    assert "Counterfactual known subset" in methods.inner_text() and "Wilson" in methods.inner_text()
    page.click("#lang-toggle")
    zh = methods.inner_text()
    assert methods.locator("h2 .zh").inner_text() == "方法说明" and "反事实：已知子集" in zh and "整群自助法" in zh
    assert "Counterfactual known subset" not in zh  # only the Chinese text shows
    assert "{'" not in page.inner_text("body") and "[{" not in page.inner_text("body")
    page.screenshot(path=str(ARTIFACTS / "report-methods-zh.png"), full_page=True)
    assert errors == []


def test_report_pdf_has_every_headline_number_and_its_pages_render(tmp_path):
    _need_browser()
    _need_poppler()
    from typer.testing import CliRunner

    from ragstress.cli import app

    run = make_runs.write_run(tmp_path / "run", "fragile")
    result = CliRunner().invoke(app, ["report", str(run), "--pdf"])
    assert result.exit_code == 0, result.output
    pdf = run / "report.pdf"
    assert pdf.read_bytes().startswith(b"%PDF") and f"wrote {pdf}" in " ".join(result.output.split())
    text = " ".join(
        subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split()
    )
    report = json.loads((run / "report.json").read_text(encoding="utf-8"))
    card = [Estimate.model_validate(row["headline"]) for row in report["card"]]
    assert len(card) == 12
    for estimate in card:
        assert fmt_estimate(estimate) in text, fmt_estimate(estimate)
    assert "Results card" in text and "Methods" in text
    pages = int(
        re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout)[1]
    )
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(tmp_path / "page")], check=True, timeout=120)
    rendered = sorted(tmp_path.glob("page-*.png"))
    assert len(rendered) == pages >= 2
    assert all(p.stat().st_size > 2_000 for p in rendered)
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copyfile(rendered[0], ARTIFACTS / "report-pdf-page1.png")
