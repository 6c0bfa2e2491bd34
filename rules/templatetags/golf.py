"""Template filters for drawing Golf numbers and cards the way people read them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django import template

from scoring.engine import Card, ColumnScore
from scoring.engine.grid import number_word

register = template.Library()

MINUS = "\u2212"
_HYPHEN_MINUS = re.compile(r"(?<![\w])-(?=\d)")


@register.filter
def minus(value: Any) -> str:
    """Write negative numbers with a real minus sign: ``-4`` becomes ``−4``.

    Works on numbers and on the engine's sentences (``"10 + (-2) = 8"``).
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{MINUS}{-value}" if value < 0 else str(value)
    return _HYPHEN_MINUS.sub(MINUS, str(value))


@register.filter
def signed(value: int) -> str:
    """A change in points: ``+10``, ``−5``, ``0``."""
    if value > 0:
        return f"+{value}"
    return minus(value)


@register.filter
def over(cards: Iterable[Card]) -> str:
    """A column for screen readers: ``"8♥ over 8"``."""
    return " over ".join(card.display for card in cards)


@register.filter
def column_label(column: ColumnScore) -> str:
    """``"Column 1: 8 over 8, pair of 8s, 0 points"``."""
    how = "a match" if column.matched else "no match"
    reason = column.reason.rsplit(":", 1)[0] if column.matched else how
    points = minus(column.points)
    unit = "point" if abs(column.points) == 1 else "points"
    return f"Column {column.number}: {over(column.cards)}, {minus(reason)}, {points} {unit}"


@register.filter
def slot_errors(row: Iterable[Any]) -> bool:
    """Whether any slot of an editor row has something wrong to say."""
    return any(slot.messages or slot.problem_numbers for slot in row)


@register.filter
def words(value: int) -> str:
    """Small numbers in words, as the engine writes them: ``3`` is ``"three"``."""
    return number_word(value)
