"""Template filters for drawing Golf numbers and cards the way people read them, and
tags that draw a card and a scored grid (written in Python: the hole form's live
check draws up to eight scored grids on every pause in typing, and the rules pages
dozens of cards; through templates they were most of those pages' time)."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from golfsite.numbers import minus
from scoring.engine import Card, ColumnScore, GridScore, Rank
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
    reason = column.reason.rsplit(":", 1)[0] if column.matched else how
    points = minus(column.points)
    unit = "point" if abs(column.points) == 1 else "points"
    return f"Column {column.number}: {over(column.cards)}, {minus(reason)}, {points} {unit}"


@register.filter
def words(value: int) -> str:
    """Small numbers in words, as the engine writes them: ``3`` is ``"three"``."""
    return number_word(value)


@register.simple_tag(name="card")
def card_html(card: Card) -> SafeString:
    """A card drawn with CSS: its rank, and under it the suit sign (a star for a
    joker), so colour is never the only signal. A card without a suit is the plain
    one-line ``<span class="card">``."""
    joker = card.rank is Rank.JOKER
    label = escape(card.display)
    if card.suit is None and not joker:
        return mark_safe(
            f'<span class="card" aria-label="{label}">{escape(card.rank.value)}</span>'
        )
    classes = "card"
    if card.suit is not None and card.suit.is_red:
        classes += " card--red"
    if joker:
        classes += " card--joker"
    rank = "JK" if joker else escape(card.rank.value)
    pip = "\u2605" if joker else escape(card.suit.symbol if card.suit else "")
    return mark_safe(
        f'<span class="{classes}" aria-label="{label}">'
        f'<span class="card__rank" aria-hidden="true">{rank}</span>'
        f'<span class="card__pip" aria-hidden="true">{pip}</span></span>'
    )


@register.simple_tag(name="scored_grid")
def scored_grid_html(score: GridScore) -> SafeString:
    """A scored grid: its columns as cards with their points, then the breakdown in
    words and the total."""
    parts = ['<div class="scored-grid"><ol class="columns" aria-label="Columns">']
    for column in score.columns:
        matched = " column--matched" if column.matched else ""
        cards = "".join(card_html(card) for card in column.cards)
        parts.append(
            f'<li class="column{matched}" aria-label="{escape(column_label(column))}">'
            f'<span class="column__cards">{cards}</span>'
            f'<span class="column__points" aria-hidden="true">{escape(minus(column.points))}</span>'
        )
        if column.matched:
            parts.append('<span class="column__tag" aria-hidden="true">match</span>')
        parts.append("</li>")
    parts.append('</ol><ul class="breakdown">')
    for column in score.columns:
        parts.append(f"<li>Column {column.number}: {escape(minus(column.reason))}</li>")
    for adjustment in score.adjustments:
        reason = escape(minus(capfirst(adjustment.reason)))
        parts.append(f"<li>{reason}: {escape(signed(adjustment.points))}</li>")
    parts.append(
        f'<li class="breakdown__total">Total: <strong>{escape(minus(score.total))}</strong></li>'
    )
    parts.append("</ul></div>")
    return mark_safe("".join(parts))
