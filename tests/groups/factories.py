"""factory-boy factories for accounts, groups, roster players and group matches."""

import factory
from django.contrib.auth.models import User
from factory.django import DjangoModelFactory

from groups.models import Group, Membership, RosterPlayer
from tests.factories import MatchFactory, PlayerFactory


class UserFactory(DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password("a-long-pass-phrase-9")


class GroupFactory(DjangoModelFactory):
    """A group whose owner is its first member; ``members=[user, ...]`` adds more."""

    class Meta:
        model = Group
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Group {n}")
    owner = factory.SubFactory(UserFactory)

    @factory.post_generation
    def members(self, create, users, **kwargs):
        if not create:
            return
        Membership.objects.create(group=self, user=self.owner)
        for user in users or []:
            Membership.objects.create(group=self, user=user)


class RosterPlayerFactory(DjangoModelFactory):
    class Meta:
        model = RosterPlayer

    group = factory.SubFactory(GroupFactory)
    name = factory.Sequence(lambda n: f"Regular {n}")


class GroupMatchFactory(MatchFactory):
    """A match in ``group`` whose seats are linked to roster entries of the same
    names (added when missing): ``GroupMatchFactory(group=g, players=["Ann", "Bob"])``."""

    group = factory.SubFactory(GroupFactory)

    @factory.post_generation
    def players(self, create, names, **kwargs):
        if not create:
            return
        for seat, name in enumerate(names or ["Ann", "Bob"]):
            entry, _ = RosterPlayer.objects.get_or_create(group=self.group, name=name)
            PlayerFactory(match=self, seat=seat, name=name, roster_player=entry)
