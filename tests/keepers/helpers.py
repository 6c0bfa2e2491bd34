"""Helpers for the hand-over tests: joining a match as a phone does."""

from django.test import Client
from django.urls import reverse

from scoring.models import Match


def join_url(match: Match) -> str:
    return reverse("scoring:match_join", args=[match.join_token])


def join(client: Client, match: Match) -> Client:
    """``client`` opens ``match``'s join link and confirms, as a phone does."""
    assert client.get(join_url(match)).status_code == 200
    response = client.post(join_url(match))
    assert response.status_code == 302
    assert response["Location"] == match.get_absolute_url()
    return client
