"""factory-boy factories for the scoresheet's models."""

import uuid

import factory
from factory.django import DjangoModelFactory

from scoring.engine import RuleSet
from scoring.models import Hole, Match, Player


class MatchFactory(DjangoModelFactory):
    """A match under classic six-card rules; pass ``rules=RuleSet(...).to_dict()`` to vary."""

    class Meta:
        model = Match
        skip_postgeneration_save = True

    rules = factory.LazyFunction(lambda: RuleSet().to_dict())
    holes_planned = factory.LazyAttribute(lambda m: m.rules["holes"])
    first_dealer = 0

    @factory.post_generation
    def players(self, create, names, **kwargs):
        """``MatchFactory(players=["Ann", "Bob"])`` seats them; two players by default."""
        if not create:
            return
        for seat, name in enumerate(names or ["Ann", "Bob"]):
            PlayerFactory(match=self, seat=seat, name=name)


class PlayerFactory(DjangoModelFactory):
    class Meta:
        model = Player

    match = factory.SubFactory(MatchFactory)
    seat = factory.Sequence(lambda n: n)
    name = factory.Sequence(lambda n: f"Player {n}")


class HoleFactory(DjangoModelFactory):
    """A bare hole row; use ``scoring.services.hole_record`` for a scored one."""

    class Meta:
        model = Hole

    match = factory.SubFactory(MatchFactory)
    number = factory.Sequence(lambda n: n + 1)
    rules = factory.LazyAttribute(lambda h: h.match.rules)
    token = factory.LazyFunction(uuid.uuid4)


def new_match_form(**changes):
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


#: One hole of an 8-player table, a grid a seat.
EIGHT_PLAYERS = (
    "8 5 7 / 8 3 9",
    "KS 5H JC / KD 5C 2H",
    "A 2 3 / 4 5 6",
    "7 8 9 / 10 J Q",
    "K A 2 / 3 4 5",
    "6 7 8 / 9 10 J",
    "Q K A / 2 3 4",
    "5 6 7 / 8 9 10",
)


def eight_player_match(*, played, holes=18):
    """An 8-player match of ``holes`` holes with the first ``played`` saved through the
    scoresheet's service, each from :data:`EIGHT_PLAYERS`: the largest scoreboard a
    phone shows."""
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
