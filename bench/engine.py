"""The rules engine's cost: a parsed grid scored, a grid read from notation and
scored, an 8-player hole checked and scored; and the peer engine's cost on the same
grid when ``GOLF_PEER_DIR`` names a checkout of it (``bench.peer``).

Best of five runs of about 0.2 s each, in microseconds per call. The engine needs no
Django, so this runs in the bench's own process while no server is running.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable
from dataclasses import dataclass

from bench.peer import peer_scorer
from scoring.engine import HouseRule, RuleSet, check_grid, check_table, score_grid, score_hole
from tests.tables import EIGHT_PLAYERS

SIX_CARD = "8 5 7 / 8 3 9"


@dataclass(frozen=True)
class Figure:
    label: str
    micros: float
    #: The most it may cost, in microseconds (None: reported only).
    budget: float | None


@dataclass(frozen=True)
class Peer:
    """The peer's time on our grid and how many times faster ours is, or why it
    was not measured."""

    micros: float | None
    ours_faster: float | None
    note: str


def per_call_us(fn: Callable[[], object], seconds: float = 1.0) -> float:
    """Best of five runs of about ``seconds``/5 each, in microseconds per call."""
    number = 200
    while timeit.timeit(fn, number=number) < seconds / 5:
        number *= 2
    return min(timeit.repeat(fn, number=number, repeat=5)) / number * 1e6


def parsed_grid_scorer() -> Callable[[], object]:
    rules = RuleSet()
    grid = check_grid(SIX_CARD, rules)
    return lambda: score_grid(grid, rules)


#: What a player could feel of the engine is a hole's arithmetic inside a save, whose
#: budget is 100 ms: checking and scoring a whole 8-player table is held to 1 ms.
#: The single-grid figures are reported for comparison only (the engine reads each
#: rule the plain way, not the fastest: ARCHITECTURE.md).
HOLE_BUDGET_US = 1000


def engine_figures() -> list[Figure]:
    rules = RuleSet()
    hole_rules = RuleSet(house_rules=frozenset({HouseRule.KNOCK_PENALTY, HouseRule.UNDERDOG_BONUS}))
    went_out = [True] + [False] * 7
    return [
        Figure("score a parsed six-card grid", per_call_us(parsed_grid_scorer()), None),
        Figure(
            "read, check and score a grid from notation",
            per_call_us(lambda: score_grid(check_grid(SIX_CARD, rules), rules)),
            None,
        ),
        Figure(
            "check and score an 8-player hole",
            per_call_us(
                lambda: score_hole(
                    check_table(list(EIGHT_PLAYERS), hole_rules, went_out), hole_rules, 0
                )
            ),
            HOLE_BUDGET_US,
        ),
    ]


def peer_figure(*, ours: float) -> Peer:
    """The peer engine's time on the same parsed grid, measured now beside ours (its
    code is never in this repository: ``GOLF_PEER_DIR``)."""
    scorer, what = peer_scorer(notation=SIX_CARD)
    if scorer is None:
        return Peer(None, None, what)
    theirs = per_call_us(scorer)
    ours = min(ours, per_call_us(parsed_grid_scorer()))  # measured again, beside it
    return Peer(theirs, theirs / ours, what)
