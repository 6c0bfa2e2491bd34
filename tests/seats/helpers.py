"""Grids and helpers for the tests of a hole entered phone by phone."""

from scoring import services
from scoring.models import Match, Player, SeatDraft

#: A legal table of four: Ann's grid scores 24, Ben holds two kings, Cat none.
GRIDS = ["8 5 7 / 8 3 9", "K K 2 / Q J 10", "A 4 6 / A 4 6", "2 3 4 / 5 6 7"]
#: Dan's grid with three kings: with Ben's two, a fifth king on a one-deck table.
THREE_KINGS = "K K K / 5 6 7"


def seat(match: Match, n: int) -> Player:
    return match.players.get(seat=n)


def enter(match: Match, n: int, grid: str | None = None, **more) -> SeatDraft:
    """Seat ``n`` enters ``grid`` (its grid of ``GRIDS`` by default) for the next hole."""
    number = match.holes.count() + 1
    text = GRIDS[n] if grid is None else grid
    return services.seat_draft_save(
        match=match, number=number, player=seat(match, n), grid=text, **more
    )


def enter_all(match: Match, **more) -> None:
    for n in range(match.players.count()):
        enter(match, n, **more)


def digest(match: Match, number: int = 1) -> str:
    return services.seat_drafts_digest(SeatDraft.objects.filter(match=match, number=number))
