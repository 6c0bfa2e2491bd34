"""Errors and problems, worded for players.

Parsing raises an exception; validation returns every :class:`Problem` at once so a
form can mark each card that is wrong. Every message says what is wrong in words a
player understands and, where it can, where.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a grid, a table or a rule set.

    ``player`` is the 0-based seat in a table, ``row`` and ``column`` are 1-based
    positions in a grid, and ``field`` names the rule-set key for a rules problem.
    Any of them may be ``None``. ``places`` lists every card a problem is about
    (``(player, row, column)``), so a form can mark all of them.
    """

    message: str
    player: int | None = None
    row: int | None = None
    column: int | None = None
    field: str | None = None
    places: tuple[tuple[int | None, int, int], ...] = ()

    def __str__(self) -> str:
        return self.message

    def at_seat(self, player: int) -> Problem:
        """The same problem in a table: tagged with the seat and said of "player N"
        (a problem already tagged with a seat is returned as it is)."""
        if self.player is not None:
            return self
        places = tuple((player, r, c) for _, r, c in self.places)
        if not places and self.row is not None and self.column is not None:
            places = ((player, self.row, self.column),)
        return Problem(
            f"player {player + 1}, {self.message}",
            player=player,
            row=self.row,
            column=self.column,
            field=self.field,
            places=places,
        )


class GolfError(ValueError):
    """Base class of every error the engine raises."""

    def __init__(self, message: str, problems: Iterable[Problem] | None = None) -> None:
        super().__init__(message)
        self.problems: tuple[Problem, ...] = (
            tuple(problems) if problems is not None else (Problem(message),)
        )


class CardError(GolfError):
    """A card's notation cannot be read (``"'B' is not a rank"``)."""


class GridError(GolfError):
    """A grid's notation cannot be read, or its shape does not fit the layout."""


class RulesError(GolfError):
    """A rule set names an unknown option or an impossible combination."""


class TableError(GolfError):
    """A grid or a whole table is impossible under the rule set."""

    @classmethod
    def from_problems(cls, problems: Iterable[Problem]) -> TableError:
        """Wrap a non-empty list of problems in one exception."""
        found = tuple(problems)
        return cls("; ".join(p.message for p in found), found)
