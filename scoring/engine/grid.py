"""A player's grid of cards and its notation.

A grid is written row by row, top row first, rows separated by ``/`` (or new lines),
cards by spaces or commas: ``"8 5 7 / 8 3 9"``. A row typed without spaces is read
card by card where that reads one way only (``"857/839"``). Columns are read top to
bottom.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import Card, Rank, split_run
from .errors import CardError, GridError, Problem


class Layout(NamedTuple):
    """The shape of a grid: how many rows, and how many cards in each row."""

    rows: int
    columns: int

    @property
    def size(self) -> int:
        """Cards in a full grid."""
        return self.rows * self.columns

    def __str__(self) -> str:
        return f"{self.rows} x {self.columns}"


#: What separates rows: a "/" or a new line, with any spaces around it.
ROW_BREAK = re.compile(r"\s*(?:/|\n)\s*")


def split_rows(text: str) -> list[str]:
    """The text of each row, top row first (cards not split yet)."""
    return ROW_BREAK.split(text)


_NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


#: What a grid editor writes for a slot not filled yet (``grid_cells`` and the
#: keypad): read as a place still to fill, not as a card.
EMPTY_SLOT = "?"


def empty_slots_message(places: list[tuple[int, int]]) -> str:
    """What is said of slots not filled yet, given as (row, column):
    ``"card 3 of row 1 and cards 1, 2 and 3 of row 2 are still empty"``."""
    return f"{_slots_phrase(places)} {'is' if len(places) == 1 else 'are'} still empty"


def _slots_phrase(places: list[tuple[int, int]]) -> str:
    """``"card 3 of row 1 and cards 1, 2 and 3 of row 2"``."""
    by_row: dict[int, list[int]] = {}
    for r, c in places:
        by_row.setdefault(r, []).append(c)
    parts = [
        f"card {cs[0]} of row {r}" if len(cs) == 1 else f"cards {_and(map(str, cs))} of row {r}"
        for r, cs in by_row.items()
    ]
    return _and(parts)


def row_tokens(row_text: str, ranks: tuple[Rank, ...] | None = None) -> list[str]:
    """The cards of a row as typed, split at spaces and commas, a run typed without
    spaces split into its cards where it reads only one way (``"K5J"``; see
    :func:`split_run`)."""
    return [
        piece for token in row_text.replace(",", " ").split() for piece in split_run(token, ranks)
    ]


def with_row_breaks(text: str, layout: Layout | None, ranks: tuple[Rank, ...] | None = None) -> str:
    """A grid typed as one run of cards, exactly as many as ``layout`` holds
    (``"8 5 7 8 3 9"`` for two rows of three), with its rows marked, top row first
    (``"8 5 7 / 8 3 9"``): on a phone the slash is a keyboard screen away. Any other
    text comes back as it was."""
    if layout is None or layout.rows < 2 or "/" in text or "\n" in text:
        return text
    tokens = row_tokens(text, ranks)
    if len(tokens) != layout.rows * layout.columns:
        return text
    width = layout.columns
    return " / ".join(" ".join(tokens[i : i + width]) for i in range(0, len(tokens), width))


def rows_and_gaps(
    row_texts: list[str], ranks: tuple[Rank, ...] | None = None
) -> tuple[list[list[str]], list[int]]:
    """Each row's tokens, and the gaps: rows of no cards that are only slashes with
    nothing between them ("8 5 7 // 8 3 9"), each given as the number of rows of
    cards before it. A gap is not a row, so the rows keep the numbers they are seen
    with. One row of no cards after the last card is a row begun ("8 5 7 /"); a
    grid with no card at all keeps its empty rows, for its shape to be judged."""
    token_rows = [row_tokens(row_text, ranks) for row_text in row_texts]
    filled = [i for i, tokens in enumerate(token_rows) if tokens]
    if not filled:
        return token_rows, []
    begun = filled[-1] + 1
    rows: list[list[str]] = []
    gaps: list[int] = []
    for i, tokens in enumerate(token_rows):
        if tokens or i == begun:
            rows.append(tokens)
        else:
            gaps.append(sum(1 for row in rows if row))
    return rows, gaps


def _gap_problems(gaps: list[int]) -> list[Problem]:
    """One problem for a slash with no card before it, and one for every pair of
    slashes with no card between them, naming the rows they come after."""
    problems: list[Problem] = []
    if 0 in gaps:
        problems.append(
            Problem("there is no card before the first slash; start with the cards of row 1")
        )
    after = sorted({n for n in gaps if n})
    if after:
        rows = f"row {after[0]}" if len(after) == 1 else f"rows {_and(map(str, after))}"
        problems.append(
            Problem(
                f"there is no card between the slashes after {rows}; one slash separates two rows"
            )
        )
    return problems


def _and(items: Iterable[str]) -> str:
    words = list(items)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def number_word(n: int) -> str:
    """``number_word(3)`` is ``"three"``; numbers above ten stay digits."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def count_words(n: int, noun: str, plural: str | None = None) -> str:
    """``count_words(3, "card")`` is ``"three cards"``; used in messages."""
    return f"{number_word(n)} {noun if n == 1 else (plural or noun + 's')}"


@dataclass(frozen=True, slots=True)
class Grid:
    """A rectangular arrangement of cards, stored row by row."""

    rows: tuple[tuple[Card, ...], ...]
    #: The cards of each column, top to bottom, left column first.
    columns: tuple[tuple[Card, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0]:
            raise GridError("the grid is empty")
        width = len(self.rows[0])
        if any(len(row) != width for row in self.rows):
            raise GridError("every row of a grid needs the same number of cards")
        object.__setattr__(self, "columns", tuple(zip(*self.rows, strict=True)))

    @classmethod
    def parse(
        cls, text: str, layout: Layout | None = None, ranks: tuple[Rank, ...] | None = None
    ) -> Grid:
        """Read a grid from notation, checking its shape against ``layout`` if given.

        Every problem is reported at once, each with its place, in one
        :class:`GridError`: slashes with nothing between them, unreadable cards
        (``"card 3 of row 2: 'B' is not a rank"``), slots still empty and the shape.
        ``ranks``, the ranks of the deck in play, words those errors (see
        :meth:`Card.parse`).
        """
        text = with_row_breaks(text.strip(), layout, ranks)
        if not text:
            raise GridError("the grid is empty: enter its cards row by row, like '8 5 7 / 8 3 9'")
        token_rows, gaps = rows_and_gaps(split_rows(text), ranks)
        if layout is not None and len(token_rows) == layout.rows + 1 and not token_rows[-1]:
            # A slash after the last row ("8 5 7 / 8 3 9 /") begins no row: the
            # layout has no room for one.
            token_rows.pop()
        # What is wrong with the whole grid comes first: its slashes, then its
        # number of rows (a row too many is a mistake of its own, whatever its cards).
        problems = _gap_problems(gaps)
        if layout is not None:
            problems += _row_count_problems(len(token_rows), layout)
        rows: list[tuple[Card, ...]] = []
        empty: list[tuple[int, int]] = []
        #: Each row's places, empty ones too: the grid's shape as typed.
        lengths: list[int] = []
        #: Places of the cards that could not be read, by what is wrong with them:
        #: the same mistake made three times ("1" for an ace) is said once.
        unread: dict[str, list[tuple[int, int]]] = {}
        for r, tokens in enumerate(token_rows, start=1):
            lengths.append(len(tokens))
            row: list[Card] = []
            for c, token in enumerate(tokens, start=1):
                if token == EMPTY_SLOT:
                    if layout is None or (r <= layout.rows and c <= layout.columns):
                        empty.append((r, c))
                    continue
                try:
                    row.append(Card.parse(token, ranks))
                except CardError as exc:
                    unread.setdefault(str(exc), []).append((r, c))
            rows.append(tuple(row))
        for wrong, places in unread.items():
            # One card has its row and column, as an empty slot has.
            (r, c), *more = places
            problems.append(
                Problem(
                    f"{_slots_phrase(places)}: {wrong}",
                    row=None if more else r,
                    column=None if more else c,
                    places=tuple((None, r, c) for r, c in places),
                )
            )
        if empty:
            # One problem for every slot still empty, each marked: a grid tapped in
            # half way is one thing to finish, not a list of unknown ranks. One slot
            # has its row and column too, as an unreadable card has.
            only = empty[0] if len(empty) == 1 else (None, None)
            problems.append(
                Problem(
                    empty_slots_message(empty),
                    row=only[0],
                    column=only[1],
                    places=tuple((None, r, c) for r, c in empty),
                )
            )
        # The rows' widths are judged from the places as typed: an empty slot or an
        # unreadable card is still a place.
        if layout is None:
            problems += _shape_problems(lengths, layout)
        else:
            problems += _row_width_problems(lengths, layout)
        if problems:
            raise GridError("; ".join(p.message for p in problems), problems)
        return cls(tuple(rows))

    @classmethod
    def from_columns(cls, columns: list[list[Card]] | tuple[tuple[Card, ...], ...]) -> Grid:
        """Build a grid from its columns, each listed top to bottom."""
        return cls(tuple(zip(*columns, strict=True)))

    @property
    def layout(self) -> Layout:
        """This grid's shape."""
        return Layout(len(self.rows), len(self.rows[0]))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card, row by row."""
        return tuple(card for row in self.rows for card in row)

    def notation(self) -> str:
        """The grid in notation: ``"8 5 7 / 8 3 9"``; ``Grid.parse`` reads it back."""
        return " / ".join(" ".join(str(card) for card in row) for row in self.rows)

    def __str__(self) -> str:
        return self.notation()


def _shape_problems(row_lengths: list[int], layout: Layout | None) -> list[Problem]:
    if layout is None:
        if len(set(row_lengths)) > 1:
            first = row_lengths[0]
            return [
                Problem(
                    f"row {r} has {count_words(n, 'card')} but row 1 has {first}; "
                    "every row needs the same number",
                    row=r,
                )
                for r, n in enumerate(row_lengths, start=1)
                if n != first
            ]
        return []
    return _row_count_problems(len(row_lengths), layout) + _row_width_problems(row_lengths, layout)


def _row_count_problems(rows: int, layout: Layout) -> list[Problem]:
    if rows == layout.rows:
        return []
    # Rows missing: their first place, as a short row gives its first missing card,
    # so a grid editor can draw them as slots still to fill and say so once.
    missing = rows < layout.rows
    return [
        Problem(
            f"this layout has {count_words(layout.rows, 'row')} of "
            f"{number_word(layout.columns)} cards, but the grid has {count_words(rows, 'row')}",
            row=rows + 1 if missing else None,
            column=1 if missing else None,
        )
    ]


def _row_width_problems(row_lengths: list[int], layout: Layout) -> list[Problem]:
    problems: list[Problem] = []
    width = number_word(layout.columns)
    for r, n in enumerate(row_lengths[: layout.rows], start=1):
        if n < layout.columns:
            problems.append(
                Problem(
                    f"row {r} has {count_words(n, 'card')}; it needs {width}",
                    row=r,
                    column=n + 1,
                )
            )
        elif n > layout.columns:
            problems.append(
                Problem(
                    f"row {r} has {count_words(n, 'card')}; it holds only {width}",
                    row=r,
                    column=layout.columns + 1,
                )
            )
    return problems
