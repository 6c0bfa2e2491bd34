"""Who keeps a match (``scoring/views/access.py``): the browser that started it,
through its session, which Django stores in the database (so it survives a
restart and every worker sees it); another browser can neither see nor change it."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.models import Match
from tests.factories import new_match_form
from tests.scoresheet import hole_data, own

pytestmark = pytest.mark.django_db


def started(client):
    """Start a match in ``client``'s browser; the match and its session's key."""
    response = client.post("/matches/new/", new_match_form())
    assert response.status_code == 302
    return Match.objects.get(), client.cookies[settings.SESSION_COOKIE_NAME].value


def test_a_browser_keeps_the_match_it_started_and_another_browser_does_not(client):
    match, key = started(client)
    assert Session.objects.filter(session_key=key).exists()
    assert client.get(match.get_absolute_url()).status_code == 200
    assert client.get(match.get_absolute_url()).status_code == 200  # and keeps it
    assert Client().get(match.get_absolute_url()).status_code == 404


def test_an_expired_session_keeps_nothing(client):
    match, key = started(client)
    Session.objects.filter(session_key=key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    assert client.get(match.get_absolute_url()).status_code == 404


def test_a_made_up_or_tampered_session_keeps_nothing(client):
    match, key = started(client)
    stranger = Client()
    stranger.cookies[settings.SESSION_COOKIE_NAME] = "x" * 32
    assert stranger.get(match.get_absolute_url()).status_code == 404
    Session.objects.filter(session_key=key).update(session_data="not signed")
    assert client.get(match.get_absolute_url()).status_code == 404


def test_another_browser_cannot_see_or_change_an_anonymous_match(client, three, save_hole):
    save_hole(three, totals=[1, 2, 3])
    own(client)  # a different session: it keeps no match
    pk = three.pk
    for url in [
        reverse("scoring:match_detail", args=[pk]),
        reverse("scoring:hole_new", args=[pk]),
        reverse("scoring:hole_detail", args=[pk, 1]),
        reverse("scoring:hole_edit", args=[pk, 1]),
        reverse("scoring:hole_delete", args=[pk, 1]),
        reverse("scoring:match_csv", args=[pk]),
        reverse("scoring:match_print", args=[pk]),
        reverse("scoring:match_end", args=[pk]),
    ]:
        assert client.get(url).status_code == 404, url
    posts = [
        (reverse("scoring:hole_new", args=[pk]), hole_data(2, kind="totals", total_0=1)),
        (reverse("scoring:hole_preview", args=[pk]), hole_data(2)),
        (reverse("scoring:hole_delete", args=[pk, 1]), {}),
        (reverse("scoring:match_rematch", args=[pk]), {}),
        (reverse("scoring:match_end", args=[pk]), {}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 404, url
    assert three.holes.count() == 1
    assert Match.objects.count() == 1
    three.refresh_from_db()
    assert not three.is_finished
