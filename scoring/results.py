"""Each seat's stored results (``models.PLAYER_RESULT_FIELDS``), summed from its
scores. Defined once, for the scoresheet (``services.match_results_refresh``) and the
import (``groups.transfer``), so the two can never disagree on what a player's
total, place or best hole is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from scoring.engine.match import standings


class HoleResult(NamedTuple):
    """What one seat scored on one hole, as stored."""

    score: int
    pairs: int  # matched columns
    went_out: bool
    knock_penalty: bool


def seat_results(
    seats: Sequence[int], holes: Iterable[tuple[int, HoleResult]]
) -> dict[int, dict[str, Any]]:
    """``{seat: {field: value}}`` for every field of ``PLAYER_RESULT_FIELDS``, from
    ``(seat, HoleResult)`` pairs. Places are the engine's standings; before the
    first hole there are none."""
    mine: dict[int, list[HoleResult]] = {seat: [] for seat in seats}
    for seat, result in holes:
        if seat in mine:  # a score of no seat of the match counts for nobody
            mine[seat].append(result)
    ordered = sorted(mine)
    totals = [sum(r.score for r in mine[seat]) for seat in ordered]
    played = any(mine.values())
    places = {ordered[s.seat]: s.place for s in standings(totals)} if played else {}
    results = {}
    for seat, total in zip(ordered, totals, strict=True):
        scores = [r.score for r in mine[seat]]
        results[seat] = {
            "total": total,
            "place": places.get(seat),
            "holes_played": len(scores),
            "best_hole": min(scores, default=None),
            "worst_hole": max(scores, default=None),
            "pairs": sum(r.pairs for r in mine[seat]),
            "times_out": sum(r.went_out for r in mine[seat]),
            "knock_penalties": sum(r.knock_penalty for r in mine[seat]),
        }
    return results
