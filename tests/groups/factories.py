"""factory-boy factories for accounts, groups, roster players and group matches.

Call them as ``GroupFactory.create(...)`` (see :mod:`tests.factories` for why)."""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import User
from factory.declarations import PostGeneration, Sequence, SubFactory
from factory.django import DjangoModelFactory, Password

from groups.models import Group, Membership, RosterPlayer
from scoring.models import Match
from tests.factories import MatchFactory, PlayerFactory


class UserFactory(DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = Sequence(lambda n: f"player{n}")
    password = Password("a-long-pass-phrase-9")


def add_members(group: Group, create: bool, users: Iterable[User] | None, **kwargs: Any) -> None:
    """The owner becomes the first member; ``members=[user, ...]`` adds more."""
    if not create:
        return
    Membership.objects.create(group=group, user=group.owner)
    for user in users or []:
        Membership.objects.create(group=group, user=user)


class GroupFactory(DjangoModelFactory[Group]):
    """A group whose owner is its first member; ``members=[user, ...]`` adds more."""

    class Meta:
        model = Group
        skip_postgeneration_save = True

    name = Sequence(lambda n: f"Group {n}")
    owner = SubFactory(UserFactory)
    members = PostGeneration(add_members)


class RosterPlayerFactory(DjangoModelFactory[RosterPlayer]):
    class Meta:
        model = RosterPlayer

    group = SubFactory(GroupFactory)
    name = Sequence(lambda n: f"Regular {n}")


def seat_roster_players(
    match: Match, create: bool, names: Iterable[str] | None, **kwargs: Any
) -> None:
    """Seats ``names`` linked to the group's roster entries of the same names, adding
    the entries that are missing; two players by default."""
    if not create:
        return
    for seat, name in enumerate(names or ["Ann", "Bob"]):
        entry, _ = RosterPlayer.objects.get_or_create(group=match.group, name=name)
        PlayerFactory.create(match=match, seat=seat, name=name, roster_player=entry)


class GroupMatchFactory(MatchFactory):
    """A match in ``group`` whose seats are linked to roster entries of the same
    names (added when missing): ``GroupMatchFactory.create(group=g, players=["Ann", "Bob"])``."""

    group = SubFactory(GroupFactory)
    players = PostGeneration(seat_roster_players)
