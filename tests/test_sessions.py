"""The site's session store (golfsite.sessions): Django's database sessions,
read with one plain statement."""

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from golfsite.sessions import SessionStore
from scoring.models import Match
from scoring.views import SESSION_KEY
from tests.factories import new_match_form

pytestmark = pytest.mark.django_db


def saved(**data):
    session = SessionStore()
    session.update(data)
    session.save()
    return session.session_key


def test_a_saved_session_reads_back_in_one_query():
    key = saved(matches=[3, 5], name="Ann")
    with CaptureQueriesContext(connection) as queries:
        session = SessionStore(session_key=key)
        assert session["matches"] == [3, 5]
        assert session["name"] == "Ann"
    assert len(queries) == 1
    assert session.session_key == key


def test_an_expired_session_reads_as_empty_and_gets_a_new_key_when_saved():
    key = saved(matches=[3])
    Session.objects.filter(session_key=key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    session = SessionStore(session_key=key)
    assert session.get("matches") is None
    session["matches"] = [7]
    session.save()
    assert session.session_key != key


def test_an_unknown_or_tampered_session_reads_as_empty():
    assert dict(SessionStore(session_key="x" * 32).items()) == {}
    key = saved(matches=[3])
    Session.objects.filter(session_key=key).update(session_data="not signed")
    assert dict(SessionStore(session_key=key).items()) == {}


def test_the_site_uses_it(client, settings):
    assert settings.SESSION_ENGINE == "golfsite.sessions"
    response = client.post("/matches/new/", new_match_form())
    # The browser that started the match keeps it, through its session; another
    # browser does not.
    match = Match.objects.get()
    assert client.session[SESSION_KEY] == [match.pk]
    assert client.get(response.url).status_code == 200
    assert Client().get(match.get_absolute_url()).status_code == 404
