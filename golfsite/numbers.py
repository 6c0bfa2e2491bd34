"""Numbers as every page writes them: a negative number with a real minus sign
(U+2212, as typeset), never the hyphen, so "−2" reads the same on the rules, the
scoreboard and the group pages. Templates use them as filters after
``{% load golf_numbers %}`` (``scoring/templatetags/golf_numbers.py``)."""

from __future__ import annotations

import re
from typing import Any

MINUS = "\u2212"
_HYPHEN_MINUS = re.compile(r"(?<![\w])-(?=\d)")


def points(value: int | None) -> str:
    """A whole number of points: ``12``, ``−4``; empty for none."""
    if value is None:
        return ""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def minus(value: Any) -> str:
    """``value`` written with real minus signs: an int as :func:`points` writes it,
    and in text every hyphen before a digit that starts a number (the engine's
    sentences: ``"10 + (-2) = 8"`` becomes ``"10 + (−2) = 8"``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return points(value)
    return _HYPHEN_MINUS.sub(MINUS, str(value))
