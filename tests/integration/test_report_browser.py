"""report.html in a real headless Chromium: it renders, filters work, hostile text stays text.

Uses Debian's /usr/bin/chromium through playwright's executable_path: no browser is
ever downloaded. Without chromium the test skips, except under CI, where it fails.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from ragstress.reports.writer import write_report

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
    from ragstress.reports.compare_render import write_comparison

    runs = [make_runs.write_run(tmp_path / name, name, hostile=True) for name in ("fragile", "robust")]
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
