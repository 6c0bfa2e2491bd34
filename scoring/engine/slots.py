"""A grid's notation read slot by slot, even when it does not parse.

A grid editor shows every slot of the layout with what was typed there, so a
wrong card can be marked in its place. :func:`grid_cells` splits the notation the
way :meth:`Grid.parse` does, without judging any card.
"""

from __future__ import annotations

from .cards import Card, Rank
from .errors import CardError
from .grid import EMPTY_SLOT, Layout, rows_and_gaps, split_rows, with_row_breaks


def grid_cells(text: str, layout: Layout, ranks: tuple[Rank, ...] | None = None) -> list[list[str]]:
    """The typed token of every slot, row by row, ``""`` where nothing was typed.

        Tokens beyond the layout are dropped (the grid's own validation reports them).
        Slashes with nothing between them make no row, as for :meth:`Grid.parse`:
        ``"8 5 7 // 8 3 9"`` fills rows 1 and 2 (and the grid says what is wrong). A
        full grid typed without slashes is read row by row (``with_row_breaks``), and a
    run of cards typed without spaces card by card (``row_tokens``); ``ranks``, the
    deck's, as for :meth:`Grid.parse`.
    """
    text = with_row_breaks(text.strip(), layout, ranks)
    token_rows, _ = rows_and_gaps(split_rows(text), ranks)
    rows: list[list[str]] = []
    for r in range(layout.rows):
        tokens = token_rows[r] if r < len(token_rows) else []
        rows.append([tokens[c] if c < len(tokens) else "" for c in range(layout.columns)])
    return rows


def cells_notation(cells: list[list[str]]) -> str:
    """Notation from slot tokens, ``"?"`` standing in for an empty slot.

    The result parses back with :meth:`Grid.parse` whenever every token is a card.
    """
    return " / ".join(" ".join(token.strip() or EMPTY_SLOT for token in row) for row in cells)


def slot_differences(
    first: str, second: str, layout: Layout, ranks: tuple[Rank, ...] | None = None
) -> list[tuple[int, int, str, str]]:
    """Where two notations of one grid differ, slot by slot, as ``(row, column,
    first's card, second's card)``: each card written as the engine writes it
    (``"8"``, ``"KH"``; ``"10"`` for ``T``), ``""`` for a slot with nothing in it, and
    text that is no card as it was typed. ``"8 5 7 / 8 3 9"`` and ``"8 5 7 / 8 3 T"``
    differ in card 3 of row 2 only."""

    def card(token: str) -> str:
        if not token or token == EMPTY_SLOT:
            return ""
        try:
            return str(Card.parse(token, ranks))
        except CardError:
            return token

    ours, theirs = grid_cells(first, layout, ranks), grid_cells(second, layout, ranks)
    return [
        (r, c, card(a), card(b))
        for r, (row_a, row_b) in enumerate(zip(ours, theirs, strict=True), start=1)
        for c, (a, b) in enumerate(zip(row_a, row_b, strict=True), start=1)
        if card(a) != card(b)
    ]
