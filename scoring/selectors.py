"""Reads of the scoresheet: the scoreboard, a hole's breakdown, a match's summary.

Each selector costs a fixed number of queries whatever the size of the match; the
engine does the arithmetic on what they load.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from scoring.engine import Adjustment, GridScore
from scoring.engine.match import (
    Standing,
    dealer_for_hole,
    first_player_for_hole,
    lowest,
    running_totals,
    standings,
)
from scoring.models import Hole, Match, Player, Score, SeatDraft

T = TypeVar("T")


@dataclass
class Cell:
    """One player's score on one hole of the board."""

    number: int
    score: int
    won: bool
    went_out: bool


@dataclass
class PlayerRow:
    """A row of the board: a player, their hole scores, running totals and standing."""

    player: Player
    cells: list[Cell]
    running: list[int]
    total: int
    place: int = 0
    behind: int = 0
    leading: bool = False
    best_hole: int | None = None
    pairs: int = 0
    times_out: int = 0
    holes_won: int = 0


@dataclass
class Board:
    """Everything the scoreboard shows, computed from two queries."""

    match: Match
    players: list[Player]
    hole_numbers: list[int]  # of the holes saved, in order
    rows: list[PlayerRow]  # in seating order
    standings: list[Standing]
    leaders: list[Player]
    ranked_rows: list[PlayerRow]  # the rows in the order of the standings

    @property
    def holes_played(self) -> int:
        return len(self.hole_numbers)

    @property
    def next_hole(self) -> int:
        return len(self.hole_numbers) + 1

    @property
    def winners(self) -> list[Player]:
        return self.leaders if self.match.is_finished else []

    @property
    def hole_lines(self) -> list[tuple[int, list[Cell]]]:
        """Each hole saved, in order, with its cells in seating order: the score
        card's rows (a hole a row, a player a column)."""
        return [
            (number, [row.cells[i] for row in self.rows])
            for i, number in enumerate(self.hole_numbers)
        ]


def match_players(*, match: Match) -> list[Player]:
    """The players of ``match`` in seating order."""
    return list(Player.objects.filter(match=match).order_by("seat"))


def match_board(*, match: Match, players: list[Player] | None = None) -> Board:
    """The scoreboard of ``match``: two queries (its players, unless given in seating
    order, then every score with its hole's number, read as plain tuples: the board
    needs no model instances)."""
    if players is None:
        players = match_players(match=match)
    count = len(players)
    rows = [PlayerRow(player=p, cells=[], running=[], total=0) for p in players]
    # One query reads a consistent snapshot of every hole; a hole is complete once
    # it has a score per seat (a hole's scores are written in one transaction).
    by_hole: dict[int, list[tuple[int, int, int, bool, int]]] = {}
    scores = (
        Score.objects.filter(hole__match=match)
        .order_by("hole__number", "seat")
        .values_list("hole__number", "seat", "score", "went_out", "matched_columns")
    )
    for entry in scores:
        by_hole.setdefault(entry[0], []).append(entry)
    table: list[list[int]] = []
    numbers: list[int] = []
    for number, hole_scores in by_hole.items():
        if len(hole_scores) != count:
            continue
        # Complete, and in seat order: index i of ``values`` is seat i's score.
        values = [score for _, _, score, _, _ in hole_scores]
        table.append(values)
        numbers.append(number)
        won = lowest(values)
        for _, seat, score, went_out, pairs in hole_scores:
            row = rows[seat]
            row.cells.append(Cell(number, score, seat in won, went_out))
            row.pairs += pairs
            row.times_out += went_out
    for row in rows:
        if row.cells:
            row.best_hole = min([cell.score for cell in row.cells])
            row.holes_won = sum([cell.won for cell in row.cells])
    running = running_totals(table, count)
    ranked = standings([line[-1] if line else 0 for line in running])
    for standing in ranked:
        row = rows[standing.seat]
        row.running = running[standing.seat]
        row.total = standing.total
        row.place = standing.place
        row.behind = standing.behind
        row.leading = bool(table) and standing.place == 1
    leaders = [players[s.seat] for s in ranked if s.place == 1] if table else []
    ranked_rows = [rows[s.seat] for s in ranked]
    return Board(match, players, numbers, rows, ranked, leaders, ranked_rows)


def turn_order(*, match: Match, players: Sequence[T], number: int) -> tuple[T, T]:
    """Who deals hole ``number`` and who plays first, out of ``players`` in seating
    order (Player rows, or just their names)."""
    count = len(players)
    return (
        players[dealer_for_hole(match.first_dealer, number, count)],
        players[first_player_for_hole(match.first_dealer, number, count)],
    )


@dataclass
class HoleSheet:
    """What a hole's row of an export needs beyond the board: the rules it was
    played under and each seat's cards as written (none for a hole of totals)."""

    rules: dict[str, Any]
    grids: dict[int, str]


def hole_sheets(*, match: Match) -> dict[int, HoleSheet]:
    """Every hole of ``match`` by number, with its rules and cards: two queries."""
    sheets = {
        number: HoleSheet(rules, {})
        for number, rules in Hole.objects.filter(match=match).values_list("number", "rules")
    }
    scores = Score.objects.filter(hole__match=match).exclude(grid="")
    for number, seat, grid in scores.values_list("hole__number", "seat", "grid"):
        sheets[number].grids[seat] = grid
    return sheets


@dataclass
class ScoreView:
    """A stored score made readable: the grid drawn as cards with its breakdown."""

    player: Player
    score: Score
    grid: GridScore | None
    hole_adjustments: list[Adjustment]


def hole_detail(*, hole: Hole, players: list[Player]) -> list[ScoreView]:
    """Each player's stored result for ``hole``, in seating order (one query)."""
    by_seat = {p.seat: p for p in players}
    return [
        ScoreView(
            player=by_seat[score.seat],
            score=score,
            grid=GridScore.from_dict(score.breakdown["grid"])
            if score.breakdown.get("grid")
            else None,
            hole_adjustments=_adjustments(score.breakdown.get("hole_adjustments", [])),
        )
        for score in hole.scores.all()
    ]


def _adjustments(items: Iterable[dict[str, Any]]) -> list[Adjustment]:
    return [Adjustment(a["rule"], a["points"], a["reason"]) for a in items]


def seat_drafts(*, match: Match, number: int) -> list[SeatDraft]:
    """The table's draft of hole ``number``: the seats entered so far, in seating
    order."""
    return list(SeatDraft.objects.filter(match=match, number=number).order_by("player_id"))
