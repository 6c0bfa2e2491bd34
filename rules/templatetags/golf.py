"""Template filters for writing Golf numbers and cards the way people read them
(``templates/_cards.html`` draws the cards and scored grids with them)."""

from __future__ import annotations

from collections.abc import Iterable

from django import template

from golfsite.numbers import minus
from scoring.engine import Card, ColumnScore
from scoring.engine.grid import number_word

register = template.Library()


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
    if column.how == "lines":
        how = "no match, but cards in a matched row or diagonal"
    reason = column.reason.rsplit(":", 1)[0] if column.matched else how
    points = minus(column.points)
    unit = "point" if abs(column.points) == 1 else "points"
    return f"Column {column.number}: {over(column.cards)}, {minus(reason)}, {points} {unit}"


@register.filter
def words(value: int) -> str:
    """Small numbers in words, as the engine writes them: ``3`` is ``"three"``."""
    return number_word(value)


@register.filter
def tenths(value: float) -> str:
    """Expected points to one decimal, with a real minus sign: ``3.1``, ``−0.4``
    (never ``−0.0``)."""
    text = f"{value:.1f}"
    return minus("0.0" if text == "-0.0" else text)
