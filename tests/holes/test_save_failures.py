"""Retries and database failures in the middle of a save, through the pages.

A phone on a bad connection re-sends the same form; a database can fail half-way
through a save. Either way the match must stay exactly as it was (or hold the hole
once), and the player must be told in words what happened, never shown a 500.
"""

from __future__ import annotations

import uuid

import pytest
from django.db import OperationalError, connection
from django.urls import reverse

from scoring.engine import RuleSet
from scoring.models import Hole, Match, Score
from scoring.views.holes import NOT_CORRECTED, NOT_SAVED
from tests.factories import MatchFactory
from tests.scoresheet import session_owning

pytestmark = pytest.mark.django_db

GRIDS = {"grid_0": "8 5 7 / 8 3 9", "grid_1": "K K 2 / Q J 10"}


@pytest.fixture
def match(client):
    match = MatchFactory.create(players=["Ann", "Bob"], rules=RuleSet(holes=1).to_dict())
    client.cookies["sessionid"] = session_owning(match)
    return match


def form(number=1, token=None, **fields):
    data = {"number": number, "token": str(token or uuid.uuid4()), "kind": "grids"}
    data["went_out"] = ""
    return {**data, **GRIDS, **fields}


def snapshot(match):
    """Everything a save could change, to compare before and after."""
    fresh = Match.objects.get(pk=match.pk)
    return (
        fresh.finished_at,
        fresh.updated_at,
        list(Hole.objects.filter(match=match).values_list("number", "kind", "revision", "token")),
        list(
            Score.objects.filter(hole__match=match)
            .order_by("hole__number", "seat")
            .values_list("seat", "grid", "grid_score", "score")
        ),
    )


class FailOn:
    """A database that fails on the statement touching ``table`` with ``verb``."""

    def __init__(self, verb: str, table: str) -> None:
        self.verb, self.table = verb, table
        self.failed = 0

    def __call__(self, execute, sql, params, many, context):
        if sql.lstrip().upper().startswith(self.verb) and self.table in sql:
            self.failed += 1
            raise OperationalError("could not write: no space left on device")
        return execute(sql, params, many, context)


def test_the_same_hole_form_sent_twice_stores_one_hole(client, match):
    url = reverse("scoring:hole_new", args=[match.pk])
    data = form()
    first = client.post(url, data)
    assert first.status_code == 302
    again = client.post(url, data)
    assert again.status_code == 302
    assert again["Location"] == first["Location"]
    hole = Hole.objects.get(match=match)
    assert str(hole.token) == data["token"]
    assert list(hole.scores.order_by("seat").values_list("grid", "score")) == [
        ("8 5 7 / 8 3 9", 24),
        ("K K 2 / Q J 10", 28),
    ]


def test_a_retry_carrying_other_cards_does_not_change_the_saved_hole(client, match):
    """The token names the save: a retry is answered with the hole it saved, even if
    the cards in the resent body differ (a tampered or garbled retry)."""
    url = reverse("scoring:hole_new", args=[match.pk])
    token = uuid.uuid4()
    client.post(url, form(token=token))
    before = snapshot(match)
    client.post(url, form(token=token, grid_0="A A A / A A A"))
    assert snapshot(match) == before


def test_a_database_failure_mid_save_changes_nothing_and_says_so(client, match):
    url = reverse("scoring:hole_new", args=[match.pk])
    before = snapshot(match)
    data = form()
    fault = FailOn("INSERT", "scoring_score")
    with connection.execute_wrapper(fault):
        response = client.post(url, data)
    assert fault.failed == 1, "the fault was never reached: the test proved nothing"
    assert response.status_code == 200
    page = response.content.decode()
    assert NOT_SAVED in page
    assert 'value="8 5 7 / 8 3 9"' in page  # what was typed is still there
    assert f'value="{data["token"]}"' in page  # so a retry is the same save
    assert snapshot(match) == before

    # Once the database is back, the same form saves the hole once.
    assert client.post(url, data).status_code == 302
    assert Hole.objects.filter(match=match).count() == 1
    assert Match.objects.get(pk=match.pk).is_finished


def test_a_database_failure_when_finishing_the_match_changes_nothing(client, match):
    """The last step of a save (marking the match finished) fails: the hole and its
    scores, already written in the same transaction, must go too."""
    url = reverse("scoring:hole_new", args=[match.pk])
    before = snapshot(match)
    fault = FailOn("UPDATE", "scoring_match")
    with connection.execute_wrapper(fault):
        response = client.post(url, form())
    assert fault.failed == 1
    assert NOT_SAVED in response.content.decode()
    assert snapshot(match) == before


def test_a_database_failure_mid_correction_leaves_the_hole_as_it_was(client, match):
    client.post(reverse("scoring:hole_new", args=[match.pk]), form())
    before = snapshot(match)
    url = reverse("scoring:hole_edit", args=[match.pk, 1])
    fault = FailOn("INSERT", "scoring_score")
    with connection.execute_wrapper(fault):
        response = client.post(url, form(revision=1, grid_0="A 4 6 / A 4 6"))
    assert fault.failed == 1
    assert response.status_code == 200
    page = response.content.decode()
    assert NOT_CORRECTED in page
    assert 'value="A 4 6 / A 4 6"' in page
    assert snapshot(match) == before
