"""Shared helpers for the hardening tests: stress, faults, fuzzing."""

import uuid
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from groups import services as group_services
from groups.models import Group
from scoring import services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.views.access import SESSION_KEY
from tests.scoresheet import save_hole  # noqa: F401 (shared with these tests)

ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"

#: For properties of PostgreSQL itself (row locks, isolation between connections).
#: CI runs the suite on both databases, so these run there on every change.
postgres_only = pytest.mark.skipif(
    not ON_POSTGRES, reason="a property of PostgreSQL: run with DATABASE_URL=postgres://..."
)


def session_owning(*matches):
    """A saved session that keeps ``matches`` as this browser's; returns its key."""
    store = SessionStore()
    store[SESSION_KEY] = [m.pk for m in matches]
    store.save()
    return store.session_key


@pytest.fixture
def live_server_settled(live_server):
    """The live server, and after the test a wait until its request threads have
    closed their database connections (they close them just after answering), so
    the test database can be flushed and dropped."""
    yield live_server
    if not ON_POSTGRES:
        return
    import time

    from django.db import connection

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0] == 0:
                return
        time.sleep(0.05)


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
