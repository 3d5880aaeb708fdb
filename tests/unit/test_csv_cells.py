"""Every CSV the tool writes keeps text as text in a spreadsheet, and our readers get the text back."""

from __future__ import annotations

import csv
import io

import pytest

from ragstress.core.csvcells import spreadsheet_safe, spreadsheet_text
from ragstress.reports.judge.labelfile import LabelRow, label_csv, read_labels

FORMULAS = [
    '=HYPERLINK("http://127.0.0.1/x","click")',
    "+1+1",
    "-2+3",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=1+1",
]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_formula_start_becomes_text_and_comes_back(text):
    cell = spreadsheet_safe(text)
    assert cell == "'" + text
    assert spreadsheet_text(cell) == text


@pytest.mark.parametrize("text", ["Paris.", "巴黎。", "'quoted already", "a=b", ""])
def test_plain_text_is_left_alone(text):
    assert spreadsheet_safe(text) == text
    assert spreadsheet_text(text) == text


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def test_label_file_writes_no_live_formula_and_reads_its_labels_back(tmp_path):
    response = '=HYPERLINK("http://127.0.0.1/x","click")'
    rows = [LabelRow("-case", "rag_judge", "noise", "en", "+what?", response, "@asks", ())]
    text = label_csv(rows)
    for line in _cells(text)[1:]:
        assert not any(cell.startswith(("=", "+", "-", "@")) for cell in line), line
    filled = text.replace("'-case,rag_judge,,", "'-case,rag_judge,1,")
    path = tmp_path / "labels.csv"
    path.write_text(filled, encoding="utf-8")
    labels = read_labels(path, known_cases=["-case"], answers={"-case": response})
    assert labels.labels == {("-case", "rag_judge"): 1.0}
    assert labels.n_stale == 0
