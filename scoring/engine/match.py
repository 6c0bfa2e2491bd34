"""A match of many holes: who deals, whether a table fits the shoe, hand-counted
totals, running totals and standings.

Pure arithmetic on seats and scores; the scoresheet stores matches, this module
only says what the rules make of them. Seats are 0-based in seating order, and the
deal passes one seat to the left (the next seat) each hole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import validation
from .errors import Problem, seat_label
from .rules import RuleSet
from .scoring import FOUR_OF_A_KIND_POINTS, WOLFPACK_POINTS


def dealer_for_hole(first_dealer: int, hole: int, players: int) -> int:
    """The seat that deals hole ``hole`` (1-based) when ``first_dealer`` dealt hole 1."""
    return (first_dealer + hole - 1) % players


def first_player_for_hole(first_dealer: int, hole: int, players: int) -> int:
    """The seat that plays first in hole ``hole``: the one left of the dealer."""
    return (dealer_for_hole(first_dealer, hole, players) + 1) % players


def seating_problems(players: int, rules: RuleSet) -> list[Problem]:
    """Why ``players`` cannot sit down to a match under ``rules`` (empty when they can)."""
    return validation.seating_problems(players, rules, what="match", field="players")


def grid_total_bounds(rules: RuleSet) -> tuple[int, int]:
    """The lowest and highest score one grid can make under ``rules`` before the hole
    rules, with room to spare: hand-counted totals outside it are typing mistakes."""
    layout = rules.layout
    values = [rules.rank_values[rank] for rank in rules.ranks_in_play]
    low = min(values) * layout.size + FOUR_OF_A_KIND_POINTS * layout.columns + WOLFPACK_POINTS
    high = max(values) * layout.size
    return min(low, 0), max(high, 0)


def totals_problems(totals: Sequence[object], rules: RuleSet) -> list[Problem]:
    """Everything wrong with hand-counted grid totals: a missing or non-whole number,
    or one no grid can score under ``rules``. Each problem names its seat."""
    low, high = grid_total_bounds(rules)
    problems: list[Problem] = []
    for seat, total in enumerate(totals):
        if total is None or total == "":
            problems.append(Problem(f"{seat_label(seat)}: enter a total", player=seat))
        elif isinstance(total, bool) or not isinstance(total, int):
            problems.append(
                Problem(
                    f"{seat_label(seat)}: a total is a whole number, like 12 or -4", player=seat
                )
            )
        elif not low <= total <= high:
            problems.append(
                Problem(
                    f"{seat_label(seat)}: {total} is out of reach; a grid scores from "
                    f"{low} to {high} under these rules",
                    player=seat,
                )
            )
    return problems


def running_totals(holes: Sequence[Sequence[int]], players: int) -> list[list[int]]:
    """Each player's cumulative total after each hole: ``result[seat][hole_index]``.

    ``holes`` lists each hole's scores in seating order.
    """
    result: list[list[int]] = [[] for _ in range(players)]
    for scores in holes:
        for seat in range(players):
            before = result[seat][-1] if result[seat] else 0
            result[seat].append(before + scores[seat])
    return result


def lowest(scores: Sequence[int]) -> tuple[int, ...]:
    """Seats with the lowest score (ties share); empty for no scores."""
    if not scores:
        return ()
    low = min(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == low)


class Standing(NamedTuple):
    """A seat's place in the match: 1 is leading; tied seats share a place."""

    seat: int
    place: int
    total: int
    behind: int


def standings(totals: Sequence[int]) -> list[Standing]:
    """Seats ordered by total, lowest first, with shared places on ties (1, 1, 3)
    and how many points each is behind the leader."""
    order = sorted(range(len(totals)), key=lambda seat: (totals[seat], seat))
    result: list[Standing] = []
    best = totals[order[0]] if order else 0
    for index, seat in enumerate(order):
        if index and totals[seat] == totals[order[index - 1]]:
            place = result[-1].place
        else:
            place = index + 1
        result.append(Standing(seat, place, totals[seat], totals[seat] - best))
    return result
