"""The scoreboard's tables as HTML: the score card (a row per player, a column per
hole), the standings and, once the match is over, the summary.

They are the largest and most often drawn parts of the scoreboard: an 8-player,
18-hole match has 144 cells, redrawn after every saved hole and every few seconds
for whoever follows the share link. The template language spent most of the
scoreboard's time on them, so they are built here from plain strings instead;
every name is escaped, every number is an ``int``. The rest of the board stays in
``scoring/templates/scoring/_board.html``.
"""

from __future__ import annotations

from typing import NamedTuple

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from golfsite.numbers import points
from scoring.selectors import Board

WON = '<span class="visually-hidden"> (won the hole)</span>'
WENT_OUT = '<span class="out-mark" title="went out" aria-label="went out">•</span>'
#: A hole number no match reaches, swapped for the real one in a reversed URL, so
#: the URL is reversed once per card rather than once per hole.
_HOLE = 987654321
_EMPTY = mark_safe("")


class BoardTables(NamedTuple):
    """The tables of one board, each ready to put in the page."""

    #: A row per player in seating order: their total and place, then a column per
    #: hole.
    card: SafeString
    #: The players in order of their totals (empty before the first hole).
    standings: SafeString
    #: Each player's total, best hole, holes won, pairs and times out, in order of
    #: the standings (empty until the match is finished).
    summary: SafeString


def scorecard(board: Board, *, readonly: bool) -> BoardTables:
    """The tables of ``board``; the card's hole numbers link to each hole unless
    ``readonly``."""
    return BoardTables(
        card=_card(board, readonly=readonly),
        standings=_standings(board) if board.hole_numbers else _EMPTY,
        summary=_summary(board) if board.match.is_finished else _EMPTY,
    )


def _card(board: Board, *, readonly: bool) -> SafeString:
    if readonly:
        heads = [f'<th scope="col" class="num">{n}</th>' for n in board.hole_numbers]
    else:
        url = reverse("scoring:hole_detail", args=(board.match.pk, _HOLE))
        heads = [
            f'<th scope="col" class="num"><a href="{url.replace(str(_HOLE), str(n))}"'
            f' aria-label="Hole {n}">{n}</a></th>'
            for n in board.hole_numbers
        ]
    lead_tag = "won" if board.match.is_finished else "leads"
    rows = []
    for row in board.rows:
        cells = "".join(
            f'<td class="num{" cell--won" if cell.won else ""}">{points(cell.score)}'
            f"{WON if cell.won else ''}{WENT_OUT if cell.went_out else ''}</td>"
            for cell in row.cells
        )
        name = escape(row.player.name)
        if row.leading:
            opening = (
                '<tr class="is-leading"><th scope="row" class="scorecard__name">'
                f'{name} <span class="tag tag--lead">{lead_tag}</span></th>'
            )
        else:
            opening = f'<tr><th scope="row" class="scorecard__name">{name}</th>'
        rows.append(
            f'{opening}<td class="num scorecard__total">{points(int(row.total))}</td>{cells}</tr>'
        )
    # The total comes first, by the name, and both stay put while the holes scroll
    # (the page's script opens the card on the latest holes). The places are the
    # standings' own, just below.
    # Before the first hole there is nothing to scroll: a name may take the room.
    blank = "" if board.hole_numbers else " scorecard--blank"
    return mark_safe(  # noqa: S308 - names are escaped above; everything else is ints
        f'<table class="scorecard{blank}"><thead><tr>'
        '<th scope="col" class="scorecard__name">Player</th>'
        '<th scope="col" class="num scorecard__total">Total</th>'
        f"{''.join(heads)}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _standings(board: Board) -> SafeString:
    items = []
    for row in board.ranked_rows:
        # Every row has its "behind" cell, the leader's empty, so the totals line up.
        behind = f"{int(row.behind)} behind" if row.behind else ""
        items.append(
            f'<li><span class="standings__place">{int(row.place)}</span>'
            f' <span class="standings__name">{escape(row.player.name)}</span>'
            f' <span class="standings__total">{points(int(row.total))}</span>'
            f' <span class="help standings__behind">{behind}</span></li>'
        )
    return mark_safe(f'<ol class="standings">{"".join(items)}</ol>')  # noqa: S308 - as above


def _summary(board: Board) -> SafeString:
    rows = []
    for row in board.ranked_rows:
        best = "" if row.best_hole is None else points(int(row.best_hole))
        rows.append(
            f'<tr><th scope="row">{escape(row.player.name)}</th>'
            f'<td class="num">{points(int(row.total))}</td><td class="num">{best}</td>'
            f'<td class="num">{int(row.holes_won)}</td><td class="num">{int(row.pairs)}</td>'
            f'<td class="num">{int(row.times_out)}</td></tr>'
        )
    return mark_safe(  # noqa: S308 - as above
        '<table class="summary"><thead><tr><th scope="col">Player</th>'
        '<th scope="col" class="num">Total</th><th scope="col" class="num">Best hole</th>'
        '<th scope="col" class="num">Holes won</th><th scope="col" class="num">Pairs</th>'
        '<th scope="col" class="num">Out first</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
