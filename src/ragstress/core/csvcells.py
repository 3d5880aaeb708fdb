"""Text cells of the CSV files the tool writes, safe to open in a spreadsheet.

A cell that starts with = + - @, a tab or a carriage return is run as a formula by
spreadsheet programs (CSV injection); corpus text, responses and judge text must stay text.
Such a cell is written with a leading apostrophe, the marker spreadsheets themselves use for
"this is text", and a reader of our own files takes the apostrophe off again. The browser's
label export (src/ragstress/reports/render/templates/label.js) applies the same rule.
"""

from __future__ import annotations

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: str) -> str:
    """`text` as a cell no spreadsheet evaluates: an apostrophe before a formula start."""
    return "'" + text if text.startswith(FORMULA_START) else text


def spreadsheet_text(cell: str) -> str:
    """The text a `spreadsheet_safe` cell was made from (other cells come back unchanged)."""
    if cell.startswith("'") and cell[1:].startswith(FORMULA_START):
        return cell[1:]
    return cell
