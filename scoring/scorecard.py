"""The score card table (a row per player, a column per hole) as HTML.

It is the largest and most often drawn part of the scoreboard: an 8-player,
18-hole match has 144 cells, redrawn after every saved hole and every few seconds
for whoever follows the share link. The template language spent most of the
scoreboard's time on it, so it is built here from plain strings instead; every
name is escaped, every number is an ``int``. The rest of the board stays in
``scoring/templates/scoring/_board.html``.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from scoring.selectors import Board

WON = '<span class="visually-hidden"> (won the hole)</span>'
WENT_OUT = '<span class="out-mark" title="went out" aria-label="went out">•</span>'
#: A hole number no match reaches, swapped for the real one in a reversed URL, so
#: the URL is reversed once per card rather than once per hole.
_HOLE = 987654321


def scorecard(board: Board, *, readonly: bool) -> SafeString:
    """The score card of ``board``; hole numbers link to each hole unless ``readonly``."""
    if readonly:
        heads = [f'<th scope="col" class="num">{n}</th>' for n in board.hole_numbers]
    else:
        url = reverse("scoring:hole_detail", args=[board.match.pk, _HOLE])
        heads = [
            f'<th scope="col" class="num"><a href="{url.replace(str(_HOLE), str(n))}"'
            f' aria-label="Hole {n}">{n}</a></th>'
            for n in board.hole_numbers
        ]
    lead_tag = "won" if board.match.is_finished else "leads"
    rows = []
    for row in board.rows:
        cells = "".join(
            f'<td class="num cell--won">{cell.score}{WON}{WENT_OUT if cell.went_out else ""}</td>'
            if cell.won
            else f'<td class="num">{cell.score}{WENT_OUT if cell.went_out else ""}</td>'
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
            f'{opening}{cells}<td class="num scorecard__total">{int(row.total)}</td>'
            f'<td class="num">{int(row.place)}</td></tr>'
        )
    return mark_safe(  # noqa: S308 - names are escaped above; everything else is ints
        '<table class="scorecard"><thead><tr>'
        '<th scope="col" class="scorecard__name">Player</th>'
        f"{''.join(heads)}"
        '<th scope="col" class="num scorecard__total">Total</th>'
        '<th scope="col" class="num">Place</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
