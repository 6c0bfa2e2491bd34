"""CSV cells that a spreadsheet shows but never runs (formula injection)."""

from __future__ import annotations

#: What makes a spreadsheet read a cell as a formula (or a hidden control).
FORMULA_LEADS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A cell a spreadsheet will show, never run: text starting = + - @ (or a tab or
    carriage return) gets a leading apostrophe. Numbers stay numbers."""
    if isinstance(value, str) and value[:1] in FORMULA_LEADS:
        return "'" + value
    return value
