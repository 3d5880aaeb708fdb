"""A man page may make only the roff requests on the allowed list; the rest never reach groff.

groff 1.23's requests are named here even where only groff 1.22 is installed: the check is on the
text handed to the renderer, so a request this machine's groff does not know is refused all the same.
"""

from __future__ import annotations

import pytest

from ragstress.corpora import roff_render
from ragstress.corpora.roff_requests import ALLOWED, allowed_source

# Requests that read or write a file or run a command, groff 1.22 and 1.23 (soquiet, msoquiet are 1.23's).
FILE_REQUESTS = [
    *("so", "soquiet", "mso", "msoquiet", "cf", "trf", "nx", "rd", "pso", "sy", "pi"),
    *("open", "opena", "close", "write", "writec", "writem", "hpf", "hpfa", "psbb"),
]
# Requests that would hide later lines from a line check, or build or rename a request.
RELEXING = ["cc", "c2", "ec", "eo", "ecs", "ecr", "cp", "rn", "dei", "dei1", "di", "da", "box", "boxa", "pm", "ab"]

FORMS = [
    ".{r} /etc/passwd",
    "'{r} /etc/passwd",
    ".   {r} /etc/passwd",
    ".do {r} /etc/passwd",
    ".if n .{r} /etc/passwd",
    ".if !n '{r} /etc/passwd",
    ".ie \\n(.g .{r} /etc/passwd",
    ".el .{r} /etc/passwd",
    ".el\\{\\.{r} /etc/passwd",
    ".nop .{r} /etc/passwd",
    ".if '\\*(.T'utf8' .{r} /etc/passwd",
    ".if d Foo .{r} /etc/passwd",
    ".while \\n(xx<3 .{r} /etc/passwd",
    ".als inc {r}",
]


@pytest.mark.parametrize("request_name", FILE_REQUESTS)
@pytest.mark.parametrize("form", FORMS)
def test_a_file_or_command_request_never_stays(request_name, form):
    line = form.replace("{r}", request_name)
    kept, removed = allowed_source(f".TH X 1\n{line}\nText stays.\n")
    assert line not in kept.split("\n")
    assert removed, line
    assert "Text stays." in kept


@pytest.mark.parametrize("request_name", RELEXING)
def test_requests_that_change_how_input_is_read_are_refused(request_name):
    kept, removed = allowed_source(f".{request_name} #\n#so /etc/passwd\n")
    assert removed == [request_name]


@pytest.mark.parametrize(
    "line",
    [
        ".\\*x /etc/passwd",  # a request name built from a string
        ".s\\&o /etc/passwd",
        ".\\n[x] /etc/passwd",
        ".wh 0 so",  # a trap that would call a request
        ".it 1 soquiet",
        ".em sy",
    ],
)
def test_a_name_built_or_called_indirectly_is_refused(line):
    kept, removed = allowed_source(f".ds x so\n{line}\n")
    assert line not in kept.split("\n") and removed


def test_a_definition_that_may_never_run_does_not_allow_a_request_shaped_name():
    source = ".if 0 \\{\\\n.de soquiet\n..\n.\\}\n.de soquiet\n..\n.soquiet /etc/passwd\n"
    kept, removed = allowed_source(source)
    assert ".soquiet /etc/passwd" not in kept
    assert "soquiet" in removed


def test_formatting_macros_comments_and_the_pages_own_macros_stay():
    source = "\n".join(
        [
            '.\\" a comment',
            ".TH FOO 1",
            ".ie \\n(.g .ds Aq \\(aq",
            ".el       .ds Aq '",
            ".de Vb",
            ".ft CW",
            "..",
            ".als MTO URL",
            ".if n \\{\\",
            ".  ad l",
            ".\\}",
            ".SH NAME",
            "foo \\- bars",
            ".Vb 1",
            ".MTO a@b.c",
            ".it 1 an-trap",
            ".br\\}",
            "",
        ]
    )
    kept, removed = allowed_source(source)
    assert kept == source and removed == []


def test_the_allowed_list_holds_no_request_that_reads_or_runs():
    assert not set(FILE_REQUESTS + RELEXING) & ALLOWED


def test_the_renderer_receives_the_page_without_a_refused_request(monkeypatch):
    handed = []

    def capture(command, data, seconds, max_bytes):
        handed.append(data.decode("utf-8"))
        return b"rendered"

    monkeypatch.setattr(roff_render, "run_contained", capture)
    monkeypatch.setattr(roff_render.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(roff_render, "_man_package", lambda: "an")
    page = ".TH X 1\n.SH NAME\nx \\- y\n.soquiet /etc/passwd\n.msoquiet /etc/passwd\n"
    roff_render.render_roff(page, mdoc=False, packages=(), seconds=5, max_bytes=None)
    assert handed
    for text in handed:
        page_part = text.split(".TH X 1", 1)[1]
        assert "soquiet /etc/passwd" not in page_part and "msoquiet /etc/passwd" not in page_part
    # The renderer's own lockdown names groff 1.23's requests as well.
    lockdown = handed[0].split(".TH X 1", 1)[0]
    assert "soquiet" in lockdown and "msoquiet" in lockdown
