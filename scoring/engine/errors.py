"""Errors and problems, worded for players.

Parsing raises an exception; validation returns every :class:`Problem` at once so a
form can mark each card that is wrong. Every message says what is wrong in words a
player understands and, where it can, where.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a grid, a table or a rule set.

    ``player`` is the 0-based seat in a table, ``row`` and ``column`` are 1-based
    positions in a grid, and ``field`` names the rule-set key for a rules problem.
    Any of them may be ``None``. ``places`` lists every card a problem is about
    (``(player, row, column)``), so a form can mark all of them.

    A problem of one seat says whose it is by starting with :func:`seat_label` and
    ", " or ": " ("player 2, card 3 of row 1: ..."), as nothing here knows the
    players' names; :meth:`worded` says it with a name instead, or without one.

    ``holders`` are the seats a problem of cards across a table is about; its
    message then ends with who holds them (": players 1 and 3 hold them", see
    :func:`holders_phrase`), which :meth:`with_names` says with the players' names.
    """

    message: str
    player: int | None = None
    row: int | None = None
    column: int | None = None
    field: str | None = None
    places: tuple[tuple[int | None, int, int], ...] = ()
    holders: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.message

    @property
    def _unheld(self) -> str:
        """The message without its closing "...: players 1 and 2 hold them"."""
        if not self.holders:
            return self.message
        return self.message.removesuffix(": " + holders_phrase(self.holders))

    def with_names(self, names: Sequence[str | None]) -> str:
        """The message with every seat it names said by ``names[seat]`` (a seat
        without a name, or beyond the list, keeps its "player N")."""

        def name_of(seat: int) -> str | None:
            return names[seat] if 0 <= seat < len(names) else None

        if self.holders:
            return f"{self._unheld}: {holders_phrase(self.holders, name_of)}"
        name = name_of(self.player) if self.player is not None else None
        return self.message if name is None else self.worded(name)

    def worded(self, name: str | None = None) -> str:
        """The message with ``name`` in place of its "player N"; with no name, the
        message without it, for a page that shows it beside that player's own cards
        ("card 3 of row 1: ..."). A message that does not start with its seat's
        "player N" comes back as it is, but for the holders it ends with, said with
        ``name`` or left out."""
        if self.player is None:
            return self.message
        if self.holders == (self.player,):
            if name is None:
                return self._unheld
            return self.with_names([None] * self.player + [name])
        label = seat_label(self.player)
        for joint in (", ", ": "):
            if self.message.startswith(label + joint):
                rest = self.message[len(label) + len(joint) :]
                return rest if name is None else f"{name}{joint}{rest}"
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
            f"{seat_label(player)}, {self.message}",
            player=player,
            row=self.row,
            column=self.column,
            field=self.field,
            places=places,
        )


def seat_label(player: int) -> str:
    """How a message names the 0-based seat ``player`` when it has no names: "player 1"
    for seat 0."""
    return f"player {player + 1}"


def holders_phrase(
    seats: Sequence[int], name_of: Callable[[int], str | None] = lambda seat: None
) -> str:
    """Who holds the cards a problem is about: "players 1, 2 and 3 hold them", or
    with names, "Ann, Ben and Cy hold them" (a seat ``name_of`` has no name for
    keeps its "player N": "Ann and player 2 hold them")."""
    names = [name_of(seat) for seat in seats]
    verb = "holds" if len(seats) == 1 else "hold"
    if all(name is None for name in names) and len(seats) > 1:
        numbers = [str(seat + 1) for seat in seats]
        return f"players {_listed(numbers)} {verb} them"
    said = [
        name if name is not None else seat_label(seat)
        for seat, name in zip(seats, names, strict=True)
    ]
    return f"{_listed(said)} {verb} them"


def _listed(words: Sequence[str]) -> str:
    """``"a, b and c"``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


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
