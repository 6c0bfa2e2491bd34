"""factory-boy factories for the scoresheet's models.

Call them as ``MatchFactory.create(...)``: factory-boy types ``create`` as returning the
model, while a bare ``MatchFactory(...)`` goes through an untyped metaclass ``__call__``
that mypy reads as making a factory instance."""

import uuid
from collections.abc import Iterable
from typing import Any

from factory.declarations import LazyAttribute, LazyFunction, PostGeneration, Sequence, SubFactory
from factory.django import DjangoModelFactory

from scoring.engine import RuleSet
from scoring.models import Hole, Match, Player
from tests.tables import EIGHT_PLAYERS


def seat_players(match: Match, create: bool, names: Iterable[str] | None, **kwargs: Any) -> None:
    """``MatchFactory.create(players=["Ann", "Bob"])`` seats them; two players by default."""
    if not create:
        return
    for seat, name in enumerate(names or ["Ann", "Bob"]):
        PlayerFactory.create(match=match, seat=seat, name=name)


class MatchFactory(DjangoModelFactory[Match]):
    """A match under classic six-card rules; pass ``rules=RuleSet(...).to_dict()`` to vary."""

    class Meta:
        model = Match
        skip_postgeneration_save = True

    rules = LazyFunction(lambda: RuleSet().to_dict())
    holes_planned = LazyAttribute(lambda m: m.rules["holes"])
    first_dealer = 0
    players = PostGeneration(seat_players)


class PlayerFactory(DjangoModelFactory[Player]):
    class Meta:
        model = Player

    match = SubFactory(MatchFactory)
    seat = Sequence(lambda n: n)
    name = Sequence(lambda n: f"Player {n}")


class HoleFactory(DjangoModelFactory[Hole]):
    """A bare hole row; use ``scoring.services.hole_record`` for a scored one."""

    class Meta:
        model = Hole

    match = SubFactory(MatchFactory)
    number = Sequence(lambda n: n + 1)
    rules = LazyAttribute(lambda h: h.match.rules)
    token = LazyFunction(uuid.uuid4)


def new_match_form(**changes: Any) -> dict[str, Any]:
    """The new-match form as a browser posts it for two players under the classic
    rules, with ``changes`` on top."""
    return {
        "player_1": "Ann",
        "player_2": "Bob",
        "first_dealer": "1",
        "variant": "six-card",
        "deck": "standard",
        "flip_on_discard": "standard",
        "end_of_hole": "final-turn",
        "holes": "9",
        **changes,
    }


def eight_player_match(*, played: int, holes: int = 18) -> Match:
    """An 8-player match of ``holes`` holes with the first ``played`` saved through the
    scoresheet's service, each from :data:`tests.tables.EIGHT_PLAYERS`: the largest
    scoreboard a phone shows."""
    from scoring import services

    match = services.match_create(
        names=[f"Player {i}" for i in range(1, 9)], first_dealer=0, rules=RuleSet(holes=holes)
    )
    for number in range(1, played + 1):
        services.hole_record(
            match=match,
            entry=services.HoleEntry(kind="grids", grids=EIGHT_PLAYERS, went_out=0),
            token=uuid.uuid4(),
            number=number,
        )
    return match
