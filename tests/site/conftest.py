"""Fixtures for the site-wide tests here: ``site``, a group with a match to aim
hostile input at, and ``save_hole`` (tests/scoresheet.py)."""

import uuid
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client

from groups import services as group_services
from groups.models import Group
from scoring import services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.views.access import SESSION_KEY
from tests.scoresheet import save_hole  # noqa: F401 (a fixture for these tests)


@dataclass
class Site:
    client: Client
    owner: User
    member: User
    group: Group
    match: Match


@pytest.fixture
def site() -> Site:
    owner = User.objects.create_user(username="olive", password="a-long-pass-phrase-9")
    member = User.objects.create_user(username="milo", password="a-long-pass-phrase-9")
    group = group_services.group_create(owner=owner, name="Friday golf")
    invite = group_services.invite_create(group=group, by=owner)
    group_services.invite_accept(token=invite.token, user=member)
    match = services.match_create(
        names=["Ann", "Bob"], first_dealer=0, rules=RuleSet(holes=4), owner=owner
    )
    entry = services.HoleEntry(kind="grids", grids=("8 5 7 / 8 3 9", "K K 2 / Q J 10"))
    services.hole_record(match=match, entry=entry, token=uuid.uuid4(), number=1)
    client = Client()
    client.force_login(owner)
    session = client.session
    session[SESSION_KEY] = [match.pk]
    session.save()
    return Site(client, owner, member, group, match)
