"""report.pdf: report.html printed by a headless Chromium already on the machine.

No browser is ever downloaded: the one named by RAGSTRESS_CHROMIUM, else the first of
the usual Chromium/Chrome commands on PATH, prints the page with its print stylesheet.
Without one, `find_browser` returns None and the caller says so; a browser that fails
raises PdfError with its own message. The PDF is written to a temporary file and moved
into place, so a failed print never leaves a partial report.pdf.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

PDF_FILE = "report.pdf"
BROWSER_ENV = "RAGSTRESS_CHROMIUM"
BROWSER_COMMANDS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
PRINT_TIMEOUT_S = 120
NO_BROWSER = (
    "no Chromium or Chrome found (looked for {env} and {commands} on PATH); install one "
    "(Debian: apt-get install chromium) or set {env} to its path"
)


class PdfError(RuntimeError):
    """The browser ran but produced no PDF."""


def find_browser() -> str | None:
    """The browser to print with: $RAGSTRESS_CHROMIUM if set and present, else one on PATH."""
    named = os.environ.get(BROWSER_ENV)
    if named:
        return named if Path(named).is_file() or shutil.which(named) else None
    for command in BROWSER_COMMANDS:
        if found := shutil.which(command):
            return found
    return None


def no_browser_message() -> str:
    """Why no browser was found and how to get one."""
    named = os.environ.get(BROWSER_ENV)
    if named:
        return f"{BROWSER_ENV}={named} is not an executable file; point it at a Chromium or Chrome binary"
    return NO_BROWSER.format(env=BROWSER_ENV, commands=", ".join(BROWSER_COMMANDS))


def print_pdf(html_path: Path, pdf_path: Path, browser: str, *, timeout_s: float = PRINT_TIMEOUT_S) -> Path:
    """Print `html_path` to `pdf_path` with `browser` (headless, no network, a throwaway profile)."""
    html_path, pdf_path = Path(html_path).resolve(), Path(pdf_path)
    pdf_path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ragstress-pdf-") as scratch:
        out = Path(scratch) / "report.pdf"
        command = [
            browser,
            "--headless",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--no-default-browser-check",
            "--no-pdf-header-footer",
            f"--user-data-dir={Path(scratch) / 'profile'}",
            f"--print-to-pdf={out}",
            html_path.as_uri(),
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.insert(1, "--no-sandbox")  # Chromium refuses to start as root with its sandbox on
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, check=False)
        except subprocess.TimeoutExpired:
            raise PdfError(f"{browser} did not finish printing {html_path} within {timeout_s:g}s") from None
        except OSError as exc:
            raise PdfError(f"cannot start {browser}: {exc}") from None
        if not out.is_file() or not out.read_bytes().startswith(b"%PDF"):
            tail = (done.stderr or done.stdout or "").strip().splitlines()[-3:]
            raise PdfError(f"{browser} wrote no PDF for {html_path} (exit {done.returncode}): {' | '.join(tail)}")
        tmp = pdf_path.with_name(f".{pdf_path.name}.tmp")
        shutil.copyfile(out, tmp)
        os.replace(tmp, pdf_path)
    return pdf_path
