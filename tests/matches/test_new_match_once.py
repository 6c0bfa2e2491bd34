"""Starting a match happens once per form and within the limits: the new-match
form's one-time token makes a retried or doubled submit start one match, and a
browser or an address that starts a great many in an hour is refused for a while,
told when it can start again, with what it typed kept."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from golfsite.ratelimit import Limit
from scoring.models import Match
from scoring.views import limits
from tests.factories import new_match_form
from tests.groups.factories import UserFactory
from tests.scoresheet import form_data

pytestmark = pytest.mark.django_db

NEW = reverse("scoring:match_new")


@pytest.fixture
def small_limits(monkeypatch):
    """Two matches an hour per session, three per address."""
    monkeypatch.setattr(
        limits, "MATCHES_PER_SESSION", Limit("match-session", 2, timedelta(hours=1))
    )
    monkeypatch.setattr(
        limits, "MATCHES_PER_ADDRESS", Limit("match-address", 3, timedelta(hours=1))
    )


def fresh_form(client):
    """The new-match page's form as a browser would send it, for Ann and Bob."""
    page = client.get(NEW).content.decode()
    return form_data(page, player_1="Ann", player_2="Bob")


def test_the_new_match_form_carries_a_fresh_one_time_token(client):
    tokens = [fresh_form(client)["token"][0] for _ in range(2)]
    assert all(re.fullmatch(r"[0-9a-f-]{36}", token) for token in tokens)
    assert tokens[0] != tokens[1]


def test_the_same_form_sent_twice_starts_one_match_and_the_retry_lands_on_it(client):
    data = fresh_form(client)
    first = client.post(NEW, data)
    match = Match.objects.get()
    assert first["Location"] == reverse("scoring:hole_new", args=[match.pk])
    again = client.post(NEW, data, follow=True)
    assert Match.objects.count() == 1
    assert again.redirect_chain[0][0] == first["Location"]
    assert "That form had already started this match" in again.content.decode()


def test_two_forms_start_two_matches(client):
    client.post(NEW, fresh_form(client))
    client.post(NEW, fresh_form(client))
    assert Match.objects.count() == 2


def test_a_replayed_form_from_another_browser_shows_it_nothing(client):
    """The token leads to the match only where the match may be seen: another
    browser replaying it is sent to a page that does not exist for it."""
    owner = Client()
    owner.force_login(UserFactory.create())
    data = fresh_form(owner)
    owner.post(NEW, data)
    stranger = Client()
    response = stranger.post(NEW, data, follow=True)
    assert response.status_code == 404
    assert Match.objects.count() == 1


def test_a_tampered_token_is_refused_with_a_message(client):
    data = fresh_form(client)
    data["token"] = ["not-a-token"]
    page = client.post(NEW, data).content.decode()
    assert "This form is out of date" in page
    assert not Match.objects.exists()


def test_a_form_without_a_token_still_starts_its_match(client):
    client.post(NEW, new_match_form())
    assert Match.objects.count() == 1


def test_past_the_session_limit_nothing_starts_and_the_page_says_when(client, small_limits):
    for _ in range(2):
        client.post(NEW, fresh_form(client))
    data = fresh_form(client)
    data["player_3"] = ["Cy"]
    response = client.post(NEW, data)
    page = response.content.decode()
    assert response.status_code == 429
    assert Match.objects.count() == 2
    assert "This match was not started" in page
    assert "You can start one again in 60 minutes" in page
    assert 0 < int(response["Retry-After"]) <= 3600
    assert form_data(page)["player_3"] == ["Cy"]  # what was typed is kept


def test_a_retry_of_a_started_form_is_not_refused_by_the_limit(client, small_limits):
    data = fresh_form(client)
    client.post(NEW, data)
    client.post(NEW, fresh_form(client))
    assert client.post(NEW, data).status_code == 302
    assert Match.objects.count() == 2


def test_the_address_limit_holds_across_browsers(small_limits):
    browsers = [Client(REMOTE_ADDR="203.0.113.9") for _ in range(4)]
    codes = [b.post(NEW, fresh_form(b)).status_code for b in browsers]
    assert codes == [302, 302, 302, 429]
    assert Match.objects.count() == 3
    elsewhere = Client(REMOTE_ADDR="198.51.100.4")
    assert elsewhere.post(NEW, fresh_form(elsewhere)).status_code == 302


PASSWORD = "a-long-pass-phrase-9"


def log_in(client, username):
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"]


def start(client):
    return client.post(NEW, fresh_form(client)).status_code


def test_logging_in_does_not_start_the_browsers_count_again(client, small_limits):
    UserFactory.create(username="ann", password=PASSWORD)
    assert [start(client), start(client)] == [302, 302]
    log_in(client, "ann")
    assert start(client) == 429
    assert Match.objects.count() == 2


def test_logging_out_does_not_start_the_browsers_count_again(client, small_limits):
    UserFactory.create(username="ann", password=PASSWORD)
    log_in(client, "ann")
    assert [start(client), start(client)] == [302, 302]
    client.post(reverse("logout"))
    assert "_auth_user_id" not in client.session
    assert start(client) == 429
    assert Match.objects.count() == 2


def test_logging_in_over_another_account_does_not_start_it_again(client, small_limits):
    """Django empties the session when another account logs in over a signed-in one."""
    UserFactory.create(username="ann", password=PASSWORD)
    UserFactory.create(username="bob", password=PASSWORD)
    log_in(client, "ann")
    assert [start(client), start(client)] == [302, 302]
    log_in(client, "bob")
    assert start(client) == 429
    # Another browser is not stopped by this one's count.
    other = Client(REMOTE_ADDR="198.51.100.4")
    assert start(other) == 302


def test_the_window_ends_an_hour_after_the_first_match(client, small_limits, monkeypatch):
    for _ in range(3):
        client.post(NEW, fresh_form(client))
    assert Match.objects.count() == 2
    later = timezone.now() + timedelta(minutes=61)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert client.post(NEW, fresh_form(client)).status_code == 302


def test_the_limits_are_more_than_any_table_needs():
    assert limits.MATCHES_PER_SESSION.attempts == 30
    assert limits.MATCHES_PER_ADDRESS.attempts == 120
    assert limits.MATCHES_PER_SESSION.window == limits.MATCHES_PER_ADDRESS.window
    assert limits.MATCHES_PER_SESSION.window == timedelta(hours=1)
